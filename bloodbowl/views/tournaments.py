"""Tournament pages: a league's tournaments (with the commissioner's form to start one) and the tournament
page (phase, play-off table, written challenges with their answer buttons, the semi-final draw, matches,
prizes) with the forms for the commissioner and the coaches.

Each view validates its form, calls one service and redirects (or shows the page again with the
service's errors, status 400); the rules and the permissions are the engine's and the services'.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST, require_safe

from bloodbowl.models import Player, Tournament, WrittenChallenge
from bloodbowl.selectors import league_get
from bloodbowl.selectors_tournaments import (
    OPEN,
    ROUND_NAMES,
    final_match,
    match_result,
    semi_final_results,
    tournament_get,
    tournament_view,
    tournaments,
)
from bloodbowl.services import tournaments as services
from engine.bloodbowl import tournaments as rules
from engine.core.violations import RuleViolation
from games.models import Game
from leagues.forms import CreditsField, new_idempotency_key, set_choices
from leagues.selectors import league_is_commissioner
from pitside.confirm import confirmation_asked
from pitside.errors import Invalid
from pitside.page_errors import domain_errors, refusal_shown_by
from rosters.models import Team

KIND_CHOICES = [*((slug, kind.name) for slug, kind in rules.majors().items()), (rules.MINOR, "Minor tournament")]


# --- forms ------------------------------------------------------------------------------------------------------------


class KeyForm(forms.Form):
    idempotency_key = forms.CharField(widget=forms.HiddenInput, max_length=80, required=False)


class TournamentCreateForm(KeyForm):
    kind = forms.ChoiceField(choices=KIND_CHOICES, label="Tournament")
    name = forms.CharField(max_length=100, required=False, help_text="A minor tournament's name (a Major has its own).")
    winner_prize = CreditsField(min_value=0, required=False, help_text="Minor tournaments: at most 150,000 together.")
    runner_up_prize = CreditsField(min_value=0, required=False)


def _team_choices(teams: list[Team]) -> list[tuple[int, str]]:
    return [(t.pk, t.name) for t in teams]


class TeamForm(KeyForm):
    team = forms.TypedChoiceField(coerce=int)

    def __init__(self, *args: Any, teams: list[Team], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_choices(self, "team", _team_choices(teams))


class ChallengeForm(KeyForm):
    challenger = forms.TypedChoiceField(coerce=int, label="Your team")
    challenged = forms.TypedChoiceField(coerce=int, label="Challenge")

    def __init__(self, *args: Any, own: list[Team], others: list[Team], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_choices(self, "challenger", _team_choices(own))
        set_choices(self, "challenged", _team_choices(others))


class MatchForm(KeyForm):
    home_team = forms.TypedChoiceField(coerce=int, label="Home")
    away_team = forms.TypedChoiceField(coerce=int, label="Away")

    def __init__(self, *args: Any, teams: list[Team], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("home_team", "away_team"):
            set_choices(self, name, _team_choices(teams))


class PutForwardForm(forms.Form):
    team = forms.IntegerField(widget=forms.HiddenInput)
    best = forms.BooleanField(required=False, label="My best three")
    opponents = forms.TypedMultipleChoiceField(
        coerce=int, required=False, widget=forms.CheckboxSelectMultiple, label="Results put forward"
    )

    def __init__(self, *args: Any, opponents: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_choices(self, "opponents", opponents)


class AnswerForm(KeyForm):
    response = forms.ChoiceField(choices=[(r, r) for r in (rules.ACCEPT, rules.REFUSE, rules.SUBSTITUTE)])
    substitute = forms.TypedChoiceField(coerce=int, required=False, empty_value=None)

    def __init__(self, *args: Any, teams: list[Team], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_choices(self, "substitute", [("", "—"), *_team_choices(teams)])


class FinalForm(KeyForm):
    chaos_cup_tags = forms.MultipleChoiceField(
        choices=[(m.tag, m.label) for m in rules.chaos_cup_modifiers()],
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label="Chaos Cup modifiers",
        help_text="Leave empty to take them from the winners' race name.",
    )


# --- the league's tournaments --------------------------------------------------------------------------------------------


def _list_page(request: HttpRequest, league_id: int, form: TournamentCreateForm | None = None, status: int = 200) -> HttpResponse:
    league = league_get(league_id)
    commissioner = league_is_commissioner(league, request.user)
    if form is None and commissioner:
        form = TournamentCreateForm(initial={"idempotency_key": new_idempotency_key()})
    context = {"league": league, "tournaments": tournaments(league), "form": form, "commissioner": commissioner}
    return render(request, "bloodbowl/tournament_list.html", context, status=status)


@require_safe
def tournament_list(request: HttpRequest, league_id: int) -> HttpResponse:
    return _list_page(request, league_id)


@login_required
@domain_errors
@require_POST
def tournament_create(request: HttpRequest, league_id: int) -> HttpResponse:
    league = league_get(league_id)
    form = TournamentCreateForm(request.POST)
    if not form.is_valid():
        return _list_page(request, league_id, form, status=400)
    data = form.cleaned_data

    def refused(error: Invalid) -> HttpResponse:
        for item in error.items:
            form.add_error(item.field if item.field in form.fields else None, item.message)
        return _list_page(request, league_id, form)

    with refusal_shown_by(refused):
        tournament, _ = services.tournament_create(
            league=league,
            user=request.user,
            kind=data["kind"],
            name=data["name"],
            winner_prize=data["winner_prize"],
            runner_up_prize=data["runner_up_prize"],
            idempotency_key=data["idempotency_key"] or None,
        )
    messages.success(request, f"{tournament.name} has started: coaches may enter their teams.")
    return redirect("bb-tournament", tournament.pk)


# --- the tournament page -------------------------------------------------------------------------------------------------


def _rights(request: HttpRequest, view: Any) -> dict[str, Any]:
    """What this visitor may do on the page (the services check again)."""
    tournament = view.tournament
    user = request.user
    commissioner = league_is_commissioner(tournament.league, user)
    running = tournament.status == tournament.Status.RUNNING
    playoffs = running and tournament.week in rules.playoff_weeks()
    entered = {e.team_id for e in tournament.entries.all()}
    own = list(Team.objects.filter(league=tournament.league, coach_id=getattr(user, "pk", None), bb__isnull=False))
    own_entered = [t for t in own if t.pk in entered]
    entrants = [e.team for e in tournament.entries.all()]
    return {
        "commissioner": commissioner,
        "running": running,
        "playoffs": playoffs,
        "can_enter": playoffs and own and not own_entered,
        "own_teams": own,
        "own_entered": own_entered,
        "own_ids": {t.pk for t in own},
        "entrants": entrants,
        "can_arrange": running and (commissioner or bool(own_entered)),
        "last_playoff_week": tournament.week == rules.playoff_weeks()[-1],
        "semi_final_week": tournament.week == rules.semi_final_week(),
        "final_week": tournament.week == rules.final_week(),
    }


def _put_forward_forms(view: Any, own_entered: list[Team]) -> list[dict[str, Any]]:
    rows = {row.entry.team_id: row for row in view.table}
    forms_ = []
    for team in own_entered:
        row = rows[team.pk]
        choices = [
            (r["opponent"], f"{r['opponent_name']} {r['scored']}-{r['conceded']} ({r['points']} pts)") for r in row.results
        ]
        initial = {"team": team.pk, "best": not row.chosen, "opponents": list(row.put_forward)}
        forms_.append({"team": team, "form": PutForwardForm(opponents=choices, initial=initial)})
    return forms_


def _answer_form(
    challenge: WrittenChallenge, rights: dict[str, Any], entrants: list[Team], key: dict[str, str]
) -> AnswerForm | None:
    """The answer buttons, for the coach the challenge waits for (or the commissioner, as organizer)."""
    waiting = challenge.waiting_for_id
    if not rights["playoffs"] or waiting is None or not (rights["commissioner"] or waiting in rights["own_ids"]):
        return None
    third = [t for t in entrants if t.pk not in (challenge.challenger_id, challenge.challenged_id)]
    return AnswerForm(teams=third, initial=key)


def _page(request: HttpRequest, tournament_id: int, *, status: int = 200, errors: list[str] | None = None) -> HttpResponse:
    view = tournament_view(tournament_get(tournament_id))
    rights = _rights(request, view)
    key = {"idempotency_key": new_idempotency_key()}
    entrants = rights["entrants"]
    own_entered = rights["own_entered"]
    others = [t for t in entrants if t.pk not in rights["own_ids"]]
    context = {
        "view": view,
        "tournament": view.tournament,
        "league": view.tournament.league,
        "rights": rights,
        "errors": errors or [],
        "round_names": ROUND_NAMES,
        "enter_form": TeamForm(teams=rights["own_teams"], initial=key) if rights["can_enter"] else None,
        "challenge_form": ChallengeForm(own=own_entered, others=others, initial=key)
        if rights["playoffs"] and own_entered
        else None,
        "match_form": MatchForm(teams=entrants, initial=key) if rights["can_arrange"] else None,
        "put_forward_forms": _put_forward_forms(view, own_entered) if rights["playoffs"] else [],
        "challenge_rows": [
            {
                "challenge": c,
                "waiting_for": view.names.get(c.waiting_for_id or 0, ""),
                "form": _answer_form(c, rights, entrants, key),
            }
            for c in view.challenges
        ],
        "key": key["idempotency_key"],
        "final_form": FinalForm(initial=key),
    }
    return render(request, "bloodbowl/tournament_detail.html", context, status=status)


@require_safe
def tournament_detail(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _page(request, tournament_id)


def _refused(
    request: HttpRequest, tournament_id: int, error: Invalid | None = None, form: forms.Form | None = None
) -> HttpResponse:
    lines = [item.message for item in error.items] if error else []
    if form is not None:
        lines += [
            f"{form.fields[f].label or f}: {e}" if f != "__all__" and f in form.fields else str(e)
            for f, errs in form.errors.items()
            for e in errs
        ]
    return _page(request, tournament_id, status=400, errors=lines)


def _key(form: forms.Form) -> str | None:
    return form.cleaned_data.get("idempotency_key") or None


@login_required
@domain_errors
@require_POST
def tournament_action(request: HttpRequest, tournament_id: int, action: str) -> HttpResponse:
    """Enter a team, issue a challenge, put results forward, arrange a match (coaches); advance the week,
    give the final's prizes, name the Player of the Year (the commissioner). The URL names the action."""
    assert request.user.is_authenticated  # @login_required
    tournament = tournament_get(tournament_id)
    entrants = [e.team for e in tournament.entries.all()]
    own = list(Team.objects.filter(league=tournament.league, coach=request.user))
    forms_by_action: dict[str, Callable[[], forms.Form]] = {
        "enter": lambda: TeamForm(request.POST, teams=own),
        "challenge": lambda: ChallengeForm(request.POST, own=own, others=entrants),
        "arrange": lambda: MatchForm(request.POST, teams=entrants),
        "put-forward": lambda: PutForwardForm(request.POST, opponents=[(t.pk, t.name) for t in entrants]),
        "advance": lambda: KeyForm(request.POST),
        "final": lambda: FinalForm(request.POST),
        "player-of-the-year": lambda: KeyForm(request.POST),
    }
    if action not in forms_by_action:
        raise Http404("No such tournament action.")
    form = forms_by_action[action]()
    if not form.is_valid():
        return _refused(request, tournament_id, form=form)
    data = form.cleaned_data
    if (asked := _organizer_asked(request, tournament, action)) is not None:
        return asked
    with refusal_shown_by(lambda error: _refused(request, tournament_id, error)):
        message = _act(request, tournament_id, action, data)
    messages.success(request, message)
    return redirect("bb-tournament", tournament_id)


