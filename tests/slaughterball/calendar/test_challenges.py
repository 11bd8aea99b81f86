"""The challenge round (rulebook: Games for Later Weeks, 3- or 2-Team Games, Appealing a Challenge,
No-Shows): whole leagues of 8 and 10 teams through weeks 1 to 3, then each rule on its own."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from engine.slaughterball.schedule import auto_steal, check_steal, consecutive_small_games, game_sizes
from notifications.models import Notification
from pitside.errors import Invalid, NotPermitted
from rosters.models import Team
from slaughterball.models import Appeal, Challenge, Game, GameSide, Rearrangement, Week
from slaughterball.selectors_calendar import round_state, season_ranking, week_view
from slaughterball.services.calendar import makeup_game_create, week_draw
from slaughterball.services.challenges import (
    appeal_create,
    appeal_decide,
    challenge_issue,
    rearrange,
    round_fill,
    steal_make,
)
from tests.factories import LeagueFactory, UserFactory, make_team
from tests.refusals import raises_invalid
from tests.slaughterball.calendar.helpers import add_teams, confirm, confirm_week, games_of, next_week, started_season, week


def coach_of(team_id: int):
    return Team.objects.select_related("coach").get(pk=team_id).coach


def play_round(week_: Week, pick_highest: bool = False) -> list[Challenge]:
    """Each coach in turn challenges (the lowest-ranked free teams, or the highest with
    `pick_highest`), and the leftovers steal the nearest higher-valued teams, all through the services."""
    made = []
    while True:
        state = round_state(Week.objects.select_related("season__league").get(pk=week_.pk))
        turn = state.turn
        if turn.action == "challenge":
            ranked = [t for t in reversed(state.frozen.ranking) if t in state.unscheduled and t != turn.team]
            targets = (ranked[::-1] if pick_highest else ranked)[: turn.picks]
            challenge, created = challenge_issue(week=week_, user=coach_of(turn.team), team_id=turn.team, challenged=targets)
        elif turn.action == "steal":
            stolen = auto_steal(state.frozen.entries[turn.team], turn.picks, list(state.games.values()), state.frozen.potentials)
            challenge, created = steal_make(week=week_, user=coach_of(turn.team), team_id=turn.team, stolen=stolen)
        else:
            return made
        assert created
        made.append(challenge)


def assert_full_week(week_: Week, team_count: int) -> None:
    games = games_of(week_)
    teams = [t for g in games for t in g]
    assert len(teams) == len(set(teams)) == team_count
    assert sorted(len(g) for g in games) == sorted(game_sizes(team_count))


# --- Whole leagues through weeks 1 to 3 ---------------------------------------------------------------------------


@pytest.mark.parametrize("size", [8, 10])
def test_a_league_plays_weeks_one_to_three(league, commissioner, size):
    add_teams(league, size)
    season = started_season(league, commissioner)
    first, _ = week_draw(week=week(season, 1), user=commissioner)
    assert_full_week(first, size)
    confirm_week(first)
    for number, pick_highest in [(2, False), (3, True)]:
        current = next_week(season, commissioner)
        assert current.number == number
        order = round_state(current).frozen.order
        made = play_round(current, pick_highest)
        assert_full_week(current, size)
        # The challengers went in the frozen order: each challenger is the first free team of the order.
        challengers = [c.team_id for c in made if c.kind == Challenge.Kind.CHALLENGE]
        assert challengers == [t for t in order if t in challengers]
        assert challengers[0] == order[0]
        steals = [c for c in made if c.kind == Challenge.Kind.STEAL]
        assert len(steals) == (1 if size % 4 else 0)
        view = week_view(current)
        assert view.state.turn.action == "done"
        # The commissioner's warnings are the engine's consecutive small games.
        previous = games_of(week(season, number - 1))
        assert sorted(w.team for w in view.warnings) == consecutive_small_games(previous, games_of(current))
        confirm_week(current)
    ranking = season_ranking(season)
    assert all(r.games_played == 3 for r in ranking)
    assert sum(r.league_points for r in ranking) == sum(
        GameSide.objects.filter(game__week__season=season).values_list("league_points", flat=True)
    )


def test_ten_teams_the_leftover_with_fewer_league_points_steals(league, commissioner):
    teams = add_teams(league, 10)
    season = started_season(league, commissioner)
    week_draw(week=week(season, 1), user=commissioner)
    confirm_week(week(season, 1))
    current = next_week(season, commissioner)
    # Two challenges by hand, so that two coaches are left.
    for _ in range(2):
        state = round_state(current)
        targets = [t for t in reversed(state.frozen.ranking) if t in state.unscheduled and t != state.turn.team][:3]
        challenge_issue(week=current, user=coach_of(state.turn.team), team_id=state.turn.team, challenged=targets)
    state = round_state(current)
    assert state.turn.action == "steal"
    leftovers = sorted(state.unscheduled)
    stealer = state.turn.team
    other = next(t for t in leftovers if t != stealer)
    assert state.frozen.entries[stealer].league_points <= state.frozen.entries[other].league_points
    # The other leftover may not steal.
    with pytest.raises(Invalid) as refused:
        steal_make(week=current, user=coach_of(other), team_id=other, stolen=[state.games[next(iter(state.games))][0]])
    assert refused.value.items[0].code == "steal-turn"
    # A team from a 4-team game not worth more than the stealer is refused, when its game holds a higher-valued one.
    own = state.frozen.entries[stealer].team_potential
    potentials = state.frozen.potentials
    cheap = [t for g in state.games.values() if any(potentials[x] > own for x in g) for t in g if potentials[t] <= own]
    if cheap:
        with raises_invalid() as refused:
            steal_make(week=current, user=coach_of(stealer), team_id=stealer, stolen=[cheap[0]])
        assert refused.value.items[0].code == "steal-value"
    stolen = auto_steal(state.frozen.entries[stealer], 1, list(state.games.values()), potentials)
    check_steal(state.frozen.entries[stealer], 2, stolen, list(state.games.values()), potentials)
    steal, created = steal_make(week=current, user=coach_of(stealer), team_id=stealer, stolen=stolen)
    assert created
    assert steal.sources == {str(stolen[0]): next(g for g, ts in state.games.items() if stolen[0] in ts)}
    assert set(GameSide.objects.filter(game=steal.game).values_list("team_id", flat=True)) == {stealer, other, *stolen}
    assert_full_week(current, 10)
    # The stolen coach and the other leftover hear of it.
    for team in (*stolen, other):
        assert Notification.objects.filter(event=f"challenged:{steal.game_id}:{team}").exists()
    assert len(teams) == 10


# --- Challenges, one rule at a time ----------------------------------------------------------------------------------


def first_move(round_week: Week) -> tuple[int, list[int]]:
    state = round_state(round_week)
    targets = [t for t in reversed(state.frozen.ranking) if t in state.unscheduled and t != state.turn.team][:3]
    return state.turn.team, targets


def test_a_challenge_makes_the_game_at_once_and_tells_the_challenged(round_week):
    challenger, targets = first_move(round_week)
    challenge, created = challenge_issue(week=round_week, user=coach_of(challenger), team_id=challenger, challenged=targets)
    assert created
    assert challenge.game.week == round_week
    assert list(GameSide.objects.filter(game=challenge.game).values_list("team_id", flat=True)) == [challenger, *targets]
    for team in targets:
        notes = Notification.objects.filter(user=coach_of(team), event=f"challenged:{challenge.game_id}:{team}")
        assert notes.count() == 1
        assert "challenged" in notes.get().text


@pytest.mark.parametrize("extra", [0, 12])
def test_a_challenge_costs_the_same_queries_whatever_the_league_size(
    league, commissioner, eight, extra, django_assert_num_queries
):
    add_teams(league, extra, start=6)
    season = started_season(league, commissioner)
    week_draw(week=week(season, 1), user=commissioner)
    confirm_week(week(season, 1))
    current = next_week(season, commissioner)
    challenger, targets = first_move(current)
    coach = coach_of(challenger)
    # The week locked once (with its season and league), the four teams with their coaches, the
    # week's games and sides; the game (two rows: its games.Game and its own), its sides, the
    # challenge, the three notifications, the league's channels (none: nothing more); the next challenger's
    # team with its coach, his turn's notification looked for and made; the game's pre-game open (pregame_open_notify:
    # the game, its sides with their coaches, the league's commissioners, the notifications looked for and made); and
    # the savepoint the test's own transaction turns the service's into, with its release.
    with django_assert_num_queries(19):
        _, created = challenge_issue(week=current, user=coach, team_id=challenger, challenged=targets)
    assert created


def test_only_the_coach_whose_turn_it_is_challenges(round_week):
    challenger, targets = first_move(round_week)
    state = round_state(round_week)
    later = next(t for t in state.frozen.order if t not in (challenger, *targets))
    with raises_invalid() as refused:
        challenge_issue(week=round_week, user=coach_of(later), team_id=later, challenged=targets)
    assert refused.value.items[0].code == "challenge-turn"
    with pytest.raises(NotPermitted):
        challenge_issue(week=round_week, user=coach_of(later), team_id=challenger, challenged=targets)
    assert not Game.objects.filter(week=round_week).exists()


def test_challenged_teams_are_locked(round_week):
    challenger, targets = first_move(round_week)
    challenge_issue(week=round_week, user=coach_of(challenger), team_id=challenger, challenged=targets)
    state = round_state(round_week)
    free = [t for t in state.frozen.order if t in state.unscheduled and t != state.turn.team]
    with raises_invalid() as refused:
        challenge_issue(
            week=round_week, user=coach_of(state.turn.team), team_id=state.turn.team, challenged=[targets[0], *free[:2]]
        )
    assert refused.value.items[0].code == "challenge-locked"


def test_a_team_outside_the_season_cannot_be_challenged(round_week):
    challenger, targets = first_move(round_week)
    stranger = make_team(LeagueFactory(), UserFactory(), name="Strangers")
    with pytest.raises(Invalid) as refused:
        challenge_issue(week=round_week, user=coach_of(challenger), team_id=challenger, challenged=[*targets[:2], stranger.pk])
    assert (refused.value.items[0].code, refused.value.items[0].field) == ("team-not-in-season", "challenged")


def test_a_challenge_sent_twice_is_made_once(round_week):
    challenger, targets = first_move(round_week)
    coach = coach_of(challenger)
    first, created = challenge_issue(week=round_week, user=coach, team_id=challenger, challenged=targets, idempotency_key="k1")
    again, created_again = challenge_issue(
        week=round_week, user=coach, team_id=challenger, challenged=targets, idempotency_key="k1"
    )
    assert created
    assert not created_again
    assert again == first
    # Without a key, the same coach's same challenge (a double click) is the same challenge too.
    third, created_third = challenge_issue(week=round_week, user=coach, team_id=challenger, challenged=targets)
    assert (third, created_third) == (first, False)
    with pytest.raises(Invalid) as refused:
        challenge_issue(week=round_week, user=coach, team_id=challenger, challenged=targets[::-1], idempotency_key="k1")
    assert refused.value.items[0].code == "idempotency-key-reused"
    assert Game.objects.filter(week=round_week).count() == 1


def test_a_coach_who_missed_a_game_challenges_last(league, commissioner, eight):
    season = started_season(league, commissioner)
    first = week(season, 1)
    week_draw(week=first, user=commissioner)
    absent = games_of(first)[0][0]
    confirm_week(first, no_show=[absent])
    order = round_state(next_week(season, commissioner)).frozen.order
    assert order[-1] == absent
    assert round_state(week(season, 2)).frozen.missed == {absent}


def test_a_coach_who_missed_a_makeup_game_challenges_last(league, commissioner, eight):
    """No-Shows: "Coaches who miss a game must challenge last in the following week": a makeup game
    set after the last round is a game of that week too."""
    season = started_season(league, commissioner)
    first = week(season, 1)
    week_draw(week=first, user=commissioner)
    confirm_week(first)
    absent, other = sorted(games_of(first)[0])[:2]  # the winner of his game: 3 League Points, ranked high
    makeup = makeup_game_create(season=season, user=commissioner, teams=[absent, other], pays=True)
    confirm(makeup, [other, absent], no_show=[absent])
    round_week = next_week(season, commissioner)
    assert round_state(round_week).frozen.order[-1] == absent
    assert round_state(round_week).frozen.missed == {absent}


# --- The commissioner's fill --------------------------------------------------------------------------------------


def test_the_fill_waits_for_the_deadline(round_week, commissioner):
    with pytest.raises(Invalid) as refused:
        round_fill(week=round_week, user=commissioner)
    assert refused.value.items[0].code == "deadline-not-passed"


def test_the_commissioner_fills_the_round_after_the_deadline(round_week, commissioner):
    challenger, targets = first_move(round_week)
    challenge_issue(week=round_week, user=coach_of(challenger), team_id=challenger, challenged=targets)
    Week.objects.filter(pk=round_week.pk).update(challenges_due=timezone.now() - timedelta(minutes=1))
    made = round_fill(week=round_week, user=commissioner)
    assert [c.auto for c in made] == [True]
    assert_full_week(round_week, 8)
    state = round_state(round_week)
    # The filled challenger took the lowest-ranked free teams.
    assert made[0].team_id == next(t for t in state.frozen.order if t not in (challenger, *targets))
    assert round_fill(week=round_week, user=commissioner) == []  # nothing left to fill
    assert Notification.objects.filter(event=f"scheduled:{made[0].game_id}:{made[0].team_id}").exists()


@pytest.mark.parametrize("who", ["coach", "rival", "other_commissioner"])
def test_only_the_commissioner_fills(round_week, who, request):
    Week.objects.filter(pk=round_week.pk).update(challenges_due=timezone.now() - timedelta(minutes=1))
    with pytest.raises(NotPermitted):
        round_fill(week=round_week, user=request.getfixturevalue(who))


# --- Rearrangements and warnings ----------------------------------------------------------------------------------


def test_a_team_in_consecutive_three_team_games_is_warned_and_can_be_moved(league, commissioner):
    add_teams(league, 7)
    season = started_season(league, commissioner)
    week_draw(week=week(season, 1), user=commissioner)
    small_1 = next(g for g in games_of(week(season, 1)) if len(g) == 3)
    confirm_week(week(season, 1))
    current = next_week(season, commissioner)
    Week.objects.filter(pk=current.pk).update(challenges_due=timezone.now() - timedelta(minutes=1))
    round_fill(week=current, user=commissioner)

    def games() -> dict[int, list[int]]:
        return week_view(current).games

    big = next(g for g, ts in games().items() if len(ts) == 4)
    small = next(g for g, ts in games().items() if len(ts) == 3)
    if not consecutive_small_games([small_1], games().values()):
        # The fill spared them: put one of last week's small game into this week's, to be warned of.
        repeat = next(t for t in games()[big] if t in small_1)
        rearrange(week=current, user=commissioner, team_id=repeat, to_game_id=small, swap_with_id=games()[small][0])
    warned = consecutive_small_games([small_1], games().values())
    assert warned
    assert [(w.code, w.team, w.game) for w in week_view(current).warnings] == [
        ("consecutive-small-game", t, small) for t in warned
    ]
    # The commissioner swaps each warned team with a team of the 4-team game that played a 4-team game last week.
    for team in warned:
        fresh = next(t for t in games()[big] if t not in small_1)
        moved, created = rearrange(week=current, user=commissioner, team_id=team, to_game_id=big, swap_with_id=fresh)
        assert created
        assert (moved.from_game_id, moved.to_game_id) == (small, big)
    assert week_view(current).warnings == []
    assert sorted(len(g) for g in games_of(current)) == [3, 4]
    # Moving a team out of the 3-team game would leave 2 and 5: refused.
    with raises_invalid() as refused:
        rearrange(week=current, user=commissioner, team_id=games()[small][0], to_game_id=big)
    assert refused.value.items[0].code == "rearrange-size"


def _filled_second_week(league, commissioner, teams: int) -> tuple[list[list[int]], Week]:
    add_teams(league, teams)
    season = started_season(league, commissioner)
    week_draw(week=week(season, 1), user=commissioner)
    first = games_of(week(season, 1))
    confirm_week(week(season, 1))
    current = next_week(season, commissioner)
    Week.objects.filter(pk=current.pk).update(challenges_due=timezone.now() - timedelta(minutes=1))
    round_fill(week=current, user=commissioner)
    return first, current


def test_the_fill_keeps_last_week_s_three_team_game_out_of_another(league, commissioner):
    """Seven teams: 4 + 3 every week. The fill puts the three of last week's 3-team game into the 4-team game."""
    first, current = _filled_second_week(league, commissioner, 7)
    small_1 = next(g for g in first if len(g) == 3)
    games = games_of(current)
    assert sorted(len(g) for g in games) == [3, 4]
    assert set(small_1) <= set(next(g for g in games if len(g) == 4))
    assert week_view(current).warnings == []


