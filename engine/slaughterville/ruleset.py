"""The Slaughterville ruleset object that the registry hands to the Django apps.

Slaughterville is cooperative and has no league rules, so the shared contract means this here:
- check_team: a member joining the group (his "team" is himself, under the name he plays by);
- check_result: a session log's setup rules (engine.slaughterville.sessions.check_setup);
- post_game: nothing changes: a confirmed session pays nothing and changes nobody; it only counts in the
  statistics, which are read from every confirmed session;
- standings_order: the members by their record.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.dice import DiceSource
from engine.core.ruleset import HouseValueField, OptionSchema, PlayRules, suggested_house_values
from engine.core.violations import Violation, raise_if_any
from engine.slaughterville import sessions, statistics
from engine.slaughterville.catalogue import NAME_LENGTH, Catalogue

OPTIONS = OptionSchema(system="Slaughterville", defaults={}, switches={})


@dataclass(frozen=True)
class Join:
    """A member joining the group: the name he plays by, and whether he is a member already."""

    name: str
    already_member: bool


@dataclass(frozen=True)
class SessionCheck:
    """A session's log with what it is checked against: the group's catalogue and members (their ids)."""

    catalogue: Catalogue
    log: sessions.SessionLog
    members: frozenset[int]


class SlaughtervilleRuleset(PlayRules[Join, str, SessionCheck, None, statistics.MemberRecord]):
    """What the registry and the shared apps ask of Slaughterville: names, no money, no options or house values,
    and the rules of play as the module docstring reads them."""

    slug = "slaughterville"
    name = "Slaughterville"
    money_unit = "credits"  # named for the Ruleset protocol; with no account, nothing is ever counted in it
    accounts = ()  # a group keeps no money: no treasury, no grants or fines
    account_names: Mapping[str, str] = {}
    options = OPTIONS

    def validate_options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return OPTIONS.validate(raw)

    def house_value_fields(self) -> list[HouseValueField]:
        """None: the catalogue is the group's own data, not house values of printed tables."""
        return []

    def validate_house_values(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        raise_if_any(Violation("house-value-unknown", key, f"{key} is not a Slaughterville house value.") for key in raw)
        return {}

    def house_value_names(self, house_values: Mapping[str, Any]) -> Mapping[str, str]:
        return {}

    def suggested_house_values(self) -> dict[str, Any]:
        return suggested_house_values("engine.slaughterville")

    def signup_unset(self, house_values: Mapping[str, Any]) -> tuple[str, ...]:
        """None: joining needs no house value."""
        return ()

    # --- the rules of play (engine.core.ruleset.PlayRules) ----------------------------------------------

    def check_team(self, signup: Join) -> str:
        """A member joins the group once, under a name of 1 to 100 characters."""
        name = signup.name.strip()
        problems = []
        if signup.already_member:
            problems.append(Violation("already-member", "league", "You are a member of this group already."))
        if not 0 < len(name) <= NAME_LENGTH:
            problems.append(Violation("name-invalid", "name", f"A member's name has 1 to {NAME_LENGTH} characters."))
        raise_if_any(problems)
        return name

    def check_result(self, result: SessionCheck) -> None:
        sessions.check_setup(result.catalogue, result.log, result.members)

    def post_game(self, result: SessionCheck, dice: DiceSource) -> None:
        """Nothing changes: a cooperative session pays nothing and changes nobody."""

    def standings_order(
        self, rows: Sequence[statistics.MemberRecord], options: Mapping[str, Any]
    ) -> list[statistics.MemberRecord]:
        return statistics.order_records(rows)

    def deal_characters(self, result: SessionCheck, dice: DiceSource) -> sessions.SessionLog:
        return sessions.deal_characters(result.catalogue, result.log, dice)


# The Slaughterville rules, typed: what the Slaughterville app uses.
RULESET = SlaughtervilleRuleset()
