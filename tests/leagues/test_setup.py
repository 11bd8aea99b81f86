"""leagues.setup on its own: a refusal is answered as a league's unfinished setup only inside a request that handed
that league's house values to the engine, and only for someone who does not commission it."""

from __future__ import annotations

from django.http import HttpResponse
from django.test import RequestFactory

from leagues.setup import SETUP_UNFINISHED, LeagueSetupMiddleware, league_house_values, league_setup_refusal
from notifications.models import Notification
from pitside.errors import ErrorItem, Invalid

UNSET = Invalid(
    [ErrorItem("house-value-required", "skills.leadership.cost", "Leadership cost is not set."), ErrorItem("x", "y", "Z.")]
)


def refused_in_a_request(user, league=None) -> Invalid:
    """`UNSET` answered inside a request of `user` that handed `league`'s house values to the engine (if any)."""
    answered: list[Invalid] = []

    def view(request) -> HttpResponse:
        if league is not None:
            league_house_values(league)
        answered.append(league_setup_refusal(UNSET))
        return HttpResponse()

    request = RequestFactory().post("/")
    request.user = user
    LeagueSetupMiddleware(view)(request)
    return answered[0]


def test_a_coach_reads_one_sentence_and_the_other_errors(league, coach, commissioner):
    answer = refused_in_a_request(coach, league)

    assert [(i.code, i.field, i.message) for i in answer.items] == [
        ("league-setup-unfinished", "league", SETUP_UNFINISHED),
        ("x", "y", "Z."),
    ]
    assert Notification.objects.filter(user=commissioner, event__startswith="house-values-unset:").count() == 1


def test_a_commissioner_or_a_request_that_read_no_league_gets_the_refusal_as_it_is(league, coach, commissioner):
    assert refused_in_a_request(commissioner, league) is UNSET
    assert refused_in_a_request(coach) is UNSET
    assert league_setup_refusal(UNSET) is UNSET  # outside any request (a task, a command)
    assert not Notification.objects.filter(event__startswith="house-values-unset:").exists()


def test_what_a_request_noted_ends_with_it(league, coach):
    refused_in_a_request(coach, league)

    assert refused_in_a_request(coach) is UNSET
