"""Shared by the SPA/SHA skills: the text of a clause and its sub-clauses, split into sentences and items."""

from __future__ import annotations

import re
from dataclasses import dataclass

from clauseflow_documents.model import Clause, DocumentStructure
from clauseflow_legal.parties import infer_parties

from clauseflow_skills.text import sentences

# "(a)", "(ii)", "（一）", "1." / "1、" at the start of a line or after ":"/";".
_ITEM = re.compile(
    r"(?:(?<=^)|(?<=[\n:;：；]))\s*(?:\((?:[a-z]{1,2}|[ivx]{1,5}|\d{1,2})\)|（[一二三四五六七八九十]{1,3}）|\d{1,2}[.、](?!\d))\s*",
    re.M,
)

BUYER_WORDS = r"Buyer|Purchaser|Investor|Subscriber|Transferee|买方|收购方|投资方|投资人|受让方|认购方"
SELLER_WORDS = r"Seller|Vendor|Warrantor|Transferor|Founder|卖方|转让方|出让方|创始人|原股东"


@dataclass(frozen=True)
class Passage:
    """A sentence or list item of a clause, with the clause it comes from."""

    clause_id: str
    text: str


def scope(document: DocumentStructure, clause: Clause, include_sub_clauses: bool) -> list[Clause]:
    """The clause and (optionally) every clause below it, each with only its own text."""
    if not include_sub_clauses:
        return [clause]
    out = [clause]
    for c in document.clauses:
        if c.clause_id != clause.clause_id and _descends(document, c, clause.clause_id):
            out.append(c)
    return out


def _descends(document: DocumentStructure, clause: Clause, ancestor: str) -> bool:
    parent = clause.parent_id
    seen = 0
    while parent and seen < 20:
        if parent == ancestor:
            return True
        parent = document.get(parent).parent_id if document.has(parent) else None
        seen += 1
    return False


def own_text(document: DocumentStructure, clause: Clause) -> str:
    """The clause's text without the text of its children (parsers repeat children in the parent)."""
    text = clause.text
    for child_id in clause.children:
        if document.has(child_id):
            child = document.get(child_id).text
            if child and child in text:
                text = text.replace(child, "")
    return text


def passages(document: DocumentStructure, clauses: list[Clause]) -> list[Passage]:
    """Sentences of the clauses, each list item on its own, in document order."""
    out: list[Passage] = []
    for clause in clauses:
        text = own_text(document, clause)
        for piece in _ITEM.split(text):
            for s in sentences(piece):
                if s.text.strip():
                    out.append(Passage(clause.clause_id, s.text.strip()))
    return out


def items(document: DocumentStructure, clause: Clause) -> list[Passage]:
    """The listed items of a clause: its children when it has any, else its (a)/(b)/（一） items."""
    children = [document.get(c) for c in clause.children if document.has(c)]
    if children:
        return [Passage(c.clause_id, " ".join(c.text.split())) for c in children]
    text = own_text(document, clause)
    pieces = [p.strip() for p in _ITEM.split(text)]
    if len(pieces) <= 1:
        return []
    # An inline item is one sentence; what follows the last item is the clause's own prose again.
    out = []
    for piece in pieces[1:]:
        first = next(iter(sentences(piece)), None)
        if first is not None:
            out.append(Passage(clause.clause_id, " ".join(first.text.split())))
    return out


def side_of(text: str) -> str:
    """Which side a phrase names: buyer, seller, both, either or unspecified."""
    if re.search(
        r"\bjointly\b|\bboth (?:the )?parties\b|\bmutual(?:ly)? agree|\bby (?:written )?agreement between|"
        r"双方(?:共同|一致|协商)?",
        text,
        re.I,
    ):
        return "both"
    if re.search(r"\beither party\b|任何一方|任一方", text, re.I):
        return "either"
    buyer = re.search(BUYER_WORDS, text)
    seller = re.search(SELLER_WORDS, text)
    if buyer and seller:
        return "buyer" if buyer.start() < seller.start() else "seller"
    if buyer:
        return "buyer"
    if seller:
        return "seller"
    return "unspecified"


def our_side(our_party: str) -> str:
    """buyer, seller or unknown, from the review's our_party."""
    parties = infer_parties(our_party)
    if parties.is_role("buyer", "investor"):
        return "buyer"
    if parties.is_role("seller"):
        return "seller"
    if re.search(BUYER_WORDS, our_party, re.I):
        return "buyer"
    if re.search(SELLER_WORDS, our_party, re.I):
        return "seller"
    return "unknown"


def cut(text: str, limit: int = 300) -> str:
    """Whitespace-folded text, cut to ``limit`` characters."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
