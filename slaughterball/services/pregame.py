"""Pre-game writes: choosing athletes (lineups), Pit Power and Edge tokens, and the Lasting Injuries rolled
after a confirmed game. The maverick auction is in slaughterball.services.auctions.

Each write runs in a transaction and checks who may do it; the rules are the engine's
(engine.slaughterball.auctions and engine.slaughterball.injuries).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from engine.core.violations import raise_if_any
from engine.slaughterball import auctions
from engine.slaughterball import injuries as injury_rules
from engine.slaughterball.facts import TeamFacts
from engine.slaughterball.ruleset import RULESET
from games.models import GameEvent
from leagues.models import League
from leagues.selectors import league_is_commissioner
from leagues.setup import league_house_values
from notifications.services import notify, notify_many
from pitside.errors import Invalid, NotFound, NotPermitted
from rosters.models import Team
from slaughterball.models import (
    AthleteAdjustment,
    Auction,
    Game,
    GameSide,
    LastingInjury,
    Lot,
    MaverickHire,
    Pregame,
    SeasonTeam,
)
from slaughterball.selectors import game_label, game_played
from slaughterball.selectors_pregame import league_rank_order, league_rank_orders
from slaughterball.selectors_teams import team_facts, teams_with_summary_data
from webhooks.models import Channel
from webhooks.services import league_announce

# --- Shared by the auction and the lineups ----------------------------------------------------------------


def new_rng() -> tuple[random.Random, str]:
    """A fresh random generator and its seed. The seed is stored with what it rolled, so the dice can be replayed."""
    seed = secrets.token_hex(16)
    return random.Random(seed), seed


def game_get(game_id: Any, *, lock: bool = False) -> Game:
    """A game with its week, season and league; locked for this transaction when `lock`."""
    games = Game.objects.select_related("week__season__league")
    if lock:
        games = games.select_for_update(of=("self",))
    game = games.filter(pk=game_id).first()
    if game is None:
        raise NotFound.one("game-unknown", "game", "No such game.")
    return game


def game_league(game: Game) -> League:
    return game.week.season.league


def game_sides(game: Game) -> list[GameSide]:
    return list(GameSide.objects.filter(game=game).select_related("team").order_by("id"))


def require_game_member(*, game: Game, user: Any, sides: Sequence[GameSide]) -> None:
    """A commissioner of the league or a coach of a team in this game."""
    if league_is_commissioner(game_league(game), user):
        return
    if not any(side.team.coach_id == getattr(user, "pk", None) for side in sides):
        raise NotPermitted.one("not-in-game", "game", "Only the coaches of this game and the commissioner can do that.")


def user_team(*, user: Any, sides: Sequence[GameSide], team_id: int | None = None) -> Team:
    """The team the user coaches in this game (the one named by `team_id` when given)."""
    mine = [side.team for side in sides if side.team.coach_id == getattr(user, "pk", None)]
    if team_id is not None:
        if not any(side.team_id == team_id for side in sides):
            raise Invalid.one("team-not-in-game", "team", "That team does not play in this game.")
        mine = [team for team in mine if team.pk == team_id]
    if not mine:
        raise NotPermitted.one("not-coach", "team", "Only a coach of a team in this game can do that, for his own team.")
    if len(mine) > 1:
        raise Invalid.one("team-required", "team", "You coach more than one team in this game: name the team.")
    return mine[0]


def require_game_scheduled(game: Game) -> None:
    if game.state != Game.State.SCHEDULED:
        raise Invalid.one("game-not-scheduled", "game", "This game's result is in: the pre-game is over.")


def teams_facts(team_ids: Iterable[int], game_system: str) -> dict[int, TeamFacts]:
    """The engine facts of several teams, in the same few queries whatever their number."""
    teams = teams_with_summary_data(Team.objects.filter(pk__in=list(team_ids)), game_system)
    return {team.pk: team_facts(team) for team in teams}


def team_potentials(facts: Mapping[int, TeamFacts], game_system: str) -> dict[int, int]:
    return {team: RULESET.team_potential(f) for team, f in facts.items()}


def season_draws(game: Game, team_ids: Iterable[int]) -> dict[int, float]:
    """Each team's recorded random draw in the season (SeasonTeam.draw, when the calendar recorded one)."""
    if "draw" not in {f.name for f in SeasonTeam._meta.get_fields()}:
        return {}
    rows = SeasonTeam.objects.filter(season_id=game.week.season_id, team__in=list(team_ids)).values_list("team", "draw")
    return {team: draw for team, draw in rows if draw is not None}