def _organizer_asked(request: HttpRequest, tournament: Tournament, action: str) -> HttpResponse | None:
    """The organizer's writes that cannot be undone ask first (pitside.confirm): a week moved on (the last of the
    play-offs voids their matches not confirmed and draws the semi-finals), the final's prizes, the Player of the
    Year. None once confirmed, for the coaches' forms, or when the service would refuse (it then says why)."""
    if not league_is_commissioner(tournament.league, request.user):
        return None
    week, name = tournament.week, tournament.name
    running = tournament.status == Tournament.Status.RUNNING
    if action == "advance" and running and week != rules.final_week():
        if week == rules.semi_final_week() and len(semi_final_results(tournament)) < 2:
            return None
        title, button = f"Move {name} on to week {week + 1}?", f"On to week {week + 1}"
        lines = [f"Week {week} ends for good: the tournament's weeks do not go back."]
        if week == rules.playoff_weeks()[-1]:
            try:  # the draw settles a tie that remains when the play-offs end: this one only tells whether there is one
                qualification, _ratings = services.playoffs_qualification(tournament, random.Random())
            except RuleViolation:
                return None
            entrants = {e.team_id: e.team.name for e in tournament.entries.all()}
            going = (
                "a tie that remains is settled by a random draw"
                if qualification.draws
                else ", ".join(entrants[t] for t in qualification.semi_finalists)
            )
            unplayed = [m for m in tournament.matches.all() if m.tournament_round == rules.PLAYOFF and m.state in OPEN]
            named = "; ".join(" v ".join(s.team.name for s in m.sides.all()) for m in unplayed)
            lines = [
                f"The play-offs end: their matches not confirmed do not count and are voided ({len(unplayed)}"
                + (f": {named})." if unplayed else ")."),
                f"The four teams with most points go through ({going}), and the semi-finals are drawn at random.",
            ]
    elif action == "final" and running:
        final = final_match(tournament)
        if week != rules.final_week() or final is None or final.state != Game.State.CONFIRMED:
            return None
        result = match_result(final)
        names = {s.team_id: s.team.name for s in final.sides.all()}
        winner, runner_up = (names[t] for t in sorted(result.teams, key=lambda t: t != result.winner))
        title, button = f"Give the prizes of {name}?", "Give the final's prizes"
        lines = [
            f"The Glittering Prizes go to {winner} (winner) and {runner_up} (runner-up): cash into their treasuries, "
            "and the trophy, Fan Factor and medals the tournament gives (dice rolled where the rules roll them).",
            f"{name} is finished: its prizes are not taken back.",
        ]
    elif action == "player-of-the-year":
        if tournament.kind != "spike" or tournament.status != Tournament.Status.FINISHED or tournament.player_of_the_year:
            return None
        players = list(Player.objects.filter(team__league=tournament.league, status=Player.Status.ACTIVE).select_related("team"))
        most = max((p.spp for p in players), default=0)
        leading = [f"{p.name} of {p.team.name}" for p in players if p.spp == most]
        tie = " (a tie: one is drawn at random)" if len(leading) > 1 else ""
        title, button = "Name the Spike! Magazine Player of the Year?", "Name the Player of the Year"
        lines = [
            f"The league's player with most Star Player Points ({most}) is named: {', '.join(leading)}{tie}.",
            "His team gains +1 Fan Factor for good.",
        ]
    else:
        return None
    return confirmation_asked(
        request, title=title, consequences=lines, button=button, back=reverse("bb-tournament", args=[tournament.pk])
    )


