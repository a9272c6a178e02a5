"""The extension_of_time rule (construction): Extension-of-time entitlements deleted or narrowed."""

from __future__ import annotations

import re

from clauseflow_legal.rules.amendments import deleted_relief
from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.construction.common import contractor_view
from clauseflow_legal.rules.packs import patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import Sentence

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)


def _granted_upstream(ctx: ClauseContext, s: Sentence) -> re.Match[str] | None:
    """Our extension is limited to the one granted upstream: to the counterparty, under the main
    contract, or (when we subcontract) by the main contract's Employer or Engineer. A main
    contractor has no contract above it: the Subcontractor's time passed down is its own term."""
    if ctx.parties.is_role("contractor") and not ctx.parties.is_role("subcontractor"):
        return None
    for m in re.finditer(PATTERNS["granted_upstream"], s.text, re.I):
        # "... is granted a corresponding extension under the Main Contract": the grant and its source
        window = s.text[m.start() : m.end() + 60]
        if re.search(PATTERNS["upstream_contract"], window, re.I):
            return m
        if ctx.parties.is_role("subcontractor") and any(
            not ctx.parties.sides_in(x.group(0)) & {"us", "them"}
            for x in re.finditer(PATTERNS["upstream_party"], window)
        ):
            return m
        them = ctx.them_rx
        if ctx.parties.is_role("subcontractor") and re.search(
            rf"\b(?:{them})\s+(?:is|are|was|has\s+been|shall\s+be|being)\s+(?:granted|awarded|given|allowed)"
            rf"|\b(?:{them})\s+(?:obtains|receives|recovers)",
            m.group(0),
        ):
            return m
    return None


@rule(reports={"extension_of_time_restricted"})
def extension_of_time(ctx: ClauseContext) -> list[Finding]:
    """Extension-of-time entitlements deleted or narrowed."""
    if not contractor_view(ctx):
        return []
    # Particular Conditions deleting a ground of our extension of time ("Sub-Clause 8.5 [Delays Caused by
    # Authorities] is deleted")
    deleted = deleted_relief(ctx, "time_relief")
    if deleted is not None:
        return [WORDING.finding(ctx, "relief_deleted", "extension_of_time_restricted", "high", deleted)]
    eot = re.search(
        PATTERNS["time_named"],
        ctx.title + " " + ctx.text,
        re.I,
    )
    if not eot:
        return []
    for s in ctx.sentences:
        if not re.search(PATTERNS["time_named"], s.text, re.I):
            continue
        upstream = _granted_upstream(ctx, s)
        if upstream:
            return [
                WORDING.finding(
                    ctx, "granted_upstream", "extension_of_time_restricted", "high", span(s, upstream)
                )
            ]
    for s, m in ctx.find(
        r"\bdelete\w*\s+(?:sub-?)?paragraphs?\s*\(|\bparagraphs?\s*\([a-z]\).{0,120}?(?:deleted|shall\s+not\s+apply)|"
        r"concurrent\w*.{0,80}(?:not|no)\s+(?:be\s+)?(?:entitled|extension)|no\s+extension.{0,60}concurrent|float.{0,40}(?:belong|Employer)|"
        r"(?:not|no)\s+(?:be\s+)?entitled\s+to\s+(?:an?\s+|any\s+)?extension\s+of\s+(?:the\s+)?time.{0,80}(?:caused\s+by|attributable\s+to)\s+(?:the\s+)?(?:Employer|Engineer|Variation)|"
        r"不予顺延|不顺延|不予延长|(?:发包人|业主|甲方)原因.{0,20}无权.{0,6}(?:要求)?(?:顺延|延长)"
        rf"|(?:{ctx.us_rx}|承包人|承包商)[^。；]{{0,8}}(?:均|都|一律)?(?:无权|不得|不能)(?:要求|主张|申请)?(?:顺延|延长)"
        r"|(?:no|not\s+(?:be\s+)?entitled\s+to\s+(?:an?\s+|any\s+)?)extension\s+of\s+(?:the\s+)?time\s+(?:shall\s+be\s+granted\s+)?(?:for\s+any\s+(?:reason|cause)|whatever\s+the\s+cause|in\s+any\s+circumstances)"
        # a closed list that leaves out the Employer's own delay, or that delay excluded expressly
        r"|entitled\s+to\s+(?:an?\s+)?extension\s+of\s+(?:the\s+)?(?:Time\s+for\s+Completion|time)\s+only\s+(?:for|in\s+(?:the\s+)?(?:case|event)\s+of|in\s+respect\s+of|with\s+respect\s+to|by\s+reason\s+of|if|where)"
        r"|delays?\s+(?:caused\s+by|attributable\s+to)\s+(?:the\s+)?(?:Employer|Engineer|Owner)[^.;]{0,80}shall\s+not\s+entitle\s+(?:the\s+)?\w+\s+to\s+(?:an?\s+|any\s+)?extension"
        r"|仅(?:在|因|限于)[^。；]{0,24}(?:方可|才能|才可)(?:要求)?(?:顺延|延长)(?:工期)?"
    ):
        return [
            WORDING.finding(
                ctx,
                "grounds_narrowed",
                "extension_of_time_restricted",
                "high",
                span(s, m),
                matched=m.group(0).strip(),
            )
        ]
    return []
