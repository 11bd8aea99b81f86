"""The Slaughterville pages: the group page's panel with the sessions and statistics, the log form (which keeps
what was typed when refused), the session page's confirm and dispute, the catalogue settings, the session sheet
and its PDF, and the demo group."""

from __future__ import annotations

import datetime
import io

import pytest
from django.core.management import call_command
from pypdf import PdfReader

from games.models import Game
from leagues.models import League
from rosters.models import Team
from slaughterville.models import Character, Session, Villain
from slaughterville.services import session_log_create
from tests.slaughterville.conftest import TOWN, session_log

pytestmark = pytest.mark.django_db


def log_post(ash, laurie, **changes) -> dict[str, object]:
    """The log form's fields for conftest's session_log."""
    return {
        "played_on": "2026-01-09",
        "player_1": ash.pk,
        "character_1": "skeptic",
        "player_2": laurie.pk,
        "character_2": "random",
        "villain": "pale-choir",
        **{f"location_{i}": slug for i, slug in enumerate(TOWN, start=1)},
        "first_player": ash.pk,
        "outcome": "players",
        "turns": 12,
        "clues": 5,
        "defeated": 1,
        "notes": "Close one.",
        "idempotency_key": "form-1",
        **changes,
    }


@pytest.fixture
def logged(group, ash, laurie, coach) -> Session:
    data = session_log(ash, laurie)
    data["played_on"] = datetime.date(2026, 1, 9)
    session, _ = session_log_create(league=group, user=coach, **data)
    return session


def test_the_log_form_logs_a_session_and_deals_a_random_character(group, ash, laurie, client_as, coach) -> None:
    client = client_as(coach)
    assert client.get(f"/slaughterville/leagues/{group.pk}/sessions/new/").status_code == 200
    response = client.post(f"/slaughterville/leagues/{group.pk}/sessions/new/", log_post(ash, laurie))
    session = Session.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/slaughterville/sessions/{session.pk}/"
    assert [(s.team_id, s.dealt) for s in session.sides.all()] == [(ash.pk, False), (laurie.pk, True)]


def test_a_refused_log_keeps_the_input_and_names_each_field(group, ash, laurie, client_as, coach) -> None:
    post = log_post(ash, laurie, character_2="skeptic", location_3="", villain="hooked-stranger", notes="Keep me")
    response = client_as(coach).post(f"/slaughterville/leagues/{group.pk}/sessions/new/", post)
    page = response.content.decode()
    assert response.status_code == 400
    assert "No two players play the same character." in page
    assert "Six locations are in play, in order, not 5." in page
    assert "The Hooked Stranger&#x27;s Villain Starting Area lists Lakeside Camp" in page
    assert "Keep me</textarea>" in page
    assert '<option value="hooked-stranger" selected>' in page
    assert not Session.objects.exists()


def test_a_form_missing_fields_is_shown_again(group, ash, laurie, client_as, coach) -> None:
    response = client_as(coach).post(f"/slaughterville/leagues/{group.pk}/sessions/new/", log_post(ash, laurie, turns="many"))
    assert response.status_code == 400
    assert response.content.decode().count("Enter a whole number.") == 1


def test_the_other_player_confirms_on_the_session_page(logged, client_as, rival, coach) -> None:
    own_page = client_as(coach).get(f"/slaughterville/sessions/{logged.pk}/").content.decode()
    assert "Confirm the log" not in own_page
    page = client_as(rival).get(f"/slaughterville/sessions/{logged.pk}/").content.decode()
    assert "Confirm the log" in page
    assert "Dispute the log" in page
    response = client_as(rival).post(f"/slaughterville/sessions/{logged.pk}/confirm/")
    assert response.status_code == 302
    assert Session.objects.get(pk=logged.pk).state == Game.State.CONFIRMED


def test_a_dispute_needs_a_reason_and_a_stranger_cannot(logged, client_as, rival, nancy, bystander) -> None:
    assert client_as(bystander).post(f"/slaughterville/sessions/{logged.pk}/dispute/", {"reason": "x"}).status_code == 403
    empty = client_as(rival).post(f"/slaughterville/sessions/{logged.pk}/dispute/", {"reason": ""})
    assert empty.status_code == 400
    assert client_as(rival).post(f"/slaughterville/sessions/{logged.pk}/dispute/", {"reason": "Nope"}).status_code == 302
    assert Session.objects.get(pk=logged.pk).state == Game.State.DISPUTED


