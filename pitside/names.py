"""People's words for the engine's keys. A skill, trait, card deck or token is stored by its key
(`automatic-carve`, `dirty_tricks`); a page or sheet shows the rulebook's name for it, from the mapping
of names its game system gives (the engine's data files, or a league's team lists). `named` is the one
place that turns keys into names: the template filter of the same name (a builtin of every template)
and the Python code that builds pages and sheets both call it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from django import template

register = template.Library()


def key_name(key: str, names: Mapping[str, str] | None = None) -> str:
    """The name `names` gives `key`; a key it does not name reads as words ("dirty_tricks": "Dirty tricks"),
    never as code."""
    if names and key in names:
        return names[key]
    return key.replace("_", " ").replace("-", " ").capitalize()


def key_names(keys: Iterable[str], names: Mapping[str, str] | None = None) -> list[str]:
    return [key_name(key, names) for key in keys]


@register.filter
def named(value: str | Iterable[str] | None, names: Mapping[str, str] | None = None) -> str | list[str]:
    """`{{ key|named:names }}` is its name, `{{ keys|named:names|join:", " }}` their names."""
    if value is None:
        return ""
    if isinstance(value, str):
        return key_name(value, names)
    return key_names(value, names)
