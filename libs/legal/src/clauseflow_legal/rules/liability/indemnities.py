"""The indemnities rule (liability): Broad or fault-independent indemnities given by us without reciprocity."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.parties import Side
from clauseflow_legal.rules.base import ClauseContext, Finding, finding, span
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import (
    Sentence,
)

_IND = (
    r"\bindemnif(?:y|ies|ied)\b|\bhold\s+(?:\w+\s+){0,4}harmless|使.{0,20}免受|保障.{0,12}免受|"
    r"(?:赔偿|补偿)(?!金|款).{0,20}(?:全部|一切|所有|任何).{0,10}(?:损失|费用|索赔)"
    # the loss first, its bearer after: "给对方或第三方造成的一切损失，…均由乙方全额赔偿"
    r"|(?:全部|一切|所有|任何)[^。；]{0,4}损失[^。；]{0,40}?(?P<by>由)[^。；，,]{0,12}?(?:全额|全部)?(?:赔偿|承担)"
    # "乙方对小区内发生的一切人身伤害和财产损失承担全部赔偿责任": liability for whatever happens
    r"|对[^。；]{0,30}(?:一切|全部|所有|任何)[^。；]{0,12}损失(?:承担|负)(?:全部)?(?:赔偿)?责任"
)
_BROAD = (
    r"negligence\s+of|whether\s+or\s+not|regardless\s+of|howsoever|in\s+full|all\s+(?:losses|claims|liabilit)|"
    r"any\s+(?:and\s+all\s+)?(?:losses|claims?|breach)|arising\s+(?:out\s+of\s+)?or\s+(?:relating|in\s+connection)|"
    r"use\s+of\s+the\s+(?:Services|Products|Software)|无论|不论|全部|一切|任何"
)


def _own_breach_damages(ctx: ClauseContext) -> str:
    """Losses that follow from our own breach: "因甲方违约给乙方造成损失的", "losses caused by its breach"."""
    return (
        rf"因(?:{ctx.us_rx})(?:的)?[^。；，,]{{0,6}}?(?:违约|违反|原因|过错|过失|不善|不当|疏忽)|(?:{ctx.us_rx})(?:应)?(?:对|就)其(?:违约|违反)|由于(?:{ctx.us_rx})(?:的)?(?:违约|过错)|(?:{ctx.us_rx})违反本(?:合同|协议)"
        rf"|(?:caused\s+by|resulting\s+from|arising\s+(?:out\s+of|from))\s+(?:its|(?:the\s+)?(?:{ctx.us_rx})(?:'s)?)\s+(?:own\s+)?breach"
        # damages on top of liquidated damages for the same breach: "违约金不足以弥补甲方损失的，乙方还应赔偿"
        r"|违约金不足以(?:弥补|赔偿|补偿)|liquidated\s+damages\s+(?:are|is|prove)\s+insufficient"
    )


# A buyer taking on what the business owed before it changed hands ("liabilities …, whether arising
# before, on or after Completion", "any act or omission of the Seller before Completion").
_PAST_LIABILITIES_ASSUMED = (
    # within one party's promise: "…, and the Seller shall indemnify the Buyer against liabilities arising before" is another
    r"(?:assume|be\s+responsible\s+for|bear|pay\s+and\s+discharge|take\s+over)\b[^.;]{0,80}?liabilit\w*(?:(?!\b(?:shall|will|must)\b)[^.;]){0,160}?"
    r"(?:(?:arising|arise|incurred|accru\w+)[^.;]{0,30}?(?:before|prior\s+to)|act\s+or\s+omission\s+of\s+(?:the\s+)?\w+\s+(?:before|prior\s+to))"
    r"(?:[,\s]+(?:on|or|and|after|at))*"
    r"\s+(?:the\s+)?(?:Completion|Closing|Transfer\s+(?:Date|Time)|Effective\s+(?:Date|Time))"
    r"|(?:承担|负责|承继)[^。；]{0,40}(?:交割|转让|移交|交接)(?:日|完成)?(?:之)?前[^。；]{0,30}(?:债务|责任|负债)"
)


def _past_liabilities_assumed(ctx: ClauseContext) -> list[Finding]:
    """A buyer of a business made to bear the seller's liabilities from before Completion."""
    if not ctx.parties.is_role("buyer"):
        return []
    for s, m in ctx.find(_PAST_LIABILITIES_ASSUMED):
        if not ctx.parties.ours(ctx.actor(s, m.start())):
            continue
        return [
            finding(
                ctx,
                "indemnity_one_sided",
                "high",
                span(s, m),
                (
                    f"{ctx.us} takes on {ctx.them}'s liabilities arising before Completion.",
                    f"{ctx.us}须承担{ctx.them}在交割前产生的债务和责任。",
                ),
                (
                    f"{ctx.us} pays for the business and also for its past: claims, employee and tax liabilities from "
                    f"{ctx.them}'s period of ownership fall on {ctx.us}, uncapped and outside the warranty regime.",
                    f"{ctx.us}既支付收购价款，又承担标的业务的历史责任：{ctx.them}经营期间的索赔、员工和税务责任均转由{ctx.us}承担，且不设上限、不受保证条款约束。",
                ),
                (
                    "Market: the Buyer assumes only liabilities arising after Completion under the contracts it takes over; "
                    "the Seller keeps the pre-Completion liabilities (including those that transfer by law, such as employee claims) and indemnifies the Buyer for them.",
                    "市场惯例：买方仅承担交割后依其承接的合同产生的责任；交割前的责任（包括依法随之转移的员工索赔等）由卖方保留，并由卖方就此向买方作出补偿。",
                ),
            )
        ]
    return []


