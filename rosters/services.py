"""Writes to teams: sign-up, purchases and the ledger. Each one runs in a transaction."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from django.db import IntegrityError, transaction

from engine.core.money import TREASURY, format_credits
from engine.slaughterball.purchases import PurchaseKind, PurchaseRequest
from engine.slaughterball.roster import AthleteRequest
from engine.slaughterball.ruleset import RULESET
from leagues.models import League
from leagues.services import league_require_commissioner
from pitside.errors import Invalid, NotFound, NotPermitted
from rosters.models import Athlete, LedgerEntry, Purchase, Team
from rosters.selectors import spending_window_side, team_balances, team_facts, teams_with_summary_data
from rosters.tasks import team_signup_notify


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
    (account, amount, reason), all in one transaction, and the league's sign-up notice after commit.
    A name another team of the league has is refused, also when two teams race for it."""
    name = name.strip()
    if Team.objects.filter(league=league, name__iexact=name).exists():
        raise _name_taken()
    try:
        with transaction.atomic():
            team = Team.objects.create(league=league, coach=coach, name=name, faction=faction)
            yield team
            LedgerEntry.objects.bulk_create(
                LedgerEntry(team=team, account=account, amount=amount, reason=reason) for account, amount, reason in opening
            )
            transaction.on_commit(lambda: team_signup_notify.delay(team.pk))
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


# --- Slaughterball teams --------------------------------------------------------------------------------


def team_create(*, league: League, coach: Any, name: str, portfolio: str, athletes: list[dict[str, Any]]) -> Team:
    """Sign a new Slaughterball team up (League Coaches: a roster from one pro team's portfolio)."""
    team_signup_require_open(league)
    requests = [AthleteRequest(type=a["type"], name=a["name"], number=a["number"]) for a in athletes]
    starting = RULESET.build_roster(RULESET.catalog(league.house_values), portfolio, requests)
    opening = RULESET.opening_balances(league.options)
    with team_signing_up(league=league, coach=coach, name=name, faction=portfolio, opening=opening) as team:
        Athlete.objects.bulk_create(
            Athlete(
                team=team,
                type=a.type,
                name=a.name,
                number=a.number,
                base_traits=a.traits,
                starting_skills=list(a.skills),
                base_value=a.value,
            )
            for a in starting
        )
    return team


def _locked_team(team_id: int, game_system: str) -> Team:
    """The team row locked, then the team again with its balances."""
    team_lock(team_id=team_id, game_system=game_system)
    return teams_with_summary_data(Team.objects.filter(pk=team_id), game_system).get()


def purchase_make(
    *,
    team_id: int,
    user: Any,
    kind: PurchaseKind,
    item: str,
    athlete_id: int | None = None,
    idempotency_key: str | None = None,
) -> tuple[Purchase, bool]:
    """Buy a skill, a trait point or a staff hire for a coach's own team.

    Returns (purchase, created). The same idempotency key sent again returns the first
    purchase instead of buying twice.
    """
    if kind == "staff":
        athlete_id = None  # staff serve the team: an athlete sent along is ignored, so a replay matches too
    with transaction.atomic():
        team = _locked_team(team_id, RULESET.slug)
        team_require_coach(team=team, user=user)
        if idempotency_key:
            earlier = team.purchases.filter(idempotency_key=idempotency_key).first()
            if earlier is not None:
                if (earlier.kind, earlier.item, earlier.athlete_id) != (kind, item, athlete_id):
                    raise Invalid.one(
                        "idempotency-key-reused",
                        "idempotency_key",
                        "This idempotency key was already used for a different purchase.",
                    )
                return earlier, False
        catalog = RULESET.catalog(team.league.house_values)
        facts = team_facts(team)
        quote = RULESET.quote_purchase(catalog, facts, PurchaseRequest(kind, item, athlete_id))
        athlete = facts.athlete(athlete_id) if athlete_id is not None and kind != "staff" else None
        window_side_id, _ = spending_window_side(team)  # the window it is bought in (None: pre-season)
        purchase = Purchase.objects.create(
            team=team,
            athlete_id=athlete.id if athlete else None,
            kind=kind,
            item=item,
            name=quote.name,
            cost=quote.cost,
            idempotency_key=idempotency_key or None,
            created_by=user,
            game_side_id=window_side_id,
        )
        reason = f"{quote.name} for {athlete.name}" if athlete else f"Hired {quote.name}"
        LedgerEntry.objects.bulk_create(
            LedgerEntry(team=team, account=account, amount=-amount, reason=reason, purchase=purchase, created_by=user)
            for account, amount in quote.debits
        )
    return purchase, True


def grant_create(
    *, league: League, user: Any, team_id: int, amount: int, reason: str, idempotency_key: str | None = None
) -> tuple[LedgerEntry, bool]:
    """A commissioner grants (amount > 0) or fines (amount < 0) a team of their league, with a reason.

    A fine never takes the treasury below zero. Returns (entry, created).
    """
    league_require_commissioner(league=league, user=user)
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
            team=team, account=TREASURY, amount=amount, reason=reason, created_by=user, idempotency_key=idempotency_key or None
        )
    return entry, True
