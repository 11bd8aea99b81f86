"""Reads of Slaughterball teams: the engine facts, the spending window and the summaries that pages,
sheets and the API show."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.db.models import F, JSONField, Model, OuterRef, Prefetch, Q, QuerySet, Subquery, Sum, Window
from django.db.models.functions import Coalesce, RowNumber

from engine.core.money import TREASURY
from engine.slaughterball.facts import AthleteFacts, SpendingWindow, TeamFacts
from engine.slaughterball.games import SidePlayers, who_played
from engine.slaughterball.ruleset import RULESET
from leagues.setup import league_house_values
from pitside.names import key_names
from rosters.models import LedgerEntry, Team
from rosters.selectors import balance_annotations, team_balances
from slaughterball.models import Athlete, AthleteAdjustment, Game, GameSide, Purchase
from slaughterball.selectors import GAME_SYSTEM, lineup_athlete_ids


def teams_with_summary_data(queryset: QuerySet[Team], game_system: str) -> QuerySet[Team]:
    """Teams with everything a summary needs, in three queries whatever their number:
    the teams with their ledger balances summed per account, their athletes, their purchases."""
    return teams_to_summarize(queryset).annotate(**window_annotations(), **balance_annotations(game_system))


def teams_to_summarize(queryset: QuerySet[Team]) -> QuerySet[Team]:
    """Teams with everything a summary needs but their balances and their spending window's side, which
    rosters.selectors.teams_with_balances and teams_with_window_sides then read for the page of them shown (a query
    each)."""
    # An aggregating query ignores Meta.ordering, so order explicitly for stable pages.
    return (
        queryset.select_related("league", "coach")
        .prefetch_related(Prefetch("athletes", queryset=athletes_with_adjustments()), "purchases")
        .order_by("name", "id")
    )


def athletes_with_adjustments() -> QuerySet[Athlete]:
    """Athletes with the sum of their value adjustments (lasting injuries), in the same query."""
    total = AthleteAdjustment.objects.filter(athlete=OuterRef("pk")).order_by().values("athlete").annotate(t=Sum("value_change"))
    return Athlete.objects.annotate(adjustment_value=Coalesce(Subquery(total.values("t")), 0))


def _adjustment_value(athlete: Athlete) -> int:
    annotated = getattr(athlete, "adjustment_value", None)
    if annotated is not None:
        return int(annotated)
    total: int = AthleteAdjustment.objects.filter(athlete=athlete).aggregate(t=Coalesce(Sum("value_change"), 0))["t"]
    return total


def _team_sum(model: type[Model], team: str, column: str, condition: Q | None = None) -> Coalesce:
    """The sum of `column` over the rows of `model` whose `team` path is the team of the outer query (0 for none)."""
    rows = model._default_manager.filter(condition or Q(), **{team: OuterRef("pk")}).order_by().values(team)
    return Coalesce(Subquery(rows.annotate(total=Sum(column)).values("total")), 0)


@cache
def _figures() -> dict[str, Any]:
    # Built once per process: the expressions are the same for every query, and building them costs more than
    # compiling them (each query resolves its own copy).
    return {
        "athletes_value": _team_sum(Athlete, "team", "base_value")
        + _team_sum(Purchase, "team", "cost", ~Q(kind=Purchase.Kind.STAFF))
        + _team_sum(AthleteAdjustment, "athlete__team", "value_change"),
        "staff_value": _team_sum(Purchase, "team", "cost", Q(kind=Purchase.Kind.STAFF)),
        "treasury": _team_sum(LedgerEntry, "team", "amount", Q(account=TREASURY)),
    }


def teams_with_figures(queryset: QuerySet[Team]) -> QuerySet[Team]:
    """Teams with their coach and the sums their Team Potential and treasury are made of, summed by the database
    in the same query (a subquery per sum, for the rows read only): `athletes_value` (the athletes' base values,
    the cost of what was bought for them and their Value Adjustments), `staff_value` and `treasury`. Team
    Potential is the engine's team_potential_of_values of the first two, as in the standings recompute; a test
    keeps it the team page's (team_summary)."""
    return queryset.select_related("coach").annotate(**_figures())


# --- The spending window (results area) ------------------------------------------------------------


LATEST_FIRST = ("-game__week__number", "-game__confirmed_at", "-pk")  # a team's sides, its latest game first


def _window_sides() -> QuerySet[GameSide]:
    """A team's sides of confirmed games, its latest game first (by week, then by confirmation)."""
    return GameSide.objects.filter(game__state=Game.State.CONFIRMED).order_by(*LATEST_FIRST)


def window_annotations() -> dict[str, Subquery]:
    """The team's latest confirmed side, its lineup and its injured, as annotations for a team query: a list of
    teams then builds each team's spending window without a query per team."""
    latest = _window_sides().filter(team=OuterRef("pk"))
    return {
        "window_side_id": Subquery(latest.values("pk")[:1]),
        "window_lineup": Subquery(latest.values("lineup")[:1], output_field=JSONField()),
        "window_injured": Subquery(latest.values("injured")[:1], output_field=JSONField()),
    }


def teams_with_window_sides(teams: Sequence[Team]) -> Sequence[Team]:
    """The teams (a page of them) with the annotations of window_annotations set, read in one query for them all: as
    annotations, each team's three subqueries were most of a page of teams' time, and grew with the league's games."""
    sides = (
        _window_sides()
        .filter(team__in=[t.pk for t in teams])
        .annotate(latest=Window(RowNumber(), partition_by=[F("team_id")], order_by=list(LATEST_FIRST)))
        .filter(latest=1)
        .values_list("team_id", "pk", "lineup", "injured")
    )
    found = {team: (side, lineup, injured) for team, side, lineup, injured in sides}
    names = ("window_side_id", "window_lineup", "window_injured")
    for team in teams:
        for name, value in zip(names, found.get(team.pk, (None,) * len(names)), strict=True):
            setattr(team, name, value)
    return teams


