"""A print sheet as a stored PDF: rendered once per change of its data, then served as a file."""

from __future__ import annotations

from django.db import models


class Sheet(models.Model):
    """One rendering of one sheet (`kind`, of the object `object_id`) for one state of its data (`digest`).

    The PDF is a file on the default storage (under MEDIA_ROOT, `sheets/`), not a column: served as a stream
    from disk, it never passes through the database, which stays small. The web processes and the workers must
    therefore share MEDIA_ROOT (one host, or a shared volume)."""

    class State(models.TextChoices):
        QUEUED = "queued"
        RENDERING = "rendering"
        READY = "ready"
        FAILED = "failed"

    kind = models.CharField(max_length=64)
    object_id = models.BigIntegerField()
    digest = models.CharField(max_length=64)
    state = models.CharField(max_length=16, choices=State.choices, default=State.QUEUED)
    progress = models.PositiveSmallIntegerField(default=0)  # percent
    stage = models.CharField(max_length=100, blank=True)
    error = models.TextField(blank=True)
    # What the worker renders (the print page's HTML, in one or more parts, each laid out by a task of its own and the
    # PDFs joined: services.sheet_render; and the address its links are relative to); emptied once ready.
    parts = models.JSONField(default=list, blank=True)
    part_pdfs = models.JSONField(default=list, blank=True)  # the files of the parts rendered so far, while it renders
    base_url = models.CharField(max_length=300)
    filename = models.CharField(max_length=200)
    pdf = models.FileField(upload_to="sheets/", blank=True)
    pages = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    claimed_at = models.DateTimeField(null=True, blank=True)
    rendered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint("kind", "object_id", "digest", name="sheet_once_per_data")]
        indexes = [models.Index("kind", "object_id", "state", name="sheet_of_object")]

    def __str__(self) -> str:
        return f"{self.kind} {self.object_id} ({self.state})"
