"""PDF sheets (the sheets app): stored once per state of their data and served as files, small ones rendered in the
request, big ones on a worker behind a page that shows their progress; throttled per client."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from pitside.throttling import SheetThrottle
from rosters.models import Team
from rosters.services import grant_create
from sheets import services
from sheets.keys import sheet_data
from sheets.models import Sheet
from sheets.tasks import sheet_render_task
from slaughterball.large import seed_large
from slaughterball.models import Athlete, AthleteAdjustment, Game, GameSide, Season, Standing, Week
from slaughterball.selectors_teams import team_get
from slaughterball.services.standings import standings_recompute
from slaughterball.services.teams import purchase_make
from slaughterball.sheets import GAME_RECORD_TEMPLATE, week_records_data
from slaughterball.sheets_teams import SHEET_TEMPLATE, roster_sheet_context, roster_sheet_data, roster_sheet_rows
from tests.rosters.helpers import race
from tests.sheets.helpers import assert_each_change_is_seen

pytestmark = pytest.mark.django_db


def pdf_text(content: bytes) -> str:
    return "".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def file_bytes(response) -> bytes:
    return b"".join(response.streaming_content)


@pytest.fixture
def ranking_url(db) -> str:
    """A Slaughterball league of six teams and two weeks of results: its League Ranking Sheet's PDF."""
    season = Season.objects.get(league=seed_large(6, 2))
    return reverse("season-ranking-pdf", args=[season.pk])


def test_a_sheet_is_rendered_once_until_its_data_changes(client, team, renders, media_root):
    url = reverse("team-roster-pdf", args=[team.pk])
    first = file_bytes(client.get(url))
    assert file_bytes(client.get(url)) == first
    assert len(renders) == 1

    Team.objects.filter(pk=team.pk).update(name="Renamed Raiders")  # no signal, no save(): the data alone
    changed = file_bytes(client.get(url))

    assert len(renders) == 2
    assert "Renamed Raiders" in pdf_text(changed)
    assert "Renamed Raiders" not in pdf_text(first)
    # The rendering of the old data is gone, with its file: storage does not grow with every change.
    sheet = Sheet.objects.get(kind="slaughterball-roster", object_id=team.pk)
    assert sheet.state == Sheet.State.READY
    assert [p.name for p in (media_root / "sheets").iterdir()] == [Path(sheet.pdf.name).name]


def test_pdf_sheets_are_throttled_per_client(client, team, coach, settings):
    allowed, _ = SheetThrottle().parse_rate(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["sheets"])
    url = reverse("team-roster-pdf", args=[team.pk])
    for _ in range(allowed):
        assert client.get(url).status_code == 200

    refused = client.get(url)

    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert Client(REMOTE_ADDR="192.0.2.7").get(url).status_code == 200  # another address
    logged_in = Client()
    logged_in.force_login(coach)
    assert logged_in.get(url).status_code == 200  # a user counts as himself
    assert client.get(reverse("team-roster-sheet", args=[team.pk])).status_code == 200  # the print page is not a PDF


def test_with_redis_down_a_sheet_is_rendered_unthrottled_and_stored(client, team, renders, redis_down):
    url = reverse("team-roster-pdf", args=[team.pk])
    first, second = client.get(url), client.get(url)
    assert (first.status_code, second.status_code) == (200, 200)
    assert first["Content-Type"] == "application/pdf"
    assert len(renders) == 1  # nothing refused; kept in the database and on disk, not in the cache


