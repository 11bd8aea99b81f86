"""Games for Later Weeks: the coach whose turn it is to challenge is told so, once a turn, with a link to
the week: the first when the round opens, each next one when the game before is made."""

from __future__ import annotations

from notifications.models import Notification
from rosters.models import Team
from slaughterball.selectors_calendar import round_state
from slaughterball.services.calendar import week_draw
from slaughterball.services.challenges import challenge_issue
from tests.slaughterball.calendar.helpers import confirm_week, next_week, week


def turn_notices(week_) -> list[tuple[str, str, str, str]]:
    rows = Notification.objects.filter(event__startswith=f"challenge-turn:{week_.pk}:").select_related("user").order_by("pk")
    return [(n.user.username, n.event, n.text, n.url) for n in rows]


def test_each_challenger_is_told_his_turn_once(season, commissioner, eight):
    week_draw(week=week(season, 1), user=commissioner)
    confirm_week(week(season, 1))
    current = next_week(season, commissioner)
    url = f"/weeks/{current.pk}/"
    teams = {t.pk: Team.objects.select_related("coach").get(pk=t.pk) for t in eight}
    challengers = []

    while (turn := round_state(current).turn).action == "challenge":
        challenger = teams[turn.team]
        challengers.append(challenger)
        told = turn_notices(current)
        assert told[-1] == (
            challenger.coach.username,
            f"challenge-turn:{current.pk}:{challenger.pk}:challenge",
            f"{season.name}, week {current.number}: your turn to challenge. {challenger.name} names 3 of the teams "
            "without a game to play.",
            url,
        )
        state = round_state(current)
        targets = [t for t in reversed(state.frozen.ranking) if t in state.unscheduled and t != turn.team][:3]
        challenge_issue(
            week=current, user=challenger.coach, team_id=challenger.pk, challenged=targets, idempotency_key=f"c{turn.team}"
        )
        challenge_issue(
            week=current, user=challenger.coach, team_id=challenger.pk, challenged=targets, idempotency_key=f"c{turn.team}"
        )

    assert turn.action == "done"
    assert len(challengers) == 2  # eight teams: two 4-team games
    assert [who for who, *_ in turn_notices(current)] == [c.coach.username for c in challengers]  # each once, nobody after
