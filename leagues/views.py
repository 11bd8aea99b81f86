"""League pages. Each view validates the form, calls one service (or selector) and renders.

Services raise Invalid or a RuleViolation (shown on the form by `refusal_shown_by`, status 400), NotPermitted
(the 403 page) and NotFound (the 404 page); `domain_errors` turns the last two into Django's own.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST, require_safe

from engine.registry import game_systems, get_ruleset
from leagues import services
from leagues.forms import (
    CommissionerAddForm,
    GrantForm,
    HouseValuesFileForm,
    HouseValuesFillForm,
    HouseValuesForm,
    LeagueCreateForm,
    apply_domain_errors,
)
from leagues.game_apps import data_sources, game_app, game_apps, settings_sections_context
from leagues.models import League
from leagues.selectors import league_list, leagues_commissioned_by
from leagues.setup import signup_context, signup_steps
from pitside.confirm import confirmation_asked
from pitside.errors import ErrorItem, Invalid
from pitside.forms import autofocus_first_error
from pitside.http import require_form_page
from pitside.page_errors import domain_errors, refusal_shown_by
from pitside.throttling import LeagueCreateThrottle, throttled


@require_safe
def league_index(request: HttpRequest) -> HttpResponse:
    names = dict(game_systems())
    listed = list(league_list())
    not_ready = signup_steps(listed)  # "Open" is for a league that can take a team
    leagues = [(league, names.get(league.game_system, league.game_system), league.pk in not_ready) for league in listed]
    return render(request, "leagues/home.html", {"leagues": leagues})


@login_required
@domain_errors
@require_form_page
@throttled(LeagueCreateThrottle, ("POST",))
def league_create(request: HttpRequest) -> HttpResponse:
    form = LeagueCreateForm(
        request.POST or None,
        rulesets=[app.ruleset for app in game_apps()],
        sources=data_sources(),
        copyable=leagues_commissioned_by(request.user),
    )
    if request.method != "POST":
        return render(request, "leagues/league_create.html", {"form": form})
    if not form.is_valid():
        autofocus_first_error(form)
        return render(request, "leagues/league_create.html", {"form": form}, status=400)

    def refused(error: Invalid) -> HttpResponse:
        apply_domain_errors(form, error, prefixes=("options.",))
        return render(request, "leagues/league_create.html", {"form": form})

    with refusal_shown_by(refused):
        league = services.league_create(
            user=request.user,
            name=form.cleaned_data["name"],
            game_system=form.cleaned_data["game_system"],
            options=form.options(),
            house_values_from=form.cleaned_data["house_values_from"],
            data_from=form.data_from(),
        )
    messages.success(request, f"{league.name} is created; you are its commissioner.")
    return redirect("league-detail", league.pk)


def _league(league_id: int) -> League:
    return get_object_or_404(league_list(), pk=league_id)


@require_safe
@domain_errors
def league_detail(request: HttpRequest, league_id: int) -> HttpResponse:
    league = _league(league_id)
    app = game_app(league)
    return render(
        request,
        "leagues/league_detail.html",
        {
            "league": league,
            "game_app": app,
            "game_system_name": get_ruleset(league.game_system).name,
            **signup_context(league, request.user),
            **app.league_context(league, request),
        },
    )


def house_values_form(league: League, data: Any = None) -> HouseValuesForm:
    """The house-values form of any game system's league (its settings page shows it)."""
    ruleset = get_ruleset(league.game_system)
    return HouseValuesForm(
        data,
        fields=ruleset.house_value_fields(),
        current=league.house_values,
        names=ruleset.house_value_names(league.house_values),
    )


def house_values_fill_form(league: League, user: Any, data: Any = None) -> HouseValuesFillForm:
    """Where `user` may fill the league's unset house values from: the suggested set while it has a value the league
    has not set, and his other leagues of its game system."""
    suggested = get_ruleset(league.game_system).suggested_house_values()
    copyable = leagues_commissioned_by(user).filter(game_system=league.game_system).exclude(pk=league.pk)
    return HouseValuesFillForm(data, suggesting=not suggested.keys() <= league.house_values.keys(), copyable=copyable)