def test_the_fill_warns_when_the_count_cannot_spare_them(league, commissioner):
    """Six teams always play 3 + 3: the fill cannot help it, and the week warns of every team."""
    first, current = _filled_second_week(league, commissioner, 6)
    assert sorted(len(g) for g in games_of(current)) == [3, 3]
    warned = sorted(w.team for w in week_view(current).warnings if w.code == "consecutive-small-game")
    assert warned == sorted(t for g in first for t in g)


def test_a_rearrangement_sent_twice_is_made_once(round_week, commissioner):
    Week.objects.filter(pk=round_week.pk).update(challenges_due=timezone.now() - timedelta(minutes=1))
    round_fill(week=round_week, user=commissioner)
    (_g1, a), (g2, b) = week_view(round_week).games.items()
    first, created = rearrange(
        week=round_week, user=commissioner, team_id=a[0], to_game_id=g2, swap_with_id=b[0], idempotency_key="r"
    )
    again, created_again = rearrange(
        week=round_week, user=commissioner, team_id=a[0], to_game_id=g2, swap_with_id=b[0], idempotency_key="r"
    )
    assert created
    assert not created_again
    assert first == again
    assert Rearrangement.objects.count() == 1
    assert set(games_of(round_week)[1]) == {a[0], *b[1:]}


