"""Who is told it is his turn before a game, once a turn, with a link to the page where he acts: the coach
to bid or pass on a maverick lot (the auction room), the next coach to choose his athletes (the lineup page): the
first once the auction is over, or, under No Mavericks, once the game is made."""

from __future__ import annotations

import pytest

from engine.slaughterball.schedule import auto_steal
from notifications.models import Notification
from pitside.errors import Invalid
from rosters.models import Team
from slaughterball.models import Game, Week
from slaughterball.selectors import game_label
from slaughterball.selectors_calendar import round_state
from slaughterball.selectors_pregame import pregame_state
from slaughterball.services import auctions as services
from slaughterball.services.calendar import week_draw
from slaughterball.services.challenges import challenge_issue, steal_make
from slaughterball.services.pregame import lineup_pick
from tests.slaughterball.calendar.helpers import add_teams, confirm_week, next_week, started_season
from tests.slaughterball.pregame.helpers import auction_order, fund, give_league_points, make_game, six

pytestmark = pytest.mark.django_db


def turns(prefix: str) -> list[tuple[str, str, str]]:
    """(username, text, url) of the notifications whose event starts with `prefix`, in the order made."""
    rows = Notification.objects.filter(event__startswith=prefix).select_related("user").order_by("pk")
    return [(n.user.username, n.text, n.url) for n in rows]


def test_each_bidding_turn_tells_its_coach_once(season, funded, team, rival_team, third_team, coach, open_auction):
    fund(third_team, 1_000_000)
    game = make_game(season, [team, rival_team, third_team], week=2)
    auction = open_auction(game, coach)
    order = auction_order(game)
    rotation = [order[1], order[0], order[2]]  # the nominator (the middle Team Potential) first, then ascending
    coaches = [Team.objects.select_related("coach").get(pk=t).coach for t in rotation]
    names = {t.pk: t.name for t in (team, rival_team, third_team)}
    lot = services.lot_nominate(auction_id=auction.pk, user=coaches[0], rogue_portfolio="nemesis", rogue_type="razor")
    url = f"/games/{game.pk}/auction/"
    label = f"{game.league.name}: {lot.name} is up for auction in {game_label(game)}"

    assert turns(f"bid-turn:{lot.pk}:") == [
        (
            coaches[0].username,
            f"{label}: your turn to bid or pass for {names[rotation[0]]}; nobody has bid yet.",
            url,
        )
    ]
    services.bid_place(lot_id=lot.pk, user=coaches[0], amount=50_000, idempotency_key="b1")
    services.bid_place(lot_id=lot.pk, user=coaches[0], amount=50_000, idempotency_key="b1")  # sent again: once
    services.lot_pass(lot_id=lot.pk, user=coaches[1])
    services.lot_pass(lot_id=lot.pk, user=coaches[2])  # every other coach passed: hired, nobody's turn

    told = turns(f"bid-turn:{lot.pk}:")
    assert [who for who, _, _ in told] == [c.username for c in coaches]
    assert told[1][1] == (
        f"{label}: your turn to bid or pass for {names[rotation[1]]}; the bid stands at 50,000 credits ({names[rotation[0]]})."
    )
    assert {u for _, _, u in told} == {url}
    lot.refresh_from_db()
    assert lot.state == "hired"


def test_the_coaches_choosing_athletes_are_told_their_turn_in_order_once(game, coach, rival, team, rival_team, open_auction):
    open_auction(game, coach)  # nobody rolled a knife: the auction is over at once, lineups begin
    url = f"/games/{game.pk}/lineup/"
    first = (
        "own_coach",  # equal League Points: the lower Team Potential chooses first
        f"{game.league.name}: {game_label(game)}: your turn to choose and reveal the six athletes of {team.name}.",
        url,
    )
    assert turns(f"lineup-turn:{game.pk}:") == [first]

    lineup_pick(game_id=game.pk, user=coach, team_id=team.pk, athlete_ids=list(team.athletes.values_list("pk", flat=True)[:6]))
    choose = f"{game.league.name}: {game_label(game)}: your turn to choose and reveal the six athletes"
    second = ("rival_coach", f"{choose} of {rival_team.name}.", url)
    assert turns(f"lineup-turn:{game.pk}:") == [first, second]

    lineup_pick(
        game_id=game.pk, user=rival, team_id=rival_team.pk, athlete_ids=list(rival_team.athletes.values_list("pk", flat=True)[:6])
    )
    assert turns(f"lineup-turn:{game.pk}:") == [first, second]  # the last to choose: nobody is next


