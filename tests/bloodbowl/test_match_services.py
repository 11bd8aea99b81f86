"""A Blood Bowl match through the services: pre-match, report, confirmation, post-match, star player rolls."""

from __future__ import annotations

import pytest

from bloodbowl.models import Match, Player, StarPlayerRoll
from bloodbowl.selectors import star_player_roll_options
from bloodbowl.services import matches as services
from games.dice import _rng
from games.models import Roll
from pitside.errors import Invalid, NotPermitted
from rosters.models import Team
from rosters.selectors import team_balances
from tests.bloodbowl.match_helpers import bloodbowl_league, bloodbowl_team
from tests.factories import UserFactory
from tests.refusals import raises_invalid


@pytest.fixture
def bb(db, commissioner):
    league = bloodbowl_league(commissioner, table_dice=True)
    home_coach, away_coach = UserFactory(username="home_coach"), UserFactory(username="away_coach")
    home = bloodbowl_team(league, home_coach, "Croakers")
    away = bloodbowl_team(league, away_coach, "Bog Kings", players=12)
    return league, home, away


def _report(home, away, home_td=2, away_td=1):
    h = list(home.bb_players.order_by("number"))
    a = list(away.bb_players.order_by("number"))
    return {
        "home": {
            "score": home_td,
            "casualties": 2,
            "mvp": h[1].pk,
            "players": [{"player": h[0].pk, "touchdowns": home_td, "casualties": 2}],
        },
        "away": {
            "score": away_td,
            "casualties": 0,
            "mvp": a[0].pk,
            "players": [{"player": a[0].pk, "touchdowns": away_td, "completions": 1}],
            "injuries": [{"player": a[2].pk, "miss_next_match": True, "niggling": 1}],
        },
    }


def _played_match(league, home, away, dice=None):
    match = services.match_create(league=league, user=home.coach, home_team_id=home.pk, away_team_id=away.pk)
    services.prematch_roll(
        match_id=match.pk, user=home.coach, dice={"gate": [1, 2, 3, 4, 5, 6], "cards.home": [3], "cards.away": [6]}
    )
    services.report_submit(match_id=match.pk, user=home.coach, report=_report(home, away))
    services.report_confirm(match_id=match.pk, user=away.coach, dice=dice)
    return Match.objects.get(pk=match.pk)


def test_prematch_gate_cards_and_handicap_from_the_dice(bb):
    league, home, away = bb
    match = services.match_create(league=league, user=league.commissioners.first(), home_team_id=home.pk, away_team_id=away.pk)
    services.prematch_roll(
        match_id=match.pk, user=home.coach, dice={"gate": [1, 2, 3, 4, 5, 6], "cards.home": [3], "cards.away": [6]}
    )
    match.refresh_from_db()
    assert match.gate == 21_000  # the rulebook's gate example: six dice for a combined Fan Factor of 6
    sides = {s.home: s for s in match.sides.all()}
    # Values: 11 x 50,000 + 3 FF x 10,000 + 100,000 = 680,000 -> 68; the other 50,000 more -> 73.
    assert (sides[True].team_rating, sides[False].team_rating) == (68, 73)
    assert sides[True].special_play_cards == 1  # d6 3: one card; difference 5: no handicap card
    assert sides[False].special_play_cards == 2  # d6 6: two cards


def test_rolls_are_stored_once_and_reloading_does_not_reroll(bb):
    league, home, away = bb
    match = services.match_create(league=league, user=home.coach, home_team_id=home.pk, away_team_id=away.pk)
    services.prematch_roll(match_id=match.pk, user=home.coach)
    first = list(Roll.objects.filter(game=match).values_list("purpose", "dice"))
    services.prematch_roll(match_id=match.pk, user=away.coach)
    with raises_invalid(match="made already"):  # table dice for a roll made before are refused, not taken
        services.prematch_roll(match_id=match.pk, user=away.coach, dice={"gate": [6] * 6})
    assert list(Roll.objects.filter(game=match).values_list("purpose", "dice")) == first


