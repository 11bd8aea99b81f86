"""Season calendar pages: the league's seasons and their archive, a season's posted calendar with its
weeks and League Rank, a week (draw, challenge round, warnings, rearrangements, appeals) and the
playoffs. Each view validates a form, calls one service (or reads through the selectors) and
renders; a refused write shows the page again with the errors and status 400. During the challenge
round the week's live part polls with htmx, so coaches see new challenges without reloading.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Q, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path, reverse
from django.utils import timezone
from django.views.decorators.http import require_POST, require_safe

from engine.slaughterball.ruleset import RULESET
from leagues.forms import form_refused
from leagues.models import League
from leagues.selectors import league_is_commissioner, league_list
from leagues.services import league_require_commissioner
from pitside.confirm import confirmation_asked
from pitside.errors import Invalid
from pitside.live import live_answer, live_version
from pitside.page_errors import domain_errors, refusal_shown_by, valid_data
from pitside.paging import Rows, coached_by, page_rows
from rosters.models import Team
from rosters.selectors import team_choices
from rosters.team_search import TeamSearch, sent_teams, team_search
from slaughterball.forms_calendar import (
    AppealDecideForm,
    AppealForm,
    ChallengeForm,
    DeadlinesForm,
    MakeupGameForm,
    PlayoffCreateForm,
    RearrangeForm,
    SeasonCreateForm,
    SeasonStartForm,
    WeekCreateForm,
)
from slaughterball.models import Appeal, Challenge, Game, GameSide, Season, Standing, Week
from slaughterball.selectors import GAME_SYSTEM
from slaughterball.selectors_calendar import (
    GAMES_A_PAGE,
    REGULAR_KINDS,
    STANDINGS_RECORD,
    WeekView,
    games_coached,
    games_scheduled,
    games_scheduled_counts,
    games_shown,
    order_rows_named,
    playoff_week,
    record,
    season_archive,
    season_get,
    season_list,
    season_own_teams,
    season_ranking,
    season_ranking_rows,
    season_start_entries,
    season_team_names,
    season_teams,
    sides_shown,
    standings_from_record,
    team_names,
    week_challenges_rows,
    week_games,
    week_games_rows,
    week_get,
    week_view,
    weeks_counted,
)
from slaughterball.services import calendar as calendar_services
from slaughterball.services import challenges as challenge_services
from slaughterball.services import playoffs as playoff_services

SEVERAL_NAMES = "Teams' names (separate them with commas)"  # the search of a form ticking several teams


def _league(league_id: int) -> League:
    return get_object_or_404(league_list().filter(game_system=GAME_SYSTEM), pk=league_id)


def _season(season_id: int) -> Season:
    season = season_get(season_id)
    if season is None:
        raise Http404("No such season.")
    return season


def _week(week_id: int) -> Week:
    week = week_get(week_id)
    if week is None:
        raise Http404("No such week.")
    return week


# --- The league's seasons and the archive ----------------------------------------------------------------------


def _season_list_page(request: HttpRequest, league: League, **extra: Any) -> HttpResponse:
    seasons = list(season_list(league))
    linkable = [s for s in seasons if s.status == Season.Status.FINISHED and not Season.objects.filter(previous=s).exists()]
    return render(
        request,
        "slaughterball/calendar/season_list.html",
        {
            "league": league,
            "seasons": seasons,
            "archive": season_archive(league),
            "is_commissioner": league_is_commissioner(league, request.user),
            "form": extra.get("form") or SeasonCreateForm(seasons=linkable, initial={"name": f"Season {len(seasons) + 1}"}),
            "errors": extra.get("errors", []),
        },
    )


@require_safe
def season_list_view(request: HttpRequest, league_id: int) -> HttpResponse:
    return _season_list_page(request, _league(league_id))


@login_required
@domain_errors
@require_POST
def season_create_view(request: HttpRequest, league_id: int) -> HttpResponse:
    league = _league(league_id)
    seasons = Season.objects.filter(league=league, status=Season.Status.FINISHED)
    form = SeasonCreateForm(request.POST, seasons=seasons)
    with refusal_shown_by(lambda error: _season_list_page(request, league, form=form_refused(form, error))):
        data = valid_data(form)
        season = calendar_services.season_create(
            league=league,
            user=request.user,
            name=data["name"],
            games_per_team=data["games_per_team"],
            playoff_size=data["playoff_size"],
            starts_on=data["starts_on"],
            previous_id=data["previous"],
        )
    messages.success(request, f"{season.name} is open for sign-ups.")
    return redirect("season-detail", season.pk)


# --- A season: its calendar, weeks and League Rank -------------------------------------------------------------


def _season_page(request: HttpRequest, season: Season, **extra: Any) -> HttpResponse:
    is_commissioner = league_is_commissioner(season.league, request.user)
    ranking = page_rows(
        request,
        season_ranking_rows(season) if season.status != Season.Status.SIGNUP else Standing.objects.none(),
        own=coached_by(request, "team__coach"),
    )
    # Before the first ranking, the teams entered, by name (the same page of a list, the viewer's own shown).
    entered = page_rows(
        request,
        Team.objects.filter(season_entries__season=season).select_related("coach").order_by("name", "id")
        if not ranking.count
        else Team.objects.none(),
        own=coached_by(request),
    )
    # The commissioner's makeup form offers a few teams and a search by name for the others.
    makeup = is_commissioner and season.status == Season.Status.RUNNING
    teams = season_teams(season)
    makeup_search = team_search(request, teams.count(), {"makeup": SEVERAL_NAMES}) if makeup else None
    return render(
        request,
        "slaughterball/calendar/season_detail.html",
        {
            "season": season,
            "league": season.league,
            "weeks": list(weeks_counted(season)),
            "ranking": ranking.map(lambda rows: _with_scheduled(season, rows), reads=[games_scheduled_counts(season)]),
            "entered": entered,
            "is_commissioner": is_commissioner,
            "start_form": extra.get("start_form") or SeasonStartForm(),
            "week_form": extra.get("week_form") or WeekCreateForm(),
            "makeup_form": extra.get("makeup_form")
            or (_makeup_form(request, teams, makeup_search.names("makeup")) if makeup_search else None),
            "makeup_search": makeup_search,
            "errors": extra.get("errors", []),
        },
    )


def _makeup_form(request: HttpRequest, teams: QuerySet[Team], searches: list[str], data: Any = None) -> MakeupGameForm:
    """The makeup form, unbound (`searches`: the names searched) or as sent (`data`): the teams it offers, it accepts."""
    sent = sent_teams(data, "teams") if data is not None else []
    offered = [(team.pk, team.name) for team in team_choices(teams, request.user, searches, sent)]
    return MakeupGameForm(data, teams=offered)


def _with_scheduled(season: Season, rows: list[Standing]) -> list[tuple[Standing, int]]:
    """Each ranking row with the games its team is in (one query)."""
    scheduled = games_scheduled(season, [row.team_id for row in rows])
    return [(row, scheduled.get(row.team_id, 0)) for row in rows]


@require_safe
@domain_errors
def season_detail_view(request: HttpRequest, season_id: int) -> HttpResponse:
    return _season_page(request, _season(season_id))


def _season_start_asked(request: HttpRequest, season: Season) -> HttpResponse | None:
    """Starting a season asks first (pitside.confirm), listing what it writes off: the rows season_start writes."""
    league_require_commissioner(league=season.league, user=request.user)
    teams = {team.pk: team.name for team in Team.objects.filter(league=season.league)}
    lost = [f"{teams[team_id]}: {reason}." for team_id, _account, _amount, reason in season_start_entries(teams)]
    return confirmation_asked(
        request,
        title=f"Start {season.name}?",
        consequences=[
            f"All {len(teams)} teams of {season.league.name} enter {season.name}; sign-ups close.",
            *(lost or ["No team has unspent Support Staff Budget: nothing is written off."]),
            "League Rank's tie-breakers are drawn and week 1 is made. A started season does not go back to sign-ups.",
        ],
        button=f"Start {season.name}",
        back=reverse("season-detail", args=[season.pk]),
    )


@login_required
@domain_errors
@require_POST
def season_start_view(request: HttpRequest, season_id: int) -> HttpResponse:
    season = _season(season_id)
    form = SeasonStartForm(request.POST)
    with refusal_shown_by(lambda error: _season_page(request, season, start_form=form_refused(form, error))):
        data = valid_data(form)
        if season.status == Season.Status.SIGNUP and (asked := _season_start_asked(request, season)) is not None:
            return asked
        running, started = calendar_services.season_start(season=season, user=request.user, **data)
    week = Week.objects.get(season=running, number=1)
    messages.success(
        request, f"{running.name} has started: sign-ups are closed. Make week 1's draw." if started else "Already started."
    )
    return redirect("week-detail", week.pk)


@login_required
@domain_errors
@require_POST
def week_create_view(request: HttpRequest, season_id: int) -> HttpResponse:
    season = _season(season_id)
    form = WeekCreateForm(request.POST)
    with refusal_shown_by(lambda error: _season_page(request, season, week_form=form_refused(form, error))):
        data = valid_data(form)
        week = calendar_services.week_create(season=season, user=request.user, **data)
    messages.success(request, f"Week {week.number} is made ({week.get_kind_display()}).")
    return redirect("week-detail", week.pk)


@login_required
@domain_errors
@require_POST
def makeup_create_view(request: HttpRequest, season_id: int) -> HttpResponse:
    season = _season(season_id)
    form = _makeup_form(request, season_teams(season), [], request.POST)
    with refusal_shown_by(lambda error: _season_page(request, season, makeup_form=form_refused(form, error))):
        data = valid_data(form)
        game = calendar_services.makeup_game_create(season=season, user=request.user, **data)
    messages.success(request, f"Makeup game {game.number} is set ({'pays' if game.pays else 'does not pay'}).")
    return redirect("week-detail", game.week_id)


# --- A week: draw, challenge round, warnings, rearrangements, appeals ---------------------------------------------


WEEK_POLL_SECONDS = 5


def _live_version(view: WeekView, shown: Rows[Game], challenges: Rows[Challenge], deadline_passed: bool) -> str:
    """A fingerprint of what the week's live part shows (turn, every game's teams, the games and challenges on the
    page and how many there are, warnings, whether the fill is open): the poll gets a 204 while it is unchanged.
    Only a challenge round is polled: a closed week's page does not read every game's teams for it."""
    state = view.state
    return live_version(
        (
            (state.turn.action, state.turn.team, state.turn.picks, sorted(state.games.items())) if state else None,
            [
                (g.pk, g.number, g.state, [(s.team_id, s.place) for s in g.sides.all()])
                for g in (line.item for line in shown.lines)
            ],
            (challenges.count, [line.item.pk for line in challenges.lines]),
            [(w.code, w.team, w.game) for w in view.warnings],
            deadline_passed,
        )
    )


def _appeal_forms(week: Week, view: WeekView, own: set[int]) -> list[tuple[Game, Team, AppealForm]]:
    """An appeal form for each of the viewer's teams challenged into a game not played yet and not appealed: the
    challenges into the viewer's games and those games (two queries, only for a coach with a game this week)."""
    own_games = view.games_of(own) if own else []
    if not own_games:
        return []
    appealed = {(a.game_id, a.team_id) for a in view.appeals}
    games = {g.pk: g for g in Game.objects.filter(pk__in=own_games).only("week", "number", "state")}
    teams = team_names(own)
    forms = []
    for challenge in Challenge.objects.filter(week=week, game_id__in=own_games).order_by("id"):
        game = games[challenge.game_id]
        for target in challenge.targets:
            playing = game.state == Game.State.SCHEDULED and target in view.games.get(game.pk, [])
            if target in own and playing and (game.pk, target) not in appealed:
                forms.append((game, teams[target], AppealForm(initial={"team": target})))
    return forms


