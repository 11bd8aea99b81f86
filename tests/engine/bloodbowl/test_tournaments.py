"""Blood Bowl tournaments with the rulebook's own numbers (Death Zone league rules: Running a Tournament,
Challenges, The Glittering Prizes, The Spike! Magazine Trophy, The Dungeonbowl, The Chaos Cup, The Blood
Bowl, Other Tournaments; the tournament lines of the gate and Fan Factor modifiers)."""

from __future__ import annotations

import random

import pytest

from engine.bloodbowl.tournaments import (
    ACCEPT,
    DRAW_POINTS,
    FINAL,
    PLAYOFF,
    REFUSE,
    SEMI_FINAL,
    SUBSTITUTE,
    THIRD_PLACE,
    CashPrize,
    Challenge,
    ChallengeOutcome,
    Entry,
    FanFactorGain,
    MatchResult,
    MedalAward,
    PlayerSpp,
    PutForward,
    Trophy,
    WizardContract,
    answer_challenge,
    answer_substitute,
    chaos_cup_modifiers,
    chaos_cup_table,
    chaos_cup_winnings,
    check_challenge,
    check_draw_points,
    check_entry,
    check_knockout_match,
    check_playoff_match,
    draw_semi_finals,
    fan_factor_modifier,
    final_prizes,
    final_week,
    gate_modifier_per_die,
    majors,
    minor_tournament,
    player_of_the_year,
    playoff_points,
    playoff_weeks,
    put_forward,
    qualify,
    refusal,
    semi_final_week,
    stage_of,
    trophy_effects,
)
from engine.core.violations import RuleViolation

# Transcribed from the rulebook page, so the tests compare the engine with the text, not with its data file.
MAJOR_PRIZES = [
    # slug, name, season, winners, runners-up
    ("chaos-cup", "Chaos Cup", "spring", None, None),
    ("blood-bowl", "Blood Bowl", "summer", 350_000, 150_000),
    ("spike", "Spike! Magazine Trophy", "autumn", 200_000, 100_000),
    ("dungeonbowl", "Dungeonbowl", "winter", 150_000, 100_000),
]
CHAOS_CUP_TABLE = {  # d6: (winners, runners-up)
    1: (100_000, 250_000),
    2: (100_000, 250_000),
    3: (200_000, 150_000),
    4: (200_000, 150_000),
    5: (300_000, 50_000),
    6: (300_000, 50_000),
}
CHAOS_CUP_PRIZE_MONEY = 350_000
PLUS, MINUS = "chaos-cup-plus", "chaos-cup-minus"

A, B, C, D, E, F = 1, 2, 3, 4, 5, 6
ENTRANTS = {A, B, C, D, E, F}


def codes(refused: pytest.ExceptionInfo[RuleViolation]) -> list[tuple[str, str]]:
    return [(v.code, v.path) for v in refused.value.violations]


def match(team_a: int, team_b: int, td_a: int, td_b: int, week: int = 1) -> MatchResult:
    """A result without field goals: its score is its touchdowns."""
    return MatchResult(team_a, team_b, td_a, td_b, td_a, td_b, week)


# --- The Majors and minor tournaments -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("slug", "name", "season", "winners", "runners_up"), MAJOR_PRIZES)
def test_the_four_majors_and_their_printed_prizes(slug, name, season, winners, runners_up):
    kind = majors()[slug]
    assert (kind.name, kind.season, kind.winner_prize, kind.runner_up_prize) == (name, season, winners, runners_up)
    assert kind.major
    assert kind.trophy_reroll


def test_there_are_exactly_four_majors():
    assert set(majors()) == {slug for slug, *_ in MAJOR_PRIZES}


def test_each_majors_own_benefit():
    kinds = majors()
    assert kinds["spike"].winner_fan_factor_dice == 1
    assert kinds["dungeonbowl"].wizard_contract_cost == 25_000
    assert kinds["chaos-cup"].extra_random_events == 1
    assert kinds["blood-bowl"].sponsorship_per_match == 20_000
    assert kinds["blood-bowl"].finalist_medal_spp == 5
    others = [k for slug, k in kinds.items() if slug != "blood-bowl"]
    assert all(k.sponsorship_per_match == 0 and k.finalist_medal_spp == 0 for k in others)


