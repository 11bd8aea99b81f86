from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from engine.core.datafile import TextFormat
from engine.core.ruleset import Ruleset, read_house_values
from engine.core.violations import paths_under
from engine.registry import UnknownGameSystem, game_systems, get_ruleset
from leagues.game_apps import LeagueDataSource, game_app_of
from leagues.models import League
from leagues.selectors import league_is_commissioner, league_list
from pitside.errors import Invalid, NotPermitted
from pitside.params import parse_int

EMPTY = "empty"  # a new league starts with no house values (or no team lists)
SUGGESTED = "suggested"  # ... with Pitside's suggested house values (engine/<system>/data)


def league_require_commissioner(*, league: League, user: Any) -> None:
    if not league_is_commissioner(league, user):
        raise NotPermitted.one("not-commissioner", "league", "Only a commissioner of this league can do that.")


def league_create(
    *,
    user: Any,
    name: str,
    game_system: str,
    options: dict[str, Any],
    house_values_from: str | None = None,
    data_from: Mapping[str, str] | None = None,
) -> League:
    """A new league; its creator is its first commissioner. Its house values start `house_values_from`: "empty",
    "suggested" (Pitside's set, for a game system that ships one) or the id of a league of the same game system the
    creator commissions, copied; None (the default) is the suggested set where the game system ships one, else empty,
    so a league made with the defaults takes teams at once. `data_from` does the same for the game system's other
    league data (Blood Bowl's `team_lists_from`: "empty", a shipped set's name or a league's id); a field it leaves
    out starts from its source's default (Blood Bowl's sample team lists)."""
    try:
        ruleset = get_ruleset(game_system)
    except UnknownGameSystem:
        choices = ", ".join(slug for slug, _ in game_systems())
        raise Invalid.one("game-system-unknown", "game_system", f"Unknown game system; choose one of {choices}.") from None
    clean_options = ruleset.validate_options(options)
    house_values = _starting_house_values(ruleset, house_values_from, user)
    copies = _data_copies(ruleset, data_from or {}, user)
    with transaction.atomic():
        league = League.objects.create(name=name, game_system=game_system, options=clean_options, house_values=house_values)
        league.commissioners.add(user)
        for source, what in copies:
            source.copy(league, what, user)
    return league


def _starting_house_values(ruleset: Ruleset, choice: str | None, user: Any) -> dict[str, Any]:
    if choice is None:
        return ruleset.suggested_house_values()  # {} for a game system that ships no set
    if choice == EMPTY:
        return {}
    if choice == SUGGESTED:
        suggested = ruleset.suggested_house_values()
        if not suggested:
            raise Invalid.one("no-suggested-set", "house_values_from", f"Pitside suggests no house values for {ruleset.name}.")
        return suggested
    source = league_source(field="house_values_from", value=choice, game_system=ruleset.slug, user=user, named=(EMPTY, SUGGESTED))
    with paths_under("house_values."):  # a value its game system has since refused is named, not copied
        return ruleset.validate_house_values(source.house_values)


def _data_copies(ruleset: Ruleset, data_from: Mapping[str, str], user: Any) -> list[tuple[LeagueDataSource, str | League]]:
    """What to copy into the new league, each source checked before anything is made; a source `data_from` leaves
    out starts from its default."""
    app = game_app_of(ruleset.slug)
    sources = {source.field: source for source in app.data_sources} if app else {}
    for field in data_from:
        if field not in sources:
            raise Invalid.one("invalid", field, f"A {ruleset.name} league has no {field}.")
    copies: list[tuple[LeagueDataSource, str | League]] = []
    for field, source in sources.items():
        choice = data_from.get(field, source.default)
        if choice in source.shipped:
            copies.append((source, choice))
        elif choice != EMPTY:
            named = (EMPTY, *source.shipped)
            copies.append((source, league_source(field=field, value=choice, game_system=ruleset.slug, user=user, named=named)))
    return copies


def league_source(*, field: str, value: str, game_system: str, user: Any, named: tuple[str, ...]) -> League:
    """The league a new one copies from (its `value`, an id): one of the same game system that `user` commissions.
    `named`: the other choices of `field`, for the message."""
    try:
        league_id = parse_int(value, field=field)
    except Invalid:
        choices = ", ".join(f'"{name}"' for name in named)
        raise Invalid.one("invalid", field, f"{field} is {choices} or the id of a league you commission.") from None
    source = league_list().filter(pk=league_id).first()
    if source is None:
        raise Invalid.one("league-unknown", field, f"No league has the id {league_id}.")
    if source.game_system != game_system:
        raise Invalid.one("game-system-mismatch", field, f"{source.name} is a league of another game system.")
    if not league_is_commissioner(source, user):
        raise NotPermitted.one("not-commissioner", field, f"Only a commissioner of {source.name} can copy from it.")
    return source


def league_update(
    *,
    league: League,
    user: Any,
    name: str | None = None,
    options: dict[str, Any] | None = None,
    house_values: dict[str, Any] | None = None,
    open_for_signups: bool | None = None,
) -> League:
    """Change a league's settings. House values given are merged into the existing ones (null clears one)."""
    league_require_commissioner(league=league, user=user)
    ruleset = get_ruleset(league.game_system)
    if options is not None:
        league.options = ruleset.validate_options({**league.options, **options})
    if house_values is not None:
        with paths_under("house_values."):
            league.house_values = ruleset.validate_house_values({**league.house_values, **house_values})
    if name is not None:
        league.name = name
    if open_for_signups is not None:
        league.open_for_signups = open_for_signups
    league.save()
    return league


def league_house_values_replace(*, league: League, user: Any, fmt: TextFormat, text: str) -> League:
    """A commissioner replaces all the league's house values with a YAML or JSON file's (as the export writes it):
    all or nothing, one error per bad value (`house_values.<key>`), or one naming `text` for a file that is no
    mapping of keys to values."""
    league_require_commissioner(league=league, user=user)
    values = read_house_values(text, fmt)
    with paths_under("house_values."):
        league.house_values = get_ruleset(league.game_system).validate_house_values(values)
    league.save(update_fields=["house_values"])
    return league


def league_commissioner_add(*, league: League, user: Any, username: str) -> None:
    league_require_commissioner(league=league, user=user)
    new = get_user_model().objects.filter(username=username).first()
    if new is None:
        raise Invalid.one("user-unknown", "username", f"No user is called {username}.")
    league.commissioners.add(new)
