"""Blood Bowl tournaments: the four Majors and minor tournaments (Death Zone league rules: Tournaments,
Running a Tournament, Challenges, The Glittering Prizes, The Spike! Magazine Trophy, The Dungeonbowl,
The Chaos Cup, The Blood Bowl, Other Tournaments; the tournament lines of the Pre-Match gate and the
Post-Match Fan Factor table).

Facts in, facts or violations out: teams, coaches and players are ids, a match is a `MatchResult`.
Dice come from an injected `random.Random`; every roll and draw is returned so it can be stored.
"""

from __future__ import annotations

import functools
import random
import tomllib
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from itertools import groupby
from typing import Any, Literal

from engine.bloodbowl.house import FIELDS, TOURNAMENT_DRAW_POINTS
from engine.core.money import MAX_CREDITS, format_credits
from engine.core.ruleset import house_value_required
from engine.core.violations import RuleViolation, Violation, raise_if_any

GP = "gp"
MINOR = "minor"
DRAW_POINTS = TOURNAMENT_DRAW_POINTS  # the house value for a drawn play-off match

Stage = Literal["play-off", "semi-final", "final", "third-place"]
PLAYOFF: Stage = "play-off"
SEMI_FINAL: Stage = "semi-final"
FINAL: Stage = "final"
THIRD_PLACE: Stage = "third-place"

Response = Literal["accept", "refuse", "substitute"]
ACCEPT: Response = "accept"
REFUSE: Response = "refuse"
SUBSTITUTE: Response = "substitute"


@functools.cache
def _data() -> dict[str, Any]:
    text = resources.files("engine.bloodbowl").joinpath("data", "tournaments.toml").read_text("utf-8")
    return tomllib.loads(text)


def _schedule(key: str) -> int:
    return int(_data()["schedule"][key])


# --- Tournament kinds: the four Majors and minor tournaments ---------------------------------------------------------------


@dataclass(frozen=True)
class ChaosCupRow:
    rolls: tuple[int, ...]
    winners: int
    runners_up: int


@dataclass(frozen=True)
class ChaosCupModifier:
    tag: str  # the race tag the caller gives for the winners (races are league data)
    label: str
    races: tuple[str, ...]  # the races the rulebook names, for tagging a league's races
    modifier: int


@dataclass(frozen=True)
class TournamentKind:
    """A tournament's prizes and effects. The printed values for a Major; for a minor tournament,
    the commissioner's prizes and nothing else."""

    slug: str
    name: str
    major: bool
    winner_prize: int | None  # None for the Chaos Cup: rolled on its Winnings Table
    runner_up_prize: int | None
    season: str | None = None
    winner_fan_factor_dice: int = 0  # Spike!: d6 added to the winners' Fan Factor, permanently
    wizard_contract_cost: int | None = None  # Dungeonbowl
    extra_random_events: int = 0  # Chaos Cup, per game while held
    sponsorship_per_match: int = 0  # Blood Bowl, per match played while held
    finalist_medal_spp: int = 0  # Blood Bowl Player's Medal

    @property
    def trophy_reroll(self) -> bool:
        """Other Tournaments, NOTE: Trophy Re-rolls come only with Major Tournament trophies."""
        return self.major


@functools.cache
def majors() -> Mapping[str, TournamentKind]:
    """Tournaments: the Chaos Cup, the Dungeonbowl, the Spike! Magazine Trophy and the Blood Bowl."""
    kinds = {}
    for slug, row in _data()["majors"].items():
        kinds[slug] = TournamentKind(
            slug=slug,
            name=row["name"],
            major=True,
            winner_prize=row.get("winner_prize"),
            runner_up_prize=row.get("runner_up_prize"),
            season=row["season"],
            winner_fan_factor_dice=row.get("winner_fan_factor_dice", 0),
            wizard_contract_cost=row.get("wizard_contract_cost"),
            extra_random_events=row.get("extra_random_events", 0),
            sponsorship_per_match=row.get("sponsorship_per_match", 0),
            finalist_medal_spp=row.get("finalist_medal_spp", 0),
        )
    return kinds