def grant_form(league: League, data: Any = None) -> GrantForm:
    """The grants-and-fines form of any game system's league, in its money."""
    return GrantForm(data, teams=league.teams.all(), unit=get_ruleset(league.game_system).money_unit)


def settings_page(request: HttpRequest, league: League, status: int = 200, **forms: Any) -> HttpResponse:
    """Any game system's settings page, with fresh forms except the one given bound (with its errors):
    the shared sections, and the game system's own (GameApp.settings_panel)."""
    services.league_require_commissioner(league=league, user=request.user)
    league = _league(league.pk)  # a failed update may have touched the object in memory
    app = game_app(league)
    schema = app.ruleset.options
    options = {key: schema.value(league.options, key) for key in schema.defaults}
    house_form = forms.get("house_form") or house_values_form(league)
    house_groups = house_form.groups()
    for name, form in forms.items():
        order = [row.field.key for group in house_groups for row in group.rows] if name == "house_form" else ()
        autofocus_first_error(form, order)
    context = {
        "league": league,
        "game_app": app,
        "settings_form": forms.get("settings_form")
        or app.settings_form(initial=app.settings_form.initial_for(league, options), switches=schema.switches),
        "commissioner_form": forms.get("commissioner_form") or CommissionerAddForm(),
        "money_unit": app.ruleset.money_unit,
        # a game system without money has no grants or fines (the section shows only to say so of one sent)
        "grant_form": forms.get("grant_form") or (grant_form(league) if app.ruleset.accounts else None),
        "house_form": house_form,
        "fill_form": forms.get("fill_form") or house_values_fill_form(league, request.user),
        "house_groups": house_groups,
        "unset_groups": [(group, [row for row in group.rows if row.required]) for group in house_groups if group.required_count],
        **settings_sections_context(league, forms),
        "required_count": house_form.required_count(),
        **app.settings_context(league),
    }
    return render(request, "leagues/league_settings.html", context, status=status)


@login_required
@domain_errors
@require_form_page
def league_settings(request: HttpRequest, league_id: int) -> HttpResponse:
    league = _league(league_id)
    app = game_app(league)
    here = request.resolver_match.url_name if request.resolver_match else None
    if here != app.settings_url:
        # /leagues/<id>/settings/ leads to the league's own settings address; another game's address is not found
        if here == "league-settings":
            return redirect(app.settings_url, league.pk)
        raise Http404
    if request.method != "POST":
        return settings_page(request, league)
    form = app.settings_form(request.POST, switches=app.ruleset.options.switches)
    if not form.is_valid():
        return settings_page(request, league, status=400, settings_form=form)

    def refused(error: Invalid) -> HttpResponse:
        apply_domain_errors(form, error, prefixes=("options.",))
        return settings_page(request, league, settings_form=form)

    with refusal_shown_by(refused):
        services.league_update(
            league=league,
            user=request.user,
            name=form.cleaned_data["name"],
            open_for_signups=form.cleaned_data["open_for_signups"],
            options=form.options(),
        )
    messages.success(request, "Settings saved.")
    return redirect(app.settings_url, league.pk)


# --- The settings forms every game system's settings page shares: each answers with the league's own
# settings page (GameApp.settings_url). -------------------------------------------------------------------


