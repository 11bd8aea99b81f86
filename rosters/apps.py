from django.apps import AppConfig


class RostersConfig(AppConfig):
    name = "rosters"

    def ready(self) -> None:
        from engine.slaughterball.ruleset import RULESET
        from leagues.game_apps import GameApp, register
        from rosters.demo import seed_demo
        from rosters.forms import SettingsForm
        from rosters.sheets import league_team_lines, settings_panel_context

        register(
            GameApp(
                ruleset=RULESET,
                league_panel="rosters/_league_panel.html",
                league_context=lambda league, user: {"teams": league_team_lines(league)},
                settings_url="league-settings",
                settings_form=SettingsForm,
                settings_panel="rosters/_settings_panel.html",
                settings_context=settings_panel_context,
                seed_demo=seed_demo,
            )
        )
