"""The exclusivity rule (covenants): Exclusive-dealing obligations binding us without reciprocity."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.appointments import EXCLUSIVE_APPOINTMENT
from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.covenants.common import AFTER_THE_CONTRACT, EXCLUSIVE_DEALING
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import Sentence

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
# exclusive dealing as the covenants area reads it, and the sole-source obligation (buy only from one source)
DEALING = EXCLUSIVE_DEALING + "|" + PATTERNS["sole_source"]
# the restraint read is stated as a duty the party does not have ("is not obliged to purchase ...")
NOT_BOUND = re.compile(
    r"(?:\bnot\s+(?:be\s+|being\s+)?(?:obliged|obligated|required|bound)|\bno\s+obligation|\bnothing\b[^.;]{0,60}?\b(?:require|oblige|obligate)s?)\s+(?:\w+\s+){0,3}?to\s+(?:[\w-]+\s+){0,4}$",
    re.I,
)
NOT_BOUND_WITHIN = re.compile(r"\bnot\s+(?:be\s+|being\s+)?(?:obliged|obligated|required|bound)\s+to\b", re.I)
VETOES = Vetoes(
    "exclusivity",
    {
        "use_limited_not_dealing": '"use the Customer Data exclusively to provide the Services" limits use, it binds no dealing',
        "after_the_contract": "a restraint that runs after the contract ends is a non-compete (non_compete)",
        "answers_their_appointment": "our exclusive dealing answers the counterparty's exclusive appointment of us",
        "answers_their_purchasing": "our exclusive appointment answers their exclusive purchasing from us",
        "not_bound_to_buy": '"the Buyer shall not be obliged to purchase all of its requirements from the Supplier" states a freedom, it binds no dealing',
        "subcontracting_barred": '"乙方不得另行委托第三方": the provider may not subcontract its own work, which is no exclusivity',
        "their_designs_only": '"shall not sell parts made with the Buyer’s tooling to any other customer" protects their designs, it binds no dealing',
    },
)


@rule(reports={"exclusivity"})
def exclusivity(ctx: ClauseContext) -> list[Finding]:
    """Exclusive-dealing obligations binding us without reciprocity."""
    for s, m in ctx.find(DEALING):
        side = ctx.actor(s, m.start())
        if not ctx.parties.ours(side):
            continue
        if VETOES.applies(
            "subcontracting_barred",
            re.fullmatch(PATTERNS["appoints_no_other"], m.group(0)) and not ctx.parties.pays,
        ):
            continue
        used = m.groupdict().get("used")
        if VETOES.applies(
            "use_limited_not_dealing",
            used is not None
            and not any(
                ctx.parties.theirs(x.side) and x.end == len(used) for x in ctx.parties.mentions(used)
            ),
        ):
            continue
        if VETOES.applies(
            "their_designs_only",
            re.search(PATTERNS["sells"], m.group(0), re.I) and _made_to_their_designs(ctx, s.text, m),
        ):
            continue
        if VETOES.applies(
            "not_bound_to_buy",
            NOT_BOUND.search(s.text[: m.start()]) or NOT_BOUND_WITHIN.search(m.group(0)),
        ):
            continue
        if VETOES.applies("after_the_contract", AFTER_THE_CONTRACT.search(s.text)):
            continue
        if VETOES.applies(
            "answers_their_appointment",
            "appoint" not in m.group(0).lower() and _exclusive_appointment_beside(ctx, s, m),
        ):
            continue
        if VETOES.applies(
            "answers_their_purchasing",
            "appoint" in m.group(0).lower()
            and any(ctx.parties.theirs(ctx.actor(s2, m2.start())) for s2, m2 in ctx.find(DEALING)),
        ):
            continue
        return [
            Finding(
                "exclusivity",
                "medium",
                span(s, m),
                ctx.t(
                    f"{ctx.us} is bound to deal exclusively: it may buy only from {ctx.them} or its nominees."
                    if re.search(PATTERNS["only_from"] + "|" + PATTERNS["sole_source"], m.group(0), re.I)
                    else f"{ctx.us} is bound to deal exclusively ({m.group(0)}).",
                    f"{ctx.us}须承担排他交易义务（{m.group(0)}）。",
                ),
                WORDING.t(ctx, "why"),
                WORDING.t(ctx, "market"),
            )
        ]
    return []


def _made_to_their_designs(ctx: ClauseContext, text: str, m: re.Match[str]) -> bool:
    """The restrained goods (the match and the rest of its clause) are made to the counterparty's designs."""
    restrained = text[m.start() : m.end()] + re.split(r"[,;，；。]", text[m.end() :], maxsplit=1)[0]
    designs = re.search(PATTERNS["their_designs"], restrained, re.I)
    if not designs:
        return False
    # the English and Chinese forms name their owner groups apart (one compiled pattern)
    owners = ctx.parties.mentions(designs.group("owner") or designs.group("owner_zh") or "")
    return any(ctx.parties.theirs(x.side) for x in owners)


def _exclusive_appointment_beside(ctx: ClauseContext, s: Sentence, m: re.Match[str]) -> bool:
    """An exclusive appointment other than the restraint itself: in this clause, or the contract's line.

    "甲方不得另行委托其他服务机构" is read both as an appointment and as 甲方's restraint; it cannot
    answer itself.
    """
    for s2, m2 in ctx.find(EXCLUSIVE_APPOINTMENT.pattern):
        if _bars_us(ctx, s2, m2):
            continue  # "甲方只能向乙方采购，不得另行委托第三方": a second restraint on us, no appointment of us
        if s2 != s or m2.end() <= m.start() or m2.start() >= m.end():
            return True
    line = str(ctx.metadata.get("exclusive_appointment") or "").strip()
    if not line or line in ctx.text:
        return False
    found = EXCLUSIVE_APPOINTMENT.search(line)
    return not (found and _bars_us(ctx, Sentence(line, 0), found))


def _bars_us(ctx: ClauseContext, s: Sentence, m: re.Match[str]) -> bool:
    """The appointment read is a bar on us appointing anyone else ("甲方不得另行委托其他服务机构",
    "the Customer shall not appoint any other supplier"): our own restraint, not the other side's
    appointment of us, so it cannot answer our exclusive dealing."""
    return bool(re.match(PATTERNS["bar_on_appointing"], m.group(0), re.I)) and ctx.parties.ours(
        ctx.actor(s, m.start())
    )
