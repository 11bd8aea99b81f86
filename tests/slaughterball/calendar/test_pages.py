"""The calendar pages: the league's seasons and archive, a season's posted calendar, a week with its
draw button, challenge form, warnings and appeals, and the playoffs; forms post with CSRF, a refused
write shows the page again with the error (400), and a page costs the same queries for any league size."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import get_resolver, reverse
from django.utils import timezone

from rosters.models import LedgerEntry, Team
from slaughterball.models import Challenge, Game, GameSide, Season, Week
from slaughterball.selectors_calendar import round_state
from slaughterball.services.calendar import week_draw
from slaughterball.services.challenges import challenge_issue, round_fill
from slaughterball.services.playoffs import playoff_create, playoff_finish
from tests.factories import LeagueFactory
from tests.slaughterball.calendar.helpers import add_teams, confirm, confirm_week, next_week, started_season, week


@pytest.fixture
def client_as(client: Client):
    def act_as(user):
        client.force_login(user)
        return client

    return act_as


def csrf_client(user) -> Client:
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    return client


def token_of(page: bytes) -> str:
    return re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1).decode()


def test_the_league_page_links_to_its_seasons(client, league):
    page = client.get(reverse("league-detail", args=[league.pk])).content.decode()
    assert reverse("season-list", args=[league.pk]) in page


def test_a_commissioner_creates_and_starts_a_season_with_the_forms(league, commissioner, eight):
    client = csrf_client(commissioner)
    page = client.get(reverse("season-list", args=[league.pk]))
    assert page.status_code == 200
    response = client.post(
        reverse("season-create", args=[league.pk]),
        {
            "name": "Autumn",
            "games_per_team": "10",
            "playoff_size": "4",
            "csrfmiddlewaretoken": token_of(page.content),
        },
    )
    season = Season.objects.get(name="Autumn")
    assert response.status_code == 302
    assert response["Location"] == reverse("season-detail", args=[season.pk])
    page = client.get(reverse("season-detail", args=[season.pk]))
    assert b"Start Autumn" in page.content
    # Start asks first: each team's unspent Support Staff Budget it writes off, and nothing done yet.
    asked = client.post(reverse("season-start", args=[season.pk]), {"csrfmiddlewaretoken": token_of(page.content)})
    assert asked.status_code == 200
    text = asked.content.decode()
    staff_budgets = {
        team.name: sum(team.ledger.filter(account="staff_budget").values_list("amount", flat=True))
        for team in Team.objects.filter(league=league)
    }
    assert any(staff_budgets.values())
    for name, left in staff_budgets.items():
        line = f"{name}: Unspent Support Staff Budget is lost at the start of the season ({left:,} credits)."
        assert (line in text.replace("&#x27;", "'")) is (left > 0)
    season.refresh_from_db()
    assert season.status == Season.Status.SIGNUP
    assert not Week.objects.filter(season=season).exists()
    assert not LedgerEntry.objects.filter(reason__startswith="Unspent").exists()
    response = client.post(
        reverse("season-start", args=[season.pk]), {"csrfmiddlewaretoken": token_of(asked.content), "confirm": "1"}
    )
    first = Week.objects.get(season=season, number=1)
    assert LedgerEntry.objects.filter(reason__startswith="Unspent").count() == sum(1 for v in staff_budgets.values() if v > 0)
    assert response["Location"] == reverse("week-detail", args=[first.pk])
    page = client.get(reverse("week-detail", args=[first.pk]))
    assert b"Make the draw" in page.content
    client.post(reverse("week-draw", args=[first.pk]), {"csrfmiddlewaretoken": token_of(page.content)})
    assert Game.objects.filter(week=first).count() == 2


def test_a_form_without_its_csrf_token_is_refused(league, commissioner):
    client = csrf_client(commissioner)
    response = client.post(
        reverse("season-create", args=[league.pk]), {"name": "Forged", "games_per_team": "10", "playoff_size": "4"}
    )
    assert response.status_code == 403
    assert not Season.objects.exists()


def test_coaches_see_no_commissioner_forms(client_as, league, coach, season):
    page = client_as(coach).get(reverse("week-detail", args=[week(season, 1).pk])).content
    assert b"Make the draw" not in page
    assert b"Rearrange" not in page
    assert client_as(coach).post(reverse("week-draw", args=[week(season, 1).pk])).status_code == 403


def test_the_coach_whose_turn_it_is_challenges_with_checkboxes(client_as, round_week):
    state = round_state(round_week)
    challenger = Team.objects.select_related("coach").get(pk=state.turn.team)
    client = client_as(challenger.coach)
    page = client.get(reverse("week-detail", args=[round_week.pk])).content.decode()
    assert 'type="checkbox" name="targets"' in page
    key = re.search(r'name="idempotency_key" value="([^"]+)"', page).group(1)
    targets = [t for t in state.frozen.order if t != challenger.pk][:3]
    data = {"team": challenger.pk, "targets": targets, "idempotency_key": key}
    response = client.post(reverse("week-challenge", args=[round_week.pk]), data)
    assert response.status_code == 302
    assert Challenge.objects.get().targets == targets
    # The same form sent again is applied once.
    assert client.post(reverse("week-challenge", args=[round_week.pk]), data).status_code == 302
    assert Challenge.objects.count() == 1
    # Another coach, whose turn it is not, sees no form.
    other = Team.objects.select_related("coach").get(pk=state.frozen.order[-1])
    assert b'name="targets"' not in client_as(other.coach).get(reverse("week-detail", args=[round_week.pk])).content


def test_a_refused_challenge_shows_the_page_with_the_rule(client_as, round_week):
    state = round_state(round_week)
    challenger = Team.objects.select_related("coach").get(pk=state.turn.team)
    targets = [t for t in state.frozen.order if t != challenger.pk][:2]
    response = client_as(challenger.coach).post(
        reverse("week-challenge", args=[round_week.pk]), {"team": challenger.pk, "targets": targets, "idempotency_key": "k"}
    )
    assert response.status_code == 400
    assert not Challenge.objects.exists()
    # The form as sent: the challenger's own team not offered, each team with its Team Potential, the teams ticked
    # kept, and the rule beside the teams in people's words (no "challenged:"), where the page opens.
    page = response.content.decode()
    form = page[
        page.index('class="stack calendar-challenge-form"') : page.index("</form>", page.index("calendar-challenge-form"))
    ]
    assert f'value="{challenger.pk}"' not in form.replace(f'name="team" value="{challenger.pk}"', "")
    potentials = state.frozen.potentials
    for team in Team.objects.filter(pk__in=targets):
        assert f"{team.name} · {potentials.get(team.pk, 0):,}" in form
        assert re.search(rf'value="{team.pk}"[^>]*checked', form)
    assert '<p class="field-error">Challenge exactly 3 teams.</p>' in form
    assert "challenged" not in page
    assert re.search(r'name="targets"[^>]*autofocus', form)


def live_version(page: str, week_id: int) -> str:
    return re.search(rf'hx-get="/weeks/{week_id}/live/\?v=([0-9a-f]+)" hx-trigger="every 5s"', page).group(1)


def test_the_week_page_polls_and_shows_new_challenges_without_a_reload(client, client_as, rival, round_week):
    live_url = reverse("week-live", args=[round_week.pk])
    page = client_as(rival).get(reverse("week-detail", args=[round_week.pk])).content.decode()
    version = live_version(page, round_week.pk)
    assert client.get(f"{live_url}?v={version}").status_code == 204  # nothing changed: no swap, ticked boxes stay

    state = round_state(round_week)
    challenger = Team.objects.select_related("coach").get(pk=state.turn.team)
    targets = [t for t in state.frozen.order if t != challenger.pk][:3]
    challenge_issue(week=round_week, user=challenger.coach, team_id=challenger.pk, challenged=targets)

    response = client.get(f"{live_url}?v={version}", HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    live = response.content.decode()
    assert live.lstrip().startswith('<div id="week-live"')
    assert "<html" not in live
    assert f"{challenger.name} — challenge into game 1" in live
    assert live_version(live, round_week.pk) != version  # the next poll compares with what it shows now
    assert client.get(f"{live_url}?v={live_version(live, round_week.pk)}").status_code == 204


def test_the_week_page_stops_polling_once_every_team_has_its_game(client, commissioner, round_week):
    Week.objects.filter(pk=round_week.pk).update(challenges_due=timezone.now() - timedelta(minutes=1))
    round_fill(week=round_week, user=commissioner)
    page = client.get(reverse("week-detail", args=[round_week.pk])).content.decode()
    assert 'id="week-live"' in page
    assert "hx-trigger" not in page
    assert "Every team has its game this week." in page


def test_the_commissioner_fills_and_rearranges_from_the_week_page(client_as, commissioner, round_week):
    client = client_as(commissioner)
    response = client.post(reverse("week-fill", args=[round_week.pk]))
    assert response.status_code == 400  # challenges are not due yet
    assert b"not due yet" in response.content
    Week.objects.filter(pk=round_week.pk).update(challenges_due=timezone.now() - timedelta(minutes=1))
    # It asks first, listing the moves the rules make for the coaches; none is made yet.
    asked = client.post(reverse("week-fill", args=[round_week.pk]))
    assert asked.status_code == 200
    assert re.search(r"<li>[^<]+ challenges [^<]+\.</li>", asked.content.decode())
    assert not Game.objects.filter(week=round_week).exists()
    assert client.post(reverse("week-fill", args=[round_week.pk]), {"confirm": "1"}).status_code == 302
    games = list(Game.objects.filter(week=round_week).prefetch_related("sides"))
    a, b = ([s.team_id for s in g.sides.all()] for g in games)
    response = client.post(
        reverse("week-rearrange", args=[round_week.pk]),
        {
            "team": a[0],
            "to_game": games[1].pk,
            "swap_with": b[0],
            "reason": "Cycle the small games",
            "idempotency_key": "r1",
        },
    )
    assert response.status_code == 302
    assert games[1].sides.filter(team_id=a[0]).exists()


def test_appeals_on_the_week_page(client_as, league, commissioner, round_week):
    league.options = {**league.options, "appeals_allowed": True}
    league.save()
    state = round_state(round_week)
    challenger = Team.objects.select_related("coach").get(pk=state.turn.team)
    targets = [t for t in state.frozen.order if t != challenger.pk][:3]
    client_as(challenger.coach).post(
        reverse("week-challenge", args=[round_week.pk]), {"team": challenger.pk, "targets": targets, "idempotency_key": "c"}
    )
    game = Game.objects.get(week=round_week)
    target = Team.objects.select_related("coach").get(pk=targets[0])
    page = client_as(target.coach).get(reverse("week-detail", args=[round_week.pk])).content.decode()
    assert reverse("appeal-create", args=[game.pk]) in page
    response = client_as(target.coach).post(reverse("appeal-create", args=[game.pk]), {"team": target.pk, "reason": "Away"})
    assert response.status_code == 302
    page = client_as(commissioner).get(reverse("week-detail", args=[round_week.pk])).content.decode()
    assert "Grant" in page
    assert "Appeals this season" in page
    appeal = game.appeals.get()
    assert client_as(commissioner).post(reverse("appeal-decide", args=[appeal.pk]), {"granted": "yes"}).status_code == 302
    appeal.refresh_from_db()
    assert appeal.state == "granted"


def test_the_playoff_page_and_the_archive(client, league, commissioner, eight):
    season = started_season(league, commissioner, games_per_team=1)
    week_draw(week=week(season, 1), user=commissioner)
    confirm_week(week(season, 1))
    assert b"Set the Slaughterbrawl" not in client.get(reverse("season-playoffs", args=[season.pk])).content
    game, _ = playoff_create(season=season, user=commissioner)
    confirm(game)
    playoff_finish(season)
    page = client.get(reverse("season-playoffs", args=[season.pk])).content.decode()
    champion = Season.objects.get(pk=season.pk).champion
    assert f"Champion of {season.name}: <strong>{champion.name}</strong>" in page
    assert "The path" in page
    archive = client.get(reverse("season-list", args=[league.pk])).content.decode()
    assert "Archive" in archive
    assert champion.name in archive


def grown(league, commissioner, size: int, start: int) -> Week:
    add_teams(league, size, start=start)
    season = started_season(league, commissioner)
    week_draw(week=week(season, 1), user=commissioner)
    confirm_week(week(season, 1))
    current = next_week(season, commissioner, challenges_due=None)
    round_fill(week=current, user=commissioner)
    return current


@pytest.mark.parametrize("page", ["week-detail", "week-live", "season-detail", "season-list", "season-playoffs"])
def test_a_page_costs_the_same_queries_for_any_league_size(page, commissioner, client):
    counts = []
    for size in (6, 14):
        league = LeagueFactory(commissioner=commissioner)
        current = grown(league, commissioner, size, start=0 if size == 6 else 20)
        client.force_login(commissioner)
        arg = {
            "week-detail": current.pk,
            "week-live": current.pk,
            "season-detail": current.season_id,
            "season-list": league.pk,
            "season-playoffs": current.season_id,
        }[page]
        with CaptureQueriesContext(connection) as queries:
            assert client.get(reverse(page, args=[arg])).status_code == 200
        counts.append(len(queries))
        Season.objects.filter(league=league).update(status=Season.Status.FINISHED)
    assert counts[0] == counts[1]


def test_a_refused_form_shows_the_rule_beside_its_field_and_keeps_what_was_typed(client_as, commissioner, season):
    first = week(season, 1)  # a draw week: no challenges deadline
    typed = {"challenges_due": "2030-01-05T18:00", "games_due": "2030-01-09T20:30"}
    response = client_as(commissioner).post(reverse("week-deadlines", args=[first.pk]), typed)
    assert response.status_code == 400
    page = response.content.decode()
    field = page[page.index('name="challenges_due"') :]
    assert field.index("Only a challenge round has a challenges deadline.") < field.index('name="games_due"')
    tag = re.search(r'<input[^>]*name="challenges_due"[^>]*>', page).group(0)
    assert 'value="2030-01-05T18:00"' in tag
    assert "autofocus" in tag
    assert 'value="2030-01-09T20:30"' in page
    assert "<code>challenges_due</code>" not in page


@pytest.fixture
def one_game_a_page(monkeypatch):
    get_resolver().url_patterns  # noqa: B018 (the URLconf registers the converter the view's module uses)
    monkeypatch.setattr("slaughterball.views.calendar.GAMES_A_PAGE", 1)


@pytest.mark.usefixtures("one_game_a_page")
@pytest.mark.parametrize("page", ["week-detail", "week-live"])
def test_the_week_page_shows_a_page_of_games_with_the_coachs_own_pinned_at_a_fixed_cost(page, commissioner, client):
    for size in (6, 14):
        league = LeagueFactory(commissioner=commissioner)
        current = grown(league, commissioner, size, start=0 if size == 6 else 20)
        games = list(Game.objects.filter(week=current).order_by("number"))
        last = GameSide.objects.filter(game=games[-1]).select_related("team__coach").first().team
        client.force_login(last.coach)
        url = reverse(page, args=[current.pk])
        client.get(url)  # the session's first read
        with CaptureQueriesContext(connection) as captured:
            answer = client.get(url)
        # The session and its user, then: the week with its season and league; the counts of the season's teams, the
        # week's games and challenges and the season's appeals (none: the appeals per coach are not read); the round
        # state's games and their teams; the small games of this week and the one before with their teams' names
        # (warnings); the league's commissioners; the viewer's teams in the season; a page of the games and the viewer's,
        # and the sides of those shown with their teams and coaches; a page of the challenges and the viewer's; the
        # teams of the page of the challenge order. The whole page (not its live part) adds the nav's unread count.
        nav = 1 if page == "week-detail" else 0
        assert len(captured) - 2 - nav == 12, "\n".join(q["sql"][:150] for q in captured)
        body = answer.content.decode()
        assert body.count(f'id="own-game-{games[-1].pk}"') == 1  # the coach's game, from the last page, pinned above
        assert f'id="game-{games[0].pk}"' in body
        assert not any(f'game-{game.pk}"' in body for game in games[1:-1])  # on other pages
        assert f"1\u20131 of {len(games)}" in body  # the pager: first to last (an en dash) of all
        everything = client.get(f"{url}?all=1").content.decode()
        assert all(f'id="game-{game.pk}"' in everything for game in games)
        assert "own-game-" not in everything
        Season.objects.filter(league=league).update(status=Season.Status.FINISHED)
