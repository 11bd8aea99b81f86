"""The channels section of every game system's settings page (leagues.views.settings_page shows it)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from leagues.forms import apply_domain_errors
from leagues.game_apps import game_app
from leagues.models import League
from leagues.views import settings_page
from pitside.confirm import confirmation_asked
from pitside.errors import Invalid
from pitside.page_errors import domain_errors, refusal_shown_by
from webhooks.forms import ChannelForm
from webhooks.models import Channel
from webhooks.selectors import channel_host
from webhooks.services import channel_create, channel_delete, channel_get


@login_required
@domain_errors
@require_POST
def league_channel_add(request: HttpRequest, league_id: int) -> HttpResponse:
    league = get_object_or_404(League, pk=league_id)
    form = ChannelForm(request.POST)
    if not form.is_valid():
        return settings_page(request, league, status=400, channel_form=form)

    def refused(error: Invalid) -> HttpResponse:
        apply_domain_errors(form, error)
        return settings_page(request, league, channel_form=form)

    with refusal_shown_by(refused):
        channel_create(league_id=league.pk, user=request.user, **form.cleaned_data)
    messages.success(request, "Channel added.")
    return redirect(game_app(league).settings_url, league.pk)


@login_required
@domain_errors
@require_POST
def channel_remove(request: HttpRequest, channel_id: int) -> HttpResponse:
    channel = channel_get(channel_id=channel_id, user=request.user)
    league = channel.league
    settings_url = reverse(game_app(league).settings_url, args=[league.pk])
    labels = dict(Channel.Event.choices)
    where = f"{channel.get_kind_display()} · {channel_host(channel)}"
    asked = confirmation_asked(
        request,
        title=f"Remove the channel {where}?",
        consequences=[
            f"Nothing more of {league.name} is posted to it ({', '.join(str(labels.get(e, e)) for e in channel.events)}).",
            f"Its history ({channel.deliveries.count()} posts) goes with it.",
            "Its URL and secret are never shown again: to post there again, add it anew with the URL from the "
            "channel's own settings.",
        ],
        button=f"Remove the channel {where}",
        back=f"{settings_url}#channels",
    )
    if asked is not None:
        return asked
    channel_delete(channel_id=channel_id, user=request.user)
    messages.success(request, "Channel removed.")
    return redirect(game_app(league).settings_url, league.pk)
