"""Blood Bowl tournaments through the services, with the rulebook's numbers (Death Zone: Running a
Tournament, Challenges, The Glittering Prizes)."""

from __future__ import annotations

import pytest

from bloodbowl.models import Entry, Match, Player, StarPlayerRoll, TeamProfile, Trophy, WrittenChallenge
from bloodbowl.selectors_tournaments import playoff_table, team_honours, tournament_get
from bloodbowl.services import matches as match_services
from bloodbowl.services import tournaments as services
from engine.bloodbowl import postmatch
from games.models import GameEvent, Roll
from pitside.errors import Invalid, NotPermitted
from rosters.models import LedgerEntry
from rosters.selectors import team_balances
from tests.bloodbowl.match_helpers import bloodbowl_league, bloodbowl_team
from tests.bloodbowl.tournament_helpers import (
    advance,
    enter,
    gate_dice,
    play,
    play_match,
    report,
    run_to_final,
    teams_of,
    tournament,
)
from tests.refusals import raises_invalid


@pytest.fixture
def league(db, commissioner):
    return bloodbowl_league(commissioner, table_dice=True)


@pytest.fixture
def six(league):
    return teams_of(league, "Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot")


def _codes(error):
    return {item.code for item in error.value.items}


def _treasury(team):
    return team_balances(team)["treasury"]


def _fan_factor(team):
    return TeamProfile.objects.get(team=team).fan_factor


# --- creating and entering ---------------------------------------------------------------------------------------------


def test_a_minor_tournament_pays_at_most_150000_together(league):
    far_albion = tournament(league, "minor", name="Far Albion Cup", winner_prize=80_000, runner_up_prize=40_000)
    assert (far_albion.winner_prize, far_albion.runner_up_prize) == (80_000, 40_000)
    with raises_invalid() as refused:
        tournament(league, "minor", name="Greedy Cup", winner_prize=100_000, runner_up_prize=60_000)
    assert _codes(refused) == {"minor-prize-cap"}


def test_a_majors_prizes_are_the_rulebooks_and_one_runs_at_a_time(league):
    spike = tournament(league, "spike")
    assert spike.name == "Spike! Magazine Trophy"
    with pytest.raises(Invalid) as again:
        tournament(league, "spike")
    assert _codes(again) == {"major-running"}
    with pytest.raises(Invalid) as priced:
        tournament(league, "blood-bowl", winner_prize=1)
    assert _codes(priced) == {"major-prizes"}


def test_only_a_commissioner_creates_a_tournament(league, six):
    with pytest.raises(NotPermitted):
        services.tournament_create(league=league, user=six[0].coach, kind="spike")


def test_one_team_per_coach_per_tournament(league, six):
    t = tournament(league)
    second = bloodbowl_team(league, six[0].coach, "Alpha Reserves")
    enter(t, six[0])
    with raises_invalid() as refused:
        services.entry_create(tournament_id=t.pk, user=six[0].coach, team_id=second.pk)
    assert _codes(refused) == {"entry-coach"}
    _, created = services.entry_create(tournament_id=t.pk, user=six[0].coach, team_id=six[0].pk)
    assert created is False  # entering again finds the entry
    assert Entry.objects.filter(tournament=t).count() == 1


def test_a_coach_enters_only_his_own_team(league, six):
    t = tournament(league)
    with pytest.raises(NotPermitted):
        services.entry_create(tournament_id=t.pk, user=six[1].coach, team_id=six[0].pk)


# --- play-off matches, points and put forward ----------------------------------------------------------------------------


def test_play_off_points_15_a_win_5_a_loss_plus_touchdowns_for_minus_against_and_the_best_three(league, six):
    alpha, bravo, charlie, delta, echo, _ = six
    t = tournament(league)
    enter(t, *six)
    play(t, alpha, bravo, 3, 1)  # win: 15 + 3 - 1 = 17
    play(t, alpha, charlie, 1, 0)  # win: 16
    play(t, alpha, delta, 0, 2)  # loss: 5 - 2 = 3
    play(t, alpha, echo, 2, 2)  # draw: the league's house value 10
    rows = {row.entry.team_id: row for row in playoff_table(tournament_get(t.pk))}
    assert sorted(r["points"] for r in rows[alpha.pk].results) == [3, 10, 16, 17]
    assert rows[alpha.pk].points == 17 + 16 + 10  # his three best
    assert set(rows[alpha.pk].put_forward) == {bravo.pk, charlie.pk, echo.pk}
    assert rows[delta.pk].points == 15 + 2 - 0
    services.put_forward_choose(tournament_id=t.pk, user=alpha.coach, team_id=alpha.pk, opponents=[bravo.pk])
    chosen = {row.entry.team_id: row for row in playoff_table(tournament_get(t.pk))}[alpha.pk]
    assert (chosen.points, chosen.chosen) == (17, True)


