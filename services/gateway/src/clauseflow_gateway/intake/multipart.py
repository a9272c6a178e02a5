"""Streaming multipart parsing with a per-file size limit.

Starlette's parser (python-multipart underneath) already streams: file parts go to spooled
temporary files (memory up to 1 MB, then disk). What it lacks is a limit per file, so it is added
here: the part being written is counted as it arrives and the upload is refused (413) on the first
byte over the limit, without reading the rest of the request.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

from starlette.datastructures import FormData, Headers
from starlette.formparsers import MultiPartException, MultiPartParser

from clauseflow_gateway.errors import ApiError
from clauseflow_gateway.intake.body import too_large

ROLES = {"file": "contract", "pc_file": "particular conditions", "reference_files": "reference"}


class FileTooLarge(Exception):
    """A file part passed the per-file limit (raised from inside the parser's callbacks)."""

    def __init__(self, field_name: str, filename: str) -> None:
        super().__init__(filename)
        self.field_name = field_name
        self.filename = filename


class LimitedMultiPartParser(MultiPartParser):
    """Starlette's multipart parser, refusing any file part longer than ``max_file_bytes``."""

    def __init__(
        self,
        headers: Headers,
        stream: AsyncIterator[bytes],
        *,
        max_file_bytes: int,
        max_files: int,
        max_fields: int,
    ) -> None:
        super().__init__(headers, stream, max_files=max_files, max_fields=max_fields)  # type: ignore[arg-type]
        self.max_file_bytes = max_file_bytes
        self._part_bytes = 0
        self.complete = False

    def on_end(self) -> None:
        super().on_end()
        self.complete = True  # the closing boundary arrived: the body was not cut off

    def on_part_begin(self) -> None:
        super().on_part_begin()
        self._part_bytes = 0

    def on_part_data(self, data: bytes, start: int, end: int) -> None:
        part = self._current_part
        if part.file is not None:
            self._part_bytes += end - start
            if self._part_bytes > self.max_file_bytes:
                raise FileTooLarge(part.field_name, part.file.filename or "")
        super().on_part_data(data, start, end)


async def parse_form(
    headers: Headers, chunks: AsyncIterator[bytes], *, max_file_bytes: int, max_files: int, max_fields: int
) -> FormData:
    """The form of a multipart body; 413 on the first file over the limit, 400 on a malformed body."""
    if "boundary=" not in headers.get("content-type", ""):
        raise ApiError(
            400,
            "malformed_multipart",
            "the multipart body has no boundary in its Content-Type; let your HTTP client build the form",
        )
    parser = LimitedMultiPartParser(
        headers, chunks, max_file_bytes=max_file_bytes, max_files=max_files, max_fields=max_fields
    )
    try:
        form = await parser.parse()
    except FileTooLarge as exc:
        role = ROLES.get(exc.field_name, exc.field_name)
        raise too_large(f"{role} file {exc.filename!r}", max_file_bytes) from None
    except MultiPartException as exc:
        raise ApiError(
            400, "malformed_multipart", f"the multipart body could not be read: {exc.message}"
        ) from None
    if not parser.complete:
        await form.close()
        raise ApiError(
            400,
            "malformed_multipart",
            "the multipart body ended before its closing boundary (was the upload cut off?); send it again",
        )
    return form
