"""Writes to Pit Fighter campaigns: an owner's stable, a fighter's training, arranging a combat, and the result
through the shared lifecycle (games.lifecycle) with injuries, training, skills and the Pit King as its post-game.

Arranging locks the campaign's league row first, so two combats arranged at once are checked one after the other
(a fighter in a combat whose result is not confirmed may not fight another)."""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction
from django.db.models import Prefetch, QuerySet
from django.urls import reverse

from engine.pitfighter import fighters as fighter_rules
from engine.pitfighter.campaign import Combat as CombatFacts
from engine.pitfighter.campaign import FighterState
from engine.pitfighter.combat import STYLE_NAMES, CombatResult, Critical, Line
from engine.pitfighter.ruleset import RULESET
from games.dice import Dice
from games.lifecycle import ResultLifecycle
from games.models import Game
from leagues.models import League
from leagues.selectors import league_is_commissioner
from leagues.setup import league_house_values
from pitfighter.models import Combat, CombatFighter, CombatSide, Fighter, SkillRoll
from pitfighter.selectors import GAME_SYSTEM, busy_fighters, characteristics_of, entry_of, state_of
from pitside.errors import Invalid, NotFound, NotPermitted
from rosters.models import Team
from rosters.services import team_signing_up, team_signup_require_open

# What a void puts back of a fighter: every field the post-game may change (and his hatreds).
RECORD = (
    *fighter_rules.CHARACTERISTICS,
    "points",
    "misses",
    "fingers",
    "arms",
    "kneecaps",
    "wooden_legs",
    "ears",
    "eyes",
    "status",
    "pit_king",
    "skills",
    "combats",
    "wins",
    "takedowns",
    "skill_points",
)


# --- Stables ------------------------------------------------------------------------------------------------------


def stable_create(*, league: League, coach: Any, name: str, fighters: Sequence[Mapping[str, Any]]) -> Team:
    """8.4 Campaigns: an owner creates his stable of five (one a campaign), each fighter's 10 bonus points spread."""
    team_signup_require_open(league)
    signup = fighter_rules.StableSignUp(
        name,
        [fighter_rules.NewFighter(f["name"], f["type"], f["bonus"]) for f in fighters],
        RULESET.house_values(league_house_values(league)),
    )
    profiles = RULESET.check_team(signup)
    if Team.objects.filter(league=league, coach=coach).exists():
        raise Invalid.one("owner-signed-up", "league", "You already own a stable in this campaign.")
    with team_signing_up(league=league, coach=coach, name=name, faction="") as team:
        Fighter.objects.bulk_create(Fighter(stable=team, name=p.name, type=p.type, **p.characteristics) for p in profiles)
    return team


def fighter_train(*, fighter_id: int, user: Any, points: Mapping[str, Any]) -> Fighter:
    """Campaign Training: the owner spreads the points his fighter has to spread."""
    with transaction.atomic():
        fighter = Fighter.objects.select_for_update(of=("self",)).select_related("stable__league").filter(pk=fighter_id).first()
        if fighter is None or fighter.stable.league.game_system != GAME_SYSTEM:
            raise NotFound.one("fighter-unknown", "fighter", "No such fighter.")
        if fighter.stable.coach_id != getattr(user, "pk", None):
            raise NotPermitted.one("not-owner", "fighter", "Only this fighter's owner trains him.")
        trained = fighter_rules.train(characteristics_of(fighter), fighter.points, points)
        for characteristic, value in trained.items():
            setattr(fighter, characteristic, value)
        fighter.points = 0
        fighter.save(update_fields=[*fighter_rules.CHARACTERISTICS, "points"])
    return fighter


# --- Arranging a combat ---------------------------------------------------------------------------------------------


