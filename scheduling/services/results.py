"""Writes of a game's result: submit, confirm, approve, dispute, void, and the post-game that a
confirmed result sets off (rulebook: Play League Games, Post-Game, No-Shows).

Every write locks the game row first, so two confirmations (or a confirmation and a void) run one
after the other; every change is a ResultEvent (who, when, what). The post-game runs in the same
transaction as the confirmation that completes it: places, League Points, prize money as ledger
rows, lasting injuries; the standings recompute is queued once it commits.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction
from django.db.models import Sum
from django.urls import reverse
from django.utils import timezone

from engine.core.money import TREASURY, format_credits
from engine.core.violations import RuleViolation, Violation, raise_if_any
from engine.slaughterball import games as game_rules
from engine.slaughterball import injuries as injury_rules
from engine.slaughterball.ruleset import RULESET
from leagues.selectors import league_is_commissioner
from leagues.services import league_require_commissioner
from notifications.services import notify
from pitside.errors import ErrorItem, Invalid, NotFound, NotPermitted
from rosters.models import LedgerEntry, Team
from scheduling.models import Game, GameSide, ResultDraft, ResultEvent
from scheduling.selectors import (
    game_get,
    game_label,
    game_league,
    game_pending_teams,
    game_played,
    game_submission,
    game_user_sides,
)
from scheduling.services.pregame import lasting_injuries_apply, lasting_injuries_void
from scheduling.services.standings import standings_recompute_queue

LOG_FIELDS = ("team", "kind", "target", "distance", "injured", "penalized")
REASON_MAX = 500
DRAFT_MAX_BYTES = 64_000


# --- Helpers -------------------------------------------------------------------------------------


def _locked_game(game_id: Any) -> Game:
    """Lock the game row for this transaction, then read it with its sides and history."""
    if Game.objects.select_for_update(of=("self",)).filter(pk=game_id).values_list("pk", flat=True).first() is None:
        raise NotFound.one("game-unknown", "game", "No such game.")
    game = game_get(game_id)
    assert game is not None
    return game


def _require_member_or_commissioner(game: Game, user: Any) -> None:
    if not game_user_sides(game, user) and not league_is_commissioner(game_league(game), user):
        raise NotPermitted.one(
            "not-in-game", "game", "Only a coach of a team in this game or a commissioner of its league can do that."
        )


def _replayed(game: Game, key: str | None, action: str, payload: Mapping[str, Any] | None = None) -> bool:
    """True when this idempotency key already did this (a retry); refused when it did something else."""
    if not key:
        return False
    earlier = next((e for e in game.events.all() if e.idempotency_key == key), None)
    if earlier is None:
        return False
    if earlier.action != action or (payload is not None and earlier.payload != payload):
        raise Invalid.one(
            "idempotency-key-reused", "idempotency_key", "This idempotency key was already used for a different change."
        )
    return True


def _event(
    game: Game, user: Any, action: str, *, team: Team | None = None, payload: dict[str, Any] | None = None, key: str | None = None
) -> ResultEvent:
    return ResultEvent.objects.create(
        game=game, actor=user, team=team, action=action, payload=payload or {}, idempotency_key=key or None
    )


def _game_url(game: Game) -> str:
    return reverse("game-detail", args=[game.pk])


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _reason(text: str) -> str:
    text = (text or "").strip()
    if not text:
        raise Invalid.one("reason-required", "reason", "Give a reason.")
    if len(text) > REASON_MAX:
        raise Invalid.one("reason-too-long", "reason", f"A reason is at most {REASON_MAX} characters.")
    return text


# --- Submit ----------------------------------------------------------------------------------------


def _normalized(
    sides: Sequence[Mapping[str, Any]],
    scoring_log: Sequence[Mapping[str, Any]] | None,
    injuries: Sequence[Mapping[str, Any]] | None,
) -> dict[str, Any]:
    """The submission as stored in its ResultEvent: every field present, in a fixed shape."""
    return {
        "sides": [
            {
                "team": side.get("team"),
                "score": side.get("score"),
                "unused_edge_tokens": side.get("unused_edge_tokens", 0),
                "no_show": bool(side.get("no_show", False)),
            }
            for side in sides
        ],
        "scoring_log": None
        if scoring_log is None
        else [
            {key: entry.get(key, False if key in ("injured", "penalized") else None) for key in LOG_FIELDS}
            for entry in scoring_log
        ],
        "injuries": [dict(item) for item in injuries or []],
    }


def _injury_problems(game: Game, injuries: list[dict[str, Any]]) -> list[Violation]:
    """The injuries must name athletes or mavericks who played in this game (game_played)."""
    if not injuries:
        return []
    played = game_played(game)
    return list(injury_rules.check_injuries(injuries, played.athletes, played.mavericks))


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
    scoring log, and the injuries for Lasting Injuries. Every problem is reported at once and
    nothing changes. A new submission replaces the one standing (confirmations start again); a
    confirmed result must be voided first. Returns (game, created); the same key sent again
    returns the game unchanged."""
    payload = _normalized(sides, scoring_log, injuries)
    with transaction.atomic():
        game = _locked_game(game_id)
        _require_member_or_commissioner(game, user)
        if _replayed(game, idempotency_key, ResultEvent.Action.SUBMITTED, payload):
            return game, False
        if game.state == Game.State.CONFIRMED:
            raise Invalid.one(
                "result-confirmed", "game", "This game's result is confirmed; a commissioner must void it before another."
            )
        game_sides = list(game.sides.all())
        results = [
            game_rules.SideResult(
                team=s["team"], score=s["score"], unused_edge_tokens=s["unused_edge_tokens"], no_show=s["no_show"]
            )
            for s in payload["sides"]
        ]
        log = None if payload["scoring_log"] is None else [game_rules.ScoringEntry(**e) for e in payload["scoring_log"]]
        problems: list[Violation] = []
        try:
            RULESET.check_result(
                results, {s.team_id: s.edge_tokens or 0 for s in game_sides}, [s.team_id for s in game_sides], log
            )
        except RuleViolation as refused:
            problems += refused.violations
        problems += _injury_problems(game, payload["injuries"])
        raise_if_any(problems)

        by_team = {s.team_id: s for s in game_sides}
        for order, line in enumerate(payload["sides"], start=1):
            side = by_team[line["team"]]
            side.order_of_play, side.score = order, line["score"]
            side.unused_edge_tokens, side.no_show = line["unused_edge_tokens"], line["no_show"]
            side.place = side.league_points = side.prize_money = None
        GameSide.objects.bulk_update(
            game_sides, ["order_of_play", "score", "unused_edge_tokens", "no_show", "place", "league_points", "prize_money"]
        )
        own = game_user_sides(game, user)
        event = _event(
            game, user, ResultEvent.Action.SUBMITTED, team=own[0].team if own else None, payload=payload, key=idempotency_key
        )
        game.state = Game.State.SUBMITTED
        game.confirmed_at = None
        game.save(update_fields=["state", "confirmed_at"])
        reloaded = game_get(game.pk)  # with its sides and history, as the post-game reads them
        assert reloaded is not None
        game = reloaded
        pending = game_pending_teams(game)
        if not pending:  # the submitter coaches every team that showed up: nobody else to ask
            _post_game(game)
        else:
            notify(
                users=[s.team.coach for s in pending],
                event=f"result-confirm:{event.pk}",
                text=f"{user.username} submitted the result of {game_label(game)}: confirm or dispute it.",
                url=_game_url(game),
            )
    return game_get(game.pk) or game, True


