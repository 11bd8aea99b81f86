"""Pit Fighter pages: the campaign panel, the stable sign-up, arranging and reporting a combat, the fighter's roster,
training and its PDF, the settings page with the house values; each page usable on a phone (its tables scroll)."""

from __future__ import annotations

from pitfighter import services
from pitfighter.models import Combat, Fighter
from tests.pitfighter.conftest import fighter


def test_the_campaign_page(client, campaign, ann, bob):
    html = client.get(f"/leagues/{campaign.pk}/").content.decode()
    assert 'id="standings"' in html
    assert "Ann&#x27;s School" in html
    assert 'id="pit-king"' in html
    assert "Nobody wears the crown" in html
    assert 'class="table-scroll"' in html


def test_the_settings_page_names_the_house_values(client_as, campaign, commissioner):
    html = client_as(commissioner).get(f"/pitfighter/leagues/{campaign.pk}/settings/").content.decode()
    assert "Orc: starting Weapon Skill" in html
    assert "adjust-facing, attack-master" in html  # the suggested D66 order


def test_a_stable_signed_up_before_the_house_values_are_set_is_one_sentence(client_as, campaign, coach, commissioner):
    campaign.house_values = {}
    campaign.save()
    data = {"name": "Ann's School"}
    for i, type_ in enumerate(["orc", "chaos", "skink", "witch-elf", "ogre"]):
        data |= {f"f{i}-name": f"F{i}", f"f{i}-type": type_, **{f"f{i}-{c}": 2 for c in ("ws", "s", "t", "i", "w")}}

    refused = client_as(coach).post(f"/pitfighter/leagues/{campaign.pk}/signup/", data)

    assert refused.status_code == 400
    assert "The commissioner has not finished setting up this league." in refused.content.decode()
    assert "fighters.orc.ws" not in refused.content.decode()
    assert not campaign.teams.exists()
    assert commissioner.notifications.filter(event__startswith="house-values-unset:").count() == 1


def test_create_a_stable_on_its_page(client_as, campaign, coach):
    client = client_as(coach)
    assert client.get(f"/pitfighter/leagues/{campaign.pk}/signup/").status_code == 200
    data = {"name": "Ann's School"}
    for i, type_ in enumerate(["orc", "chaos", "skink", "witch-elf", "ogre"]):
        data |= {f"f{i}-name": f"F{i}", f"f{i}-type": type_, **{f"f{i}-{c}": 2 for c in ("ws", "s", "t", "i", "w")}}
    refused = client.post(f"/pitfighter/leagues/{campaign.pk}/signup/", {**data, "f4-type": "orc"})
    assert refused.status_code == 400
    assert "A stable is five fighters" in refused.content.decode()
    answer = client.post(f"/pitfighter/leagues/{campaign.pk}/signup/", data)
    assert answer.status_code == 302
    stable = campaign.teams.get()
    assert answer["Location"] == f"/pitfighter/stables/{stable.pk}/"
    assert client.get(answer["Location"]).status_code == 200