def combat_create(*, league_id: int, user: Any, style: str, fighters: Sequence[Mapping[str, Any]]) -> Combat:
    """8.3, 8.4: a combat in a style, each fighter with his team (Sigmar, Alliance); arranged by the owner of a stable
    taking part or a commissioner; the engine refuses a line-up the style forbids or a fighter who must miss it."""
    with transaction.atomic():
        if League.objects.select_for_update().filter(pk=league_id, game_system=GAME_SYSTEM).first() is None:
            raise NotFound.one("league-unknown", "league", "No such campaign.")
        league = League.objects.prefetch_related("commissioners").get(pk=league_id)
        ids = [f["fighter"] for f in fighters]
        found = {f.pk: f for f in Fighter.objects.filter(pk__in=ids, stable__league=league).select_related("stable")}
        unknown = [i for i, fighter_id in enumerate(ids) if fighter_id not in found]
        if unknown:
            raise Invalid.one("fighter-unknown", f"fighters[{unknown[0]}].fighter", "No such fighter in this campaign.")
        mine = any(f.stable.coach_id == getattr(user, "pk", None) for f in found.values())
        if not mine and not league_is_commissioner(league, user):
            raise NotPermitted.one(
                "not-in-combat", "combat", "Only the owner of a stable taking part or a commissioner can arrange this combat."
            )
        busy = busy_fighters(league)
        lineup = RULESET.check_lineup(
            style, [entry_of(found[f["fighter"]], f.get("team") or 0, f["fighter"] in busy) for f in fighters]
        )
        combat = Combat.objects.create(league=league, style=style, created_by=user)
        sides = {}
        for entry in lineup:
            if entry.stable not in sides:
                sides[entry.stable] = CombatSide.objects.create(combat=combat, team_id=entry.stable)
        CombatFighter.objects.bulk_create(
            CombatFighter(combat=combat, side=sides[e.stable], fighter_id=e.fighter, team=e.team) for e in lineup
        )
        RESULTS.record(combat, user, "created", payload={"style": style, "fighters": [dict(f) for f in fighters]})
    return combat


# --- The result: the shared lifecycle with the Pit Fighter hooks ------------------------------------------------------


def _lines(report: Mapping[str, Any]) -> tuple[Line, ...]:
    return tuple(
        Line(
            line["fighter"],
            line.get("taken_down_by"),
            tuple(Critical(c["chart"], c["result"], c["by"], c.get("scar")) for c in line.get("criticals", ())),
            bool(line.get("wounds_left")),
        )
        for line in report["fighters"]
    )


def _result(combat: Combat, report: Mapping[str, Any]) -> CombatResult:
    entries = tuple(entry_of(e.fighter, e.team, False) for e in combat.entries.all())
    return CombatResult(combat.style, entries, _lines(report), report.get("winner"))


def _facts(combat: Combat, report: Mapping[str, Any]) -> CombatFacts:
    """The result with every active fighter of the stables taking part (and those in the combat)."""
    team_ids = [s.team_id for s in combat.sides.all()]
    fighters = Fighter.objects.filter(stable_id__in=team_ids).prefetch_related("hates")
    states = {f.pk: state_of(f) for f in fighters if f.status == Fighter.Status.ACTIVE}
    return CombatFacts(
        _result(combat, report),
        states,
        RULESET.option_value(combat.league.options, "faster_progression"),
        RULESET.house_values(league_house_values(combat.league)),
    )


def _apply(fighter: Fighter, state: FighterState) -> None:
    for characteristic, value in state.characteristics.items():
        setattr(fighter, characteristic, value)
    for name, value in vars(state.injuries).items():
        setattr(fighter, name, value)
    fighter.points, fighter.misses, fighter.status, fighter.pit_king = state.points, state.misses, state.status, state.pit_king
    fighter.skills = list(state.skills)
    fighter.combats, fighter.wins, fighter.takedowns, fighter.skill_points = (
        state.combats,
        state.wins,
        state.takedowns,
        state.skill_points,
    )
    fighter.save()
    fighter.hates.set(state.hates)


