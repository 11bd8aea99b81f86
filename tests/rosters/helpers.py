"""What the tests of every game system's teams share: the ledger's own sums, and requests racing each other."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from django.db import connection
from django.db.models import Sum
from rest_framework.test import APIClient

from engine.registry import get_ruleset
from rosters.models import LedgerEntry, Team


def ledger_sums(team: Team) -> dict[str, int]:
    """Each of the team's accounts summed straight from its ledger rows, bypassing the selectors under test."""
    sums = dict(LedgerEntry.objects.filter(team=team).values_list("account").annotate(total=Sum("amount")))
    return {account: sums.get(account, 0) for account in get_ruleset(team.league.game_system).accounts}


def race(*requests: Callable[[], Any]) -> list[Any]:
    """Run the requests at once, one thread (and so one database connection) each."""
    barrier = threading.Barrier(len(requests))

    def run(request: Callable[[], Any]) -> Any:
        try:
            barrier.wait(timeout=10)
            return request()
        finally:
            connection.close()  # this thread's connection: the test database cannot be dropped while it is open

    with ThreadPoolExecutor(max_workers=len(requests)) as pool:
        return list(pool.map(run, requests))


def client(user) -> APIClient:
    api = APIClient()
    api.force_authenticate(user)
    return api
