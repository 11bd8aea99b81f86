"""A large Slaughterville group for measuring (`manage.py seed_large --game-system slaughterville`, bench/): members
and their confirmed sessions, written in bulk.

`--teams` is the group's members and `--weeks` the sessions each logs: teams x weeks sessions (200 x 10 for the big
group of 2,000 sessions). Each session has its logger and up to three other members, each with his own character
of the demo catalogue, a villain and six locations, checked by the engine's setup rules as session_log_create
checks them; stored as the services leave a session every player confirmed (its log as the report), counted in the
group's statistics.
"""

from __future__ import annotations

import datetime
import random
import secrets

from django.contrib.auth import get_user_model
from django.utils import timezone

from engine.slaughterville.ruleset import RULESET, SessionCheck
from engine.slaughterville.sessions import LOCATIONS_IN_PLAY, Seat, SessionLog
from engine.slaughterville.statistics import SessionFacts
from games.models import create_games
from leagues.models import League
from leagues.services import league_create
from rosters.models import Team
from slaughterville.demo import DEMO_CATALOGUE
from slaughterville.models import Session, SessionSide
from slaughterville.selectors import catalogue_of
from slaughterville.services import catalogue_import, session_report, tallies_count

BATCH = 4000
FIRST_DAY = datetime.date(2020, 1, 1)


def seed_large(member_count: int, weeks: int, seed: int = 7) -> League:
    """A group of `member_count` members (their users and the commissioner have no password), each of whom logged
    `weeks` confirmed sessions, one a day in turn; the same seed gives the same sessions."""
    rng = random.Random(seed)
    users = get_user_model()
    prefix = f"large-{secrets.token_hex(3)}"
    boss = users.objects.create_user(f"{prefix}-commissioner")
    players = users.objects.bulk_create(users(username=f"{prefix}-member{i}") for i in range(member_count))
    league = league_create(user=boss, name=f"Large group ({member_count} members)", game_system=RULESET.slug, options={})
    catalogue_import(league=league, user=boss, fmt="yaml", text=DEMO_CATALOGUE)
    catalogue = catalogue_of(league)
    members = Team.objects.bulk_create(
        (Team(league=league, coach=players[i], name=f"Member {i + 1}", faction="") for i in range(member_count)),
        batch_size=BATCH,
    )
    member_ids = [m.pk for m in members]
    everyone = frozenset(member_ids)
    characters = [c.slug for c in catalogue.characters]
    locations = [loc.slug for loc in catalogue.locations]
    logs = []
    for number in range(member_count * weeks):
        logger = members[number % member_count]
        others = rng.sample([m for m in member_ids if m != logger.pk], min(rng.randint(0, 3), member_count - 1))
        seats = tuple(Seat(m, c) for m, c in zip([logger.pk, *others], rng.sample(characters, 1 + len(others)), strict=True))
        villain = rng.choice(catalogue.villains)
        start = [villain.location] if villain.location else []
        turns = rng.randint(6, 20)
        log = SessionLog(
            seats=seats,
            villain=villain.slug,
            locations=(*start, *rng.sample([s for s in locations if s not in start], LOCATIONS_IN_PLAY - len(start))),
            first_player=rng.choice(seats).member,
            outcome=rng.choice(["players", "villain"]),
            turns=turns,
            clues=turns // 3,
            defeated=rng.randint(0, len(seats)),
        )
        RULESET.check_result(SessionCheck(catalogue, log, everyone))
        logs.append((logger, FIRST_DAY + datetime.timedelta(days=number // member_count), log))
    now = timezone.now()
    sessions = create_games(
        [
            Session(
                league=league,
                state=Session.State.CONFIRMED,
                report=session_report(log, played_on, ""),
                submitted_by_id=logger.coach_id,
                confirmed_at=now,
                played_on=played_on,
                villain=log.villain,
                locations=list(log.locations),
                first_player_id=log.first_player,
                outcome=log.outcome,
                turns=log.turns,
                clues=log.clues,
                defeated=log.defeated,
                created_by_id=logger.coach_id,
            )
            for logger, played_on, log in logs
        ]
    )
    SessionSide.objects.bulk_create(
        (
            SessionSide(session=session, team_id=seat.member, seat=index, character=seat.character or "")
            for session, (_, _, log) in zip(sessions, logs, strict=True)
            for index, seat in enumerate(log.seats, start=1)
        ),
        batch_size=BATCH,
    )
    tallies_count(
        league.pk,
        [
            SessionFacts(
                session.pk,
                played_on,
                tuple((seat.member, seat.character or "") for seat in log.seats),
                log.villain,
                log.locations,
                log.outcome == "players",
                log.turns,
            )
            for session, (_, played_on, log) in zip(sessions, logs, strict=True)
        ],
    )
    return league
