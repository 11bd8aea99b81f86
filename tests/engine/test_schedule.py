"""Who plays whom (rulebook: Scheduling Rounds, Games for First Week, Games for Later Weeks, 3- or
2-Team Games, No-Shows, End of the Season, Teams That Haven't Played 10 Games; Optional Rules:
Support Staff Budget)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.core.violations import RuleViolation, Violation
from engine.registry import get_ruleset
from engine.slaughterball.schedule import (
    GAMES_PER_TEAM,
    PLAYOFF_SIZE,
    Pick,
    RankingEntry,
    Turn,
    auto_steal,
    challenge_order,
    challenge_size,
    champion,
    check_challenge,
    check_rearrange,
    check_steal,
    consecutive_small_games,
    draw_games,
    fill_round,
    game_size_allowed,
    game_sizes,
    league_rank,
    missing_games,
    next_turn,
    playoff_seeds,
    stealer,
    unspent_budgets_lost,
)

RULESET = get_ruleset("slaughterball")


def codes(refused: pytest.ExceptionInfo[RuleViolation]) -> list[tuple[str, str]]:
    return [(v.code, v.path) for v in refused.value.violations]


def entry(team: int, lp: int = 0, tp: int = 16_000_000, draw: float = 0.5) -> RankingEntry:
    return RankingEntry(team, lp, tp, draw)


# --- Games for First Week: game sizes ------------------------------------------------------------------------------


@pytest.mark.parametrize("teams", range(2, 21))
def test_game_sizes_use_every_team_in_games_of_two_to_four(teams: int) -> None:
    sizes = game_sizes(teams)
    assert sum(sizes) == teams
    assert all(2 <= s <= 4 for s in sizes)
    assert sizes == sorted(sizes, reverse=True)


@pytest.mark.parametrize("teams", range(2, 21))
def test_three_team_games_only_when_the_count_does_not_divide_by_four(teams: int) -> None:
    sizes = Counter(game_sizes(teams))
    if teams % 4 == 0:
        assert set(sizes) == {4}
    else:
        assert sizes[3] + sizes[2] > 0
    # As few 3-team games as can be: 4a + 3b = n has its smallest b at b = -n mod 4.
    if teams not in (2, 5):
        assert sizes[3] == (-teams) % 4


@pytest.mark.parametrize("teams", range(2, 21))
def test_two_team_games_only_when_unavoidable_for_2_and_5_teams(teams: int) -> None:
    assert (2 in game_sizes(teams)) == (teams in (2, 5))


@pytest.mark.parametrize(
    ("teams", "sizes"),
    [
        (2, [2]),
        (3, [3]),
        (4, [4]),
        (5, [3, 2]),
        (6, [3, 3]),
        (7, [4, 3]),
        (8, [4, 4]),
        (9, [3, 3, 3]),
        (10, [4, 3, 3]),
        (11, [4, 4, 3]),
        (12, [4, 4, 4]),
        (13, [4, 3, 3, 3]),
        (16, [4, 4, 4, 4]),  # the rulebook's league of 16 coaches: four full games a week
        (17, [4, 4, 3, 3, 3]),
        (20, [4, 4, 4, 4, 4]),
    ],
)
def test_game_sizes_table(teams: int, sizes: list[int]) -> None:
    assert game_sizes(teams) == sizes


@pytest.mark.parametrize("teams", [0, 1])
def test_a_game_needs_two_teams(teams: int) -> None:
    with pytest.raises(RuleViolation) as refused:
        game_sizes(teams)
    assert codes(refused) == [("too-few-teams", "teams")]


@pytest.mark.parametrize(("teams", "allowed"), [(1, False), (2, True), (3, True), (4, True), (5, False)])
def test_a_game_has_two_to_four_teams(teams: int, allowed: bool) -> None:
    """Games for First Week: "a full game of four teams", "some 3-team games", "try to avoid 2-team games"."""
    assert game_size_allowed(teams) is allowed


def test_a_standard_league_plays_ten_games_then_the_top_four_play_the_slaughterbrawl() -> None:
    """Scheduling Rounds: "each team plays 10 games"; End of the Season: "The four highest-ranked teams"."""
    assert (GAMES_PER_TEAM, PLAYOFF_SIZE) == (10, 4)


# --- Games for First Week: the draw ----------------------------------------------------------------------------


def test_the_draw_is_reproducible_from_the_stored_seed() -> None:
    teams = list(range(101, 111))
    first = draw_games(teams, random.Random(20240917))
    assert draw_games(teams, random.Random(20240917)) == first
    # The hat is filled in id order: the order the teams come in does not change the draw.
    assert draw_games(list(reversed(teams)), random.Random(20240917)) == first
    assert draw_games(set(teams), random.Random(20240917)) == first


def test_the_draw_puts_every_team_in_one_game_of_the_legal_sizes() -> None:
    teams = list(range(1, 14))
    games = draw_games(teams, random.Random(7))
    assert sorted(t for g in games for t in g) == teams
    assert [len(g) for g in games] == game_sizes(13)


def test_different_seeds_draw_differently() -> None:
    teams = list(range(1, 17))
    draws = {tuple(map(tuple, draw_games(teams, random.Random(seed)))) for seed in range(20)}
    assert len(draws) > 1


# --- League Rank and the challenge order ---------------------------------------------------------------------------


def test_league_rank_most_league_points_first_then_higher_team_potential_then_the_draw() -> None:
    entries = [
        entry(1, lp=3, tp=17_000_000, draw=0.9),
        entry(2, lp=5, tp=15_000_000, draw=0.5),
        entry(3, lp=3, tp=18_000_000, draw=0.1),
        entry(4, lp=3, tp=17_000_000, draw=0.2),
        entry(5, lp=0, tp=20_000_000, draw=0.3),
    ]
    assert [e.team for e in league_rank(entries)] == [2, 3, 4, 1, 5]


def test_challenge_order_is_league_rank_read_from_the_bottom() -> None:
    # "The coach with the lowest League Rank can then challenge... If League Rank is tied, break
    # the tie with lowest Team Potential. If that is tied, randomly determine who challenges next."
    entries = [
        entry(1, lp=3, tp=17_000_000, draw=0.9),
        entry(2, lp=5, tp=15_000_000, draw=0.5),
        entry(3, lp=3, tp=18_000_000, draw=0.1),
        entry(4, lp=3, tp=17_000_000, draw=0.2),
        entry(5, lp=0, tp=20_000_000, draw=0.3),
    ]
    order = challenge_order(entries)
    assert order == [5, 1, 4, 3, 2]
    assert order == [e.team for e in reversed(league_rank(entries))]


def test_tied_league_points_the_lower_team_potential_challenges_first() -> None:
    assert challenge_order([entry(1, lp=2, tp=19_000_000), entry(2, lp=2, tp=16_000_000)]) == [2, 1]


def test_a_coach_who_missed_a_game_challenges_last_whatever_his_rank() -> None:
    entries = [entry(1, lp=0), entry(2, lp=1), entry(3, lp=2), entry(4, lp=3)]
    assert challenge_order(entries, frozenset({1, 3})) == [2, 4, 1, 3]


def test_the_leftover_with_fewer_league_points_steals() -> None:
    assert stealer([entry(1, lp=4), entry(2, lp=1)]) == 2
    # Tied: the lower League Rank steals (lower Team Potential, then the draw), as it would challenge first.
    assert stealer([entry(1, lp=1, tp=17_000_000), entry(2, lp=1, tp=18_000_000)]) == 1
    assert stealer([entry(1, lp=1, draw=0.2), entry(2, lp=1, draw=0.7)]) == 2


@pytest.mark.parametrize(("free", "size"), [(10, 4), (4, 4), (3, 3), (2, 2), (1, 1)])
def test_challenge_size(free: int, size: int) -> None:
    assert challenge_size(free) == size


# --- Challenges --------------------------------------------------------------------------------------------------


def test_the_coach_whose_turn_it_is_challenges_three_unchallenged_teams() -> None:
    check_challenge(1, [2, 3, 4], {1, 2, 3, 4, 5, 6}, next_challenger=1)


def test_with_three_left_the_challenger_names_two() -> None:
    check_challenge(1, [2, 3], {1, 2, 3}, next_challenger=1)
    with pytest.raises(RuleViolation) as refused:
        check_challenge(1, [2, 3, 4], {1, 2, 3}, next_challenger=1)
    assert ("challenge-count", "challenged") in codes(refused)


def test_only_the_coach_whose_turn_it_is_challenges() -> None:
    with pytest.raises(RuleViolation) as refused:
        check_challenge(2, [3, 4, 5], {1, 2, 3, 4, 5}, next_challenger=1)
    assert codes(refused) == [("challenge-turn", "team")]


@pytest.mark.parametrize(
    ("challenged", "code"),
    [
        ([2, 3], "challenge-count"),
        ([2, 3, 4, 5], "challenge-count"),
        ([2, 2, 3], "challenge-teams"),
        ([1, 2, 3], "challenge-teams"),
    ],
)
def test_a_challenge_names_three_different_other_teams(challenged: list[int], code: str) -> None:
    with pytest.raises(RuleViolation) as refused:
        check_challenge(1, challenged, {1, 2, 3, 4, 5, 6}, next_challenger=1)
    assert (code, "challenged") in codes(refused)


def test_a_team_already_locked_into_a_game_cannot_be_challenged() -> None:
    with pytest.raises(RuleViolation) as refused:
        check_challenge(1, [2, 3, 9], {1, 2, 3, 4, 5}, next_challenger=1)
    assert codes(refused) == [("challenge-locked", "challenged")]


def test_with_one_or_two_left_they_steal_instead() -> None:
    with pytest.raises(RuleViolation) as refused:
        check_challenge(1, [2], {1, 2}, next_challenger=1)
    assert ("challenge-steal", "challenged") in codes(refused)


# --- Leftovers: steals ------------------------------------------------------------------------------------------------

# Ten coaches after two challenges: two 4-team games and two leftovers (9 and 10).
GAMES_10 = [[1, 2, 3, 4], [5, 6, 7, 8]]
POTENTIALS = {1: 15, 2: 17, 3: 19, 4: 21, 5: 14, 6: 16, 7: 18, 8: 20, 9: 16, 10: 22}


def test_two_left_the_stealer_takes_a_higher_valued_team_from_a_4_team_game() -> None:
    check_steal(entry(9, tp=16), 2, [3], GAMES_10, POTENTIALS)
    check_steal(entry(9, tp=16), 2, [8], GAMES_10, POTENTIALS)


@pytest.mark.parametrize("team", [1, 5, 6])  # worth 15, 14, 16: not more than the stealer's 16
def test_only_a_higher_valued_team_can_be_stolen(team: int) -> None:
    with pytest.raises(RuleViolation) as refused:
        check_steal(entry(9, tp=16), 2, [team], GAMES_10, POTENTIALS)
    assert codes(refused) == [("steal-value", "stolen")]


def test_two_left_steal_exactly_one() -> None:
    with pytest.raises(RuleViolation) as refused:
        check_steal(entry(9, tp=16), 2, [3, 8], GAMES_10, POTENTIALS)
    assert ("steal-count", "stolen") in codes(refused)


def test_one_left_steals_one_higher_valued_team_from_each_of_two_4_team_games() -> None:
    games = [[1, 2, 3, 4], [5, 6, 7, 8], [10, 11, 12, 13]]
    potentials = {**POTENTIALS, 11: 30, 12: 31, 13: 32}
    check_steal(entry(9, tp=16), 1, [3, 7], games, potentials)
    check_steal(entry(9, tp=16), 1, [4, 12], games, potentials)
    with pytest.raises(RuleViolation) as refused:
        check_steal(entry(9, tp=16), 1, [3, 4], games, potentials)
    assert codes(refused) == [("steal-source", "stolen")]
    with pytest.raises(RuleViolation) as refused:
        check_steal(entry(9, tp=16), 1, [3], games, potentials)
    assert codes(refused) == [("steal-count", "stolen")]


def test_teams_are_stolen_only_from_4_team_games() -> None:
    games = [[1, 2, 3, 4], [5, 6, 7]]
    with pytest.raises(RuleViolation) as refused:
        check_steal(entry(9, tp=16), 2, [7], games, POTENTIALS)
    assert codes(refused) == [("steal-source", "stolen")]


def test_five_teams_the_one_left_steals_from_the_only_4_team_game() -> None:
    # 5 coaches: one challenge of four, one left; a 3-team and a 2-team game are unavoidable.
    check_steal(entry(5, tp=14), 1, [4], [[1, 2, 3, 4]], POTENTIALS)


def test_two_teams_in_all_play_each_other_with_nothing_to_steal() -> None:
    check_steal(entry(1, tp=15), 2, [], [], POTENTIALS)


def test_one_left_with_no_4_team_game_is_stuck() -> None:
    with pytest.raises(RuleViolation) as refused:
        check_steal(entry(9, tp=16), 1, [], [[1, 2, 3]], POTENTIALS)
    assert codes(refused) == [("steal-impossible", "stolen")]


def test_from_a_game_without_a_higher_valued_team_any_team_may_be_stolen() -> None:
    # The stealer is worth more than everyone in the game: "any higher-valued team" is impossible,
    # so Pitside lets him take any one of them rather than leave him without a game.
    check_steal(entry(10, tp=22), 2, [1], GAMES_10, POTENTIALS)


def test_auto_steal_takes_the_nearest_higher_valued_team_from_separate_games() -> None:
    games = [[1, 2, 3, 4], [5, 6, 7, 8], [20, 21, 22]]
    assert auto_steal(entry(9, tp=16), 1, games, POTENTIALS) == [2]  # 17, the cheapest above 16
    assert sorted(auto_steal(entry(9, tp=16), 2, games, POTENTIALS)) == [2, 7]  # 17 and 18


# --- Turns and the filled round ------------------------------------------------------------------------------------------


def test_turns_of_a_ten_team_round() -> None:
    entries = {t: entry(t, lp=t, tp=POTENTIALS[t]) for t in range(1, 11)}
    order = challenge_order(entries.values())
    assert order == list(range(1, 11))
    assert next_turn(order, entries, set(order), []) == Turn("challenge", 1, 3)
    assert next_turn(order, entries, {5, 6, 7, 8, 9, 10}, [[1, 2, 3, 4]]) == Turn("challenge", 5, 3)
    # Two left: the one with fewer League Points (9) steals one team.
    assert next_turn(order, entries, {9, 10}, GAMES_10) == Turn("steal", 9, 1)
    assert next_turn(order, entries, set(), GAMES_10) == Turn("done", None, 0)


def test_one_left_without_4_team_games_is_stuck() -> None:
    entries = {t: entry(t) for t in range(1, 5)}
    assert next_turn([1, 2, 3, 4], entries, {4}, [[1, 2, 3]]) == Turn("stuck", 4, 0)


@pytest.mark.parametrize("teams", range(2, 21))
def test_a_filled_round_makes_the_same_games_as_a_first_week_draw(teams: int) -> None:
    entries = {t: entry(t, lp=t % 3, tp=14_000_000 + t * 100_000, draw=t / 100) for t in range(1, teams + 1)}
    order = challenge_order(entries.values())
    picks = fill_round(order, entries, set(order), [])
    games: list[list[int]] = []
    for pick in picks:
        if pick.action == "challenge":
            games.append([pick.team, *pick.targets])
        else:
            games = [[t for t in g if t not in pick.targets] for g in games]
            games.append([pick.team, *pick.leftovers, *pick.targets])
    assert sorted(t for g in games for t in g) == sorted(entries)
    assert sorted(len(g) for g in games) == sorted(game_sizes(teams))


def test_a_filled_round_challenges_the_lowest_ranked_free_teams() -> None:
    entries = {t: entry(t, lp=t) for t in range(1, 9)}
    order = challenge_order(entries.values())
    # Team 1 challenged 2, 7 and 8 by hand; the fill does the rest.
    picks = fill_round(order, entries, {3, 4, 5, 6}, [[1, 2, 7, 8]])
    assert picks == [Pick("challenge", 3, (4, 5, 6))]


def test_a_filled_round_ends_with_the_steal() -> None:
    entries = {t: entry(t, lp=t, tp=POTENTIALS[t]) for t in range(1, 11)}
    picks = fill_round(list(range(1, 11)), entries, {9, 10}, GAMES_10)
    assert picks == [Pick("steal", 9, (2,), (10,))]


# --- 3- or 2-Team Games ------------------------------------------------------------------------------------------------------


def test_consecutive_small_games_are_flagged() -> None:
    week_1 = [[1, 2, 3, 4], [5, 6, 7]]
    week_2 = [[1, 5, 9, 8], [6, 2, 3], [7, 4, 10]]
    assert consecutive_small_games(week_1, week_2) == [6, 7]


def test_a_rearrangement_moves_a_team_and_keeps_legal_sizes() -> None:
    games = {10: [1, 2, 3, 4], 11: [5, 6, 7]}
    assert check_rearrange(games, 7, team=4, to_game=11) == {10: [1, 2, 3], 11: [5, 6, 7, 4]}
    with pytest.raises(RuleViolation) as refused:
        check_rearrange(games, 7, team=5, to_game=10)  # 2 and 5 teams
    assert {c for c, _ in codes(refused)} == {"rearrange-size"}


def test_a_rearrangement_can_swap_two_teams() -> None:
    games = {10: [1, 2, 3, 4], 11: [5, 6, 7, 8]}
    assert check_rearrange(games, 8, team=1, to_game=11, swap_with=5) == {10: [2, 3, 4, 5], 11: [6, 7, 8, 1]}
    with pytest.raises(RuleViolation) as refused:
        check_rearrange(games, 8, team=1, to_game=11, swap_with=2)
    assert codes(refused) == [("rearrange-swap", "swap_with")]


def test_a_team_without_a_game_can_be_placed() -> None:
    games = {10: [1, 2, 3, 4], 11: [5, 6, 7]}
    assert check_rearrange(games, 8, team=8, to_game=11) == {10: [1, 2, 3, 4], 11: [5, 6, 7, 8]}


def test_two_team_games_only_in_a_five_team_league() -> None:
    games = {10: [1, 2, 3], 11: [4, 5]}
    assert check_rearrange(games, 5, team=3, to_game=11) == {10: [1, 2], 11: [4, 5, 3]}
    with pytest.raises(RuleViolation):
        check_rearrange({10: [1, 2, 3], 11: [4, 5, 6]}, 6, team=3, to_game=11)


def test_a_rearrangement_names_a_game_of_the_week() -> None:
    with pytest.raises(RuleViolation) as refused:
        check_rearrange({10: [1, 2, 3, 4]}, 4, team=1, to_game=99)
    assert codes(refused) == [("rearrange-game", "to_game")]
    with pytest.raises(RuleViolation) as refused:
        check_rearrange({10: [1, 2, 3, 4]}, 4, team=1, to_game=10)
    assert codes(refused) == [("rearrange-same", "to_game")]


# --- End of the Season ---------------------------------------------------------------------------------------------------------


def test_teams_short_of_ten_games() -> None:
    assert missing_games({1: 10, 2: 9, 3: 7, 4: 11}, 10) == {2: 1, 3: 3}


def test_the_four_highest_ranked_teams_play_the_slaughterbrawl() -> None:
    entries = [entry(t, lp=lp, tp=tp) for t, lp, tp in [(1, 12, 1), (2, 20, 1), (3, 15, 2), (4, 15, 3), (5, 9, 9), (6, 14, 1)]]
    assert [e.team for e in playoff_seeds(entries, 4)] == [2, 4, 3, 6]


def test_the_slaughterbrawl_winner_is_champion() -> None:
    assert champion({11: 2, 12: 1, 13: 3, 14: 4}) == 12
    with pytest.raises(RuleViolation):
        champion({11: 1, 12: 1, 13: 3})


# --- Optional Rules: Support Staff Budget, Random League Games, appeals ---------------------------------------------


def test_unspent_staff_budget_is_lost_at_the_start_of_the_season() -> None:
    assert unspent_budgets_lost({"treasury": 0, "skill_budget": 100_000, "staff_budget": 150_000}) == [
        ("staff_budget", -150_000, "Unspent Support Staff Budget is lost at the start of the season (150,000 credits)")
    ]
    assert unspent_budgets_lost({"staff_budget": 0}) == []
    assert unspent_budgets_lost({}) == []


@pytest.mark.parametrize("key", ["random_league_games", "appeals_allowed"])
def test_calendar_options_are_off_by_default_and_true_or_false(key: str) -> None:
    assert RULESET.validate_options({})[key] is False
    assert RULESET.validate_options({key: True})[key] is True
    with pytest.raises(RuleViolation) as refused:
        RULESET.validate_options({key: "yes"})
    assert refused.value.violations == (Violation("option-invalid", f"options.{key}", f"{key} is true or false."),)


# --- The filled round avoids consecutive 3-team games --------------------------------------------------------------------


def week_after(picks: list[Pick], games: list[list[int]]) -> list[list[int]]:
    week = [list(g) for g in games]
    for pick in picks:
        if pick.action == "challenge":
            week.append([pick.team, *pick.targets])
        else:
            week = [[t for t in g if t not in pick.targets] for g in week]
            week.append([pick.team, *pick.leftovers, *pick.targets])
    return week


def replay(order, entries, free, games, picks) -> list[list[int]]:
    """Play the picks through the rulebook's checks (whose turn, challenge, steal): each must be legal."""
    free, week = set(free), [list(g) for g in games]
    potentials = {t: e.team_potential for t, e in entries.items()}
    for pick in picks:
        turn = next_turn(order, entries, free, week)
        assert (turn.action, turn.team) == (pick.action, pick.team)
        if pick.action == "challenge":
            check_challenge(pick.team, pick.targets, free, turn.team)
        else:
            check_steal(entries[pick.team], len(free), pick.targets, week, potentials)
        week = week_after([pick], week)
        free -= {pick.team, *pick.targets, *pick.leftovers}
    assert next_turn(order, entries, free, week).action in ("done", "stuck")
    return week


