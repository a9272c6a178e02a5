"""The standard minority points for the sha_minority rule (ma): casting vote, deadlock, reserved matters by
simple majority, a compulsory transfer at a discount, pre-emption switched off and punitive dilution.
"""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.figures import words_to_number
from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.ma.minority_vetoes import VETOES
from clauseflow_legal.rules.packs import patterns_beside, wording_beside

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)


def _minority_checks(ctx: ClauseContext) -> tuple[tuple[str, str, str, str], ...]:
    """The standard minority points: (risk type, pattern, English and Chinese description)."""
    return (
        (
            "sha_governance_weak",
            r"casting\s+vote|决定票|票数相等[^。；]{0,12}董事长[^。；]{0,10}(?:最终决定|决定权|多投一票|有权决定)",
            "The chair appointed by the majority has a casting vote.",
            "由多数股东委派的董事长享有决定票。",
        ),
        (
            "sha_governance_weak",
            r"deadlock.{0,160}(?:chair|majority|Founder|casting)|僵局.{0,40}(?:董事长|大股东)"
            r"|(?:cannot|can\s*not|fail\s+to|are\s+unable\s+to|do\s+not)\s+agree[^.;]{0,120}(?:chair\w*|Founder|majority)[^.;]{0,60}(?:decide|determine|final|casting)"
            r"|(?:cannot|can\s*not|fail\s+to|are\s+unable\s+to|do\s+not)\s+agree[^.;]{0,120}(?:decided|determined|resolved|settled)\s+by\s+the\s+(?:chair\w*|Founder|majority)"
            r"|(?:不能|无法|未能)[^。；，]{0,16}?(?:达成一致|协商一致)[^。；]{0,30}(?:由)?(?:董事长|大股东|创始股东)[^。；]{0,10}(?:决定|裁决)",
            "Deadlock is resolved in the majority's favour.",
            "僵局解决机制偏向多数股东。",
        ),
        (
            "sha_governance_weak",
            # Matters reserved to the other shareholder alone, our consent not needed: own phrasings
            # "the Reserved Matters shall require the prior written consent of the Investor only", "the
            # consent of Founder HoldCo shall not be required for any Reserved Matter", "decisions on the
            # budget are for Lakeside alone". (cuad-train holds no shareholders' agreement reserving
            # matters to one holder; MOELIS_CO_03_24_2014-EX-10.19 "the foregoing consent of SMBC shall
            # not be required" is the same form of a consent withdrawn.)
            rf"(?:matters?|decisions?|resolutions?|actions?)\b[^.;]{{0,120}}?(?:consent|approval|sanction)\s+of\s+(?:the\s+)?(?:{ctx.them_rx})\s+(?:only|alone)\b"
            rf"|(?:matters?|decisions?|resolutions?)\b[^.;]{{0,80}}?\bfor\s+(?:the\s+)?(?:{ctx.them_rx})\s+alone\b"
            rf"|(?:consent|approval|sanction)\s+of\s+(?:the\s+)?(?:{ctx.us_rx})\s+(?:shall\s+not\s+be|is\s+not|will\s+not\s+be)\s+(?:required|needed|necessary)\b[^.;]{{0,60}}?(?:matter|decision|resolution)"
            rf"|(?:matters?|decisions?|resolutions?)\b[^.;]{{0,160}}?(?:consent|approval|sanction)\s+of\s+(?:the\s+)?(?:{ctx.us_rx})\s+(?:shall\s+not\s+be|is\s+not|will\s+not\s+be)\s+(?:required|needed|necessary)"
            # "The matters in Clause 9.1 are reserved to the Investor alone and shall not require the
            # approval or consent of Founder HoldCo" (active form; own phrasings "are reserved to
            # Lakeside exclusively", "do not require any vote of the Founders"); Chinese "保留事项由投资方
            # 单独决定，无需创始股东同意", "上述事项仅需投资方书面同意".
            rf"|(?:matters?|decisions?|resolutions?|actions?)\b(?:[^.;]|\.(?=\d)){{0,80}}?\b(?:reserved|left|belong\w*)\s+(?:solely\s+)?to\s+(?:the\s+)?(?:{ctx.them_rx})\s+(?:alone|only|exclusively|solely)\b"
            rf"|(?:matters?|decisions?|resolutions?|actions?)\b(?:[^.;]|\.(?=\d)){{0,160}}?\b(?:shall|will|do(?:es)?)\s+not\s+require\s+(?:the\s+|any\s+)?(?:\w+\s+){{0,2}}?(?:approval|consent|sanction|vote)\s+(?:or\s+(?:approval|consent|sanction)\s+)?of\s+(?:the\s+)?(?:{ctx.us_rx})"
            rf"|(?:保留事项|重大事项|下列事项|上述事项)[^。]{{0,80}}?(?:由(?:{ctx.them_rx})(?:单独|自行|独立)决定|仅需(?:经)?(?:{ctx.them_rx})(?:书面)?(?:同意|批准)|无需(?:经)?(?:{ctx.us_rx})(?:书面)?(?:同意|批准))",
            "Reserved matters are decided by the other shareholder alone, without our consent.",
            "保留事项由对方股东单独决定，无需我方同意。",
        ),
        (
            "sha_governance_weak",
            # Our votes cast as the other shareholder directs: "they shall vote ... in accordance with
            # the Board's recommendation" (cuad-train ALLISONTRANSMISSIONHOLDINGSINC_12_15_2014-EX-99.1-
            # COOPERATION_AGREEMENT.txt, the company's board there, no co-shareholder: not read); own
            # phrasings "Founder HoldCo shall exercise all voting rights attaching to its Shares in such
            # manner as the Investor directs", "Kestrel undertakes to vote its shares in accordance with
            # the instructions of Orbis", "the Trustee shall cast its votes as Harbour may require".
            rf"(?:{ctx.us_rx})\b[^.;]{{0,80}}?\b(?:shall|will|must|undertakes?\s+to|agrees?\s+to)\s+(?:exercise|cast|vote)\b[^.;]{{0,100}}?\b(?:as|in\s+(?:such\s+)?(?:manner|way)\s+as|in\s+accordance\s+with(?:\s+the\s+(?:directions?|instructions?|recommendations?)\s+of)?)\s+(?:the\s+)?(?:{ctx.them_rx})\b(?:\s+(?:may\s+)?(?:directs?|instructs?|requires?|requests?))?",
            "Our votes are cast as the other shareholder directs.",
            "我方须按对方股东的指示行使表决权。",
        ),
        (
            "sha_governance_weak",
            r"reserved\s+matters?.{0,120}(?:simple\s+majority|ordinary\s+resolution|majority\s+of\s+the\s+(?:Board|directors))|保留事项.{0,30}(?:简单多数|过半数)",
            "Reserved matters are decided by simple majority.",
            "保留事项以简单多数决定。",
        ),
        (
            "sha_exit_rights_unfavourable",
            r"(?:compulsory\s+transfer|deemed\s+(?:to\s+have\s+)?(?:served|given)\s+a\s+transfer\s+notice|deemed\s+to\s+have\s+offered).{0,160}(?:discount|lower\s+of|nominal|par\s+value)"
            r"|强制转让.{0,40}(?:折价|面值)|视为[^。；]{0,10}(?:要约|同意)(?:出售|转让)[^。；]{0,40}(?:面值|注册资本|折价|原始出资)"
            # "甲方有权以乙方原始出资额的50%收购乙方持有的全部股权"
            rf"|(?:有权|可)(?:以|按)[^。；]{{0,16}}?\d+(?:\.\d+)?\s?%[^。；]{{0,10}}(?:收购|购买|回购)(?:{ctx.us_rx})"
            # "the Founder may require the Investor to transfer all its Shares to the Founder at 50% of their Fair Value"
            rf"|(?:require|compel|force)\s+(?:the\s+)?(?:{ctx.us_rx})\s+to\s+(?:sell|transfer)[^.;]{{0,100}}?\b(?:at|for)\s+(?:(?:\w+\s+)?\(?\d+(?:\.\d+)?\s?%\)?\s+of|a\s+discount|the\s+lower\s+of|nominal|par)"
            # a call over our shares priced below their value: "AFSL shall have the option of purchasing
            # from TPH-A, and TPH-A shall be obligated to sell, all of the Shares then owned by TPH-A at a
            # purchase price per Share equal to the lesser of: (i) the Net Book Value ..." (cuad-train
            # TRANSPHORM_INC_02_14_2020-EX-10.12_1_-JOINT_VENTURE_AGREEMENT.txt, on default); own phrasings
            # "the Founder may buy the shares held by the Investor at their net asset value", "may acquire
            # all Units owned by the defaulting Member at their nominal value"
            rf"|(?:purchas\w*|acquir\w*|buy)\b[^.;]{{0,80}}?\b(?:Shares|shares|Units|units)\s+(?:then\s+)?(?:held|owned)\s+by\s+(?:the\s+)?(?:{ctx.us_rx})\b[^.;]{{0,80}}?\b(?:net\s+book\s+value|book\s+value|net\s+asset\s+value|nominal\s+value|par\s+value|the\s+lesser\s+of|the\s+lower\s+of)"
            # The same sanction written for whichever holder defaults binds us as much as them: "the
            # non-defaulting Party would make a written offer to purchase the shares of the defaulting
            # Party at the price determined in terms of Article 15" (cuad-train
            # IMPCOTECHNOLOGIESINC_04_15_2003-EX-10.65-JOINT_VENTURE_AGREEMENT.txt, there at fair market
            # price: no finding), TRANSPHORM above (the defaulter's shares at the lesser of book value and
            # cost); own phrasings "may require the breaching Member to transfer its Units at their book
            # value", "may compel the insolvent Partner to sell its interest at 60% of its appraised value".
            # Only a price below value makes it a finding.
            rf"|(?:require|compel|force)\s+(?:the|any|a|each)\s+(?:defaulting|breaching|insolvent|transferring)\s+(?:Shareholder|Party|Member|Partner|holder)\s+to\s+(?:sell|transfer)[^.;]{{0,100}}?\b(?:at|for)\s+(?:(?:\w+(?:-\w+)?\s+)?(?:per\s*cent\s+)?\(?\d+(?:\.\d+)?\s?%\)?\s+of|a\s+discount|the\s+lower\s+of|the\s+lesser\s+of|nominal|par\b|(?:its|their|the)\s+(?:net\s+)?(?:book|asset)\s+value|(?:its|their|the)\s+net\s+asset\s+value)"
            rf"|(?:purchas\w*|acquir\w*|buy)\b[^.;]{{0,40}}?\b(?:shares|units|interest)\s+(?:of|held\s+by|owned\s+by)\s+the\s+(?:defaulting|breaching|insolvent)\s+(?:Shareholder|Party|Member|Partner|holder)\b[^.;]{{0,80}}?\b(?:net\s+book\s+value|book\s+value|net\s+asset\s+value|nominal\s+value|par\s+value|the\s+lesser\s+of|the\s+lower\s+of|a\s+discount|\d+(?:\.\d+)?\s?%\)?\s+of)"
            # the same in Chinese (own phrasings): "守约方有权按违约方所持股权的账面价值收购该等股权",
            # "守约方有权要求违约方以其股权净资产值的80%转让全部股权", "违约股东应按其出资额的七折向其他股东转让全部股权"
            r"|(?:守约方|非违约方|其他股东)[^。；]{0,10}(?:有权|可)[^。；]{0,40}?违约(?:方|股东)[^。；]{0,30}?(?:账面(?:价值|净值)|净资产|面值|\d{1,2}(?:\.\d+)?\s?%|[一二三四五六七八九]折)[^。；]{0,20}?(?:收购|购买|受让|转让|出售)"
            r"|违约(?:方|股东)[^。；]{0,6}(?:应|须)(?:以|按)[^。；]{0,20}?(?:账面(?:价值|净值)|净资产|面值|\d{1,2}(?:\.\d+)?\s?%|[一二三四五六七八九]折)[^。；]{0,20}?(?:转让|出售)",
            "Compulsory transfer at a discount applies to the minority.",
            "小股东适用折价强制转让。",
        ),
        (
            "sha_dilution_pre_emption",
            r"pre-?empti\w*.{0,100}(?:shall\s+not\s+apply|disappl|waive\w*).{0,100}(?:Board|majority|ordinary\s+resolution)|without\s+(?:first\s+)?offering.{0,40}(?:existing\s+)?shareholders|无需.{0,10}(?:优先认购|向现有股东)",
            "Pre-emption on new issues can be disapplied by the majority.",
            "新股优先认购权可由多数股东排除。",
        ),
        (
            "sha_dilution_pre_emption",
            # Full-ratchet anti-dilution for the other side: its conversion price falls to the new,
            # lower issue price, or we hand it shares for nothing. Own phrasings (cuad-train holds no
            # anti-dilution adjustment): "the Conversion Price of the Preference Shares shall be reduced
            # to that lower price", "the conversion ratio shall be adjusted so that each Series A Share
            # converts at the price of the Down Round", "the Founders shall transfer to the Investor for
            # nil consideration such number of Shares as ...". A weighted-average adjustment is no ratchet.
            (
                r"conversion\s+(?:price|rate|ratio)[^.;]{0,120}?(?:reduced|adjusted|decreased|lowered)\s+(?:so\s+as\s+)?to\s+(?:equal\s+)?(?:that|such|the)\s+(?:lower|new|reduced)\s+(?:issue\s+|subscription\s+)?price"
                r"|conversion\s+(?:price|rate|ratio)[^.;]{0,120}?(?:adjusted|reduced)\s+so\s+that[^.;]{0,80}?converts?\s+at\s+the\s+(?:price|issue\s+price)\s+of\s+the\s+(?:Down\s+Round|new|lower)"
                if not ctx.parties.is_role("investor")
                else r"(?!x)x"
            )
            + rf"|(?:{ctx.us_rx})\b[^.;]{{0,40}}?\b(?:shall|must|will)\s+(?:transfer|issue|give)\s+to\s+(?:the\s+)?(?:{ctx.them_rx})\b[^.;]{{0,40}}?\bfor\s+(?:nil|no|nominal)\s+consideration",
            "Full-ratchet anti-dilution: a lower-priced issue re-prices the other side's shares at our cost.",
            "完全棘轮反稀释：低价增发时以我方为代价调整对方股份价格。",
        ),
        (
            "sha_dilution_pre_emption",
            # Pre-emption that the other side alone can switch off: own phrasings "Any issue of shares
            # approved by the Board with Investor Consent shall be excluded from the rights of
            # pre-emption", "pre-emption rights shall not apply to any allotment approved by Orbis", "the
            # provisions of this clause on pre-emption are disapplied for any issue to which Lakeside
            # consents".
            rf"(?:issues?|allotments?)\b[^.;]{{0,80}}?(?:with|by|subject\s+to|to\s+which)\s+(?:the\s+)?(?:(?:{ctx.them_rx})\s+(?:Consent|consents?|approval)|(?:consent|approval)\s+of\s+(?:the\s+)?(?:{ctx.them_rx}))[^.;]{{0,80}}?(?:exclud\w+\s+from|shall\s+not\s+(?:be\s+)?(?:apply|subject)|disappl\w*)[^.;]{{0,40}}?pre-?empt"
            rf"|pre-?empt\w*[^.;]{{0,120}}?(?:shall\s+not\s+apply|(?:are|is)\s+disappl\w+|exclud\w+)[^.;]{{0,80}}?(?:(?:approved|consented\s+to|agreed)\s+(?:to\s+)?(?:in\s+writing\s+)?by\s+(?:the\s+)?(?:{ctx.them_rx})|(?:{ctx.them_rx})\s+(?:Consent|consents))",
            "Pre-emption can be disapplied by the other shareholder alone.",
            "新股优先认购权可由对方股东单独排除。",
        ),
        (
            "sha_dilution_pre_emption",
            _PRE_EMPTION_SWITCHED_OFF if ctx.has(_NEW_ISSUE) else r"(?!x)x",
            "Pre-emption on new issues can be disapplied by the majority.",
            "新股优先认购权可由多数股东排除。",
        ),
        (
            "sha_dilution_pre_emption",
            # Not paying a capital call, contribution or subscription, after which the others take
            # new shares at a punitive price: a dilution, or an issue, subscription or conversion at
            # a discount, at par or at a fraction of the value. The unpaid call must be named, and
            # the price must follow the issue: a buyer who "does not pay" and forfeits "10% of the
            # price" is no dilution. The default is phrased "fails to make its respective capital
            # contribution" (cuad-train IMPCOTECHNOLOGIESINC_04_15_2003-EX-10.65-JOINT_VENTURE_AGREEMENT.txt),
            # "fails to make its capital contribution, in whole or in part" (cuad-train
            # VALENCETECHNOLOGYINC_02_14_2003-EX-10-JOINT_VENTURE_CONTRACT.txt, there a ground to
            # terminate) and "does not pay its share of a capital call". In those contracts the others
            # just make up the shortfall, with no punitive price: so the price stays required.
            # "If Founder HoldCo fails to provide its proportion in full, ... the Shares ... shall be
            # issued at fifty per cent. (50%) of the price specified in the Funding Call" (own).
            r"(?:fails?|failure|does\s+not|do\s+not)\s+(?:to\s+)?(?:fund|subscribe|contribute|meet|pay|make|satisfy|comply\s+with|provide)[^.;]{0,60}?\b(?:call|contribution|subscription|funding|proportion|pro\s+rata\s+share)s?\b"
            r".{0,200}?(?:dilut|(?:issu|allot|subscri|convert)\w*(?:[^.;]|(?<=cent)\.){0,80}?(?:discount|nominal|par\b|\d{1,2}\s?%\)?\s+of\s+the)[^.;]{0,40}?(?:value|price|net\s+asset)?)"
            r"|未(?:按期|按时|足额|如期)?(?:缴纳|缴付|实缴|出资|认缴|履行出资)[^。]{0,120}?(?:稀释|(?:增资|认购|发行|转股)[^。；]{0,30}?(?:折价|面值))",
            "Failure to fund triggers punitive dilution.",
            "未出资将触发惩罚性稀释。",
        ),
    )


