"""Who hears of a Blood Bowl match, once, with a link to the page where he acts: both coaches when it is
arranged (one match or a fixture list), the coach still to confirm a report, the commissioners, the reporter and
the other coaches of a dispute, both coaches when it is confirmed, and the coach with star player rolls to choose.
The lifecycle's notices (games.lifecycle) serve every game system; these are the Blood Bowl ones."""

from __future__ import annotations

import datetime

from django.core import mail

from bloodbowl.models import StarPlayerRoll
from bloodbowl.services import matches as services
from bloodbowl.services.fixtures import fixtures_generate
from notifications.models import Notification
from tests.bloodbowl.match_helpers import bloodbowl_league, bloodbowl_team
from tests.bloodbowl.tournament_helpers import report
from tests.factories import UserFactory
from tests.refusals import raises_invalid


def told(prefix: str) -> dict[str, tuple[str, str]]:
    """username -> (text, url) of the notifications whose event starts with `prefix`; each user once."""
    rows = list(Notification.objects.filter(event__startswith=prefix).select_related("user"))
    assert len(rows) == len({r.user.username for r in rows})
    return {r.user.username: (r.text, r.url) for r in rows}


def test_both_coaches_hear_a_match_is_arranged_with_its_day_and_place(bb, django_capture_on_commit_callbacks):
    league, home, away = bb
    with django_capture_on_commit_callbacks(execute=True):
        match = services.match_create(
            league=league,
            user=home.coach,
            home_team_id=home.pk,
            away_team_id=away.pk,
            scheduled_for=datetime.date(2026, 12, 12),
            location="The Bog Arena",
        )

    url = f"/bloodbowl/matches/{match.pk}/"
    text = f"{league.name}: Match {match.pk} is arranged: Croakers v Bog Kings on Saturday 12 December 2026 at The Bog Arena."
    assert told(f"arranged:{match.pk}") == {"home_coach": (text, url), "away_coach": (text, url)}
    assert sorted(m.to[0] for m in mail.outbox) == ["away_coach@example.com", "home_coach@example.com"]


def test_a_fixture_list_tells_each_coach_of_each_of_his_matches_once(db, commissioner):
    league = bloodbowl_league(commissioner)
    teams = [bloodbowl_team(league, UserFactory(username=f"coach{i}"), f"Team {i}") for i in range(4)]
    matches = fixtures_generate(
        league=league, user=commissioner, rounds="single", first_date=datetime.date(2026, 12, 5), days_between=7
    )

    assert len(matches) == 6
    for match in matches:
        coaches = {s.team.coach.username for s in match.sides.select_related("team__coach")}
        assert set(told(f"arranged:{match.pk}")) == coaches
    assert Notification.objects.filter(event__startswith="arranged:").count() == 12
    assert not Notification.objects.filter(user=commissioner).exists()
    assert {t.coach.notifications.count() for t in teams} == {3}


def test_a_report_asks_the_other_coach_to_confirm_and_a_confirmation_tells_both(bb, commissioner):
    league, home, away = bb
    match = services.match_create(league=league, user=home.coach, home_team_id=home.pk, away_team_id=away.pk)
    services.prematch_roll(match_id=match.pk, user=home.coach)
    url = f"/bloodbowl/matches/{match.pk}/"

    services.report_submit(match_id=match.pk, user=home.coach, report=report(home, away, 1, 0))
    assert told("result-confirm:") == {
        "away_coach": (f"{league.name}: home_coach submitted the result of match {match.pk}: confirm or dispute it.", url)
    }

    services.report_confirm(match_id=match.pk, user=away.coach)
    confirmed = told(f"result-confirmed:{match.pk}:")
    assert set(confirmed) == {"home_coach", "away_coach"}
    assert {u for _, u in confirmed.values()} == {url}
    services.report_confirm(match_id=match.pk, user=away.coach)  # sent again: nobody hears twice
    assert len(told(f"result-confirmed:{match.pk}:")) == 2


def test_a_dispute_tells_the_commissioners_and_the_reporter(bb, commissioner):
    league, home, away = bb
    other = UserFactory(username="second_commissioner")
    league.commissioners.add(other)
    match = services.match_create(league=league, user=home.coach, home_team_id=home.pk, away_team_id=away.pk)
    services.prematch_roll(match_id=match.pk, user=home.coach)
    services.report_submit(match_id=match.pk, user=home.coach, report=report(home, away, 1, 0))

    services.report_dispute(match_id=match.pk, user=away.coach, reason="It was 1-1")
    with raises_invalid():  # again: refused, nobody told twice
        services.report_dispute(match_id=match.pk, user=away.coach, reason="It was 1-1")

    disputed = told("result-disputed:")
    assert set(disputed) == {"commissioner", "second_commissioner", "home_coach"}
    assert (
        disputed["commissioner"][0]
        == f"{league.name}: away_coach disputes the result of match {match.pk}: approve it or void it. Reason: It was 1-1"
    )
    assert disputed["home_coach"][0] == (
        f"{league.name}: away_coach disputes the result you submitted of match {match.pk}: a commissioner decides, or submit a "
        "corrected one. Reason: It was 1-1"
    )
    assert {u for _, u in disputed.values()} == {f"/bloodbowl/matches/{match.pk}/"}


def test_a_commissioner_who_reported_a_disputed_result_is_told_once(bb, commissioner):
    league, home, away = bb
    match = services.match_create(league=league, user=home.coach, home_team_id=home.pk, away_team_id=away.pk)
    services.prematch_roll(match_id=match.pk, user=home.coach)
    services.report_submit(match_id=match.pk, user=commissioner, report=report(home, away, 1, 0))
    services.report_dispute(match_id=match.pk, user=away.coach, reason="No")

    disputed = told("result-disputed:")  # each once
    assert set(disputed) == {"commissioner", "home_coach"}  # he decides; the other coach of the match hears of it
    assert disputed["commissioner"][0].endswith("approve it or void it. Reason: No")
    assert disputed["home_coach"][0].endswith(f"disputes the result of match {match.pk}: a commissioner decides. Reason: No")


def test_the_coach_with_star_player_rolls_to_choose_is_told_once(bb):
    league, home, away = bb
    match = services.match_create(league=league, user=home.coach, home_team_id=home.pk, away_team_id=away.pk)
    services.prematch_roll(match_id=match.pk, user=home.coach)
    services.report_submit(match_id=match.pk, user=home.coach, report=report(home, away, 5, 0))  # 15 SPP to #1
    services.report_confirm(match_id=match.pk, user=away.coach)

    rolls = StarPlayerRoll.objects.filter(match=match, player__team=home)
    assert rolls.exists()
    assert not StarPlayerRoll.objects.filter(match=match, player__team=away).exists()
    rolled = told("bb-star-player-rolls:")
    count = "a star player roll" if rolls.count() == 1 else f"{rolls.count()} star player rolls"
    text = f"{league.name}: Croakers has {count} to choose after match {match.pk}."
    assert rolled == {"home_coach": (text, f"/bloodbowl/matches/{match.pk}/")}
