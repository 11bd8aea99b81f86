"""The post-match sequence (rulebook: Post-Match Sequence of Play), in its order: 1. winnings,
2. aging, 3. MVPs and Star Player Rolls (with peaking), 4. Fan Factor, 5. purchases, 6. Team Rating
(team.team_rating).

Every rule takes its dice as numbers: rolled by the server (dice.roll) or entered and checked
(dice.check_dice) when the league allows dice rolled at the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from engine.bloodbowl import house as hv
from engine.bloodbowl.facts import PlayerFacts, TeamFacts
from engine.bloodbowl.house import HouseValues
from engine.bloodbowl.prematch import Stage
from engine.bloodbowl.report import EVENTS, Injury, PlayerEvents, SideReport
from engine.bloodbowl.tables import Level, band, row_for, tables
from engine.bloodbowl.teamlists import Race, TeamLists
from engine.core.money import format_credits
from engine.core.violations import RuleViolation, Violation, raise_if_any

SEQUENCE = ("winnings", "aging", "star_player_rolls", "fan_factor", "purchases", "team_rating")
CHARACTERISTIC_LIMIT = 2  # Characteristic Increases (and Aging): never more than 2 from the starting value
PEAK_ROLL = 2


# --- 1. Treasury Phase -------------------------------------------------------------------------


def winnings_modifier(gate: int, team_rating: int) -> int:
    """Match Winnings Table: the d6 modifier for the gate's row and the Team Rating's column."""
    t = tables()
    return t.winnings_modifiers[band(t.gate_from, gate)][band(t.rating_from, team_rating)]


def winnings(gate: int, team_rating: int, d6: int) -> int:
    """1. Treasury Phase: (d6 + the Match Winnings modifier) x 10,000 gold pieces; negative when the team
    cannot pay its players."""
    return (d6 + winnings_modifier(gate, team_rating)) * tables().gold_per_point


@dataclass(frozen=True)
class NegativePayment:
    paid: int  # what the treasury pays towards the shortfall
    unpaid: int  # what it could not pay
    roll_due: bool  # the Negative Winnings roll is due


def pay_negative(treasury: int, amount: int) -> NegativePayment:
    """1. Treasury Phase: negative winnings are paid from the treasury (which holds any money from Special
    Play Cards); if that is not enough the coach rolls on the Negative Winnings Table."""
    owed = max(0, -amount)
    paid = min(owed, max(0, treasury))
    return NegativePayment(paid, owed - paid, owed > paid)


@dataclass(frozen=True)
class NegativeWinnings:
    roll: int
    effects: tuple[str, ...]  # the table rows that apply: reroll, apothecary, walkout, fired
    rerolls_lost: int
    apothecary_lost: bool
    cheerleaders_lost: int
    assistant_coaches_lost: int
    head_coach_fired: bool  # replaced for free: nothing to change on the roster
    team: TeamFacts  # the team after the losses


def negative_winnings_effects(two_d6: int, team: TeamFacts) -> NegativeWinnings:
    """Negative Winnings Table, cumulative: a roll has its own row's effect and every one from 8 up to it
    (an 11 loses a Team Re-roll, the Apothecary and half the Cheerleaders and Assistant Coaches)."""
    effects = tuple(row.result for row in tables().negative_winnings if row.result != "none" and row.low <= two_d6)
    rerolls = 1 if "reroll" in effects and team.rerolls else 0
    apothecary = "apothecary" in effects and team.apothecary
    cheerleaders = team.cheerleaders // 2 if "walkout" in effects else 0
    coaches = team.assistant_coaches // 2 if "walkout" in effects else 0
    after = replace(
        team,
        rerolls=team.rerolls - rerolls,
        apothecary=team.apothecary and not apothecary,
        cheerleaders=team.cheerleaders - cheerleaders,
        assistant_coaches=team.assistant_coaches - coaches,
    )
    return NegativeWinnings(two_d6, effects, rerolls, apothecary, cheerleaders, coaches, "fired" in effects, after)


# --- 2. Aging ----------------------------------------------------------------------------------


def aging_check(d6: int) -> bool:
    """Aging: a peaked player who played (and a player who has just peaked) rolls a d6; on a 1 he must
    roll on the Aging Table."""
    return d6 == 1


def _lower(player: PlayerFacts, characteristic: str) -> PlayerFacts | None:
    """The player with one point less, or None when it is already 2 below its starting value."""
    if player.current.get(characteristic) - player.base.get(characteristic) <= -CHARACTERISTIC_LIMIT:
        return None
    return replace(player, current=player.current.plus(characteristic, -1))


@dataclass(frozen=True)
class AgingResult:
    roll: int
    name: str
    text: str
    player: PlayerFacts
    applied: bool  # False when the result changes nothing (a characteristic already 2 down, a trait held)


def aging_effect(two_d6: int, player: PlayerFacts) -> AgingResult:
    """Aging Table: a permanent trait or condition, a missed match, or a characteristic -1 (never more than
    2 below its starting value). Apothecaries cannot heal it and nothing removes it."""
    row = row_for(tables().aging, two_d6)
    after: PlayerFacts | None
    if row.kind == "condition":
        after = None if row.result in player.aging else replace(player, aging=(*player.aging, row.result))
    elif row.kind == "miss":
        after = replace(player, misses_next_match=True)
    else:
        after = _lower(player, row.result)
    return AgingResult(two_d6, row.name, row.text, after or player, after is not None)


# --- 3. Star Player Points and Star Player Rolls ----------------------------------------------


def spp_earned(events: PlayerEvents, mvp: bool = False) -> int:
    """Star Player Points table: COMP 1, CAS 2, BK 2, INT 2, FG 2, TD 3, MVP 5 (a checked report)."""
    awards = tables().spp
    earned: int = sum(getattr(events, event) * awards[key] for event, key in EVENTS.items())
    return earned + (awards["mvp"] if mvp else 0)


def report_spp(side: SideReport) -> dict[int, int]:
    """Each player's Star Player Points from one side of a checked report, MVP included."""
    earned = {line.player: spp_earned(line, line.player == side.mvp) for line in side.players}
    if side.mvp is not None and side.mvp not in earned:
        earned[side.mvp] = tables().spp["mvp"]
    return {player: spp for player, spp in earned.items() if spp}


