"""Writes to Blood Bowl teams: sign-up, purchases between matches and retiring players.

Money is on the shared ledger (rosters.LedgerEntry, account "treasury"). A spend locks the team row
first, so two requests spending one treasury run one after the other and the second sees what is left.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction

from bloodbowl.models import Player, TeamProfile
from bloodbowl.selectors import TeamWithTreasury, league_house, team_facts, team_get, team_lists_of
from bloodbowl.services.standings import standings_recompute_queue
from engine.bloodbowl import postmatch
from engine.bloodbowl import team as team_rules
from engine.bloodbowl.postmatch import PurchaseRequest
from engine.bloodbowl.ruleset import RULESET
from engine.bloodbowl.team import NewPlayer, NewTeamRequest
from engine.bloodbowl.teamlists import Position, TeamLists
from engine.core.money import TREASURY, format_credits
from engine.core.violations import RuleViolation
from leagues.models import League
from pitside.errors import ErrorItem, Invalid, NotFound
from rosters.models import LedgerEntry, LedgerKind, Team
from rosters.services import team_lock, team_require_coach, team_signing_up, team_signup_require_open

GOLD = "gold pieces"


def _team_lists(league: League) -> TeamLists:
    team_lists = team_lists_of(league)
    if team_lists is None:
        raise Invalid.one(
            "team-lists-missing",
            "race",
            "This league has no team lists yet: its commissioner imports them in League settings -> Team lists.",
        )
    return team_lists


def new_player(team: Team, position: Position, name: str, number: int) -> Player:
    """A player with his position's line copied in (Position.access as his categories)."""
    line = {"ma": position.ma, "st": position.st, "ag": position.ag, "av": position.av}
    return Player(
        team=team,
        number=number,
        name=name.strip(),
        position=position.slug,
        position_name=position.name,
        value=position.cost,
        big_guy=position.big_guy,
        physical_on_doubles=position.physical_on_doubles,
        categories=sorted(position.access),
        base=line,
        stats=dict(line),
        starting_skills=list(position.skills),
        skills=list(position.skills),
    )


def team_create(
    *,
    league: League,
    coach: Any,
    name: str,
    race: str,
    players: list[dict[str, Any]],
    rerolls: int = 0,
    fan_factor: int = 1,
    apothecary: bool = False,
    assistant_coaches: int = 0,
    cheerleaders: int = 0,
) -> Team:
    """Sign a new team up within the league's starting budget (Team creation); what is left of the
    budget opens its treasury. Its creator becomes its coach."""
    team_signup_require_open(league)
    team_lists = _team_lists(league)
    request = NewTeamRequest(
        race=race,
        players=tuple(NewPlayer(p["position"], p["name"], p["number"]) for p in players),
        rerolls=rerolls,
        fan_factor=fan_factor,
        apothecary=apothecary,
        assistant_coaches=assistant_coaches,
        cheerleaders=cheerleaders,
    )
    budget = RULESET.option_value(league.options, "starting_budget")
    cost = RULESET.check_team(team_rules.SignUp(team_lists, league_house(league), budget, request))
    race_line = team_lists.race(race)
    assert race_line is not None  # check_new_team refuses an unknown race
    opening = [
        (
            TREASURY,
            cost.treasury,
            f"Starting budget {format_credits(budget, GOLD)} less the team's cost {format_credits(cost.total, GOLD)}",
        )
    ]
    with team_signing_up(league=league, coach=coach, name=name, faction=race, opening=opening) as team:
        TeamProfile.objects.create(
            team=team,
            race_name=race_line.name,
            reroll_cost=race_line.reroll_cost,
            rerolls=rerolls,
            fan_factor=fan_factor,
            apothecary=apothecary,
            assistant_coaches=assistant_coaches,
            cheerleaders=cheerleaders,
        )
        positions = {position.slug: position for position in race_line.positions}  # check_new_team refused any other
        Player.objects.bulk_create(new_player(team, positions[p.position], p.name, p.number) for p in request.players)
        standings_recompute_queue(league.pk)  # the new team's line
    return team


def _locked_team(team_id: int) -> TeamWithTreasury:
    """The team row locked, then the team again with its players and treasury."""
    team_lock(team_id=team_id, game_system=RULESET.slug)
    return team_get(team_id)


@dataclass(frozen=True)
class PurchaseMade:
    kind: str
    item: str  # the position's slug for a player, else the kind
    cost: int
    entry: LedgerEntry
    player: Player | None
    treasury: int  # after the purchase


PURCHASE_NAMES = {
    "reroll": "a Team Re-roll (double the team list's price)",
    "apothecary": "an Apothecary",
    "assistant_coach": "an Assistant Coach",
    "cheerleader": "a Cheerleader",
}


