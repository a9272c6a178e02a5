"""The unilateral_change rule (commercial): The counterparty may change prices, scope, specifications or the contract terms on its own."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re
from collections.abc import Iterator

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import Sentence

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "unilateral_change",
    {
        "independent_determiner": "a figure set by someone independent of the counterparty (expert, arbitrator, surveyor)",
        "reasonable_determination": "a determination that must be reasonable can be challenged: not the other side's say-so",
        "change_balanced": "the change needs both parties' agreement or carries a price and time adjustment",
        "own_policy_not_binding": "a party's own manual, rules or policies change our terms only once they bind us",
        "our_consent_needed": "the change needs our consent, so it is not unilateral",
        "increase_capped": "an indexed or capped yearly increase is the market norm, not a unilateral change",
        "objective_index": "the figure follows an index the contract names (LME, a statistics office's PPI): no one's choice",
    },
)

_CHANGE_OBJ = PATTERNS["change_obj"]
# A party's own manual, standards or rules are a change to our terms only once they bind us.
_CHANGE_EN_POLICY = PATTERNS.compiled("change_en_policy")
_BINDS_US_EN = PATTERNS.compiled("binds_us_en")
# A party's own rules and policies ("保密管理制度") are a change to our terms only once they bind us.
_CHANGE_ZH_POLICY = PATTERNS["change_zh_policy"]
_BINDS_US_ZH = PATTERNS["binds_us_zh"]
_CHANGE_ZH_OBJ = PATTERNS["change_zh_obj"]
_CHANGE = PATTERNS["change"]
# The change is balanced when it needs both parties' agreement or carries a price/time adjustment.
_CHANGE_BALANCED = PATTERNS["change_balanced"]
# A change that needs someone's consent: "provided that the Supplier obtains the Bank's written consent".
_CONSENT_OF = PATTERNS.compiled("consent_of")
# A price increase bounded by an index or a ceiling: "by no more than CPI", "不超过百分之三".
_PRICE_INCREASE_CAPPED = PATTERNS["price_increase_capped"]
_NO_ADJUSTMENT = PATTERNS["no_adjustment"]
_ANNOUNCED = PATTERNS["change_announced"]
_APPLIES_UNLESS_OBJECTED = PATTERNS.compiled("applies_unless_objected")


def _nearby(ctx: ClauseContext, s: Sentence) -> str:
    """The sentence and what follows it (a change's conditions are often said next)."""
    return " ".join(x.text for x in ctx.sentences if x.start >= s.start)[: len(s.text) + 300]


def _changes(ctx: ClauseContext) -> Iterator[tuple[Sentence, re.Match[str], bool]]:
    """Each change a party may make: a right to change, or a change announced that applies unless
    both agree otherwise or we object in time (True)."""
    for s, m in ctx.find(_CHANGE):
        yield s, m, False
    for s, m in ctx.find(_ANNOUNCED):
        if _APPLIES_UNLESS_OBJECTED.search(_nearby(ctx, s)):
            yield s, m, True


def _objective_index(text: str) -> bool:
    """The figure follows an index the contract names, not one the other side picks."""
    return bool(
        re.search(PATTERNS["named_index"], text, re.I)
        and not re.search(PATTERNS["index_of_its_choice"], text, re.I)
    )


def _changed_thing(phrase: str, zh: bool) -> str:
    """What a change phrase changes: its last object ("revised rates" -> "rates")."""
    if zh:
        return re.split(PATTERNS["change_verb_zh"], phrase)[-1].rstrip("的")
    objects = list(re.finditer(rf"\b(?:{_CHANGE_OBJ})\b", phrase, re.I))
    return objects[0].group(0) if objects else phrase


@rule(reports={"unilateral_change_right"})
def unilateral_change(ctx: ClauseContext) -> list[Finding]:
    """The counterparty may change prices, scope, specifications or the contract terms on its own."""
    for s, m in ctx.find(PATTERNS["determined_by_them"]):
        who = next((v for k, v in m.groupdict().items() if k.startswith("who") and v), "")
        named = ctx.parties.mentions(who)
        if not named or not ctx.parties.theirs(named[0].side):
            continue
        # "Supplier's calculation shall be conclusive" says whose figure it is; the price it moves is said
        # elsewhere in the clause
        if not re.search(PATTERNS["payment_word"], ctx.text if m.group("who7") else s.text, re.I):
            continue
        if VETOES.applies("objective_index", _objective_index(s.text)):
            continue
        if VETOES.applies(
            "independent_determiner",
            re.search(PATTERNS["independent_determination"], s.text, re.I)
            or (
                re.search(PATTERNS["surveyor_or_valuer"], s.text, re.I)
                and not re.search(rf"(?:{ctx.them_rx})['’]s\s+(?:surveyor|valuer)", s.text)
            ),
        ):
            continue
        if VETOES.applies(
            "reasonable_determination", re.search(PATTERNS["reasonable_discretion"], s.text, re.I)
        ):
            continue
        upward = re.search(
            PATTERNS["upward_only"],
            s.text,
            re.I,
        )
        # a deduction from what we are paid ("根据考核结果扣减…服务费，扣减比例由甲方确定")
        cut = re.search(PATTERNS["deduction"], s.text, re.I)
        return [
            Finding(
                "unilateral_change_right",
                "high"
                if upward or m.group("who") or re.search(PATTERNS["accepted_orders"], _nearby(ctx, s), re.I)
                else "medium",
                span(s, m),
                WORDING.t(ctx, "pay_cut_by_them")
                if cut
                else ctx.t(
                    f"What {ctx.us} pays is set by {ctx.them}'s own determination"
                    + (", and can only go up." if upward else "."),
                    f"{ctx.us}的付款金额由{ctx.them}单方确定" + ("，且只升不降。" if upward else "。"),
                ),
                WORDING.t(ctx, "determination_why"),
                WORDING.t(ctx, "determination_market"),
            )
        ]
    for s, m, announced in _changes(ctx):
        text = s.text
        nearby = _nearby(ctx, s)
        by = next((v for k, v in m.groupdict().items() if k.startswith("by") and v), None)
        # "as varied by the Franchisor from time to time": the party after "by" makes the change
        named_by = ctx.parties.mentions(by) if by else []
        side = named_by[0].side if named_by else None if by else ctx.actor(s, m.start())
        if not ctx.parties.theirs(side):
            continue
        if VETOES.applies("change_balanced", re.search(_CHANGE_BALANCED, nearby, re.I)):
            continue
        # the thing changed, not the grounds: "根据国家利率政策变化…单方调整借款利率" changes a rate
        pobj = next((v for k, v in m.groupdict().items() if k.startswith("pobj") and v), None)
        changed = pobj if pobj else re.split(PATTERNS["change_verb_zh"], m.group(0))[-1]
        if VETOES.applies(
            "own_policy_not_binding",
            re.search(_CHANGE_ZH_POLICY, changed) and not re.search(_BINDS_US_ZH, nearby),
        ):
            continue
        if VETOES.applies(
            "own_policy_not_binding",
            (_CHANGE_EN_POLICY.search(changed) or _CHANGE_EN_POLICY.search(m.group(0)))
            and not _BINDS_US_EN.search(nearby),
        ):
            continue
        consent = _CONSENT_OF.search(nearby)
        if consent:
            named = ctx.parties.mentions(consent.group("of") or consent.group("owner"))
            if VETOES.applies("our_consent_needed", named and ctx.parties.ours(named[0].side)):
                continue
        if VETOES.applies("increase_capped", re.search(_PRICE_INCREASE_CAPPED, text, re.I)):
            continue
        if VETOES.applies("objective_index", _objective_index(text)):
            continue
        posting = re.search(PATTERNS["posting"], text, re.I)
        # or the change is ours to carry out at our cost ("requiring the Franchisee to refit the Outlet at its own cost")
        unpaid = re.search(_NO_ADJUSTMENT, ctx.text, re.I) or re.search(
            rf"(?:{ctx.us_rx})\b[^.;]{{0,80}}?at\s+its\s+own\s+(?:cost|expense)", nearby, re.I
        )
        what = (
            _changed_thing(m.group(0), ctx.zh)
            if announced or by
            else re.sub(PATTERNS["up_to_the_verb"], "", m.group(0), flags=re.I)
        )
        if announced:
            return [
                WORDING.finding(
                    ctx, "announced_change", "unilateral_change_right", "high", span(s, m), what=what
                )
            ]
        return [
            Finding(
                "unilateral_change_right",
                "high",
                span(s, m),
                ctx.t(
                    f"{ctx.them} may unilaterally change {what}"
                    + (
                        " simply by posting or on notice, with continued use treated as acceptance."
                        if posting
                        else f", and {ctx.us} must comply without any adjustment to the price."
                        if unpaid
                        else "."
                    ),
                    f"{ctx.them}可单方{what}"
                    + (
                        "，仅需公布或通知，继续使用即视为接受。"
                        if posting
                        else f"，且{ctx.us}须照办而价格不作调整。"
                        if unpaid
                        else "。"
                    ),
                ),
                ctx.t(
                    f"{ctx.us} would be bound by changes it never agreed"
                    + (
                        " and would bear their cost." if unpaid else ", during a term it cannot easily leave."
                    ),
                    f"{ctx.us}将受其未同意的变更约束"
                    + ("，并承担变更成本。" if unpaid else "，且难以退出。"),
                ),
                WORDING.t(ctx, "change_market"),
            )
        ]
    return []
