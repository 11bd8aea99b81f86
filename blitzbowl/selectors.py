"""Reads for Blitz Bowl leagues: rows turned into the engine's facts, and what the pages and the API show."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import FilteredRelation, Prefetch, Q, QuerySet
from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from blitzbowl.models import CoachProfile, Match, MatchSide, TraitGain
from engine.blitzbowl import league as league_rules
from engine.blitzbowl import traits as trait_rules
from engine.blitzbowl.league import LeagueResult, SideResult, Stage, StandingRow
from engine.blitzbowl.ruleset import RULESET
from games.models import Game
from leagues.models import League
from leagues.selectors import league_is_commissioner, league_list
from pitside.paging import PAGE_SIZE, page_rows
from rosters.models import Team

GAME_SYSTEM = RULESET.slug
KNOCKOUT: tuple[Stage, ...] = ("quarter_final", "semi_final", "final")


def league_get(league_id: Any) -> League:
    """A Blitz Bowl league, or 404."""
    return get_object_or_404(league_list().filter(game_system=GAME_SYSTEM), pk=league_id)


def coaches(league: League) -> list[Team]:
    """The league's coaches (their teams), in sign-up order: the columns the league's pages, API and notices read."""
    teams = Team.objects.filter(league=league).select_related("coach").only("name", "league_id", "coach", "coach__username")
    return list(teams.order_by("pk"))


def coach_get(team_id: Any) -> Team:
    return get_object_or_404(
        Team.objects.filter(league__game_system=GAME_SYSTEM).select_related("blitz", "coach", "league"), pk=team_id
    )


def matches(league: League) -> QuerySet[Match]:
    """The league's matches, in the order arranged, with their sides (two queries)."""
    return (
        Match.objects.filter(league=league)
        .prefetch_related(Prefetch("sides", queryset=MatchSide.objects.select_related("team__coach")))
        .order_by("id")
    )


def match_get(match_id: Any) -> Match:
    sides = MatchSide.objects.select_related("team__coach")
    return get_object_or_404(
        Match.objects.filter(league__game_system=GAME_SYSTEM)
        .select_related("league")
        .prefetch_related(
            Prefetch("sides", queryset=sides), "league__commissioners", "events__user", "rolls", "trait_gains__team"
        ),
        pk=match_id,
    )


def stage_of(match: Match) -> Stage:
    """The match's stage as the engine names it (the field holds one of STAGES)."""
    return next(stage for stage in league_rules.STAGES if stage == match.stage)


def home_away(match: Match) -> tuple[MatchSide, MatchSide]:
    home, away = sorted(match.sides.all(), key=lambda s: not s.home)
    return home, away


@dataclass(frozen=True)
class LeagueFacts:
    """The league matches (not the finals) as the engine reads them, from one query of values."""

    schedule: list[league_rules.Pair]  # every one arranged counts, played or not
    results: list[LeagueResult]  # the confirmed ones
    all_confirmed: bool


def _league_rows(league: League, *columns: str) -> QuerySet[Match, tuple[Any, ...]]:
    """`columns` of the league matches (not the finals) in the order arranged, each row joined to its home and
    away side (`home_side__...`, `away_side__...`)."""
    home = FilteredRelation("sides", condition=Q(sides__home=True))
    away = FilteredRelation("sides", condition=Q(sides__home=False))
    rows = Match.objects.filter(league=league, stage="league").annotate(home_side=home, away_side=away).order_by("id")
    return rows.values_list(*columns)


def league_schedule(league: League) -> list[league_rules.Pair]:
    """Every league match arranged, played or not, as (home, away): what the pairing rule reads."""
    return [(home, away) for home, away in _league_rows(league, "home_side__team_id", "away_side__team_id")]


def league_facts(league: League) -> LeagueFacts:
    """The league matches as values, a row each with both sides' lines, in the order arranged: read as rows, a
    thousand matches cost what their tuples cost."""
    lines = ("team_id", "score", "challenge_cards", "injuries")
    rows = _league_rows(league, "state", *(f"{side}__{column}" for side in ("home_side", "away_side") for column in lines))
    pairs, results, confirmed = [], [], True
    for state, home_id, h_score, h_cards, h_injuries, away_id, a_score, a_cards, a_injuries in rows:
        pairs.append((home_id, away_id))
        if state == Game.State.CONFIRMED:
            results.append(
                LeagueResult(
                    home_id,
                    away_id,
                    SideResult(h_score or 0, h_cards or 0, h_injuries or 0),
                    SideResult(a_score or 0, a_cards or 0, a_injuries or 0),
                )
            )
        else:
            confirmed = False
    return LeagueFacts(pairs, results, confirmed)


def winner(match: Match) -> int | None:
    """A confirmed knock-out match's winner (it cannot end drawn)."""
    if match.state != Game.State.CONFIRMED:
        return None
    home, away = home_away(match)
    won = league_rules.league_points(home.score or 0, away.score or 0) == league_rules.WIN
    return home.team_id if won else away.team_id