def standard_minority_points(ctx: ClauseContext) -> list[Finding]:
    """The first instance of each standard minority point (casting vote, deadlock, reserved matters, …)."""
    out: list[Finding] = []
    for risk, rx, en, zh in _minority_checks(ctx):
        for s, m in ctx.find(rx):
            if _not_against_us(ctx, s.text, m):
                continue
            # a call on our change of control is the change_of_control rule's finding, not a second one
            if risk == "sha_exit_rights_unfavourable" and re.search(
                PATTERNS["change_of_control"], s.text, re.I
            ):
                continue
            out.append(
                Finding(
                    risk,
                    "high",
                    span(s, m),
                    ctx.t(en, zh),
                    WORDING.t(ctx, "minority_why"),
                    WORDING.t(ctx, "minority_market"),
                )
            )
            break
    return out + _short_acceptance_window(ctx, reported=out)


# An offer of new shares open for days a holder cannot raise the money in: own phrasings "Each
# Shareholder may accept the offer of New Securities by notice given within five Business Days",
# "an offer of new shares ... open for acceptance for 7 days", "must subscribe within three (3)
# business days of the offer, failing which the offer lapses". Market: 10 business days (14 days)
# at the least, commonly 20 business days.
_WINDOW = re.compile(
    r"(?:accept\w*|take\s+up|subscribe)\b[^.;]{0,80}?\b(?:within|for|of)\s+(?P<n>\d{1,2}|[a-z]+)(?:\s*\(\d{1,2}\))?\s+(?P<business>business\s+|working\s+)?days?\b"
    r"|open\s+(?:for\s+acceptance\s+)?(?:for|during)\s+(?:a\s+period\s+of\s+)?(?P<n2>\d{1,2}|[a-z]+)(?:\s*\(\d{1,2}\))?\s+(?P<business2>business\s+|working\s+)?days?\b",
    re.I,
)


