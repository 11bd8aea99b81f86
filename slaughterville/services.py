"""Writes of a Slaughterville group: its catalogue, its members joining, and its sessions on the shared result
lifecycle (games.lifecycle): a player logs a session, the other players confirm or dispute it, a commissioner
approves or voids it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any, Literal

from django.db import transaction
from django.db.models import QuerySet
from django.urls import reverse

from engine.slaughterville import catalogue as catalogue_rules
from engine.slaughterville.catalogue import Catalogue
from engine.slaughterville.ruleset import RULESET, Join, SessionCheck
from engine.slaughterville.sessions import Seat, SessionLog
from engine.slaughterville.statistics import SessionFacts, tally
from games.dice import Dice
from games.lifecycle import ResultLifecycle
from games.models import GameEvent
from leagues.models import League
from leagues.services import league_require_commissioner
from pitside.errors import Invalid, NotPermitted
from rosters.models import Team
from rosters.services import team_signing_up, team_signup_require_open
from slaughterville.models import Character, Location, Session, SessionSide, Tally, Villain
from slaughterville.selectors import (
    catalogue_of,
    member_of,
    session_facts,
    session_load,
    session_log,
    sessions_listed,
    sessions_loaded,
)

NOTES_MAX = 2000


def catalogue_import(*, league: League, user: Any, fmt: Literal["yaml", "json"], text: str) -> Catalogue:
    """A commissioner replaces the group's catalogue with a YAML or JSON file (or the text a page sends): all or
    nothing, one error per bad field. Sessions logged before keep the slugs they were logged with."""
    league_require_commissioner(league=league, user=user)
    catalogue = catalogue_rules.parse_catalogue(text, fmt)
    with transaction.atomic():
        Villain.objects.filter(league=league).delete()
        Character.objects.filter(league=league).delete()
        Location.objects.filter(league=league).delete()
        Character.objects.bulk_create(Character(league=league, slug=c.slug, name=c.name) for c in catalogue.characters)
        locations = {
            loc.slug: loc
            for loc in Location.objects.bulk_create(
                Location(league=league, slug=loc.slug, name=loc.name) for loc in catalogue.locations
            )
        }
        Villain.objects.bulk_create(
            Villain(league=league, slug=v.slug, name=v.name, location=locations[v.location] if v.location else None)
            for v in catalogue.villains
        )
    return catalogue


def member_join(*, league: League, coach: Any, name: str) -> Team:
    """A user joins the group under the name he plays by (the shared sign-up: his "team" in the group)."""
    team_signup_require_open(league)
    clean = RULESET.check_team(Join(name, already_member=member_of(league, coach) is not None))
    with team_signing_up(league=league, coach=coach, name=clean, faction="") as team:
        pass  # a member is himself: nothing joins with him
    return team


# --- Sessions ------------------------------------------------------------------------------------------


def session_report(log: SessionLog, played_on: date, notes: str) -> dict[str, Any]:
    """The log as the lifecycle stores it (JSON), every character dealt."""
    return {
        "played_on": played_on.isoformat(),
        "players": [{"member": seat.member, "character": seat.character} for seat in log.seats],
        "villain": log.villain,
        "locations": list(log.locations),
        "first_player": log.first_player,
        "outcome": log.outcome,
        "turns": log.turns,
        "clues": log.clues,
        "defeated": log.defeated,
        "notes": notes,
    }


def _check(league: League, log: SessionLog) -> SessionCheck:
    members = frozenset(Team.objects.filter(league=league).values_list("pk", flat=True))
    return SessionCheck(catalogue_of(league), log, members)


class SessionResults(ResultLifecycle[Session]):
    """A session's log on the shared lifecycle: the engine checks the setup rules; a confirmed session changes
    nothing (the post-game), it only counts in the statistics."""

    noun = "session"

    def games(self) -> QuerySet[Session]:
        return sessions_loaded()

    def games_listed(self) -> QuerySet[Session]:
        return sessions_listed()

    def label(self, game: Session) -> str:
        return f"session {game.pk} ({game.played_on:%d %b %Y})"

    def url(self, game: Session) -> str:
        return reverse("sv-session-detail", args=[game.pk])

    def check_report(self, game: Session, user: Any, report: Mapping[str, Any]) -> dict[str, Any]:
        """The log written on the session, checked by the engine's setup rules."""
        RULESET.check_result(_check(game.league, session_log(game)))
        return dict(report)

    def post_game(self, game: Session, user: Any, dice: Mapping[str, Any] | None) -> None:
        """Nothing changes (the ruleset's post_game) but the statistics: the confirmed session now counts in them."""
        tallies_count(game.league_id, [session_facts(game)])

    def undo_post_game(self, game: Session, user: Any) -> None:
        """The voided session no longer counts in the statistics."""
        tallies_count(game.league_id, [session_facts(game)], taken_back=True)

    def void_undoes(self, game: Session) -> list[str]:
        return ["It no longer counts in the group's statistics."]


RESULTS = SessionResults()


