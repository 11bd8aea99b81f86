"""The account pages render in the site layout, and page forms refuse a POST without its CSRF token."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from leagues.models import League
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("name", ["login", "signup"])
def test_account_pages_render_for_anonymous(client, name):
    response = client.get(reverse(name))
    assert response.status_code == 200
    assert b'name="viewport"' in response.content
    assert b"csrfmiddlewaretoken" in response.content


@pytest.mark.parametrize("name", ["password_change", "password_change_done"])
def test_password_pages_render_for_a_user(client_as, coach, name):
    assert client_as(coach).get(reverse(name)).status_code == 200


def test_log_in_with_the_page(client, coach):
    response = client.post(reverse("login"), {"username": coach.username, "password": PASSWORD})
    assert response.status_code == 302
    assert response["Location"] == reverse("home")


def test_a_post_without_the_csrf_token_is_refused(coach):
    client = Client(enforce_csrf_checks=True)
    client.force_login(coach)
    response = client.post(reverse("league-create"), {"name": "Forged", "game_system": "slaughterball"})
    assert response.status_code == 403
    assert not League.objects.filter(name="Forged").exists()


def test_pages_carry_the_csrf_header_for_htmx(client_as, coach):
    page = client_as(coach).get(reverse("home")).content.decode()
    assert 'hx-headers=\'{"X-CSRFToken": "' in page
    assert "/static/vendor/htmx.min.js" in page
