"""Games for Later Weeks: the coach whose turn it is to challenge (or, left over, to steal) is told so, once a
turn, with a link to the week: the first when the round opens, each next one when the game before is made, and
a team an appeal lets off when it then has the turn."""

from __future__ import annotations

import pytest

from engine.slaughterball.schedule import auto_steal
from notifications.models import Notification
from rosters.models import Team
from slaughterball.selectors_calendar import round_state
from slaughterball.services.calendar import week_draw
from slaughterball.services.challenges import appeal_create, appeal_decide, challenge_issue, steal_make
from tests.slaughterball.calendar.helpers import add_teams, confirm_week, next_week, started_season, week


def turn_notices(week_) -> list[tuple[str, str, str, str]]:
    rows = Notification.objects.filter(event__startswith=f"challenge-turn:{week_.pk}:").select_related("user").order_by("pk")
    return [(n.user.username, n.event, n.text, n.url) for n in rows]


def coach_of(team_id: int):
    return Team.objects.select_related("coach").get(pk=team_id).coach


def round_week(league, commissioner):
    season = started_season(league, commissioner)
    week_draw(week=week(season, 1), user=commissioner)
    confirm_week(week(season, 1))
    return next_week(season, commissioner)


@pytest.mark.parametrize(("extra", "moves"), [(0, ["challenge", "challenge"]), (2, ["challenge", "challenge", "steal"])])
def test_each_challenger_and_stealer_is_told_his_turn_once(league, commissioner, eight, extra, moves):
    add_teams(league, extra, start=6)
    current = round_week(league, commissioner)
    prefix = f"{league.name}: {current.season.name}, week {current.number}"
    made = []

    while (state := round_state(current)).turn.action in ("challenge", "steal"):
        turn = state.turn
        team = Team.objects.select_related("coach").get(pk=turn.team)
        made.append(turn.action)
        if turn.action == "challenge":
            text = f"{prefix}: your turn to challenge. {team.name} names 3 of the teams without a game to play."
        else:
            text = f"{prefix}: {team.name} is left without a game. Your turn to steal a team from 4-team games."
        event = f"challenge-turn:{current.pk}:{team.pk}:{turn.action}"
        assert turn_notices(current)[-1] == (team.coach.username, event, text, f"/weeks/{current.pk}/")
        key = f"move-{team.pk}"
        for _ in range(2):  # each move sent twice: made once, nobody told twice
            if turn.action == "challenge":
                targets = [t for t in reversed(state.frozen.ranking) if t in state.unscheduled and t != team.pk][: turn.picks]
                challenge_issue(week=current, user=team.coach, team_id=team.pk, challenged=targets, idempotency_key=key)
            else:
                stolen = auto_steal(
                    state.frozen.entries[team.pk], turn.picks, list(state.games.values()), state.frozen.potentials
                )
                steal_make(week=current, user=team.coach, team_id=team.pk, stolen=stolen, idempotency_key=key)

    assert state.turn.action == "done"
    assert made == moves
    assert len(turn_notices(current)) == len(moves)  # each once, nobody after the round is full


def test_a_team_an_appeal_lets_off_is_told_when_it_has_the_turn(league, commissioner, eight):
    league.options = {**league.options, "appeals_allowed": True}
    league.save()
    current = round_week(league, commissioner)
    state = round_state(current)
    first = state.turn.team
    targets = [t for t in reversed(state.frozen.ranking) if t in state.unscheduled and t != first][:3]
    challenge, _ = challenge_issue(week=current, user=coach_of(first), team_id=first, challenged=targets)
    second = round_state(current).turn.team
    let_off = targets[0]  # the lowest-ranked free teams: next in the order after the first, before the second
    assert state.frozen.order.index(let_off) < state.frozen.order.index(second)

    appeal, _ = appeal_create(game=challenge.game, user=coach_of(let_off), team_id=let_off, reason="Away that week")
    appeal_decide(appeal=appeal, user=commissioner, granted=True)

    assert round_state(current).turn.team == let_off  # free again, and before the second in the order
    assert [event for _, event, _, _ in turn_notices(current)] == [
        f"challenge-turn:{current.pk}:{first}:challenge",
        f"challenge-turn:{current.pk}:{second}:challenge",
        f"challenge-turn:{current.pk}:{let_off}:challenge",
    ]