# --- Lineups: Choose Athletes, Calculate Pit Power, Underdog Bonus ---------------------------------------------


def _game_order_positions(team_ids: Iterable[int]) -> dict[int, dict[int, int]]:
    """For each team, its games (not voided) numbered in the order they are played."""
    rows = (
        GameSide.objects.filter(team__in=list(team_ids))
        .exclude(game__state=Game.State.VOIDED)
        .order_by("game__week__season_id", "game__week__number", "game__number", "game_id")
        .values_list("team", "game")
    )
    positions: dict[int, dict[int, int]] = {}
    for team, game in rows:
        mine = positions.setdefault(team, {})
        mine[game] = len(mine)
    return positions


def athletes_out(game: Game, team_ids: Iterable[int]) -> dict[int, str]:
    """Athletes who cannot play in this game because of a lasting injury (knives): athlete id -> why."""
    team_ids = list(team_ids)
    injuries = list(
        LastingInjury.objects.filter(team__in=team_ids, athlete__isnull=False, voided_at=None, games_missed__gt=0)
        .exclude(game=game)
        .select_related("game__week")
    )
    if not injuries:
        return {}
    positions = _game_order_positions(team_ids)
    out: dict[int, str] = {}
    for injury in injuries:
        games = positions.get(injury.team_id, {})
        if injury.game_id not in games or game.pk not in games:
            continue
        after = games[game.pk] - games[injury.game_id]
        if 0 < after <= injury.games_missed:
            assert injury.athlete_id is not None
            plural = "s" if injury.games_missed != 1 else ""
            out[injury.athlete_id] = (
                f"{injury.name} is out with a lasting injury from {injury.game} (misses {injury.games_missed} game{plural})."
            )
    return out


def _lineup_snapshot(facts: TeamFacts, athlete_ids: Sequence[int], hires: Mapping[int, MaverickHire]) -> list[dict[str, Any]]:
    """The lineup as it is at the game: athletes with their value now, mavericks with their adjustment."""
    snapshot: list[dict[str, Any]] = []
    for athlete_id in athlete_ids:
        athlete = facts.athlete(athlete_id)
        snapshot.append(
            {"id": athlete.id, "number": athlete.number, "name": athlete.name, "type": athlete.type, "value": athlete.value}
        )
    for hire in hires.values():
        snapshot.append(
            {
                "id": None,
                "hire": hire.pk,
                "maverick": hire.card,
                "number": None,
                "name": hire.name,
                "type": hire.type,
                "value": hire.pit_power_adjustment,
            }
        )
    return snapshot


def _auction_gate(game: Game, league: League) -> Auction | None:
    """Lineups come after the maverick auction: it must have been held, with no lot open and no draw held."""
    if RULESET.option_value(league.options, "no_mavericks"):
        return None
    auction = Auction.objects.filter(game=game).first()
    if auction is None:
        raise Invalid.one(
            "auction-not-held", "game", "The maverick auction comes first: open it (it may end at once if nobody rolls a knife)."
        )
    if auction.lots.filter(state="open").exists():
        raise Invalid.one(
            "auction-running", "game", "A maverick is still up for auction: the coaches bid or pass until it closes."
        )
    if auction.closed_at is None and auction.draws.filter(returned_at=None, lot=None).exists():
        raise Invalid.one(
            "auction-running",
            "game",
            "Some coaches still hold drawn mavericks: they put them up for auction or return them first.",
        )
    return auction


def lineup_preview(*, game: Game, team_id: int, athlete_ids: Sequence[int], maverick_ids: Sequence[int]) -> dict[str, Any]:
    """What the lineup picker shows while a coach ticks boxes: the Pit Power of the chosen athletes so far."""
    league = game_league(game)
    facts = teams_facts([team_id], league.game_system)[team_id]
    values = [a.value for a in facts.athletes if a.id in set(athlete_ids)]
    hires = MaverickHire.objects.filter(game=game, team_id=team_id, pk__in=list(maverick_ids))
    adjustments = [h.pit_power_adjustment for h in hires]
    return {
        "count": len(values) + len(adjustments),
        "athletes_value": sum(values),
        "staff_value": facts.staff_value,
        "mavericks_value": sum(adjustments),
        "pit_power": auctions.side_pit_power(values, facts.staff_value, adjustments),
    }


