"""The whole league exported and restored: which tables, the round trip row by row, the refusals, the users,
the API's permissions and its query count."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection, models

from bloodbowl.large import seed_large as seed_large_bloodbowl
from bloodbowl.services.tournaments import final_prizes_apply
from games.models import Game
from leagues.export import EXCLUDED, league_document, league_restore, league_tables
from leagues.models import League
from pitfighter.demo import DEMO_HOUSE_VALUES
from pitfighter.models import Fighter
from pitfighter.services import combat_create, result_confirm, result_submit, stable_create
from pitside.errors import Invalid
from rosters.models import Team
from slaughterball.large import seed_large as seed_large_slaughterball
from tests.api.helpers import problems
from tests.bloodbowl.match_helpers import bloodbowl_league
from tests.bloodbowl.tournament_helpers import play, run_to_final, teams_of
from tests.factories import UserFactory
from tests.pitfighter.conftest import fighter, fighters
from tests.pitfighter.test_services import line, report
from webhooks.models import Channel

User = get_user_model()


def reaches_league(model: type[models.Model], seen: frozenset[type[models.Model]] = frozenset()) -> bool:
    """Walked the other way from the export's: up a table's own links (never through a user) to League."""
    if model is League:
        return True
    return any(
        reaches_league(field.related_model, seen | {model})
        for field in model._meta.local_concrete_fields
        if field.is_relation and field.related_model not in seen | {model, User}
    )


def test_every_table_that_links_to_a_league_is_exported():
    # Nothing is left out on purpose: stored standings and totals are exported too (Slaughterball's earlier week
    # columns cannot be recomputed). Sheets (PDFs) name their object without a foreign key: made again on demand.
    linked = {m for m in apps.get_models(include_auto_created=True) if reaches_league(m)}
    exported = {t.model for t in league_tables()}
    assert exported == {m for m in linked if m._meta.label_lower not in EXCLUDED}
    assert set(EXCLUDED) == {m._meta.label_lower for m in linked} - {m._meta.label_lower for m in exported}
    assert {"games.game", "slaughterball.game", "rosters.ledgerentry", "pitfighter.fighter_hates"} <= {
        t.label for t in league_tables()
    }


def test_the_readme_names_every_exported_table():
    readme = (Path(settings.BASE_DIR) / "README.md").read_text()
    assert [t.label for t in league_tables() if f"`{t.label}`" not in readme] == []


def test_tables_come_after_the_tables_they_link_to():
    order = [t.model for t in league_tables()]
    for position, model in enumerate(order):
        for field in model._meta.local_concrete_fields:
            if field.is_relation and field.related_model in order and field.related_model is not model:
                assert order.index(field.related_model) < position, (model, field.name)


def snapshot(league_ids: list[int]) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every exported table of these leagues, field by field (users by username)."""
    usernames = dict(User.objects.values_list("pk", "username"))
    rows: dict[str, list[tuple[Any, ...]]] = {}
    for table in league_tables():
        users = [f.is_relation and f.related_model is User for f in table.fields]
        rows[table.label] = [
            tuple(usernames.get(v) if is_user else v for v, is_user in zip(values, users, strict=True))
            for league_id in league_ids
            for values in table.rows(league_id).values_list(*(f.attname for f in table.fields))
        ]
    return rows


def flush_and_restore(documents: list[dict[str, Any]]) -> None:
    """Empty the database (the users too), then restore each document as the command would read it."""
    call_command("flush", interactive=False, verbosity=0)
    assert not League.objects.exists()
    assert not User.objects.exists()
    for document in documents:
        league_restore(document=json.loads(json.dumps(document)))


@pytest.fixture
def demo_leagues(transactional_db) -> list[int]:
    call_command("seed_demo", password="demo-password", stdout=io.StringIO())
    return list(League.objects.order_by("pk").values_list("pk", flat=True))


def test_every_demo_league_comes_back_row_for_row(demo_leagues):
    systems = set(League.objects.values_list("game_system", flat=True))
    assert systems == {"slaughterball", "bloodbowl", "blitzbowl", "pitfighter", "slaughterville"}
    before = snapshot(demo_leagues)
    documents = [league_document(pk) for pk in demo_leagues]
    flush_and_restore(documents)
    assert snapshot(demo_leagues) == before
    assert sum(len(rows) for rows in before.values()) > 100
    assert {"blitzbowl.match", "games.roll", "pitfighter.fighter", "slaughterville.session", "slaughterville.villain"} <= {
        label for label, rows in before.items() if rows
    }