@functools.cache
def chaos_cup_table() -> tuple[ChaosCupRow, ...]:
    """The Chaos Cup Winnings Table: how the 350,000 gold pieces are shared."""
    rows = _data()["majors"]["chaos-cup"]["winnings"]
    return tuple(ChaosCupRow(tuple(r["rolls"]), r["winners"], r["runners_up"]) for r in rows)


@functools.cache
def chaos_cup_modifiers() -> tuple[ChaosCupModifier, ...]:
    """The Chaos Cup, Modifiers: +1 for Chaos or Chaos Dwarf winners, -1 for Dwarf, High Elf or Wood Elf winners."""
    rows = _data()["majors"]["chaos-cup"]["modifiers"]
    return tuple(ChaosCupModifier(m["tag"], m["label"], tuple(m["races"]), m["modifier"]) for m in rows)


def minor_tournament(name: str, winner_prize: int, runner_up_prize: int) -> TournamentKind:
    """Other Tournaments: the commissioner sets the prizes, together at most 150,000 gold pieces; no Trophy Re-roll."""
    cap = int(_data()["minor"]["prize_cap"])
    problems = [
        Violation("minor-prize", path, "A prize is a whole number of gold pieces, at least 0.")
        for path, prize in (("winner_prize", winner_prize), ("runner_up_prize", runner_up_prize))
        if not isinstance(prize, int) or isinstance(prize, bool) or not 0 <= prize <= MAX_CREDITS
    ]
    raise_if_any(problems)
    if winner_prize + runner_up_prize > cap:
        total = format_credits(winner_prize + runner_up_prize, GP)
        raise_if_any(
            [
                Violation(
                    "minor-prize-cap",
                    "runner_up_prize",
                    f"A minor tournament's prizes for winner and runner-up together may not exceed "
                    f"{format_credits(cap, GP)} ({total} given).",
                )
            ]
        )
    return TournamentKind(slug=MINOR, name=name, major=False, winner_prize=winner_prize, runner_up_prize=runner_up_prize)


# --- Entries --------------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    team: int
    coach: int


def check_entry(entered: Iterable[Entry], entry: Entry) -> None:
    """Running a Tournament, NOTE: a coach running more than one team may enter only one of them."""
    for other in entered:
        if other.team == entry.team:
            raise_if_any([Violation("entry-twice", "team", "This team is already entered in the tournament.")])
        if other.coach == entry.coach:
            raise_if_any(
                [Violation("entry-coach", "team", "This coach already has a team in the tournament: one team per coach.")]
            )


# --- Matches and the play-offs ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MatchResult:
    """One tournament match: its score (touchdowns and field goals) decides who won, its touchdowns
    count for play-off points. `refused_by` names the team that refused a written challenge: the
    result then stands as a 9-0 win for the other team."""

    team_a: int
    team_b: int
    score_a: int
    score_b: int
    td_a: int
    td_b: int
    week: int
    refused_by: int | None = None

    @property
    def teams(self) -> frozenset[int]:
        return frozenset((self.team_a, self.team_b))

    @property
    def winner(self) -> int | None:
        if self.score_a == self.score_b:
            return None
        return self.team_a if self.score_a > self.score_b else self.team_b

    @property
    def loser(self) -> int | None:
        winner = self.winner
        return None if winner is None else self.opponent(winner)

    @property
    def gives_rewards(self) -> bool:
        """Challenges, Refuse: no Star Player Points, cash or Fan Factor are gained or lost for a refused match."""
        return self.refused_by is None

    def opponent(self, team: int) -> int:
        return self.team_b if team == self.team_a else self.team_a

    def score(self, team: int) -> tuple[int, int]:
        """(for, against) `team`."""
        return (self.score_a, self.score_b) if team == self.team_a else (self.score_b, self.score_a)

    def touchdowns(self, team: int) -> tuple[int, int]:
        """(scored, conceded) by `team`."""
        return (self.td_a, self.td_b) if team == self.team_a else (self.td_b, self.td_a)


def arranged(team_a: int, team_b: int, week: int) -> MatchResult:
    """A match arranged and not played yet: 0-0."""
    return MatchResult(team_a, team_b, 0, 0, 0, 0, week)


def _played(played: Iterable[MatchResult], team: int, other: int) -> bool:
    return any(m.teams == {team, other} for m in played)


def _in_playoffs(week: int) -> bool:
    return week in playoff_weeks()


