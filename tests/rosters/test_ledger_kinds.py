"""Every ledger row says what wrote it (its kind): the league's grants list holds only the commissioner's grants and
fines, the ledger's API and pages show the kind, and the migration that sorted the rows written before the kind
existed sorts every writer's rows as the writer now marks them."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from bloodbowl.services.teams import purchase_make as blood_bowl_purchase_make
from bloodbowl.services.tournaments import final_prizes_apply
from leagues.models import League
from rosters.models import LedgerEntry, LedgerKind
from rosters.services import grant_create
from slaughterball.demo import demo_house_values
from slaughterball.models import Season
from slaughterball.services import auctions as auction_services
from slaughterball.services.calendar import season_create, season_start
from slaughterball.services.results import result_confirm, result_submit, result_void
from slaughterball.services.teams import purchase_make
from tests.bloodbowl.match_helpers import bloodbowl_league
from tests.bloodbowl.tournament_helpers import play, run_to_final, teams_of
from tests.factories import LeagueFactory, UserFactory
from tests.slaughterball.pregame import helpers as pregame
from tests.slaughterball.results import helpers as results

pytestmark = pytest.mark.django_db

migration = importlib.import_module("rosters.migrations.0004_ledger_entry_kind")
BEFORE_KINDS = ("rosters", "0003_remove_team_signup_notified_at")


@pytest.fixture
def slaughterball_league(commissioner, monkeypatch) -> League:
    """Two teams that went through every Slaughterball writer of the ledger, in a league with rogues to hire."""
    league = LeagueFactory(
        commissioner=commissioner,
        options={"skill_budget": 300_000, "staff_budget": 200_000, "rogues": True},
        house_values=demo_house_values() | pregame.maverick_house_values(),
    )
    home = pregame.make_team_for(league, UserFactory(username="home_coach"), "Brutal Berthas")  # the opening budgets
    away = pregame.make_team_for(league, UserFactory(username="away_coach"), "Olympian Hoplites", "swords-of-damocles")
    grant_create(league=league, user=commissioner, team_id=home.pk, amount=500_000, reason="Sponsor")
    grant_create(league=league, user=commissioner, team_id=home.pk, amount=-100_000, reason="Late roster")
    purchase_make(team_id=home.pk, user=home.coach, kind="staff", item="cheerleader")
    season_create(league=league, user=commissioner, name="Spring")
    season, _ = season_start(season=Season.objects.get(league=league), user=commissioner)  # the unspent staff budget lost
    played = results.make_game(season, [home, away])
    result_submit(game_id=played.pk, user=home.coach, sides=results.result([home, away], [3, 1]))
    result_confirm(game_id=played.pk, user=away.coach)  # the prize money
    result_void(game_id=played.pk, user=commissioner, reason="Replay")  # the prize money taken back
    auctioned = pregame.make_game(season, [home, away])
    rng = pregame.scripted_dice(auctioned, {})
    monkeypatch.setattr(auction_services, "new_rng", lambda: (rng, "scripted"))
    auction, _ = auction_services.auction_open(game_id=auctioned.pk, user=home.coach)
    lot = auction_services.lot_nominate(auction_id=auction.pk, user=home.coach, rogue_portfolio="nemesis", rogue_type="razor")
    auction_services.bid_place(lot_id=lot.pk, user=home.coach, amount=100_000)
    auction_services.lot_close(lot_id=lot.pk, user=commissioner)  # the winning bid paid
    return league


@pytest.fixture
def blood_bowl_league(commissioner) -> League:
    """A Blood Bowl league whose teams played a Dungeonbowl to its prizes, bought and were granted gold."""
    league = bloodbowl_league(commissioner, table_dice=True)
    tournament, (home, away) = run_to_final(league, "dungeonbowl", teams_of(league, "Ash", "Birch", "Cedar", "Dogwood"))
    play(tournament, home, away, 2, 0)  # the match winnings
    final_prizes_apply(tournament_id=tournament.pk, user=commissioner)  # the tournament's cash prizes
    grant_create(league=league, user=commissioner, team_id=home.pk, amount=200_000, reason="Gate")
    blood_bowl_purchase_make(team_id=home.pk, user=home.coach, kind="reroll")
    blood_bowl_purchase_make(team_id=home.pk, user=home.coach, kind="player", position="reed-runner", name="Flicker", number=13)
    return league


def kinds_of(league: League) -> set[str]:
    return set(LedgerEntry.objects.filter(team__league=league).values_list("kind", flat=True))


def test_the_grants_list_holds_the_grants_and_fines_and_no_other_row_a_user_wrote(slaughterball_league, api):
    every_kind_but_tournament = set(LedgerKind.values) - {LedgerKind.TOURNAMENT}
    assert kinds_of(slaughterball_league) == every_kind_but_tournament

    rows = api.get(f"/api/leagues/{slaughterball_league.pk}/grants/").json()["results"]

    assert [(r["amount"], r["reason"], r["kind"], r["created_by"]) for r in rows] == [
        (-100_000, "Late roster", "grant", "commissioner"),
        (500_000, "Sponsor", "grant", "commissioner"),
    ]


def test_the_ledger_api_and_the_team_page_say_what_wrote_each_row(slaughterball_league, api, client):
    team = slaughterball_league.teams.get(name="Brutal Berthas")

    rows = api.get(f"/api/teams/{team.pk}/ledger/?page_size=100").json()["results"]
    page = client.get(reverse("team-detail", args=[team.pk])).content.decode()

    assert {r["kind"] for r in rows} == {k for k in LedgerKind.values if k != LedgerKind.TOURNAMENT}
    # The commissioner closed the lot: the row is his, and still no grant.
    assert [(r["amount"], r["created_by"]) for r in rows if r["kind"] == "auction"] == [(-100_000, "commissioner")]
    assert '<td data-label="Kind">Grant or fine</td>' in page
    assert '<td data-label="Kind">Maverick hire</td>' in page
    assert '<td data-label="Kind">grant</td>' not in page


def test_a_blood_bowl_team_page_says_what_wrote_each_row(blood_bowl_league, client):
    team = LedgerEntry.objects.get(team__league=blood_bowl_league, reason__startswith="Hired").team  # the final's winner
    page = client.get(reverse("bb-team-detail", args=[team.pk])).content.decode()
    assert '<td data-label="Kind">Tournament prize</td>' in page
    assert "Dungeonbowl trophy holder" in page  # the honours' include once rendered the page into itself
    assert '<td data-label="Kind">Purchase</td>' in page


def test_the_migration_sorts_every_writers_rows_as_the_writer_marks_them(slaughterball_league, blood_bowl_league):
    """The migration's rules, first match wins, tried on rows the writers of today wrote (and marked)."""
    rules = migration.kind_rules(apps)
    entries = LedgerEntry.objects.all()
    sorted_by_rules = {}
    for kind, rule in reversed(rules):  # a row an earlier rule takes is that rule's
        sorted_by_rules |= dict.fromkeys(entries.filter(rule).values_list("pk", flat=True), kind)

    assert sorted_by_rules == dict(entries.values_list("pk", "kind"))
    assert set(sorted_by_rules.values()) == {kind for kind, _ in rules} == set(LedgerKind.values)


@pytest.mark.django_db(transaction=True)
def test_the_migration_gives_the_rows_it_finds_the_kinds_their_writers_give(slaughterball_league, blood_bowl_league):
    written = dict(LedgerEntry.objects.values_list("pk", "kind"))
    try:
        MigrationExecutor(connection).migrate([BEFORE_KINDS])  # the column dropped, the rows kept
        with connection.cursor() as cursor:
            columns = [c.name for c in connection.introspection.get_table_description(cursor, "rosters_ledgerentry")]
        assert "kind" not in columns
    finally:
        latest = MigrationExecutor(connection)  # a new loader reads what is applied now
        latest.migrate(latest.loader.graph.leaf_nodes())  # the kinds' migration again, and the schema the next tests expect
    assert dict(LedgerEntry.objects.values_list("pk", "kind")) == written
