"""Checking that the party we act for is one the contract names.

A review argues every clause for one side; a party the contract never mentions (a typo, the group
company instead of the signatory, the wrong contract) would silently produce a review for nobody.
So a submission is refused (422) when neither a role of ``our_party`` ("Supplier", "乙方"), nor
its company name, nor any distinctive word of it appears in the contract, and the message lists
the parties the contract does name so the client can pick one. A contract whose parties cannot be
found at all is accepted with a warning: there is nothing to check against.
"""

from __future__ import annotations

import re

from clauseflow_documents.party_names import names_in, roles_in

_HEAD_CHARS = 3000
# Words that say nothing about which party is meant.
_GENERIC = {
    "the", "and", "our", "party", "limited", "ltd", "llc", "inc", "plc", "gmbh", "ag", "co", "corp",
    "company", "corporation", "group", "holdings", "holding", "sa", "bv", "nv", "pte", "pty", "we", "us",
}  # fmt: skip
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9&'’-]{2,}|[\u4e00-\u9fff]{2,}")
# 'Acme Ltd (the "Supplier")', '("Supplier")', 甲方（采购方）: what a parties block defines.
_DEFINED = re.compile(
    r"[(（]\s*(?:the\s+|以下简称|简称)?[\"“「]?([^()（）\"”」\n]{2,40}?)[\"”」]?\s*[)）]", re.I
)
_NAMED_BEFORE = re.compile(r"([A-Z][\w&.,'’ -]{2,80}?)\s*[(（]\s*(?:the\s+)?[\"“]", re.M)
_LEAD_IN = re.compile(r"\b(?:between|and|by|with|among)\b", re.I)
_CN_PARTY = re.compile(r"^\s*((?:甲|乙|丙|丁)方(?:[（(][^）)\n]{1,20}[）)])?)\s*[:：]\s*([^\n]{2,60})", re.M)


def party_is_named(our_party: str, text: str) -> bool:
    """Whether the contract mentions our party by a role, a label, its name or a distinctive word."""
    folded = text.casefold()
    own_roles = set(roles_in(our_party))
    if own_roles and own_roles & set(roles_in(text)):
        return True
    if any(name.casefold() in folded for name in names_in(our_party) if len(name) >= 2):
        return True
    words = [w for w in _WORD.findall(our_party) if w.casefold() not in _GENERIC]
    return any(w.casefold() in folded for w in words)


def parties_named(text: str) -> list[str]:
    """The parties the contract's opening names: defined roles and names, and Chinese party lines."""
    head = text[:_HEAD_CHARS]
    found: list[str] = []
    for label, name in _CN_PARTY.findall(head):
        found += [label.strip(), name.strip()]
    found += [_LEAD_IN.split(m)[-1].strip(" ,") for m in _NAMED_BEFORE.findall(head)]
    found += [d.strip() for d in _DEFINED.findall(head) if roles_in(d) or d[:1].isupper()]
    unique = list(dict.fromkeys(f for f in found if 2 <= len(f) <= 80))
    return unique[:12]