def test_a_coach_puts_forward_at_most_three_of_his_own_results(league, six):
    alpha, bravo, charlie, delta, echo, _ = six
    t = tournament(league)
    enter(t, *six)
    for other in (bravo, charlie, delta, echo):
        play(t, alpha, other, 1, 0)
    with raises_invalid() as refused:
        services.put_forward_choose(
            tournament_id=t.pk, user=alpha.coach, team_id=alpha.pk, opponents=[bravo.pk, charlie.pk, delta.pk, echo.pk]
        )
    assert _codes(refused) == {"put-forward-count"}
    with pytest.raises(NotPermitted):
        services.put_forward_choose(tournament_id=t.pk, user=bravo.coach, team_id=alpha.pk, opponents=[bravo.pk])


def test_no_opponent_twice_in_the_play_offs(league, six):
    alpha, bravo = six[:2]
    t = tournament(league)
    enter(t, *six)
    services.tournament_match_arrange(tournament_id=t.pk, user=alpha.coach, home_team_id=alpha.pk, away_team_id=bravo.pk)
    with raises_invalid() as refused:
        services.tournament_match_arrange(tournament_id=t.pk, user=bravo.coach, home_team_id=bravo.pk, away_team_id=alpha.pk)
    assert _codes(refused) == {"playoff-rematch"}


def test_a_team_not_entered_does_not_play_in_the_play_offs(league, six):
    t = tournament(league)
    enter(t, six[0])
    with raises_invalid() as refused:
        services.tournament_match_arrange(tournament_id=t.pk, user=six[0].coach, home_team_id=six[0].pk, away_team_id=six[1].pk)
    assert _codes(refused) == {"playoff-entrant"}


def test_a_play_off_result_counts_once_confirmed(league, six):
    alpha, bravo = six[:2]
    t = tournament(league)
    enter(t, alpha, bravo)
    match, _ = services.tournament_match_arrange(
        tournament_id=t.pk, user=alpha.coach, home_team_id=alpha.pk, away_team_id=bravo.pk
    )
    match_services.prematch_roll(match_id=match.pk, user=alpha.coach)
    match_services.report_submit(match_id=match.pk, user=alpha.coach, report=report(alpha, bravo, 2, 0))
    assert {row.entry.team_id: row.points for row in playoff_table(tournament_get(t.pk))} == {alpha.pk: 0, bravo.pk: 0}
    match_services.report_confirm(match_id=match.pk, user=bravo.coach)
    assert {row.entry.team_id: row.points for row in playoff_table(tournament_get(t.pk))} == {alpha.pk: 17, bravo.pk: 3}


def test_tournament_matches_stay_out_of_the_league_table(league, six):
    from bloodbowl.selectors_standings import league_standings_computed

    t = tournament(league)
    enter(t, *six[:2])
    play(t, six[0], six[1], 1, 0)
    assert all(row.played == 0 for row in league_standings_computed(league).table)


# --- written challenges -------------------------------------------------------------------------------------------------


def _challenge(t, challenger, challenged):
    challenge, _ = services.challenge_issue(
        tournament_id=t.pk, user=challenger.coach, challenger_id=challenger.pk, challenged_id=challenged.pk
    )
    return challenge


def _answer(challenge, team, response, substitute=None):
    answered, _ = services.challenge_answer(
        challenge_id=challenge.pk, user=team.coach, response=response, substitute_id=substitute.pk if substitute else None
    )
    return answered


def test_one_written_challenge_a_week(league, six):
    alpha, bravo, charlie = six[:3]
    t = tournament(league)
    enter(t, *six)
    _challenge(t, alpha, bravo)
    with raises_invalid() as refused:
        _challenge(t, alpha, charlie)
    assert _codes(refused) == {"challenge-weekly"}
    t = advance(t)
    assert _challenge(t, alpha, charlie).week == 2


