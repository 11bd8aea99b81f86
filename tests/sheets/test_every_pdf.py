"""Every PDF of every game system, found in the URL configuration: known by its data alone (not the address it was
asked at, nor who asked) and throttled per client."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from leagues.models import League
from pitfighter.models import Fighter
from pitside.throttling import SheetThrottle
from rosters.models import Team
from sheets.models import Sheet
from slaughterball.large import seed_large
from slaughterball.models import Season, Week
from slaughterville.models import Session

pytestmark = pytest.mark.django_db

# The stored file of a sheet already rendered (the preparing page's download): no rendering to bound.
NOT_A_RENDERING = {"sheet-file"}

# The object of each PDF in the demo leagues (seed_demo) and a large Slaughterball league (seed_large).
OBJECT_OF: dict[str, Callable[[], int]] = {
    "blitz-coach-pdf": lambda: Team.objects.filter(league__game_system="blitzbowl").values_list("pk", flat=True)[0],
    "bb-team-roster-pdf": lambda: Team.objects.filter(league__game_system="bloodbowl").values_list("pk", flat=True)[0],
    "team-roster-pdf": lambda: Team.objects.filter(league__game_system="slaughterball").values_list("pk", flat=True)[0],
    "pit-fighter-pdf": lambda: Fighter.objects.values_list("pk", flat=True)[0],
    "sv-session-pdf": lambda: Session.objects.values_list("pk", flat=True)[0],
    "week-game-records-pdf": lambda: Week.objects.get(season__league__name__startswith="Large").pk,
    "season-game-records-pdf": lambda: Season.objects.get(league__name__startswith="Large").pk,
    "season-ranking-pdf": lambda: Season.objects.get(league__name__startswith="Large").pk,
}


def _pdf_url_names(patterns: list[URLPattern | URLResolver]) -> Iterator[str]:
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _pdf_url_names(pattern.url_patterns)
        elif str(pattern.pattern).endswith(".pdf") and pattern.name:
            yield pattern.name


def test_every_pdf_url_is_checked_here():
    """A new PDF (a new game system's) fails here until it is added to OBJECT_OF, and so to the tests below."""
    assert set(_pdf_url_names(get_resolver().url_patterns)) - NOT_A_RENDERING == set(OBJECT_OF)


@pytest.fixture
def demo(db) -> None:
    call_command("seed_demo", password="a demo password", stdout=io.StringIO())
    seed_large(4, 1)
    assert League.objects.count() == 6


def logged_in(username: str) -> Client:
    client = Client()
    client.force_login(User.objects.get(username=username))
    return client


def _get(client: Client, url: str, capture, **headers: str):
    """A PDF as a browser following its preparing page gets it: a big one is rendered (eagerly) after commit."""
    with capture(execute=True):
        response = client.get(url, **headers)
    return client.get(url, **headers) if response.status_code == 202 else response


@pytest.mark.parametrize("name", sorted(OBJECT_OF))
def test_a_pdf_asked_at_other_ports_and_by_other_users_is_rendered_and_stored_once(
    name, demo, renders, media_root, django_capture_on_commit_callbacks
):
    url = reverse(name, args=[OBJECT_OF[name]()])
    # The demo leagues' commissioner and a coach of each (who owns some of these objects), each asking at a port.
    people = [Client(), Client(), *(logged_in(username) for username in ("commissioner", "coach1", "coach2"))]
    answers = [
        _get(person, url, django_capture_on_commit_callbacks, HTTP_HOST=f"testserver:{8000 + n}")
        for n, person in enumerate(people)
    ]

    assert {answer.status_code for answer in answers} == {200}
    assert len(renders) == 1
    assert len({b"".join(answer.streaming_content) for answer in answers}) == 1
    sheets = Sheet.objects.all()
    assert len(sheets) == 1
    assert sheets[0].state == Sheet.State.READY
    assert len(list((media_root / "sheets").iterdir())) == 1


@pytest.mark.parametrize("name", sorted(OBJECT_OF))
def test_every_pdf_is_throttled_per_client(name, demo, settings):
    allowed, _ = SheetThrottle().parse_rate(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["sheets"])
    url = reverse(name, args=[OBJECT_OF[name]()])
    client = Client()
    for _ in range(allowed):
        assert client.get(url).status_code in (200, 202)

    refused = client.get(url)

    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert Client(REMOTE_ADDR="192.0.2.7").get(url).status_code in (200, 202)  # another address


def test_a_sheets_links_are_printed_against_the_sites_address_not_the_requests(client, team, settings):
    settings.SITE_URL = "https://pitside.example.org"
    url = reverse("team-roster-pdf", args=[team.pk])
    assert client.get(url, HTTP_HOST="testserver:8001").status_code == 200
    assert client.get(url, HTTP_HOST="testserver:8002").status_code == 200

    assert list(Sheet.objects.values_list("base_url", flat=True)) == ["https://pitside.example.org/"]