def level(spp: int, big_guy: bool) -> Level:
    """Star Player Progression Table (or the Big Guy table): the player's title and rolls earned in all."""
    return [lv for lv in tables().progression["big_guy" if big_guy else "normal"] if lv.from_spp <= spp][-1]


@dataclass(frozen=True)
class Progress:
    """A player's place on the Star Player Progression Table: his title and his Star Player Rolls."""

    title: str
    rolls_earned: int
    rolls_made: int

    @property
    def rolls_pending(self) -> int:
        """Earned and not made yet (rolled or not, the coach still to choose)."""
        return max(self.rolls_earned - self.rolls_made, 0)


def progress(spp: int, big_guy: bool, rolls_made: int) -> Progress:
    """Star Player Progression Table (or the Big Guy table): the title his SPP give and the rolls they earn."""
    reached = level(spp, big_guy)
    return Progress(reached.title, reached.rolls, rolls_made)


def star_player_rolls_due(spp_before: int, spp_after: int, big_guy: bool) -> int:
    """Star Player Rolls: how many new rolls the SPP just earned bring (big guys by their slower table)."""
    return level(spp_after, big_guy).rolls - level(spp_before, big_guy).rolls


def rolls_for(players: Sequence[PlayerFacts]) -> dict[int, int]:
    """Star Player Rolls each player still has to make (earned by his SPP, not yet made)."""
    due = {p.id: progress(p.spp, p.big_guy, p.skill_rolls_made).rolls_pending for p in players if p.on_roster}
    return {player: count for player, count in due.items() if count > 0}


