"""League endpoints beyond permissions and bad input: list order and filters, pages, settings updates."""

from __future__ import annotations

import warnings

import pytest
from django.core.paginator import UnorderedObjectListWarning

from engine.slaughterball.ruleset import OPTIONS
from engine.slaughterball.ruleset import RULESET as SLAUGHTERBALL
from rosters.services import grant_create
from tests.factories import LeagueFactory, UserFactory, make_team


@pytest.fixture(autouse=True)
def _unordered_pages_are_errors():
    """A list that pages an unordered query can repeat or skip rows between pages."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", UnorderedObjectListWarning)
        yield


def all_pages(api, url: str) -> list[dict]:
    rows, page = [], api.get(url, {"page_size": 2}).json()
    while True:
        rows += page["results"]
        if not page["next"]:
            return rows
        page = api.get(page["next"]).json()


def test_leagues_are_listed_newest_first_across_pages(league, api):
    newer = [LeagueFactory(name=name).pk for name in ("Autumn", "Winter", "Spring", "Summer")]

    rows = all_pages(api, "/api/leagues/")

    assert [r["id"] for r in rows] == [*reversed(newer), league.pk]


def test_teams_are_listed_by_name_across_pages_with_their_counts(league, team, rival_team, api):
    for name in ("Zealots", "Aardvarks", "Maulers"):
        make_team(league, UserFactory(), name=name)

    rows = all_pages(api, f"/api/leagues/{league.pk}/teams/")

    assert [r["name"] for r in rows] == ["Aardvarks", "Brutal Berthas", "Maulers", "Venture Cabal", "Zealots"]
    assert api.get(f"/api/leagues/{league.pk}/").json()["team_count"] == 5


def test_each_listed_team_shows_the_balances_of_its_own_page(league, commissioner, team, rival_team, api):
    """The list sums the ledger of the page it shows only (rosters.selectors.teams_with_balances): every row
    still reads as the team's own answer, on whichever page it falls."""
    for index, amount in enumerate((30_000, 70_000, 110_000)):
        other = make_team(league, UserFactory(), name=f"Team {index}")
        grant_create(league=league, user=commissioner, team_id=other.pk, amount=amount, reason="Gate")
    grant_create(league=league, user=commissioner, team_id=team.pk, amount=5_000, reason="Gate")

    rows = all_pages(api, f"/api/leagues/{league.pk}/teams/?page_size=2")

    assert len(rows) == 5
    assert rows == [api.get(f"/api/teams/{row['id']}/").json() for row in rows]
    assert len({row["treasury"] for row in rows}) == 5


def test_lists_filter_by_game_system_and_portfolio(league, team, rival_team, api):
    assert api.get("/api/leagues/", {"game_system": "slaughterball"}).json()["count"] == 1
    assert api.get("/api/leagues/", {"game_system": "blood-bowl"}).json()["count"] == 0
    nemesis = api.get(f"/api/leagues/{league.pk}/teams/", {"portfolio": "nemesis"}).json()["results"]
    assert [t["name"] for t in nemesis] == ["Venture Cabal"]


def test_a_new_leagues_creator_is_its_commissioner_and_options_get_their_defaults(coach, api_as):
    body = {"name": "Spring", "game_system": "slaughterball", "options": {"skill_budget": 300_000}}

    response = api_as(coach).post("/api/leagues/", body, format="json")

    assert response.status_code == 201
    created = response.json()
    assert created["commissioners"] == ["own_coach"]
    assert created["options"] == {**OPTIONS.defaults, "skill_budget": 300_000, "staff_budget": None}
    assert created["house_values"] == SLAUGHTERBALL.suggested_house_values()  # the default start
    assert (created["team_count"], created["open_for_signups"]) == (0, True)


def test_an_update_merges_options_and_house_values_and_null_clears_a_house_value(league, commissioner, api_as):
    api = api_as(commissioner)
    url = f"/api/leagues/{league.pk}/"
    api.patch(url, {"house_values": {"skills.leadership.cost": 150_000}}, format="json")

    response = api.patch(url, {"options": {"staff_budget": None}, "house_values": {"skills.beckon.cost": None}}, format="json")

    assert response.status_code == 200
    updated = response.json()
    assert updated["options"] == {**OPTIONS.defaults, "skill_budget": 300_000, "staff_budget": None}
    assert updated["house_values"]["skills.leadership.cost"] == 150_000
    assert "skills.beckon.cost" not in updated["house_values"]
    assert len(updated["house_values"]) == len(league.house_values) - 1


def test_a_house_value_set_by_the_commissioner_prices_the_next_purchase(league, team, commissioner, coach, api_as):
    api_as(commissioner).patch(f"/api/leagues/{league.pk}/", {"house_values": {"skills.leadership.cost": 150_000}}, format="json")
    gristle = team.athletes.get(number=3)

    bought = api_as(coach).post(
        f"/api/teams/{team.pk}/purchases/", {"kind": "skill", "item": "leadership", "athlete": gristle.pk}, format="json"
    )

    assert bought.json()["cost"] == 150_000
