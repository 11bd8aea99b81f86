from __future__ import annotations

from collections.abc import Mapping


def format_credits(amount: int, unit: str = "credits") -> str:
    """400000 -> '400,000 credits'. Money is always an integer number of the smallest unit."""
    return f"{amount:,} {unit}"


TREASURY = "treasury"

# The most any one table value, budget or grant may be: far above a league's money, and far below
# the database's 64-bit integer columns, which a larger value would overflow (a crash, not a 400).
MAX_CREDITS = 10**12


def plan_payment(cost: int, balances: Mapping[str, int], accounts: tuple[str, ...]) -> tuple[tuple[str, int], ...] | None:
    """Split a cost over the accounts in order (a budget first, then the treasury).

    Returns the (account, amount) debits, or None when the accounts together hold too little.
    """
    debits: list[tuple[str, int]] = []
    left = cost
    for account in accounts:
        take = min(left, max(balances.get(account, 0), 0))
        if take:
            debits.append((account, take))
            left -= take
    return tuple(debits) if left == 0 else None