SprKind = Literal["skill", "characteristic", "remove_trait", "wasted"]
SPR_KINDS: tuple[SprKind, ...] = ("skill", "characteristic", "remove_trait", "wasted")


@dataclass(frozen=True)
class SprChoice:
    kind: SprKind
    target: str | None = None  # the skill slug or characteristic (ma, st, ag, av); None for wasted


def _increase(player: PlayerFacts, characteristic: str) -> SprChoice:
    """Characteristic Increases: +1, unless already +2 over the starting value (then the roll is wasted)."""
    if player.current.get(characteristic) - player.base.get(characteristic) >= CHARACTERISTIC_LIMIT:
        return SprChoice("wasted")
    return SprChoice("characteristic", characteristic)


def spr_options(player: PlayerFacts, dice: tuple[int, int], team_lists: TeamLists, race: Race) -> list[SprChoice]:
    """Everything the coach may choose for one Star Player Roll (rulebook: Star Player Rolls, New Skills,
    Characteristic Increases, Rolling Doubles, Big Guys & Big Guy Skills, Physical Abilities).

    2-9: a non-trait skill from the player's normal categories; 10 MA, 11 AG, 12 ST +1 (wasted when
    already +2). Doubles may instead give any non-trait skill of any category but Big Guy, or a trait
    from a normal category; Physical Abilities only on doubles, for mutating races (Chaos, Skaven) and
    Rat Ogres and Minotaurs. A big guy's doubles give +1 ST, +1 AV, a General or Strength trait, the
    removal of one Big Guy trait, or (ignoring the double) the table's result; never any-category skills.
    """
    first, second = dice
    result = row_for(tables().star_player_roll, first + second).result
    held = set(player.skills)
    new = [s for s in team_lists.skills if s.slug not in held]
    if result == "skill":
        table = [SprChoice("skill", s.slug) for s in new if not s.trait and s.category in player.categories - {"physical"}]
    else:
        table = [_increase(player, result)]
    if first != second:
        return table
    physical = [SprChoice("skill", s.slug) for s in new if s.category == "physical"]
    if player.big_guy:
        doubles = [c for c in (_increase(player, "st"), _increase(player, "av")) if c.kind != "wasted"]
        doubles += [SprChoice("skill", s.slug) for s in new if s.trait and s.category in ("general", "strength")]
        big_guy_traits = {s.slug for s in team_lists.skills if s.trait and s.category == "big-guy"}
        doubles += [SprChoice("remove_trait", slug) for slug in player.skills if slug in big_guy_traits]
        doubles += physical if player.physical_on_doubles else []
    else:
        doubles = [SprChoice("skill", s.slug) for s in new if not s.trait and s.category not in ("big-guy", "physical")]
        doubles += [SprChoice("skill", s.slug) for s in new if s.trait and s.category in player.categories - {"physical"}]
        doubles += physical if race.mutations or player.physical_on_doubles else []
    return list(dict.fromkeys(doubles + table))


def _not_an_option(player: PlayerFacts, dice: tuple[int, int]) -> RuleViolation:
    return RuleViolation(
        [Violation("spr-choice", "choice", f"{player.name} may not take that on a roll of {dice[0]}-{dice[1]}.")]
    )


def spr_choice(player: PlayerFacts, dice: tuple[int, int], kind: str, target: str | None = None) -> SprChoice:
    """The coach's choice as sent; RuleViolation (as for a choice the dice do not allow) for a kind that is
    none of SPR_KINDS."""
    for known in SPR_KINDS:
        if kind == known:
            return SprChoice(known, target)
    raise _not_an_option(player, dice)


