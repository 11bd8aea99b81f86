"""What every game system's ruleset provides, and the two parts they share: league options with
on/off switches, and house values (table values the rulebook does not print, GAPS.md)."""

from __future__ import annotations

import copy
import functools
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any, Protocol

from engine.core.datafile import TextFormat, dump_text, load_text
from engine.core.dice import DiceSource
from engine.core.violations import Violation, raise_if_any


@dataclass(frozen=True)
class HouseValueField:
    """One value a league may set: `kind` says how the game system checks and shows it."""

    key: str
    label: str
    kind: str
    printed: Any = None  # the rulebook's value, or None where it is not printed
    # For a list of slugs whose order does not matter: each slug it may hold, with its name (forms offer the names).
    choices: tuple[tuple[str, str], ...] = ()
    # For a list of slugs whose order matters (typed, not chosen): each slug's name, to show its value by names.
    item_names: tuple[tuple[str, str], ...] = ()


HOUSE_VALUE_REQUIRED = "house-value-required"  # the code of a refusal for a house value nobody has set


def house_value_required(field: HouseValueField) -> Violation:
    """The violation for an action that needs a house value nobody has set."""
    return Violation(
        HOUSE_VALUE_REQUIRED,
        field.key,
        f"{field.label} is a house value this league has not set yet: the commissioner sets it in League settings, "
        "House values.",  # named in words; its key is the problem's field
    )


# Why a value does not fit its field (the message, naming the field), or None when it does.
FieldCheck = Callable[[HouseValueField, Any], str | None]


def validate_house_values(
    raw: Mapping[str, Any], fields: Mapping[str, HouseValueField], check: FieldCheck, *, unknown: str
) -> dict[str, Any]:
    """Check a league's house values against its fields; return them without the nulls (a null unsets
    a value, so the printed value, or 'required', applies again). Every problem is raised at once.
    `unknown` names what a key must be, for the message of one that is not ("Slaughterball table value")."""
    problems: list[Violation] = []
    clean: dict[str, Any] = {}
    for key, value in raw.items():
        field = fields.get(key)
        if field is None:
            problems.append(Violation("house-value-unknown", key, f"{key} is not a {unknown}."))
        elif value is not None:
            error = check(field, value)
            if error:
                problems.append(Violation("house-value-invalid", key, error))
            else:
                clean[key] = list(value) if isinstance(value, tuple) else value
    raise_if_any(problems)
    return clean


SUGGESTED_HOUSE_VALUES = "suggested-house-values.toml"


def suggested_house_values(package: str) -> dict[str, Any]:
    """Pitside's suggested house values of a game system (data/suggested-house-values.toml in its engine package):
    the demo league's own choices, house values and never the rulebook's. {} when the game system ships none."""
    return copy.deepcopy(_suggested(package))


@functools.cache
def _suggested(package: str) -> dict[str, Any]:
    data = resources.files(package).joinpath("data", SUGGESTED_HOUSE_VALUES)
    return tomllib.loads(data.read_text("utf-8")) if data.is_file() else {}


HOUSE_VALUES_MAX_BYTES = 200_000  # far more than every house value of a game system takes
HOUSE_VALUES_SHAPE = "A house-values file is one mapping of keys (like athletes.carnage.butcher.value) to values."


def read_house_values(text: str, fmt: TextFormat) -> dict[str, Any]:
    """A house-values file (YAML or JSON): one mapping of flat keys to values, as `write_house_values` writes it;
    RuleViolations name `text`. The values are checked by the game system's `validate_house_values`."""
    return load_text(text, fmt, code="house-values", max_bytes=HOUSE_VALUES_MAX_BYTES, shape=HOUSE_VALUES_SHAPE, path="text")


def write_house_values(values: Mapping[str, Any], fields: Sequence[HouseValueField], fmt: TextFormat) -> str:
    """A league's house values as a file, in the order of the game system's fields."""
    return dump_text({field.key: values[field.key] for field in fields if field.key in values}, fmt)