def repeats(week: list[list[int]], small_last_week: set[int]) -> int:
    return sum(1 for g in week if len(g) < 4 for t in g if t in small_last_week)


def fewest_possible_repeats(order, entries, free, games, small_last_week) -> int:
    """Every legal way to finish the round, tried one by one: the fewest repeats any of them leaves."""
    from itertools import combinations, product

    potentials = {t: e.team_potential for t, e in entries.items()}
    turn = next_turn(order, entries, free, games)
    if turn.action == "challenge":
        others = [t for t in order if t in free and t != turn.team]
        return min(
            fewest_possible_repeats(
                order, entries, free - {turn.team, *targets}, [*games, [turn.team, *targets]], small_last_week
            )
            for targets in combinations(others, turn.picks)
        )
    if turn.action == "steal":
        fours = [g for g in games if len(g) == 4]
        best = None
        for sources in combinations(fours, turn.picks):
            for stolen in product(*sources):
                try:
                    check_steal(entries[turn.team], len(free), stolen, games, potentials)
                except RuleViolation:
                    continue
                pick = Pick("steal", turn.team, tuple(stolen), tuple(sorted(free - {turn.team})))
                found = repeats(week_after([pick], games), small_last_week)
                best = found if best is None else min(best, found)
        return best if best is not None else repeats(games, small_last_week)
    return repeats(games, small_last_week)