def test_arrange_report_confirm_and_train_on_the_pages(client_as, campaign, ann, bob, coach, rival):
    a, b = fighter(ann, "orc"), fighter(bob, "orc")
    client = client_as(coach)
    refused = client.post(
        f"/pitfighter/leagues/{campaign.pk}/arrange/",
        {"style": "classic", f"team-{a.pk}": "x", f"team-{fighter(bob, 'skink').pk}": "x"},
    )
    assert refused.status_code == 400
    assert "cannot fight in the Classic style" in refused.content.decode()
    arranged = client.post(
        f"/pitfighter/leagues/{campaign.pk}/arrange/", {"style": "classic", f"team-{a.pk}": "x", f"team-{b.pk}": "x"}
    )
    assert arranged.status_code == 302
    combat = Combat.objects.get()
    page = client.get(arranged["Location"]).content.decode()
    assert "Submit the result" in page
    # Refused (both fighters taken down: nobody stands), the report comes back as typed, opened at its errors.
    typed = {
        f"down-{a.pk}": str(b.pk),
        f"down-{b.pk}": str(a.pk),
        f"wounds-{a.pk}": "on",
        f"crit-{b.pk}-0": "leg:leg-chopped-off",
        f"by-{b.pk}-0": str(a.pk),
        f"scar-{b.pk}-0": "4",
    }
    refused = client.post(f"/pitfighter/combats/{combat.pk}/report/", typed)
    assert refused.status_code == 400
    page = refused.content.decode()
    # Each error beside its field, the page opened at the first (no error is the combat's as a whole).
    assert 'class="errors" role="alert"' not in page
    wounds = page[page.index(f'name="wounds-{a.pk}"') :]
    assert wounds[: wounds.index(">")].endswith("autofocus\n")
    assert page.count(" autofocus") == 1
    assert f'<div id="wounds-{a.pk}-errors"><p class="field-error">Only a fighter KO&#x27;d can be taken out' in page
    assert f'<div id="scar-{b.pk}-0-errors"><p class="field-error">Only Stunned &amp; Scar takes a scar roll.</p>' in page
    for name, value in typed.items():
        field = page[page.index(f'name="{name}"') :]
        if name.startswith(("down-", "by-")):
            field = field[: field.index("</select>")]
            assert f'<option value="{value}" selected>' in field, name
        elif name.startswith("crit-"):
            assert '<option value="leg:leg-chopped-off" selected>' in field[: field.index("</select>")]
        elif name.startswith("wounds-"):
            assert field.startswith(f'name="{name}" id="{name}" checked')
        else:
            assert f'value="{value}"' in field[: field.index(">")], name
    reported = client.post(
        f"/pitfighter/combats/{combat.pk}/report/",
        {
            f"down-{a.pk}": "",
            f"down-{b.pk}": str(a.pk),
            f"crit-{b.pk}-0": "leg:leg-chopped-off",
            f"by-{b.pk}-0": str(a.pk),
            "winner": str(a.pk),
        },
    )
    assert reported.status_code == 302
    confirmed = client_as(rival).post(f"/pitfighter/combats/{combat.pk}/confirm/")
    assert confirmed.status_code == 302
    b.refresh_from_db()
    assert (b.wooden_legs, b.misses) == (1, 2)
    roster = client_as(rival).get(f"/pitfighter/fighters/{b.pk}/").content.decode()
    assert "1 wooden leg" in roster
    assert "Must miss the next 2 fights" in roster
    assert 'id="train-form"' in roster
    spread = {"ws": 0, "s": 1, "t": 0, "i": 0, "w": 0}
    asked = client_as(rival).post(f"/pitfighter/fighters/{b.pk}/train/", spread)
    assert asked.status_code == 200
    assert f"{b.name}: Strength {b.s} to {b.s + 1}." in asked.content.decode()
    assert Fighter.objects.get(pk=b.pk).points == 1
    trained = client_as(rival).post(f"/pitfighter/fighters/{b.pk}/train/", {**spread, "confirm": "1"})
    assert trained.status_code == 302
    assert Fighter.objects.get(pk=b.pk).points == 0


def test_the_fighter_roster_pdf(get_sheet, campaign, ann):
    answer = get_sheet(f"/pitfighter/fighters/{fighter(ann, 'orc').pk}/roster.pdf")
    assert answer.status_code == 200
    assert answer["Content-Type"] == "application/pdf"
    assert answer.pdf.startswith(b"%PDF")


def test_a_stranger_cannot_report(client_as, campaign, ann, bob, third, coach):
    combat = services.combat_create(
        league_id=campaign.pk,
        user=coach,
        style="free",
        fighters=[{"fighter": fighter(ann, "orc").pk}, {"fighter": fighter(bob, "orc").pk}],
    )
    assert client_as(third).post(f"/pitfighter/combats/{combat.pk}/confirm/").status_code == 403


def test_a_combats_date_and_place_are_shown_and_set_by_its_owners_not_by_a_stranger(client_as, campaign, ann, bob, third, coach):
    combat = services.combat_create(
        league_id=campaign.pk,
        user=coach,
        style="free",
        fighters=[{"fighter": fighter(ann, "orc").pk}, {"fighter": fighter(bob, "orc").pk}],
    )
    url = f"/pitfighter/combats/{combat.pk}/schedule/"
    stranger = client_as(third)
    assert url not in stranger.get(f"/pitfighter/combats/{combat.pk}/").content.decode()
    assert stranger.post(url, {"scheduled_for": "2026-06-01", "location": "The Arena"}).status_code == 403
    owner = client_as(coach)
    page = owner.get(f"/pitfighter/combats/{combat.pk}/").content.decode()
    assert "No date set" in page
    assert url in page
    assert owner.post(url, {"scheduled_for": "June", "location": ""}).status_code == 400
    assert owner.post(url, {"scheduled_for": "2026-06-01", "location": "The Arena"}).status_code == 302
    assert "Monday 1 June 2026 · The Arena" in owner.get(f"/pitfighter/combats/{combat.pk}/").content.decode()
