"""A Blood Bowl league's own pages: its settings (one page in sections) and its team lists.

Each view validates the form, calls one service and redirects, or renders the page again with the
form's errors (status 400); the rules and permissions are the engine's and the services'.
"""

from __future__ import annotations

import yaml
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.text import slugify
from django.views.decorators.http import require_safe

from bloodbowl.forms import TeamListsForm
from bloodbowl.models import TeamLists as TeamListsRow
from bloodbowl.selectors import league_get, team_lists_of
from bloodbowl.services.teamlists import team_lists_import
from engine.bloodbowl import teamlists
from leagues import services as league_services
from leagues.models import League
from pitside.errors import ErrorItem
from pitside.http import require_form_page
from pitside.page_errors import domain_errors, refusal_shown_by

SAMPLES = {"house-team.yaml": "application/yaml", "house-team.csv": "text/csv"}


# --- Team lists ------------------------------------------------------------------------------------


def _team_lists_yaml(league: League) -> str:
    row = TeamListsRow.objects.filter(league=league).first()
    return yaml.safe_dump(row.data, sort_keys=False, allow_unicode=True) if row else ""


@login_required
@domain_errors
@require_form_page
def team_lists(request: HttpRequest, league_id: int) -> HttpResponse:
    """Upload a YAML or CSV file, paste one, or edit the current lists as YAML; every error with its row."""
    league = league_get(league_id)
    league_services.league_require_commissioner(league=league, user=request.user)
    form = TeamListsForm(
        request.POST or None, request.FILES or None, initial={"format": "yaml", "text": _team_lists_yaml(league)}
    )

    def page(errors: tuple[ErrorItem, ...] = ()) -> HttpResponse:
        context = {
            "league": league,
            "form": form,
            "errors": list(errors),
            "team_lists": team_lists_of(league),
            "samples": SAMPLES,
        }
        return render(request, "bloodbowl/team_lists.html", context, status=400 if request.method == "POST" else 200)

    if request.method != "POST" or not form.is_valid():
        return page()
    with refusal_shown_by(lambda error: page(error.items)):
        row = team_lists_import(league=league, user=request.user, fmt=form.cleaned_data["format"], text=form.cleaned_data["text"])
    races, skills = len(row.data["races"]), len(row.data["skills"])
    messages.success(request, f"Team lists saved: {races} race(s), {skills} skill(s).")
    return redirect("bb-team-lists", league.pk)


@require_safe
def team_lists_download(request: HttpRequest, league_id: int) -> HttpResponse:
    """The league's current team lists as a YAML file, to edit and import again."""
    league = league_get(league_id)
    text = _team_lists_yaml(league)
    if not text:
        raise Http404("This league has no team lists yet.")
    response = HttpResponse(text, content_type="application/yaml; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{slugify(league.name) or "league"}-team-lists.yaml"'
    return response


@require_safe
def team_lists_sample(request: HttpRequest, name: str) -> HttpResponse:
    """A sample file for one invented house team, in either format."""
    if name not in SAMPLES:
        raise Http404("No such sample.")
    response = HttpResponse(teamlists.team_lists_sample(name), content_type=f"{SAMPLES[name]}; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
