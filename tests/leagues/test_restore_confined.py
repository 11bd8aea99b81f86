"""A restore writes one league and nothing else: a crafted file whose rows point into another league already in
the database, or that holds two leagues, is refused with a readable error and writes nothing."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from leagues.export import league_document, league_restore
from leagues.models import League
from pitside.errors import Invalid
from slaughterball.large import seed_large
from tests.leagues.test_export import snapshot

User = get_user_model()
Document = dict[str, Any]


@pytest.fixture
def restored_and_next(transactional_db) -> tuple[Document, Document]:
    """League A restored into an empty database; league B's export, ready to restore beside it."""
    documents = [league_document(seed_large(4, 2).pk) for _ in range(2)]
    call_command("flush", interactive=False, verbosity=0)
    league_restore(document=json.loads(json.dumps(documents[0])))
    return documents[0], json.loads(json.dumps(documents[1]))


def rows(document: Document, label: str) -> list[dict[str, Any]]:
    return document["tables"][label]


def fresh_id(document: Document, label: str) -> int:
    return 1_000_000 + max(row["id"] for row in rows(document, label))


def made_commissioner_of_a(a: Document, b: Document) -> str:
    # The attack as run: a user of B's file made commissioner of the league already there.
    coach = rows(b, "rosters.team")[0]["coach"]
    entry = {"id": fresh_id(b, "leagues.league_commissioners"), "league": a["league"]["id"], "user": coach}
    rows(b, "leagues.league_commissioners").append(entry)
    return f"leagues.league_commissioners {entry['id']}: its league {a['league']['id']}"


def credits_a_team_of_a(a: Document, b: Document) -> str:
    victim = rows(a, "rosters.team")[0]["id"]
    entry = dict(rows(b, "rosters.ledgerentry")[0], id=fresh_id(b, "rosters.ledgerentry"), team=victim, amount=99_999_999)
    entry["idempotency_key"] = None
    rows(b, "rosters.ledgerentry").append(entry)
    return f"rosters.ledgerentry {entry['id']}: its team {victim}"


def moves_a_game_into_a(a: Document, b: Document) -> str:
    game = rows(b, "games.game")[0]
    game["league"] = a["league"]["id"]
    return f"games.game {game['id']}: its league {a['league']['id']}"


def puts_a_team_of_a_in_a_result(a: Document, b: Document) -> str:
    side = rows(b, "slaughterball.gameside")[0]
    side["team"] = rows(a, "rosters.team")[1]["id"]
    return f"slaughterball.gameside {side['id']}: its team {side['team']}"


def ranks_a_team_of_a(a: Document, b: Document) -> str:
    standing = rows(b, "slaughterball.standing")[0]
    standing["team"] = rows(a, "rosters.team")[2]["id"]
    return f"slaughterball.standing {standing['id']}: its team {standing['team']}"


def points_a_game_at_a_week_of_a(a: Document, b: Document) -> str:
    # A nullable link too: a week's game of B pointing at A's game.
    game = rows(b, "slaughterball.game")[0]
    game["week"] = rows(a, "slaughterball.week")[0]["id"]
    return f"slaughterball.game {game['game_ptr']}: its week {game['week']}"


def holds_two_leagues(a: Document, b: Document) -> str:
    league = rows(b, "leagues.league")[0]
    rows(b, "leagues.league").append(dict(league, id=league["id"] + 1_000_000, name="Second"))
    return "The file holds 2 leagues: a restore writes exactly one."


def holds_no_league(a: Document, b: Document) -> str:
    rows(b, "leagues.league").clear()
    return "The file holds 0 leagues: a restore writes exactly one."


@pytest.mark.parametrize(
    "craft",
    [
        made_commissioner_of_a,
        credits_a_team_of_a,
        moves_a_game_into_a,
        puts_a_team_of_a_in_a_result,
        ranks_a_team_of_a,
        points_a_game_at_a_week_of_a,
        holds_two_leagues,
        holds_no_league,
    ],
)
def test_a_file_reaching_outside_its_league_is_refused_and_writes_nothing(
    restored_and_next: tuple[Document, Document], craft: Callable[[Document, Document], str]
) -> None:
    a, b = restored_and_next
    ids = [a["league"]["id"], b["league"]["id"], b["league"]["id"] + 1_000_000]
    before = snapshot(ids)
    users = sorted(User.objects.values_list("username", flat=True))
    message = craft(a, b)
    with pytest.raises(Invalid) as refused:
        league_restore(document=b)
    assert refused.value.items[0].code == "export-unusable"
    assert message in str(refused.value)
    assert snapshot(ids) == before
    assert sorted(User.objects.values_list("username", flat=True)) == users
    assert list(League.objects.values_list("pk", flat=True)) == [a["league"]["id"]]


def test_the_same_file_uncrafted_restores_beside_the_other_league(restored_and_next: tuple[Document, Document]) -> None:
    a, b = restored_and_next
    league_restore(document=b)
    assert sorted(League.objects.values_list("pk", flat=True)) == sorted([a["league"]["id"], b["league"]["id"]])


def test_the_command_prints_the_refusal(restored_and_next: tuple[Document, Document], tmp_path) -> None:
    a, b = restored_and_next
    message = made_commissioner_of_a(a, b)
    path = tmp_path / "crafted.json"
    path.write_text(json.dumps(b))
    with pytest.raises(Exception, match=message) as refused:
        call_command("league_restore", str(path))
    assert type(refused.value).__name__ == "CommandError"
    assert League.objects.get().commissioners.filter(username=rows(b, "rosters.team")[0]["coach"]).exists() is False
