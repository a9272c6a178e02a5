"""Whether the other side gives an indemnity of its own somewhere in the contract.

An indemnity is one-sided when only our party gives one. Contracts often write the two promises
in clauses of their own ("16.1 The Licensee shall indemnify the Licensor …", "16.2 The Licensor
shall indemnify the Licensee …"), and the clause reviewer reads one clause at a time: the mirror in
another clause is a fact of the contract, read once here and carried in the contract setting.
Patterns are data beside this module (``mirror_indemnity.patterns.yaml``).
"""

from __future__ import annotations

import re

from clauseflow_legal.parties import Parties
from clauseflow_legal.rules.packs import patterns_beside

_P = patterns_beside(__file__)
_PROMISE = re.compile(_P["promise"], re.I)
_GAP = re.compile(_P["gap"])
_SENTENCE_END = re.compile(r"(?<=[a-z)\]])\.\s|[;。；]")


def counterparty_indemnity(parties: Parties, text: str) -> str:
    """The words where the other side promises to indemnify (hold harmless, defend against claims) and what
    the promise covers, to the end of its sentence, or ``""``.

    The giver is the party named just before the promise, an aside between at most: "16.2 The
    Licensor shall defend, indemnify and hold harmless", "Acme, at its own cost, will indemnify",
    "乙方应赔偿并使甲方免受"."""
    if not parties.known:
        return ""
    for m in _PROMISE.finditer(text):
        head = text[max(0, m.start() - 120) : m.start()]
        found = parties.mentions(head)
        if not found or found[-1].side != "them" or not _GAP.fullmatch(head[found[-1].end :]):
            continue
        # the promise with what it covers, to the end of its sentence: whether it is as broad as ours
        scope = _SENTENCE_END.split(text[m.end() : m.end() + 400], maxsplit=1)[0]
        return " ".join((head[found[-1].start :] + m.group(0) + scope).split())
    return ""