def test_only_the_challengers_coach_issues_it(league, six):
    t = tournament(league)
    enter(t, *six)
    with pytest.raises(NotPermitted):
        services.challenge_issue(tournament_id=t.pk, user=six[1].coach, challenger_id=six[0].pk, challenged_id=six[1].pk)


def test_an_accepted_challenge_arranges_the_match(league, six):
    alpha, bravo = six[:2]
    t = tournament(league)
    enter(t, *six)
    answered = _answer(_challenge(t, alpha, bravo), bravo, "accept")
    assert answered.status == WrittenChallenge.Status.PLAY
    assert answered.match.state == Match.State.SCHEDULED
    assert {s.team_id for s in answered.match.sides.all()} == {alpha.pk, bravo.pk}


def test_a_refusal_is_a_confirmed_9_0_win_with_no_spp_cash_or_fan_factor(league, six):
    alpha, bravo = six[:2]
    t = tournament(league)
    enter(t, *six)
    before = [
        (_treasury(team), _fan_factor(team), sorted(Player.objects.filter(team=team).values_list("spp", flat=True)))
        for team in (alpha, bravo)
    ]
    with pytest.raises(NotPermitted):
        _answer(_challenge(t, alpha, bravo), alpha, "refuse")  # the challenged coach answers
    answered = _answer(WrittenChallenge.objects.get(tournament=t), bravo, "refuse")
    match = answered.match
    assert (answered.status, answered.refused_by_id, match.state) == ("refused", bravo.pk, Match.State.CONFIRMED)
    assert {s.team_id: (s.score, s.winnings, s.fan_factor_change) for s in match.sides.all()} == {
        alpha.pk: (9, 0, 0),
        bravo.pk: (0, 0, 0),
    }
    after = [
        (_treasury(team), _fan_factor(team), sorted(Player.objects.filter(team=team).values_list("spp", flat=True)))
        for team in (alpha, bravo)
    ]
    assert after == before
    assert not Roll.objects.filter(game=match).exists()
    points = {row.entry.team_id: row.points for row in playoff_table(tournament_get(t.pk))}
    assert (points[alpha.pk], points[bravo.pk]) == (15 + 9, 0)  # the refuser's 5 - 9 = -4 is not put forward by default
    with raises_invalid() as rematch:
        services.tournament_match_arrange(tournament_id=t.pk, user=alpha.coach, home_team_id=alpha.pk, away_team_id=bravo.pk)
    assert _codes(rematch) == {"playoff-rematch"}


def test_a_refused_match_cannot_be_reported(league, six):
    alpha, bravo = six[:2]
    t = tournament(league)
    enter(t, *six)
    match = _answer(_challenge(t, alpha, bravo), bravo, "refuse").match
    with pytest.raises(Invalid) as closed:
        match_services.prematch_roll(match_id=match.pk, user=alpha.coach)
    assert _codes(closed) == {"match-not-scheduled"}


def test_a_substitute_agrees_then_the_challenger_refuses_him_and_concedes_9_0(league, six):
    alpha, bravo, charlie = six[:3]
    t = tournament(league)
    enter(t, *six)
    challenge = _challenge(t, alpha, bravo)
    asked = _answer(challenge, bravo, "substitute", charlie)
    assert (asked.status, asked.substitute_id) == ("substitute_asked", charlie.pk)
    with pytest.raises(NotPermitted):
        _answer(challenge, alpha, "accept")  # the substitute's coach agrees first
    assert _answer(challenge, charlie, "accept").status == "substitute_agreed"
    refused = _answer(challenge, alpha, "refuse")
    assert (refused.status, refused.refused_by_id) == ("refused", alpha.pk)
    assert {s.team_id: s.score for s in refused.match.sides.all()} == {charlie.pk: 9, alpha.pk: 0}


def test_a_substitute_who_declines_leaves_the_answer_to_the_challenged_coach(league, six):
    alpha, bravo, charlie, delta = six[:4]
    t = tournament(league)
    enter(t, *six)
    challenge = _challenge(t, alpha, bravo)
    _answer(challenge, bravo, "substitute", charlie)
    assert _answer(challenge, charlie, "refuse").status == "open"
    _answer(challenge, bravo, "substitute", delta)
    _answer(challenge, delta, "accept")
    played = _answer(challenge, alpha, "accept")
    assert played.status == "play"
    assert {s.team_id for s in played.match.sides.all()} == {alpha.pk, delta.pk}


