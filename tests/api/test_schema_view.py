"""GET /api/schema/ (pitside.schema_view): kept per supported language, so a client's `lang` cannot make it render
every time nor fill the memory with copies; a `version` (the API has one) is a 400, never a 500."""

from __future__ import annotations

import pytest
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.renderers import OpenApiYamlRenderer
from rest_framework.test import APIClient

from pitside.schema import OnceSchemaGenerator
from pitside.schema_view import OnceSchemaView


@pytest.fixture
def made(monkeypatch) -> dict[str, list[int]]:
    """How many times the schema was generated and rendered (as YAML), from nothing kept."""
    monkeypatch.setattr(OnceSchemaGenerator, "made", {})
    monkeypatch.setattr(OnceSchemaView, "rendered", {})
    counts: dict[str, list[int]] = {"generated": [], "rendered": []}

    def counted(name: str, original):
        return lambda self, *args, **kwargs: counts[name].append(1) or original(self, *args, **kwargs)

    monkeypatch.setattr(SchemaGenerator, "get_schema", counted("generated", SchemaGenerator.get_schema))
    monkeypatch.setattr(OpenApiYamlRenderer, "render", counted("rendered", OpenApiYamlRenderer.render))
    return counts


@pytest.mark.django_db
def test_an_unknown_language_is_the_defaults_schema_built_and_rendered_once(made):
    client = APIClient()
    first, second = client.get("/api/schema/?lang=x"), client.get("/api/schema/?lang=x")

    assert (first.status_code, second.status_code) == (200, 200)
    assert (len(made["generated"]), len(made["rendered"])) == (1, 1)
    for lang in ("y", "de", "en-gb", "EN", "%00", "x" * 600, ""):  # none a language of Pitside's but English
        assert client.get("/api/schema/", {"lang": lang}).content == first.content, lang
    assert client.get("/api/schema/").content == first.content
    assert (len(made["generated"]), len(made["rendered"])) == (1, 1)
    assert len(OnceSchemaView.rendered) == 1
    assert "/api/leagues/" in client.get("/api/schema/?lang=x&format=json").json()["paths"]


@pytest.mark.django_db
@pytest.mark.parametrize("version", ["\x00", "2", "1.0.0", ""])
def test_a_version_is_a_400_and_builds_nothing(made, version):
    response = APIClient().get("/api/schema/", {"version": version})

    assert response.status_code == 400
    assert "version" in response.content.decode()
    assert made["generated"] == []
