"""How long a challenge round takes for a league of 1,000 teams, against a bare insert of the same games.

Run by hand, on PostgreSQL (it creates and drops its own database, test_pitside_bench_calendar):

    .venv/bin/python bench/challenges.py [--teams 1000] [--by-hand 0.8]

It prints, in one run:
- the baseline: the round's Game rows (teams / 4 games, games.models.create_games: the games.Game rows and
  the Slaughterball rows in one statement each) and its GameSide rows in one bulk INSERT, in one
  transaction, best of three;
- the engine part of a round: the challenge order, every challenger's turn and check, the fill
  (engine.slaughterball.schedule only, no database);
- round A, as a real week goes: `--by-hand` of the games challenged through
  slaughterball.services.challenges.challenge_issue (one call each, as coaches would), then the
  commissioner's fill (round_fill) for the rest, after the deadline; then round B: every game
  through challenge_issue; then round C: the whole round by the fill. Each with its ratio to the baseline;
- the steps around a round: season start, the week-1 draw, making a week (which fixes the order from League Rank).

Notifications are part of every service (dashboard rows in the transaction, one email task each after
commit). Celery runs eagerly here as in the embedded default, so the emails (locmem backend) are sent
in-process and counted in the service times; a second figure leaves the email tasks out (with Redis they
run on a worker).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pitside.settings")
os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/pitside_bench_calendar")
os.environ.setdefault("EMAIL_BACKEND", "django.core.mail.backends.locmem.EmailBackend")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--teams", type=int, default=1000)
    parser.add_argument("--by-hand", type=float, default=0.8, help="Share of round A's games challenged through the service.")
    args = parser.parse_args()

    import logging

    import django

    django.setup()
    from bench_timing import bench_database

    logging.getLogger("celery").setLevel(logging.WARNING)  # eager tasks log every run at INFO
    from django.core.management import call_command
    from django.db import DEFAULT_DB_ALIAS, connection, connections, reset_queries, transaction
    from django.db.backends.postgresql.base import DatabaseWrapper as PostgreSQLDatabase
    from django.test.utils import CaptureQueriesContext

    with bench_database():
        from datetime import timedelta

        from django.contrib.auth import get_user_model
        from django.utils import timezone

        import notifications.tasks
        from engine.slaughterball import schedule
        from games.models import create_games
        from leagues.services import league_create, league_update
        from rosters.models import Team
        from slaughterball.demo import demo_athletes, demo_house_values
        from slaughterball.models import Athlete, Game, GameSide, Purchase, Week
        from slaughterball.selectors_calendar import round_state
        from slaughterball.services.calendar import season_create, season_start, week_create, week_draw
        from slaughterball.services.challenges import challenge_issue, round_fill
        from slaughterball.services.teams import team_create

        call_command("check")
        users = get_user_model()

        # --- A league of `teams` teams (set up in bulk: not measured) ---------------------------------------
        boss = users.objects.create_user("boss")
        league = league_create(user=boss, name="Bench", game_system="slaughterball", options={})
        league_update(league=league, user=boss, house_values=demo_house_values())
        first = team_create(
            league=league,
            coach=users.objects.create_user("coach0000"),
            name="Team 0000",
            portfolio="carnage",
            athletes=demo_athletes(0),
        )
        template = list(first.athletes.all())
        coaches = users.objects.bulk_create(
            users(username=f"coach{i:04}", email=f"coach{i:04}@example.com") for i in range(1, args.teams)
        )
        teams = Team.objects.bulk_create(
            Team(league=league, coach=c, name=f"Team {i:04}", faction="carnage") for i, c in enumerate(coaches, start=1)
        )
        Athlete.objects.bulk_create(
            Athlete(
                team=t,
                type=a.type,
                name=a.name,
                number=a.number,
                base_traits=a.base_traits,
                starting_skills=a.starting_skills,
                base_value=a.base_value,
            )
            for t in teams
            for a in template
        )
        # Team Potentials differ: zero to three cheerleaders each.
        Purchase.objects.bulk_create(
            Purchase(team=t, kind="staff", item="cheerleader", name="Cheerleader", cost=100_000, created_by=boss)
            for i, t in enumerate(teams)
            for _ in range(i % 4)
        )
        coach_of = {t.pk: t.coach for t in Team.objects.filter(league=league).select_related("coach")}
        database = connections[DEFAULT_DB_ALIAS]
        assert isinstance(database, PostgreSQLDatabase)  # the bench runs on PostgreSQL only
        print(
            f"{args.teams} teams, {args.teams // 4} games a round; PostgreSQL {database.pg_version}; "
            f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs"
        )
        print()

        def timed[T](label: str, fn: Callable[[], T]) -> tuple[float, T]:
            start = time.perf_counter()
            result = fn()
            elapsed = time.perf_counter() - start
            print(f"{label:<64} {elapsed * 1000:9.1f} ms")
            return elapsed, result

        def confirm(week: Week) -> None:
            """Confirm a week's games in bulk: sides in id order take places 1, 2, ... (not measured)."""
            sides = list(GameSide.objects.filter(game__week=week).order_by("game_id", "id"))
            by_game: dict[int, list[GameSide]] = {}
            for side in sides:
                by_game.setdefault(side.game_id, []).append(side)
            rng = random.Random(week.number)
            for group in by_game.values():
                rng.shuffle(group)
                for place, side in enumerate(group, start=1):
                    side.place, side.score, side.league_points = place, 20 - place, len(group) - place
            GameSide.objects.bulk_update(sides, ["place", "score", "league_points"], batch_size=1000)
            Game.objects.filter(week=week).update(state=Game.State.CONFIRMED, confirmed_at=timezone.now())

        # --- Baseline: a bare insert of one round's rows ------------------------------------------------------
        scratch_season = season_create(league=league, user=boss, name="Scratch")
        scratch = Week.objects.create(season=scratch_season, number=1, kind=Week.Kind.CHALLENGE)
        team_ids = sorted(coach_of)
        groups = [team_ids[i : i + 4] for i in range(0, len(team_ids), 4)]

        def bulk_round() -> None:
            with transaction.atomic():
                games = create_games([Game(league=league, week=scratch, number=n + 1) for n in range(len(groups))])
                GameSide.objects.bulk_create(
                    GameSide(game=g, team_id=t) for g, group in zip(games, groups, strict=True) for t in group
                )

        baselines = []
        for _ in range(3):
            start = time.perf_counter()
            bulk_round()
            baselines.append(time.perf_counter() - start)
            GameSide.objects.filter(game__week=scratch).delete()
            Game.objects.filter(week=scratch).delete()
        baseline = min(baselines)
        print(f"{'baseline: INSERT of the round (games, sides in bulk), best of 3':<64} {baseline * 1000:9.1f} ms")
        # A second baseline: the same games inserted one transaction each, as `teams / 4` separate
        # requests must (each commit waits for the write-ahead log to reach the disk).
        start = time.perf_counter()
        for number, group in enumerate(groups, start=1):
            with transaction.atomic():
                game = Game.objects.create(league=league, week=scratch, number=number)
                GameSide.objects.bulk_create(GameSide(game=game, team_id=t) for t in group)
        per_game_commits = time.perf_counter() - start
        GameSide.objects.filter(game__week=scratch).delete()
        Game.objects.filter(week=scratch).delete()
        print(f"{f'baseline: the same, one transaction a game ({len(groups)} commits)':<64} {per_game_commits * 1000:9.1f} ms")
        scratch.delete()
        scratch_season.delete()

        # --- Around the round: start, draw, a week ------------------------------------------------------------
        season = season_create(league=league, user=boss, name="Season 1")
        timed("season_start (enter teams, expire budgets, week 1)", lambda: season_start(season=season, user=boss))
        week1 = Week.objects.get(season=season, number=1)
        timed("week_draw (week 1: recorded draw, games, notifications)", lambda: week_draw(week=week1, user=boss))
        confirm(week1)

        def new_week() -> Week:
            return week_create(season=season, user=boss, challenges_due=timezone.now() + timedelta(days=1))

        make_week, week2 = timed("week_create (League Rank of every team, order fixed)", new_week)
        print()

        # --- The engine part of a round --------------------------------------------------------------------------
        state = round_state(Week.objects.select_related("season__league").get(pk=week2.pk))
        entries, order = state.frozen.entries, state.frozen.order

        def engine_round() -> int:
            order_again = schedule.challenge_order(entries.values(), state.frozen.missed)
            free, steps = set(order_again), 0
            games: list[list[int]] = []
            ascending = [e.team for e in reversed(schedule.league_rank(entries.values()))]
            position = 0
            for _ in range(int(len(order_again) / 4 * args.by_hand)):
                turn = schedule.next_turn(order_again, entries, free, games)
                challenger = turn.team
                assert challenger is not None  # the turns taken by hand are the round's first: challenges
                while ascending[position] not in free or ascending[position] == challenger:
                    position += 1
                targets = [t for t in ascending[position:] if t in free and t != challenger][: turn.picks]
                schedule.check_challenge(challenger, targets, free, challenger)
                games.append([challenger, *targets])
                free -= {challenger, *targets}
                steps += 1
            return steps + len(schedule.fill_round(order_again, entries, free, games))

        engine, moves = timed("engine: order, every turn and check, then the fill", engine_round)
        timed("engine: fill_round of the whole round", lambda: schedule.fill_round(order, entries, set(order), []))
        print()

        # --- Round A: challenges through the service, the rest by the fill ----------------------------------------
        def issue_round(week: Week, count: int) -> tuple[float, int]:
            """`count` challenges through the service, each with the targets a coach would pick (read
            from the round state before the call; that read is not counted)."""
            ranked = list(reversed(round_state(week).frozen.ranking))
            elapsed, made = 0.0, 0
            for _ in range(count):
                state = round_state(week)
                if state.turn.action != "challenge":
                    break
                team = state.turn.team
                assert team is not None  # a challenge turn names the challenger
                targets = [t for t in ranked if t in state.unscheduled and t != team][: state.turn.picks]
                start = time.perf_counter()
                if made == count // 2:  # the statements of one challenge, mid-round (this one timed as well)
                    reset_queries()  # the log keeps the last 9,000 statements: start it empty
                    with CaptureQueriesContext(connection) as statements:
                        challenge_issue(week=week, user=coach_of[team], team_id=team, challenged=targets)
                    shown.append([" ".join(q["sql"].split()[:4])[:60] for q in statements.captured_queries])
                else:
                    challenge_issue(week=week, user=coach_of[team], team_id=team, challenged=targets)
                elapsed += time.perf_counter() - start
                made += 1
            return elapsed, made

        shown: list[list[str]] = []

        def fill(week: Week) -> float:
            Week.objects.filter(pk=week.pk).update(challenges_due=timezone.now() - timedelta(seconds=1))
            week = Week.objects.select_related("season__league").get(pk=week.pk)
            start = time.perf_counter()
            round_fill(week=week, user=boss)
            return time.perf_counter() - start

        week2 = Week.objects.select_related("season__league").get(pk=week2.pk)
        hand_count = int(args.teams / 4 * args.by_hand)
        hand_a, made_a = issue_round(week2, hand_count)
        fill_a = fill(week2)
        round_a = hand_a + fill_a
        assert round_state(week2).turn.action == "done"
        print(f"{f'round A: {made_a} x challenge_issue':<64} {hand_a * 1000:9.1f} ms  ({hand_a / made_a * 1000:.2f} ms each)")
        print(f"round A: one challenge_issue mid-round, {len(shown[0])} statements (CaptureQueriesContext):")
        for statement in shown[0]:
            print(f"    {statement}")
        print(f"{'round A: round_fill for the rest':<64} {fill_a * 1000:9.1f} ms")
        print(f"{'round A: total':<64} {round_a * 1000:9.1f} ms")
        confirm(week2)

        week3 = Week.objects.select_related("season__league").get(pk=new_week().pk)
        hand_b, made_b = issue_round(week3, args.teams)
        fill_b = fill(week3)  # nothing or the leftovers' steal
        round_b = hand_b + fill_b
        print(
            f"{f'round B: {made_b} x challenge_issue (every game) + fill':<64} {round_b * 1000:9.1f} ms  "
            f"({hand_b / made_b * 1000:.2f} ms each)"
        )
        confirm(week3)

        week4 = Week.objects.select_related("season__league").get(pk=new_week().pk)
        round_c = fill(week4)
        print(f"{'round C: round_fill of the whole round':<64} {round_c * 1000:9.1f} ms")
        confirm(week4)

        # Round A again with the email tasks left to a worker (as with Redis): the service's own time.
        # Both email tasks: notify() queues one a notification, notify_many() one a batch.
        email_tasks = (notifications.tasks.notification_email, notifications.tasks.notification_email_batch)
        real_sends = [task.apply_async for task in email_tasks]
        for task in email_tasks:
            task.apply_async = lambda *a, **k: None
        try:
            week5 = Week.objects.select_related("season__league").get(pk=new_week().pk)
            hand_d, made_d = issue_round(week5, hand_count)
            fill_d = fill(week5)
        finally:
            for task, real_send in zip(email_tasks, real_sends, strict=True):
                task.apply_async = real_send
        round_d = hand_d + fill_d
        print(
            f"{'round A again, email tasks queued for a worker (not run here)':<64} {round_d * 1000:9.1f} ms  "
            f"({hand_d / made_d * 1000:.2f} ms each)"
        )
        print()
        print(f"engine part of a round / bulk insert:        {engine / baseline:7.1f}x  ({engine * 1000:.1f} ms, {moves} moves)")
        print(f"round B / one transaction a game:            {round_b / per_game_commits:7.1f}x")
        print(f"round A (service, emails in-process) / bulk: {round_a / baseline:7.1f}x  ({round_a * 1000:.0f} ms)")
        print(f"round A (service, emails on a worker) / bulk:{round_d / baseline:7.1f}x  ({round_d * 1000:.0f} ms)")
        print(f"round B (all by hand) / bulk:                {round_b / baseline:7.1f}x  ({round_b * 1000:.0f} ms)")
        print(f"round C (all by the fill) / bulk:            {round_c / baseline:7.1f}x  ({round_c * 1000:.0f} ms)")
        print(f"week_create (ranking, order) / bulk:         {make_week / baseline:7.1f}x  ({make_week * 1000:.0f} ms)")
        print(f"load average (1, 5, 15 min) at the end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
