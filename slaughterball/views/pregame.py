"""Pre-game pages: the live auction room, the lineup picker and the pre-game summary.

The auction room polls its live part every two seconds with htmx; every button also works as a plain
form without JavaScript. Views validate the form, call one service and render what the selectors read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import NoReverseMatch, path, reverse
from django.views.decorators.http import require_POST, require_safe

from engine.core.money import format_credits
from engine.slaughterball.games import LINEUP_SIZE, STAFF_TOKEN_NAMES
from engine.slaughterball.ruleset import RULESET
from leagues.forms import CreditsField, new_idempotency_key
from leagues.selectors import league_is_commissioner
from leagues.setup import league_house_values
from pitside.confirm import confirmation_asked
from pitside.errors import Invalid
from pitside.http import HtmxHttpRequest, require_form_page
from pitside.page_errors import domain_errors, refusal_shown_by
from pitside.params import parse_int, parse_ints
from slaughterball.models import Auction, Game, Lot, MaverickDraw
from slaughterball.selectors_pregame import (
    auction_for_game,
    auction_get,
    auction_state,
    game_hires,
    game_with_league,
    lot_bids,
    pregame_state,
)
from slaughterball.services import auctions as auction_services
from slaughterball.services import pregame as pregame_services

POLL_SECONDS = 2


def _game(game_id: int) -> Game:
    game = game_with_league(game_id)
    if game is None:
        raise Http404("No such game.")
    return game


def _optional_url(name: str, *args: Any) -> str:
    """A link to a page another part of the app may provide (the game page); empty when it does not exist."""
    try:
        return reverse(name, args=args)
    except NoReverseMatch:
        return ""


def _base_context(request: HttpRequest, game: Game) -> dict[str, Any]:
    league = game.week.season.league
    sides = pregame_services.game_sides(game)
    user_id = request.user.pk if request.user.is_authenticated else None
    return {
        "game": game,
        "league": league,
        "sides": sides,
        "my_teams": [side.team for side in sides if side.team.coach_id == user_id],
        "is_commissioner": league_is_commissioner(league, request.user),
        "game_url": _optional_url("game-detail", game.pk),
        "mavericks_allowed": not RULESET.option_value(league.options, "no_mavericks"),
        # The rulebook's names of skills, traits and tokens, for the `named` filter.
        "names": {**RULESET.catalog(league.house_values).names, **STAFF_TOKEN_NAMES},
    }


# --- The auction room -------------------------------------------------------------------------------------------


class BidForm(forms.Form):
    lot = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    team = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    amount = CreditsField(min_value=0, max_value=10**12, label="Your bid")
    idempotency_key = forms.CharField(max_length=80, widget=forms.HiddenInput)


class RogueForm(forms.Form):
    portfolio = forms.CharField(max_length=40)
    type = forms.CharField(max_length=40)
    team = forms.IntegerField(min_value=1, required=False)


def _live_context(request: HttpRequest, game: Game, errors: list[str] | None = None) -> dict[str, Any]:
    context = _base_context(request, game)
    auction = auction_for_game(game)
    state = auction_state(auction) if auction else None
    my_ids = {team.pk for team in context["my_teams"]}
    current = state["current_lot"] if state else None
    catalog = RULESET.catalog(league_house_values(context["league"]))
    context.update(
        {
            "auction": auction,
            "state": state,
            "errors": errors or [],
            "my_ids": my_ids,
            "poll": bool(state and state["status"] != "closed"),
            "poll_seconds": POLL_SECONDS,
            "bids": lot_bids(current["id"]) if current else [],
            # Only the coach whose turn it is bids or passes (the coach who put it up first, then ascending Team Potential).
            "bidders": [team for team in context["my_teams"] if current and current["turn"] == team.pk],
            "bid_key": new_idempotency_key(),
            "custom_key": new_idempotency_key(),
            "pass_key": new_idempotency_key(),
            "can_close": bool(current and context["is_commissioner"]),
            "portfolios": sorted(catalog.portfolios.items()),
            "athlete_types": RULESET.athlete_types,
        }
    )
    return context


def _room(request: HtmxHttpRequest, game: Game, errors: list[str] | None = None, status: int = 200) -> HttpResponse:
    template = "slaughterball/pregame/_auction_live.html" if request.htmx else "slaughterball/pregame/auction.html"
    return render(request, template, _live_context(request, game, errors), status=status)


@require_safe
def game_auction(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    return _room(request, _game(game_id))


@require_safe
def game_auction_live(request: HttpRequest, game_id: int) -> HttpResponse:
    """The live part of the room, polled every two seconds."""
    return render(request, "slaughterball/pregame/_auction_live.html", _live_context(request, _game(game_id)))


def _auction_action(request: HtmxHttpRequest, game: Game, action: Callable[[], str]) -> HttpResponse:
    """Run one auction service; answer htmx with the live part (400 with the errors), a form post with a redirect."""
    with refusal_shown_by(lambda error: _room(request, game, errors=[item.message for item in error.items])):
        message = action()
    if request.htmx:
        return _room(request, game)
    messages.success(request, message)
    return redirect("game-auction", game.pk)


@login_required
@domain_errors
@require_POST
def game_auction_open(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    game = _game(game_id)

    def open_it() -> str:
        _, created = auction_services.auction_open(game_id=game.pk, user=request.user)
        return "The auction is open: the dice are rolled and the mavericks drawn." if created else "The auction was open already."

    return _auction_action(request, game, open_it)


def _auction_game(auction: Auction | None) -> Game:
    if auction is None:
        raise Http404("No such auction.")
    return auction.game


@login_required
@domain_errors
@require_POST
def auction_draw_return(request: HtmxHttpRequest, draw_id: int) -> HttpResponse:
    draw = MaverickDraw.objects.filter(pk=draw_id).first()
    if draw is None:
        raise Http404("No such draw.")
    game = _auction_game(auction_get(draw.auction_id))

    def give_back() -> str:
        auction_services.draw_return(draw_id=draw_id, user=request.user)
        return "Returned to the box."

    return _auction_action(request, game, give_back)


@login_required
@domain_errors
@require_POST
def auction_nominate(request: HtmxHttpRequest, auction_id: int) -> HttpResponse:
    auction = auction_get(auction_id)
    game = _auction_game(auction)
    draw = request.POST.get("draw", "")
    if draw:
        draw_id = parse_int(draw, field="draw")

        def put_up() -> str:
            lot = auction_services.lot_nominate(auction_id=auction_id, user=request.user, draw_id=draw_id)
            return f"{lot.name} is up for auction."

        return _auction_action(request, game, put_up)
    form = RogueForm(request.POST)
    if not form.is_valid():
        return _room(request, game, errors=["Choose a portfolio and an athlete type for the rogue."], status=400)

    def put_up_rogue() -> str:
        lot = auction_services.lot_nominate(
            auction_id=auction_id,
            user=request.user,
            rogue_portfolio=form.cleaned_data["portfolio"],
            rogue_type=form.cleaned_data["type"],
            team_id=form.cleaned_data["team"],
        )
        return f"{lot.name} is up for auction."

    return _auction_action(request, game, put_up_rogue)


def _lot_game(lot_id: int) -> Game:
    """The game whose auction holds this lot, or a 404."""
    lot = Lot.objects.filter(pk=lot_id).first()
    if lot is None:
        raise Http404("No such lot.")
    return _auction_game(auction_get(lot.auction_id))


@login_required
@domain_errors
@require_POST
def lot_bid(request: HtmxHttpRequest, lot_id: int) -> HttpResponse:
    game = _lot_game(lot_id)
    form = BidForm(request.POST)
    if not form.is_valid():
        problems = [f"{form.fields[name].label or name}: {' '.join(str(e) for e in errs)}" for name, errs in form.errors.items()]
        return _room(request, game, errors=problems, status=400)

    def bid() -> str:
        placed, created = auction_services.bid_place(
            lot_id=lot_id,
            user=request.user,
            amount=form.cleaned_data["amount"],
            team_id=form.cleaned_data["team"],
            idempotency_key=form.cleaned_data["idempotency_key"],
        )
        return f"You bid {placed.amount:,}." if created else "That bid was already placed."

    return _auction_action(request, game, bid)


class PassForm(forms.Form):
    team = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    idempotency_key = forms.CharField(max_length=80, widget=forms.HiddenInput)


@login_required
@domain_errors
@require_POST
def lot_pass(request: HtmxHttpRequest, lot_id: int) -> HttpResponse:
    game = _lot_game(lot_id)
    form = PassForm(request.POST)
    if not form.is_valid():
        return _room(request, game, errors=["Pass for your own team, from the auction room."], status=400)

    def pass_turn() -> str:
        _, created = auction_services.lot_pass(
            lot_id=lot_id,
            user=request.user,
            team_id=form.cleaned_data["team"],
            idempotency_key=form.cleaned_data["idempotency_key"],
        )
        return "You pass." if created else "You had passed already."

    return _auction_action(request, game, pass_turn)


@login_required
@domain_errors
@require_POST
def lot_close(request: HtmxHttpRequest, lot_id: int) -> HttpResponse:
    game = _lot_game(lot_id)
    lot = Lot.objects.select_related("high_team").get(pk=lot_id)
    if lot.state == Lot.State.OPEN and league_is_commissioner(game.league, request.user):
        paid = (
            f"{lot.high_team.name} has the highest bid: it pays {format_credits(lot.high_amount)} and hires {lot.name} "
            "for this game (a bidder who can no longer pay is passed over for the next highest)."
            if lot.high_team is not None
            else f"Nobody has bid: {lot.name} leaves."
        )
        asked = confirmation_asked(
            request,
            title=f"Close the lot for {lot.name} now?",
            consequences=[paid, "The coaches whose turn it is lose it: the bidding on this lot is over."],
            button=f"Close the lot for {lot.name}",
            back=reverse("game-auction", args=[game.pk]),
        )
        if asked is not None:
            return asked

    def close() -> str:
        closed, _ = auction_services.lot_close(lot_id=lot_id, user=request.user)
        return closed.note

    return _auction_action(request, game, close)


# --- The lineup picker -------------------------------------------------------------------------------------------


def _picker_team(request: HttpRequest, context: dict[str, Any]) -> Any:
    """The team whose lineup the page picks: ?team= (the commissioner may pick any), else the user's own."""
    wanted = request.GET.get("team") or request.POST.get("team") or ""
    sides = {side.team_id: side for side in context["sides"]}
    team_id = parse_int(wanted, field="team") if wanted else None
    if team_id in sides:
        team = sides[team_id].team
        if context["is_commissioner"] or team in context["my_teams"]:
            return team
    return context["my_teams"][0] if context["my_teams"] else None


