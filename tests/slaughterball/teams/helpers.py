"""Form data the way a browser sends it, what the engine allows a team to buy, and a snapshot of every row a
write to a Slaughterball team could touch."""

from __future__ import annotations

from typing import Any

from engine.registry import get_ruleset
from leagues.models import League
from rosters.models import LedgerEntry, Team
from slaughterball.demo import demo_athletes
from slaughterball.models import Athlete, Purchase
from slaughterball.selectors_teams import team_facts, team_get


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


def db_state() -> dict[str, list[tuple[Any, ...]]]:
    """Every row a write could touch, to show that a refused write changed nothing."""
    models = [League, League.commissioners.through, Team, Athlete, Purchase, LedgerEntry]
    return {model._meta.label: list(model.objects.order_by("pk").values_list()) for model in models}
