"""Document order of clause ids: 2.2 before 11.1, the schedules after the clauses, reference units last.

The plan reviews clauses in its own order (deep ones first) and ids sort badly as strings
("11.1" < "2.2"), so reports and lists put every clause, risk and redline where a reader of
the contract meets it: front matter (preamble, recitals), numbered clauses in natural order
(12.2(a) after 12.2, 第十二条 as 12), other named parts, schedules and annexes, and then the
units of the reference documents ("ER 3.2", "SOW 1") by document and number.
"""

from __future__ import annotations

import re

from clauseflow_documents.numerals import chinese_to_int
from clauseflow_documents.reference_units import PREFIXES

_REFERENCE = re.compile(
    r"^(?P<prefix>" + "|".join(re.escape(p) for p in PREFIXES) + r")(?P<n>\d*)\s+(?P<rest>\S.*)$"
)
_FRONT = re.compile(
    r"^(?:preamble|recitals?|parties|background|whereas|cover|前言|序言|鉴于|合同双方|当事人)", re.I
)
_BACK = re.compile(r"^(?:schedule|annex|annexure|appendix|exhibit|attachment|附件|附表|附录)", re.I)
_PIECE = re.compile(r"\d+|[A-Za-z]+|[零一二三四五六七八九十百千]+")

Part = tuple[int, int, str]


def _pieces(text: str) -> tuple[Part, ...]:
    """Numbers as numbers, letters as letters: "12.2(a)" → (12)(2)(a); "第十二条" → (12)."""
    out: list[Part] = []
    for piece in _PIECE.findall(text):
        if piece.isdigit():
            out.append((0, int(piece), ""))
        elif re.fullmatch(r"[零一二三四五六七八九十百千]+", piece):
            value = chinese_to_int(piece)
            out.append((0, int(value), "") if value is not None else (1, 0, piece))
        else:
            out.append((1, 0, piece.lower()))
    return tuple(out)


def document_order_key(clause_id: str) -> tuple[int, int, str, int, tuple[Part, ...], str]:
    """A sort key putting clause ids in document order (see the module's docstring)."""
    cid = clause_id.strip()
    reference = _REFERENCE.match(cid)
    if reference:
        doc = PREFIXES.index(reference.group("prefix"))
        n = int(reference.group("n") or 0)
        return (1, doc * 100 + n, "", 1, _pieces(reference.group("rest")), cid)
    if _FRONT.match(cid):
        section = 0
    elif _BACK.match(cid):
        section = 3
    elif re.match(r"^(?:(?:clause|section|article|sub-clause)\s+)?\d|^第", cid, re.I):
        section = 1
    else:
        section = 2
    return (0, 0, "", section, _pieces(cid), cid)
