from django.apps import AppConfig


class SlaughterballConfig(AppConfig):
    """Slaughterball leagues: teams, athletes and purchases; seasons, weeks, challenges, auctions, lineups,
    games, results, standings."""

    name = "slaughterball"

    def ready(self) -> None:
        from engine.slaughterball.ruleset import RULESET
        from leagues.game_apps import GameApp, register
        from slaughterball.demo import seed_demo
        from slaughterball.feeds import calendar_events, standings_top
        from slaughterball.forms import SettingsForm
        from slaughterball.large import seed_large
        from slaughterball.selectors_dashboard import coach_waiting, commissioner_waiting
        from slaughterball.services.results import RESULTS
        from slaughterball.sheets_teams import league_panel_context, settings_panel_context

        register(
            GameApp(
                ruleset=RULESET,
                league_panel="slaughterball/_league_panel.html",
                league_context=league_panel_context,
                settings_url="league-settings",
                settings_form=SettingsForm,
                settings_panel="slaughterball/_settings_panel.html",
                settings_context=settings_panel_context,
                seed_demo=seed_demo,
                seed_large=seed_large,
                urls=[("", "slaughterball.urls")],
                api_urls=["slaughterball.api_urls"],
                calendar_events=calendar_events,
                standings_top=standings_top,
                team_url="team-detail",
                results=RESULTS,
                waiting=coach_waiting,
                commissioner_waiting=commissioner_waiting,
            )
        )
