"""The pages' side of the shared result lifecycle: a void asks first (pitside.confirm), in every game system."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.http import HttpRequest, HttpResponse

from games.lifecycle import VOIDABLE, ResultLifecycle
from leagues.selectors import league_is_commissioner
from pitside.confirm import confirmation_asked
from pitside.errors import Invalid


def void_asked(request: HttpRequest, *, results: ResultLifecycle[Any], game_id: Any, back: str) -> HttpResponse | None:
    """A commissioner's void asks first, saying what it undoes (`void_consequences`: each team's money given back,
    what the game system puts back) and who is told; None once confirmed, or when the void would be refused (the
    service then says why, as it would have)."""
    game = results.load(game_id)
    if game is None or game.state not in VOIDABLE or not league_is_commissioner(game.league, request.user):
        return None
    try:
        with transaction.atomic():  # check_void may lock the teams, as the void does
            results.check_void(game)
            consequences = results.void_consequences(game)
    except Invalid:
        return None
    label = results.label(game)
    coaches = sorted({side.team.coach.username for side in results.sides(game)})
    reason = request.POST.get("reason", "").strip()
    return confirmation_asked(
        request,
        title=f"Void the result of {label}?",
        consequences=[
            *consequences,
            f"Its coaches ({', '.join(coaches)}) are told, with your reason: {reason}",
            f"The void stays in the {results.noun}'s history, and the {results.noun} may then get a new result.",
        ],
        button=f"Void the result of {label}",
        back=back,
    )
