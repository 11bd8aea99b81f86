from django.apps import AppConfig


class WebhooksConfig(AppConfig):
    """A league's channels: outgoing Discord and signed JSON webhooks, each post delivered at least once."""

    name = "webhooks"

    def ready(self) -> None:
        from leagues.game_apps import register_settings_section
        from webhooks.selectors import channels_settings_context

        register_settings_section(channels_settings_context)
