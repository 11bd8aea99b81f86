"""Blood Bowl tournaments for tests: entered teams, play-off matches played through the match services,
and a tournament run to its final."""

from __future__ import annotations

from bloodbowl.models import Match, TeamProfile, Tournament
from bloodbowl.services import matches as match_services
from bloodbowl.services import tournaments as services
from tests.bloodbowl.match_helpers import bloodbowl_team
from tests.factories import UserFactory


def teams_of(league, *names, players=None):
    """One team per name, each with its own coach (`players`: name -> roster size, for different Team Ratings)."""
    players = players or {}
    return [
        bloodbowl_team(
            league, UserFactory(username=f"coach_{name.lower().replace(' ', '_')}"), name, players=players.get(name, 11)
        )
        for name in names
    ]


def tournament(league, kind="spike", **fields):
    created, _ = services.tournament_create(league=league, user=league.commissioners.first(), kind=kind, **fields)
    return created


def enter(t, *teams):
    for team in teams:
        services.entry_create(tournament_id=t.pk, user=team.coach, team_id=team.pk)


def report(home, away, home_td, away_td):
    """Touchdowns to each team's #1, the MVP to its #2."""
    h, a = list(home.bb_players.order_by("number")), list(away.bb_players.order_by("number"))
    return {
        "home": {"score": home_td, "mvp": h[1].pk, "players": [{"player": h[0].pk, "touchdowns": home_td}] if home_td else []},
        "away": {"score": away_td, "mvp": a[1].pk, "players": [{"player": a[0].pk, "touchdowns": away_td}] if away_td else []},
    }


def gate_dice(home, away, die=3):
    """One die per point of the two teams' Fan Factor."""
    return [die] * sum(TeamProfile.objects.filter(team__in=[home, away]).values_list("fan_factor", flat=True))


def play_match(match, home, away, home_td, away_td):
    """Pre-match, the home coach reports, the away coach confirms; every die a 3 (the league takes table
    dice), so the same match always gives the same winnings and Fan Factor."""
    match_services.prematch_roll(
        match_id=match.pk, user=home.coach, dice={"gate": gate_dice(home, away), "cards.home": [3], "cards.away": [3]}
    )
    match_services.report_submit(match_id=match.pk, user=home.coach, report=report(home, away, home_td, away_td))
    match_services.report_confirm(
        match_id=match.pk,
        user=away.coach,
        dice={"winnings.home": [3], "winnings.away": [3], "fan_factor.home": [3], "fan_factor.away": [3]},
    )
    return Match.objects.get(pk=match.pk)


def play(t, home, away, home_td, away_td):
    """A tournament match arranged by the home coach and played to its confirmed result."""
    match, _ = services.tournament_match_arrange(tournament_id=t.pk, user=home.coach, home_team_id=home.pk, away_team_id=away.pk)
    return play_match(match, home, away, home_td, away_td)


def advance(t, times=1):
    for _ in range(times):
        services.tournament_advance(tournament_id=t.pk, user=t.league.commissioners.first())
    return Tournament.objects.get(pk=t.pk)


def run_to_final(league, kind, teams, **fields):
    """Four teams: play-offs (one win each for the first two), the stored semi-final draw played (home wins),
    then week 5. Returns the tournament and the two finalists."""
    t = tournament(league, kind, **fields)
    enter(t, *teams)
    a, b, c, d = teams
    play(t, a, b, 3, 0)
    play(t, c, d, 2, 1)
    t = advance(t, 3)
    by_id = {team.pk: team for team in teams}
    finalists = []
    for home, away in t.semi_finals:
        play(t, by_id[home], by_id[away], 1, 0)
        finalists.append(by_id[home])
    return advance(t), finalists
