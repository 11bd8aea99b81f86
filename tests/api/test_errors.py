"""Bad input anywhere gets a 4xx, never a 500, in the one error shape naming the field; and changes nothing.

Each request is sent by someone allowed to make it, so the refusal is about the input, not the sender.
"""

from __future__ import annotations

import functools
import json
from itertools import zip_longest
from types import SimpleNamespace
from typing import Any
from urllib.parse import urlencode

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.exceptions import ParseError
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.test import APIRequestFactory
from rest_framework.views import APIView

from engine.core.money import MAX_CREDITS
from engine.core.violations import RuleViolation, Violation, paths_under
from leagues.models import League
from pitside.parsers import MAX_JSON_DEPTH, check_json
from rosters.services import grant_create
from slaughterball.demo import demo_athletes
from tests.api.helpers import errors, problems
from tests.factories import make_team
from tests.slaughterball.teams.helpers import db_state

HUGE = 10**30  # wider than any database integer
MISSING = 987_654  # no row has this id

LEAGUE = "/api/leagues/{league}/"
TEAMS = "/api/leagues/{league}/teams/"
GRANTS = "/api/leagues/{league}/grants/"
PURCHASES = "/api/teams/{team}/purchases/"

# Who may write to each endpoint, so the refusal below is about the input.
WRITERS = {
    ("post", "/api/leagues/"): "coach",
    ("patch", LEAGUE): "commissioner",
    ("post", TEAMS): "coach",
    ("post", GRANTS): "commissioner",
    ("post", PURCHASES): "coach",
    ("post", "/api/auth/token/"): "anonymous",
}


def athletes(*changes: dict[str, Any]) -> list[dict[str, Any]]:
    """The legal demo lineup (two of each type, numbers 1-8) with the given changes to its first athletes;
    changes beyond the eighth add athletes."""
    return [{**athlete, **change} for athlete, change in zip_longest(demo_athletes(5), changes, fillvalue={})]


def roster(**fields: Any) -> dict[str, Any]:
    return {"name": "Olympian Hoplites", "portfolio": "swords-of-damocles", "athletes": athletes(), **fields}


def skill(item: str, athlete: str = "cleaver") -> Any:
    return lambda w: {"kind": "skill", "item": item, "athlete": getattr(w, athlete)}


