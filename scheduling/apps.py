from django.apps import AppConfig


class SchedulingConfig(AppConfig):
    """Weeks, challenges, games and results: arrives with the Slaughterball season."""

    name = "scheduling"