def _short_acceptance_window(ctx: ClauseContext, *, reported: list[Finding]) -> list[Finding]:
    """An offer of new shares to the holders that lapses in fewer than 10 business days (14 days)."""
    if not ctx.has(_NEW_ISSUE) or any(f.risk_type == "sha_dilution_pre_emption" for f in reported):
        return []
    for s, m in ctx.find(_WINDOW.pattern):
        # the offer of a pre-emption clause: "The offer shall remain open for five Business Days"
        if not re.search(_NEW_ISSUE_EN, s.text, re.I) and not (
            re.search(r"\boffer", s.text, re.I) and re.search(_NEW_ISSUE_EN, ctx.text, re.I)
        ):
            continue
        raw = m.group("n") or m.group("n2") or ""
        days = float(raw) if raw.isdigit() else words_to_number(raw)
        business = bool(m.group("business") or m.group("business2"))
        if days is None or days >= (10 if business else 14):
            continue
        return [
            Finding(
                "sha_dilution_pre_emption",
                "high",
                span(s, m),
                ctx.t(
                    f"The offer of new shares lapses after {days:g} {'business ' if business else ''}days: too short to raise the money, so pre-emption is lost in practice.",
                    f"新股认购要约仅{days:g}个{'工作' if business else ''}日内有效，来不及筹资，优先认购权实际落空。",
                ),
                WORDING.t(ctx, "minority_why"),
                WORDING.t(ctx, "minority_market"),
            )
        ]
    return []


