"""A commissioner adds a Discord channel on the settings page in Chromium; a sign-up is posted to it (a real
receiver on 127.0.0.1 stands in for Discord) and the delivery shows on the page, which is photographed for
the README (docs/screenshots/league-channels.png); the league's calendar downloads as a valid .ics."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from icalendar import Calendar
from playwright.sync_api import expect

from slaughterball.services.calendar import season_create, season_start
from tests.factories import PASSWORD, LeagueFactory, UserFactory, make_team
from tests.webhooks.receiver import running_receiver
from webhooks.models import Channel, Delivery

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SCREENSHOT = Path(django_settings.BASE_DIR) / "docs" / "screenshots" / "league-channels.png"


def test_a_commissioner_adds_a_discord_channel_and_downloads_the_calendar(browser, live_server, settings):
    settings.WEBHOOKS_ALLOW_PRIVATE = True  # the receiver standing in for Discord is on 127.0.0.1
    boss = UserFactory(username="commissioner")
    league = LeagueFactory(commissioner=boss, name="Rustbelt League")
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1000, "height": 900}, accept_downloads=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill("commissioner")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("button", name=re.compile("Log out"))).to_be_visible()

    with running_receiver() as receiver:
        page.goto(f"/leagues/{league.pk}/settings/#channels")
        channels = page.locator("#channels")
        channels.get_by_text("Add a channel").click()  # the form starts closed
        channels.get_by_label("Kind").select_option("discord")
        channels.get_by_label("Webhook URL").fill(receiver.url)
        for event in ("Sign-ups", "The week's draw", "Challenges", "Results confirmed (with the standings' top lines)"):
            channels.get_by_label(event).check()
        channels.get_by_role("button", name="Add the channel").click()
        expect(page.get_by_text("Channel added.")).to_be_visible()
        [channel] = Channel.objects.all()
        assert channel.events == ["signup", "draw", "challenges", "result-confirmed"]

        for index, (name, portfolio) in enumerate([("Brutal Berthas", "valkyries"), ("Venture Cabal", "nemesis")]):
            make_team(league, UserFactory(username=f"coach{index}"), name=name, portfolio=portfolio)  # posted on commit
        assert [p.json()["content"] for p in receiver.received] == [
            "Brutal Berthas signed up for Rustbelt League",
            "Venture Cabal signed up for Rustbelt League",
        ]

    page.reload()  # the deliveries made since
    expect(channels.get_by_role("heading", name=re.compile("Discord webhook · 127.0.0.1"))).to_be_visible()
    expect(channels.get_by_role("cell", name="Sent")).to_have_count(2)
    assert receiver.url not in page.content()  # the URL is never shown back (its host is)
    SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
    channels.screenshot(path=str(SCREENSHOT))
    assert Delivery.objects.filter(status=Delivery.Status.SENT).count() == 2

    season = season_create(league=league, user=boss, name="Season 1")
    season_start(season=season, user=boss)
    page.goto(f"/leagues/{league.pk}/")
    with page.expect_download() as download_info:
        page.get_by_role("link", name="Calendar (.ics)").click()
    download = download_info.value
    assert download.suggested_filename == f"league-{league.pk}.ics"
    feed = Calendar.from_ical(Path(download.path()).read_bytes())
    assert str(feed["X-WR-CALNAME"]) == "Rustbelt League (Pitside)"
    context.close()
