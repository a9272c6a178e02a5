"""The lines the segmenter reads numbers from, split where a flattened text runs clauses together.

Contracts converted from PDF or HTML often run several clauses on one line, separated only by runs
of spaces; here such lines are cut before a number that opens a clause, so the numbering walk in
:mod:`clauseflow_documents.segmenter` sees one candidate per line.
"""

from __future__ import annotations

import re

from clauseflow_documents.clause_titles import SMALL_WORDS
from clauseflow_documents.numbering import ABSOLUTE, read_marker

# Matched only at the start of a run (and possessively), so a long run of spaces costs linear time.
_WIDE_GAP = re.compile(r"(?<![ \t])[ \t]{3,}+(?=[(（\w§第])")


def iter_lines(
    text: str, *, inline: bool = False, relaxed: bool = False
) -> tuple[list[tuple[int, str]], set[int]]:
    """Lines with their offsets; a line is also split where a number follows a wide gap.

    Contracts flattened from PDF or HTML often run whole clauses together on one line, separated
    only by runs of spaces ("…the Parties agree as follows:   1. Definitions   1.1 …"). With
    ``inline``, long lines are also split before a clause number that opens a sentence
    ("… as follows: 1. DEFINITIONS. … 1.1 "Affiliate" means …"); the indices of the pieces that
    start at such a split are returned too, for the segmenter to hold them to a stricter test.
    With ``relaxed``, "2)" also counts as such a number (for documents numbered "1) … 2) …").
    """
    out: list[tuple[int, str]] = []
    inline_pieces: set[int] = set()
    pos = 0
    for line in text.split("\n"):
        pieces = [(0, False)]
        if len(line) > 120:
            for m in _WIDE_GAP.finditer(line):
                if read_marker(line[m.end() : m.end() + 200]) is not None:
                    pieces.append((m.end(), False))
        if inline:
            # A split found both after a wide gap and inside running text is a wide-gap split.
            wide = {at for at, _ in pieces}
            pieces.extend((at, True) for at in _inline_splits(line, relaxed=relaxed) if at not in wide)
            pieces.sort()
        last = -1
        for i, (at, is_inline) in enumerate(pieces):
            if at <= last:
                continue
            end = pieces[i + 1][0] if i + 1 < len(pieces) else len(line)
            if is_inline:
                inline_pieces.add(len(out))
            out.append((pos + at, line[at:end]))
            last = at
        pos += len(line) + 1
    return out, inline_pieces


# An inline clause number: a decimal ("2.", "1.1") or "Section/Article/Clause N" after a space.
INLINE_MIN_LINE = 200
_INLINE_CANDIDATE = re.compile(
    r"(?<=\s)(?:\d{1,3}(?:\.\d{1,3})*\.?(?=\s)|(?i:section|article|clause)\s+(?:\d|[IVXLC]+\b))"
)
# "2) Term. …" inside running text, considered only for documents with no other numbering.
_INLINE_BRACKET = re.compile(r"(?<=\s)\d{1,2}\)(?=\s)")
_SENTENCE_END_CHARS = frozenset(".:;!?)]\"”'’")
_CURRENCY_WORDS = frozenset(["USD", "EUR", "GBP", "RMB", "CNY", "JPY", "CHF", "CAD", "AUD", "HKD", "US"])
_NUMBER_OPENERS = "\"“'‘[("


def _inline_splits(line: str, *, relaxed: bool = False) -> list[int]:
    """Offsets in a long ``line`` where a clause number opens a new sentence or follows a heading.

    Guards against false splits: the number must follow a sentence end (``. : ; ) ]`` or a closing
    quote), an upper-case heading word ("DEFINITIONS 1.1"), or a lone page number; it must read as
    an absolute clause number (not "(i)" list items, not a bare "20 August"); and the text after it
    must open like a clause (a capital, a quote or a bracket), which rules out "USD 1.5 million",
    "Section 5 shall survive" and most numbers inside sentences. Whether a split becomes a clause
    is then decided by the numbering sequence, as for any line.

    With ``relaxed`` a bracketed number ("2) Term") is a candidate too; "Section 2(1)", "five (5)"
    and "13d-1(k)" never are (no space before the number), and the segmenter accepts such a split
    only as the next top-level number of a document with no other numbering.
    """
    splits: list[int] = []
    candidates = [m.start() for m in _INLINE_CANDIDATE.finditer(line)]
    if relaxed:
        candidates = sorted([*candidates, *(m.start() for m in _INLINE_BRACKET.finditer(line))])
    for at in candidates:
        if not _opens_sentence(line, at):
            continue
        marker = read_marker(line[at : at + 120])
        if marker is None or marker.bare:
            continue
        if not any(r.family == ABSOLUTE or (relaxed and r.style == "bracket:num") for r in marker.readings):
            continue
        rest = marker.rest
        if not rest.strip() and marker.raw[:1].isalpha():
            # "… EXCLUDED. ARTICLE 9" ending the line: a keyword heading whose title is on the
            # next line ("INDEMNIFICATION 9.1 …"); a citation ("under Article 9") never follows a
            # sentence end.
            splits.append(at)
            continue
        if not rest or not (rest[0].isupper() or rest[0] in _NUMBER_OPENERS):
            continue
        splits.append(at)
    return splits


def _opens_sentence(line: str, at: int) -> bool:
    before = line[max(0, at - 60) : at].rstrip()
    if not before:
        return True
    if before[-1] in _SENTENCE_END_CHARS:
        return True
    word = before.rsplit(None, 1)[-1]
    if word.isdigit() and len(word) <= 3 and at <= 60 and before.split() == [word]:
        return True  # a page number glued to the start of the line
    letters = [c for c in word if c.isalpha()]
    # "DEFINITIONS 1.1" opens a clause; "… UNDER ARTICLE 7 OR ARTICLE 10 (…)" in a shouted
    # sentence does not: a small word is never a heading's last word.
    heading_word = word not in _CURRENCY_WORDS and word.lower() not in SMALL_WORDS
    return len(letters) >= 2 and all(c.isupper() for c in letters) and heading_word
