from django.apps import AppConfig


class RostersConfig(AppConfig):
    name = "rosters"

    def ready(self) -> None:
        from engine.slaughterball.ruleset import RULESET
        from leagues.game_apps import GameApp, register
        from leagues.views import settings_page
        from rosters.sheets import league_team_lines

        register(
            GameApp(
                ruleset=RULESET,
                league_panel="rosters/_league_panel.html",
                league_context=lambda league, user: {"teams": league_team_lines(league)},
                settings_url="league-settings",
                settings_page=settings_page,
            )
        )
