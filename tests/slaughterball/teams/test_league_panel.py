"""The league page's teams table: Team Potential and treasury summed by the database (teams_with_figures), as the
team page computes them from the engine's facts (team_summary)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from engine.slaughterball.ruleset import RULESET
from rosters.models import Team
from rosters.services import grant_create
from slaughterball.models import AthleteAdjustment
from slaughterball.selectors_teams import team_get, team_summary, teams_with_figures
from slaughterball.services.teams import purchase_make

pytestmark = pytest.mark.django_db


def test_the_league_pages_figures_agree_with_the_team_page(client, league, commissioner, team, rival_team):
    grant_create(league=league, user=commissioner, team_id=team.pk, amount=2_000_000, reason="Sponsor")
    for kind, item, number in [("skill", "leadership", 3), ("trait", "speed", 5), ("staff", "physician", None)]:
        athlete_id = team.athletes.get(number=number).pk if number else None
        purchase_make(team_id=team.pk, user=team.coach, kind=kind, item=item, athlete_id=athlete_id)
    AthleteAdjustment.objects.create(athlete=team.athletes.get(number=1), value_change=-30_000, reason="Lasting injury")

    page = client.get(reverse("league-detail", args=[league.pk])).content.decode()

    for each in (team, rival_team):
        summary = team_summary(team_get(each.pk))
        figures = teams_with_figures(Team.objects.filter(pk=each.pk)).get()
        assert RULESET.team_potential_of_values(figures.athletes_value, figures.staff_value) == summary.team_potential
        assert figures.treasury == summary.treasury
        assert f'<td class="num key" data-label="Team Potential">{summary.team_potential:,}</td>' in page
        assert f'<td class="num" data-label="Treasury">{summary.treasury:,}</td>' in page
