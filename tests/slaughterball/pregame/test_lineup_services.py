"""Choose Athletes, Calculate Pit Power and the Underdog Bonus through the services: order, rules, stored figures."""

from __future__ import annotations

import pytest

from pitside.errors import Invalid, NotPermitted
from slaughterball.models import GameSide, Pregame
from slaughterball.selectors_calendar import season_ranking
from slaughterball.selectors_pregame import auction_state, pregame_state
from slaughterball.selectors_teams import team_facts, team_get
from slaughterball.services import auctions as auction_services
from slaughterball.services.pregame import lineup_pick, lineup_preview
from slaughterball.services.standings import standings_recompute
from slaughterball.services.teams import purchase_make
from tests.refusals import raises_invalid
from tests.slaughterball.pregame.helpers import give_league_points, make_game, six
from webhooks.models import Delivery
from webhooks.services import channel_create

pytestmark = pytest.mark.django_db


def codes(error: pytest.ExceptionInfo) -> list[str]:
    return [item.code for item in error.value.items]


def values(team, ids) -> int:
    facts = team_facts(team_get(team.pk))
    return sum(facts.athlete(i).value for i in ids)


@pytest.fixture
def done_auction(game, coach, open_auction):
    """The auction held, nobody rolled a knife: lineups may begin."""
    return open_auction(game, coach)


def test_lineups_wait_for_the_auction(game, coach, team):
    with pytest.raises(Invalid) as refused:
        lineup_pick(game_id=game.pk, user=coach, team_id=team.pk, athlete_ids=six(team))
    assert codes(refused) == ["auction-not-held"]


def test_not_while_a_maverick_is_up_or_held(game, coach, team, rival_team, open_auction):
    auction = open_auction(game, coach, {team.pk: ["knife"]})
    with pytest.raises(Invalid) as refused:
        lineup_pick(game_id=game.pk, user=coach, team_id=team.pk, athlete_ids=six(team))
    assert codes(refused) == ["auction-running"]
    draw = auction.draws.get()
    lot = auction_services.lot_nominate(auction_id=auction.pk, user=coach, draw_id=draw.pk)
    with pytest.raises(Invalid) as refused:
        lineup_pick(game_id=game.pk, user=coach, team_id=team.pk, athlete_ids=six(team))
    assert codes(refused) == ["auction-running"]
    auction_services.lot_pass(lot_id=lot.pk, user=coach)
    auction_services.lot_pass(lot_id=lot.pk, user=rival_team.coach)  # nobody bids: Gibraltar leaves
    _, created = lineup_pick(game_id=game.pk, user=coach, team_id=team.pk, athlete_ids=six(team))
    assert created


def test_no_auction_needed_in_a_league_without_mavericks(game, coach, team, league):
    league.options = {**league.options, "no_mavericks": True}
    league.save()
    side, created = lineup_pick(game_id=game.pk, user=coach, team_id=team.pk, athlete_ids=six(team))
    assert created
    assert len(side.lineup) == 6


def test_coaches_choose_in_ascending_league_rank_the_lowest_first(game, season, coach, rival, team, rival_team, done_auction):
    give_league_points(season, team, 3)  # the own team leads: the rival, lower ranked, chooses first
    with pytest.raises(Invalid) as refused:
        lineup_pick(game_id=game.pk, user=coach, team_id=team.pk, athlete_ids=six(team))
    assert codes(refused) == ["lineup-turn"]
    assert "Venture Cabal" in refused.value.items[0].message

    lineup_pick(game_id=game.pk, user=rival, team_id=rival_team.pk, athlete_ids=six(rival_team))
    lineup_pick(game_id=game.pk, user=coach, team_id=team.pk, athlete_ids=six(team))
    order = Pregame.objects.get(game=game).lineup_order
    assert [(e["team"], e["league_points"]) for e in order] == [(rival_team.pk, 0), (team.pk, 3)]


def test_ties_in_league_points_go_to_team_potential(game, season, coach, rival, team, rival_team, done_auction):
    purchase_make(team_id=rival_team.pk, user=rival, kind="staff", item="cheerleader")  # rival: higher Team Potential
    state = lineup_pick(game_id=game.pk, user=coach, team_id=team.pk, athlete_ids=six(team))
    assert state[1]
    order = [e["team"] for e in Pregame.objects.get(game=game).lineup_order]
    assert order == [team.pk, rival_team.pk]  # equal points: lower Team Potential ranks lower, chooses first


