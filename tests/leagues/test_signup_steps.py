"""A league that cannot take a team yet (issue 28: "Blood Bowl without team lists is a dead end"): leagues.setup's
`signup_steps` decides it for every game system (its own data, Blood Bowl's team lists, then the house values no
sign-up can do without); the commissioner's dashboard lists the step that fixes it, one click away, and coaches are
offered no sign-up link or form on the league page, the list of leagues or the sign-up page until it can."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from bloodbowl.services.teamlists import team_lists_import
from engine.registry import get_ruleset
from home.selectors import dashboard
from leagues.game_apps import game_app
from leagues.models import League
from leagues.services import league_create, league_update
from leagues.setup import SETUP_UNFINISHED, league_signup_steps, signup_steps
from tests.bloodbowl.factories import SAMPLE_YAML

pytestmark = pytest.mark.django_db

SIGNUP_URLS = {
    "bloodbowl": "bb-team-create",
    "slaughterball": "team-create",
    "pitfighter": "pit-signup",
    "blitzbowl": "blitz-signup",
    "slaughterville": "sv-member-join",
}
NOT_READY = "This league cannot take a team yet."


def new_league(commissioner, game_system: str, *, house_values: str = "suggested", team_lists: str = "empty") -> League:
    data_from = {"team_lists_from": team_lists} if game_system == "bloodbowl" else None
    return league_create(
        user=commissioner,
        name=f"First {game_system} league",
        game_system=game_system,
        options={},
        house_values_from=house_values,
        data_from=data_from,
    )


def page(user, url: str) -> str:
    client = Client()
    if user is not None:
        client.force_login(user)
    response = client.get(url)
    assert response.status_code == 200
    return " ".join(response.content.decode().split())  # as read: one space between words


def signup_url(league: League) -> str:
    return reverse(SIGNUP_URLS[league.game_system], args=[league.pk])


# --- Blood Bowl without team lists ------------------------------------------------------------------------------


@pytest.fixture
def no_lists(commissioner) -> League:
    """A Blood Bowl league started from the suggested house values and no team lists."""
    return new_league(commissioner, "bloodbowl")


def test_the_commissioner_is_told_on_his_dashboard_to_import_the_team_lists(no_lists, commissioner):
    lists_url = reverse("bb-team-lists", args=[no_lists.pk])

    [step] = [item for item in dashboard(commissioner).waiting if item.kind == "setup"]
    body = page(commissioner, "/")

    assert (step.text, step.url) == ("Cannot take a team yet: import its team lists.", lists_url)
    assert "Nothing waits for you" not in body
    assert f'<a href="{lists_url}">{no_lists.name}: Cannot take a team yet: import its team lists.</a>' in body


def test_a_coach_is_offered_no_sign_up_and_told_who_must_act(no_lists, coach):
    league_page = page(coach, reverse("league-detail", args=[no_lists.pk]))
    signup_page = page(coach, signup_url(no_lists))

    assert signup_url(no_lists) not in league_page
    assert "Not ready for sign-ups" in league_page
    for body in (league_page, signup_page):
        assert NOT_READY in body
        assert SETUP_UNFINISHED in body
        assert "It still lacks team lists: sign-up opens once its commissioner (commissioner) has added it." in body
    assert "<form" not in signup_page.split('id="main"')[1]  # no sign-up form (the page's only form is the nav's)
    assert 'name="race"' not in signup_page


def test_the_commissioner_reads_the_step_as_a_link_on_both_pages(no_lists, commissioner):
    lists_url = reverse("bb-team-lists", args=[no_lists.pk])
    for url in (reverse("league-detail", args=[no_lists.pk]), signup_url(no_lists)):
        body = page(commissioner, url)
        assert NOT_READY in body
        assert f'<li><a href="{lists_url}">Import its team lists</a></li>' in body


def test_once_the_team_lists_are_in_the_league_takes_a_team(no_lists, commissioner, coach):
    team_lists_import(league=no_lists, user=commissioner, fmt="yaml", text=SAMPLE_YAML)

    assert league_signup_steps(no_lists) == []
    assert not [item for item in dashboard(commissioner).waiting if item.kind == "setup"]
    league_page = page(coach, reverse("league-detail", args=[no_lists.pk]))
    assert f'href="{signup_url(no_lists)}">Sign up a team</a>' in league_page
    assert NOT_READY not in league_page
    assert 'name="race"' in page(coach, signup_url(no_lists))


def test_the_list_of_leagues_says_not_ready_instead_of_open(no_lists, commissioner):
    ready = new_league(commissioner, "bloodbowl", team_lists="sample")
    ready.name = "Ready Bowl"
    ready.save()

    body = page(None, reverse("league-list"))

    row = body.split(f">{no_lists.name}</a>")[1].split("</tr>")[0]
    assert '<span class="badge">Not ready</span>' in row
    assert '<span class="badge ok">Open</span>' in body.split(">Ready Bowl</a>")[1].split("</tr>")[0]


# --- House values a sign-up needs, in every game system ---------------------------------------------------------


@pytest.mark.parametrize("game_system", ["bloodbowl", "slaughterball", "pitfighter"])
def test_a_league_whose_house_values_a_team_needs_are_unset_offers_no_sign_up(game_system, commissioner, coach):
    league = new_league(commissioner, game_system, house_values="empty", team_lists="sample")
    ruleset = get_ruleset(game_system)
    needed = ruleset.signup_unset({})
    settings = reverse(game_app(league).settings_url, args=[league.pk])

    [step] = league_signup_steps(league)
    assert step.url == f"{settings}#id_{needed[0]}"
    assert step.action == f"set the {len(needed)} house values a team needs"
    assert f'id="id_{needed[0]}"' in page(commissioner, settings)  # the link's input
    assert signup_url(league) not in page(coach, reverse("league-detail", args=[league.pk]))
    assert f"It still lacks {len(needed)} house values a team needs" in page(coach, signup_url(league))
    assert f"Cannot take a team yet: set the {len(needed)} house values a team needs." in [
        item.text for item in dashboard(commissioner).waiting
    ]

    suggested = ruleset.suggested_house_values()
    league_update(league=league, user=commissioner, house_values={key: suggested[key] for key in needed})

    assert league_signup_steps(league) == []  # the other house values may stay unset
    assert signup_url(league) in page(coach, reverse("league-detail", args=[league.pk]))


@pytest.mark.parametrize("game_system", ["blitzbowl", "slaughterville"])
def test_a_game_system_that_needs_no_house_value_takes_a_team_at_once(game_system, commissioner, coach):
    league = new_league(commissioner, game_system, house_values="empty")

    assert league_signup_steps(league) == []
    assert signup_url(league) in page(coach, reverse("league-detail", args=[league.pk]))


def test_the_steps_of_many_leagues_cost_one_query_for_the_team_lists(commissioner, django_assert_num_queries):
    leagues = [new_league(commissioner, "bloodbowl") for _ in range(3)]
    leagues += [new_league(commissioner, system, house_values="empty") for system in ("slaughterball", "pitfighter")]

    # Blood Bowl's team lists, every league's at once; house values are read from the rows already loaded.
    with django_assert_num_queries(1):
        steps = signup_steps(leagues)

    assert sorted(steps) == sorted(league.pk for league in leagues)
    assert [len(steps[league.pk]) for league in leagues] == [1, 1, 1, 1, 1]
