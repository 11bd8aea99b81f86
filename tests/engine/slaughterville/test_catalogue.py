"""The group's catalogue, imported as YAML or JSON: all or nothing, one violation per bad field, no YAML aliases."""

from __future__ import annotations

import json

import pytest

from engine.core.violations import RuleViolation
from engine.slaughterville.catalogue import Villain, catalogue_to_data, parse_catalogue, parse_catalogue_data

YAML = """
characters:
  - {slug: final-girl, name: The Final Girl}
locations:
  - {slug: farm, name: Old Farm}
  - {slug: woods, name: " Dark Woods "}
villains:
  - {slug: butcher, name: The Butcher, location: farm}
  - {slug: phantom, name: The Phantom}
"""


def paths(text: str, fmt: str = "yaml") -> list[tuple[str, str]]:
    with pytest.raises(RuleViolation) as refused:
        parse_catalogue(text, fmt)  # type: ignore[arg-type]
    return [(v.code, v.path) for v in refused.value.violations]


def test_yaml_and_json_read_the_same_catalogue() -> None:
    catalogue = parse_catalogue(YAML, "yaml")
    assert catalogue.villains == (Villain("butcher", "The Butcher", "farm"), Villain("phantom", "The Phantom", None))
    assert catalogue.location("woods") is not None
    assert catalogue.location("woods").name == "Dark Woods"
    data = catalogue_to_data(catalogue)
    assert parse_catalogue(json.dumps(data), "json") == catalogue
    assert parse_catalogue_data(data) == catalogue


def test_every_bad_field_is_one_violation() -> None:
    text = """
characters:
  - {slug: Final Girl, name: x}
  - {slug: jock}
  - {slug: jock, name: Jock}
  - {slug: jock, name: Jock Again}
locations: [{slug: farm, name: Farm, colour: red}]
villains: [{slug: butcher, name: Butcher, location: mall}]
monsters: []
"""
    assert paths(text) == [
        ("catalogue-field-unknown", "monsters"),
        ("catalogue-field-invalid", "characters[0].slug"),
        ("catalogue-field-missing", "characters[1].name"),
        ("catalogue-duplicate", "characters[3].slug"),
        ("catalogue-field-unknown", "locations[0].colour"),
        ("catalogue-location-unknown", "villains[0].location"),
    ]


def test_yaml_aliases_are_refused() -> None:
    text = "characters:\n  - &a {slug: jock, name: Jock}\nlocations: [*a]\n"
    assert paths(text) == [("catalogue-yaml-alias", "")]


def test_syntax_errors_name_the_format() -> None:
    assert paths("characters: [", "yaml") == [("catalogue-syntax", "")]
    assert paths("{", "json") == [("catalogue-syntax", "")]
    assert paths("[]", "json") == [("catalogue-shape", "")]