def test_a_big_sheet_shows_its_progress_then_becomes_the_download(
    client, ranking_url, renders, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False) as queued:
        preparing = client.get(ranking_url)

    assert preparing.status_code == 202
    assert preparing["Retry-After"] == "3"
    assert len(queued) == 1  # the task, queued after commit
    assert renders == []  # the request rendered nothing
    sheet = Sheet.objects.get(kind="slaughterball-ranking")
    page = preparing.content.decode()
    assert "preparing, 0%" in page
    assert "waiting for a worker" in page
    assert f'hx-get="/sheets/{sheet.pk}/"' in page

    # A worker half-way through the layout: the page's poll shows it.
    Sheet.objects.filter(pk=sheet.pk).update(state=Sheet.State.RENDERING, progress=40, stage="Laid out page 3 of about 7")
    polled = client.get(reverse("sheet-status", args=[sheet.pk]), headers={"HX-Request": "true"})
    assert polled.status_code == 202
    assert "preparing, 40% (Laid out page 3 of about 7)" in polled.content.decode()
    assert "<html" not in polled.content.decode()  # the part htmx swaps, not the page

    Sheet.objects.filter(pk=sheet.pk).update(state=Sheet.State.QUEUED)
    queued[0]()  # the worker's turn (eager here)
    ready = client.get(reverse("sheet-status", args=[sheet.pk]), headers={"HX-Request": "true"})
    assert ready["HX-Redirect"] == reverse("sheet-file", args=[sheet.pk])
    download = client.get(ready["HX-Redirect"])
    assert download["Content-Type"] == "application/pdf"
    assert "league ranking sheet" in pdf_text(file_bytes(download)).lower()
    # The sheet's own URL now answers the file at once, rendering nothing more.
    again = client.get(ranking_url)
    assert again.status_code == 200
    assert file_bytes(again) == file_bytes(client.get(ready["HX-Redirect"]))
    assert len(renders) == 1


def test_the_progress_is_stored_while_it_renders(ranking_url, client, django_capture_on_commit_callbacks, monkeypatch):
    stages: list[tuple[int, str]] = []
    monkeypatch.setattr(services, "PROGRESS_EVERY_SECONDS", 0)
    with django_capture_on_commit_callbacks(execute=True):
        client.get(ranking_url)
    sheet = Sheet.objects.get(kind="slaughterball-ranking")
    assert sheet.state == Sheet.State.READY
    assert (sheet.progress, sheet.pages) == (100, 1)

    # The next rendering (the data changed) reports each page against the last one's page count.
    real = services._progress_of

    def recording(sheet_id: int):
        store = real(sheet_id)

        def progress(percent: int, stage: str) -> None:
            stages.append((percent, stage))
            store(percent, stage)

        return progress

    monkeypatch.setattr(services, "_progress_of", recording)
    team = Team.objects.filter(league__seasons__pk=sheet.object_id).first()
    Team.objects.filter(pk=team.pk).update(name="Renamed")
    with django_capture_on_commit_callbacks(execute=True):
        client.get(ranking_url)
    assert [stage for _, stage in stages] == [
        "Laying out the pages",
        "Laid out page 1 of about 1",
        "Writing the PDF (1 page)",
        "Storing the PDF",
    ]
    assert [percent for percent, _ in stages] == sorted(percent for percent, _ in stages)


def test_a_failed_rendering_says_why_and_can_be_retried(
    client, coach, ranking_url, monkeypatch, django_capture_on_commit_callbacks
):
    def broken(*args, **kwargs):
        raise ValueError("no fonts left")

    monkeypatch.setattr(services, "render_pdf", broken)
    with django_capture_on_commit_callbacks(execute=True):
        client.get(ranking_url)
    failed = client.get(ranking_url)

    assert failed.status_code == 500
    assert "Rendering" in failed.content.decode()
    assert "failed: ValueError: no fonts left" in failed.content.decode()
    sheet = Sheet.objects.get()
    retry = reverse("sheet-retry", args=[sheet.pk])
    assert client.post(retry).status_code == 302  # to the log-in page: a stranger cannot queue renderings
    assert Sheet.objects.get().state == Sheet.State.FAILED

    monkeypatch.undo()
    client.force_login(coach)
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(retry)
    assert answer["Location"] == reverse("sheet-status", args=[sheet.pk])
    assert client.get(answer["Location"])["Location"] == reverse("sheet-file", args=[sheet.pk])
    assert client.get(ranking_url)["Content-Type"] == "application/pdf"


