"""What waits on the dashboard for a Blitz Bowl coach besides his results (home.selectors): the Coach
Traits he is to choose."""

from __future__ import annotations

from collections.abc import Sequence

from django.urls import reverse

from blitzbowl.models import TraitGain
from leagues.game_apps import Waiting
from rosters.models import Team


def coach_waiting(teams: Sequence[Team]) -> list[Waiting]:
    """The Coach Traits gained by `teams` whose rolled trait they held, so that the coach chooses another (on his
    coach roster): one query."""
    by_id = {team.pk: team for team in teams}
    gains = TraitGain.objects.filter(team__in=by_id, trait="").order_by("match_id", "pk")
    return [
        Waiting(
            "choose",
            f"{by_id[gain.team_id].name}: choose a Coach Trait.",
            reverse("blitz-coach", args=[gain.team_id]),
            league=by_id[gain.team_id].league.name,
        )
        for gain in gains
    ]
