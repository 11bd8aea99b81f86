from django.apps import AppConfig


class HomeConfig(AppConfig):
    """A logged-in person's home (`/`): what waits for him in every game system he plays. It reads the leagues, the
    games and the teams, which know nothing of it."""

    name = "home"