def test_far_albion_cup_is_a_legal_minor_tournament_without_trophy_reroll():
    """The FA Cup: 120,000 split 80,000 to the winner and 40,000 to the loser."""
    fa_cup = minor_tournament("Far Albion Tournament Cup", 80_000, 40_000)
    assert (fa_cup.winner_prize, fa_cup.runner_up_prize) == (80_000, 40_000)
    assert not fa_cup.major
    assert not fa_cup.trophy_reroll


def test_minor_prizes_may_total_exactly_150000():
    assert minor_tournament("Cap", 100_000, 50_000).winner_prize == 100_000


@pytest.mark.parametrize(("winners", "runners_up"), [(100_000, 50_001), (150_001, 0), (200_000, 100_000)])
def test_minor_prizes_over_150000_together_are_refused(winners, runners_up):
    with pytest.raises(RuleViolation) as refused:
        minor_tournament("Greedy Cup", winners, runners_up)
    assert codes(refused) == [("minor-prize-cap", "runner_up_prize")]
    assert "150,000 gp" in str(refused.value)


def test_minor_prizes_are_whole_non_negative_gold_pieces():
    with pytest.raises(RuleViolation) as refused:
        minor_tournament("Odd Cup", -10_000, 1.5)  # type: ignore[arg-type]
    assert codes(refused) == [("minor-prize", "winner_prize"), ("minor-prize", "runner_up_prize")]


def test_goblin_tribal_leeg_gives_no_cash_and_no_trophy():
    leeg = minor_tournament("Goblin Tribal Leeg", 0, 0)
    prizes = final_prizes(leeg, match(A, B, 2, 1, week=5), random.Random(1))
    assert prizes.cash == ()
    assert prizes.trophy is None


def test_minor_tournament_pays_its_prizes_and_no_trophy():
    fa_cup = minor_tournament("Far Albion Tournament Cup", 80_000, 40_000)
    prizes = final_prizes(fa_cup, match(A, B, 0, 1, week=5), random.Random(1))
    assert prizes.cash == (
        CashPrize(B, 80_000, "Far Albion Tournament Cup: winners"),
        CashPrize(A, 40_000, "Far Albion Tournament Cup: runners-up"),
    )
    assert prizes.trophy is None


# --- Entries ------------------------------------------------------------------------------------------------------------


def test_one_team_per_coach_per_tournament():
    entered = [Entry(team=A, coach=100), Entry(team=B, coach=200)]
    check_entry(entered, Entry(team=C, coach=300))
    with pytest.raises(RuleViolation) as refused:
        check_entry(entered, Entry(team=D, coach=100))
    assert codes(refused) == [("entry-coach", "team")]


def test_a_team_enters_once():
    with pytest.raises(RuleViolation) as refused:
        check_entry([Entry(team=A, coach=100)], Entry(team=A, coach=100))
    assert codes(refused) == [("entry-twice", "team")]


# --- The play-offs ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("week", [1, 2, 3])
def test_any_two_entrants_may_play_in_weeks_one_to_three(week):
    check_playoff_match(ENTRANTS, [match(A, C, 1, 0)], match(A, B, 2, 1, week))


@pytest.mark.parametrize("week", [0, 4, 5])
def test_playoff_matches_are_played_in_weeks_one_to_three_only(week):
    with pytest.raises(RuleViolation) as refused:
        check_playoff_match(ENTRANTS, [], match(A, B, 2, 1, week))
    assert codes(refused) == [("playoff-week", "week")]


@pytest.mark.parametrize("earlier", [match(A, B, 1, 1, week=1), match(B, A, 0, 2, week=2)])
def test_no_opponent_twice_in_the_playoffs(earlier):
    with pytest.raises(RuleViolation) as refused:
        check_playoff_match(ENTRANTS, [earlier], match(A, B, 2, 1, week=3))
    assert codes(refused) == [("playoff-rematch", "team_b")]


def test_only_entered_teams_play_in_the_playoffs():
    with pytest.raises(RuleViolation) as refused:
        check_playoff_match(ENTRANTS, [], match(A, 99, 2, 1))
    assert codes(refused) == [("playoff-entrant", "team_b")]


def test_a_team_cannot_play_itself_or_score_less_than_nothing():
    with pytest.raises(RuleViolation) as refused:
        check_playoff_match(ENTRANTS, [], match(A, A, -1, 0))
    assert codes(refused) == [("match-score", "score_a"), ("match-score", "td_a"), ("match-teams", "team_b")]


