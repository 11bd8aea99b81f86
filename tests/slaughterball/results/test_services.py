"""The result pipeline's services: submit, confirm, approve, dispute, void, and the post-game
(rulebook: Play League Games, Award League Points, Award Prize Money, No-Shows)."""

from __future__ import annotations

import pytest

from games.models import GameEvent
from notifications.models import Notification
from pitside.errors import Invalid, NotFound, NotPermitted
from rosters.models import LedgerEntry
from rosters.selectors import team_balances
from rosters.services import grant_create
from slaughterball.models import Game, Standing
from slaughterball.selectors_teams import team_get
from slaughterball.services.results import (
    result_approve,
    result_confirm,
    result_dispute,
    result_draft_save,
    result_submit,
    result_void,
)
from slaughterball.services.teams import purchase_make
from tests.factories import UserFactory
from tests.refusals import raises_invalid
from tests.slaughterball.results.helpers import make_game, make_team_for, result

SCORES = [30, 20, 10, 5]


def treasury(team) -> int:
    return team_balances(team_get(team.pk))["treasury"]


def confirm_all(game, users) -> Game:
    for user in users:
        game, _ = result_confirm(game_id=game.pk, user=user)
    return game


def problems(error: pytest.ExceptionInfo) -> list[tuple[str, str]]:
    return [(item.code, item.field) for item in error.value.items]


@pytest.fixture
def submitted(game, teams, coach):
    game, _ = result_submit(game_id=game.pk, user=coach, sides=result(teams, SCORES))
    return game


# --- Submit -----------------------------------------------------------------------------------------


def test_a_coach_submits_and_the_others_are_asked_to_confirm(game, teams, coach, rival, third, fourth):
    game, created = result_submit(game_id=game.pk, user=coach, sides=result(teams, SCORES))

    assert created
    assert game.state == Game.State.SUBMITTED
    assert [s.team_id for s in game.sides.all()] == [t.pk for t in teams]
    assert [s.order_of_play for s in game.sides.all()] == [1, 2, 3, 4]
    assert [s.score for s in game.sides.all()] == SCORES
    assert [s.place for s in game.sides.all()] == [None] * 4  # nothing awarded before confirmation
    event = game.events.get()
    assert (event.action, event.user, event.team) == ("submitted", coach, teams[0])
    assert event.payload["sides"][0] == {"team": teams[0].pk, "score": 30, "unused_edge_tokens": 0, "no_show": False}
    asked = set(Notification.objects.filter(event__startswith="result-confirm:").values_list("user__username", flat=True))
    assert asked == {rival.username, third.username, fourth.username}


def test_the_order_of_play_is_the_order_sent(game, teams, coach):
    order = [teams[2], teams[0], teams[3], teams[1]]
    game, _ = result_submit(game_id=game.pk, user=coach, sides=result(order, SCORES))
    assert {s.team_id: s.order_of_play for s in game.sides.all()} == {t.pk: i for i, t in enumerate(order, 1)}


def test_every_violation_is_reported_at_once_and_nothing_changes(season, teams, coach):
    game = make_game(season, teams, edge_tokens=[0, 1, 2, 3])
    sides = result(teams, [20, 20, -1, 4], unused=[1, 0, 3, 0])
    log = [{"team": teams[0].pk, "kind": "goal", "distance": 3}]
    with raises_invalid() as refused:
        result_submit(
            game_id=game.pk,
            user=coach,
            sides=sides,
            scoring_log=log,
            injuries=[{"athlete": 999_999, "tokens": 2, "killed": False}],
        )
    assert problems(refused) == [
        ("edge-tokens-unused", "sides[0].unused_edge_tokens"),
        ("score-invalid", "sides[2].score"),
        ("edge-tokens-unused", "sides[2].unused_edge_tokens"),
        ("tie-for-first", "sides"),
        ("log-total", "sides[0].score"),
        ("log-total", "sides[1].score"),
        ("log-total", "sides[3].score"),
        ("injury-athlete", "injuries[0].athlete"),
    ]
    game.refresh_from_db()
    assert game.state == Game.State.SCHEDULED
    assert not GameEvent.objects.exists()


