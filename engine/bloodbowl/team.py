"""A new team, a team's value in gold pieces and its Team Rating (rulebook: Team Ratings)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine.bloodbowl import house as hv
from engine.bloodbowl.facts import TeamFacts
from engine.bloodbowl.house import HouseValues
from engine.bloodbowl.tables import tables
from engine.bloodbowl.teamlists import TeamLists
from engine.core.money import format_credits
from engine.core.violations import Violation, raise_if_any

GOLD_PER_RATING_POINT = 10_000
SPP_PER_RATING_POINT = 5
STAFF_COSTS = {
    "fan_factor": hv.FAN_FACTOR_COST,
    "apothecary": hv.APOTHECARY_COST,
    "assistant_coaches": hv.ASSISTANT_COACH_COST,
    "cheerleaders": hv.CHEERLEADER_COST,
}


@dataclass(frozen=True)
class NewPlayer:
    position: str
    name: str
    number: int


@dataclass(frozen=True)
class NewTeamRequest:
    race: str
    players: tuple[NewPlayer, ...]
    rerolls: int = 0
    fan_factor: int = 1
    apothecary: bool = False
    assistant_coaches: int = 0
    cheerleaders: int = 0


@dataclass(frozen=True)
class CostLine:
    item: str  # a position slug, or rerolls, fan_factor, apothecary, assistant_coaches, cheerleaders
    count: int
    unit_cost: int

    @property
    def total(self) -> int:
        return self.count * self.unit_cost


@dataclass(frozen=True)
class NewTeamCost:
    """What a legal new team costs, line by line; what is left of the budget starts its treasury."""

    lines: tuple[CostLine, ...]
    total: int
    treasury: int


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


@dataclass(frozen=True)
class SignUp:
    """A new team's request with what the league decides for it: its team lists, house values and budget."""

    team_lists: TeamLists
    house: HouseValues
    starting_budget: int
    request: NewTeamRequest


def signup_unset(house: HouseValues) -> tuple[str, ...]:
    """The house values no new team can do without that the league has not set: the roster's size, and the cost of
    the Fan Factor every team buys (it starts at least at the minimum); staff costs only matter to a team hiring
    staff. () once a team can sign up, as far as house values go (check_new_team names the same ones)."""
    needed = [hv.ROSTER_MINIMUM, hv.ROSTER_MAXIMUM] + ([hv.FAN_FACTOR_COST] if tables().fan_factor_minimum else [])
    return tuple(key for key in needed if house.get(key) is None)


def check_new_team(team_lists: TeamLists, house: HouseValues, starting_budget: int, request: NewTeamRequest) -> NewTeamCost:
    """Team creation: players from the race's list within each position's limit and the roster's
    size (house values), re-rolls at the list price, Fan Factor (at least 1: it can never be less) and
    coaching staff at their house costs, all within the league's starting budget; the rest is the
    treasury. Every problem at once."""
    problems: list[Violation] = []
    race = team_lists.race(request.race)
    if race is None:
        names = ", ".join(r.slug for r in team_lists.races)
        raise_if_any([Violation("race-unknown", "race", f"Unknown race; choose one of {names}.")])
    assert race is not None
    lines: list[CostLine] = []
    counts = Counter(p.position for p in request.players)
    for index, player in enumerate(request.players):
        if race.position(player.position) is None:
            problems.append(
                Violation("position-unknown", f"players[{index}].position", f"{race.name} have no position {player.position}.")
            )
    for slug, count in counts.items():
        position = race.position(slug)
        if position is None:
            continue
        if count > position.max_count:
            problems.append(
                Violation(
                    "position-limit", "players", f"A team may have at most {position.max_count} {position.name}, not {count}."
                )
            )
        lines.append(CostLine(slug, count, position.cost))
    problems += _roster_problems(request, house)
    if request.apothecary and not race.apothecary_allowed:
        problems.append(Violation("apothecary-not-allowed", "apothecary", f"{race.name} may not have an Apothecary."))
    for field in ("rerolls", "fan_factor", "assistant_coaches", "cheerleaders"):
        if not _count(getattr(request, field)):
            problems.append(Violation("count-invalid", field, f"{field} is a whole number, at least 0."))
    minimum = tables().fan_factor_minimum
    if _count(request.fan_factor) and request.fan_factor < minimum:
        problems.append(Violation("fan-factor-minimum", "fan_factor", f"A team's Fan Factor starts at {minimum} or more."))
    if not problems:
        lines.append(CostLine("rerolls", request.rerolls, race.reroll_cost))
        for field, key in STAFF_COSTS.items():
            count = int(getattr(request, field))
            cost = house.get(key)
            if count and cost is None:
                problems.append(house.missing(key))
            lines.append(CostLine(field, count, cost or 0))
    raise_if_any(problems)
    lines = [line for line in lines if line.count]
    total = sum(line.total for line in lines)
    if total > starting_budget:
        raise_if_any(
            [
                Violation(
                    "over-budget",
                    "players",
                    f"This team costs {format_credits(total, 'gold pieces')}, more than the starting budget of "
                    f"{format_credits(starting_budget, 'gold pieces')}.",
                )
            ]
        )
    return NewTeamCost(tuple(lines), total, starting_budget - total)