def test_the_fill_keeps_last_week_s_3_team_game_out_of_another() -> None:
    """3- or 2-Team Games: seven teams played 4 + 3; this week the three of the 3-team game (5, 6, 7) go
    into the 4-team game, and the other three play the 3-team game."""
    entries = {t: entry(t, lp=t) for t in range(1, 8)}
    order = challenge_order(entries.values())
    assert order == list(range(1, 8))
    assert repeats(week_after(fill_round(order, entries, set(order), []), []), {5, 6, 7}) == 3  # the plain fill

    picks = fill_round(order, entries, set(order), [], small_last_week={5, 6, 7})

    assert picks == [Pick("challenge", 1, (5, 6, 7)), Pick("challenge", 2, (3, 4))]
    assert repeats(replay(order, entries, set(order), [], picks), {5, 6, 7}) == 0


def test_the_fill_steals_from_a_game_without_last_week_s_small_game_teams() -> None:
    """Ten teams: two leftovers steal one team, so the leftovers and the whole game stolen from play 3-team
    games. With 1 and 2 from last week's small games, they go into one game and the steal takes another."""
    entries = {t: entry(t, lp=20 - t, tp=POTENTIALS[t]) for t in range(1, 11)}
    order = challenge_order(entries.values())
    picks = fill_round(order, entries, set(order), [], small_last_week={1, 2})
    week = replay(order, entries, set(order), [], picks)
    assert repeats(week, {1, 2}) == 0
    assert sorted(map(len, week)) == [3, 3, 4]