def test_a_recorded_refusal_must_stand_as_9_0():
    check_playoff_match(ENTRANTS, [], refusal(A, refused_by=B, week=2))
    with pytest.raises(RuleViolation) as refused:
        check_playoff_match(ENTRANTS, [], MatchResult(A, B, 3, 0, 3, 0, 2, refused_by=B))
    assert codes(refused) == [("refusal-score", "refused_by")]


def test_a_refusal_counts_as_played_for_no_opponent_twice():
    with pytest.raises(RuleViolation) as refused:
        check_playoff_match(ENTRANTS, [refusal(A, refused_by=B, week=1)], match(B, A, 1, 0, week=3))
    assert codes(refused) == [("playoff-rematch", "team_b")]


# --- Written challenges -------------------------------------------------------------------------------------------------


def test_one_written_challenge_per_coach_per_playoff_week():
    issued = [Challenge(A, B, week=1)]
    with pytest.raises(RuleViolation) as refused:
        check_challenge(ENTRANTS, [], issued, Challenge(A, C, week=1))
    assert codes(refused) == [("challenge-weekly", "challenger")]
    check_challenge(ENTRANTS, [], issued, Challenge(A, C, week=2))  # a new week, a new challenge
    check_challenge(ENTRANTS, [], issued, Challenge(C, B, week=1))  # another coach's challenge


@pytest.mark.parametrize("week", [0, 4, 5])
def test_written_challenges_belong_to_the_playoffs(week):
    with pytest.raises(RuleViolation) as refused:
        check_challenge(ENTRANTS, [], [], Challenge(A, B, week))
    assert codes(refused) == [("challenge-week", "week")]


def test_a_challenge_goes_to_an_entered_team_not_played_yet():
    with pytest.raises(RuleViolation) as refused:
        check_challenge(ENTRANTS, [match(B, A, 1, 0)], [], Challenge(A, B, week=2))
    assert codes(refused) == [("challenge-rematch", "challenged")]
    with pytest.raises(RuleViolation) as refused:
        check_challenge(ENTRANTS, [], [], Challenge(A, 99, week=2))
    assert codes(refused) == [("challenge-entrant", "challenged")]
    with pytest.raises(RuleViolation) as refused:
        check_challenge(ENTRANTS, [], [], Challenge(A, A, week=2))
    assert codes(refused) == [("challenge-self", "challenged")]


def test_an_accepted_challenge_is_played_as_normal():
    outcome = answer_challenge(Challenge(A, B, week=2), ACCEPT, entrants=ENTRANTS, played=[])
    assert outcome == ChallengeOutcome("play", A, B)


def test_a_refused_challenge_is_a_9_0_win_for_the_challenger_with_no_rewards():
    outcome = answer_challenge(Challenge(A, B, week=2), REFUSE, entrants=ENTRANTS, played=[])
    assert outcome.status == "refused"
    result = outcome.result
    assert result is not None
    assert (result.winner, result.touchdowns(A), result.week, result.refused_by) == (A, (9, 0), 2, B)
    assert not result.gives_rewards  # no SPP, cash or Fan Factor gained or lost
    assert match(A, B, 1, 0).gives_rewards


def test_a_refusal_scores_like_a_9_0_match():
    """Counts as a 9-0 win: the challenger 15 + 9 - 0 = 24, the refuser 5 + 0 - 9 = -4."""
    result = refusal(A, refused_by=B, week=1)
    assert playoff_points(result, A) == 24
    assert playoff_points(result, B) == -4


def test_a_substitute_takes_the_challenged_coachs_place():
    outcome = answer_challenge(Challenge(A, B, week=1), SUBSTITUTE, entrants=ENTRANTS, played=[match(A, D, 2, 0)], substitute=C)
    assert outcome == ChallengeOutcome("substitute", A, C)
    assert answer_substitute(Challenge(A, B, week=1), C, ACCEPT) == ChallengeOutcome("play", A, C)


def test_the_challenger_refusing_the_substitute_concedes_9_0_to_him():
    outcome = answer_substitute(Challenge(A, B, week=3), C, REFUSE)
    result = outcome.result
    assert result is not None
    assert (result.winner, result.touchdowns(C), result.refused_by, result.week) == (C, (9, 0), A, 3)
    assert not result.gives_rewards