# --- Confirm, approve, dispute ---------------------------------------------------------------------


def result_confirm(*, game_id: Any, user: Any, idempotency_key: str | None = None) -> tuple[Game, bool]:
    """Each other coach in the game confirms the result submitted; once every one of them has, it is
    confirmed and the post-game runs. Returns (game, changed): confirming again changes nothing."""
    with transaction.atomic():
        game = _locked_game(game_id)
        own = game_user_sides(game, user)
        if not own:
            raise NotPermitted.one("not-in-game", "game", "Only a coach of a team in this game can confirm its result.")
        if _replayed(game, idempotency_key, ResultEvent.Action.CONFIRMED) or game.state == Game.State.CONFIRMED:
            return game, False
        if game.state != Game.State.SUBMITTED:
            raise Invalid.one(
                "nothing-to-confirm",
                "game",
                f"This game has no result awaiting confirmation ({game.get_state_display().lower()}).",
            )
        pending = game_pending_teams(game)
        mine = [s for s in pending if s.team.coach_id == user.pk]
        if not mine:
            submission = game_submission(game)
            if submission is not None and submission.actor_id == user.pk:
                raise Invalid.one("own-submission", "game", "You submitted this result: the other coaches confirm it.")
            return game, False  # already confirmed by this coach
        for index, side in enumerate(mine):
            _event(game, user, ResultEvent.Action.CONFIRMED, team=side.team, key=idempotency_key if index == 0 else None)
        if len(mine) == len(pending):
            reloaded = game_get(game.pk)  # with its sides and history, as the post-game reads them
            assert reloaded is not None
            game = reloaded
            _post_game(game)
    return game_get(game.pk) or game, True