def tallies_count(league_id: int, sessions: Sequence[SessionFacts], *, taken_back: bool = False) -> None:
    """Counts confirmed sessions in the group's tallies (`taken_back`: takes out sessions counted before), in the
    transaction that confirms or voids them; the group's row is locked first, so that sessions confirmed at once are
    counted in turn."""
    counts = {(kind, str(key)): rate for (kind, key), rate in tally(sessions).items()}
    if not counts:
        return
    with transaction.atomic():
        League.objects.select_for_update().filter(pk=league_id).values_list("pk").first()
        sign = -1 if taken_back else 1
        stored = {
            (row.kind, row.key): row
            for row in Tally.objects.filter(
                league_id=league_id, kind__in={kind for kind, _ in counts}, key__in={key for _, key in counts}
            )
            if (row.kind, row.key) in counts
        }
        for at, row in stored.items():
            row.played += sign * counts[at].played
            row.won += sign * counts[at].won
        Tally.objects.bulk_update(stored.values(), ["played", "won"])
        assert not taken_back or len(stored) == len(counts), "a session taken back was counted"
        Tally.objects.bulk_create(
            Tally(league_id=league_id, kind=kind, key=key, played=rate.played, won=rate.won)
            for (kind, key), rate in counts.items()
            if (kind, key) not in stored
        )
        Tally.objects.filter(league_id=league_id, played=0).delete()


def session_log_create(
    *,
    league: League,
    user: Any,
    played_on: date,
    players: Sequence[Mapping[str, Any]],
    villain: str,
    locations: Sequence[str],
    first_player: int,
    outcome: str,
    turns: Any,
    clues: Any,
    defeated: Any,
    notes: str = "",
    idempotency_key: str | None = None,
) -> tuple[Session, bool]:
    """A player of the session logs it: the engine checks the setup (every problem at once), the characters left
    to chance (`character` null) are dealt by the server and stored, then the log is submitted on the lifecycle
    for the other players to confirm (a session of one player stands confirmed at once)."""
    own = member_of(league, user)
    if own is None:
        raise NotPermitted.one("not-member", "league", "Only a member of this group can log its sessions.")
    if idempotency_key:
        earlier = GameEvent.objects.filter(
            game__league=league, user=user, action=GameEvent.Action.SUBMITTED, idempotency_key=idempotency_key
        ).first()
        if earlier is not None:
            session = session_load(earlier.game_id)
            assert session is not None  # a submission of this group is one of its sessions
            return session, False
    if own.pk not in [p["member"] for p in players]:
        raise Invalid.one("logger-not-playing", "players", "Log a session you played: you are not one of its players.")
    if len(notes) > NOTES_MAX:
        raise Invalid.one("notes-too-long", "notes", f"Notes are at most {NOTES_MAX} characters.")
    log = SessionLog(
        seats=tuple(Seat(p["member"], p.get("character") or None) for p in players),
        villain=villain,
        locations=tuple(locations),
        first_player=first_player,
        outcome=outcome,
        turns=turns,
        clues=clues,
        defeated=defeated,
    )
    check = _check(league, log)
    RULESET.check_result(check)
    with transaction.atomic():
        session = Session.objects.create(
            league=league,
            played_on=played_on,
            villain=villain,
            locations=list(locations),
            first_player_id=first_player,
            outcome=outcome,
            turns=turns,
            clues=clues,
            defeated=defeated,
            notes=notes,
            created_by=user,
        )
        # Setup 2: the dice are stored (games.Roll) before the characters they deal are written.
        dealt = RULESET.deal_characters(check, Dice(session, user))
        SessionSide.objects.bulk_create(
            SessionSide(
                session=session, team_id=seat.member, seat=index, character=seat.character or "", dealt=chosen.character is None
            )
            for index, (seat, chosen) in enumerate(zip(dealt.seats, log.seats, strict=True), start=1)
        )
        report = session_report(dealt, played_on, notes)
        return RESULTS.submit(game_id=session.pk, user=user, report=report, idempotency_key=idempotency_key)


def session_confirm(*, session_id: int, user: Any, idempotency_key: str | None = None) -> tuple[Session, bool]:
    """Another player of the session confirms the log; once every one has, it counts in the statistics."""
    return RESULTS.confirm(game_id=session_id, user=user, idempotency_key=idempotency_key)


def session_dispute(*, session_id: int, user: Any, reason: str, idempotency_key: str | None = None) -> tuple[Session, bool]:
    """Another player of the session disputes the log, with a reason: a commissioner approves or voids it."""
    return RESULTS.dispute(game_id=session_id, user=user, reason=reason, idempotency_key=idempotency_key)


def session_approve(*, session_id: int, user: Any, idempotency_key: str | None = None) -> tuple[Session, bool]:
    """A commissioner approves a logged or disputed session: it counts in the statistics."""
    return RESULTS.approve(game_id=session_id, user=user, idempotency_key=idempotency_key)


def session_void(*, session_id: int, user: Any, reason: str, idempotency_key: str | None = None) -> tuple[Session, bool]:
    """A commissioner voids a session's log, with a reason: it no longer counts; its history stays."""
    return RESULTS.void(game_id=session_id, user=user, reason=reason, idempotency_key=idempotency_key)
