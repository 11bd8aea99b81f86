"""Each game system's `signup_unset` (the house values no sign-up can do without, which leagues.setup reads to decide
whether a league can take a team) agrees with its `check_team`: the league's first team is refused for each value it
names, and taken once those are set, whatever else is unset."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pytest

from engine.blitzbowl.ruleset import RULESET as BLITZ_BOWL
from engine.bloodbowl import team as bb_team
from engine.bloodbowl.house import house_values as bb_house
from engine.bloodbowl.ruleset import RULESET as BLOOD_BOWL
from engine.core.ruleset import HOUSE_VALUE_REQUIRED
from engine.core.violations import RuleViolation
from engine.pitfighter import fighters
from engine.pitfighter.ruleset import RULESET as PIT_FIGHTER
from engine.slaughterball import roster
from engine.slaughterball.ruleset import RULESET as SLAUGHTERBALL
from engine.slaughterville.ruleset import RULESET as SLAUGHTERVILLE
from tests.engine.bloodbowl.builders import LISTS


def blood_bowl_team(values: Mapping[str, Any], unset: tuple[str, ...]) -> object:
    """Eleven Bog Linemen, one Fan Factor and no staff: the least a new team buys."""
    players = tuple(bb_team.NewPlayer("bog-lineman", f"Lineman {n}", n) for n in range(1, 12))
    request = bb_team.NewTeamRequest("bogmire-croakers", players)
    return BLOOD_BOWL.check_team(bb_team.SignUp(LISTS, bb_house(values), 1_000_000, request))


def slaughterball_team(values: Mapping[str, Any], unset: tuple[str, ...]) -> object:
    """Eight athletes of the portfolio the unset values name (the first portfolio, once none is unset)."""
    catalog = SLAUGHTERBALL.catalog(values)
    portfolio = unset[0].split(".")[1] if unset else next(iter(catalog.portfolios))
    types = ("razor", "razor", "cleaver", "cleaver", "cleaver", "slasher", "slasher", "butcher")
    athletes = [roster.AthleteRequest(t, f"Athlete {n}", n) for n, t in enumerate(types, start=1)]
    return SLAUGHTERBALL.check_team(roster.SignUp(catalog, portfolio, athletes))


def pit_fighter_stable(values: Mapping[str, Any], unset: tuple[str, ...]) -> object:
    """Two fighters of the Classic type and two of the Pursuit type the unset values name (or the first), an Ogre."""

    def of(kind: str) -> str:
        named = [key.split(".")[1] for key in unset if fighters.TYPES[key.split(".")[1]].kind == kind]
        return named[0] if named else next(t.slug for t in fighters.TYPES.values() if t.kind == kind)

    types = (of(fighters.CLASSIC), of(fighters.CLASSIC), of(fighters.PURSUER), of(fighters.PURSUER), fighters.OGRE)
    bonus = {"ws": 10}
    stable = [fighters.NewFighter(f"Fighter {n}", t, bonus) for n, t in enumerate(types)]
    return PIT_FIGHTER.check_team(fighters.StableSignUp("Gore Hall", stable, PIT_FIGHTER.house_values(values)))


SIGN_UPS: dict[str, tuple[Any, Callable[[Mapping[str, Any], tuple[str, ...]], object]]] = {
    "bloodbowl": (BLOOD_BOWL, blood_bowl_team),
    "slaughterball": (SLAUGHTERBALL, slaughterball_team),
    "pitfighter": (PIT_FIGHTER, pit_fighter_stable),
}


def refused_for(sign_up: Callable[[], object]) -> set[str]:
    with pytest.raises(RuleViolation) as refused:
        sign_up()
    return {v.path for v in refused.value.violations if v.code == HOUSE_VALUE_REQUIRED}


@pytest.mark.parametrize("system", sorted(SIGN_UPS))
def test_a_league_with_no_house_value_takes_a_team_once_those_named_are_set(system: str) -> None:
    ruleset, sign_up = SIGN_UPS[system]
    suggested = ruleset.suggested_house_values()
    unset = ruleset.signup_unset({})

    refused = refused_for(lambda: sign_up({}, unset))
    assert refused
    assert refused <= set(unset)
    only_those = {key: suggested[key] for key in unset}  # everything else still unset
    assert ruleset.signup_unset(only_those) == ()
    assert sign_up(only_those, unset)


@pytest.mark.parametrize("system", sorted(SIGN_UPS))
def test_each_value_named_is_needed(system: str) -> None:
    ruleset, sign_up = SIGN_UPS[system]
    suggested = ruleset.suggested_house_values()
    unset = ruleset.signup_unset({})
    for key in unset:
        all_but_one = {k: suggested[k] for k in unset if k != key}

        assert ruleset.signup_unset(all_but_one) == (key,)
        assert refused_for(lambda values=all_but_one: sign_up(values, unset)) == {key}


@pytest.mark.parametrize("system", sorted(SIGN_UPS))
def test_the_suggested_set_takes_a_team(system: str) -> None:
    ruleset, sign_up = SIGN_UPS[system]
    suggested = ruleset.suggested_house_values()
    assert ruleset.signup_unset(suggested) == ()
    assert sign_up(suggested, ())


def test_blood_bowl_staff_costs_are_not_needed_to_sign_up() -> None:
    """A team hiring no staff pays no staff cost: the Apothecary's and the others' may stay unset."""
    assert BLOOD_BOWL.signup_unset({}) == ("roster.minimum", "roster.maximum", "costs.fan_factor")


def test_a_slaughterball_portfolio_set_whole_is_enough() -> None:
    """Nemesis prints every row but its butcher's: its seven cells, and no other portfolio, stand before a team."""
    assert {key.rsplit(".", 1)[0] for key in SLAUGHTERBALL.signup_unset({})} == {"athletes.nemesis.butcher"}


def test_a_stable_needs_an_ogre_a_classic_and_a_pursuit_type_set() -> None:
    assert {key.rsplit(".", 1)[0] for key in PIT_FIGHTER.signup_unset({})} == {
        "fighters.undead",
        "fighters.skink",
        "fighters.ogre",
    }


@pytest.mark.parametrize("ruleset", [BLITZ_BOWL, SLAUGHTERVILLE], ids=["blitzbowl", "slaughterville"])
def test_joining_needs_no_house_value(ruleset: Any) -> None:
    assert ruleset.signup_unset({}) == ()
