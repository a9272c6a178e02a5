"""Cutting runs where a revision or a comment starts or ends, keeping each piece's formatting.

A run is only ever cut at a boundary something needs; both pieces carry a copy of the original
run properties (``w:rPr``), so the document looks the same until a change is shown.
"""

from __future__ import annotations

from copy import deepcopy
from dataclasses import dataclass

from lxml import etree

from clauseflow_gateway.wordexport.text_map import child_text, run_text, w

_XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"


@dataclass(frozen=True)
class Atom:
    """A run holding the paragraph text ``[start, end)``."""

    run: etree._Element
    start: int
    end: int


def split_run(r: etree._Element, k: int) -> etree._Element:
    """Cut run ``r`` after its ``k``-th character: ``r`` keeps the left part, the right run is returned."""
    right = etree.Element(r.tag, attrib=dict(r.attrib), nsmap=r.nsmap)
    rpr = r.find(w("rPr"))
    if rpr is not None:
        right.append(deepcopy(rpr))
    pos, moving = 0, False
    for child in list(r):
        if child.tag == w("rPr"):
            continue
        if moving:
            right.append(child)
            continue
        n = len(child_text(child))
        if pos + n <= k:
            pos += n
            moving = pos == k and n > 0
            continue
        cut = k - pos  # only a w:t holds more than one character
        tail = etree.SubElement(right, w("t"))
        tail.text = (child.text or "")[cut:]
        tail.set(_XML_SPACE, "preserve")
        child.text = (child.text or "")[:cut]
        child.set(_XML_SPACE, "preserve")
        moving = True
    r.addnext(right)
    return right


def atomise(runs: list[etree._Element], cuts: set[int]) -> list[Atom]:
    """Cut ``runs`` (a paragraph's live runs, in order) at the paragraph offsets ``cuts``."""
    atoms: list[Atom] = []
    start = 0
    for r in runs:
        n = len(run_text(r))
        if n == 0:
            continue
        inner = sorted(c - start for c in cuts if start < c < start + n)
        pieces = [r]
        for k in reversed(inner):  # cut from the right so ``r`` keeps its identity on the left
            right = split_run(r, k)
            pieces.insert(1, right)
        bounds = [0, *inner, n]
        atoms += [
            Atom(piece, start + a, start + b)
            for piece, a, b in zip(pieces, bounds[:-1], bounds[1:], strict=True)
        ]
        start += n
    return atoms