def _week_context(request: HttpRequest, week: Week, **extra: Any) -> dict[str, Any]:
    view = week_view(week)
    league = week.season.league
    user = request.user
    is_commissioner = league_is_commissioner(league, user)
    own = season_own_teams(week.season, user)
    state = view.state
    # A refused challenge: the form as it was sent, the refusal beside the teams (or at the top of the page when
    # the turn has moved on and the form is gone).
    sent, refusal = extra.get("challenge_refused", (None, None))
    challenge_form = challenge_search = None
    if state is not None and state.turn.team in own and state.turn.action in ("challenge", "steal"):
        # A few of the targets and a search by name for the others, in the round's order (to steal, by game); each
        # with its Team Potential (a steal takes a higher-valued one) and, to steal, its game.
        potentials = state.frozen.potentials
        game_of = {t: state.numbers[g] for g, teams in state.games.items() for t in teams}
        target_ids = view.targets()
        challenge_search = team_search(request, len(target_ids), {"challenge": SEVERAL_NAMES})
        sent_targets = sent_teams(sent, "targets") if sent is not None else []
        targets = team_choices(Team.objects.filter(pk__in=target_ids), user, challenge_search.names("challenge"), sent_targets)
        position = {team: index for index, team in enumerate(target_ids)}
        targets.sort(key=lambda t: position[t.pk])
        labels = {
            t.pk: f"{t.name} · {potentials.get(t.pk, 0):,}" + (f" · game {game_of[t.pk]}" if t.pk in game_of else "")
            for t in targets
        }
        challenge_form = ChallengeForm(sent, teams=targets, labels=labels, initial={"team": state.turn.team})
        if refusal is not None:
            form_refused(challenge_form, refusal, fields={"challenged": "targets", "stolen": "targets"})
    elif refusal is not None:
        extra.setdefault("errors", refusal.items)
    appeals_allowed = RULESET.option_value(league.options, "appeals_allowed")
    running = week.season.status == Season.Status.RUNNING
    can_rearrange = is_commissioner and running and week.kind != Week.Kind.PLAYOFF and bool(view.games)
    rearrange_search = (
        team_search(request, view.counts.teams, {"move": "Name of the team to move", "swap": "Name of the team to swap with"})
        if can_rearrange
        else None
    )
    deadline_passed = week.challenges_due is None or week.challenges_due <= timezone.now()
    live_query = request.GET.copy()
    live_query.pop("v", None)  # the poll asks with the page's own query: its pages of games and order
    # The week's lists, a page each (the viewer's own first): games (a card of four teams each, so fewer to a page),
    # the challenge order, the challenges made. Only the rows shown are built.
    mine = games_coached(coached_by(request, "team__coach"))
    games = page_rows(request, week_games_rows(week), own=mine, size=GAMES_A_PAGE, count=view.counts.games).map(
        games_shown, reads=[sides_shown().filter(game__week=week)]
    )
    challenges = page_rows(
        request,
        week_challenges_rows(week),
        own=Q(team_id__in=own) if own else None,
        param="challenges",
        count=view.counts.challenges,
    )
    turn_team = team_names([state.turn.team]).get(state.turn.team) if state and state.turn.team else None
    # The challenge round is live: poll until every team has its game (the page's version only matters to a poll).
    poll = running and state is not None and state.turn.action != "done"
    return {
        "week": week,
        "season": week.season,
        "league": league,
        "view": view,
        "state": state,
        "turn_team": turn_team,
        "turn_potential": state.frozen.potentials.get(state.turn.team) if state and state.turn.team else None,
        "is_commissioner": is_commissioner,
        "own": own,
        "challenge_form": challenge_form,
        "challenge_search": challenge_search,
        "appeal_forms": _appeal_forms(week, view, own) if appeals_allowed and running else [],
        "appeals_allowed": appeals_allowed,
        "can_draw": is_commissioner and running and week.kind in (Week.Kind.DRAW, Week.Kind.RANDOM) and not view.games,
        "can_fill": is_commissioner and running and state is not None and state.turn.action in ("challenge", "steal"),
        "deadline_passed": deadline_passed,
        "deadlines_form": extra.get("deadlines_form")
        or DeadlinesForm(initial={"challenges_due": week.challenges_due, "games_due": week.games_due}),
        "decide_form": AppealDecideForm(),
        "can_rearrange": can_rearrange,
        # The commissioner's rearrangement form: each team select offers a few and a search by name for the others.
        "rearrange_form": extra.get("rearrange_form")
        or (_rearrange_form(request, week, rearrange_search) if rearrange_search else None),
        "rearrange_search": rearrange_search,
        "errors": extra.get("errors", []),
        "poll": poll,
        "poll_seconds": WEEK_POLL_SECONDS,
        "live_version": _live_version(view, games, challenges, deadline_passed) if poll else None,
        "live_query": live_query.urlencode(),
        "games": games,
        "order": page_rows(request, view.order_rows, own=(lambda row: row["team"] in own) if own else None, param="order").map(
            order_rows_named, reads=()
        ),
        "challenges": challenges,
    }


