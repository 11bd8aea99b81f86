"""Pre-game rules: Maverick Auction (dice, draws, turns, bids), Mavericks and Rogues as house values,
Choose Athletes, Calculate Pit Power, Underdog Bonus and Edge Tokens, with the rulebook's own numbers."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from typing import Any

import pytest

from engine.core.violations import RuleViolation
from engine.registry import get_ruleset
from engine.slaughterball import auctions
from engine.slaughterball.catalog import TRAITS, build_catalog, validate_house_values
from engine.slaughterball.schedule import RankingEntry
from tests.engine.rulebook import MAVERICKS


class Scripted(random.Random):
    """A random generator that answers from a script: choice() gives the next scripted item (it must be
    one of the choices), randrange() and randint() the next scripted number."""

    def __init__(self, script: Iterable[Any]) -> None:
        super().__init__(0)
        self.script = list(script)

    def _next(self) -> Any:
        assert self.script, "the script ran out"
        return self.script.pop(0)

    def choice(self, seq: Any) -> Any:
        item = self._next()
        assert item in seq, f"{item!r} is not one of {seq!r}"
        return item

    def randrange(self, *args: Any, **kwargs: Any) -> int:
        return self._next()

    def randint(self, a: int, b: int) -> int:
        value = self._next()
        assert a <= value <= b
        return value


def maverick_values(slug: str, adjustment: int | None = 300_000) -> dict[str, Any]:
    values: dict[str, Any] = {f"mavericks.{slug}.{t}": 4 for t in TRAITS}
    values[f"mavericks.{slug}.skills"] = ["daunt"]
    if adjustment is not None:
        values[f"mavericks.{slug}.pit_power_adjustment"] = adjustment
    return values


# --- Slaughterball dice and knives -----------------------------------------------------------------------


def test_a_slaughterball_die_has_the_six_printed_faces() -> None:
    assert Counter(auctions.DIE_FACES) == {"double-knife": 1, "knife": 2, "boot": 1, "star": 1, "skull": 1}


@pytest.mark.parametrize(
    ("face", "knives"),
    [("double-knife", 2), ("knife", 1), ("boot", 0), ("star", 0), ("skull", 0)],
)
def test_knives_per_face(face: str, knives: int) -> None:
    assert auctions.knives([face]) == knives


def test_knives_add_up_over_a_coach_s_dice() -> None:
    assert auctions.knives(["double-knife", "knife"]) == 3
    assert auctions.knives([]) == 0


def test_a_fair_die_gives_a_knife_a_third_of_the_time() -> None:
    rng = random.Random(20240601)
    faces = Counter(auctions.roll_die(rng) for _ in range(60_000))
    assert set(faces) == set(auctions.DIE_FACES)
    assert faces["knife"] / 60_000 == pytest.approx(2 / 6, abs=0.01)
    for face in ("double-knife", "boot", "star", "skull"):
        assert faces[face] / 60_000 == pytest.approx(1 / 6, abs=0.01)


@pytest.mark.parametrize(("staff", "dice"), [({}, 1), ({"cheerleader": 3}, 1), ({"maverick-agent": 1}, 2)])
def test_each_coach_rolls_one_die_plus_one_for_a_maverick_agent(staff: dict[str, int], dice: int) -> None:
    assert auctions.auction_dice_count(staff) == dice


def test_auction_dice_are_rolled_per_coach_from_the_injected_rng() -> None:
    rolled = auctions.roll_auction_dice({7: 1, 3: 2}, Scripted(["boot", "double-knife", "skull"]))
    assert rolled == {7: ["boot"], 3: ["double-knife", "skull"]}


def test_same_seed_same_dice() -> None:
    counts = {1: 1, 2: 2, 3: 1}
    assert auctions.roll_auction_dice(counts, random.Random("s")) == auctions.roll_auction_dice(counts, random.Random("s"))


# --- Draws -------------------------------------------------------------------------------------------------------


def test_order_is_ascending_team_potential_ties_by_the_draw_then_team() -> None:
    potentials = {1: 20_000_000, 2: 18_000_000, 3: 19_000_000, 4: 18_000_000}
    assert auctions.potential_order(potentials) == [2, 4, 3, 1]
    assert auctions.potential_order(potentials, {2: 0.9, 4: 0.1}) == [4, 2, 3, 1]


def test_each_coach_draws_one_maverick_per_knife_in_ascending_team_potential() -> None:
    pool = ["gibraltar", "fugue", "simba-khan", "toccata"]
    # Team 5 (lowest Team Potential) draws first: index 2 of the deck (simba-khan), then team 9 twice.
    drawn = auctions.draw_mavericks([5, 9, 1], {5: 1, 9: 2, 1: 0}, pool, Scripted([2, 0, 1]))
    assert drawn == [(5, "simba-khan"), (9, "gibraltar"), (9, "toccata")]


def test_the_cards_run_out() -> None:
    pool = ["gibraltar", "fugue", "simba-khan", "toccata"]
    drawn = auctions.draw_mavericks([1, 2, 3], {1: 2, 2: 2, 3: 2}, pool, random.Random(3))
    assert len(drawn) == 4
    assert sorted(m for _, m in drawn) == sorted(pool)
    assert [team for team, _ in drawn] == [1, 1, 2, 2]


def test_no_knives_no_mavericks() -> None:
    assert auctions.draw_mavericks([1, 2], {1: 0, 2: 0}, list(MAVERICKS), random.Random(1)) == []


# --- Whose turn to put a maverick up ------------------------------------------------------------------------------


def test_the_lowest_team_potential_puts_a_maverick_up_first() -> None:
    assert auctions.next_nominator([4, 2, 9], {2: 1, 9: 1}, None) == 2
    assert auctions.next_nominator([4, 2, 9], {4: 1, 2: 1}, None) == 4


def test_then_each_coach_in_ascending_team_potential_round_and_round() -> None:
    order = [4, 2, 9]
    assert auctions.next_nominator(order, {4: 1, 2: 1, 9: 1}, 4) == 2
    assert auctions.next_nominator(order, {4: 1, 9: 1}, 2) == 9
    assert auctions.next_nominator(order, {4: 2}, 9) == 4
    assert auctions.next_nominator(order, {4: 1}, 4) == 4  # only he has some left


def test_nobody_holds_a_maverick_the_auction_is_done() -> None:
    assert auctions.next_nominator([4, 2, 9], {}, 2) is None
    assert auctions.next_nominator([4, 2, 9], {4: 0}, None) is None


# --- Whose turn to bid ----------------------------------------------------------------------------------------------


def bid(team: int) -> auctions.Move:
    return auctions.Move(team, True)


def passes(team: int) -> auctions.Move:
    return auctions.Move(team, False)


ORDER = [4, 2, 9]  # ascending Team Potential


def test_the_lowest_team_potential_puts_up_and_bids_first_then_each_coach_in_ascending_order() -> None:
    """Steps 5-6: the lowest Team Potential (4) puts a maverick up and may make the first bid; in order of
    ascending Team Potential each coach can then make a higher bid; then the original coach can raise his."""
    assert auctions.bidding_turn(ORDER, 4, []) == auctions.BiddingTurn("bidding", 4, None)
    assert auctions.bidding_turn(ORDER, 4, [bid(4)]).team == 2
    assert auctions.bidding_turn(ORDER, 4, [bid(4), bid(2)]) == auctions.BiddingTurn("bidding", 9, 2)
    assert auctions.bidding_turn(ORDER, 4, [bid(4), bid(2), passes(9)]) == auctions.BiddingTurn("bidding", 4, 2)


def test_a_later_lot_the_coach_who_put_it_up_bids_first_then_the_lowest_team_potential() -> None:
    """Step 8 (return to step 5): the coach who put this maverick up may bid first; the others follow in
    ascending Team Potential, the lowest first."""
    assert auctions.bidding_rotation(ORDER, 9) == [9, 4, 2]
    assert auctions.bidding_rotation(ORDER, 2) == [2, 4, 9]
    assert [auctions.bidding_turn(ORDER, 9, [passes(9)] * n).team for n in range(3)] == [9, 4, 2]


def test_when_no_coach_raises_the_highest_bid_takes_the_maverick() -> None:
    """Step 7: every other coach has passed since the last bid."""
    assert auctions.bidding_turn(ORDER, 4, [bid(4), passes(2), passes(9)]) == auctions.BiddingTurn("hired", None, 4)
    moves = [bid(4), bid(2), passes(9), bid(4), bid(2), passes(9)]
    assert auctions.bidding_turn(ORDER, 4, moves).state == "bidding"  # the original coach may still raise
    assert auctions.bidding_turn(ORDER, 4, [*moves, passes(4)]) == auctions.BiddingTurn("hired", None, 2)


def test_a_coach_who_passed_may_raise_when_his_turn_comes_again() -> None:
    moves = [passes(4), bid(2), passes(9), bid(4), passes(2)]
    assert auctions.bidding_turn(ORDER, 4, moves) == auctions.BiddingTurn("bidding", 9, 4)
    assert auctions.bidding_turn(ORDER, 4, [*moves, passes(9)]) == auctions.BiddingTurn("hired", None, 4)


def test_nobody_bids_in_a_full_turn_the_maverick_leaves() -> None:
    """'If the maverick does not receive a bid, return it to the game box.'"""
    assert auctions.bidding_turn(ORDER, 2, [passes(2), passes(4)]).state == "bidding"
    assert auctions.bidding_turn(ORDER, 2, [passes(2), passes(4), passes(9)]) == auctions.BiddingTurn("unsold", None, None)


def test_a_two_coach_game_alternates() -> None:
    assert auctions.bidding_turn([7, 3], 3, [bid(3)]).team == 7
    assert auctions.bidding_turn([7, 3], 3, [bid(3), bid(7)]).team == 3
    assert auctions.bidding_turn([7, 3], 3, [bid(3), bid(7), passes(3)]) == auctions.BiddingTurn("hired", None, 7)


def test_bids_and_passes_out_of_turn_are_refused() -> None:
    names = {4: "Low", 2: "Middle", 9: "High"}
    turn = auctions.bidding_turn(ORDER, 4, [bid(4)])
    assert auctions.check_turn(turn, 2, names) == []
    (violation,) = auctions.check_turn(turn, 9, names)
    assert (violation.code, violation.path) == ("bid-turn", "team")
    assert "Middle" in violation.message
    (leader,) = auctions.check_turn(turn, 4, names)  # the leader never has the turn to outbid himself
    assert leader.code == "bid-turn"
    closed = auctions.bidding_turn(ORDER, 4, [bid(4), passes(2), passes(9)])
    assert [v.code for v in auctions.check_turn(closed, 2, names)] == ["lot-closed"]


# --- Bids ------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("amount", [50_000, 100_000, 1_250_000])
def test_bids_in_steps_of_50000(amount: int) -> None:
    assert auctions.check_bid(amount, 0, 10_000_000) == []


@pytest.mark.parametrize("amount", [0, 25_000, 49_999, 75_000, -50_000, True, 100_000.0])
def test_bids_not_in_steps_of_50000_are_refused(amount: Any) -> None:
    assert [v.code for v in auctions.check_bid(amount, 0, 10_000_000)] == ["bid-step"]


def test_a_bid_must_beat_the_current_bid() -> None:
    assert [v.code for v in auctions.check_bid(200_000, 200_000, 10_000_000)] == ["bid-not-higher"]
    assert [v.code for v in auctions.check_bid(150_000, 200_000, 10_000_000)] == ["bid-not-higher"]
    assert auctions.check_bid(250_000, 200_000, 10_000_000) == []


def test_a_bid_never_exceeds_what_the_bidder_can_pay() -> None:
    assert auctions.check_bid(300_000, 0, 300_000) == []
    (violation,) = auctions.check_bid(350_000, 0, 300_000)
    assert (violation.code, violation.path) == ("bid-over-treasury", "amount")
    assert "300,000 credits" in violation.message


# --- Mavericks and rogues: house values ----------------------------------------------------------------------------


def test_the_four_mavericks_are_in_the_catalog_with_nothing_printed() -> None:
    catalog = build_catalog({})
    assert {slug: m.name for slug, m in catalog.mavericks.items()} == MAVERICKS
    assert catalog.mavericks["gibraltar"].type == "slasher"
    assert catalog.mavericks["simba-khan"].type == "butcher"
    for maverick in catalog.mavericks.values():
        assert maverick.pit_power_adjustment is None
        assert maverick.skills is None
        assert set(maverick.traits.values()) == {None}


def test_a_maverick_without_its_pit_power_adjustment_cannot_be_hired() -> None:
    catalog = build_catalog(validate_house_values(maverick_values("fugue", adjustment=None)))
    card = auctions.maverick_card(catalog, "fugue")
    assert card is not None
    (violation,) = auctions.check_hireable(catalog, card)
    assert (violation.code, violation.path) == ("house-value-required", "mavericks.fugue.pit_power_adjustment")
    assert "Fugue Pit Power adjustment" in violation.message


def test_a_maverick_with_its_house_values_is_a_card_everyone_can_inspect() -> None:
    catalog = build_catalog(validate_house_values(maverick_values("gibraltar", 450_000)))
    card = auctions.maverick_card(catalog, "gibraltar")
    assert card is not None
    assert auctions.check_hireable(catalog, card) == []
    assert (card.name, card.type, card.pit_power_adjustment, card.skills) == ("Gibraltar", "slasher", 450_000, ("daunt",))
    assert auctions.card_traits(card) == dict.fromkeys(TRAITS, 4)
    assert auctions.card_for(catalog, "gibraltar") == card
    assert auctions.maverick_card(catalog, "nobody") is None


@pytest.mark.parametrize(("value", "fits"), [(1, True), (11, True), (0, False), (12, False), ("3", False)])
def test_maverick_traits_run_from_1_to_11(value: Any, fits: bool) -> None:
    if fits:
        assert validate_house_values({"mavericks.toccata.speed": value}) == {"mavericks.toccata.speed": value}
    else:
        with pytest.raises(RuleViolation, match="from 1 to 11"):
            validate_house_values({"mavericks.toccata.speed": value})


def test_a_rogue_is_a_pro_team_athlete_whose_adjustment_is_its_value() -> None:
    catalog = build_catalog({})
    card = auctions.rogue_card(catalog, "nemesis", "razor")
    assert card is not None
    assert card.is_rogue
    assert (card.key, card.pit_power_adjustment, card.type) == ("rogue:nemesis:razor", 3_100_000, "razor")
    assert auctions.card_for(catalog, card.key) == card
    assert auctions.check_hireable(catalog, card) == []


def test_a_rogue_without_a_printed_value_needs_the_house_value() -> None:
    catalog = build_catalog({})
    card = auctions.rogue_card(catalog, "carnage", "butcher")  # no portfolio prints a butcher row
    assert card is not None
    (violation,) = auctions.check_hireable(catalog, card)
    assert (violation.code, violation.path) == ("house-value-required", "athletes.carnage.butcher.value")
    assert auctions.rogue_card(catalog, "nobody", "razor") is None


# --- Choose Athletes -----------------------------------------------------------------------------------------------


ROSTER = [11, 12, 13, 14, 15, 16, 17, 18]


def lineup_codes(
    athletes: list[int], mavericks: tuple[int, ...] = (), out: dict[int, str] | None = None, hired: tuple[int, ...] = ()
) -> list[str]:
    problems = auctions.check_lineup(athletes=athletes, mavericks=list(mavericks), roster=ROSTER, out=out or {}, hired=hired)
    return [v.code for v in problems]


def test_six_athletes_from_the_roster() -> None:
    assert lineup_codes([11, 12, 13, 14, 15, 16]) == []


@pytest.mark.parametrize("count", [5, 7, 0])
def test_not_six_is_refused(count: int) -> None:
    assert lineup_codes(ROSTER[:count]) == ["lineup-size"]


def test_hired_mavericks_count_among_the_six() -> None:
    assert lineup_codes([11, 12, 13, 14, 15], (90,), hired=(90,)) == []
    assert lineup_codes([11, 12, 13, 14, 15], (91,), hired=(90,)) == ["lineup-maverick-unknown"]


def test_an_athlete_out_with_a_lasting_injury_cannot_play() -> None:
    problems = auctions.check_lineup(
        athletes=[11, 12, 13, 14, 15, 16], mavericks=[], roster=ROSTER, out={16: "Vex is out."}, hired=[]
    )
    assert [(v.code, v.path, v.message) for v in problems] == [("lineup-athlete-out", "athletes[5]", "Vex is out.")]


def test_duplicates_and_strangers_are_refused() -> None:
    assert lineup_codes([11, 11, 13, 14, 15, 16]) == ["lineup-duplicate"]
    assert lineup_codes([11, 99, 13, 14, 15, 16]) == ["lineup-athlete-unknown"]


def test_a_team_with_fewer_than_six_who_can_play_fields_all_of_them() -> None:
    out = dict.fromkeys((11, 12, 13), "out")  # five left
    assert lineup_codes([14, 15, 16, 17, 18], out=out) == []
    assert lineup_codes([14, 15, 16, 17], out=out) == ["lineup-size"]


def test_lineups_are_chosen_in_ascending_league_rank_the_lowest_first() -> None:
    entries = [
        RankingEntry(1, 6, 20_000_000, 0.5),
        RankingEntry(2, 2, 18_000_000, 0.5),
        RankingEntry(3, 6, 19_000_000, 0.5),  # tied in points with 1, lower Team Potential: ranked below 1
        RankingEntry(4, 0, 21_000_000, 0.5),
    ]
    assert auctions.lineup_order(entries) == [4, 2, 3, 1]


# --- Calculate Pit Power, Underdog Bonus, Edge Tokens ------------------------------------------------------------


def side(team: int, power: int, staff: dict[str, int] | None = None) -> auctions.SideLineup:
    return auctions.SideLineup(team, (power,), 0, (), staff or {})


def test_pit_power_adds_chosen_athletes_staff_and_maverick_adjustments() -> None:
    # Six athletes, a cheerleader and a mascot (200,000), Gibraltar with a 400,000 adjustment.
    values = (2_700_000, 2_100_000, 2_100_000, 2_300_000, 2_300_000, 2_800_000)
    assert auctions.side_pit_power(values, 200_000, (400_000,)) == 14_900_000
    figures, _ = auctions.pregame_figures([auctions.SideLineup(1, values, 200_000, (400_000,), {})])
    assert figures[0].pit_power == 14_900_000


def test_underdog_bonus_league_example() -> None:
    """Underdog Bonus: the rulebook's league example (near the end of a season)."""
    nemesis, swords, valkyries, carnage = 1, 2, 3, 4
    figures, picking = auctions.pregame_figures(
        [side(nemesis, 20_200_000), side(swords, 19_500_000), side(valkyries, 19_100_000), side(carnage, 18_600_000)]
    )
    assert {f.team: f.edge_tokens for f in figures} == {nemesis: 0, swords: 1, valkyries: 2, carnage: 5}
    assert picking == [carnage, valkyries, swords, nemesis]  # Getting Edge Tokens: lowest Pit Power first