def test_a_task_run_twice_renders_once(ranking_url, client, renders, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False):
        client.get(ranking_url)
    sheet = Sheet.objects.get()

    assert sheet_render_task.delay(sheet.pk).get() is True
    assert sheet_render_task.delay(sheet.pk).get() is False
    assert len(renders) == 1


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_requests_at_once_queue_one_rendering(ranking_url, renders):
    answers = race(lambda: Client().get(ranking_url), lambda: Client().get(ranking_url))

    assert sorted(a.status_code for a in answers) in ([200, 200], [200, 202])
    assert Sheet.objects.count() == 1
    assert len(renders) == 1


def test_a_ranking_sheet_already_rendered_is_served_from_its_values(
    client, ranking_url, renders, django_capture_on_commit_callbacks, django_assert_num_queries, monkeypatch
):
    with django_capture_on_commit_callbacks(execute=True):
        client.get(ranking_url)
    monkeypatch.setattr("sheets.views.render_to_string", lambda *args, **kwargs: pytest.fail("the page was rendered"))

    with django_assert_num_queries(4):
        # 1. the season and its league (with its standings' version); 2. the commissioners; 3. the ranked teams'
        # names; 4. the stored sheet
        served = client.get(ranking_url)

    assert served.status_code == 200
    assert "league ranking sheet" in pdf_text(file_bytes(served)).lower()
    assert len(renders) == 1


def test_the_ranking_sheets_values_change_with_everything_it_shows(ranking_url, commissioner):
    """ranking_sheet_values stands for the sheet's HTML: whatever changes the one changes the other."""
    from slaughterball.sheets import RANKING_TEMPLATE, ranking_sheet_context, ranking_sheet_values

    season = Season.objects.select_related("league").get()

    def corrected_result_recomputed() -> None:
        """The last week's winner's League Points corrected: the standings' one writer, the recompute, changes them."""
        winner = GameSide.objects.filter(game__week__season=season, game__week__number=2, place=1).first()
        GameSide.objects.filter(pk=winner.pk).update(league_points=99)
        assert standings_recompute(season_id=season.pk) > 0

    def both() -> tuple[object, str]:
        fresh = Season.objects.select_related("league").get(pk=season.pk)
        html = render_to_string(RANKING_TEMPLATE, {**ranking_sheet_context(fresh), "pdf": True})
        return ranking_sheet_values(fresh), html

    changes = [
        lambda: type(season.league).objects.filter(pk=season.league_id).update(name="Renamed league"),
        lambda: Season.objects.filter(pk=season.pk).update(name="Renamed season"),
        lambda: Season.objects.filter(pk=season.pk).update(starts_on="2031-04-05"),
        lambda: season.league.commissioners.add(commissioner),
        lambda: Team.objects.filter(pk=Standing.objects.filter(season=season).first().team_id).update(name="Renamed team"),
        corrected_result_recomputed,
    ]
    for change in changes:
        values, html = both()
        change()
        new_values, new_html = both()
        assert new_html != html
        assert new_values != values


def test_the_sweep_queues_again_a_sheet_whose_task_was_lost(client, ranking_url, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False):  # the broker was down: its task never left
        client.get(ranking_url)
    sheet = Sheet.objects.get()
    with django_capture_on_commit_callbacks(execute=True):
        assert services.sheet_sweep() == 0  # just queued: its task may still come
        Sheet.objects.filter(pk=sheet.pk).update(created_at=sheet.created_at - services.QUEUED_LOST_AFTER)
        assert services.sheet_sweep() == 1

    assert Sheet.objects.get().state == Sheet.State.READY


def test_a_sheet_whose_file_is_gone_is_made_again(client, team, renders, media_root):
    url = reverse("team-roster-pdf", args=[team.pk])
    client.get(url)
    for stored in (media_root / "sheets").iterdir():
        stored.unlink()

    again = client.get(url)

    assert again.status_code == 200
    assert file_bytes(again).startswith(b"%PDF")
    assert len(renders) == 2
    assert Sheet.objects.count() == 1