def _rearrange_form(request: HttpRequest, week: Week, search: TeamSearch) -> RearrangeForm:
    """The commissioner's rearrangement form, unbound: each team select offers the teams its search finds."""
    teams = season_teams(week.season)
    return RearrangeForm(
        teams=team_choices(teams, request.user, [search.text("move")]),
        swap_teams=team_choices(teams, request.user, [search.text("swap")]),
        games=week_games_rows(week),
    )


def _week_page(request: HttpRequest, week: Week, **extra: Any) -> HttpResponse:
    return render(request, "slaughterball/calendar/week_detail.html", _week_context(request, week, **extra))


@require_safe
@domain_errors
def week_detail_view(request: HttpRequest, week_id: int) -> HttpResponse:
    return _week_page(request, _week(week_id))


@require_safe
@domain_errors
def week_live_view(request: HttpRequest, week_id: int) -> HttpResponse:
    """The live part of the week page, polled during the challenge round: 204 while nothing it shows changed."""
    return live_answer(request, "slaughterball/calendar/_week_live.html", _week_context(request, _week(week_id)))


@login_required
@domain_errors
@require_POST
def week_deadlines_view(request: HttpRequest, week_id: int) -> HttpResponse:
    week = _week(week_id)
    form = DeadlinesForm(request.POST)
    with refusal_shown_by(lambda error: _week_page(request, week, deadlines_form=form_refused(form, error))):
        data = valid_data(form)
        calendar_services.week_update(week=week, user=request.user, **data)
    messages.success(request, "Deadlines saved.")
    return redirect("week-detail", week.pk)