def test_underdog_bonus_exhibition_example() -> None:
    figures, _ = auctions.pregame_figures([side(1, 18_600_000), side(2, 16_700_000), side(3, 16_400_000), side(4, 16_300_000)])
    assert [f.edge_tokens for f in figures] == [0, 3, 4, 4]


def test_staff_tokens_one_reroll_per_cheerleader_one_cancel_card_for_a_mascot() -> None:
    figures, _ = auctions.pregame_figures([side(1, 1, {"cheerleader": 2, "mascot": 1, "physician": 1}), side(2, 1)])
    assert figures[0].staff_tokens == {"reroll": 2, "cancel-card": 1}
    assert figures[1].staff_tokens == {}
    assert auctions.edge_token_picking_order({5: 3, 6: 1}) == [6, 5]


# --- Optional Rules: No Mavericks in Leagues, Rogues, Lasting Injuries ------------------------------------------


@pytest.mark.parametrize("key", ["no_mavericks", "rogues", "lasting_injuries"])
def test_pre_game_options_are_off_by_default_and_true_or_false(key: str) -> None:
    ruleset = get_ruleset("slaughterball")
    assert ruleset.validate_options({})[key] is False
    assert ruleset.option_value({}, key) is False  # a league made before the option existed
    assert ruleset.validate_options({key: True})[key] is True
    with pytest.raises(RuleViolation) as refused:
        ruleset.validate_options({key: "yes"})
    assert [(v.code, v.path) for v in refused.value.violations] == [("option-invalid", f"options.{key}")]


