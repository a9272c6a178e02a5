"""The employer_requirements rule (construction): Errors in the Employer's Requirements, or Employer obligations, shifted to the Contractor."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.construction.common import NO_RELIEF, contractor_view
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule

PATTERNS = patterns_beside(__file__)
VETOES = Vetoes(
    "employer_requirements",
    {"own_design": "the drawings in error are our own shop or detailed design drawings"},
)
WORDING = wording_beside(__file__)
_DRAWINGS_ERRORS = PATTERNS["drawings_errors"]


def _shifted_to_us(ctx: ClauseContext, text: str) -> re.Match[str] | None:
    """Words that put the cost or risk of an error on us: "deemed to have checked", "at its own cost",
    "由分包人自行承担", "the Subcontractor shall be responsible for"; never a burden they name for
    the counterparty ("由承包人负责" read for the subcontractor)."""
    us = ctx.us_rx
    for m in re.finditer(
        rf"由(?:{us})(?:自行)?(?:负责|承担)|(?:{us})应对[^。；]{{0,40}}负责|自费(?:修正|更正|修改|纠正)|"
        r"whether\s+or\s+not\s+(?:an\s+)?experienced|deemed\s+to\s+have\s+(?:scrutini[sz]ed|verified|checked)|at\s+(?:its|the\s+Contractor's)\s+(?:own\s+)?cost"
        r"|whether\s+or\s+not\s+(?:they|it|such\s+\w+)\s+could\s+(?:reasonably\s+)?have\s+been\s+(?:discovered|detected|found|foreseen)|"
        rf"(?<![A-Za-z])(?:{us})\s+shall\s+(?:be\s+(?:solely\s+|fully\s+)?responsible\s+for|bear\s+the\s+(?:cost|risk)\s+of)|"
        + NO_RELIEF,
        text,
        re.I,
    ):
        sides = ctx.parties.sides_in(m.group(0))
        if "them" in sides and "us" not in sides:
            continue
        return m
    return None


def _others_documents_errors(ctx: ClauseContext) -> list[Finding]:
    """Errors in documents the counterparty or the main contract supplies, put on us.

    The error may come before or after the documents ("deemed to have checked the Main Contract
    drawings and shall bear the cost of any error in them"); the source is the counterparty
    ("the drawings provided by the Contractor", "承包人提供的图纸") or, above it, the main contract and
    its Employer or Engineer.
    """
    them = rf"(?<![A-Za-z])(?:{ctx.them_rx})(?![A-Za-z])"
    upstream = PATTERNS["upstream_source"]
    src = rf"{them}|{upstream}"
    docs, by = PATTERNS["supplied_documents"], PATTERNS["supplied_by"]
    source = (
        rf"(?:{docs})[^.;。；]{{0,40}}?(?:{by})(?:{src})"
        rf"|(?:{src})(?:['’]s)?\s*(?:{by})?\s*(?:\w+\s+)?(?:{docs})"
    )
    for s, _m in ctx.find(source):
        if not re.search(PATTERNS["error_word"], s.text, re.I):
            continue
        shifted = _shifted_to_us(ctx, s.text)
        if shifted is None:
            continue
        return [
            Finding(
                "employer_requirements_errors",
                "high",
                span(s, shifted.start()),
                WORDING.t(ctx, "supplied_documents_what"),
                WORDING.t(ctx, "errors_why"),
                WORDING.t(ctx, "errors_market"),
            )
        ]
    return []


@rule(reports={"employer_requirements_errors"})
def employer_requirements(ctx: ClauseContext) -> list[Finding]:
    """Errors in the Employer's Requirements, or Employer obligations, shifted to the Contractor."""
    if not contractor_view(ctx):
        return []
    for s, m in ctx.find(
        r"(?:error|fault|defect|omission|inaccura|discrepanc)\w*.{0,120}(?:Employer['’]s\s+Requirements|design\s+(?:criteria|data)|information\s+(?:provided|supplied)\s+by\s+the\s+Employer|业主要求|发包人要求"
        # in a subcontract the main contractor's own design stands where the Employer's does
        + (
            rf"|(?:{ctx.them_rx})['’]s\s+(?:drawings|design|specifications?)"
            if "subcontractor" in ctx.parties.our_roles
            else ""
        )
        + r"|(?:drawings|design|specifications?|data)\s+(?:provided|supplied|issued|furnished)\s+by\s+(?:the\s+)?(?:Employer|Engineer|Owner)"
        + r")|(?:业主要求|发包人要求).{0,40}(?:错误|缺陷|遗漏)"
        # "承包人应对发包人提供的施工图纸进行复核，因图纸错误…由承包人承担": the employer's drawings
        + rf"|(?:{ctx.them_rx}|发包人|业主)(?:所)?提供的[^。；]{{0,8}}(?:图纸|设计文件|设计|技术资料)[^。；]{{0,40}}?(?:错误|遗漏|缺陷|差错)"
        # the drawings we build to, whoever is not named as issuing them: "图纸会审时未提出的图纸错误…由分包人负责"
        + rf"|(?P<drawings>{_DRAWINGS_ERRORS})"
    ):
        text = s.text
        # errors in our own shop or detailed design drawings are ours to bear
        if m.group("drawings") and VETOES.applies(
            "own_design", re.search(PATTERNS["own_design"], text, re.I)
        ):
            continue
        shifted = _shifted_to_us(ctx, text)
        if not shifted:
            continue
        # the Employer's own drawings or data, not its Requirements
        drawings = not re.search(PATTERNS["requirements_named"], text) and re.search(
            PATTERNS["drawings_or_data"], text, re.I
        )
        return [
            Finding(
                "employer_requirements_errors",
                "high",
                span(s, shifted.start()),
                WORDING.t(ctx, "drawings_errors_what")
                if drawings
                else WORDING.t(ctx, "requirements_errors_what"),
                WORDING.t(ctx, "errors_why"),
                WORDING.t(ctx, "errors_market"),
            )
        ]
    found = _others_documents_errors(ctx)
    if found:
        return found
    for s, m in ctx.find(PATTERNS["permits_shifted"]):
        side = ctx.actor(s, m.start())
        if ctx.parties.ours(side) or re.search(PATTERNS["contractor_named"], s.text[: m.start() + 10]):
            return [
                WORDING.finding(
                    ctx,
                    "permits_shifted",
                    "employer_requirements_errors",
                    "medium",
                    span(s, m),
                    priority=1,
                )
            ]
    return []