@login_required
@domain_errors
@require_POST
def week_draw_view(request: HttpRequest, week_id: int) -> HttpResponse:
    week = _week(week_id)
    with refusal_shown_by(lambda error: _week_page(request, week, errors=error.items)):
        _week_obj, drawn = calendar_services.week_draw(week=week, user=request.user)
    messages.success(request, "The draw is made and recorded." if drawn else "This week was already drawn; nothing changed.")
    return redirect("week-detail", week.pk)


@login_required
@domain_errors
@require_POST
def week_challenge_view(request: HttpRequest, week_id: int) -> HttpResponse:
    """The challenge form or the steal form (the same checkboxes): which one the turn decides."""
    week = _week(week_id)
    view = week_view(week)
    turn = view.state.turn if view.state else None
    # Any team of the season passes the form (the service checks the rules), so a form sent twice
    # after its teams were locked is answered as the same challenge, not as a bad choice.
    teams = team_choices(season_teams(week.season), request.user, sent=sent_teams(request.POST, "targets"))
    form = ChallengeForm(request.POST, teams=teams)
    steal = turn is not None and turn.action == "steal"
    service = challenge_services.steal_make if steal else challenge_services.challenge_issue
    with refusal_shown_by(lambda error: _week_page(request, week, challenge_refused=(request.POST, error))):
        data = valid_data(form)
        targets = {"stolen": data["targets"]} if steal else {"challenged": data["targets"]}
        made, created = service(
            week=week, user=request.user, team_id=data["team"], idempotency_key=data["idempotency_key"], **targets
        )
    if created:
        messages.success(request, f"{made.get_kind_display()} made: game is set.")
    else:
        messages.success(request, "This form was already sent; it was applied once.")
    return redirect("week-detail", week.pk)


