from django.apps import AppConfig


class SlaughtervilleConfig(AppConfig):
    """Slaughterville groups: the catalogue, the members, the session log and its statistics."""

    name = "slaughterville"
    verbose_name = "Slaughterville"

    def ready(self) -> None:
        from engine.slaughterville.ruleset import RULESET
        from leagues.game_apps import GameApp, register
        from slaughterville.demo import seed_demo
        from slaughterville.forms import SettingsForm
        from slaughterville.large import seed_large
        from slaughterville.pages import league_panel_context, settings_panel_context
        from slaughterville.services import RESULTS

        register(
            GameApp(
                ruleset=RULESET,
                league_panel="slaughterville/_league_panel.html",
                league_context=league_panel_context,
                settings_url="sv-league-settings",
                settings_form=SettingsForm,
                settings_panel="slaughterville/_settings_panel.html",
                settings_context=settings_panel_context,
                seed_demo=seed_demo,
                seed_large=seed_large,
                urls=[("slaughterville/", "slaughterville.urls")],
                api_urls=["slaughterville.api_urls"],
                team_url="sv-member-detail",
                results=RESULTS,
            )
        )
