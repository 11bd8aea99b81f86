"""Building a league roster (rulebook: League Coaches, Choose Your Team)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.violations import Violation, raise_if_any
from engine.slaughterball.catalog import ATHLETE_TYPES, TRAITS, AthleteProfile, Catalog

ROSTER_SIZE = 8
TYPE_MINIMUM = 1
TYPE_MAXIMUM = 3


@dataclass(frozen=True)
class AthleteRequest:
    type: str
    name: str
    number: int


@dataclass(frozen=True)
class StartingAthlete:
    type: str
    name: str
    number: int
    traits: dict[str, int]
    skills: tuple[str, ...]
    value: int


def _plural(athlete_type: str) -> str:
    return f"{athlete_type}s"


@dataclass(frozen=True)
class SignUp:
    """A new team's request: its pro team's portfolio and the athletes asked for, with the league's catalog."""

    catalog: Catalog
    portfolio: str
    athletes: Sequence[AthleteRequest]


def _profile_unset(profile: AthleteProfile) -> list[str]:
    """The keys of the cells of a Pro Team table's row that the rulebook leaves to the league and it has not set."""
    base = f"athletes.{profile.portfolio}.{profile.type}"
    unset = [f"{base}.value"] if profile.value is None else []
    unset += [f"{base}.{t}" for t in TRAITS if profile.traits[t] is None]
    return unset + ([f"{base}.skills"] if profile.skills is None else [])


def signup_unset(catalog: Catalog) -> tuple[str, ...]:
    """League Coaches: a team is one pro team's athletes, at least one of each type, so a team can sign up once one
    portfolio has its four rows set: () then; else the unset cells of the portfolio nearest to it (the first of the
    nearest), which build_roster refuses by the same keys."""
    unset = [
        [key for athlete_type in ATHLETE_TYPES for key in _profile_unset(catalog.athletes[(portfolio, athlete_type)])]
        for portfolio in catalog.portfolios
    ]
    nearest: list[str] = min(unset, key=len, default=[])
    return tuple(nearest)


def build_roster(catalog: Catalog, portfolio: str, athletes: Sequence[AthleteRequest]) -> list[StartingAthlete]:
    """Check a new team's roster and return each athlete's starting traits, skills and value.

    League Coaches: eight athletes, at least one and at most three of each type; jersey
    numbers and names unique within the team. Raises RuleViolation with every problem.
    """
    problems: list[Violation] = []
    if portfolio not in catalog.portfolios:
        names = ", ".join(catalog.portfolios)
        problems.append(Violation("portfolio-unknown", "portfolio", f"Unknown Team Genetic Portfolio; choose one of {names}."))
    if len(athletes) != ROSTER_SIZE:
        problems.append(
            Violation("roster-size", "athletes", f"A league team has exactly {ROSTER_SIZE} athletes, not {len(athletes)}.")
        )
    counts = Counter(a.type for a in athletes)
    for athlete_type in ATHLETE_TYPES:
        if counts[athlete_type] < TYPE_MINIMUM:
            problems.append(Violation("roster-type-minimum", "athletes", f"A team needs at least one {athlete_type}."))
        elif counts[athlete_type] > TYPE_MAXIMUM:
            problems.append(
                Violation(
                    "roster-type-maximum",
                    "athletes",
                    f"A team may have at most {TYPE_MAXIMUM} {_plural(athlete_type)}, not {counts[athlete_type]}.",
                )
            )
    seen_numbers: set[int] = set()
    seen_names: set[str] = set()
    starting: list[StartingAthlete] = []
    for index, request in enumerate(athletes):
        path = f"athletes[{index}]"
        if request.number in seen_numbers:
            problems.append(
                Violation("number-duplicate", f"{path}.number", f"Jersey number {request.number} is already taken on this team.")
            )
        seen_numbers.add(request.number)
        name_key = request.name.strip().casefold()
        if name_key in seen_names:
            problems.append(
                Violation("name-duplicate", f"{path}.name", f"The name {request.name.strip()} is already taken on this team.")
            )
        seen_names.add(name_key)
        if request.type not in ATHLETE_TYPES:
            problems.append(
                Violation(
                    "athlete-type-unknown", f"{path}.type", f"Unknown athlete type; choose one of {', '.join(ATHLETE_TYPES)}."
                )
            )
            continue
        if portfolio not in catalog.portfolios:
            continue
        profile = catalog.athletes[(portfolio, request.type)]
        unset = _profile_unset(profile)
        if unset:
            problems.extend(v for v in (catalog.missing(k) for k in unset) if v not in problems)
            continue
        assert profile.value is not None
        assert profile.skills is not None
        starting.append(
            StartingAthlete(
                request.type,
                request.name.strip(),
                request.number,
                {t: v for t, v in profile.traits.items() if v is not None},
                profile.skills,
                profile.value,
            )
        )
    raise_if_any(problems)
    return starting
