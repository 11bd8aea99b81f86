"""Results sent at the same moment, each in its own thread, connection and transaction (PostgreSQL:
SQLite runs one writer at a time, so it cannot race). Every result write locks the game row first,
so the second waits for the first to commit and then sees what it did: the post-game runs once."""

from __future__ import annotations

import pytest

from games.models import GameEvent
from rosters.models import LedgerEntry
from slaughterball.models import Game
from slaughterball.services.results import result_approve, result_confirm, result_submit
from tests.rosters.helpers import race
from tests.slaughterball.results.helpers import result

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

SCORES = [30, 20, 10, 5]


def prizes(game) -> int:
    return LedgerEntry.objects.filter(idempotency_key__startswith=f"prize:game-{game.pk}:").count()


def test_the_last_two_confirmations_at_once_pay_once(game, teams, coach, rival, third, fourth):
    result_submit(game_id=game.pk, user=coach, sides=result(teams, SCORES))
    result_confirm(game_id=game.pk, user=rival)
    outcomes = race(lambda: result_confirm(game_id=game.pk, user=third), lambda: result_confirm(game_id=game.pk, user=fourth))
    assert [changed for _, changed in outcomes] == [True, True]
    assert Game.objects.get(pk=game.pk).state == Game.State.CONFIRMED
    assert prizes(game) == 4
    assert GameEvent.objects.filter(game=game, action="confirmed").count() == 3


def test_a_double_click_confirms_once(game, teams, coach, rival):
    result_submit(game_id=game.pk, user=coach, sides=result(teams, SCORES))
    outcomes = race(lambda: result_confirm(game_id=game.pk, user=rival), lambda: result_confirm(game_id=game.pk, user=rival))
    assert sorted(changed for _, changed in outcomes) == [False, True]
    assert GameEvent.objects.filter(game=game, action="confirmed").count() == 1


def test_a_confirmation_and_an_approval_at_once_pay_once(game, teams, coach, rival, third, fourth, commissioner):
    result_submit(game_id=game.pk, user=coach, sides=result(teams, SCORES))
    result_confirm(game_id=game.pk, user=rival)
    result_confirm(game_id=game.pk, user=third)
    race(lambda: result_confirm(game_id=game.pk, user=fourth), lambda: result_approve(game_id=game.pk, user=commissioner))
    assert Game.objects.get(pk=game.pk).state == Game.State.CONFIRMED
    assert prizes(game) == 4


def test_the_same_result_sent_twice_at_once_is_applied_once(game, teams, coach):
    def send():
        return result_submit(game_id=game.pk, user=coach, sides=result(teams, SCORES), idempotency_key="same")

    outcomes = race(send, send)
    assert sorted(created for _, created in outcomes) == [False, True]
    assert GameEvent.objects.filter(game=game).count() == 1