def _challenge_refusal_asked(request: HttpRequest, challenge: WrittenChallenge, response: str) -> HttpResponse | None:
    """Refusing a written challenge (or the substitute) asks first (pitside.confirm): the 9-0 it records. None once
    confirmed, and for the other answers (a match arranged, a substitute named or declined)."""
    status = WrittenChallenge.Status
    if response != rules.REFUSE or challenge.status not in (status.OPEN, status.SUBSTITUTE_AGREED):
        return None
    waiting = challenge.waiting_for_id
    answering = waiting is not None and Team.objects.filter(pk=waiting, coach_id=request.user.pk).exists()
    if not (answering or league_is_commissioner(challenge.tournament.league, request.user)):
        return None
    teams = (challenge.challenger_id, challenge.challenged_id, challenge.substitute_id)
    names = dict(Team.objects.filter(pk__in=[t for t in teams if t is not None]).values_list("pk", "name"))
    if challenge.status == status.OPEN:
        winner, loser = names[challenge.challenger_id], names[challenge.challenged_id]
    else:
        assert challenge.substitute_id is not None  # the substitute agreed to play
        winner, loser = names[challenge.substitute_id], names[challenge.challenger_id]
    return confirmation_asked(
        request,
        title=f"Refuse: a 9-0 win for {winner}?",
        consequences=[
            f"{winner} 9, {loser} 0 stands as a confirmed play-off match, with no SPP, cash or Fan Factor: it counts in "
            "the play-off table and is not played.",
        ],
        button=f"Refuse: 9-0 to {winner}",
        back=reverse("bb-tournament", args=[challenge.tournament_id]),
    )


