"""Blood Bowl match pages: the league's matches, a match (pre-match, report, confirmation, post-match,
star player rolls, history) and the standings. Each POST calls one service and redirects back."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST, require_safe
from rest_framework import serializers

from bloodbowl.apis import matches as apis
from bloodbowl.apis.matches import ReportInputSerializer
from bloodbowl.models import MatchSide, Player, StarPlayerRoll
from bloodbowl.selectors import (
    apothecary_candidates,
    league_get,
    match_get,
    match_rights,
    match_side_of,
    matches_listed,
    star_player_roll_options,
    team_lists_of,
)
from bloodbowl.selectors_report import report_summary
from bloodbowl.selectors_standings import league_leaders, standing_lines
from bloodbowl.selectors_tournaments import ROUND_NAMES, match_trophy_effects
from bloodbowl.services import matches as services
from bloodbowl.services.fixtures import fixtures_generate
from bloodbowl.views.report_form import CHARACTERISTICS, INJURY_SLOTS, error_paths, report_form, report_input, report_values
from engine.bloodbowl import tables
from engine.bloodbowl.ruleset import RULESET
from engine.bloodbowl.teamlists import TeamLists
from engine.core.fixtures import LEGS
from games.api import schedule_data, schedule_input
from games.models import Game
from games.pages import void_asked
from leagues.models import League
from leagues.selectors import league_is_commissioner
from pitside.confirm import confirmation_asked
from pitside.errors import ErrorItem, Invalid
from pitside.http import require_form_page
from pitside.names import key_name
from pitside.page_errors import domain_errors, refusal_shown_by
from pitside.paging import coached_by, page_rows
from pitside.params import parse_int
from rosters.selectors import team_choices
from rosters.team_search import sent_teams, team_search

DECKS = tuple(tables.tables().decks)


def _league_matches_page(request: HttpRequest, league: League, error: Invalid | None = None) -> HttpResponse:
    """The league's matches with the forms to arrange one and (a commissioner) a fixture list; a refused form
    shows its errors and what was sent, and a match the teams already have asks to confirm (`again`)."""
    errors = [item.message for item in error.items] if error else []
    # A page of the matches (the viewer's own pinned above it); each select, a search's teams, the viewer's own and
    # those a refused form sent (kept selected).
    mine = coached_by(request, "team__coach")
    own = Q(pk__in=MatchSide.objects.filter(mine).values("match_id")) if mine is not None else None
    context = {
        "league": league,
        "matches": page_rows(request, matches_listed(league), own=own),
        "errors": errors,
        "is_commissioner": league_is_commissioner(league, request.user),
        "sent": request.POST,
        "ask_again": bool(error and any(item.code == "match-exists" for item in error.items)),
        "legs": LEGS,
    }
    if request.user.is_authenticated:  # the forms: a visitor signed out sees none, and its page reads no team
        teams = league.teams.all()
        search = team_search(request, teams.count(), {"home": "Home team's name", "away": "Away team's name"})
        sent = sent_teams(request.POST, "home_team", "away_team")
        home_teams = team_choices(teams, request.user, [search.text("home")], sent)
        same_search = search.text("away") == search.text("home")  # as on a first view: one query serves both selects
        context |= {
            "team_count": search.count,
            "home_teams": home_teams,
            "away_teams": home_teams if same_search else team_choices(teams, request.user, [search.text("away")], sent),
            "search": search,
        }
    return render(request, "bloodbowl/match_list.html", context)


def _checked(serializer: serializers.Serializer[Any]) -> dict[str, Any]:
    """The input as its API checks it; refused, each field's errors as items (shown by `refusal_shown_by`)."""
    if not serializer.is_valid():
        raise Invalid([ErrorItem("invalid", "", message) for message in _messages(serializer.errors)])
    return dict(serializer.validated_data)