def _not_against_us(ctx: ClauseContext, sentence: str, m: re.Match[str]) -> bool:
    """A casting vote the clause denies, or one held by our own appointee; a dilution at fair value.

    "The chairman shall not have a casting vote" and "the chairman appointed by the Investor shall
    have a casting vote" protect the minority. A shareholder who does not fund being diluted by an
    issue at fair market value is the market consequence; only a discount or nominal price punishes.
    """
    matched = m.group(0)
    if re.search(PATTERNS["casting_vote"], matched, re.I):
        return VETOES.applies(
            "casting_vote_ours_or_denied",
            re.search(PATTERNS["no_casting_vote"], sentence, re.I)
            or re.search(
                rf"(?:appointed|nominated|chosen)\s+by\s+(?:the\s+)?(?:{ctx.us_rx})|由(?:{ctx.us_rx})(?:委派|提名|推荐)",
                sentence,
                re.I,
            ),
        )
    if re.match(r"(?:fails?|failure|does\s+not|do\s+not|未)", matched, re.I):
        # the holder that fails to fund is the one diluted: "Where Founder HoldCo fails to provide its
        # pro rata share …, the Investor may fund the shortfall" read for the Investor is its gain
        defaulter = ctx.parties.side_before(sentence, m.start() + 1, window=60)
        if VETOES.applies("their_default_diluted", defaulter == "them"):
            return True
    if re.search(PATTERNS["dilution"], matched, re.I) and not re.search(
        PATTERNS["punitive_price"], matched, re.I
    ):
        fair = re.search(
            PATTERNS["at_fair_value"],
            sentence,
            re.I,
        )
        below = re.search(
            PATTERNS["fraction_of_fair_value"],
            sentence,
        )
        return VETOES.applies("dilution_at_fair_value", bool(fair) and not below)
    return False


# A clause on new issues: where a Board that may switch pre-emption off takes it away.
_NEW_ISSUE = PATTERNS["new_issue"]
_PRE_EMPTION_SWITCHED_OFF = PATTERNS["pre_emption_switched_off"]
_NEW_ISSUE_EN = r"new\s+(?:Shares|shares|securities)|(?:issue|allot\w*)\s+(?:of\s+)?(?:any\s+)?(?:new\s+)?(?:Shares|shares)|pre-?empti|New\s+Securities"