def result_approve(*, game_id: Any, user: Any, idempotency_key: str | None = None) -> tuple[Game, bool]:
    """A commissioner of the league approves the result standing (submitted or disputed): it is
    confirmed at once and the post-game runs. Returns (game, changed)."""
    with transaction.atomic():
        game = _locked_game(game_id)
        league_require_commissioner(league=game_league(game), user=user)
        if _replayed(game, idempotency_key, ResultEvent.Action.APPROVED) or game.state == Game.State.CONFIRMED:
            return game, False
        if game.state not in (Game.State.SUBMITTED, Game.State.DISPUTED):
            raise Invalid.one("nothing-to-approve", "game", "This game has no submitted result to approve.")
        _event(game, user, ResultEvent.Action.APPROVED, key=idempotency_key)
        _post_game(game)
    return game_get(game.pk) or game, True


def result_dispute(*, game_id: Any, user: Any, reason: str, idempotency_key: str | None = None) -> tuple[Game, bool]:
    """Another coach in the game disputes the result submitted, with a reason: the game waits for a
    commissioner, who approves it or voids it. Returns (game, changed)."""
    with transaction.atomic():
        game = _locked_game(game_id)
        own = game_user_sides(game, user)
        if not own:
            raise NotPermitted.one("not-in-game", "game", "Only a coach of a team in this game can dispute its result.")
        if _replayed(game, idempotency_key, ResultEvent.Action.DISPUTED):
            return game, False
        text = _reason(reason)
        if game.state != Game.State.SUBMITTED:
            raise Invalid.one("nothing-to-dispute", "game", "Only a result awaiting confirmation can be disputed.")
        submission = game_submission(game)
        if submission is not None and submission.actor_id == user.pk:
            raise Invalid.one("own-submission", "game", "You submitted this result: submit a corrected one instead.")
        _event(game, user, ResultEvent.Action.DISPUTED, team=own[0].team, payload={"reason": text}, key=idempotency_key)
        game.state = Game.State.DISPUTED
        game.save(update_fields=["state"])
        notify(
            users=list(game_league(game).commissioners.all()),
            event=f"result-disputed:{game.pk}:{submission.pk if submission else 0}:{user.pk}",
            text=f"{user.username} disputes the result of {game_label(game)}: {text}"[:300],
            url=_game_url(game),
        )
    return game_get(game.pk) or game, True


# --- The post-game and its reversal -------------------------------------------------------------


def _prize_key(game: Game, submission: ResultEvent) -> str:
    return f"prize:game-{game.pk}:result-{submission.pk}"


def _post_game(game: Game) -> None:
    """Post-Game, inside the confirming transaction: places and League Points (one per team
    defeated), prize money as treasury ledger rows (none when the game does not pay), no-shows
    counted last and paid nothing; Lasting Injuries when the league plays them. The spending window
    opens by itself (it is the team's latest confirmed game) and Team Potential is read from the
    rosters. After commit: the standings recompute."""
    submission = game_submission(game)
    assert submission is not None
    sides = list(game.sides.all())
    awards = RULESET.award([game_rules.SideResult(s.team_id, s.score or 0, s.unused_edge_tokens, s.no_show) for s in sides])
    label = game_label(game)
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
                    reason=reason[:200],
                    idempotency_key=_prize_key(game, submission),
                )
            )
    GameSide.objects.bulk_update(sides, ["place", "league_points", "prize_money"])
    LedgerEntry.objects.bulk_create(entries)
    game.state = Game.State.CONFIRMED
    game.confirmed_at = timezone.now()
    game.save(update_fields=["state", "confirmed_at"])
    lasting_injuries_apply(game=game)  # Optional Rules, Lasting Injuries: nothing unless the league plays them
    for side in sides:
        earned = (
            "nothing (no-show)"
            if side.no_show
            else (
                f"{_ordinal(side.place or 0)} place, {_plural(side.league_points or 0, 'League Point')}, "
                f"{format_credits(side.prize_money or 0)}"
            )
        )
        notify(
            users=[side.team.coach],
            event=f"result-confirmed:{submission.pk}:{side.team_id}",
            text=f"The result of {label} is confirmed. {side.team.name}: {earned}."[:300],
            url=_game_url(game),
        )
    standings_recompute_queue(game.week.season_id)


