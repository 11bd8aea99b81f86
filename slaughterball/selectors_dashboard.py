"""What waits on the dashboard for a Slaughterball coach besides his results (home.selectors): his
challenge turns and his bids in maverick auctions."""

from __future__ import annotations

from collections.abc import Sequence

from django.db.models import OuterRef, Subquery
from django.urls import reverse

from leagues.game_apps import Waiting
from rosters.models import Team
from slaughterball.models import Game, Lot, Season, Week
from slaughterball.selectors_calendar import round_states
from slaughterball.selectors_pregame import lot_turns


def coach_waiting(teams: Sequence[Team]) -> list[Waiting]:
    """The challenge rounds in which one of `teams` is to challenge or steal, and the auction lots on which one of
    them is to bid or pass. One query for the weeks of the running seasons of their leagues, one for the games of
    the current week of each that is a challenge round (round_states), one for the open lots of their games and two
    for their bids and passes (lot_turns): whatever the size and the number of his leagues and games."""
    by_id = {team.pk: team for team in teams}
    waiting: list[Waiting] = []
    # Only the latest week of a season has its round going on: only its record of the round's order is read (each
    # challenge round's holds the whole League Rank).
    latest = Week.objects.filter(season=OuterRef("season")).order_by("-number").values("pk")[:1]
    current = Week.objects.filter(
        season__league__in={team.league_id for team in teams},
        season__status=Season.Status.RUNNING,
        kind=Week.Kind.CHALLENGE,
        pk=Subquery(latest),
    )
    for state in round_states(list(current.select_related("season").order_by("season_id"))):
        week, turn = state.week, state.turn
        if turn.action in ("challenge", "steal") and turn.team in by_id:
            team = by_id[turn.team]
            verb = f"challenge {turn.picks}" if turn.action == "challenge" else f"steal {turn.picks}"
            text = f"{team.name}'s turn to {verb} in {week.season.name}, week {week.number}."
            waiting.append(Waiting("turn", text, reverse("week-detail", args=[week.pk]), league=team.league.name))
    lots = list(
        Lot.objects.filter(state=Lot.State.OPEN, auction__game__state=Game.State.SCHEDULED, auction__game__sides__team__in=by_id)
        .select_related("auction__game__week__season")
        .defer("auction__game__week__draws")
        .distinct()
        .order_by("pk")
    )
    turns = lot_turns(lots)
    for lot in lots:
        bidding, _ = turns[lot.pk]
        if bidding.state == "bidding" and bidding.team in by_id:
            team, game = by_id[bidding.team], lot.auction.game
            where = f"{game.week.season.name}, week {game.week.number}, game {game.number}"
            text = f"{team.name} bids or passes on {lot.name} ({where})."
            waiting.append(Waiting("bid", text, reverse("game-auction", args=[game.pk]), league=team.league.name))
    return waiting
