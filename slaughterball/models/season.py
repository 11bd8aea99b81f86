from __future__ import annotations

from django.db import models

import games.models
from engine.slaughterball.games import edge_tokens_received


class Season(models.Model):
    """One season of a league: its teams play `games_per_team` games, then the top `playoff_size` play off."""

    class Status(models.TextChoices):
        SIGNUP = "signup", "Sign-up"
        RUNNING = "running", "Running"
        PLAYOFFS = "playoffs", "Playoffs"
        FINISHED = "finished", "Finished"

    league = models.ForeignKey("leagues.League", on_delete=models.PROTECT, related_name="seasons")
    number = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=100)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SIGNUP)
    games_per_team = models.PositiveSmallIntegerField(default=10)
    playoff_size = models.PositiveSmallIntegerField(default=4)
    # Linked Seasons: teams carry skills, traits, staff and treasury over from this one.
    previous = models.OneToOneField("self", on_delete=models.PROTECT, null=True, blank=True, related_name="next")
    champion = models.ForeignKey("rosters.Team", on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    starts_on = models.DateField(null=True, blank=True)
    # Counts the changes of the stored standings (their one writer, standings_recompute, adds one): what the League
    # Ranking Sheet is known by, without reading every week's ranking.
    standings_version = models.PositiveIntegerField(default=0, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["league", "number"]
        constraints = [models.UniqueConstraint("league", "number", name="season_number_unique_in_league")]

    def __str__(self) -> str:
        return self.name


class SeasonTeam(models.Model):
    """A team's entry in a season."""

    season = models.ForeignKey(Season, on_delete=models.PROTECT, related_name="entries")
    team = models.ForeignKey("rosters.Team", on_delete=models.PROTECT, related_name="season_entries")
    # League Rank's last tie-breaker, a recorded random draw in [0, 1): drawn once when the team
    # enters the season (or when the season starts) and reused for every ranking; lower ranks higher.
    draw = models.FloatField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint("season", "team", name="season_team_unique")]

    def __str__(self) -> str:
        return f"{self.team} in {self.season}"


class Week(models.Model):
    """A round of the season, with the commissioner's deadlines and every random draw it used."""

    class Kind(models.TextChoices):
        DRAW = "draw", "First-week draw"
        CHALLENGE = "challenge", "Challenge round"
        RANDOM = "random", "Random draw"
        PLAYOFF = "playoff", "Slaughterbrawl"
        MAKEUP = "makeup", "Makeup games"

    season = models.ForeignKey(Season, on_delete=models.PROTECT, related_name="weeks")
    number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices)
    challenges_due = models.DateTimeField(null=True, blank=True)
    games_due = models.DateTimeField(null=True, blank=True)
    # Every random draw made for this week (seed and outcome), so it can be shown and replayed.
    draws = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["season", "number"]
        constraints = [models.UniqueConstraint("season", "number", name="week_number_unique_in_season")]

    def __str__(self) -> str:
        return f"{self.season} week {self.number}"


class Game(games.models.Game):
    """A Slaughterball game of a week: 2 to 4 teams; its state, history and dice are games.Game's."""

    week = models.ForeignKey(Week, on_delete=models.PROTECT, related_name="games")
    number = models.PositiveSmallIntegerField()
    # Makeup games for teams that already played their ten: the commissioner decides whether they pay.
    pays = models.BooleanField(default=True)

    class Meta:
        ordering = ["week", "number"]
        constraints = [models.UniqueConstraint("week", "number", name="game_number_unique_in_week")]

    def __str__(self) -> str:
        return f"{self.week} game {self.number}"


class GameSide(models.Model):
    """One team in one game: what it brought (lineup, Pit Power, Edge tokens, as they were then)
    and what it got (score, place, League Points, prize money)."""

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="sides")
    team = models.ForeignKey("rosters.Team", on_delete=models.PROTECT, related_name="game_sides")
    order_of_play = models.PositiveSmallIntegerField(null=True, blank=True)  # 1 = First Coach
    lineup = models.JSONField(default=list, blank=True)  # [{"id", "number", "name", "type", "value"}] at the game
    # Lasting Injuries: the ids of its athletes who ended the game with Injury tokens (the post-game records them, with or
    # without a lineup); they cannot learn after it.
    injured = models.JSONField(default=list, blank=True)
    pit_power = models.PositiveBigIntegerField(null=True, blank=True)
    edge_tokens = models.PositiveSmallIntegerField(null=True, blank=True)
    staff_tokens = models.JSONField(default=dict, blank=True)
    score = models.PositiveIntegerField(null=True, blank=True)
    unused_edge_tokens = models.PositiveSmallIntegerField(default=0)
    no_show = models.BooleanField(default=False)
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    league_points = models.PositiveSmallIntegerField(null=True, blank=True)
    prize_money = models.PositiveBigIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["game", "order_of_play", "id"]
        constraints = [models.UniqueConstraint("game", "team", name="game_side_unique")]
        # A week's games' teams in side order (a challenge round's state) read from the index alone: without it the
        # database reads every side of the season, with each side's lineup, whatever the week.
        indexes = [models.Index(fields=["game", "id", "team"], name="game_side_teams")]

    def __str__(self) -> str:
        return f"{self.team} in {self.game}"

    @property
    def edge_tokens_received(self) -> int | None:
        """Underdog Bonus and support-staff Edge tokens together; None until the pre-game computed them."""
        return None if self.edge_tokens is None else edge_tokens_received(self.edge_tokens, self.staff_tokens or {})


class Standing(models.Model):
    """A team's League Rank after a week (week 0: before the first game). Recomputed, never edited."""

    # Derived rows, rewritten in bulk by the recompute: no database foreign key (its check on every
    # row written costs more than the rows themselves); Django cascades the deletes, and a row left by
    # a team deleted during a recompute is removed by the next one. The season's own index is the
    # prefix of standing_unique.
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="standings", db_constraint=False, db_index=False)
    week = models.PositiveSmallIntegerField()
    team = models.ForeignKey("rosters.Team", on_delete=models.CASCADE, related_name="standings", db_constraint=False)
    rank = models.PositiveIntegerField()
    league_points = models.PositiveIntegerField()
    team_potential = models.PositiveBigIntegerField()
    games_played = models.PositiveSmallIntegerField()
    draw = models.FloatField()  # the recorded random tie-breaker

    class Meta:
        ordering = ["season", "week", "rank"]
        constraints = [models.UniqueConstraint("season", "week", "team", name="standing_unique")]
        # A page of a column read in rank order without sorting the column, and its weeks (standings_weeks).
        indexes = [models.Index(fields=["season", "week", "rank"], name="standing_rank")]

    def __str__(self) -> str:
        return f"{self.team}: rank {self.rank} after week {self.week}"