def test_when_the_count_does_not_allow_it_the_fill_still_fills() -> None:
    """Six teams always play 3 + 3 (a challenge of four, then two leftovers steal): nothing to avoid."""
    entries = {t: entry(t, lp=t) for t in range(1, 7)}
    order = challenge_order(entries.values())
    picks = fill_round(order, entries, set(order), [], small_last_week=set(order))
    assert picks == fill_round(order, entries, set(order), [])
    assert repeats(replay(order, entries, set(order), [], picks), set(order)) == 6


def test_a_multiple_of_four_fills_as_it_always_did() -> None:
    entries = {t: entry(t, lp=t) for t in range(1, 9)}
    order = challenge_order(entries.values())
    assert fill_round(order, entries, set(order), [], small_last_week={1, 2, 3}) == fill_round(order, entries, set(order), [])


@pytest.mark.parametrize("teams", range(5, 12))
@pytest.mark.parametrize("seed", range(6))
def test_the_fill_leaves_as_few_repeats_as_any_legal_fill(teams: int, seed: int) -> None:
    """Against every legal way to finish the round (a few made by hand first, some of them): the fill's
    picks are legal and put no more of last week's small-game teams into a 3-team game than the best."""
    rng = random.Random(teams * 100 + seed)
    entries = {
        t: entry(t, lp=rng.randint(0, 6), tp=rng.randrange(14, 30) * 500_000, draw=rng.random()) for t in range(1, teams + 1)
    }
    order = challenge_order(entries.values())
    small_last_week = set(rng.sample(sorted(entries), rng.randint(1, teams - 1)))
    games: list[list[int]] = []
    if seed % 2 and teams >= 8:  # the lowest-ranked coach challenged before the deadline
        others = [t for t in order if t != order[0]]
        games = [[order[0], *rng.sample(others, 3)]]
    free = {t for t in order if all(t not in g for g in games)}

    picks = fill_round(order, entries, free, games, small_last_week=small_last_week)

    week = replay(order, entries, free, games, picks)
    assert sorted(t for g in week for t in g) == sorted(entries)
    assert repeats(week, small_last_week) == fewest_possible_repeats(order, entries, free, games, small_last_week)