def test_unrecorded_edge_tokens_count_as_none_received(game, teams, coach):
    with raises_invalid() as refused:
        result_submit(game_id=game.pk, user=coach, sides=result(teams, SCORES, unused=[0, 1, 0, 0]))
    assert problems(refused) == [("edge-tokens-unused", "sides[1].unused_edge_tokens")]


def test_a_team_not_in_the_game_is_refused(game, teams, coach, league):
    outsider = make_team_for(league, UserFactory(username="outsider"), "Outsiders")
    with raises_invalid() as refused:
        result_submit(game_id=game.pk, user=coach, sides=result([*teams[:3], outsider], SCORES))
    assert problems(refused) == [("result-team-unknown", "sides[3].team"), ("result-team-missing", "sides")]


def test_a_scoring_log_that_adds_up_is_kept(game, teams, coach):
    a, b, c, d = (t.pk for t in teams)
    log = [
        {"team": a, "kind": "goals-opened"},
        {"team": a, "kind": "goal", "distance": 5},
        {"team": b, "kind": "spike", "target": "cleaver", "distance": 2},
        {"team": b, "kind": "slaughter", "target": "butcher", "injured": True, "penalized": True},
        {"team": c, "kind": "slaughter", "target": "slasher", "injured": True},
        {"team": d, "kind": "goal", "distance": 0},
    ]
    game, _ = result_submit(game_id=game.pk, user=coach, sides=result(teams, [7, 3, 3, 1]), scoring_log=log)
    stored = game.events.get().payload["scoring_log"]
    assert stored[1] == {"team": a, "kind": "goal", "target": None, "distance": 5, "injured": False, "penalized": False}


def test_injuries_must_name_athletes_who_played_for_the_game(season, teams, coach, league):
    own = list(teams[0].athletes.values_list("pk", flat=True))
    game = make_game(season, teams, lineups=[own[:6], [], [], []])
    benched, other_team = own[7], teams[1].athletes.first().pk
    outsider = make_team_for(league, UserFactory(username="outsider"), "Outsiders").athletes.first().pk
    injuries = [
        {"athlete": own[0], "tokens": 3, "killed": False},
        {"athlete": other_team, "tokens": 1, "killed": True},  # no lineup recorded: any athlete of the team
        {"athlete": benched, "tokens": 1, "killed": False},
        {"athlete": outsider, "tokens": 1, "killed": False},
    ]
    with raises_invalid() as refused:
        result_submit(game_id=game.pk, user=coach, sides=result(teams, SCORES), injuries=injuries)
    assert problems(refused) == [("injury-athlete", "injuries[2].athlete"), ("injury-athlete", "injuries[3].athlete")]
    game, _ = result_submit(game_id=game.pk, user=coach, sides=result(teams, SCORES), injuries=injuries[:2])
    assert game.events.get().payload["injuries"] == injuries[:2]


def test_a_resubmission_replaces_the_result_and_confirmations_start_again(submitted, teams, coach, rival, third, fourth):
    result_confirm(game_id=submitted.pk, user=rival)
    game, _ = result_submit(game_id=submitted.pk, user=third, sides=result(teams, [5, 10, 20, 30]))
    game = confirm_all(game, [rival, fourth])
    assert game.state == Game.State.SUBMITTED  # the first submitter has not confirmed the new one
    game, _ = result_confirm(game_id=game.pk, user=coach)
    assert game.state == Game.State.CONFIRMED
    assert [s.place for s in game.sides.all()] == [4, 3, 2, 1]


def test_a_result_sent_twice_with_one_key_applies_once(game, teams, coach):
    _first, created = result_submit(game_id=game.pk, user=coach, sides=result(teams, SCORES), idempotency_key="k1")
    _again, created_again = result_submit(game_id=game.pk, user=coach, sides=result(teams, SCORES), idempotency_key="k1")
    assert (created, created_again) == (True, False)
    assert GameEvent.objects.filter(game=game).count() == 1
    with pytest.raises(Invalid) as refused:
        result_submit(game_id=game.pk, user=coach, sides=result(teams, [1, 2, 3, 4]), idempotency_key="k1")
    assert problems(refused) == [("idempotency-key-reused", "idempotency_key")]


