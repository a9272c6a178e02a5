"""What a contract takes from documents it does not reproduce: General Conditions it amends,
definitions it borrows.

Particular Conditions amend the General Conditions sub-clause by sub-clause and refer to the
rest of them ("Sub-Clause 8.2 [Time for Completion]"); a call-off or an amendment borrows the
defined terms of its master agreement. Neither the reference nor the term is defective: what it
points at is simply not in the text under review.
"""

from __future__ import annotations

import re

# A document that amends standard General Conditions (FIDIC Particular Conditions, 专用合同条款).
AMENDS_GENERAL_CONDITIONS = re.compile(
    r"Particular\s+Conditions|Special\s+Conditions\s+of\s+Contract|Conditions\s+of\s+Particular\s+Application"
    r"|专用(?:合同)?条款",
    re.I,
)
# "Words and expressions … have the meanings given in the General Conditions", "Capitalised terms
# used but not defined herein have the meanings assigned to them in the Master Agreement".
# Terms in general, not one term: '"Personal Data" has the meaning given in the GDPR' borrows one
# definition from a statute, not the document's defined terms.
_BORROWED_DEFINITIONS = re.compile(
    r"(?i:capitali[sz]ed\s+terms|words\s+and\s+expressions|(?:each|every|any|all|other)\s+(?:capitali[sz]ed\s+)?terms?"
    r"|defined\s+terms|terms\s+(?:used|not\s+(?:otherwise\s+)?defined))\b[^.;]{0,80}?"
    r"(?:have|has|bear|shall\s+have)\s+the\s+(?:same\s+|respective\s+)?meanings?\s+"
    r"(?:given|assigned|ascribed|attributed|set\s+out|defined)\s+(?:to\s+(?:them|it|such\s+terms?)\s+)?"
    r"(?:in|under|by)\s+(?:the\s+)?"
    r"(?!(?:this|these|Clause|Section|Article|Schedule|Annex|Appendix|Exhibit|paragraph|below|above|herein)\b)"
    r"[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,5}",
)


# The heading of a General Conditions part the document itself prints ("PART ONE - GENERAL
# CONDITIONS", "Part I – General Conditions of Contract", "第二部分 通用合同条款"): a contract that
# prints its General Conditions before its Particular Conditions holds every sub-clause it refers to.
GENERAL_CONDITIONS_PART = re.compile(
    r"^[ \t]*(?:Part\s+(?:[IVX]+|One|Two|Three|\d+|[A-C])\s*[-–—:.]?\s*)?General\s+Conditions\b[^\n.]{0,50}$"
    r"|^[ \t]*(?:第[一二三四五六]部分\s*)?通用(?:合同)?条款\s*$",
    re.I | re.M,
)


def amends_general_conditions(text: str) -> bool:
    """Whether ``text`` amends General Conditions that it does not itself reproduce."""
    return AMENDS_GENERAL_CONDITIONS.search(text) is not None and not GENERAL_CONDITIONS_PART.search(text)


def borrowed_definitions_start(text: str) -> int | None:
    """Where the part of ``text`` that takes its defined terms from another document (General
    Conditions, a master agreement) begins, or ``None`` when no part does.

    Said at the top, the borrowing covers the whole document; said in an exhibit further down
    ("a form of exercise notice: capitalised terms … have the meanings … in the Warrant
    Agreement"), it covers that exhibit only.
    """
    m = _BORROWED_DEFINITIONS.search(text)
    if m is None:
        return None
    return 0 if m.start() < len(text) // 4 else m.start()