def apply_spr_choice(
    player: PlayerFacts, dice: tuple[int, int], choice: SprChoice, team_lists: TeamLists, race: Race
) -> PlayerFacts:
    """Record one Star Player Roll's choice on the player; RuleViolation when no roll is due or the
    choice is not one `spr_options` allows for these dice."""
    if level(player.spp, player.big_guy).rolls <= player.skill_rolls_made:
        raise RuleViolation([Violation("spr-not-due", "player", f"{player.name} has no Star Player Roll to make.")])
    if choice not in spr_options(player, dice, team_lists, race):
        raise _not_an_option(player, dice)
    made = replace(player, skill_rolls_made=player.skill_rolls_made + 1)
    if choice.kind == "skill":
        return replace(made, skills=(*player.skills, str(choice.target)))
    if choice.kind == "characteristic":
        return replace(made, current=player.current.plus(str(choice.target), 1))
    if choice.kind == "remove_trait":
        return replace(made, skills=tuple(s for s in player.skills if s != choice.target))
    return made


def peak_roll_due(player: PlayerFacts) -> bool:
    """Peaking: every Star Player Roll is followed by a Peak Roll, unless the player has already peaked."""
    return not player.peaked


def peaks(two_d6: int, skill_rolls_made: int) -> bool:
    """Peaking: 2d6, -1 per skill roll made (this one included). Pitside reads "a roll of 2 before or after
    modification" as a modified roll of 2 or less (a natural 2 always is, the modifier never being positive),
    since a player with more skill rolls must not peak less often."""
    return two_d6 - skill_rolls_made <= PEAK_ROLL


# --- 4. Fan Factor -----------------------------------------------------------------------------