@dataclass(frozen=True)
class WindowSide:
    """The team's side of its latest confirmed game, which its spending window is of; id None before its first."""

    id: int | None
    lineup: list[Any]  # as stored: empty when the result was reported without it
    injured: list[int]  # Lasting Injuries: its athletes who ended the game with Injury tokens


def spending_window_side(team: Team) -> WindowSide:
    """The side of the team's latest confirmed game. From the annotations when the team has them."""
    if hasattr(team, "window_side_id") and hasattr(team, "window_lineup") and hasattr(team, "window_injured"):
        return WindowSide(team.window_side_id, list(team.window_lineup or []), list(team.window_injured or []))
    side = _window_sides().filter(team=team).values("pk", "lineup", "injured").first()
    return WindowSide(side["pk"], list(side["lineup"] or []), list(side["injured"] or [])) if side else WindowSide(None, [], [])


def spending_window(team: Team, purchases: list[Purchase] | None = None) -> SpendingWindow:
    """Skills in Leagues: before its first confirmed game a team's window is pre-season (the optional budgets may
    pay). After it, the window is that of its latest confirmed game, in which athletes who played it (the engine's
    took_part: its lineup, or any six when it recorded none) learn one skill and one trait point each, counted by the
    purchases recorded in this window, and none who ended it with Injury tokens (Lasting Injuries)."""
    side = spending_window_side(team)
    if side.id is None:
        return SpendingWindow(pre_season=True)
    bought = [p for p in (team.purchases.all() if purchases is None else purchases) if p.game_side_id == side.id]
    roster = [athlete.pk for athlete in team.athletes.all()]
    recorded = lineup_athlete_ids(side.lineup) if side.lineup else None
    played = who_played([SidePlayers(team.pk, roster, recorded)])
    return SpendingWindow(
        pre_season=False,
        played=played.known,
        lineup_recorded=recorded is not None,
        injured=frozenset(side.injured),
        skill_bought=frozenset(p.athlete_id for p in bought if p.kind == Purchase.Kind.SKILL and p.athlete_id),
        trait_bought=frozenset(p.athlete_id for p in bought if p.kind == Purchase.Kind.TRAIT and p.athlete_id),
    )


def _athlete_facts(athlete: Athlete, own: list[Purchase]) -> AthleteFacts:
    """The athlete's facts, from what was bought for him (`own`)."""
    return AthleteFacts(
        id=athlete.pk,
        type=athlete.type,
        name=athlete.name,
        number=athlete.number,
        base_traits=athlete.base_traits,
        starting_skills=tuple(athlete.starting_skills),
        base_value=athlete.base_value,
        trait_increases=Counter(p.item for p in own if p.kind == Purchase.Kind.TRAIT),
        bought_skills=tuple(p.item for p in own if p.kind == Purchase.Kind.SKILL),
        extra_value=sum(p.cost for p in own) + _adjustment_value(athlete),  # + Athlete Value Adjustment
    )


def team_facts(team: Team) -> TeamFacts:
    purchases = list(team.purchases.all())
    staff = [p for p in purchases if p.kind == Purchase.Kind.STAFF]
    bought: dict[int | None, list[Purchase]] = {}  # by athlete: a list of teams reads each purchase once
    for purchase in purchases:
        bought.setdefault(purchase.athlete_id, []).append(purchase)
    return TeamFacts(
        portfolio=team.faction,
        athletes=tuple(_athlete_facts(a, bought.get(a.pk, [])) for a in team.athletes.all()),
        staff=Counter(p.item for p in staff),
        staff_value=sum(p.cost for p in staff),
        balances=team_balances(team),
        window=spending_window(team, purchases),
    )


@dataclass(frozen=True)
class AthleteRow:
    athlete: Athlete
    facts: AthleteFacts
    skill_names: list[str]
    bought_skill_names: list[str]


@dataclass(frozen=True)
class TeamSummary:
    """What the team page, the roster sheet and the API show of a team."""

    team: Team
    facts: TeamFacts
    athletes: list[AthleteRow]
    staff: list[Purchase]
    athletes_value: int
    staff_value: int
    team_potential: int
    balances: dict[str, int]

    @property
    def treasury(self) -> int:
        return self.balances[TREASURY]


def team_summary(team: Team) -> TeamSummary:
    catalog = RULESET.catalog(league_house_values(team.league))
    facts = team_facts(team)

    rows = [
        AthleteRow(a, f, key_names(f.skills, catalog.names), key_names(f.bought_skills, catalog.names))
        for a, f in zip(team.athletes.all(), facts.athletes, strict=True)
    ]
    athletes_value = sum(f.value for f in facts.athletes)
    return TeamSummary(
        team=team,
        facts=facts,
        athletes=rows,
        staff=[p for p in team.purchases.all() if p.kind == Purchase.Kind.STAFF],
        athletes_value=athletes_value,
        staff_value=facts.staff_value,
        team_potential=RULESET.team_potential(facts),
        balances=dict(facts.balances),
    )


def team_get(team_id: Any) -> Team | None:
    """One team of a Slaughterball league with its summary data, or None: one query (and the prefetches)."""
    return teams_with_summary_data(Team.objects.filter(pk=team_id, league__game_system=GAME_SYSTEM), GAME_SYSTEM).first()
