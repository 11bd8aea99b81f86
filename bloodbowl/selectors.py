"""Reads for Blood Bowl leagues: rows turned into the engine's facts, and what the pages show."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, TypedDict, cast

from django.db.models import OuterRef, Prefetch, QuerySet, Subquery, Sum
from django.db.models.functions import Coalesce
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django_stubs_ext import WithAnnotations

from bloodbowl.models import Match, MatchSide, Player, StarPlayerRoll
from bloodbowl.models import TeamLists as TeamListsRow
from engine.bloodbowl import postmatch, prematch
from engine.bloodbowl import team as team_rules
from engine.bloodbowl.facts import Characteristics, PlayerFacts, Status, TeamFacts
from engine.bloodbowl.house import HouseValues
from engine.bloodbowl.postmatch import SprChoice
from engine.bloodbowl.report import SIDES, Side, report_from_data
from engine.bloodbowl.ruleset import RULESET
from engine.bloodbowl.teamlists import Race, TeamLists, parse_team_data
from engine.core.money import TREASURY
from engine.core.ruleset import HOUSE_VALUE_REQUIRED
from engine.core.violations import RuleViolation, paths_under
from games.models import Game
from leagues.game_apps import SetupStep
from leagues.models import League
from leagues.selectors import league_is_commissioner, league_list
from leagues.setup import league_house_values
from rosters.models import LedgerEntry, Team

GAME_SYSTEM = RULESET.slug


class _Treasury(TypedDict):
    treasury: int


# A team as `teams()` loads it: with its treasury (the sum of its treasury ledger rows).
type TeamWithTreasury = WithAnnotations[Team, _Treasury]


def league_get(league_id: Any) -> League:
    """A Blood Bowl league, or 404."""
    return get_object_or_404(league_list().filter(game_system=GAME_SYSTEM), pk=league_id)


def league_house(league: League) -> HouseValues:
    return RULESET.house_values(league_house_values(league))


def team_lists_of(league: League) -> TeamLists | None:
    """The league's team lists, or None before the commissioner imported any."""
    row = TeamListsRow.objects.filter(league=league).first()
    return parse_team_data(row.data) if row else None


def team_lists_needed(leagues: Sequence[League]) -> dict[int, SetupStep]:
    """GameApp.signup_needs: no team can sign up to a league without team lists (an import holds a race at least);
    the step for each of `leagues` that has none. One query."""
    have = set(TeamListsRow.objects.filter(league_id__in=[league.pk for league in leagues]).values_list("league_id", flat=True))
    return {
        league.pk: SetupStep("team lists", "import its team lists", reverse("bb-team-lists", args=[league.pk]))
        for league in leagues
        if league.pk not in have
    }


def teams() -> QuerySet[TeamWithTreasury]:
    """Blood Bowl teams with their profile, coach, league, players and treasury (two queries). The treasury is a
    subquery per team, not a join grouped by team: a page of a league's teams sums only its own teams' ledgers, and
    counting them sums none."""
    treasury = LedgerEntry.objects.filter(team=OuterRef("pk"), account=TREASURY).order_by().values("team")
    return (
        Team.objects.filter(league__game_system=GAME_SYSTEM)
        .select_related("bb", "coach", "league")
        .prefetch_related(Prefetch("bb_players", queryset=Player.objects.order_by("number", "id")))
        .annotate(treasury=Coalesce(Subquery(treasury.annotate(total=Sum("amount")).values("total")), 0))
        .order_by("name", "id")
    )


def team_treasuries(team_ids: Sequence[int]) -> dict[int, int]:
    """These teams' treasuries (the sums of their treasury ledger rows; a team with none is left out), in one query."""
    return dict(treasury_sums(LedgerEntry.objects.filter(team_id__in=team_ids)))


def treasury_sums(entries: QuerySet[LedgerEntry]) -> QuerySet[LedgerEntry, tuple[int, int]]:
    """(team id, treasury) of the teams of these ledger rows, by team id (the treasury ledger rows summed)."""
    return entries.filter(account=TREASURY).order_by("team_id").values_list("team_id").annotate(total=Sum("amount"))


def team_get(team_id: Any) -> TeamWithTreasury:
    """A Blood Bowl team, or 404."""
    return get_object_or_404(teams(), pk=team_id)


def player_facts(player: Player) -> PlayerFacts:
    return PlayerFacts(
        id=player.pk,
        position=player.position,
        name=player.name,
        number=player.number,
        base=Characteristics(**player.base),
        current=Characteristics(**player.stats),
        skills=tuple(player.skills),
        spp=player.spp,
        value=player.value,
        big_guy=player.big_guy,
        categories=frozenset(player.categories),
        physical_on_doubles=player.physical_on_doubles,
        skill_rolls_made=player.skill_rolls,
        peaked=player.peaked,
        niggling=player.niggling_injuries,
        misses_next_match=player.misses_next_match,
        status=cast(Status, player.status),  # the column's choices are the engine's statuses
        aging=tuple(player.aging),
    )


