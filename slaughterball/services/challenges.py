"""Writes of the challenge round (rulebook: Games for Later Weeks, 3- or 2-Team Games, Appealing a
Challenge): challenges, steals, the commissioner's fill after the deadline, rearrangements and
appeals. Each runs in one transaction holding the week's row lock, so two coaches acting at once
are applied one after the other and never both take the same team.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import ProtectedError, Q
from django.urls import reverse
from django.utils import timezone

from engine.slaughterball import schedule
from engine.slaughterball.ruleset import RULESET
from engine.slaughterball.schedule import Pick
from leagues.services import league_require_commissioner
from notifications.services import notify_many
from pitside.errors import Invalid, NotFound, NotPermitted
from rosters.models import Team
from slaughterball.models import Appeal, Challenge, Game, GameSide, Rearrangement, Season, SeasonTeam, Week
from slaughterball.selectors_calendar import RoundState, game_teams, round_state, small_games
from slaughterball.services.calendar import _create_games, _lock_week, challenge_turn_notify, game_lines
from slaughterball.services.pregame import pregame_open_notify
from webhooks.models import Channel
from webhooks.services import league_announce


def _week_url(week: Week) -> str:
    return reverse("week-detail", args=[week.pk])


def _require_round(week: Week) -> None:
    if week.kind != Week.Kind.CHALLENGE:
        raise Invalid.one("week-not-challenges", "week", "This week's games are not made by challenges.")
    if week.season.status != Season.Status.RUNNING:
        raise Invalid.one("season-not-running", "season", "The season is not running.")


def _season_team(week: Week, team_id: int) -> Team:
    team = Team.objects.filter(pk=team_id, season_entries__season_id=week.season_id).select_related("coach").first()
    if team is None:
        raise Invalid.one("team-not-in-season", "team", "That team does not play in this season.")
    return team


def _require_coach(team: Team, user: Any, what: str) -> None:
    if team.coach_id != getattr(user, "pk", None):
        raise NotPermitted.one("not-coach", "team", f"Only this team's coach can {what}.")


def _started(game_ids: list[int]) -> bool:
    """Pre-game has begun for one of these games (a lineup picked, Pit Power computed) or it is
    no longer just scheduled: its sides must not move any more."""
    return (
        Game.objects.filter(pk__in=game_ids).exclude(state=Game.State.SCHEDULED).exists()
        or GameSide.objects.filter(game_id__in=game_ids).filter(Q(pit_power__isnull=False) | ~Q(lineup=[])).exists()
    )


def _earlier(week: Week, key: str | None, team: Team, kind: str, targets: list[int]) -> Challenge | None:
    """The challenge this request repeats (same idempotency key; or, without a key, the same
    coach's same move already made), or None. A key reused for another move is refused."""
    if key:
        earlier = Challenge.objects.filter(week=week, idempotency_key=key).first()
        if earlier is not None and (earlier.team_id, earlier.kind, earlier.targets) != (team.pk, kind, targets):
            raise Invalid.one(
                "idempotency-key-reused", "idempotency_key", "This idempotency key was already used for another move."
            )
        return earlier
    return Challenge.objects.filter(week=week, team=team, kind=kind, targets=targets).order_by("-id").first()


def _challenged_messages(
    week: Week, game: Game, challenger: Team, teams: list[Team], verb: str
) -> list[tuple[Any, str, str, str]]:
    url = _week_url(week)
    return [
        (
            t.coach,
            f"challenged:{game.pk}:{t.pk}",
            f"{week.season.name}, week {week.number}: {challenger.name} {verb} {t.name} (game {game.number}).",
            url,
        )
        for t in teams
    ]


def _announce_challenge(week: Week, game: Game, challenger: Team, teams: list[Team], verb: str) -> None:
    """The league's channels that take challenges hear of it."""
    names = ", ".join(t.name for t in teams)
    league_announce(
        league_id=week.season.league_id,
        event=Channel.Event.CHALLENGES,
        key=f"challenge:{game.pk}",
        text=f"{week.season.name}, week {week.number}: {challenger.name} {verb} {names} (game {game.number}).",
        url=_week_url(week),
    )


def _require_known(state: RoundState, teams: list[int], field: str) -> None:
    if unknown := [t for t in teams if t not in state.frozen.entries]:
        raise Invalid.one("team-not-in-season", field, f"Not in this season's challenge order: {', '.join(map(str, unknown))}.")


def _next_number(state: RoundState) -> int:
    return max(state.numbers.values(), default=0) + 1


# --- Challenges and steals ------------------------------------------------------------------------------------------------


def challenge_issue(
    *, week: Week, user: Any, team_id: int, challenged: list[int], idempotency_key: str | None = None
) -> tuple[Challenge, bool]:
    """Games for Later Weeks: the coach whose turn it is challenges three unchallenged teams (two
    when three are left). The game is made at once and the challenged teams are locked in; they
    cannot refuse (they may appeal, when the league allows it). Returns (challenge, made now)."""
    with transaction.atomic():
        week = _lock_week(week)
        _require_round(week)
        # The challenger and the challenged in one query (with their coaches, to notify).
        teams = {
            t.pk: t
            for t in Team.objects.filter(pk__in=[team_id, *challenged], season_entries__season_id=week.season_id).select_related(
                "coach"
            )
        }
        team = teams.get(team_id)
        if team is None:
            raise Invalid.one("team-not-in-season", "team", "That team does not play in this season.")
        _require_coach(team, user, "challenge for it")
        state = round_state(week)
        if idempotency_key or team.pk not in state.unscheduled:
            earlier = _earlier(week, idempotency_key, team, Challenge.Kind.CHALLENGE, challenged)
            if earlier is not None:
                return earlier, False
        _require_known(state, challenged, "challenged")
        turn = state.turn.team if state.turn.action == "challenge" else None
        schedule.check_challenge(team.pk, challenged, state.unscheduled, turn)
        game = _create_games(week, [[team.pk, *challenged]], _next_number(state))[0]
        challenge = Challenge.objects.create(
            week=week,
            game=game,
            team=team,
            kind=Challenge.Kind.CHALLENGE,
            targets=challenged,
            created_by=user,
            idempotency_key=idempotency_key or None,
        )
        notify_many(
            _challenged_messages(week, game, team, [teams[t] for t in challenged], "challenged"),
            league=week.season.league,
            new_events=True,
        )
        pregame_open_notify(league=week.season.league, game_ids=[game.pk])
        _announce_challenge(week, game, team, [teams[t] for t in challenged], "challenged")
        made = [team.pk, *challenged]
        after = schedule.next_turn(
            state.frozen.order, state.frozen.entries, state.unscheduled - set(made), [*state.games.values(), made]
        )
        challenge_turn_notify(week, after)
    return challenge, True


def _apply_steal(
    week: Week, state: RoundState, stealer: int, stolen: list[int], number: int, user: Any, auto: bool, key: str | None = None
) -> tuple[Challenge, Game, list[int]]:
    game_of = {t: g for g, teams in state.games.items() for t in teams}
    sources = {t: game_of[t] for t in stolen}
    if _started(list(sources.values())):
        raise Invalid.one(
            "game-started", "stolen", "Pre-game has begun for a game stolen from: the commissioner rearranges instead."
        )
    leftovers = [stealer, *sorted(state.unscheduled - {stealer})]
    game = _create_games(week, [leftovers], number)[0]
    for team, source in sources.items():
        GameSide.objects.filter(game_id=source, team_id=team).update(game=game)
    challenge = Challenge.objects.create(
        week=week,
        game=game,
        team_id=stealer,
        kind=Challenge.Kind.STEAL,
        targets=stolen,
        sources={str(t): g for t, g in sources.items()},
        auto=auto,
        created_by=user,
        idempotency_key=key,
    )
    return challenge, game, leftovers


def steal_make(
    *, week: Week, user: Any, team_id: int, stolen: list[int], idempotency_key: str | None = None
) -> tuple[Challenge, bool]:
    """Games for Later Weeks, leftovers: with two coaches left, the one with fewer League Points
    steals a higher-valued team from a 4-team game; with one left, one from each of two 4-team
    games. The leftovers and the stolen teams make a new game. Returns (steal, made now)."""
    with transaction.atomic():
        week = _lock_week(week)
        _require_round(week)
        team = _season_team(week, team_id)
        _require_coach(team, user, "steal for it")
        state = round_state(week)
        if idempotency_key or team.pk not in state.unscheduled:
            earlier = _earlier(week, idempotency_key, team, Challenge.Kind.STEAL, stolen)
            if earlier is not None:
                return earlier, False
        turn = state.turn
        if turn.action != "steal":
            message = "Everyone has a game this week." if turn.action == "done" else "Teams steal only when one or two are left."
            if turn.action == "stuck":
                message = "No 4-team game is left to steal from: the commissioner places this team."
            raise Invalid.one("steal-turn", "team", message)
        if turn.team != team.pk:
            raise Invalid.one("steal-turn", "team", "The leftover coach with fewer League Points steals.")
        _require_known(state, stolen, "stolen")
        schedule.check_steal(
            state.frozen.entries[team.pk], len(state.unscheduled), stolen, list(state.games.values()), state.frozen.potentials
        )
        challenge, game, leftovers = _apply_steal(
            week, state, team.pk, stolen, _next_number(state), user, False, idempotency_key or None
        )
        others = list(Team.objects.filter(pk__in=[*stolen, *leftovers[1:]]).select_related("coach"))
        notify_many(_challenged_messages(week, game, team, others, "stole"), league=week.season.league, new_events=True)
        pregame_open_notify(league=week.season.league, game_ids=[game.pk, *challenge.sources.values()])
        _announce_challenge(week, game, team, others, "stole")
    return challenge, True


def round_fill_picks(week: Week) -> tuple[RoundState, list[Pick]]:
    """The moves the commissioner's fill makes for the coaches, as the round stands (engine: fill_round; none once
    the round is finished); refused for a week not made by challenges, before the challenges deadline, or for a
    round stuck with one team left. round_fill makes them; the page asking first lists them."""
    _require_round(week)
    if week.challenges_due and timezone.now() < week.challenges_due:
        raise Invalid.one("deadline-not-passed", "week", "Challenges are not due yet: coaches may still challenge.")
    state = round_state(week)
    picks = schedule.fill_round(
        state.frozen.order,
        state.frozen.entries,
        state.unscheduled,
        list(state.games.values()),
        small_last_week=schedule.small_game_teams(small_games(week).before),
    )
    if not picks and state.turn.action == "stuck":
        raise Invalid.one(
            "round-stuck", "week", "One team is left and no 4-team game to steal from: place it with a rearrangement."
        )
    return state, picks


def round_fill(*, week: Week, user: Any) -> list[Challenge]:
    """The commissioner fills the round for coaches who let the challenges deadline pass: each
    challenger in turn challenges the lowest-ranked unscheduled teams, then the leftovers steal
    (engine: fill_round), keeping teams of last week's 3-team games out of another where the count
    allows (the week's warnings name those it cannot). Recorded as challenges marked auto. Filling
    a finished round does nothing."""
    league_require_commissioner(league=week.season.league, user=user)
    with transaction.atomic():
        week = _lock_week(week)
        state, picks = round_fill_picks(week)
        number = _next_number(state)
        challenges_made = [p for p in picks if p.action == "challenge"]
        games = _create_games(week, [[pick.team, *pick.targets] for pick in challenges_made], number)
        made = Challenge.objects.bulk_create(
            Challenge(
                week=week,
                game=game,
                team_id=pick.team,
                kind=Challenge.Kind.CHALLENGE,
                targets=list(pick.targets),
                auto=True,
                created_by=user,
            )
            for game, pick in zip(games, challenges_made, strict=True)
        )
        groups = [(game, [pick.team, *pick.targets], pick) for game, pick in zip(games, challenges_made, strict=True)]
        steal = next((p for p in picks if p.action == "steal"), None)
        if steal is not None:
            for game, pick in zip(games, challenges_made, strict=True):
                state.games[game.pk] = [pick.team, *pick.targets]
            filled = RoundState(
                week, state.frozen, state.games, state.numbers, frozenset([steal.team, *steal.leftovers]), state.turn
            )
            challenge, game, leftovers = _apply_steal(
                week, filled, steal.team, list(steal.targets), number + len(games), user, True
            )
            made.append(challenge)
            groups.append((game, [*leftovers, *steal.targets], steal))
        teams = {t.pk: t for t in Team.objects.filter(pk__in=[t for _, g, _ in groups for t in g]).select_related("coach")}
        url = _week_url(week)
        messages = []
        for game, group, pick in groups:
            names = ", ".join(teams[t].name for t in group)
            for team in group:
                event = f"challenged:{game.pk}:{team}" if team in pick.targets else f"scheduled:{game.pk}:{team}"
                text = (
                    f"{week.season.name}, week {week.number}: the commissioner filled the round; game {game.number} is {names}."
                )
                messages.append((teams[team].coach, event, text, url))
        notify_many(messages, league=week.season.league, new_events=True)
        sources = [source for challenge in made for source in challenge.sources.values()]
        pregame_open_notify(league=week.season.league, game_ids=[*(g.pk for g, _, _ in groups), *sources])
        if groups:
            league_announce(
                league_id=week.season.league_id,
                event=Channel.Event.CHALLENGES,
                key=f"round-fill:{groups[0][0].pk}",
                text=f"{week.season.name}, week {week.number}: the commissioner filled the round.",
                url=url,
                lines=game_lines(
                    [g for g, _, _ in groups], [group for _, group, _ in groups], {pk: t.name for pk, t in teams.items()}
                ),
            )
    return made


# --- The commissioner's rearrangements ------------------------------------------------------------------------------------------


def rearrange(
    *,
    week: Week,
    user: Any,
    team_id: int,
    to_game_id: int,
    swap_with_id: int | None = None,
    reason: str = "",
    idempotency_key: str | None = None,
) -> tuple[Rearrangement, bool]:
    """3- or 2-Team Games: the commissioner moves a team (from its game, or one without a game) into
    another game of the week, perhaps swapping it with a team of that game, so that nobody plays
    consecutive 3-team games; every game keeps a legal size. Returns (rearrangement, made now)."""
    league_require_commissioner(league=week.season.league, user=user)
    with transaction.atomic():
        week = _lock_week(week)
        if week.kind == Week.Kind.PLAYOFF or week.season.status != Season.Status.RUNNING:
            raise Invalid.one("week-fixed", "week", "Only the games of a running season's weeks can be rearranged.")
        if idempotency_key:
            earlier = Rearrangement.objects.filter(week=week, idempotency_key=idempotency_key).first()
            if earlier is not None:
                if (earlier.team_id, earlier.to_game_id, earlier.swap_with_id) != (team_id, to_game_id, swap_with_id):
                    raise Invalid.one(
                        "idempotency-key-reused",
                        "idempotency_key",
                        "This idempotency key was already used for another rearrangement.",
                    )
                return earlier, False
        _season_team(week, team_id)
        games, _numbers = game_teams(week)
        from_game = next((g for g, teams in games.items() if team_id in teams), None)
        team_count = SeasonTeam.objects.filter(season_id=week.season_id).count()
        schedule.check_rearrange(games, team_count, team_id, to_game_id, swap_with_id)
        if _started([g for g in (from_game, to_game_id) if g is not None]):
            raise Invalid.one(
                "game-started", "to_game", "A game whose pre-game has begun, or that has a result, keeps its teams."
            )
        if from_game is not None:
            GameSide.objects.filter(game_id=from_game, team_id=team_id).update(game_id=to_game_id)
        else:
            GameSide.objects.create(game_id=to_game_id, team_id=team_id)
        if swap_with_id is not None:
            if from_game is not None:
                GameSide.objects.filter(game_id=to_game_id, team_id=swap_with_id).update(game_id=from_game)
            else:
                GameSide.objects.filter(game_id=to_game_id, team_id=swap_with_id).delete()
        moved = Rearrangement.objects.create(
            week=week,
            team_id=team_id,
            from_game_id=from_game,
            to_game_id=to_game_id,
            swap_with_id=swap_with_id,
            reason=reason,
            created_by=user,
            idempotency_key=idempotency_key or None,
        )
        teams = Team.objects.filter(pk__in=[t for t in (team_id, swap_with_id) if t is not None]).select_related("coach")
        numbers = dict(Game.objects.filter(pk__in=[g for g in (from_game, to_game_id) if g]).values_list("pk", "number"))
        messages = []
        for team in teams:
            where = numbers[to_game_id] if team.pk == team_id else numbers.get(from_game or 0)
            text = (
                f"{week.season.name}, week {week.number}: the commissioner moved {team.name} to game {where}."
                if where
                else f"{week.season.name}, week {week.number}: the commissioner took {team.name} out of its game."
            )
            messages.append((team.coach, f"moved:{moved.pk}:{team.pk}", text, _week_url(week)))
        notify_many(messages, league=week.season.league)
        moved_games = [g for g in (from_game, to_game_id) if g is not None]
        pregame_open_notify(league=week.season.league, game_ids=moved_games)  # who chooses first may change
        if week.kind == Week.Kind.CHALLENGE:
            challenge_turn_notify(week)  # a team taken out of its game may now have the turn
    return moved, True


# --- Appeals ------------------------------------------------------------------------------------------------------------------


def appeal_create(*, game: Game, user: Any, team_id: int, reason: str) -> tuple[Appeal, bool]:
    """Appealing a Challenge: when the league allows it, a challenged coach asks the commissioner to
    be let off a game, with a reason. One appeal per team and game: sending it again returns the
    first. Returns (appeal, made now)."""
    week = game.week
    league = week.season.league
    if not RULESET.option_value(league.options, "appeals_allowed"):
        raise Invalid.one("appeals-off", "game", "This league does not allow appeals.")
    reason = reason.strip()
    if not reason:
        raise Invalid.one("blank", "reason", "Say why you appeal.")
    team = Team.objects.filter(pk=team_id).select_related("coach").first()
    if team is None or not GameSide.objects.filter(game=game, team=team).exists():
        earlier = Appeal.objects.filter(game=game, team_id=team_id).first()
        if earlier is not None and team is not None:
            _require_coach(team, user, "appeal for it")
            return earlier, False
        raise Invalid.one("team-not-in-game", "team", "That team does not play in this game.")
    _require_coach(team, user, "appeal for it")
    with transaction.atomic():
        _lock_week(week)
        earlier = Appeal.objects.filter(game=game, team=team).first()
        if earlier is not None:
            return earlier, False
        challenges = list(Challenge.objects.filter(game=game))
        if not any(team.pk in c.targets for c in challenges):
            raise Invalid.one("appeal-not-challenged", "team", "Only a team challenged (or stolen) into this game can appeal.")
        if Game.objects.get(pk=game.pk).state != Game.State.SCHEDULED:
            raise Invalid.one("game-started", "game", "This game has a result already.")
        appeal = Appeal.objects.create(game=game, team=team, coach=user, reason=reason)
        url = _week_url(week)
        notify_many(
            [
                (c, f"appeal:{appeal.pk}", f"{team.name} appeals game {game.number} of week {week.number}: {reason[:150]}", url)
                for c in league.commissioners.all()
            ],
            league=league,
        )
    return appeal, True


def appeal_decide(*, appeal: Appeal, user: Any, granted: bool, note: str = "") -> tuple[Appeal, bool]:
    """The commissioner grants or denies an appeal. Granted: the team leaves the game and is free
    again this week (it may challenge or be challenged, or the commissioner places it with a
    rearrangement). Deciding again the same way changes nothing. Returns (appeal, decided now)."""
    league = appeal.game.week.season.league
    league_require_commissioner(league=league, user=user)
    decision = Appeal.State.GRANTED if granted else Appeal.State.DENIED
    with transaction.atomic():
        week = _lock_week(appeal.game.week)
        appeal = Appeal.objects.select_related("team", "team__coach", "game").get(pk=appeal.pk)
        if appeal.state == decision:
            return appeal, False
        if appeal.state != Appeal.State.PENDING:
            raise Invalid.one("appeal-decided", "granted", f"This appeal was already {appeal.state}.")
        if granted:
            if _started([appeal.game_id]):
                raise Invalid.one("game-started", "granted", "Pre-game has begun for this game: it keeps its teams.")
            try:
                GameSide.objects.filter(game=appeal.game, team=appeal.team).delete()
            except ProtectedError:
                raise Invalid.one(
                    "game-started", "granted", "This team's side of the game is in use: it keeps its teams."
                ) from None
        appeal.state = decision
        appeal.note = note
        appeal.decided_by = user
        appeal.decided_at = timezone.now()
        appeal.save(update_fields=["state", "note", "decided_by", "decided_at"])
        verb = "granted: your team is free again this week" if granted else "denied: your team plays the game"
        notify_many(
            [
                (
                    appeal.team.coach,
                    f"appeal-decided:{appeal.pk}",
                    f"Your appeal against game {appeal.game.number} of week {week.number} was {verb}.",
                    _week_url(week),
                )
            ],
            league=league,
        )
        if granted:
            pregame_open_notify(league=league, game_ids=[appeal.game_id])  # who chooses first may change
        if granted and week.kind == Week.Kind.CHALLENGE:
            challenge_turn_notify(week)  # the team let off is free again: it may have the turn
    return appeal, True


def appeal_get(appeal_id: Any) -> Appeal:
    appeal = Appeal.objects.filter(pk=appeal_id).select_related("game__week__season__league", "team").first()
    if appeal is None:
        raise NotFound.one("appeal-unknown", "appeal", "No such appeal.")
    return appeal
