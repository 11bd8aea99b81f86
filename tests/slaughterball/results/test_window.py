"""The spending window after a game (rulebook: Skills in Leagues, Trait Increase: "Each athlete
can learn only one new skill after each game, and only if he was in the Pit"; one trait point per
game): wired from the team's latest confirmed game, its lineup, and the purchases made since."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.registry import get_ruleset
from engine.slaughterball.facts import SpendingWindow
from rosters.services import grant_create
from slaughterball.models import Purchase
from slaughterball.selectors_teams import spending_window, team_facts, team_get
from slaughterball.services.results import result_approve, result_submit, result_void
from slaughterball.services.teams import purchase_make
from tests.refusals import raises_invalid
from tests.slaughterball.results.helpers import make_game, result


def option(team, athlete_id: int, kind: str) -> str:
    """An item of `kind` the rules would sell this athlete, the window aside."""
    team = team_get(team.pk)
    ruleset = get_ruleset(team.league.game_system)
    catalog = ruleset.catalog(team.league.house_values)
    facts = replace(team_facts(team), window=SpendingWindow(pre_season=True))
    options = [o for o in ruleset.purchase_options(catalog, facts, facts.athlete(athlete_id)) if o.kind == kind and o.allowed]
    assert options, f"no {kind} at all for athlete {athlete_id}"
    return min(options, key=lambda o: (o.cost, o.item)).item


def buy(team, user, athlete_id: int, kind: str) -> Purchase:
    return purchase_make(team_id=team.pk, user=user, kind=kind, item=option(team, athlete_id, kind), athlete_id=athlete_id)[0]


def codes(refused: pytest.ExceptionInfo) -> list[str]:
    return [item.code for item in refused.value.items]


def play(season, teams, commissioner, coach, week, lineup=None):
    """A confirmed 4-team game in which `teams[0]` fielded `lineup` (athlete ids) and won."""
    game = make_game(season, teams, week=week, lineups=[lineup or [], [], [], []])
    result_submit(game_id=game.pk, user=coach, sides=result(teams, [30, 20, 10, 5]))
    result_approve(game_id=game.pk, user=commissioner)
    return game


@pytest.fixture
def athletes(team, commissioner):
    grant_create(league=team.league, user=commissioner, team_id=team.pk, amount=5_000_000, reason="Spending money")
    return list(team.athletes.order_by("number").values_list("pk", flat=True))


def test_before_its_first_confirmed_game_a_team_is_pre_season(season, game, team, coach, athletes):
    assert spending_window(team_get(team.pk)).pre_season
    purchase = buy(team, coach, athletes[0], "skill")  # paid from the Skill Budget
    assert purchase.game_side is None
    assert buy(team, coach, athletes[0], "skill").game_side is None  # no limit pre-season


def test_after_a_game_only_who_played_learns_one_skill_and_one_trait_point(season, teams, team, commissioner, coach, athletes):
    game = play(season, teams, commissioner, coach, week=1, lineup=athletes[:6])
    side = game.sides.get(team=team)
    window = spending_window(team_get(team.pk))
    assert (window.pre_season, window.played) == (False, frozenset(athletes[:6]))
    hire = purchase_make(team_id=team.pk, user=coach, kind="staff", item="cheerleader")[0]
    assert hire.game_side == side

    skill = buy(team, coach, athletes[0], "skill")
    trait = buy(team, coach, athletes[0], "trait")
    assert (skill.game_side, trait.game_side) == (side, side)
    with raises_invalid() as refused:
        buy(team, coach, athletes[0], "skill")
    assert codes(refused) == ["window-skill-limit"]
    with raises_invalid() as refused:
        buy(team, coach, athletes[0], "trait")
    assert codes(refused) == ["window-trait-limit"]
    with raises_invalid() as refused:
        buy(team, coach, athletes[7], "skill")  # sat out the game
    assert codes(refused) == ["window-not-played"]
    buy(team, coach, athletes[1], "skill")  # another athlete who played


def test_after_a_game_reported_without_a_lineup_any_six_athletes_learn(season, teams, team, commissioner, coach, athletes):
    """The rule of engine.slaughterball.games.took_part: six played and Pitside does not know which, so the first six
    athletes to learn are taken to be the six; the team is not kept from spending by the lineup nobody recorded."""
    play(season, teams, commissioner, coach, week=1, lineup=None)
    window = spending_window(team_get(team.pk))
    assert (window.pre_season, window.lineup_recorded) == (False, False)
    for athlete in athletes[:5]:
        buy(team, coach, athlete, "skill")
    buy(team, coach, athletes[5], "trait")  # a trait point counts the sixth athlete as having played too
    buy(team, coach, athletes[5], "skill")  # and he may still learn his skill
    with raises_invalid() as refused:
        buy(team, coach, athletes[6], "skill")
    assert codes(refused) == ["window-six-played"]
    with raises_invalid() as refused:
        buy(team, coach, athletes[0], "skill")  # still one skill each
    assert codes(refused) == ["window-skill-limit"]
    buy(team, coach, athletes[0], "trait")


def test_the_next_game_opens_a_new_window_and_a_void_goes_back(season, teams, team, commissioner, coach, athletes):
    first = play(season, teams, commissioner, coach, week=1, lineup=athletes[:6])
    buy(team, coach, athletes[0], "skill")
    second = play(season, teams, commissioner, coach, week=2, lineup=athletes[2:8])
    assert spending_window(team_get(team.pk)).played == frozenset(athletes[2:8])
    purchase = buy(team, coach, athletes[7], "skill")
    assert purchase.game_side == second.sides.get(team=team)

    result_void(game_id=second.pk, user=commissioner, reason="Replay")
    window = spending_window(team_get(team.pk))
    assert window.played == frozenset(athletes[:6])  # back to the first game's window
    assert window.skill_bought == frozenset([athletes[0]])
    assert Purchase.objects.filter(pk=purchase.pk).exists()  # learned skills stay: no refunds
    assert first.sides.get(team=team).purchases.count() == 1


def test_the_window_of_a_list_of_teams_costs_no_query_per_team(season, teams, commissioner, coach, django_assert_num_queries):
    from rosters.models import Team
    from slaughterball.selectors_teams import teams_with_summary_data

    play(season, teams, commissioner, coach, week=1, lineup=list(teams[0].athletes.values_list("pk", flat=True)[:6]))
    listed = list(teams_with_summary_data(Team.objects.all(), "slaughterball"))
    with django_assert_num_queries(0):
        windows = [spending_window(t) for t in listed]
    assert sum(1 for w in windows if not w.pre_season) == 4
