"""Irreversible page actions ask first (pitside.confirm). Walking the played demo leagues (tests/pages/played_demo.py:
every link from the home page, as the commissioner and as a coach), every <form method="post"> found is looked up by
its URL name (django.urls.resolve) in ACTIONS, the one table of every page form, which says without asking the view
whether the form's action can be undone:

- IRREVERSIBLE: it cannot be undone on the site, or it loses data or money (a void, a removal, a revoked URL or token,
  a purchase, a retirement, a season started or ended). Sent as it stands, without confirm=1, it must write nothing,
  and every one of them must be answered somewhere in the walk by the page that asks first.
- REVERSIBLE: the site undoes or redoes it (a result submitted or confirmed, which a commissioner voids; a setting
  changed again; a grant offset by a fine), or it only makes something new and loses nothing (a sign-up, a match
  arranged).
- PLAY: a move of a game played in turns (a bid, a pass, a challenge, dice rolled for the pre-match): as final as the
  same move at the table, by the rules. Not asked: asking at every move of a live round would double each turn.

A form whose URL name (with its route's action, and the name and value of the submit button it is sent with) is not
in ACTIONS fails the test: a new form must be classified."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest
from django.apps import apps
from django.test import Client
from django.urls import get_resolver, resolve

from tests.pages.crawl import Form, post_forms, walk
from tests.pages.played_demo import play_the_demo

pytestmark = pytest.mark.django_db

IRREVERSIBLE, REVERSIBLE, PLAY = "irreversible", "reversible", "play"

# Every page form, by URL name ("name:action" for a route naming its action; "name field=value" for a form sent
# with one of its named submit buttons), with its class and why.
ACTIONS: dict[str, tuple[str, str]] = {
    # Every game system's results
    "game-void": (IRREVERSIBLE, "reverses the prize money and League Points paid"),
    "bb-match-void": (IRREVERSIBLE, "puts back the teams' players, profiles and treasury as before the match"),
    "blitz-void": (IRREVERSIBLE, "takes back the Coach Traits the match gave"),
    "pit-void": (IRREVERSIBLE, "puts back the fighters' records, removes the recruits"),
    "sv-session-void": (IRREVERSIBLE, "the session no longer counts"),
    "game-result-submit": (REVERSIBLE, "a new submission replaces it; a commissioner voids it"),
    "game-result-submit action=draft": (REVERSIBLE, "a draft, kept for the result form"),
    "game-live-entry": (REVERSIBLE, "the live log is a draft: its lines are removed again"),
    "bb-match-report": (REVERSIBLE, "a new report replaces it; a commissioner voids it"),
    "blitz-report": (REVERSIBLE, "a new report replaces it; a commissioner voids it"),
    "pit-report": (REVERSIBLE, "a new report replaces it; a commissioner voids it"),
    "sv-session-create": (REVERSIBLE, "a log awaiting confirmation; a commissioner voids it"),
    **dict.fromkeys(
        (
            "game-confirm",
            "game-approve",
            "bb-match-confirm",
            "blitz-confirm",
            "pit-confirm",
            "sv-session-confirm",
            "sv-session-approve",
        ),
        (REVERSIBLE, "a commissioner voids a confirmed result"),
    ),
    **dict.fromkeys(
        ("game-dispute", "bb-match-dispute", "blitz-dispute", "pit-dispute", "sv-session-dispute"),
        (REVERSIBLE, "a commissioner decides: approves or voids"),
    ),
    **dict.fromkeys(
        ("game-schedule", "bb-match-schedule", "blitz-schedule", "pit-schedule", "bb-match-notes"),
        (REVERSIBLE, "set again at any time"),
    ),
    # Money, purchases and progression
    "team-staff-hire": (IRREVERSIBLE, "spends the Support Staff Budget or treasury, never refunded"),
    "athlete-spend": (IRREVERSIBLE, "spends the Skill Budget or treasury, never refunded"),
    "bb-team-purchase": (IRREVERSIBLE, "Hire and Buy spend the treasury, never refunded"),
    "bb-player-retire": (IRREVERSIBLE, "a retired player never comes back"),
    "bb-spr-choose": (IRREVERSIBLE, "the player's advancement for good; the match can no longer be voided"),
    "blitz-trait-choose": (IRREVERSIBLE, "the Coach Trait is held until the end of the league"),
    "pit-train": (IRREVERSIBLE, "the points are spent for good"),
    "league-grant": (REVERSIBLE, "a fine or grant of the same amount offsets it"),
    # Seasons, rounds and finals
    "season-start": (IRREVERSIBLE, "sign-ups close, unspent Support Staff Budget is written off"),
    "playoff-create": (IRREVERSIBLE, "the regular season ends, the League Rank is recorded"),
    "season-finish": (IRREVERSIBLE, "the season is finished with its champion"),
    "season-missed-games": (IRREVERSIBLE, "missing games stay recorded as last places"),
    "week-fill": (IRREVERSIBLE, "makes the coaches' moves for them"),
    "lot-close": (IRREVERSIBLE, "the highest bidder pays: the bidding is over"),
    "blitz-finals": (IRREVERSIBLE, "the results the finals are drawn from can no longer be voided"),
    "bb-tournament-action:advance": (IRREVERSIBLE, "the weeks do not go back; the play-offs' end voids their open matches"),
    "bb-tournament-action:final": (IRREVERSIBLE, "the prizes are paid and the tournament is finished"),
    "bb-tournament-action:player-of-the-year": (IRREVERSIBLE, "+1 Fan Factor for good"),
    "bb-tournament-challenge-answer response=refuse": (IRREVERSIBLE, "a confirmed 9-0 (declining a substitute: reopens)"),
    "bb-tournament-challenge-answer response=accept": (PLAY, "the match is arranged, to be played"),
    "bb-tournament-challenge-answer response=substitute": (PLAY, "the substitute's coach answers next"),
    "bb-tournament-action:challenge": (PLAY, "a written challenge of the week, answered by the challenged coach"),
    "bb-tournament-action:enter": (REVERSIBLE, "an entry: nothing is spent or lost"),
    "bb-tournament-action:arrange": (REVERSIBLE, "a match arranged: nothing until it is played"),
    "bb-tournament-action:put-forward": (REVERSIBLE, "chosen again until the play-offs end"),
    "bb-tournament-create": (REVERSIBLE, "a tournament started: nothing is paid until its final"),
    "season-create": (REVERSIBLE, "a season in sign-up: nothing happens until it starts"),
    "week-create": (REVERSIBLE, "a week made: its games come from its draw or challenges"),
    "makeup-create": (REVERSIBLE, "a game made: nothing until it is played"),
    "week-draw": (REVERSIBLE, "the commissioner's rearrangement moves the teams of its games"),
    "week-rearrange": (REVERSIBLE, "rearranged again"),
    "week-deadlines": (REVERSIBLE, "set again"),
    "appeal-create": (REVERSIBLE, "the commissioner decides"),
    "appeal-decide granted=yes": (REVERSIBLE, "the team is free again: a rearrangement places it"),
    "appeal-decide granted=no": (REVERSIBLE, "the game stays as it was"),
    "bb-league-matches": (REVERSIBLE, "a match arranged: nothing until it is played"),
    "bb-league-fixtures": (REVERSIBLE, "matches arranged: nothing until they are played"),
    "blitz-arrange": (REVERSIBLE, "a match arranged: nothing until it is played"),
    "blitz-round": (REVERSIBLE, "matches arranged: nothing until they are played"),
    "pit-arrange": (REVERSIBLE, "a combat arranged: nothing until it is fought"),
    # Moves of play
    "week-challenge": (PLAY, "the challenge (or steal) of the coach's turn; the challenged may appeal"),
    "game-auction-open": (PLAY, "the auction's dice, rolled once"),
    "auction-draw-return": (PLAY, "a drawn maverick returned to the box, in the auction"),
    "auction-nominate": (PLAY, "a maverick put up, in turn"),
    "lot-bid": (PLAY, "a bid in turn; paid only by the highest bidder when the lot closes"),
    "lot-pass": (PLAY, "a pass in turn"),
    "game-lineup": (PLAY, "the athletes chosen, in turn"),
    "game-lineup-preview": (REVERSIBLE, "a preview: writes nothing"),
    "game-order-of-play": (PLAY, "the order of play rolled, once"),
    "bb-match-prematch": (PLAY, "the pre-match dice, rolled once"),
    "bb-match-cards": (PLAY, "the Special Play Cards' decks, before kick-off"),
    "bb-match-apothecary": (PLAY, "the Apothecary used before kick-off"),
    # Leagues, settings and channels
    "league-create": (REVERSIBLE, "a new league: nothing is lost"),
    "league-settings": (REVERSIBLE, "changed again"),
    "bb-league-settings": (REVERSIBLE, "changed again"),
    "blitz-league-settings": (REVERSIBLE, "changed again"),
    "pit-league-settings": (REVERSIBLE, "changed again"),
    "sv-league-settings": (REVERSIBLE, "changed again"),
    "league-house-values": (REVERSIBLE, "changed again"),
    "league-house-values-fill": (REVERSIBLE, "fills only the values not set; each is changed again on the same page"),
    "league-house-values-import": (REVERSIBLE, "the page offers the values it replaces as a file to import back"),
    "bb-team-lists": (REVERSIBLE, "edited from the lists it replaces, which the page offers as a file"),
    "sv-catalogue": (REVERSIBLE, "edited from the catalogue it replaces, shown in the box"),
    "league-commissioner-add": (IRREVERSIBLE, "no commissioner is ever removed"),
    "league-channel-add": (REVERSIBLE, "removed again"),
    "channel-remove": (IRREVERSIBLE, "the channel's URL and secret are never shown again"),
    # Sign-ups
    "team-create": (REVERSIBLE, "a team signed up: nothing is lost"),
    "bb-team-create": (REVERSIBLE, "a team signed up: nothing is lost"),
    "blitz-signup": (REVERSIBLE, "a coach signed up: nothing is lost"),
    "pit-signup": (REVERSIBLE, "a stable signed up: nothing is lost"),
    "sv-member-join": (REVERSIBLE, "a member joined: nothing is lost"),
    # The account, calendar, notifications and sheets
    "calendar-page": (IRREVERSIBLE, "the old feed URL stops working at once"),
    "account-token": (IRREVERSIBLE, "the token stops working at once"),
    "logout": (REVERSIBLE, "log in again"),
    "login": (REVERSIBLE, "log out again"),
    "signup": (REVERSIBLE, "a new account: nothing is lost"),
    "password_change": (REVERSIBLE, "changed again (the API token goes with it, and says so)"),
    "password_reset": (REVERSIBLE, "a mail with a link: nothing changes until it is used"),
    "password_reset_confirm": (REVERSIBLE, "changed again"),
    "notifications-read": (REVERSIBLE, "nothing is lost: the notifications stay listed"),
    "sheet-retry": (REVERSIBLE, "renders the sheet again"),
}

# The values a user types into a form's empty fields; by URL name, what the walk sends in place of a field's value.
TYPED = {"reason": "Sent by the walk", "username": "coach4", "name": "Walker", "number": "42"}
SENT = {"pit-train": {"ws": "1"}}  # the one point the combat gave to spread
SENT_EACH = 3  # the pages each irreversible form is sent from, by each user: its forms on other pages are the same
UNWATCHED = {"sessions", "axes", "admin"}  # the session and the log-in logs change on any request


def test_every_page_form_is_classified_and_every_irreversible_one_asks_first(monkeypatch):
    users = play_the_demo(monkeypatch)
    names = {name for name in get_resolver().reverse_dict if isinstance(name, str)}
    assert not {key.split(":")[0].split(" ")[0] for key in ACTIONS} - names  # the table names real URLs

    found: dict[str, set[str]] = defaultdict(set)  # each form's key: the pages it is on
    answers: dict[str, list[str]] = defaultdict(list)  # each irreversible key: how it answered, by page
    for username in ("commissioner", "coach1"):
        client = Client()
        client.force_login(users[username])
        sent: dict[str, set[str]] = defaultdict(set)  # each irreversible key: the addresses sent to
        for path, html in walk(client, limit=600, per_page=12):
            for form in post_forms(path, html):
                for key, data in sendings(form):
                    found[key].add(path)
                    if ACTIONS.get(key, ("",))[0] != IRREVERSIBLE or form.action in sent[key] or len(sent[key]) == SENT_EACH:
                        continue
                    sent[key].add(form.action)
                    before = database()
                    response = client.post(form.action, data)
                    written = changes(before, database())
                    assert not written, f"{username}: {key} at {form.action} wrote without asking: {written}"
                    asked = response.status_code == 200 and b'name="confirm" value="1"' in response.content
                    answers[key].append(f"{username} {form.action}: {'asked' if asked else response.status_code}")

    unknown = {key: sorted(paths)[:3] for key, paths in found.items() if key not in ACTIONS}
    assert not unknown, f"Page forms to classify in ACTIONS: {unknown}"
    irreversible = {key for key, (kind, _why) in ACTIONS.items() if kind == IRREVERSIBLE}
    never_asked = {key: answers.get(key, "not found") for key in irreversible if not any("asked" in a for a in answers[key])}
    assert not never_asked, f"Irreversible forms the walk never saw asking first: {never_asked}"


def sendings(form: Form) -> list[tuple[str, dict[str, Any]]]:
    """The form's key in ACTIONS and what it sends: once as it stands (when a submit button without a name sends
    it), once with each named submit button; its empty fields typed in."""
    match = resolve(form.action)
    key = match.url_name or form.action
    if "<slug:action>" in match.route:
        key = f"{key}:{match.kwargs['action']}"
    data: dict[str, Any] = defaultdict(list)
    for name, value in form.fields:
        data[name].append(value)
    for name in form.empty:
        if name in TYPED:
            data[name] = [TYPED[name]]
    for name, value in SENT.get(key, {}).items():
        data[name] = [value]
    plain = [(key, dict(data))] if form.unnamed_submit or not form.buttons else []
    return plain + [(f"{key} {name}={value}", {**data, name: [value]}) for name, value in form.buttons]


def changes(before: dict[str, list[str]], after: dict[str, list[str]]) -> dict[str, Any]:
    """Each table whose rows changed: the rows gone and the rows new."""
    return {
        table: {
            "gone": sorted(set(rows) - set(after[table]), key=str)[:3],
            "new": sorted(set(after[table]) - set(rows), key=str)[:3],
        }
        for table, rows in before.items()
        if rows != after[table]
    }


def database() -> dict[str, list[str]]:
    """Every row of every table (but the session's and the log-in logs'), to tell that a request wrote nothing."""
    return {
        model._meta.db_table: [repr(row) for row in model._base_manager.order_by("pk").values_list()]
        for model in apps.get_models(include_auto_created=True)
        if model._meta.app_label not in UNWATCHED and not model._meta.proxy
    }
