"""The report of a match as its page sums it up, read-only: the score, each side's casualties and MVP, the Star
Player Points each player earns by it (the engine's Star Player Points table), the injuries, and who reported it.
The coach who confirms reads it at the top of the page; correcting it is the report form's, further down."""

from __future__ import annotations

from dataclasses import dataclass

from bloodbowl.models import Match, MatchSide, Player
from engine.bloodbowl import postmatch
from engine.bloodbowl.report import EVENTS, SIDES, Injury, report_from_data
from games.models import Game, GameEvent
from pitside.names import key_name


@dataclass(frozen=True)
class PlayerLine:
    """A player the report credits: each event he is credited with, as the Star Player Points table abbreviates and
    names it (("TD", "Touchdowns", 2)), and the Star Player Points they earn."""

    player: Player | None  # None for a player no longer on the league's books
    events: list[tuple[str, str, int]]
    mvp: bool
    spp: int


@dataclass(frozen=True)
class InjuryLine:
    player: Player | None
    effects: list[str]  # as the report form's labels read: "1 niggling", "MA -1", "dead", "misses next match"


@dataclass(frozen=True)
class SideSummary:
    side: MatchSide
    score: int
    casualties: int
    mvp: Player | None
    players: list[PlayerLine]  # the MVP's line among them
    injuries: list[InjuryLine]


@dataclass(frozen=True)
class ReportSummary:
    sides: list[SideSummary]  # home first
    refused: bool  # a refused challenge: a 9-0 that earns no Star Player Points
    reported_by: str  # the username of who reported it last ("" when nobody did: a refusal recorded)


SUMMED_UP = (Game.State.SUBMITTED, Game.State.DISPUTED, Game.State.CONFIRMED)


def report_summary(match: Match) -> ReportSummary | None:
    """The match's report summed up (match_get's match: its sides and history loaded), or None while there is none to
    read (not reported yet, or void). One query: the players it names."""
    if match.report is None or match.state not in SUMMED_UP:
        return None
    report = report_from_data(match.report)
    named = {line.player for side in SIDES for line in report.side(side).players}
    named |= {injury.player for side in SIDES for injury in report.side(side).injuries}
    named |= {report.side(side).mvp for side in SIDES}
    players = Player.objects.in_bulk([pk for pk in named if isinstance(pk, int)])
    sides = {"home" if side.home else "away": side for side in match.sides.all()}
    summaries = []
    for name in SIDES:
        side = report.side(name)
        spp = {} if report.awards_nothing else postmatch.report_spp(side)
        credited = [
            (line.player, [(EVENTS[e].upper(), key_name(e), getattr(line, e)) for e in EVENTS if getattr(line, e)])
            for line in side.players
        ]
        credited += [(side.mvp, [])] if side.mvp is not None and side.mvp not in {pk for pk, _ in credited} else []
        lines = [PlayerLine(players.get(pk), events, pk == side.mvp, spp.get(pk, 0)) for pk, events in credited]
        summaries.append(
            SideSummary(
                side=sides[name],
                score=int(side.score),
                casualties=int(side.casualties),
                mvp=players.get(side.mvp) if side.mvp is not None else None,
                players=sorted(lines, key=lambda line: (-line.spp, line.player.number if line.player else 0)),
                injuries=[InjuryLine(players.get(injury.player), _effects(injury)) for injury in side.injuries],
            )
        )
    reporters = [event.user.username for event in match.events.all() if event.action == GameEvent.Action.SUBMITTED and event.user]
    return ReportSummary(summaries, report.refused_by is not None, reporters[-1] if reporters else "")


def _effects(injury: Injury) -> list[str]:
    effects = [f"{injury.niggling} niggling"] if injury.niggling else []
    effects += [f"{lost.upper()} -1" for lost in injury.characteristics_lost]
    effects += ["dead"] if injury.dead else []
    return effects + (["misses next match"] if injury.miss_next_match else [])
