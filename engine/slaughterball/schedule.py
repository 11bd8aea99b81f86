"""Who plays whom: the first week's draw, League Rank, the challenge round and the end of the season
(rulebook: Scheduling Rounds, Games for First Week, Games for Later Weeks, 3- or 2-Team Games,
No-Shows, End of the Season, Teams That Haven't Played 10 Games)."""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

from engine.core.money import format_credits
from engine.core.violations import Violation, raise_if_any
from engine.slaughterball.purchases import STAFF_BUDGET

# Games for First Week: "a full game of four teams"; 3-team games, and a 2-team game only when nothing else fits.
GAME_SIZE = 4
SMALLEST_GAME = 2
# Scheduling Rounds: "In a standard Slaughterball league, each team plays 10 games."
GAMES_PER_TEAM = 10
# End of the Season: "The four highest-ranked teams then participate in one final game, the Slaughterbrawl."
PLAYOFF_SIZE = 4


def game_size_allowed(teams: int) -> bool:
    """3- or 2-Team Games: a game has 2 to 4 teams (the Slaughterbrawl, one game, too)."""
    return SMALLEST_GAME <= teams <= GAME_SIZE


# --- Games for First Week ---------------------------------------------------------------------------------------------


def game_sizes(team_count: int) -> list[int]:
    """Games for First Week: 4-team games; 3-team games only when the count does not divide by
    four; a 2-team game only when nothing else fits (2 or 5 teams). Biggest games first."""
    if team_count < SMALLEST_GAME:
        raise_if_any([Violation("too-few-teams", "teams", "A game needs at least two teams.")])
    # ceil(n / 4) games of 3 or 4 teams: the fewest games, hence the fewest 3-team games (n mod 4
    # of them short by one). Only 5 teams cannot be split that way, and 2 teams make one game.
    games = -(-team_count // GAME_SIZE)
    base, extra = divmod(team_count, games)
    return [base + 1] * extra + [base] * (games - extra)


def draw_games(teams: Collection[int], rng: random.Random) -> list[list[int]]:
    """Games for First Week: put the team names in a hat and draw them out a game at a time.

    The hat is filled in id order, so the same teams and the same seed always give the same draw."""
    hat = sorted(teams)
    rng.shuffle(hat)
    games, start = [], 0
    for size in game_sizes(len(hat)):
        games.append(hat[start : start + size])
        start += size
    return games


# --- League Rank and the challenge order ----------------------------------------------------------------------------


@dataclass(frozen=True)
class RankingEntry:
    team: int
    league_points: int
    team_potential: int
    draw: float  # a recorded random number: the last tie-breaker (lower ranks higher)


def league_rank(entries: Iterable[RankingEntry]) -> list[RankingEntry]:
    """Games for Later Weeks, League Rank: most League Points first; ties by higher Team Potential
    (GAPS.md), then by the recorded random draw.

    The standings SQL ranks the same way, for speed: tests/slaughterball/results/test_standings_agreement.py
    proves the two agree."""
    return sorted(entries, key=lambda e: (-e.league_points, -e.team_potential, e.draw, e.team))


def challenge_order(entries: Iterable[RankingEntry], missed_last_week: Collection[int] = frozenset()) -> list[int]:
    """Games for Later Weeks: coaches challenge in ascending League Rank (a tie in League Points goes
    to the lower Team Potential, then the draw: exactly the League Rank read from the bottom).
    No-Shows: a coach who missed any game of the previous week (its round or a makeup game set since)
    challenges last the next week, whatever his rank."""
    ascending = [e.team for e in reversed(league_rank(entries))]
    missed = set(missed_last_week)
    return [t for t in ascending if t not in missed] + [t for t in ascending if t in missed]


def challenge_size(unscheduled: int) -> int:
    """How many teams the next challenger's game has, himself included: three challenged while
    four or more are free, two when three are left. One or two left steal instead (see `check_steal`)."""
    return GAME_SIZE if unscheduled >= GAME_SIZE else unscheduled


def stealer(leftovers: Iterable[RankingEntry]) -> int:
    """Games for Later Weeks: with two leftover coaches, the one with fewer League Points steals
    (a tie: the lower League Rank, as in the challenge order)."""
    return league_rank(leftovers)[-1].team


# --- The challenge round ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Turn:
    """Whose turn it is in a challenge round and what they do.

    action: "challenge" (name `picks` unchallenged teams), "steal" (name `picks` teams from
    4-team games; 0 when there is none: the two leftovers play each other), "done" (everyone is in
    a game) or "stuck" (one team left and no 4-team game to steal from: the commissioner places it)."""

    action: str
    team: int | None
    picks: int


def _four_team_games(games: Iterable[Sequence[int]]) -> list[Sequence[int]]:
    return [g for g in games if len(g) == GAME_SIZE]


def next_turn(
    order: Sequence[int], entries: Mapping[int, RankingEntry], unscheduled: Collection[int], games: Sequence[Sequence[int]]
) -> Turn:
    """Games for Later Weeks: the first unscheduled coach in the challenge order challenges while
    three or more are free; one or two leftovers steal."""
    free = [t for t in order if t in unscheduled]
    if not free:
        return Turn("done", None, 0)
    if len(free) >= 3:
        return Turn("challenge", free[0], challenge_size(len(free)) - 1)
    picks = min(3 - len(free), len(_four_team_games(games)))
    if len(free) + picks < 2:
        return Turn("stuck", free[0], 0)
    team = stealer(entries[t] for t in free) if len(free) == 2 else free[0]
    return Turn("steal", team, picks)


def check_challenge(
    challenger: int, challenged: Sequence[int], unscheduled: Collection[int], next_challenger: int | None
) -> None:
    """Games for Later Weeks: the coach whose turn it is picks three unchallenged teams (two when
    three are left); they cannot refuse."""
    problems: list[Violation] = []
    if challenger != next_challenger:
        problems.append(Violation("challenge-turn", "team", "It is not this team's turn to challenge."))
    size = challenge_size(len(unscheduled))
    if size < 3:
        problems.append(
            Violation("challenge-steal", "challenged", "With one or two teams left, they steal instead of challenging.")
        )
    elif len(set(challenged)) != len(challenged) or challenger in challenged:
        problems.append(Violation("challenge-teams", "challenged", "Name each challenged team once, and not your own."))
    elif len(challenged) != size - 1:
        problems.append(Violation("challenge-count", "challenged", f"Challenge exactly {size - 1} teams."))
    if any(t not in unscheduled for t in challenged if t != challenger):
        problems.append(Violation("challenge-locked", "challenged", "A challenged team is already locked into a game this week."))
    raise_if_any(problems)


def check_steal(
    stealing: RankingEntry, leftovers: int, stolen: Sequence[int], games: Sequence[Sequence[int]], potentials: Mapping[int, int]
) -> None:
    """Games for Later Weeks, leftovers: with two left, the one with fewer League Points steals one
    higher-valued team from a 4-team game; with one left, that coach steals one higher-valued team
    from each of two 4-team games. Where fewer 4-team games exist (5 teams), from as many as there
    are; from a 4-team game without any higher-valued team, any one of its teams may be taken."""
    four_team_games = _four_team_games(games)
    wanted = min(3 - leftovers, len(four_team_games))
    if leftovers + wanted < 2:
        raise_if_any(
            [Violation("steal-impossible", "stolen", "No 4-team game is left to steal from: the commissioner places this team.")]
        )
    problems: list[Violation] = []
    if len(stolen) != wanted:
        problems.append(Violation("steal-count", "stolen", f"Steal exactly {wanted} team{'s' if wanted != 1 else ''}."))
    sources = [next((g for g in four_team_games if t in g), None) for t in stolen]
    if any(g is None for g in sources):
        problems.append(Violation("steal-source", "stolen", "Teams can only be stolen from 4-team games."))
    elif len({id(g) for g in sources}) != len(sources):
        problems.append(Violation("steal-source", "stolen", "Steal from different 4-team games."))
    own = stealing.team_potential
    for team, game in zip(stolen, sources, strict=True):
        if game is not None and potentials[team] <= own and any(potentials[t] > own for t in game):
            problems.append(
                Violation(
                    "steal-value", "stolen", f"Only a team of higher Team Potential than {format_credits(own)} can be stolen."
                )
            )
            break
    raise_if_any(problems)


def auto_steal(
    stealing: RankingEntry,
    picks: int,
    games: Sequence[Sequence[int]],
    potentials: Mapping[int, int],
    avoid: Collection[int] = frozenset(),
) -> list[int]:
    """The commissioner's fill for a leftover: from each of `picks` 4-team games, the nearest
    higher-valued team (the cheapest of those worth more than the stealer); games that hold a
    higher-valued team come first; from a game without one, its most valuable team.
    3- or 2-Team Games: every team of a game stolen from ends in a 3-team game, so games holding
    fewer teams of `avoid` (those in a small game last week) come before all that."""
    own = stealing.team_potential
    candidates: list[tuple[int, int, int, int]] = []
    for game in _four_team_games(games):
        repeats = sum(1 for t in game if t in avoid)
        higher = [t for t in game if potentials[t] > own]
        if higher:
            pick = min(higher, key=lambda t: (potentials[t], t))
            candidates.append((repeats, 0, potentials[pick], pick))
        else:
            pick = max(game, key=lambda t: (potentials[t], -t))
            candidates.append((repeats, 1, -potentials[pick], pick))
    return [team for *_, team in sorted(candidates)[:picks]]


@dataclass(frozen=True)
class Pick:
    """One move of a filled round: a challenger and the teams it challenges, or a stealer and the
    teams it steals (each from its own 4-team game)."""

    action: str  # "challenge" or "steal"
    team: int
    targets: tuple[int, ...]
    leftovers: tuple[int, ...] = ()  # the other leftover coach, for a steal by one of two


def fill_round(
    order: Sequence[int],
    entries: Mapping[int, RankingEntry],
    unscheduled: Collection[int],
    games: Sequence[Sequence[int]],
    small_last_week: Collection[int] = frozenset(),
) -> list[Pick]:
    """A commissioner fills the round for coaches who let the deadline pass: each challenger in turn
    challenges the lowest-ranked unscheduled teams, then the leftovers steal (see `auto_steal`).
    3- or 2-Team Games: when that would put a team of `small_last_week` into a 3-team game again and
    another legal fill puts fewer of them there, the fill takes the one with the fewest (see
    `_fewest_repeats_groups`). Stops where the round is done or stuck."""
    avoid = frozenset(small_last_week)
    ascending = [t for t in (e.team for e in reversed(league_rank(entries.values()))) if t in unscheduled]
    picks = _play_fill(order, entries, unscheduled, games, avoid, _lowest_ranked_targets(ascending))
    repeats = _small_game_repeats(picks, games, avoid)
    if not repeats:
        return picks
    groups = _fewest_repeats_groups([t for t in order if t in unscheduled], games, avoid)
    if groups is None:
        return picks
    planned = _play_fill(order, entries, unscheduled, games, avoid, _planned_targets(groups))
    return planned if _small_game_repeats(planned, games, avoid) < repeats else picks


TargetChooser = Callable[[int, int, Collection[int]], tuple[int, ...]]


def _lowest_ranked_targets(ascending: Sequence[int]) -> TargetChooser:
    """The default fill: a challenger challenges the lowest-ranked free teams."""

    def choose(challenger: int, picks: int, free: Collection[int]) -> tuple[int, ...]:
        return tuple([t for t in ascending if t in free and t != challenger][:picks])

    return choose


def _planned_targets(groups: Sequence[Sequence[int]]) -> TargetChooser:
    """A fill planned in advance: a challenger challenges the rest of its planned game."""
    group_of = {t: group for group in groups for t in group}

    def choose(challenger: int, picks: int, free: Collection[int]) -> tuple[int, ...]:
        return tuple(t for t in group_of[challenger] if t != challenger)

    return choose


def _play_fill(
    order: Sequence[int],
    entries: Mapping[int, RankingEntry],
    unscheduled: Collection[int],
    games: Sequence[Sequence[int]],
    avoid: Collection[int],
    targets_of: TargetChooser,
) -> list[Pick]:
    """Play the round turn by turn (`next_turn`): challengers challenge the teams `targets_of` names,
    then the leftovers steal (`auto_steal`)."""
    free = set(unscheduled)
    games = [list(g) for g in games]
    potentials = {t: e.team_potential for t, e in entries.items()}
    picks: list[Pick] = []
    while True:
        turn = next_turn(order, entries, free, games)
        if turn.action == "challenge":
            assert turn.team is not None
            targets = targets_of(turn.team, turn.picks, free)
            check_challenge(turn.team, targets, free, turn.team)  # a planned fill obeys the coaches' rule too
            picks.append(Pick("challenge", turn.team, targets))
            games.append([turn.team, *targets])
            free -= {turn.team, *targets}
        elif turn.action == "steal":
            assert turn.team is not None
            targets = tuple(auto_steal(entries[turn.team], turn.picks, games, potentials, avoid))
            others = tuple(sorted(free - {turn.team}))
            picks.append(Pick("steal", turn.team, targets, others))
            games = [[t for t in g if t not in targets] for g in games]
            games.append([turn.team, *others, *targets])
            free.clear()
        else:
            return picks


def _small_game_repeats(picks: Sequence[Pick], games: Sequence[Sequence[int]], avoid: Collection[int]) -> int:
    """How many teams of `avoid` play a game of fewer than four teams once the fill's picks are made."""
    week = [list(g) for g in games]
    for pick in picks:
        if pick.action == "challenge":
            week.append([pick.team, *pick.targets])
        else:
            week = [[t for t in g if t not in pick.targets] for g in week]
            week.append([pick.team, *pick.leftovers, *pick.targets])
    return sum(1 for g in week if len(g) < GAME_SIZE for t in g if t in avoid)


def _fewest_repeats_groups(free: Sequence[int], games: Sequence[Sequence[int]], avoid: Collection[int]) -> list[list[int]] | None:
    """The 4-team games a fill can make of the free teams (in challenge order) so that the fewest teams
    of `avoid` end in a 3-team game. None when the fill makes no small game (a multiple of four).

    Challengers are forced (the first free team in order challenges), the challenged are free choices:
    any split into 4-team games plus r = len(free) % 4 teams left over is reachable when the earliest
    leftover (at index p) comes after at least one team of every game. The teams in a small game are
    then the leftovers and every team of the k games stolen from (none for r = 3). So for each p and
    each number j of stolen-from games the fill makes (the others come from `games`, the cleanest
    first), count the fewest `avoid` teams among them; take the best, with the latest leftovers."""
    count = len(free)
    made, left = divmod(count, GAME_SIZE)
    if left == 0:
        return None
    existing = sorted(sum(1 for t in g if t in avoid) for g in _four_team_games(games))
    stolen = 0 if left == 3 else min(3 - left, len(existing) + made)
    clean_before = [0]  # clean_before[i]: teams not in `avoid` among free[:i]
    for team in free:
        clean_before.append(clean_before[-1] + (team not in avoid))
    best: tuple[int, int, int] | None = None  # (repeats, -p, j)
    for p in range(made, count - left + 1):
        for j in range(min(stolen, made) + 1):
            if stolen - j > len(existing):
                continue
            clean_high = clean_before[count] - clean_before[p + 1]
            clean_low = clean_before[p]
            rest = left - 1
            repeats = (free[p] in avoid) + rest - min(rest, clean_high)
            clean_high -= min(rest, clean_high)
            anchors = min(j, clean_low)  # a stolen-from game needs a team before the leftovers
            extra_low = min(clean_low - anchors, p - made)  # lows the other games do not need
            repeats += 4 * j - anchors - min(3 * j, clean_high + extra_low) + sum(existing[: stolen - j])
            key = (repeats, -p, j)
            best = key if best is None or key < best else best
    assert best is not None
    _, minus_p, j = best
    return _split(free, -minus_p, j, made, left, avoid)


def _split(free: Sequence[int], p: int, j: int, made: int, left: int, avoid: Collection[int]) -> list[list[int]]:
    """The fill's 4-team games for leftovers starting at index p and j clean games to steal from."""
    low, high = list(free[:p]), list(free[p + 1 :])
    clean_first = sorted(high, key=lambda t: (t in avoid, -free.index(t)))
    leftovers = {free[p], *clean_first[: left - 1]}
    high = [t for t in high if t not in leftovers]
    anchors = sorted(low, key=lambda t: t in avoid)[:j]  # a team before the leftovers, clean ones first
    spare = sorted((t for t in low if t not in anchors), key=lambda t: t in avoid)[: p - made]  # lows no game needs
    pool = sorted([*high, *spare], key=lambda t: t in avoid)  # the clean first
    members = pool[: 3 * j]
    stolen_from = [[anchor, *members[3 * i : 3 * i + 3]] for i, anchor in enumerate(anchors)]
    used = {t for g in stolen_from for t in g} | leftovers
    rest = [t for t in free if t not in used]
    others = rest[made - j :]
    games = stolen_from + [[anchor, *others[3 * i : 3 * i + 3]] for i, anchor in enumerate(rest[: made - j])]
    if left == 3:  # the last three play each other: the earliest challenges the other two
        games.append([t for t in free if t in leftovers])
    return games


# --- 3- or 2-Team Games: the commissioner's warnings and rearrangements -----------------------------------------------------


def small_game_teams(games: Iterable[Sequence[int]]) -> set[int]:
    """3- or 2-Team Games: the teams of a week's games of fewer than four teams."""
    return {t for g in games if len(g) < GAME_SIZE for t in g}


def consecutive_small_games(previous: Iterable[Sequence[int]], current: Iterable[Sequence[int]]) -> list[int]:
    """3- or 2-Team Games: the commissioner should prevent any team from playing consecutive 3-team
    (or 2-team) games. The teams in a game of fewer than four teams in both weeks, in id order."""
    before = small_game_teams(previous)
    return sorted(t for t in small_game_teams(current) if t in before)


def smallest_legal_game(team_count: int) -> int:
    """Games for First Week: a 2-team game only when unavoidable (2 or 5 teams), else at least three."""
    return SMALLEST_GAME if SMALLEST_GAME in game_sizes(max(team_count, SMALLEST_GAME)) else SMALLEST_GAME + 1


def check_rearrange(
    games: Mapping[int, Sequence[int]], team_count: int, team: int, to_game: int, swap_with: int | None = None
) -> dict[int, list[int]]:
    """3- or 2-Team Games: the commissioner moves a team (from its game, or an unscheduled team) into
    another game, optionally swapping it with a team of that game; every game changed keeps a legal
    size (three or four teams; two only in a league of 2 or 5 teams). Returns the games after the move."""
    problems: list[Violation] = []
    if to_game not in games:
        raise_if_any([Violation("rearrange-game", "to_game", "That game is not one of this week's games.")])
    from_game = next((g for g, teams in games.items() if team in teams), None)
    if from_game == to_game:
        problems.append(Violation("rearrange-same", "to_game", "The team already plays in that game."))
    if swap_with is not None and swap_with not in games[to_game]:
        problems.append(Violation("rearrange-swap", "swap_with", "The team to swap with must play in the game moved to."))
    raise_if_any(problems)
    after = {g: list(teams) for g, teams in games.items()}
    if from_game is not None:
        after[from_game].remove(team)
    after[to_game].append(team)
    if swap_with is not None:
        after[to_game].remove(swap_with)
        if from_game is not None:
            after[from_game].append(swap_with)
    smallest = smallest_legal_game(team_count)
    for game in {from_game, to_game} - {None}:
        assert game is not None
        size = len(after[game])
        if not smallest <= size <= GAME_SIZE:
            what = "2, 3 or 4" if smallest == 2 else "3 or 4"
            problems.append(
                Violation(
                    "rearrange-size",
                    "to_game" if game == to_game else "team",
                    f"After this move a game would have {size} teams; a game has {what} teams.",
                )
            )
    raise_if_any(problems)
    return after


# --- End of the Season --------------------------------------------------------------------------------------------------


def missing_games(games_played: Mapping[int, int], games_per_team: int) -> dict[int, int]:
    """Teams That Haven't Played 10 Games: how many games each lagging team is short. They count as
    last places (no League Points, no winnings) unless the commissioner arranges makeup games."""
    return {team: games_per_team - played for team, played in games_played.items() if played < games_per_team}


def playoff_seeds(entries: Iterable[RankingEntry], playoff_size: int) -> list[RankingEntry]:
    """End of the Season: the highest-ranked teams (four) play the Slaughterbrawl, in League Rank order."""
    return league_rank(entries)[:playoff_size]


def champion(places: Mapping[int, int]) -> int:
    """End of the Season: the winner of the Slaughterbrawl is the season champion (place 1; a tie for
    first cannot stand, overtime breaks it)."""
    winners = [team for team, place in places.items() if place == 1]
    if len(winners) != 1:
        raise_if_any([Violation("champion-undecided", "places", "The Slaughterbrawl needs exactly one winner.")])
    return winners[0]


def unspent_budgets_lost(balances: Mapping[str, int]) -> list[tuple[str, int, str]]:
    """Optional Rules, Support Staff Budget: unspent staff budget is lost when the season starts.
    As (account, amount, reason) ledger rows."""
    left = balances.get(STAFF_BUDGET, 0)
    if left <= 0:
        return []
    return [(STAFF_BUDGET, -left, f"Unspent Support Staff Budget is lost at the start of the season ({format_credits(left)})")]
