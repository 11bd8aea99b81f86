"""A Pit Fighter campaign in Chromium, on phones: the campaign created accepting every default of the New league form
(its house values from Pitside's suggested set); two owners create their stables of five and a Classic combat is
arranged, reported and confirmed (the first hour: its fields typed are printed); the loser's injuries and missed
fights on his roster, a survivor trained; a third owner's stable; a fighter who must miss refused by name; a Sigmar
combat, one against three, approved by the commissioner: the Pit King crowned and his owner winning the campaign;
his roster printed as PDF."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from engine.pitfighter.ruleset import RULESET as PIT_FIGHTER
from leagues.models import League
from pitfighter.models import Combat, Fighter
from tests.e2e.conftest import FieldsTyped
from tests.e2e.people import create_league, log_in
from tests.factories import PASSWORD, UserFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

OWNERS = {"ann": "Ann's School", "bob": "Bob's Pit", "cid": "Cid's Hall"}
TYPES = ["orc", "chaos", "skink", "witch-elf", "ogre"]


def create_stable(page: Page, league_url: str, owner: str) -> None:
    page.goto(league_url)
    page.get_by_role("link", name="Create your stable").click()
    page.get_by_label("Stable name").fill(OWNERS[owner])
    for index, type_ in enumerate(TYPES):
        page.locator(f"#id_f{index}-name").fill(f"{owner.title()} {type_}")
        page.locator(f"#id_f{index}-type").select_option(type_)
    page.get_by_role("button", name="Create the stable").click()
    expect(page.get_by_role("heading", name=OWNERS[owner])).to_be_visible()


def fighter(owner: str, type_: str) -> Fighter:
    return Fighter.objects.get(name=f"{owner.title()} {type_}")


def test_a_campaign_to_a_pit_king(browser: Browser, live_server, fields_typed: FieldsTyped):
    for username in ("boss", *OWNERS):
        UserFactory(username=username, password=PASSWORD)
    boss = log_in(browser, live_server, "boss")
    assert not League.objects.exists()
    create_league(boss, "Blood Sand", "pitfighter")
    league_url = boss.url
    assert League.objects.get().house_values == PIT_FIGHTER.suggested_house_values()
    boss.get_by_role("link", name="Settings").click()
    expect(boss.locator("#suggested-order")).to_contain_text("adjust-facing, attack-master")

    owners = {username: log_in(browser, live_server, username) for username in ("ann", "bob")}
    for username, page in owners.items():
        create_stable(page, league_url, username)

    # A Classic combat: Ann's Orc takes Bob's Orc down, breaking his arm; Bob confirms on his phone.
    ann = owners["ann"]
    ann.goto(league_url)
    ann.locator('select[name="style"]').select_option("classic")
    ann.get_by_label("Ann orc takes part").select_option("x")
    ann.get_by_label("Bob orc takes part").select_option("x")
    ann.get_by_role("button", name="Arrange the combat").click()
    expect(ann.locator("#combat-state")).to_have_text("Scheduled")
    winner, loser = fighter("ann", "orc"), fighter("bob", "orc")
    ann.locator(f'select[name="down-{loser.pk}"]').select_option(str(winner.pk))
    ann.locator(f'select[name="crit-{loser.pk}-0"]').select_option("arm:arm-broken")
    ann.locator('select[name="winner"]').select_option(str(winner.pk))
    ann.get_by_role("button", name="Submit the result").click()
    expect(ann.locator("#combat-state")).to_have_text("Awaiting confirmation")
    bob = owners["bob"]
    bob.goto(f"/pitfighter/combats/{Combat.objects.get().pk}/")
    bob.get_by_role("button", name="Confirm the result").click()
    expect(bob.locator("#combat-state")).to_have_text("Confirmed")
    fields_typed.report("Pit Fighter")
    owners["cid"] = log_in(browser, live_server, "cid")
    create_stable(owners["cid"], league_url, "cid")
    bob.goto(f"/pitfighter/fighters/{loser.pk}/")
    expect(bob.locator("#fighter-misses")).to_have_text("2")

    # Ann trains her Orc with the point he earned.
    ann.goto(f"/pitfighter/fighters/{winner.pk}/")
    ann.get_by_label("+Weapon Skill").fill("1")
    ann.get_by_role("button", name="Train").click()
    ann.get_by_role("alertdialog").get_by_role("button", name=re.compile("^Train ")).click()
    expect(ann.get_by_text("Training done")).to_be_visible()

    # Bob's Orc must miss: the line-up is refused, naming him.
    bob.goto(league_url)
    bob.locator('select[name="style"]').select_option("classic")
    bob.get_by_label("Bob orc takes part").select_option("x")
    bob.get_by_label("Cid orc takes part").select_option("x")
    bob.get_by_role("button", name="Arrange the combat").click()
    expect(bob.get_by_role("alert")).to_contain_text("Bob orc must miss 2 more fights")

    # The Sigmar style: Ann's Chaos fighter against three; the commissioner arranges, reports and approves it.
    king = fighter("ann", "chaos")
    three = [fighter("bob", "chaos"), fighter("bob", "skink"), fighter("cid", "chaos")]
    boss.goto(league_url)
    boss.locator('select[name="style"]').select_option("sigmar")
    boss.get_by_label("Ann chaos takes part").select_option("1")
    for opponent in three:
        boss.get_by_label(f"{opponent.name} takes part").select_option("2")
    boss.get_by_role("button", name="Arrange the combat").click()
    expect(boss.locator("#combat-state")).to_have_text("Scheduled")
    for opponent in three:
        boss.locator(f'select[name="down-{opponent.pk}"]').select_option(str(king.pk))
    boss.get_by_role("button", name="Submit the result").click()
    boss.get_by_role("button", name="Approve the result").click()
    expect(boss.locator("#combat-state")).to_have_text("Confirmed")

    cid = owners["cid"]
    cid.goto(league_url)
    expect(cid.locator("#pit-king")).to_contain_text("Ann chaos")
    expect(cid.locator("#campaign-winner")).to_contain_text("Ann's School")
    expect(cid.locator("#standings tbody tr").first).to_contain_text("Ann's School")
    ann.goto(f"/pitfighter/fighters/{king.pk}/")
    expect(ann.locator("#pit-king-badge")).to_be_visible()
    pdf = ann.request.get(ann.get_by_role("link", name="Download PDF").get_attribute("href") or "")
    assert pdf.body().startswith(b"%PDF")
