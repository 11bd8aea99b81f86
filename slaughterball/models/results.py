"""What the result pipeline keeps besides the season models: a game's live-entry draft, and the
last places recorded for games a team never played."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class ResultDraft(models.Model):
    """The result as it is being entered during the game (scores, unused Edge tokens, no-shows and
    the scoring log as they happen), saved on every change and submitted at the end.

    `data` has the shape of a submission: {"sides": [...], "scoring_log": [...]}. It is a scratch
    pad: nothing reads it but the game page, and submitting validates it like any other result."""

    game = models.OneToOneField("slaughterball.Game", on_delete=models.CASCADE, related_name="draft")
    data = models.JSONField(default=dict, blank=True)
    updated_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Draft result of {self.game}"


class MissedGame(models.Model):
    """Teams That Haven't Played 10 Games: one game a team never played, counted as a last place
    with no League Points and no winnings. `number` counts them per team (1, 2, ...), so recording
    the same shortfall twice adds nothing; `week` is the week column it is counted in."""

    season = models.ForeignKey("slaughterball.Season", on_delete=models.PROTECT, related_name="missed_games")
    team = models.ForeignKey("rosters.Team", on_delete=models.PROTECT, related_name="missed_games")
    number = models.PositiveSmallIntegerField()
    week = models.PositiveSmallIntegerField()
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["season", "team", "number"]
        constraints = [models.UniqueConstraint("season", "team", "number", name="missed_game_unique")]

    def __str__(self) -> str:
        return f"{self.team}: missed game {self.number} in {self.season}"