def test_the_first_to_choose_is_told_when_the_last_lot_closes(game, coach, rival, team, open_auction):
    auction = open_auction(game, coach, {team.pk: ["knife"]})
    lot = services.lot_nominate(auction_id=auction.pk, user=coach, draw_id=auction.draws.get().pk)
    assert turns(f"lineup-turn:{game.pk}:") == []  # a maverick is up: lineups wait
    services.lot_pass(lot_id=lot.pk, user=coach)
    services.lot_pass(lot_id=lot.pk, user=rival)  # nobody bids: it leaves, the auction is over

    assert [who for who, _, _ in turns(f"lineup-turn:{game.pk}:")] == ["own_coach"]


def no_mavericks(league) -> None:
    league.options = {**league.options, "no_mavericks": True}
    league.save()


def test_without_mavericks_the_first_to_choose_is_told_when_the_game_is_drawn(
    league, season, commissioner, coach, rival, third, team, rival_team, third_team
):
    no_mavericks(league)
    give_league_points(season, team, 3)
    give_league_points(season, third_team, 1)  # the rival ranks lowest: he chooses first, then the third, then the own
    week = Week.objects.create(season=season, number=1, kind=Week.Kind.DRAW)

    week_draw(week=week, user=commissioner)

    (game,) = Game.objects.filter(week=week)
    url = f"/games/{game.pk}/lineup/"
    choose = f"{league.name}: {game_label(game)}: your turn to choose and reveal the six athletes"
    first = ("rival_coach", f"{choose} of {rival_team.name}.", url)
    assert turns(f"lineup-turn:{game.pk}:") == [first]
    with pytest.raises(Invalid) as refused:  # the coach told is the one whose turn it is
        lineup_pick(game_id=game.pk, user=coach, team_id=team.pk, athlete_ids=six(team))
    assert refused.value.items[0].code == "lineup-turn"
    lineup_pick(game_id=game.pk, user=rival, team_id=rival_team.pk, athlete_ids=six(rival_team))
    assert [who for who, _, _ in turns(f"lineup-turn:{game.pk}:")] == ["rival_coach", "third_coach"]


def test_with_mavericks_nobody_chooses_before_the_auction(league, season, commissioner, team, rival_team, third_team):
    week = Week.objects.create(season=season, number=1, kind=Week.Kind.DRAW)

    week_draw(week=week, user=commissioner)

    assert Game.objects.filter(week=week).exists()
    assert turns("lineup-turn:") == []


def test_a_game_drawn_tells_its_coaches_and_the_commissioners_that_its_pre_game_opens_with_the_auction(
    league, season, commissioner, team, rival_team, third_team
):
    week = Week.objects.create(season=season, number=1, kind=Week.Kind.DRAW)
    week_draw(week=week, user=commissioner)
    (game,) = Game.objects.filter(week=week)
    text = (
        f"{league.name}: {game_label(game)}: the pre-game is open. The maverick auction comes first (any coach of the game or a "
        "commissioner opens it), then each coach chooses his athletes."
    )
    told = turns(f"pregame-open:{game.pk}")
    assert sorted(who for who, _, _ in told) == ["commissioner", "own_coach", "rival_coach", "third_coach"]
    assert {(what, url) for _, what, url in told} == {(text, f"/games/{game.pk}/auction/")}
    week_draw(week=week, user=commissioner)  # the same draw again: nobody is told twice
    assert len(turns(f"pregame-open:{game.pk}")) == 4