def _round_fill_asked(request: HttpRequest, week: Week) -> HttpResponse | None:
    """Filling the round asks first (pitside.confirm), listing the moves it makes for the coaches (the picks
    round_fill makes); None once confirmed, when there is nothing to fill, or when the fill is refused (the service
    then says why)."""
    league_require_commissioner(league=week.season.league, user=request.user)
    try:
        _state, picks = challenge_services.round_fill_picks(week)
    except Invalid:
        return None
    if not picks:
        return None
    names = {pk: team.name for pk, team in team_names({t for p in picks for t in (p.team, *p.targets)}).items()}
    moves = [
        f"{names[p.team]} {'challenges' if p.action == 'challenge' else 'steals'} {', '.join(names[t] for t in p.targets)}."
        for p in picks
    ]
    return confirmation_asked(
        request,
        title=f"Fill the challenge round of week {week.number}?",
        consequences=[
            "The moves the coaches have not made are made for them, as the rules pick them (the lowest-ranked teams "
            "free are challenged, then the leftovers steal):",
            *moves,
            "Each coach is told; a move made is not taken back (only a rearrangement or an appeal changes a game).",
        ],
        button=f"Fill the round: {len(picks)} move{'s' if len(picks) != 1 else ''}",
        back=reverse("week-detail", args=[week.pk]),
    )


