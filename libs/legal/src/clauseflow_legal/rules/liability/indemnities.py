"""The indemnities rule (liability): Broad or fault-independent indemnities given by us without reciprocity."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.parties import Side
from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import (
    Sentence,
)

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "indemnities",
    {
        "indemnified_party_named": '"the indemnified party" names a party; it is not a promise to indemnify',
        "obligation_named": '"MD Anderson\'s obligation to indemnify shall survive": a promise named, given elsewhere',
        "narrow_or_mutual": "an indemnity that neither covers their fault nor is broad, or a broad one both sides give",
        "own_breach_damages": "damages for our own breach: how far they reach is uncapped_liability's question",
        "apportioned": '"to the extent caused by", "in proportion to its fault": the indemnity already follows causation',
        "own_contribution": "the contributing fault named is our own (our subcontractor, our design): nothing is shifted",
        "our_own_input": "the infringement comes from our own modification, design or instruction: ours to answer for",
        "own_fault_only": '"arising from the Distributor\'s negligence", "caused by the wilful misconduct of the Agent": an indemnity for our own fault only, the market position',
    },
)

_IND = PATTERNS["indemnity_promise"]
_BROAD = PATTERNS["broad"]


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
    PATTERNS["past_liabilities_assumed"]
)


def _past_liabilities_assumed(ctx: ClauseContext) -> list[Finding]:
    """A buyer of a business made to bear the seller's liabilities from before Completion."""
    if not ctx.parties.is_role("buyer"):
        return []
    for s, m in ctx.find(_PAST_LIABILITIES_ASSUMED):
        if not ctx.parties.ours(ctx.actor(s, m.start())):
            continue
        return [WORDING.finding(ctx, "past_liabilities_assumed", "indemnity_one_sided", "high", span(s, m))]
    return []


_NO_APPORTIONMENT = PATTERNS["no_apportionment"]
_LIABILITY_OR_INDEMNITY = PATTERNS["liability_or_indemnity"]


def _no_apportionment(ctx: ClauseContext) -> list[Finding]:
    """Our indemnity or liability stays whole where the other side's fault (or a third party's)
    contributed: "shall not be reduced by any contributory negligence of", "caused in whole or in part
    by the negligence of an Indemnitee", "不因甲方的过错而减轻"."""
    for s, m in ctx.find(_NO_APPORTIONMENT):
        text = s.text
        # the last liability or indemnity named before the words that keep it whole, else the next
        # ("即使甲方亦有过错，乙方仍应全额赔偿")
        duties = list(re.finditer(_LIABILITY_OR_INDEMNITY, text, re.I))
        before = [d for d in duties if d.start() < m.end()]
        duty = before[-1] if before else duties[0] if duties else None
        if duty is None:
            continue
        if VETOES.applies("apportioned", re.search(PATTERNS["apportioned"], text, re.I)):
            continue
        # who bears it: "the Supplier's liability", "乙方的赔偿责任", else the sentence's actor
        bearer = ctx.parties.side_before(text, duty.start(), window=50) or ctx.actor(s, duty.start())
        if not ctx.parties.ours(bearer):
            continue
        cause = text[m.start() : m.end() + 60]
        contributors = ctx.parties.sides_in(cause) - {"other"}
        if VETOES.applies(
            "own_contribution",
            contributors == {"us"} or (not contributors and re.search(PATTERNS["own_people"], cause, re.I)),
        ):
            continue
        return [
            WORDING.finding(ctx, "no_apportionment", "indemnity_one_sided", "high", span(s, duty.start()))
        ]
    return []


_SUPPLIED_INFRINGES = PATTERNS["supplied_infringes"]
_ANSWERS_CLAIM = PATTERNS["answers_claim"]


def _supplied_goods_ip_on_us(ctx: ClauseContext) -> list[Finding]:
    """We buy, and answer for third-party claims that what the other side supplies infringes their rights:
    "因设备引起的任何第三方知识产权索赔，由甲方自行负责应诉", "Buyer shall defend at its own cost any claim
    that the Equipment infringes". The seller knows what it builds in; the market puts that risk on it."""
    if not ctx.parties.buy_side:
        return []
    for s, m in ctx.find(_SUPPLIED_INFRINGES):
        for a in re.finditer(_ANSWERS_CLAIM, s.text, re.I):
            who = a.group("who")
            named = [x.side for x in ctx.parties.mentions(who) if x.side != "mutual"] if who else []
            side = named[0] if named else ctx.actor(s, a.end() if who else a.start())
            if not ctx.parties.ours(side):
                continue
            # the clause may name our drawings or specifications in a sentence of its own
            inputs = [i for i in re.finditer(PATTERNS["our_input"], ctx.text, re.I)]
            if VETOES.applies(
                "our_own_input",
                any(
                    "us" in ctx.parties.sides_in(ctx.text[max(0, i.start() - 30) : i.end() + 30])
                    for i in inputs
                ),
            ):
                return []
            return [
                WORDING.finding(
                    ctx,
                    "supplied_goods_ip_on_us",
                    "indemnity_one_sided",
                    "high",
                    span(s, min(m.start(), a.start())),
                )
            ]
    return []


