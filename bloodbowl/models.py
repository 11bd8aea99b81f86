"""Blood Bowl (Death Zone) leagues. The rules are in engine.bloodbowl; these rows are the facts.

Teams are rosters.Team rows (league, coach, name; `faction` holds the race slug) with their money
on the shared ledger; what Blood Bowl adds to a team is its TeamProfile and its Players.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower

import games.models
from engine.bloodbowl.teamlists import NAME_LENGTH, SLUG_LENGTH


class TeamLists(models.Model):
    """The league's races, positions and skills (the rulebook has none: GAPS.md), as imported."""

    league = models.OneToOneField("leagues.League", on_delete=models.CASCADE, related_name="bb_team_lists")
    data = models.JSONField()  # engine.bloodbowl.teamlists.team_lists_to_data
    updated_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "team lists"

    def __str__(self) -> str:
        return f"Team lists of {self.league}"


class TeamProfile(models.Model):
    """What a Blood Bowl team has besides players and money. `reroll_cost` is the team list's price
    when the team was created, so a later import does not change an existing team."""

    team = models.OneToOneField("rosters.Team", on_delete=models.CASCADE, related_name="bb")
    race_name = models.CharField(max_length=NAME_LENGTH)
    reroll_cost = models.PositiveIntegerField()
    rerolls = models.PositiveSmallIntegerField(default=0)
    fan_factor = models.PositiveSmallIntegerField(default=1)
    apothecary = models.BooleanField(default=False)
    assistant_coaches = models.PositiveSmallIntegerField(default=0)
    cheerleaders = models.PositiveSmallIntegerField(default=0)

    def __str__(self) -> str:
        return f"Blood Bowl profile of {self.team}"


class Player(models.Model):
    """A player as he is now; his position's line is copied in at hiring, so a later import of the
    team lists changes no player. What changed him is kept in PlayerEvent rows."""

    class Status(models.TextChoices):
        ACTIVE = "active"
        RETIRED = "retired"
        DEAD = "dead"

    team = models.ForeignKey("rosters.Team", on_delete=models.PROTECT, related_name="bb_players")
    number = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=60)
    position = models.CharField(max_length=SLUG_LENGTH)
    position_name = models.CharField(max_length=NAME_LENGTH)
    value = models.PositiveIntegerField()
    big_guy = models.BooleanField(default=False)
    physical_on_doubles = models.BooleanField(default=False)
    categories = models.JSONField(default=list)  # normal skill access
    base = models.JSONField()  # starting {"ma", "st", "ag", "av"}
    stats = models.JSONField()  # current {"ma", "st", "ag", "av"}
    starting_skills = models.JSONField(default=list)
    skills = models.JSONField(default=list)  # current, starting ones included
    spp = models.PositiveIntegerField(default=0)
    skill_rolls = models.PositiveSmallIntegerField(default=0)
    peaked = models.BooleanField(default=False)
    niggling_injuries = models.PositiveSmallIntegerField(default=0)
    misses_next_match = models.BooleanField(default=False)
    aging = models.JSONField(default=list)  # permanent Aging Table effects
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)

    class Meta:
        ordering = ["number", "id"]
        constraints = [
            models.UniqueConstraint("team", "number", name="bb_player_number_unique", condition=models.Q(status="active")),
            models.UniqueConstraint(Lower("name"), "team", name="bb_player_name_unique"),
        ]

    def __str__(self) -> str:
        return f"#{self.number} {self.name}"


