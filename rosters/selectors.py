"""Reads of teams: the engine facts and the summaries that pages, sheets and the API show."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet, Sum
from django.db.models.functions import Coalesce

from engine.core.money import TREASURY
from engine.registry import get_ruleset
from engine.slaughterball.facts import AthleteFacts, SpendingWindow, TeamFacts
from rosters.models import Athlete, LedgerEntry, Purchase, Team


def _balance_field(account: str) -> str:
    return f"balance_{account}"


def teams_with_summary_data(queryset: QuerySet[Team], game_system: str) -> QuerySet[Team]:
    """Teams with everything a summary needs, in three queries whatever their number:
    the teams with their ledger balances summed per account, their athletes, their purchases."""
    accounts = get_ruleset(game_system).accounts
    balances = {
        _balance_field(a): Coalesce(Sum("ledger__amount", filter=Q(ledger__account=a)), 0) for a in accounts
    }
    # An aggregating query ignores Meta.ordering, so order explicitly for stable pages.
    return (
        queryset.select_related("league", "coach")
        .prefetch_related("athletes", "purchases")
        .annotate(**balances)
        .order_by("name", "id")
    )


def team_balances(team: Team) -> dict[str, int]:
    """Per account, the sum of the team's ledger rows (from the annotation when present)."""
    accounts = get_ruleset(team.league.game_system).accounts
    if all(hasattr(team, _balance_field(a)) for a in accounts):
        return {a: getattr(team, _balance_field(a)) for a in accounts}
    sums = dict(LedgerEntry.objects.filter(team=team).values_list("account").annotate(total=Sum("amount")))
    return {a: sums.get(a, 0) for a in accounts}


def spending_window(team: Team) -> SpendingWindow:
    """Before a team's first game its window is pre-season. Games, and with them the
    post-game window, arrive with the Slaughterball season (scheduling)."""
    return SpendingWindow(pre_season=True)


def _athlete_facts(athlete: Athlete, purchases: list[Purchase]) -> AthleteFacts:
    own = [p for p in purchases if p.athlete_id == athlete.pk]
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
        extra_value=sum(p.cost for p in own),
    )


def team_facts(team: Team) -> TeamFacts:
    purchases = list(team.purchases.all())
    staff = [p for p in purchases if p.kind == Purchase.Kind.STAFF]
    return TeamFacts(
        portfolio=team.portfolio,
        athletes=tuple(_athlete_facts(a, purchases) for a in team.athletes.all()),
        staff=Counter(p.item for p in staff),
        staff_value=sum(p.cost for p in staff),
        balances=team_balances(team),
        window=spending_window(team),
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
    ruleset = get_ruleset(team.league.game_system)
    catalog = ruleset.catalog(team.league.house_values)
    facts = team_facts(team)

    def skill_name(slug: str) -> str:
        skill = catalog.skills.get(slug)
        return skill.name if skill else slug

    rows = [
        AthleteRow(a, f, [skill_name(s) for s in f.skills], [skill_name(s) for s in f.bought_skills])
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
        team_potential=ruleset.team_potential(facts),
        balances=dict(facts.balances),
    )


def team_get(team_id: Any) -> Team | None:
    """One team with its summary data, or None."""
    team = Team.objects.filter(pk=team_id).select_related("league").first()
    if team is None:
        return None
    return teams_with_summary_data(Team.objects.filter(pk=team.pk), team.league.game_system).first()


def team_ledger(team: Team) -> QuerySet[LedgerEntry]:
    return LedgerEntry.objects.filter(team=team).select_related("created_by").order_by("-created_at", "-id")
