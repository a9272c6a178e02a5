"""An independent reader of Word revisions and comments, for the tests only.

It reads ``word/document.xml`` with the standard library's ElementTree (not lxml, not python-docx,
not docx-plus, not the exporter) and answers what Word would show after *Accept all* or
*Reject all*: the paragraphs' text, each character's run formatting, and the text each comment is
anchored on.
"""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass, field
from typing import Literal
from xml.etree import ElementTree as ET

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
View = Literal["accept", "reject", "as_is"]
_NUMBER = re.compile(
    r"^\s*(?:第[一二三四五六七八九十百零〇\d]+[条章款]|\d+(?:\.\d+)*\.?|[一二三四五六七八九十]+、)\s*"
)


@dataclass
class WordView:
    """A document seen through one view."""

    paragraphs: list[str] = field(default_factory=list)
    formats: list[list[str]] = field(default_factory=list)  # per paragraph, per character: the rPr XML
    anchors: dict[str, str] = field(default_factory=dict)  # comment id -> anchored text
    revisions: int = 0

    @property
    def text(self) -> str:
        return "\n".join(self.paragraphs)

    def lines(self) -> list[str]:
        """Non-empty paragraphs, stripped."""
        return [p.strip() for p in self.paragraphs if p.strip()]


def part(docx: bytes, name: str) -> bytes | None:
    """One part of the package, or None."""
    with zipfile.ZipFile(io.BytesIO(docx)) as z:
        return z.read(name) if name in z.namelist() else None


def read(docx: bytes, view: View) -> WordView:
    """The document's body as Word shows it after accepting (or rejecting) every revision."""
    root = ET.fromstring(part(docx, "word/document.xml") or b"")
    body = root.find(f"{W}body")
    assert body is not None
    out = WordView()
    out.revisions = sum(1 for el in body.iter() if el.tag in (f"{W}ins", f"{W}del"))
    open_comments: set[str] = set()
    for p in _paragraphs(body):
        chars: list[str] = []
        fmts: list[str] = []
        _walk(p, view, False, False, chars, fmts, out.anchors, open_comments)
        out.paragraphs.append("".join(chars))
        out.formats.append(fmts)
    return out


def comments(docx: bytes) -> dict[str, tuple[str, str]]:
    """Comment id -> (author, text with paragraphs joined by newlines)."""
    data = part(docx, "word/comments.xml")
    if data is None:
        return {}
    out = {}
    for c in ET.fromstring(data).iter(f"{W}comment"):
        paras = ["".join(t.text or "" for t in p.iter(f"{W}t")) for p in c.iter(f"{W}p")]
        out[c.get(f"{W}id", "")] = (c.get(f"{W}author", ""), "\n".join(paras))
    return out


def squash(text: str) -> str:
    """Whitespace made single spaces, a leading clause number dropped, curly quotes straightened."""
    text = " ".join(text.split()).translate(str.maketrans("‘’“”", "''\"\""))
    return _NUMBER.sub("", text, count=1).strip()


def _paragraphs(body: ET.Element) -> list[ET.Element]:
    found: list[ET.Element] = []

    def visit(el: ET.Element) -> None:
        for child in el:
            if child.tag == f"{W}p":
                found.append(child)
            elif child.tag != f"{W}txbxContent":
                visit(child)

    visit(body)
    return found


def _walk(
    el: ET.Element,
    view: View,
    inserted: bool,
    deleted: bool,
    chars: list[str],
    fmts: list[str],
    anchors: dict[str, str],
    open_comments: set[str],
) -> None:
    for child in el:
        tag = child.tag
        if tag == f"{W}ins":
            _walk(child, view, True, deleted, chars, fmts, anchors, open_comments)
        elif tag in (f"{W}del", f"{W}moveFrom"):
            _walk(child, view, inserted, True, chars, fmts, anchors, open_comments)
        elif tag == f"{W}commentRangeStart":
            open_comments.add(child.get(f"{W}id", ""))
            anchors.setdefault(child.get(f"{W}id", ""), "")
        elif tag == f"{W}commentRangeEnd":
            open_comments.discard(child.get(f"{W}id", ""))
        elif tag == f"{W}r":
            shown = {"accept": not deleted, "reject": not inserted, "as_is": True}[view]
            if not shown:
                continue
            rpr = child.find(f"{W}rPr")
            fmt = ET.tostring(rpr, encoding="unicode") if rpr is not None else ""
            for piece in child:
                text = _piece_text(piece)
                chars.append(text)
                fmts.extend([fmt] * len(text))
                for cid in open_comments:
                    anchors[cid] += text
        elif tag in (f"{W}p", f"{W}txbxContent", f"{W}pPr", f"{W}rPr"):
            continue
        else:  # hyperlinks, smart tags, content controls: their runs are the paragraph's
            _walk(child, view, inserted, deleted, chars, fmts, anchors, open_comments)


def _piece_text(piece: ET.Element) -> str:
    tag = piece.tag
    if tag in (f"{W}t", f"{W}delText"):
        return piece.text or ""
    if tag == f"{W}tab":
        return "\t"
    if tag in (f"{W}br", f"{W}cr"):
        return " "
    if tag == f"{W}noBreakHyphen":
        return "-"
    return ""