def test_the_substitute_must_not_have_played_the_challenger(league, six):
    alpha, bravo, charlie = six[:3]
    t = tournament(league)
    enter(t, *six)
    play(t, alpha, charlie, 1, 0)
    with raises_invalid() as refused:
        _answer(_challenge(t, alpha, bravo), bravo, "substitute", charlie)
    assert _codes(refused) == {"substitute-rematch"}


# --- qualification, semi-finals, knockout matches ------------------------------------------------------------------------------


def test_the_four_with_most_points_go_through_and_ties_go_to_the_higher_team_rating(league):
    # Team Ratings: 11 players -> 68; E's four more Bog Linemen (50,000 each) add 20, more than any winnings.
    a, b, c, d, e, f = teams_of(league, "A", "B", "C", "D", "E", "F", players={"E": 15})
    t = tournament(league)
    enter(t, a, b, c, d, e, f)
    play(t, a, b, 2, 0)  # A 17, B 3
    play(t, c, d, 1, 0)  # C 16, D 4
    play(t, e, f, 1, 0)  # E 16 with the higher Team Rating, F 4
    play(t, d, f, 1, 0)  # D 4 + 16 = 20, F 4 + 4 = 8
    t = advance(t, 3)
    assert t.week == 4
    assert t.qualification["semi_finalists"] == [d.pk, a.pk, e.pk, c.pk]
    ratings = t.qualification["team_ratings"]
    assert ratings[str(e.pk)] > ratings[str(c.pk)]
    assert sorted(team for pair in t.semi_finals for team in pair) == sorted([a.pk, c.pk, d.pk, e.pk])


def test_a_tie_on_points_and_team_rating_is_settled_by_a_stored_draw(league, six):
    a, b, c, d, e, f = six
    t = tournament(league)
    enter(t, *six)
    play(t, a, b, 1, 0)
    play(t, c, d, 1, 0)
    play(t, e, f, 1, 0)
    play(t, b, d, 1, 0)  # B 4 + 16, D 4 + 4: the winners A, C, E tie on 16 and TR 68
    t = advance(t, 3)
    assert set(t.qualification["draws"]) == {str(a.pk), str(c.pk), str(e.pk)}
    assert t.qualification["semi_finalists"][0] == b.pk


def test_open_play_off_matches_are_void_when_the_play_offs_end(league, six):
    a, b, c, d = six[:4]
    t = tournament(league)
    enter(t, a, b, c, d)
    play(t, a, b, 1, 0)
    play(t, c, d, 1, 0)
    pending, _ = services.tournament_match_arrange(tournament_id=t.pk, user=a.coach, home_team_id=a.pk, away_team_id=c.pk)
    advance(t, 3)
    pending.refresh_from_db()
    assert pending.state == Match.State.VOIDED
    assert GameEvent.objects.filter(game=pending, action="voided").exists()


def test_knockout_matches_pair_the_draw_carry_the_gate_modifier_and_need_a_winner(league, six):
    a, b, c, d = six[:4]
    t = tournament(league)
    enter(t, a, b, c, d)
    play(t, a, b, 3, 0)
    play(t, c, d, 2, 1)
    t = advance(t, 3)
    (home, away), (other, _) = t.semi_finals
    by_id = {team.pk: team for team in (a, b, c, d)}
    with pytest.raises(Invalid) as not_drawn:
        services.tournament_match_arrange(
            tournament_id=t.pk, user=t.league.commissioners.first(), home_team_id=home, away_team_id=other
        )
    assert _codes(not_drawn) == {"knockout-teams"}
    semi, _ = services.tournament_match_arrange(tournament_id=t.pk, user=by_id[home].coach, home_team_id=home, away_team_id=away)
    assert (semi.tournament_round, semi.stage) == ("semi-final", "semi_final")
    match_services.prematch_roll(match_id=semi.pk, user=by_id[home].coach, dice={"gate": [1, 2, 3, 4, 5, 6]})
    semi.refresh_from_db()
    assert semi.gate == (21 + 6) * 1_000  # +1 per die in a semi-final
    with raises_invalid() as drawn:
        match_services.report_submit(match_id=semi.pk, user=by_id[home].coach, report=report(by_id[home], by_id[away], 1, 1))
    assert {(i.code, i.field) for i in drawn.value.items} == {("knockout-draw", "away.score")}
    with pytest.raises(Invalid) as early:
        advance(t)
    assert _codes(early) == {"semi-finals-unfinished"}