@pytest.mark.parametrize("seed_large", [seed_large_slaughterball, seed_large_bloodbowl])
def test_a_large_league_with_results_comes_back_row_for_row(transactional_db, seed_large):
    league = seed_large(6, 3)
    before = snapshot([league.pk])
    assert len(before["games.game"]) >= 3
    assert before["rosters.ledgerentry"]
    flush_and_restore([league_document(league.pk)])
    assert snapshot([league.pk]) == before
    # Ids handed out after the restore do not collide with the restored ones (PostgreSQL's sequences reset).
    team = Team.objects.create(league_id=league.pk, coach=User.objects.create(username="newcomer"), name="New", faction="x")
    assert team.pk > max(row[0] for row in before["rosters.team"])


def test_a_tournament_and_a_crowned_pit_king_come_back_row_for_row(transactional_db):
    commissioner = UserFactory(username="commissioner")
    blood_bowl = bloodbowl_league(commissioner, table_dice=True)
    t, (home, away) = run_to_final(blood_bowl, "dungeonbowl", teams_of(blood_bowl, "Ash", "Birch", "Cedar", "Dogwood"))
    play(t, home, away, 2, 0)
    final_prizes_apply(tournament_id=t.pk, user=commissioner)

    campaign = League.objects.create(name="Sand", game_system="pitfighter", options={}, house_values=DEMO_HOUSE_VALUES)
    campaign.commissioners.add(commissioner)
    stables = [
        stable_create(league=campaign, coach=UserFactory(username=name), name=name, fighters=fighters(name))
        for name in ("ann", "bob", "cid")
    ]
    king = fighter(stables[0], "orc")
    rivals = [fighter(stables[1], "chaos"), fighter(stables[1], "skink"), fighter(stables[2], "orc")]
    Fighter.objects.filter(pk=king.pk).update(skill_points=4)
    combat = combat_create(
        league_id=campaign.pk,
        user=commissioner,
        style="sigmar",
        fighters=[{"fighter": king.pk, "team": 1}, *({"fighter": f.pk, "team": 2} for f in rivals)],
    )
    result_submit(combat_id=combat.pk, user=stables[0].coach, report=report(line(king), *(line(f, king) for f in rivals)))
    for stable in stables[1:]:
        result_confirm(combat_id=combat.pk, user=stable.coach)
    assert Fighter.objects.get(pk=king.pk).pit_king

    leagues = [blood_bowl.pk, campaign.pk]
    before = snapshot(leagues)
    wanted = {"bloodbowl.entry", "bloodbowl.trophy", "bloodbowl.wizardcontract", "bloodbowl.tournamentevent"}
    wanted |= {"pitfighter.combatfighter", "pitfighter.skillroll", "bloodbowl.starplayerroll", "games.roll"}
    assert wanted <= {label for label, rows in before.items() if rows}
    flush_and_restore([league_document(pk) for pk in leagues])
    assert snapshot(leagues) == before


def test_restoring_over_the_same_ids_is_refused_and_writes_nothing(demo_leagues):
    document = league_document(demo_leagues[0])
    document["users"].append({"username": "someone-new", "first_name": "", "last_name": ""})
    before = snapshot(demo_leagues)
    with pytest.raises(Invalid) as refused:
        league_restore(document=document)
    assert refused.value.items[0].code == "export-unusable"
    assert "leagues.league" in str(refused.value)
    assert snapshot(demo_leagues) == before
    assert not User.objects.filter(username="someone-new").exists()


@pytest.mark.parametrize(
    ("table", "field", "value"),
    [("rosters.team", "league", 999_999), ("rosters.team", "created_at", "yesterday"), ("rosters.team", "coach", "nobody")],
)
def test_rows_that_do_not_hold_together_are_refused_and_nothing_is_written(demo_leagues, table, field, value):
    document = league_document(demo_leagues[0])
    document["tables"][table][0][field] = value
    call_command("flush", interactive=False, verbosity=0)
    with pytest.raises(Invalid, match="The file's rows cannot be restored"):
        league_restore(document=document)
    assert not League.objects.exists()
    assert not User.objects.exists()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "something-else"}, "Not a pitside-league export of version 1."),
        ({"version": 2}, "Not a pitside-league export of version 1."),
        ({"tables": {"nowhere.table": []}}, "Tables Pitside does not have: nowhere.table."),
    ],
)
def test_a_document_that_is_not_an_export_is_refused(db, change, message):
    document = {"format": "pitside-league", "version": 1, "league": {}, "users": [], "tables": {}} | change
    with pytest.raises(Invalid, match=message):
        league_restore(document=document)


