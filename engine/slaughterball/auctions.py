"""Pre-game: the maverick auction, choosing athletes, Pit Power and Edge tokens (rulebook: Mavericks,
Maverick Auction, Rogues, Choose Athletes, Calculate Pit Power, Underdog Bonus, Edge Tokens)."""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from engine.core.money import format_credits
from engine.core.violations import Violation
from engine.slaughterball import games
from engine.slaughterball.catalog import TRAITS, Catalog
from engine.slaughterball.schedule import RankingEntry, league_rank

# Slaughterball dice: the six faces of one die.
DIE_FACES = ("double-knife", "knife", "knife", "boot", "star", "skull")
KNIVES = {"double-knife": 2, "knife": 1}
BID_STEP = 50_000
MAVERICK_AGENT = "maverick-agent"
ROGUE_PREFIX = "rogue:"


def roll_die(rng: random.Random) -> str:
    """One Slaughterball die: double knife, knife, knife, boot, star or skull."""
    return rng.choice(DIE_FACES)


def knives(faces: Sequence[str]) -> int:
    """Knives rolled: a double knife counts two."""
    return sum(KNIVES.get(face, 0) for face in faces)


def auction_dice_count(staff: Mapping[str, int]) -> int:
    """Maverick Auction: each coach rolls a die; a Maverick Agent gives one additional die."""
    return 1 + staff.get(MAVERICK_AGENT, 0)


def roll_auction_dice(dice_counts: Mapping[int, int], rng: random.Random) -> dict[int, list[str]]:
    """Maverick Auction, step 1: each coach rolls his dice (in the order given)."""
    return {team: [roll_die(rng) for _ in range(count)] for team, count in dice_counts.items()}


def potential_order(potentials: Mapping[int, int], tie_break: Mapping[int, float] | None = None) -> list[int]:
    """Ascending order of Team Potential (the auction's order); a tie goes by the recorded draw, then team id."""
    ties = tie_break or {}
    return sorted(potentials, key=lambda team: (potentials[team], ties.get(team, 0.0), team))


def draw_mavericks(
    order: Sequence[int], knife_counts: Mapping[int, int], pool: Sequence[str], rng: random.Random
) -> list[tuple[int, str]]:
    """Maverick Auction, step 2: in ascending order of Team Potential each coach draws one random
    Maverick card per knife; when the cards run out, nobody draws more. Returns (team, maverick) in draw order."""
    deck = list(pool)
    drawn: list[tuple[int, str]] = []
    for team in order:
        for _ in range(knife_counts.get(team, 0)):
            if not deck:
                return drawn
            drawn.append((team, deck.pop(rng.randrange(len(deck)))))
    return drawn


def next_nominator(order: Sequence[int], held: Mapping[int, int], last: int | None) -> int | None:
    """Maverick Auction, steps 5 and 8: the lowest Team Potential puts a maverick he drew up first, then each
    coach in ascending order of Team Potential, round and round, skipping coaches with none left to put up.
    `held` counts each coach's drawn mavericks not yet returned or put up; `last` put up the previous one."""
    if not any(held.get(team, 0) for team in order):
        return None
    start = order.index(last) + 1 if last in order else 0
    for step in range(len(order)):
        team = order[(start + step) % len(order)]
        if held.get(team, 0):
            return team
    return None  # pragma: no cover - unreachable: some coach holds one


@dataclass(frozen=True)
class Move:
    """One coach's turn on a lot: a bid, or a pass (he does not raise)."""

    team: int
    bid: bool


@dataclass(frozen=True)
class BiddingTurn:
    """Where a lot stands. state: "bidding" (`team` bids or passes now), "hired" (`leader` takes the maverick)
    or "unsold" (nobody bid in a full turn: the maverick leaves)."""

    state: str
    team: int | None
    leader: int | None


def bidding_rotation(order: Sequence[int], nominator: int) -> list[int]:
    """Maverick Auction, steps 5-6: the coach who put the maverick up may bid first, then each other coach in
    ascending order of Team Potential (the lowest first), then the original coach again, round and round."""
    return [nominator, *[team for team in order if team != nominator]]


def bidding_turn(order: Sequence[int], nominator: int, moves: Sequence[Move]) -> BiddingTurn:
    """Maverick Auction, steps 5-7: whose turn it is to bid or pass, given the moves made so far (each made in
    turn). When every other coach has passed since the last bid, the highest bidder takes the maverick; when
    nobody bid in a full turn, it leaves."""
    rotation = bidding_rotation(order, nominator)
    leader: int | None = None
    passes = 0
    for move in moves:
        if move.bid:
            leader, passes = move.team, 0
        else:
            passes += 1
        if leader is not None and passes == len(rotation) - 1:
            return BiddingTurn("hired", None, leader)
        if leader is None and passes == len(rotation):
            return BiddingTurn("unsold", None, None)
    return BiddingTurn("bidding", rotation[len(moves) % len(rotation)], leader)


