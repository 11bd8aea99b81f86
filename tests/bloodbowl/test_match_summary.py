"""The reported result at the top of the Blood Bowl match page (issue 28, "confirming a match on a phone"): the score,
casualties, MVPs, each player's Star Player Points and the injuries, read-only, with Confirm and Dispute right below
the score; correcting the report is a closed section further down, opened only when a correction came back refused.
The browser's view of it on a phone: tests/e2e/test_bloodbowl_journey.py."""

from __future__ import annotations

import pytest
from django.test import Client

from bloodbowl.models import Match
from bloodbowl.services import matches as services
from bloodbowl.services.matches import match_refusal_record
from tests.bloodbowl.match_helpers import bloodbowl_league, bloodbowl_team
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

# "\u2013" below: the en dash between two scores.


def _as(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def page_of(user, match: Match) -> str:
    return " ".join(_as(user).get(f"/bloodbowl/matches/{match.pk}/").content.decode().split())


@pytest.fixture
def reported(commissioner):
    """Croakers 2 - 0 Bog Kings, reported by the home coach: #1 scores twice and is the MVP, #2 throws a completion
    and causes a casualty; the away MVP is #5; away #4 is hurt (a niggling injury, AV -1, misses the next match)."""
    league = bloodbowl_league(commissioner)
    home = bloodbowl_team(league, UserFactory(username="home_coach"), "Croakers")
    away = bloodbowl_team(league, UserFactory(username="away_coach"), "Bog Kings")
    match = services.match_create(league=league, user=home.coach, home_team_id=home.pk, away_team_id=away.pk)
    services.prematch_roll(match_id=match.pk, user=home.coach)
    scorer, thrower = home.bb_players.get(number=1), home.bb_players.get(number=2)
    report = {
        "home": {
            "score": 2,
            "casualties": 1,
            "mvp": scorer.pk,
            "players": [
                {"player": scorer.pk, "touchdowns": 2},
                {"player": thrower.pk, "completions": 1, "casualties": 1},
            ],
        },
        "away": {
            "score": 0,
            "casualties": 0,
            "mvp": away.bb_players.get(number=5).pk,
            "injuries": [
                {
                    "player": away.bb_players.get(number=4).pk,
                    "niggling": 1,
                    "characteristics_lost": ["av"],
                    "miss_next_match": True,
                }
            ],
        },
    }
    services.report_submit(match_id=match.pk, user=home.coach, report=report)
    return Match.objects.get(pk=match.pk), home, away


def test_the_coach_who_confirms_reads_the_reported_result_at_the_top(reported):
    match, _home, away = reported

    page = page_of(away.coach, match)

    summary = page.split('id="report-summary"')[1].split("</section>")[0]
    assert "The reported result" in summary
    assert "<span>Croakers</span> <strong>2 \u2013 0</strong> <span>Bog Kings</span>" in summary
    assert "Casualties 1 \u2013 0 · MVP Croakers 1, Bog Kings 5 · reported by home_coach" in summary
    # Star Player Points table: TD 3, COMP 1, CAS 2, MVP 5.
    assert '#1 Croakers 1: 2 <abbr title="Touchdowns">TD</abbr>, MVP, <strong>11 SPP</strong>' in summary
    completion, casualty = '1 <abbr title="Completions">COMP</abbr>', '1 <abbr title="Casualties">CAS</abbr>'
    assert f"#2 Croakers 2: {completion}, {casualty}, <strong>3 SPP</strong>" in summary
    assert "#5 Bog Kings 5: MVP, <strong>5 SPP</strong>" in summary
    assert "#4 Bog Kings 4 (1 niggling, AV -1, misses next match)" in summary
    assert summary.index("Confirm the report") < summary.index("Star Player Points")  # right below the score
    assert "Dispute the report" in summary


def test_the_summary_comes_before_the_team_cards_and_correcting_is_a_closed_step(reported):
    match, _home, away = reported

    page = page_of(away.coach, match)

    assert page.index('id="report-summary"') < page.index('data-label="Score"')
    assert '<details class="card no-print" id="correct-report">' in page  # closed
    assert page.index("Confirm the report") < page.index("Correct the report")
    assert 'name="home-score" value="2"' in page  # the correction starts from what was reported


def test_a_refused_correction_opens_the_step_at_its_error(reported):
    match, home, away = reported
    scorer = home.bb_players.get(number=1)
    form = {
        "home-score": "3",  # two touchdowns typed: refused
        "home-mvp": str(scorer.pk),
        f"home-{scorer.pk}-touchdowns": "2",
        "away-score": "0",
        "away-mvp": str(away.bb_players.get(number=5).pk),
    }

    refused = _as(away.coach).post(f"/bloodbowl/matches/{match.pk}/report/", form)

    assert refused.status_code == 400
    page = refused.content.decode()
    assert '<details class="card no-print" id="correct-report" open>' in page
    assert "make 2, but the score is 3" in page
    assert Match.objects.get(pk=match.pk).report == match.report  # the report standing is still the one summed up


def test_the_reporter_reads_the_summary_without_confirming(reported):
    match, home, _away = reported

    page = page_of(home.coach, match)

    assert "<strong>2 \u2013 0</strong>" in page
    assert "Confirm the report" not in page
    assert "Dispute the report" not in page
    assert "Correct the report" in page


def test_a_confirmed_match_keeps_its_result_summed_up_without_the_forms(reported, commissioner):
    match, _home, away = reported
    services.report_confirm(match_id=match.pk, user=away.coach)

    for viewer in (away.coach, commissioner, UserFactory()):
        page = page_of(viewer, Match.objects.get(pk=match.pk))
        summary = page.split('id="report-summary"')[1].split("</section>")[0]
        assert ">The result</h2>" in summary
        assert "<strong>11 SPP</strong>" in summary
        assert "Confirm the report" not in page
        assert "Correct the report" not in page


def test_a_match_not_reported_yet_opens_at_its_report_form(bb):
    league, home, away = bb
    match = services.match_create(league=league, user=home.coach, home_team_id=home.pk, away_team_id=away.pk)
    services.prematch_roll(match_id=match.pk, user=home.coach)

    page = page_of(home.coach, match)

    assert 'id="report-summary"' not in page
    assert '<section class="card no-print" id="report"> <h2>Report the match</h2>' in page


def test_a_refused_challenge_reads_as_its_9_0_without_star_player_points(bb, commissioner):
    league, home, away = bb
    match = services.match_create(league=league, user=home.coach, home_team_id=home.pk, away_team_id=away.pk)
    match_refusal_record(match=match, user=commissioner, refused_by="away")

    summary = page_of(commissioner, match).split('id="report-summary"')[1].split("</section>")[0]

    assert "<strong>9 \u2013 0</strong>" in summary
    assert "A refused challenge: no Star Player Points, cash or Fan Factor." in summary
    assert "SPP" not in summary
