"""The result pages: the game page (result form, live entry on a phone, confirm, dispute, approve,
void, history), the standings, and the Game Record and League Ranking Sheets (print and PDF)."""

from __future__ import annotations

import io
import re

import pytest
from django.test import Client
from pypdf import PdfReader

from leagues.models import League
from slaughterball.models import Game, GameSide, ResultDraft
from slaughterball.services.results import result_approve, result_dispute, result_submit
from slaughterball.services.standings import standings_recompute
from tests.factories import UserFactory
from tests.slaughterball.results.helpers import make_game, make_team_for, result

SCORES = [30, 20, 10, 5]


@pytest.fixture
def as_user(client: Client):
    def act_as(user):
        client.force_login(user)
        return client

    return act_as


def result_form(game, teams, scores=SCORES, order=None, **extra):
    """The result form as sent; its game's pre-game unfinished, as the second POST that says "report it anyway"
    (the question itself: test_a_result_before_the_pre_game_is_finished_asks_first)."""
    data = {"idempotency_key": "form-1", "confirm": "1", **extra}
    for index, team in enumerate(teams):
        data[f"order_{team.pk}"] = str((order or list(range(1, len(teams) + 1)))[index])
        data[f"score_{team.pk}"] = "" if scores[index] is None else str(scores[index])
        data[f"unused_{team.pk}"] = "0"
        if scores[index] is None:
            data[f"noshow_{team.pk}"] = "on"
    return data


def test_anyone_sees_the_game_and_no_forms(client, game, teams):
    page = client.get(f"/games/{game.pk}/")
    assert page.status_code == 200
    html = page.content.decode()
    for team in teams:
        assert team.name in html
    assert "Submit the result" not in html
    assert "Live scoring" not in html


def test_a_coach_gets_the_result_form_and_live_entry(as_user, game, coach):
    html = as_user(coach).get(f"/games/{game.pk}/").content.decode()
    assert "Live scoring" in html
    assert "Submit the result" in html
    assert 'name="csrfmiddlewaretoken"' in html
    assert "hx-post" in html


def test_live_entry_keeps_the_log_and_scores_as_a_draft(as_user, game, teams, coach):
    client = as_user(coach)
    a, b = teams[0].pk, teams[1].pk
    client.post(f"/games/{game.pk}/live/", {"team": a, "kind": "goals-opened"})
    client.post(f"/games/{game.pk}/live/", {"team": a, "kind": "goal", "distance": "4"})
    page = client.post(
        f"/games/{game.pk}/live/", {"team": b, "kind": "spike", "target": "cleaver", "distance": "2"}, HTTP_HX_REQUEST="true"
    )
    assert page.status_code == 200
    assert 'id="live-entry"' in page.content.decode()
    assert "<html" not in page.content.decode()
    client.post(f"/games/{game.pk}/live/", {"team": b, "kind": "slaughter", "target": "butcher", "injured": "on"})
    client.post(f"/games/{game.pk}/live/", {"action": "penalize", "index": "3"})
    log = ResultDraft.objects.get(game=game).data["scoring_log"]
    assert [e["kind"] for e in log] == ["goals-opened", "goal", "spike", "slaughter"]
    assert log[3]["penalized"] is True
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert f'name="score_{a}" value="6"' in html  # 2 + 4
    assert f'name="score_{b}" value="3"' in html  # spike 1 + 2; the penalized slaughter revoked
    refused = client.post(f"/games/{game.pk}/live/", {"team": a, "kind": "goals-opened"})
    assert refused.status_code == 400
    assert "open only once" in refused.content.decode()
    bad = client.post(f"/games/{game.pk}/live/", {"team": a, "kind": "spike", "target": "razor"})
    assert bad.status_code == 400
    client.post(f"/games/{game.pk}/live/", {"action": "remove", "index": "0"})
    assert len(ResultDraft.objects.get(game=game).data["scoring_log"]) == 3


