"""Writes to teams that every game system shares: the sign-up and spending path, and the commissioner's
grants and fines on the ledger. Each one runs in a transaction."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from django.db import IntegrityError, transaction
from django.urls import reverse

from engine.core.money import TREASURY, format_credits
from engine.registry import get_ruleset
from leagues.models import League
from leagues.services import league_require_commissioner
from notifications.services import notify
from pitside.errors import Invalid, NotFound, NotPermitted
from rosters.models import LedgerEntry, LedgerKind, Team
from rosters.selectors import balance_annotations, team_balances
from webhooks.models import Channel
from webhooks.services import league_announce


def _name_taken() -> Invalid:
    return Invalid.one("team-name-taken", "name", "Another team in this league already has that name.")


# --- The sign-up and spending path every game system shares ---------------------------------------------


def team_signup_require_open(league: League) -> None:
    if not league.open_for_signups:
        raise Invalid.one("league-closed", "league", "This league is not open for sign-ups.")


@contextmanager
def team_signing_up(
    *, league: League, coach: Any, name: str, faction: str, opening: Iterable[tuple[str, int, str]] = ()
) -> Iterator[Team]:
    """Sign a new team up, once the game system has checked it: the team row (its creator coaches it),
    then, inside the `with` block, the game system adds its members; then the opening ledger rows
    (account, amount, reason), and the notice to the league's commissioners (on their dashboards, by mail after
    commit), all in one transaction.
    A name another team of the league has is refused, also when two teams race for it."""
    name = name.strip()
    if Team.objects.filter(league=league, name__iexact=name).exists():
        raise _name_taken()
    try:
        with transaction.atomic():
            team = Team.objects.create(league=league, coach=coach, name=name, faction=faction)
            yield team
            LedgerEntry.objects.bulk_create(
                LedgerEntry(team=team, account=account, amount=amount, kind=LedgerKind.OPENING, reason=reason)
                for account, amount, reason in opening
            )
            url = reverse("league-detail", args=[league.pk])
            text = f"{team.name} signed up for {league.name}"
            notify(
                users=league.commissioners.all(),
                league=league,
                event=f"team-signed-up:{team.pk}",
                text=f"{team.name} signed up.",
                url=url,
            )
            league_announce(league_id=league.pk, event=Channel.Event.SIGNUP, key=f"team-signed-up:{team.pk}", text=text, url=url)
    except IntegrityError:
        raise _name_taken() from None  # lost a race with a team of the same name


def team_require_coach(*, team: Team, user: Any) -> None:
    if team.coach_id != getattr(user, "pk", None):
        raise NotPermitted.one("not-coach", "team", "Only this team's coach can do that.")


def team_lock(*, team_id: int, game_system: str) -> Team:
    """Lock a team row of this game system for the transaction, so that two spends of one team run one
    after the other (each game system then reads the team with what it needs: a locking query cannot
    aggregate the treasury)."""
    locked = Team.objects.select_for_update(of=("self",)).filter(pk=team_id, league__game_system=game_system).first()
    if locked is None:
        raise NotFound.one("team-unknown", "team", "No such team.")
    return locked


# --- Grants and fines -------------------------------------------------------------------------------------


def _locked_team(team_id: int, game_system: str) -> Team:
    """The team row locked, then the team again with its balances."""
    team_lock(team_id=team_id, game_system=game_system)
    return Team.objects.select_related("league").annotate(**balance_annotations(game_system)).get(pk=team_id)


def grant_create(
    *, league: League, user: Any, team_id: int, amount: int, reason: str, idempotency_key: str | None = None
) -> tuple[LedgerEntry, bool]:
    """A commissioner grants (amount > 0) or fines (amount < 0) a team of their league, with a reason.

    A fine never takes the treasury below zero. Returns (entry, created).
    """
    league_require_commissioner(league=league, user=user)
    ruleset = get_ruleset(league.game_system)
    if TREASURY not in ruleset.accounts:
        raise Invalid.one("league-keeps-no-money", "team", f"{ruleset.name} keeps no money: there is nothing to grant or fine.")
    if not Team.objects.filter(pk=team_id, league=league).exists():
        raise Invalid.one("team-not-in-league", "team", "That team does not play in this league.")
    if amount == 0:
        raise Invalid.one("amount-zero", "amount", "A grant or fine must change the treasury.")
    with transaction.atomic():
        team = _locked_team(team_id, league.game_system)
        if idempotency_key:
            earlier = team.ledger.filter(idempotency_key=idempotency_key).first()
            if earlier is not None:
                if (earlier.amount, earlier.reason) != (amount, reason):
                    raise Invalid.one(
                        "idempotency-key-reused",
                        "idempotency_key",
                        "This idempotency key was already used for a different grant or fine.",
                    )
                return earlier, False
        treasury = team_balances(team)[TREASURY]
        if treasury + amount < 0:
            raise Invalid.one(
                "insufficient-funds",
                "amount",
                f"A fine of {format_credits(-amount)} would take the treasury below zero; it holds {format_credits(treasury)}.",
            )
        entry = LedgerEntry.objects.create(
            team=team,
            account=TREASURY,
            amount=amount,
            kind=LedgerKind.GRANT,
            reason=reason,
            created_by=user,
            idempotency_key=idempotency_key or None,
        )
    return entry, True
