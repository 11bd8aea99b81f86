"""The Team Roster Sheet's Game Record area and Total LPs come from the confirmed results."""

from __future__ import annotations

import pytest

from slaughterball.services.results import result_approve, result_submit
from slaughterball.services.standings import standings_recompute
from slaughterball.sheets_teams import roster_sheet_context
from tests.slaughterball.results.helpers import result

pytestmark = pytest.mark.django_db


def test_the_roster_sheet_lists_each_confirmed_game_with_place_scores_and_points(game, teams, season, commissioner, client):
    result_submit(game_id=game.pk, user=commissioner, sides=result(teams, [22, 19, 19, 15]))
    result_approve(game_id=game.pk, user=commissioner)
    standings_recompute(season_id=season.pk)

    context = roster_sheet_context(teams[1])
    [line] = context["game_record"]
    assert line.side.place == 2
    assert line.tied
    assert line.scores == [(22, False), (19, True), (19, False), (15, False)]
    assert (line.league_points, context["total_lps"]) == (1, 1)

    page = client.get(f"/teams/{teams[1].pk}/roster/").content.decode()
    assert "2nd (tie)" in page
    assert "<u>19</u>" in page
