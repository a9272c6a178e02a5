"""The text of a Word body as the reader sees it, and where each character lives in the XML.

Each paragraph's text is the text of its live runs (runs already deleted in the source are not
text); paragraphs are joined by ``\\n``. Quotes are found whitespace-insensitively and with
straight and curly quotes taken as equal, since a finding quotes the contract as parsed, not as
typed.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from lxml import etree

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def w(tag: str) -> str:
    """The Clark name of a WordprocessingML element or attribute."""
    return f"{{{W_NS}}}{tag}"


_P, _R, _T = w("p"), w("r"), w("t")
_SKIP_ANCESTORS = {w("del"), w("moveFrom"), w("txbxContent")}
_FOLD = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"', "\u00a0": " "})
_SPACE = re.compile(r"\s+")
# A clause number a quote may start with while Word draws it from list numbering (not in the runs).
_LEADING_NUMBER = re.compile(
    r"^\s*(?:第[一二三四五六七八九十百零〇\d]+[条章款]|\d+(?:\.\d+)*\.?|[一二三四五六七八九十]+、"
    r"|[(（][a-zA-Z\d一二三四五六七八九十ivx]+[)）])\s*"
)


def child_text(child: etree._Element) -> str:
    """The characters one child of a run contributes to the paragraph's text."""
    tag = child.tag
    if tag == _T:
        return child.text or ""
    if tag == w("tab"):
        return "\t"
    if tag in (w("br"), w("cr")):
        return " "
    if tag == w("noBreakHyphen"):
        return "-"
    return ""


def run_text(r: etree._Element) -> str:
    """The text of a run."""
    return "".join(child_text(c) for c in r)


@dataclass
class Paragraph:
    """One paragraph: its element, its live runs and where its text starts in the body text."""

    element: etree._Element
    offset: int
    runs: list[etree._Element] = field(default_factory=list)
    length: int = 0

    @property
    def text(self) -> str:
        return "".join(run_text(r) for r in self.runs)


def live_runs(p: etree._Element) -> list[etree._Element]:
    """The runs of ``p`` whose text is shown (not in a deletion, not in a nested text box)."""
    out = []
    for r in p.iter(_R):
        parent = r.getparent()
        keep = True
        while parent is not None and parent is not p:
            if parent.tag in _SKIP_ANCESTORS or parent.tag == _P:
                keep = False
                break
            parent = parent.getparent()
        if keep:
            out.append(r)
    return out


class BodyText:
    """The paragraphs of a body in reading order, their joined text and a quote finder."""

    def __init__(self, body: etree._Element) -> None:
        self.paragraphs: list[Paragraph] = []
        texts: list[str] = []
        offset = 0
        for p in _paragraphs(body):
            para = Paragraph(p, offset, live_runs(p))
            text = para.text
            para.length = len(text)
            self.paragraphs.append(para)
            texts.append(text)
            offset += len(text) + 1
        self.text = "\n".join(texts)
        self._starts = [p.offset for p in self.paragraphs]
        squashed, self._to_text = squash(self.text)
        self.squashed = squashed
        self._folded = squashed.translate(_FOLD)

    def find(self, quote: str, *, after: int = 0) -> tuple[int, int] | None:
        """The squashed-text span ``[start, end)`` of ``quote`` (first at or after ``after``, else first)."""
        needle = _SPACE.sub(" ", quote).strip().translate(_FOLD)
        for candidate in dict.fromkeys((needle, _LEADING_NUMBER.sub("", needle, count=1))):
            if not candidate:
                continue
            at = self._folded.find(candidate, after)
            if at < 0 and after:
                at = self._folded.find(candidate)
            if at >= 0:
                return at, at + len(candidate)
        return None

    def text_range(self, start: int, end: int) -> tuple[int, int]:
        """The body-text span of the squashed span ``[start, end)``."""
        if start >= len(self._to_text):
            return len(self.text), len(self.text)
        if end <= start:
            at = self._to_text[start]
            return at, at
        return self._to_text[start], self._to_text[end - 1] + 1

    def split(self, start: int, end: int) -> Iterator[tuple[int, int, int]]:
        """``(paragraph index, start, end)`` pieces of a body-text span, in paragraph offsets.

        The ``\n`` between two paragraphs belongs to neither: a change never joins paragraphs.
        """
        if start == end:
            i, at = self.position(start)
            yield i, at, at
            return
        first = max(0, bisect.bisect_right(self._starts, start) - 1)
        for i in range(first, len(self.paragraphs)):
            para = self.paragraphs[i]
            if para.offset >= end:
                break
            lo, hi = max(start, para.offset), min(end, para.offset + para.length)
            if lo < hi:
                yield i, lo - para.offset, hi - para.offset

    def position(self, at: int) -> tuple[int, int]:
        """``(paragraph index, offset)`` of a body-text position (a separator counts as the next start)."""
        i = max(0, bisect.bisect_right(self._starts, at) - 1)
        para = self.paragraphs[i]
        return i, at - para.offset


def leading_number(text: str) -> str:
    """The clause number ``text`` starts with ("4.2 ", "第五条 "), or ""."""
    m = _LEADING_NUMBER.match(text)
    return m.group(0) if m else ""


class SquashedOffsets:
    """Where each character of a squashed text was in the text: ``offsets[k]`` is its index there.

    Kept as the few places where the shift grows (after each run of two or more whitespace
    characters), not one index per character: building a list as long as a contract was most of
    reading its body.
    """

    def __init__(self, text: str) -> None:
        self._length = len(text)
        self._starts: list[int] = [0]  # squashed offsets where a new shift begins
        self._shifts: list[int] = [0]
        shift = 0
        for m in _SPACE.finditer(text):
            extra = m.end() - m.start() - 1
            if extra:
                shift += extra
                self._starts.append(m.start() - (shift - extra) + 1)
                self._shifts.append(shift)
        self._squashed_length = self._length - shift

    def __len__(self) -> int:
        return self._squashed_length

    def __getitem__(self, k: int) -> int:
        if not 0 <= k < self._squashed_length:
            raise IndexError(k)
        return k + self._shifts[bisect.bisect_right(self._starts, k) - 1]


def squash(text: str) -> tuple[str, SquashedOffsets]:
    """``text`` with every run of whitespace made one space, and each kept character's index."""
    return _SPACE.sub(" ", text), SquashedOffsets(text)


def _paragraphs(body: etree._Element) -> Iterator[etree._Element]:
    for p in body.iter(_P):
        parent = p.getparent()
        nested = False
        while parent is not None and parent is not body:
            if parent.tag == w("txbxContent") or parent.tag == _P:
                nested = True
                break
            parent = parent.getparent()
        if not nested:
            yield p