def _record(fighter: Fighter) -> dict[str, Any]:
    return {**{name: getattr(fighter, name) for name in RECORD}, "hates": [h.pk for h in fighter.hates.all()]}


class PitFighterResults(ResultLifecycle[Combat]):
    """A combat's result: the engine's check of who took whom down and the critical damage; the post-game applies
    the injuries, training, skills (D66, stored) and the Pit King, keeping each fighter's record to put back on a void."""

    noun = "combat"

    def games_listed(self) -> QuerySet[Combat]:
        sides = CombatSide.objects.select_related("team__coach")
        entries = CombatFighter.objects.select_related("fighter")
        return (
            Combat.objects.filter(league__game_system=GAME_SYSTEM)
            .select_related("league")
            .prefetch_related(Prefetch("sides", queryset=sides), Prefetch("entries", queryset=entries))
        )

    def label(self, game: Combat) -> str:
        names = ", ".join(e.fighter.name for e in game.entries.all())
        return f"{STYLE_NAMES[game.style]} combat #{game.pk} ({names})"[:120]

    def url(self, game: Combat) -> str:
        return reverse("pit-combat", args=[game.pk])

    def check_report(self, game: Combat, user: Any, report: Mapping[str, Any]) -> dict[str, Any]:
        RULESET.check_result(_facts(game, report))
        return {
            "fighters": [
                {
                    "fighter": line["fighter"],
                    "taken_down_by": line.get("taken_down_by"),
                    "wounds_left": bool(line.get("wounds_left")),
                    "criticals": [dict(c) for c in line.get("criticals", ())],
                }
                for line in report["fighters"]
            ],
            "winner": report.get("winner"),
        }

    def record_report(self, game: Combat, report: Mapping[str, Any]) -> None:
        lines = {line["fighter"]: line for line in report["fighters"]}
        for entry in game.entries.all():
            line = lines[entry.fighter_id]
            entry.taken_down_by_id, entry.wounds_left, entry.criticals = (
                line["taken_down_by"],
                line["wounds_left"],
                line["criticals"],
            )
            entry.save(update_fields=["taken_down_by", "wounds_left", "criticals"])

    def post_game(self, game: Combat, user: Any, dice: Mapping[str, Any] | None) -> None:
        assert game.report is not None  # the post-game follows a report
        facts = _facts(game, game.report)
        outcome = RULESET.post_game(facts, Dice(game, user, dice))
        changed = {f.pk: f for f in Fighter.objects.filter(pk__in=[s.id for s in outcome.fighters]).prefetch_related("hates")}
        game.effects = {"fighters": {str(pk): _record(f) for pk, f in changed.items()}}
        for state in outcome.fighters:
            _apply(changed[state.id], state)
        if outcome.crowned is not None:
            Fighter.objects.filter(pk=outcome.crowned, crowned_in=None).update(crowned_in=game)  # his first crowning
        Fighter.objects.bulk_create(
            Fighter(
                stable_id=recruit.stable,
                name=f"{changed[slain].name} II"[:60],
                type=recruit.type,
                points=recruit.points,
                recruited_in=game,
                **recruit.characteristics,
            )
            for slain, recruit in outcome.replacements
        )
        SkillRoll.objects.bulk_create(
            SkillRoll(combat=game, fighter_id=r.fighter, dice=list(r.dice), skill=r.skill, learnt=r.learnt)
            for r in outcome.skill_rolls
        )
        for side in game.sides.all():
            line = next(s for s in outcome.stables if s.stable == side.team_id)
            side.won, side.takedowns = line.won, line.takedowns
            side.save(update_fields=["won", "takedowns"])

    def check_void(self, game: Combat) -> None:
        """Refused once a stable of this combat has a later result (its fighters' records have moved on from this
        one), or a recruit it brought is lined up for a combat."""
        teams = [s.team_id for s in game.sides.all()]
        later = Combat.objects.filter(league=game.league, pk__gt=game.pk, sides__team__in=teams)
        if later.exclude(state__in=(Game.State.SCHEDULED, Game.State.VOIDED)).exists():
            raise Invalid.one("combat-not-voidable", "combat", "A stable of this combat has a later result: void that one first.")
        if CombatFighter.objects.filter(fighter__recruited_in=game).exists():
            raise Invalid.one("combat-not-voidable", "combat", "A recruit this combat brought is lined up for another combat.")

    def undo_post_game(self, game: Combat, user: Any) -> None:
        """The fighters' records as they stood before the combat; its recruits, skill rolls and crowning undone."""
        records = (game.effects or {}).get("fighters", {})
        for fighter in Fighter.objects.filter(pk__in=[int(pk) for pk in records]):
            record = records[str(fighter.pk)]
            for name in RECORD:
                setattr(fighter, name, record[name])
            fighter.save()
            fighter.hates.set(record["hates"])
        Fighter.objects.filter(crowned_in=game).update(crowned_in=None)
        game.recruits.all().delete()
        game.skill_rolls.all().delete()
        CombatSide.objects.filter(combat=game).update(won=None, takedowns=None)

    def void_undoes(self, game: Combat) -> list[str]:
        records = (game.effects or {}).get("fighters", {})
        fighters = [f.name for f in Fighter.objects.filter(pk__in=[int(pk) for pk in records]).order_by("pk")]
        recruits = [f.name for f in game.recruits.order_by("pk")]
        crowned = [f.name for f in Fighter.objects.filter(crowned_in=game)]
        return [
            f"Fighters put back as they were before it (injuries, points to spread, skills, wins): {', '.join(fighters)}.",
            *([f"Its skill rolls deleted: {game.skill_rolls.count()}."] if game.skill_rolls.exists() else []),
            *([f"The recruits it brought leave their stables: {', '.join(recruits)}."] if recruits else []),
            *([f"{', '.join(crowned)} loses the Pit King's title."] if crowned else []),
        ]

    def clear_report(self, game: Combat) -> None:
        CombatFighter.objects.filter(combat=game).update(taken_down_by=None, wounds_left=False, criticals=[])


