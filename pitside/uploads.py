"""The size limit on uploaded files, for the pages and the API alike (both parse multipart bodies with
Django's upload handlers)."""

from __future__ import annotations

from typing import IO

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.core.files.uploadhandler import FileUploadHandler


class UploadLimitHandler(FileUploadHandler):
    """The first of FILE_UPLOAD_HANDLERS: a multipart body longer than UPLOAD_MAX_SIZE is refused before a
    byte of it is read. Django's DATA_UPLOAD_MAX_MEMORY_SIZE leaves out the files, which without this are
    streamed to a temporary file whatever their size. RequestDataTooBig is the API's 413 and a page's 400.

    The Content-Length is all there is to check: Django reads no more than it (and nothing without it)."""

    def handle_raw_input(
        self, input_data: IO[bytes], META: dict[str, str], content_length: int, boundary: str, encoding: str | None = None
    ) -> None:
        if content_length > settings.UPLOAD_MAX_SIZE:
            raise RequestDataTooBig(f"The upload is larger than {settings.UPLOAD_MAX_SIZE:,} bytes.")

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes:
        return raw_data  # the next handler keeps it

    def file_complete(self, file_size: int) -> None:
        return None  # the next handler makes the file