def test_the_substitute_must_be_in_the_tournament():
    with pytest.raises(RuleViolation) as refused:
        answer_challenge(Challenge(A, B, week=1), SUBSTITUTE, entrants=ENTRANTS, played=[], substitute=99)
    assert codes(refused) == [("substitute-entrant", "substitute")]


@pytest.mark.parametrize("earlier", [match(A, C, 0, 0), match(C, A, 3, 1), refusal(A, refused_by=C, week=1)])
def test_the_substitute_must_not_have_played_the_challenger(earlier):
    with pytest.raises(RuleViolation) as refused:
        answer_challenge(Challenge(A, B, week=2), SUBSTITUTE, entrants=ENTRANTS, played=[earlier], substitute=C)
    assert codes(refused) == [("substitute-rematch", "substitute")]


@pytest.mark.parametrize("substitute", [None, A, B])
def test_the_substitute_is_a_third_team(substitute):
    with pytest.raises(RuleViolation) as refused:
        answer_challenge(Challenge(A, B, week=2), SUBSTITUTE, entrants=ENTRANTS, played=[], substitute=substitute)
    assert codes(refused) == [("challenge-substitute", "substitute")]


def test_a_substitute_is_named_only_when_finding_one():
    with pytest.raises(RuleViolation) as refused:
        answer_challenge(Challenge(A, B, week=2), ACCEPT, entrants=ENTRANTS, played=[], substitute=C)
    assert codes(refused) == [("challenge-substitute", "substitute")]


def test_the_challenged_coach_accepts_refuses_or_finds_a_substitute():
    with pytest.raises(RuleViolation) as refused:
        answer_challenge(Challenge(A, B, week=2), "ignore", entrants=ENTRANTS, played=[])
    assert codes(refused) == [("challenge-response", "response")]
    assert "substitute" in str(refused.value)


@pytest.mark.parametrize("response", ["ignore", SUBSTITUTE])
def test_the_challenger_can_only_accept_or_refuse_a_substitute(response):
    with pytest.raises(RuleViolation) as refused:
        answer_substitute(Challenge(A, B, week=2), C, response)
    assert codes(refused) == [("challenge-response", "response")]


# --- Play-off points ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("result", "team", "points"),
    [
        (match(A, B, 2, 1), A, 16),  # a 2-1 win: 15 + 2 - 1
        (match(A, B, 0, 3), A, 2),  # a 0-3 loss: 5 + 0 - 3
        (match(A, B, 0, 3), B, 18),  # and the 3-0 win on the other side: 15 + 3
        (match(A, B, 1, 0), B, 4),  # a 0-1 loss from the second team's side
        (match(A, B, 0, 6), A, -1),  # a heavy loss is worth less than nothing
    ],
)
def test_15_a_win_5_a_loss_plus_touchdowns_for_minus_against(result, team, points):
    assert playoff_points(result, team) == points


def test_the_score_decides_the_win_and_only_touchdowns_count():
    """ "15 points for every game that they win, 5 points for every game that they lose, plus the number of
    touchdowns that they scored, minus the number of touchdowns that were scored against them": a 1 TD + 1
    field goal win (3 points a field goal: 4-1) over 1 TD is 15 + 1 - 1 and 5 + 1 - 1."""
    won = MatchResult(A, B, 4, 1, 1, 1, 1)
    assert (won.winner, playoff_points(won, A), playoff_points(won, B)) == (A, 15, 5)
    drawn = MatchResult(A, B, 3, 3, 0, 1, 1)  # a field goal against a touchdown, with field goals worth 3
    assert (drawn.winner, playoff_points(drawn, A, draw_points=10), playoff_points(drawn, B, draw_points=10)) == (None, 9, 11)


def test_a_drawn_match_needs_the_house_value():
    with pytest.raises(RuleViolation) as refused:
        playoff_points(match(A, B, 1, 1), A)
    assert codes(refused) == [("house-value-required", DRAW_POINTS)]
    assert DRAW_POINTS == "tournament.draw_points"
    assert "League settings, House values" in str(refused.value)


def test_a_drawn_match_scores_the_house_value():
    assert playoff_points(match(A, B, 2, 2), A, draw_points=10) == 10
    assert playoff_points(match(A, B, 2, 2), B, draw_points=10) == 10