def test_without_mavericks_the_others_hear_who_chooses_first(
    league, season, commissioner, coach, rival, team, rival_team, third_team
):
    no_mavericks(league)
    give_league_points(season, team, 3)
    give_league_points(season, third_team, 1)  # the rival ranks lowest: he chooses first
    week = Week.objects.create(season=season, number=1, kind=Week.Kind.DRAW)
    week_draw(week=week, user=commissioner)
    (game,) = Game.objects.filter(week=week)
    told = turns(f"pregame-open:{game.pk}")
    assert sorted(who for who, _, _ in told) == ["commissioner", "own_coach", "third_coach"]  # the rival: his turn's
    assert told[0][1:] == (
        f"{game.league.name}: {game_label(game)}: the pre-game is open. {rival_team.name} chooses its athletes first.",
        f"/games/{game.pk}/lineup/",
    )


def test_the_coach_whose_turn_it_is_to_put_a_maverick_up_is_told(game, coach, rival, team, rival_team, open_auction):
    auction = open_auction(game, coach, {team.pk: ["knife"], rival_team.pk: ["knife"]})
    order = auction_order(game)
    first, second = (Team.objects.select_related("coach").get(pk=t) for t in order)
    assert turns(f"nominate-turn:{auction.pk}:") == [
        (
            first.coach.username,
            f"{game.league.name}: {game_label(game)}: your turn to put up for auction a maverick {first.name} drew, or to "
            "return it.",
            f"/games/{game.pk}/auction/",
        )
    ]
    draw = auction.draws.get(team=first)
    lot = services.lot_nominate(auction_id=auction.pk, user=first.coach, draw_id=draw.pk)
    services.lot_pass(lot_id=lot.pk, user=first.coach)
    services.lot_pass(lot_id=lot.pk, user=second.coach)  # it leaves: the next coach puts his up
    assert [who for who, _, _ in turns(f"nominate-turn:{auction.pk}:")] == [first.coach.username, second.coach.username]
    services.draw_return(draw_id=auction.draws.get(team=second).pk, user=second.coach)  # nobody holds one: no turn
    assert len(turns(f"nominate-turn:{auction.pk}:")) == 2


def test_without_mavericks_each_game_of_a_challenge_round_tells_its_first_to_choose(league, commissioner, team, rival_team):
    """Each game made (challenged, stolen into) tells the coach who chooses first in it; a steal changes who that is in
    the game stolen from, and he is told too."""
    no_mavericks(league)
    add_teams(league, 8)  # ten teams: two challenges, then a steal
    season = started_season(league, commissioner)
    week_draw(week=Week.objects.get(season=season, number=1), user=commissioner)
    confirm_week(Week.objects.get(season=season, number=1))
    current = next_week(season, commissioner)
    Notification.objects.filter(event__startswith="lineup-turn:").delete()  # week 1's

    while (state := round_state(current)).turn.action in ("challenge", "steal"):
        turn = state.turn
        coach = Team.objects.select_related("coach").get(pk=turn.team).coach
        if turn.action == "challenge":
            targets = [t for t in reversed(state.frozen.ranking) if t in state.unscheduled and t != turn.team][: turn.picks]
            challenge_issue(week=current, user=coach, team_id=turn.team, challenged=targets)
        else:
            stolen = auto_steal(state.frozen.entries[turn.team], turn.picks, list(state.games.values()), state.frozen.potentials)
            steal_make(week=current, user=coach, team_id=turn.team, stolen=stolen)

    games = list(Game.objects.filter(week=current))
    assert len(games) == 3
    for game in games:
        told = Notification.objects.filter(event__startswith=f"lineup-turn:{game.pk}:").order_by("pk").last()
        first = pregame_state(game)["next_to_pick"]
        assert told is not None
        assert (told.user, told.event) == (Team.objects.get(pk=first).coach, f"lineup-turn:{game.pk}:{first}")
