from django.apps import AppConfig


class WebhooksConfig(AppConfig):
    """A league's channels: outgoing Discord and signed JSON webhooks, each post delivered at least once."""

    name = "webhooks"
