"""Middleware every page shares."""

from __future__ import annotations

import pytest
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