def test_a_roster_sheet_is_known_by_its_rows_and_made_again_by_each_write(
    client, team, coach, commissioner, renders, django_assert_num_queries, monkeypatch
):
    grant_create(league=team.league, user=commissioner, team_id=team.pk, amount=1_000_000, reason="Sponsor")
    url = reverse("team-roster-pdf", args=[team.pk])
    first = file_bytes(client.get(url))
    with monkeypatch.context() as patched:
        patched.setattr("sheets.views.render_to_string", lambda *args, **kwargs: pytest.fail("the page was rendered"))
        with django_assert_num_queries(2):
            # 1. the sheet's rows: its team with league and coach, balances, athletes, adjustments, purchases, game
            #    sides and standings, in one UNION ALL; 2. the stored sheet
            served = client.get(url)
    assert served["Content-Type"] == "application/pdf"
    assert file_bytes(served) == first  # nothing changed: the same file
    assert len(renders) == 1

    athlete = team.athletes.get(number=3)
    writes = [
        lambda: purchase_make(team_id=team.pk, user=coach, kind="skill", item="leadership", athlete_id=athlete.pk),
        lambda: purchase_make(team_id=team.pk, user=coach, kind="staff", item="physician"),
        lambda: Team.objects.filter(pk=team.pk).update(name="Renamed Raiders"),  # no service, no signal: the row alone
    ]
    for write, printed in zip(writes, ["Leadership", "Physician", "Renamed Raiders"], strict=True):
        before = pdf_text(file_bytes(client.get(url)))
        write()
        after = pdf_text(file_bytes(client.get(url)))
        assert printed in after
        assert printed not in before
    assert len(renders) == 4
    assert Sheet.objects.filter(kind="slaughterball-roster").count() == 1  # the older renderings are gone


def test_a_roster_sheet_of_no_such_team_is_a_404(client, league, renders):
    assert client.get(reverse("team-roster-pdf", args=[999_999])).status_code == 404
    assert renders == []


def test_the_roster_sheets_rows_change_with_everything_it_shows(commissioner):
    """roster_sheet_data stands for the sheet's HTML: whatever changes the one changes the other."""
    season = Season.objects.get(league=seed_large(6, 2))
    side = GameSide.objects.filter(game__week__season=season, game__state=Game.State.CONFIRMED).first()
    team = side.team
    rival_side = GameSide.objects.filter(game=side.game).exclude(pk=side.pk).first()
    athlete = Athlete.objects.filter(team=team).first()
    commissioners = list(season.league.commissioners.all())

    def both() -> tuple[object, str]:
        fresh = team_get(team.pk)
        return roster_sheet_data(team.pk), render_to_string(SHEET_TEMPLATE, {**roster_sheet_context(fresh), "pdf": True})

    changes = [
        lambda: Team.objects.filter(pk=team.pk).update(name="Renamed team"),
        lambda: Team.objects.filter(pk=team.pk).update(faction="nemesis"),
        lambda: type(season.league).objects.filter(pk=season.league_id).update(name="Renamed league"),
        lambda: type(team.coach).objects.filter(pk=team.coach_id).update(username="renamed_coach"),
        lambda: grant_create(league=season.league, user=commissioners[0], team_id=team.pk, amount=5, reason="Gate"),
        lambda: Athlete.objects.filter(pk=athlete.pk).update(name="Renamed athlete"),
        lambda: AthleteAdjustment.objects.create(athlete=athlete, value_change=-10_000, reason="Lasting injury"),
        lambda: purchase_make(team_id=team.pk, user=team.coach, kind="staff", item="physician"),
        lambda: GameSide.objects.filter(pk=rival_side.pk).update(score=(rival_side.score or 0) + 7),
        lambda: Standing.objects.filter(team=team).update(league_points=99),
        lambda: Game.objects.filter(pk=side.game_id).update(state=Game.State.VOIDED),
    ]
    assert_each_change_is_seen(both, changes)