@login_required
@domain_errors
@require_POST
def league_commissioner_add(request: HttpRequest, league_id: int) -> HttpResponse:
    league = _league(league_id)
    form = CommissionerAddForm(request.POST)
    if not form.is_valid():
        return settings_page(request, league, status=400, commissioner_form=form)

    def refused(error: Invalid) -> HttpResponse:
        apply_domain_errors(form, error)
        return settings_page(request, league, commissioner_form=form)

    username = form.cleaned_data["username"]
    services.league_require_commissioner(league=league, user=request.user)
    if get_user_model().objects.filter(username=username).exclude(commissioned_leagues=league).exists():
        asked = confirmation_asked(
            request,
            title=f"Make {username} a commissioner of {league.name}?",
            consequences=[
                f"{username} can then do all that you do in {league.name}: change its settings and house values, "
                "grant and fine money, approve and void results, add commissioners.",
                "It cannot be taken back: Pitside has no way to remove a commissioner.",
            ],
            button=f"Make {username} a commissioner",
            back=f"{reverse(game_app(league).settings_url, args=[league.pk])}#commissioners",
        )
        if asked is not None:
            return asked
    with refusal_shown_by(refused):
        services.league_commissioner_add(league=league, user=request.user, username=username)
    messages.success(request, f"{form.cleaned_data['username']} is now a commissioner of {league.name}.")
    return redirect(game_app(league).settings_url, league.pk)


@login_required
@domain_errors
@require_POST
def league_house_values(request: HttpRequest, league_id: int) -> HttpResponse:
    league = _league(league_id)
    form = house_values_form(league, request.POST)
    if not form.is_valid():
        return settings_page(request, league, status=400, house_form=form)
    changes = form.changes()

    def refused(error: Invalid) -> HttpResponse:
        apply_domain_errors(form, error, prefixes=("house_values.",))
        return settings_page(request, league, house_form=form)

    with refusal_shown_by(refused):
        services.league_update(league=league, user=request.user, house_values=changes)
    messages.success(request, f"House values saved ({len(changes)} changed)." if changes else "No house value changed.")
    return _house_values_section(league)


@login_required
@domain_errors
@require_POST
def league_house_values_fill(request: HttpRequest, league_id: int) -> HttpResponse:
    """Fill the house values the league has not set (from the suggested set or another league); the ones it has set
    stay. Nothing is lost, so nothing is asked first: each filled value can be changed or cleared below."""
    league = _league(league_id)
    form = house_values_fill_form(league, request.user, request.POST)
    if not form.is_valid():
        return settings_page(request, league, status=400, fill_form=form)

    def refused(error: Invalid) -> HttpResponse:
        apply_domain_errors(form, error)
        return settings_page(request, league, fill_form=form)

    with refusal_shown_by(refused):
        filled = services.league_house_values_fill(
            league=league, user=request.user, house_values_from=form.cleaned_data["house_values_from"]
        )
    if filled:
        messages.success(
            request, f"{len(filled)} house value{'s' if len(filled) != 1 else ''} filled; the ones set before are unchanged."
        )
    else:
        messages.success(request, "Every one of those values was set already: nothing changed.")
    return _house_values_section(league)


def _house_values_section(league: League) -> HttpResponse:
    return redirect(reverse(game_app(league).settings_url, args=[league.pk]) + "#house-values")


@login_required
@domain_errors
@require_form_page
def league_house_values_import(request: HttpRequest, league_id: int) -> HttpResponse:
    """Replace all the league's house values with a YAML or JSON file (uploaded or pasted): all or nothing, every
    bad value listed with its key."""
    league = _league(league_id)
    services.league_require_commissioner(league=league, user=request.user)
    form = HouseValuesFileForm(request.POST or None, request.FILES or None)

    def page(errors: tuple[ErrorItem, ...] = ()) -> HttpResponse:
        context = {"league": league, "form": form, "errors": list(errors), "game_app": game_app(league)}
        return render(request, "leagues/house_values_import.html", context, status=400 if request.method == "POST" else 200)

    if request.method != "POST" or not form.is_valid():
        return page()
    with refusal_shown_by(lambda error: page(error.items)):
        league = services.league_house_values_replace(
            league=league, user=request.user, fmt=form.cleaned_data["format"], text=form.cleaned_data["text"]
        )
    messages.success(request, f"House values imported: {len(league.house_values)} set.")
    return _house_values_section(league)
