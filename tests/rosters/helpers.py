"""What the roster, league and API tests share: fast log-in hashing, the ledger's own sums, a snapshot of every row."""

from __future__ import annotations

from typing import Any

from django.db.models import Sum

from engine.registry import get_ruleset
from leagues.models import League
from rosters.models import Athlete, LedgerEntry, Purchase, Team


def ledger_sums(team: Team) -> dict[str, int]:
    """Each of the team's accounts summed straight from its ledger rows, bypassing the selectors under test."""
    sums = dict(LedgerEntry.objects.filter(team=team).values_list("account").annotate(total=Sum("amount")))
    return {account: sums.get(account, 0) for account in get_ruleset(team.league.game_system).accounts}


def db_state() -> dict[str, list[tuple[Any, ...]]]:
    """Every row a write could touch, to show that a refused write changed nothing."""
    models = [League, League.commissioners.through, Team, Athlete, Purchase, LedgerEntry]
    return {model._meta.label: list(model.objects.order_by("pk").values_list()) for model in models}
