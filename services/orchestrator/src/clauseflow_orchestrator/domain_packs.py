"""Domain checklist packs: the key clauses of FIDIC and SHA/SPA contracts, their priority and skills.

FIDIC contracts are numbered the same way in every edition, so the pack names
sub-clauses by number (1999 and 2017 numbers both). SHA/SPA documents number
freely, so that pack recognises key clauses by their subject words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from clauseflow_shared.documents.model import Clause
from clauseflow_shared.review import Domain

Priority = Literal["critical", "high", "medium", "low"]

GENERIC_TOOLS: tuple[str, ...] = (
    "get_clause_context",
    "resolve_definition",
    "compare_with_baseline",
    "cross_reference_check",
    "extract_financial_terms",
    "search_reference_doc",
    "load_review_criteria",
    "assess_deviation",
)
FIDIC_TOOLS: tuple[str, ...] = (
    "fidic_merge_gc_pc",
    "fidic_calculate_time_bar",
    "fidic_check_pc_consistency",
    "fidic_search_er",
)
SHA_SPA_TOOLS: tuple[str, ...] = (
    "spa_extract_conditions",
    "spa_extract_reps_warranties",
    "spa_indemnity_analysis",
    "sha_governance_check",
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


_BASELINE = ("compare_with_baseline",)
_MONEY = ("extract_financial_terms",)

FIDIC_PACK: dict[str, PackEntry] = {
    "1.1": PackEntry("Definitions", "low", ("resolve_definition",), "defined terms that shift risk"),
    "1.5": PackEntry("Priority of Documents", "medium", _BASELINE, "order of precedence"),
    "1.14": PackEntry("Limitation of Liability", "critical", _BASELINE + _MONEY, "cap and carve-outs"),
    "4.1": PackEntry(
        "Contractor's General Obligations",
        "critical",
        (*_BASELINE, "fidic_search_er"),
        "scope and fitness for purpose",
    ),
    "4.2": PackEntry("Performance Security", "high", _MONEY, "amount, form and release"),
    "4.12": PackEntry("Unforeseeable Physical Conditions", "high", _BASELINE, "who bears ground risk"),
    "8.2": PackEntry("Time for Completion", "high", ("cross_reference_check",), "completion obligations"),
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
    "20.1": PackEntry("Contractor's Claims", "critical", ("fidic_calculate_time_bar",), "notice time bar"),
    "20.2": PackEntry("Claims for Payment and/or EOT", "critical", ("fidic_calculate_time_bar",), "time bar"),
}

_SHA_SPA_SUBJECTS: tuple[tuple[tuple[str, ...], PackEntry], ...] = (
    (
        ("warrant", "representation", "陈述", "保证"),
        PackEntry("Representations and Warranties", "critical", ("spa_extract_reps_warranties",), "scope"),
    ),
    (
        ("indemn", "赔偿", "补偿"),
        PackEntry("Indemnities", "critical", ("spa_indemnity_analysis", *_MONEY), "caps, baskets, survival"),
    ),
    (
        ("condition", "先决条件", "交割条件"),
        PackEntry("Conditions Precedent", "high", ("spa_extract_conditions",), "long-stop date and waivers"),
    ),
    (
        ("consideration", "purchase price", "对价", "价款"),
        PackEntry("Consideration", "critical", _MONEY, "price mechanism and adjustments"),
    ),
    (
        ("board", "reserved matter", "veto", "voting", "governance", "董事会", "股东会", "表决", "一票否决"),
        PackEntry("Governance", "high", ("sha_governance_check",), "reserved matters and deadlock"),
    ),
    (
        ("drag", "tag", "pre-emption", "transfer of shares", "优先购买", "随售", "拖售", "股权转让"),
        PackEntry("Share Transfers", "high", ("sha_governance_check",), "exit and transfer rights"),
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
                ("fidic_merge_gc_pc", "fidic_check_pc_consistency", *entry.skills),
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