BAD_INPUT = [
    # League create
    pytest.param("post", "/api/leagues/", {}, {("required", "name"), ("required", "game_system")}, id="league-missing-fields"),
    pytest.param(
        "post",
        "/api/leagues/",
        {"name": ["A"], "game_system": "slaughterball"},
        {("invalid", "name")},
        id="league-name-not-a-string",
    ),
    pytest.param(
        "post",
        "/api/leagues/",
        {"name": "L", "game_system": "chess"},
        {("invalid_choice", "game_system")},
        id="league-unknown-game-system",
    ),
    pytest.param(
        "post",
        "/api/leagues/",
        {"name": "L", "game_system": "slaughterball", "options": "cheap"},
        {("not_a_dict", "options")},
        id="league-options-not-an-object",
    ),
    pytest.param(
        "post",
        "/api/leagues/",
        {"name": "L", "game_system": "slaughterball", "options": {"dice": 3}},
        {("option-unknown", "options.dice")},
        id="league-unknown-option",
    ),
    pytest.param(
        "post",
        "/api/leagues/",
        {"name": "L", "game_system": "slaughterball", "options": {"skill_budget": -50_000, "staff_budget": HUGE}},
        {("option-invalid", "options.skill_budget"), ("option-invalid", "options.staff_budget")},
        id="league-budgets-negative-and-huge",
    ),
    pytest.param(
        "post",
        "/api/leagues/",
        {"name": "x" * 101, "game_system": "slaughterball"},
        {("max_length", "name")},
        id="league-name-too-long",
    ),
    # League update
    pytest.param("patch", LEAGUE, {"name": ""}, {("blank", "name")}, id="league-update-blank-name"),
    pytest.param(
        "patch", LEAGUE, {"open_for_signups": "perhaps"}, {("invalid", "open_for_signups")}, id="league-update-not-a-boolean"
    ),
    pytest.param(
        "patch",
        LEAGUE,
        {"options": {"skill_budget": 12_345}},
        {("option-invalid", "options.skill_budget")},
        id="league-update-budget-off-step",
    ),
    pytest.param(
        "patch",
        LEAGUE,
        {"house_values": {"skills.leadership.cost": "lots", "no.such.value": 1}},
        {("house-value-invalid", "house_values.skills.leadership.cost"), ("house-value-unknown", "house_values.no.such.value")},
        id="league-update-bad-house-values",
    ),
    pytest.param(
        "patch",
        LEAGUE,
        {"house_values": {"athletes.valkyries.butcher.value": MAX_CREDITS + 50_000}},
        {("house-value-invalid", "house_values.athletes.valkyries.butcher.value")},
        id="league-update-huge-house-value",
    ),
    # Team sign-up
    pytest.param(
        "post", TEAMS, {}, {("required", "name"), ("required", "portfolio"), ("required", "athletes")}, id="team-missing-fields"
    ),
    pytest.param("post", TEAMS, roster(athletes="eight"), {("not_a_list", "athletes")}, id="team-athletes-not-a-list"),
    pytest.param(
        "post",
        TEAMS,
        roster(athletes=athletes({}, {"number": "seven"}, {}, {"name": None}, {}, {"number": HUGE})),
        {("invalid", "athletes[1].number"), ("null", "athletes[3].name"), ("max_value", "athletes[5].number")},
        id="team-athletes-wrong-types",
    ),
    pytest.param(
        "post", TEAMS, roster(athletes=athletes({"number": -1})), {("min_value", "athletes[0].number")}, id="team-negative-number"
    ),
    pytest.param("post", TEAMS, roster(portfolio="orks"), {("portfolio-unknown", "portfolio")}, id="team-unknown-portfolio"),
    pytest.param("post", TEAMS, roster(name="BRUTAL BERTHAS"), {("team-name-taken", "name")}, id="team-name-taken"),
    pytest.param("post", TEAMS, roster(athletes=demo_athletes(5) * 4), {("max_length", "athletes")}, id="team-too-many-athletes"),
    pytest.param(
        "post",
        TEAMS,
        roster(
            portfolio="orks",
            athletes=athletes(
                {"type": "razor"},
                {"type": "razor", "number": 1},
                {"type": "razor", "name": " vex 6 "},
                {"type": "razor"},
                {"type": "ogre"},
                {"type": "cleaver"},
                {"type": "slasher"},
                {"type": "slasher"},
                {"type": "cleaver", "name": "Ninth", "number": 9},
            ),
        ),
        {
            ("portfolio-unknown", "portfolio"),
            ("roster-size", "athletes"),
            ("roster-type-maximum", "athletes"),
            ("roster-type-minimum", "athletes"),
            ("number-duplicate", "athletes[1].number"),
            ("name-duplicate", "athletes[2].name"),
            ("athlete-type-unknown", "athletes[4].type"),
        },
        id="team-every-roster-rule-broken-at-once",
    ),
    # Grants and fines
    pytest.param(
        "post", GRANTS, {}, {("required", "team"), ("required", "amount"), ("required", "reason")}, id="grant-missing-fields"
    ),
    pytest.param(
        "post",
        GRANTS,
        lambda w: {"team": w.team, "amount": "ten", "reason": "Gate"},
        {("invalid", "amount")},
        id="grant-amount-not-a-number",
    ),
    pytest.param(
        "post", GRANTS, lambda w: {"team": w.team, "amount": HUGE, "reason": "Gate"}, {("max_value", "amount")}, id="grant-huge"
    ),
    pytest.param(
        "post", GRANTS, lambda w: {"team": w.team, "amount": -HUGE, "reason": "Fine"}, {("min_value", "amount")}, id="fine-huge"
    ),
    pytest.param(
        "post", GRANTS, lambda w: {"team": w.team, "amount": 0, "reason": "Nothing"}, {("amount-zero", "amount")}, id="grant-zero"
    ),
    pytest.param(
        "post",
        GRANTS,
        lambda w: {"team": w.team, "amount": 100_000, "reason": ""},
        {("blank", "reason")},
        id="grant-blank-reason",
    ),
    pytest.param(
        "post",
        GRANTS,
        {"team": MISSING, "amount": 100_000, "reason": "Gate"},
        {("team-not-in-league", "team")},
        id="grant-unknown-team",
    ),
    pytest.param(
        "post",
        GRANTS,
        lambda w: {"team": w.stranger_team, "amount": 100_000, "reason": "Gate"},
        {("team-not-in-league", "team")},
        id="grant-team-of-another-league",
    ),
    pytest.param(
        "post",
        GRANTS,
        lambda w: {"team": w.team, "amount": -100_001, "reason": "Brawl in the stands"},
        {("insufficient-funds", "amount")},
        id="fine-larger-than-the-treasury",
    ),
    # Purchases
    pytest.param("post", PURCHASES, {}, {("required", "kind"), ("required", "item")}, id="purchase-missing-fields"),
    pytest.param(
        "post", PURCHASES, {"kind": "weapon", "item": "chainsaw"}, {("invalid_choice", "kind")}, id="purchase-unknown-kind"
    ),
    pytest.param("post", PURCHASES, skill("juggling"), {("skill-unknown", "item")}, id="purchase-unknown-skill"),
    pytest.param(
        "post",
        PURCHASES,
        lambda w: {"kind": "trait", "item": "charisma", "athlete": w.cleaver},
        {("trait-unknown", "item")},
        id="purchase-unknown-trait",
    ),
    pytest.param(
        "post", PURCHASES, {"kind": "staff", "item": "bookmaker"}, {("staff-unknown", "item")}, id="purchase-unknown-staff"
    ),
    pytest.param(
        "post",
        PURCHASES,
        {"kind": "skill", "item": "leadership"},
        {("athlete-required", "athlete")},
        id="purchase-skill-without-athlete",
    ),
    pytest.param(
        "post",
        PURCHASES,
        skill("leadership", athlete="rival_cleaver"),
        {("athlete-required", "athlete")},
        id="purchase-for-an-athlete-of-another-team",
    ),
    pytest.param(
        "post",
        PURCHASES,
        {"kind": "skill", "item": "leadership", "athlete": "Gristle"},
        {("invalid", "athlete")},
        id="purchase-athlete-not-an-id",
    ),
    pytest.param(
        "post",
        PURCHASES,
        {"kind": "skill", "item": "leadership", "athlete": -3},
        {("min_value", "athlete")},
        id="purchase-negative-athlete",
    ),
    pytest.param(
        "post",
        PURCHASES,
        {"kind": "skill", "item": "leadership", "athlete": HUGE},
        {("athlete-required", "athlete")},
        id="purchase-huge-athlete",
    ),
    pytest.param("post", PURCHASES, {"kind": "skill", "item": "x" * 61}, {("max_length", "item")}, id="purchase-item-too-long"),
    pytest.param(
        "post", PURCHASES, skill("leadership", athlete="razor"), {("skill-type", "item")}, id="purchase-skill-of-another-type"
    ),
    pytest.param("post", PURCHASES, skill("beckon"), {("skill-held", "item")}, id="purchase-skill-held"),
    pytest.param(
        "post",
        PURCHASES,
        skill("awesome-brute-2", athlete="butcher"),
        {("skill-prerequisite", "item")},
        id="purchase-skill-without-prerequisite",
    ),
    pytest.param(
        "post",
        PURCHASES,
        lambda w: {"kind": "trait", "item": "speed", "athlete": w.slasher},
        {("insufficient-funds", "item")},
        id="purchase-trait-beyond-the-budget-and-treasury",
    ),
    pytest.param(
        "post",
        PURCHASES,
        {"kind": "staff", "item": "defensive-coach"},
        {("insufficient-funds", "item")},
        id="purchase-staff-beyond-the-budget-and-treasury",
    ),
    # Log-in
    pytest.param("post", "/api/auth/token/", {"username": "own_coach"}, {("required", "password")}, id="token-missing-password"),
]