def test_game_record_sheets_already_rendered_are_served_from_their_rows(
    client, ranking_url, renders, django_capture_on_commit_callbacks, django_assert_num_queries, monkeypatch
):
    week = Week.objects.filter(season__standings__isnull=False).order_by("number").first()
    urls = [reverse("week-game-records-pdf", args=[week.pk]), reverse("season-game-records-pdf", args=[week.season_id])]
    with django_capture_on_commit_callbacks(execute=True):
        for url in urls:
            client.get(url)
    with monkeypatch.context() as patched:
        patched.setattr("sheets.views.render_to_string", lambda *args, **kwargs: pytest.fail("the page was rendered"))
        for url in urls:
            with django_assert_num_queries(2):
                # 1. the sheets' rows: season with league name, commissioners, weeks, games, sides with team names,
                #    in one UNION ALL; 2. the stored sheet
                served = client.get(url)
            assert served["Content-Type"] == "application/pdf"
    assert len(renders) == 2

    side = GameSide.objects.filter(game__week=week).first()
    GameSide.objects.filter(pk=side.pk).update(score=(side.score or 0) + 50)  # a corrected result
    with django_capture_on_commit_callbacks(execute=True):
        for url in urls:
            assert client.get(url).status_code == 202  # the new data's sheet, queued
    assert len(renders) == 4
    assert f">{(side.score or 0) + 50}<" in renders[-1]


def test_the_game_record_sheets_rows_change_with_everything_they_show(ranking_url, commissioner):
    """game_records_data stands for the sheets' HTML: whatever changes the one changes the other."""
    from slaughterball.views.results import _week_records

    week = Week.objects.order_by("number").first()
    side = GameSide.objects.filter(game__week=week).first()

    def both() -> tuple[object, str]:
        values = week_records_data(week.pk)
        return values, render_to_string(GAME_RECORD_TEMPLATE, {**_week_records(week.pk), "pdf": True})

    changes = [
        lambda: type(week.season.league).objects.filter(pk=week.season.league_id).update(name="Renamed league"),
        lambda: Season.objects.filter(pk=week.season_id).update(name="Renamed season"),
        lambda: week.season.league.commissioners.add(commissioner),
        lambda: Team.objects.filter(pk=side.team_id).update(name="Renamed team"),
        lambda: GameSide.objects.filter(pk=side.pk).update(pit_power=123_456),
        lambda: GameSide.objects.filter(pk=side.pk).update(staff_tokens={"cheerleader": 2}),
        lambda: Game.objects.filter(pk=side.game_id).update(location="The Old Pit"),
        lambda: Game.objects.filter(pk=side.game_id).update(state=Game.State.VOIDED),
    ]
    assert_each_change_is_seen(both, changes)


def test_a_sheets_query_compiled_once_answers_each_objects_own_rows(ranking_url):
    """SheetData compiles its query once, with a marker for the id: each team's answer is its own rows, as the
    query built for it would read them."""
    first, second = Team.objects.order_by("pk")[:2]
    answers = [roster_sheet_data(team.pk) for team in (first, second, first)]

    assert answers[0] == answers[2] == sheet_data(*roster_sheet_rows(first.pk))
    assert answers[1] == sheet_data(*roster_sheet_rows(second.pk))
    assert answers[0] != answers[1]
    assert any(first.name in text for text in answers[0])


def test_a_stored_roster_of_a_team_with_games_costs_the_same_two_queries(client, ranking_url, renders, django_assert_num_queries):
    """The other size of the pinned count above: a team with results, standings and opponents on its game record."""
    team = Team.objects.filter(game_sides__isnull=False).order_by("pk").first()
    url = reverse("team-roster-pdf", args=[team.pk])
    first = file_bytes(client.get(url))

    with django_assert_num_queries(2):
        # 1. the sheet's rows (one UNION ALL, whatever the games played); 2. the stored sheet
        served = client.get(url)

    assert file_bytes(served) == first
    assert len(renders) == 1