@rule(reports={"indemnity_one_sided"})
def indemnities(ctx: ClauseContext) -> list[Finding]:
    """Broad or fault-independent indemnities given by us without reciprocity."""
    out: list[Finding] = _past_liabilities_assumed(ctx)
    if out:
        return out
    givers: dict[Side | None, list[tuple[Sentence, re.Match[str]]]] = {}
    for s, m in ctx.find(_IND):
        if re.match(r"indemnified\b", m.group(0), re.I) and not re.search(
            r"\bby\b", s.text[m.end() : m.end() + 15]
        ):
            continue  # "the indemnified party" is not a promise to indemnify
        # "…一切损失，均由乙方赔偿": the one who pays is named after 由, not before the loss
        givers.setdefault(ctx.actor(s, m.end() if m.group("by") else m.start()), []).append((s, m))
    ours = [g for side, gs in givers.items() if ctx.parties.ours(side) for g in gs]
    reciprocal = (
        "mutual" in givers
        or (ctx.parties.known and any(ctx.parties.theirs(side) for side in givers))
        or (not ctx.parties.known and len(givers) > 1)
    )
    for s, m in ours:
        text = s.text
        their_fault = re.search(
            r"(?:negligence|fault|breach|wil(?:l)?ful\s+misconduct|过错|过失)\s+of\s+(?:the\s+)?\w+|"
            r"(?:including|even\s+if).{0,60}(?:negligence|fault)|无论.{0,20}(?:过错|过失)"
            # "包括因乙方自身过错造成的损失": whoever the indemnified party is called
            rf"|包括.{{0,10}}(?:{ctx.them_rx}|甲方|对方).{{0,6}}(?:过错|过失)",
            text,
            re.I,
        )
        fault_of_them = their_fault is not None and (
            "them" in ctx.parties.sides_in(their_fault.group(0))
            or re.search(r"including.{0,60}negligence|even\s+if|无论", their_fault.group(0), re.I) is not None
        )
        broad = re.search(_BROAD, text, re.I)
        if not fault_of_them and (not broad or reciprocal):
            continue
        if (
            not fault_of_them
            and ctx.has(_own_breach_damages(ctx), text)
            and not re.search(r"third[- ]part|第三方", text, re.I)
        ):
            continue  # damages for our own breach: how far they reach is uncapped_liability's question
        level = (
            "high"
            if fault_of_them
            or re.search(r"regardless\s+of|whether\s+or\s+not|howsoever|无论|不论", text, re.I)
            else "medium"
        )
        anchor = their_fault.start() if fault_of_them and their_fault else m.start()
        q = span(s, anchor if len(s.text) > 320 else m.start())
        out.append(
            Finding(
                "indemnity_one_sided",
                level,
                q,
                ctx.t(
                    f"{ctx.us} gives {ctx.them} a broad indemnity"
                    + (
                        " that extends to losses caused by the indemnified party's own negligence."
                        if fault_of_them
                        else " that is not limited to fault-based third-party claims."
                    ),
                    f"{ctx.us}向{ctx.them}提供宽泛的补偿"
                    + (
                        "，甚至涵盖对方自身过失造成的损失。"
                        if fault_of_them
                        else "，且不限于因我方过错引起的第三方索赔。"
                    ),
                ),
                ctx.t(
                    "The indemnity is one-way"
                    + (", " if not reciprocal else " in substance, ")
                    + "shifts risks we do not control onto us and is likely outside the liability cap.",
                    "该补偿实质上为单向义务，将我方无法控制的风险转移给我方，且可能不受责任上限约束。",
                ),
                ctx.t(
                    "Market practice: mutual indemnities for third-party claims caused by the indemnifier's own breach or negligence, "
                    "excluding the other party's fault, subject to the cap.",
                    "市场惯例：双方对等、仅就因补偿方自身违约或过失引起的第三方索赔进行补偿，排除对方过错，并受上限约束。",
                ),
            )
        )
        break
    return out
