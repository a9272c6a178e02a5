"""A review as Word documents: the contract with tracked changes and comments, and the clean copy.

``redline`` — each approved or edited redline (and, on request, each pending one) is a Word
revision of exactly the words it changes, and each risk a comment anchored on the words it quotes.
``clean`` — the same document with every revision accepted and no comments: the text to sign.

A .docx source is edited in place (styles, numbering, tables, headers, footers, footnotes and
every run no revision touches are kept); any other source becomes a tidy document first.
"""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from clauseflow_documents import DocumentStructure
from clauseflow_documents.layering import Change, clash, layered
from clauseflow_documents.word_diff import Hunk, word_hunks
from docx import Document
from docx_plus.revisions import accept_all_revisions

from clauseflow_gateway.wordexport.marks import CommentBook, RevisionStamp, RevisionWriter, anchor_comment
from clauseflow_gateway.wordexport.runs import Atom, atomise
from clauseflow_gateway.wordexport.text_map import BodyText, leading_number
from clauseflow_gateway.wordexport.tidy import document_bytes, tidy_document
from clauseflow_gateway.wordexport.wording import risk_comment

Variant = Literal["redline", "clean"]
APPLIED = ("approved", "edited")
DOCX_MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


@dataclass(frozen=True)
class ContractSource:
    """The reviewed contract: its parsed structure and, when it came as Word, the original file."""

    structure: DocumentStructure
    docx: bytes | None = None
    filename: str = ""


@dataclass(frozen=True)
class WordOptions:
    """What to export: the variant, pending redlines as revisions, or comments only."""

    variant: Variant = "redline"
    include_pending: bool = False
    revisions: bool = True
    author: str = "ClauseFlow"
    date: dt.datetime | None = None


@dataclass
class _Placed:
    """Where one redline went: its hunks in body-text offsets, or why it is not a revision."""

    redline: Mapping[str, Any]
    hunks: list[tuple[int, int, str]] = field(default_factory=list)
    shown: str = ""  # "" = a tracked change; else the label saying why not


def export_word(report: Mapping[str, Any], source: ContractSource, options: WordOptions) -> bytes:
    """The .docx bytes of ``options.variant`` for a ``report.json`` document and its contract."""
    document = Document(io.BytesIO(source.docx)) if source.docx else tidy_document(source.structure)
    body = BodyText(document.element.body)
    spans = _clause_spans(body, source.structure)
    hints = {clause_id: start for clause_id, (start, _) in spans.items()}
    placed = _place_redlines(report, body, spans, options)
    cuts: dict[int, set[int]] = {}
    for p in placed:
        for start, end, _ in p.hunks:
            _add_cuts(body, cuts, start, end)
    anchors: list[tuple[Mapping[str, Any], tuple[int, int]]] = []
    if options.variant == "redline":
        for risk in report.get("risks", []):
            span = _anchor_span(risk, placed, body, hints)
            anchors.append((risk, span))
            _add_cuts(body, cuts, *span)
    atoms = {i: atomise(body.paragraphs[i].runs, c) for i, c in cuts.items()}
    stamp = RevisionStamp(options.author, options.date or dt.datetime.now(dt.UTC))
    writer = RevisionWriter(document, stamp)
    for p in placed:
        for start, end, text in p.hunks:
            _write_hunk(writer, body, atoms, start, end, text)
    if options.variant == "clean":
        accept_all_revisions(document)
        return document_bytes(document)
    language = str(report.get("language", "en"))
    domain = str(report.get("domain", "generic"))
    by_risk: dict[str, list[tuple[Mapping[str, Any], str]]] = {}
    for p in placed:
        by_risk.setdefault(str(p.redline.get("risk_id", "")), []).append((p.redline, p.shown))
    book = CommentBook(document, options.author, _initials(options.author), stamp.date)
    for risk, (start, end) in anchors:
        text = risk_comment(risk, by_risk.get(str(risk.get("id", "")), []), language=language, domain=domain)
        _comment(book, body, atoms, writer, start, end, text)
    return document_bytes(document)


def _clause_spans(body: BodyText, structure: DocumentStructure) -> dict[str, tuple[int, int]]:
    """Where each clause's text starts and ends in the body (squashed offsets).

    The start is where its quotes are looked for first (the same words may occur in another
    clause); the end is where a redline that only adds words goes.
    """
    spans: dict[str, tuple[int, int]] = {}
    after = 0
    for clause in structure.clauses:
        lines = [line.strip() for line in clause.text.split("\n") if line.strip()]
        if not lines:
            continue
        head = lines[0]
        if clause.number_raw and head.startswith(clause.number_raw):
            head = head[len(clause.number_raw) :]
        found = body.find(head.strip()[:60], after=after)
        if found is None:
            continue
        tail = body.find(lines[-1] if len(lines) > 1 else head, after=found[0])
        spans[clause.clause_id] = (found[0], tail[1] if tail is not None else found[1])
        after = found[0]
    return spans