def check_turn(turn: BiddingTurn, team: int, names: Mapping[int, str]) -> list[Violation]:
    """Maverick Auction, step 6: a coach bids or passes only in his turn, and only while the lot is open."""
    if turn.state != "bidding":
        return [Violation("lot-closed", "lot", "Bidding on this maverick is over.")]
    if turn.team != team:
        who = names.get(turn.team, "another coach") if turn.team is not None else "another coach"
        return [Violation("bid-turn", "team", f"It is {who}'s turn to bid or pass (ascending Team Potential).")]
    return []


def check_bid(amount: int, high: int, available: int) -> list[Violation]:
    """Maverick Auction, steps 6-7: bids in increments of 50,000, each higher than the last, and never more
    than the bidder can pay (`available`: the treasury less the bidder's leading bids on other open lots)."""
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < BID_STEP or amount % BID_STEP:
        return [Violation("bid-step", "amount", f"A bid is a whole number of credits in steps of {format_credits(BID_STEP)}.")]
    problems = []
    if amount <= high:
        problems.append(Violation("bid-not-higher", "amount", f"Bid more than the current high bid of {format_credits(high)}."))
    if amount > available:
        problems.append(
            Violation(
                "bid-over-treasury",
                "amount",
                f"A bid of {format_credits(amount)} is more than the team can pay: it has {format_credits(max(available, 0))} "
                "free (its treasury less its leading bids on other open lots).",
            )
        )
    return problems


@dataclass(frozen=True)
class MaverickCard:
    """What coaches bid on: a maverick, or a rogue (a spare pro-team athlete treated like a maverick)."""

    key: str  # "gibraltar", or "rogue:<portfolio>:<type>"
    name: str
    type: str
    traits: Mapping[str, int | None]
    skills: tuple[str, ...] | None
    pit_power_adjustment: int | None
    adjustment_key: str  # the house value that sets the adjustment

    @property
    def is_rogue(self) -> bool:
        return self.key.startswith(ROGUE_PREFIX)


def maverick_card(catalog: Catalog, slug: str) -> MaverickCard | None:
    """Mavericks: a maverick's card with the league's house values (None for an unknown maverick)."""
    maverick = catalog.mavericks.get(slug)
    if maverick is None:
        return None
    return MaverickCard(
        slug,
        maverick.name,
        maverick.type,
        maverick.traits,
        maverick.skills,
        maverick.pit_power_adjustment,
        f"mavericks.{slug}.pit_power_adjustment",
    )


def rogue_card(catalog: Catalog, portfolio: str, athlete_type: str) -> MaverickCard | None:
    """Rogues: a spare pro-team athlete of a portfolio and type, hired like a maverick; what it adds to
    Pit Power is its value, as for any athlete (Calculate Pit Power)."""
    profile = catalog.athletes.get((portfolio, athlete_type))
    if profile is None:
        return None
    name = f"{catalog.portfolios[portfolio]} {athlete_type} (rogue)"
    key = f"athletes.{portfolio}.{athlete_type}.value"
    return MaverickCard(
        f"{ROGUE_PREFIX}{portfolio}:{athlete_type}", name, athlete_type, profile.traits, profile.skills, profile.value, key
    )


def card_for(catalog: Catalog, key: str) -> MaverickCard | None:
    """The card for a stored key (a maverick slug or a rogue key)."""
    if key.startswith(ROGUE_PREFIX):
        portfolio, _, athlete_type = key.removeprefix(ROGUE_PREFIX).partition(":")
        return rogue_card(catalog, portfolio, athlete_type)
    return maverick_card(catalog, key)


def check_hireable(catalog: Catalog, card: MaverickCard) -> list[Violation]:
    """A maverick whose Pit Power adjustment is an unset house value cannot be hired or played (GAPS.md)."""
    return [catalog.missing(card.adjustment_key)] if card.pit_power_adjustment is None else []


def card_traits(card: MaverickCard) -> dict[str, int | None]:
    return {trait: card.traits.get(trait) for trait in TRAITS}


# --- Choose Athletes, Calculate Pit Power, Underdog Bonus ------------------------------------------------


def lineup_order(entries: Sequence[RankingEntry]) -> list[int]:
    """Choose Athletes: in ascending order of League Rank, the lowest-ranked team first (as the challenge
    order reads "ascending order of League Rank")."""
    return [entry.team for entry in reversed(league_rank(entries))]


