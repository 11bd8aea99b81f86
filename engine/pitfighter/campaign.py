"""After a campaign combat (8.4 Campaigns): injuries and missed fights, training, skills by D66, the Pit King;
and the campaign's standings."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from engine.core.dice import DiceSource
from engine.pitfighter.combat import ACTIVE, SIGMAR, CombatResult, Line, winners
from engine.pitfighter.critical import CHARTS, SCAR_EAR, SCAR_EYE, TROPHY_TAKEDOWNS, CriticalResult
from engine.pitfighter.fighters import BONUS, OGRE, PIT_KING_BONUS, SKILLS, TYPES, HouseValues, Injuries

SKILL_EVERY = 5  # Campaign Training: "taken down at least five opposing Pit Fighters"
SKILL_EVERY_FASTER = 3  # "(... they learn a skill after taking down three opponents)"
SURVIVOR_POINTS = 1  # "receives a +1 bonus to the characteristic of their owner's choice"
SLAIN, RETIRED = "slain", "retired"
D66_RESULTS = tuple(10 * tens + units for tens in range(1, 7) for units in range(1, 7))  # 11 ... 66


@dataclass(frozen=True)
class FighterState:
    """A fighter's campaign record, before or after a combat."""

    id: int
    stable: int
    type: str
    characteristics: Mapping[str, int]
    points: int = 0  # characteristic points his owner still spreads
    misses: int = 0
    injuries: Injuries = field(default_factory=Injuries)
    status: str = ACTIVE
    pit_king: bool = False
    hates: frozenset[int] = frozenset()
    skills: tuple[str, ...] = ()
    combats: int = 0
    wins: int = 0
    takedowns: int = 0  # opponents taken down
    skill_points: int = 0  # takedowns towards skills: a trophy (Chest Ripped Open, Decapitated) counts three


@dataclass(frozen=True)
class Combat:
    """A combat's result with the campaign around it: every fighter of the stables taking part, the league's
    faster progression switch and its house values (the skills' D66 order, the types with a shield)."""

    result: CombatResult
    fighters: Mapping[int, FighterState]
    faster_progression: bool = False
    house: HouseValues = field(default_factory=lambda: HouseValues({}))


@dataclass(frozen=True)
class SkillRoll:
    """One D66 roll for a skill: the skill it gave, and whether the fighter learns it (not if held or unusable)."""

    fighter: int
    label: str
    dice: tuple[int, ...]
    skill: str
    learnt: bool


@dataclass(frozen=True)
class StableLine:
    stable: int
    won: bool
    takedowns: int


@dataclass(frozen=True)
class PostCombat:
    fighters: tuple[FighterState, ...]  # every fighter whose record changed
    replacements: tuple[tuple[int, FighterState], ...]  # (the slain fighter, the new one of his type, id 0)
    skill_rolls: tuple[SkillRoll, ...]
    crowned: int | None  # the new Pit King
    stables: tuple[StableLine, ...]


def misses(line: Line, results: Sequence[CriticalResult]) -> int:
    """Campaign Injuries: taken down, he misses the next combat (unless KO'd with Wounds left: he "will fully
    recover"); some results force more; "only the worst penalty is used"."""
    taken_out = 1 if line.taken_down_by is not None and not line.wounds_left else 0
    return max([taken_out, *(r.misses for r in results)])


def injure(state: FighterState, line: Line, results: Sequence[CriticalResult]) -> FighterState:
    """Each critical result's campaign effect: permanent injuries, hatred, slain; two wooden legs or two lost eyes
    retire him. A Pit King taken down loses his title (8.1)."""
    injuries = state.injuries
    hates = set(state.hates)
    for critical, found in zip(line.criticals, results, strict=True):
        if found.injury:
            injuries = replace(injuries, **{found.injury: getattr(injuries, found.injury) + 1})
        if found.hatred:
            hates.add(critical.by)
        # Scar: "If an eye or ear that has been lost is hit again then ignore the result."
        if critical.scar == SCAR_EAR and injuries.ears < 2:
            injuries = replace(injuries, ears=injuries.ears + 1)
        if critical.scar == SCAR_EYE and injuries.eyes < 2:
            injuries = replace(injuries, eyes=injuries.eyes + 1)
    status = SLAIN if any(r.slain for r in results) else RETIRED if injuries.must_retire else ACTIVE
    return replace(
        state,
        injuries=injuries,
        hates=frozenset(hates),
        status=status,
        misses=misses(line, results) if status == ACTIVE else 0,
        pit_king=state.pit_king and line.taken_down_by is None,
        combats=state.combats + 1,
    )