@login_required
@domain_errors
@require_POST
def week_fill_view(request: HttpRequest, week_id: int) -> HttpResponse:
    week = _week(week_id)
    if (asked := _round_fill_asked(request, week)) is not None:
        return asked
    with refusal_shown_by(lambda error: _week_page(request, week, errors=error.items)):
        made = challenge_services.round_fill(week=week, user=request.user)
    messages.success(request, f"The round is filled: {len(made)} move{'s' if len(made) != 1 else ''} made for the coaches.")
    return redirect("week-detail", week.pk)


@login_required
@domain_errors
@require_POST
def week_rearrange_view(request: HttpRequest, week_id: int) -> HttpResponse:
    week = _week(week_id)
    teams = team_choices(season_teams(week.season), request.user, sent=sent_teams(request.POST, "team", "swap_with"))
    form = RearrangeForm(request.POST, teams=teams, swap_teams=teams, games=Game.objects.filter(week=week))
    with refusal_shown_by(lambda error: _week_page(request, week, rearrange_form=form_refused(form, error))):
        data = valid_data(form)
        challenge_services.rearrange(
            week=week,
            user=request.user,
            team_id=data["team"],
            to_game_id=data["to_game"],
            swap_with_id=data["swap_with"],
            reason=data["reason"],
            idempotency_key=data["idempotency_key"],
        )
    messages.success(request, "The games are rearranged.")
    return redirect("week-detail", week.pk)


