"""Fuzz every operation of the OpenAPI schema with schemathesis: never a 5xx, and every answer is one
the schema documents (status code, content type, headers, body).

Requests go through the WSGI application inside the test's transaction, so the world below is
visible to them and rolled back afterwards. Half the cases keep the generated path ids (mostly
unknown: 404s), half use real ones so the bodies reach the services; the sender is drawn from the cast.

Each game system's own file fuzzes its operations again with ids of its own world (a league with teams and
matches), through `fuzz_settings` and `call_as` below. PITSIDE_FUZZ_SCALE=20 runs twenty times the examples
of every one of them (a longer run by hand).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
import schemathesis
import yaml
from django.contrib.staticfiles import finders
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from django.templatetags.static import static
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.renderers import OpenApiYamlRenderer
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from pitside.schema import OnceSchemaGenerator
from pitside.schema_view import OnceSchemaView
from rosters.services import grant_create
from slaughterball.services.calendar import season_create, season_start, week_draw
from webhooks.services import channel_create

schema = schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application())

# Not `negative_data_rejection`: DRF deliberately coerces some off-schema values (0 for a string
# field becomes "0"), which that check reports although nothing goes wrong.
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]


SCALE = float(os.environ.get("PITSIDE_FUZZ_SCALE", "1"))
SENDERS = st.sampled_from(["coach", "commissioner", "anonymous"])


def fuzz_settings(max_examples: int) -> settings:
    """The examples of one operation (times PITSIDE_FUZZ_SCALE); the world fixture is built once per operation."""
    return settings(
        max_examples=max(1, round(max_examples * SCALE)),
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )


def call_as(case: Any, sender: str, real_ids: bool, world: Mapping[str, int], tokens: Mapping[str, str]) -> None:
    """Send the case as `sender` (a key of `tokens`, or anonymous) and run every check on the answer; with
    `real_ids` the path ids the world has are its real ones (others keep the generated value: mostly a 404)."""
    if real_ids and case.path_parameters:
        case.path_parameters = {name: world.get(name, value) for name, value in case.path_parameters.items()}
    headers = {"Authorization": f"Token {tokens[sender]}"} if sender in tokens else {}

    case.call_and_validate(headers=headers, checks=CHECKS)


@pytest.fixture(autouse=True)
def _keep_the_test_connection_open() -> Iterator[None]:
    """At the end of each request the WSGI handler closes a connection inside a transaction, which here
    is the test's own; Django's test client unhooks that for its requests, so do the same for ours."""
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    yield
    for signal in (request_started, request_finished):
        signal.connect(close_old_connections)


@pytest.fixture
def world(commissioner, coach, league, team, rival_team) -> dict[str, int]:
    grant_create(league=league, user=commissioner, team_id=team.pk, amount=500_000, reason="Sponsor")
    # A running season whose first week is drawn: the two teams play one game.
    season, _ = season_start(season=season_create(league=league, user=commissioner, name="Fuzz"), user=commissioner)
    week, _ = week_draw(week=season.weeks.get(), user=commissioner)
    discord = "https://discord.com/api/webhooks/1/x"
    channel = channel_create(league_id=league.pk, user=commissioner, kind="discord", url=discord, events=["result-confirmed"])
    return {
        "channel_id": channel.pk,
        "league_id": league.pk,
        "team_id": team.pk,
        "athlete_id": team.athletes.get(number=3).pk,
        "season_id": season.pk,
        "week_id": week.pk,
        "game_id": week.games.get().pk,
    }


@schema.parametrize()
@schema.given(sender=SENDERS, real_ids=st.booleans())
@fuzz_settings(25)
def test_every_operation_answers_as_documented_and_never_with_a_5xx(case, sender, real_ids, world, tokens):
    call_as(case, sender, real_ids, world, tokens)


@pytest.mark.parametrize(("url", "content_type"), [("/api/schema/", "application/vnd.oai.openapi"), ("/api/docs/", "text/html")])
def test_the_schema_and_its_docs_are_served(url, content_type):
    response = APIClient().get(url)

    assert response.status_code == 200
    assert response["Content-Type"].startswith(content_type)


def test_the_schema_is_generated_once_per_process(monkeypatch):
    """Generating it inspects every view; it changes only with the code, so later requests reuse it."""
    monkeypatch.setattr(OnceSchemaGenerator, "made", {})
    monkeypatch.setattr(OnceSchemaView, "rendered", {})
    generated = []
    original = SchemaGenerator.get_schema
    monkeypatch.setattr(SchemaGenerator, "get_schema", lambda self, *a, **kw: generated.append(1) or original(self, *a, **kw))
    client = APIClient()
    first, second = client.get("/api/schema/"), client.get("/api/schema/?format=json")
    assert (first.status_code, second.status_code) == (200, 200)
    assert len(generated) == 1
    assert "/api/leagues/" in second.json()["paths"]


def test_the_schema_is_rendered_once_per_process_and_format(monkeypatch):
    """Rendering it as YAML or JSON took ~75 ms a request: each format's bytes are kept, with their headers."""
    monkeypatch.setattr(OnceSchemaView, "rendered", {})
    rendered = []
    original = OpenApiYamlRenderer.render
    monkeypatch.setattr(OpenApiYamlRenderer, "render", lambda self, *a, **kw: rendered.append(1) or original(self, *a, **kw))
    client = APIClient()
    first, second = client.get("/api/schema/"), client.get("/api/schema/")
    assert len(rendered) == 1
    assert first.content == second.content
    assert second["Content-Type"].startswith("application/vnd.oai.openapi")
    assert second["Content-Disposition"] == first["Content-Disposition"]
    as_json = client.get("/api/schema/?format=json")
    assert "/api/leagues/" in as_json.json()["paths"]
    assert len(rendered) == 1  # JSON has a renderer of its own
    assert client.get("/api/schema/?lang=fr").content == first.content  # not a language of Pitside's: the default
    assert list(OnceSchemaView.rendered) == [("en", "application/vnd.oai.openapi"), ("en", "application/vnd.oai.openapi+json")]


def test_the_docs_load_swagger_ui_from_pitside_itself_with_no_inline_script():
    page = APIClient().get("/api/docs/").content.decode()
    sources = re.findall(r'(?:src|href)="([^"]+)"', page)

    assert sources
    for source in sources:
        assert source.startswith("/"), source  # no CDN
        if source.startswith(static("")):
            assert finders.find(source.removeprefix(static(""))), source
    assert re.findall(r"<script(?![^>]*\bsrc=)", page) == []
    script = [s for s in sources if "script" in s]
    assert APIClient().get(script[0])["Content-Type"].startswith("application/javascript")


def test_the_schema_says_what_anonymous_may_read():
    # Every read is public (a star player roll's choices, a league's matches, its grants...): the schema must not
    # say they need a log-in. Writes do.
    schema = yaml.safe_load(APIClient().get("/api/schema/").content)
    operations = [(method, path, op) for path, ops in schema["paths"].items() for method, op in ops.items()]

    private = [path for method, path, op in operations if method == "get" and {} not in op.get("security", [{}])]
    assert private == ["/api/auth/token/current/"]  # the one private read: the user's own token
    assert [path for method, path, op in operations if method == "post" and {} in op.get("security", [])] == []