def playoff_weeks() -> range:
    """Running a Tournament: the play-offs are weeks 1 to 3."""
    return range(1, _schedule("playoff_weeks") + 1)


def semi_final_week() -> int:
    """Running a Tournament: the semi-finals are played in week 4."""
    return _schedule("semi_final_week")


def final_week() -> int:
    """Running a Tournament: the final (and the match for 3rd place) is played in week 5, the last."""
    return _schedule("final_week")


def _score_problems(match: MatchResult) -> list[Violation]:
    return [
        Violation("match-score", path, "A score and touchdowns are whole numbers, at least 0.")
        for path, value in (("score_a", match.score_a), ("score_b", match.score_b), ("td_a", match.td_a), ("td_b", match.td_b))
        if value < 0
    ]


def check_playoff_match(entrants: Collection[int], played: Iterable[MatchResult], match: MatchResult) -> None:
    """Running a Tournament: in weeks 1-3 any two entered teams may play, but never the same opponent twice."""
    problems = _score_problems(match)
    if match.team_a == match.team_b:
        problems.append(Violation("match-teams", "team_b", "A team cannot play itself."))
    problems += [
        Violation("playoff-entrant", path, "Only teams entered in the tournament play in its play-offs.")
        for path, team in (("team_a", match.team_a), ("team_b", match.team_b))
        if team not in entrants
    ]
    if not _in_playoffs(match.week):
        problems.append(Violation("playoff-week", "week", f"The play-offs are weeks 1 to {_schedule('playoff_weeks')}."))
    if _played(played, match.team_a, match.team_b):
        problems.append(Violation("playoff-rematch", "team_b", "These teams have already played each other in the play-offs."))
    if match.refused_by is not None:
        winner = match.opponent(match.refused_by)
        nine_nil = (_refusal_score(), 0)
        if match.refused_by not in match.teams or nine_nil != match.score(winner) or nine_nil != match.touchdowns(winner):
            problems.append(
                Violation("refusal-score", "refused_by", "A refused challenge stands as a 9-0 win for the other team.")
            )
    raise_if_any(problems)


def _refusal_score() -> int:
    return int(_data()["points"]["refusal_score"])


def refusal(winner: int, refused_by: int, week: int) -> MatchResult:
    """Challenges, Refuse: the refusal counts as a 9-0 win for the other team, with no SPP, cash or Fan Factor."""
    score = _refusal_score()
    return MatchResult(winner, refused_by, score, 0, score, 0, week, refused_by=refused_by)


# --- Written challenges ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Challenge:
    challenger: int
    challenged: int
    week: int


@dataclass(frozen=True)
class ChallengeOutcome:
    """What a response leads to. "play": the challenger and `opponent` play the match as normal;
    "refused": `result` is the 9-0 to record; "substitute": the challenger must now accept or
    refuse `opponent` (see `answer_substitute`)."""

    status: Literal["play", "refused", "substitute"]
    challenger: int
    opponent: int
    result: MatchResult | None = None


def check_challenge(
    entrants: Collection[int], played: Iterable[MatchResult], issued: Iterable[Challenge], challenge: Challenge
) -> None:
    """Challenges: one written challenge per coach per play-off week, to an entered team he has not played."""
    problems: list[Violation] = []
    if not _in_playoffs(challenge.week):
        problems.append(
            Violation(
                "challenge-week", "week", f"Written challenges belong to the play-offs, weeks 1 to {_schedule('playoff_weeks')}."
            )
        )
    if challenge.challenger == challenge.challenged:
        problems.append(Violation("challenge-self", "challenged", "A coach cannot challenge his own team."))
    problems += [
        Violation("challenge-entrant", path, "Only teams entered in the tournament make or receive written challenges.")
        for path, team in (("challenger", challenge.challenger), ("challenged", challenge.challenged))
        if team not in entrants
    ]
    made = sum(1 for c in issued if c.challenger == challenge.challenger and c.week == challenge.week)
    if made >= _schedule("written_challenges_per_week"):
        problems.append(
            Violation("challenge-weekly", "challenger", "A coach may make only one written challenge per week of the play-offs.")
        )
    if _played(played, challenge.challenger, challenge.challenged):
        problems.append(Violation("challenge-rematch", "challenged", "These teams have already played each other."))
    raise_if_any(problems)


