"""PDF (with a text layer) to text: pages in order, running headers/footers and page numbers removed.

A line is a running header or footer when, with its digits masked, it recurs at the top or the
bottom of at least half the pages ("Page 3 of 40", "Confidential - Draft 2", the contract title).
Hard-wrapped lines are kept as lines: the segmenter only looks at line starts, and its sequence
check rejects wrapped lines that happen to start with a number.
"""

from __future__ import annotations

import io
import logging
import re
from collections import Counter

from clauseflow_contracts.errors import DocumentTooLarge, UnreadableDocument

MAX_PAGES = 3_000
_EDGE_LINES = 3
_PAGE_NUMBER = re.compile(
    r"^\s*(?:[-–—]\s*)?(?:page\s+|p\.\s*|第\s*)?\d{1,4}(?:\s*(?:of|/|／)\s*\d{1,4})?(?:\s*页)?(?:\s*[-–—])?\s*$",
    re.IGNORECASE,
)
_DIGITS = re.compile(r"\d+")


def read_pdf(content: bytes) -> tuple[str, list[str]]:
    """The text of a PDF and warnings; raises :class:`UnreadableDocument` when there is no text layer."""
    from pypdf import PdfReader  # heavy import, only needed for PDFs
    from pypdf.errors import PdfReadError

    # pypdf logs recoverable damage as warnings; they are not the user's concern here.
    logging.getLogger("pypdf").setLevel(logging.ERROR)
    try:
        reader = PdfReader(io.BytesIO(content), strict=False)
        if reader.is_encrypted:
            _decrypt(reader)
        pages = reader.pages
        count = len(pages)
    except UnreadableDocument:
        raise
    except (PdfReadError, ValueError, KeyError, TypeError, AttributeError, IndexError, RecursionError) as exc:
        raise UnreadableDocument(
            f"The PDF could not be read ({type(exc).__name__}); it may be damaged."
        ) from None
    if count == 0:
        raise UnreadableDocument("The PDF has no pages.")
    if count > MAX_PAGES:
        raise DocumentTooLarge(f"The PDF has {count} pages; the limit is {MAX_PAGES}.")
    page_lines: list[list[str]] = []
    for page in pages:
        try:
            text = page.extract_text() or ""
        except Exception as exc:  # pypdf raises many types on malformed content streams
            raise UnreadableDocument(
                f"Text could not be extracted from the PDF ({type(exc).__name__}); it may be damaged."
            ) from None
        page_lines.append(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"))
    if not any(line.strip() for lines in page_lines for line in lines):
        raise UnreadableDocument(
            "The PDF has no text layer; OCR is not supported (the PDF is a scan or an image). Upload the "
            "original Word file or a PDF exported from it."
        )
    warnings: list[str] = []
    cleaned = strip_running_lines(page_lines)
    removed = sum(len(a) for a in page_lines) - sum(len(a) for a in cleaned)
    if removed:
        warnings.append(f"Removed {removed} running header/footer/page-number line(s) from the PDF text.")
    return "\n".join("\n".join(lines) for lines in cleaned), warnings


def _decrypt(reader: object) -> None:
    # Many PDFs are "encrypted" with an empty user password (copy/print restrictions only).
    try:
        ok = reader.decrypt("")  # type: ignore[attr-defined]
    except Exception:
        ok = 0
    if not ok:
        raise UnreadableDocument(
            "The PDF is password-protected (encrypted); remove the password (print to a new PDF or save "
            "without protection) and upload it again."
        )


def strip_running_lines(page_lines: list[list[str]]) -> list[list[str]]:
    """Pages without their running headers, footers and page-number lines."""
    n_pages = len(page_lines)
    edge_counts: Counter[str] = Counter()
    for lines in page_lines:
        non_empty = [ln for ln in lines if ln.strip()]
        edges = {_mask(ln) for ln in non_empty[:_EDGE_LINES] + non_empty[-_EDGE_LINES:]}
        edge_counts.update(edges)
    threshold = max(2, (n_pages + 1) // 2)
    running = {m for m, c in edge_counts.items() if c >= threshold and m} if n_pages >= 2 else set()
    out: list[list[str]] = []
    for lines in page_lines:
        non_empty_idx = [i for i, ln in enumerate(lines) if ln.strip()]
        edge_idx = set(non_empty_idx[:_EDGE_LINES] + non_empty_idx[-_EDGE_LINES:])
        kept = [
            ln
            for i, ln in enumerate(lines)
            if not (i in edge_idx and (_mask(ln) in running or _PAGE_NUMBER.match(ln)))
        ]
        out.append(kept)
    return out


def _mask(line: str) -> str:
    return _DIGITS.sub("#", " ".join(line.split())).lower()
