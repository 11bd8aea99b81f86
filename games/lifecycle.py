"""The result lifecycle every game system's games share: a report checked by the game's engine,
confirmation by the coach of every other side, a commissioner's approval, a dispute, a void that
puts back what the post-game changed; each write applied once however often it is sent.

    scheduled --submit--> submitted --confirm (every other side) / approve--> confirmed
                          submitted --dispute--> disputed --approve--> confirmed
    submitted, disputed, confirmed --void--> voided --submit--> submitted ...

Every write locks the game row first, so two confirmations (or a confirmation and a void) run one
after the other, and is a GameEvent (who, when, what). The post-game runs in the transaction of the
confirmation or approval that completes it, with the game's teams locked: the ledger rows it writes
are recorded on the game, and a void writes their reversing rows (history is never edited).

A game system subclasses ResultLifecycle for its game model and fills in its hooks: what its report
is, what its post-game does and what a void puts back. Its own writes to a game (a pre-match, a
card choice) use `locked` and `require_member_or_commissioner` as the lifecycle does.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Protocol

from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction
from django.db.models import QuerySet, Sum
from django.utils import timezone

from engine.core.money import TREASURY, format_credits
from engine.registry import get_ruleset
from games.models import Game, GameEvent
from leagues.selectors import league_is_commissioner
from notifications.services import notify, notify_many
from pitside.errors import ErrorItem, Invalid, NotFound, NotPermitted
from rosters.models import LedgerEntry, LedgerKind, Team
from webhooks.models import Channel
from webhooks.services import league_announce

REASON_MAX = 500
# The states whose result a commissioner can void.
VOIDABLE = (Game.State.SUBMITTED, Game.State.DISPUTED, Game.State.CONFIRMED)


class GameSide(Protocol):
    """What the lifecycle reads of a game system's side: the team (with its coach)."""

    @property
    def team_id(self) -> int: ...

    @property
    def team(self) -> Team: ...


