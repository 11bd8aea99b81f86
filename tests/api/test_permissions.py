"""Who may do what: every write endpoint against the whole cast, and a refused write changes nothing.

The cast (tests/conftest.py): the league's commissioner, its own coach (owns `team`), a rival coach
in the same league (owns `rival_team`), the commissioner of another league, and anonymous.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import pytest

from rosters.services import grant_create
from slaughterball.demo import demo_athletes
from tests.api.helpers import CAST, errors, problems
from tests.factories import LeagueFactory
from tests.slaughterball.teams.helpers import db_state


@dataclass(frozen=True)
class Request:
    method: str
    url: str  # formatted with the ids of the world fixture
    body: Callable[[SimpleNamespace], dict[str, Any]] | None = None

    def send(self, api: Any, world: SimpleNamespace) -> Any:
        body = self.body(world) if self.body else None
        return getattr(api, self.method)(self.url.format(**vars(world)), body, format="json")


NEW_TEAM = {"name": "Olympian Hoplites", "portfolio": "swords-of-damocles", "athletes": demo_athletes(2)}

WRITES = {
    "league-create": Request("post", "/api/leagues/", lambda w: {"name": "Second Season", "game_system": "slaughterball"}),
    "league-update": Request("patch", "/api/leagues/{league}/", lambda w: {"name": "Renamed", "open_for_signups": False}),
    "house-values-fill": Request(
        "post", "/api/leagues/{unfinished_league}/house-values/fill/", lambda w: {"house_values_from": "suggested"}
    ),
    "team-create": Request("post", "/api/leagues/{league}/teams/", lambda w: NEW_TEAM),
    "team-create-closed-league": Request("post", "/api/leagues/{closed_league}/teams/", lambda w: NEW_TEAM),
    "purchase-skill": Request(
        "post", "/api/teams/{team}/purchases/", lambda w: {"kind": "skill", "item": "leadership", "athlete": w.cleaver}
    ),
    "purchase-staff": Request("post", "/api/teams/{team}/purchases/", lambda w: {"kind": "staff", "item": "physician"}),
    "grant": Request(
        "post", "/api/leagues/{league}/grants/", lambda w: {"team": w.team, "amount": 100_000, "reason": "Gate money"}
    ),
    "fine": Request(
        "post", "/api/leagues/{league}/grants/", lambda w: {"team": w.rich_team, "amount": -100_000, "reason": "Late roster"}
    ),
}

# Status per member of the cast, in CAST order.
WRITE_STATUS = {
    #                            commissioner  coach  rival  other_commissioner  anonymous
    "league-create": (201, 201, 201, 201, 401),
    "league-update": (200, 403, 403, 403, 401),
    "house-values-fill": (200, 403, 403, 403, 401),
    "team-create": (201, 201, 201, 201, 401),
    "team-create-closed-league": (400, 400, 400, 400, 401),
    "purchase-skill": (403, 201, 403, 403, 401),
    "purchase-staff": (403, 201, 403, 403, 401),
    "grant": (201, 403, 403, 403, 401),
    "fine": (201, 403, 403, 403, 401),
}

READS = {
    "grants": Request("get", "/api/leagues/{league}/grants/"),
    "leagues": Request("get", "/api/leagues/"),
    "league": Request("get", "/api/leagues/{league}/"),
    "teams": Request("get", "/api/leagues/{league}/teams/"),
    "team": Request("get", "/api/teams/{team}/"),
    "purchases": Request("get", "/api/teams/{team}/purchases/"),
    "ledger": Request("get", "/api/teams/{team}/ledger/"),
    "staff-options": Request("get", "/api/teams/{team}/purchase-options/"),
    "athlete-options": Request("get", "/api/athletes/{cleaver}/purchase-options/"),
}

# Every read is public: spectators read standings and team pages without logging in. The grants and fines
# too: every team's ledger shows them.
READ_STATUS = {name: (200,) * len(CAST) for name in READS}


def matrix(statuses: dict[str, tuple[int, ...]]) -> list[Any]:
    return [
        pytest.param(name, actor, status, id=f"{name}-{actor}")
        for name, row in statuses.items()
        for actor, status in zip(CAST, row, strict=True)
    ]


@pytest.fixture
def world(commissioner, coach, rival, other_commissioner, league, team, rival_team) -> SimpleNamespace:
    """The whole cast exists before anything is measured; the rival's team has credits to be fined."""
    grant_create(league=league, user=commissioner, team_id=rival_team.pk, amount=500_000, reason="Sponsor")
    closed = LeagueFactory(commissioner=commissioner, open_for_signups=False)
    unfinished = LeagueFactory(commissioner=commissioner, house_values={})  # the commissioner's, no value set
    return SimpleNamespace(
        league=league.pk,
        closed_league=closed.pk,
        unfinished_league=unfinished.pk,
        team=team.pk,
        rich_team=rival_team.pk,
        cleaver=team.athletes.get(number=3).pk,
    )


@pytest.mark.parametrize(("name", "actor", "status"), matrix(WRITE_STATUS))
def test_write_permissions(name, actor, status, world, client_of):
    before = db_state()

    response = WRITES[name].send(client_of(actor), world)

    assert response.status_code == status, response.content
    if status < 400:
        assert db_state() != before
        return
    assert db_state() == before
    codes = {e["code"] for e in errors(response)}
    if status == 401:
        assert codes == {"not_authenticated"}
        assert response.headers["WWW-Authenticate"].startswith("Token")
    elif status == 403:
        assert codes == ({"not-coach"} if name.startswith("purchase") else {"not-commissioner"})
    else:
        assert codes == {"league-closed"}


@pytest.mark.parametrize(("name", "actor", "status"), matrix(READ_STATUS))
def test_read_permissions(name, actor, status, world, client_of):
    before = db_state()

    response = READS[name].send(client_of(actor), world)

    assert response.status_code == status, response.content
    assert db_state() == before
    if status >= 400:
        errors(response)


def test_a_commissioner_cannot_reach_another_leagues_team_through_their_own_league(other_commissioner, team, client_of):
    own_league = other_commissioner.commissioned_leagues.get()
    before = db_state()

    response = client_of("other_commissioner").post(
        f"/api/leagues/{own_league.pk}/grants/", {"team": team.pk, "amount": 100_000, "reason": "Bribe"}, format="json"
    )

    assert response.status_code == 400
    assert problems(response) == {("team-not-in-league", "team")}
    assert db_state() == before


def test_anyone_reads_the_grants_a_teams_ledger_shows(world, client_of):
    anonymous = client_of("anonymous")

    grants = anonymous.get(f"/api/leagues/{world.league}/grants/")
    ledger = anonymous.get(f"/api/teams/{world.rich_team}/ledger/").json()["results"]

    assert grants.status_code == 200
    [grant] = grants.json()["results"]
    assert grant in ledger


def test_the_grants_list_shows_grants_and_fines_but_not_purchases_or_opening_budgets(world, client_of):
    api = client_of("coach")
    api.post(f"/api/teams/{world.team}/purchases/", {"kind": "staff", "item": "physician"}, format="json")

    rows = client_of("commissioner").get(f"/api/leagues/{world.league}/grants/").json()["results"]

    assert [(r["team"], r["amount"], r["reason"]) for r in rows] == [(world.rich_team, 500_000, "Sponsor")]
