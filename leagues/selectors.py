from __future__ import annotations

from typing import Any

from django.db.models import Count, QuerySet

from engine.registry import get_ruleset
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


def unset_means_none(kind: str) -> bool:
    """A staff maximum the rulebook leaves empty means "no maximum" (Cheerleader), not a missing value."""
    return kind == "maximum"


def house_value_needed(field: Any) -> bool:
    """Whether the engine's HouseValueField `field` needs a house value while the league has none: the rulebook
    prints no value for it, and its absence means nothing either."""
    return field.printed is None and not unset_means_none(field.kind)


def league_house_values_unset(league: League) -> list[str]:
    """The keys of the house values `league` still has to set (the settings page lists them at its top). No query."""
    fields = get_ruleset(league.game_system).house_value_fields()
    return [field.key for field in fields if field.key not in league.house_values and house_value_needed(field)]