def test_report_with_every_problem_at_once(bb):
    league, home, away = bb
    match = services.match_create(league=league, user=home.coach, home_team_id=home.pk, away_team_id=away.pk)
    services.prematch_roll(match_id=match.pk, user=home.coach)
    report = _report(home, away)
    report["home"]["score"] = 3  # only 2 touchdowns credited
    report["away"]["mvp"] = home.bb_players.first().pk  # the other team's player
    with raises_invalid() as refused:
        services.report_submit(match_id=match.pk, user=home.coach, report=report)
    assert {i.code for i in refused.value.items} == {"score-events", "player-other-team"}
    assert {i.field for i in refused.value.items} == {"home.score", "away.mvp"}


def test_report_needs_the_prematch_and_a_coach_of_the_match(bb):
    league, home, away = bb
    match = services.match_create(league=league, user=home.coach, home_team_id=home.pk, away_team_id=away.pk)
    with pytest.raises(Invalid, match="pre-match"):
        services.report_submit(match_id=match.pk, user=home.coach, report=_report(home, away))
    services.prematch_roll(match_id=match.pk, user=home.coach)
    with pytest.raises(NotPermitted):
        services.report_submit(match_id=match.pk, user=UserFactory(), report=_report(home, away))


def test_the_reporter_cannot_confirm_his_own_report(bb):
    league, home, away = bb
    match = services.match_create(league=league, user=home.coach, home_team_id=home.pk, away_team_id=away.pk)
    services.prematch_roll(match_id=match.pk, user=home.coach)
    services.report_submit(match_id=match.pk, user=home.coach, report=_report(home, away))
    with raises_invalid() as refused:  # the shared lifecycle's refusal (NotPermitted before the game core)
        services.report_confirm(match_id=match.pk, user=home.coach)
    assert [i.code for i in refused.value.items] == ["own-submission"]
    assert Match.objects.get(pk=match.pk).state == Match.State.SUBMITTED


def test_postmatch_winnings_spp_fan_factor_and_injuries(bb):
    league, home, away = bb
    dice = {"winnings.home": [4], "winnings.away": [2], "fan_factor.home": [5], "fan_factor.away": [2]}
    match = _played_match(league, home, away, dice)
    assert match.state == Match.State.CONFIRMED
    sides = {s.home: s for s in match.sides.all()}
    # Gate 21,000 (row 20,001-40,000); TR 68 and 73 (column 0-99): modifier +2.
    assert sides[True].winnings == (4 + 2) * 10_000
    assert sides[False].winnings == (2 + 2) * 10_000
    assert team_balances(home)["treasury"] == 160_000
    assert team_balances(away)["treasury"] == 140_000
    # Fan Factor: home won (+1) with 2 casualties (+1): 5 + 2 = 7, up one; away lost: 2 - 1 = 1, down one.
    assert (sides[True].fan_factor_change, sides[False].fan_factor_change) == (1, -1)
    home.bb.refresh_from_db()
    away.bb.refresh_from_db()
    assert (home.bb.fan_factor, away.bb.fan_factor) == (4, 2)
    scorer = home.bb_players.get(number=1)
    assert scorer.spp == 2 * 3 + 2 * 2  # two touchdowns, two casualties
    assert home.bb_players.get(number=2).spp == 5  # MVP
    assert StarPlayerRoll.objects.filter(player=scorer).count() == 1  # 10 SPP: Experienced, one roll
    assert StarPlayerRoll.objects.filter(player=home.bb_players.get(number=2)).count() == 0
    injured = away.bb_players.get(number=3)
    assert (injured.misses_next_match, injured.niggling_injuries) == (True, 1)


def test_confirming_twice_applies_the_postmatch_once(bb):
    league, home, away = bb
    match = _played_match(league, home, away)
    treasury = team_balances(home)["treasury"]
    services.report_confirm(match_id=match.pk, user=away.coach)
    assert team_balances(home)["treasury"] == treasury


