"""A Blood Bowl match's result on the shared lifecycle (games.lifecycle): what the Blood Bowl hooks add
(a tournament's match is not voided, a play-off match the play-offs voided takes no report) and what the
API still calls its states and history."""

from __future__ import annotations

import pytest

from bloodbowl.models import Match
from bloodbowl.services import matches as services
from bloodbowl.services import tournaments as tournament_services
from pitside.errors import NotPermitted
from rosters.selectors import team_balances
from tests.bloodbowl.match_helpers import bloodbowl_league, bloodbowl_team
from tests.bloodbowl.tournament_helpers import advance, enter, play, report, tournament
from tests.factories import UserFactory
from tests.refusals import raises_invalid


def _kicked_off(league, home, away):
    match = services.match_create(league=league, user=home.coach, home_team_id=home.pk, away_team_id=away.pk)
    services.prematch_roll(match_id=match.pk, user=home.coach)
    return match


def _codes(refused):
    return [item.code for item in refused.value.items]


def _state(match):
    return Match.objects.get(pk=match.pk).state


def test_a_commissioners_report_waits_for_both_coaches(bb, commissioner):
    league, home, away = bb
    match = _kicked_off(league, home, away)
    services.report_submit(match_id=match.pk, user=commissioner, report=report(home, away, 1, 0))
    services.report_confirm(match_id=match.pk, user=home.coach)
    assert _state(match) == Match.State.SUBMITTED
    services.report_confirm(match_id=match.pk, user=away.coach)
    assert _state(match) == Match.State.CONFIRMED


def test_a_dispute_then_the_commissioners_approval(bb, commissioner):
    league, home, away = bb
    match = _kicked_off(league, home, away)
    services.report_submit(match_id=match.pk, user=home.coach, report=report(home, away, 1, 0))
    with raises_invalid() as own:
        services.report_dispute(match_id=match.pk, user=home.coach, reason="Mine")
    assert _codes(own) == ["own-submission"]
    with pytest.raises(NotPermitted):
        services.report_dispute(match_id=match.pk, user=UserFactory(), reason="Not mine")
    services.report_dispute(match_id=match.pk, user=away.coach, reason="One touchdown too many")
    assert _state(match) == Match.State.DISPUTED
    _, changed = services.report_confirm(match_id=match.pk, user=commissioner)
    assert changed
    assert _state(match) == Match.State.CONFIRMED
    assert [e.action for e in Match.objects.get(pk=match.pk).events.all()][-2:] == ["disputed", "approved"]


def test_a_reported_league_match_is_voided_then_reported_again(bb, commissioner):
    league, home, away = bb
    match = _kicked_off(league, home, away)
    services.report_submit(match_id=match.pk, user=home.coach, report=report(home, away, 1, 0))
    services.match_void(match_id=match.pk, user=commissioner, reason="Wrong teams")
    assert _state(match) == Match.State.VOIDED
    services.report_submit(match_id=match.pk, user=home.coach, report=report(home, away, 2, 0))
    services.report_confirm(match_id=match.pk, user=away.coach)
    assert {s.team_id: s.score for s in Match.objects.get(pk=match.pk).sides.all()} == {home.pk: 2, away.pk: 0}


def test_a_void_of_a_confirmed_match_reverses_its_ledger_rows_and_clears_its_sides(bb, commissioner):
    league, home, away = bb
    treasury = team_balances(home)["treasury"]
    match = _kicked_off(league, home, away)
    services.report_submit(match_id=match.pk, user=home.coach, report=report(home, away, 1, 0))
    services.report_confirm(match_id=match.pk, user=away.coach)
    voided, _ = services.match_void(match_id=match.pk, user=commissioner, reason="Replay")
    assert team_balances(home)["treasury"] == treasury
    assert list(voided.events.all())[-1].payload["reversed"]  # the ledger rows the post-match wrote, reversed
    assert {(s.score, s.winnings) for s in voided.sides.all()} == {(None, None)}


