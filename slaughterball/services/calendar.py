"""Writes for the season calendar: seasons, their start, weeks and deadlines, the recorded draws
and makeup games. Each runs in one transaction and checks who may do it.

The random numbers (week draws, League Rank's tie-break) are drawn by the server from a seed that
is stored with the outcome (Week.draws, SeasonTeam.draw) before anything depends on them, so a
reload never re-rolls and every draw can be replayed.
"""

from __future__ import annotations

import random
import secrets
from datetime import date, datetime, timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.urls import reverse
from django.utils import timezone

from engine.slaughterball import schedule
from engine.slaughterball.ruleset import RULESET
from engine.slaughterball.schedule import GAME_SIZE, GAMES_PER_TEAM, PLAYOFF_SIZE, SMALLEST_GAME, game_size_allowed
from games.models import create_games
from leagues.models import League
from leagues.services import league_require_commissioner
from notifications.services import notify, notify_many
from pitside.errors import Invalid
from rosters.models import LedgerEntry, LedgerKind, Team
from slaughterball.models import Game, GameSide, Season, SeasonTeam, Week
from slaughterball.selectors_calendar import (
    GAMES_RECORD,
    OPEN_STATES,
    ORDER_RECORD,
    games_scheduled,
    last_week_number,
    previous_rotation_week,
    round_state,
    season_ranking,
    season_start_entries,
    weeks_due_between,
)
from slaughterball.services.pregame import pregame_open_notify
from slaughterball.services.standings import standings_recompute
from webhooks.models import Channel
from webhooks.services import league_announce

MAX_GAMES_PER_TEAM = 50
UNSET: Any = object()  # a keyword not given (a PATCH leaves that field as it is)


def _now_iso() -> str:
    return timezone.now().isoformat()


def _lock_season(season: Season) -> Season:
    """The season row locked for this transaction: two starts, two new weeks or two playoff
    creations for one season run one after the other."""
    return Season.objects.select_for_update(of=("self",)).select_related("league").get(pk=season.pk)


def _lock_week(week: Week) -> Week:
    return Week.objects.select_for_update(of=("self",)).select_related("season", "season__league").get(pk=week.pk)


def _check_deadlines(challenges_due: datetime | None, games_due: datetime | None) -> None:
    if challenges_due and games_due and challenges_due > games_due:
        raise Invalid.one("deadlines-order", "challenges_due", "Challenges are due before the games are.")


# --- Seasons -----------------------------------------------------------------------------------------------------------


def season_create(
    *,
    league: League,
    user: Any,
    name: str,
    games_per_team: int = GAMES_PER_TEAM,
    playoff_size: int = PLAYOFF_SIZE,
    starts_on: date | None = None,
    previous_id: int | None = None,
) -> Season:
    """A new season in sign-up. Linked Seasons: with `previous` (a finished season of this league)
    its teams are entered at once; they keep their skills, traits, staff and treasury, since the
    same team rows carry on."""
    league_require_commissioner(league=league, user=user)
    if not 1 <= games_per_team <= MAX_GAMES_PER_TEAM:
        raise Invalid.one("games-per-team", "games_per_team", f"A team plays between 1 and {MAX_GAMES_PER_TEAM} games.")
    if not game_size_allowed(playoff_size):
        raise Invalid.one(
            "playoff-size", "playoff_size", f"The Slaughterbrawl is one game: {SMALLEST_GAME} to {GAME_SIZE} teams."
        )
    with transaction.atomic():
        League.objects.select_for_update().filter(pk=league.pk).first()  # one season created at a time
        if Season.objects.filter(league=league).exclude(status=Season.Status.FINISHED).exists():
            raise Invalid.one("season-open", "league", "This league already has a season that is not finished.")
        previous = None
        if previous_id is not None:
            previous = Season.objects.filter(pk=previous_id, league=league).first()
            if previous is None:
                raise Invalid.one("previous-unknown", "previous", "No such season in this league.")
            if previous.status != Season.Status.FINISHED:
                raise Invalid.one("previous-unfinished", "previous", "Only a finished season can be linked to.")
            if Season.objects.filter(previous=previous).exists():
                raise Invalid.one("previous-linked", "previous", "That season already has a next season.")
        number = (Season.objects.filter(league=league).aggregate(n=Max("number"))["n"] or 0) + 1
        season = Season.objects.create(
            league=league,
            number=number,
            name=name.strip() or f"Season {number}",
            games_per_team=games_per_team,
            playoff_size=playoff_size,
            starts_on=starts_on,
            previous=previous,
        )
        if previous is not None:
            SeasonTeam.objects.bulk_create(
                SeasonTeam(season=season, team_id=team_id)
                for team_id in SeasonTeam.objects.filter(season=previous).values_list("team_id", flat=True)
            )
    return season


