"""Domain checklist packs: the key clauses of FIDIC and SHA/SPA contracts, their priority and skills.

FIDIC contracts are numbered the same way in every edition, so the pack names
sub-clauses by number (1999 and 2017 numbers both). SHA/SPA documents number
freely, so that pack recognises key clauses by their subject words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from clauseflow_contracts.review import Domain
from clauseflow_contracts.skills import SkillId
from clauseflow_documents.model import Clause

Priority = Literal["critical", "high", "medium", "low"]

GENERIC_TOOLS: tuple[str, ...] = (
    SkillId.GET_CLAUSE_CONTEXT,
    SkillId.RESOLVE_DEFINITION,
    SkillId.COMPARE_WITH_BASELINE,
    SkillId.CROSS_REFERENCE_CHECK,
    SkillId.EXTRACT_FINANCIAL_TERMS,
    SkillId.SEARCH_REFERENCE_DOC,
    SkillId.LOAD_REVIEW_CRITERIA,
    SkillId.ASSESS_DEVIATION,
)
FIDIC_TOOLS: tuple[str, ...] = (
    SkillId.FIDIC_MERGE_GC_PC,
    SkillId.FIDIC_CALCULATE_TIME_BAR,
    SkillId.FIDIC_CHECK_PC_CONSISTENCY,
    SkillId.FIDIC_SEARCH_ER,
)
SHA_SPA_TOOLS: tuple[str, ...] = (
    SkillId.SPA_EXTRACT_CONDITIONS,
    SkillId.SPA_EXTRACT_REPS_WARRANTIES,
    SkillId.SPA_INDEMNITY_ANALYSIS,
    SkillId.SHA_GOVERNANCE_CHECK,
)


def all_tools(domain: Domain) -> tuple[str, ...]:
    """Every tool a deep review of a clause in ``domain`` may use."""
    extra = {Domain.FIDIC: FIDIC_TOOLS, Domain.SHA_SPA: SHA_SPA_TOOLS}.get(domain, ())
    return GENERIC_TOOLS + extra


@dataclass(frozen=True)
class PackEntry:
    """What a domain pack says about one key clause."""

    name: str
    priority: Priority
    skills: tuple[str, ...]
    focus: str = ""


_BASELINE = (SkillId.COMPARE_WITH_BASELINE,)
_MONEY = (SkillId.EXTRACT_FINANCIAL_TERMS,)

FIDIC_PACK: dict[str, PackEntry] = {
    "1.1": PackEntry("Definitions", "low", (SkillId.RESOLVE_DEFINITION,), "defined terms that shift risk"),
    "1.5": PackEntry("Priority of Documents", "medium", _BASELINE, "order of precedence"),
    "1.14": PackEntry("Limitation of Liability", "critical", _BASELINE + _MONEY, "cap and carve-outs"),
    "4.1": PackEntry(
        "Contractor's General Obligations",
        "critical",
        (*_BASELINE, SkillId.FIDIC_SEARCH_ER),
        "scope and fitness for purpose",
    ),
    "4.2": PackEntry("Performance Security", "high", _MONEY, "amount, form and release"),
    "4.12": PackEntry("Unforeseeable Physical Conditions", "high", _BASELINE, "who bears ground risk"),
    "8.2": PackEntry(
        "Time for Completion", "high", (SkillId.CROSS_REFERENCE_CHECK,), "completion obligations"
    ),
    "8.7": PackEntry("Delay Damages", "critical", _MONEY, "rate and cap of delay damages"),
    "8.8": PackEntry("Delay Damages", "critical", _MONEY, "rate and cap of delay damages"),
    "13.1": PackEntry("Right to Vary", "high", _BASELINE, "variation procedure and valuation"),
    "14.1": PackEntry("The Contract Price", "critical", _MONEY, "price basis and adjustments"),
    "14.2": PackEntry("Advance Payment", "high", _MONEY, "advance and its guarantee"),
    "14.7": PackEntry("Payment", "high", _MONEY, "payment periods"),
    "14.8": PackEntry("Delayed Payment", "high", _MONEY, "financing charges"),
    "15.2": PackEntry("Termination by Employer", "high", _BASELINE, "grounds and cure periods"),
    "15.5": PackEntry("Employer's Entitlement to Termination", "critical", _BASELINE, "for convenience"),
    "16.2": PackEntry("Termination by Contractor", "high", _BASELINE, "our exit rights"),
    "17.6": PackEntry("Limitation of Liability", "critical", _BASELINE + _MONEY, "cap and carve-outs"),
    "20.1": PackEntry(
        "Contractor's Claims", "critical", (SkillId.FIDIC_CALCULATE_TIME_BAR,), "notice time bar"
    ),
    "20.2": PackEntry(
        "Claims for Payment and/or EOT", "critical", (SkillId.FIDIC_CALCULATE_TIME_BAR,), "time bar"
    ),
}

_SHA_SPA_SUBJECTS: tuple[tuple[tuple[str, ...], PackEntry], ...] = (
    (
        ("warrant", "representation", "陈述", "保证"),
        PackEntry(
            "Representations and Warranties", "critical", (SkillId.SPA_EXTRACT_REPS_WARRANTIES,), "scope"
        ),
    ),
    (
        ("indemn", "赔偿", "补偿"),
        PackEntry(
            "Indemnities", "critical", (SkillId.SPA_INDEMNITY_ANALYSIS, *_MONEY), "caps, baskets, survival"
        ),
    ),
    (
        ("condition", "先决条件", "交割条件"),
        PackEntry(
            "Conditions Precedent", "high", (SkillId.SPA_EXTRACT_CONDITIONS,), "long-stop date and waivers"
        ),
    ),
    (
        ("consideration", "purchase price", "对价", "价款"),
        PackEntry("Consideration", "critical", _MONEY, "price mechanism and adjustments"),
    ),
    (
        ("board", "reserved matter", "veto", "voting", "governance", "董事会", "股东会", "表决", "一票否决"),
        PackEntry("Governance", "high", (SkillId.SHA_GOVERNANCE_CHECK,), "reserved matters and deadlock"),
    ),
    (
        ("drag", "tag", "pre-emption", "transfer of shares", "优先购买", "随售", "拖售", "股权转让"),
        PackEntry("Share Transfers", "high", (SkillId.SHA_GOVERNANCE_CHECK,), "exit and transfer rights"),
    ),
)


def pack_entry(domain: Domain, clause: Clause, *, has_pc: bool = False) -> PackEntry | None:
    """The domain pack's entry for a clause, or None when the pack does not single it out."""
    if domain is Domain.FIDIC:
        entry = FIDIC_PACK.get(clause.clause_id)
        if entry is not None and has_pc and entry.priority in ("critical", "high"):
            # Particular Conditions amend the General Conditions: the merged view is what counts.
            return PackEntry(
                entry.name,
                entry.priority,
                (SkillId.FIDIC_MERGE_GC_PC, SkillId.FIDIC_CHECK_PC_CONSISTENCY, *entry.skills),
                entry.focus,
            )
        return entry
    if domain is Domain.SHA_SPA:
        title = clause.title.lower()
        head = clause.text[:200].lower()
        for keywords, entry in _SHA_SPA_SUBJECTS:
            if any(k in title for k in keywords) or (not title and any(k in head for k in keywords)):
                return entry
    return None
