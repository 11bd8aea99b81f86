"""A Blood Bowl league's fixture list (bloodbowl.services.fixtures), a match arranged twice, and a match's
date and place (the shared lifecycle's `schedule`), through the services, for every role."""

from __future__ import annotations

import datetime
from collections import Counter

import pytest
from django.contrib.auth.models import AnonymousUser

from bloodbowl.models import Match, MatchSide
from bloodbowl.services import matches as services
from bloodbowl.services.fixtures import fixtures_generate
from games.models import Game, GameEvent
from pitside.errors import Invalid, NotPermitted
from tests.bloodbowl.factories import make_bb_team
from tests.factories import UserFactory
from tests.refusals import raises_invalid

FIRST = datetime.date(2026, 3, 7)


@pytest.fixture
def spectator(db):
    return UserFactory(username="spectator")


@pytest.fixture
def third_team(bb_league):
    return make_bb_team(bb_league, UserFactory(username="third_coach"), name="Marsh Lurkers")


def _generate(league, user, rounds="single", days=7):
    return fixtures_generate(league=league, user=user, rounds=rounds, first_date=FIRST, days_between=days)


def _db_state():
    return (Game.objects.count(), MatchSide.objects.count(), GameEvent.objects.count())


def test_single_round_robin_of_three_teams(bb_league, commissioner, bb_team, bb_rival_team, third_team):
    made = _generate(bb_league, commissioner)
    assert len(made) == 3
    matches = Match.objects.filter(league=bb_league).prefetch_related("sides").order_by("fixture_round")
    assert [(m.fixture_round, m.scheduled_for) for m in matches] == [
        (1, FIRST),
        (2, FIRST + datetime.timedelta(days=7)),
        (3, FIRST + datetime.timedelta(days=14)),
    ]
    pairs = Counter(frozenset(s.team_id for s in m.sides.all()) for m in matches)
    teams = [bb_team.pk, bb_rival_team.pk, third_team.pk]
    assert pairs == Counter(frozenset((a, b)) for i, a in enumerate(teams) for b in teams[i + 1 :])
    for match in matches:
        assert match.state == Game.State.SCHEDULED
        assert match.created_by == commissioner
        assert sorted(s.home for s in match.sides.all()) == [False, True]
        assert all(s.team_rating > 0 for s in match.sides.all())
        assert [e.action for e in match.events.all()] == ["created"]


def test_double_round_robin_plays_every_pair_home_and_away(bb_league, commissioner, bb_team, bb_rival_team, third_team):
    _generate(bb_league, commissioner, rounds="double", days=14)
    sides = MatchSide.objects.filter(match__league=bb_league)
    hosted = Counter(
        (s.team_id, other.team_id) for s in sides.filter(home=True) for other in sides.filter(match=s.match, home=False)
    )
    assert sorted(hosted.values()) == [1] * 6
    rounds = Match.objects.filter(league=bb_league).values_list("fixture_round", "scheduled_for").distinct()
    assert sorted(rounds) == [(k, FIRST + datetime.timedelta(days=14 * (k - 1))) for k in range(1, 7)]


@pytest.mark.parametrize("actor", ["coach", "rival", "spectator", "anonymous"])
def test_only_a_commissioner_makes_the_fixture_list(request, bb_league, bb_team, bb_rival_team, actor):
    user = AnonymousUser() if actor == "anonymous" else request.getfixturevalue(actor)
    before = _db_state()
    with pytest.raises(NotPermitted) as refused:
        _generate(bb_league, user)
    assert refused.value.items[0].code == "not-commissioner"
    assert _db_state() == before


def test_fewer_than_two_teams_is_refused(bb_league, commissioner, bb_team):
    with raises_invalid() as refused:
        _generate(bb_league, commissioner)
    assert [(i.code, i.field) for i in refused.value.items] == [("too-few-teams", "league")]
    assert Match.objects.count() == 0


def test_a_second_list_waits_for_the_first_then_follows_it(bb_league, commissioner, bb_team, bb_rival_team, third_team):
    _generate(bb_league, commissioner)
    before = _db_state()
    with raises_invalid() as refused:
        _generate(bb_league, commissioner)
    assert refused.value.items[0].code == "fixtures-pending"
    assert _db_state() == before
    # The first list played (its matches' states as their confirmations leave them), a second one follows it.
    Match.objects.filter(league=bb_league).update(state=Game.State.CONFIRMED)
    _generate(bb_league, commissioner)
    assert sorted(Match.objects.filter(state=Game.State.SCHEDULED).values_list("fixture_round", flat=True)) == [4, 5, 6]


