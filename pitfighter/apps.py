from django.apps import AppConfig


class PitFighterConfig(AppConfig):
    """Pit Fighter campaigns: stables of five, combats in five styles, injuries, training and the Pit King."""

    name = "pitfighter"
    verbose_name = "Pit Fighter"

    def ready(self) -> None:
        from engine.pitfighter.fighters import PRINTED_ORDER
        from engine.pitfighter.ruleset import RULESET
        from leagues.game_apps import GameApp, register
        from pitfighter.demo import seed_demo
        from pitfighter.forms import SettingsForm
        from pitfighter.large import seed_large
        from pitfighter.selectors import league_panel_context, standings_top
        from pitfighter.services import RESULTS

        register(
            GameApp(
                ruleset=RULESET,
                league_panel="pitfighter/_league_panel.html",
                league_context=league_panel_context,
                settings_url="pit-league-settings",
                settings_form=SettingsForm,
                settings_panel="pitfighter/_settings_panel.html",
                settings_context=lambda league: {"suggested_order": ", ".join(PRINTED_ORDER)},
                seed_demo=seed_demo,
                seed_large=seed_large,
                urls=[("pitfighter/", "pitfighter.urls")],
                api_urls=["pitfighter.api_urls"],
                standings_top=standings_top,
                team_url="pit-stable",
                results=RESULTS,
            )
        )
