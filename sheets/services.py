"""Sheets as stored artefacts: found by the digest of their data, rendered once (inline when small, on a Celery
worker when big), superseded renderings deleted.

A worker claims a sheet with a conditional update (queued, or left rendering by a worker that died) and checks the
count, so two workers never render the same one and a task run twice does nothing the second time. The claim is
committed before the rendering, unlike a claim held in a transaction, so that the progress it writes can be seen
while it renders; a claim older than the time limit is a dead worker's, and the periodic sweep queues it again."""

from __future__ import annotations

import hashlib
import logging
import time
from collections.abc import Callable
from datetime import timedelta
from functools import cache
from pathlib import Path
from typing import cast

from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from sheets.models import Sheet
from sheets.render import LAID_OUT, READ, WRITTEN, Progress, join_pdfs, render_pdf, stylesheet

logger = logging.getLogger(__name__)

# The task's hard time limit: a sheet still rendering after it was left by a worker that died (or was killed).
RENDER_TIME_LIMIT = timedelta(minutes=5)
# A queued sheet older than this has lost its task (the broker was down when it was queued).
QUEUED_LOST_AFTER = timedelta(minutes=2)
PROGRESS_EVERY_SECONDS = 0.5  # at most two progress writes a second


def sheet_digest(*, kind: str, object_id: int, source: bytes, base_url: str) -> str:
    """Everything a sheet's PDF is made from: its `source` (the HTML of its print page, which shows every value of its
    rows, or the rows themselves and the templates), the stylesheet and the address its links are relative to."""
    parts = [kind.encode(), str(object_id).encode(), source, stylesheet(), base_url.encode()]
    return hashlib.sha256(b"\0".join(parts)).hexdigest()


CODE_FILES = ("*.py", "*.toml", "*.yaml", "*.yml", "*.csv")


@cache
def code_version() -> bytes:
    """The digest of every template file and of the project's code (each package at its root but the tests: the
    engine's rules and data, the apps that arrange what sheets show), read once per process: a sheet known by its
    data (not its HTML) is made again after a deploy that changes what it shows or how it looks."""
    digest = hashlib.sha256()
    folders = cast(list[str | Path], settings.TEMPLATES[0]["DIRS"])
    files = [path for folder in folders for path in sorted(Path(folder).rglob("*.html"))]
    for package in sorted(Path(settings.BASE_DIR).iterdir()):
        if (package / "__init__.py").is_file() and package.name != "tests":
            files += sorted(path for pattern in CODE_FILES for path in package.rglob(pattern))
    for path in files:
        digest.update(path.read_bytes())
    return digest.digest()


def _base_url() -> str:
    """The address a sheet's links are printed against: the site's public one (SITE_URL), never the request's. A
    Host header is the client's to choose: in the key, each new one (a new port) made a rendering of its own and
    dropped everyone's stored copy. Without SITE_URL, none: links stay relative ("" would make them file: URLs)."""
    return f"{settings.SITE_URL.rstrip('/')}/" if settings.SITE_URL else ""


def sheet_request(
    *,
    kind: str,
    object_id: int,
    page: Callable[[], tuple[list[str], str]],
    data: Callable[[], object] | None,
    inline: bool,
) -> Sheet:
    """The sheet for this state of its data: the one already stored, else a new one, rendered now (`inline`) or
    queued for a worker after commit. Two requests at once make one row (the unique digest) and one rendering.
    `page()` answers its print page's HTML, in the parts it is rendered in (sheets.render), and its file's name.

    It is known by the digest of its HTML, or, when `data` is given, of the data it is made from (`data()`, which
    must change with every value it shows: sheets.keys) and the code: then a sheet already stored is found without
    building its page."""
    made: tuple[list[str], str] | None = None
    if data is None:
        made = page()
        source = "".join(made[0]).encode()
    else:
        source = code_version() + repr(data()).encode()
    base_url = _base_url()
    digest = sheet_digest(kind=kind, object_id=object_id, source=source, base_url=base_url)
    sheet = Sheet.objects.filter(kind=kind, object_id=object_id, digest=digest).first()
    if sheet is not None and sheet.state == Sheet.State.READY and not default_storage.exists(sheet.pdf.name or ""):
        # MEDIA_ROOT was emptied, or is not the worker's (README: they must share it): made again, and said so.
        logger.warning("The file of sheet %s (%s) is missing: rendering it again.", sheet.pk, sheet.pdf.name)
        sheet.delete()
        sheet = None
    if sheet is not None:
        return sheet
    parts, filename = made or page()
    try:
        with transaction.atomic():
            sheet = Sheet.objects.create(
                kind=kind, object_id=object_id, digest=digest, parts=parts, base_url=base_url, filename=filename
            )
    except IntegrityError:  # another request made it first: its rendering is this one's
        return Sheet.objects.get(kind=kind, object_id=object_id, digest=digest)
    if inline:
        sheet_render(sheet_id=sheet.pk)
    else:
        _queue(sheet.pk)
    sheet.refresh_from_db()  # rendered inline, or by an eager task (no REDIS_URL): then it is ready already
    return sheet


def _queue(sheet_id: int) -> None:
    from sheets.tasks import sheet_render_task

    transaction.on_commit(lambda: sheet_render_task.delay(sheet_id), robust=True)


