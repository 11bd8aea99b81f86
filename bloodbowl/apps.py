from django.apps import AppConfig


class BloodBowlConfig(AppConfig):
    """Blood Bowl leagues by the Death Zone rules: team lists, teams and players, matches, tournaments."""

    name = "bloodbowl"
    verbose_name = "Blood Bowl"

    def ready(self) -> None:
        from bloodbowl.demo import seed_demo
        from bloodbowl.forms import SettingsForm
        from bloodbowl.large import seed_large
        from bloodbowl.selectors import team_lists_needed
        from bloodbowl.selectors_dashboard import coach_waiting
        from bloodbowl.selectors_fixtures import calendar_events
        from bloodbowl.selectors_standings import standings_top
        from bloodbowl.services.matches import RESULTS
        from bloodbowl.services.teamlists import SAMPLE, team_lists_copy
        from bloodbowl.sheets import league_panel_context, settings_panel_context
        from engine.bloodbowl.ruleset import RULESET
        from leagues.game_apps import GameApp, LeagueDataSource, register

        register(
            GameApp(
                ruleset=RULESET,
                league_panel="bloodbowl/_league_panel.html",
                league_context=league_panel_context,
                settings_url="bb-league-settings",
                settings_form=SettingsForm,
                settings_panel="bloodbowl/_settings_panel.html",
                settings_context=settings_panel_context,
                seed_demo=seed_demo,
                seed_large=seed_large,
                urls=[("bloodbowl/", "bloodbowl.urls"), ("", "bloodbowl.match_urls"), ("", "bloodbowl.tournament_urls")],
                api_urls=["bloodbowl.api_urls", "bloodbowl.match_api_urls", "bloodbowl.tournament_api_urls"],
                data_sources=[
                    LeagueDataSource(
                        field="team_lists_from",
                        label="Team lists",
                        shipped={SAMPLE: "The sample house team lists (one invented team)"},
                        default=SAMPLE,  # a league takes teams at once; the commissioner imports his own later
                        copy=team_lists_copy,
                    )
                ],
                standings_top=standings_top,
                calendar_events=calendar_events,
                team_url="bb-team-detail",
                results=RESULTS,
                waiting=coach_waiting,
                signup_needs=team_lists_needed,
            )
        )
