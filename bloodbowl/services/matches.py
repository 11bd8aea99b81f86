"""Writes to Blood Bowl matches: scheduling, the pre-match rolls, the Special Play Cards and the
Apothecary, the result through the shared lifecycle (games.lifecycle: report, confirmation, dispute,
approval, void) with the post-match sequence as its post-game, and star player roll choices. Each runs
in one transaction with the match row locked, so two coaches acting at once apply it once.

Dice: the server rolls and stores each roll before anything depends on it (a games Roll row, found again
on a retry or a reload). When the league's `table_dice` option is on, a coach may send the dice rolled
at the table instead, keyed by the roll's label (`gate`, `cards.home`, `winnings.away`, ...); they are
range-checked and stored marked as such.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from django.db import transaction
from django.db.models import Count, Prefetch, QuerySet
from django.urls import reverse
from django.utils import timezone

from bloodbowl.models import Match, MatchSide, Player, PlayerLine, StarPlayerRoll, TeamProfile, Tournament
from bloodbowl.selectors import (
    TeamWithTreasury,
    apothecary_candidates,
    league_house,
    match_rights,
    match_side_of,
    pending_match_between,
    player_facts,
    report_open,
    star_player_roll_position,
    team_facts,
    team_rating_of,
    teams,
)
from bloodbowl.selectors_tournaments import knockout_report_problems, match_stage, prematch_trophies, trophy_effects_by_team
from bloodbowl.services.standings import standings_recompute_queue
from engine.bloodbowl import match as match_rules
from engine.bloodbowl import postmatch, prematch
from engine.bloodbowl import report as report_rules
from engine.bloodbowl.facts import PlayerFacts, TeamFacts
from engine.bloodbowl.match import MatchFacts, SideFacts, age, award_spp
from engine.bloodbowl.prematch import STAGES, Stage
from engine.bloodbowl.report import REFUSED_SCORE, SIDES, Side, report_from_data
from engine.bloodbowl.ruleset import RULESET
from engine.core.money import TREASURY, format_credits
from engine.core.violations import paths_named, raise_if_any
from games.dice import Dice
from games.lifecycle import ResultLifecycle
from games.models import Game, GameEvent, create_games
from leagues.models import League
from leagues.selectors import league_is_commissioner
from notifications.services import notify
from pitside.errors import Invalid, NotPermitted
from rosters.models import LedgerEntry, LedgerKind, Team


def _gold(amount: int) -> str:
    return format_credits(amount, "gold pieces")


def _dice(match: Match, user: Any, entered: Mapping[str, Any] | None) -> Dice:
    """The match's dice: dice rolled at the table are taken only when the league's `table_dice` option is on."""
    return Dice(match, user, entered, table_dice=bool(RULESET.option_value(match.league.options, "table_dice")))


# --- scheduling --------------------------------------------------------------------------------------


def match_create(
    *,
    league: League,
    user: Any,
    home_team_id: int,
    away_team_id: int,
    scheduled_for: datetime.date | None = None,
    location: str = "",
    again: bool = False,
    tournament: Tournament | None = None,
    tournament_week: int | None = None,
    tournament_round: str = "",
) -> Match:
    """A league match between two teams of the league, arranged by one of their coaches or a commissioner,
    with its date and place if known. A league match the two teams already have arranged and not played
    (either way round, a fixture list's included) is refused with `match-exists` unless `again` says it is
    meant. A tournament match (arranged by the tournament services) carries its tournament, week and round."""
    if home_team_id == away_team_id:
        raise Invalid.one("same-team", "away_team", "A team cannot play itself.")
    found = {t.pk: t for t in teams().filter(league=league, pk__in=[home_team_id, away_team_id])}
    missing = [(field, t) for field, t in (("home_team", home_team_id), ("away_team", away_team_id)) if t not in found]
    if missing:
        raise Invalid.one("team-not-in-league", missing[0][0], "That team does not play in this league.")
    coaches = {found[home_team_id].coach_id, found[away_team_id].coach_id}
    if getattr(user, "pk", None) not in coaches and not league_is_commissioner(league, user):
        raise NotPermitted.one("not-in-match", "match", "Only one of the two coaches or a commissioner can arrange this match.")
    with transaction.atomic():
        if tournament is None and not again and pending_match_between(league, home_team_id, away_team_id):
            raise Invalid.one(
                "match-exists",
                "again",
                f"{found[home_team_id].name} and {found[away_team_id].name} already have a match arranged and not "
                "played: confirm to arrange another.",
            )
        match = Match(
            league=league,
            created_by=user,
            scheduled_for=scheduled_for,
            location=location.strip(),
            tournament=tournament,
            tournament_week=tournament_week,
            tournament_round=tournament_round,
            stage=match_stage(tournament_round),
        )
        matches_insert(user=user, arranged=[(match, found[home_team_id], found[away_team_id])])
    return match


def matches_insert(*, user: Any, arranged: Sequence[tuple[Match, TeamWithTreasury, TeamWithTreasury]]) -> list[Match]:
    """Insert unsaved matches of one league, each with its home and away team (loaded by `teams()`): the
    match rows, their sides (each team's rating now, computed once a team) and their history's first lines,
    in four statements however many there are, and both coaches of each told (their notifications: one more).
    `match_create` and the fixture list's one way to make matches; the caller holds the transaction."""
    if not arranged:
        return []
    house = league_house(arranged[0][0].league)
    ratings: dict[int, int] = {}
    for _, home, away in arranged:
        for team in (home, away):
            if team.pk not in ratings:
                ratings[team.pk] = team_rating_of(team, house)
    made = create_games([match for match, _, _ in arranged])
    MatchSide.objects.bulk_create(
        MatchSide(match=match, team=team, home=is_home, team_rating=ratings[team.pk])
        for match, home, away in arranged
        for team, is_home in ((home, True), (away, False))
    )
    GameEvent.objects.bulk_create(GameEvent(game=match, user=user, action="created", payload={}) for match in made)
    RESULTS.arranged([(match, (home, away)) for match, (_, home, away) in zip(made, arranged, strict=True)])
    return made


# --- pre-match -----------------------------------------------------------------------------------------------


def _side_name(side: MatchSide) -> Side:
    return "home" if side.home else "away"


def prematch_roll(*, match_id: int, user: Any, dice: Mapping[str, Any] | None = None) -> Match:
    """Pre-Match Sequence, steps 3 to 6: the gate, the handicap and Special Play Cards, niggling injuries.
    Rolled once: asking again returns the same match (and refuses dice entered for it)."""
    with transaction.atomic():
        match = RESULTS.locked(match_id)
        RESULTS.require_member_or_commissioner(match, user)
        rolls = _dice(match, user, dice)
        if match.gate is None:
            if match.state != Game.State.SCHEDULED:
                raise Invalid.one("match-not-scheduled", "match", "This match is no longer waiting for kick-off.")
            _prematch(match, user, rolls)
        rolls.refuse_unused()
    return match


def _stage(match: Match) -> Stage:
    """The match's stage as the engine names it; the field holds one of STAGES (league, or the tournament
    round's, selectors_tournaments.ROUND_STAGES)."""
    for stage in STAGES:
        if match.stage == stage:
            return stage
    raise ValueError(f"Match {match.pk} has the unknown stage {match.stage!r}.")


def _prematch(match: Match, user: Any, dice: Dice) -> None:
    house = league_house(match.league)
    sides = list(match.sides.all())
    loaded = {t.pk: t for t in teams().filter(pk__in=[s.team_id for s in sides])}
    for side in sides:  # Team Ratings as they are at kick-off
        side.team_rating = team_rating_of(loaded[side.team_id], house)
    by_name = {_side_name(s): s for s in sides}
    fan_factor = sum(loaded[s.team_id].bb.fan_factor for s in sides)
    gate_dice = dice.roll("gate", "gate", fan_factor)
    match.gate = prematch.gate(gate_dice, _stage(match))
    bonus = prematch.handicap_bonus_cards(by_name["home"].team_rating, by_name["away"].team_rating)
    for name, side in by_name.items():
        team = loaded[side.team_id]
        (card_die,) = dice.roll(f"cards.{name}", "cards", 1, team=team.pk)
        side.special_play_cards = prematch.special_play_cards(card_die) + bonus[name]
        missing = []
        for player in team.bb_players.all():
            if player.status != Player.Status.ACTIVE:
                continue
            if player.niggling_injuries and not player.misses_next_match:
                rolled = dice.roll(f"niggling.{player.pk}", "niggling", player.niggling_injuries, team=team.pk, subject=player.pk)
                if prematch.niggling_misses(rolled):
                    player.misses_next_match = True
                    player.save(update_fields=["misses_next_match"])
            if player.misses_next_match:
                missing.append(player.pk)
        side.missing = missing
        side.save(update_fields=["team_rating", "special_play_cards", "missing"])
    match.save(update_fields=["gate"])
    cards = {n: s.special_play_cards for n, s in by_name.items()}
    RESULTS.record(match, user, "pre-match", payload={"gate": match.gate, "cards": cards, "trophies": prematch_trophies(match)})


def _own_side_at_kickoff(match: Match, user: Any, what: str) -> MatchSide:
    """The user's side of a match whose pre-match is rolled and whose report is not in yet."""
    side = match_side_of(match, user)
    if side is None:
        raise NotPermitted.one("not-in-match", "match", f"Only the two coaches {what}.")
    if match.gate is None or match.state != Game.State.SCHEDULED:
        raise Invalid.one("not-at-kickoff", "match", "That is done after the pre-match rolls and before the report.")
    return side


def cards_choose(*, match_id: int, user: Any, decks: Mapping[str, Any]) -> MatchSide:
    """5. Special Play Cards: the coach's split of the cards he may take over the four decks, with at most
    one Magic Item (he then draws them at random at the table)."""
    with transaction.atomic():
        match = RESULTS.locked(match_id)
        side = _own_side_at_kickoff(match, user, "choose their Special Play Cards")
        problems = prematch.check_card_decks(side.special_play_cards or 0, decks)
        raise_if_any(problems)
        side.card_decks = dict(decks)
        side.save(update_fields=["card_decks"])
        RESULTS.record(match, user, "cards", team=side.team, payload={"team": side.team_id, "decks": dict(decks)})
    return side


def apothecary_use(*, match_id: int, user: Any, player_id: int) -> MatchSide:
    """6. Niggling Injuries: the team's Apothecary lets one player who misses the match through a niggling
    injury roll take part after all (once a match: one Apothecary, one player)."""
    with transaction.atomic():
        match = RESULTS.locked(match_id)
        side = _own_side_at_kickoff(match, user, "use their Apothecary")
        if player_id not in {p.pk for p in apothecary_candidates(match, side)}:
            raise Invalid.one(
                "apothecary-refused",
                "player",
                "The Apothecary lets one player a match play who misses it through a niggling injury roll of 1, "
                "and only for a team that has one.",
            )
        side.missing = [p for p in side.missing if p != player_id]
        side.save(update_fields=["missing"])
        Player.objects.filter(pk=player_id).update(misses_next_match=False)
        RESULTS.record(match, user, "apothecary", team=side.team, payload={"team": side.team_id, "player": player_id})
    return side


def match_notes_set(*, match_id: int, user: Any, notes: str) -> MatchSide:
    """Match Records: a coach's brief notes about the match, on his own side's line."""
    match = Match.objects.prefetch_related("sides__team").get(pk=match_id)
    side = match_side_of(match, user)
    if side is None:
        raise NotPermitted.one("not-in-match", "match", "Only the two coaches keep notes on this match.")
    side.notes = notes.strip()
    side.save(update_fields=["notes"])
    return side


# --- the report ------------------------------------------------------------------------------------------------


def _with_drawn_mvps(match: Match, user: Any, report: Mapping[str, Any], sides: Mapping[Side, SideFacts]) -> dict[str, Any]:
    """MVP Awards are drawn at random: a side reported without its MVP gets one drawn by the server from
    the players in the match (a stored die over them, so reporting again draws the same player)."""
    report = {name: dict(side) for name, side in report.items()}
    dice = Dice(match, user)
    for name in SIDES:
        candidates = sorted(report_rules.mvp_candidates(sides[name].team))
        if report[name].get("mvp") is None and candidates:
            (drawn,) = dice.roll(f"mvp.{name}", "mvp", 1, team=sides[name].team_id, sides=len(candidates))
            report[name]["mvp"] = candidates[drawn - 1]
    return report


def _moved_on(match: Match) -> bool:
    """A team has moved on from this confirmed match: a star player roll of it chosen, a later match
    confirmed, or money spent or granted since (ledger rows of its teams the post-match did not write)."""
    team_ids = [s.team_id for s in match.sides.all()]
    effects = match.effects
    assert effects is not None  # the post-game stores it on every confirmed match
    return (
        match.star_player_rolls.filter(choice__isnull=False).exists()
        or Match.objects.filter(
            sides__team_id__in=team_ids, state=Game.State.CONFIRMED, confirmed_at__gt=match.confirmed_at
        ).exists()
        or LedgerEntry.objects.filter(team_id__in=team_ids, pk__gt=effects["ledger_from"])
        .exclude(pk__in=effects["ledger"])
        .exists()
    )


# --- the result: the shared lifecycle with the Blood Bowl hooks -----------------------------------------------


class BloodBowlResults(ResultLifecycle[Match]):
    """A Blood Bowl match's result: the report checked against both rosters, the post-match sequence
    as its post-game, and a void refused for a tournament's match or once a team has moved on."""

    noun = "match"

    def games_listed(self) -> QuerySet[Match]:
        sides = MatchSide.objects.select_related("team__coach")
        return Match.objects.select_related("league").prefetch_related(Prefetch("sides", queryset=sides))

    def label(self, game: Match) -> str:
        return f"match {game.pk}"

    def url(self, game: Match) -> str:
        return reverse("bb-match-detail", args=[game.pk])

    def check_report(self, game: Match, user: Any, report: Mapping[str, Any]) -> dict[str, Any]:
        """The report with its drawn MVPs, once the pre-match is rolled; the engine checks it against both
        rosters (and a knockout match's winner), every problem at once. A refused challenge's 9-0 is the
        rules' result (decide): it has no pre-match and no MVP."""
        refused = report.get("refused_by") is not None
        if game.gate is None and not refused:
            raise Invalid.one("prematch-missing", "match", "Make the pre-match rolls (gate, cards, niggling injuries) first.")
        if not report_open(game):
            raise Invalid.one("match-closed", "match", "The play-offs voided this match: its report cannot change.")
        sides = _sides_facts(game)
        standing = dict(report) if refused else _with_drawn_mvps(game, user, report, sides)
        match = _match_facts(game, standing, sides)
        RULESET.check_result(match)
        raise_if_any(knockout_report_problems(game, match.report))
        return standing

    def post_game(self, game: Match, user: Any, dice: Mapping[str, Any] | None) -> None:
        rolls = _dice(game, user, dice)
        _postmatch(game, user, rolls, self.label(game))
        rolls.refuse_unused()

    def check_void(self, game: Match) -> None:
        """A tournament's match is the tournament's; a confirmed one is refused once a team moved on from it."""
        if game.tournament_id is not None:
            raise Invalid.one(
                "match-not-voidable", "match", "A tournament's matches are the tournament's: they cannot be voided."
            )
        if game.state != Game.State.CONFIRMED:
            return
        # The teams locked first (in id order, as every treasury write locks them): nothing moves on meanwhile.
        team_ids = sorted(s.team_id for s in game.sides.all())
        list(Team.objects.select_for_update(of=("self",)).filter(pk__in=team_ids).order_by("pk").values_list("pk", flat=True))
        if _moved_on(game):
            raise Invalid.one(
                "match-moved-on",
                "match",
                "A team has moved on from this match (a star player roll chosen, a later match, or money spent or "
                "granted since): it can no longer be voided.",
            )

    def undo_post_game(self, game: Match, user: Any) -> None:
        """Both teams' players and profiles as they were before the post-match; its star player rolls
        (none chosen: check_void) deleted."""
        effects = game.effects
        assert effects is not None  # the post-game stores it on every confirmed match
        for player in Player.objects.filter(team_id__in=[s.team_id for s in game.sides.all()]):
            for field, value in effects["players"].get(str(player.pk), {}).items():
                setattr(player, field, value)
            player.save()
        for team_id, profile in effects["profiles"].items():
            TeamProfile.objects.filter(team_id=team_id).update(**profile)
        game.star_player_rolls.all().delete()

    def void_undoes(self, game: Match) -> list[str]:
        """The players and teams the post-match changed (its stored state against theirs now), its star player rolls."""
        effects = game.effects or {}
        now = teams_state([s.team_id for s in game.sides.all()])

        def changed(kind: str, key: str, words: Mapping[str, str]) -> str:
            before, after = effects.get(kind, {}).get(key, {}), now[kind].get(key, {})
            return ", ".join(words[field] for field in words if field in before and before[field] != after.get(field))

        players = Player.objects.filter(pk__in=[int(pk) for pk in effects.get("players", {})]).order_by("team_id", "number")
        put_back = [f"#{p.number} {p.name} ({what})" for p in players if (what := changed("players", str(p.pk), PLAYER_WORDS))]
        sides = game.sides.all()
        teams = [f"{s.team.name} ({what})" for s in sides if (what := changed("profiles", str(s.team_id), PROFILE_WORDS))]
        rolls = game.star_player_rolls.count()
        return [
            *([f"Players put back as they were before the post-match: {'; '.join(put_back)}."] if put_back else []),
            *([f"Teams put back: {'; '.join(teams)}."] if teams else []),
            *([f"Its {rolls} star player roll{'s' if rolls != 1 else ''} (none chosen yet) deleted."] if rolls else []),
            "The league table is worked out again.",
        ]

    def clear_report(self, game: Match) -> None:
        MatchSide.objects.filter(match=game).update(
            score=None, touchdowns=None, casualties=None, winnings=None, fan_factor_change=None
        )
        PlayerLine.objects.filter(match=game).delete()

    def after_confirmed(self, game: Match) -> None:
        standings_recompute_queue(game.league_id)


RESULTS = BloodBowlResults()


def report_submit(
    *, match_id: int, user: Any, report: Mapping[str, Any], idempotency_key: str | None = None
) -> tuple[Match, bool]:
    """A coach of the match (or a commissioner) reports it: RESULTS.submit."""
    return RESULTS.submit(game_id=match_id, user=user, report=report, idempotency_key=idempotency_key)


def report_confirm(*, match_id: int, user: Any, dice: Mapping[str, Any] | None = None) -> tuple[Match, bool]:
    """The coach of a side still to confirm confirms the report; a commissioner without such a side
    approves it instead (even when disputed). The post-match runs once, when the result is confirmed; dice
    entered when this write does not run it are refused (for rolls made before, or not due yet)."""
    match = RESULTS.load(match_id)
    approves = match is not None and not match_rights(match, user).confirm and league_is_commissioner(match.league, user)
    write = RESULTS.approve if approves else RESULTS.confirm
    with transaction.atomic():
        written, changed = write(game_id=match_id, user=user, dice=dice)
        if dice and not (changed and written.state == Game.State.CONFIRMED):
            _dice(written, user, dice).refuse_unused()
    return written, changed


def report_dispute(*, match_id: int, user: Any, reason: str) -> tuple[Match, bool]:
    """The other coach disputes the report: RESULTS.dispute."""
    return RESULTS.dispute(game_id=match_id, user=user, reason=reason)


def match_void(*, match_id: int, user: Any, reason: str) -> tuple[Match, bool]:
    """A commissioner voids a league match's result: RESULTS.void (a confirmed one's post-match put back)."""
    return RESULTS.void(game_id=match_id, user=user, reason=reason)


def match_schedule(*, match_id: int, user: Any, scheduled_for: datetime.date | None, location: str) -> tuple[Match, bool]:
    """The match's date and place: RESULTS.schedule (a commissioner any time, its coaches until it is played)."""
    return RESULTS.schedule(game_id=match_id, user=user, scheduled_for=scheduled_for, location=location)


def match_refusal_record(*, match: Match, user: Any, refused_by: Side) -> Match:
    """Challenges, Refuse: the match stands confirmed as a 9-0 win for the other side, and the post-match
    gives no Star Player Points, cash or Fan Factor (the stored report carries `refused_by`). For the
    caller's transaction, in which the match was just arranged."""
    winner, loser = {"score": REFUSED_SCORE}, {"score": 0}
    report = {
        "home": loser if refused_by == "home" else winner,
        "away": winner if refused_by == "home" else loser,
        "refused_by": refused_by,
    }
    return RESULTS.decide(game=match, user=user, report=report, action="refused")


# --- post-match --------------------------------------------------------------------------------------------------


def _sides_facts(match: Match) -> dict[Side, SideFacts]:
    """The engine's facts of both sides: each team as it is now, with its Team Rating and missing players
    at kick-off, its sponsorship, and the star player rolls its players rolled before."""
    sides = list(match.sides.all())
    loaded = {t.pk: t for t in teams().filter(pk__in=[s.team_id for s in sides])}
    trophies = trophy_effects_by_team(list(loaded))
    stored = _rolls_stored(list(loaded))
    return {
        _side_name(side): SideFacts(
            team_id=side.team_id,
            team=team_facts(loaded[side.team_id]),
            team_rating=side.team_rating or 0,
            missing=frozenset(side.missing),
            sponsorship=trophies[side.team_id].sponsorship,
            rolls_stored=stored,
        )
        for side in sides
    }


def _match_facts(match: Match, report: Mapping[str, Any], sides: Mapping[Side, SideFacts]) -> MatchFacts:
    return MatchFacts(
        report_from_data(report), sides["home"], sides["away"], _stage(match), match.gate, league_house(match.league)
    )


def _rolls_stored(team_ids: Sequence[int]) -> dict[int, int]:
    """Player id -> the star player rolls rolled for him so far (chosen or not)."""
    counts = StarPlayerRoll.objects.filter(player__team_id__in=team_ids).values("player").annotate(count=Count("id"))
    return {row["player"]: row["count"] for row in counts}


def _save_player(player: Player, facts: PlayerFacts) -> None:
    player.stats = {c: facts.current.get(c) for c in ("ma", "st", "ag", "av")}
    player.skills = list(facts.skills)
    player.spp = facts.spp
    player.skill_rolls = facts.skill_rolls_made
    player.peaked = facts.peaked
    player.niggling_injuries = facts.niggling
    player.misses_next_match = facts.misses_next_match
    player.status = facts.status
    player.aging = list(facts.aging)
    player.save()


def _save_players(before: TeamFacts, after: TeamFacts) -> None:
    changed = {p.id: p for p in after.players if p != before.player(p.id)}
    for player in Player.objects.filter(pk__in=changed):
        _save_player(player, changed[player.pk])


def _store_rolls(match: Match, team: Team, rolls: Sequence[match_rules.StarPlayerRoll]) -> None:
    """Store the star player rolls of one team's players, and tell its coach that they wait for his choice
    (on the match page): one notification for the rolls stored together."""
    if not rolls:
        return
    made = StarPlayerRoll.objects.bulk_create(
        StarPlayerRoll(match=match, player_id=r.player, number=r.number, dice=list(r.dice)) for r in rolls
    )
    count = "a star player roll" if len(made) == 1 else f"{len(made)} star player rolls"
    notify(
        users=[team.coach],
        league=match.league,
        event=f"bb-star-player-rolls:{made[0].pk}",
        text=f"{team.name} has {count} to choose after {RESULTS.label(match)}.",
        url=RESULTS.url(match),
    )


# What a post-match may change of a player and of a team's profile (a void puts it back), in the words the page
# asking before a void names it.
PLAYER_WORDS = {
    "stats": "characteristics",
    "skills": "skills",
    "spp": "Star Player Points",
    "skill_rolls": "star player rolls",
    "peaked": "peak",
    "niggling_injuries": "niggling injuries",
    "misses_next_match": "missing the next match",
    "status": "status",
    "aging": "aging",
}
PROFILE_WORDS = {
    "rerolls": "Team Re-rolls",
    "fan_factor": "Fan Factor",
    "apothecary": "Apothecary",
    "assistant_coaches": "Assistant Coaches",
    "cheerleaders": "Cheerleaders",
}
PLAYER_STATE = tuple(PLAYER_WORDS)
PROFILE_STATE = tuple(PROFILE_WORDS)


def teams_state(team_ids: Sequence[int]) -> dict[str, Any]:
    """The players and profiles of the teams as they are, to put back when the match is voided."""
    players = Player.objects.filter(team_id__in=team_ids).values("id", *PLAYER_STATE)
    profiles = TeamProfile.objects.filter(team_id__in=team_ids).values("team_id", *PROFILE_STATE)
    return {
        "players": {str(p["id"]): {f: p[f] for f in PLAYER_STATE} for p in players},
        "profiles": {str(p["team_id"]): {f: p[f] for f in PROFILE_STATE} for p in profiles},
    }


def _postmatch(match: Match, user: Any, dice: Dice, label: str) -> None:
    """The engine's Post-Match Sequence (engine.bloodbowl.match.post_match) applied: each side's score,
    touchdowns and winnings, the winnings paid into (or out of) the treasury, the teams' profiles and players as
    it left them, the star player rolls it rolled, and the report's touchdowns and casualties of each player (the
    leaders'). Both teams as they were go into `match.effects`, for a void to put back."""
    assert match.report is not None  # the post-match follows a report
    sides = _sides_facts(match)
    match.effects = teams_state([side.team_id for side in sides.values()])
    outcome = RULESET.post_game(_match_facts(match, match.report, sides), dice)
    report = report_from_data(match.report)
    for side in match.sides.all():
        name = _side_name(side)
        before, result = sides[name], outcome.side(name)
        side.score, side.touchdowns, side.casualties = result.score, report.touchdowns(name), result.casualties
        side.winnings, side.fan_factor_change = result.winnings, result.fan_factor_change
        side.save(update_fields=["score", "touchdowns", "casualties", "winnings", "fan_factor_change"])
        if result.treasury_change:
            kind = "Match winnings" if result.winnings >= 0 else "Negative winnings"
            sponsored = f", Bloodweiser sponsorship {_gold(before.sponsorship)}" if before.sponsorship else ""
            reason = f"{kind}, {label} (d6 {result.winnings_d6}{sponsored})"
            LedgerEntry.objects.create(
                team=side.team,
                account=TREASURY,
                amount=result.treasury_change,
                kind=LedgerKind.WINNINGS,
                reason=reason,
                created_by=user,
            )
        after = result.team
        TeamProfile.objects.filter(team_id=side.team_id).update(
            rerolls=after.rerolls,
            apothecary=after.apothecary,
            cheerleaders=after.cheerleaders,
            assistant_coaches=after.assistant_coaches,
            fan_factor=after.fan_factor,
        )
        _save_players(before.team, after)
        _store_rolls(match, side.team, result.star_player_rolls)
    PlayerLine.objects.bulk_create(
        PlayerLine(match=match, player_id=player, touchdowns=touchdowns, casualties=casualties)
        for player, (touchdowns, casualties) in report.player_counts().items()
    )


def spp_award(*, match: Match, team: Team, earned: Mapping[int, int], dice: Dice) -> None:
    """Star Player Points earned outside a match's report (a Blood Bowl Player's Medal after the final:
    player id -> SPP) and the star player rolls they bring, rolled now and stored."""
    stored = _rolls_stored([team.pk])
    rolled: list[match_rules.StarPlayerRoll] = []
    for player in Player.objects.filter(team=team, pk__in=earned):
        after, rolls = award_spp(player_facts(player), earned[player.pk], stored.get(player.pk, 0), team.pk, dice)
        _save_player(player, after)
        rolled.extend(rolls)
    _store_rolls(match, team, rolled)


# --- star player roll choices ----------------------------------------------------------------------------------------


def spr_choose(*, spr_id: int, user: Any, kind: str, target: str | None = None) -> StarPlayerRoll:
    """The coach's choice for a stored Star Player Roll; then the Peak Roll (2d6, stored) for a player who
    has not peaked, and for one who peaks now, his first aging roll."""
    with transaction.atomic():
        spr = StarPlayerRoll.objects.select_for_update().filter(pk=spr_id).first()
        if spr is None:
            raise Invalid.one("spr-unknown", "star_player_roll", "No such star player roll.")
        player = Player.objects.select_related("team__coach", "team__league").get(pk=spr.player_id)
        if player.team.coach_id != getattr(user, "pk", None):
            raise NotPermitted.one("not-coach", "team", "Only this player's coach chooses his star player roll.")
        if spr.choice is not None:
            raise Invalid.one("spr-chosen", "star_player_roll", "This star player roll has been chosen already.")
        pending_before = StarPlayerRoll.objects.filter(player=player, choice__isnull=True, number__lt=spr.number).exists()
        if pending_before:
            raise Invalid.one("spr-order", "star_player_roll", "Choose this player's earlier star player roll first.")
        spr.player = player
        position = star_player_roll_position(spr)
        if position is None:
            raise Invalid.one("team-lists-missing", "league", "This league has no team lists.")
        facts, team_lists, race = position
        if race is None:  # the commissioner replaced the team lists with ones without it
            raise Invalid.one("race-missing", "player", "This player's race is no longer in the league's team lists.")
        rolled = (spr.dice[0], spr.dice[1])
        with paths_named({"choice": "kind", "player": "star_player_roll"}):
            choice = postmatch.spr_choice(facts, rolled, kind, target)
            after = postmatch.apply_spr_choice(facts, rolled, choice, team_lists, race)
        dice = Dice(spr.match, user)
        if postmatch.peak_roll_due(after):
            first, second = dice.roll(
                f"peak.{player.pk}.{spr.number}", "peak", 2, team=player.team_id, subject=player.pk, number=spr.number
            )
            spr.peak_dice = [first, second]
            after = replace(after, peaked=postmatch.peaks(first + second, after.skill_rolls_made))
        if after.peaked and spr.peak_dice is not None:
            after = age(after, dice, f"peaked.{player.pk}", player.team_id, purpose="peaked_aging", number=spr.number)
        _save_player(player, after)
        spr.choice, spr.chosen_by, spr.chosen_at = {"kind": kind, "target": target}, user, timezone.now()
        spr.save(update_fields=["choice", "peak_dice", "chosen_by", "chosen_at"])
    return spr