class ResultLifecycle[G: Game]:
    """The lifecycle of one game system's games. Each public method returns (game, changed): a write
    sent again with its idempotency key, or one that is already so, changes nothing."""

    # How messages and error fields name a game of this system ("game", "match").
    noun: ClassVar[str] = "game"

    # --- The hooks --------------------------------------------------------------------------------

    def games(self) -> QuerySet[G]:
        """The game system's games with what the lifecycle reads besides `games_listed`'s: the league's
        commissioners and the `events` (the history)."""
        return self.games_listed().prefetch_related("league__commissioners", "events")

    def games_listed(self) -> QuerySet[G]:
        """The game system's games with what `label`, `url` and `sides` read: the league, the `sides` (team, coach).
        A list of them (the dashboard's) reads them as one game is read."""
        raise NotImplementedError

    def load(self, game_id: Any) -> G | None:
        return self.games().filter(pk=game_id).first()

    def label(self, game: G) -> str:
        """How notifications and ledger rows name the game."""
        raise NotImplementedError

    def url(self, game: G) -> str:
        raise NotImplementedError

    def sides(self, game: G) -> Sequence[GameSide]:
        return list(game.sides.all())  # type: ignore[attr-defined]  # each system's sides table names it so

    def check_report(self, game: G, user: Any, report: Mapping[str, Any]) -> dict[str, Any]:
        """The report as it will stand, checked by the game's engine against the game: raises with
        every problem at once. May refuse a game not ready for a report (a pre-match not rolled)."""
        raise NotImplementedError

    def record_report(self, game: G, report: Mapping[str, Any]) -> None:
        """Write what the report says onto the game's sides, before confirmation (if the system shows it)."""

    def post_game(self, game: G, user: Any, dice: Mapping[str, Any] | None) -> None:
        """What a confirmed result does (awards, money, injuries), inside the confirming transaction;
        what it must put back on a void beyond its ledger rows goes into `game.effects`."""
        raise NotImplementedError

    def confirming(self, game: G, side: GameSide) -> bool:
        """Whether this side's coach confirms the result standing; default True."""
        return True

    def arranged_label(self, game: G) -> str:
        """How the notice of an arranged game, and a team's next game on the dashboard, name it before naming its
        teams: `label`, unless that names them."""
        return self.label(game)

    def arranged_text(self, game: G, teams: Sequence[Team]) -> str:
        """What the coaches are told when the game is arranged: its teams, and its date and place if known."""
        when = f" on {game.scheduled_for:%A %d %B %Y}" if game.scheduled_for else ""
        where = f" at {game.location}" if game.location else ""
        label = self.arranged_label(game)
        return f"{label[:1].upper()}{label[1:]} is arranged: {' v '.join(t.name for t in teams)}{when}{where}."

    def confirmed_text(self, game: G, side: GameSide) -> str:
        """What the coach of `side` is told once the result is confirmed."""
        return f"The result of {self.label(game)} is confirmed."

    def announced_text(self, game: G) -> str:
        """What the league's channels are told once the result is confirmed (the standings follow it)."""
        return f"Result confirmed: {self.label(game)}."

    def check_void(self, game: G) -> None:
        """Raise when this game's result can no longer be voided (beyond the money check)."""

    def undo_post_game(self, game: G, user: Any) -> None:
        """Put back what the post-game changed besides its ledger rows (reversed by the lifecycle)."""

    def void_undoes(self, game: G) -> list[str]:
        """What `undo_post_game` puts back of this confirmed game, in people's words, a line each: the page that asks
        before a void lists them after the money."""
        return []

    def clear_report(self, game: G) -> None:
        """Wipe the voided result from the game's sides."""

    def after_confirmed(self, game: G) -> None:
        """After a confirmation or a void of a confirmed result: queue what reads every result (standings)."""

    # --- The lifecycle ----------------------------------------------------------------------------

    def arranged(self, arranged: Sequence[tuple[G, Sequence[Team]]]) -> None:
        """Tell the coach of every team of games just made (in the caller's transaction, so their events are
        new) that they are arranged, with a link to each game. `arranged`: each game of one league with its teams
        (and coaches)."""
        if not arranged:
            return
        notify_many(
            [
                (team.coach, f"arranged:{game.pk}", self.arranged_text(game, teams), self.url(game))
                for game, teams in arranged
                for team in teams
            ],
            league=arranged[0][0].league,
            new_events=True,
        )

    def submit(self, *, game_id: Any, user: Any, report: Mapping[str, Any], idempotency_key: str | None = None) -> tuple[G, bool]:
        """A coach of a side (or a commissioner) submits the result; a new submission replaces the one
        standing (confirmations start again); a confirmed result must be voided first. When nobody
        else is left to confirm (the submitter coaches every side), it is confirmed at once."""
        with transaction.atomic():
            game = self.locked(game_id)
            self.require_member_or_commissioner(game, user)
            if self._replayed(game, idempotency_key, GameEvent.Action.SUBMITTED, dict(report)):
                return game, False
            if game.state == Game.State.CONFIRMED:
                raise Invalid.one(
                    "result-confirmed",
                    self.noun,
                    f"This {self.noun}'s result is confirmed; a commissioner must void it before another.",
                )
            standing = self.check_report(game, user, report)
            self.record_report(game, standing)
            own = self.user_sides(game, user)
            event = self.record(
                game,
                user,
                GameEvent.Action.SUBMITTED,
                team=own[0].team if own else None,
                payload=dict(report),
                key=idempotency_key,
            )
            game.state, game.report, game.submitted_by, game.confirmed_at = Game.State.SUBMITTED, standing, user, None
            game.save(update_fields=["state", "report", "submitted_by", "confirmed_at"])
            game = self._reloaded(game)
            pending = self.pending_sides(game)
            if not pending:
                self._post_game(game, user, None)
            else:
                notify(
                    users=[s.team.coach for s in pending],
                    league=game.league,
                    event=f"result-confirm:{event.pk}",
                    text=f"{user.username} submitted the result of {self.label(game)}: confirm or dispute it."[:300],
                    url=self.url(game),
                )
        return self._reloaded(game), True

    def confirm(
        self, *, game_id: Any, user: Any, idempotency_key: str | None = None, dice: Mapping[str, Any] | None = None
    ) -> tuple[G, bool]:
        """The coach of each other side confirms the result submitted; once every one has, the
        post-game runs (with the dice `dice` brings from the table, when the league allows it)."""
        with transaction.atomic():
            game = self.locked(game_id)
            if not self.user_sides(game, user):
                raise NotPermitted.one(
                    f"not-in-{self.noun}", self.noun, f"Only a coach of a team in this {self.noun} can confirm its result."
                )
            if self._replayed(game, idempotency_key, GameEvent.Action.CONFIRMED) or game.state == Game.State.CONFIRMED:
                return game, False
            if game.state != Game.State.SUBMITTED:
                raise Invalid.one(
                    "nothing-to-confirm",
                    self.noun,
                    f"This {self.noun} has no result awaiting confirmation ({game.get_state_display().lower()}).",
                )
            pending = self.pending_sides(game)
            mine = [s for s in pending if s.team.coach_id == user.pk]
            if not mine:
                if game.submitted_by_id == user.pk:
                    raise Invalid.one("own-submission", self.noun, "You submitted this result: the other coaches confirm it.")
                return game, False  # already confirmed by this coach
            for index, side in enumerate(mine):
                self.record(game, user, GameEvent.Action.CONFIRMED, team=side.team, key=idempotency_key if index == 0 else None)
            if len(mine) == len(pending):
                self._post_game(self._reloaded(game), user, dice)
        return self._reloaded(game), True

    def approve(
        self, *, game_id: Any, user: Any, idempotency_key: str | None = None, dice: Mapping[str, Any] | None = None
    ) -> tuple[G, bool]:
        """A commissioner approves the result standing (submitted or disputed): the post-game runs."""
        with transaction.atomic():
            game = self.locked(game_id)
            self._require_commissioner(game, user)
            if self._replayed(game, idempotency_key, GameEvent.Action.APPROVED) or game.state == Game.State.CONFIRMED:
                return game, False
            if game.state not in (Game.State.SUBMITTED, Game.State.DISPUTED):
                raise Invalid.one("nothing-to-approve", self.noun, f"This {self.noun} has no submitted result to approve.")
            self.record(game, user, GameEvent.Action.APPROVED, key=idempotency_key)
            self._post_game(self._reloaded(game), user, dice)
        return self._reloaded(game), True

    def dispute(self, *, game_id: Any, user: Any, reason: str, idempotency_key: str | None = None) -> tuple[G, bool]:
        """The coach of another side disputes the result submitted, with a reason: a commissioner then
        approves it or voids it (or a corrected one is submitted)."""
        with transaction.atomic():
            game = self.locked(game_id)
            own = self.user_sides(game, user)
            if not own:
                raise NotPermitted.one(
                    f"not-in-{self.noun}", self.noun, f"Only a coach of a team in this {self.noun} can dispute its result."
                )
            if self._replayed(game, idempotency_key, GameEvent.Action.DISPUTED):
                return game, False
            text = _reason(reason)
            if game.state != Game.State.SUBMITTED:
                raise Invalid.one("nothing-to-dispute", self.noun, "Only a result awaiting confirmation can be disputed.")
            if game.submitted_by_id == user.pk:
                raise Invalid.one("own-submission", self.noun, "You submitted this result: submit a corrected one instead.")
            submission = self.submission(game)
            self.record(game, user, GameEvent.Action.DISPUTED, team=own[0].team, payload={"reason": text}, key=idempotency_key)
            game.state = Game.State.DISPUTED
            game.save(update_fields=["state"])
            # The commissioners decide; the coach who submitted it hears why, and every other coach of the game
            # that it is not confirmed (the one disputing it knows). One event a user: a commissioner who coaches
            # in the game, or submitted it, is told once, as a commissioner.
            disputed = f"result-disputed:{game.pk}:{submission.pk if submission else 0}:{user.pk}"
            label = self.label(game)
            told: list[tuple[list[Any], str]] = [
                (list(game.league.commissioners.all()), f"the result of {label}: approve it or void it"),
                ([game.submitted_by], f"the result you submitted of {label}: a commissioner decides, or submit a corrected one"),
                (
                    [s.team.coach for s in self.sides(game) if s.team.coach_id != user.pk],
                    f"the result of {label}: a commissioner decides",
                ),
            ]
            for users, what in told:
                notify(
                    users=users,
                    league=game.league,
                    event=disputed,
                    text=f"{user.username} disputes {what}. Reason: {text}",
                    url=self.url(game),
                )
            league_announce(
                league_id=game.league_id,
                event=Channel.Event.DISPUTE,
                key=disputed,
                text=f"{user.username} disputes the result of {label}: {text}",
                url=self.url(game),
            )
        return self._reloaded(game), True

    def void(self, *, game_id: Any, user: Any, reason: str, idempotency_key: str | None = None) -> tuple[G, bool]:
        """A commissioner voids the result standing, with a reason. A confirmed result's post-game is
        undone: its ledger rows reversed, the rest put back by the game system; its history stays.
        Refused, naming every team, when a treasury no longer holds what it would take back. The game
        may then get a new result."""
        with transaction.atomic():
            game = self.locked(game_id)
            self._require_commissioner(game, user)
            if self._replayed(game, idempotency_key, GameEvent.Action.VOIDED):
                return game, False
            text = _reason(reason)
            if game.state not in VOIDABLE:
                raise Invalid.one("nothing-to-void", self.noun, f"This {self.noun} has no result to void.")
            self.check_void(game)
            was_confirmed = game.state == Game.State.CONFIRMED
            reversed_rows = self._reverse_ledger(game, user) if was_confirmed else []
            if was_confirmed:
                self.undo_post_game(game, user)
            self.clear_report(game)
            event = self.record(
                game, user, GameEvent.Action.VOIDED, payload={"reason": text, "reversed": reversed_rows}, key=idempotency_key
            )
            game.state, game.confirmed_at = Game.State.VOIDED, None
            game.save(update_fields=["state", "confirmed_at"])
            notify(
                users=[s.team.coach for s in self.sides(game)],
                league=game.league,
                event=f"result-voided:{event.pk}",
                text=f"The result of {self.label(game)} was voided: {text}"[:300],
                url=self.url(game),
            )
            if was_confirmed:
                self.after_confirmed(game)
        return self._reloaded(game), True

    def decide(self, *, game: G, user: Any, report: Mapping[str, Any], action: str) -> G:
        """A result the rules decide, not the coaches (a refused challenge): it stands confirmed at
        once, recorded as `action`. For the caller's transaction, with the game locked."""
        standing = self.check_report(game, user, report)
        self.record_report(game, standing)
        self.record(game, user, action, payload=dict(report))
        game.state, game.report, game.submitted_by = Game.State.SUBMITTED, standing, user
        game.save(update_fields=["state", "report", "submitted_by"])
        self._post_game(self._reloaded(game), user, None)
        return self._reloaded(game)

    def cancel(self, *, game: G, user: Any, reason: str) -> None:
        """The rules void a game whose result is not confirmed (a tournament's play-offs ending): there
        is no post-game to undo. For the caller's transaction."""
        assert game.state != Game.State.CONFIRMED, "a confirmed result is voided by a commissioner (void)"
        self.clear_report(game)
        self.record(game, user, GameEvent.Action.VOIDED, payload={"reason": reason})
        game.state = Game.State.VOIDED
        game.save(update_fields=["state"])

    # --- What the pages and the API read ----------------------------------------------------------

    def void_consequences(self, game: G) -> list[str]:
        """What voiding the result standing does, a line each, for the page that asks first: a result not confirmed
        is wiped; a confirmed one gives back every ledger row its post-game wrote (the rows `void` reverses, each
        team and amount), then what the game system puts back (`void_undoes`). Raises as `void` does when a
        treasury no longer holds what it would give back."""
        label = self.label(game)
        if game.state != Game.State.CONFIRMED:
            return [f"The result submitted for {label} is wiped: nothing was paid or awarded yet."]
        ruleset = get_ruleset(game.league.game_system)
        names = {s.team_id: s.team.name for s in self.sides(game)}
        money = []
        for row in self._reversed_rows(game):
            account = ruleset.account_names.get(row.account, row.account)
            amount = format_credits(abs(row.amount), ruleset.money_unit)
            team = names.get(row.team_id, str(row.team_id))
            gives = f"gives back {amount} from" if row.amount > 0 else f"gets back {amount} into"
            money.append(f"{team} {gives} its {account} ({row.reason}).")
        return [
            f"The confirmed result of {label} is undone.",
            *(money or (["No money moves: this result paid nothing."] if ruleset.accounts else [])),
            *self.void_undoes(game),
        ]

    def submission(self, game: G) -> GameEvent | None:
        """The submission standing: the latest one (from the prefetched history)."""
        submitted = [e for e in game.events.all() if e.action == GameEvent.Action.SUBMITTED]
        return submitted[-1] if submitted else None

    def confirmed_teams(self, game: G) -> set[int]:
        """Teams whose coach confirmed the submission standing (a new submission starts again)."""
        submission = self.submission(game)
        if submission is None:
            return set()
        return {
            e.team_id
            for e in game.events.all()
            if e.action == GameEvent.Action.CONFIRMED and e.pk > submission.pk and e.team_id is not None
        }

    def pending_sides(self, game: G) -> list[GameSide]:
        """Sides whose coach still has to confirm: every confirming side whose coach did not submit the
        result standing and has not confirmed it yet."""
        if game.state != Game.State.SUBMITTED or game.submitted_by_id is None:
            return []
        confirmed = self.confirmed_teams(game)
        return [
            s
            for s in self.sides(game)
            if s.team.coach_id != game.submitted_by_id and s.team_id not in confirmed and self.confirming(game, s)
        ]

    def user_sides(self, game: G, user: Any) -> list[GameSide]:
        if not getattr(user, "is_authenticated", False):
            return []
        return [s for s in self.sides(game) if s.team.coach_id == user.pk]

    # --- For a game system's own writes to a game -------------------------------------------------

    def locked(self, game_id: Any) -> G:
        """Lock the game row for this transaction, then read it with its sides and history."""
        if Game.objects.select_for_update().filter(pk=game_id).values_list("pk", flat=True).first() is None:
            raise NotFound.one(f"{self.noun}-unknown", self.noun, f"No such {self.noun}.")
        return self._reloaded_by_id(game_id)

    def require_member_or_commissioner(self, game: G, user: Any) -> None:
        if not self.user_sides(game, user) and not league_is_commissioner(game.league, user):
            raise NotPermitted.one(
                f"not-in-{self.noun}",
                self.noun,
                f"Only a coach of a team in this {self.noun} or a commissioner of its league can do that.",
            )

    def schedule_refusal(self, game: G, user: Any) -> NotPermitted | Invalid | None:
        """Why this user may not set the game's date and place now, or None when he may (the pages ask too)."""
        if league_is_commissioner(game.league, user):
            return None
        if not self.user_sides(game, user):
            return NotPermitted.one(
                f"not-in-{self.noun}",
                self.noun,
                f"Only a coach of a team in this {self.noun} or a commissioner of its league can set its date and place.",
            )
        if game.state != Game.State.SCHEDULED:
            return Invalid.one(
                f"{self.noun}-played",
                self.noun,
                f"This {self.noun} is played: only a commissioner can change its date and place now.",
            )
        return None

    def schedule(self, *, game_id: Any, user: Any, scheduled_for: datetime.date | None, location: str) -> tuple[G, bool]:
        """Set when and where the game is played (its date, or none; its place, or ""). A commissioner may at
        any time (a played game's date corrected); a coach of a team in it while it is still to be played,
        since the coaches arrange the day between them. Written in its history when it changes."""
        with transaction.atomic():
            game = self.locked(game_id)
            refusal = self.schedule_refusal(game, user)
            if refusal is not None:
                raise refusal
            place = location.strip()
            if (game.scheduled_for, game.location) == (scheduled_for, place):
                return game, False
            game.scheduled_for, game.location = scheduled_for, place
            game.save(update_fields=["scheduled_for", "location"])
            self.record(game, user, "scheduled", payload=_as_stored({"scheduled_for": scheduled_for, "location": place}))
        return self._reloaded(game), True

    def record(
        self,
        game: G,
        user: Any,
        action: str,
        *,
        team: Team | None = None,
        payload: dict[str, Any] | None = None,
        key: str | None = None,
    ) -> GameEvent:
        """One line of the game's history, for a write of the game system's own (a pre-match, a card choice)."""
        return GameEvent.objects.create(
            game=game, user=user, team=team, action=action, payload=payload or {}, idempotency_key=key
        )

    # --- Helpers ------------------------------------------------------------------------------------

    def _reloaded(self, game: G) -> G:
        return self._reloaded_by_id(game.pk)

    def _reloaded_by_id(self, game_id: Any) -> G:
        game = self.load(game_id)
        if game is None:  # a game of another system
            raise NotFound.one(f"{self.noun}-unknown", self.noun, f"No such {self.noun}.")
        return game

    def _require_commissioner(self, game: G, user: Any) -> None:
        if not league_is_commissioner(game.league, user):
            raise NotPermitted.one("not-commissioner", "league", "Only a commissioner of this league can do that.")

    def _replayed(self, game: G, key: str | None, action: str, payload: Mapping[str, Any] | None = None) -> bool:
        """True when this idempotency key already did this (a retry); refused when it did something else."""
        if not key:
            return False
        earlier = next((e for e in game.events.all() if e.idempotency_key == key), None)
        if earlier is None:
            return False
        if earlier.action != action or (payload is not None and earlier.payload != _as_stored(payload)):
            raise Invalid.one(
                "idempotency-key-reused", "idempotency_key", "This idempotency key was already used for a different change."
            )
        return True

    def _team_ids(self, game: G) -> list[int]:
        return sorted({s.team_id for s in self.sides(game)})

    def _post_game(self, game: G, user: Any, dice: Mapping[str, Any] | None) -> None:
        """The game system's post-game with the teams locked (in id order, as every treasury write
        locks them), so the ledger rows written meanwhile for these teams are this game's."""
        team_ids = self._team_ids(game)
        list(Team.objects.select_for_update(of=("self",)).filter(pk__in=team_ids).order_by("pk").values_list("pk", flat=True))
        ledger_from = LedgerEntry.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
        game.effects = {}
        self.post_game(game, user, dice)
        written = LedgerEntry.objects.filter(team_id__in=team_ids, pk__gt=ledger_from).order_by("pk")
        game.effects = {**game.effects, "ledger_from": ledger_from, "ledger": list(written.values_list("pk", flat=True))}
        game.state, game.confirmed_at = Game.State.CONFIRMED, timezone.now()
        game.save(update_fields=["state", "confirmed_at", "effects"])
        confirming = max(e.pk for e in game.events.all())  # the write that confirmed it: one a confirmation
        for side in self.sides(game):
            notify(
                users=[side.team.coach],
                league=game.league,
                event=f"result-confirmed:{game.pk}:{confirming}:{side.team_id}",
                text=self.confirmed_text(game, side)[:300],
                url=self.url(game),
            )
        self.after_confirmed(game)
        # After after_confirmed: its standings recompute is queued on commit before these posts are.
        league_announce(
            league_id=game.league_id,
            event=Channel.Event.RESULT_CONFIRMED,
            key=f"result-confirmed:{game.pk}:{confirming}",
            text=self.announced_text(game),
            url=self.url(game),
        )

    def _reverse_ledger(self, game: G, user: Any) -> list[dict[str, Any]]:
        """Reversing rows for the ledger rows the post-game wrote (its teams locked first, in id order, as every
        treasury write locks them); refused, naming every team, when a treasury no longer holds what it would give
        back."""
        list(
            Team.objects.select_for_update(of=("self",))
            .filter(pk__in=self._team_ids(game))
            .order_by("pk")
            .values_list("pk", flat=True)
        )
        label = self.label(game)
        reversing = [
            LedgerEntry(
                team_id=row.team_id,
                account=row.account,
                amount=-row.amount,
                kind=LedgerKind.REVERSAL,
                reason=f"Result voided ({label}): {row.reason}"[:200],
                created_by=user,
                idempotency_key=f"void:{row.pk}",
            )
            for row in self._reversed_rows(game)
        ]
        LedgerEntry.objects.bulk_create(reversing)
        return [{"team": row.team_id, "amount": row.amount} for row in reversing]

    def _reversed_rows(self, game: G) -> list[LedgerEntry]:
        """The ledger rows the post-game wrote (of the game's teams), which a void reverses; refused, naming every
        team, when a treasury no longer holds what it would give back."""
        rows = list(LedgerEntry.objects.filter(pk__in=(game.effects or {}).get("ledger", [])).order_by("pk"))
        team_ids = sorted({row.team_id for row in rows})
        treasuries = dict(
            LedgerEntry.objects.filter(team_id__in=team_ids, account=TREASURY)
            .order_by()
            .values_list("team_id")
            .annotate(total=Sum("amount"))
        )
        taken = {team: sum(r.amount for r in rows if r.team_id == team and r.account == TREASURY) for team in team_ids}
        names = {s.team_id: s.team.name for s in self.sides(game)}
        unit = get_ruleset(game.league.game_system).money_unit
        short = [
            ErrorItem(
                "void-treasury-short",
                self.noun,
                f"{names.get(team, team)} has spent part of what this {self.noun} paid: its treasury holds "
                f"{format_credits(treasuries.get(team, 0), unit)} of the {format_credits(amount, unit)} to take back. "
                "Grant the difference first, then void.",
            )
            for team, amount in taken.items()
            if amount > 0 and treasuries.get(team, 0) < amount
        ]
        if short:
            raise Invalid(short)
        return rows


def _reason(text: str) -> str:
    text = (text or "").strip()
    if not text:
        raise Invalid.one("reason-required", "reason", "Give a reason.")
    if len(text) > REASON_MAX:
        raise Invalid.one("reason-too-long", "reason", f"A reason is at most {REASON_MAX} characters.")
    return text


def _as_stored(payload: Mapping[str, Any]) -> Any:
    """The payload as its JSON column gives it back (tuples become lists), to compare with a stored one."""
    return json.loads(json.dumps(payload, cls=DjangoJSONEncoder))
