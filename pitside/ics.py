"""An iCalendar (RFC 5545) writer for Pitside's calendar feeds: events with a date or a time, text escaped
(section 3.3.11: control characters dropped, line breaks escaped) and lines folded at 75 octets (section 3.1).
Standard library only."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime

PRODID = "-//Pitside//League calendar//EN"
LINE_OCTETS = 75


@dataclass(frozen=True)
class CalendarEvent:
    """One entry of a feed: a deadline (a moment) or a game (a day, or a moment once it has a time).
    `uid` names it for good, so a calendar updates the entry instead of adding another."""

    uid: str
    summary: str
    start: date | datetime
    location: str = ""
    description: str = ""
    url: str = ""
    # The teams it concerns, for a team's and a coach's feed; None: every team of the league (a deadline).
    team_ids: frozenset[int] | None = None


# A TEXT value holds no CONTROL (RFC 5545 3.3.11: %x00-08, %x0A-1F, %x7F; HTAB is allowed) and writes a line break
# as the escape \n. NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR are allowed by the grammar (non-ASCII), but they are
# line breaks to Unicode and to readers that split lines by it (Python's str.splitlines, which the icalendar package
# uses): escaped as \n like CR and LF, the break the user typed is kept and no reader sees a raw one.
LINE_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")
CONTROL = re.compile("[\x00-\x08\x0a-\x1f\x7f]")


def escape(text: str) -> str:
    """TEXT value escaping: backslash, semicolon, comma, line breaks; the other CONTROLs dropped (RFC 5545 3.3.11)."""
    text = text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
    return CONTROL.sub("", LINE_BREAK.sub(r"\\n", text))


def fold(line: str) -> str:
    """A content line folded to lines of at most 75 octets, each continuation starting with a space,
    never splitting a UTF-8 character."""
    out: list[str] = []
    current, size = "", 0
    for char in line:
        width = len(char.encode())
        limit = LINE_OCTETS if not out else LINE_OCTETS - 1  # a continuation's leading space counts
        if size + width > limit:
            out.append(current)
            current, size = "", 0
        current += char
        size += width
    out.append(current)
    return "\r\n ".join(out)


def _moment(value: date | datetime) -> str:
    if isinstance(value, datetime):
        return ":" + value.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    return ";VALUE=DATE:" + value.strftime("%Y%m%d")


def calendar(name: str, events: Iterable[CalendarEvent], stamp: datetime) -> str:
    """The whole feed: a VCALENDAR named `name` with one VEVENT an event."""
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        f"PRODID:{PRODID}",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        f"X-WR-CALNAME:{escape(name)}",
    ]
    dtstamp = _moment(stamp)
    for event in events:
        lines += ["BEGIN:VEVENT", f"UID:{escape(event.uid)}", f"DTSTAMP{dtstamp}", f"DTSTART{_moment(event.start)}"]
        lines.append(f"SUMMARY:{escape(event.summary)}")
        if event.location:
            lines.append(f"LOCATION:{escape(event.location)}")
        if event.description:
            lines.append(f"DESCRIPTION:{escape(event.description)}")
        if event.url:
            lines.append(f"URL:{event.url}")
        lines.append("END:VEVENT")
    lines.append("END:VCALENDAR")
    return "".join(fold(line) + "\r\n" for line in lines)
