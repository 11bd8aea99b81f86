"""The pre-match sequence (rulebook: Pre-Match Sequence of Play, steps 3 to 6).

Freebooters and weather (steps 1 and 2) are not in the transcription, so Pitside has no rule for them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from engine.bloodbowl.tables import row_for, tables
from engine.core.dice import check_dice
from engine.core.violations import Violation

Stage = Literal["league", "semi_final", "final"]
STAGES: tuple[Stage, ...] = ("league", "semi_final", "final")
SIDES = ("home", "away")


def gate(fan_factor_dice: Sequence[int], stage: Stage = "league") -> int:
    """3. Gate: one die per point of both teams' Fan Factor, +1 per die in a tournament semi-final and
    +2 in the final; the total x 1,000 fans (1, 2, 3, 4, 5, 6 -> 21,000)."""
    t = tables()
    return (sum(fan_factor_dice) + t.gate_per_die[stage] * len(fan_factor_dice)) * t.fans_per_point


def check_gate_dice(dice: Any, combined_fan_factor: int) -> list[Violation]:
    """Entered gate dice: one d6 per point of the two teams' combined Fan Factor."""
    return check_dice("gate_dice", dice, combined_fan_factor)


def handicap_bonus_cards(home_rating: int, away_rating: int) -> dict[str, int]:
    """4. Handicaps: the lower-rated team takes bonus Special Play Cards by the rating difference on the
    Handicap Table (134 v 147: a difference of 13, one card); the higher team, and equal teams, none."""
    difference = abs(home_rating - away_rating)
    cards = max(c for low, c in tables().handicap if low <= difference)
    lower = "home" if home_rating < away_rating else "away"
    return {side: cards if side == lower and difference else 0 for side in SIDES}


def special_play_cards(d6: int) -> int:
    """5. Special Play Cards table: 1-5 one card, 6 two."""
    return int(row_for(tables().special_play_cards, d6).result)


def check_card_decks(total: int, choice: Mapping[str, Any]) -> list[Violation]:
    """5. Special Play Cards: the coach's split of his cards over the four decks adds up to what he may take,
    with at most one Magic Item."""
    t = tables()
    problems = [
        Violation("deck-unknown", f"decks.{deck}", f"{deck} is not a deck; choose from {', '.join(t.decks)}.")
        for deck in choice
        if deck not in t.decks
    ]
    counts: dict[str, int] = {}
    for deck in t.decks:
        count = choice.get(deck, 0)
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            problems.append(Violation("deck-count", f"decks.{deck}", "A deck's count is a whole number, at least 0."))
        else:
            counts[deck] = count
    if counts.get("magic_items", 0) > t.magic_item_maximum:
        problems.append(
            Violation("magic-item-limit", "decks.magic_items", "A coach may never take more than one Magic Item card.")
        )
    if not problems and sum(counts.values()) != total:
        problems.append(Violation("deck-total", "decks", f"Take exactly {total} cards this match, not {sum(counts.values())}."))
    return problems


def niggling_misses(dice: Sequence[int], apothecary: bool = False) -> bool:
    """6. Niggling Injuries: one d6 per niggling injury; any 1 and the player misses this match (one match,
    however many 1s), unless the team's Apothecary lets him play."""
    return 1 in dice and not apothecary


def check_niggling_dice(dice: Any, niggling: int, path: str = "niggling_dice") -> list[Violation]:
    """Entered niggling dice: one d6 per niggling injury the player has."""
    return check_dice(path, dice, niggling)