# --- Staff Edge tokens: from the First Coach's right, counter-clockwise ---------------------------------------


def test_staff_tokens_start_to_the_first_coach_s_right_and_go_counter_clockwise() -> None:
    """Starting the Game: the First Coach plays first and play goes clockwise: seats 11 (First Coach), 12, 13, 14.
    The coach to 11's right is the one who plays last (14); counter-clockwise from him: 13, 12, then 11."""
    assert auctions.staff_token_order([11, 12, 13, 14]) == [14, 13, 12, 11]
    assert auctions.staff_token_order([5, 9, 7]) == [7, 9, 5]  # a 3-team game
    assert auctions.staff_token_order([3, 8]) == [8, 3]  # 2 teams: the other coach, then the First Coach


def test_the_order_of_play_names_each_team_of_the_game_once() -> None:
    assert auctions.check_order_of_play([3, 1, 2], {1, 2, 3}) == []
    for wrong in ([1, 2], [1, 2, 2], [1, 2, 4], [1, 2, 3, 3]):
        assert [(v.code, v.path) for v in auctions.check_order_of_play(wrong, {1, 2, 3})] == [("order-of-play", "teams")]


# --- Pre-Game: what is left of it ------------------------------------------------------------------------------

NAMES = {1: "Berthas", 2: "Hoplites", 3: "Ogres"}