def _accept_or_refuse(challenger: int, opponent: int, response: str, refusing: int, week: int) -> ChallengeOutcome:
    if response == ACCEPT:
        return ChallengeOutcome("play", challenger, opponent)
    if response == REFUSE:
        conceded_to = opponent if refusing == challenger else challenger
        return ChallengeOutcome("refused", challenger, opponent, refusal(conceded_to, refusing, week))
    raise RuleViolation([Violation("challenge-response", "response", "Answer with accept or refuse.")])


def answer_challenge(
    challenge: Challenge,
    response: str,
    *,
    entrants: Collection[int],
    played: Iterable[MatchResult],
    substitute: int | None = None,
) -> ChallengeOutcome:
    """Challenges: the challenged coach accepts, refuses (a 9-0 win for the challenger) or finds a substitute."""
    if response not in (ACCEPT, REFUSE, SUBSTITUTE):
        raise RuleViolation([Violation("challenge-response", "response", "Answer with accept, refuse or substitute.")])
    if response != SUBSTITUTE:
        if substitute is not None:
            raise_if_any([Violation("challenge-substitute", "substitute", "Name a substitute only when finding one.")])
        return _accept_or_refuse(challenge.challenger, challenge.challenged, response, challenge.challenged, challenge.week)
    if substitute is None:
        raise RuleViolation([Violation("challenge-substitute", "substitute", "Name the substitute team.")])
    problems: list[Violation] = []
    if substitute in (challenge.challenger, challenge.challenged):
        problems.append(Violation("challenge-substitute", "substitute", "The substitute is a third team in the tournament."))
    elif substitute not in entrants:
        problems.append(Violation("substitute-entrant", "substitute", "The substitute must be taking part in the tournament."))
    elif _played(played, substitute, challenge.challenger):
        problems.append(
            Violation("substitute-rematch", "substitute", "The substitute's team must not have played the challenger so far.")
        )
    raise_if_any(problems)
    return ChallengeOutcome("substitute", challenge.challenger, substitute)


def answer_substitute(challenge: Challenge, substitute: int, response: str) -> ChallengeOutcome:
    """Challenges, Find a substitute: the challenger accepts or refuses the substitute "as detailed above";
    refusing him counts as a 9-0 win for the substitute (the refusing side concedes, as in Refuse)."""
    return _accept_or_refuse(challenge.challenger, substitute, response, challenge.challenger, challenge.week)


# --- Play-off points and qualification ----------------------------------------------------------------------------------


def playoff_points(match: MatchResult, team: int, draw_points: int | None = None) -> int:
    """Running a Tournament: 15 points for a win, 5 for a loss (by the score), plus touchdowns scored, minus
    touchdowns conceded (field goals are not touchdowns). A draw is not in the rulebook: its points are the
    house value `tournament.draw_points`."""
    scored, conceded = match.touchdowns(team)
    if match.winner is None:
        if draw_points is None:
            raise RuleViolation([house_value_required(FIELDS[DRAW_POINTS])])
        base = draw_points
    else:
        base = int(_data()["points"]["win" if match.winner == team else "loss"])
    return base + scored - conceded