def lineup_pick(
    *, game_id: Any, user: Any, team_id: int, athlete_ids: Sequence[int], maverick_ids: Sequence[int] = ()
) -> tuple[GameSide, bool]:
    """Choose Athletes: a coach (or the commissioner for him) chooses and reveals the team's six athletes, in
    ascending order of League Rank. When the last side has chosen, Pit Power, the Underdog Bonus Edge tokens
    and the staff tokens of every side are computed and stored as they are now.

    Returns (side, created); the same lineup sent again changes nothing."""
    with transaction.atomic():
        game = game_get(game_id, lock=True)  # one pick at a time per game: the last one computes the figures
        league = game_league(game)
        sides = game_sides(game)
        side = next((s for s in sides if s.team_id == team_id), None)
        if side is None:
            raise Invalid.one("team-not-in-game", "team", "That team does not play in this game.")
        if side.team.coach_id != getattr(user, "pk", None) and not league_is_commissioner(league, user):
            raise NotPermitted.one("not-coach", "team", "Only this team's coach or the commissioner chooses its athletes.")
        if side.lineup:
            picked = (
                sorted(e["id"] for e in side.lineup if e.get("id") is not None),
                sorted(e["hire"] for e in side.lineup if e.get("hire") is not None),
            )
            if picked == (sorted(athlete_ids), sorted(maverick_ids)):
                return side, False
            raise Invalid.one("lineup-picked", "athletes", "This team has already chosen and revealed its athletes.")
        require_game_scheduled(game)
        auction = _auction_gate(game, league)
        facts = teams_facts([s.team_id for s in sides], league.game_system)
        pregame, _ = Pregame.objects.get_or_create(game=game)
        if {entry["team"] for entry in pregame.lineup_order} != {s.team_id for s in sides}:  # first pick (or sides changed)
            pregame.lineup_order = league_rank_order(game, [s.team_id for s in sides])
            pregame.save(update_fields=["lineup_order"])
        position = [entry["team"] for entry in pregame.lineup_order].index(team_id)
        before = {entry["team"] for entry in pregame.lineup_order[:position]}
        waiting = [s.team.name for s in sides if s.team_id in before and not s.lineup]
        if waiting:
            raise Invalid.one(
                "lineup-turn", "team", f"Coaches choose in ascending order of League Rank: {', '.join(waiting)} first."
            )
        hires = {h.pk: h for h in MaverickHire.objects.filter(game=game, team_id=team_id)}
        out = athletes_out(game, [team_id])
        own = facts[team_id]
        problems = auctions.check_lineup(
            athletes=list(athlete_ids),
            mavericks=list(maverick_ids),
            roster=[a.id for a in own.athletes],
            out=out,
            hired=list(hires),
        )
        raise_if_any(problems)
        if auction is not None and auction.closed_at is None:
            auction.closed_at = timezone.now()  # no more lots once the first coach has chosen
            auction.save(update_fields=["closed_at"])
            _announce_auction_closed(auction, game)
        side.lineup = _lineup_snapshot(own, athlete_ids, {pk: hires[pk] for pk in maverick_ids})
        side.save(update_fields=["lineup"])
        if all(s.lineup for s in sides):
            _pregame_figures(sides, facts)
            pregame.figures_at = timezone.now()
            pregame.save(update_fields=["figures_at"])
        else:
            _lineup_turn_notify(game, pregame.lineup_order, sides)
    return side, True


def lineups_open_notify(game: Game, auction: Auction) -> None:
    """Choose Athletes: once the auction has nothing up for bidding and no draw held (lineups may begin), tell
    the coach who chooses first that it is his turn: the lowest League Rank as it stands now (the order is
    fixed at the first pick)."""
    if auction.lots.filter(state=Lot.State.OPEN).exists() or auction.draws.filter(returned_at=None, lot=None).exists():
        return
    sides = game_sides(game)
    _lineup_turn_notify(game, league_rank_order(game, [s.team_id for s in sides]), sides)


