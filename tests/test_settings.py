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


def database_settings(*keys: str, **env: str) -> list[str]:
    """The default database's settings `keys` as production reads them (with `env` on top of PRODUCTION's)."""
    code = f"from django.conf import settings; print(*(settings.DATABASES['default'][k] for k in {keys!r}))"
    result = manage("shell", "-v", "0", "-c", code, **{**PRODUCTION, "SECRET_KEY": secrets.token_urlsafe(60), **env})
    assert result.returncode == 0, result.stderr
    return result.stdout.split()


def test_database_connections_persist_by_default_and_are_checked_before_reuse():
    assert database_settings("CONN_MAX_AGE", "CONN_HEALTH_CHECKS") == ["60", "True"]
    assert database_settings("CONN_MAX_AGE", CONN_MAX_AGE="0") == ["0"]
