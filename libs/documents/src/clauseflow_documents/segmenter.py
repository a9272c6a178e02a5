"""Normalised text to a clause tree, by following the document's own numbering.

Every line that opens with a number is a *candidate*; it becomes a clause only if it continues
the numbering in force (the next sibling of an open clause, the first child of the current clause,
or a decimal child such as ``4.2`` of an open ``4``). That sequence check is what keeps wrapped
lines ("2.5 million …"), lists restarting inside a clause and quoted text from becoming clauses.
Lines are examined once and the open-clause stack is shallow, so the work is linear in the text.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from clauseflow_contracts.errors import DocumentTooLarge

from clauseflow_documents.accepted_clauses import AcceptedClause, clause_ends
from clauseflow_documents.clause_titles import (
    MARKDOWN_PREFIX,
    PROVISIONAL_TITLE,
    clause_title,
    clean_heading,
    heading_like,
)
from clauseflow_documents.contents import is_contents_line
from clauseflow_documents.incorporation import amends_general_conditions
from clauseflow_documents.inline_enumerations import fold_inline_enumerations
from clauseflow_documents.model import Clause
from clauseflow_documents.numbering import (
    ABSOLUTE,
    CONTAINER,
    GROUPING,
    RELATIVE,
    Marker,
    Reading,
    read_marker,
)
from clauseflow_documents.numerals import ENGLISH_SMALL_NUMBERS, ENGLISH_TENS
from clauseflow_documents.segment_lines import INLINE_MIN_LINE, iter_lines

MAX_DEPTH = 32
MAX_CLAUSES = 100_000
PREAMBLE_ID = "Preamble"
# A bare number ("2   Scope") is a heading only when its title follows within a tab stop or two.
_BARE_MAX_GAP = 16


@dataclass(slots=True)
class _Open:
    """A clause on the open-clause stack."""

    index: int  # index into the accepted list
    reading: Reading
    clause_id: str


@dataclass(slots=True)
class Segmentation:
    """The clauses found, in document order, and warnings for the reader."""

    clauses: list[Clause]
    warnings: list[str]


def segment(text: str, *, language: str = "en", sub_clauses_may_skip: bool = False) -> Segmentation:
    """Split normalised ``text`` into a clause tree (see the parser module for the id scheme).

    ``sub_clauses_may_skip``: the text is General Conditions merged with their Particular
    Conditions, whose added sub-clauses ("3.7 The Engineer shall …" after "3.3") skip numbers and
    need not open with a heading, as in Particular Conditions read alone.
    """
    accepted = _find_clauses(text, language, amending=sub_clauses_may_skip)
    flattened = _looks_flattened(text, accepted)
    if flattened:
        # Few numbered lines for the amount of text: the clauses probably run on inside long lines.
        inline = _find_clauses(text, language, inline=True, amending=sub_clauses_may_skip)
        if len(inline) > len(accepted):
            accepted = inline
    if len(accepted) < _MIN_STRICT_CLAUSES:
        # No numbering of the usual top-level kinds: the document may be numbered "1)", "(1)" or
        # "A." throughout. Those styles normally number lists inside a clause, so they may open the
        # document only when nothing else numbers it.
        relaxed = _find_clauses(text, language, inline=flattened, relaxed=True, amending=sub_clauses_may_skip)
        if len(relaxed) >= _MIN_STRICT_CLAUSES and len(relaxed) > len(accepted):
            accepted = relaxed
    warnings: list[str] = []
    if len(accepted) < 2:
        return _paragraph_chunks(text, warnings)
    clauses = _build_clauses(text, fold_inline_enumerations(text, accepted), warnings)
    return Segmentation(clauses, warnings)


def _looks_flattened(text: str, accepted: list[AcceptedClause]) -> bool:
    """Whether the document reads as run-on text: much of it in very long lines, few clauses found."""
    long_chars = sum(len(line) for line in text.split("\n") if len(line) > INLINE_MIN_LINE)
    if long_chars < len(text) * 0.3:
        return False
    return len(accepted) < 2 or len(text) / len(accepted) > _FLAT_CHARS_PER_CLAUSE


_FLAT_CHARS_PER_CLAUSE = 1500
# Below this many clauses the usual numbering was not found and list styles may number the document.
_MIN_STRICT_CLAUSES = 3
# List styles that may number a whole document that has no other numbering; (style, needs a heading).
_RELAXED_TOP_STYLES = {
    "bracket:num": False,
    "paren:num": True,
    "dot:alpha-upper": True,
    "paren:alpha-upper": True,
}


# The end of a line that stops mid-sentence: a lower-case word or a comma, no closing punctuation.
_OPEN_SENTENCE_END = re.compile(r"(?:\b[a-z][a-z'’-]*|,)[ \t]*$")


def _continues_a_sentence(text: str, at: int) -> bool:
    """Whether the line starting at ``at`` continues the sentence of the line right above it."""
    previous_end = text.rfind("\n", 0, at)
    if previous_end <= 0:
        return False
    previous = text[text.rfind("\n", 0, previous_end) + 1 : previous_end]
    return bool(previous.strip()) and _OPEN_SENTENCE_END.search(previous) is not None


def _find_clauses(
    text: str, language: str, *, inline: bool = False, relaxed: bool = False, amending: bool = False
) -> list[AcceptedClause]:
    lines, inline_pieces = iter_lines(text, inline=inline, relaxed=relaxed)
    accepted: list[AcceptedClause] = []
    stack: list[_Open] = []
    last_value: dict[str, int] = {}  # last accepted value per style, across groupings
    namespace = ""  # container prefix, e.g. "Schedule 1"
    used_ids: dict[str, int] = {}
    quantities = _quantity_lines(lines)
    amending = amending or amends_general_conditions(text)
    for line_no, (line_start, line) in enumerate(lines):
        stripped = line.lstrip(" \t　")
        if not stripped:
            continue
        md = MARKDOWN_PREFIX.match(stripped)
        lead = len(line) - len(stripped)
        if md:
            stripped = stripped[md.end() :]
        marker = read_marker(stripped)
        if marker is None or is_contents_line(line):
            continue
        heading = heading_like(marker.rest, language)
        if marker.bare and (line_no in quantities or not (heading and marker.rest.strip())):
            continue
        if marker.bare and marker.rest_offset - len(marker.raw) > _BARE_MAX_GAP:
            # "1" far to the left of "EXHIBIT 10.26": a page number in a running header.
            continue
        if _restates_spelled_number(text, line_start + lead, marker):
            continue
        is_inline = line_no in inline_pieces
        titled = bool(clean_heading(marker.rest))
        readings = marker.readings
        if is_inline:
            readings = tuple(r for r in readings if _inline_reading(r, stack, relaxed=relaxed))
        # Particular Conditions amend only some sub-clauses of the General Conditions ("4.2 …",
        # "4.12 Sub-Clause 4.12 is deleted and replaced by …", "8.8 …"): a sub-clause number that
        # opens a line and a sentence may skip, as a heading may elsewhere.
        # (a Part of sub-clauses alone is read the same way)
        excerpt = amending or _in_decimal_part(stack)
        skips = heading or (
            excerpt
            and not is_inline
            and any(r.style.startswith("dec:") and len(r.parts) >= 2 for r in readings)
            and _OPENS_A_PROVISION.match(marker.rest.strip()) is not None
        )
        placed = _place(
            stack,
            readings,
            skips,
            last_value,
            relaxed=relaxed,
            titled=titled,
            amending=excerpt,
        )
        if is_inline and placed is not None and not _next_in_sequence(stack, *placed, heading=heading):
            continue
        if placed is None:
            restart = _after_recitals(text, accepted, marker) or (
                not is_inline and _is_restart(text, accepted, stack, marker, line_start + lead)
            )
            if restart:
                # What came before was a table of contents: start again at the real clause 1.
                accepted.clear()
                stack.clear()
                last_value.clear()
                used_ids.clear()
                namespace = ""
                placed = _place(stack, readings, heading, last_value, relaxed=relaxed, titled=titled)
            if placed is None:
                continue
        reading, parent_pos = placed
        if reading.family == CONTAINER and (
            not heading or not accepted or _continues_a_sentence(text, line_start + lead)
        ):
            # A schedule follows the clauses; an "Exhibit 10.16" above them labels the filing; and
            # "… the fees set out in\nSchedule 1. …" is a reference a PDF's line wrap put first.
            continue
        del stack[parent_pos + 1 :]
        if reading.family == CONTAINER:
            stack.clear()
            parent_pos = -1
        parent = stack[-1] if stack else None
        if reading.family == CONTAINER:
            clause_id = f"{reading.keyword} {reading.label}"
            namespace = clause_id
        else:
            clause_id = _make_id(reading, parent, accepted, namespace)
        if clause_id in used_ids:
            used_ids[clause_id] += 1
            clause_id = f"{clause_id}#{used_ids[clause_id]}"
        else:
            used_ids[clause_id] = 1
        level = len(stack) + 1
        if level > MAX_DEPTH:
            raise DocumentTooLarge(
                f"Clause numbering is nested more than {MAX_DEPTH} levels deep (at {marker.raw[:40]!r}); "
                "this is not a contract structure we can read. Check the document's numbering."
            )
        if len(accepted) >= MAX_CLAUSES:
            raise DocumentTooLarge(
                f"The document has more than {MAX_CLAUSES} numbered clauses; split it and retry."
            )
        start = line_start + lead
        item = AcceptedClause(
            clause_id=clause_id,
            reading=reading,
            marker=marker,
            start=start,
            line_end=line_start + len(line),
            parent=parent.index if parent else None,
            level=level,
        )
        item.title = clause_title(marker, heading, lines, line_no, language)
        if parent is not None:
            accepted[parent.index].children.append(len(accepted))
        stack.append(_Open(len(accepted), reading, clause_id))
        last_value[reading.style] = reading.value
        accepted.append(item)
    return accepted


def _in_decimal_part(stack: list[_Open]) -> bool:
    """Whether the line falls in a Part numbered by sub-clauses alone.

    General Conditions printed after an agreement in one file ("第二部分 通用合同条款", then
    "1.1 词语定义。…", "1.3 …", "3.2 …") often reproduce only the sub-clauses, without the clause
    headings above them, and skip those they leave unchanged: read them as Particular Conditions are
    read. Only directly under the Part heading, or after a sub-clause opened there, so a Part with
    ordinary clause numbering ("Part 1", "1. Definitions", "1.1 …") keeps the strict reading.
    """
    if not stack:
        return False
    if stack[-1].reading.family == GROUPING:
        return True
    return (
        len(stack) >= 2
        and stack[-2].reading.family == GROUPING
        and stack[-1].reading.style.startswith("dec:")
        and len(stack[-1].reading.parts) >= 2
    )


# What a sub-clause of such a document opens with: a capitalised sentence or a sub-clause reference.
_OPENS_A_PROVISION = re.compile(r"(?:Sub-Clause\s|Clause\s|\[|[A-Z][a-z]|[\u4e00-\u9fff])")


def _quantity_lines(lines: list[tuple[int, str]]) -> set[int]:
    """Lines opening with a bare number that count things rather than number clauses.

    "1 Java Game / 1 Java Application / 5 MMS / 10 Wallpapers" on consecutive lines reads like
    "1 Scope / 2 Term" line by line, but bare clause numbers on consecutive lines (a heading
    list) go up one at a time; a run that repeats or skips numbers is a list of quantities.
    """
    out: set[int] = set()
    run: list[tuple[int, int]] = []  # (line index, value) of consecutive bare-number lines

    def close() -> None:
        values = [v for _, v in run]
        if len(run) >= 2 and any(b != a + 1 for a, b in itertools.pairwise(values)):
            out.update(i for i, _ in run)
        run.clear()

    for line_no, (_, line) in enumerate(lines):
        stripped = line.strip(" \t　")
        if not stripped:
            continue
        m = _BARE_LINE.match(stripped)
        if m is None:
            close()
            continue
        run.append((line_no, int(m.group(1))))
    close()
    return out


_BARE_LINE = re.compile(r"(\d{1,3})[ \t]+[A-Z]")
_NUMBER_WORDS = frozenset([*ENGLISH_SMALL_NUMBERS, *ENGLISH_TENS[2:], "hundred", "thousand", "million"])
_WORD_BEFORE = re.compile(r"([A-Za-z]+)[ \t\n]*$")


def _restates_spelled_number(text: str, start: int, marker: Marker) -> bool:
    """Whether a "(1)" only repeats the number word before it ("one (1) year", "thirty-\n(30) days").

    Justified or wrapped text can put such a figure after a run of spaces or at a line start,
    where it would otherwise read as a list item.
    """
    if marker.raw[:1] not in "(（" or not marker.raw[1:2].isdigit():
        return False
    m = _WORD_BEFORE.search(text[max(0, start - 40) : start])
    return m is not None and m.group(1).lower() in _NUMBER_WORDS


def _place(
    stack: list[_Open],
    readings: tuple[Reading, ...],
    heading: bool,
    last_value: dict[str, int],
    *,
    relaxed: bool = False,
    titled: bool = True,
    amending: bool = False,
) -> tuple[Reading, int] | None:
    """Where a candidate fits: (reading, index of its parent in the stack, -1 for top level)."""
    top = len(stack) - 1
    styles = {o.reading.style for o in stack}
    for r in readings:
        if r.family == CONTAINER:
            return (r, -1) if heading else None
    if top >= 0:
        for r in readings:
            if _continues(stack[top].reading, r, heading):
                return r, top - 1
        for r in readings:
            if r.style not in styles and _opens(
                stack[top].reading, r, heading, last_value, amending=amending
            ):
                return r, top
        for i in range(top - 1, -1, -1):
            for r in readings:
                if _continues(stack[i].reading, r, heading):
                    return r, i - 1
                if _is_decimal_child(stack[i].reading, r, heading) and stack[i + 1].reading.style != r.style:
                    return r, i
        for r in readings:
            # A Part or Chapter heading seen for the first time closes everything open.
            if r.family == GROUPING and heading and r.style not in styles and r.value == 1:
                return r, -1
        return None
    for r in readings:
        if _starts(r, heading, titled=titled) or (relaxed and _starts_relaxed(r, heading)):
            return r, -1
    return None


def _next_in_sequence(stack: list[_Open], reading: Reading, parent_pos: int, *, heading: bool) -> bool:
    """The stricter test for a number found inside a line: the next number, or a first 1.

    The line-start test tolerates skipped numbers; inside running text that tolerance would let
    any "3." after "1." split a sentence, so only a heading ("3. Assignment") may skip numbers
    (flattened PDFs glue some headings to running headers, where they cannot be seen).
    """
    sibling = stack[parent_pos + 1] if parent_pos + 1 < len(stack) else None
    if sibling is not None and sibling.reading.style == reading.style:
        gap = reading.value - sibling.reading.value
        return gap == 1 or (heading and 1 < gap <= 3)
    return reading.value == 1


def _continues(prev: Reading, r: Reading, heading: bool) -> bool:
    if prev.style != r.style or r.family == CONTAINER:
        return False
    if r.style.startswith("dec:") and prev.parts[:-1] != r.parts[:-1]:
        # Excerpts and Particular Conditions list only some sub-clauses ("4.2 Performance Security",
        # "8.8 Delay Damages", "14.7 Payment"): a titled heading may move on to a later clause.
        return heading and len(prev.parts) == len(r.parts) and prev.parts < r.parts <= (prev.parts[0] + 20,)
    gap = 2 if (r.family == RELATIVE or not heading) else 60
    return prev.value < r.value <= prev.value + gap


def _is_decimal_child(parent: Reading, r: Reading, heading: bool) -> bool:
    numbered = parent.family == ABSOLUTE or parent.style in ("zh:dun", "zh:numdun")
    if not r.style.startswith("dec:") or len(r.parts) < 2 or not numbered:
        return False
    if parent.parts != r.parts[:-1]:
        return False
    return r.value <= 3 or heading


def _opens(
    parent: Reading, r: Reading, heading: bool, last_value: dict[str, int], *, amending: bool = False
) -> bool:
    """Whether ``r`` can be the first child, in a new numbering style, of ``parent``."""
    if r.family == CONTAINER:
        return False
    if r.style.startswith("dec:") and len(r.parts) >= 2:
        # Particular Conditions under a Part heading ("PART B - SPECIAL PROVISIONS", then "1.11
        # Compliance with Laws", "4.12 …") amend sub-clauses without their clauses' headings.
        amended = amending and heading and parent.family in (GROUPING, CONTAINER)
        return amended or _is_decimal_child(parent, r, heading)
    if r.family == GROUPING:
        return parent.family == GROUPING and r.style == "zh:jie" and parent.style == "zh:chapter"
    if parent.family in (GROUPING, CONTAINER):
        if r.family == RELATIVE and r.style not in ("zh:dun", "zh:numdun"):
            return False
        previous = last_value.get(r.style)
        if previous is not None and previous < r.value <= previous + (60 if heading else 2):
            return True  # numbering continues across Parts/Chapters
        # An excerpt ("PART B - PERFORMANCE" then "4. Performance Guarantees") may open at any
        # article, as long as it is a heading and no article of this numbering came before.
        return r.value == 1 or (heading and (r.value <= 3 or previous is None))
    return r.value == 1


def _starts(r: Reading, heading: bool, *, titled: bool = True) -> bool:
    """Whether ``r`` can open the document's numbering.

    Numbering that opens past 1 needs a heading with words: a number alone on a line above the
    clauses ("10.23", "5.") is an exhibit number or a page label, not where the clauses begin.
    """
    if r.family == RELATIVE:
        return r.style in ("zh:dun", "zh:numdun") and r.value == 1
    if r.style.startswith("dec:") and len(r.parts) >= 2:
        return all(p <= 1 for p in r.parts) or (heading and titled)
    return r.value <= 1 or (heading and titled)


def _starts_relaxed(r: Reading, heading: bool) -> bool:
    """Whether a list style may open a document that has no other numbering ("1) Duties …")."""
    needs_heading = _RELAXED_TOP_STYLES.get(r.style)
    return needs_heading is not None and r.value == 1 and (heading or not needs_heading)


def _inline_reading(r: Reading, stack: list[_Open], *, relaxed: bool) -> bool:
    """Whether a reading found inside running text may count: an absolute clause number, or in a
    document numbered "1) … 2) …" the next top-level number (never a list inside a clause)."""
    if r.family == ABSOLUTE:
        return True
    if not relaxed or r.style != "bracket:num":
        return False
    return not stack or stack[0].reading.style == r.style


def _is_restart(
    text: str, accepted: list[AcceptedClause], stack: list[_Open], marker: Marker, start: int
) -> bool:
    """Whether the first clause number seen again ends a table of contents.

    Under a "Table of Contents" heading that is enough. Otherwise every entry so far must be a
    single short line, and either no entry but the last has sub-entries or the entries are packed
    as tightly as a contents list (a clause has a body; a contents entry is a line or two).
    """
    if not accepted or not stack:
        return False
    first = accepted[0].reading
    if not any(r.style == first.style and r.value == first.value for r in marker.readings):
        return False
    tops = [a for a in accepted if a.parent is None]
    if len(tops) < 3:
        return False
    if _TOC_HEADING.search(text[max(0, accepted[0].start - _TOC_HEADING_REACH) : accepted[0].start]):
        return True
    if not all(a.line_end - a.start < 120 for a in accepted):
        return False
    packed = (start - accepted[0].start) / len(accepted) < _TOC_CHARS_PER_ENTRY
    return packed or all(not a.children for a in tops[:-1])


_TOC_CHARS_PER_ENTRY = 100
_TOC_HEADING = re.compile(r"\b(?:TABLE OF CONTENTS|Table of Contents|CONTENTS|INDEX)\b|目\s*录")
_TOC_HEADING_REACH = 200


_RECITALS = re.compile(r"\b(?:WHEREAS|Whereas|RECITALS?|Recitals?|BACKGROUND|Background)\b")


def _after_recitals(text: str, accepted: list[AcceptedClause], marker: Marker) -> bool:
    """Whether numbering restarts at 1 after numbered recitals ("Whereas: 1. … 2. …", then "1. Scope").

    The recitals then belong to the preamble and the operative clauses are numbered afresh.
    """
    if not accepted or len(accepted) > 20 or any(a.parent is not None for a in accepted):
        return False
    first = accepted[0].reading
    if not any(r.style == first.style and r.value == first.value for r in marker.readings):
        return False
    lead_in = text[max(0, accepted[0].start - 300) : accepted[0].start]
    return _RECITALS.search(lead_in) is not None


def _make_id(reading: Reading, parent: _Open | None, accepted: list[AcceptedClause], namespace: str) -> str:
    prefix = f"{namespace}, paragraph " if namespace else ""
    numbered_parent = parent is not None and parent.reading.family in (ABSOLUTE, RELATIVE)
    if reading.family == GROUPING:
        if reading.style == "zh:jie" and parent is not None:
            return f"{parent.clause_id}, Section {reading.label}"
        return f"{reading.keyword} {reading.label}"
    if reading.family == ABSOLUTE:
        if numbered_parent and len(reading.parts) == 1 and parent is not None:
            # "1." inside "Article 5" is paragraph 5.1.
            return f"{parent.clause_id}.{reading.label}"
        return prefix + reading.label
    if not numbered_parent or parent is None:
        return prefix + reading.label
    if reading.style in ("zh:dun", "zh:numdun", "zh:kuan") and parent.clause_id[-1:].isdigit():
        return f"{parent.clause_id}.{reading.label}"
    return f"{parent.clause_id}({reading.label})"


def _build_clauses(text: str, accepted: list[AcceptedClause], warnings: list[str]) -> list[Clause]:
    clauses: list[Clause] = []
    ends = clause_ends(accepted, len(text))
    first_start = accepted[0].start
    preamble = text[:first_start].strip()
    if preamble:
        lead = len(text) - len(text.lstrip())
        end = len(text[:first_start].rstrip())
        clauses.append(
            Clause(clause_id=PREAMBLE_ID, title="", text=text[lead:end], level=1, start=lead, end=end)
        )
    for i, item in enumerate(accepted):
        end = item.start + len(text[item.start : ends[i]].rstrip())
        if item.title.startswith(PROVISIONAL_TITLE):
            item.title = item.title[1:] if item.children else ""
        clauses.append(
            Clause(
                clause_id=item.clause_id,
                title=item.title,
                text=text[item.start : end],
                level=item.level,
                parent_id=accepted[item.parent].clause_id if item.parent is not None else None,
                children=tuple(accepted[c].clause_id for c in item.children),
                start=item.start,
                end=end,
                number_raw=item.marker.raw,
            )
        )
    duplicates = sorted({a.clause_id.split("#")[0] for a in accepted if "#" in a.clause_id})
    if duplicates:
        warnings.append(
            "Some clause numbers occur more than once; later occurrences got ids with '#2', '#3': "
            + ", ".join(duplicates[:10])
        )
    return clauses


def _paragraph_chunks(text: str, warnings: list[str]) -> Segmentation:
    """The fallback when no numbering is found: one clause per paragraph (blank-line separated)."""
    blocks: list[tuple[int, int]] = []
    for m in re.finditer(r"\S(?:.|\n(?![ \t]*\n))*", text):
        blocks.append((m.start(), m.start() + len(m.group().rstrip())))
    if len(blocks) <= 1:
        # No blank lines: fall back to one clause per line.
        blocks = [
            (m.start(), m.start() + len(m.group().rstrip())) for m in re.finditer(r"[^\n]*\S[^\n]*", text)
        ]
        blocks = [(s + len(text[s:e]) - len(text[s:e].lstrip()), e) for s, e in blocks]
    clauses = [
        Clause(clause_id=f"P{i}", text=text[s:e], level=1, start=s, end=e, number_raw="")
        for i, (s, e) in enumerate(blocks, start=1)
    ]
    warnings.append(
        f"No clause numbering was found; the document was split into {len(clauses)} paragraph(s) "
        "with ids P1, P2, … Check that the document is a numbered contract."
    )
    return Segmentation(clauses, warnings)
