"""Blitz Bowl leagues through the services: sign-up, the pairing rule, results on the shared lifecycle, Coach
Traits, finals and awards."""

from __future__ import annotations

import pytest

from blitzbowl import services
from blitzbowl.models import Match, TraitGain
from blitzbowl.selectors import coach_roster, league_state, standings_top
from engine.core.violations import RuleViolation
from engine.registry import get_ruleset
from games.models import Game, Roll
from pitside.errors import Invalid, NotPermitted
from tests.blitzbowl.helpers import play, play_league, play_rolling_a_trait_twice, report
from webhooks.models import Delivery
from webhooks.services import channel_create


def codes(error):
    items = error.value.violations if isinstance(error.value, RuleViolation) else error.value.items
    return [(i.code, getattr(i, "path", None) or getattr(i, "field", None)) for i in items]


def test_registered_as_blitzbowl():
    assert get_ruleset("blitzbowl").name == "Blitz Bowl"


def test_sign_up_one_team_a_coach(short_league, coach, ann):
    assert ann.blitz.draw >= 0
    assert ann.coach == coach
    with pytest.raises(Invalid) as refused:
        services.coach_signup(league=short_league, coach=coach, name="Second")
    assert codes(refused) == [("coach-signed-up", "league")]
    with pytest.raises(RuleViolation) as refused:
        services.coach_signup(league=short_league, coach=coach, name="  ")
    assert codes(refused) == [("name-required", "name")]


def test_at_least_three_coaches_before_a_match(short_league, ann, bob, commissioner):
    with pytest.raises(RuleViolation) as refused:
        services.match_create(league_id=short_league.pk, user=ann.coach, home_team=ann.pk, away_team=bob.pk)
    assert codes(refused) == [("coaches-too-few", "league")]
    with pytest.raises(RuleViolation) as refused:  # the next round too, saying why rather than "none left"
        services.round_generate(league_id=short_league.pk, user=commissioner)
    assert codes(refused) == [("coaches-too-few", "league")]
    assert "needs at least 3 coaches; this one has 2" in str(refused.value)


def test_the_pairing_rule_names_the_coaches_not_yet_played(short_league, three, commissioner):
    ann, bob, _cid = three
    services.match_create(league_id=short_league.pk, user=ann.coach, home_team=ann.pk, away_team=bob.pk)
    with pytest.raises(RuleViolation) as refused:
        services.match_create(league_id=short_league.pk, user=commissioner, home_team=bob.pk, away_team=ann.pk)
    assert codes(refused) == [("pairing-rule", "home_team"), ("pairing-rule", "away_team")]
    assert "must first play Cid's Crushers" in refused.value.violations[0].message
    assert Match.objects.count() == 1


def test_a_stranger_cannot_arrange(short_league, three, other_commissioner):
    ann, bob, _ = three
    with pytest.raises(NotPermitted):
        services.match_create(league_id=short_league.pk, user=other_commissioner, home_team=ann.pk, away_team=bob.pk)


def test_result_confirmed_gains_each_coach_a_trait_and_void_takes_them_back(short_league, three, commissioner):
    ann, bob, _ = three
    match = services.match_create(league_id=short_league.pk, user=ann.coach, home_team=ann.pk, away_team=bob.pk)
    confirmed = play(match, (7, 2, 1), (3, 1, 2))
    assert confirmed.state == Game.State.CONFIRMED
    assert sorted(Roll.objects.filter(game=match).values_list("label", flat=True)) == ["trait.away", "trait.home"]
    assert TraitGain.objects.filter(match=match).count() == 2
    state = league_state(short_league)
    lines = {line.team: (line.row.points, line.row.challenge_cards, line.row.injuries) for line in state.standings}
    assert (state.standings[0].team, lines[ann], lines[bob]) == (ann, (3, 2, 1), (0, 1, 2))
    services.result_void(match_id=match.pk, user=commissioner, reason="Wrong teams")
    assert TraitGain.objects.filter(match=match).count() == 0
    assert league_state(short_league).standings[0].row.points == 0
    # Reported again: the traits come from the dice already rolled.
    rolled = {r.label: r.dice for r in Roll.objects.filter(game=match)}
    play(Match.objects.get(pk=match.pk))
    assert {r.label: r.dice for r in Roll.objects.filter(game=match)} == rolled


def test_a_draw_stands_in_league_play(short_league, three):
    ann, bob, _ = three
    match = services.match_create(league_id=short_league.pk, user=ann.coach, home_team=ann.pk, away_team=bob.pk)
    play(match, (4, 1, 0), (4, 1, 0))
    assert [line.row.points for line in league_state(short_league).standings if line.team in (ann, bob)] == [1, 1]


def test_a_report_refused_stores_nothing(short_league, three):
    ann, bob, _ = three
    match = services.match_create(league_id=short_league.pk, user=ann.coach, home_team=ann.pk, away_team=bob.pk)
    with pytest.raises(RuleViolation) as refused:
        services.result_submit(match_id=match.pk, user=ann.coach, report=report((3, 20, 0), (1, 11, 0)))
    assert codes(refused) == [("challenge-cards-too-many", "away.challenge_cards")]
    assert Match.objects.get(pk=match.pk).state == Game.State.SCHEDULED


