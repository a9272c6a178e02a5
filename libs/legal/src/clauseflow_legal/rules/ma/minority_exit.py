"""Exit for the sha_minority rule (ma): a long lock-up of our shares, and a drag-along a small majority triggers."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_documents.numerals import ENGLISH_ORDINALS

from clauseflow_legal.figures import Period, find_percents, find_periods, fmt_period
from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.ma.minority_vetoes import VETOES
from clauseflow_legal.rules.packs import patterns_beside, wording_beside

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)


def long_lock_up(ctx: ClauseContext) -> list[Finding]:
    """Our shares are locked in for more than three years."""
    out: list[Finding] = []
    for s, m in ctx.find(PATTERNS["lock_up"]):
        periods = [p for p in find_periods(s.text) if p.unit in {"month", "year"}] or _anniversaries(s.text)
        side = ctx.actor(s, m.start())
        if not periods and ctx.parties.ours(side):
            # no end at all, only the other side's consent, which it may refuse as it likes
            consent = re.search(PATTERNS["their_consent"].replace("THEM_NAMES", ctx.them_rx), s.text, re.I)
            if consent and not re.search(PATTERNS["consent_reasonable"], s.text, re.I):
                out.append(
                    WORDING.finding(
                        ctx, "locked_in_by_consent", "sha_exit_rights_unfavourable", "high", span(s, m)
                    )
                )
                break
        if periods and periods[0].months > 36 and ctx.parties.ours(side):
            out.append(
                WORDING.finding(
                    ctx,
                    "long_lock_up",
                    "sha_exit_rights_unfavourable",
                    "high",
                    span(s, m),
                    period=fmt_period(periods[0]),
                )
            )
            break
    return out


def low_drag_along_threshold(ctx: ClauseContext) -> list[Finding]:
    """A drag-along the holders of under 75% can trigger."""
    out: list[Finding] = []
    # The dragged holders are Shareholders, Members (an LLC or a venture: "other Members" in 12
    # cuad-train contracts, e.g. BORROWMONEYCOM_INC_06_11_2020-EX-10.1-JOINT_VENTURE_AGREEMENT.txt),
    # holders or partners.
    dragged = (
        r"drag[- ]along|领售|拖售|(?:require|compel|force)\s+(?:the\s+|all\s+(?:of\s+)?(?:the\s+)?|each\s+of\s+the\s+)?(?:Investor|(?:other|minority|remaining)\s+(?:Shareholders?|Members?|holders?|partners?))\s+to\s+(?:sell|transfer)"
        rf"|(?:require|compel|force)\s+(?:the\s+)?(?:{ctx.us_rx})\s+to\s+(?:sell|transfer)\s+(?:all|the\s+whole)"
        # "投资方应当以同等价格和条件出售", "其他股东应按照相同的价格及条件转让" (应/应当, 按/按照/以, 和/及/与)
        rf"|(?:{ctx.us_rx}|其他(?:各)?股东|其余(?:各)?股东)[^。；，]{{0,6}}应(?:当)?(?:按照?|以)?(?:相同|同等)(?:的)?(?:价格(?:和|及|与)?)?条件[^。；]{{0,12}}(?:出售|转让)"
        # a drag described without its name: "Where the Founders agree to sell the entire issued share
        # capital, the Investor shall transfer its Shares to the purchaser at such price ... as the
        # Founders may agree" (own; "shall also sell all of its Shares to the proposed buyer")
        rf"|(?:{ctx.us_rx})\s+shall\s+(?:also\s+)?(?:sell|transfer)\s+(?:all\s+(?:of\s+)?)?its\s+(?:Shares|shares)\s+to\s+(?:the\s+)?(?:same\s+)?(?:purchaser|buyer|proposed\s+(?:purchaser|buyer|transferee)|third\s+party)"
    )
    for s, _m in ctx.find(dragged):
        if VETOES.applies(
            "compulsory_transfer_not_drag", re.search(PATTERNS["call_or_sanction"], s.text, re.I)
        ):
            continue
        pct = [p for p in find_percents(s.text)]
        if pct and pct[0].value < 75:
            out.append(
                WORDING.finding(
                    ctx,
                    "low_drag_along_threshold",
                    "sha_exit_rights_unfavourable",
                    "high",
                    span(s, pct[0].start),
                    pct=pct[0].value,
                )
            )
            break
    if not out:
        # a drag with no floor: the majority may sell the company, and our shares, at any price it accepts
        hit = next(ctx.find(dragged), None)
        if (
            hit is not None
            and not re.search(PATTERNS["call_or_sanction"], hit[0].text, re.I)
            and not VETOES.applies("drag_price_floor", re.search(PATTERNS["price_floor"], ctx.text, re.I))
        ):
            out.append(
                WORDING.finding(
                    ctx, "drag_without_floor", "sha_exit_rights_unfavourable", "medium", span(*hit)
                )
            )
    return out


def _anniversaries(text: str) -> list[Period]:
    """ "before the fifth anniversary of Completion" as five years (a lock-up counted in anniversaries)."""
    out = []
    for m in re.finditer(
        PATTERNS["before_anniversary"],
        text,
        re.I,
    ):
        n = m.group("n").lower()
        out.append(Period(float(ENGLISH_ORDINALS.get(n) or int(n)), "year", m.start("n"), m.end()))
    return out


def exit_terms_against_us(ctx: ClauseContext) -> list[Finding]:
    """Drag terms, one-sided transfers and leaver terms that take value from a minority founder.

    Own phrasings (cuad-train holds no drag-along consideration, leaver or minority-discount terms):
    drag "in cash, in securities of the buyer or deferred or contingent, as the Investor may elect",
    "in such form as the Dragging Shareholder determines, including loan notes", "give the same
    warranties as the Investor gives"; "the Investor may transfer any of its Shares at any time to any
    person" while our shares are locked; "the lower of their nominal value and 25% of their Fair
    Value", "a Founder who resigns ... shall be a Bad Leaver", "discounted to reflect that the Shares
    are a minority holding". The leaver terms bind founders: an investor is never their target.
    """
    out: list[Finding] = []
    drag = (
        rf"(?:securities|shares\s+in\s+the\s+(?:buyer|purchaser)|loan\s+notes|deferred|contingent|earn-?out)[^.;]{{0,120}}?(?:as|in\s+such\s+form\s+as)\s+(?:the\s+)?(?:{ctx.them_rx}|Dragging\s+Shareholders?)\s+(?:may\s+)?(?:elect|determine|decide|choose)s?"
        rf"|(?:securities|loan\s+notes|deferred|contingent)[^.;]{{0,80}}?at\s+the\s+(?:election|discretion|option)\s+of\s+(?:the\s+)?(?:{ctx.them_rx}|Dragging\s+Shareholders?)"
        rf"|(?:same|identical|equivalent)\s+(?:warranties|representations)[^.;]{{0,60}}?\bas\s+(?:the\s+)?(?:{ctx.them_rx}|Dragging\s+Shareholders?)\b"
    )
    if ctx.has(r"drag|Dragged|Dragging|Called\s+Shareholder"):
        hit = next(ctx.find(drag), None)
        if hit is not None:
            out.append(
                WORDING.finding(
                    ctx, "drag_terms_against_us", "sha_exit_rights_unfavourable", "high", span(*hit)
                )
            )
    free = next(
        ctx.find(
            rf"(?:{ctx.them_rx})\b[^.;]{{0,20}}?(?:may|shall\s+be\s+(?:free|entitled)\s+to|is\s+free\s+to)\s+transfer\b[^.;]{{0,80}}?\b(?:to\s+any\s+(?:person|third\s+party)|without\s+(?:any\s+)?(?:restriction|the\s+consent|consent))"
        ),
        None,
    )
    if free is not None and ctx.has(
        rf"(?:{ctx.us_rx})[^.;]{{0,60}}?(?:shall|may)\s+not\s+(?:sell|transfer|dispose)|lock-?up|Lock-?in"
    ):
        out.append(
            WORDING.finding(ctx, "one_sided_transfer", "sha_exit_rights_unfavourable", "high", span(*free))
        )
    if not ctx.parties.is_role("investor"):
        leaver = (
            (
                r"Bad\s+Leaver[^.;]{0,160}?(?:lower|lesser)\s+of[^.;]{0,60}?(?:nominal|par|subscription|issue)\s+(?:value|price)",
                "a bad leaver is paid the lower of cost or nominal value and a fraction of value",
                "恶意离职者按成本或面值与部分价值孰低者受让",
            ),
            (
                r"(?:resign\w*|terminat\w+\s+without\s+(?:cause|Cause)|dismiss\w+\s+without\s+(?:cause|Cause))[^.;]{0,120}?\bBad\s+Leaver\b|\bBad\s+Leaver\b\s+(?:means|includes)[^.;]{0,200}?(?:resign\w*|without\s+(?:cause|Cause))",
                "resignation or dismissal without cause counts as bad leaving",
                "辞职或无过错解雇被视为恶意离职",
            ),
            (
                r"(?<!no\s)(?<!without\s)(?:discount\w*|reduc\w+)\s+(?:to\s+reflect|for|on\s+account\s+of)[^.;]{0,40}?minority",
                "fair value carries a minority discount",
                "公允价值作少数股权折价",
            ),
        )
        for rx, what, what_zh in leaver:
            for s, m in ctx.find(rx):
                if re.search(
                    r"\bno\s+(?:discount|reduction)|without\s+(?:any\s+)?(?:discount|reduction)|not\s+be\s+(?:discounted|reduced)",
                    s.text,
                    re.I,
                ):
                    continue
                out.append(
                    WORDING.finding(
                        ctx,
                        "leaver_terms_against_us",
                        "sha_exit_rights_unfavourable",
                        "high",
                        span(s, m),
                        what=what,
                        what_zh=what_zh,
                    )
                )
                return out
    return out


def exit_rights_denied(ctx: ClauseContext, *, reported: list[Finding]) -> list[Finding]:
    """An investor's exit rights denied outright or held by the other side alone (medium each).

    The other side's first refusal on our shares with none of ours on theirs; our transfers to our
    own affiliates and funds needing their consent; no liquidation preference; no redemption or put.
    Read for the investor (a founder holding a minority has none of these to lose).
    """
    if not (ctx.parties.is_role("investor") or not ctx.parties.known) or any(
        f.risk_type == "sha_exit_rights_unfavourable" for f in reported
    ):
        return []

    def named(pattern: str) -> str:
        return pattern.replace("US_NAMES", ctx.us_rx).replace("THEM_NAMES", ctx.them_rx)

    for s, m in ctx.find(named(PATTERNS["their_first_refusal"])):
        if re.search(PATTERNS["first_refusal_mutual"], s.text, re.I):
            continue
        return [
            WORDING.finding(ctx, "their_first_refusal", "sha_exit_rights_unfavourable", "medium", span(s, m))
        ]
    for s, m in ctx.find(named(PATTERNS["affiliate_transfer_barred"])):
        return [
            WORDING.finding(
                ctx, "affiliate_transfer_barred", "sha_exit_rights_unfavourable", "medium", span(s, m)
            )
        ]
    for s, m in ctx.find(named(PATTERNS["consent_to_our_transfer"])):
        if re.search(PATTERNS["consent_reasonable"], s.text) or re.search(
            PATTERNS["competitor_only"], s.text, re.I
        ):
            continue
        return [
            WORDING.finding(ctx, "locked_in_by_consent", "sha_exit_rights_unfavourable", "high", span(s, m))
        ]
    for s, m in ctx.find(named(PATTERNS["no_preference"])):
        return [WORDING.finding(ctx, "no_preference", "sha_exit_rights_unfavourable", "medium", span(s, m))]
    for s, m in ctx.find(PATTERNS["no_deemed_liquidation"]):
        return [
            WORDING.finding(
                ctx, "no_deemed_liquidation", "sha_exit_rights_unfavourable", "medium", span(s, m)
            )
        ]
    for s, m in ctx.find(named(PATTERNS["no_redemption"])):
        return [WORDING.finding(ctx, "no_redemption", "sha_exit_rights_unfavourable", "medium", span(s, m))]
    return []