def test_submitting_from_the_page_with_the_live_log(as_user, game, teams, coach):
    client = as_user(coach)
    client.post(f"/games/{game.pk}/live/", {"team": teams[0].pk, "kind": "goal", "distance": "5"})
    response = client.post(f"/games/{game.pk}/result/", {**result_form(game, teams, [5, 0, 0, 0]), "use_log": "on"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.state == Game.State.SUBMITTED
    assert game.events.get().payload["scoring_log"][0]["distance"] == 5
    again = client.post(
        f"/games/{game.pk}/result/", {**result_form(game, teams, [6, 0, 0, 0]), "use_log": "on", "idempotency_key": "form-2"}
    )
    assert again.status_code == 400  # the log adds up to 5, not 6
    assert "adds up to 5 points" in again.content.decode()


def test_a_result_with_problems_is_shown_again_with_each_one(as_user, game, teams, coach):
    client = as_user(coach)
    response = client.post(f"/games/{game.pk}/result/", result_form(game, teams, [20, 20, 3, 1]))
    assert response.status_code == 400
    assert "tie for first place" in response.content.decode()
    response = client.post(f"/games/{game.pk}/result/", result_form(game, teams, order=[1, 1, 2, 3]))
    assert response.status_code == 400
    assert "its own place in the order of play" in response.content.decode()
    assert Game.objects.get(pk=game.pk).state == Game.State.SCHEDULED


def test_submit_then_confirm_then_the_history_shows(as_user, game, teams, coach, rival, third, fourth):
    response = as_user(coach).post(f"/games/{game.pk}/result/", result_form(game, teams, order=[2, 1, 3, 4]))
    assert response.status_code == 302
    assert {s.team_id: s.order_of_play for s in game.sides.all()} == {
        teams[0].pk: 2,
        teams[1].pk: 1,
        teams[2].pk: 3,
        teams[3].pk: 4,
    }
    page = as_user(rival).get(f"/games/{game.pk}/").content.decode()
    assert "Confirm the result" in page
    assert "Dispute the result" in page
    for user in (rival, third, fourth):
        assert as_user(user).post(f"/games/{game.pk}/confirm/", {"idempotency_key": f"k-{user.pk}"}).status_code == 302
    game.refresh_from_db()
    assert game.state == Game.State.CONFIRMED
    html = as_user(coach).get(f"/games/{game.pk}/").content.decode()
    assert "submitted the result" in html
    assert html.count("confirmed") >= 3
    assert "400,000" in html
    assert "1st" in html


def test_a_result_before_the_pre_game_is_finished_asks_first(as_user, game, teams, coach, other_commissioner):
    """Nobody held the auction or chose athletes: the page says what is missing before the result goes in, and
    reports it only on the question's own button; once it is in, the game page says what it lacked."""
    page = as_user(coach).get(f"/games/{game.pk}/").content.decode()
    assert "The pre-game is not finished" in page
    assert "The maverick auction was not held." in page
    form = {key: value for key, value in result_form(game, teams).items() if key != "confirm"}

    asked = as_user(coach).post(f"/games/{game.pk}/result/", form)
    html = asked.content.decode()
    assert asked.status_code == 200
    assert "Report the result without its pre-game?" in html
    assert "The maverick auction was not held." in html
    for team in teams:
        assert f"{team.name} has not chosen its athletes." in html
    assert "any six athletes of a team without a lineup may learn" in html
    assert Game.objects.get(pk=game.pk).state == Game.State.SCHEDULED  # nothing written

    assert as_user(coach).post(f"/games/{game.pk}/result/", {**form, "confirm": "1"}).status_code == 302
    assert Game.objects.get(pk=game.pk).state == Game.State.SUBMITTED
    page = as_user(coach).get(f"/games/{game.pk}/").content.decode()
    assert "Reported without its pre-game" in page
    corrected = as_user(coach).post(f"/games/{game.pk}/result/", {**form, "idempotency_key": "form-2"})
    assert corrected.status_code == 302  # a correction: the pre-game ended with the first result, nothing to ask

    other = make_game(game.week.season, teams, week=2)
    refused = as_user(other_commissioner).post(f"/games/{other.pk}/result/", result_form(other, teams) | {"confirm": ""})
    assert refused.status_code == 403  # asked nothing: he may not report it at all


def test_a_finished_pre_game_reports_the_result_at_once(as_user, game, teams, coach):
    for side, team in zip(game.sides.order_by("id"), teams, strict=True):
        side.lineup = [{"id": a, "value": 0} for a in team.athletes.values_list("pk", flat=True)[:6]]
        side.save(update_fields=["lineup"])
    form = {key: value for key, value in result_form(game, teams).items() if key != "confirm"}
    assert "The pre-game is not finished" not in as_user(coach).get(f"/games/{game.pk}/").content.decode()
    assert as_user(coach).post(f"/games/{game.pk}/result/", form).status_code == 302
    assert Game.objects.get(pk=game.pk).state == Game.State.SUBMITTED


def test_dispute_approve_and_void_from_the_page(as_user, game, teams, coach, rival, commissioner):
    result_submit(game_id=game.pk, user=coach, sides=result(teams, SCORES))
    assert as_user(rival).post(f"/games/{game.pk}/dispute/", {"reason": "Wrong", "idempotency_key": "d"}).status_code == 302
    assert Game.objects.get(pk=game.pk).state == Game.State.DISPUTED
    page = as_user(commissioner).get(f"/games/{game.pk}/").content.decode()
    assert "Approve the result" in page
    assert "Void the result" in page
    assert as_user(commissioner).post(f"/games/{game.pk}/approve/", {"idempotency_key": "a"}).status_code == 302
    assert as_user(commissioner).post(f"/games/{game.pk}/void/", {"reason": "", "idempotency_key": "v"}).status_code == 400
    # The void asks first, naming what it reverses: each team's prize money, the places and League Points.
    void = {"reason": "Replay", "idempotency_key": "v"}
    asked = as_user(commissioner).post(f"/games/{game.pk}/void/", void)
    assert asked.status_code == 200
    assert Game.objects.get(pk=game.pk).state == Game.State.CONFIRMED
    text = " ".join(asked.content.decode().split())
    paid = {side.team.name: side.prize_money for side in GameSide.objects.filter(game=game).select_related("team")}
    for name, prize in paid.items():
        assert f"{name} gives back {prize:,} credits from its" in text
    assert "Places and League Points come off the standings" in text
    assert "are told, with your reason: Replay" in text
    assert as_user(commissioner).post(f"/games/{game.pk}/void/", {**void, "confirm": "1"}).status_code == 302
    assert Game.objects.get(pk=game.pk).state == Game.State.VOIDED


def test_people_not_in_the_game_are_refused(as_user, client, game, teams, league, other_commissioner):
    outsider = UserFactory(username="outsider")
    make_team_for(league, outsider, "Outsiders")
    for user in (outsider, other_commissioner):
        assert as_user(user).post(f"/games/{game.pk}/result/", result_form(game, teams)).status_code == 403
        assert as_user(user).post(f"/games/{game.pk}/live/", {"team": teams[0].pk, "kind": "goals-opened"}).status_code == 403
        assert as_user(user).post(f"/games/{game.pk}/approve/", {"idempotency_key": "x"}).status_code == 403
    client.logout()
    assert client.post(f"/games/{game.pk}/result/", result_form(game, teams)).status_code == 302  # to the login page


def test_forms_need_the_csrf_token(game, teams, coach):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(coach)
    assert strict.post(f"/games/{game.pk}/result/", result_form(game, teams)).status_code == 403


def confirmed(game, teams, coach, commissioner):
    result_submit(game_id=game.pk, user=coach, sides=result(teams, SCORES))
    result_approve(game_id=game.pk, user=commissioner)
    standings_recompute(season_id=game.week.season_id)


def test_the_standings_page(client, league, season, game, teams, coach, commissioner, django_assert_max_num_queries):
    confirmed(game, teams, coach, commissioner)
    with django_assert_max_num_queries(8):
        page = client.get(f"/leagues/{league.pk}/standings/")
    html = page.content.decode()
    assert page.status_code == 200
    assert html.index(teams[0].name) < html.index(teams[1].name) < html.index(teams[3].name)
    assert "recorded random draw" in html
    assert client.get(f"/leagues/{league.pk}/standings/?week=0").status_code == 200
    assert client.get(f"/leagues/{league.pk}/standings/?week=7").status_code == 404
    for bad in ("?season=²", "?week=²", f"?week={'9' * 5000}", f"?season={10**30}"):
        assert client.get(f"/leagues/{league.pk}/standings/{bad}").status_code == 400, bad
    other = League.objects.exclude(pk=league.pk).first() or league
    assert client.get(f"/leagues/{other.pk}/standings/").status_code == 200


def test_the_game_record_sheet_shows_the_values_stored_at_the_game(client, season, game, teams, coach, commissioner):
    confirmed(game, teams, coach, commissioner)
    for _ in range(3):
        confirmed(make_game(season, teams, week=1), teams, coach, commissioner)
    make_game(season, teams, week=1)  # a fifth game of the week, not played yet: a second sheet
    game.sides.filter(team=teams[0]).update(pit_power=18_600_000)
    html = client.get(f"/weeks/{game.week_id}/game-records/").content.decode()
    assert html.count("Slaughterball · Game Record Sheet") == 2
    assert html.count("<h1") == 1
    assert f"<h1>Game Record Sheets: {season.league.name}, {season.name}, week 1</h1>" in html
    assert "18,600,000" in html
    assert "400,000" in html
    assert "1st" in html
    assert client.get(f"/seasons/{season.pk}/game-records/").status_code == 200


def test_ties_are_shown_on_the_game_record_sheet(client, game, teams, coach, commissioner):
    result_submit(game_id=game.pk, user=coach, sides=result(teams, [30, 20, 20, 5]))
    result_approve(game_id=game.pk, user=commissioner)
    html = client.get(f"/weeks/{game.week_id}/game-records/").content.decode()
    assert html.count("2nd (tie)") == 2
    assert "3rd" in html


def test_the_ranking_sheet_has_week_columns_and_the_tie_break_note(client, season, game, teams, coach, commissioner):
    confirmed(game, teams, coach, commissioner)
    html = client.get(f"/seasons/{season.pk}/ranking-sheet/").content.decode()
    assert "League Ranking Sheet" in html
    assert "Week 1" in html
    assert "recorded random" in html
    assert "Team Potential" in html
    assert f'href="/seasons/{season.pk}/ranking-sheet.pdf"' in html
    assert f'href="/leagues/{season.league_id}/standings/?season={season.pk}"' in html


@pytest.mark.parametrize(
    "url", ["/weeks/{week}/game-records.pdf", "/seasons/{season}/game-records.pdf", "/seasons/{season}/ranking-sheet.pdf"]
)
def test_sheets_as_pdf(get_sheet, season, game, teams, coach, commissioner, url):
    confirmed(game, teams, coach, commissioner)
    response = get_sheet(url.format(week=game.week_id, season=season.pk))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response.pdf.startswith(b"%PDF")
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.pdf)).pages).lower()
    assert teams[0].name.lower() in text
    assert ("game record sheet" in text) != ("league ranking sheet" in text)


