"""Reads for Blood Bowl tournaments: rows turned into the engine's facts (results, put-forward
results, trophies), the play-off table and what the pages and the match services show."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import Prefetch, Q, QuerySet
from django.shortcuts import get_object_or_404

from bloodbowl.models import Entry, Match, MatchSide, Tournament, Trophy, WizardContract, WrittenChallenge
from bloodbowl.selectors import league_house, match_touchdowns
from engine.bloodbowl import tournaments as rules
from engine.bloodbowl.house import TOURNAMENT_DRAW_POINTS
from engine.bloodbowl.report import MatchReport
from engine.core.violations import RuleViolation, Violation
from games.models import Game
from leagues.models import League
from rosters.models import Team

ROUND_STAGES: dict[str, str] = {rules.SEMI_FINAL: "semi_final", rules.FINAL: "final"}  # the match's pre-match/post-match stage
ROUND_NAMES: dict[str, str] = {
    rules.PLAYOFF: "Play-off",
    rules.SEMI_FINAL: "Semi-final",
    rules.FINAL: "Final",
    rules.THIRD_PLACE: "Match for 3rd place",
}
OPEN = (Game.State.SCHEDULED, Game.State.SUBMITTED, Game.State.DISPUTED)


def match_stage(tournament_round: str) -> str:
    """Pre-Match gate and Post-Match Fan Factor: a semi-final and the final carry their modifiers."""
    return ROUND_STAGES.get(tournament_round, "league")


def tournament_kind(tournament: Tournament) -> rules.TournamentKind:
    if tournament.kind == rules.MINOR:
        return rules.minor_tournament(tournament.name, tournament.winner_prize or 0, tournament.runner_up_prize or 0)
    return rules.majors()[tournament.kind]


def tournaments(league: League) -> QuerySet[Tournament]:
    return Tournament.objects.filter(league=league).prefetch_related("entries__team").order_by("-created_at", "-id")


def tournament_get(tournament_id: Any) -> Tournament:
    """A tournament with its league, entries, matches and challenges, or 404."""
    queryset = Tournament.objects.select_related("league").prefetch_related(
        "league__commissioners",
        Prefetch("entries", queryset=Entry.objects.select_related("team__coach", "team__bb")),
        Prefetch(
            "matches",
            queryset=Match.objects.prefetch_related(
                Prefetch("sides", queryset=MatchSide.objects.select_related("team"))
            ).order_by("tournament_week", "id"),
        ),
        Prefetch(
            "challenges",
            queryset=WrittenChallenge.objects.select_related(
                "challenger__coach", "challenged__coach", "substitute__coach", "refused_by"
            ),
        ),
    )
    return get_object_or_404(queryset, pk=tournament_id)


def entrants(tournament: Tournament) -> set[int]:
    return {e.team_id for e in tournament.entries.all()}


def match_result(match: Match) -> rules.MatchResult:
    """The engine's view of a tournament match: its score (0-0 until it has one) and its touchdowns."""
    sides = {s.home: s for s in match.sides.all()}
    home, away = sides[True], sides[False]
    refused = (match.report or {}).get("refused_by")
    refused_by = {"home": home.team_id, "away": away.team_id}.get(refused) if refused else None
    touchdowns = match_touchdowns(match)
    return rules.MatchResult(
        team_a=home.team_id,
        team_b=away.team_id,
        score_a=home.score or 0,
        score_b=away.score or 0,
        td_a=touchdowns["home"],
        td_b=touchdowns["away"],
        week=match.tournament_week or 0,
        refused_by=refused_by,
    )


def _matches(tournament: Tournament, rounds: Iterable[str]) -> list[Match]:
    wanted = set(rounds)
    return [m for m in tournament.matches.all() if m.tournament_round in wanted and m.state != Game.State.VOIDED]


def playoff_meetings(tournament: Tournament) -> list[rules.MatchResult]:
    """Every play-off match arranged or played (not void): no opponent twice counts them all."""
    return [match_result(m) for m in _matches(tournament, [rules.PLAYOFF])]


def playoff_results(tournament: Tournament) -> list[rules.MatchResult]:
    """The confirmed play-off results: the ones that score play-off points."""
    return [match_result(m) for m in _matches(tournament, [rules.PLAYOFF]) if m.state == Game.State.CONFIRMED]


def semi_final_results(tournament: Tournament) -> list[rules.MatchResult]:
    return [match_result(m) for m in _matches(tournament, [rules.SEMI_FINAL]) if m.state == Game.State.CONFIRMED]


def final_match(tournament: Tournament) -> Match | None:
    return next(iter(_matches(tournament, [rules.FINAL])), None)