def player_progress(player: Player) -> postmatch.Progress:
    """The player's title and Star Player Rolls earned, made and pending."""
    return postmatch.progress(player.spp, player.big_guy, player.skill_rolls)


def team_facts(team: TeamWithTreasury) -> TeamFacts:
    """The engine's view of a team loaded by `teams()` (its players prefetched, its treasury annotated)."""
    profile = team.bb
    return TeamFacts(
        race=team.faction,
        players=tuple(player_facts(p) for p in team.bb_players.all()),
        rerolls=profile.rerolls,
        fan_factor=profile.fan_factor,
        apothecary=profile.apothecary,
        assistant_coaches=profile.assistant_coaches,
        cheerleaders=profile.cheerleaders,
        treasury=team.treasury,
        reroll_cost=profile.reroll_cost,
    )


@dataclass(frozen=True)
class TeamLine:
    """A team as the league page and the team page show it."""

    team: Team
    facts: TeamFacts
    value: int | None  # None while a house value it needs is unset
    rating: int | None
    reason: str  # why value and rating are missing, or ""
    unset: tuple[str, ...] = ()  # the house values the reason names as not set (their keys)

    @property
    def total_spp(self) -> int:
        return sum(p.spp for p in self.facts.roster)


def team_line(team: TeamWithTreasury, house: HouseValues) -> TeamLine:
    facts = team_facts(team)
    try:
        value = team_rules.team_value(facts, house)
    except RuleViolation as missing:
        unset = tuple(v.path for v in missing.violations if v.code == HOUSE_VALUE_REQUIRED)
        return TeamLine(team, facts, None, None, str(missing), unset)
    return TeamLine(team, facts, value, team_rules.rating(value, sum(p.spp for p in facts.roster)), "")


def team_rating_of(team: TeamWithTreasury, house: HouseValues) -> int:
    """The team's Team Rating now; a RuleViolation naming the house value it needs when one is unset."""
    with paths_under("house_values."):
        rating: int = team_rules.team_rating(team_facts(team), house)
    return rating


def matches(league: League) -> QuerySet[Match]:
    """The league's matches as the matches API answers them, newest first, with their sides and each side's team
    name: not what it does not answer (a match's effects, kept for a void, are decoded per row for nothing)."""
    sides = MatchSide.objects.select_related("team")
    listed = Match.objects.filter(league=league).defer("effects")
    return listed.prefetch_related(Prefetch("sides", queryset=sides)).order_by("-created_at", "-id")


def matches_listed(league: League) -> QuerySet[Match]:
    """The league's matches as the matches page lists them: only the columns it shows of each match and side (a match's
    report and effects, a side's JSON fields and its coach would be decoded and built per row for nothing)."""
    shown_sides = MatchSide.objects.select_related("team").only("match_id", "home", "score", "team__name").order_by()
    listed = Match.objects.filter(league=league).only("state", "scheduled_for", "location", "fixture_round")
    return listed.prefetch_related(Prefetch("sides", queryset=shown_sides)).order_by("-created_at", "-id")


def pending_match_between(league: League, team_a: int, team_b: int) -> bool:
    """The two teams have a league match arranged and not played yet (either way round), in one query."""
    return (
        Match.objects.filter(league=league, tournament=None, state=Game.State.SCHEDULED, sides__team_id=team_a)
        .filter(sides__team_id=team_b)
        .exists()
    )


def match_get(match_id: Any) -> Match:
    """A Blood Bowl match with its league (and tournament), sides, rolls, star player rolls and history, or 404."""
    queryset = Match.objects.select_related("league", "tournament").prefetch_related(
        Prefetch("sides", queryset=MatchSide.objects.select_related("team__coach", "team__bb")),
        "rolls",
        Prefetch("star_player_rolls", queryset=StarPlayerRoll.objects.select_related("player")),
        "events__user",
        "league__commissioners",
    )
    return get_object_or_404(queryset, pk=match_id)


@dataclass(frozen=True)
class MatchRecordLine:
    """One line of the roster's Match Record Chart (rulebook: Match Records)."""

    match: Match
    opponent: Team
    score_for: int | None
    score_against: int | None
    casualties_for: int | None
    casualties_against: int | None
    gate: int | None
    winnings: int | None
    notes: str


