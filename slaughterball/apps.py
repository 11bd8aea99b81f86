from django.apps import AppConfig


class SlaughterballConfig(AppConfig):
    """Slaughterball leagues: seasons, weeks, challenges, auctions, lineups, games, results, standings."""

    name = "slaughterball"