def steps(missing: list[auctions.PregameStep]) -> list[tuple[str, int | None]]:
    return [(step.step, step.team) for step in missing]


def test_a_pre_game_not_begun_lacks_the_auction_then_every_lineup_in_choosing_order() -> None:
    missing = auctions.pregame_missing(
        mavericks=True, auction=auctions.AUCTION_NOT_HELD, chosen={3: False, 1: False, 2: False}, names=NAMES
    )
    assert steps(missing) == [("auction", None), ("lineup", 3), ("lineup", 1), ("lineup", 2)]
    assert [step.message for step in missing[:2]] == ["The maverick auction was not held.", "Ogres has not chosen its athletes."]


def test_an_auction_going_on_is_not_over() -> None:
    missing = auctions.pregame_missing(mavericks=True, auction=auctions.AUCTION_GOING_ON, chosen={1: False}, names=NAMES)
    assert missing[0] == auctions.PregameStep("auction", None, "The maverick auction is not over.")


def test_no_mavericks_in_leagues_means_no_auction_to_miss() -> None:
    missing = auctions.pregame_missing(
        mavericks=False, auction=auctions.AUCTION_NOT_HELD, chosen={1: True, 2: False}, names=NAMES
    )
    assert steps(missing) == [("lineup", 2)]


def test_a_finished_pre_game_lacks_nothing() -> None:
    assert auctions.pregame_missing(mavericks=True, auction=auctions.AUCTION_OVER, chosen={1: True, 2: True}, names=NAMES) == []