def team_match_record(team: Team) -> list[MatchRecordLine]:
    """Match Records: the team's confirmed matches, oldest first, with the opposition, the score, each
    side's casualties, the gate and the team's winnings (written by the post-match). One query: both sides of
    each of its matches, with the match (not its report and effects, which the record does not show)."""
    sides = (
        MatchSide.objects.filter(match__sides__team=team, match__state=Game.State.CONFIRMED)
        .select_related("match", "team")
        .defer("match__report", "match__effects")
        .order_by("match__confirmed_at", "match__created_at", "match_id")
    )
    by_match: dict[int, list[MatchSide]] = {}
    for side in sides:
        by_match.setdefault(side.match_id, []).append(side)
    lines = []
    for both in by_match.values():
        own = next(s for s in both if s.team_id == team.pk)
        other = next(s for s in both if s.team_id != team.pk)
        lines.append(
            MatchRecordLine(
                own.match,
                other.team,
                own.score,
                other.score,
                own.casualties,
                other.casualties,
                own.match.gate,
                own.winnings,
                own.notes,
            )
        )
    return lines


def match_touchdowns(match: Match) -> dict[Side, int]:
    """Each side's touchdowns, summed from its players' in the match's stored report (none before it has
    one): the score also counts field goals."""
    report = report_from_data(match.report) if match.report else None
    return {name: report.touchdowns(name) if report else 0 for name in SIDES}


def match_side_of(match: Match, user: Any) -> MatchSide | None:
    """The side this user coaches in the match, if any (from the prefetched sides)."""
    return next((s for s in match.sides.all() if s.team.coach_id == getattr(user, "pk", None)), None)


def report_open(match: Match) -> bool:
    """The match may get a report: it has no confirmed result, and it is not a tournament match the
    play-offs voided (a league match's voided result may be reported again)."""
    if match.state == Game.State.VOIDED:
        return match.tournament_id is None
    return match.state != Game.State.CONFIRMED


@dataclass(frozen=True)
class MatchRights:
    """What a user may do to a match now: the one place the pages and the services ask."""

    prematch: bool
    report: bool
    confirm: bool  # a coach whose side has still to confirm the report standing
    approve: bool  # a commissioner, on a reported or disputed match
    dispute: bool
    void: bool  # a commissioner, on a league match's reported, disputed or confirmed result
    schedule: bool  # its date and place: a commissioner, or its coaches until it is played


def match_rights(match: Match, user: Any) -> MatchRights:
    from bloodbowl.services.matches import RESULTS  # the lifecycle's services read these selectors

    own = match_side_of(match, user)
    commissioner = league_is_commissioner(match.league, user)
    involved = own is not None or commissioner
    mine = {s.team_id for s in RESULTS.user_sides(match, user)}
    pending = any(s.team_id in mine for s in RESULTS.pending_sides(match))
    return MatchRights(
        prematch=involved and match.state == Game.State.SCHEDULED and match.gate is None,
        report=involved and report_open(match) and match.gate is not None,
        confirm=pending,
        approve=commissioner and match.state in (Game.State.SUBMITTED, Game.State.DISPUTED),
        dispute=pending,
        void=commissioner
        and match.state in (Game.State.SUBMITTED, Game.State.DISPUTED, Game.State.CONFIRMED)
        and match.tournament_id is None,
        schedule=RESULTS.schedule_refusal(match, user) is None,
    )


def apothecary_candidates(match: Match, side: MatchSide) -> list[Player]:
    """6. Niggling Injuries: the players the side's Apothecary may still let play, once a match: those
    who miss it through a niggling injury roll of 1. None when the team has no Apothecary."""
    if not side.team.bb.apothecary or match.events.filter(action="apothecary", team_id=side.team_id).exists():
        return []
    niggled = {
        roll.subject
        for roll in match.rolls.filter(team_id=side.team_id, purpose="niggling")
        if roll.subject is not None and prematch.niggling_misses(roll.dice)  # a niggling roll is a player's
    }
    return list(Player.objects.filter(pk__in=niggled.intersection(side.missing)).order_by("number"))


def star_player_roll_position(spr: StarPlayerRoll) -> tuple[PlayerFacts, TeamLists, Race | None] | None:
    """The player as he stands for this stored roll (the rolls before it made), with his league's team
    lists and race (None if the lists no longer have it); None while the league has no team lists."""
    player = spr.player
    team_lists = team_lists_of(player.team.league)
    if team_lists is None:
        return None
    return replace(player_facts(player), skill_rolls_made=spr.number - 1), team_lists, team_lists.race(player.team.faction)


def star_player_roll_options(spr: StarPlayerRoll) -> list[SprChoice]:
    """What the coach may choose for a stored Star Player Roll: nothing while the league has no team lists
    or they no longer have the player's race (choosing is refused then)."""
    position = star_player_roll_position(spr)
    if position is None:
        return []
    facts, team_lists, race = position
    if race is None:
        return []
    options: list[SprChoice] = postmatch.spr_options(facts, (spr.dice[0], spr.dice[1]), team_lists, race)
    return options
