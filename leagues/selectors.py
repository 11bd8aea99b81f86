from __future__ import annotations

from typing import Any

from django.db.models import Count, QuerySet

from leagues.models import League


def league_list() -> QuerySet[League]:
    # An aggregating query ignores Meta.ordering, so order explicitly for stable pages.
    return (
        League.objects.annotate(team_count=Count("teams", distinct=True))
        .prefetch_related("commissioners")
        .order_by("-created_at", "-id")
    )


def league_is_commissioner(league: League, user: Any) -> bool:
    """True for a logged-in commissioner of this league (uses the prefetch cache when there is one)."""
    return bool(user and user.is_authenticated) and any(c.pk == user.pk for c in league.commissioners.all())


def leagues_playing(game_system: str) -> QuerySet[League]:
    """The leagues of one game system: what a game system's own pages and API may serve."""
    return League.objects.filter(game_system=game_system)


def leagues_commissioned_by(user: Any) -> QuerySet[League]:
    """The leagues `user` commissions, by name: those a new league may copy from."""
    return League.objects.filter(commissioners__pk=getattr(user, "pk", 0)).order_by("name", "id")