def test_a_confirmed_result_cannot_be_submitted_over(submitted, teams, coach, rival, third, fourth):
    confirm_all(submitted, [rival, third, fourth])
    with pytest.raises(Invalid) as refused:
        result_submit(game_id=submitted.pk, user=coach, sides=result(teams, [1, 2, 3, 4]))
    assert problems(refused) == [("result-confirmed", "game")]


def test_an_unknown_game_is_not_found(coach):
    with pytest.raises(NotFound):
        result_submit(game_id=999_999, user=coach, sides=[])


# --- Confirm and the post-game ------------------------------------------------------------------------


def test_when_every_other_coach_confirms_the_post_game_pays(
    submitted, teams, rival, third, fourth, django_capture_on_commit_callbacks
):
    game = confirm_all(submitted, [rival, third])
    assert game.state == Game.State.SUBMITTED
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        game, changed = result_confirm(game_id=game.pk, user=fourth)
    assert changed
    assert game.state == Game.State.CONFIRMED
    assert game.confirmed_at is not None
    sides = list(game.sides.all())
    assert [(s.place, s.league_points, s.prize_money) for s in sides] == [
        (1, 3, 400_000),
        (2, 2, 300_000),
        (3, 1, 200_000),
        (4, 0, 100_000),
    ]
    assert [treasury(t) for t in teams] == [400_000, 300_000, 200_000, 100_000]
    entry = LedgerEntry.objects.get(team=teams[0], amount=400_000)
    assert entry.account == "treasury"
    assert "Season 1, week 1, game 1" in entry.reason
    assert "1st place, 3 League Points, 0 unused Edge tokens" in entry.reason
    # The standings recompute was queued after commit (eager here) and ranked the teams.
    assert callbacks
    assert list(Standing.objects.filter(week=1).order_by("rank").values_list("team_id", "league_points")) == [
        (teams[0].pk, 3),
        (teams[1].pk, 2),
        (teams[2].pk, 1),
        (teams[3].pk, 0),
    ]
    assert set(Notification.objects.filter(event__startswith="result-confirmed:").values_list("user_id", flat=True)) == {
        t.coach_id for t in teams
    }


def test_unused_edge_tokens_and_ties_are_paid_as_printed(season, teams, coach, rival, third, fourth):
    game = make_game(season, teams, edge_tokens=[0, 2, 3, 5])
    result_submit(game_id=game.pk, user=coach, sides=result(teams, [30, 12, 12, 12], unused=[0, 1, 0, 5]))
    game = confirm_all(game, [rival, third, fourth])
    assert [(s.place, s.league_points, s.prize_money) for s in game.sides.all()] == [
        (1, 3, 400_000),
        (2, 0, 150_000),
        (2, 0, 100_000),
        (2, 0, 350_000),
    ]


def test_a_no_show_earns_nothing_and_the_others_are_paid_as_if_he_came_last(game, teams, coach, rival, third, fourth):
    result_submit(game_id=game.pk, user=coach, sides=result(teams, [12, None, 3, 0]))
    game = confirm_all(game, [rival, third, fourth])
    assert [(s.no_show, s.place, s.league_points, s.prize_money) for s in game.sides.all()] == [
        (False, 1, 3, 400_000),
        (True, 4, 0, 0),
        (False, 2, 2, 300_000),
        (False, 3, 1, 200_000),
    ]
    assert not LedgerEntry.objects.filter(team=teams[1], reason__startswith="Prize").exists()


def test_a_game_that_does_not_pay_awards_league_points_but_no_money(season, teams, coach, rival, third, fourth):
    game = make_game(season, teams, pays=False)
    result_submit(game_id=game.pk, user=coach, sides=result(teams, SCORES))
    game = confirm_all(game, [rival, third, fourth])
    assert [(s.league_points, s.prize_money) for s in game.sides.all()] == [(3, 0), (2, 0), (1, 0), (0, 0)]
    assert not LedgerEntry.objects.filter(reason__startswith="Prize").exists()