@domain_errors
@require_form_page
def league_matches(request: HttpRequest, league_id: int) -> HttpResponse:
    """The league's matches, and (for a coach or commissioner) a form to arrange one."""
    league = league_get(league_id)
    if request.method != "POST":
        return _league_matches_page(request, league)
    if not request.user.is_authenticated:
        return redirect(f"/accounts/login/?next={request.path}")
    with refusal_shown_by(lambda error: _league_matches_page(request, league, error)):
        match = services.match_create(
            league=league,
            user=request.user,
            home_team_id=parse_int(request.POST.get("home_team", ""), field="home_team"),
            away_team_id=parse_int(request.POST.get("away_team", ""), field="away_team"),
            again=bool(request.POST.get("again")),
            **schedule_data(request.POST),
        )
    messages.success(request, "The match is arranged: make the pre-match rolls at kick-off.")
    return redirect("bb-match-detail", match.pk)


@login_required
@domain_errors
@require_POST
def league_fixtures(request: HttpRequest, league_id: int) -> HttpResponse:
    """A commissioner makes the league's fixture list (the matches page's form; POST /api/leagues/<id>/fixtures/)."""
    league = league_get(league_id)
    sent = {key: request.POST.get(key, "") for key in ("rounds", "first_date", "days_between")}
    with refusal_shown_by(lambda error: _league_matches_page(request, league, error)):
        data = _checked(apis.LeagueFixturesApi.InputSerializer(data=sent))
        made = fixtures_generate(league=league, user=request.user, **data)
    rounds = len({m.fixture_round for m in made})
    messages.success(request, f"{len(made)} matches arranged in {rounds} rounds.")
    return redirect("bb-league-matches", league.pk)


def _spr_label(kind: str, target: str | None, lists: TeamLists | None) -> str:
    """A star player roll's choice as the page names it: "Skill Block", "+1 MA"."""
    what = {"skill": "Skill", "characteristic": "+1", "remove_trait": "Remove", "wasted": "Wasted"}.get(kind, kind)
    if not target:
        return what
    # A characteristic's target is its abbreviation (ma, st, ag, av), shown as printed (MA).
    return f"{what} {key_name(target, lists.skill_names if lists else {}) if kind != 'characteristic' else target.upper()}"


def _players_by_side(match: Any) -> dict[str, list[Player]]:
    """The players of each side who take part (on the roster and not missing the match)."""
    by_side = {}
    for side in match.sides.all():
        players = Player.objects.filter(team_id=side.team_id, status=Player.Status.ACTIVE).exclude(pk__in=side.missing)
        by_side["home" if side.home else "away"] = list(players.order_by("number"))
    return by_side


@require_safe
def match_detail(request: HttpRequest, match_id: int) -> HttpResponse:
    return _match_page(request, match_id)