def _place_redlines(
    report: Mapping[str, Any], body: BodyText, spans: dict[str, tuple[int, int]], options: WordOptions
) -> list[_Placed]:
    """Each redline's revision hunks; redlines changing the same words layered into one (``layering``)."""
    wanted = (*APPLIED, "pending") if options.include_pending else APPLIED
    placed: list[_Placed] = []
    changes: dict[int, Change] = {}  # index in ``placed`` -> its change, in squashed offsets
    for redline in report.get("redlines", []):
        status = str(redline.get("status", ""))
        if status not in (*APPLIED, "pending"):
            continue
        p = _Placed(redline)
        placed.append(p)
        if not options.revisions or status not in wanted:
            p.shown = "not_tracked" if not options.revisions else "awaiting"
            continue
        change = _change(redline, body, spans)
        if change is None:
            p.shown = "not_placed"
            continue
        _layer(len(placed) - 1, change, changes, placed, body.squashed)
    for index, change in changes.items():
        for h in change.hunks:
            start, end = body.text_range(h.start, h.end)
            placed[index].hunks.append((start, end, h.text))
    return placed


def _change(redline: Mapping[str, Any], body: BodyText, spans: dict[str, tuple[int, int]]) -> Change | None:
    """Where a redline's quote is in the body and the word-level hunks of its text (None: not found)."""
    quote = str(redline.get("original_text", ""))
    span = spans.get(str(redline.get("clause_id")))
    if quote.strip():
        found = body.find(quote, after=span[0] if span else 0)
    else:  # words added to the clause, replacing none: they go at its end
        found = (span[1], span[1]) if span else None
    if found is None:
        return None
    final = " ".join(str(redline.get("final_text") or redline.get("proposed_text") or "").split())
    original = body.squashed[found[0] : found[1]]
    replacement = _without_drawn_number(quote, original, final)
    if not original and replacement:
        replacement = " " + replacement
    at = found[0]
    hunks = tuple(Hunk(at + h.start, at + h.end, h.text) for h in word_hunks(original, replacement))
    return Change(found[0], found[1], hunks)


def _layer(index: int, change: Change, changes: dict[int, Change], placed: list[_Placed], text: str) -> None:
    """Add ``change`` beside the others, layered into the one whose words it also changes."""
    for other, earlier in list(changes.items()):
        if not clash(earlier, change):
            continue
        merged = layered(earlier, change, text)
        if merged is None:
            placed[index].shown = "overlaps"
            return
        del changes[other]
        placed[other].shown = "merged"
        _layer(index, merged, changes, placed, text)  # the union may now meet a third redline's words
        return
    changes[index] = change


def _without_drawn_number(quote: str, located: str, final: str) -> str:
    """``final`` without the clause number the quote starts with when Word draws that number.

    A quote "3.1 The Buyer shall…" is found as "The Buyer shall…" in a document whose "3.1" comes
    from list numbering; a redline repeating "3.1 " must not insert a second number.
    """
    number = leading_number(" ".join(quote.split())).strip()
    if number and not located.startswith(number) and final.startswith(number):
        return final[len(number) :].lstrip()
    return final


def _anchor_span(
    risk: Mapping[str, Any], placed: list[_Placed], body: BodyText, hints: dict[str, int]
) -> tuple[int, int]:
    """The body-text span a risk's comment is anchored on: its quote, its redline's text, or its clause."""
    hint = hints.get(str(risk.get("clause_id")), 0)
    quotes = [str(risk.get("original_text") or "")]
    quotes += [
        str(p.redline.get("original_text", "")) for p in placed if p.redline.get("risk_id") == risk.get("id")
    ]
    for quote in quotes:
        found = body.find(quote, after=hint)
        if found is not None:
            return body.text_range(*found)
    at = body.text_range(hint, hint + 1)[0] if body.squashed else 0
    first, _ = body.position(at)
    # the clause's first paragraph with text (a comment needs words to hang on)
    para = next((p for p in body.paragraphs[first:] if p.length), body.paragraphs[first])
    return para.offset, para.offset + para.length


def _add_cuts(body: BodyText, cuts: dict[int, set[int]], start: int, end: int) -> None:
    for i, lo, hi in body.split(start, end):
        cuts.setdefault(i, set()).update((lo, hi))


def _write_hunk(
    writer: RevisionWriter, body: BodyText, atoms: dict[int, list[Atom]], start: int, end: int, text: str
) -> None:
    pieces = list(body.split(start, end))
    for n, (i, lo, hi) in enumerate(pieces):
        writer.replace(atoms.get(i, []), lo, hi, text if n == 0 else "")


def _comment(
    book: CommentBook,
    body: BodyText,
    atoms: dict[int, list[Atom]],
    writer: RevisionWriter,
    start: int,
    end: int,
    text: str,
) -> None:
    pieces = list(body.split(start, end))
    if not pieces:
        return
    first, last = pieces[0], pieces[-1]
    comment_id = book.write(text)
    anchor_comment(
        atoms.get(first[0], []), first[1], atoms.get(last[0], []), last[2], comment_id, writer.inserted
    )


def _initials(author: str) -> str:
    return "".join(part[0] for part in author.split()[:3]).upper() or "CF"


__all__ = ["DOCX_MEDIA_TYPE", "ContractSource", "WordOptions", "export_word"]
