"""Our liability without a ceiling, for the liability_caps rule (liability): "without limit", "liable for all
losses", "不受任何金额限制", unless a cap in the clause may cover it.
"""

from __future__ import annotations

import re

from clauseflow_legal.parties import Side
from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.liability.cap_carve_outs import STANDARD_CARVE
from clauseflow_legal.rules.liability.cap_measure import liable_side
from clauseflow_legal.rules.liability.cap_vetoes import VETOES
from clauseflow_legal.rules.liability.common import PENALTY_ZH
from clauseflow_legal.rules.packs import patterns_beside, wording_beside
from clauseflow_legal.text import Sentence

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)


def _a_cap_may_cover_us(ctx: ClauseContext, s: Sentence) -> bool:
    """Whether a cap in the clause may limit the liability stated in ``s``: one in ``s`` itself, or
    one not expressly limited to the counterparty ("乙方的累计赔偿责任不超过一万元" caps only 乙方)."""
    for x in ctx.sentences:
        if not re.search(_SUBJECT_TO_CAP, x.text, re.I):
            continue
        if x.start == s.start or not ctx.parties.theirs(liable_side(ctx, x)):
            return True
    return False


# Wording that says a liability has no ceiling, in the many ways contracts say it.
NO_LIMIT = PATTERNS["no_limit"]
_ALL_LOSSES = PATTERNS["all_losses"]
_AGGRAVATED = PATTERNS["aggravated"]
_SUBJECT_TO_CAP = PATTERNS["subject_to_cap"]


_PENALTY_SUBJECT = rf"liquidated\s+damages|delay\s+damages|penalt|{PENALTY_ZH}"


# "including, without limitation," introduces examples and "without limitation of its rights"
# reserves rights: neither says that a liability has no ceiling.
_NOT_A_CEILING = PATTERNS.compiled("not_a_ceiling")


_MARKET_ITEM = PATTERNS.compiled("market_item")


def _market_items_only(carved: str) -> bool:
    """Whether every item a carve-out lists is one the market leaves uncapped (fraud, wilful misconduct,
    death and personal injury, confidentiality, infringement, data protection)."""
    items = [i for i in re.split(PATTERNS["carve_item_separator"], carved, flags=re.I) if re.search(r"\w", i)]
    return bool(items) and all(_MARKET_ITEM.search(i) for i in items)


def _carved_out_side(ctx: ClauseContext, carved: str) -> Side | None:
    """Whose liability a carve-out leaves unlimited when no actor is read: the one side it names ("any
    act or omission of any Warrantor"), or in a share deal the seller's for claims under its warranties
    or indemnities ("any claim under the Title Warranties or the Tax Covenant")."""
    sides = ctx.parties.sides_in(carved) - {"mutual", "other"}
    if len(sides) == 1:
        return next(iter(sides))
    if not sides and ctx.domain == "sha_spa" and re.search(PATTERNS["warrantor_claims"], carved):
        return "us" if ctx.parties.is_role("seller") else None
    return None


def unlimited_liability(ctx: ClauseContext) -> list[Finding]:
    """Our liability stated to have no ceiling: "without limit", "no limitation shall apply to
    the Supplier", "liable for all losses of whatever nature", "不受任何金额限制", "承担全部赔偿责任，
    包括间接损失"; a penalty or liquidated-damages sum without a cap belongs to the LD rule.

    Every sentence is read: an article may state an uncapped indemnity in 6.1 and say outright
    that our liability is unlimited in 6.2 (one finding per sub-clause is kept by the analysis)."""
    out: list[Finding] = []
    for s in ctx.sentences:
        text = s.text
        explicit = re.search(NO_LIMIT, _NOT_A_CEILING.sub(lambda h: " " * len(h.group(0)), text), re.I)
        broad = re.search(_ALL_LOSSES, text, re.I)
        if not explicit and not (broad and re.search(_AGGRAVATED, text, re.I)):
            continue
        anchor = explicit or broad
        assert anchor is not None
        if VETOES.applies(
            "limit_missing_is_not_liability",
            explicit is not None and not broad and not re.search(PATTERNS["liability_subject"], text, re.I),
        ):
            continue
        if VETOES.applies("guarantee_unlimited", re.search(PATTERNS["unlimited_guarantee"], text, re.I)):
            continue
        if VETOES.applies(
            "uncapped_penalty",
            re.search(_PENALTY_SUBJECT, text, re.I)
            and not broad
            and not re.search(PATTERNS["loss_beside_penalty"], text, re.I),
        ):
            continue
        if VETOES.applies("within_the_cap", explicit is None and _a_cap_may_cover_us(ctx, s)):
            continue
        if VETOES.applies(
            "standard_carve_out", explicit is not None and _market_items_only(text[explicit.end() :])
        ):
            continue
        if VETOES.applies(
            "standard_carve_out",
            re.search(STANDARD_CARVE, text, re.I)
            and not broad
            and not re.search(PATTERNS["any_other_loss"], text, re.I),
        ):
            continue
        side: Side | None = None
        to = explicit.groupdict().get("to") if explicit is not None else None
        if to:
            ms = ctx.parties.mentions(to)
            side = ms[0].side if ms else None
        if side is None:
            owner = re.search(
                PATTERNS["liability_owner"],
                text,
                re.I,
            )
            if owner and owner.end() <= anchor.end() + 60:
                ms = ctx.parties.mentions(text[owner.end() : owner.end() + 60])
                if ms and ms[0].start <= 2:
                    side = ms[0].side
        if side is None:
            verb = re.search(PATTERNS["liability_verb"], text, re.I)
            by = re.search(PATTERNS["borne_by"], text, re.I)
            if by:
                ms = ctx.parties.mentions(text[by.end() : by.end() + 40])
                side = ms[0].side if ms else None
            if side is None:
                side = ctx.actor(s, verb.start() if verb else anchor.start())
        if side is None:
            side = _carved_out_side(ctx, text[anchor.start() :])
        if not ctx.parties.ours(side):
            continue
        out.append(
            Finding(
                "uncapped_liability",
                "high",
                span(s, anchor.start()),
                ctx.t(
                    f"{ctx.us}'s liability under this provision has no cap"
                    + (
                        " and extends to indirect or consequential loss."
                        if re.search(PATTERNS["indirect_loss_en"], text, re.I)
                        else "."
                    ),
                    f"{ctx.us}在本条项下的责任不设上限"
                    + (
                        "，且及于间接损失或利润损失。"
                        if re.search(PATTERNS["indirect_loss_zh"], text)
                        else "。"
                    ),
                ),
                WORDING.t(ctx, "uncapped_why"),
                WORDING.t(ctx, "uncapped_market"),
            )
        )
    return out