@pytest.fixture
def world(commissioner, coach, other_commissioner, league, team, rival_team) -> SimpleNamespace:
    """Ids the requests refer to. The coach's team holds 100,000 credits in its treasury, 300,000 in its
    Skill Budget and 200,000 in its Support Staff Budget."""
    grant_create(league=league, user=commissioner, team_id=team.pk, amount=100_000, reason="Sponsor")
    stranger = other_commissioner.commissioned_leagues.get()
    return SimpleNamespace(
        league=league.pk,
        team=team.pk,
        rival_team=rival_team.pk,
        stranger_team=make_team(stranger, other_commissioner, name="Strangers").pk,
        razor=team.athletes.get(number=1).pk,
        cleaver=team.athletes.get(number=3).pk,
        slasher=team.athletes.get(number=5).pk,
        butcher=team.athletes.get(number=7).pk,
        rival_cleaver=rival_team.athletes.get(number=3).pk,
    )


def send(client_of: Any, world: SimpleNamespace, method: str, url: str, body: Any, **extra: Any) -> Any:
    api = client_of(WRITERS[method, url])
    return getattr(api, method)(url.format(**vars(world)), body(world) if callable(body) else body, format="json", **extra)


@pytest.mark.parametrize(("method", "url", "body", "expected"), BAD_INPUT)
def test_bad_input_is_refused_with_every_problem_named(method, url, body, expected, world, client_of):
    before = db_state()

    response = send(client_of, world, method, url, body)

    assert response.status_code == 400, response.content
    assert problems(response) == expected
    assert db_state() == before