def _lineup_context(
    request: HttpRequest, game: Game, chosen: tuple[list[int], list[int]] | None = None, errors: list[str] | None = None
) -> dict[str, Any]:
    context = _base_context(request, game)
    team = _picker_team(request, context)
    state = pregame_state(game)
    athletes: list[dict[str, Any]] = []
    hires: list[Any] = []
    preview = None
    if team is not None:
        league = context["league"]
        facts = pregame_services.teams_facts([team.pk], league.game_system)[team.pk]
        out = pregame_services.athletes_out(game, [team.pk])
        picked_athletes, picked_hires = chosen or ([], [])
        athletes = [{"facts": a, "out": out.get(a.id, ""), "checked": a.id in picked_athletes} for a in facts.athletes]
        hires = [(h, h.pk in picked_hires) for h in game_hires(game) if h.team_id == team.pk]
        preview = pregame_services.lineup_preview(
            game=game, team_id=team.pk, athlete_ids=picked_athletes, maverick_ids=picked_hires
        )
    side_state = next((s for s in state["sides"] if team and s["team"] == team.pk), None)
    context.update(
        {
            "team": team,
            "state": state,
            "athletes": athletes,
            "hires": hires,
            "preview": preview,
            "picked": bool(side_state and side_state["picked"]),
            "errors": errors or [],
            "lineup_size": LINEUP_SIZE,
        }
    )
    return context


