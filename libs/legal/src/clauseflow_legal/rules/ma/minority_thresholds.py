"""Holding thresholds for the sha_minority rule (ma): a board seat, a veto or a tag-along that hangs on a
percentage our holding never reaches (or the others' holding reaches without us).
"""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re
from collections.abc import Callable

from clauseflow_legal.figures import percent_pattern, zh_to_number
from clauseflow_legal.rules.base import ClauseContext, Finding, Wording, finding, span
from clauseflow_legal.rules.packs import patterns_beside, wording_beside

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)


_PCT = percent_pattern("pct")
_PCT_ZH = percent_pattern("pct_zh")  # the Chinese alternative of the same pattern
_FRACTIONS = {
    "two-thirds": 200 / 3,
    "two thirds": 200 / 3,
    "three-quarters": 75.0,
    "three quarters": 75.0,
    "three-fourths": 75.0,
    "三分之二": 200 / 3,
    "四分之三": 75.0,
    "二分之一": 50.0,
}
# "at least three percent (3.0%)" (cuad-train MEETGROUP_INC_06_29_2017-EX-10.1-COOPERATION_AGREEMENT.txt):
# the figure in brackets after the words is the one read.
_WORDED = r"(?:[a-z]+(?:[\s-][a-z]+){0,4}\s+(?:per\s*cent|percent)\.?\s*\(\s*)?"
_SHARE = rf"(?:{_WORDED}{_PCT}\)?|(?P<frac>two[- ]thirds|three[- ]quarters|three-fourths))"
_SHARE_ZH = rf"(?:{_PCT_ZH}|(?P<frac_zh>三分之二|四分之三|二分之一))"
# A holding with its comparator after the figure: "15% or more", "百分之十五（15%）以上", "10%及以上" (the figure
# in words, in digits, or both; cuad-train's control definitions put it so: "ownership of fifty percent (50%) or
# more of the voting stock or the power to appoint ... a majority of the directors", FuelcellEnergyInc_20191106_8-K_
# EX-10.1_11868007_EX-10.1_Development_Agreement).
_OR_MORE = (
    rf"(?:百分之(?P<pct_zh_words>[一二两三四五六七八九十]{{1,3}})"
    rf"(?:\s*[（(]\s*\d{{1,3}}(?:\.\d+)?\s*[%％]\s*[）)])?|{percent_pattern('pct_zh3')})\s*(?:或|及|或者)?以上"
)
_OR_MORE_EN = rf"{_WORDED}{percent_pattern('pct_en2')}\)?\s+or\s+(?:more|greater|above)"


def _threshold(m: re.Match[str]) -> float:
    """The percentage a threshold pattern matched ("60%", "two-thirds", "三分之二")."""
    found = {
        k: v
        for k, v in m.groupdict().items()
        if v and k in {"pct", "pct_zh", "pct_zh2", "pct_zh3", "pct_en2", "frac", "frac_zh"}
    }
    for key in ("pct", "pct_zh", "pct_zh2", "pct_zh3", "pct_en2"):
        if key in found:
            return float(found[key])
    if m.groupdict().get("pct_zh_words"):
        return float(zh_to_number(m.group("pct_zh_words")) or 0.0)
    fraction = found.get("frac") or found.get("frac_zh") or ""
    return _FRACTIONS.get(fraction.lower().replace("–", "-"), 0.0)