def check_draw_points(value: object) -> list[Violation]:
    """The house value for a drawn play-off match: a whole number of points, at least 0."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return []
    return [Violation("house-value-invalid", DRAW_POINTS, "Play-off points for a drawn match: a whole number, at least 0.")]


@dataclass(frozen=True)
class PutForward:
    """The results a coach puts forward, each named by its opponent (no opponent is played twice)."""

    team: int
    opponents: tuple[int, ...]
    points: int


def put_forward(
    team: int, results: Iterable[MatchResult], chosen: Sequence[int] | None = None, draw_points: int | None = None
) -> PutForward:
    """Running a Tournament: each coach puts forward at most three results, his choice; by default his
    three best, leaving out any worth less than nothing (putting forward fewer is allowed)."""
    own = {m.opponent(team): m for m in results if team in m.teams and _in_playoffs(m.week)}
    most = _schedule("results_put_forward")
    if chosen is None:
        scored = sorted(((playoff_points(m, team, draw_points), o) for o, m in own.items()), key=lambda p: (-p[0], p[1]))
        picks = [(points, o) for points, o in scored if points >= 0][:most]
        return PutForward(team, tuple(o for _, o in picks), sum(points for points, _ in picks))
    problems: list[Violation] = []
    if len(chosen) > most:
        problems.append(Violation("put-forward-count", "chosen", f"A coach puts forward at most {most} results."))
    if len(set(chosen)) != len(chosen):
        problems.append(Violation("put-forward-twice", "chosen", "Put each result forward once."))
    if any(o not in own for o in chosen):
        problems.append(Violation("put-forward-unknown", "chosen", "Only this team's own play-off results can be put forward."))
    raise_if_any(problems)
    return PutForward(team, tuple(chosen), sum(playoff_points(own[o], team, draw_points) for o in chosen))


@dataclass(frozen=True)
class Qualification:
    """The play-off table (teams that put forward at least one result), its top four, and the random
    numbers drawn for teams still tied on points and Team Rating (lower goes first), to store with it."""

    table: tuple[PutForward, ...]
    semi_finalists: tuple[int, ...]
    draws: Mapping[int, float]


def qualify(entries: Iterable[PutForward], team_ratings: Mapping[int, int], rng: random.Random) -> Qualification:
    """Running a Tournament: the four teams with the most points go through; ties go to the higher Team
    Rating, and (rulebook silent) a tie that remains is settled by a recorded random draw."""
    ranked = sorted((e for e in entries if e.opponents), key=lambda e: (-e.points, -team_ratings[e.team], e.team))
    draws: dict[int, float] = {}
    for _, tied in groupby(ranked, key=lambda e: (e.points, team_ratings[e.team])):
        group = list(tied)
        if len(group) > 1:
            draws.update((e.team, rng.random()) for e in group)
    ranked.sort(key=lambda e: (-e.points, -team_ratings[e.team], draws.get(e.team, 0.0)))
    size = _schedule("semi_finalists")
    if len(ranked) < size:
        raise_if_any(
            [Violation("too-few-qualifiers", "entries", f"The semi-finals need {size} teams that put forward a play-off result.")]
        )
    return Qualification(tuple(ranked), tuple(e.team for e in ranked[:size]), draws)


# --- Semi-finals, final and the match for 3rd and 4th place ------------------------------------------------------------------


def draw_semi_finals(semi_finalists: Collection[int], rng: random.Random) -> tuple[tuple[int, int], tuple[int, int]]:
    """Running a Tournament: the four semi-finalists are matched into two pairs by random draw.

    The hat is filled in id order, so the same teams and seed always give the same draw."""
    hat = sorted(set(semi_finalists))
    if len(hat) != _schedule("semi_finalists") or len(hat) != len(semi_finalists):
        raise_if_any([Violation("semi-final-teams", "semi_finalists", "The semi-final draw needs four different teams.")])
    rng.shuffle(hat)
    return (hat[0], hat[1]), (hat[2], hat[3])


def stage_of(week: int, teams: Collection[int], semi_final_results: Sequence[MatchResult] = ()) -> Stage:
    """Running a Tournament: weeks 1-3 are the play-offs, week 4 the semi-finals, week 5 the final (the
    semi-final winners) and the optional match for 3rd and 4th place (the semi-final losers)."""
    if _in_playoffs(week):
        return PLAYOFF
    if week == _schedule("semi_final_week"):
        return SEMI_FINAL
    if week != _schedule("final_week"):
        raise_if_any([Violation("tournament-week", "week", f"A tournament lasts {_schedule('final_week')} weeks.")])
    if len(semi_final_results) != 2 or any(m.winner is None for m in semi_final_results):
        raise_if_any([Violation("semi-finals-unfinished", "week", "Both semi-finals need a result before week 5.")])
    if set(teams) == {m.winner for m in semi_final_results}:
        return FINAL
    if set(teams) == {m.loser for m in semi_final_results}:
        return THIRD_PLACE
    raise RuleViolation(
        [
            Violation(
                "knockout-teams", "team_b", "In week 5 the semi-final winners play the final; the losers may play for 3rd place."
            )
        ]
    )


def check_knockout_match(
    match: MatchResult, semi_finals: Sequence[tuple[int, int]], semi_final_results: Sequence[MatchResult] = ()
) -> Stage:
    """Running a Tournament: a semi-final pairs two teams of the draw in week 4; the final and the match for
    3rd place follow in week 5. A knockout match is played, not refused, and needs a winner. Returns its stage."""
    stage = stage_of(match.week, match.teams, semi_final_results)
    problems = _score_problems(match)
    if stage == PLAYOFF:
        problems.append(Violation("knockout-week", "week", "Weeks 1 to 3 are the play-offs."))
    if stage == SEMI_FINAL and match.teams not in {frozenset(pair) for pair in semi_finals}:
        problems.append(Violation("knockout-teams", "team_b", "A semi-final is played by a pair of the semi-final draw."))
    if match.refused_by is not None:
        problems.append(Violation("knockout-refused", "refused_by", "Written challenges belong to the play-offs."))
    if match.winner is None:
        what = "match for 3rd place" if stage == THIRD_PLACE else stage
        problems.append(Violation("knockout-draw", "score_b", f"A {what} cannot end in a draw: it needs a winner."))
    raise_if_any(problems)
    return stage


def _stage_modifier(stage: Stage, key: str) -> int:
    return int(_data()["stages"].get(stage, {}).get(key, 0))


def gate_modifier_per_die(stage: Stage) -> int:
    """Pre-Match Sequence, the gate: +1 per die in a tournament semi-final, +2 per die in the final."""
    return _stage_modifier(stage, "gate_per_die")


def fan_factor_modifier(stage: Stage) -> int:
    """Post-Match Sequence, 4. Fan Factor: +1 in a tournament semi-final, +2 in the final."""
    return _stage_modifier(stage, "fan_factor")


# --- The Glittering Prizes ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CashPrize:
    team: int
    amount: int
    reason: str


@dataclass(frozen=True)
class FanFactorGain:
    """A permanent Fan Factor increase; `roll` is the die rolled for it, if any."""

    team: int
    amount: int
    reason: str
    roll: int | None = None


@dataclass(frozen=True)
class Trophy:
    """A Major's trophy, held until the next tournament of its kind starts. While held: one Trophy
    Re-roll per match (used like an Extra Training card), plus the Chaos Cup's extra Random Event and
    the Blood Bowl's Bloodweiser sponsorship for every match the team plays."""

    team: int
    tournament: str
    trophy_rerolls: int
    extra_random_events: int
    sponsorship_per_match: int