def test_a_result_confirmed_again_after_a_void_is_announced_again(season, teams, coach, rival, third, fourth, commissioner):
    game = make_game(season, teams, pays=False)  # no ledger row is written between the two confirmations
    result_submit(game_id=game.pk, user=coach, sides=result(teams, SCORES))
    confirm_all(game, [rival, third, fourth])
    result_void(game_id=game.pk, user=commissioner, reason="Replay")
    result_submit(game_id=game.pk, user=coach, sides=result(teams, [5, 10, 20, 30]))
    confirm_all(game, [rival, third, fourth])
    told = Notification.objects.filter(user=fourth, event__startswith="result-confirmed:").order_by("id")
    assert [n.text.rsplit(": ", 1)[-1] for n in told] == [
        "4th place, 0 League Points, 0 credits.",
        "1st place, 3 League Points, 0 credits.",
    ]


def test_confirming_twice_confirms_once(submitted, teams, rival, third, fourth):
    game, changed = result_confirm(game_id=submitted.pk, user=rival)
    _, again = result_confirm(game_id=submitted.pk, user=rival)
    assert (changed, again) == (True, False)
    game = confirm_all(game, [third, fourth])
    _, after = result_confirm(game_id=game.pk, user=rival)
    assert after is False
    assert LedgerEntry.objects.filter(reason__startswith="Prize").count() == 4
    assert game.events.filter(action="confirmed").count() == 3


def test_the_submitter_does_not_confirm_his_own_result(submitted, coach):
    with pytest.raises(Invalid) as refused:
        result_confirm(game_id=submitted.pk, user=coach)
    assert problems(refused) == [("own-submission", "game")]


def test_nothing_to_confirm_before_a_submission(game, rival):
    with pytest.raises(Invalid) as refused:
        result_confirm(game_id=game.pk, user=rival)
    assert problems(refused) == [("nothing-to-confirm", "game")]


def test_a_commissioners_submission_needs_every_coach(game, teams, commissioner, coach, rival, third, fourth):
    result_submit(game_id=game.pk, user=commissioner, sides=result(teams, SCORES))
    game = confirm_all(game, [rival, third, fourth])
    assert game.state == Game.State.SUBMITTED
    game = confirm_all(game, [coach])
    assert game.state == Game.State.CONFIRMED


def test_a_coach_of_every_team_that_played_confirms_by_submitting(season, league, team, coach):
    second = make_team_for(league, coach, "Second Berthas")
    game = make_game(season, [team, second])
    game, _ = result_submit(game_id=game.pk, user=coach, sides=result([team, second], [3, 1]))
    assert game.state == Game.State.CONFIRMED


# --- Approve, dispute, void ------------------------------------------------------------------------------


def test_the_commissioner_approves_at_once(submitted, commissioner, teams):
    game, changed = result_approve(game_id=submitted.pk, user=commissioner)
    assert changed
    assert game.state == Game.State.CONFIRMED
    assert treasury(teams[0]) == 400_000
    assert result_approve(game_id=submitted.pk, user=commissioner)[1] is False
    assert LedgerEntry.objects.filter(reason__startswith="Prize").count() == 4


def test_a_dispute_goes_to_the_commissioner_who_approves(submitted, rival, commissioner):
    game, _ = result_dispute(game_id=submitted.pk, user=rival, reason="We scored 22, not 20.")
    assert game.state == Game.State.DISPUTED
    assert game.events.last().payload == {"reason": "We scored 22, not 20."}
    assert Notification.objects.filter(user=commissioner, event__startswith="result-disputed:").exists()
    with pytest.raises(Invalid):
        result_confirm(game_id=game.pk, user=rival)  # a disputed result waits for the commissioner
    game, _ = result_approve(game_id=game.pk, user=commissioner)
    assert game.state == Game.State.CONFIRMED


def test_a_dispute_needs_a_reason_and_another_coach(submitted, rival, coach):
    with pytest.raises(Invalid) as refused:
        result_dispute(game_id=submitted.pk, user=rival, reason="  ")
    assert problems(refused) == [("reason-required", "reason")]
    with pytest.raises(Invalid) as refused:
        result_dispute(game_id=submitted.pk, user=coach, reason="I got it wrong")
    assert problems(refused) == [("own-submission", "game")]