@pytest.mark.parametrize(("value", "ok"), [(0, True), (10, True), (-1, False), (2.5, False), (True, False), (None, False)])
def test_draw_points_house_value_is_a_whole_number_at_least_zero(value, ok):
    assert (check_draw_points(value) == []) is ok


# --- Results put forward and qualification --------------------------------------------------------------------------------

# Team A's five play-off results: 16, 2, 24 (a refusal), 18, 6.
FIVE = [
    match(A, B, 2, 1, week=1),  # 16
    match(C, A, 3, 0, week=1),  # 2
    refusal(A, refused_by=D, week=2),  # 24
    match(A, E, 3, 0, week=2),  # 18
    match(F, A, 0, 1, week=3),  # 16
]


def test_by_default_a_coach_puts_forward_his_three_best_results():
    forward = put_forward(A, FIVE)
    assert forward == PutForward(A, (D, E, B), 24 + 18 + 16)
    # B and F are both worth 16: the lower opponent id is put forward, the total is the same either way.


def test_a_coach_may_choose_his_results():
    assert put_forward(A, FIVE, chosen=[B, C]) == PutForward(A, (B, C), 16 + 2)
    assert put_forward(A, FIVE, chosen=[]) == PutForward(A, (), 0)


def test_at_most_three_results_and_only_his_own():
    with pytest.raises(RuleViolation) as refused:
        put_forward(A, FIVE, chosen=[B, C, D, E])
    assert codes(refused) == [("put-forward-count", "chosen")]
    with pytest.raises(RuleViolation) as refused:
        put_forward(A, FIVE, chosen=[B, B])
    assert codes(refused) == [("put-forward-twice", "chosen")]
    with pytest.raises(RuleViolation) as refused:
        put_forward(B, FIVE, chosen=[C])
    assert codes(refused) == [("put-forward-unknown", "chosen")]


def test_the_default_leaves_out_results_worth_less_than_nothing():
    results = [match(A, B, 2, 1), match(A, C, 0, 6), match(A, D, 0, 9)]
    assert put_forward(A, results) == PutForward(A, (B,), 16)
    assert put_forward(D, results) == PutForward(D, (A,), 15 + 9)


def test_the_default_needs_the_draw_house_value_when_a_draw_is_among_the_results():
    with pytest.raises(RuleViolation) as refused:
        put_forward(A, [match(A, B, 1, 1)])
    assert codes(refused) == [("house-value-required", DRAW_POINTS)]
    assert put_forward(A, [match(A, B, 1, 1), match(A, C, 2, 0)], draw_points=10) == PutForward(A, (C, B), 17 + 10)


def test_knockout_matches_are_not_playoff_results():
    assert put_forward(A, [match(A, B, 2, 0, week=4)]) == PutForward(A, (), 0)


def test_the_four_teams_with_most_points_go_through():
    entries = [PutForward(t, (99,), p) for t, p in ((A, 40), (B, 55), (C, 30), (D, 48), (E, 12), (F, 31))]
    ratings = dict.fromkeys(ENTRANTS, 120)
    ratings[F] = 100
    qualified = qualify(entries, ratings, random.Random(5))
    assert qualified.semi_finalists == (B, D, A, F)
    assert [e.team for e in qualified.table] == [B, D, A, F, C, E]
    assert qualified.draws == {}


def test_ties_go_to_the_higher_team_rating():
    entries = [PutForward(t, (99,), p) for t, p in ((A, 50), (B, 50), (C, 40), (D, 34), (E, 34), (F, 34))]
    ratings = {A: 130, B: 150, C: 100, D: 118, E: 141, F: 109}
    qualified = qualify(entries, ratings, random.Random(5))
    assert qualified.semi_finalists == (B, A, C, E)
    assert qualified.draws == {}


def test_a_tie_on_points_and_team_rating_is_settled_by_a_recorded_draw():
    entries = [PutForward(t, (99,), p) for t, p in ((A, 50), (B, 45), (C, 40), (D, 34), (E, 34), (F, 34))]
    ratings = {A: 130, B: 150, C: 100, D: 120, E: 120, F: 120}
    first = qualify(entries, ratings, random.Random(2024))
    assert set(first.draws) == {D, E, F}  # only the teams still tied are drawn for
    assert first.semi_finalists[:3] == (A, B, C)
    fourth = min((D, E, F), key=first.draws.__getitem__)
    assert first.semi_finalists[3] == fourth
    assert qualify(list(reversed(entries)), ratings, random.Random(2024)) == first