RESULTS = PitFighterResults()


def result_submit(
    *, combat_id: int, user: Any, report: Mapping[str, Any], idempotency_key: str | None = None
) -> tuple[Combat, bool]:
    """An owner of a stable taking part (or a commissioner) reports the result: RESULTS.submit."""
    return RESULTS.submit(game_id=combat_id, user=user, report=report, idempotency_key=idempotency_key)


def result_confirm(*, combat_id: int, user: Any, idempotency_key: str | None = None) -> tuple[Combat, bool]:
    """The other owners confirm the result; a commissioner who owns no stable in it approves it (also disputed)."""
    combat = RESULTS.load(combat_id)
    if combat is not None and not RESULTS.user_sides(combat, user) and league_is_commissioner(combat.league, user):
        return RESULTS.approve(game_id=combat_id, user=user, idempotency_key=idempotency_key)
    return RESULTS.confirm(game_id=combat_id, user=user, idempotency_key=idempotency_key)


def combat_schedule(*, combat_id: int, user: Any, scheduled_for: datetime.date | None, location: str) -> tuple[Combat, bool]:
    """The combat's date and place: RESULTS.schedule (a commissioner any time, its coaches until it is played)."""
    return RESULTS.schedule(game_id=combat_id, user=user, scheduled_for=scheduled_for, location=location)


def result_dispute(*, combat_id: int, user: Any, reason: str) -> tuple[Combat, bool]:
    return RESULTS.dispute(game_id=combat_id, user=user, reason=reason)


def result_void(*, combat_id: int, user: Any, reason: str) -> tuple[Combat, bool]:
    """A commissioner voids the result: a confirmed combat's changes to the fighters are put back."""
    return RESULTS.void(game_id=combat_id, user=user, reason=reason)