@pytest.mark.parametrize(("method", "url"), list(WRITERS))
@pytest.mark.parametrize(
    ("content", "code"),
    [
        pytest.param('{"name": "Unfinished', "parse_error", id="truncated"),
        pytest.param("{'single': 'quotes'}", "parse_error", id="not-json"),
        pytest.param("[1, 2, 3]", "invalid", id="a-list"),
        pytest.param('"a string"', "invalid", id="a-string"),
        pytest.param("null", "null", id="null"),
    ],
)
def test_a_body_that_is_not_a_json_object_is_refused(method, url, content, code, world, client_of):
    api = client_of(WRITERS[method, url])
    before = db_state()

    response = getattr(api, method)(url.format(**vars(world)), content, content_type="application/json")

    assert response.status_code == 400, response.content
    assert {e["code"] for e in errors(response)} == {code}
    assert db_state() == before


@pytest.mark.parametrize(("method", "url"), list(WRITERS))
def test_a_body_of_another_media_type_is_refused(method, url, world, client_of):
    api = client_of(WRITERS[method, url])

    response = getattr(api, method)(url.format(**vars(world)), "name=x", content_type="text/plain")

    assert response.status_code == 415
    assert {e["code"] for e in errors(response)} == {"unsupported_media_type"}


@pytest.mark.parametrize(
    ("method", "url"),
    [
        ("get", f"/api/leagues/{MISSING}/"),
        ("patch", f"/api/leagues/{MISSING}/"),
        ("get", f"/api/leagues/{MISSING}/teams/"),
        ("post", f"/api/leagues/{MISSING}/teams/"),
        ("get", f"/api/leagues/{MISSING}/grants/"),
        ("post", f"/api/leagues/{MISSING}/grants/"),
        ("get", f"/api/teams/{MISSING}/"),
        ("get", f"/api/teams/{MISSING}/purchases/"),
        ("post", f"/api/teams/{MISSING}/purchases/"),
        ("get", f"/api/teams/{MISSING}/purchase-options/"),
        ("get", f"/api/teams/{MISSING}/ledger/"),
        ("get", f"/api/athletes/{MISSING}/purchase-options/"),
        ("get", f"/api/teams/{HUGE}/"),
        ("get", "/api/teams/brutal-berthas/"),
        ("get", "/api/no-such-thing/"),
    ],
)
def test_an_unknown_id_is_a_404_in_the_error_shape(method, url, world, client_of):
    response = getattr(client_of("commissioner"), method)(url, {}, format="json")

    assert response.status_code == 404
    assert {e["code"] for e in errors(response)} == {"not_found"}