def _own_fault_only(ctx: ClauseContext, after: str) -> bool:
    """Every link the indemnity names after the promise ("arising from", "caused by") leads to our own fault.

    "… against all claims arising from Distributor's fault or negligence": what the indemnity answers for is
    our negligence, breach or wilful misconduct, the fault-based form the market asks for. A link to anything
    else ("and any claim arising from the use of the Products", "arising out of this Agreement") keeps it broad;
    a link that qualifies the fault just named ("negligence relating to this Agreement") does not.
    """
    if not re.search(PATTERNS["fault_word"], after, re.I):
        return False
    us = ctx.us_rx
    before = re.compile(PATTERNS["own_fault_before"].replace("US_NAMES", us), re.I)
    after_rx = re.compile(PATTERNS["own_fault_after"].replace("US_NAMES", us), re.I)
    links = list(re.finditer(PATTERNS["fault_link"], after, re.I))
    fault_named = False
    for link in links:
        if before.match(after, link.end()) or after_rx.match(after, link.end()):
            fault_named = True
            continue
        if re.match(PATTERNS["claim_object"], after[link.end() :], re.I):
            continue
        if re.search(PATTERNS["fault_just_named"], after[max(0, link.start() - 40) : link.start()], re.I):
            continue
        return False
    return fault_named


def _balances_ours(their_indemnity: str) -> bool:
    """Is the other side's indemnity in another clause as broad as a broad one of ours? One for
    infringement claims only ("shall indemnify the Licensee against any claim that the Software
    infringes") balances nothing but the IP risk."""
    return re.search(_BROAD, their_indemnity, re.I) is not None and not (
        re.search(PATTERNS["infringement_only"], their_indemnity, re.I)
        and not re.search(PATTERNS["any_breach_or_cause"], their_indemnity, re.I)
    )


@rule(reports={"indemnity_one_sided"})
def indemnities(ctx: ClauseContext) -> list[Finding]:
    """Broad or fault-independent indemnities given by us without reciprocity."""
    out: list[Finding] = (
        _past_liabilities_assumed(ctx) or _no_apportionment(ctx) or _supplied_goods_ip_on_us(ctx)
    )
    if out:
        return out
    givers: dict[Side | None, list[tuple[Sentence, re.Match[str]]]] = {}
    for s, m in ctx.find(_IND):
        if VETOES.applies(
            "indemnified_party_named",
            re.match(PATTERNS["indemnified_party"], m.group(0), re.I)
            and not re.search(PATTERNS["by_word"], s.text[m.end() : m.end() + 15]),
        ):
            continue
        # "the Supplier's obligation to indemnify shall survive": the promise is named, not made here
        if VETOES.applies(
            "obligation_named",
            re.search(PATTERNS["obligation_named"], s.text[max(0, m.start() - 40) : m.start()], re.I),
        ):
            continue
        # "…一切损失，均由乙方赔偿": the one who pays is named after 由, not before the loss
        # "甲方被索赔的，乙方应予补偿": the one who pays is named after the comma
        at = m.end() if m.group("by") else m.end("payer") if m.group("payer") else m.start()
        givers.setdefault(ctx.actor(s, at), []).append((s, m))
    ours = [g for side, gs in givers.items() if ctx.parties.ours(side) for g in gs]
    reciprocal = (
        "mutual" in givers
        or (ctx.parties.known and any(ctx.parties.theirs(side) for side in givers))
        or (not ctx.parties.known and len(givers) > 1)
        # the other side's own indemnity in another clause ("16.2 The Licensor shall indemnify"), as
        # broad as a broad one of ours: the contract setting reads it (clauseflow_legal.mirror_indemnity).
        # A narrow one (infringement claims only) does not balance ours for any loss.
        or _balances_ours(str(ctx.metadata.get("their_indemnity") or ""))
    )
    for s, m in ours:
        text = s.text
        faults = list(
            re.finditer(
                r"(?:negligence|fault|breach|wil(?:l)?ful\s+misconduct|过错|过失)\s+of\s+(?:the\s+)?\w+|"
                r"(?:including|even\s+if).{0,60}(?:negligence|fault)|无论.{0,20}(?:过错|过失)"
                # "包括因乙方自身过错造成的损失": whoever the indemnified party is called
                rf"|包括.{{0,10}}(?:{ctx.them_rx}|甲方|对方).{{0,6}}(?:过错|过失)",
                text,
                re.I,
            )
        )

        def _theirs(fault: re.Match[str]) -> bool:
            return (
                "them" in ctx.parties.sides_in(fault.group(0))
                or re.search(PATTERNS["even_own_negligence"], fault.group(0), re.I) is not None
            )

        # "any breach of the Tenant's covenants ... or the negligence of the Landlord": any fault named may be theirs
        their_fault = next((f for f in faults if _theirs(f)), faults[0] if faults else None)
        fault_of_them = their_fault is not None and _theirs(their_fault)
        # "reduced in proportion to any contributory negligence of the Customer": their fault is named
        # to take it out of the indemnity, not to put it in
        if VETOES.applies("apportioned", fault_of_them and re.search(PATTERNS["apportioned"], text, re.I)):
            fault_of_them = False
        if VETOES.applies("own_fault_only", not fault_of_them and _own_fault_only(ctx, text[m.end() :])):
            continue
        broad = re.search(_BROAD, text, re.I)
        if VETOES.applies("narrow_or_mutual", not fault_of_them and (not broad or reciprocal)):
            continue
        if VETOES.applies(
            "own_breach_damages",
            not fault_of_them
            and ctx.has(_own_breach_damages(ctx), text)
            and not re.search(PATTERNS["third_party"], text, re.I),
        ):
            continue
        level = "high" if fault_of_them or re.search(PATTERNS["fault_independent"], text, re.I) else "medium"
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
                WORDING.t(ctx, "market"),
            )
        )
        break
    return out
