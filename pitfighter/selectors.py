"""Reads for Pit Fighter campaigns: rows turned into the engine's facts, and what the pages and the API show."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Prefetch, Q, QuerySet, Sum
from django.db.models.functions import Coalesce
from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from engine.pitfighter import campaign as campaign_rules
from engine.pitfighter import combat as combat_rules
from engine.pitfighter.fighters import CHARACTERISTICS, SKILLS, Injuries, profile
from engine.pitfighter.ruleset import RULESET
from games.models import Game
from leagues.models import League
from leagues.selectors import league_is_commissioner, league_list
from pitfighter.models import Combat, CombatFighter, CombatSide, Fighter
from pitside.paging import coached_by, page_rows
from rosters.models import Team

GAME_SYSTEM = RULESET.slug
OPEN_STATES = (Game.State.SCHEDULED, Game.State.SUBMITTED, Game.State.DISPUTED)


def league_get(league_id: Any) -> League:
    """A Pit Fighter campaign, or 404."""
    return get_object_or_404(league_list().filter(game_system=GAME_SYSTEM), pk=league_id)


def stables(league: League) -> QuerySet[Team]:
    """The campaign's stables with their fighters, in sign-up order (two queries, or a page of them)."""
    return Team.objects.filter(league=league).select_related("coach").prefetch_related("pit_fighters").order_by("pk")


def stables_listed(league: League) -> QuerySet[Team]:
    """The campaign's stables as the API lists them: only the columns it shows (two queries, or a page of them)."""
    fighters = Fighter.objects.defer(*INJURIES, "crowned_in", "recruited_in")
    return (
        Team.objects.filter(league=league)
        .select_related("coach")
        .only("name", "league", "coach__username")
        .prefetch_related(Prefetch("pit_fighters", queryset=fighters))
        .order_by("pk")
    )


def stable_get(team_id: Any) -> Team:
    return get_object_or_404(
        Team.objects.filter(league__game_system=GAME_SYSTEM).select_related("coach", "league").prefetch_related("pit_fighters"),
        pk=team_id,
    )


def fighter_get(fighter_id: Any) -> Fighter:
    entries = CombatFighter.objects.select_related("combat", "taken_down_by").order_by("combat_id")
    return get_object_or_404(
        Fighter.objects.filter(stable__league__game_system=GAME_SYSTEM)
        .select_related("stable__coach", "stable__league", "crowned_in")
        .prefetch_related("hates", Prefetch("entries", queryset=entries)),
        pk=fighter_id,
    )


def _combats() -> QuerySet[Combat]:
    entries = CombatFighter.objects.select_related("fighter", "taken_down_by", "side__team")
    return Combat.objects.select_related("league").prefetch_related(
        Prefetch("sides", queryset=CombatSide.objects.select_related("team__coach")), Prefetch("entries", queryset=entries)
    )


def combats(league: League) -> QuerySet[Combat]:
    return _combats().filter(league=league).order_by("id")


def combats_listed(league: League) -> QuerySet[Combat]:
    """The campaign's combats as the API lists them: only the columns it shows (a combat's report is not read), a
    query for a page and one each for its sides and its fighters."""
    sides = CombatSide.objects.select_related("team__coach").only(
        "combat", "team__name", "team__coach__username", "won", "takedowns"
    )
    entries = CombatFighter.objects.select_related("fighter", "side").only(
        "combat", "side__team", "fighter__name", "team", "taken_down_by", "wounds_left", "criticals"
    )
    return (
        Combat.objects.filter(league=league)
        .only("league", "state", "style", "scheduled_for", "location")
        .prefetch_related(Prefetch("sides", queryset=sides), Prefetch("entries", queryset=entries))
        .order_by("id")
    )


def combat_get(combat_id: Any) -> Combat:
    return get_object_or_404(
        _combats()
        .filter(league__game_system=GAME_SYSTEM)
        .prefetch_related("league__commissioners", "events__user", "skill_rolls__fighter"),
        pk=combat_id,
    )


# --- Facts for the engine ---------------------------------------------------------------------------------------


INJURIES = ("fingers", "arms", "kneecaps", "wooden_legs", "ears", "eyes")


def injuries_of(fighter: Fighter) -> Injuries:
    return Injuries(fighter.fingers, fighter.arms, fighter.kneecaps, fighter.wooden_legs, fighter.ears, fighter.eyes)


def characteristics_of(fighter: Fighter) -> dict[str, int]:
    return {c: getattr(fighter, c) for c in CHARACTERISTICS}


def state_of(fighter: Fighter) -> campaign_rules.FighterState:
    return campaign_rules.FighterState(
        id=fighter.pk,
        stable=fighter.stable_id,
        type=fighter.type,
        characteristics=characteristics_of(fighter),
        points=fighter.points,
        misses=fighter.misses,
        injuries=injuries_of(fighter),
        status=fighter.status,
        pit_king=fighter.pit_king,
        hates=frozenset(h.pk for h in fighter.hates.all()),
        skills=tuple(fighter.skills),
        combats=fighter.combats,
        wins=fighter.wins,
        takedowns=fighter.takedowns,
        skill_points=fighter.skill_points,
    )


def entry_of(fighter: Fighter, team: int, busy: bool) -> combat_rules.Entry:
    return combat_rules.Entry(
        fighter=fighter.pk,
        stable=fighter.stable_id,
        name=fighter.name,
        type=fighter.type,
        team=team,
        pit_king=fighter.pit_king,
        status=fighter.status,
        misses=fighter.misses,
        points=fighter.points,
        busy=busy,
    )