def _match_page(
    request: HttpRequest,
    match_id: int,
    errors: list[str] | None = None,
    status: int = 200,
    report_errors: list[tuple[str, str]] | None = None,
) -> HttpResponse:
    """The match page; with `errors` (status 400) when a form on it was refused, or `report_errors` (path, message)
    when the report form was: then the report form shows what was sent."""
    match = match_get(match_id)
    own = match_side_of(match, request.user)
    lists = team_lists_of(match.league)

    def label(kind: str, target: str | None) -> str:
        return _spr_label(kind, target, lists)

    sprs = match.star_player_rolls.all()
    pending = [
        (spr, [(f"{o.kind}:{o.target or ''}", label(o.kind, o.target)) for o in star_player_roll_options(spr)])
        for spr in sprs
        if spr.choice is None and own is not None and spr.player.team_id == own.team_id
    ]
    players = _players_by_side(match)
    trophies = {team: effects for team, effects in match_trophy_effects(match).items() if effects.trophy_rerolls}
    sides = sorted(match.sides.all(), key=lambda s: not s.home)
    rights = match_rights(match, request.user)
    context = {
        "match": match,
        "league": match.league,
        "round_name": ROUND_NAMES.get(match.tournament_round, ""),
        "round_label": f"Round {match.fixture_round}" if match.fixture_round else "",
        "sides": sides,
        "report_form": report_form(
            sides,
            players,
            request.POST if report_errors is not None else report_values(match.report),
            report_errors or (),
        ),
        "rights": rights,
        "summary": report_summary(match),
        "report_refused": report_errors is not None,
        "schedule_url": reverse("bb-match-schedule", args=[match.pk]) if rights.schedule else "",
        "own_side": own,
        "kickoff": own is not None and match.gate is not None and match.state == Game.State.SCHEDULED,
        "deck_names": {slug: tables.tables().decks[slug].name for slug in DECKS},
        "apothecary_players": apothecary_candidates(match, own) if own is not None and match.gate is not None else [],
        "trophies": [(side, trophies[side.team_id]) for side in sides if side.team_id in trophies],
        "injury_slots": INJURY_SLOTS,
        "characteristics": CHARACTERISTICS,
        "pending_sprs": pending,
        "spr_lines": [(spr, label(spr.choice["kind"], spr.choice["target"]) if spr.choice else "") for spr in sprs],
        "table_dice": RULESET.option_value(match.league.options, "table_dice"),
        "prematch_rolls": PREMATCH_ROLLS,
        "postmatch_rolls": POSTMATCH_ROLLS,
        "history": [(event, apis.action_name(event)) for event in match.events.all()],
        "errors": errors or [],
    }
    return render(request, "bloodbowl/match_detail.html", context, status=status)


PREMATCH_ROLLS = ("gate", "cards.home", "cards.away")
POSTMATCH_ROLLS = ("winnings.home", "winnings.away", "fan_factor.home", "fan_factor.away")


def _table_dice(post: Any, labels: tuple[str, ...]) -> dict[str, list[str]] | None:
    """Dice typed from the table ("3 5 1"), by roll label; None when none were typed. The input serializer
    reads each as a whole number, the service refuses them unless the league allows table dice, and the
    engine range-checks them."""
    typed = {label: post.get(f"dice-{label}", "").replace(",", " ").split() for label in labels}
    dice = {label: values for label, values in typed.items() if values}
    return dice or None


# The match page's forms that each call one service, as the API does (bloodbowl.apis.matches): the API
# view gives the input's shape and the service; here, how the form's fields become that input, and what
# to tell the coach when it is done.
MATCH_ACTIONS: dict[str, tuple[type[apis.MatchWriteApi], Callable[[Any], dict[str, Any]], str]] = {
    "prematch": (
        apis.MatchPrematchApi,
        lambda post: _dice_input(post, PREMATCH_ROLLS),
        "The pre-match is rolled: the dice are kept, and reloading shows the same.",
    ),
    "confirm": (
        apis.MatchConfirmApi,
        lambda post: _dice_input(post, POSTMATCH_ROLLS),
        "The match is confirmed: winnings, aging, Star Player Points and Fan Factor are done.",
    ),
    "dispute": (
        apis.MatchDisputeApi,
        lambda post: {"reason": post.get("reason", "")},
        "The report is disputed: a commissioner decides.",
    ),
    "void": (
        apis.MatchVoidApi,
        lambda post: {"reason": post.get("reason", "")},
        "The match is void: what its post-match did is put back.",
    ),
    "notes": (apis.MatchNotesApi, lambda post: {"notes": post.get("notes", "")}, "Notes saved on your Match Record."),
    "cards": (
        apis.MatchCardsApi,
        lambda post: {"decks": {d: post.get(f"deck-{d}") or 0 for d in DECKS}},
        "Cards chosen: draw them at random from the tops of those decks.",
    ),
    "apothecary": (apis.MatchApothecaryApi, lambda post: {"player": post.get("player")}, "The Apothecary lets him play."),
    "schedule": (
        apis.MatchScheduleApi,
        schedule_input,
        "The match's date and place are saved.",
    ),
}


def _dice_input(post: Any, labels: tuple[str, ...]) -> dict[str, Any]:
    dice = _table_dice(post, labels)
    return {"dice": dice} if dice else {}


