"""Writes of a Slaughterball game's result on the shared lifecycle (games.lifecycle: submit,
confirm, approve, dispute, void), and the post-game that a confirmed result sets off (rulebook:
Play League Games, Post-Game, No-Shows).

SlaughterballResults fills the lifecycle's hooks: the result is the sides in order of play with
score, unused Edge tokens and no-show, an optional scoring log and the injuries; the post-game sets
places, League Points and prize money (treasury ledger rows, which the lifecycle reverses on a void)
and rolls lasting injuries; the standings recompute is queued once it commits.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from django.urls import reverse

from engine.core.money import TREASURY, format_credits
from engine.core.violations import RuleViolation, Violation, raise_if_any
from engine.slaughterball import games as game_rules
from engine.slaughterball import injuries as injury_rules
from engine.slaughterball.ruleset import RULESET
from games import lifecycle
from games.dice import Dice
from games.lifecycle import ResultLifecycle
from pitside.errors import Invalid
from rosters.models import LedgerEntry, LedgerKind
from slaughterball.models import Game, GameSide, LastingInjury, ResultDraft
from slaughterball.selectors import game_label, game_played, games_listed, games_loaded
from slaughterball.services.pregame import lasting_injuries_apply, lasting_injuries_void
from slaughterball.services.standings import standings_recompute_queue

LOG_FIELDS = ("team", "kind", "target", "distance", "injured", "penalized")
DRAFT_MAX_BYTES = 64_000


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _normalized(report: Mapping[str, Any]) -> dict[str, Any]:
    """The result in a fixed shape, every field present: as its history keeps it and as it stands."""
    scoring_log = report.get("scoring_log")
    return {
        "sides": [
            {
                "team": side.get("team"),
                "score": side.get("score"),
                "unused_edge_tokens": side.get("unused_edge_tokens", 0),
                "no_show": bool(side.get("no_show", False)),
            }
            for side in report.get("sides") or []
        ],
        "scoring_log": None
        if scoring_log is None
        else [
            {key: entry.get(key, False if key in ("injured", "penalized") else None) for key in LOG_FIELDS}
            for entry in scoring_log
        ],
        "injuries": [dict(item) for item in report.get("injuries") or []],
    }


class SlaughterballResults(ResultLifecycle[Game]):
    """The result lifecycle of a Slaughterball game (slaughterball.models.Game and its GameSides)."""

    def games(self) -> QuerySet[Game]:
        return games_loaded()

    def games_listed(self) -> QuerySet[Game]:
        return games_listed()

    def label(self, game: Game) -> str:
        return game_label(game)

    def url(self, game: Game) -> str:
        return reverse("game-detail", args=[game.pk])

    def check_report(self, game: Game, user: Any, report: Mapping[str, Any]) -> dict[str, Any]:
        """The sides in order of play (First Coach first) with score, unused Edge tokens and no-show,
        the scoring log if any and the injuries for Lasting Injuries, checked by the engine; the
        injuries must name athletes or mavericks who played in this game (game_played)."""
        standing = _normalized(report)
        sides = list(game.sides.all())
        results = [game_rules.SideResult(s["team"], s["score"], s["unused_edge_tokens"], s["no_show"]) for s in standing["sides"]]
        log = None if standing["scoring_log"] is None else [game_rules.ScoringEntry(**e) for e in standing["scoring_log"]]
        problems: list[Violation] = []
        try:
            received = {s.team_id: s.edge_tokens_received or 0 for s in sides}
            RULESET.check_result(game_rules.GameResult(results, received, [s.team_id for s in sides], log))
        except RuleViolation as refused:
            problems += refused.violations
        if standing["injuries"]:
            played = game_played(game, sides)
            problems += injury_rules.check_injuries(standing["injuries"], played.athletes, played.mavericks)
        raise_if_any(problems)
        return standing

    def record_report(self, game: Game, report: Mapping[str, Any]) -> None:
        """The order of play, scores, unused Edge tokens and no-shows on the sides; nothing awarded yet."""
        sides = list(game.sides.all())
        by_team = {s.team_id: s for s in sides}
        for order, line in enumerate(report["sides"], start=1):
            side = by_team[line["team"]]
            side.order_of_play, side.score = order, line["score"]
            side.unused_edge_tokens, side.no_show = line["unused_edge_tokens"], line["no_show"]
            side.place = side.league_points = side.prize_money = None
        GameSide.objects.bulk_update(
            sides, ["order_of_play", "score", "unused_edge_tokens", "no_show", "place", "league_points", "prize_money"]
        )

    def post_game(self, game: Game, user: Any, dice: Mapping[str, Any] | None) -> None:
        """Post-Game: places and League Points (one per team defeated), prize money as treasury
        ledger rows (none when the game does not pay), no-shows counted last and paid nothing;
        Lasting Injuries when the league plays them. The spending window opens by itself (it is the
        team's latest confirmed game) and Team Potential is read from the rosters."""
        submission = self.submission(game)
        assert submission is not None  # confirmed or approved: a result was submitted
        sides = list(game.sides.all())
        result = [game_rules.SideResult(s.team_id, s.score or 0, s.unused_edge_tokens, s.no_show) for s in sides]
        received = {s.team_id: s.edge_tokens_received or 0 for s in sides}
        awards = RULESET.post_game(game_rules.GameResult(result, received, [s.team_id for s in sides]), Dice(game, user))
        label = self.label(game)
        entries = []
        for side, award in zip(sides, awards, strict=True):
            side.place, side.league_points = award.place, award.league_points
            side.prize_money = award.prize_money if game.pays else 0
            if side.prize_money:
                reason = (
                    f"Prize money: {_ordinal(award.place)} place, {_plural(award.league_points, 'League Point')}, "
                    f"{_plural(side.unused_edge_tokens, 'unused Edge token')} ({label})"
                )
                entries.append(
                    LedgerEntry(
                        team_id=side.team_id,
                        account=TREASURY,
                        amount=side.prize_money,
                        kind=LedgerKind.WINNINGS,
                        reason=reason[:200],
                        idempotency_key=f"prize:game-{game.pk}:result-{submission.pk}",
                    )
                )
        GameSide.objects.bulk_update(sides, ["place", "league_points", "prize_money"])
        LedgerEntry.objects.bulk_create(entries)
        lasting_injuries_apply(game=game)  # Optional Rules, Lasting Injuries: nothing unless the league plays them

    def confirming(self, game: Game, side: lifecycle.GameSide) -> bool:
        """No-Shows: a side marked no-show in the result standing does not confirm it."""
        return not any(line["team"] == side.team_id and line["no_show"] for line in (game.report or {}).get("sides", []))

    def announced_text(self, game: Game) -> str:
        placed = sorted(game.sides.all(), key=lambda side: (side.place or len(game.sides.all()) + 1, side.pk))
        places = ", ".join(f"{_ordinal(side.place)} {side.team.name}" for side in placed if side.place)
        return f"Result confirmed: {self.label(game)}" + (f": {places}." if places else ".")

    def confirmed_text(self, game: Game, side: lifecycle.GameSide) -> str:
        assert isinstance(side, GameSide)  # this lifecycle's sides
        earned = (
            "nothing (no-show)"
            if side.no_show
            else (
                f"{_ordinal(side.place or 0)} place, {_plural(side.league_points or 0, 'League Point')}, "
                f"{format_credits(side.prize_money or 0)}"
            )
        )
        return f"The result of {self.label(game)} is confirmed. {side.team.name}: {earned}."

    def undo_post_game(self, game: Game, user: Any) -> None:
        """Lasting injuries are voided. Skills bought in the game's spending window stay learned (no
        refunds), and each team's window goes back to its previous confirmed game."""
        lasting_injuries_void(game=game)

    def void_undoes(self, game: Game) -> list[str]:
        placed = sorted((s for s in game.sides.all() if s.place), key=lambda side: side.place or 0)
        places = "; ".join(
            f"{s.team.name} {_ordinal(s.place or 0)}, {_plural(s.league_points or 0, 'League Point')}" for s in placed
        )
        injured = [i.name for i in LastingInjury.objects.filter(game=game, voided_at=None).order_by("pk")]
        return [
            *([f"Places and League Points come off the standings: {places}."] if places else []),
            *([f"Lasting injuries voided: {', '.join(injured)}."] if injured else []),
            "What the teams bought since stays bought (no refund); each team's spending window goes back to its "
            "previous confirmed game.",
        ]

    def clear_report(self, game: Game) -> None:
        sides = list(game.sides.all())
        for side in sides:
            side.score = side.place = side.league_points = side.prize_money = None
            side.unused_edge_tokens, side.no_show = 0, False
        GameSide.objects.bulk_update(sides, ["score", "place", "league_points", "prize_money", "unused_edge_tokens", "no_show"])

    def after_confirmed(self, game: Game) -> None:
        standings_recompute_queue(game.week.season_id)


RESULTS = SlaughterballResults()


def result_submit(
    *,
    game_id: Any,
    user: Any,
    sides: Sequence[Mapping[str, Any]],
    scoring_log: Sequence[Mapping[str, Any]] | None = None,
    injuries: Sequence[Mapping[str, Any]] | None = None,
    idempotency_key: str | None = None,
) -> tuple[Game, bool]:
    """A coach of a team in the game (or a commissioner of its league) submits the result: the sides
    in order of play (First Coach first) with score, unused Edge tokens and no-show, optionally the
    scoring log, and the injuries for Lasting Injuries (RESULTS.submit). Sent in the fixed shape,
    so that its history keeps it so and a retry with the same key matches it."""
    report = _normalized({"sides": sides, "scoring_log": scoring_log, "injuries": injuries})
    return RESULTS.submit(game_id=game_id, user=user, report=report, idempotency_key=idempotency_key)


def result_confirm(*, game_id: Any, user: Any, idempotency_key: str | None = None) -> tuple[Game, bool]:
    """Another coach in the game confirms the result submitted; once every one has, the post-game runs."""
    return RESULTS.confirm(game_id=game_id, user=user, idempotency_key=idempotency_key)


def result_approve(*, game_id: Any, user: Any, idempotency_key: str | None = None) -> tuple[Game, bool]:
    """A commissioner approves the result standing (submitted or disputed): the post-game runs at once."""
    return RESULTS.approve(game_id=game_id, user=user, idempotency_key=idempotency_key)


def result_dispute(*, game_id: Any, user: Any, reason: str, idempotency_key: str | None = None) -> tuple[Game, bool]:
    """Another coach in the game disputes the result submitted, with a reason: a commissioner decides."""
    return RESULTS.dispute(game_id=game_id, user=user, reason=reason, idempotency_key=idempotency_key)


def result_void(*, game_id: Any, user: Any, reason: str, idempotency_key: str | None = None) -> tuple[Game, bool]:
    """A commissioner voids the result standing, with a reason: what a confirmed one caused is put back."""
    return RESULTS.void(game_id=game_id, user=user, reason=reason, idempotency_key=idempotency_key)


def game_schedule(*, game_id: Any, user: Any, scheduled_for: datetime.date | None, location: str) -> tuple[Game, bool]:
    """The game's date and place: RESULTS.schedule (a commissioner any time, its coaches until it is played)."""
    return RESULTS.schedule(game_id=game_id, user=user, scheduled_for=scheduled_for, location=location)


# --- Live entry ----------------------------------------------------------------------------------


def result_draft_save(*, game_id: Any, user: Any, data: Mapping[str, Any]) -> ResultDraft:
    """Keep the result as it is entered during the game (scores, the scoring log as it happens) so a
    phone that reloads or changes hands goes on where it was. Not checked until it is submitted."""
    with transaction.atomic():
        game = RESULTS.locked(game_id)
        RESULTS.require_member_or_commissioner(game, user)
        if game.state == Game.State.CONFIRMED:
            raise Invalid.one("result-confirmed", "game", "This game's result is confirmed.")
        clean = {"sides": list(data.get("sides") or []), "scoring_log": list(data.get("scoring_log") or [])}
        if len(json.dumps(clean)) > DRAFT_MAX_BYTES:
            raise Invalid.one("draft-too-large", "scoring_log", "This draft is too long to keep.")
        draft, _ = ResultDraft.objects.update_or_create(game=game, defaults={"data": clean, "updated_by": user})
    return draft