def test_users_are_named_never_their_secrets_and_map_by_username(demo_leagues):
    commissioner = User.objects.get(username="commissioner")
    commissioner.first_name = "Connie"
    commissioner.save()
    document = league_document(demo_leagues[0])
    text = json.dumps(document)
    assert "example.com" not in text
    assert commissioner.password not in text
    assert {u["username"] for u in document["users"]} >= {"commissioner", "coach1"}
    assert document["tables"]["leagues.league_commissioners"][0]["user"] == "commissioner"

    call_command("flush", interactive=False, verbosity=0)
    kept = User.objects.create_user(username="coach1", password="his-own")
    league_restore(document=document)
    assert User.objects.get(username="coach1").check_password("his-own")  # the existing user, untouched
    restored = User.objects.get(username="commissioner")
    assert (restored.first_name, restored.has_usable_password(), restored.email) == ("Connie", False, "")
    assert Team.objects.filter(league_id=demo_leagues[0], coach=kept).exists()
    assert League.objects.get(pk=demo_leagues[0]).commissioners.get() == restored


def test_the_commands_write_and_restore_a_file(demo_leagues, tmp_path):
    path = tmp_path / "league.json"
    call_command("league_export", str(demo_leagues[1]), output=str(path), stderr=io.StringIO())
    before = snapshot([demo_leagues[1]])
    call_command("flush", interactive=False, verbosity=0)
    out = io.StringIO()
    call_command("league_restore", str(path), stdout=out)
    assert out.getvalue().startswith(f"Restored league {demo_leagues[1]}")
    assert snapshot([demo_leagues[1]]) == before


@pytest.mark.parametrize(
    ("who", "status"),
    [("commissioner", 200), ("own_coach", 403), ("rival_coach", 403), ("other_commissioner", 403), (None, 403)],
)
def test_only_a_commissioner_exports_the_league(api_as, api, league, team, rival_team, other_commissioner, who, status):
    client = api_as(User.objects.get(username=who)) if who else api
    response = client.get(f"/api/leagues/{league.pk}/export/")
    assert response.status_code == status
    if status == 403:
        assert problems(response) == {("not-commissioner", "league")}
    if status == 200:
        document = response.json()
        assert (document["format"], document["league"]["id"]) == ("pitside-league", league.pk)
        assert {row["name"] for row in document["tables"]["rosters.team"]} == {team.name, rival_team.name}


def test_the_zip_holds_the_document_and_a_csv_a_table(api_as, commissioner, league, team):
    response = api_as(commissioner).get(f"/api/leagues/{league.pk}/export/?as=zip")
    assert response["Content-Type"] == "application/zip"
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    assert json.loads(archive.read("league.json"))["league"]["name"] == league.name
    teams = archive.read("rosters.team.csv").decode().splitlines()
    assert teams[0].split(",")[:3] == ["id", "league", "coach"]
    assert team.name in teams[1]
    assert len(archive.namelist()) == 1 + len(league_tables())
    assert api_as(commissioner).get(f"/api/leagues/{league.pk}/export/?as=xml").status_code == 400


@pytest.mark.parametrize("size", [4, 8])
def test_the_export_reads_one_query_a_table_whatever_the_size(db, django_assert_num_queries, size):
    league = seed_large_slaughterball(size, 2)
    # One query per exported table (its rows, by their link to the league), then one for the users they name.
    with django_assert_num_queries(len(league_tables()) + 1):
        document = league_document(league.pk)
    assert len(document["tables"]["rosters.team"]) == size


@pytest.mark.postgres
def test_restored_ids_move_postgresql_sequences_on(demo_leagues):
    flush_and_restore([league_document(pk) for pk in demo_leagues])
    with connection.cursor() as cursor:
        cursor.execute("SELECT nextval(pg_get_serial_sequence('games_game', 'id'))")
        (next_id,) = cursor.fetchone()
    assert next_id > max(Game.objects.values_list("pk", flat=True))


def test_the_settings_page_links_the_download_a_logged_in_commissioner_gets(client, commissioner, league, team):
    client.force_login(commissioner)
    page = client.get(f"/leagues/{league.pk}/settings/", follow=True).content.decode()
    url = f"/api/leagues/{league.pk}/export/"
    assert f'href="{url}"' in page
    assert f'href="{url}?as=zip"' in page
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith('attachment; filename="')
    assert response.json()["tables"]["rosters.team"][0]["name"] == team.name


def test_a_channels_url_and_secret_never_leave(api_as, commissioner, league, team):
    Channel.objects.create(league=league, kind="webhook", url="https://hooks.example.org/abc", secret="s3cret-key", events=[])
    text = api_as(commissioner).get(f"/api/leagues/{league.pk}/export/").content.decode()
    assert "hooks.example.org" not in text
    assert "s3cret-key" not in text
