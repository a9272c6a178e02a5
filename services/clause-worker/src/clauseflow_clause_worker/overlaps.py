"""One clause, one coherent text: redlines of a clause whose spans overlap never reach the reviewer as two.

Two risks in one sentence often give two drafts quoting the same words. Exported as they are,
they would be conflicting revisions (the second deletes words the first already replaced), and
approving both would apply neither cleanly. So, in the order the drafts came:

1. each pair of overlapping redlines is first narrowed to the words each really changes (its
   minimal span, widened until it occurs once in the clause); if those spans are apart, both
   stand, each approvable on its own;
2. otherwise they are merged into one redline over the union of their spans, by the routine the
   Word export layers revisions with (:mod:`clauseflow_documents.layering`): a draft written on
   top of the other (its proposal already holds the other's change) is taken as the merge; else
   the second change is applied to the text the first produced when its words are still there;
   else (the drafter could not be asked again) the second proposal follows the first.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from clauseflow_contracts.review import Redline
from clauseflow_documents.layering import change_of, changed_text, layered
from clauseflow_documents.layering import clash as words_clash
from clauseflow_platform.logging import get_logger

log = get_logger(__name__)


@dataclass(frozen=True)
class Placed:
    """A redline and where its original text lies in the clause."""

    redline: Redline
    start: int
    end: int

    def overlaps(self, other: Placed) -> bool:
        """Whether the two spans share a character (touching spans do not overlap)."""
        return self.start < other.end and other.start < self.end


def _boundary_left(text: str, i: int) -> int:
    while i > 0 and re.match(r"\w", text[i - 1]) and not _cjk(text[i - 1]):
        i -= 1
    return i


def _boundary_right(text: str, i: int) -> int:
    while i < len(text) and re.match(r"\w", text[i]) and not _cjk(text[i]):
        i += 1
    return i


def _cjk(ch: str) -> bool:
    return "\u3400" <= ch <= "\u9fff"


def _common_prefix(a: str, b: str) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def narrowed(placed: Placed, clause_text: str) -> Placed:
    """The redline cut down to the words it changes, widened until its original occurs once in the clause."""
    r = placed.redline
    orig, prop = r.original_text, r.proposed_text
    head = _common_prefix(orig, prop)
    tail = _common_prefix(orig[head:][::-1], prop[head:][::-1])
    start = _boundary_left(clause_text, placed.start + head)
    end = _boundary_right(clause_text, placed.end - tail)
    while True:
        if end <= start:  # a pure insertion: anchor it on the word before (or after)
            start = _boundary_left(clause_text, max(placed.start, start - 1))
            end = max(end, start + 1)
        piece = clause_text[start:end]
        if piece.strip() and clause_text.count(piece) == 1:
            break
        if start <= placed.start and end >= placed.end:
            return placed  # the whole quote is needed to say where the change goes
        start = _boundary_left(clause_text, max(placed.start, start - 1))
        end = _boundary_right(clause_text, min(placed.end, end + 1))
    lead, trail = start - placed.start, placed.end - end
    proposed = prop[lead : len(prop) - trail if trail else len(prop)]
    return Placed(
        r.model_copy(update={"original_text": clause_text[start:end], "proposed_text": proposed}), start, end
    )


def _composed(first: Placed, second: Placed, clause_text: str) -> str | None:
    """The text of the union of both spans making both changes, or None when the two cannot be composed.

    The Word export's rule too (:mod:`clauseflow_documents.layering`): one drafted on top of the
    other (its proposal already holds the other's change) is the merge, else the second's change
    is made on the text the first produced while its words are still there.
    """
    one = change_of(clause_text, first.start, first.end, first.redline.proposed_text)
    two = change_of(clause_text, second.start, second.end, second.redline.proposed_text)
    merged = layered(one, two, clause_text)
    return changed_text(merged, clause_text) if merged is not None else None


def _merge(first: Placed, second: Placed, clause_text: str) -> Placed:
    """One redline doing what both do, over the union of their spans."""
    start, end = min(first.start, second.start), max(first.end, second.end)
    text = _composed(first, second, clause_text)
    if text is None:
        # Last resort (the drafter could not be asked again): the second proposal follows the first.
        a = clause_text[start : first.start] + first.redline.proposed_text + clause_text[first.end : end]
        joiner = "" if re.search(r"[\u3400-\u9fff]$", a.rstrip()) else " "
        text = a.rstrip() + joiner + second.redline.proposed_text.strip()
    reasons = [first.redline.reason.strip(), second.redline.reason.strip()]
    merged = first.redline.model_copy(
        update={
            "original_text": clause_text[start:end],
            "proposed_text": text,
            "reason": " ".join(dict.fromkeys(r for r in reasons if r)),
        }
    )
    log.info("redline.merged", kept=first.redline.id, merged=second.redline.id)
    return Placed(merged, start, end)


def _placed(redline: Redline, clause_text: str) -> Placed | None:
    at = clause_text.find(redline.original_text) if redline.original_text else -1
    return Placed(redline, at, at + len(redline.original_text)) if at >= 0 else None


def clash(earlier: Sequence[Redline], redline: Redline, clause_text: str) -> tuple[Redline, str] | None:
    """An earlier redline ``redline`` conflicts with beyond repair, and the span one redline for both covers.

    A conflict is repaired when the two can be narrowed apart or composed (see :func:`_composed`);
    otherwise the drafter is asked for one redline over the union of the two spans.
    """
    current = _placed(redline, clause_text)
    if current is None:
        return None
    for other in earlier:
        placed = _placed(other, clause_text)
        if placed is None or not placed.overlaps(current):
            continue
        if not narrowed(placed, clause_text).overlaps(narrowed(current, clause_text)):
            continue
        if _composed(placed, current, clause_text) is not None:
            continue
        union = clause_text[min(placed.start, current.start) : max(placed.end, current.end)]
        return other, union
    return None


def settle_overlaps(redlines: Sequence[Redline], clause_text: str) -> list[Redline]:
    """The clause's redlines with no two spans overlapping (see the module's docstring)."""
    placed: list[Placed] = []
    unplaced: list[Redline] = []
    for redline in redlines:
        at = clause_text.find(redline.original_text) if redline.original_text else -1
        if at < 0:
            unplaced.append(redline)  # an insertion without anchor or a quote from a sub-clause
            continue
        current = Placed(redline, at, at + len(redline.original_text))
        merged = False
        for index, earlier in enumerate(placed):
            if not earlier.overlaps(current):
                continue
            small_earlier, small_current = narrowed(earlier, clause_text), narrowed(current, clause_text)
            others = [p for i, p in enumerate(placed) if i != index]
            if not small_earlier.overlaps(small_current) and not any(
                p.overlaps(small_current) or p.overlaps(small_earlier) for p in others
            ):
                placed[index], current = small_earlier, small_current
                continue
            placed[index] = _merge(earlier, current, clause_text)
            merged = True
            break
        if not merged:
            placed.append(current)
    return [p.redline for p in placed] + unplaced


def on_top_of(standing: Sequence[Redline], redlines: Sequence[Redline], clause_text: str) -> list[Redline]:
    """``redlines`` each drafted on top of the ``standing`` redlines (other tasks') whose words it changes.

    A standing redline is already with the reviewer and is not changed here. A new redline that
    changes words it also changes becomes one redline over both spans making both changes (the
    layered text, :mod:`clauseflow_documents.layering`), so approving it alone or both gives one
    coherent text; one that only shares the span is narrowed to its own words where it can be.
    What cannot be layered is left as drafted: the export shows it as a comment, never as a
    conflicting revision.
    """
    anchored = [p for p in (_placed(s, clause_text) for s in standing) if p is not None]
    out: list[Redline] = []
    for redline in redlines:
        current = _placed(redline, clause_text)
        if current is None:
            out.append(redline)  # an insertion without anchor or a quote from a sub-clause
            continue
        for base in anchored:
            if not base.overlaps(current):
                continue
            mine = change_of(clause_text, current.start, current.end, current.redline.proposed_text)
            theirs = change_of(clause_text, base.start, base.end, base.redline.proposed_text)
            if not words_clash(theirs, mine):
                small = narrowed(current, clause_text)
                current = small if not small.overlaps(base) else current
                continue
            merged = layered(theirs, mine, clause_text)
            if merged is None:
                continue
            update = {
                "original_text": clause_text[merged.start : merged.end],
                "proposed_text": changed_text(merged, clause_text),
            }
            current = Placed(current.redline.model_copy(update=update), merged.start, merged.end)
            log.info("redline.drafted_on_top", redline_id=redline.id, standing=base.redline.id)
        out.append(current.redline)
    return out


def conflicting_pairs(redlines: Sequence[Redline], clause_text: str) -> int:
    """How many pairs of a clause's redlines overlap in the clause (0 for a coherent set)."""
    spans = []
    for r in redlines:
        at = clause_text.find(r.original_text) if r.original_text else -1
        if at >= 0:
            spans.append(Placed(r, at, at + len(r.original_text)))
    return sum(1 for i, a in enumerate(spans) for b in spans[i + 1 :] if a.overlaps(b))