def _purchase_reason(kind: str, position: Position | None, name: str, number: int | None) -> str:
    """The ledger row's reason; it also tells whether a reused idempotency key came with the same request."""
    if position is not None:
        return f"Hired {position.name} #{number} {name}"
    return f"Bought {PURCHASE_NAMES.get(kind, kind)}"


def _new_player_problems(team: Team, name: str, number: int | None) -> list[ErrorItem]:
    """A hired player's name is unique on the team (retired and dead players' too), his number among the roster's."""
    active_numbers = {p.number for p in team.bb_players.all() if p.status == Player.Status.ACTIVE}
    names = {p.name.casefold() for p in team.bb_players.all()}
    items = []
    if not name:
        items.append(ErrorItem("name-missing", "name", "The new player needs a name."))
    elif name.casefold() in names:
        items.append(ErrorItem("name-duplicate", "name", f"The name {name} is taken on this team."))
    if number is None or number < 1:
        items.append(ErrorItem("number-invalid", "number", "A shirt number is a whole number, at least 1."))
    elif number in active_numbers:
        items.append(ErrorItem("number-duplicate", "number", f"Number {number} is taken."))
    return items


def purchase_make(
    *,
    team_id: int,
    user: Any,
    kind: str,
    position: str | None = None,
    name: str = "",
    number: int | None = None,
    idempotency_key: str | None = None,
) -> tuple[PurchaseMade, bool]:
    """Purchases: a coach buys a player (position, name, number), a Team Re-roll at double cost, an
    Apothecary, an Assistant Coach or a Cheerleader from the team's treasury, which never goes below zero.

    Returns (purchase, created): the same idempotency key sent again returns the first purchase.
    """
    name = name.strip()
    with transaction.atomic():
        team = _locked_team(team_id)
        team_require_coach(team=team, user=user)
        team_lists = _team_lists(team.league)
        race = team_lists.race(team.faction)
        hired = race.position(position or "") if race is not None and kind == "player" else None
        reason = _purchase_reason(kind, hired, name, number)
        if idempotency_key:
            earlier = team.ledger.filter(idempotency_key=idempotency_key).first()
            if earlier is not None:
                if earlier.reason != reason:
                    raise Invalid.one(
                        "idempotency-key-reused",
                        "idempotency_key",
                        "This idempotency key was already used for a different purchase.",
                    )
                player = team.bb_players.filter(name__iexact=name).first() if hired else None
                return PurchaseMade(kind, hired.slug if hired else kind, -earlier.amount, earlier, player, team.treasury), False
        request = PurchaseRequest(kind, position)
        problems = _new_player_problems(team, name, number) if hired is not None else []
        try:
            quote = postmatch.quote_purchase(team_facts(team), team_lists, league_house(team.league), request)
        except RuleViolation as refused:
            raise Invalid([*Invalid.from_rules(refused).items, *problems]) from None
        if problems:
            raise Invalid(problems)
        player = None
        if hired is not None:
            assert number is not None  # _new_player_problems refuses a hired player without one
            player = new_player(team, hired, name, number)
            player.save()
        else:
            _add_to_profile(team.bb, kind)
        entry = LedgerEntry.objects.create(
            team=team,
            account=TREASURY,
            amount=-quote.cost,
            kind=LedgerKind.PURCHASE,
            reason=reason,
            created_by=user,
            idempotency_key=idempotency_key or None,
        )
        standings_recompute_queue(team.league_id)  # its Team Rating (a re-roll is worth less than its price)
    return PurchaseMade(kind, quote.item, quote.cost, entry, player, team.treasury - quote.cost), True


def _add_to_profile(profile: TeamProfile, kind: str) -> None:
    if kind == "reroll":
        profile.rerolls += 1
    elif kind == "apothecary":
        profile.apothecary = True
    elif kind == "assistant_coach":
        profile.assistant_coaches += 1
    else:
        profile.cheerleaders += 1
    profile.save()


def player_retire(*, player_id: int, user: Any, as_assistant_coach: bool = False) -> Player:
    """Purchases: a coach retires any player from the roster, who may stay on for free as an Assistant Coach."""
    players = Player.objects.filter(pk=player_id, team__league__game_system=RULESET.slug)
    team_id = players.values_list("team_id", flat=True).first()
    if team_id is None:
        raise NotFound.one("player-unknown", "player", "No such player.")
    with transaction.atomic():
        team = _locked_team(team_id)
        team_require_coach(team=team, user=user)
        after = postmatch.retire_player(team_facts(team), player_id, as_assistant_coach)
        player = next(p for p in team.bb_players.all() if p.pk == player_id)
        player.status = Player.Status.RETIRED
        player.save(update_fields=["status"])
        if after.assistant_coaches != team.bb.assistant_coaches:
            team.bb.assistant_coaches = after.assistant_coaches
            team.bb.save(update_fields=["assistant_coaches"])
        standings_recompute_queue(team.league_id)  # its Team Rating
    return player
