"""The result lifecycle's notices (games.lifecycle), in every game system: a dispute is told to the league's
commissioners and to every coach of the game but the one disputing it (the submitter, and the others who were asked
to confirm it), each once; every notice of a result (to confirm, disputed, confirmed, voided) names its league and
speaks people's words."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

import pytest

from blitzbowl import services as blitz
from bloodbowl.services import matches as bloodbowl
from engine.registry import game_systems
from games.lifecycle import ResultLifecycle
from leagues.models import League
from leagues.services import league_create
from notifications.models import Notification
from pitfighter import services as pit
from pitfighter.demo import DEMO_HOUSE_VALUES
from slaughterball.services import results as slaughterball
from slaughterville import services as slaughterville
from slaughterville.demo import DEMO_CATALOGUE
from tests.blitzbowl.conftest import make_league as blitz_league
from tests.blitzbowl.helpers import report as blitz_report
from tests.bloodbowl.match_helpers import bloodbowl_league, bloodbowl_team
from tests.bloodbowl.tournament_helpers import report as bloodbowl_report
from tests.factories import LeagueFactory, UserFactory
from tests.pitfighter.conftest import fighters
from tests.slaughterball.results.helpers import make_game, make_season, make_team_for, result
from tests.words import engine_keys

pytestmark = pytest.mark.django_db

# A game system's game of (commissioner, coaches), its result submitted by the first coach: its league, its lifecycle
# and its id.
Submitted = Callable[[Any, list[Any]], tuple[League, ResultLifecycle[Any], int]]


def slaughterball_game(commissioner, coaches) -> tuple[League, ResultLifecycle[Any], int]:
    league = LeagueFactory(commissioner=commissioner, name="Rustbelt League")
    portfolios = ["carnage", "valkyries", "nemesis"]
    teams = [make_team_for(league, c, f"{c.username}'s team", p) for c, p in zip(coaches, portfolios, strict=True)]
    game = make_game(make_season(league, teams), teams)
    slaughterball.result_submit(game_id=game.pk, user=coaches[0], sides=result(teams, [30, 20, 10]))
    return league, slaughterball.RESULTS, game.pk


def bloodbowl_match(commissioner, coaches) -> tuple[League, ResultLifecycle[Any], int]:
    league = bloodbowl_league(commissioner)
    home, away = (bloodbowl_team(league, c, f"{c.username}'s team") for c in coaches[:2])
    match = bloodbowl.match_create(league=league, user=home.coach, home_team_id=home.pk, away_team_id=away.pk)
    bloodbowl.prematch_roll(match_id=match.pk, user=home.coach)
    bloodbowl.report_submit(match_id=match.pk, user=home.coach, report=bloodbowl_report(home, away, 1, 0))
    return league, bloodbowl.RESULTS, match.pk


def blitzbowl_match(commissioner, coaches) -> tuple[League, ResultLifecycle[Any], int]:
    league = blitz_league(commissioner, matches=2)
    home, away, _ = (blitz.coach_signup(league=league, coach=c, name=f"{c.username}'s team") for c in coaches)
    match = blitz.match_create(league_id=league.pk, user=commissioner, home_team=home.pk, away_team=away.pk)
    blitz.result_submit(match_id=match.pk, user=coaches[0], report=blitz_report())
    return league, blitz.RESULTS, match.pk


def pitfighter_combat(commissioner, coaches) -> tuple[League, ResultLifecycle[Any], int]:
    league = League.objects.create(name="Blood Sand", game_system="pitfighter", options={}, house_values=DEMO_HOUSE_VALUES)
    league.commissioners.add(commissioner)
    stables = [
        pit.stable_create(league=league, coach=c, name=f"{c.username}'s pit", fighters=fighters(c.username)) for c in coaches
    ]
    first, *others = (stable.pit_fighters.get(type="orc") for stable in stables)
    combat = pit.combat_create(
        league_id=league.pk, user=coaches[0], style="free", fighters=[{"fighter": f.pk} for f in (first, *others)]
    )
    lines = [{"fighter": first.pk, "taken_down_by": None}] + [{"fighter": f.pk, "taken_down_by": first.pk} for f in others]
    pit.result_submit(combat_id=combat.pk, user=coaches[0], report={"fighters": lines, "winner": first.pk})
    return league, pit.RESULTS, combat.pk


def slaughterville_session(commissioner, coaches) -> tuple[League, ResultLifecycle[Any], int]:
    league = league_create(user=commissioner, name="Friday Horror Club", game_system="slaughterville", options={})
    slaughterville.catalogue_import(league=league, user=commissioner, fmt="yaml", text=DEMO_CATALOGUE)
    members = [slaughterville.member_join(league=league, coach=c, name=c.username) for c in coaches]
    session, _ = slaughterville.session_log_create(
        league=league,
        user=coaches[0],
        played_on=date(2026, 1, 9),
        players=[{"member": m.pk, "character": c} for m, c in zip(members, ["skeptic", "drifter", "prom-queen"], strict=True)],
        villain="pale-choir",
        locations=["old-mill", "chapel", "roadside-diner", "motel", "high-school", "cornfield"],
        first_player=members[0].pk,
        outcome="players",
        turns=12,
        clues=5,
        defeated=1,
    )
    return league, slaughterville.RESULTS, session.pk


# Each game system's game, and how many coaches play it (two for a match).
GAMES: dict[str, tuple[Submitted, int]] = {
    "slaughterball": (slaughterball_game, 3),
    "bloodbowl": (bloodbowl_match, 2),
    "blitzbowl": (blitzbowl_match, 2),
    "pitfighter": (pitfighter_combat, 3),
    "slaughterville": (slaughterville_session, 3),
}


def told(prefix: str) -> dict[str, str]:
    """username -> text of the notifications whose event starts with `prefix`; each user once."""
    rows = list(Notification.objects.filter(event__startswith=prefix).select_related("user"))
    assert len(rows) == len({r.user.username for r in rows})
    return {r.user.username: r.text for r in rows}


def test_every_game_system_is_registered_here():
    assert {slug for slug, _ in game_systems()} == set(GAMES)


@pytest.mark.parametrize("system", sorted(GAMES))
def test_a_dispute_is_told_to_every_coach_of_the_game_and_the_commissioners(system, commissioner):
    build, size = GAMES[system]
    coaches = [UserFactory(username=name) for name in ("ann", "bob", "cid")]
    league, results, game_id = build(commissioner, coaches)
    playing, disputer = coaches[:size], coaches[1]
    # The third coach of a Blood Bowl or Blitz Bowl league plays no part in this match: he hears nothing of it.
    assert set(told("result-confirm:")) == {c.username for c in playing[1:]}

    results.dispute(game_id=game_id, user=disputer, reason="That is not how it went.")

    disputed = told("result-disputed:")
    assert set(disputed) == {"commissioner", *(c.username for c in playing if c != disputer)}
    assert disputed["commissioner"].endswith("approve it or void it. Reason: That is not how it went.")
    assert "the result you submitted" in disputed["ann"]
    for other in playing[2:]:  # asked to confirm it, told that it is disputed
        assert disputed[other.username].endswith("a commissioner decides. Reason: That is not how it went.")

    results.approve(game_id=game_id, user=commissioner)
    assert set(told("result-confirmed:")) == {c.username for c in playing}
    results.void(game_id=game_id, user=commissioner, reason="Played on the wrong day.")
    assert set(told("result-voided:")) == {c.username for c in playing}

    # Every notice of the game names its league, in people's words.
    for notice in Notification.objects.filter(user__in=[commissioner, *coaches]):
        assert notice.text.startswith(f"{league.name}: "), notice.text
        assert not engine_keys(notice.text), notice.text