def draw_points(tournament: Tournament) -> int | None:
    """The house value for a drawn play-off match (None while unset)."""
    return league_house(tournament.league).get(TOURNAMENT_DRAW_POINTS)


@dataclass(frozen=True)
class TableRow:
    """One entered team in the play-off table: its results and what its coach puts forward."""

    entry: Entry
    results: list[dict[str, Any]]  # {"opponent", "opponent_name", "scored", "conceded", "points", "put_forward"}
    put_forward: tuple[int, ...]
    points: int | None  # None while the house value for a draw is missing
    chosen: bool  # the coach chose; otherwise his best three
    problem: str


def _points(result: rules.MatchResult, team: int, draws: int | None) -> int | None:
    try:
        return rules.playoff_points(result, team, draws)
    except RuleViolation:
        return None


def put_forward_of(entry: Entry, results: list[rules.MatchResult], draws: int | None) -> rules.PutForward:
    """The results this entry puts forward: its coach's choice, else his best three (RuleViolation when a
    draw needs the house value)."""
    return rules.put_forward(entry.team_id, results, entry.put_forward, draws)


def playoff_table(tournament: Tournament) -> list[TableRow]:
    """Running a Tournament: each team's confirmed play-off results and the points of those put forward,
    most points first (Team Rating and the stored draw settle ties once qualification is stored)."""
    results = playoff_results(tournament)
    draws = draw_points(tournament)
    names = {e.team_id: e.team.name for e in tournament.entries.all()}
    names.update((s.team_id, s.team.name) for m in tournament.matches.all() for s in m.sides.all())
    rows = []
    for entry in tournament.entries.all():
        team = entry.team_id
        try:
            chosen = put_forward_of(entry, results, draws)
            forward, points, problem = chosen.opponents, chosen.points, ""
        except RuleViolation as missing:
            forward, points, problem = (), None, str(missing)
        lines = []
        for result in results:
            if team not in result.teams:
                continue
            scored, conceded = result.touchdowns(team)
            opponent = result.opponent(team)
            lines.append(
                {
                    "opponent": opponent,
                    "opponent_name": names.get(opponent, "?"),
                    "scored": scored,
                    "conceded": conceded,
                    "points": _points(result, team, draws),
                    "put_forward": opponent in forward,
                    "refused": result.refused_by is not None,
                }
            )
        rows.append(TableRow(entry, lines, forward, points, entry.put_forward is not None, problem))
    order = {t: i for i, t in enumerate((tournament.qualification or {}).get("order", []))}
    rows.sort(key=lambda r: (order.get(r.entry.team_id, len(order)), -(r.points or 0), r.entry.team.name))
    return rows


def knockout_report_problems(match: Match, report: MatchReport) -> list[Violation]:
    """Running a Tournament: a semi-final, the final and the match for 3rd place need a winner (for the
    match report's check; a play-off or league match has nothing more to check)."""
    if match.tournament_id is None or match.tournament_round == rules.PLAYOFF:
        return []
    tournament = tournament_get(match.tournament_id)
    sides = {s.home: s.team_id for s in match.sides.all()}
    scores = (report.home.score, report.away.score)
    if not all(isinstance(score, int) for score in scores):
        return []  # the report's own check names the score
    # The winner is the score's; the touchdowns do not matter here.
    result = rules.MatchResult(sides[True], sides[False], *scores, td_a=0, td_b=0, week=match.tournament_week or 0)
    try:
        rules.check_knockout_match(result, [tuple(p) for p in tournament.semi_finals or []], semi_final_results(tournament))
    except RuleViolation as refused:
        paths = {"score_a": "home.score", "score_b": "away.score"}
        return [Violation(v.code, paths.get(v.path, "match"), v.message) for v in refused.violations]
    return []


