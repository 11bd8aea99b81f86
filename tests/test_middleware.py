"""Middleware every page shares."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile

from leagues.models import League

pytestmark = pytest.mark.django_db

NEW_LEAGUE = {"name": "Nul League", "game_system": "slaughterball"}


@pytest.mark.parametrize(
    "extra",
    [{"note": "a\x00b"}, {"a\x00b": "note"}, {"a\x00b": SimpleUploadedFile("rules.txt", b"x")}],
    ids=["value", "name", "file-field"],
)
def test_a_page_form_with_a_nul_character_is_refused_before_its_view(client, coach, extra):
    client.force_login(coach)
    response = client.post("/leagues/new/", {**NEW_LEAGUE, **extra})
    assert response.status_code == 400
    assert "Text may not contain NUL characters." in response.content.decode()
    assert not League.objects.filter(name="Nul League").exists()


@pytest.mark.parametrize("url", ["/", "/api/docs/", "/api/leagues/", "/accounts/login/", "/no-such-page/"])
def test_every_answer_sends_the_content_security_policy(client, url):
    policy = client.get(url)["Content-Security-Policy"]
    assert "script-src 'self';" in policy
    assert "default-src 'self'" in policy


def test_no_template_has_an_inline_script_or_event_handler():
    # script-src 'self' blocks them: a page's script is a file under static/.
    for template in Path(settings.BASE_DIR, "templates").rglob("*.html"):
        text = template.read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)", text), template
        assert not re.search(r"\son[a-z]+=", text), template
        assert "hx-on" not in text, template