def test_the_final_carries_plus_two_per_die_on_the_gate(league, six):
    t, (home, away) = run_to_final(league, "spike", six[:4])
    final, _ = services.tournament_match_arrange(tournament_id=t.pk, user=home.coach, home_team_id=home.pk, away_team_id=away.pk)
    assert final.stage == "final"
    match_services.prematch_roll(match_id=final.pk, user=home.coach, dice={"gate": [1, 2, 3, 4, 5, 6]})
    final.refresh_from_db()
    assert final.gate == (21 + 6 * 2) * 1_000  # +2 per die in the final


# --- the prizes ---------------------------------------------------------------------------------------------------------


def _final(league, kind, teams, winner_td=2, **fields):
    t, (home, away) = run_to_final(league, kind, teams, **fields)
    play(t, home, away, winner_td, 0)
    return t, home, away


def _prize_rows(team):
    return sorted(LedgerEntry.objects.filter(team=team, reason__contains=": ").values_list("amount", "reason"))


def test_spike_200000_and_100000_a_trophy_and_a_permanent_d6_fan_factor(league, six):
    t, winner, runner_up = _final(league, "spike", six[:4])
    fan_factor = _fan_factor(winner)
    t, applied = services.final_prizes_apply(tournament_id=t.pk, user=league.commissioners.first())
    assert applied
    assert _prize_rows(winner) == [(200_000, "Spike! Magazine Trophy: winners")]
    assert _prize_rows(runner_up) == [(100_000, "Spike! Magazine Trophy: runners-up")]
    (roll,) = Roll.objects.filter(purpose="prize_fan_factor", team=winner)
    assert _fan_factor(winner) == fan_factor + roll.dice[0]
    trophy = Trophy.objects.get(tournament=t)
    assert (trophy.team_id, trophy.trophy_rerolls, trophy.until) == (winner.pk, 1, None)
    assert t.status == "finished"
    _, again = services.final_prizes_apply(tournament_id=t.pk, user=league.commissioners.first())
    assert again is False
    assert len(_prize_rows(winner)) == 1


def test_dungeonbowl_150000_and_100000_and_the_wizard_contract_until_the_next_dungeonbowl(league, six):
    t, winner, runner_up = _final(league, "dungeonbowl", six[:4])
    services.final_prizes_apply(tournament_id=t.pk, user=league.commissioners.first())
    assert _prize_rows(winner) == [(150_000, "Dungeonbowl: winners")]
    assert _prize_rows(runner_up) == [(100_000, "Dungeonbowl: runners-up")]
    honours = team_honours(winner)
    assert honours.wizard_contract.cost == 25_000
    assert honours.effects.trophy_rerolls == 1
    tournament(league, "dungeonbowl")  # the next Dungeonbowl starts
    honours = team_honours(winner)
    assert honours.wizard_contract is None
    assert honours.trophies == []


def test_chaos_cup_winnings_by_the_table_with_the_race_modifier(league, six):
    t, winner, runner_up = _final(league, "chaos-cup", six[:4])
    services.final_prizes_apply(tournament_id=t.pk, user=league.commissioners.first(), chaos_cup_tags=["chaos-cup-plus"])
    (roll,) = Roll.objects.filter(purpose="chaos_cup")
    modified = min(roll.dice[0] + 1, 6)
    expected = {
        1: (100_000, 250_000),
        2: (100_000, 250_000),
        3: (200_000, 150_000),
        4: (200_000, 150_000),
        5: (300_000, 50_000),
        6: (300_000, 50_000),
    }[modified]
    assert (_prize_rows(winner)[0][0], _prize_rows(runner_up)[0][0]) == expected
    assert team_honours(winner).effects.extra_random_events == 1


