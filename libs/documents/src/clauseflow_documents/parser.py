"""Contract documents in, clause trees out: ``parse_document(content, filename)``.

Formats: ``.txt``/``.text`` and ``.md`` (UTF-8, UTF-16, GB18030/GBK …), ``.docx`` (paragraphs,
tables, Word automatic numbering computed from the numbering definitions) and ``.pdf`` with a
text layer (running headers, footers and page numbers removed).

Clause ids are what a lawyer writes when citing the clause:

* decimal numbering keeps its number: ``1``, ``1.1``, ``14.2``, ``1.01``; keyword forms drop the
  keyword: ``Clause 4`` → ``4``, ``Sub-Clause 20.1`` → ``20.1``, ``Section 2.3`` → ``2.3``;
* Roman and Chinese numerals become arabic: ``ARTICLE V`` → ``5``, ``第十条`` / ``第10条`` → ``10``,
  top-level ``一、`` → ``1``, ``1.1款`` → ``1.1``;
* lettered and bracketed paragraphs hang off their parent: ``4.1(a)``, ``4.1(a)(i)``, ``（一）``
  under ``3`` → ``3(1)``; a plain ``1.`` list inside ``Article 5`` (or ``一、`` inside ``第五条``)
  → ``5.1``;
* groupings keep their keyword and do not prefix their clauses: ``Part B``, ``Chapter 1``
  (``第一章``);
* schedules, exhibits, annexes and appendices keep their name (``Schedule 1``, ``Exhibit A``,
  ``附件一`` → ``Annex 1``) and their own, restarting, numbering is cited as
  ``Schedule 1, paragraph 1.1``;
* a document numbered only with list styles (``1)``/``1）``, ``(1)`` or ``A.`` headings) keeps
  those numbers as its top-level ids (``1``, ``A``), including when they run on inside long lines;
  where other numbering exists they number items inside a clause (``2(1)``);
* text before the first numbered clause is the ``Preamble`` (a table of contents, an exhibit number
  or a page header above the clauses included); a number used twice gets ``#2``;
* with no numbering at all, paragraphs become ``P1``, ``P2`` … and a warning says so.

Each clause's ``text`` and ``[start, end)`` cover the whole unit *including* its sub-clauses (as a
citation of "Clause 4" does); ``level`` is the depth in the tree (1 = top level). Offsets index
``DocumentStructure.text``, the normalised document text.
"""

from __future__ import annotations

from pathlib import PurePath

from clauseflow_contracts.errors import DocumentTooLarge, EmptyDocument, UnsupportedFormat
from clauseflow_contracts.ids import document_id

from clauseflow_documents.crossrefs import find_cross_references
from clauseflow_documents.decoding import decode_text_noting, detect_language, normalise_text
from clauseflow_documents.definitions import attach_definitions, find_definitions
from clauseflow_documents.incorporation import amends_general_conditions, borrowed_definitions_start
from clauseflow_documents.model import DocumentStructure
from clauseflow_documents.segmenter import segment
from clauseflow_documents.undefined_terms import find_undefined_terms, first_use

DEFAULT_MAX_BYTES = 20_000_000
MAX_TEXT_CHARS = 20_000_000
TEXT_SUFFIXES = {".txt": "txt", ".text": "txt", ".md": "md", ".markdown": "md"}
SUPPORTED = ".txt, .md, .docx, .pdf"


def parse_document(content: bytes, filename: str, *, max_bytes: int = DEFAULT_MAX_BYTES) -> DocumentStructure:
    """Read a contract into a :class:`DocumentStructure`.

    Raises :class:`EmptyDocument`, :class:`UnsupportedFormat`, :class:`DocumentTooLarge` or
    :class:`UnreadableDocument` (all :class:`DocumentError`) with a message a person can act on.
    """
    if len(content) > max_bytes:
        raise DocumentTooLarge(
            f"{filename or 'The document'} is {len(content) / 1_000_000:.1f} MB; the limit is "
            f"{max_bytes / 1_000_000:.1f} MB. Split the document or remove embedded images."
        )
    if not content or not content.strip():
        raise EmptyDocument(
            f"{filename or 'The document'} is empty; upload a file that contains the contract text."
        )
    source_format = _format_of(content, filename)
    raw_text, warnings = _extract(content, source_format, max_bytes)
    text = normalise_text(raw_text)
    if len(text) > MAX_TEXT_CHARS:
        raise DocumentTooLarge(
            f"The document expands to {len(text):,} characters of text; the limit is {MAX_TEXT_CHARS:,}."
        )
    if not text.strip():
        raise EmptyDocument(
            f"{filename or 'The document'} contains no text; upload a file with the contract text."
        )
    structure = build_structure(
        text, source_format=source_format, doc_id=document_id(content), warnings=warnings
    )
    return structure


