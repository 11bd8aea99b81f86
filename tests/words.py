"""People's words: what finds an engine key in a text people read (a page, a sheet's PDF, a notification). A key is
words joined by underscores or hyphens (`cancel-card`, `dirty_tricks`, `leg-hurt`), or a house value's dotted key
(`athletes.carnage.butcher.accuracy`); "GAPS" is the rulebook notes' file."""

from __future__ import annotations

import re
from functools import cache

from engine.registry import game_systems, get_ruleset

KEY = re.compile(r"(?<![\w/.-])[A-Za-z][a-z0-9]*(?:[-_][a-z0-9]+)+(?![\w/-])|\bGAPS\b")
DOTTED = re.compile(r"(?<![\w/.-])[a-z][a-z0-9_-]*(?:\.[a-z0-9_-]+)+")
# Words people write with a hyphen.
ENGLISH = {
    "sign-ups", "re-roll", "re-rolls", "e-mail", "tie-breaker", "tie-breakers", "log-in", "play-off", "play-offs",
    "semi-finals", "round-robin", "head-to-head", "commissioners-only", "one-for-one", "lower-case", "kick-off",
    "pre-match", "pre-game", "first-week", "lower-rated", "lowest-ranked",
}  # fmt: skip


@cache
def house_value_keys() -> frozenset[str]:
    """Every game system's house value keys."""
    return frozenset(field.key for slug, _ in game_systems() for field in get_ruleset(slug).house_value_fields())


def engine_keys(text: str) -> list[str]:
    """The engine keys `text` shows."""
    words = [word for word in KEY.findall(text) if word.lower() not in ENGLISH]
    return words + [key for key in DOTTED.findall(text) if key.rstrip(".") in house_value_keys()]
