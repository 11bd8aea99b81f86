"""Writes to Blitz Bowl leagues: a coach's sign-up, arranging matches under the pairing rule (one, or the next
round), the result through the shared lifecycle (games.lifecycle) with the Coach Traits as its post-game, the
choice of a trait, and the finals.

Arranging locks the league row first, so two matches arranged at once are checked one after the other
against the pairing rule. Both coaches of every match made (the finals too) are told it is arranged, through
the shared lifecycle's notice.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Prefetch, QuerySet
from django.urls import reverse

from blitzbowl.models import CoachProfile, Match, MatchSide, TraitGain
from blitzbowl.selectors import (
    GAME_SYSTEM,
    LeagueState,
    coaches,
    home_away,
    league_schedule,
    league_state,
    stage_of,
    traits_held,
    winner,
)
from engine.blitzbowl import league as league_rules
from engine.blitzbowl import traits as trait_rules
from engine.blitzbowl.league import Pair, SideResult, Stage
from engine.blitzbowl.match import MatchResult
from engine.blitzbowl.ruleset import RULESET
from engine.core.violations import paths_named, raise_if_any
from games.dice import Dice
from games.lifecycle import ResultLifecycle
from games.models import GameEvent, create_games
from leagues.models import League
from leagues.selectors import league_is_commissioner
from leagues.services import league_require_commissioner
from pitside.errors import Invalid, NotFound, NotPermitted
from rosters.models import Team
from rosters.services import team_signing_up, team_signup_require_open
from webhooks.models import Channel
from webhooks.services import league_announce

_rng = random.SystemRandom()
DRAW_RANGE = 1_000_000_000


# --- Sign-up ----------------------------------------------------------------------------------------------


def coach_signup(*, league: League, coach: Any, name: str) -> Team:
    """You Will Need: a coach joins the league with his team's name (one team a coach); his tie-breaking draw
    is made now and stored."""
    team_signup_require_open(league)
    name = RULESET.check_team(name)
    if Team.objects.filter(league=league, coach=coach).exists():
        raise Invalid.one("coach-signed-up", "league", "You already coach a team in this league.")
    with team_signing_up(league=league, coach=coach, name=name, faction="") as team:
        CoachProfile.objects.create(team=team, draw=_rng.randrange(DRAW_RANGE))
    return team


# --- Arranging matches ----------------------------------------------------------------------------------------


def _locked_league(league_id: int) -> League:
    if League.objects.select_for_update().filter(pk=league_id, game_system=GAME_SYSTEM).first() is None:
        raise NotFound.one("league-unknown", "league", "No such league.")
    return League.objects.prefetch_related("commissioners").get(pk=league_id)


def _create(league: League, user: Any, stage: Stage, pairs: Sequence[league_rules.Pair], teams: Sequence[Team]) -> list[Match]:
    """The matches of `pairs` (home, away), with both coaches of each told (`teams`: theirs at least, with their coaches)."""
    by_id = {t.pk: t for t in teams}
    # In bulk, a round of a hundred matches as one: its games, their sides and their "created" lines (RESULTS.record's).
    made = create_games([Match(league=league, created_by=user, stage=stage) for _ in pairs])
    MatchSide.objects.bulk_create(
        side
        for match, (home, away) in zip(made, pairs, strict=True)
        for side in (MatchSide(match=match, team_id=home, home=True), MatchSide(match=match, team_id=away, home=False))
    )
    GameEvent.objects.bulk_create(GameEvent(game=match, user=user, action="created") for match in made)
    RESULTS.arranged([(match, (by_id[home], by_id[away])) for match, (home, away) in zip(made, pairs, strict=True)])
    return made


def _require_league_play(league: League) -> None:
    if Match.objects.filter(league=league).exclude(stage="league").exists():
        raise Invalid.one("finals-started", "league", "The finals have started: league play is over.")


def match_create(*, league_id: int, user: Any, home_team: int, away_team: int) -> Match:
    """Playing Matches: a league match between two coaches, arranged by one of them or a commissioner; the
    engine refuses one the pairing rule or the match count forbids, naming the coaches not yet played. Reads the
    coaches and the schedule as values: only the match's two teams are built, for their coaches' notices."""
    with transaction.atomic():
        league = _locked_league(league_id)
        rows = Team.objects.filter(league=league).order_by("pk").values_list("pk", "name", "coach_id")
        names, coach_of = {}, {}
        for pk, name, coach_id in rows:
            names[pk], coach_of[pk] = name, coach_id
        missing = [(field, t) for field, t in (("home_team", home_team), ("away_team", away_team)) if t not in names]
        if missing:
            raise Invalid.one("team-not-in-league", missing[0][0], "That coach does not play in this league.")
        mine = getattr(user, "pk", None) in (coach_of[home_team], coach_of[away_team])
        if not mine and not league_is_commissioner(league, user):
            raise NotPermitted.one(
                "not-in-match", "match", "Only one of the two coaches or a commissioner can arrange this match."
            )
        _require_league_play(league)
        pairings = league_rules.Pairings(league_schedule(league), list(names))
        count = RULESET.option_value(league.options, "matches")
        with paths_named({"home": "home_team", "away": "away_team"}):
            raise_if_any(pairings.pairing_problems(names, home_team, away_team, count))
        teams = Team.objects.filter(pk__in=(home_team, away_team)).select_related("coach")
        return _create(league, user, "league", [(home_team, away_team)], list(teams))[0]


def round_generate(*, league_id: int, user: Any) -> list[Match]:
    """A commissioner arranges the next round of legal pairings (engine.blitzbowl.league.next_round)."""
    with transaction.atomic():
        league = _locked_league(league_id)
        league_require_commissioner(league=league, user=user)
        _require_league_play(league)
        teams = coaches(league)
        ids = [t.pk for t in teams]
        raise_if_any(league_rules.coaches_problems(ids))  # before three coaches, no match is legal: say why
        pairings = league_rules.Pairings(league_schedule(league), ids)
        round_ = pairings.next_round(RULESET.option_value(league.options, "matches"))
        if not round_:
            raise Invalid.one("no-legal-pairing", "league", "No legal league match is left to arrange.")
        return _create(league, user, "league", round_, teams)


def finals_next_pairs(league: League) -> tuple[LeagueState, Stage, list[Pair]]:
    """The Finals' next round as the league stands: the league's state, the stage and its pairs (home, away) from
    the league table, or from the last round's winners; refused before league play is over or while a round has a
    result to confirm. finals_next draws it; the page asking first names it."""
    state = league_state(league)
    if not state.league_over:
        raise Invalid.one(
            "league-play-unfinished",
            "league",
            "League play is not over: every coach plays his matches (and every result is confirmed) before the finals.",
        )
    order = [line.team.pk for line in state.standings]
    if not state.finals:
        stage, pairs = league_rules.first_knockout_round(order, state.quarter_finals)
    else:
        last = state.finals[-1].matches
        winners = [w for w in (winner(m) for m in last) if w is not None]
        if len(winners) < len(last):
            raise Invalid.one("finals-unfinished", "league", "Every match of this round needs its confirmed result first.")
        stage, pairs = league_rules.next_knockout_round(order, stage_of(last[0]), winners)
    return state, stage, pairs


def finals_next(*, league_id: int, user: Any) -> list[Match]:
    """The Finals: once league play is over, the commissioner draws the final (the top two) or the
    quarter-finals (the top eight, 1st v 8th ...); once a round is confirmed, the next one from its winners."""
    with transaction.atomic():
        league = _locked_league(league_id)
        league_require_commissioner(league=league, user=user)
        state, stage, pairs = finals_next_pairs(league)
        drawn = _create(league, user, stage, pairs, state.coaches)
        names = {t.pk: t.name for t in state.coaches}
        league_announce(
            league_id=league.pk,
            event=Channel.Event.PLAYOFFS,
            key=f"finals:{drawn[0].pk}",
            text=f"{league.name}: the {league_rules.STAGE_NAMES[stage].lower()} {'is' if len(pairs) == 1 else 'are'} drawn.",
            url=reverse("blitz-match", args=[drawn[0].pk]),
            lines=[f"{names[home]} v {names[away]}" for home, away in pairs],
        )
        return drawn


# --- The result: the shared lifecycle with the Blitz Bowl hooks ---------------------------------------------------


def _result(match: Match, report: Mapping[str, Any]) -> MatchResult:
    home, away = home_away(match)

    def line(name: str) -> SideResult:
        side = report[name]
        return SideResult(side["score"], side["challenge_cards"], side["injuries"])

    held = traits_held([home.team_id, away.team_id])
    return MatchResult(stage_of(match), home.team_id, away.team_id, line("home"), line("away"), held)


class BlitzBowlResults(ResultLifecycle[Match]):
    """A Blitz Bowl match's result: the coach roster's lines checked by the engine, the Coach Traits after a
    league match as its post-game (no money), and a void that takes back the traits it gave."""

    noun = "match"

    def games_listed(self) -> QuerySet[Match]:
        sides = MatchSide.objects.select_related("team__coach")
        return (
            Match.objects.filter(league__game_system=GAME_SYSTEM)
            .select_related("league")
            .prefetch_related(Prefetch("sides", queryset=sides))
        )

    def label(self, game: Match) -> str:
        home, away = home_away(game)
        return f"{league_rules.STAGE_NAMES[stage_of(game)]} {home.team.name} v {away.team.name}"

    def url(self, game: Match) -> str:
        return reverse("blitz-match", args=[game.pk])

    def arranged_label(self, game: Match) -> str:
        return league_rules.STAGE_NAMES[stage_of(game)]

    def check_report(self, game: Match, user: Any, report: Mapping[str, Any]) -> dict[str, Any]:
        RULESET.check_result(_result(game, report))
        return {name: dict(report[name]) for name in ("home", "away")}

    def record_report(self, game: Match, report: Mapping[str, Any]) -> None:
        for side in game.sides.all():
            line = report["home" if side.home else "away"]
            side.score, side.challenge_cards, side.injuries = line["score"], line["challenge_cards"], line["injuries"]
            side.save(update_fields=["score", "challenge_cards", "injuries"])

    def post_game(self, game: Match, user: Any, dice: Mapping[str, Any] | None) -> None:
        """Gaining Coach Traits, rolled and stored (a void and a new report find the same dice)."""
        assert game.report is not None  # the post-game follows a report
        outcome = RULESET.post_game(_result(game, game.report), Dice(game, user, dice))
        TraitGain.objects.bulk_create(
            TraitGain(team_id=gain.coach, match=game, dice=list(gain.dice), rolled=gain.rolled, trait=gain.trait or "")
            for gain in outcome.gains
            if gain.trait or gain.choose
        )
        if game.stage == "final":
            home, away = home_away(game)
            won = league_rules.league_points(home.score or 0, away.score or 0) == league_rules.WIN
            champion = (home if won else away).team.name
            league_announce(
                league_id=game.league_id,
                event=Channel.Event.PLAYOFFS,
                key=f"champion:{game.pk}:{max(e.pk for e in game.events.all())}",  # the write that confirmed it
                text=f"{champion} won the final: champion of {game.league.name}!",
                url=self.url(game),
            )

    def check_void(self, game: Match) -> None:
        """Refused once the next stage is drawn from this one: the finals from the league table, a round of the
        finals from its winners."""
        later = Match.objects.filter(league=game.league, pk__gt=game.pk).exclude(stage__in=("league", game.stage))
        if later.exists():
            raise Invalid.one("match-not-voidable", "match", "The next stage of the league is drawn from this result: it stands.")

    def undo_post_game(self, game: Match, user: Any) -> None:
        """The Coach Traits the match gave are taken back."""
        game.trait_gains.all().delete()

    def void_undoes(self, game: Match) -> list[str]:
        gains = [
            f"{gain.team.name}: {trait_rules.TRAITS[gain.trait].name if gain.trait else 'a trait still to choose'}"
            for gain in game.trait_gains.select_related("team")
        ]
        standing = "The league table is worked out again."
        return [f"The Coach Traits it gave are taken back: {'; '.join(gains)}.", standing] if gains else [standing]

    def clear_report(self, game: Match) -> None:
        MatchSide.objects.filter(match=game).update(score=None, challenge_cards=None, injuries=None)


RESULTS = BlitzBowlResults()


def result_submit(
    *, match_id: int, user: Any, report: Mapping[str, Any], idempotency_key: str | None = None
) -> tuple[Match, bool]:
    """A coach of the match (or a commissioner) reports its result: RESULTS.submit."""
    return RESULTS.submit(game_id=match_id, user=user, report=report, idempotency_key=idempotency_key)


def result_confirm(*, match_id: int, user: Any, idempotency_key: str | None = None) -> tuple[Match, bool]:
    """The other coach confirms the result; a commissioner who coaches neither side approves it (also disputed)."""
    match = RESULTS.load(match_id)
    if match is not None and not RESULTS.user_sides(match, user) and league_is_commissioner(match.league, user):
        return RESULTS.approve(game_id=match_id, user=user, idempotency_key=idempotency_key)
    return RESULTS.confirm(game_id=match_id, user=user, idempotency_key=idempotency_key)


def match_schedule(*, match_id: int, user: Any, scheduled_for: datetime.date | None, location: str) -> tuple[Match, bool]:
    """The match's date and place: RESULTS.schedule (a commissioner any time, its coaches until it is played)."""
    return RESULTS.schedule(game_id=match_id, user=user, scheduled_for=scheduled_for, location=location)