def test_a_key_sent_again_with_another_report_is_refused(bb):
    league, home, away = bb
    match = _kicked_off(league, home, away)
    services.report_submit(match_id=match.pk, user=home.coach, report=report(home, away, 1, 0), idempotency_key="k1")
    _, changed = services.report_submit(match_id=match.pk, user=home.coach, report=report(home, away, 1, 0), idempotency_key="k1")
    assert not changed
    with raises_invalid() as reused:
        services.report_submit(match_id=match.pk, user=home.coach, report=report(home, away, 2, 0), idempotency_key="k1")
    assert _codes(reused) == ["idempotency-key-reused"]


def test_a_retried_report_with_tuples_is_the_same_report(bb):
    # The history keeps the report as its JSON column stores it (lists); a retry sent with tuples matches it.
    league, home, away = bb
    match = _kicked_off(league, home, away)
    sent = report(home, away, 1, 0)
    services.report_submit(match_id=match.pk, user=home.coach, report=sent, idempotency_key="k1")
    as_tuples = {**sent, "home": {**sent["home"], "players": tuple(sent["home"].get("players", ()))}}
    _, changed = services.report_submit(match_id=match.pk, user=home.coach, report=as_tuples, idempotency_key="k1")
    assert not changed


def test_a_tournament_match_is_the_tournaments_it_is_not_voided(db, commissioner):
    league = bloodbowl_league(commissioner, table_dice=True)
    alpha = bloodbowl_team(league, UserFactory(), "Alpha")
    bravo = bloodbowl_team(league, UserFactory(), "Bravo")
    t = tournament(league)
    enter(t, alpha, bravo)
    match = play(t, alpha, bravo, 1, 0)
    with raises_invalid() as refused:
        services.match_void(match_id=match.pk, user=commissioner, reason="No")
    assert _codes(refused) == ["match-not-voidable"]
    assert _state(match) == Match.State.CONFIRMED


def test_a_play_off_match_the_play_offs_voided_takes_no_report(db, commissioner):
    league = bloodbowl_league(commissioner, table_dice=True)
    a, b, c, d = (bloodbowl_team(league, UserFactory(), name) for name in ("Alpha", "Bravo", "Charlie", "Delta"))
    t = tournament(league)
    enter(t, a, b, c, d)
    play(t, a, b, 1, 0)
    play(t, c, d, 1, 0)
    pending, _ = tournament_services.tournament_match_arrange(
        tournament_id=t.pk, user=a.coach, home_team_id=a.pk, away_team_id=c.pk
    )
    services.prematch_roll(match_id=pending.pk, user=a.coach)
    services.report_submit(match_id=pending.pk, user=a.coach, report=report(a, c, 1, 0))
    advance(t, 3)
    assert _state(pending) == Match.State.VOIDED
    with raises_invalid() as closed:
        services.report_submit(match_id=pending.pk, user=a.coach, report=report(a, c, 1, 0))
    assert _codes(closed) == ["match-closed"]


def test_the_api_keeps_its_status_and_history_names(bb, api_as, commissioner):
    league, home, away = bb
    match = _kicked_off(league, home, away)
    url = f"/api/bloodbowl/matches/{match.pk}/"
    assert api_as(home.coach).get(url).json()["status"] == "scheduled"
    services.report_submit(match_id=match.pk, user=home.coach, report=report(home, away, 1, 0))
    body = api_as(home.coach).get(url).json()
    assert body["status"] == "reported"
    assert [e["action"] for e in body["history"]] == ["created", "pre-match", "reported"]
    services.report_dispute(match_id=match.pk, user=away.coach, reason="No")
    assert api_as(home.coach).get(url).json()["history"][-1]["data"] == {"reason": "No"}
    services.match_void(match_id=match.pk, user=commissioner, reason="Replay")
    assert api_as(home.coach).get(url).json()["status"] == "void"