def test_the_game_record_sheet_counts_staff_tokens_as_edge_tokens(client, game, teams):
    """Edge Tokens: "Coaches can get them from the Underdog Bonus or from support staff"."""
    game.sides.update(edge_tokens=0)
    game.sides.filter(team=teams[1]).update(edge_tokens=1, staff_tokens={"reroll": 2, "cancel-card": 1})
    html = client.get(f"/weeks/{game.week_id}/game-records/").content.decode()
    assert '<td class="num" data-label="Edge Tokens">4</td>' in html


def test_correcting_a_disputed_result_starts_from_the_result_standing(as_user, game, teams, coach, rival):
    client = as_user(coach)
    a = teams[0].pk
    client.post(f"/games/{game.pk}/live/", {"team": a, "kind": "goal", "distance": "5"})  # a live log, left behind
    result_submit(game_id=game.pk, user=coach, sides=result(teams, SCORES))
    result_dispute(game_id=game.pk, user=rival, reason="Our score was 21.")
    html = client.get(f"/games/{game.pk}/").content.decode()
    for team, score in zip(teams, SCORES, strict=True):
        assert f'name="score_{team.pk}" value="{score}"' in html
    assert re.search(r'<input type="checkbox" name="use_log"(?![^>]*checked)[^>]*>', html)