def _roster_problems(request: NewTeamRequest, house: HouseValues) -> list[Violation]:
    """The roster's size (house values) and unique shirt numbers and names."""
    problems: list[Violation] = []
    low, high = house.get(hv.ROSTER_MINIMUM), house.get(hv.ROSTER_MAXIMUM)
    problems += [house.missing(key) for key, value in ((hv.ROSTER_MINIMUM, low), (hv.ROSTER_MAXIMUM, high)) if value is None]
    size = len(request.players)
    if low is not None and size < low:
        problems.append(Violation("roster-size", "players", f"A new team needs at least {low} players, not {size}."))
    if high is not None and size > high:
        problems.append(Violation("roster-size", "players", f"A roster holds at most {high} players, not {size}."))
    numbers: set[int] = set()
    names: set[str] = set()
    for index, player in enumerate(request.players):
        if not isinstance(player.number, int) or isinstance(player.number, bool) or player.number < 1:
            problems.append(
                Violation("number-invalid", f"players[{index}].number", "A shirt number is a whole number, at least 1.")
            )
        elif player.number in numbers:
            problems.append(Violation("number-duplicate", f"players[{index}].number", f"Number {player.number} is taken."))
        numbers.add(player.number)
        name = player.name.strip().casefold()
        if not name:
            problems.append(Violation("name-missing", f"players[{index}].name", "Every player needs a name."))
        elif name in names:
            problems.append(Violation("name-duplicate", f"players[{index}].name", f"The name {player.name.strip()} is taken."))
        names.add(name)
    return problems


@dataclass(frozen=True)
class TeamSums:
    """A team as Team Ratings reads it: its roster's values and Star Player Points summed (what `team_sums` adds
    up from its facts, or a database over its players), its re-rolls, staff and treasury."""

    roster_value: int
    roster_spp: int
    rerolls: int = 0
    reroll_cost: int = 0
    fan_factor: int = 0
    apothecary: bool = False
    assistant_coaches: int = 0
    cheerleaders: int = 0
    treasury: int = 0


def team_sums(team: TeamFacts) -> TeamSums:
    """The team's figures Team Ratings reads: every player on the roster (dead and retired ones are not)."""
    roster = team.roster
    return TeamSums(
        roster_value=sum(p.value for p in roster),
        roster_spp=sum(p.spp for p in roster),
        rerolls=team.rerolls,
        reroll_cost=team.reroll_cost,
        fan_factor=team.fan_factor,
        apothecary=team.apothecary,
        assistant_coaches=team.assistant_coaches,
        cheerleaders=team.cheerleaders,
        treasury=team.treasury,
    )


def team_value(team: TeamFacts, house: HouseValues) -> int:
    """A team's total value in gold pieces (Team Ratings): every player on the roster at his value (his
    position's cost, including those who miss the next match), Team Re-rolls at the team list's price
    (not the doubled price paid after the league starts), Fan Factor points and coaching staff at their
    house-value costs, plus the treasury. RuleViolation when a cost it needs is not set."""
    return summed_value(team_sums(team), house)


def summed_value(team: TeamSums, house: HouseValues) -> int:
    """team_value from the team's summed figures."""
    staff = {
        "fan_factor": team.fan_factor,
        "apothecary": int(team.apothecary),
        "assistant_coaches": team.assistant_coaches,
        "cheerleaders": team.cheerleaders,
    }
    problems = [
        house.missing(STAFF_COSTS[field]) for field, count in staff.items() if count and house.get(STAFF_COSTS[field]) is None
    ]
    raise_if_any(problems)
    staff_value = sum(count * (house.get(STAFF_COSTS[field]) or 0) for field, count in staff.items())
    return team.roster_value + team.rerolls * team.reroll_cost + staff_value + team.treasury


def rating(value: int, total_spp: int) -> int:
    """Team Ratings: 1 point per full 10,000 gold pieces of value, plus the total SPP / 5, rounded down."""
    return value // GOLD_PER_RATING_POINT + total_spp // SPP_PER_RATING_POINT


def team_rating(team: TeamFacts, house: HouseValues) -> int:
    """Team Ratings: the team's value (treasury included) and its players' Star Player Points."""
    return summed_rating(team_sums(team), house)


def summed_rating(team: TeamSums, house: HouseValues) -> int:
    """team_rating from the team's summed figures."""
    return rating(summed_value(team, house), team.roster_spp)