def learn_skills(state: FighterState, step: int, house: HouseValues, dice: DiceSource) -> tuple[FighterState, list[SkillRoll]]:
    """Campaign Training: a skill for every `step` takedowns, by a D66 roll (two D66 numbers a skill, in the
    league's order); a skill held or one he may not use (Shield Bash without a shield) is rolled again."""
    due = state.skill_points // step - len(state.skills)
    if due <= 0:
        return state, []
    order = house.d66_order()
    shields = house.shield_types()

    def usable(skill: str, held: Sequence[str]) -> bool:
        return skill not in held and (not SKILLS[skill].shield or state.type in shields)

    skills = list(state.skills)
    rolls: list[SkillRoll] = []
    for number in range(len(skills) + 1, len(skills) + due + 1):
        attempt = 0
        while any(usable(s, skills) for s in order):
            attempt += 1
            label = f"skill.{state.id}.{number}.{attempt}"
            rolled = dice.roll(label, "skill", 2, subject=state.id, number=number)
            skill = order[D66_RESULTS.index(10 * rolled[0] + rolled[1]) // 2]
            learnt = usable(skill, skills)
            rolls.append(SkillRoll(state.id, label, rolled, skill, learnt))
            if learnt:
                skills.append(skill)
                break
    return replace(state, skills=tuple(skills)), rolls


def pit_king(result: CombatResult, won: set[int]) -> int | None:
    """Becoming a Pit King: the single fighter of a Sigmar combat ("takes on and defeats a team of three
    opponents") who wins; an Ogre may fight it but "any type ... other than an Ogre" earns the title."""
    if result.style != SIGMAR:
        return None
    single = next(e for e in result.entries if sum(x.team == e.team for x in result.entries) == 1)
    return single.fighter if single.fighter in won and TYPES[single.type].kind != OGRE else None


def post_combat(combat: Combat, dice: DiceSource) -> PostCombat:
    """8.4 after a confirmed combat, in order: injuries and missed fights; fighters of the stables taking part who
    sat it out count it as a fight missed; survivors' training (+1 point to spread) and skills; the Pit King."""
    result = combat.result
    lines = {line.fighter: line for line in result.lines}
    found = {f: [CHARTS[c.chart].results[c.result] for c in line.criticals] for f, line in lines.items()}
    won = set(winners(result))
    states = dict(combat.fighters)
    for fighter, line in lines.items():
        injured = injure(states[fighter], line, found[fighter])
        states[fighter] = replace(injured, wins=injured.wins + (fighter in won))
    for fighter, state in combat.fighters.items():
        if fighter not in lines and state.misses:
            states[fighter] = replace(state, misses=state.misses - 1)
    for fighter, line in lines.items():
        if line.taken_down_by is not None:
            trophy = any(r.trophy for r in found[fighter])
            taker = states[line.taken_down_by]
            states[taker.id] = replace(
                taker,
                takedowns=taker.takedowns + 1,
                skill_points=taker.skill_points + (TROPHY_TAKEDOWNS if trophy else 1),
            )
    crowned = pit_king(result, won)
    step = SKILL_EVERY_FASTER if combat.faster_progression else SKILL_EVERY
    rolls: list[SkillRoll] = []
    for fighter in lines:
        state = states[fighter]
        if state.status != ACTIVE:
            continue
        extra = PIT_KING_BONUS - BONUS if fighter == crowned and not state.pit_king else 0
        state = replace(
            state,
            points=state.points + SURVIVOR_POINTS + extra,
            pit_king=state.pit_king or fighter == crowned,
        )
        states[fighter], learnt = learn_skills(state, step, combat.house, dice)
        rolls += learnt
    replacements = tuple(
        (f, FighterState(0, states[f].stable, states[f].type, combat.house.starting(states[f].type), points=BONUS))
        for f in lines
        if states[f].status == SLAIN
    )
    stable_ids = dict.fromkeys(e.stable for e in result.entries)
    stables = tuple(
        StableLine(
            stable,
            won=any(e.fighter in won for e in result.entries if e.stable == stable),
            takedowns=sum(
                1
                for line in result.lines
                if line.taken_down_by is not None and combat.fighters[line.taken_down_by].stable == stable
            ),
        )
        for stable in stable_ids
    )
    changed = tuple(state for fighter, state in states.items() if state != combat.fighters[fighter])
    return PostCombat(changed, replacements, tuple(rolls), crowned, stables)


# --- Standings -------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class StandingRow:
    stable: int
    name: str
    combats: int
    wins: int
    takedowns: int


def standings_order(rows: Sequence[StandingRow]) -> list[StandingRow]:
    """The campaign's standings (the rulebook keeps none): most wins, then most takedowns, then by name."""
    return sorted(rows, key=lambda r: (-r.wins, -r.takedowns, r.name.lower()))