@dataclass(frozen=True)
class StandingLine:
    row: StandingRow
    team: Team


@dataclass(frozen=True)
class AwardLine:
    award: league_rules.Award
    teams: list[Team]


@dataclass(frozen=True)
class Opponents:
    team: Team
    opponents: list[Team]  # the coaches he may meet now, by the pairing rule
    matches_left: int

    @property
    def names(self) -> str:
        return ", ".join(team.name for team in self.opponents)

    @property
    def opponent_ids(self) -> list[int]:
        return [team.pk for team in self.opponents]


@dataclass(frozen=True)
class FinalsRound:
    stage: str  # its name: Quarter-final, Semi-final, Final
    matches: list[Match]


@dataclass(frozen=True)
class LeagueState:
    """Everything the league page and the league API show, from one read of the league's matches' values (and
    of the finals' matches). The legal opponents are worked out for the coaches shown: `opponents(teams)`, or
    `legal_opponents`, a page of them (the API's `?opponents=`; `standings_shown` its page of the table)."""

    league: League
    coaches: list[Team]
    schedule: list[league_rules.Pair]
    pairings: league_rules.Pairings
    standings: list[StandingLine]
    matches_per_coach: int
    quarter_finals: bool
    league_over: bool  # every league match confirmed, and no legal one left
    finals: list[FinalsRound]
    next_finals: str  # what the commissioner's finals button draws next ("" when nothing)
    champion: Team | None
    awards: list[AwardLine]
    # The pages the API shows of its two lists of every coach (?standings=N, ?opponents=N), PAGE_SIZE coaches each.
    standings_page: int = 1
    opponents_page: int = 1

    def opponents(self, teams: Sequence[Team]) -> list[Opponents]:
        """The legal opponents of `teams` and the matches each has left."""
        by_id = {t.pk: t for t in self.coaches}
        count = self.matches_per_coach
        return [
            Opponents(t, [by_id[o] for o in self.pairings.legal_opponents(t.pk, count)], count - self.pairings.played(t.pk))
            for t in teams
        ]

    @property
    def legal_opponents(self) -> list[Opponents]:
        return self.opponents(_page(self.coaches, self.opponents_page))

    @property
    def coach_count(self) -> int:
        return len(self.coaches)

    @property
    def standings_shown(self) -> list[StandingLine]:
        return _page(self.standings, self.standings_page)


def _page[T](rows: list[T], number: int) -> list[T]:
    return rows[(number - 1) * PAGE_SIZE : number * PAGE_SIZE]


def league_state(league: League, standings_page: int = 1, opponents_page: int = 1) -> LeagueState:
    teams = coaches(league)
    by_id = {t.pk: t for t in teams}
    facts = league_facts(league)
    pairings = league_rules.Pairings(facts.schedule, [t.pk for t in teams])
    count = RULESET.option_value(league.options, "matches")
    draws = dict(CoachProfile.objects.filter(team__league=league).values_list("team_id", "draw"))  # values: no profiles built
    rows = league_rules.table({t.pk: draws[t.pk] for t in teams}, facts.results)
    over = facts.all_confirmed and pairings.play_over(count)
    knockout = list(matches(league).exclude(stage="league"))
    finals = [
        FinalsRound(league_rules.STAGE_NAMES[stage], [m for m in knockout if m.stage == stage])
        for stage in KNOCKOUT
        if any(m.stage == stage for m in knockout)
    ]
    last = finals[-1].matches if finals else []
    final = [m for m in knockout if m.stage == "final"]
    champion = by_id.get(winner(final[0]) or 0) if final else None
    if not finals:
        next_finals = "the quarter-finals" if RULESET.option_value(league.options, "quarter_finals") else "the final"
    else:
        next_finals = {"quarter_final": "the semi-finals", "semi_final": "the final"}.get(last[0].stage, "")
    return LeagueState(
        league=league,
        coaches=teams,
        schedule=facts.schedule,
        pairings=pairings,
        standings=[StandingLine(row, by_id[row.coach]) for row in rows],
        matches_per_coach=count,
        quarter_finals=RULESET.option_value(league.options, "quarter_finals"),
        league_over=over,
        finals=finals,
        next_finals=next_finals if over else "",
        champion=champion,
        awards=[AwardLine(a, [by_id[c] for c in a.coaches]) for a in league_rules.awards(rows)] if champion else [],
        standings_page=standings_page,
        opponents_page=opponents_page,
    )


def league_panel_context(league: League, request: HttpRequest) -> dict[str, Any]:
    """The league page's Blitz Bowl panel: its standings, schedule and legal opponents a page each (the viewer's
    own lines first); the legal opponents of the coaches on the page only."""
    state = league_state(league)
    user = request.user
    mine = {t.pk for t in state.coaches if user.is_authenticated and t.coach_id == user.pk}
    own_matches = Q(pk__in=MatchSide.objects.filter(team_id__in=mine).values("match_id")) if mine else None
    return {
        "state": state,
        "standings": page_rows(request, state.standings, own=lambda line: line.team.pk in mine, param="standings"),
        "schedule": page_rows(request, matches(league), own=own_matches, param="schedule"),
        "legal_opponents": page_rows(request, state.coaches, own=lambda team: team.pk in mine, param="opponents").map(
            state.opponents, reads=()
        ),
        "signed_up": bool(mine),
        "can_arrange": bool(mine) or league_is_commissioner(league, user),
    }


