"""The search by name beside a page form's team selects (each offers a few teams: rosters.selectors.team_choices):
a GET form that reloads the page with the names typed, so it works without JavaScript
(templates/partials/team_search.html)."""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass

from django.http import HttpRequest, QueryDict

from pitside.errors import Invalid
from pitside.params import parse_int
from rosters import selectors

SEARCH_LENGTH = 80  # a team name is at most this long (Team.name)
NAMES_A_SEARCH = 4  # a search for the teams a form ticks, names separated by commas: at most a game's four


@dataclass(frozen=True)
class SearchField:
    param: str
    label: str
    value: str


@dataclass(frozen=True)
class TeamSearch:
    """What was typed in each search field, and whether to offer the search: only when the teams the form accepts
    (`count`) outnumber those a select offers (`shown`)."""

    fields: list[SearchField]
    count: int
    shown: int

    @property
    def typed(self) -> bool:
        """Something was searched (a form folded away opens to show what was found)."""
        return any(field.value for field in self.fields)

    def text(self, param: str) -> str:
        """What was typed in the field `param`: a name, or part of one."""
        return next(field.value for field in self.fields if field.param == param)

    def names(self, param: str) -> list[str]:
        """The names typed for a select of several teams (checkboxes), separated by commas."""
        return [name.strip() for name in self.text(param).split(",") if name.strip()][:NAMES_A_SEARCH]


def team_search(request: HttpRequest, count: int, labels: dict[str, str]) -> TeamSearch:
    """The search of a form accepting `count` teams, a field for each {query parameter: label}."""
    fields = [SearchField(param, label, request.GET.get(param, "").strip()[:SEARCH_LENGTH]) for param, label in labels.items()]
    return TeamSearch(fields, count, selectors.TEAM_CHOICES)


def sent_teams(data: QueryDict, *fields: str) -> list[int]:
    """The teams a form sent in `fields` (a select, or ticked boxes), so that its selects offer them again; a value
    that is no number names no team to keep (the form refuses it)."""
    sent = []
    for field in fields:
        for value in data.getlist(field):
            with suppress(Invalid):
                sent.append(parse_int(value, field=field))
    return sent