def pregame_open_notify(*, league: League, game_ids: Collection[int]) -> None:
    """Pre-Game: a game's pre-game opens once its teams are set (the game made, a team moved in or out). Its coaches
    and the league's commissioners are told what comes first and who takes it: the maverick auction, which any of
    them opens; under No Mavericks in Leagues the coach who chooses athletes first, who is told that it is his turn
    (as `lineups_open_notify` does once an auction is over). Once a game and person, in six queries however many."""
    if not game_ids:
        return
    games = list(Game.objects.filter(pk__in=game_ids, state=Game.State.SCHEDULED).select_related("week__season"))
    if not games:
        return
    sides: dict[int, list[GameSide]] = {game.pk: [] for game in games}
    for side in GameSide.objects.filter(game__in=games).select_related("team__coach").order_by("id"):
        sides[side.game_id].append(side)
    commissioners = list(league.commissioners.all())
    no_mavericks = RULESET.option_value(league.options, "no_mavericks")
    teams_of = {pk: [s.team_id for s in own] for pk, own in sides.items()}
    orders = league_rank_orders(games[0].week.season_id, teams_of) if no_mavericks else {}
    messages = []
    for game in games:
        label = game_label(game)
        chooser = None
        if no_mavericks:
            first = _next_chooser(orders[game.pk], sides[game.pk])
            turn = _lineup_turn_message(game, orders[game.pk], sides[game.pk])
            if first is None or turn is None:
                continue
            messages.append(turn)
            chooser = first.team.coach
            text, url = f"{label}: the pre-game is open. {first.team.name} chooses its athletes first.", turn[3]
        else:
            text = (
                f"{label}: the pre-game is open. The maverick auction comes first (any coach of the game or a "
                "commissioner opens it), then each coach chooses his athletes."
            )
            url = reverse("game-auction", args=[game.pk])
        told = [side.team.coach for side in sides[game.pk]] + commissioners
        messages += [(user, f"pregame-open:{game.pk}", text, url) for user in told if user != chooser]
    notify_many(messages, league=league)


def _lineup_turn_notify(game: Game, order: Sequence[Mapping[str, int]], sides: Sequence[GameSide]) -> None:
    message = _lineup_turn_message(game, order, sides)
    if message is not None:
        coach, event, text, url = message
        notify(users=[coach], league=game.league, event=event, text=text, url=url)


def _lineup_turn_message(
    game: Game, order: Sequence[Mapping[str, int]], sides: Sequence[GameSide]
) -> tuple[Any, str, str, str] | None:
    """Choose Athletes: what tells the coach who chooses next (the first in the lineup order who has not) that it
    is his turn, with a link to the lineup page; once a game and team. None when every side has chosen."""
    side = _next_chooser(order, sides)
    if side is None:
        return None
    team = side.team
    return (
        team.coach,
        f"lineup-turn:{game.pk}:{team.pk}",
        f"{game_label(game)}: your turn to choose and reveal the six athletes of {team.name}.",
        reverse("game-lineup", args=[game.pk]),
    )


def _next_chooser(order: Sequence[Mapping[str, int]], sides: Sequence[GameSide]) -> GameSide | None:
    """Choose Athletes: the side that chooses next, the first in the lineup order that has not; None once all have."""
    by_team = {s.team_id: s for s in sides}
    return next((by_team[e["team"]] for e in order if e["team"] in by_team and not by_team[e["team"]].lineup), None)


def order_of_play_set(*, game_id: Any, user: Any, team_ids: Sequence[int]) -> list[GameSide]:
    """Team Placement: a coach of the game (or the commissioner) records the order of play the table settled,
    the First Coach's team first and then clockwise; it fixes who takes support-staff Edge tokens first. It can
    be corrected until the result is in (the result's own order of play then replaces it)."""
    with transaction.atomic():
        game = game_get(game_id, lock=True)
        sides = game_sides(game)
        require_game_member(game=game, user=user, sides=sides)
        require_game_scheduled(game)
        problems = auctions.check_order_of_play(list(team_ids), [s.team_id for s in sides])
        raise_if_any(problems)
        position = {team: index for index, team in enumerate(team_ids, start=1)}
        for side in sides:
            side.order_of_play = position[side.team_id]
        GameSide.objects.bulk_update(sides, ["order_of_play"])
    return sorted(sides, key=lambda side: position[side.team_id])