@dataclass(frozen=True)
class OptionSchema:
    """A game system's league options: their defaults, and which of them are on/off switches (with
    the rulebook's name for each). `system` names the game in messages ("Blood Bowl")."""

    system: str
    defaults: Mapping[str, Any]
    switches: Mapping[str, str]

    def value(self, options: Mapping[str, Any], key: str) -> Any:
        """A league option, or its default when the league was created before the option existed."""
        return options.get(key, self.defaults[key])

    def validate(self, raw: Mapping[str, Any], problems: Sequence[Violation] = ()) -> dict[str, Any]:
        """Unknown options, then the game system's own `problems` of the values and the switches that
        are not true or false, in the options' order, all raised at once; else the options with their
        defaults."""
        unknown = [
            Violation("option-unknown", f"options.{key}", f"{key} is not a {self.system} league option.")
            for key in raw
            if key not in self.defaults
        ]
        switches = [
            Violation("option-invalid", f"options.{key}", f"{key} is true or false.")
            for key in self.switches
            if key in raw and not isinstance(raw[key], bool)
        ]
        order = {key: index for index, key in enumerate(self.defaults)}
        raise_if_any(unknown + sorted([*problems, *switches], key=lambda v: order.get(_option_key(v.path), len(order))))
        return {**self.defaults, **raw}


def _option_key(path: str) -> str:
    """options.tie_breakers[1] -> tie_breakers"""
    return path.removeprefix("options.").split(".")[0].split("[")[0]


class Ruleset(Protocol):
    """What the shared league code asks of every game system: its names and money, the ledger
    accounts a team has, its league options and its house values. The rules of play are PlayRules,
    which each game system's app reaches through its own typed ruleset, never through this registry."""

    # Read-only, so that a class attribute of a narrower type (a tuple of three accounts) fits.
    @property
    def slug(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def money_unit(self) -> str:
        """'credits', 'gold pieces'"""
        ...

    @property
    def accounts(self) -> tuple[str, ...]:
        """A team's ledger accounts, the treasury first; none in a game system without money (no grants either)."""
        ...

    @property
    def account_names(self) -> Mapping[str, str]: ...
    @property
    def options(self) -> OptionSchema: ...

    def validate_options(self, raw: Mapping[str, Any]) -> dict[str, Any]: ...

    def house_value_fields(self) -> Sequence[HouseValueField]: ...

    def validate_house_values(self, raw: Mapping[str, Any]) -> dict[str, Any]: ...

    def house_value_names(self, house_values: Mapping[str, Any]) -> Mapping[str, str]:
        """Names for the groups of the house-values form (the pro teams' in Slaughterball)."""
        ...

    def suggested_house_values(self) -> dict[str, Any]:
        """Pitside's suggested set (`suggested_house_values`), {} for a game system that ships none."""
        ...

    def signup_unset(self, house_values: Mapping[str, Any]) -> tuple[str, ...]:
        """The house values that stand between a league with these values and its first team: unset, and no sign-up
        can do without them (the fewest that let one through, where the rules give a choice). () once a team can sign
        up, as far as house values go; its check_team refuses a sign-up by the same keys."""
        ...


class PlayRules[SignUp, NewTeam, Result, Outcome, Row](Protocol):
    """The rules of play every game system states, each a pure function of its engine's facts that
    raises RuleViolation (every problem at once) for what breaks a rule. The type parameters are the
    game system's own facts:

    - check_team: a sign-up request (with the league's values it needs) -> the new team it makes;
    - check_result: a reported result, with the facts of the teams that played it;
    - post_game: what the confirmed result changes (points, money, players), rolling through `dice`;
    - standings_order: the league's standing rows, best first.

    The app loads the facts, calls the rule and applies what it answers."""

    def check_team(self, signup: SignUp) -> NewTeam: ...

    def check_result(self, result: Result) -> None: ...

    def post_game(self, result: Result, dice: DiceSource) -> Outcome: ...

    def standings_order(self, rows: Sequence[Row], options: Mapping[str, Any]) -> list[Row]: ...
