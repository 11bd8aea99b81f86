"""Optional Rules, Lasting Injuries after a confirmed game: dice stored, value changes flowing into Team Potential,
athletes out of their next games, idempotency and voiding."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps

from games.models import GameEvent
from rosters.models import LedgerEntry, LedgerKind
from rosters.services import grant_create
from slaughterball.models import AthleteAdjustment, Auction, Game, GameSide, LastingInjury, Lot, MaverickHire
from slaughterball.selectors_teams import team_get, team_summary
from slaughterball.services import pregame as services
from slaughterball.services.pregame import athletes_out, lasting_injuries_apply, lasting_injuries_void, mavericks_out
from slaughterball.services.results import result_confirm, result_submit
from slaughterball.services.teams import purchase_make
from tests.engine.test_auctions import Scripted
from tests.refusals import raises_invalid
from tests.slaughterball.pregame.helpers import make_game
from tests.slaughterball.results.helpers import result

pytestmark = pytest.mark.django_db


@pytest.fixture
def script(monkeypatch):
    """Script the injury dice: faces, then the random trait / skill index of each boot / star."""

    def use(*items):
        monkeypatch.setattr(services, "new_rng", lambda: (Scripted(items), "scripted"))

    return use


@pytest.fixture
def played(game, team, rival_team):
    """The game was played and confirmed, each side with its first six athletes."""
    for t in (team, rival_team):
        lineup = [
            {"id": a.pk, "number": a.number, "name": a.name, "type": a.type, "value": a.base_value}
            for a in t.athletes.order_by("number")[:6]
        ]
        GameSide.objects.filter(game=game, team=t).update(lineup=lineup)
    Game.objects.filter(pk=game.pk).update(state=Game.State.CONFIRMED)
    game.refresh_from_db()
    return game


def razor(team):
    return team.athletes.get(number=1)  # a Valkyries razor: Toughness 2


def potential(team) -> int:
    return team_summary(team_get(team.pk)).team_potential


def test_nothing_unless_the_league_plays_lasting_injuries(played, team, league):
    league.options = {**league.options, "lasting_injuries": False}
    league.save()
    assert lasting_injuries_apply(game=played, injuries=[{"athlete": razor(team).pk, "tokens": 5}]) == []
    assert not LastingInjury.objects.exists()


def test_tokens_over_toughness_roll_that_many_dice_and_the_dice_are_stored(played, team, script):
    athlete = razor(team)  # Toughness 2, four tokens: one die plus two
    script("boot", "knife", "star", "speed", 0)
    before = potential(team)

    (injury,) = lasting_injuries_apply(game=played, injuries=[{"athlete": athlete.pk, "tokens": 4, "killed": False}])

    assert (injury.tokens, injury.toughness, injury.dice, injury.seed) == (4, 2, ["boot", "knife", "star"], "scripted")
    assert (injury.games_missed, injury.traits_lost) == (1, ["speed"])
    # A Valkyries razor starts with no skills: the star finds nothing to take.
    assert injury.skills_lost == []
    assert injury.value_change == -100_000
    assert AthleteAdjustment.objects.get().value_change == -100_000
    assert potential(team) == before - 100_000  # Athlete Value Adjustment flows into Team Potential


def test_a_killed_athlete_rolls_the_scatter_die(played, team, script):
    script(3, "knife", "knife", "double-knife")
    (injury,) = lasting_injuries_apply(game=played, injuries=[{"athlete": razor(team).pk, "tokens": 0, "killed": True}])
    assert (injury.scatter, injury.dice, injury.games_missed) == (3, ["knife", "knife", "double-knife"], 4)


def test_applying_twice_rolls_once(played, team, script):
    script("knife")
    first = lasting_injuries_apply(game=played, injuries=[{"athlete": razor(team).pk, "tokens": 1}])
    script("double-knife")
    again = lasting_injuries_apply(game=played, injuries=[{"athlete": razor(team).pk, "tokens": 1}])
    assert [i.pk for i in first] == [i.pk for i in again]
    assert LastingInjury.objects.get().dice == ["knife"]


def test_the_injuries_are_read_from_the_submitted_result(played, team, coach, script):
    GameEvent.objects.create(
        game=played,
        user=coach,
        action=GameEvent.Action.SUBMITTED,
        payload={"sides": [], "injuries": [{"athlete": razor(team).pk, "tokens": 2, "killed": False}]},
    )
    script("knife")
    (injury,) = lasting_injuries_apply(game=played)
    assert (injury.athlete_id, injury.tokens, injury.dice) == (razor(team).pk, 2, ["knife"])


def test_entries_naming_someone_who_did_not_play_are_skipped(played, team, rival_team, third_team, script):
    bench = team.athletes.get(number=8)
    script("knife")
    rows = lasting_injuries_apply(
        game=played,
        injuries=[
            {"athlete": bench.pk, "tokens": 5},
            {"athlete": third_team.athletes.first().pk, "tokens": 5},
            {"athlete": razor(rival_team).pk, "tokens": 1},
        ],
    )
    assert [r.athlete_id for r in rows] == [razor(rival_team).pk]


def test_an_injury_accepted_for_a_side_without_a_lineup_is_rolled_after_confirmation(
    game, team, rival_team, coach, rival, script
):
    """Only one side recorded its lineup: the submission accepts an injury to any athlete of the side without
    one (any of them may have played), so the post-game must roll for it too, not drop it."""
    lineup = [{"id": a.pk, "number": a.number, "name": a.name, "type": a.type, "value": 0} for a in team.athletes.all()[:6]]
    GameSide.objects.filter(game=game, team=team).update(lineup=lineup)
    injured = razor(rival_team)
    script("knife")
    result_submit(
        game_id=game.pk,
        user=coach,
        sides=result([team, rival_team], [30, 20]),
        injuries=[{"athlete": injured.pk, "tokens": 1, "killed": False}],
    )
    confirmed, _ = result_confirm(game_id=game.pk, user=rival)
    assert confirmed.state == Game.State.CONFIRMED
    assert list(LastingInjury.objects.filter(game=game).values_list("athlete_id", "dice")) == [(injured.pk, ["knife"])]


def test_an_injured_athlete_of_a_side_without_a_lineup_is_recorded_and_cannot_learn(
    game, team, rival_team, coach, rival, commissioner, league, script
):
    """The side records its injured itself (it has no lineup to mark): the spending window bars him, and he counts
    among the six taken to have played (engine.slaughterball.games.took_part)."""
    injured = razor(rival_team)
    script("knife")
    result_submit(
        game_id=game.pk,
        user=coach,
        sides=result([team, rival_team], [30, 20]),
        injuries=[{"athlete": injured.pk, "tokens": 3, "killed": False}],
    )
    result_confirm(game_id=game.pk, user=rival)
    assert GameSide.objects.get(game=game, team=rival_team).injured == [injured.pk]
    grant_create(league=league, user=commissioner, team_id=rival_team.pk, amount=5_000_000, reason="Sponsor")
    with raises_invalid() as refused:
        purchase_make(team_id=rival_team.pk, user=rival, kind="trait", item="speed", athlete_id=injured.pk)
    assert [i.code for i in refused.value.items] == ["window-injured"]
    others = list(rival_team.athletes.exclude(pk=injured.pk).order_by("number"))
    for athlete in others[:5]:
        purchase_make(team_id=rival_team.pk, user=rival, kind="trait", item="speed", athlete_id=athlete.pk)
    with raises_invalid() as refused:  # the injured razor and five who learned: six played
        purchase_make(team_id=rival_team.pk, user=rival, kind="trait", item="speed", athlete_id=others[5].pk)
    assert [i.code for i in refused.value.items] == ["window-six-played"]


def test_the_migration_moves_the_injured_marked_on_lineups_to_their_sides(played, team, rival_team):
    """Before GameSide.injured, the post-game marked them on the lineup's entries."""
    lineup = played.sides.get(team=team).lineup
    marked = [dict(entry, injured=True) if entry["id"] == razor(team).pk else entry for entry in lineup]
    GameSide.objects.filter(game=played, team=team).update(lineup=marked)
    importlib.import_module("slaughterball.migrations.0007_game_side_injured").injured_off_the_lineups(apps, None)
    side = GameSide.objects.get(game=played, team=team)
    assert side.injured == [razor(team).pk]
    assert side.lineup == lineup
    assert GameSide.objects.get(game=played, team=rival_team).injured == []