def _pregame_figures(sides: Sequence[GameSide], facts: Mapping[int, TeamFacts]) -> None:
    """Calculate Pit Power (from the lineups as chosen), the Underdog Bonus and the staff tokens; store them."""
    lineups = [
        auctions.SideLineup(
            team=s.team_id,
            athlete_values=tuple(e["value"] for e in s.lineup if e.get("id") is not None),
            staff_value=facts[s.team_id].staff_value,
            maverick_adjustments=tuple(e["value"] for e in s.lineup if e.get("hire") is not None),
            staff=facts[s.team_id].staff,
        )
        for s in sides
    ]
    figures, _ = auctions.pregame_figures(lineups)
    by_team = {f.team: f for f in figures}
    for side in sides:
        figure = by_team[side.team_id]
        side.pit_power, side.edge_tokens, side.staff_tokens = figure.pit_power, figure.edge_tokens, figure.staff_tokens
        side.save(update_fields=["pit_power", "edge_tokens", "staff_tokens"])


# --- Lasting Injuries (Optional Rules) ---------------------------------------------------------------------


def injury_losses(athlete_ids: Iterable[int]) -> dict[int, tuple[list[str], list[str]]]:
    """(trait points, skills) each athlete lost to lasting injuries not voided, one entry per point and
    skill lost (the rosters tables show the value change only; the injuries engine needs these too)."""
    losses: dict[int, tuple[list[str], list[str]]] = {}
    rows = LastingInjury.objects.filter(athlete__in=list(athlete_ids), voided_at=None).values_list(
        "athlete", "traits_lost", "skills_lost"
    )
    for athlete, traits_lost, skills_lost in rows.order_by("id"):
        traits, skills = losses.setdefault(athlete, ([], []))
        traits += traits_lost
        skills += skills_lost
    return losses


def reported_injuries(game: Game) -> list[dict[str, Any]]:
    """The injuries of the game's confirmed result: the last submitted result's payload["injuries"]."""
    event = GameEvent.objects.filter(game=game, action=GameEvent.Action.SUBMITTED).order_by("-created_at", "-id").first()
    injuries = (event.payload or {}).get("injuries") if event else None
    return list(injuries) if isinstance(injuries, list) else []


def lasting_injuries_apply(*, game: Game, injuries: Sequence[Mapping[str, Any]] | None = None) -> list[LastingInjury]:
    """Optional Rules, Lasting Injuries: after a confirmed game, roll for each athlete with Injury tokens (or
    killed), store the dice and the effects, and lower the athlete's value (Athlete Value Adjustment).

    `injuries` is the result's list [{"athlete": id, "tokens": n, "killed": bool}] (a hired maverick is named
    with "maverick": its hire id); by default it is read from the last submitted GameEvent's payload.
    Does nothing unless the league's lasting_injuries option is on. Idempotent: once rolled for this
    result, calling again returns the same rows (a voided result's injuries are voided first, see
    `lasting_injuries_void`). Entries that do not name someone who played are skipped: the result's
    submission checks them (injury_rules.check_injuries)."""
    league = League.objects.get(pk=game.week.season.league_id)
    if not RULESET.option_value(league.options, "lasting_injuries"):
        return []
    with transaction.atomic():
        game = game_get(game.pk, lock=True)
        existing = list(LastingInjury.objects.filter(game=game, voided_at=None))
        if existing:
            return existing
        reports = list(injuries) if injuries is not None else reported_injuries(game)
        if not reports:
            return []
        sides = game_sides(game)
        facts = teams_facts([s.team_id for s in sides], league.game_system)
        played = game_played(game, sides).athletes
        hires = {h.pk: h for h in MaverickHire.objects.filter(game=game)}
        problems = injury_rules.check_injuries(reports, played, hires)
        bad = {int(p.path.split("[")[1].split("]")[0]) for p in problems}
        catalog = RULESET.catalog(league_house_values(league))
        rng, seed = new_rng()
        losses = injury_losses(played)
        rows: list[LastingInjury] = []
        for index, report in enumerate(reports):
            if index in bad or (not report.get("tokens") and not report.get("killed")):
                continue
            injury_report = injury_rules.InjuryReport(report.get("tokens", 0), report.get("killed", False))
            if "athlete" in report:
                team_id = played[report["athlete"]]
                athlete = facts[team_id].athlete(report["athlete"])
                traits, skills = injury_rules.after_lasting_injuries(
                    athlete.traits, athlete.skills, *losses.get(athlete.id, ((), ()))
                )
                costs = {s: catalog.skills[s].cost if s in catalog.skills else None for s in skills}
                roll = injury_rules.roll_lasting_injury(
                    report=injury_report,
                    toughness=traits["toughness"],
                    traits=traits,
                    skills=skills,
                    skill_costs=costs,
                    rng=rng,
                )
                row = LastingInjury.objects.create(
                    game=game,
                    team_id=team_id,
                    athlete_id=athlete.id,
                    name=athlete.name,
                    toughness=traits["toughness"],
                    **_roll_fields(injury_report, roll, seed),
                )
                if roll.value_change:
                    AthleteAdjustment.objects.create(
                        athlete_id=athlete.id, injury=row, value_change=roll.value_change, reason=f"Lasting injury after {game}"
                    )
            else:
                hire = hires[report["maverick"]]
                toughness = hire.traits.get("toughness") or 0
                roll = injury_rules.roll_lasting_injury(
                    report=injury_report,
                    toughness=toughness,
                    traits={t: v for t, v in hire.traits.items() if v is not None},
                    skills=list(hire.skills),
                    skill_costs={},
                    rng=rng,
                )
                weeks, season = injury_rules.maverick_absence(roll)
                fields = _roll_fields(injury_report, roll, seed) | {"games_missed": weeks, "value_change": 0}
                row = LastingInjury.objects.create(
                    game=game,
                    team_id=hire.team_id,
                    hire=hire,
                    name=hire.name,
                    toughness=toughness,
                    out_for_season=season,
                    **fields,
                )
            rows.append(row)
        _mark_injured(sides, rows)
    return rows


