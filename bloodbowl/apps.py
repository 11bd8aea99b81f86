from django.apps import AppConfig


class BloodBowlConfig(AppConfig):
    """Blood Bowl leagues by the Death Zone rules: team lists, teams and players, matches, tournaments."""

    name = "bloodbowl"
    verbose_name = "Blood Bowl"