class Match(games.models.Game):
    """A league (or tournament) match between two teams: its pre-match here; its state, report,
    history and dice are games.Game's."""

    stage = models.CharField(max_length=20, default="league")  # engine stage: league, semi_final, final...
    gate = models.PositiveIntegerField(null=True, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    # A tournament match: its week (1-5) and round; the round sets `stage` (semi-final, final).
    tournament = models.ForeignKey(
        "bloodbowl.Tournament", on_delete=models.PROTECT, null=True, blank=True, related_name="matches"
    )
    tournament_week = models.PositiveSmallIntegerField(null=True, blank=True)
    tournament_round = models.CharField(max_length=20, blank=True)  # play-off, semi-final, final, third-place
    fixture_round = models.PositiveSmallIntegerField(null=True, blank=True)  # its round of the league's fixture list

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "matches"

    def __str__(self) -> str:
        return f"Match {self.pk}"


class MatchSide(models.Model):
    """One team in a match: what it was at kick-off and what the match gave it."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="sides")
    team = models.ForeignKey("rosters.Team", on_delete=models.PROTECT, related_name="bb_match_sides")
    home = models.BooleanField()
    team_rating = models.PositiveIntegerField()  # at kick-off
    special_play_cards = models.PositiveSmallIntegerField(null=True, blank=True)  # rolled + handicap
    missing = models.JSONField(default=list)  # ids of the players who miss this match (injury, niggling, aging)
    card_decks = models.JSONField(null=True, blank=True)  # the coach's split of his cards: {deck: count}
    score = models.PositiveSmallIntegerField(null=True, blank=True)
    touchdowns = models.PositiveSmallIntegerField(null=True, blank=True)  # its report's (the score counts field goals too)
    casualties = models.PositiveSmallIntegerField(null=True, blank=True)
    winnings = models.IntegerField(null=True, blank=True)
    fan_factor_change = models.SmallIntegerField(null=True, blank=True)
    notes = models.CharField(max_length=500, blank=True)  # the coach's brief notes for his Match Record
    confirmed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+")

    class Meta:
        ordering = ["match", "-home"]
        constraints = [models.UniqueConstraint("match", "team", name="bb_side_unique")]

    def __str__(self) -> str:
        return f"{self.team} in {self.match}"


class PlayerLine(models.Model):
    """A player's touchdowns and casualties in a match's report, written with its result (the post-match) so the
    leaders are summed by the database; only the players with any have a row."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="player_lines")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="match_lines")
    touchdowns = models.PositiveSmallIntegerField()
    casualties = models.PositiveSmallIntegerField()

    class Meta:
        constraints = [models.UniqueConstraint("match", "player", name="bb_player_line_unique")]

    def __str__(self) -> str:
        return f"{self.player} in {self.match}"


class StarPlayerRoll(models.Model):
    """A star player roll earned in a match: its dice are stored at once, the coach's choice later."""

    match = models.ForeignKey(Match, on_delete=models.PROTECT, related_name="star_player_rolls")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="star_player_rolls")
    number = models.PositiveSmallIntegerField()  # the player's skill roll number, 1 for his first ever
    dice = models.JSONField()  # [d6, d6]
    choice = models.JSONField(null=True, blank=True)
    peak_dice = models.JSONField(null=True, blank=True)
    chosen_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    chosen_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        constraints = [models.UniqueConstraint("player", "number", name="bb_spr_unique")]

    def __str__(self) -> str:
        return f"Star player roll {self.number} of {self.player}"


class Standing(models.Model):
    """A team's line of its league's table as the engine computed it at the last recompute
    (bloodbowl.services.standings): the pages read these rows, only the recompute writes them."""

    league = models.ForeignKey("leagues.League", on_delete=models.CASCADE, related_name="bb_standings")
    team = models.OneToOneField("rosters.Team", on_delete=models.CASCADE, related_name="bb_standing")
    rank = models.PositiveIntegerField()  # the line's place in the engine's order (1, 2, 3...): the pages' order
    position = models.PositiveIntegerField()  # the engine's: tied teams share it
    played = models.PositiveIntegerField()
    won = models.PositiveIntegerField()
    drawn = models.PositiveIntegerField()
    lost = models.PositiveIntegerField()
    points = models.PositiveIntegerField()
    td_for = models.PositiveIntegerField()
    td_against = models.PositiveIntegerField()
    cas_for = models.PositiveIntegerField()
    cas_against = models.PositiveIntegerField()
    team_rating = models.PositiveIntegerField()  # 0 (as the tie-breaker counts it) while a house value it needs is unset
    rating_problem = models.CharField(max_length=500, blank=True)  # why there is no Team Rating, or ""

    class Meta:
        ordering = ["league", "rank"]
        indexes = [models.Index(fields=["league", "rank"], name="bb_standing_rank")]

    def __str__(self) -> str:
        return f"{self.team} at {self.position}"


class PlayerTotals(models.Model):
    """A player's touchdowns and casualties in his league's confirmed match reports and his Star Player Points,
    as the standings recompute found them: the leaders. Only players with any of them have a row."""

    league = models.ForeignKey("leagues.League", on_delete=models.CASCADE, related_name="+")
    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="totals")
    touchdowns = models.PositiveIntegerField()
    casualties = models.PositiveIntegerField()
    spp = models.PositiveIntegerField()

    class Meta:
        verbose_name_plural = "player totals"
        indexes = [
            models.Index("league", models.F("touchdowns").desc(), "player", name="bb_totals_touchdowns"),
            models.Index("league", models.F("casualties").desc(), "player", name="bb_totals_casualties"),
            models.Index("league", models.F("spp").desc(), "player", name="bb_totals_spp"),
        ]

    def __str__(self) -> str:
        return f"Totals of {self.player}"


from bloodbowl.models_tournaments import (  # noqa: E402  (the tournament rows, in their own module)
    Entry,
    Tournament,
    TournamentEvent,
    Trophy,
    WizardContract,
    WrittenChallenge,
)

__all__ = ["Entry", "Tournament", "TournamentEvent", "Trophy", "WizardContract", "WrittenChallenge"]