def sheet_render(*, sheet_id: int) -> bool:
    """Render the next part of a sheet this call claims (of a sheet in one part, all of it), then queue the next part
    or, after the last, join the parts into the sheet's PDF; False when it is not claimable (rendered, being rendered,
    superseded). Each part is a task of its own, within the task's limits whatever the number of parts; between two,
    the sheet is queued again with the parts rendered so far (`part_pdfs`, their files) and their page count."""
    now = timezone.now()
    claimable = Q(state=Sheet.State.QUEUED) | Q(state=Sheet.State.RENDERING, claimed_at__lt=now - RENDER_TIME_LIMIT)
    claimed = Sheet.objects.filter(claimable, pk=sheet_id).update(state=Sheet.State.RENDERING, claimed_at=now, error="")
    if not claimed:
        return False
    sheet = Sheet.objects.get(pk=sheet_id)
    part, count = len(sheet.part_pdfs), len(sheet.parts)
    pages_before = (sheet.pages or 0) if part else 0
    if not part:
        _store_progress(sheet_id, READ // 2, "Reading the page")
    progress = _progress_of(sheet_id)
    try:
        pdf, pages = render_pdf(
            sheet.parts[part],
            sheet.base_url or None,
            progress,
            _expected_pages(sheet),
            part=part,
            parts=count,
            pages_before=pages_before,
        )
    except Exception as error:  # whatever the renderer raised, it is this sheet's failure: shown, and retried on request
        logger.exception("Sheet %s could not be rendered.", sheet_id)
        Sheet.objects.filter(pk=sheet_id, state=Sheet.State.RENDERING).update(
            state=Sheet.State.FAILED, stage="", error=f"{type(error).__name__}: {error}"[:2000]
        )
        return False
    pages += pages_before
    stem = f"sheets/{sheet.kind}-{sheet.object_id}-{sheet.digest[:16]}"
    part_pdfs: list[str] = []
    if count > 1:
        part_pdfs = [*sheet.part_pdfs, default_storage.save(f"{stem}-part{part + 1}.pdf", ContentFile(pdf))]
        if len(part_pdfs) < count:
            queued = Sheet.objects.filter(pk=sheet_id, state=Sheet.State.RENDERING).update(
                state=Sheet.State.QUEUED, part_pdfs=part_pdfs, pages=pages
            )
            if not queued:  # deleted (superseded) while it rendered
                default_storage.delete(part_pdfs[-1])
                return False
            _queue(sheet_id)
            return True
        progress(LAID_OUT, f"Joining the {count} parts ({pages} pages)")
        pdf = _joined(part_pdfs)
        progress(WRITTEN, "Storing the PDF")
    name = default_storage.save(f"{stem}.pdf", ContentFile(pdf))
    done = Sheet.objects.filter(pk=sheet_id, state=Sheet.State.RENDERING).update(
        state=Sheet.State.READY,
        pdf=name,
        pages=pages,
        progress=100,
        stage="Ready",
        parts=[],
        part_pdfs=[],
        rendered_at=timezone.now(),
    )
    for part_name in part_pdfs:
        default_storage.delete(part_name)
    if not done:  # deleted (superseded) while it rendered
        default_storage.delete(name)
        return False
    _drop_superseded(sheet)
    return True


def _joined(names: list[str]) -> bytes:
    pdfs = []
    for name in names:
        with default_storage.open(name, "rb") as file:
            pdfs.append(file.read())
    return join_pdfs(pdfs)


def _store_progress(sheet_id: int, percent: int, stage: str) -> None:
    Sheet.objects.filter(pk=sheet_id, state=Sheet.State.RENDERING).update(progress=percent, stage=stage)


def _progress_of(sheet_id: int) -> Progress:
    last = [0.0]

    def progress(percent: int, stage: str) -> None:
        now = time.monotonic()
        if now - last[0] >= PROGRESS_EVERY_SECONDS:
            last[0] = now
            _store_progress(sheet_id, percent, stage[:100])

    return progress


def _expected_pages(sheet: Sheet) -> int | None:
    """The page count of this sheet's last rendering, the best guess of this one's."""
    return (
        Sheet.objects.filter(kind=sheet.kind, object_id=sheet.object_id, state=Sheet.State.READY)
        .exclude(pk=sheet.pk)
        .order_by("-rendered_at")
        .values_list("pages", flat=True)
        .first()
    )


def _drop_superseded(sheet: Sheet) -> None:
    """Delete the renderings of the same sheet made before this one (older data), with their files (and those of the
    parts of one still rendering)."""
    older = Sheet.objects.filter(kind=sheet.kind, object_id=sheet.object_id, created_at__lte=sheet.created_at).exclude(
        pk=sheet.pk
    )
    names = [name for pdf, part_pdfs in older.values_list("pdf", "part_pdfs") for name in [pdf, *part_pdfs] if name]
    older.delete()
    for name in names:
        default_storage.delete(name)


def sheet_retry(*, sheet_id: int) -> bool:
    """Queue a failed sheet again; False when it had not failed."""
    retried = Sheet.objects.filter(pk=sheet_id, state=Sheet.State.FAILED).update(
        state=Sheet.State.QUEUED, progress=0, stage="", error=""
    )
    if retried:
        _queue(sheet_id)
    return bool(retried)


def sheet_sweep() -> int:
    """Queue again the sheets whose task was lost (never sent, or its worker died); returns how many."""
    now = timezone.now()
    lost = Sheet.objects.filter(
        Q(state=Sheet.State.QUEUED, created_at__lt=now - QUEUED_LOST_AFTER)
        | Q(state=Sheet.State.RENDERING, claimed_at__lt=now - RENDER_TIME_LIMIT)
    ).values_list("pk", flat=True)
    ids = list(lost)
    for sheet_id in ids:
        _queue(sheet_id)
    return len(ids)
