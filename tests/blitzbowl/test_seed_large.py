"""`manage.py seed_large --game-system blitzbowl`: a large Blitz Bowl league for measuring, built in bulk, whose
matches read like confirmed ones on every page and API, keep the pairing rule, and void as a played one does."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from blitzbowl.large import round_robin, seed_large
from blitzbowl.models import Match, TraitGain
from blitzbowl.selectors import league_state
from engine.blitzbowl import league as league_rules
from games.models import Roll
from leagues.models import League


@pytest.mark.parametrize("coaches", [4, 5, 6, 7])
def test_the_round_robin_keeps_the_pairing_rule_over_repeated_cycles(coaches):
    ids = list(range(1, coaches + 1))
    schedule: list[league_rules.Pair] = []
    for round_ in round_robin(ids, 3 * coaches):
        assert len({c for pair in round_ for c in pair}) == 2 * len(round_) == 2 * (coaches // 2)
        for home, away in round_:
            league_rules.check_pairing(schedule, ids, {c: str(c) for c in ids}, home, away, 50)
            schedule.append((home, away))


@pytest.mark.django_db
def test_rounds_of_confirmed_matches_count_in_the_table_and_keep_the_pairing_rule():
    out = StringIO()
    call_command("seed_large", teams=6, weeks=7, game_system="blitzbowl", stdout=out, stderr=StringIO())
    league = League.objects.get(pk=int(out.getvalue()))
    assert (league.game_system, league.teams.count(), league.options["matches"]) == ("blitzbowl", 6, 8)
    matches = Match.objects.filter(league=league)
    assert matches.count() == 7 * 3
    assert set(matches.values_list("state", flat=True)) == {"confirmed"}
    state = league_state(league)
    assert [line.row.played for line in state.standings] == [7] * 6
    # Each coach's line as the services store it: both sides' lines, both coaches' trait dice and a trait gained.
    assert Roll.objects.filter(game__in=matches).count() == 2 * 21
    assert TraitGain.objects.filter(match__in=matches).exclude(trait="").count() == 2 * 21
    # The engine accepts the schedule match by match, and the league has a round left to arrange.
    ids = [t.pk for t in state.coaches]
    names = {t.pk: t.name for t in state.coaches}
    for number, (home, away) in enumerate(state.schedule):
        league_rules.check_pairing(state.schedule[:number], ids, names, home, away, 8)
    assert not state.league_over
    assert len(league_rules.next_round(state.schedule, ids, 8)) == 3


@pytest.mark.django_db
def test_its_pages_and_apis_answer_and_a_match_is_voided_as_a_played_one_is():
    league = seed_large(5, 2)
    match = Match.objects.filter(league=league).latest("pk")
    team = league.teams.order_by("pk").first()
    api = APIClient()
    api.force_authenticate(league.commissioners.get())
    for url in (
        f"/leagues/{league.pk}/",
        f"/blitzbowl/matches/{match.pk}/",
        f"/blitzbowl/coaches/{team.pk}/",
        f"/api/blitzbowl/leagues/{league.pk}/",
        f"/api/blitzbowl/leagues/{league.pk}/coaches/",
        f"/api/blitzbowl/leagues/{league.pk}/matches/",
        f"/api/blitzbowl/coaches/{team.pk}/",
        f"/api/blitzbowl/matches/{match.pk}/",
    ):
        assert api.get(url).status_code == 200, url
    gains = TraitGain.objects.filter(match=match).count()
    assert gains == 2

    response = api.post(f"/api/blitzbowl/matches/{match.pk}/void/", {"reason": "Replayed"}, format="json")

    assert response.status_code == 200, response.content
    assert Match.objects.get(pk=match.pk).state == "voided"
    assert not TraitGain.objects.filter(match=match).exists()
