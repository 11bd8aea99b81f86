"""A Blood Bowl league's fixture list: a round-robin (engine.core.fixtures) of the teams signed up, its
matches arranged at once, each with its round and its round's date.

Death Zone has no league schedule (its tournaments use none): a fixture list is a commissioner's choice.
Generating one while the last is still being played is refused (`fixtures-pending`): two lists at once
would pair the same teams twice in a week. Once every match of it is played (or voided), a new list
is added after it, its rounds numbered on (a second season, or the teams that signed up since).
"""

from __future__ import annotations

import datetime
from typing import Any

from django.db import transaction
from django.db.models import Max

from bloodbowl.models import Match
from bloodbowl.selectors import teams
from bloodbowl.services.matches import matches_insert
from engine.core.fixtures import round_robin
from engine.core.violations import paths_named
from games.models import Game
from leagues.models import League
from leagues.selectors import league_is_commissioner
from pitside.errors import Invalid, NotPermitted


def fixtures_generate(*, league: League, user: Any, rounds: str, first_date: datetime.date, days_between: int) -> list[Match]:
    """Arrange a round-robin, single or double, of the league's teams (seeded in sign-up order): one match
    a pair (two, home and away, for a double), round k on first_date + (k-1) * days_between. The commissioner
    only; all of it or nothing."""
    if not league_is_commissioner(league, user):
        raise NotPermitted.one("not-commissioner", "league", "Only a commissioner of this league can make its fixture list.")
    with transaction.atomic():
        League.objects.select_for_update().filter(pk=league.pk).values_list("pk").get()  # one list made at a time
        listed = Match.objects.filter(league=league, tournament=None).exclude(fixture_round=None)
        if listed.filter(state=Game.State.SCHEDULED).exists():
            raise Invalid.one(
                "fixtures-pending",
                "league",
                "The league's fixture list is still being played: a new one is made once all its matches are played.",
            )
        signed_up = {team.pk: team for team in teams().filter(league=league).order_by("created_at", "id")}
        with paths_named({"teams": "league"}):
            fixture = round_robin(list(signed_up), legs=rounds, first_date=first_date, days_between=days_between)
        after = listed.aggregate(last=Max("fixture_round"))["last"] or 0
        return matches_insert(
            user=user,
            arranged=[
                (
                    Match(league=league, created_by=user, fixture_round=after + r.number, scheduled_for=r.date),
                    signed_up[p.home],
                    signed_up[p.away],
                )
                for r in fixture
                for p in r.pairings
            ],
        )