@pytest.mark.parametrize("who", ["coach", "rival", "other_commissioner"])
def test_only_the_commissioner_rearranges(round_week, commissioner, who, request):
    Week.objects.filter(pk=round_week.pk).update(challenges_due=timezone.now() - timedelta(minutes=1))
    round_fill(week=round_week, user=commissioner)
    (_g1, a), (g2, b) = week_view(round_week).games.items()
    with pytest.raises(NotPermitted):
        rearrange(week=round_week, user=request.getfixturevalue(who), team_id=a[0], to_game_id=g2, swap_with_id=b[0])


# --- Appeals --------------------------------------------------------------------------------------------------------------


@pytest.fixture
def challenged(round_week):
    challenger, targets = first_move(round_week)
    challenge, _ = challenge_issue(week=round_week, user=coach_of(challenger), team_id=challenger, challenged=targets)
    return challenge


def allow_appeals(league):
    league.options = {**league.options, "appeals_allowed": True}
    league.save()


def test_appeals_only_when_the_league_allows_them(challenged):
    target = challenged.targets[0]
    game = Game.objects.select_related("week__season__league").get(pk=challenged.game_id)
    with pytest.raises(Invalid) as refused:
        appeal_create(game=game, user=coach_of(target), team_id=target, reason="Away that weekend")
    assert refused.value.items[0].code == "appeals-off"


