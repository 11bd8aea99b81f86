"""Writes to Slaughterball teams: sign-up and purchases (skills, trait points, staff hires), on the
sign-up and spending path every game system shares (rosters.services). Each one runs in a transaction."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from engine.slaughterball.purchases import PurchaseKind, PurchaseRequest
from engine.slaughterball.roster import AthleteRequest, SignUp
from engine.slaughterball.ruleset import RULESET
from leagues.models import League
from leagues.setup import league_house_values
from pitside.errors import Invalid
from rosters.models import LedgerEntry, LedgerKind, Team
from rosters.services import team_lock, team_require_coach, team_signing_up, team_signup_require_open
from slaughterball.models import Athlete, Purchase
from slaughterball.selectors_teams import spending_window_side, team_facts, teams_with_summary_data


def team_create(*, league: League, coach: Any, name: str, portfolio: str, athletes: list[dict[str, Any]]) -> Team:
    """Sign a new Slaughterball team up (League Coaches: a roster from one pro team's portfolio)."""
    team_signup_require_open(league)
    requests = [AthleteRequest(type=a["type"], name=a["name"], number=a["number"]) for a in athletes]
    starting = RULESET.check_team(SignUp(RULESET.catalog(league_house_values(league)), portfolio, requests))
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


def _locked_team(team_id: int) -> Team:
    """The team row locked, then the team again with its summary data."""
    team_lock(team_id=team_id, game_system=RULESET.slug)
    return teams_with_summary_data(Team.objects.filter(pk=team_id), RULESET.slug).get()


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
        team = _locked_team(team_id)
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
        catalog = RULESET.catalog(league_house_values(team.league))
        facts = team_facts(team)
        quote = RULESET.quote_purchase(catalog, facts, PurchaseRequest(kind, item, athlete_id))
        athlete = facts.athlete(athlete_id) if athlete_id is not None and kind != "staff" else None
        window_side_id = spending_window_side(team).id  # the window it is bought in (None: pre-season)
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
            LedgerEntry(
                team=team,
                account=account,
                amount=-amount,
                kind=LedgerKind.PURCHASE,
                reason=reason,
                purchase=purchase,
                created_by=user,
            )
            for account, amount in quote.debits
        )
    return purchase, True