def test_a_team_that_put_forward_nothing_does_not_qualify():
    entries = [PutForward(t, (99,), p) for t, p in ((A, 20), (B, 20), (C, -1), (D, 12))]
    qualified = qualify([*entries, PutForward(E, (), 0)], dict.fromkeys(ENTRANTS, 100), random.Random(1))
    assert E not in [e.team for e in qualified.table]
    assert qualified.semi_finalists[-1] == C
    with pytest.raises(RuleViolation) as refused:
        qualify([*entries[:3], PutForward(E, (), 0)], dict.fromkeys(ENTRANTS, 100), random.Random(1))
    assert codes(refused) == [("too-few-qualifiers", "entries")]


# --- Semi-finals, final, 3rd place ------------------------------------------------------------------------------------------


def test_the_semi_final_draw_is_reproducible_from_its_seed():
    first = draw_semi_finals([D, A, C, B], random.Random(77))
    assert draw_semi_finals([A, B, C, D], random.Random(77)) == first
    assert draw_semi_finals({B, D, C, A}, random.Random(77)) == first
    assert sorted(t for pair in first for t in pair) == [A, B, C, D]


def test_the_semi_final_draw_makes_every_pairing_possible():
    pairings = {frozenset(frozenset(p) for p in draw_semi_finals([A, B, C, D], random.Random(seed))) for seed in range(60)}
    assert len(pairings) == 3  # A-B/C-D, A-C/B-D, A-D/B-C


@pytest.mark.parametrize("teams", [[A, B, C], [A, B, C, D, E], [A, A, B, C]])
def test_the_semi_final_draw_needs_four_different_teams(teams):
    with pytest.raises(RuleViolation) as refused:
        draw_semi_finals(teams, random.Random(1))
    assert codes(refused) == [("semi-final-teams", "semi_finalists")]


SEMIS = ((A, C), (B, D))
SEMI_RESULTS = (match(A, C, 2, 1, week=4), match(B, D, 0, 1, week=4))  # A and D go through


def test_a_tournament_is_five_weeks_play_offs_then_semi_finals_then_the_final():
    """Running a Tournament: "played over a five-week period split into three phases: the play-offs, the
    semi-finals, and the grand final. The play-offs take place over the first three weeks." """
    assert list(playoff_weeks()) == [1, 2, 3]
    assert (semi_final_week(), final_week()) == (4, 5)


def test_stages_by_week_and_teams():
    assert stage_of(2, {A, E}) == PLAYOFF
    assert stage_of(4, {A, C}) == SEMI_FINAL
    assert stage_of(5, {D, A}, SEMI_RESULTS) == FINAL
    assert stage_of(5, {B, C}, SEMI_RESULTS) == THIRD_PLACE


def test_week_five_needs_both_semi_final_results_and_the_right_teams():
    with pytest.raises(RuleViolation) as refused:
        stage_of(5, {A, D}, SEMI_RESULTS[:1])
    assert codes(refused) == [("semi-finals-unfinished", "week")]
    with pytest.raises(RuleViolation) as refused:
        stage_of(5, {A, B}, SEMI_RESULTS)
    assert codes(refused) == [("knockout-teams", "team_b")]
    with pytest.raises(RuleViolation) as refused:
        stage_of(6, {A, D}, SEMI_RESULTS)
    assert codes(refused) == [("tournament-week", "week")]


def test_gate_and_fan_factor_modifiers_for_semi_final_and_final():
    assert (gate_modifier_per_die(SEMI_FINAL), fan_factor_modifier(SEMI_FINAL)) == (1, 1)
    assert (gate_modifier_per_die(FINAL), fan_factor_modifier(FINAL)) == (2, 2)
    for stage in (PLAYOFF, THIRD_PLACE):
        assert (gate_modifier_per_die(stage), fan_factor_modifier(stage)) == (0, 0)


def test_knockout_matches_in_their_weeks():
    assert check_knockout_match(SEMI_RESULTS[0], SEMIS) == SEMI_FINAL
    assert check_knockout_match(match(D, A, 3, 2, week=5), SEMIS, SEMI_RESULTS) == FINAL
    assert check_knockout_match(match(B, C, 1, 0, week=5), SEMIS, SEMI_RESULTS) == THIRD_PLACE


