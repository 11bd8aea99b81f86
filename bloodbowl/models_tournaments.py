"""Blood Bowl tournaments (Death Zone: Tournaments, Running a Tournament, Challenges, The Glittering
Prizes): the rows. The rules are in engine.bloodbowl.tournaments; Match.tournament links a match here.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from games.models import HistoryEvent
from pitside.idempotency import unique_idempotency_key

TEAM = "rosters.Team"


class Tournament(models.Model):
    """One of the four Majors (kind = its slug) or a minor tournament (kind "minor", with the
    commissioner's prizes). Five weeks: the play-offs (1-3), the semi-finals (4), the final (5)."""

    class Status(models.TextChoices):
        RUNNING = "running"
        FINISHED = "finished"  # the final's prizes are applied

    league = models.ForeignKey("leagues.League", on_delete=models.PROTECT, related_name="bb_tournaments")
    kind = models.CharField(max_length=20)  # a Major's slug (engine majors()) or "minor"
    name = models.CharField(max_length=100)
    winner_prize = models.PositiveIntegerField(null=True, blank=True)  # a minor's prizes; a Major's are printed
    runner_up_prize = models.PositiveIntegerField(null=True, blank=True)
    week = models.PositiveSmallIntegerField(default=1)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.RUNNING)
    # Stored when the play-offs end: the table, the team ratings used, the random draws for ties.
    qualification = models.JSONField(null=True, blank=True)
    semi_finals = models.JSONField(null=True, blank=True)  # the random draw: [[team, team], [team, team]]
    prizes = models.JSONField(null=True, blank=True)  # what the final gave, as applied
    player_of_the_year = models.JSONField(null=True, blank=True)  # Spike!: the award, when the organizer gives it
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.name

    @property
    def phase(self) -> str:
        if self.status == self.Status.FINISHED:
            return "Finished"
        return {4: "Semi-finals", 5: "Final"}.get(self.week, f"Play-offs, week {self.week}")


class Entry(models.Model):
    """A team entered in a tournament. `coach` is the team's coach when it entered: one team per coach.
    `put_forward`: the opponents whose results the coach puts forward (None: his best three)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    team = models.ForeignKey(TEAM, on_delete=models.PROTECT, related_name="bb_entries")
    coach = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    put_forward = models.JSONField(null=True, blank=True)
    put_forward_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name_plural = "entries"
        constraints = [
            models.UniqueConstraint("tournament", "team", name="bb_entry_team_unique"),
            models.UniqueConstraint("tournament", "coach", name="bb_entry_coach_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.team} in {self.tournament}"


class WrittenChallenge(models.Model):
    """Challenges: one written challenge per coach per play-off week, and the answers to it."""

    class Status(models.TextChoices):
        OPEN = "open"  # the challenged coach answers: accept, refuse or find a substitute
        SUBSTITUTE_ASKED = "substitute_asked"  # the substitute's coach agrees or declines
        SUBSTITUTE_AGREED = "substitute_agreed"  # the challenger accepts or refuses the substitute
        PLAY = "play"  # the match is arranged (`match`)
        REFUSED = "refused"  # `match` is the confirmed 9-0

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="challenges")
    challenger = models.ForeignKey(TEAM, on_delete=models.PROTECT, related_name="+")
    challenged = models.ForeignKey(TEAM, on_delete=models.PROTECT, related_name="+")
    week = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.OPEN)
    substitute = models.ForeignKey(TEAM, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    refused_by = models.ForeignKey(TEAM, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    match = models.OneToOneField(
        "bloodbowl.Match", on_delete=models.PROTECT, null=True, blank=True, related_name="written_challenge"
    )
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["week", "created_at", "id"]
        constraints = [models.UniqueConstraint("tournament", "challenger", "week", name="bb_challenge_weekly")]

    def __str__(self) -> str:
        return f"{self.challenger} challenges {self.challenged} (week {self.week})"

    @property
    def waiting_for_id(self) -> int | None:
        """The team whose coach answers next: the challenged, the substitute, then the challenger (None once settled)."""
        return {
            self.Status.OPEN: self.challenged_id,
            self.Status.SUBSTITUTE_ASKED: self.substitute_id,
            self.Status.SUBSTITUTE_AGREED: self.challenger_id,
        }.get(self.Status(self.status))


class Trophy(models.Model):
    """A Major's trophy, held from the final until the next tournament of its kind starts."""

    team = models.ForeignKey(TEAM, on_delete=models.PROTECT, related_name="bb_trophies")
    tournament = models.OneToOneField(Tournament, on_delete=models.PROTECT, related_name="trophy")
    kind = models.CharField(max_length=20)
    trophy_rerolls = models.PositiveSmallIntegerField()
    extra_random_events = models.PositiveSmallIntegerField(default=0)
    sponsorship_per_match = models.PositiveIntegerField(default=0)
    won_at = models.DateTimeField()
    until = models.DateTimeField(null=True, blank=True)  # when the next tournament of its kind started

    class Meta:
        ordering = ["-won_at", "-id"]
        verbose_name_plural = "trophies"

    def __str__(self) -> str:
        return f"{self.tournament} trophy held by {self.team}"


class WizardContract(models.Model):
    """The Dungeonbowl: a Wizard hired before a game for `cost`, until the next Dungeonbowl starts,
    whatever the team's race."""

    team = models.ForeignKey(TEAM, on_delete=models.PROTECT, related_name="bb_wizard_contracts")
    tournament = models.OneToOneField(Tournament, on_delete=models.PROTECT, related_name="wizard_contract")
    cost = models.PositiveIntegerField()
    starts_at = models.DateTimeField()
    until = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-starts_at", "-id"]

    def __str__(self) -> str:
        return f"Wizard contract of {self.team}"


class TournamentEvent(HistoryEvent):
    """The history of a tournament."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="events")

    class Meta(HistoryEvent.Meta):
        constraints = [unique_idempotency_key("tournament", "bb_tournament_event_idempotency_key_unique")]

    def __str__(self) -> str:
        return f"{self.action} in {self.tournament}"