def test_a_trait_rolled_twice_is_chosen(short_league, three):
    ann, bob, cid = three
    play_rolling_a_trait_twice(short_league, ann, (cid, bob))  # Bribe the Ref, twice
    gain = TraitGain.objects.get(team=ann, trait="")
    roster = coach_roster(ann)
    assert [p.gain.pk for p in roster.pending] == [gain.pk]
    with pytest.raises(RuleViolation):
        services.trait_choose(gain_id=gain.pk, user=ann.coach, trait="bribe-the-ref")
    with pytest.raises(NotPermitted):
        services.trait_choose(gain_id=gain.pk, user=bob.coach, trait="glory-hound")
    services.trait_choose(gain_id=gain.pk, user=ann.coach, trait="glory-hound")
    assert {held.trait.slug for held in coach_roster(ann).traits} == {"bribe-the-ref", "glory-hound"}


def test_a_short_league_finals_and_awards(short_league, three, commissioner):
    _ann, _bob, _cid = three
    discord = "https://discord.com/api/webhooks/1/x"
    channel_create(league_id=short_league.pk, user=commissioner, kind="discord", url=discord, events=["playoffs"])
    with pytest.raises(Invalid) as refused:
        services.finals_next(league_id=short_league.pk, user=commissioner)
    assert codes(refused) == [("league-play-unfinished", "league")]
    play_league(short_league, commissioner)
    state = league_state(short_league)
    assert state.league_over
    assert [o.matches_left for o in state.legal_opponents] == [0, 0, 0]
    (final,) = services.finals_next(league_id=short_league.pk, user=commissioner)
    league_match = Match.objects.filter(stage="league").first()
    with pytest.raises(Invalid) as refused:  # the final was drawn from the league table
        services.result_void(match_id=league_match.pk, user=commissioner, reason="late")
    assert codes(refused) == [("match-not-voidable", "match")]
    top = [line.team.pk for line in state.standings[:2]]
    assert final.stage == "final"
    assert sorted(s.team_id for s in final.sides.all()) == sorted(top)
    with pytest.raises(RuleViolation) as refused:
        services.result_submit(match_id=final.pk, user=commissioner, report=report((2, 0, 0), (2, 0, 0)))
    assert codes(refused) == [("knockout-drawn", "away.score")]
    gains = TraitGain.objects.count()
    play(final, (5, 0, 0), (2, 0, 0))
    assert TraitGain.objects.count() == gains  # no trait after a final
    state = league_state(short_league)
    assert state.champion is not None
    assert state.champion.pk == final.sides.get(home=True).team_id
    assert [a.award.slug for a in state.awards] == ["master-of-the-crush", "king-of-carnage", "challenger", "lead-laurels"]
    assert sum(line.row.points for line in state.standings) == 9  # three league wins: the final scores none
    with pytest.raises(RuleViolation) as refused:
        services.finals_next(league_id=short_league.pk, user=commissioner)
    assert codes(refused) == [("finals-over", "finals")]
    drawn, champion = Delivery.objects.order_by("pk")  # the league's channel heard of the final and its winner
    home, away = (s.team.name for s in final.sides.order_by("-home"))
    assert (drawn.event, drawn.text, drawn.lines) == (
        "playoffs",
        f"{short_league.name}: the final is drawn.",
        [f"{home} v {away}"],
    )
    assert champion.text == f"{home} won the final: champion of {short_league.name}!"


def test_quarter_finals_need_eight(commissioner, db):
    from tests.blitzbowl.conftest import make_league
    from tests.factories import UserFactory

    league = make_league(commissioner, matches=1, quarter_finals=True)
    teams = [services.coach_signup(league=league, coach=UserFactory(), name=f"Team {i}") for i in range(8)]
    play_league(league, commissioner)
    quarters = services.finals_next(league_id=league.pk, user=commissioner)
    order = [line.team.pk for line in league_state(league).standings]
    assert [(m.stage, [s.team_id for s in m.sides.all()]) for m in quarters] == [
        ("quarter_final", [order[0], order[7]]),
        ("quarter_final", [order[1], order[6]]),
        ("quarter_final", [order[2], order[5]]),
        ("quarter_final", [order[3], order[4]]),
    ]
    with pytest.raises(Invalid):
        services.finals_next(league_id=league.pk, user=commissioner)
    for match in quarters:
        play(match, (1, 0, 0), (3, 0, 0))  # the lower seed wins
    semis = services.finals_next(league_id=league.pk, user=commissioner)
    assert [[s.team_id for s in m.sides.all()] for m in semis] == [[order[4], order[7]], [order[5], order[6]]]
    with pytest.raises(Invalid) as refused:
        services.result_void(match_id=quarters[0].pk, user=commissioner, reason="late")
    assert codes(refused) == [("match-not-voidable", "match")]
    assert len(teams) == 8


def test_a_confirmed_match_is_posted_with_the_league_tables_top_lines(short_league, three, commissioner):
    ann, bob, _ = three
    discord = "https://discord.com/api/webhooks/1/x"
    channel_create(league_id=short_league.pk, user=commissioner, kind="discord", url=discord, events=["result-confirmed"])
    match = services.match_create(league_id=short_league.pk, user=ann.coach, home_team=ann.pk, away_team=bob.pk)

    play(match, (7, 2, 1), (3, 1, 2))

    assert Delivery.objects.get().event == "result-confirmed"
    top = standings_top(short_league, 3)
    assert top[0] == f"1. {ann.name}: 3 pts"
    assert len(top) == 3