def test_typed_scores_refused_by_the_log_name_the_checkbox(as_user, game, teams, coach):
    client = as_user(coach)
    client.post(f"/games/{game.pk}/live/", {"team": teams[0].pk, "kind": "goal", "distance": "5"})
    response = client.post(f"/games/{game.pk}/result/", {**result_form(game, teams, [30, 20, 10, 5]), "use_log": "on"})
    assert response.status_code == 400
    assert "Untick “Submit the live scoring log with the scores” to submit the scores as typed." in response.content.decode()


@pytest.mark.parametrize(
    "url",
    [
        "/weeks/{week}/game-records/",
        "/seasons/{season}/game-records/",
        "/seasons/{season}/ranking-sheet/",
        "/weeks/{week}/game-records.pdf",
        "/seasons/{season}/ranking-sheet.pdf",
    ],
)
def test_the_public_sheets_name_the_commissioners_without_their_email_addresses(
    get_sheet, season, game, teams, coach, commissioner, url
):
    confirmed(game, teams, coach, commissioner)
    response = get_sheet(url.format(week=game.week_id, season=season.pk))
    if response["Content-Type"] == "application/pdf":
        text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.pdf)).pages)
    else:
        text = response.content.decode()
    assert commissioner.username in text
    assert commissioner.email not in text