def thresholds_above_our_holding(ctx: ClauseContext) -> list[Finding]:
    """Protections that hang on a holding threshold the contract's own numbers make illusory.

    Needs our shareholding from the contract's setting (``our_shareholding`` in the prompt's
    metadata); without it a threshold cannot be judged and nothing is said.
    """
    held = holding_percent(ctx.metadata.get("our_shareholding"))
    if held is None:
        return []
    us, others = ctx.us, 100 - held
    hit_text: list[str] = []  # the matched threshold: a seat's wording or a right's

    def seat(needed: float) -> tuple[Wording, Wording, Wording]:
        return (
            (
                f"{us}'s board seat depends on holding {needed:g}%, more than the {held:g}% it holds.",
                f"{us}的董事委派权以持股{needed:g}%为条件，高于其实际持有的{held:g}%。",
            ),
            (
                f"At its {held:g}% {us} never reaches the threshold, so the seat it negotiated is no seat at all.",
                f"以{held:g}%的持股，{us}永远达不到该门槛，约定的董事席位形同虚设。",
            ),
            (
                f"Market: the seat is tied to a threshold below {us}'s holding at signing (commonly half of it), so only a substantial sell-down loses it.",
                "市场惯例：董事委派权的持股门槛低于签约时的持股（通常为其一半），只有大幅减持才丧失该权利。",
            ),
        )

    def seat_or_right(needed: float) -> tuple[Wording, Wording, Wording]:
        if hit_text and re.search(r"appoint|nominat|designat|director", hit_text[0], re.I):
            return seat(needed)
        return (
            (
                f"{us}'s right depends on holding {needed:g}%, more than the {held:g}% it holds.",
                f"{us}的该项权利以持股{needed:g}%为条件，高于其实际持有的{held:g}%。",
            ),
            (
                f"At its {held:g}% {us} never reaches the threshold, so the protection it negotiated never operates.",
                f"以{held:g}%的持股，{us}永远达不到该门槛，约定的保护条款形同虚设。",
            ),
            (
                f"Market: the right is tied to a threshold below {us}'s holding at signing (commonly half of it), so only a substantial sell-down loses it.",
                "市场惯例：该权利的持股门槛低于签约时的持股（通常为其一半），只有大幅减持才丧失该权利。",
            ),
        )

    def reserved(needed: float) -> tuple[Wording, Wording, Wording]:
        share = _as_share(needed, ctx.zh)
        return (
            (
                f"Reserved matters pass with {share} of the votes, which the other shareholders hold without {us} ({others:g}%).",
                f"保留事项经{share}表决权即可通过，其他股东合计持有{others:g}%，无需{us}同意。",
            ),
            (
                f"A supermajority {us}'s {held:g}% cannot block is a majority decision: the veto {us} needs over the fundamental matters is missing.",
                f"{us}的{held:g}%无法否决该特别多数，{us}对根本事项应有的否决权实际不存在。",
            ),
            (
                f"Market: reserved matters need {us}'s written consent, or a threshold above {others:g}% so that {us}'s vote is required.",
                f"市场惯例：保留事项须经{us}书面同意，或将表决门槛设在{others:g}%以上，使{us}的表决不可或缺。",
            ),
        )

    on_reserved_matters = ctx.has(PATTERNS["reserved_matters"])
    checks: tuple[
        tuple[str, Callable[[float], bool], Callable[[float], tuple[Wording, Wording, Wording]]], ...
    ] = (
        (
            rf"(?:{ctx.us_rx})[^.;]{{0,60}}?(?:may|shall\s+be\s+entitled\s+to|has\s+the\s+right\s+to)\s+(?:appoint|nominate)[^.;]{{0,80}}?(?:for\s+so\s+long\s+as|provided\s+(?:that\s+)?|if|while|only\s+(?:if|while))\s+(?:it|they|the\s+\w+)\s+(?:holds?|owns?|retains?|has)\s+(?:at\s+least|not\s+less\s+than|more\s+than|in\s+excess\s+of|a\s+minimum\s+of)\s+{_PCT}"
            rf"|(?:{ctx.us_rx})[^。；]{{0,10}}持股比例(?:不低于|不少于|达到|超过)\s*{_PCT_ZH}[^。；]{{0,20}}(?:有权)?(?:委派|提名)[^。；]{{0,6}}(?:名)?董事",
            lambda needed: needed > held,
            seat,
        ),
        (
            # The condition first, then our right: "if HOC exercises the Option and holds a Pro Rata
            # Interest of at least 40%, HOC shall be entitled to appoint a total of two (2) individuals
            # to the Board of Directors" (cuad-train GOLDRESOURCECORP_12_11_2008-EX-10.1-STRATEGIC_ALLIANCE_AGREEMENT.txt);
            # own phrasings "For so long as the Founder holds not less than 40 per cent. of the Shares,
            # it may appoint one Director", "While Northgate retains more than 30% of the equity, the
            # Company shall not amend its articles without Northgate's consent". The share may be
            # qualified at length before the right ("of the Ordinary Shares in issue (calculated on a
            # fully diluted basis, counting the preference shares as converted), X shall be entitled").
            rf"(?:for\s+so\s+long\s+as|so\s+long\s+as|provided\s+(?:that\s+)?|\bif|\bwhile|only\s+(?:if|while))\s+(?:the\s+)?(?:{ctx.us_rx})\b[^.;]{{0,60}}?\b(?:holds?|owns?|retains?|has)\b[^.;]{{0,40}}?(?:at\s+least|not\s+less\s+than|more\s+than|in\s+excess\s+of|a\s+minimum\s+of)\s+{_SHARE}\.?[^.;]{{0,200}}?(?:appoint|nominat|designat|director|consent|approv|veto)",
            lambda needed: needed > held,
            seat_or_right,
        ),
        (
            # Our right that lapses below a threshold: own phrasings "Founder HoldCo may appoint one
            # director, provided that this right shall cease if its shareholding falls below 40%",
            # "Maple's consent is required for the matters in Schedule 2; that right lapses when Maple
            # ceases to hold at least 30% of the Shares", "the Trust's veto terminates once it holds less
            # than 25 per cent of the voting rights".
            rf"(?:{ctx.us_rx})\b[^.;]{{0,120}}?(?:appoint|nominat|designat|director|consent|approv|veto)[^.;]{{0,120}}?\b(?:ceases?|terminates?|lapses?|falls?\s+away|no\s+longer\s+appl\w+|shall\s+not\s+apply)\b[^.;]{{0,80}}?(?:(?:holding|shareholding|interest|stake)\s+(?:falls?|is|drops?|is\s+reduced)\s+(?:below|under|to\s+less\s+than)|holds?\s+less\s+than|ceases?\s+to\s+hold\s+(?:at\s+least\s+)?)\s*{_SHARE}",
            lambda needed: needed > held,
            seat_or_right,
        ),
        (
            # "Any shareholder holding at least 30% of the Shares may appoint one director"
            rf"\b(?:any|each|a)\s+(?:shareholder|holder|member)s?\s+(?:holding|who\s+holds?|owning|with)\s+(?:at\s+least|not\s+less\s+than|more\s+than|in\s+excess\s+of|a\s+minimum\s+of)\s+{_PCT}[^.;]{{0,60}}?(?:may|shall\s+be\s+entitled\s+to|has\s+the\s+right\s+to)\s+(?:appoint|nominate)"
            r"|(?:持股|持有)[^。；]{0,6}(?:不低于|不少于|达到|超过)\s*"
            + _PCT_ZH
            + r"[^。；]{0,10}(?:的)?股东[^。；]{0,10}(?:有权)?(?:委派|提名)[^。；]{0,6}(?:名)?董事"
            # the comparator after the figure: "any shareholder holding 15% or more of the Shares may
            # appoint", "持有公司百分之十五（15%）以上股权的股东有权提名一名董事", "持股10%及以上的股东可以推荐董事一名"
            + rf"|\b(?:any|each|a)\s+(?:shareholder|holder|member)s?\s+(?:holding|who\s+holds?|owning|with)\s+{_OR_MORE_EN}[^.;]{{0,60}}?(?:may|shall\s+be\s+entitled\s+to|has\s+the\s+right\s+to)\s+(?:appoint|nominate)"
            + rf"|(?:持股|持有)[^。；\d]{{0,10}}?{_OR_MORE}[^。；]{{0,10}}(?:的)?股东[^。；]{{0,10}}(?:有权|可以|可)?(?:委派|提名|推荐)[^。；]{{0,8}}?(?:名)?董事",
            lambda needed: needed > held,
            seat,
        ),
        (
            # A holding may be pooled before its figure: "owns in the aggregate at least three percent
            # (3.0%)" (cuad-train MEETGROUP_INC_06_29_2017-EX-10.1-COOPERATION_AGREEMENT.txt),
            # "representing in the aggregate 5.0% or more" (cuad-train
            # GWG_HOLDINGS_INC._-_ORDERLY_MARKETING_AGREEMENT.txt), "own in the aggregate less than
            # 50%" (cuad-train Monsanto_Company_-_SECOND_A_R_EXCLUSIVE_AGENCY_AND_MARKETING_AGREEMENT.txt).
            # The article may go, as in "a minimum of 100 Units in aggregate" (cuad-train
            # CybergyHoldingsInc_20140520_10-Q_EX-10.27_…_Affiliate_Agreement.txt); "together" or
            # "collectively" after the verb occurs in none.
            rf"(?:approv\w+|consent|sanction|resolution)\s+(?:of|by)\s+(?:the\s+)?(?:Shareholders?|members|holders)\s+(?:holding|representing|who\s+hold)\s+(?:in\s+(?:the\s+)?aggregate\s+)?(?:at\s+least\s+|not\s+less\s+than\s+|more\s+than\s+|over\s+)?{_SHARE}"
            rf"|(?:经|由)(?:代表|持有)[^。；]{{0,6}}?{_SHARE_ZH}(?:以上)?(?:的)?(?:表决权|股权)的股东[^。；]{{0,6}}(?:同意|通过|批准)",
            lambda needed: on_reserved_matters and 50 < needed <= others,
            reserved,
        ),
    )
    out: list[Finding] = []
    for pattern, illusory, wording in checks:
        hit = next(((s, m) for s, m in ctx.find(pattern) if illusory(_threshold(m))), None)
        if hit is not None:
            hit_text[:] = [hit[1].group(0)]
            out.append(finding(ctx, "sha_governance_weak", "high", span(*hit), *wording(_threshold(hit[1]))))
    return out + _tag_along_threshold(ctx)