def _act(request: HttpRequest, tournament_id: int, action: str, data: dict[str, Any]) -> str:
    user, key = request.user, data.get("idempotency_key") or None
    if action == "enter":
        services.entry_create(tournament_id=tournament_id, user=user, team_id=data["team"])
        return "Your team is entered."
    if action == "challenge":
        services.challenge_issue(
            tournament_id=tournament_id,
            user=user,
            challenger_id=data["challenger"],
            challenged_id=data["challenged"],
            idempotency_key=key,
        )
        return "Your written challenge is passed on to the challenged coach."
    if action == "arrange":
        services.tournament_match_arrange(
            tournament_id=tournament_id,
            user=user,
            home_team_id=data["home_team"],
            away_team_id=data["away_team"],
            idempotency_key=key,
        )
        return "The match is arranged: make the pre-match rolls when you play it."
    if action == "put-forward":
        opponents = None if data["best"] else data["opponents"]
        services.put_forward_choose(tournament_id=tournament_id, user=user, team_id=data["team"], opponents=opponents)
        return "Your results put forward are kept."
    if action == "advance":
        tournament, _ = services.tournament_advance(tournament_id=tournament_id, user=user, idempotency_key=key)
        return f"The tournament is now in: {tournament.phase}."
    if action == "final":
        services.final_prizes_apply(
            tournament_id=tournament_id, user=user, chaos_cup_tags=data["chaos_cup_tags"] or None, idempotency_key=key
        )
        return "The final's prizes are given."
    services.player_of_the_year_award(tournament_id=tournament_id, user=user)
    return "The Spike! Magazine Player of the Year is named."


@login_required
@domain_errors
@require_POST
def challenge_answer(request: HttpRequest, challenge_id: int) -> HttpResponse:
    challenge = WrittenChallenge.objects.filter(pk=challenge_id).first()
    if challenge is None:
        raise Http404("No such written challenge.")
    tournament_id = challenge.tournament_id
    entrants = [e.team for e in tournament_get(tournament_id).entries.all()]
    form = AnswerForm(request.POST, teams=entrants)
    if not form.is_valid():
        return _refused(request, tournament_id, form=form)
    if (asked := _challenge_refusal_asked(request, challenge, form.cleaned_data["response"])) is not None:
        return asked
    with refusal_shown_by(lambda error: _refused(request, tournament_id, error)):
        answered, _ = services.challenge_answer(
            challenge_id=challenge_id,
            user=request.user,
            response=form.cleaned_data["response"],
            substitute_id=form.cleaned_data["substitute"],
            idempotency_key=_key(form),
        )
    messages.success(request, f"Answered: the challenge is now {answered.get_status_display().lower()}.")
    return redirect("bb-tournament", tournament_id)
