"""Production settings: `check --deploy` is clean, and a missing secret key stops Pitside."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys

from django.conf import settings

PRODUCTION = {
    "DEBUG": "false",
    "ALLOWED_HOSTS": "pitside.example.com",
    "DATABASE_URL": "sqlite:////tmp/pitside-deploy-check.sqlite3",
}


def manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in ("SECRET_KEY", "DEBUG", "DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE")
    }
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        env={**clean, **env},
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_is_clean_with_production_settings():
    result = manage("check", "--deploy", "--fail-level", "WARNING", SECRET_KEY=secrets.token_urlsafe(60), **PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr


def test_production_refuses_to_start_without_a_secret_key():
    result = manage("check", **PRODUCTION)
    assert result.returncode != 0
    assert "Set SECRET_KEY" in result.stderr
