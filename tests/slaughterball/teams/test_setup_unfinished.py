"""A coach who buys a skill whose cost is a house value the league has not set sees one sentence (by the API and
on the page), and the commissioner hears of it once: the notice is no part of the refused purchase's transaction,
which the locked purchase rolls back (leagues.setup)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from notifications.models import Notification
from rosters.models import LedgerEntry
from slaughterball.models import Purchase
from tests.api.helpers import problems

UNSET_EVENT = "house-values-unset:"
SENTENCE = "The commissioner has not finished setting up this league."
SKILL_COST = "skills.leadership.cost"  # an unprinted cost, a house value


@pytest.fixture
def unset(league, team):
    """The coach's team signed up; then the league's house values are all unset."""
    ledger = LedgerEntry.objects.count()
    league.house_values = {}
    league.save()
    return ledger


def skill(team) -> dict[str, object]:
    return {"kind": "skill", "item": "leadership", "athlete": team.athletes.get(number=3).pk}  # a cleaver


def test_a_coach_buying_by_the_api_sees_one_sentence_and_nothing_is_bought(api_as, team, commissioner, unset):
    response = api_as(team.coach).post(f"/api/teams/{team.pk}/purchases/", skill(team), format="json")

    assert response.status_code == 400
    assert problems(response) == {("league-setup-unfinished", "league")}
    assert response.json()["errors"][0]["message"] == SENTENCE
    assert not Purchase.objects.exists()
    assert LedgerEntry.objects.count() == unset
    # Written after the purchase's transaction rolled back: it stays.
    [notice] = Notification.objects.filter(user=commissioner, event__startswith=UNSET_EVENT)
    assert "(Leadership cost)" in notice.text  # named as the settings page names it, not by its key
    assert SKILL_COST not in notice.text
    assert notice.url == reverse("league-settings", args=[team.league_id]) + f"#id_{SKILL_COST}"  # its input


def test_a_coach_buying_on_the_page_sees_one_sentence_and_the_commissioner_hears_once(
    api_as, client_as, team, commissioner, unset
):
    api_as(team.coach).post(f"/api/teams/{team.pk}/purchases/", skill(team), format="json")
    athlete = team.athletes.get(number=3)
    data = {"kind": "skill", "item": "leadership", "idempotency_key": "k1", "confirm": "1"}

    response = client_as(team.coach).post(reverse("athlete-spend", args=[athlete.pk]), data)

    assert response.status_code == 400
    page = response.content.decode()
    assert SENTENCE in page.split('class="errors', 1)[1].split("</ul>", 1)[0]  # the form's error, at its top
    assert "skills." not in page  # nor does the list of what may be bought name a key
    assert not Purchase.objects.exists()
    assert Notification.objects.filter(user=commissioner, event__startswith=UNSET_EVENT).count() == 1  # two refusals, one notice


def test_the_commissioner_is_shown_each_unset_value_and_not_notified(api_as, team, commissioner, unset):
    team.coach = commissioner
    team.save()

    response = api_as(commissioner).post(f"/api/teams/{team.pk}/purchases/", skill(team), format="json")

    assert response.status_code == 400
    assert problems(response) == {("house-value-required", SKILL_COST)}
    assert not Notification.objects.filter(event__startswith=UNSET_EVENT).exists()


def test_setting_a_value_makes_the_next_refusal_a_new_notice(api_as, league, team, commissioner, unset):
    api_as(team.coach).post(f"/api/teams/{team.pk}/purchases/", skill(team), format="json")
    league.house_values = {"athletes.valkyries.slasher.value": 2_400_000}
    league.save()

    api_as(team.coach).post(f"/api/teams/{team.pk}/purchases/", skill(team), format="json")

    assert Notification.objects.filter(user=commissioner, event__startswith=UNSET_EVENT).count() == 2


def test_the_options_a_coach_reads_give_the_sentence_as_reason_and_notify_nobody(api_as, client_as, team, unset):
    athlete = team.athletes.get(number=3)

    listed = api_as(team.coach).get(f"/api/athletes/{athlete.pk}/purchase-options/").json()
    page = client_as(team.coach).get(reverse("athlete-spend", args=[athlete.pk])).content.decode()

    leadership = next(option for option in listed if option["item"] == "leadership")
    assert (leadership["allowed"], leadership["reason"]) == (False, SENTENCE)
    assert "skills." not in str(listed)
    assert "skills." not in page
    assert SENTENCE in page
    assert not Notification.objects.filter(event__startswith=UNSET_EVENT).exists()


def test_the_options_a_commissioner_reads_name_each_unset_value(api_as, team, commissioner, unset):
    team.coach = commissioner
    team.save()
    athlete = team.athletes.get(number=3)

    listed = api_as(commissioner).get(f"/api/athletes/{athlete.pk}/purchase-options/").json()

    leadership = next(option for option in listed if option["item"] == "leadership")
    assert leadership["reason"].startswith("Leadership cost is a house value this league has not set yet")
    assert SKILL_COST not in leadership["reason"]  # in words


def test_the_staff_a_coach_may_hire_give_the_sentence_as_reason(api_as, client_as, league, team, commissioner):
    """A printed staff cost unset by the league (a null house value): the coach reads the sentence, by the API and on
    his team page; the commissioner, the value's name."""
    league.house_values = {"staff.physician.cost": None}
    league.save()

    listed = api_as(team.coach).get(f"/api/teams/{team.pk}/purchase-options/").json()
    page = client_as(team.coach).get(reverse("team-detail", args=[team.pk])).content.decode()

    physician = next(option for option in listed if option["item"] == "physician")
    assert (physician["allowed"], physician["reason"]) == (False, SENTENCE)
    assert "staff." not in str(listed)
    assert "staff.physician" not in page
    assert not Notification.objects.filter(event__startswith=UNSET_EVENT).exists()
    team.coach = commissioner
    team.save()
    listed = api_as(commissioner).get(f"/api/teams/{team.pk}/purchase-options/").json()
    reason = next(option for option in listed if option["item"] == "physician")["reason"]
    assert reason.startswith("Physician cost is a house value this league has not set yet")
