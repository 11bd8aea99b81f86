"""Form data the way a browser sends it, and what the engine allows a team to buy."""

from __future__ import annotations

from engine.registry import get_ruleset
from rosters.demo import demo_athletes
from rosters.selectors import team_facts, team_get


def signup_data(name: str = "New Team", portfolio: str = "carnage", athletes: list[dict] | None = None, rows: int = 8) -> dict:
    """The team sign-up form as posted: the team fields, the formset's management form and one row per athlete."""
    athletes = demo_athletes(1) if athletes is None else athletes
    data = {
        "name": name,
        "portfolio": portfolio,
        "athletes-TOTAL_FORMS": str(rows),
        "athletes-INITIAL_FORMS": "0",
        "athletes-MIN_NUM_FORMS": "0",
        "athletes-MAX_NUM_FORMS": str(rows),
    }
    for index in range(rows):
        athlete = athletes[index] if index < len(athletes) else {"type": "", "name": "", "number": ""}
        for key in ("type", "name", "number"):
            data[f"athletes-{index}-{key}"] = str(athlete[key])
    return data


def first_allowed(team, kind: str = "skill"):
    """The first athlete of the team and an option of `kind` it may buy now, as the engine says."""
    team = team_get(team.pk)
    ruleset = get_ruleset(team.league.game_system)
    catalog = ruleset.catalog(team.league.house_values)
    facts = team_facts(team)
    for athlete in facts.athletes:
        for option in ruleset.purchase_options(catalog, facts, athlete):
            if option.allowed and option.kind == kind:
                return athlete, option
    raise AssertionError("nothing can be bought")
