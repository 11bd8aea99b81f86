"""Result pages: the game page (result form usable on a phone, live entry of scores and the scoring
log, confirm / dispute / approve / void, the history), the standings, and the Game Record and League
Ranking Sheets as print pages and PDF.

Each view validates its form, calls one service (or reads through the selectors) and renders; the
rules and the permissions are the engine's and the services'.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path, reverse
from django.utils.text import slugify
from django.views.decorators.http import require_POST, require_safe

from engine.slaughterball import games as game_rules
from engine.slaughterball.ruleset import RULESET
from games.api import schedule_data
from games.pages import void_asked
from leagues.forms import new_idempotency_key, set_choices
from leagues.selectors import league_is_commissioner
from leagues.services import league_require_commissioner
from pitside.confirm import confirmation_asked
from pitside.errors import Invalid, NotPermitted
from pitside.forms import autofocus_first_error
from pitside.http import HtmxHttpRequest
from pitside.page_errors import domain_errors, refusal_shown_by
from pitside.paging import coached_by, page_rows
from pitside.params import parse_int
from rosters.models import Team
from sheets.views import sheet_response
from slaughterball.models import Athlete, Game, ResultDraft, Season, Standing, Week
from slaughterball.selectors import (
    game_get,
    game_label,
    game_league,
    game_pending_teams,
    game_played,
    game_rights,
    game_submission,
    league_get,
    league_season,
    standings_rows,
    standings_weeks,
)
from slaughterball.selectors_pregame import game_pregame_missing
from slaughterball.services import results as services
from slaughterball.services.standings import season_missing_games, standings_fill_missing_games
from slaughterball.sheets import (
    GAME_RECORD_TEMPLATE,
    RANKING_TEMPLATE,
    TIE_BREAK_NOTE,
    game_record,
    game_record_parts,
    game_record_sheets,
    ranking_sheet_context,
    ranking_sheet_values,
    season_records_data,
    week_records_data,
)

KIND_LABELS = {"goals-opened": "Goals opened", "goal": "Goal", "slaughter": "Slaughter", "spike": "Spike"}
ACTION_LABELS = {
    "submitted": "submitted the result",
    "confirmed": "confirmed",
    "approved": "approved the result",
    "disputed": "disputed the result",
    "voided": "voided the result",
}


# --- Forms -----------------------------------------------------------------------------------------


class ResultForm(forms.Form):
    """The final result, one row per team: its place in the order of play, score, unused Edge
    tokens and whether it showed up; the injuries when the league plays Lasting Injuries."""

    idempotency_key = forms.CharField(widget=forms.HiddenInput, max_length=80)
    use_log = forms.BooleanField(required=False, label="Submit the live scoring log with the scores")

    def __init__(self, *args: Any, game: Game, injury_athletes: list[Athlete], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game = game
        self.sides = list(game.sides.all())
        count = len(self.sides)
        for side in self.sides:
            t = side.team_id
            self.fields[f"order_{t}"] = forms.IntegerField(min_value=1, max_value=count, label="Order of play")
            self.fields[f"score_{t}"] = forms.IntegerField(min_value=0, max_value=10_000, required=False, label="Score")
            self.fields[f"unused_{t}"] = forms.IntegerField(
                min_value=0, max_value=100, initial=0, required=False, label="Unused Edge tokens"
            )
            self.fields[f"noshow_{t}"] = forms.BooleanField(required=False, label="Did not show up")
        self.injury_athletes = injury_athletes
        for athlete in injury_athletes:
            self.fields[f"injury_{athlete.pk}_tokens"] = forms.IntegerField(
                min_value=0, max_value=50, required=False, label="Injury tokens"
            )
            self.fields[f"injury_{athlete.pk}_killed"] = forms.BooleanField(required=False, label="Killed")

    def rows(self) -> list[dict[str, Any]]:
        return [
            {
                "side": s,
                "order": self[f"order_{s.team_id}"],
                "score": self[f"score_{s.team_id}"],
                "unused": self[f"unused_{s.team_id}"],
                "no_show": self[f"noshow_{s.team_id}"],
            }
            for s in self.sides
        ]

    def page_order(self) -> list[str]:
        """The fields in the page's order: the teams' rows, the scoring log's box, the injuries."""
        rows = [f"{part}_{s.team_id}" for s in self.sides for part in ("order", "score", "unused", "noshow")]
        injuries = [f"injury_{a.pk}_{part}" for a in self.injury_athletes for part in ("tokens", "killed")]
        return [*rows, "use_log", *injuries]

    def injury_rows(self) -> list[dict[str, Any]]:
        return [
            {"athlete": a, "fields": [self[f"injury_{a.pk}_tokens"], self[f"injury_{a.pk}_killed"]]} for a in self.injury_athletes
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        assert data is not None  # Form.clean returns cleaned_data
        orders = [data.get(f"order_{s.team_id}") for s in self.sides]
        if None not in orders and len(set(orders)) != len(orders):
            raise forms.ValidationError("Give each team its own place in the order of play (1 = First Coach).")
        for side in self.sides:
            if not data.get(f"noshow_{side.team_id}") and data.get(f"score_{side.team_id}") is None:
                self.add_error(f"score_{side.team_id}", "Enter the final score (0 if none), or tick 'Did not show up'.")
        return data

    def sides_payload(self) -> list[dict[str, Any]]:
        data = self.cleaned_data
        ordered = sorted(self.sides, key=lambda s: data[f"order_{s.team_id}"])
        return [
            {
                "team": s.team_id,
                "score": data.get(f"score_{s.team_id}") or 0,
                "unused_edge_tokens": data.get(f"unused_{s.team_id}") or 0,
                "no_show": bool(data.get(f"noshow_{s.team_id}")),
            }
            for s in ordered
        ]

    def injuries_payload(self) -> list[dict[str, Any]]:
        data = self.cleaned_data
        return [
            {"athlete": a.pk, "tokens": data.get(f"injury_{a.pk}_tokens") or 0, "killed": bool(data.get(f"injury_{a.pk}_killed"))}
            for a in self.injury_athletes
            if data.get(f"injury_{a.pk}_tokens") or data.get(f"injury_{a.pk}_killed")
        ]


class LogEntryForm(forms.Form):
    """One line of the scoring log, entered as it happens."""

    team = forms.TypedChoiceField(coerce=int)
    kind = forms.ChoiceField(choices=list(KIND_LABELS.items()))
    target = forms.ChoiceField(required=False, label="Athlete hit")
    distance = forms.IntegerField(min_value=0, max_value=60, required=False, label="Distance (spaces)")
    injured = forms.BooleanField(required=False, label="Injured (or Brutal Spike)")
    penalized = forms.BooleanField(required=False, label="Penalized foul (points revoked)")

    def __init__(self, *args: Any, game: Game, athlete_types: tuple[str, ...], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_choices(self, "team", [(s.team_id, s.team.name) for s in game.sides.all()])
        set_choices(self, "target", [("", "—")] + [(t, t.capitalize()) for t in athlete_types])


class ReasonForm(forms.Form):
    reason = forms.CharField(max_length=500, widget=forms.Textarea(attrs={"rows": 2}))
    idempotency_key = forms.CharField(widget=forms.HiddenInput, max_length=80)


class KeyForm(forms.Form):
    idempotency_key = forms.CharField(widget=forms.HiddenInput, max_length=80, required=False)


# --- The game page ------------------------------------------------------------------------------------


def _game(game_id: int) -> Game:
    game = game_get(game_id)
    if game is None:
        raise Http404("No such game.")
    return game


def _draft(game: Game) -> dict[str, Any]:
    try:
        return dict(game.draft.data)
    except ResultDraft.DoesNotExist:
        return {}


def _log_lines(game: Game, log: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], dict[int, int]]:
    """The draft's log with each line's points (engine: Scoring), and the total per team."""
    names = {s.team_id: s.team.name for s in game.sides.all()}
    totals = dict.fromkeys(names, 0)
    lines = []
    for index, entry in enumerate(log):
        try:
            points = RULESET.scoring_points(game_rules.ScoringEntry(**{k: entry.get(k) for k in services.LOG_FIELDS}))
        except (KeyError, TypeError):
            points = 0
        team, kind = entry.get("team"), entry.get("kind")  # as the draft holds them: either may be missing
        if team is not None and team in totals:
            totals[team] += points
        lines.append(
            {
                "index": index,
                "entry": entry,
                "points": points,
                "team_name": names.get(team, "?") if team is not None else "?",
                "kind_label": KIND_LABELS.get(kind, kind) if kind is not None else None,
            }
        )
    return lines, totals


def _injury_athletes(game: Game) -> list[Athlete]:
    """Athletes a result may report injured (Lasting Injuries on): those who played (game_played)."""
    league = game_league(game)
    if not RULESET.option_value(league.options, "lasting_injuries"):
        return []
    return list(Athlete.objects.filter(pk__in=list(game_played(game).athletes)))


def _result_initial(game: Game, draft: dict[str, Any], totals: dict[int, int]) -> dict[str, Any]:
    """What the result form starts with: for a correction, the result standing (submitted or disputed) without
    the log; else the draft's scores (the log's totals when there is a log), else the order of play recorded."""
    if game.state in (Game.State.SUBMITTED, Game.State.DISPUTED):
        draft, totals = {}, {}
    initial: dict[str, Any] = {"idempotency_key": new_idempotency_key(), "use_log": bool(draft.get("scoring_log"))}
    sides = list(game.sides.all())
    drafted = {s.get("team"): (i, s) for i, s in enumerate(draft.get("sides") or []) if isinstance(s, dict)}
    for index, side in enumerate(sides, start=1):
        t = side.team_id
        position, line = drafted.get(t, (None, {}))
        initial[f"order_{t}"] = (position + 1) if position is not None else (side.order_of_play or index)
        score = line.get("score", side.score)
        if draft.get("scoring_log"):
            score = totals.get(t, 0)
        initial[f"score_{t}"] = score
        initial[f"unused_{t}"] = line.get("unused_edge_tokens", side.unused_edge_tokens)
        initial[f"noshow_{t}"] = line.get("no_show", side.no_show)
    return initial


def _history(game: Game) -> list[dict[str, Any]]:
    names = {s.team_id: s.team.name for s in game.sides.all()}
    rows = []
    for event in game.events.all():
        payload = event.payload or {}
        detail = ""
        if event.action == "submitted":
            detail = ", ".join(
                f"{names.get(s.get('team'), '?')} {'no-show' if s.get('no_show') else s.get('score')}"
                for s in payload.get("sides", [])
            )
        elif payload.get("reason"):
            detail = payload["reason"]
        rows.append({"event": event, "what": ACTION_LABELS.get(event.action, event.action), "detail": detail})
    return rows


def _error_lines(game: Game, error: Invalid, order: list[int]) -> list[str]:
    """The service's errors for people: "sides[2].score" becomes the team's name; a log that does not add up
    names the checkbox that leaves it out."""
    names = {s.team_id: s.team.name for s in game.sides.all()}
    lines = []
    for item in error.items:
        where = ""
        if item.field.startswith("sides[") and "]" in item.field:
            index = int(item.field[6 : item.field.index("]")])
            where = names.get(order[index], "") if index < len(order) else ""
        elif item.field.startswith("scoring_log["):
            where = f"Scoring log line {int(item.field[12 : item.field.index(']')]) + 1}"
        lines.append(f"{where}: {item.message}" if where else item.message)
    if any(item.code == "log-total" for item in error.items):
        lines.append(f"Untick “{ResultForm.base_fields['use_log'].label}” to submit the scores as typed.")
    return lines


def _game_page(
    request: HtmxHttpRequest,
    game: Game,
    *,
    status: int = 200,
    result_form: ResultForm | None = None,
    entry_form: LogEntryForm | None = None,
    errors: list[str] | None = None,
) -> HttpResponse:
    league = game_league(game)
    rights = game_rights(game, request.user)
    draft = _draft(game) if rights.submit else {}
    log_lines, totals = _log_lines(game, list(draft.get("scoring_log") or []))
    if result_form is None and rights.submit:
        result_form = ResultForm(game=game, injury_athletes=_injury_athletes(game), initial=_result_initial(game, draft, totals))
    submission = game_submission(game)
    context = {
        "game": game,
        "league": league,
        "season": game.week.season,
        "week": game.week,
        "label": game_label(game),
        "record": game_record(game),
        "rights": rights,
        "result_form": result_form,
        "entry_form": entry_form or LogEntryForm(game=game, athlete_types=RULESET.athlete_types),
        "log_lines": log_lines,
        "totals": [(s.team.name, totals.get(s.team_id, 0)) for s in game.sides.all()],
        "history": _history(game),
        "pregame_missing": game_pregame_missing(game),
        "pending": game_pending_teams(game),
        "submission": submission,
        "errors": errors or [],
        "oob": bool(request.htmx) and entry_form is not None,
        "key": new_idempotency_key(),
        "dispute_form": ReasonForm(initial={"idempotency_key": new_idempotency_key()}),
        "void_form": ReasonForm(initial={"idempotency_key": new_idempotency_key()}),
        "schedule_url": reverse("game-schedule", args=[game.pk])
        if services.RESULTS.schedule_refusal(game, request.user) is None
        else "",
    }
    template = (
        "slaughterball/results/_live.html"
        if request.htmx and entry_form is not None
        else "slaughterball/results/game_detail.html"
    )
    return render(request, template, context, status=status)


@require_safe
def game_detail(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    return _game_page(request, _game(game_id))


@login_required
@domain_errors
@require_POST
def game_result_submit(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """Submit the final result, or (action=draft) keep what is typed as the draft."""
    game = _game(game_id)
    form = ResultForm(request.POST, game=game, injury_athletes=_injury_athletes(game))
    if not form.is_valid():
        rights = game_rights(game, request.user)
        if not (rights.coach or rights.commissioner):
            raise NotPermitted.one("not-in-game", "game", "Only a coach of a team in this game or a commissioner can do that.")
        autofocus_first_error(form, form.page_order())
        return _game_page(request, game, status=400, result_form=form)
    draft = _draft(game)
    sides = form.sides_payload()
    if request.POST.get("action") == "draft":
        services.result_draft_save(game_id=game.pk, user=request.user, data={**draft, "sides": sides})
        messages.success(request, "The scores are kept as a draft. Submit the result when the game is over.")
        return redirect("game-detail", game.pk)
    log = list(draft.get("scoring_log") or []) if form.cleaned_data.get("use_log") else None
    asked = _pregame_unfinished_asked(request, game)
    if asked is not None:
        return asked

    def refused(error: Invalid) -> HttpResponse:
        errors = _error_lines(game, error, [s["team"] for s in sides])
        return _game_page(request, _game(game.pk), result_form=form, errors=errors)

    with refusal_shown_by(refused):
        submitted, created = services.result_submit(
            game_id=game.pk,
            user=request.user,
            sides=sides,
            scoring_log=log,
            injuries=form.injuries_payload(),
            idempotency_key=form.cleaned_data["idempotency_key"],
        )
    messages.success(
        request,
        "Result submitted: the other coaches are asked to confirm it."
        if created
        else "This result was already submitted; it was applied once.",
    )
    return redirect("game-detail", submitted.pk)


def _pregame_unfinished_asked(request: HtmxHttpRequest, game: Game) -> HttpResponse | None:
    """The first result of a game whose pre-game is unfinished asks first (pitside.confirm): what it lacks, and that
    it cannot be finished once the result is in. None once confirmed, or when nothing is missing."""
    if game.state != Game.State.SCHEDULED or not game_rights(game, request.user).submit:
        return None  # a correction (the pre-game ended with the first result), or the service refuses
    missing = game_pregame_missing(game)
    if not missing:
        return None
    return confirmation_asked(
        request,
        title="Report the result without its pre-game?",
        consequences=[
            *(step.message for step in missing),
            "Once the result is in, the pre-game cannot be finished: the game keeps no maverick hired, Pit Power or "
            "Underdog Bonus Edge tokens it lacks.",
            "After it, any six athletes of a team without a lineup may learn: the first six to learn.",
        ],
        button="Report the result without it",
        back=reverse("game-detail", args=[game.pk]),
    )


@login_required
@domain_errors
@require_POST
def game_live_entry(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """Live entry: add a scoring log line, remove one, or mark a slaughter's foul penalized. The draft
    keeps the log and the scores (each team's total) after every change."""
    game = _game(game_id)
    draft = _draft(game)
    log = list(draft.get("scoring_log") or [])
    action = request.POST.get("action", "add")
    form = None
    if action == "add":
        form = LogEntryForm(request.POST, game=game, athlete_types=RULESET.athlete_types)
        if form.is_valid():
            entry = {k: form.cleaned_data.get(k) for k in services.LOG_FIELDS}
            entry["target"] = entry["target"] or None
            teams = [s.team_id for s in game.sides.all()]
            problems = game_rules.check_scoring_entry(teams, game_rules.ScoringEntry(**entry))
            for problem in problems:
                field = problem.path.rsplit(".", 1)[-1]
                form.add_error(field if field in form.fields else None, problem.message)
            if not problems:
                log.append(entry)
                if entry["kind"] == "goals-opened" and sum(1 for e in log if e.get("kind") == "goals-opened") > 1:
                    log.pop()
                    form.add_error("kind", "The goals open only once per game.")
    elif action in ("remove", "penalize"):
        try:
            index = parse_int(request.POST.get("index", ""), field="index")
            entry = log[index]
        except (Invalid, IndexError):
            return _game_page(request, game, status=400, errors=["That log line is gone: reload the page."])
        if action == "remove":
            log.pop(index)
        elif entry.get("kind") == "slaughter":
            entry["penalized"] = not entry.get("penalized")
    _, totals = _log_lines(game, log)
    sides = [
        dict(s, score=totals.get(s["team"], 0) if s.get("team") is not None else 0)
        for s in draft.get("sides") or []
        if isinstance(s, dict)
    ]
    services.result_draft_save(game_id=game.pk, user=request.user, data={"sides": sides, "scoring_log": log})
    game = _game(game.pk)
    failed = form is not None and form.errors
    if request.htmx:
        return _game_page(
            request,
            game,
            status=400 if failed else 200,
            entry_form=form if failed else LogEntryForm(game=game, athlete_types=RULESET.athlete_types),
        )
    if failed:
        return _game_page(request, game, status=400, entry_form=form)
    return redirect(reverse("game-detail", args=[game.pk]) + "#live-entry")


@login_required
@domain_errors
@require_POST
def game_result_action(request: HtmxHttpRequest, game_id: int, action: str) -> HttpResponse:
    """Confirm, approve, dispute or void a game's result (the URL names the action)."""
    game = _game(game_id)
    if action in ("dispute", "void"):
        form: forms.Form = ReasonForm(request.POST)
    else:
        form = KeyForm(request.POST)
    if not form.is_valid():
        errors = [str(e) for field_errors in form.errors.values() for e in field_errors]
        return _game_page(request, game, status=400, errors=errors)
    key = form.cleaned_data.get("idempotency_key") or None
    if action == "void":
        back = reverse("game-detail", args=[game.pk])
        if (asked := void_asked(request, results=services.RESULTS, game_id=game.pk, back=back)) is not None:
            return asked
    with refusal_shown_by(lambda error: _game_page(request, _game(game.pk), errors=[i.message for i in error.items])):
        if action == "confirm":
            acted_on, changed = services.result_confirm(game_id=game.pk, user=request.user, idempotency_key=key)
            done = "You confirmed the result."
        elif action == "approve":
            acted_on, changed = services.result_approve(game_id=game.pk, user=request.user, idempotency_key=key)
            done = "The result is approved and confirmed."
        elif action == "dispute":
            acted_on, changed = services.result_dispute(
                game_id=game.pk, user=request.user, reason=form.cleaned_data["reason"], idempotency_key=key
            )
            done = "The result is disputed: a commissioner will decide."
        else:
            acted_on, changed = services.result_void(
                game_id=game.pk, user=request.user, reason=form.cleaned_data["reason"], idempotency_key=key
            )
            done = "The result is voided and everything it caused reversed."
    if acted_on.state == Game.State.CONFIRMED and action == "confirm" and changed:
        done = "You confirmed the result: every coach has, so it is confirmed and the prizes are paid."
    messages.success(request, done if changed else "Nothing changed: this was already done.")
    return redirect("game-detail", acted_on.pk)


@login_required
@domain_errors
@require_POST
def game_schedule(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The game page's date-and-place form, checked as the API checks it (GameScheduleApi)."""
    game = _game(game_id)
    with refusal_shown_by(lambda error: _game_page(request, _game(game.pk), errors=[i.message for i in error.items])):
        services.game_schedule(game_id=game.pk, user=request.user, **schedule_data(request.POST))
    messages.success(request, "The game's date and place are saved.")
    return redirect("game-detail", game.pk)


# --- Standings ---------------------------------------------------------------------------------------


@require_safe
@domain_errors
def league_standings(request: HttpRequest, league_id: int) -> HttpResponse:
    """The League Rank of a season (the latest by default) after a week (the latest by default)."""
    league = league_get(league_id)
    season_id = request.GET.get("season", "")
    season = league_season(league, parse_int(season_id, field="season") if season_id else None)
    if season_id and season is None:
        raise Http404("No such season in this league.")
    weeks = standings_weeks(season) if season else []
    week_param = request.GET.get("week", "")
    week = parse_int(week_param, field="week") if week_param else (weeks[-1] if weeks else None)
    if week_param and week not in weeks:
        raise Http404("No ranking for that week.")
    ranking = standings_rows(season, week) if season and week is not None else Standing.objects.none()
    return render(
        request,
        "slaughterball/results/standings.html",
        {
            "league": league,
            "season": season,
            "seasons": list(league.seasons.order_by("-number")),
            "weeks": weeks,
            "week": week,
            "rows": page_rows(request, ranking, own=coached_by(request, "team__coach")),
            "tie_break_note": TIE_BREAK_NOTE,
            "is_commissioner": league_is_commissioner(league, request.user),
        },
    )


# --- Sheets ------------------------------------------------------------------------------------------


def _records_pdf(
    request: HttpRequest, kind: str, object_id: int, context: Callable[[], dict[str, Any]], data: Callable[[], object]
) -> HttpResponseBase:
    """A whole week's or season's Game Record Sheets: rendered on a worker in parts, known by their data."""
    return sheet_response(
        request,
        kind=kind,
        object_id=object_id,
        template=GAME_RECORD_TEMPLATE,
        context=context,
        filename=lambda context: slugify(f"{context['title']} game records") or "sheet",
        big=True,
        data=data,
        parts=game_record_parts,
    )


def _week_records(week_id: int) -> dict[str, Any]:
    week = get_object_or_404(Week.objects.select_related("season", "season__league"), pk=week_id)
    return {
        "title": f"{week.season.name}, week {week.number}",
        "season": week.season,
        "league": week.season.league,
        "sheets": game_record_sheets(Game.objects.filter(week=week)),
    }


def _season_records(season_id: int) -> dict[str, Any]:
    season = get_object_or_404(Season.objects.select_related("league"), pk=season_id)
    return {
        "title": season.name,
        "season": season,
        "league": season.league,
        "sheets": game_record_sheets(Game.objects.filter(week__season=season)),
    }


def _on_screen(context: dict[str, Any], pdf_url: str) -> dict[str, Any]:
    """A sheet's context with the links its screen page shows: its PDF and the season's standings."""
    standings = reverse("league-standings", args=[context["league"].pk])
    return {**context, "pdf_url": pdf_url, "back_url": f"{standings}?season={context['season'].pk}"}


@require_safe
def week_game_records(request: HttpRequest, week_id: int) -> HttpResponse:
    context = _on_screen(_week_records(week_id), reverse("week-game-records-pdf", args=[week_id]))
    return render(request, "slaughterball/results/game_record_sheet.html", context)


@require_safe
def week_game_records_pdf(request: HttpRequest, week_id: int) -> HttpResponseBase:
    return _records_pdf(
        request,
        "slaughterball-week-records",
        week_id,
        lambda: _week_records(week_id),  # a 404 when there is no such week
        lambda: week_records_data(week_id),
    )


@require_safe
def season_game_records(request: HttpRequest, season_id: int) -> HttpResponse:
    context = _on_screen(_season_records(season_id), reverse("season-game-records-pdf", args=[season_id]))
    return render(request, "slaughterball/results/game_record_sheet.html", context)


@require_safe
def season_game_records_pdf(request: HttpRequest, season_id: int) -> HttpResponseBase:
    return _records_pdf(
        request,
        "slaughterball-season-records",
        season_id,
        lambda: _season_records(season_id),
        lambda: season_records_data(season_id),
    )


@require_safe
def season_ranking_sheet(request: HttpRequest, season_id: int) -> HttpResponse:
    season = get_object_or_404(Season.objects.select_related("league"), pk=season_id)
    context = _on_screen(ranking_sheet_context(season), reverse("season-ranking-pdf", args=[season_id]))
    return render(request, "slaughterball/results/ranking_sheet.html", context)


@require_safe
def season_ranking_pdf(request: HttpRequest, season_id: int) -> HttpResponseBase:
    season = get_object_or_404(Season.objects.select_related("league"), pk=season_id)
    return sheet_response(
        request,
        kind="slaughterball-ranking",
        object_id=season.pk,
        template=RANKING_TEMPLATE,
        context=lambda: ranking_sheet_context(season),
        filename=lambda _: slugify(f"{season.name} league ranking") or "sheet",
        big=True,
        # Known by its values: a ranking of 1,000 teams takes longer to render as HTML than to read.
        data=lambda: ranking_sheet_values(season),
    )


def _missed_games_asked(request: HttpRequest, season: Season) -> HttpResponse | None:
    """Recording the missing games asks first (pitside.confirm), naming each team short and by how many (the
    games standings_fill_missing_games records); None once confirmed, when no team is short, or when it is refused
    (the service then says why)."""
    league_require_commissioner(league=season.league, user=request.user)
    try:
        missing, _recorded = season_missing_games(season)
    except Invalid:
        return None
    if not missing:
        return None
    names = dict(Team.objects.filter(pk__in=missing).values_list("pk", "name"))
    short = ", ".join(f"{names[team]} ({games})" for team, games in sorted(missing.items(), key=lambda item: names[item[0]]))
    return confirmation_asked(
        request,
        title=f"Record the missing games of {season.name} as last places?",
        consequences=[
            f"Each game a team is short of {season.games_per_team} counts as a last place, with no League Points and no "
            f"winnings: {short}.",
            "They stay recorded: the standings count them from now on.",
        ],
        button="Record the missing games",
        back=reverse("league-standings", args=[season.league_id]) + f"?season={season.pk}",
    )


@login_required
@domain_errors
@require_POST
def season_missed_games(request: HttpRequest, season_id: int) -> HttpResponse:
    """The commissioner records the games teams are short at the end of the season as last places."""
    season = get_object_or_404(Season.objects.select_related("league"), pk=season_id)
    if (asked := _missed_games_asked(request, season)) is not None:
        return asked
    recorded = standings_fill_missing_games(season_id=season.pk, user=request.user)
    messages.success(
        request,
        f"Recorded {recorded} missing game{'s' if recorded != 1 else ''} as last places (no League Points, no winnings)."
        if recorded
        else "Every team has its games: nothing to record.",
    )
    return redirect(reverse("league-standings", args=[season.league_id]) + f"?season={season.pk}")


urlpatterns = [
    path("games/<id:game_id>/", game_detail, name="game-detail"),
    path("games/<id:game_id>/result/", game_result_submit, name="game-result-submit"),
    path("games/<id:game_id>/live/", game_live_entry, name="game-live-entry"),
    path("games/<id:game_id>/confirm/", game_result_action, {"action": "confirm"}, name="game-confirm"),
    path("games/<id:game_id>/approve/", game_result_action, {"action": "approve"}, name="game-approve"),
    path("games/<id:game_id>/dispute/", game_result_action, {"action": "dispute"}, name="game-dispute"),
    path("games/<id:game_id>/void/", game_result_action, {"action": "void"}, name="game-void"),
    path("games/<id:game_id>/schedule/", game_schedule, name="game-schedule"),
    path("leagues/<id:league_id>/standings/", league_standings, name="league-standings"),
    path("weeks/<id:week_id>/game-records/", week_game_records, name="week-game-records"),
    path("weeks/<id:week_id>/game-records.pdf", week_game_records_pdf, name="week-game-records-pdf"),
    path("seasons/<id:season_id>/game-records/", season_game_records, name="season-game-records"),
    path("seasons/<id:season_id>/game-records.pdf", season_game_records_pdf, name="season-game-records-pdf"),
    path("seasons/<id:season_id>/ranking-sheet/", season_ranking_sheet, name="season-ranking-sheet"),
    path("seasons/<id:season_id>/ranking-sheet.pdf", season_ranking_pdf, name="season-ranking-pdf"),
    path("seasons/<id:season_id>/missed-games/", season_missed_games, name="season-missed-games"),
]
