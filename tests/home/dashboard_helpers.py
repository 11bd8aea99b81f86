"""What the dashboard's tests and browser journeys share: a Slaughterball challenge round under way."""

from __future__ import annotations

from typing import Any

from leagues.models import League
from rosters.models import Team
from slaughterball.models import Week
from slaughterball.selectors_calendar import round_state
from tests.slaughterball.calendar.helpers import confirm_week, drawn_week_1, next_week, started_season


def challenge_week(league: League, commissioner: Any) -> Week:
    """A running season of `league` in its second week, a challenge round whose first turn is open."""
    season = started_season(league, commissioner)
    confirm_week(drawn_week_1(season, commissioner))
    return next_week(season, commissioner)


def turn_team(week: Week) -> Team:
    state = round_state(Week.objects.select_related("season").get(pk=week.pk))
    return Team.objects.select_related("coach").get(pk=state.turn.team)
