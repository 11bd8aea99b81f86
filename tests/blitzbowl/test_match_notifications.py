"""Both coaches of a Blitz Bowl match hear it is arranged, once, with a link to the match page: a match one of
them arranges, a round the commissioner arranges, and the finals drawn (the shared lifecycle's notice)."""

from __future__ import annotations

from django.core import mail

from blitzbowl import services
from blitzbowl.selectors import league_state
from notifications.models import Notification
from tests.blitzbowl.helpers import play


def told(match) -> dict[str, tuple[str, str]]:
    """username -> (text, url) of the notifications that `match` is arranged; each user once."""
    rows = list(Notification.objects.filter(event=f"arranged:{match.pk}").select_related("user"))
    assert len(rows) == len({r.user.username for r in rows})
    return {r.user.username: (r.text, r.url) for r in rows}


def test_both_coaches_hear_a_match_is_arranged(short_league, three, django_capture_on_commit_callbacks):
    ann, bob, _ = three
    with django_capture_on_commit_callbacks(execute=True):
        match = services.match_create(league_id=short_league.pk, user=ann.coach, home_team=ann.pk, away_team=bob.pk)

    text = f"{short_league.name}: League match is arranged: Ann's Ambushers v Bob's Bashers."
    url = f"/blitzbowl/matches/{match.pk}/"
    assert told(match) == {"own_coach": (text, url), "rival_coach": (text, url)}
    assert Notification.objects.filter(event__startswith="arranged:").count() == 2
    assert sorted(m.to[0] for m in mail.outbox) == ["own_coach@example.com", "rival_coach@example.com"]


def test_each_round_and_the_final_tell_the_coaches_of_each_match(short_league, three, commissioner):
    arranged = 0
    while not league_state(short_league).league_over:  # the round robin, a round at a time
        for match in services.round_generate(league_id=short_league.pk, user=commissioner):
            assert set(told(match)) == {s.team.coach.username for s in match.sides.all()}
            arranged += 1
            play(match)
    assert arranged == 3

    (final,) = services.finals_next(league_id=short_league.pk, user=commissioner)

    home, away = (s.team for s in final.sides.order_by("-home"))
    text = f"{short_league.name}: Final is arranged: {home.name} v {away.name}."
    url = f"/blitzbowl/matches/{final.pk}/"
    assert told(final) == {home.coach.username: (text, url), away.coach.username: (text, url)}
    assert not Notification.objects.filter(user=commissioner, event__startswith="arranged:").exists()