def _mark_injured(sides: Sequence[GameSide], rows: Sequence[LastingInjury]) -> None:
    """Lasting Injuries: an athlete with Injury tokens at the end of a game cannot buy during its Post-Game. Each
    side records its own (GameSide.injured, lineup or none), which is where the spending window reads them."""
    for side in sides:
        injured = sorted(row.athlete_id for row in rows if row.athlete_id and row.team_id == side.team_id)
        if injured != side.injured:
            GameSide.objects.filter(pk=side.pk).update(injured=injured)


def _roll_fields(report: Any, roll: Any, seed: str) -> dict[str, Any]:
    return {
        "tokens": report.tokens,
        "killed": report.killed,
        "seed": seed,
        "scatter": roll.scatter,
        "dice": list(roll.dice),
        "games_missed": roll.games_missed,
        "traits_lost": list(roll.traits_lost),
        "skills_lost": list(roll.skills_lost),
        "value_change": roll.value_change,
        "notes": list(roll.notes),
    }


def lasting_injuries_void(*, game: Game) -> int:
    """A voided result voids its lasting injuries: each value change is reversed by a new adjustment row (history
    is never edited). Returns how many injuries were voided; calling again voids nothing more."""
    with transaction.atomic():
        game_get(game.pk, lock=True)
        injuries = list(LastingInjury.objects.filter(game=game, voided_at=None))
        now = timezone.now()
        for injury in injuries:
            if injury.athlete_id is not None and injury.value_change:
                AthleteAdjustment.objects.create(
                    athlete_id=injury.athlete_id,
                    injury=injury,
                    value_change=-injury.value_change,
                    reason=f"Result of {game} voided: lasting injury reversed",
                )
            injury.voided_at = now
            injury.save(update_fields=["voided_at"])
        GameSide.objects.filter(game=game).exclude(injured=[]).update(injured=[])  # a new result rolls its own
    return len(injuries)


def mavericks_out(game: Game) -> set[str]:
    """Maverick Lasting Injuries: mavericks kept out of this game's week (knives: that many weeks; a trait or
    skill loss: the rest of the season)."""
    out: set[str] = set()
    rows = LastingInjury.objects.filter(
        hire__isnull=False, voided_at=None, game__week__season_id=game.week.season_id
    ).values_list("hire__card", "games_missed", "out_for_season", "game__week__number")
    for card, weeks, season, week in rows:
        if season or 0 < game.week.number - week <= weeks:
            out.add(card)
    return out


def _announce_auction_closed(auction: Auction, game: Game) -> None:
    """The league's channels that take auctions hear that bidding is over (the first lineup chosen)."""
    league_announce(
        league_id=game.league_id,
        event=Channel.Event.AUCTION,
        key=f"auction-closed:{auction.pk}",
        text=f"The maverick auction of {game} is closed: the coaches are choosing athletes.",
        url=reverse("game-auction", args=[game.pk]),
    )