def parse_text(text: str, *, source_format: str = "txt") -> DocumentStructure:
    """Parse already-decoded text (used for tests and for documents assembled in memory)."""
    normalised = normalise_text(text)
    if not normalised.strip():
        raise EmptyDocument("The document contains no text.")
    return build_structure(normalised, source_format=source_format, doc_id=document_id(normalised.encode()))


def build_structure(
    text: str,
    *,
    source_format: str,
    doc_id: str,
    warnings: list[str] | None = None,
    general_conditions_included: bool = False,
) -> DocumentStructure:
    """Clause tree, definitions and cross-references of normalised ``text``.

    ``general_conditions_included``: the text is General Conditions merged with their Particular
    Conditions, so a reference to a sub-clause missing from it points nowhere. Particular
    Conditions alone refer to the General Conditions' sub-clauses, which are not in their text.
    """
    language = detect_language(text)
    seg = segment(text, language=language, sub_clauses_may_skip=general_conditions_included)
    definitions = find_definitions(text, seg.clauses, language)
    clauses = attach_definitions(text, seg.clauses, definitions, language)
    elsewhere = not general_conditions_included and amends_general_conditions(text)
    cross_refs = find_cross_references(text, clauses, language, clauses_elsewhere=elsewhere)
    undefined = find_undefined_terms(text, definitions, language)
    borrowed_from = borrowed_definitions_start(text)
    if borrowed_from is not None:
        # a term first used where definitions are borrowed may be defined in the other document
        undefined = [t for t in undefined if (first_use(text, t) or 0) < borrowed_from]
    all_warnings = [*(warnings or []), *seg.warnings]
    broken = [r for r in cross_refs if not r.resolved]
    if broken:
        shown = ", ".join(sorted({r.raw for r in broken})[:10])
        all_warnings.append(f"{len(broken)} cross-reference(s) point to clauses that do not exist: {shown}")
    return DocumentStructure(
        document_id=doc_id,
        title=_title_of(text),
        language="zh" if language == "zh" else "en",
        source_format=source_format,
        text=text,
        clauses=tuple(clauses),
        definitions=tuple(definitions),
        cross_references=tuple(cross_refs),
        undefined_terms=tuple(undefined),
        warnings=tuple(all_warnings),
    )


def _format_of(content: bytes, filename: str) -> str:
    suffix = PurePath(filename or "").suffix.lower()
    if suffix in TEXT_SUFFIXES:
        return TEXT_SUFFIXES[suffix]
    if suffix in (".docx", ".pdf"):
        return suffix[1:]
    if suffix == "":
        # No extension: recognise the format by its magic bytes.
        if content.startswith(b"%PDF"):
            return "pdf"
        if content.startswith(b"PK\x03\x04"):
            return "docx"
        return "txt"
    hint = (
        " Save it as .docx (Word) or PDF and upload again."
        if suffix in (".doc", ".rtf", ".odt", ".pages")
        else ""
    )
    raise UnsupportedFormat(f"Files of type {suffix!r} are not supported; upload {SUPPORTED}.{hint}")


def _extract(content: bytes, source_format: str, max_bytes: int) -> tuple[str, list[str]]:
    if source_format == "docx":
        from clauseflow_documents.docx_reader import read_docx

        return read_docx(content, max_bytes=max_bytes)
    if source_format == "pdf":
        from clauseflow_documents.pdf_reader import read_pdf

        return read_pdf(content)
    return decode_text_noting(content)


def _title_of(text: str) -> str:
    for line in text.split("\n", 50)[:50]:
        stripped = line.strip().strip("#*_ ").strip()
        if stripped:
            return stripped[:200]
    return ""