def test_a_void_clears_the_sides_injured(played, team, script):
    script("knife")
    lasting_injuries_apply(game=played, injuries=[{"athlete": razor(team).pk, "tokens": 1}])
    assert GameSide.objects.get(game=played, team=team).injured == [razor(team).pk]
    lasting_injuries_void(game=played)
    assert GameSide.objects.get(game=played, team=team).injured == []


def test_an_athlete_who_rolled_a_knife_misses_the_next_game_only(played, season, team, rival_team, script):
    script("knife")
    lasting_injuries_apply(game=played, injuries=[{"athlete": razor(team).pk, "tokens": 1}])
    next_game = make_game(season, [team, rival_team], week=2)
    after_that = make_game(season, [team, rival_team], week=3)
    assert set(athletes_out(next_game, [team.pk])) == {razor(team).pk}
    assert athletes_out(after_that, [team.pk]) == {}
    assert athletes_out(played, [team.pk]) == {}


def test_double_knife_misses_the_next_two(played, season, team, rival_team, script):
    script("double-knife")
    lasting_injuries_apply(game=played, injuries=[{"athlete": razor(team).pk, "tokens": 1}])
    games = [make_game(season, [team, rival_team], week=w) for w in (2, 3, 4)]
    assert [bool(athletes_out(g, [team.pk])) for g in games] == [True, True, False]