def _tag_along_threshold(ctx: ClauseContext) -> list[Finding]:
    """A tag-along that starts only when the majority sells more than half of the company."""
    if not ctx.has(PATTERNS["tag_along"]):
        return []
    for s, m in ctx.find(
        rf"transfer\w*\s+(?:Shares\s+)?(?:representing\s+|comprising\s+)?(?:more\s+than|in\s+excess\s+of|at\s+least|over|not\s+less\s+than)\s+{_PCT}"
        rf"|转让[^。；]{{0,10}}(?:超过|以上|不低于)?[^。；]{{0,4}}?{_PCT_ZH}(?:以上)?[^。；]{{0,6}}股权"
        rf"|转让[^。；]{{0,20}}股权(?:比例)?(?:超过|达到|不低于)\s*{percent_pattern('pct_zh2')}"
    ):
        block = _threshold(m)
        if block > 50:
            return [
                WORDING.finding(
                    ctx,
                    "tag_along_threshold",
                    "sha_exit_rights_unfavourable",
                    "high",
                    span(s, m),
                    block=block,
                )
            ]
    return []


def _as_share(value: float, zh: bool) -> str:
    """A threshold as a lawyer writes it: "two-thirds" / "三分之二", otherwise "60%"."""
    for words, share in _FRACTIONS.items():
        if (
            abs(share - value) < 0.01
            and share != 50.0
            and (bool(re.search(PATTERNS["chinese_char"], words)) == zh)
        ):
            return words
    return f"{value:g}%"


def holding_percent(value: object) -> float | None:
    """A holding as the contract's setting states it ("40%", "40") in percent; None when it is no figure."""
    m = re.match(r"\s*(\d{1,3}(?:\.\d+)?)\s*%?\s*$", str(value or ""))
    return float(m.group(1)) if m else None