def season_start(*, season: Season, user: Any, games_due: datetime | None = None) -> tuple[Season, bool]:
    """Start a season: enter every team of the league, close sign-ups, expire the unspent Support
    Staff Budget (a ledger row per team: "Unspent staff budget is lost"), draw League Rank's
    tie-breakers and make week 1 (the First Week draw). Returns (season, started now); starting a
    running season again changes nothing."""
    league_require_commissioner(league=season.league, user=user)
    with transaction.atomic():
        season = _lock_season(season)
        if season.status == Season.Status.RUNNING and Week.objects.filter(season=season).exists():
            return season, False
        if season.status != Season.Status.SIGNUP:
            raise Invalid.one("season-not-signup", "season", "Only a season in sign-up can start.")
        league = season.league
        # Lock the teams: a coach spending staff budget right now finishes first, or waits and
        # then finds the budget gone; the expiry never takes an account below zero.
        team_ids = list(
            Team.objects.select_for_update(of=("self",)).filter(league=league).order_by("pk").values_list("pk", flat=True)
        )
        if len(team_ids) < SMALLEST_GAME:
            raise Invalid.one("too-few-teams", "season", "A season needs at least two teams.")
        entered = set(SeasonTeam.objects.filter(season=season).values_list("team_id", flat=True))
        SeasonTeam.objects.bulk_create(SeasonTeam(season=season, team_id=t) for t in team_ids if t not in entered)
        seed = secrets.randbits(63)
        rng = random.Random(seed)
        entries = list(SeasonTeam.objects.filter(season=season).order_by("team_id"))
        for entry in entries:
            entry.draw = rng.random()
        SeasonTeam.objects.bulk_update(entries, ["draw"])
        League.objects.filter(pk=league.pk).update(open_for_signups=False)
        LedgerEntry.objects.bulk_create(
            LedgerEntry(
                team_id=team_id, account=account, amount=amount, kind=LedgerKind.WRITE_OFF, reason=reason, created_by=user
            )
            for team_id, account, amount, reason in season_start_entries(e.team_id for e in entries)
        )
        season.status = Season.Status.RUNNING
        season.save(update_fields=["status"])
        Week.objects.create(
            season=season,
            number=1,
            kind=Week.Kind.DRAW,
            games_due=games_due,
            draws=[{"kind": "tie-break", "seed": seed, "teams": [e.team_id for e in entries], "at": _now_iso()}],
        )
        standings_recompute(season_id=season.pk)  # week 0's column: the ranking before the first game
    return season, True


# --- Weeks ----------------------------------------------------------------------------------------------------------------


def frozen_order(season: Season, previous: Week | None) -> dict[str, Any]:
    """Games for Later Weeks: League Rank now and the challenge order it gives, kept on the week so
    the round runs in one order even if results change while it runs. No-Shows: the coaches who
    missed a game of the previous week (its round, or a makeup game set after it) challenge last."""
    ranking = season_ranking(season)
    missed = (
        sorted(
            set(
                GameSide.objects.filter(
                    game__week__season=season, game__week__number__gte=previous.number, no_show=True
                ).values_list("team_id", flat=True)
            )
        )
        if previous is not None
        else []
    )
    entries = [schedule.RankingEntry(r.team.pk, r.league_points, r.team_potential, r.draw) for r in ranking]
    return {
        "kind": ORDER_RECORD,
        "at": _now_iso(),
        "ranking": [[e.team, e.league_points, e.team_potential, e.draw] for e in entries],
        "missed": missed,
        "order": schedule.challenge_order(entries, frozenset(missed)),
    }


