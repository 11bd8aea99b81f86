"""Writes to a league's team lists: the races, positions and skills the rulebook does not print (GAPS.md)."""

from __future__ import annotations

from typing import Any, Literal

from bloodbowl.models import TeamLists as TeamListsRow
from engine.bloodbowl import teamlists
from leagues.models import League
from leagues.services import league_require_commissioner
from pitside.errors import Invalid

Format = Literal["yaml", "csv"]
SAMPLE = "sample"  # a new league's team_lists_from: the shipped sample (engine/bloodbowl/samples/house-team.yaml)


def team_lists_import(*, league: League, user: Any, fmt: Format, text: str) -> TeamListsRow:
    """A commissioner replaces the league's team lists with a YAML or CSV file (or the YAML a page sends).

    All or nothing: every bad row or field is one error and nothing is stored unless there is none.
    Existing teams keep what they copied at sign-up (their re-roll price, their players' lines).
    """
    league_require_commissioner(league=league, user=user)
    team_lists = teamlists.parse_team_lists(text, fmt)
    row, _ = TeamListsRow.objects.update_or_create(
        league=league, defaults={"data": teamlists.team_lists_to_data(team_lists), "updated_by": user}
    )
    return row


def team_lists_copy(league: League, source: str | League, user: Any) -> None:
    """A new league's team lists (leagues.services.league_create has checked the source): the shipped sample's, or
    another league's, checked again as an import is."""
    if isinstance(source, League):
        row = TeamListsRow.objects.filter(league=source).first()
        if row is None:
            raise Invalid.one("no-team-lists", "team_lists_from", f"{source.name} has no team lists to copy.")
        team_lists = teamlists.parse_team_data(row.data)
    else:
        team_lists = teamlists.parse_team_lists(teamlists.team_lists_sample("house-team.yaml"), "yaml")
    TeamListsRow.objects.create(league=league, data=teamlists.team_lists_to_data(team_lists), updated_by=user)
