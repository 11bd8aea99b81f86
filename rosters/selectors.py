"""Reads of teams that every game system shares: the ledger and its balances, the teams a form's select offers."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.db.models import Q, QuerySet, Sum
from django.db.models.functions import Coalesce

from engine.registry import get_ruleset
from leagues.models import League
from rosters.models import LedgerEntry, LedgerKind, Team
from sheets.keys import Rows


def _balance_field(account: str) -> str:
    return f"balance_{account}"


def balance_annotations(game_system: str) -> dict[str, Coalesce]:
    """The team's ledger balances, one per account of the game system, as annotations for a team query."""
    accounts = get_ruleset(game_system).accounts
    return {_balance_field(a): Coalesce(Sum("ledger__amount", filter=Q(ledger__account=a)), 0) for a in accounts}


def teams_with_balances(teams: Sequence[Team], game_system: str) -> Sequence[Team]:
    """The teams (a page of them) with their ledger balances set as balance_annotations would, summed in one
    query over their rows only: a list annotated before it is paged sums every team's ledger."""
    accounts = get_ruleset(game_system).accounts
    rows = LedgerEntry.objects.filter(team__in=[t.pk for t in teams], account__in=accounts).order_by()
    sums = {(t, a): total for t, a, total in rows.values_list("team", "account").annotate(total=Sum("amount"))}
    for team in teams:
        for account in accounts:
            setattr(team, _balance_field(account), sums.get((team.pk, account), 0))
    return teams


def team_balances(team: Team) -> dict[str, int]:
    """Per account, the sum of the team's ledger rows (from the annotation when present)."""
    accounts = get_ruleset(team.league.game_system).accounts
    if all(hasattr(team, _balance_field(a)) for a in accounts):
        return {a: getattr(team, _balance_field(a)) for a in accounts}
    sums = dict(LedgerEntry.objects.filter(team=team).values_list("account").annotate(total=Sum("amount")))
    return {a: sums.get(a, 0) for a in accounts}


def team_ledger(team: Team) -> QuerySet[LedgerEntry]:
    return LedgerEntry.objects.filter(team=team).select_related("created_by").order_by("-created_at", "-id")


def league_grants(league: League) -> QuerySet[LedgerEntry]:
    """The commissioner's grants and fines to the league's teams, the latest first."""
    rows = LedgerEntry.objects.filter(team__league=league, kind=LedgerKind.GRANT)
    return rows.select_related("created_by").order_by("-id")


def team_sheet_rows(team_id: int, game_system: str) -> list[Rows]:
    """What every roster sheet prints of its team besides its game system's own rows (sheets.keys): the team with
    its league and coach, and its balances (sums per account: the ledger only grows, the sheet prints its sums)."""
    return [
        Rows(
            "team",
            Team.objects.filter(pk=team_id, league__game_system=game_system),
            related=("league__name", "league__game_system", "league__options", "league__house_values", "coach__username"),
        ),
        Rows(
            "balance",
            LedgerEntry.objects.filter(team_id=team_id).values("account").annotate(total=Sum("amount")),
            columns=("account", "total"),
        ),
    ]


# Teams a team select of a page's form offers for each name searched (or with none), besides the viewer's own and
# those the form sent: a season of 1,000 teams is not put in a select on every view of the page.
TEAM_CHOICES = 25


def team_choices(teams: QuerySet[Team], user: Any, searches: Sequence[str] = (), sent: Iterable[int] = ()) -> list[Team]:
    """The teams of `teams` (those the form accepts) its select offers, by name: for each of `searches` the first
    TEAM_CHOICES whose name contains it (with none, the first TEAM_CHOICES: every team of a small league), the
    viewer's own teams, and those the form sent, so that a refused form keeps them selected and a form built with
    these choices accepts exactly the sent teams that are in `teams`. One query."""
    kept = Q(pk__in=list(sent))
    for search in searches or [""]:
        kept |= Q(pk__in=teams.filter(name__icontains=search).order_by("name", "id").values("pk")[:TEAM_CHOICES])
    if user.is_authenticated:
        kept |= Q(coach=user)
    chosen = teams.filter(kept).select_related("coach").only("name", "league_id", "coach__username")
    return list(chosen.order_by("name", "id"))
