"""The word-level difference between a clause's text and a redline's text (the worker's and the export's).

A lawyer reads a tracked change as "these words out, those words in"; a redline that turns
"120 days" into "30 days" must show ``120`` struck and ``30`` inserted, not the whole sentence.
Words are compared as tokens (Latin words and numbers whole, each Chinese character on its own,
punctuation and spaces apart) and changes separated only by a space are read as one change.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import SequenceMatcher

_TOKEN = re.compile(
    r"[A-Za-z0-9\u00c0-\u024f]+(?:[.,'’\-/][A-Za-z0-9\u00c0-\u024f]+)*"  # words, 1,000.00, 2-year
    r"|\s+"
    r"|."
)
# Chinese text has no spaces: two changes one or two characters apart read better as one.
_CJK_GAP = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]{1,2}")


@dataclass(frozen=True)
class Hunk:
    """Replace ``original[start:end]`` with ``text`` (``start == end``: a pure insertion)."""

    start: int
    end: int
    text: str


def tokens(text: str) -> list[str]:
    """``text`` cut into the units a change is shown in."""
    return _TOKEN.findall(text)


def word_hunks(original: str, proposed: str) -> list[Hunk]:
    """The changed spans of ``original`` that turn it into ``proposed``, in order, not overlapping."""
    a, b = tokens(original), tokens(proposed)
    a_pos = _offsets(a)
    b_pos = _offsets(b)
    # The words both keep at the start and the end are not compared: a redline changes a few words
    # of a long quote, and the matcher's cost grows with the square of what it compares.
    head = 0
    while head < min(len(a), len(b)) and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < min(len(a), len(b)) - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    middle = SequenceMatcher(None, a[head : len(a) - tail], b[head : len(b) - tail], autojunk=False)
    raw: list[tuple[int, int, int, int]] = []  # token ranges a[i1:i2] -> b[j1:j2]
    for op, i1, i2, j1, j2 in middle.get_opcodes():
        i1, i2, j1, j2 = i1 + head, i2 + head, j1 + head, j2 + head
        if op == "equal":
            continue
        if raw and _bridgeable(a[raw[-1][1] : i1]):
            raw[-1] = (raw[-1][0], i2, raw[-1][2], j2)
        else:
            raw.append((i1, i2, j1, j2))
    return [Hunk(a_pos[i1], a_pos[i2], proposed[b_pos[j1] : b_pos[j2]]) for i1, i2, j1, j2 in raw]


def apply_hunks(original: str, hunks: list[Hunk]) -> str:
    """``original`` with ``hunks`` applied (the inverse check of :func:`word_hunks`)."""
    out, at = [], 0
    for h in hunks:
        out += [original[at : h.start], h.text]
        at = h.end
    return "".join([*out, original[at:]])


def _offsets(toks: list[str]) -> list[int]:
    pos = [0]
    for t in toks:
        pos.append(pos[-1] + len(t))
    return pos


def _bridgeable(gap: list[str]) -> bool:
    """Whether the unchanged tokens between two changes are too little to stand alone."""
    text = "".join(gap)
    return not text.strip() or bool(_CJK_GAP.fullmatch(text))
