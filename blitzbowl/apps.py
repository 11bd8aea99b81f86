from django.apps import AppConfig


class BlitzBowlConfig(AppConfig):
    """Blitz Bowl leagues: coaches, matches under the pairing rule, Coach Traits, finals and awards."""

    name = "blitzbowl"
    verbose_name = "Blitz Bowl"

    def ready(self) -> None:
        from blitzbowl.demo import seed_demo
        from blitzbowl.forms import SettingsForm
        from blitzbowl.large import seed_large
        from blitzbowl.selectors import league_panel_context, standings_top
        from blitzbowl.selectors_dashboard import coach_waiting
        from blitzbowl.services import RESULTS
        from engine.blitzbowl.ruleset import RULESET
        from leagues.game_apps import GameApp, register

        register(
            GameApp(
                ruleset=RULESET,
                league_panel="blitzbowl/_league_panel.html",
                league_context=league_panel_context,
                settings_url="blitz-league-settings",
                settings_form=SettingsForm,
                settings_panel="blitzbowl/_settings_panel.html",
                settings_context=lambda league: {"game_sections": [("blitz-rules", "League rules")]},
                seed_demo=seed_demo,
                urls=[("blitzbowl/", "blitzbowl.urls")],
                api_urls=["blitzbowl.api_urls"],
                standings_top=standings_top,
                team_url="blitz-coach",
                results=RESULTS,
                waiting=coach_waiting,
                seed_large=seed_large,
            )
        )
