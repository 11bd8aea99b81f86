"""What waits on the dashboard for a Blood Bowl coach besides his results (home.selectors): his star
player rolls to choose and the written challenges he is to answer."""

from __future__ import annotations

from collections.abc import Sequence

from django.db.models import Q
from django.urls import reverse

from bloodbowl.models import StarPlayerRoll
from bloodbowl.models_tournaments import WrittenChallenge
from bloodbowl.services.tournaments import ANSWERS
from leagues.game_apps import Waiting
from rosters.models import Team


def coach_waiting(teams: Sequence[Team]) -> list[Waiting]:
    """The star player rolls of `teams`' players still to choose (on their match's page) and the written challenges
    one of `teams` is to answer (the challenged team, the substitute asked, or the challenger offered a substitute):
    two queries."""
    by_id = {team.pk: team for team in teams}
    waiting: list[Waiting] = []
    rolls = StarPlayerRoll.objects.filter(player__team__in=by_id, choice__isnull=True).select_related("player")
    for roll in rolls.order_by("match_id", "pk"):
        team = by_id[roll.player.team_id]
        text = f"{roll.player.name} ({team.name}): choose his star player roll {roll.number}."
        waiting.append(Waiting("choose", text, reverse("bb-match-detail", args=[roll.match_id]), league=team.league.name))
    status = WrittenChallenge.Status
    answering = {
        status.OPEN: "challenged_id",
        status.SUBSTITUTE_ASKED: "substitute_id",
        status.SUBSTITUTE_AGREED: "challenger_id",
    }
    challenges = WrittenChallenge.objects.filter(
        Q(status=status.OPEN, challenged__in=by_id)
        | Q(status=status.SUBSTITUTE_ASKED, substitute__in=by_id)
        | Q(status=status.SUBSTITUTE_AGREED, challenger__in=by_id)
    ).select_related("tournament", "challenger", "challenged")
    for challenge in challenges.order_by("pk"):
        team = by_id[getattr(challenge, answering[status(challenge.status)])]
        made = f"{challenge.challenger.name} challenged {challenge.challenged.name}, {challenge.tournament.name}"
        text = f"{team.name}: {ANSWERS[status(challenge.status)]} ({made})."
        url = reverse("bb-tournament", args=[challenge.tournament_id])
        waiting.append(Waiting("turn", text, url, league=team.league.name))
    return waiting