def test_a_disputed_result_voided_can_be_submitted_again(submitted, rival, commissioner, coach, teams):
    result_dispute(game_id=submitted.pk, user=rival, reason="Wrong")
    game, _ = result_void(game_id=submitted.pk, user=commissioner, reason="Replay it")
    assert game.state == Game.State.VOIDED
    assert not LedgerEntry.objects.filter(reason__contains="voided").exists()  # nothing was paid
    game, _ = result_submit(game_id=game.pk, user=coach, sides=result(teams, [4, 3, 2, 1]))
    assert game.state == Game.State.SUBMITTED


def test_void_reverses_everything_the_result_caused_and_keeps_history(
    submitted, teams, commissioner, rival, third, fourth, django_capture_on_commit_callbacks
):
    confirm_all(submitted, [rival, third, fourth])
    with django_capture_on_commit_callbacks(execute=True):
        game, changed = result_void(game_id=submitted.pk, user=commissioner, reason="Played with the wrong board")
    assert changed
    assert game.state == Game.State.VOIDED
    assert game.confirmed_at is None
    assert [(s.score, s.place, s.league_points, s.prize_money) for s in game.sides.all()] == [(None, None, None, None)] * 4
    assert [treasury(t) for t in teams] == [0, 0, 0, 0]
    reversals = LedgerEntry.objects.filter(amount__lt=0, reason__startswith="Result voided")
    assert sorted(reversals.values_list("amount", flat=True)) == [-400_000, -300_000, -200_000, -100_000]
    assert LedgerEntry.objects.filter(reason__startswith="Prize").count() == 4  # the history stays
    assert list(game.events.values_list("action", flat=True)) == ["submitted", "confirmed", "confirmed", "confirmed", "voided"]
    voided = game.events.last()
    assert voided.payload["reason"] == "Played with the wrong board"
    assert sorted(r["amount"] for r in voided.payload["reversed"]) == [-400_000, -300_000, -200_000, -100_000]
    # The standings after the void: nobody has a point.
    assert set(Standing.objects.filter(season=game.week.season).values_list("league_points", flat=True)) == {0}
    # Voiding again changes nothing; the key makes a retry harmless too.
    with pytest.raises(Invalid):
        result_void(game_id=game.pk, user=commissioner, reason="again")


def test_void_is_refused_when_a_prize_was_spent_and_names_every_team(submitted, teams, commissioner, rival, third, fourth, coach):
    confirm_all(submitted, [rival, third, fourth])
    purchase_make(team_id=teams[0].pk, user=coach, kind="staff", item="cheerleader")  # 100,000 of 400,000 spent
    with pytest.raises(Invalid) as refused:
        result_void(game_id=submitted.pk, user=commissioner, reason="Wrong")
    assert problems(refused) == [("void-treasury-short", "game")]
    assert "Brutal Berthas" in refused.value.items[0].message
    assert Game.objects.get(pk=submitted.pk).state == Game.State.CONFIRMED
    league = teams[0].league
    grant_create(league=league, user=commissioner, team_id=teams[0].pk, amount=100_000, reason="Cover the void")
    game, _ = result_void(game_id=submitted.pk, user=commissioner, reason="Wrong")
    assert game.state == Game.State.VOIDED
    assert treasury(teams[0]) == 0


# --- Live entry -------------------------------------------------------------------------------------------


def test_a_draft_is_kept_per_game_and_submitted_at_the_end(game, teams, coach, rival):
    draft = {"sides": result(teams, [2, 0, 0, 0]), "scoring_log": [{"team": teams[0].pk, "kind": "goals-opened"}]}
    result_draft_save(game_id=game.pk, user=coach, data=draft)
    saved = result_draft_save(game_id=game.pk, user=rival, data={**draft, "sides": result(teams, [2, 1, 0, 0])})
    assert saved.game_id == game.pk
    assert saved.updated_by == rival
    assert game.draft.data["sides"][1]["score"] == 1
    with pytest.raises(NotPermitted):
        result_draft_save(game_id=game.pk, user=UserFactory(username="nosy"), data=draft)