@dataclass(frozen=True)
class WizardContract:
    """The Dungeonbowl: the winners may hire a Wizard before a game at `cost`, until the start of the
    next Dungeonbowl, even if their race may not normally have a Wizard."""

    team: int
    cost: int


@dataclass(frozen=True)
class MedalAward:
    """The Blood Bowl Player's Medal: an MVP award for a player who took part in the final, on top of
    the match's normal MVP awards."""

    team: int
    player: int
    spp: int


@dataclass(frozen=True)
class ChaosCupRoll:
    roll: int
    modifier: int
    row: ChaosCupRow  # the modified roll, kept within the table (below 1 reads 1-2, above 6 reads 5-6)


@dataclass(frozen=True)
class Prizes:
    winner: int
    runner_up: int
    cash: tuple[CashPrize, ...]
    trophy: Trophy | None
    fan_factor: tuple[FanFactorGain, ...] = ()
    wizard_contract: WizardContract | None = None
    medals: tuple[MedalAward, ...] = ()
    chaos_cup_roll: ChaosCupRoll | None = None


def chaos_cup_winnings(roll: int, winner_race_tags: Collection[str]) -> ChaosCupRoll:
    """The Chaos Cup Winnings Table: d6 with the winners' race modifiers; a roll off the table reads its nearest row."""
    modifier = sum(m.modifier for m in chaos_cup_modifiers() if m.tag in winner_race_tags)
    table = chaos_cup_table()
    lowest, highest = table[0].rolls[0], table[-1].rolls[-1]
    modified = min(max(roll + modifier, lowest), highest)
    return ChaosCupRoll(roll, modifier, next(row for row in table if modified in row.rolls))