def _reverse_post_game(game: Game) -> list[dict[str, Any]]:
    """Undo what the confirmed result caused, writing reversing ledger rows (history is never edited).
    Refused, naming every team, when a treasury no longer holds the prize it would take back."""
    submission = game_submission(game)
    assert submission is not None
    paid = list(
        LedgerEntry.objects.filter(
            team_id__in=[s.team_id for s in game.sides.all()], idempotency_key=_prize_key(game, submission)
        )
    )
    team_ids = sorted({entry.team_id for entry in paid})
    # Lock the teams in id order (as every treasury write does), then read their treasuries.
    list(Team.objects.select_for_update(of=("self",)).filter(pk__in=team_ids).order_by("pk").values_list("pk", flat=True))
    treasuries = dict(
        LedgerEntry.objects.filter(team_id__in=team_ids, account=TREASURY)
        .order_by()
        .values_list("team_id")
        .annotate(total=Sum("amount"))
    )
    names = {s.team_id: s.team.name for s in game.sides.all()}
    short = [
        ErrorItem(
            "void-treasury-short",
            "game",
            f"{names.get(e.team_id, e.team_id)} has spent part of this game's prize: its treasury holds "
            f"{format_credits(treasuries.get(e.team_id, 0))} of the {format_credits(e.amount)} to take back. "
            "Grant the difference first, then void.",
        )
        for e in paid
        if treasuries.get(e.team_id, 0) < e.amount
    ]
    if short:
        raise Invalid(short)
    reverse_key = f"void:game-{game.pk}:result-{submission.pk}"
    label = game_label(game)
    LedgerEntry.objects.bulk_create(
        LedgerEntry(
            team_id=e.team_id,
            account=TREASURY,
            amount=-e.amount,
            reason=f"Result voided: prize money of {label}"[:200],
            idempotency_key=reverse_key,
        )
        for e in paid
    )
    lasting_injuries_void(game=game)
    return [{"team": e.team_id, "amount": -e.amount} for e in paid]


def result_void(*, game_id: Any, user: Any, reason: str, idempotency_key: str | None = None) -> tuple[Game, bool]:
    """A commissioner voids the result standing, with a reason. A confirmed result's effects are
    reversed (prize money by reversing ledger rows, places and League Points cleared, lasting
    injuries voided); its history stays. Skills bought in its spending window stay learned (no
    refunds), and the team's window goes back to its previous confirmed game. The game may then get
    a new result. Returns (game, changed)."""
    with transaction.atomic():
        game = _locked_game(game_id)
        league_require_commissioner(league=game_league(game), user=user)
        if _replayed(game, idempotency_key, ResultEvent.Action.VOIDED):
            return game, False
        text = _reason(reason)
        if game.state not in (Game.State.SUBMITTED, Game.State.DISPUTED, Game.State.CONFIRMED):
            raise Invalid.one("nothing-to-void", "game", "This game has no result to void.")
        was_confirmed = game.state == Game.State.CONFIRMED
        reversed_entries = _reverse_post_game(game) if was_confirmed else []
        sides = list(game.sides.all())
        for side in sides:
            side.score = side.place = side.league_points = side.prize_money = None
            side.unused_edge_tokens, side.no_show = 0, False
        GameSide.objects.bulk_update(sides, ["score", "place", "league_points", "prize_money", "unused_edge_tokens", "no_show"])
        event = _event(
            game, user, ResultEvent.Action.VOIDED, payload={"reason": text, "reversed": reversed_entries}, key=idempotency_key
        )
        game.state = Game.State.VOIDED
        game.confirmed_at = None
        game.save(update_fields=["state", "confirmed_at"])
        notify(
            users=[s.team.coach for s in sides],
            event=f"result-voided:{event.pk}",
            text=f"The result of {game_label(game)} was voided: {text}"[:300],
            url=_game_url(game),
        )
        if was_confirmed:
            standings_recompute_queue(game.week.season_id)
    return game_get(game.pk) or game, True


# --- Live entry ----------------------------------------------------------------------------------


def result_draft_save(*, game_id: Any, user: Any, data: Mapping[str, Any]) -> ResultDraft:
    """Keep the result as it is entered during the game (scores, the scoring log as it happens) so a
    phone that reloads or changes hands goes on where it was. Not checked until it is submitted."""
    with transaction.atomic():
        game = _locked_game(game_id)
        _require_member_or_commissioner(game, user)
        if game.state == Game.State.CONFIRMED:
            raise Invalid.one("result-confirmed", "game", "This game's result is confirmed.")
        clean = {"sides": list(data.get("sides") or []), "scoring_log": list(data.get("scoring_log") or [])}
        if len(json.dumps(clean)) > DRAFT_MAX_BYTES:
            raise Invalid.one("draft-too-large", "scoring_log", "This draft is too long to keep.")
        draft, _ = ResultDraft.objects.update_or_create(game=game, defaults={"data": clean, "updated_by": user})
    return draft
