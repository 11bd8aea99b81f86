"""The cast of every permission test: a league's commissioner, its own coach (owner of `team`),
a rival coach in the same league, the commissioner of another league, and anonymous."""

from __future__ import annotations

import os

import pytest
from django.core.cache import cache
from playwright.sync_api import sync_playwright
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import LeagueFactory, UserFactory, make_team


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Every test user gets a password; the production hasher spends a quarter of a second on each."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def empty_cache():
    """Each test starts with no throttle history (the cache holds it)."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def media_root(settings, tmp_path):
    """Rendered sheets are stored under MEDIA_ROOT: each test's in a folder of its own."""
    settings.MEDIA_ROOT = str(tmp_path / "media")
    return tmp_path / "media"


@pytest.fixture
def get_sheet(client, django_capture_on_commit_callbacks):
    """GET a sheet's PDF as a browser following its preparing page would. A big sheet is queued after commit,
    which a test's transaction never makes: its first answer is 202; its task then runs (eagerly) and the same URL
    answers 200 with the stored file, whose bytes the answer carries as `pdf`."""

    def get(url: str, client=client):
        with django_capture_on_commit_callbacks(execute=True):
            response = client.get(url)
        if response.status_code == 202:
            response = client.get(url)
        if response.get("Content-Type") == "application/pdf":
            response.pdf = b"".join(response.streaming_content)
        return response

    return get


@pytest.fixture
def redis_down(settings):
    """Redis down: the cache and the Celery broker point at a port nobody listens on, and tasks are sent
    (not run eagerly), so every cache call and every task queued fails at once."""
    from pitside.celery import app
    from tests.tasks.test_worker import drop_cached_connections

    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": "redis://127.0.0.1:1/0"}}
    saved = {k: app.conf[k] for k in ("broker_url", "task_always_eager")}
    app.conf.update(broker_url="redis://127.0.0.1:1/0", task_always_eager=False)
    drop_cached_connections()
    yield
    app.conf.update(saved)
    drop_cached_connections()


@pytest.fixture
def commissioner(db):
    return UserFactory(username="commissioner")


@pytest.fixture
def league(commissioner):
    return LeagueFactory(commissioner=commissioner)


@pytest.fixture
def coach(db):
    return UserFactory(username="own_coach")


@pytest.fixture
def rival(db):
    return UserFactory(username="rival_coach")


@pytest.fixture
def other_commissioner(db):
    other = UserFactory(username="other_commissioner")
    LeagueFactory(commissioner=other)
    return other


@pytest.fixture
def team(league, coach):
    return make_team(league, coach)


@pytest.fixture
def rival_team(league, rival):
    return make_team(league, rival, name="Venture Cabal", portfolio="nemesis")


@pytest.fixture
def tokens(commissioner, coach) -> dict[str, str]:
    """The API tokens of the commissioner and the own coach, by role: the senders of the schema fuzz."""
    return {"commissioner": Token.objects.create(user=commissioner).key, "coach": Token.objects.create(user=coach).key}


@pytest.fixture
def api():
    """An API client; `api.force_authenticate(user)` to act as someone."""
    return APIClient()


@pytest.fixture
def api_as(api):
    def act_as(user):
        api.force_authenticate(user)
        return api

    return act_as


def pytest_collection_modifyitems(config, items):
    """Tests marked `postgres` need row locks and concurrent transactions: skip them on SQLite."""
    from django.db import connection

    if connection.vendor != "postgresql":
        skip = pytest.mark.skip(reason="needs PostgreSQL (set DATABASE_URL)")
        for item in items:
            if "postgres" in item.keywords:
                item.add_marker(skip)


CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def browser():
    """Headless Debian Chromium, one for the whole session (Playwright allows one per thread)."""
    # Playwright's sync API runs an event loop in this thread; the tests' ORM calls stay synchronous.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def phone(browser, live_server):
    """A page in a phone-sized window, pointed at the live server."""
    context = browser.new_context(base_url=live_server.url, viewport={"width": 390, "height": 844}, accept_downloads=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()