@dataclass(frozen=True)
class TournamentView:
    """A tournament as its page and its API detail show it."""

    tournament: Tournament
    kind: rules.TournamentKind
    table: list[TableRow]
    matches: list[Match]
    challenges: list[WrittenChallenge]
    names: dict[int, str]  # team id -> name, for the draw and the prizes

    @property
    def semi_finals(self) -> list[dict[str, Any]]:
        return [
            {"home": a, "home_name": self.names.get(a, "?"), "away": b, "away_name": self.names.get(b, "?")}
            for a, b in self.tournament.semi_finals or []
        ]

    @property
    def prizes(self) -> list[dict[str, Any]]:
        """What the final gave each team, as lines to show (empty until the prizes are applied)."""
        given = self.tournament.prizes or {}
        lines = [
            {"team": c["team"], "what": f"{c['amount']:,} gold pieces", "reason": c["reason"]} for c in given.get("cash", [])
        ]
        lines += [
            {"team": g["team"], "what": f"Fan Factor +{g['amount']} (d6 {g['roll']})", "reason": g["reason"]}
            for g in given.get("fan_factor", [])
        ]
        winner = given.get("winner")
        if given.get("trophy"):
            lines.append({"team": winner, "what": "Trophy (a Trophy Re-roll every match while held)", "reason": self.kind.name})
        if given.get("wizard_contract"):
            lines.append(
                {
                    "team": winner,
                    "what": f"Wizard contract at {given['wizard_contract']:,} gold pieces",
                    "reason": "Until the start of the next Dungeonbowl",
                }
            )
        if chaos := given.get("chaos_cup"):
            lines.append(
                {
                    "team": winner,
                    "what": f"Chaos Cup winnings d6 {chaos['roll']} {chaos['modifier']:+d}",
                    "reason": "Chaos Cup Winnings Table",
                }
            )
        medals: dict[int, int] = {}
        for medal in given.get("medals", []):
            medals[medal["team"]] = medals.get(medal["team"], 0) + 1
        lines += [
            {"team": team, "what": f"{count} Blood Bowl Player's Medals (5 SPP each)", "reason": "Blood Bowl final"}
            for team, count in medals.items()
        ]
        return [dict(line, team_name=self.names.get(line["team"], "?")) for line in lines]


def tournament_view(tournament: Tournament) -> TournamentView:
    names = {e.team_id: e.team.name for e in tournament.entries.all()}
    names.update((s.team_id, s.team.name) for m in tournament.matches.all() for s in m.sides.all())
    return TournamentView(
        tournament,
        tournament_kind(tournament),
        playoff_table(tournament),
        list(tournament.matches.all()),
        list(tournament.challenges.all()),
        names,
    )


# --- trophies and their effects ---------------------------------------------------------------------------------------


def trophies_held(team_ids: Iterable[int]) -> QuerySet[Trophy]:
    return Trophy.objects.filter(team_id__in=list(team_ids), until__isnull=True).select_related("tournament")


def _engine_trophy(trophy: Trophy) -> rules.Trophy:
    return rules.Trophy(
        trophy.team_id, trophy.kind, trophy.trophy_rerolls, trophy.extra_random_events, trophy.sponsorship_per_match
    )


def trophy_effects_by_team(team_ids: Iterable[int]) -> dict[int, rules.TrophyEffects]:
    """The Glittering Prizes: what the trophies each team holds give it in a match (one query)."""
    ids = list(team_ids)
    held: dict[int, list[rules.Trophy]] = {t: [] for t in ids}
    for trophy in trophies_held(ids):
        held[trophy.team_id].append(_engine_trophy(trophy))
    return {team: rules.trophy_effects(trophies) for team, trophies in held.items()}


def match_trophy_effects(match: Match) -> dict[int, rules.TrophyEffects]:
    """For the match's pre-match info: each side's Trophy Re-rolls, extra Random Events and sponsorship."""
    return trophy_effects_by_team(s.team_id for s in match.sides.all())


def prematch_trophies(match: Match) -> dict[str, dict[str, int]]:
    """What the trophies give each team at kick-off, as stored with the pre-match event (teams with none left out)."""
    return {
        str(team): {
            "trophy_rerolls": e.trophy_rerolls,
            "extra_random_events": e.extra_random_events,
            "sponsorship": e.sponsorship,
        }
        for team, e in match_trophy_effects(match).items()
        if e.trophy_rerolls or e.extra_random_events or e.sponsorship
    }


def sponsorship_of(team: Team) -> int:
    """The Blood Bowl: the Bloodweiser gold pieces added to this team's winnings while it holds the trophy."""
    return trophy_effects_by_team([team.pk])[team.pk].sponsorship


def wizard_contract_of(team: Team) -> WizardContract | None:
    """The Dungeonbowl wizard contract the team holds now, if any."""
    return WizardContract.objects.filter(team=team, until__isnull=True).select_related("tournament").first()


@dataclass(frozen=True)
class Honours:
    """A team's tournament honours, for the team page and the match's pre-match info."""

    trophies: list[Trophy]
    effects: rules.TrophyEffects
    wizard_contract: WizardContract | None


def team_honours(team: Team) -> Honours:
    trophies = list(trophies_held([team.pk]))
    effects = rules.trophy_effects(_engine_trophy(t) for t in trophies)
    return Honours(trophies, effects, wizard_contract_of(team))


def league_open_tournament(league: League, kind: str) -> Tournament | None:
    """A running tournament of this kind in the league (a Major runs once at a time)."""
    return Tournament.objects.filter(Q(league=league, kind=kind, status=Tournament.Status.RUNNING)).first()
