"""The upload size limit (pitside.uploads), on a page; the API's 413 is in tests/api/test_errors.py."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from leagues.models import League

pytestmark = pytest.mark.django_db


def test_a_page_refuses_a_30_mb_file(client, coach):
    client.force_login(coach)
    upload = SimpleUploadedFile("big.bin", b"x" * 30 * 1024 * 1024)
    response = client.post("/leagues/new/", {"name": "Big League", "game_system": "slaughterball", "rules": upload})
    assert response.status_code == 400
    assert not League.objects.filter(name="Big League").exists()