def week_create(
    *,
    season: Season,
    user: Any,
    challenges_due: datetime | None = None,
    games_due: datetime | None = None,
    allow_unfinished: bool = False,
) -> Week:
    """The next week of a running season: a challenge round (its order fixed now from League Rank),
    or a draw when the league plays Random League Games. Refused while earlier games are unsettled
    (unless `allow_unfinished`) and once a team has played its games_per_team."""
    league_require_commissioner(league=season.league, user=user)
    _check_deadlines(challenges_due, games_due)
    with transaction.atomic():
        season = _lock_season(season)
        if season.status != Season.Status.RUNNING:
            raise Invalid.one("season-not-running", "season", "Weeks are added to a running season.")
        last = Week.objects.filter(season=season).order_by("-number").first()
        if last is None or not Game.objects.filter(week=last).exists():
            raise Invalid.one(
                "previous-week-empty", "season", "The last week has no games yet: make its draw or challenges first."
            )
        unsettled = Game.objects.filter(week__season=season, state__in=OPEN_STATES).count()
        if unsettled and not allow_unfinished:
            raise Invalid.one(
                "previous-week-unfinished",
                "allow_unfinished",
                f"{unsettled} game{'s are' if unsettled != 1 else ' is'} not confirmed yet, so League Rank is not final. "
                "Send allow_unfinished to make the week anyway.",
            )
        done = [t for t, n in games_scheduled(season).items() if n >= season.games_per_team]
        if done:
            raise Invalid.one(
                "season-complete",
                "season",
                f"{len(done)} team{'s have' if len(done) != 1 else ' has'} played {season.games_per_team} games: "
                "make makeup games for the lagging teams, or the playoffs.",
            )
        random_games = RULESET.option_value(season.league.options, "random_league_games")
        kind = Week.Kind.RANDOM if random_games else Week.Kind.CHALLENGE
        if kind == Week.Kind.RANDOM and challenges_due is not None:
            raise Invalid.one(
                "no-challenges", "challenges_due", "Under Random League Games a week is drawn: no challenges are due."
            )
        week = Week(season=season, number=last.number + 1, kind=kind, challenges_due=challenges_due, games_due=games_due)
        standings_recompute(season_id=season.pk)  # the last week's column, right as the week closes
        if kind == Week.Kind.CHALLENGE:
            week.draws = [frozen_order(season, previous_rotation_week(week))]
        week.save()
        if kind == Week.Kind.CHALLENGE:
            challenge_turn_notify(week)
    return week


def challenge_turn_notify(week: Week, turn: schedule.Turn | None = None) -> None:
    """Games for Later Weeks: tell the coach whose turn it now is to challenge (or, left over, to steal) that
    it is, with a link to the week, once a turn (one event a week, team and move). `turn`: the round's next
    turn when the caller knows it (it has just made a game); read from the round otherwise (round_state)."""
    if turn is None:
        turn = round_state(week).turn
    if turn.team is None or turn.action not in ("challenge", "steal"):
        return
    team = Team.objects.select_related("coach").get(pk=turn.team)
    when = f"{week.season.name}, week {week.number}"
    if turn.action == "challenge":
        text = f"{when}: your turn to challenge. {team.name} names {turn.picks} of the teams without a game to play."
    elif turn.picks:
        teams = "a team" if turn.picks == 1 else f"{turn.picks} teams"
        text = f"{when}: {team.name} is left without a game. Your turn to steal {teams} from 4-team games."
    else:
        text = f"{when}: {team.name} is left without a game. Your turn to make the game of the teams left over."
    event = f"challenge-turn:{week.pk}:{team.pk}:{turn.action}"
    notify_many([(team.coach, event, text, reverse("week-detail", args=[week.pk]))], league=week.season.league)


def week_update(*, week: Week, user: Any, challenges_due: Any = UNSET, games_due: Any = UNSET) -> Week:
    """Set or clear a week's deadlines (a PATCH: a keyword not given is left as it is)."""
    league_require_commissioner(league=week.season.league, user=user)
    with transaction.atomic():
        week = _lock_week(week)
        if challenges_due is not UNSET:
            if challenges_due is not None and week.kind != Week.Kind.CHALLENGE:
                raise Invalid.one("no-challenges", "challenges_due", "Only a challenge round has a challenges deadline.")
            week.challenges_due = challenges_due
        if games_due is not UNSET:
            week.games_due = games_due
        _check_deadlines(week.challenges_due, week.games_due)
        week.save(update_fields=["challenges_due", "games_due"])
    return week