@require_form_page
@domain_errors
def game_lineup(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game(game_id)
    if request.method != "POST":
        return render(request, "slaughterball/pregame/lineup.html", _lineup_context(request, game))
    if not request.user.is_authenticated:
        return redirect(f"{reverse('login')}?next={request.path}")
    athlete_ids = parse_ints(request.POST.getlist("athletes"), field="athletes")
    hire_ids = parse_ints(request.POST.getlist("mavericks"), field="mavericks")
    team = request.POST.get("team", "")
    if not team:
        context = _lineup_context(request, game, (athlete_ids, hire_ids), errors=["Choose the team."])
        return render(request, "slaughterball/pregame/lineup.html", context, status=400)
    team_id = parse_int(team, field="team")

    def refused(error: Invalid) -> HttpResponse:
        context = _lineup_context(request, game, (athlete_ids, hire_ids), errors=[item.message for item in error.items])
        return render(request, "slaughterball/pregame/lineup.html", context)

    with refusal_shown_by(refused):
        _, created = pregame_services.lineup_pick(
            game_id=game.pk, user=request.user, team_id=team_id, athlete_ids=athlete_ids, maverick_ids=hire_ids
        )
    messages.success(request, "Athletes chosen and revealed." if created else "This lineup was already chosen.")
    return redirect(f"{reverse('game-lineup', args=[game.pk])}?team={team_id}")


@require_POST
@domain_errors
def game_lineup_preview(request: HttpRequest, game_id: int) -> HttpResponse:
    """The Pit Power of the boxes ticked so far (htmx, on every change)."""
    game = _game(game_id)
    chosen = (
        parse_ints(request.POST.getlist("athletes"), field="athletes"),
        parse_ints(request.POST.getlist("mavericks"), field="mavericks"),
    )
    context = _lineup_context(request, game, chosen)
    return render(request, "slaughterball/pregame/_lineup_power.html", context)


# --- The pre-game summary -----------------------------------------------------------------------------------------


class OrderOfPlayForm(forms.Form):
    """Team Placement: each team's seat in the order of play (1 = the First Coach, then clockwise)."""

    def __init__(self, *args: Any, sides: list[Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sides = sides
        for index, side in enumerate(sides, start=1):
            self.fields[f"order_{side.team_id}"] = forms.IntegerField(
                min_value=1, max_value=len(sides), initial=side.order_of_play or index, label=side.team.name
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        assert data is not None  # Form.clean returns cleaned_data
        orders = [data.get(f"order_{side.team_id}") for side in self.sides]
        if None not in orders and len(set(orders)) != len(orders):
            raise forms.ValidationError("Give each team its own place in the order of play (1 = First Coach).")
        return data

    def teams(self) -> list[int]:
        return [side.team_id for side in sorted(self.sides, key=lambda side: self.cleaned_data[f"order_{side.team_id}"])]


def _pregame_page(request: HttpRequest, game: Game, form: OrderOfPlayForm | None = None, status: int = 200) -> HttpResponse:
    context = _base_context(request, game)
    auction = auction_for_game(game)
    state = pregame_state(game)
    names = {side["team"]: side["name"] for side in state["sides"]}
    may_seat = game.state == Game.State.SCHEDULED and bool(context["my_teams"] or context["is_commissioner"])
    context.update(
        {
            "state": state,
            "auction": auction_state(auction) if auction else None,
            "hires": game_hires(game),
            "picking_names": [names.get(team, "") for team in state["picking_order"]],
            "play_names": [names.get(team, "") for team in state["order_of_play"]],
            "staff_names": [names.get(team, "") for team in state["staff_token_order"]],
            "order_form": (form or OrderOfPlayForm(sides=context["sides"])) if may_seat else None,
        }
    )
    return render(request, "slaughterball/pregame/pregame.html", context, status=status)


@require_safe
def game_pregame(request: HttpRequest, game_id: int) -> HttpResponse:
    return _pregame_page(request, _game(game_id))


@login_required
@domain_errors
@require_POST
def game_order_of_play(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game(game_id)
    form = OrderOfPlayForm(request.POST, sides=pregame_services.game_sides(game))
    if not form.is_valid():
        return _pregame_page(request, game, form, status=400)

    def refused(error: Invalid) -> HttpResponse:
        for item in error.items:
            form.add_error(None, item.message)
        return _pregame_page(request, game, form)

    with refusal_shown_by(refused):
        pregame_services.order_of_play_set(game_id=game.pk, user=request.user, team_ids=form.teams())
    messages.success(request, "Order of play recorded.")
    return redirect("game-pregame", game.pk)


urlpatterns = [
    path("games/<id:game_id>/auction/", game_auction, name="game-auction"),
    path("games/<id:game_id>/auction/live/", game_auction_live, name="game-auction-live"),
    path("games/<id:game_id>/auction/open/", game_auction_open, name="game-auction-open"),
    path("auctions/draws/<id:draw_id>/return/", auction_draw_return, name="auction-draw-return"),
    path("auctions/<id:auction_id>/nominate/", auction_nominate, name="auction-nominate"),
    path("lots/<id:lot_id>/bid/", lot_bid, name="lot-bid"),
    path("lots/<id:lot_id>/pass/", lot_pass, name="lot-pass"),
    path("lots/<id:lot_id>/close/", lot_close, name="lot-close"),
    path("games/<id:game_id>/lineup/", game_lineup, name="game-lineup"),
    path("games/<id:game_id>/lineup/preview/", game_lineup_preview, name="game-lineup-preview"),
    path("games/<id:game_id>/pregame/", game_pregame, name="game-pregame"),
    path("games/<id:game_id>/order-of-play/", game_order_of_play, name="game-order-of-play"),
]