def test_the_chaos_cup_holder_draws_an_extra_random_event_in_the_pre_match(league, six):
    t, winner, _ = _final(league, "chaos-cup", six[:4])
    services.final_prizes_apply(tournament_id=t.pk, user=league.commissioners.first())
    match = match_services.match_create(league=league, user=winner.coach, home_team_id=winner.pk, away_team_id=six[4].pk)
    match_services.prematch_roll(match_id=match.pk, user=winner.coach)
    event = GameEvent.objects.get(game=match, action="pre-match")
    assert event.payload["trophies"] == {str(winner.pk): {"trophy_rerolls": 1, "extra_random_events": 1, "sponsorship": 0}}


def test_blood_bowl_medals_5_spp_for_every_player_of_both_finalists_and_the_rolls_they_bring(league, six):
    t, winner, runner_up = _final(league, "blood-bowl", six[:4])
    Player.objects.filter(team=runner_up, number=11).update(spp=3)  # a touchdown before: the medal makes him Experienced
    before = {p.pk: p.spp for p in Player.objects.filter(team__in=[winner, runner_up])}
    rolls = StarPlayerRoll.objects.count()
    services.final_prizes_apply(tournament_id=t.pk, user=league.commissioners.first())
    assert _prize_rows(winner) == [(350_000, "Blood Bowl: winners")]
    assert _prize_rows(runner_up) == [(150_000, "Blood Bowl: runners-up")]
    after = {p.pk: p.spp for p in Player.objects.filter(team__in=[winner, runner_up])}
    assert all(after[p] == before[p] + 5 for p in before)
    due = sum(postmatch.star_player_rolls_due(spp, spp + 5, False) for spp in before.values())
    assert StarPlayerRoll.objects.count() == rolls + due
    assert due >= 1


def test_the_blood_bowl_holder_gets_20000_more_winnings_each_later_match(league, six):
    t, winner, _ = _final(league, "blood-bowl", six[:4])
    services.final_prizes_apply(tournament_id=t.pk, user=league.commissioners.first())
    match = match_services.match_create(league=league, user=winner.coach, home_team_id=winner.pk, away_team_id=six[4].pk)
    match_services.prematch_roll(match_id=match.pk, user=winner.coach, dice={"gate": gate_dice(winner, six[4])})
    match_services.report_submit(match_id=match.pk, user=winner.coach, report=report(winner, six[4], 1, 0))
    match_services.report_confirm(match_id=match.pk, user=six[4].coach, dice={"winnings.home": [4], "winnings.away": [4]})
    match = Match.objects.get(pk=match.pk)
    sides = {s.team_id: s for s in match.sides.all()}
    table = {team: postmatch.winnings(match.gate, side.team_rating, 4) for team, side in sides.items()}
    assert sides[winner.pk].winnings == table[winner.pk] + 20_000
    assert sides[six[4].pk].winnings == table[six[4].pk]
    assert LedgerEntry.objects.filter(team=winner, reason__contains="Bloodweiser sponsorship 20,000").exists()


def test_a_minor_tournament_pays_its_prizes_with_no_trophy(league, six):
    t, winner, runner_up = _final(league, "minor", six[:4], name="Far Albion Cup", winner_prize=80_000, runner_up_prize=40_000)
    services.final_prizes_apply(tournament_id=t.pk, user=league.commissioners.first())
    assert _prize_rows(winner) == [(80_000, "Far Albion Cup: winners")]
    assert _prize_rows(runner_up) == [(40_000, "Far Albion Cup: runners-up")]
    assert not Trophy.objects.exists()


def test_prizes_wait_for_the_confirmed_final_and_the_commissioner(league, six):
    t, (home, away) = run_to_final(league, "spike", six[:4])
    with pytest.raises(Invalid) as unplayed:
        services.final_prizes_apply(tournament_id=t.pk, user=league.commissioners.first())
    assert _codes(unplayed) == {"final-unplayed"}
    play(t, home, away, 1, 0)
    with pytest.raises(NotPermitted):
        services.final_prizes_apply(tournament_id=t.pk, user=home.coach)


def test_player_of_the_year_after_the_spike_final_plus_one_fan_factor(league, six):
    t, _, _ = _final(league, "spike", six[:4])
    star = Player.objects.filter(team=six[5]).first()  # not even in the tournament
    Player.objects.filter(pk=star.pk).update(spp=200)
    with pytest.raises(Invalid):
        services.player_of_the_year_award(tournament_id=t.pk, user=league.commissioners.first())  # after the prizes
    services.final_prizes_apply(tournament_id=t.pk, user=league.commissioners.first())
    fan_factor = _fan_factor(six[5])
    awarded = services.player_of_the_year_award(tournament_id=t.pk, user=league.commissioners.first())
    assert (awarded.player_of_the_year["player"], awarded.player_of_the_year["spp"]) == (star.pk, 200)
    assert _fan_factor(six[5]) == fan_factor + 1
    services.player_of_the_year_award(tournament_id=t.pk, user=league.commissioners.first())
    assert _fan_factor(six[5]) == fan_factor + 1  # named once