def test_star_player_roll_choice_and_peak_roll(bb, monkeypatch):
    league, home, away = bb
    _played_match(league, home, away, {f"spr.{home.bb_players.get(number=1).pk}.1": [3, 4]})
    spr = StarPlayerRoll.objects.get(player__number=1, player__team=home)
    assert spr.dice == [3, 4]  # 7: a new skill from the player's normal categories (General)
    options = {(o.kind, o.target) for o in star_player_roll_options(spr)}
    assert ("skill", "block") in options
    assert ("skill", "dodge") not in options
    with raises_invalid():
        services.spr_choose(spr_id=spr.pk, user=home.coach, kind="skill", target="dodge")
    with pytest.raises(NotPermitted):
        services.spr_choose(spr_id=spr.pk, user=away.coach, kind="skill", target="block")
    monkeypatch.setattr(_rng, "randint", lambda low, high: 5)  # the peak roll: 10 - 1 = 9, not peaked
    services.spr_choose(spr_id=spr.pk, user=home.coach, kind="skill", target="block")
    player = Player.objects.get(pk=spr.player_id)
    assert (player.skills, player.skill_rolls, player.peaked) == (["block"], 1, False)
    spr.refresh_from_db()
    assert spr.peak_dice == [5, 5]
    with pytest.raises(Invalid, match="already"):
        services.spr_choose(spr_id=spr.pk, user=home.coach, kind="skill", target="block")


def test_star_player_roll_refused_when_the_race_left_the_team_lists(bb):
    """Team lists replaced by ones without the team's race: no options, and a clear refusal, not a crash."""
    league, home, away = bb
    _played_match(league, home, away, {f"spr.{home.bb_players.get(number=1).pk}.1": [3, 3]})
    spr = StarPlayerRoll.objects.get(player__number=1, player__team=home)
    Team.objects.filter(pk=home.pk).update(faction="vanished-race")
    assert star_player_roll_options(spr) == []
    with raises_invalid(match="no longer in the league's team lists") as refused:
        services.spr_choose(spr_id=spr.pk, user=home.coach, kind="skill", target="block")
    assert [(i.code, i.field) for i in refused.value.items] == [("race-missing", "player")]
    player = Player.objects.get(pk=spr.player_id)
    assert (player.skills, player.skill_rolls) == ([], 0)
    spr.refresh_from_db()
    assert spr.choice is None


def test_table_dice_refused_when_the_league_does_not_allow_them(db, commissioner):
    league = bloodbowl_league(commissioner)
    home = bloodbowl_team(league, UserFactory(), "A")
    away = bloodbowl_team(league, UserFactory(), "B")
    match = services.match_create(league=league, user=home.coach, home_team_id=home.pk, away_team_id=away.pk)
    with pytest.raises(Invalid, match="table"):
        services.prematch_roll(match_id=match.pk, user=home.coach, dice={"gate": [6] * 6})


def test_entered_dice_are_range_checked(bb):
    league, home, away = bb
    match = services.match_create(league=league, user=home.coach, home_team_id=home.pk, away_team_id=away.pk)
    with raises_invalid() as refused:
        services.prematch_roll(match_id=match.pk, user=home.coach, dice={"gate": [1, 2, 7]})
    assert {i.code for i in refused.value.items} >= {"dice-count", "dice-range"}
    assert not Roll.objects.filter(game=match).exists()


def test_an_mvp_left_out_is_drawn_by_the_server_once(bb):
    league, home, away = bb
    match = services.match_create(league=league, user=home.coach, home_team_id=home.pk, away_team_id=away.pk)
    services.prematch_roll(match_id=match.pk, user=home.coach)
    report = _report(home, away)
    del report["away"]["mvp"]
    services.report_submit(match_id=match.pk, user=home.coach, report=report)
    drawn = Match.objects.get(pk=match.pk).report["away"]["mvp"]
    players = sorted(p.pk for p in away.bb_players.all())
    assert drawn in players
    assert Roll.objects.get(game=match, purpose="mvp").dice[0] == players.index(drawn) + 1
    services.report_submit(match_id=match.pk, user=home.coach, report=report)
    assert Match.objects.get(pk=match.pk).report["away"]["mvp"] == drawn


def test_special_play_cards_split_with_at_most_one_magic_item(bb):
    league, home, away = bb
    match = services.match_create(league=league, user=home.coach, home_team_id=home.pk, away_team_id=away.pk)
    services.prematch_roll(match_id=match.pk, user=home.coach, dice={"cards.home": [6]})  # two cards
    with raises_invalid() as refused:
        services.cards_choose(match_id=match.pk, user=home.coach, decks={"magic_items": 2})
    assert {i.code for i in refused.value.items} == {"magic-item-limit"}
    with raises_invalid(match="exactly 2"):
        services.cards_choose(match_id=match.pk, user=home.coach, decks={"dirty_tricks": 1})
    side = services.cards_choose(match_id=match.pk, user=home.coach, decks={"magic_items": 1, "dirty_tricks": 1})
    assert side.card_decks == {"magic_items": 1, "dirty_tricks": 1}
    with pytest.raises(NotPermitted):
        services.cards_choose(match_id=match.pk, user=UserFactory(), decks={"dirty_tricks": 2})