def fan_factor_change(
    d6: int, *, won: bool, lost: bool, score: int, casualties_inflicted: int, fan_factor: int, stage: Stage = "league"
) -> int:
    """Fan Factor Table: d6 + modifiers (won +1, lost -1, scored 6+ +1, inflicted 2+ casualties +1, -1 per
    full 10 points of Fan Factor, semi-final +1, final +2); 1 or less: -1, 2-5: no change, 6 or more: +1."""
    t = tables()
    m = t.fan_factor_modifiers
    roll = d6 + (m["won"] if won else 0) + (m["lost"] if lost else 0)
    roll += m["scored_6_plus"] if score >= 6 else 0
    roll += m["inflicted_2_plus_casualties"] if casualties_inflicted >= 2 else 0
    roll += m["per_full_10_fan_factor"] * (fan_factor // 10)
    roll += m.get(stage, 0)
    if roll <= t.fan_factor_down_at_most:
        return -1
    return 1 if roll >= t.fan_factor_up_from else 0


def new_fan_factor(fan_factor: int, change: int) -> int:
    """Fan Factor: no upper limit, but it "can never be reduced to less than 1": the floor stops a reduction,
    it never raises a Fan Factor."""
    return max(fan_factor + change, min(fan_factor, tables().fan_factor_minimum))


# --- injuries from the report ------------------------------------------------------------------


def clear_missed_match(player: PlayerFacts) -> PlayerFacts:
    """Aging: the 'M' in the injuries box is rubbed out at the end of the match the player missed."""
    return replace(player, misses_next_match=False)


def apply_injury(player: PlayerFacts, injury: Injury) -> PlayerFacts:
    """A reported injury on the player: niggling injuries added, characteristic points lost (never more than
    2 below the starting value, as with aging), dead, or missing the next match."""
    after = replace(player, niggling=player.niggling + injury.niggling)
    for characteristic in injury.characteristics_lost:
        after = _lower(after, characteristic) or after
    if injury.miss_next_match:
        after = replace(after, misses_next_match=True)
    return replace(after, status="dead") if injury.dead else after


# --- 5. Purchases ------------------------------------------------------------------------------

# What may be bought; a request's kind is as asked, and quote_purchase refuses any other (Fan Factor included).
PurchaseKind = Literal["player", "reroll", "apothecary", "assistant_coach", "cheerleader"]
STAFF = {"apothecary": hv.APOTHECARY_COST, "assistant_coach": hv.ASSISTANT_COACH_COST, "cheerleader": hv.CHEERLEADER_COST}


@dataclass(frozen=True)
class PurchaseRequest:
    kind: str  # a PurchaseKind, or refused
    position: str | None = None  # for a player: the position's slug


@dataclass(frozen=True)
class Quote:
    kind: str  # the request's, so a PurchaseKind
    item: str
    cost: int


def reroll_purchase_cost(reroll_cost: int) -> int:
    """Purchases: new Team Re-rolls cost double the team list's price (Skaven 60,000 -> 120,000)."""
    return 2 * reroll_cost


def quote_purchase(team: TeamFacts, team_lists: TeamLists, house: HouseValues, request: PurchaseRequest) -> Quote:
    """5. Purchases: a new player within his position's limit and the roster's maximum (retire a player
    first to make room), a Team Re-roll at double cost, or coaching staff at its house cost (one
    Apothecary, where the race allows one), paid from the treasury. Fan Factor cannot be bought once the
    league has started. RuleViolation with every problem."""
    problems: list[Violation] = []
    race = team_lists.race(team.race)
    if race is None:
        raise RuleViolation([Violation("race-unknown", "race", f"The team lists have no race {team.race}.")])
    cost: int | None = None
    item: str = request.kind
    if request.kind == "player":
        position = race.position(request.position or "")
        if position is None:
            raise RuleViolation([Violation("position-unknown", "position", f"{race.name} have no position {request.position}.")])
        item, cost = position.slug, position.cost
        if sum(p.position == position.slug for p in team.roster) >= position.max_count:
            problems.append(
                Violation("position-limit", "position", f"A team may have at most {position.max_count} {position.name}.")
            )
        maximum = house.get(hv.ROSTER_MAXIMUM)
        if maximum is None:
            problems.append(house.missing(hv.ROSTER_MAXIMUM))
        elif len(team.roster) >= maximum:
            problems.append(Violation("roster-full", "position", f"The roster is full ({maximum}): retire a player first."))
    elif request.kind == "reroll":
        cost = reroll_purchase_cost(team.reroll_cost)
    elif request.kind in STAFF:
        cost = house.get(STAFF[request.kind])
        if cost is None:
            problems.append(house.missing(STAFF[request.kind]))
        if request.kind == "apothecary" and not race.apothecary_allowed:
            problems.append(Violation("apothecary-not-allowed", "kind", f"{race.name} may not have an Apothecary."))
        elif request.kind == "apothecary" and team.apothecary:
            problems.append(Violation("apothecary-held", "kind", "The team already has an Apothecary."))
    elif request.kind == "fan_factor":
        problems.append(Violation("fan-factor-fixed", "kind", "Fan Factor may not be bought once the league has started."))
    else:
        problems.append(
            Violation("purchase-unknown", "kind", "Buy a player, a reroll, an apothecary, an assistant_coach or a cheerleader.")
        )
    if cost is not None and cost > team.treasury:
        problems.append(
            Violation(
                "treasury-short",
                "kind",
                f"This costs {format_credits(cost, 'gold pieces')}; the treasury holds "
                f"{format_credits(team.treasury, 'gold pieces')}.",
            )
        )
    raise_if_any(problems)
    assert cost is not None
    return Quote(request.kind, item, cost)


def retire_player(team: TeamFacts, player_id: int, as_assistant_coach: bool = False) -> TeamFacts:
    """5. Purchases: any player may be retired (deleted from the roster), and may join the team for free
    as an Assistant Coach."""
    player = team.player(player_id)
    if player is None or not player.on_roster:
        raise RuleViolation([Violation("player-not-on-roster", "player", "Retire a player on the team's roster.")])
    players = tuple(replace(p, status="retired") if p.id == player_id else p for p in team.players)
    return replace(team, players=players, assistant_coaches=team.assistant_coaches + int(as_assistant_coach))