@pytest.mark.parametrize(
    "url",
    [
        "/api/games/{}/",
        "/api/games/{}/result/",
        "/api/games/{}/appeals/",
        "/api/games/{}/auction/",
        "/api/games/{}/pregame/",
        "/api/bloodbowl/matches/{}/",
    ],
)
def test_a_game_id_wider_than_any_database_integer_is_a_404(url, world, client_of):
    # A game's own pk is the parent link, whose lookup SQLite cannot bind: the `id` path converter stops it.
    assert client_of("commissioner").get(url.format(HUGE)).status_code == 404


@pytest.mark.parametrize(
    ("key", "code"), [("k" * 81, "max_length"), ("a\x00b", "null_characters_not_allowed")], ids=["too-long", "nul"]
)
def test_a_bad_idempotency_key_is_refused(key, code, world, client_of):
    before = db_state()

    response = client_of("coach").post(
        PURCHASES.format(team=world.team), {"kind": "staff", "item": "mascot"}, format="json", HTTP_IDEMPOTENCY_KEY=key
    )

    assert response.status_code == 400
    assert problems(response) == {(code, "Idempotency-Key")}
    assert db_state() == before


@pytest.mark.parametrize(("url", "field"), [("/api/leagues/", "game_system"), (TEAMS, "portfolio")])
def test_a_list_filter_with_a_nul_is_refused(url, field, world, client_of):
    # PostgreSQL cannot even compare a string holding a NUL: this was a 500 there.
    response = client_of("anonymous").get(url.format(**vars(world)), {field: "valk\x00yries"})

    assert response.status_code == 400
    assert problems(response) == {("null_characters_not_allowed", field)}


def test_a_league_without_house_values_refuses_a_butcher_naming_the_value_to_set(client_of):
    commissioner = client_of("commissioner")
    body = {"name": "Rulebook Only", "game_system": "slaughterball", "house_values_from": "empty"}
    league = commissioner.post("/api/leagues/", body, format="json").json()
    before = db_state()

    response = commissioner.post(
        f"/api/leagues/{league['id']}/teams/",
        {"name": "Brutal Berthas", "portfolio": "nemesis", "athletes": demo_athletes(0)},
        format="json",
    )

    assert response.status_code == 400
    refused = {e["field"]: e for e in errors(response)}
    assert set(refused) == {
        f"athletes.nemesis.butcher.{cell}"
        for cell in ("value", "accuracy", "agility", "brawling", "speed", "toughness", "skills")
    }
    assert {e["code"] for e in refused.values()} == {"house-value-required"}
    assert "Nemesis butcher value" in refused["athletes.nemesis.butcher.value"]["message"]  # its key is the field
    assert db_state() == before


def test_a_fine_larger_than_the_treasury_says_what_the_treasury_holds(world, client_of):
    response = client_of("commissioner").post(
        GRANTS.format(league=world.league), {"team": world.team, "amount": -500_000, "reason": "Brawl"}, format="json"
    )

    assert response.status_code == 400
    [error] = errors(response)
    assert error["message"] == ("A fine of 500,000 credits would take the treasury below zero; it holds 100,000 credits.")