def test_the_order_is_the_standings_league_rank_read_from_the_bottom(
    season, coach, rival, third, team, rival_team, third_team, league
):
    """One computation of League Rank: the pre-game's order is the standings' own, as the stored column has it."""
    league.options = {**league.options, "no_mavericks": True}
    league.save()
    give_league_points(season, rival_team, 2)
    give_league_points(season, third_team, 2)  # tied with the rival: Team Potential, then the draw decide
    purchase_make(team_id=team.pk, user=coach, kind="staff", item="cheerleader")
    game = make_game(season, [team, rival_team, third_team], week=10)
    lineup_pick(game_id=game.pk, user=coach, team_id=team.pk, athlete_ids=six(team))
    standings_recompute(season_id=season.pk)
    stored = [(r.team.pk, r.league_points, r.team_potential) for r in reversed(season_ranking(season))]
    order = Pregame.objects.get(game=game).lineup_order
    assert [(e["team"], e["league_points"], e["team_potential"]) for e in order] == stored


def test_the_lineup_is_a_snapshot_and_the_figures_come_when_all_have_chosen(game, coach, rival, team, rival_team, done_auction):
    purchase_make(team_id=rival_team.pk, user=rival, kind="staff", item="cheerleader")
    purchase_make(team_id=rival_team.pk, user=rival, kind="staff", item="mascot")
    mine, theirs = six(team), list(rival_team.athletes.order_by("-number").values_list("pk", flat=True)[:6])
    first = pregame_state(game)
    assert not first["complete"]

    lineup_pick(game_id=game.pk, user=coach, team_id=team.pk, athlete_ids=mine)
    side = GameSide.objects.get(game=game, team=team)
    assert [e["id"] for e in side.lineup] == mine
    assert set(side.lineup[0]) == {"id", "number", "name", "type", "value"}
    assert side.pit_power is None  # not until every side has chosen

    lineup_pick(game_id=game.pk, user=rival, team_id=rival_team.pk, athlete_ids=theirs)
    sides = {s.team_id: s for s in GameSide.objects.filter(game=game)}
    own_power = values(team, mine)
    rival_power = values(rival_team, theirs) + 200_000  # cheerleader and mascot
    assert sides[team.pk].pit_power == own_power
    assert sides[rival_team.pk].pit_power == rival_power
    tokens = {
        team.pk: (rival_power - own_power) // 500_000 if own_power < rival_power else 0,
        rival_team.pk: (own_power - rival_power) // 500_000 if rival_power < own_power else 0,
    }
    assert {t: s.edge_tokens for t, s in sides.items()} == tokens
    assert sides[rival_team.pk].staff_tokens == {"reroll": 1, "cancel-card": 1}
    assert sides[team.pk].staff_tokens == {}
    state = pregame_state(game)
    assert state["complete"]
    assert state["picking_order"] == sorted(sides, key=lambda t: sides[t].pit_power)


def test_figures_stay_as_they_were_at_the_game(game, coach, rival, team, rival_team, done_auction):
    lineup_pick(game_id=game.pk, user=coach, team_id=team.pk, athlete_ids=six(team))
    lineup_pick(game_id=game.pk, user=rival, team_id=rival_team.pk, athlete_ids=six(rival_team))
    before = pregame_state(game)
    purchase_make(team_id=team.pk, user=coach, kind="staff", item="physician")  # after the game's figures
    assert pregame_state(game)["sides"] == before["sides"]


def test_a_hired_maverick_plays_with_its_adjustment(game, coach, rival, team, rival_team, open_auction):
    auction = open_auction(game, coach, {team.pk: ["knife"]})
    lot = auction_services.lot_nominate(auction_id=auction.pk, user=coach, draw_id=auction.draws.get().pk)
    auction_services.bid_place(lot_id=lot.pk, user=coach, amount=100_000)
    auction_services.lot_pass(lot_id=lot.pk, user=rival)  # the rival does not raise: the coach hires
    hire = lot.hire

    five = six(team)[:5]
    preview = lineup_preview(game=game, team_id=team.pk, athlete_ids=five, maverick_ids=[hire.pk])
    assert preview["count"] == 6
    assert preview["pit_power"] == values(team, five) + 400_000  # Gibraltar's house-value adjustment

    lineup_pick(game_id=game.pk, user=coach, team_id=team.pk, athlete_ids=five, maverick_ids=[hire.pk])
    side = GameSide.objects.get(game=game, team=team)
    assert side.lineup[-1] == {
        "id": None,
        "hire": hire.pk,
        "maverick": "gibraltar",
        "number": None,
        "name": "Gibraltar",
        "type": "slasher",
        "value": 400_000,
    }
    lineup_pick(game_id=game.pk, user=rival, team_id=rival_team.pk, athlete_ids=six(rival_team))
    side.refresh_from_db()
    assert side.pit_power == values(team, five) + 400_000