def test_the_commissioner_approves_then_voids_on_the_page(logged, client_as, commissioner) -> None:
    client = client_as(commissioner)
    assert "Approve the log" in client.get(f"/slaughterville/sessions/{logged.pk}/").content.decode()
    client.post(f"/slaughterville/sessions/{logged.pk}/approve/")
    asked = client.post(f"/slaughterville/sessions/{logged.pk}/void/", {"reason": "Played elsewhere"})
    assert asked.status_code == 200
    assert "It no longer counts in the group" in asked.content.decode()
    assert Session.objects.get(pk=logged.pk).state == Game.State.CONFIRMED
    client.post(f"/slaughterville/sessions/{logged.pk}/void/", {"reason": "Played elsewhere", "confirm": "1"})
    assert Session.objects.get(pk=logged.pk).state == Game.State.VOIDED


def test_the_group_page_lists_sessions_and_statistics(group, logged, client_as, rival, client) -> None:
    client_as(rival).post(f"/slaughterville/sessions/{logged.pk}/confirm/")
    page = client.get(f"/leagues/{group.pk}/").content.decode()
    assert "9 Jan 2026" in page
    assert "The Pale Choir" in page
    assert "From 1 confirmed session: the players won 1." in page
    assert 'aria-label="100 percent"' in page  # a bar of the charts


def test_the_catalogue_page_types_a_catalogue_and_shows_every_error(group, client_as, commissioner) -> None:
    client = client_as(commissioner)
    page = client.get(f"/slaughterville/leagues/{group.pk}/catalogue/").content.decode()
    assert "camp-counsellor" in page
    bad = client.post(
        f"/slaughterville/leagues/{group.pk}/catalogue/", {"format": "yaml", "text": "characters:\n  - {slug: X}\n"}
    )
    assert bad.status_code == 400
    assert "characters[0].slug" in bad.content.decode()
    assert "characters[0].name" in bad.content.decode()
    text = "characters: [{slug: jock, name: Jock}]\nlocations: []\nvillains: []\n"
    assert client.post(f"/slaughterville/leagues/{group.pk}/catalogue/", {"format": "yaml", "text": text}).status_code == 302
    assert list(Character.objects.filter(league=group).values_list("slug", flat=True)) == ["jock"]


def test_a_member_cannot_edit_the_catalogue(group, ash, client_as, coach) -> None:
    assert client_as(coach).get(f"/slaughterville/leagues/{group.pk}/catalogue/").status_code == 403


def test_joining_through_the_shared_sign_up_page(group, client_as, coach) -> None:
    response = client_as(coach).post(f"/slaughterville/leagues/{group.pk}/join/", {"name": "Ash"})
    member = group.teams.get()
    assert response["Location"] == f"/slaughterville/members/{member.pk}/"
    again = client_as(coach).post(f"/slaughterville/leagues/{group.pk}/join/", {"name": "Ash again"})
    assert "You are a member of this group already." in again.content.decode()


def test_the_session_sheet_and_its_pdf(logged, client, get_sheet) -> None:
    sheet = client.get(f"/slaughterville/sessions/{logged.pk}/sheet/").content.decode()
    assert "Session Sheet" in sheet
    response = get_sheet(f"/slaughterville/sessions/{logged.pk}/sheet.pdf")
    assert response["Content-Type"] == "application/pdf"
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.pdf)).pages)
    for words in ("The Pale Choir", "Old Mill", "Cornfield", "The Skeptic", "The Drifter", "Ash", "Laurie", "Close one."):
        assert words in text


def test_seed_demo_adds_a_slaughterville_group_once() -> None:
    call_command("seed_demo", password="demo-password", stdout=io.StringIO())
    out = io.StringIO()
    call_command("seed_demo", password="demo-password", stdout=out)
    [group] = League.objects.filter(game_system="slaughterville")
    assert group.teams.count() == 4
    states = list(Session.objects.filter(league=group).order_by("played_on").values_list("state", flat=True))
    assert states == ["confirmed", "confirmed", "submitted"]
    assert "Pitside Slaughterville Demo Group already exists." in out.getvalue()


def test_the_group_page_shown_whole_shows_every_write(group, logged, client_as, rival, client) -> None:
    """Its sessions and members shown whole are stored (pitside.printed) and never served stale."""
    url = f"/leagues/{group.pk}/?all=1"
    assert "The Pale Choir" in client.get(url).content.decode()
    client_as(rival).post(f"/slaughterville/sessions/{logged.pk}/confirm/")
    assert 'badge ok">Confirmed' in client.get(url).content.decode()
    Villain.objects.filter(league=group, slug="pale-choir").update(name="The Quiet Choir")  # no signal: the data is read
    assert '<td data-label="Villain">The Quiet Choir</td>' in client.get(url).content.decode()
    Team.objects.filter(league=group, name="Laurie").update(name="Laurie Strode")
    page = client.get(url).content.decode()
    assert "Ash, Laurie Strode" in page  # the session's players
    assert ">Laurie Strode</a>" in page  # the members