def test_voiding_reverses_the_value_and_the_absence_and_a_new_result_rolls_again(played, season, team, rival_team, script):
    before = potential(team)
    script("boot", "knife", "agility")
    lasting_injuries_apply(game=played, injuries=[{"athlete": razor(team).pk, "tokens": 3}])
    assert potential(team) == before - 100_000

    assert lasting_injuries_void(game=played) == 1
    assert lasting_injuries_void(game=played) == 0
    assert potential(team) == before
    assert list(AthleteAdjustment.objects.order_by("id").values_list("value_change", flat=True)) == [-100_000, 100_000]
    next_game = make_game(season, [team, rival_team], week=2)
    assert athletes_out(next_game, [team.pk]) == {}

    script("star")
    (again,) = lasting_injuries_apply(game=played, injuries=[{"athlete": razor(team).pk, "tokens": 1}])
    assert again.dice == ["star"]


def test_lost_traits_count_for_the_next_roll(played, season, team, rival_team, script):
    athlete = razor(team)
    script("boot", "toughness")
    lasting_injuries_apply(game=played, injuries=[{"athlete": athlete.pk, "tokens": 1}])  # Toughness 2 -> 1
    later = make_game(season, [team, rival_team], week=2)
    GameSide.objects.filter(game=later, team=team).update(lineup=[{"id": athlete.pk, "value": 0}])
    Game.objects.filter(pk=later.pk).update(state=Game.State.CONFIRMED)
    script("knife", "knife")
    (injury,) = lasting_injuries_apply(game=later, injuries=[{"athlete": athlete.pk, "tokens": 2}])
    assert (injury.toughness, len(injury.dice)) == (1, 2)  # one die plus one token over Toughness 1


def test_maverick_lasting_injuries_keep_it_out_of_later_weeks(played, season, team, rival_team, coach, script):
    auction = Auction.objects.create(game=played, order=[], dice={}, seed="x", opened_by=coach)
    lot = Lot.objects.create(auction=auction, number=1, nominated_by=team, card="gibraltar", name="Gibraltar", state="hired")
    entry = LedgerEntry.objects.create(
        team=team, account="treasury", amount=-50_000, kind=LedgerKind.AUCTION, reason="Hired Gibraltar"
    )
    hire = MaverickHire.objects.create(
        game=played,
        team=team,
        lot=lot,
        card="gibraltar",
        name="Gibraltar",
        type="slasher",
        price=50_000,
        pit_power_adjustment=400_000,
        traits={"toughness": 4},
        skills=[],
        ledger_entry=entry,
    )
    script("knife", "knife")
    (injury,) = lasting_injuries_apply(game=played, injuries=[{"maverick": hire.pk, "tokens": 5}])
    assert (injury.hire_id, injury.games_missed, injury.out_for_season, injury.value_change) == (hire.pk, 2, False, 0)
    weeks = {w: make_game(season, [team, rival_team], week=w) for w in (2, 3, 4)}
    assert [("gibraltar" in mavericks_out(weeks[w])) for w in (2, 3, 4)] == [True, True, False]


def test_an_athlete_with_injury_tokens_cannot_buy_after_the_game(played, team, coach, commissioner, league, script):
    script("knife")  # one die for two tokens over Toughness 2: misses the next game, nothing lost
    lasting_injuries_apply(game=played, injuries=[{"athlete": razor(team).pk, "tokens": 2}])
    grant_create(league=league, user=commissioner, team_id=team.pk, amount=1_000_000, reason="Sponsor")

    with raises_invalid() as refused:
        purchase_make(team_id=team.pk, user=coach, kind="trait", item="speed", athlete_id=razor(team).pk)
    assert [i.code for i in refused.value.items] == ["window-injured"]
    uninjured = team.athletes.get(number=2)
    _, created = purchase_make(team_id=team.pk, user=coach, kind="trait", item="speed", athlete_id=uninjured.pk)
    assert created
