from __future__ import annotations

from django import forms

from webhooks.models import Channel


class ChannelForm(forms.Form):
    """A new channel on the settings page. The secret is never rendered back (not even after an error)."""

    kind = forms.ChoiceField(choices=Channel.Kind.choices, initial=Channel.Kind.DISCORD)
    url = forms.URLField(
        max_length=500,
        assume_scheme="https",
        label="Webhook URL",
        help_text="Discord: the channel's Integrations, Webhooks, Copy Webhook URL.",
    )
    secret = forms.CharField(
        max_length=200,
        required=False,
        widget=forms.PasswordInput(render_value=False),
        help_text="JSON webhooks only: each post is signed with it (X-Pitside-Signature). Leave empty for Discord.",
    )
    events = forms.MultipleChoiceField(
        choices=Channel.Event.choices, widget=forms.CheckboxSelectMultiple, help_text="What this channel is told."
    )