def _create_games(week: Week, groups: list[list[int]], first_number: int, pays: bool = True) -> list[Game]:
    """A game for each group of teams, numbered from `first_number`, and every side, in bulk."""
    games = create_games(
        [Game(league_id=week.season.league_id, week=week, number=first_number + i, pays=pays) for i in range(len(groups))]
    )
    GameSide.objects.bulk_create(
        GameSide(game=game, team_id=team) for game, group in zip(games, groups, strict=True) for team in group
    )
    return games


def notify_scheduled(
    week: Week,
    games: list[Game],
    groups: list[list[int]],
    what: str,
    event: str = "scheduled",
    channel_event: str = Channel.Event.DRAW,
) -> None:
    """Tell every coach of the games their game (dashboard now, email after commit; once per event), its coaches and
    the league's commissioners that its pre-game is open (pregame_open_notify: under No Mavericks the first to choose
    athletes that it is his turn), and the league's channels that take `channel_event` every game made."""
    teams = {t.pk: t for t in Team.objects.filter(pk__in=[t for g in groups for t in g]).select_related("coach")}
    url = reverse("week-detail", args=[week.pk])
    messages = []
    for game, group in zip(games, groups, strict=True):
        for team_id in group:
            team = teams[team_id]
            rivals = ", ".join(teams[t].name for t in group if t != team_id)
            text = f"{week.season.name}, week {week.number} ({what}): {team.name} plays game {game.number} against {rivals}."
            messages.append((team.coach, f"{event}:{game.pk}:{team_id}", text, url))
    notify_many(messages, league=week.season.league, new_events=True)  # the games were made in this transaction
    pregame_open_notify(league=week.season.league, game_ids=[game.pk for game in games])
    league_announce(
        league_id=week.season.league_id,
        event=channel_event,
        key=f"{event}:{games[0].pk}",
        text=f"{week.season.name}, week {week.number}: {what}.",
        url=url,
        lines=game_lines(games, groups, {pk: t.name for pk, t in teams.items()}),
    )


def game_lines(games: list[Game], groups: list[list[int]], names: dict[int, str]) -> list[str]:
    """One line a game made ("Game 3: A v B v C"), for a channel post."""
    return [f"Game {game.number}: {' v '.join(names[t] for t in group)}" for game, group in zip(games, groups, strict=True)]


def week_draw(*, week: Week, user: Any) -> tuple[Week, bool]:
    """Games for First Week (and every week under Random League Games): the commissioner's recorded
    draw into 4-team games (3-team only when the count does not divide by four, 2-team only when
    unavoidable). The seed and the outcome are stored on the week. Returns (week, drawn now); a
    week already drawn is returned as it is: a draw is never made twice."""
    league_require_commissioner(league=week.season.league, user=user)
    with transaction.atomic():
        week = _lock_week(week)
        if week.kind not in (Week.Kind.DRAW, Week.Kind.RANDOM):
            raise Invalid.one("week-not-a-draw", "week", "This week's games come from challenges, not a draw.")
        if any(r.get("kind") == GAMES_RECORD for r in week.draws) or Game.objects.filter(week=week).exists():
            return week, False
        if week.season.status != Season.Status.RUNNING:
            raise Invalid.one("season-not-running", "season", "The season is not running.")
        teams = sorted(SeasonTeam.objects.filter(season=week.season).values_list("team_id", flat=True))
        seed = secrets.randbits(63)
        groups = schedule.draw_games(teams, random.Random(seed))
        week.draws = [
            *week.draws,
            {"kind": GAMES_RECORD, "seed": seed, "teams": teams, "games": groups, "at": _now_iso(), "by": user.username},
        ]
        week.save(update_fields=["draws"])
        games = _create_games(week, groups, 1)
        notify_scheduled(week, games, groups, "the draw")
    return week, True


# --- Makeup games ------------------------------------------------------------------------------------------------------------