@pytest.mark.parametrize(
    ("knockout", "named"),
    [
        (match(A, C, 1, 1, week=4), "A semi-final"),
        (match(A, D, 0, 0, week=5), "A final"),
        (match(B, C, 2, 2, week=5), "A match for 3rd place"),
    ],
)
def test_a_knockout_match_cannot_end_in_a_draw(knockout, named):
    with pytest.raises(RuleViolation) as refused:
        check_knockout_match(knockout, SEMIS, SEMI_RESULTS)
    assert codes(refused) == [("knockout-draw", "score_b")]
    assert named in str(refused.value)


def test_a_semi_final_is_a_pair_of_the_draw_and_cannot_be_refused():
    with pytest.raises(RuleViolation) as refused:
        check_knockout_match(match(A, B, 1, 0, week=4), SEMIS)
    assert codes(refused) == [("knockout-teams", "team_b")]
    with pytest.raises(RuleViolation) as refused:
        check_knockout_match(refusal(A, refused_by=C, week=4), SEMIS)
    assert codes(refused) == [("knockout-refused", "refused_by")]
    with pytest.raises(RuleViolation) as refused:
        check_knockout_match(match(A, C, 1, 0, week=2), SEMIS)
    assert codes(refused) == [("knockout-week", "week")]


# --- The Glittering Prizes ------------------------------------------------------------------------------------------------

FINAL_MATCH = match(D, A, 3, 2, week=5)  # D wins, A is runner-up


def test_spike_prizes_trophy_and_a_permanent_d6_fan_factor():
    expected_roll = random.Random(11).randint(1, 6)
    prizes = final_prizes(majors()["spike"], FINAL_MATCH, random.Random(11))
    assert (prizes.winner, prizes.runner_up) == (D, A)
    assert [(c.team, c.amount) for c in prizes.cash] == [(D, 200_000), (A, 100_000)]
    assert prizes.fan_factor == (
        FanFactorGain(D, expected_roll, "Spike! Magazine Trophy: coverage in Spike! Magazine", expected_roll),
    )
    assert prizes.trophy == Trophy(D, "spike", trophy_rerolls=1, extra_random_events=0, sponsorship_per_match=0)
    assert prizes.wizard_contract is None
    assert prizes.medals == ()


def test_dungeonbowl_prizes_and_the_half_price_wizard_contract():
    prizes = final_prizes(majors()["dungeonbowl"], FINAL_MATCH, random.Random(1))
    assert [(c.team, c.amount) for c in prizes.cash] == [(D, 150_000), (A, 100_000)]
    assert prizes.wizard_contract == WizardContract(D, 25_000)
    assert prizes.trophy is not None
    assert prizes.trophy.trophy_rerolls == 1
    assert prizes.fan_factor == ()


def test_blood_bowl_prizes_sponsorship_and_a_medal_for_every_finalist():
    players = {D: {41, 42, 43}, A: {11, 12}}
    prizes = final_prizes(majors()["blood-bowl"], FINAL_MATCH, random.Random(1), final_players=players)
    assert [(c.team, c.amount) for c in prizes.cash] == [(D, 350_000), (A, 150_000)]
    assert prizes.trophy == Trophy(D, "blood-bowl", trophy_rerolls=1, extra_random_events=0, sponsorship_per_match=20_000)
    assert prizes.medals == tuple(MedalAward(team, p, 5) for team, p in ((D, 41), (D, 42), (D, 43), (A, 11), (A, 12)))


def test_blood_bowl_medals_need_both_finalists_players():
    with pytest.raises(RuleViolation) as refused:
        final_prizes(majors()["blood-bowl"], FINAL_MATCH, random.Random(1), final_players={D: {41}})
    assert codes(refused) == [("final-players", "final_players")]


def test_prizes_need_a_winner():
    with pytest.raises(RuleViolation) as refused:
        final_prizes(majors()["spike"], match(D, A, 1, 1, week=5), random.Random(1))
    assert codes(refused) == [("knockout-draw", "score_b")]