def test_a_maverick_hired_by_another_team_cannot_play_for_you(game, coach, rival, team, rival_team, open_auction):
    auction = open_auction(game, coach, {team.pk: ["knife"]})
    lot = auction_services.lot_nominate(auction_id=auction.pk, user=coach, draw_id=auction.draws.get().pk)
    auction_services.bid_place(lot_id=lot.pk, user=coach, amount=100_000)
    auction_services.lot_pass(lot_id=lot.pk, user=rival)  # the rival does not raise: the coach hires
    lineup_pick(game_id=game.pk, user=coach, team_id=team.pk, athlete_ids=six(team))
    with raises_invalid() as refused:
        lineup_pick(
            game_id=game.pk, user=rival, team_id=rival_team.pk, athlete_ids=six(rival_team)[:5], maverick_ids=[lot.hire.pk]
        )
    assert codes(refused) == ["lineup-maverick-unknown"]


@pytest.mark.parametrize(
    ("pick", "code", "field"),
    [
        (lambda team, rival_team: six(team)[:5], "lineup-size", "athletes"),
        (lambda team, rival_team: [*six(team)[:5], six(rival_team)[0]], "lineup-athlete-unknown", "athletes[5]"),
        (lambda team, rival_team: [*six(team)[:5], six(team)[0]], "lineup-duplicate", "athletes[5]"),
    ],
)
def test_illegal_lineups_name_the_field(game, coach, team, rival_team, done_auction, pick, code, field):
    with raises_invalid() as refused:
        lineup_pick(game_id=game.pk, user=coach, team_id=team.pk, athlete_ids=pick(team, rival_team))
    assert next((i.code, i.field) for i in refused.value.items) == (code, field)
    assert not GameSide.objects.get(game=game, team=team).lineup


def test_the_same_lineup_again_changes_nothing_another_one_is_refused(game, coach, team, done_auction):
    lineup_pick(game_id=game.pk, user=coach, team_id=team.pk, athlete_ids=six(team))
    _, created = lineup_pick(game_id=game.pk, user=coach, team_id=team.pk, athlete_ids=list(reversed(six(team))))
    assert not created
    others = list(team.athletes.order_by("-number").values_list("pk", flat=True)[:6])
    with pytest.raises(Invalid) as refused:
        lineup_pick(game_id=game.pk, user=coach, team_id=team.pk, athlete_ids=others)
    assert codes(refused) == ["lineup-picked"]


def test_the_first_lineup_ends_the_auction(game, commissioner, coach, team, done_auction):
    discord = "https://discord.com/api/webhooks/1/x"
    channel_create(league_id=game.league_id, user=commissioner, kind="discord", url=discord, events=["auction"])
    lineup_pick(game_id=game.pk, user=coach, team_id=team.pk, athlete_ids=six(team))
    done_auction.refresh_from_db()
    assert auction_state(done_auction)["status"] == "closed"
    [closed] = Delivery.objects.all()  # the league's channel hears of it
    assert (closed.event, closed.key) == ("auction", f"auction-closed:{done_auction.pk}")
    with pytest.raises(Invalid) as refused:
        auction_services.lot_nominate(auction_id=done_auction.pk, user=coach, rogue_portfolio="nemesis", rogue_type="razor")
    assert codes(refused) == ["auction-closed"]


def test_who_may_choose(game, commissioner, rival, other_commissioner, third, team, done_auction):
    for someone in (rival, other_commissioner, third):
        with pytest.raises(NotPermitted):
            lineup_pick(game_id=game.pk, user=someone, team_id=team.pk, athlete_ids=six(team))
    _side, created = lineup_pick(game_id=game.pk, user=commissioner, team_id=team.pk, athlete_ids=six(team))
    assert created


def test_a_team_not_in_the_game(game, coach, third_team, done_auction):
    with pytest.raises(Invalid) as refused:
        lineup_pick(game_id=game.pk, user=coach, team_id=third_team.pk, athlete_ids=six(third_team))
    assert codes(refused) == ["team-not-in-game"]


def test_a_three_team_game_underdog_tokens(season, coach, rival, third, team, rival_team, third_team, league):
    league.options = {**league.options, "no_mavericks": True}
    league.save()
    game = make_game(season, [team, rival_team, third_team])
    # No League Points yet: the Swords (highest Team Potential) rank first, the others tie and go by the draw.
    for user, t in ((coach, team), (rival, rival_team), (third, third_team)):
        lineup_pick(game_id=game.pk, user=user, team_id=t.pk, athlete_ids=six(t))
    assert [e["team"] for e in Pregame.objects.get(game=game).lineup_order] == [team.pk, rival_team.pk, third_team.pk]
    sides = {s.team_id: s for s in GameSide.objects.filter(game=game)}
    powers = {t: s.pit_power for t, s in sides.items()}
    assert powers == {t.pk: values(t, six(t)) for t in (team, rival_team, third_team)}
    expected = {t: sum((o - p) // 500_000 for o in powers.values() if o > p) for t, p in powers.items()}
    assert {t: s.edge_tokens for t, s in sides.items()} == expected