def check_lineup(
    *,
    athletes: Sequence[int],
    mavericks: Sequence[int],
    roster: Collection[int],
    out: Mapping[int, str],
    hired: Collection[int],
) -> list[Violation]:
    """Choose Athletes: six athletes from the team's regular athletes and the mavericks it hired for this
    game; an athlete out with a lasting injury cannot play (`out`: athlete -> why). A team with fewer than
    six who can play fields all of them."""
    problems: list[Violation] = []
    for path, chosen, known in (("athletes", athletes, roster), ("mavericks", mavericks, hired)):
        seen: set[int] = set()
        for index, item in enumerate(chosen):
            where = f"{path}[{index}]"
            if item in seen:
                problems.append(Violation("lineup-duplicate", where, "Choose each athlete once."))
            elif item not in known:
                what = "an athlete of this team" if path == "athletes" else "a maverick this team hired for this game"
                problems.append(Violation(f"lineup-{path[:-1]}-unknown", where, f"Choose {what}."))
            elif item in out:
                problems.append(Violation("lineup-athlete-out", where, out[item]))
            seen.add(item)
    available = len([a for a in roster if a not in out]) + len(hired)
    wanted = min(games.LINEUP_SIZE, available)
    if len(athletes) + len(mavericks) != wanted:
        problems.append(
            Violation(
                "lineup-size",
                "athletes",
                f"Choose exactly {wanted} athletes (regular athletes and hired mavericks together), "
                f"not {len(athletes) + len(mavericks)}.",
            )
        )
    return problems


@dataclass(frozen=True)
class SideLineup:
    """One side's chosen athletes' values, its support staff and its mavericks' adjustments."""

    team: int
    athlete_values: tuple[int, ...]
    staff_value: int
    maverick_adjustments: tuple[int, ...]
    staff: Mapping[str, int]


@dataclass(frozen=True)
class SideFigures:
    team: int
    pit_power: int
    edge_tokens: int
    staff_tokens: dict[str, int]


def side_pit_power(athlete_values: Sequence[int], staff_value: int, maverick_adjustments: Sequence[int] = ()) -> int:
    """Calculate Pit Power for one side: chosen athletes' values + support staff + hired mavericks' adjustments."""
    return games.pit_power(athlete_values, staff_value, maverick_adjustments)


def edge_token_picking_order(pit_powers: Mapping[int, int]) -> list[int]:
    """Getting Edge Tokens: the coach with the lowest Pit Power picks first, then in ascending order."""
    return games.token_picking_order(pit_powers)


def check_order_of_play(order: Sequence[int], teams: Collection[int]) -> list[Violation]:
    """Team Placement: the order of play lists every team of the game once, the First Coach's team first."""
    if sorted(order) != sorted(teams):
        return [
            Violation("order-of-play", "teams", "List each team of this game once, in order of play, the First Coach's first.")
        ]
    return []


def staff_token_order(order_of_play: Sequence[int]) -> list[int]:
    """Team Placement: after the Underdog Bonus tokens, each coach takes his support-staff Edge tokens, starting
    with the coach to the First Coach's right and continuing counter-clockwise. Play runs clockwise from the
    First Coach (Starting the Game), so the coach to his right plays last: the order of play read backwards."""
    return list(reversed(order_of_play))


def pregame_figures(sides: Sequence[SideLineup]) -> tuple[list[SideFigures], list[int]]:
    """Calculate Pit Power for each side, its Underdog Bonus Edge tokens and its support staff tokens, and
    the order in which coaches pick Edge tokens (Getting Edge Tokens: lowest Pit Power first)."""
    powers = {s.team: games.pit_power(s.athlete_values, s.staff_value, s.maverick_adjustments) for s in sides}
    tokens = games.underdog_edge_tokens(powers)
    figures = [SideFigures(s.team, powers[s.team], tokens[s.team], games.staff_edge_tokens(s.staff)) for s in sides]
    return figures, games.token_picking_order(powers)


# --- Pre-Game: what is left of it -------------------------------------------------------------------------------

# Where a game's maverick auction stands: never opened, going on (a maverick up for bids, or drawn ones still held),
# or over (nothing left up or held, or closed by the first lineup).
AUCTION_NOT_HELD = "not-held"
AUCTION_GOING_ON = "going-on"
AUCTION_OVER = "over"


@dataclass(frozen=True)
class PregameStep:
    """One step a game's pre-game still lacks: the maverick auction (team None) or a team's lineup."""

    step: str  # "auction" or "lineup"
    team: int | None
    message: str


def pregame_missing(*, mavericks: bool, auction: str, chosen: Mapping[int, bool], names: Mapping[int, str]) -> list[PregameStep]:
    """Pre-Game: "teams bid on mavericks, choose athletes that will be in the game": the maverick auction first
    (none under No Mavericks in Leagues, `mavericks` False), then each coach chooses his athletes. What a game's
    pre-game still lacks, in that order (`chosen`: each team, in the order they choose, and whether it has); empty
    once it is finished. A result reported without it leaves no hire, no Pit Power nor Underdog Bonus for the game,
    and the athletes of a side without a lineup learn by games.took_part."""
    missing: list[PregameStep] = []
    if mavericks and auction == AUCTION_NOT_HELD:
        missing.append(PregameStep("auction", None, "The maverick auction was not held."))
    elif mavericks and auction == AUCTION_GOING_ON:
        missing.append(PregameStep("auction", None, "The maverick auction is not over."))
    missing += [
        PregameStep("lineup", team, f"{names[team]} has not chosen its athletes.") for team, done in chosen.items() if not done
    ]
    return missing
