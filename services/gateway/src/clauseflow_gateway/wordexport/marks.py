"""Tracked changes and comment anchors written into a paragraph that :mod:`runs` has cut.

``w:del``/``w:ins`` wrappers come from docx-plus (ids from one registry shared by the export, the
author and date on every mark); a deletion covers exactly the runs of the replaced words and the
inserted run copies the formatting of the words it replaces. Comment ranges are placed around
the runs of the quoted words, outside any revision wrapper so the comment survives accept/reject.
"""

from __future__ import annotations

import datetime as dt
from copy import deepcopy
from dataclasses import dataclass

from docx.document import Document
from docx.text.run import Run
from docx_plus.revisions import RevisionIdRegistry, mark_deletion, mark_insertion
from lxml import etree

from clauseflow_gateway.wordexport.runs import Atom
from clauseflow_gateway.wordexport.text_map import w

_XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"
_WRAPPERS = {w("ins"), w("del")}


@dataclass(frozen=True)
class RevisionStamp:
    """Who made the tracked changes and when."""

    author: str
    date: dt.datetime


class RevisionWriter:
    """Writes the tracked changes of one export into one document."""

    def __init__(self, document: Document, stamp: RevisionStamp) -> None:
        self._document = document
        self._stamp = stamp
        self._ids = RevisionIdRegistry(document)
        self.inserted: set[etree._Element] = set()

    def replace(self, atoms: list[Atom], start: int, end: int, text: str) -> etree._Element | None:
        """Mark paragraph text ``[start, end)`` deleted and ``text`` inserted in its place.

        Returns the last element written (the insertion, or else the deletion), for comment ends.
        """
        doomed = [a for a in atoms if start <= a.start and a.end <= end and a.start < a.end]
        last: etree._Element | None = None
        model: etree._Element | None = doomed[0].run if doomed else _neighbour(atoms, start)
        for group in _sibling_groups(doomed):
            ref = mark_deletion(
                (self._run(group[0]), self._run(group[-1])),
                author=self._stamp.author,
                date=self._stamp.date,
                id_registry=self._ids,
            )
            last = ref.body_element
        if not text or model is None:
            return last
        new = _run_like(model, text)
        if last is not None:
            last.addnext(new)
        else:
            following = next((a for a in atoms if a.start >= start), None)
            if following is not None:
                outermost(following.run).addprevious(new)
            else:
                outermost(atoms[-1].run).addnext(new)
        ins = mark_insertion(
            self._run(new), author=self._stamp.author, date=self._stamp.date, id_registry=self._ids
        ).body_element
        self.inserted.add(ins)
        return ins

    def _run(self, r: etree._Element) -> Run:
        return Run(r, self._document)  # a Document provides the story part


def anchor_comment(
    atoms_first: list[Atom],
    start: int,
    atoms_last: list[Atom],
    end: int,
    comment_id: int,
    inserted: set[etree._Element],
) -> bool:
    """Put comment ``comment_id``'s range around paragraph text ``[start …`` to ``… end)``.

    ``atoms_first`` are the cut runs of the paragraph where the quote starts, ``atoms_last`` of the
    one where it ends (the same list for a one-paragraph quote). False when there is no run to
    anchor on.
    """
    first = next((a for a in atoms_first if a.start >= start and a.end > a.start), None)
    last = next((a for a in reversed(atoms_last) if a.end <= end and a.end > a.start), None)
    if first is None or last is None:
        return False
    cid = str(comment_id)
    begin = outermost(first.run)
    begin.addprevious(_el("commentRangeStart", cid))
    finish = outermost(last.run)
    following = finish.getnext()
    if following is not None and following in inserted:
        finish = following  # the words inserted in place of the quoted ones belong to the comment
    range_end = _el("commentRangeEnd", cid)
    finish.addnext(range_end)
    reference = etree.Element(w("r"))
    etree.SubElement(reference, w("commentReference")).set(w("id"), cid)
    range_end.addnext(reference)
    return True


class CommentBook:
    """The comments part of one export, written to directly.

    python-docx creates the part (and the first comment, the model for the others); later comments
    are copies of that element with their own id, counted here. Its ``add_comment`` searches every
    id already used and parses a new element for each comment: quadratic in the comments, most of
    an 80-comment export's comment time.
    """

    def __init__(self, document: Document, author: str, initials: str, date: dt.datetime) -> None:
        self._document = document
        self._author, self._initials = author, initials
        self._date = date.strftime("%Y-%m-%dT%H:%M:%SZ")
        self._model: etree._Element | None = None  # an empty comment, copied for each new one
        self._root: etree._Element | None = None  # the part's w:comments
        self._next = 0

    def write(self, text: str) -> int:
        """Add a comment (one paragraph per line of ``text``); returns its id."""
        if self._model is None:
            comment = self._document.comments.add_comment(
                text="", author=self._author, initials=self._initials
            )
            element = comment.paragraphs[0]._p.getparent()
            self._model, self._root = deepcopy(element), element.getparent()
            cid, self._next = comment.comment_id, comment.comment_id + 1
        else:
            assert self._root is not None
            element = deepcopy(self._model)
            cid, self._next = self._next, self._next + 1
            element.set(w("id"), str(cid))
            self._root.append(element)
        element.set(w("date"), self._date)
        first = element.find(w("p"))
        assert first is not None
        for n, line in enumerate(text.split("\n")):
            if n == 0:
                paragraph = first
            else:
                paragraph = etree.SubElement(element, w("p"))
                style = etree.SubElement(etree.SubElement(paragraph, w("pPr")), w("pStyle"))
                style.set(w("val"), "CommentText")
            t = etree.SubElement(etree.SubElement(paragraph, w("r")), w("t"))
            t.text = line
            t.set(_XML_SPACE, "preserve")
        return cid


def outermost(r: etree._Element) -> etree._Element:
    """The run, or the revision wrapper holding it (markers go outside revisions)."""
    parent = r.getparent()
    return parent if parent is not None and parent.tag in _WRAPPERS else r


def _el(tag: str, cid: str) -> etree._Element:
    el = etree.Element(w(tag))
    el.set(w("id"), cid)
    return el


def _neighbour(atoms: list[Atom], at: int) -> etree._Element | None:
    before = [a for a in atoms if a.end <= at]
    if before:
        return before[-1].run
    return atoms[0].run if atoms else None


def _sibling_groups(atoms: list[Atom]) -> list[list[etree._Element]]:
    """Consecutive runs sharing a parent (a deletion cannot straddle a hyperlink's edge)."""
    groups: list[list[etree._Element]] = []
    for a in atoms:
        if groups and groups[-1][-1].getparent() is a.run.getparent():
            groups[-1].append(a.run)
        else:
            groups.append([a.run])
    return groups


def _run_like(model: etree._Element, text: str) -> etree._Element:
    """A new run with ``model``'s formatting holding ``text``."""
    r = etree.Element(w("r"))
    rpr = model.find(w("rPr"))
    if rpr is not None:
        copy = deepcopy(rpr)
        for change in copy.findall(w("rPrChange")):
            copy.remove(change)
        r.append(copy)
    t = etree.SubElement(r, w("t"))
    t.text = text
    t.set(_XML_SPACE, "preserve")
    return r
