"""Two workers given the same delivery at the same moment (a duplicated task, the sweep beside a retry):
the conditional update lets one of them claim it, and the receiver gets one post."""

from __future__ import annotations

import pytest

from tests.factories import make_team
from tests.rosters.helpers import race
from webhooks.models import Delivery
from webhooks.services import channel_create, delivery_attempt

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_two_workers_racing_for_a_delivery_post_it_once(league, commissioner, coach, receiver):
    channel_create(league_id=league.pk, user=commissioner, kind="webhook", url=receiver.url, secret="s", events=["signup"])
    receiver.down()
    make_team(league, coach)  # its eager task tries once, refused: pending for the next try
    receiver.up()
    [delivery] = Delivery.objects.all()

    outcomes = race(*[lambda: delivery_attempt(delivery_id=delivery.pk)] * 4)

    assert sorted(o.status if o else "" for o in outcomes) == ["", "", "", "sent"]
    assert len(receiver.received) == 1
    delivery.refresh_from_db()
    assert (delivery.status, delivery.tries) == (Delivery.Status.SENT, 2)
