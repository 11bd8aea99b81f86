from __future__ import annotations

from celery import shared_task
from django.core.mail import send_mail
from django.utils import timezone

from rosters.models import Team


@shared_task(autoretry_for=(ConnectionError,), retry_backoff=True, max_retries=5)
def team_signup_notify(team_id: int) -> bool:
    """Tell the league's commissioners that a team signed up. Returns whether mail was sent.

    The conditional update claims the notification first, so a retried or duplicated task
    (acks_late, a worker killed mid-task) never mails twice.
    """
    claimed = Team.objects.filter(pk=team_id, signup_notified_at=None).update(signup_notified_at=timezone.now())
    if not claimed:
        return False
    team = Team.objects.select_related("league", "coach").get(pk=team_id)
    recipients = [c.email for c in team.league.commissioners.all() if c.email]
    if recipients:
        send_mail(
            subject=f"[Pitside] {team.name} signed up for {team.league.name}",
            message=f"{team.coach.username} signed up {team.name} ({team.faction}) in {team.league.name}.",
            from_email=None,
            recipient_list=recipients,
        )
    return True