def test_a_bad_gap_between_rounds_is_refused(bb_league, commissioner, bb_team, bb_rival_team):
    with raises_invalid() as refused:
        _generate(bb_league, commissioner, days=0)
    assert refused.value.items[0].code == "days-between"
    assert Match.objects.count() == 0


# --- a match arranged twice --------------------------------------------------------------------------------


def test_arranging_a_match_the_teams_already_have_warns_unless_meant(bb_league, coach, bb_team, bb_rival_team):
    first = services.match_create(league=bb_league, user=coach, home_team_id=bb_team.pk, away_team_id=bb_rival_team.pk)
    before = _db_state()
    for home, away in ((bb_team, bb_rival_team), (bb_rival_team, bb_team)):  # either way round
        with pytest.raises(Invalid) as refused:
            services.match_create(league=bb_league, user=coach, home_team_id=home.pk, away_team_id=away.pk)
        assert (refused.value.items[0].code, refused.value.items[0].field) == ("match-exists", "again")
    assert _db_state() == before
    again = services.match_create(
        league=bb_league, user=coach, home_team_id=bb_rival_team.pk, away_team_id=bb_team.pk, again=True
    )
    assert again.pk != first.pk


def test_a_played_match_does_not_warn(bb_league, coach, bb_team, bb_rival_team):
    first = services.match_create(league=bb_league, user=coach, home_team_id=bb_team.pk, away_team_id=bb_rival_team.pk)
    Match.objects.filter(pk=first.pk).update(state=Game.State.CONFIRMED)  # as its confirmation leaves it
    services.match_create(league=bb_league, user=coach, home_team_id=bb_team.pk, away_team_id=bb_rival_team.pk)
    assert Match.objects.count() == 2


def test_a_match_is_arranged_with_its_date_and_place(bb_league, coach, bb_team, bb_rival_team):
    match = services.match_create(
        league=bb_league,
        user=coach,
        home_team_id=bb_team.pk,
        away_team_id=bb_rival_team.pk,
        scheduled_for=FIRST,
        location="  The Bog Arena ",
    )
    match.refresh_from_db()
    assert (match.scheduled_for, match.location) == (FIRST, "The Bog Arena")


# --- date and place ---------------------------------------------------------------------------------------------


@pytest.fixture
def match(bb_league, commissioner, bb_team, bb_rival_team):
    return services.match_create(league=bb_league, user=commissioner, home_team_id=bb_team.pk, away_team_id=bb_rival_team.pk)


@pytest.mark.parametrize("actor", ["commissioner", "coach", "rival"])
def test_a_commissioner_and_the_two_coaches_set_the_date_and_place(request, match, actor):
    user = request.getfixturevalue(actor)
    written, changed = services.match_schedule(match_id=match.pk, user=user, scheduled_for=FIRST, location="Pub ")
    assert changed
    assert (written.scheduled_for, written.location) == (FIRST, "Pub")
    event = written.events.get(action="scheduled")
    assert (event.user, event.payload) == (user, {"scheduled_for": "2026-03-07", "location": "Pub"})
    assert services.match_schedule(match_id=match.pk, user=user, scheduled_for=FIRST, location="Pub")[1] is False


@pytest.mark.parametrize("actor", ["spectator", "anonymous", "other_commissioner"])
def test_nobody_else_sets_them(request, match, actor):
    user = AnonymousUser() if actor == "anonymous" else request.getfixturevalue(actor)
    before = _db_state()
    with pytest.raises(NotPermitted):
        services.match_schedule(match_id=match.pk, user=user, scheduled_for=FIRST, location="Pub")
    match.refresh_from_db()
    assert (match.scheduled_for, match.location, _db_state()) == (None, "", before)


def test_once_played_only_a_commissioner_changes_them(match, coach, commissioner):
    Match.objects.filter(pk=match.pk).update(state=Game.State.CONFIRMED)  # as its confirmation leaves it
    with pytest.raises(Invalid) as refused:
        services.match_schedule(match_id=match.pk, user=coach, scheduled_for=FIRST, location="")
    assert refused.value.items[0].code == "match-played"
    written, _ = services.match_schedule(match_id=match.pk, user=commissioner, scheduled_for=FIRST, location="")
    assert written.scheduled_for == FIRST