def test_a_challenged_coach_appeals_and_the_commissioner_denies(league, commissioner, challenged):
    allow_appeals(league)
    target = challenged.targets[0]
    game = Game.objects.select_related("week__season__league").get(pk=challenged.game_id)
    appeal, created = appeal_create(game=game, user=coach_of(target), team_id=target, reason="Away that weekend")
    assert created
    assert appeal.state == Appeal.State.PENDING
    assert Notification.objects.filter(user=commissioner, event=f"appeal:{appeal.pk}").exists()
    again, created_again = appeal_create(game=game, user=coach_of(target), team_id=target, reason="Away that weekend")
    assert (again, created_again) == (appeal, False)
    decided, changed = appeal_decide(appeal=appeal, user=commissioner, granted=False, note="Play it")
    assert changed
    assert decided.state == Appeal.State.DENIED
    assert GameSide.objects.filter(game=game, team_id=target).exists()
    assert appeal_decide(appeal=appeal, user=commissioner, granted=False)[1] is False
    with pytest.raises(Invalid) as refused:
        appeal_decide(appeal=appeal, user=commissioner, granted=True)
    assert refused.value.items[0].code == "appeal-decided"


def test_a_granted_appeal_frees_the_team(league, commissioner, challenged):
    allow_appeals(league)
    target = challenged.targets[1]
    game = Game.objects.select_related("week__season__league").get(pk=challenged.game_id)
    appeal, _ = appeal_create(game=game, user=coach_of(target), team_id=target, reason="Consecutive 3-team game")
    appeal_decide(appeal=appeal, user=commissioner, granted=True)
    assert not GameSide.objects.filter(game=game, team_id=target).exists()
    assert target in round_state(challenged.week).unscheduled
    view = week_view(challenged.week)
    assert view.appeal_counts == [
        {"coach": coach_of(target).username, "total": 1, "granted": 1, "denied": 0, "pending": 0, "this_week": 1}
    ]
    assert view.appeals == [appeal]
    assert Notification.objects.filter(user=coach_of(target), event=f"appeal-decided:{appeal.pk}").exists()
    assert week_view(challenged.week).warnings == []  # three teams is a legal game
    # A second granted appeal leaves two: the commissioner is warned of the short game.
    other = challenged.targets[2]
    second, _ = appeal_create(game=game, user=coach_of(other), team_id=other, reason="Away too")
    appeal_decide(appeal=second, user=commissioner, granted=True)
    warnings = week_view(challenged.week).warnings
    assert [(w.code, w.game) for w in warnings] == [("short-game", game.pk)]
    assert warnings[0].message.startswith(f"Game {game.number} has only 2 teams")


def test_the_challenger_cannot_appeal_nor_a_coach_for_another_team(league, challenged, rival):
    allow_appeals(league)
    game = Game.objects.select_related("week__season__league").get(pk=challenged.game_id)
    with pytest.raises(Invalid) as refused:
        appeal_create(game=game, user=coach_of(challenged.team_id), team_id=challenged.team_id, reason="No")
    assert refused.value.items[0].code == "appeal-not-challenged"
    other = next(t for t in challenged.targets if coach_of(t) != rival)
    with pytest.raises(NotPermitted):
        appeal_create(game=game, user=rival, team_id=other, reason="No")


@pytest.mark.parametrize("who", ["coach", "rival", "other_commissioner"])
def test_only_the_commissioner_decides_appeals(league, challenged, who, request):
    allow_appeals(league)
    target = challenged.targets[0]
    game = Game.objects.select_related("week__season__league").get(pk=challenged.game_id)
    appeal, _ = appeal_create(game=game, user=coach_of(target), team_id=target, reason="Away")
    with pytest.raises(NotPermitted):
        appeal_decide(appeal=appeal, user=request.getfixturevalue(who), granted=True)
    assert Appeal.objects.get().state == Appeal.State.PENDING
