from django.apps import AppConfig


class RostersConfig(AppConfig):
    """Teams and their ledger: what every game system's teams share."""

    name = "rosters"