def makeup_game_create(*, season: Season, user: Any, teams: list[int], pays: bool) -> Game:
    """Teams That Haven't Played 10 Games: the commissioner sets a makeup game for lagging teams
    and decides whether it pays League Points and winnings (Game.pays)."""
    league_require_commissioner(league=season.league, user=user)
    if len(set(teams)) != len(teams):
        raise Invalid.one("makeup-teams", "teams", "Name each team once.")
    if not game_size_allowed(len(teams)):
        raise Invalid.one("makeup-size", "teams", f"A game has {SMALLEST_GAME} to {GAME_SIZE} teams.")
    with transaction.atomic():
        season = _lock_season(season)
        if season.status != Season.Status.RUNNING:
            raise Invalid.one("season-not-running", "season", "Makeup games are set while the season runs.")
        entered = set(SeasonTeam.objects.filter(season=season, team_id__in=teams).values_list("team_id", flat=True))
        if missing := [t for t in teams if t not in entered]:
            raise Invalid.one("makeup-team-unknown", "teams", f"Not in this season: {', '.join(map(str, missing))}.")
        week = Week.objects.filter(season=season).order_by("-number").first()
        busy = week is not None and GameSide.objects.filter(game__week=week, team_id__in=teams).exists()
        if week is None or week.kind != Week.Kind.MAKEUP or busy:
            standings_recompute(season_id=season.pk)  # the last column, right as its week closes
            week = Week.objects.create(season=season, number=last_week_number(season) + 1, kind=Week.Kind.MAKEUP)
        number = (Game.objects.filter(week=week).aggregate(n=Max("number"))["n"] or 0) + 1
        games = _create_games(week, [teams], number, pays=pays)
        notify_scheduled(week, games, [teams], "makeup game")
    return games[0]


# --- Deadline reminders ---------------------------------------------------------------------------------------------------------

REMINDER_BEFORE = timedelta(hours=24)


def deadline_reminders(*, now: datetime | None = None) -> int:
    """League Week Sequence: remind coaches of a deadline in the next 24 hours. Challenges: the
    coaches whose team has no game yet that week; games: the coaches whose game has no result yet.
    Each reminder is one event per week, coach and deadline, so running this often never repeats
    one. Returns how many reminders were new."""
    now = now or timezone.now()
    # Each league's reminders (notify_many tells of one league's), each (coach, event) once: a coach with two teams
    # hears once.
    reminders: dict[League, dict[tuple[int, str], tuple[Any, str, str, str]]] = {}

    def remind(week: Week, coach: Any, event: str, text: str) -> None:
        reminders.setdefault(week.season.league, {})[(coach.pk, event)] = (
            coach,
            event,
            f"{week.season.name}, week {week.number}: {text}",
            reverse("week-detail", args=[week.pk]),
        )

    for week in weeks_due_between(now, now + REMINDER_BEFORE, "challenges_due").filter(kind=Week.Kind.CHALLENGE):
        free = SeasonTeam.objects.filter(season_id=week.season_id).exclude(team__game_sides__game__week=week)
        for entry in free.select_related("team__coach"):
            due = f"{week.challenges_due:%Y-%m-%d %H:%M}"
            text = f"challenges are due {due} and {entry.team.name} has no game yet."
            remind(week, entry.team.coach, f"deadline:{week.pk}:{entry.team.coach_id}:challenges", text)
    for week in weeks_due_between(now, now + REMINDER_BEFORE, "games_due"):
        sides = GameSide.objects.filter(game__week=week, game__state=Game.State.SCHEDULED).select_related("team__coach", "game")
        for side in sides:
            text = f"game {side.game.number} is due {week.games_due:%Y-%m-%d %H:%M}."
            remind(week, side.team.coach, f"deadline:{week.pk}:{side.team.coach_id}:games", text)
    try:
        with transaction.atomic():
            return sum(notify_many(own.values(), league=league) for league, own in reminders.items())
    except IntegrityError:  # another run got there first: fall back to the one-by-one, race-safe notify
        for league, own in reminders.items():
            for user, event, text, url in own.values():
                notify(users=[user], league=league, event=event, text=text, url=url)
        return 0