def test_the_apothecary_lets_one_niggled_player_play(db, commissioner):
    league = bloodbowl_league(commissioner, table_dice=True)
    home = bloodbowl_team(league, UserFactory(), "Croakers", apothecary=True)
    away = bloodbowl_team(league, UserFactory(), "Bog Kings")
    niggled = list(home.bb_players.order_by("number")[:2])
    Player.objects.filter(pk__in=[p.pk for p in niggled]).update(niggling_injuries=1)
    match = services.match_create(league=league, user=home.coach, home_team_id=home.pk, away_team_id=away.pk)
    services.prematch_roll(
        match_id=match.pk, user=home.coach, dice={f"niggling.{niggled[0].pk}": [1], f"niggling.{niggled[1].pk}": [1]}
    )
    side = match.sides.get(team=home)
    assert side.missing == [p.pk for p in niggled]  # a 1 on the niggling die: both miss the match
    side = services.apothecary_use(match_id=match.pk, user=home.coach, player_id=niggled[0].pk)
    assert side.missing == [niggled[1].pk]
    assert not Player.objects.get(pk=niggled[0].pk).misses_next_match
    with pytest.raises(Invalid):  # one Apothecary, one player a match
        services.apothecary_use(match_id=match.pk, user=home.coach, player_id=niggled[1].pk)


def test_no_apothecary_no_reprieve(bb):
    league, home, away = bb
    player = home.bb_players.first()
    Player.objects.filter(pk=player.pk).update(niggling_injuries=1)
    match = services.match_create(league=league, user=home.coach, home_team_id=home.pk, away_team_id=away.pk)
    services.prematch_roll(match_id=match.pk, user=home.coach, dice={f"niggling.{player.pk}": [1]})
    with pytest.raises(Invalid, match="Apothecary"):
        services.apothecary_use(match_id=match.pk, user=home.coach, player_id=player.pk)


def test_a_void_puts_back_what_the_postmatch_did(bb, commissioner):
    league, home, away = bb
    before = {p.pk: (p.spp, p.misses_next_match, p.niggling_injuries) for p in Player.objects.all()}
    fan_factors = (home.bb.fan_factor, away.bb.fan_factor)
    treasuries = (team_balances(home)["treasury"], team_balances(away)["treasury"])
    match = _played_match(league, home, away)
    assert team_balances(home)["treasury"] != treasuries[0]
    assert StarPlayerRoll.objects.filter(match=match).exists()
    with pytest.raises(NotPermitted):
        services.match_void(match_id=match.pk, user=home.coach, reason="Wrong score")
    services.match_void(match_id=match.pk, user=commissioner, reason="Wrong score")
    assert Match.objects.get(pk=match.pk).state == Match.State.VOIDED
    assert {p.pk: (p.spp, p.misses_next_match, p.niggling_injuries) for p in Player.objects.all()} == before
    home.bb.refresh_from_db()
    away.bb.refresh_from_db()
    assert (home.bb.fan_factor, away.bb.fan_factor) == fan_factors
    assert (team_balances(home)["treasury"], team_balances(away)["treasury"]) == treasuries
    assert not StarPlayerRoll.objects.filter(match=match).exists()
    assert [e.action for e in Match.objects.get(pk=match.pk).events.all()][-1] == "voided"


def test_no_void_once_a_star_player_roll_is_chosen(bb, commissioner):
    league, home, away = bb
    match = _played_match(league, home, away)
    spr = StarPlayerRoll.objects.filter(match=match).first()
    option = star_player_roll_options(spr)[0]
    services.spr_choose(spr_id=spr.pk, user=spr.player.team.coach, kind=option.kind, target=option.target)
    with pytest.raises(Invalid, match="moved on"):
        services.match_void(match_id=match.pk, user=commissioner, reason="Too late")
    assert Match.objects.get(pk=match.pk).state == Match.State.CONFIRMED