def final_prizes(
    kind: TournamentKind,
    final: MatchResult,
    rng: random.Random,
    *,
    winner_race_tags: Collection[str] = (),
    final_players: Mapping[int, Collection[int]] | None = None,
) -> Prizes:
    """The Glittering Prizes: cash for winner and runner-up, a Major's trophy, and each Major's own prize
    (Spike!: d6 Fan Factor; Dungeonbowl: wizard contract; Chaos Cup: rolled winnings; Blood Bowl: medals).

    `winner_race_tags`: the Chaos Cup modifier tags of the winners' race; `final_players`: for the Blood
    Bowl, the players of each finalist who took part in the final."""
    winner, runner_up = final.winner, final.loser
    if winner is None or runner_up is None:
        raise RuleViolation([Violation("knockout-draw", "score_b", "The final needs a winner before prizes are given.")])
    chaos_cup = None
    if kind.winner_prize is None:
        chaos_cup = chaos_cup_winnings(rng.randint(1, 6), winner_race_tags)
        prizes = (chaos_cup.row.winners, chaos_cup.row.runners_up)
    else:
        assert kind.runner_up_prize is not None
        prizes = (kind.winner_prize, kind.runner_up_prize)
    cash = tuple(
        CashPrize(team, amount, f"{kind.name}: {place}")
        for team, amount, place in ((winner, prizes[0], "winners"), (runner_up, prizes[1], "runners-up"))
        if amount
    )
    fan_factor = tuple(
        FanFactorGain(winner, roll, f"{kind.name}: coverage in Spike! Magazine", roll)
        for roll in (rng.randint(1, 6) for _ in range(kind.winner_fan_factor_dice))
    )
    trophy = None
    if kind.major:
        trophy = Trophy(winner, kind.slug, 1, kind.extra_random_events, kind.sponsorship_per_match)
    wizard = WizardContract(winner, kind.wizard_contract_cost) if kind.wizard_contract_cost is not None else None
    medals: tuple[MedalAward, ...] = ()
    if kind.finalist_medal_spp:
        players = final_players or {}
        missing = [team for team in (winner, runner_up) if not players.get(team)]
        if missing:
            raise_if_any(
                [Violation("final-players", "final_players", "Name the players of both finalists who took part in the final.")]
            )
        medals = tuple(
            MedalAward(team, player, kind.finalist_medal_spp) for team in (winner, runner_up) for player in sorted(players[team])
        )
    return Prizes(winner, runner_up, cash, trophy, fan_factor, wizard, medals, chaos_cup)


@dataclass(frozen=True)
class TrophyEffects:
    trophy_rerolls: int
    extra_random_events: int
    sponsorship: int  # gold pieces added to the match winnings


def trophy_effects(held: Iterable[Trophy]) -> TrophyEffects:
    """The Glittering Prizes: each trophy held gives one Trophy Re-roll per match; the Chaos Cup an extra
    Random Event per game; the Blood Bowl 20,000 gold pieces for each match played (not a refused one)."""
    trophies = list(held)
    return TrophyEffects(
        sum(t.trophy_rerolls for t in trophies),
        sum(t.extra_random_events for t in trophies),
        sum(t.sponsorship_per_match for t in trophies),
    )


@dataclass(frozen=True)
class PlayerSpp:
    player: int
    team: int
    spp: int


@dataclass(frozen=True)
class PlayerOfTheYear:
    """The award, and the players who were tied on most SPP (one when there was no tie): a tie is
    settled by a random draw among them, stored with the award."""

    player: int
    spp: int
    fan_factor: FanFactorGain
    tied: tuple[int, ...]


def player_of_the_year(players: Iterable[PlayerSpp], rng: random.Random) -> PlayerOfTheYear:
    """The Spike! Magazine Trophy: after the final the organizer may name the league's player with the most
    SPP (any team, in the tournament or not) Player of the Year: +1 to his team's Fan Factor, permanently."""
    everyone = list(players)
    if not everyone:
        raise_if_any([Violation("player-of-the-year", "players", "The league has no players to choose from.")])
    most = max(p.spp for p in everyone)
    tied = sorted((p for p in everyone if p.spp == most), key=lambda p: p.player)
    chosen = tied[0] if len(tied) == 1 else rng.choice(tied)
    gain = int(_data()["majors"]["spike"]["player_of_the_year_fan_factor"])
    reason = "Spike! Magazine Player of the Year"
    return PlayerOfTheYear(chosen.player, most, FanFactorGain(chosen.team, gain, reason), tuple(p.player for p in tied))
