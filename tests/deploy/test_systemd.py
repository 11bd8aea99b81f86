"""The systemd units of deploy/systemd pass `systemd-analyze verify`, each restarts its process always and reads
the settings from the EnvironmentFile; there is a worker instance for every queue the tasks are routed to."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

UNITS = Path(settings.BASE_DIR) / "deploy" / "systemd"
SYSTEM_UNITS = next((path for path in (Path("/usr/lib/systemd/system"), Path("/lib/systemd/system")) if path.is_dir()), None)
# Where the units expect the checkout, its virtualenv and the settings (as the README installs them).
CHECKOUT = Path("srv/pitside")
ENVIRONMENT_FILE = Path("etc/pitside/pitside.env")


def unit_files() -> list[Path]:
    return sorted(UNITS.glob("*.service"))


def installed_root(root: Path) -> Path:
    """A root directory laid out as the README's deployment: systemd's own units, Pitside's in /etc/systemd/system,
    this virtualenv's gunicorn and celery in the checkout's .venv, the example settings as the EnvironmentFile."""
    assert SYSTEM_UNITS is not None
    shutil.copytree(SYSTEM_UNITS, root / "usr/lib/systemd/system", symlinks=True)
    (root / "etc/systemd/system").mkdir(parents=True)
    for unit in unit_files():
        shutil.copy(unit, root / "etc/systemd/system" / unit.name)
    (root / CHECKOUT / ".venv/bin").mkdir(parents=True)
    for program in ("gunicorn", "celery"):
        shutil.copy(Path(sys.prefix) / "bin" / program, root / CHECKOUT / ".venv/bin" / program)
    (root / ENVIRONMENT_FILE).parent.mkdir(parents=True)
    shutil.copy(UNITS / "pitside.env.example", root / ENVIRONMENT_FILE)
    return root


@pytest.mark.skipif(
    shutil.which("systemd-analyze") is None,
    reason="systemd-analyze is not installed (Debian's systemd package; `make test` installs it)",
)
@pytest.mark.skipif(SYSTEM_UNITS is None, reason="no systemd unit directory (/usr/lib/systemd/system) to verify against")
def test_the_units_pass_systemd_analyze_verify(tmp_path):
    root = installed_root(tmp_path)
    names = [
        "pitside-web.service",
        "pitside-beat.service",
        *(f"pitside-worker@{queue}.service" for queue in settings.WORKER_QUEUES),
    ]
    verify = subprocess.run(["systemd-analyze", "verify", f"--root={root}", *names], capture_output=True, text=True, timeout=120)
    # Any finding (an unknown key, a command that is not there, a bad specifier) is printed: none is allowed.
    assert (verify.returncode, verify.stdout + verify.stderr) == (0, "")


def test_every_process_restarts_always_and_reads_the_settings_file():
    assert {unit.name for unit in unit_files()} == {"pitside-web.service", "pitside-worker@.service", "pitside-beat.service"}
    for unit in unit_files():
        lines = unit.read_text().splitlines()
        assert "Restart=always" in lines, unit.name
        assert f"EnvironmentFile=/{ENVIRONMENT_FILE}" in lines, unit.name


def test_the_readme_starts_a_worker_for_every_queue():
    readme = (Path(settings.BASE_DIR) / "README.md").read_text()
    assert "deploy/systemd" in readme
    assert all(f"pitside-worker@{queue}" in readme for queue in settings.WORKER_QUEUES)