def busy_fighters(league: League) -> set[int]:
    """Fighters in a combat whose result is not confirmed (or voided)."""
    return set(
        CombatFighter.objects.filter(combat__league=league, combat__state__in=OPEN_STATES).values_list("fighter_id", flat=True)
    )


# --- What the pages and the API show --------------------------------------------------------------------------------


@dataclass(frozen=True)
class StandingLine:
    row: campaign_rules.StandingRow  # its stable's id and name, combats, wins and takedowns
    owner: str  # the stable's owner's username
    position: int  # 1 for the first stable


@dataclass(frozen=True)
class Campaign:
    league: League
    standings: list[StandingLine]
    pit_kings: list[Fighter]  # the fighters holding the title now
    winner: Team | None  # the owner of the first Pit King won the campaign


def standings(league: League) -> list[StandingLine]:
    """Every stable's combats, wins and takedowns in confirmed combats, summed by the database in one query (read as
    plain rows: a campaign of 100 stables builds no model for each); ordered by the engine."""
    confirmed = Q(pit_sides__combat__state=Game.State.CONFIRMED)
    totals = list(
        Team.objects.filter(league=league)
        .annotate(
            combats=Count("pit_sides", filter=confirmed),
            wins=Count("pit_sides", filter=confirmed & Q(pit_sides__won=True)),
            takedowns=Coalesce(Sum("pit_sides__takedowns", filter=confirmed), 0),
        )
        .order_by("pk")
        .values_list("pk", "name", "combats", "wins", "takedowns", "coach__username")
    )
    owners = {pk: owner for pk, *_, owner in totals}
    rows = [campaign_rules.StandingRow(*line[:5]) for line in totals]
    ordered = RULESET.standings_order(rows, league.options)
    return [StandingLine(row, owners[row.stable], position) for position, row in enumerate(ordered, start=1)]


def campaign(league: League) -> Campaign:
    """The standings (every stable: the engine orders them), the Pit Kings and the winner, in three queries whatever
    the campaign's size."""
    fighters = Fighter.objects.filter(stable__league=league).select_related("stable__coach")
    first_king = fighters.filter(crowned_in__isnull=False).order_by("crowned_in_id").first()
    return Campaign(
        league=league,
        standings=standings(league),
        pit_kings=list(fighters.filter(pit_king=True).order_by("pk")),
        winner=first_king.stable if first_king else None,
    )


def league_panel_context(league: League, request: HttpRequest) -> dict[str, Any]:
    """The league page's Pit Fighter panel: its standings, stables and combats a page each (the viewer's own first)."""
    state = campaign(league)
    user = request.user
    own = coached_by(request)
    own_stable = Team.objects.filter(league=league, coach=user).first() if user.is_authenticated else None
    can_arrange = own_stable is not None or league_is_commissioner(league, user)
    return {
        "campaign": state,
        "standings": page_rows(
            request,
            state.standings,
            own=lambda line: own_stable is not None and line.row.stable == own_stable.pk,
            param="standings",
        ),
        "stables": page_rows(request, stables(league), own=own, param="stables"),
        "combats": page_rows(
            request,
            combats(league),
            own=Q(pk__in=CombatSide.objects.filter(team__coach_id=user.pk).values("combat_id")) if own else None,
            param="combats",
        ),
        "own_stable": own_stable,
        "can_arrange": can_arrange,
        "styles": list(combat_rules.STYLE_NAMES.items()),
        # The arranging form lists every active fighter of the campaign, for those who may arrange a combat.
        "available": list(Fighter.objects.filter(stable__league=league, status=Fighter.Status.ACTIVE).select_related("stable"))
        if can_arrange
        else [],
    }


@dataclass(frozen=True)
class Roster:
    """A fighter's roster: his characteristics as he fights with them, injuries, skills and history."""

    fighter: Fighter
    base: dict[str, int]
    profile: dict[str, int]
    injuries: Injuries
    skills: list[Any]
    history: list[CombatFighter]


def roster(fighter: Fighter) -> Roster:
    injuries = injuries_of(fighter)
    base = characteristics_of(fighter)
    return Roster(
        fighter=fighter,
        base=base,
        profile=profile(base, injuries),
        injuries=injuries,
        skills=[SKILLS[s] for s in fighter.skills],
        history=[e for e in fighter.entries.all() if e.combat.state == Game.State.CONFIRMED],
    )


@dataclass(frozen=True)
class CombatRights:
    report: bool
    confirm: bool
    approve: bool
    dispute: bool
    void: bool


def combat_rights(combat: Combat, user: Any) -> CombatRights:
    from pitfighter.services import RESULTS  # the lifecycle's services read these selectors

    mine = {s.team_id for s in RESULTS.user_sides(combat, user)}
    commissioner = league_is_commissioner(combat.league, user)
    pending = any(s.team_id in mine for s in RESULTS.pending_sides(combat))
    standing = combat.state in (Game.State.SUBMITTED, Game.State.DISPUTED)
    return CombatRights(
        report=(bool(mine) or commissioner) and combat.state != Game.State.CONFIRMED,
        confirm=pending,
        approve=commissioner and not mine and standing,
        dispute=pending,
        void=commissioner and (standing or combat.state == Game.State.CONFIRMED),
    )


def standings_top(league: League, count: int) -> list[str]:
    """The campaign standings' top lines, which a confirmed combat posts to the league's channels (GameApp hook)."""
    return [
        f"{place}. {line.row.name}: {line.row.wins} wins, {line.row.takedowns} takedowns"
        for place, line in enumerate(standings(league)[:count], start=1)
    ]
