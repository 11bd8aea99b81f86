"""Playing a Blitz Bowl match through the services, as its coaches would."""

from __future__ import annotations

from blitzbowl import services
from blitzbowl.models import Match
from games.models import Roll
from pitside.errors import Invalid


def report(home=(3, 1, 0), away=(1, 0, 0)):
    return {
        name: {"score": score, "challenge_cards": cards, "injuries": injuries}
        for name, (score, cards, injuries) in (("home", home), ("away", away))
    }


def play(match: Match, home=(3, 1, 0), away=(1, 0, 0)) -> Match:
    """The home coach reports, the away coach confirms."""
    sides = sorted(match.sides.all(), key=lambda s: not s.home)
    services.result_submit(match_id=match.pk, user=sides[0].team.coach, report=report(home, away))
    confirmed, _ = services.result_confirm(match_id=match.pk, user=sides[1].team.coach)
    return confirmed


def play_league(league, commissioner) -> None:
    """Every round of the league arranged by the commissioner and played, until league play is over."""
    while True:
        try:
            arranged = services.round_generate(league_id=league.pk, user=commissioner)
        except Invalid:
            return
        for match in arranged:
            play(match)


def play_rolling_a_trait_twice(league, team, opponents) -> None:
    """`team` plays a home match against each opponent and rolls 1 + 4 (Bribe the Ref) after each: the dice stored
    before the match is played, for the post-game to read."""
    for opponent in opponents:
        match = services.match_create(league_id=league.pk, user=team.coach, home_team=team.pk, away_team=opponent.pk)
        Roll.objects.create(game=match, label="trait.home", purpose="coach_trait", dice=[1, 4])
        play(match)