def test_a_nul_character_anywhere_in_json_is_refused_at_the_boundary(api_as, commissioner, league):
    response = api_as(commissioner).patch(
        f"/api/leagues/{league.pk}/", {"options": {"skill_budget": 0}, "house_values": {"a\x00": 1}}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "parse_error"


NEW_LEAGUE = {"name": "Nul League", "game_system": "slaughterball"}


@pytest.mark.parametrize(
    ("extra", "urlencoded"),
    [
        ({"note": "a\x00b"}, True),
        ({"a\x00b": "note"}, True),
        ({"note": "a\x00b"}, False),
        ({"a\x00b": SimpleUploadedFile("rules.txt", b"x")}, False),
    ],
    ids=["urlencoded-value", "urlencoded-name", "multipart-value", "multipart-file-field"],
)
def test_a_nul_character_anywhere_in_a_form_body_is_refused_at_the_boundary(extra, urlencoded, api_as, coach):
    api = api_as(coach)
    if urlencoded:
        response = api.post("/api/leagues/", urlencode({**NEW_LEAGUE, **extra}), content_type="application/x-www-form-urlencoded")
    else:
        response = api.post("/api/leagues/", {**NEW_LEAGUE, **extra}, format="multipart")
    assert response.status_code == 400
    assert response.json()["errors"][0]["message"] == "Text may not contain NUL characters."
    assert not League.objects.filter(name="Nul League").exists()


def test_a_nul_character_in_a_form_encoded_patch_is_refused(api_as, commissioner, league):
    body = urlencode({"name": "a\x00b"})
    response = api_as(commissioner).patch(f"/api/leagues/{league.pk}/", body, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "parse_error"


@pytest.mark.parametrize(
    ("url", "body"),
    [
        ("/api/auth/token/", "[" * 100_000),
        ("/api/leagues/", "[" * 100_000 + "]" * 100_000),
        ("/api/leagues/", '{"name": "Deep", "game_system": "slaughterball", "options": ' + "[" * 500 + "]" * 500 + "}"),
    ],
    ids=["token-unclosed", "nested-100000", "nested-500"],
)
def test_json_nested_too_deep_is_refused_at_the_boundary(url, body, api_as, commissioner):
    response = api_as(commissioner).post(url, body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "parse_error"


def test_json_as_deep_as_the_limit_is_read():
    check_json(functools.reduce(lambda inner, _: [inner], range(MAX_JSON_DEPTH), "leaf"))
    with pytest.raises(ParseError):
        check_json(functools.reduce(lambda inner, _: {"key": inner}, range(MAX_JSON_DEPTH + 1), "leaf"))


def test_a_body_over_the_upload_limit_is_a_413_in_the_error_shape(api_as, commissioner, league, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1_000
    response = api_as(commissioner).patch(f"/api/leagues/{league.pk}/", {"name": "x" * 2_000}, format="json")

    assert response.status_code == 413
    assert response.json()["errors"][0]["code"] == "request_too_large"


def test_a_30_mb_file_is_refused_with_a_413(api_as, coach):
    upload = SimpleUploadedFile("big.bin", b"x" * 30 * 1024 * 1024)
    response = api_as(coach).post("/api/leagues/", {**NEW_LEAGUE, "rules": upload}, format="multipart")

    assert response.status_code == 413
    assert response.json()["errors"][0]["code"] == "request_too_large"
    assert not League.objects.filter(name="Nul League").exists()


def test_a_file_within_the_limit_is_read(api_as, coach):
    upload = SimpleUploadedFile("small.txt", b"x" * 1_000)
    response = api_as(coach).post("/api/leagues/", {**NEW_LEAGUE, "rules": upload}, format="multipart")
    assert response.status_code == 201


class RefusedByTheEngine(APIView):
    """A write whose service lets the engine's RuleViolation through, as the services do."""

    permission_classes = [AllowAny]

    def post(self, request: Any) -> Response:
        with paths_under("report."):
            raise RuleViolation(
                [
                    Violation("score-negative", "home.score", "A score is 0 or more."),
                    Violation("mvp-unknown", "away.mvp", "The MVP must be a player of the team."),
                ]
            )


def test_a_rule_violation_is_a_400_in_the_one_error_shape_naming_each_field():
    response = RefusedByTheEngine.as_view()(APIRequestFactory().post("/api/anywhere/", {}, format="json"))

    assert response.status_code == 400
    assert json.loads(response.render().content) == {
        "errors": [
            {"code": "score-negative", "field": "report.home.score", "message": "A score is 0 or more."},
            {"code": "mvp-unknown", "field": "report.away.mvp", "message": "The MVP must be a player of the team."},
        ]
    }