@login_required
@domain_errors
@require_POST
def match_action(request: HttpRequest, match_id: int, action: str) -> HttpResponse:
    """One of the match page's forms (MATCH_ACTIONS): its input checked as the API checks it, then its service."""
    match_get(match_id)
    write, form_input, message = MATCH_ACTIONS[action]
    assert write.input_serializer is not None  # each of these forms sends an input
    data = write.input_serializer(data=form_input(request.POST))
    if not data.is_valid():
        return _match_page(request, match_id, errors=_messages(data.errors), status=400)
    if action == "void":
        back = reverse("bb-match-detail", args=[match_id])
        if (asked := void_asked(request, results=services.RESULTS, game_id=match_id, back=back)) is not None:
            return asked
    with refusal_shown_by(lambda error: _match_page(request, match_id, errors=[i.message for i in error.items])):
        write.service(match_id=match_id, user=request.user, **data.validated_data)
    messages.success(request, message)
    return redirect("bb-match-detail", match_id)


@login_required
@domain_errors
@require_POST
def match_report(request: HttpRequest, match_id: int) -> HttpResponse:
    match = match_get(match_id)
    report, _where = report_input(request.POST, _players_by_side(match))
    data = ReportInputSerializer(data=report)
    if not data.is_valid():
        return _match_page(request, match_id, report_errors=error_paths(data.errors), status=400)

    def refused(error: Invalid) -> HttpResponse:
        return _match_page(request, match_id, report_errors=[(item.field, item.message) for item in error.items])

    with refusal_shown_by(refused):
        services.report_submit(
            match_id=match_id,
            user=request.user,
            report=data.validated_data,
            idempotency_key=request.POST.get("idempotency_key") or None,
        )
    messages.success(request, "The report is in: the other coach confirms it.")
    return redirect("bb-match-detail", match_id)


def _messages(errors: Any) -> list[str]:
    """A serializer's nested errors as lines naming the field."""
    return [f"{path}: {message}" for path, message in error_paths(errors)]


@login_required
@domain_errors
@require_POST
def spr_choose(request: HttpRequest, spr_id: int) -> HttpResponse:
    spr = get_object_or_404(StarPlayerRoll.objects.select_related("player__team__league", "match"), pk=spr_id)
    kind, _, target = (request.POST.get("choice") or "").partition(":")
    offered = {(o.kind, o.target or "") for o in star_player_roll_options(spr)} if spr.choice is None else set()
    if (kind, target) in offered and spr.player.team.coach_id == request.user.pk:
        player = spr.player
        taken = _spr_label(kind, target or None, team_lists_of(player.team.league))
        asked = confirmation_asked(
            request,
            title=f"#{player.number} {player.name} takes {taken}?",
            consequences=[
                f"#{player.number} {player.name} of {player.team.name} takes {taken} for his star player roll "
                f"{spr.number} (dice {spr.dice[0]}-{spr.dice[1]}): it is his for good.",
                "Once a roll of it is chosen, its match can no longer be voided.",
            ],
            button=f"Take {taken}",
            back=reverse("bb-match-detail", args=[spr.match_id]),
        )
        if asked is not None:
            return asked
    with refusal_shown_by(lambda error: _match_page(request, spr.match_id, errors=[i.message for i in error.items])):
        services.spr_choose(spr_id=spr_id, user=request.user, kind=kind, target=target or None)
    messages.success(request, "Star player roll chosen.")
    return redirect("bb-match-detail", spr.match_id)


@domain_errors
@require_safe
def standings(request: HttpRequest, league_id: int) -> HttpResponse:
    """A page of the stored table (the coach's own teams always shown, `?all=1` the whole of it) and the leaders."""
    league = league_get(league_id)
    rows = page_rows(request, standing_lines(league), own=coached_by(request, "team__coach"))
    return render(request, "bloodbowl/standings.html", {"league": league, "rows": rows, "leaders": league_leaders(league)})