def result_dispute(*, match_id: int, user: Any, reason: str) -> tuple[Match, bool]:
    return RESULTS.dispute(game_id=match_id, user=user, reason=reason)


def result_void(*, match_id: int, user: Any, reason: str) -> tuple[Match, bool]:
    """A commissioner voids the result: a confirmed league match's Coach Traits are taken back."""
    return RESULTS.void(game_id=match_id, user=user, reason=reason)


# --- Coach Traits ------------------------------------------------------------------------------------------------


def trait_choose(*, gain_id: int, user: Any, trait: str) -> TraitGain:
    """Gaining Coach Traits: a coach who rolled a trait he holds chooses one he does not hold."""
    with transaction.atomic():
        gain = TraitGain.objects.select_for_update().select_related("team").filter(pk=gain_id).first()
        if gain is None:
            raise NotFound.one("trait-gain-unknown", "trait_gain", "No such trait roll.")
        if gain.team.coach_id != getattr(user, "pk", None):
            raise NotPermitted.one("not-coach", "team", "Only this coach chooses his Coach Trait.")
        if gain.trait:
            raise Invalid.one("trait-chosen", "trait_gain", "This Coach Trait is chosen already.")
        trait_rules.check_choice(traits_held([gain.team_id])[gain.team_id], trait)
        gain.trait, gain.chosen_by = trait, user
        try:
            with transaction.atomic():
                gain.save(update_fields=["trait", "chosen_by"])
        except IntegrityError:  # the same trait chosen by two requests at once
            raise Invalid.one("trait-held", "trait", "The coach already has this Coach Trait.") from None
    return gain