# --- The coach roster ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class RosterLine:
    match: Match
    stage: str
    opponent: Team
    own: MatchSide
    other: MatchSide
    result: str  # Win, Draw, Loss, or the state of a result not confirmed
    points: int | None  # league points (None: a knock-out match, or not confirmed)


@dataclass(frozen=True)
class HeldTrait:
    gain: TraitGain
    trait: trait_rules.Trait


@dataclass(frozen=True)
class PendingTrait:
    """A trait rolled that the coach holds: he chooses one of `choices`, those he does not hold."""

    gain: TraitGain
    choices: list[trait_rules.Trait]


@dataclass(frozen=True)
class CoachRoster:
    team: Team
    lines: list[RosterLine]
    points: int
    challenge_cards: int
    injuries: int
    traits: list[HeldTrait]
    pending: list[PendingTrait]


RESULT_NAMES: Mapping[int, str] = {league_rules.WIN: "Win", league_rules.DRAW: "Draw", league_rules.LOSS: "Loss"}


def coach_roster(team: Team) -> CoachRoster:
    """The coach roster: the opposing coach and result of each match, Challenge cards claimed, opposing players
    injured (league matches), and the Coach Traits with their text."""
    sides = MatchSide.objects.filter(team=team).values_list("match_id", flat=True)
    lines = []
    for match in Match.objects.filter(pk__in=sides).prefetch_related(
        Prefetch("sides", queryset=MatchSide.objects.select_related("team__coach"))
    ):
        own = next(s for s in match.sides.all() if s.team_id == team.pk)
        other = next(s for s in match.sides.all() if s.team_id != team.pk)
        confirmed = match.state == Game.State.CONFIRMED
        points = league_rules.league_points(own.score or 0, other.score or 0) if confirmed else None
        result = RESULT_NAMES[points] if points is not None else match.get_state_display()
        lines.append(
            RosterLine(
                match,
                league_rules.STAGE_NAMES[stage_of(match)],
                other.team,
                own,
                other,
                result,
                points if match.stage == "league" else None,
            )
        )
    league_lines = [line for line in lines if line.match.stage == "league" and line.points is not None]
    gains = list(TraitGain.objects.filter(team=team))
    held = {g.trait for g in gains if g.trait}
    return CoachRoster(
        team=team,
        lines=lines,
        points=sum(line.points or 0 for line in league_lines),
        challenge_cards=sum(line.own.challenge_cards or 0 for line in league_lines),
        injuries=sum(line.own.injuries or 0 for line in league_lines),
        traits=[HeldTrait(g, trait_rules.TRAITS[g.trait]) for g in gains if g.trait],
        pending=[PendingTrait(g, trait_rules.choices(held)) for g in gains if not g.trait],
    )


def traits_held(team_ids: list[int]) -> dict[int, frozenset[str]]:
    """The Coach Traits each coach holds."""
    gains = TraitGain.objects.filter(team_id__in=team_ids).exclude(trait="")
    held: dict[int, set[str]] = {t: set() for t in team_ids}
    for team_id, trait in gains.values_list("team_id", "trait"):
        held[team_id].add(trait)
    return {t: frozenset(s) for t, s in held.items()}


def trait_gain_get(gain_id: Any) -> TraitGain:
    return get_object_or_404(TraitGain, pk=gain_id)


@dataclass(frozen=True)
class MatchRights:
    """What a user may do to a match now: the one place the pages ask."""

    report: bool  # a coach of the match or a commissioner, until the result is confirmed
    confirm: bool  # the coach still to confirm the result standing
    approve: bool  # a commissioner, on a submitted or disputed result
    dispute: bool
    void: bool  # a commissioner, on a submitted, disputed or confirmed result


def match_rights(match: Match, user: Any) -> MatchRights:
    from blitzbowl.services import RESULTS  # the lifecycle's services read these selectors

    mine = {s.team_id for s in RESULTS.user_sides(match, user)}
    commissioner = league_is_commissioner(match.league, user)
    pending = any(s.team_id in mine for s in RESULTS.pending_sides(match))
    standing = match.state in (Game.State.SUBMITTED, Game.State.DISPUTED)
    return MatchRights(
        report=(bool(mine) or commissioner) and match.state != Game.State.CONFIRMED,
        confirm=pending,
        approve=commissioner and not mine and standing,
        dispute=pending,
        void=commissioner and (standing or match.state == Game.State.CONFIRMED),
    )


def standings_top(league: League, count: int) -> list[str]:
    """The league table's top lines, which a confirmed match posts to the league's channels (GameApp hook)."""
    return [f"{line.row.position}. {line.team.name}: {line.row.points} pts" for line in league_state(league).standings[:count]]