def test_a_blood_bowl_trophy_is_held_until_the_next_blood_bowl_starts(league, six):
    t, winner, _ = _final(league, "blood-bowl", six[:4])
    services.final_prizes_apply(tournament_id=t.pk, user=league.commissioners.first())
    assert team_honours(winner).effects.sponsorship == 20_000
    tournament(league, "blood-bowl")
    assert team_honours(winner).effects.sponsorship == 0
    assert Trophy.objects.get(tournament=t).until is not None


def test_a_commissioner_arranges_a_play_off_match_for_two_coaches(league, six):
    t = tournament(league)
    enter(t, *six[:2])
    match, _ = services.tournament_match_arrange(
        tournament_id=t.pk, user=league.commissioners.first(), home_team_id=six[0].pk, away_team_id=six[1].pk
    )
    assert play_match(match, six[0], six[1], 1, 0).state == Match.State.CONFIRMED


def test_week_five_is_the_final_of_the_winners_and_the_optional_match_for_3rd_place_of_the_losers(league, six):
    t, (home, away) = run_to_final(league, "spike", six[:4])
    losers = [team for team in six[:4] if team not in (home, away)]
    third, _ = services.tournament_match_arrange(
        tournament_id=t.pk, user=losers[0].coach, home_team_id=losers[0].pk, away_team_id=losers[1].pk
    )
    assert (third.tournament_round, third.stage) == ("third-place", "league")
    with raises_invalid() as mixed:
        services.tournament_match_arrange(tournament_id=t.pk, user=home.coach, home_team_id=home.pk, away_team_id=losers[0].pk)
    assert _codes(mixed) == {"knockout-teams"}
    services.tournament_match_arrange(tournament_id=t.pk, user=home.coach, home_team_id=home.pk, away_team_id=away.pk)
    with pytest.raises(Invalid) as twice:
        services.tournament_match_arrange(tournament_id=t.pk, user=away.coach, home_team_id=away.pk, away_team_id=home.pk)
    assert _codes(twice) == {"knockout-arranged"}
    with pytest.raises(Invalid) as last:
        advance(t)
    assert _codes(last) == {"final-week"}


def test_entries_challenges_and_put_forward_close_with_the_play_offs(league, six):
    a, b, c, d, e, _ = six
    t = tournament(league)
    enter(t, a, b, c, d)
    play(t, a, b, 1, 0)
    play(t, c, d, 1, 0)
    t = advance(t, 3)
    with pytest.raises(Invalid) as late_entry:
        services.entry_create(tournament_id=t.pk, user=e.coach, team_id=e.pk)
    assert _codes(late_entry) == {"playoffs-over"}
    with pytest.raises(Invalid) as late_choice:
        services.put_forward_choose(tournament_id=t.pk, user=a.coach, team_id=a.pk, opponents=None)
    assert _codes(late_choice) == {"playoffs-over"}
    with raises_invalid() as late_challenge:
        services.challenge_issue(tournament_id=t.pk, user=a.coach, challenger_id=a.pk, challenged_id=c.pk)
    assert _codes(late_challenge) == {"challenge-week"}


def test_a_drawn_play_off_needs_the_house_value_before_qualification(league, six):
    a, b, c, d = six[:4]
    league.house_values = {k: v for k, v in league.house_values.items() if k != "tournament.draw_points"}
    league.save()
    t = tournament(league)
    enter(t, a, b, c, d)
    play(t, a, b, 1, 1)
    play(t, c, d, 1, 0)
    rows = {row.entry.team_id: row for row in playoff_table(tournament_get(t.pk))}
    assert (rows[a.pk].points, "Tournament play-off points for a drawn match" in rows[a.pk].problem) == (None, True)
    with raises_invalid() as missing:
        advance(t, 3)
    assert {i.field for i in missing.value.items} == {"tournament.draw_points"}