@login_required
@domain_errors
@require_POST
def appeal_create_view(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(Game.objects.select_related("week__season__league"), pk=game_id)
    week = _week(game.week_id)
    form = AppealForm(request.POST)
    with refusal_shown_by(lambda error: _week_page(request, week, errors=error.items)):
        data = valid_data(form)
        _appeal, created = challenge_services.appeal_create(
            game=game, user=request.user, team_id=data["team"], reason=data["reason"]
        )
    messages.success(request, "Your appeal is with the commissioner." if created else "You already appealed this game.")
    return redirect("week-detail", week.pk)


@login_required
@domain_errors
@require_POST
def appeal_decide_view(request: HttpRequest, appeal_id: int) -> HttpResponse:
    appeal = get_object_or_404(Appeal.objects.select_related("game__week__season__league"), pk=appeal_id)
    week = _week(appeal.game.week_id)
    form = AppealDecideForm(request.POST)
    with refusal_shown_by(lambda error: _week_page(request, week, errors=error.items)):
        data = valid_data(form)
        decision, _changed = challenge_services.appeal_decide(appeal=appeal, user=request.user, **data)
    messages.success(request, f"Appeal {decision.state}.")
    return redirect("week-detail", week.pk)


# --- The playoffs ------------------------------------------------------------------------------------------------


def _playoff_page(request: HttpRequest, season: Season, **extra: Any) -> HttpResponse:
    week = playoff_week(season)
    games = week_games(week) if week else []
    data = record(week, STANDINGS_RECORD) if week else None
    teams = season_team_names(season)
    seeds = (data or {}).get("seeds", [])
    # The Slaughterbrawl's path: each finalist's games of the season, week by week (one query).
    path_sides = (
        GameSide.objects.filter(team_id__in=seeds, game__week__season=season, game__week__kind__in=REGULAR_KINDS)
        .select_related("game__week")
        .defer("game__week__draws")
        .order_by("game__week__number", "game__number")
    )
    weeks = sorted({s.game.week.number for s in path_sides})
    cells = {(s.team_id, s.game.week.number): s for s in path_sides}
    path = [(teams.get(t), [(n, cells.get((t, n))) for n in weeks]) for t in seeds]
    is_commissioner = league_is_commissioner(season.league, request.user)
    return render(
        request,
        "slaughterball/calendar/playoffs.html",
        {
            "season": season,
            "league": season.league,
            "week": week,
            "game": games[0] if games else None,
            "games": page_rows(request, games),
            "standings": standings_from_record(data, teams),
            "seeds": seeds,
            "path_weeks": weeks,
            "path": path,
            "is_commissioner": is_commissioner,
            "form": extra.get("form") or PlayoffCreateForm(),
            "ranking": season_ranking(season) if week is None and season.status == Season.Status.RUNNING else [],
            "errors": extra.get("errors", []),
        },
    )


@require_safe
@domain_errors
def playoffs_view(request: HttpRequest, season_id: int) -> HttpResponse:
    return _playoff_page(request, _season(season_id))


def _playoff_asked(request: HttpRequest, season: Season, *, allow_short: bool) -> HttpResponse | None:
    """Setting the Slaughterbrawl asks first (pitside.confirm): the regular season ends, and the teams that play it
    (playoff_seeds, from the League Rank as it stands); None once confirmed, once set, or when it is refused (the
    service then says why)."""
    league_require_commissioner(league=season.league, user=request.user)
    if playoff_week(season) is not None:
        return None
    try:
        ranking, seeds, short = playoff_services.playoff_seeds(season, allow_short=allow_short)
    except Invalid:
        return None
    teams = {pk: team.name for pk, team in team_names([row.team for row in ranking]).items()}
    missing = ", ".join(f"{teams[team]} ({games})" for team, games in short.items())
    return confirmation_asked(
        request,
        title=f"Set the Slaughterbrawl of {season.name}?",
        consequences=[
            f"The regular season of {season.name} ends: the League Rank is recorded and no more weeks are made.",
            f"The top {len(seeds)} play the Slaughterbrawl, as the League Rank stands: {', '.join(teams[t] for t in seeds)}.",
            *([f"Games missed count as last places, with no League Points and no winnings: {missing}."] if short else []),
        ],
        button="Set the Slaughterbrawl",
        back=reverse("season-playoffs", args=[season.pk]),
    )


@login_required
@domain_errors
@require_POST
def playoff_create_view(request: HttpRequest, season_id: int) -> HttpResponse:
    season = _season(season_id)
    form = PlayoffCreateForm(request.POST)
    with refusal_shown_by(lambda error: _playoff_page(request, season, form=form_refused(form, error))):
        data = valid_data(form)
        if (asked := _playoff_asked(request, season, allow_short=data["allow_short"])) is not None:
            return asked
        _game, created = playoff_services.playoff_create(season=season, user=request.user, **data)
    messages.success(request, "The Slaughterbrawl is set." if created else "The Slaughterbrawl was already set.")
    return redirect("season-playoffs", season.pk)


@login_required
@domain_errors
@require_POST
def season_finish_view(request: HttpRequest, season_id: int) -> HttpResponse:
    season = _season(season_id)
    league_require_commissioner(league=season.league, user=request.user)
    champion = playoff_services.playoff_champion(season) if season.status == Season.Status.PLAYOFFS else None
    if champion is not None:
        asked = confirmation_asked(
            request,
            title=f"Finish {season.name}?",
            consequences=[
                f"{team_names([champion])[champion].name} won the Slaughterbrawl: they are the champions of {season.name}.",
                "The season is finished for good: its coaches and the league's channels are told, and it takes no more games.",
            ],
            button=f"Finish {season.name}",
            back=reverse("season-playoffs", args=[season.pk]),
        )
        if asked is not None:
            return asked
    with refusal_shown_by(lambda error: _playoff_page(request, season, errors=error.items)):
        finished = playoff_services.season_finish(season=season, user=request.user)
    messages.success(request, f"{finished.name} is finished: {finished.champion} are the champions!")
    return redirect("season-playoffs", finished.pk)


urlpatterns = [
    path("leagues/<id:league_id>/seasons/", season_list_view, name="season-list"),
    path("leagues/<id:league_id>/seasons/new/", season_create_view, name="season-create"),
    path("seasons/<id:season_id>/", season_detail_view, name="season-detail"),
    path("seasons/<id:season_id>/start/", season_start_view, name="season-start"),
    path("seasons/<id:season_id>/weeks/new/", week_create_view, name="week-create"),
    path("seasons/<id:season_id>/makeup/", makeup_create_view, name="makeup-create"),
    path("seasons/<id:season_id>/playoffs/", playoffs_view, name="season-playoffs"),
    path("seasons/<id:season_id>/playoffs/new/", playoff_create_view, name="playoff-create"),
    path("seasons/<id:season_id>/finish/", season_finish_view, name="season-finish"),
    path("weeks/<id:week_id>/", week_detail_view, name="week-detail"),
    path("weeks/<id:week_id>/live/", week_live_view, name="week-live"),
    path("weeks/<id:week_id>/deadlines/", week_deadlines_view, name="week-deadlines"),
    path("weeks/<id:week_id>/draw/", week_draw_view, name="week-draw"),
    path("weeks/<id:week_id>/challenge/", week_challenge_view, name="week-challenge"),
    path("weeks/<id:week_id>/fill/", week_fill_view, name="week-fill"),
    path("weeks/<id:week_id>/rearrange/", week_rearrange_view, name="week-rearrange"),
    path("games/<id:game_id>/appeal/", appeal_create_view, name="appeal-create"),
    path("appeals/<id:appeal_id>/decide/", appeal_decide_view, name="appeal-decide"),
]
