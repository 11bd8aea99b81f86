"""Seasons, weeks, games and their results. One module a feature; each is imported here."""

from scheduling.models.season import Game, GameSide, ResultEvent, Season, SeasonTeam, Standing, Week

__all__ = ["Game", "GameSide", "ResultEvent", "Season", "SeasonTeam", "Standing", "Week"]