def test_chaos_cup_table_rows_share_350000():
    table = chaos_cup_table()
    assert {roll: (row.winners, row.runners_up) for row in table for roll in row.rolls} == CHAOS_CUP_TABLE
    assert all(row.winners + row.runners_up == CHAOS_CUP_PRIZE_MONEY for row in table)


@pytest.mark.parametrize("roll", range(1, 7))
def test_chaos_cup_winnings_without_modifier(roll):
    result = chaos_cup_winnings(roll, ())
    assert (result.roll, result.modifier) == (roll, 0)
    assert (result.row.winners, result.row.runners_up) == CHAOS_CUP_TABLE[roll]


@pytest.mark.parametrize(
    ("roll", "tags", "modifier", "reads"),
    [
        (2, {PLUS}, 1, 3),  # Chaos or Chaos Dwarf winners: 2 + 1 reads the 3-4 row
        (4, {PLUS}, 1, 5),
        (6, {PLUS}, 1, 6),  # 7 is off the table: the 5-6 row
        (3, {MINUS}, -1, 2),  # Dwarf, High Elf or Wood Elf winners: 3 - 1 reads the 1-2 row
        (5, {MINUS}, -1, 4),
        (1, {MINUS}, -1, 1),  # 0 is off the table: the 1-2 row
        (4, {PLUS, MINUS}, 0, 4),
        (4, {"undead"}, 0, 4),
    ],
)
def test_chaos_cup_modifiers_and_clamping(roll, tags, modifier, reads):
    result = chaos_cup_winnings(roll, tags)
    assert result.modifier == modifier
    assert (result.row.winners, result.row.runners_up) == CHAOS_CUP_TABLE[reads]


def test_chaos_cup_modifier_labels_and_races():
    assert [(m.tag, m.modifier, m.races) for m in chaos_cup_modifiers()] == [
        (PLUS, 1, ("Chaos", "Chaos Dwarf")),
        (MINUS, -1, ("Dwarf", "High Elf", "Wood Elf")),
    ]


def test_chaos_cup_final_rolls_the_winnings_and_the_trophy_brings_a_random_event():
    roll = random.Random(3).randint(1, 6)
    prizes = final_prizes(majors()["chaos-cup"], FINAL_MATCH, random.Random(3), winner_race_tags={MINUS})
    assert prizes.chaos_cup_roll is not None
    assert (prizes.chaos_cup_roll.roll, prizes.chaos_cup_roll.modifier) == (roll, -1)
    winners, runners_up = CHAOS_CUP_TABLE[max(roll - 1, 1)]
    assert [(c.team, c.amount) for c in prizes.cash] == [(D, winners), (A, runners_up)]
    assert prizes.trophy == Trophy(D, "chaos-cup", trophy_rerolls=1, extra_random_events=1, sponsorship_per_match=0)


def test_every_trophy_held_gives_its_effects_each_match():
    held = [
        Trophy(D, "blood-bowl", 1, 0, 20_000),
        Trophy(D, "chaos-cup", 1, 1, 0),
    ]
    effects = trophy_effects(held)
    assert (effects.trophy_rerolls, effects.extra_random_events, effects.sponsorship) == (2, 1, 20_000)
    assert trophy_effects([]).trophy_rerolls == 0


def test_player_of_the_year_has_the_most_spp_in_the_league():
    players = [PlayerSpp(11, A, 48), PlayerSpp(51, E, 112), PlayerSpp(41, D, 90)]  # E need not be in the tournament
    award = player_of_the_year(players, random.Random(1))
    assert (award.player, award.spp, award.tied) == (51, 112, (51,))
    assert award.fan_factor == FanFactorGain(E, 1, "Spike! Magazine Player of the Year")


def test_player_of_the_year_tie_is_settled_by_a_reproducible_draw():
    players = [PlayerSpp(11, A, 112), PlayerSpp(51, E, 112), PlayerSpp(41, D, 90)]
    award = player_of_the_year(players, random.Random(8))
    assert award.tied == (11, 51)
    assert award.player in (11, 51)
    assert player_of_the_year(list(reversed(players)), random.Random(8)) == award
    winners = {player_of_the_year(players, random.Random(seed)).player for seed in range(30)}
    assert winners == {11, 51}


def test_player_of_the_year_needs_players():
    with pytest.raises(RuleViolation) as refused:
        player_of_the_year([], random.Random(1))
    assert codes(refused) == [("player-of-the-year", "players")]
