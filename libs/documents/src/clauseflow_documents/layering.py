"""One clause, one coherent text: redlines changing the same words become one change, never two.

The one overlap routine of the project: the clause worker settles the redlines it drafts for a
clause with it, and the gateway's Word export the redlines of a report (several tasks, a redraft
after a rejection) before they become tracked changes.

Two redlines of one sentence conflict only when their changed words overlap (word-level changes,
:mod:`clauseflow_documents.word_diff`); redlines changing different words of it stand side by
side. When the changed words do overlap, the two are layered into one change over the union of
their quotes:

* a redline drafted on top of the other (its text already holds the other's change) is the
  change, the other's change being part of it;
* else the later change is made on the text the earlier produced, when the words it changes
  are still there (found once);
* else they cannot be one text (:func:`layered` answers None) and the caller decides: the worker
  asks the drafter again, the export shows the later as a comment only.

Offsets are in whatever text the caller gives (the clause's text, the body's squashed text).
"""

from __future__ import annotations

from dataclasses import dataclass

from clauseflow_documents.word_diff import Hunk, apply_hunks, word_hunks

# How much text before a pure insertion anchors it in the other redline's result (longest first).
_ANCHORS = (32, 16, 8)


@dataclass(frozen=True)
class Change:
    """One redline's changes: the span of its quote and its word-level hunks (absolute offsets)."""

    start: int
    end: int
    hunks: tuple[Hunk, ...]


def change_of(text: str, start: int, end: int, proposed: str) -> Change:
    """The change that replaces ``text[start:end]`` with ``proposed``, as word-level hunks."""
    hunks = tuple(Hunk(start + h.start, start + h.end, h.text) for h in word_hunks(text[start:end], proposed))
    return Change(start, end, hunks)


def changed_text(change: Change, text: str) -> str:
    """What ``text[change.start:change.end]`` reads once ``change`` is made."""
    return apply_hunks(text[change.start : change.end], _relative(change, change.start))


def _touch(a: Hunk, b: Hunk) -> bool:
    """Whether two hunks change the same words (two insertions at one point count as one place)."""
    if a.start == a.end and b.start == b.end:
        return a.start == b.start
    if a.start == a.end:
        return b.start < a.start < b.end
    if b.start == b.end:
        return a.start < b.start < a.end
    return a.start < b.end and b.start < a.end


def clash(a: Change, b: Change) -> bool:
    """Whether two redlines change overlapping words (then they cannot be two revisions)."""
    return any(_touch(x, y) for x in a.hunks for y in b.hunks)


def _relative(change: Change, start: int) -> list[Hunk]:
    return [Hunk(h.start - start, h.end - start, h.text) for h in change.hunks]


def _holds(result: str, source: str, change: list[Hunk]) -> bool:
    """Whether ``result`` already holds ``change`` of ``source``: its new words in, its struck words out."""
    for h in change:
        if h.text.strip() and h.text.strip() not in result:
            return False
        struck = source[h.start : h.end].strip()
        if not h.text.strip() and struck and struck in result:
            return False
    return True


def _on(result: str, source: str, change: list[Hunk]) -> str | None:
    """``change`` of ``source`` made on ``result`` (the other redline's text); None if its words are gone."""
    text = result
    for h in sorted(change, key=lambda x: -x.start):
        if h.start == h.end:
            # the words just before the insertion, as few as still say where it goes
            anchors = (source[max(0, h.start - n) : h.start] for n in _ANCHORS)
            anchor = next((a for a in anchors if a.strip() and text.count(a) == 1), None)
            if anchor is None:
                return None
            at = text.index(anchor) + len(anchor)
            text = text[:at] + h.text + text[at:]
            continue
        struck = source[h.start : h.end]
        if text.count(struck) != 1:
            return None
        text = text.replace(struck, h.text, 1)
    return text


def layered(first: Change, second: Change, text: str) -> Change | None:
    """One change doing what both do over the union of their quotes, or None when they cannot be one text."""
    start, end = min(first.start, second.start), max(first.end, second.end)
    source = text[start:end]
    a, b = _relative(first, start), _relative(second, start)
    after_a, after_b = apply_hunks(source, a), apply_hunks(source, b)
    if _holds(after_b, source, a):
        merged: str | None = after_b  # the second was drafted on top of the first
    elif _holds(after_a, source, b):
        merged = after_a
    else:
        merged = _on(after_a, source, b)
    if merged is None:
        return None
    hunks = tuple(Hunk(h.start + start, h.end + start, h.text) for h in word_hunks(source, merged))
    return Change(start, end, hunks)


__all__ = ["Change", "change_of", "changed_text", "clash", "layered"]
