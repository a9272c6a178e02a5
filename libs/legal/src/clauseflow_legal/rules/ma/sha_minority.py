"""The sha_minority rule (ma): Weak governance, exit and dilution protection for a minority investor."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re
from collections.abc import Callable

from clauseflow_documents.numerals import ENGLISH_ORDINALS

from clauseflow_legal.rules.base import ClauseContext, Finding, Wording, finding, span
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import (
    Period,
    find_percents,
    find_periods,
    fmt_period,
    percent_pattern,
)

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "sha_minority",
    {
        "casting_vote_ours_or_denied": "a casting vote the clause denies, or one held by our own appointee",
        "dilution_at_fair_value": "a non-funder diluted by an issue at fair market value: the market consequence",
        "reported_already": "the quorum sentence is already reported as a weak-governance point",
        "compulsory_transfer_not_drag": "a call the majority exercises for itself, or a sanction: a compulsory transfer, not a drag",
        "interim_reports": "quarterly or monthly reports come besides the annual accounts",
        "within_market_window": "annual accounts within 120-150 days is the market window, not a weakness",
    },
)


@rule(reports={"sha_dilution_pre_emption", "sha_exit_rights_unfavourable", "sha_governance_weak"})
def sha_minority(ctx: ClauseContext) -> list[Finding]:
    """Weak governance, exit and dilution protection for a minority investor."""
    if not _a_minority(ctx):
        return []
    out = _standard_minority_points(ctx)
    out += _quorum_without_our_director(ctx, reported=out)
    out += _long_lock_up(ctx)
    out += _minority_protections(ctx)
    out += _low_drag_along_threshold(ctx)
    return out


def _a_minority(ctx: ClauseContext) -> bool:
    """Our party is a minority shareholder: an investor, or any party the contract gives under half.

    A joint-venture partner or co-founder holding 40% needs the same protections as an investor;
    its holding, not its title, makes it a minority.
    """
    if ctx.parties.is_role("investor") or (not ctx.parties.known and ctx.domain == "sha_spa"):
        return True
    held = _percent(ctx.metadata.get("our_shareholding"))
    return held is not None and held < 50


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
            r"(?:fails?|failure|does\s+not|do\s+not)\s+(?:to\s+)?(?:fund|subscribe|contribute|meet|pay|make|satisfy|comply\s+with)[^.;]{0,60}?\b(?:call|contribution|subscription|funding)s?\b"
            r".{0,200}?(?:dilut|(?:issu|allot|subscri|convert)\w*[^.;]{0,80}?(?:discount|nominal|par\b|\d{1,2}\s?%\s+of\s+the)[^.;]{0,40}?(?:value|price|net\s+asset)?)"
            r"|未(?:按期|按时|足额|如期)?(?:缴纳|缴付|实缴|出资|认缴|履行出资)[^。]{0,120}?(?:稀释|(?:增资|认购|发行|转股)[^。；]{0,30}?(?:折价|面值))",
            "Failure to fund triggers punitive dilution.",
            "未出资将触发惩罚性稀释。",
        ),
    )


def _standard_minority_points(ctx: ClauseContext) -> list[Finding]:
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
    return out


def _quorum_without_our_director(ctx: ClauseContext, *, reported: list[Finding]) -> list[Finding]:
    """The Board is quorate without our director (unless that sentence is ``reported`` already)."""
    out: list[Finding] = []
    for s, m in ctx.find(
        r"quor\w+.{0,120}?(?:whether\s+or\s+not|without|regardless\s+of|even\s+if).{0,40}(?:Investor|minority)\s*(?:Director)?|法定人数.{0,30}(?:无需|不论|不要求).{0,10}(?:投资方|小股东)"
        rf"|quor\w+\s+(?:for\s+(?:a\s+)?(?:Board\s+)?meetings?\s+)?shall\s+be\s+(?:\w+\s+){{0,3}}directors?\s+(?:appointed|nominated)\s+by\s+(?:the\s+)?(?:{ctx.them_rx})"
        # "须有过半数董事出席方可举行，无需乙方委派的董事出席"
        rf"|(?:无需|不需|不要求|不论)[^。；]{{0,4}}(?:{ctx.us_rx}|投资方|小股东)(?:委派|提名)的董事[^。；]{{0,4}}出席"
        # "two directors, who need not include the Investor Director"
        rf"|quor\w+[^.;]{{0,80}}?(?:need\s+not|does\s+not\s+need\s+to|is\s+not\s+required\s+to|not\s+required\s+to)\s+include\s+(?:the\s+|any\s+)?(?:Investor|minority|{ctx.us_rx})"
    ):
        # a quorum without our director is a point of its own, unless the sentence was reported already
        if not VETOES.applies(
            "reported_already",
            any(f.risk_type == "sha_governance_weak" and f.quote.start == s.start for f in reported),
        ):
            out.append(
                WORDING.finding(ctx, "quorum_without_our_director", "sha_governance_weak", "high", span(s, m))
            )
        break
    return out or _quorum_their_directors_make(ctx, reported=reported)


def _quorum_their_directors_make(ctx: ClauseContext, *, reported: list[Finding]) -> list[Finding]:
    """A Board quorum the other side's directors make alone: a number, or a majority, within their seats.

    The seats come from the board clause (``their_board_seats`` in the metadata). "A quorum shall be
    deemed to exist ... so long as at least a majority of the total number of Directors then in office
    are present" on a board where one side nominates three of five (cuad-train
    TRANSPHORM_INC_02_14_2020-EX-10.12_1_-JOINT_VENTURE_AGREEMENT.txt); own phrasings "the quorum shall
    be four directors" (four of seven seats theirs), "two Directors shall form a quorum". A quorum that
    names our director or each side's ("at least one representative appointed by each Party") is none.
    """
    board = re.match(r"(\d+) of (\d+)$", str(ctx.metadata.get("their_board_seats") or ""))
    if board is None:
        return []
    seats, size = float(board.group(1)), float(board.group(2))
    for s, m in ctx.find(PATTERNS["board_quorum"]):
        if re.search(PATTERNS["quorum_needs_each_side"], s.text, re.I) or re.search(
            rf"(?:{ctx.us_rx})\s+(?:Director|nominee|appointee|representative)", s.text, re.I
        ):
            return []
        needed = size // 2 + 1 if m.group("majority") else _quorum_number(m.group("n"))
        if needed > seats:
            continue
        if VETOES.applies(
            "reported_already",
            any(f.risk_type == "sha_governance_weak" and f.quote.start == s.start for f in reported),
        ):
            return []
        return [
            WORDING.finding(
                ctx,
                "quorum_their_directors_make",
                "sha_governance_weak",
                "medium",
                span(s, m),
                seats=f"{seats:g}",
            )
        ]
    return []


def _quorum_number(raw: str) -> float:
    """The directors a quorum names: "three (3)" → 3, "4" → 4."""
    digits = re.search(r"\d{1,2}", raw)
    if digits:
        return float(digits.group(0))
    return float(_NUMBER_WORDS.get(raw.split()[0].lower(), 99))


_NUMBER_WORDS = {
    w: i
    for i, w in enumerate(
        ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
    )
}


def _long_lock_up(ctx: ClauseContext) -> list[Finding]:
    """Our shares are locked in for more than three years."""
    out: list[Finding] = []
    for s, m in ctx.find(PATTERNS["lock_up"]):
        periods = [p for p in find_periods(s.text) if p.unit in {"month", "year"}] or _anniversaries(s.text)
        side = ctx.actor(s, m.start())
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


def _low_drag_along_threshold(ctx: ClauseContext) -> list[Finding]:
    """A drag-along the holders of under 75% can trigger."""
    out: list[Finding] = []
    # The dragged holders are Shareholders, Members (an LLC or a venture: "other Members" in 12
    # cuad-train contracts, e.g. BORROWMONEYCOM_INC_06_11_2020-EX-10.1-JOINT_VENTURE_AGREEMENT.txt),
    # holders or partners.
    for s, _m in ctx.find(
        r"drag[- ]along|领售|拖售|(?:require|compel|force)\s+(?:the\s+)?(?:Investor|(?:other|minority|remaining)\s+(?:Shareholders?|Members?|holders?|partners?))\s+to\s+(?:sell|transfer)"
        rf"|(?:{ctx.us_rx})[^。；，]{{0,6}}应(?:按|以)?(?:相同|同等)(?:的)?(?:价格和)?条件[^。；]{{0,12}}(?:出售|转让)"
    ):
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
    return out


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


def _minority_protections(ctx: ClauseContext) -> list[Finding]:
    """A minority investor without a board seat, a veto over fundamental matters, pre-emption,
    tag-along, a fair redemption price or regular information: each is a protection it paid for.

    The other side is named by its aliases (``them_rx``): in a Chinese SHA the founder is as
    often "乙方" as "创始股东".
    """
    us, them = ctx.us_rx, ctx.them_rx
    checks: tuple[tuple[str, str, str, str, str, str, str, str, str], ...] = (
        (
            "sha_governance_weak",
            "high",
            rf"(?:all|each)\s+(?:of\s+the\s+)?(?:directors|members\s+of\s+the\s+Board)\s+shall\s+be\s+(?:appointed|nominated|elected)\s+by\s+(?:the\s+)?(?:{them})"
            rf"|董事会由[^。；]{{0,12}}董事组成[^。；]{{0,6}}(?:全部|均|皆)由(?:{them})(?:提名|委派|任命|选派)|(?:全部|所有)董事(?:均)?由(?:{them})(?:提名|委派|任命|选派)"
            rf"|(?:{us})[^.;]{{0,30}}(?:may|shall\s+be\s+entitled\s+to)\s+appoint\s+(?:one|an|1)\s+(?:\(1\)\s+)?(?:board\s+)?observer[^.;]{{0,60}}(?:no|without\s+a?)\s+(?:right\s+to\s+)?vot"
            rf"|(?:{us})[^。；]{{0,10}}(?:仅)?(?:有权)?(?:委派|提名)[^。；]{{0,6}}(?:一名)?(?:董事会)?观察员[^。；]{{0,20}}(?:无|不享有)表决权",
            "Every director is appointed by the other shareholders: the Investor has no board seat.",
            "董事全部由对方提名，投资方没有董事席位。",
            "The business is run without any director answerable to the Investor.",
            "公司经营决策中没有对投资方负责的董事。",
            "Market: at least one investor director (and an observer), with quorum requiring that director.",
            "市场惯例：投资方至少委派一名董事（另设观察员），董事会法定人数须包括该董事。",
        ),
        (
            "sha_governance_weak",
            "high",
            r"(?:amend\w*\s+(?:of\s+)?the\s+(?:Articles|Charter)|issue\s+of\s+(?:new\s+)?shares|merger|winding[- ]up|liquidation|dissolution).{0,160}?(?:simple\s+majority|ordinary\s+resolution|majority\s+of\s+the\s+votes)"
            r"|(?:修改(?:公司)?章程|增加注册资本|减少注册资本|合并|分立|解散)[^。]{0,60}?(?:过半数|二分之一以上|简单多数)|(?:过半数|二分之一以上|简单多数)[^。]{0,40}?(?:修改(?:公司)?章程|增加注册资本|合并|分立|解散)"
            r"|(?:approv\w+|consent|resolution)\s+of\s+(?:the\s+)?(?:Shareholders?|members)\s+holding\s+(?:more\s+than\s+|over\s+|at\s+least\s+)?(?:fifty|50|fifty-one|51)\s*(?:\(\d+%?\)\s*)?(?:per\s*cent|%)[^.]{0,200}?(?:articles|new\s+shares|winding[- ]up|liquidation|sale\s+of\s+the\s+(?:whole|business))",
            "Fundamental matters (articles, capital, merger, dissolution) pass by simple majority, without the Investor's consent.",
            "修改章程、增减资、合并、分立、解散等根本事项以过半数通过，无需投资方同意。",
            "The majority can change the company's constitution and capital, or wind it up, over the Investor's objection.",
            "多数股东可不顾投资方反对修改章程、改变股本结构甚至解散公司；且中国《公司法》要求此类事项经代表三分之二以上表决权的股东通过。",
            "Market: a list of reserved matters requiring the Investor's consent; in a PRC company, at least the statutory two-thirds.",
            "市场惯例：设保留事项清单，须经投资方同意；中国公司至少须满足法定的三分之二以上表决权。",
        ),
        (
            "sha_dilution_pre_emption",
            "high",
            rf"(?:{us})[^.。；]{{0,20}}(?:shall\s+(?:have\s+no|not\s+have\s+any)|has\s+no|waives?\s+(?:its|any))\s+(?:right\s+of\s+)?pre-?empti\w*"
            rf"|(?:{us})[^。；]{{0,10}}(?:不享有|不具有|无|放弃)[^。；]{{0,6}}优先认购权|由(?:{them})(?:单方)?决定[^。；]{{0,10}}(?:增资价格|发行价格|认购方|认购人)"
            r"|no\s+(?:Shareholder|member|holder\s+of\s+Shares)\s+shall\s+have\s+(?:any\s+)?(?:right\s+of\s+)?pre-?empti"
            r"|(?:issue|allot)\s+(?:new\s+)?Shares\s+to\s+any\s+person\s+(?:at\s+such\s+price|on\s+such\s+terms)\s+as\s+it\s+(?:determines|thinks\s+fit|decides)"
            r"|(?:任何|各)股东(?:均)?(?:不享有|无)[^。；]{0,6}优先认购权",
            "New shares may be issued without offering the Investor its pro rata share.",
            "公司新增注册资本时投资方不享有优先认购权，增资价格和认购方由对方决定。",
            "The Investor's stake can be diluted at any price the majority chooses.",
            "投资方的持股可被多数股东以任意价格稀释。",
            "Market: pro rata pre-emption on every new issue, and broad-based weighted-average anti-dilution.",
            "市场惯例：每次新增发行投资方均享有按比例优先认购权，并有加权平均反稀释保护。",
        ),
        (
            "sha_exit_rights_unfavourable",
            "high",
            rf"(?:{us})[^.。；]{{0,20}}(?:shall\s+(?:have\s+no|not\s+have\s+(?:any|the))|has\s+no)\s+right\s+to\s+(?:participate|join|tag|sell\s+alongside)"
            rf"|(?:{us})[^.;]{{0,20}}(?:shall\s+(?:have\s+no|not\s+have\s+(?:any|the))|has\s+no)\s+right\s+to\s+sell[^.;]{{0,80}}(?:together\s+with|alongside|on\s+the\s+same\s+terms)"
            rf"|(?:{us})[^。；]{{0,6}}(?:亦|也)?(?:无权|不得|不能)要求[^。；]{{0,12}}(?:一并|共同|同时)(?:出售|转让)",
            "The other shareholders may sell to a third party without the Investor being able to sell alongside (no tag-along).",
            "对方向第三方转让股权时，投资方无权按同等条件一并出售（无随售权）。",
            "Control can change hands while the Investor is left behind with a new majority it did not choose.",
            "控制权可能转移，而投资方被留在其未选择的新控股股东之下。",
            "Market: tag-along on any transfer by the founders, and a right of first refusal.",
            "市场惯例：创始股东转让股权时投资方享有随售权和优先购买权。",
        ),
        (
            "sha_exit_rights_unfavourable",
            "medium",
            r"redemption\s+price\s+(?:shall\s+be|is|equal\s+to)\s+(?:the|its)\s+(?:Subscription\s+(?:Price|Amount)|amount\s+(?:originally\s+)?invested|original\s+investment)(?:\s+only|\s+without\s+interest|[.;])"
            rf"|(?:{us})\s+may\s+require\s+(?:the\s+)?(?:{them}|Company)\s+to\s+(?:purchase|buy|acquire|redeem)\s+(?:all\s+(?:of\s+)?|any\s+(?:of\s+)?)?its\s+Shares\s+at\s+(?:the|a\s+price\s+equal\s+to\s+(?:the|its))\s+(?:Subscription\s+(?:Price|Amount)|amount\s+(?:it\s+)?(?:originally\s+)?(?:paid|invested)|original\s+investment)(?:\s+only|\s+without\s+interest)?\s*[.;]"
            r"|回购价格为[^。；]{0,12}(?:投资本金|投资款|原始投资额|增资款)[^。；]{0,8}(?:不计利息|不计息|无息)",
            "The redemption price is the amount invested, without any return.",
            "回购价格仅为投资本金，不计利息。",
            "The Investor bears the time value and the risk of the failed plan, and the buy-back gives it nothing for either.",
            "投资方承担资金时间成本和计划落空的风险，回购却不给予任何回报。",
            "Market: the amount invested plus 6-10% a year (simple) and declared but unpaid dividends.",
            "市场惯例：投资本金加年化6%-10%（单利）的回报及已宣布未分配的红利。",
        ),
    )
    out: list[Finding] = []
    for risk, level, rx, en, zh, why_en, why_zh, market_en, market_zh in checks:
        for s, m in ctx.find(rx):
            out.append(
                Finding(
                    risk,
                    level,
                    span(s, m),
                    ctx.t(en, zh),
                    ctx.t(why_en, why_zh),
                    ctx.t(market_en, market_zh),
                )
            )
            break
    return out + _information_rights(ctx) + _thresholds_above_our_holding(ctx)


def _information_rights(ctx: ClauseContext) -> list[Finding]:
    """Only yearly accounts, months after the year end: an investor cannot monitor its investment."""
    for s, m in ctx.find(PATTERNS["annual_accounts_only"]):
        if VETOES.applies("interim_reports", re.search(PATTERNS["interim_reports"], ctx.text, re.I)):
            return []
        late = [p for p in find_periods(s.text[m.start() :]) if p.unit in {"month", "day"}]
        if VETOES.applies("within_market_window", late and late[0].months < 5):
            continue
        return [
            Finding(
                "sha_governance_weak",
                "medium",
                span(s, m),
                ctx.t(
                    "The Investor receives only annual accounts, months after the year end."
                    if late
                    else "The Investor receives only annual accounts, with nothing quarterly or monthly in between.",
                    "投资方仅能在会计年度结束后数月才获得年度财务报表。"
                    if late
                    else "投资方每年仅获得一次年度财务报告，其间无季度或月度信息。",
                ),
                WORDING.t(ctx, "information_why"),
                WORDING.t(ctx, "information_market"),
            )
        ]
    return []


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


# A clause on new issues: where a Board that may switch pre-emption off takes it away.
_NEW_ISSUE = PATTERNS["new_issue"]
_PRE_EMPTION_SWITCHED_OFF = PATTERNS["pre_emption_switched_off"]

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
_WORDED = r"(?:[a-z]+(?:[\s-][a-z]+){0,4}\s+(?:per\s*cent|percent)\s*\(\s*)?"
_SHARE = rf"(?:{_WORDED}{_PCT}\)?|(?P<frac>two[- ]thirds|three[- ]quarters|three-fourths))"
_SHARE_ZH = rf"(?:{_PCT_ZH}|(?P<frac_zh>三分之二|四分之三|二分之一))"


def _threshold(m: re.Match[str]) -> float:
    """The percentage a threshold pattern matched ("60%", "two-thirds", "三分之二")."""
    found = {
        k: v for k, v in m.groupdict().items() if v and k in {"pct", "pct_zh", "pct_zh2", "frac", "frac_zh"}
    }
    for key in ("pct", "pct_zh", "pct_zh2"):
        if key in found:
            return float(found[key])
    fraction = found.get("frac") or found.get("frac_zh") or ""
    return _FRACTIONS.get(fraction.lower().replace("–", "-"), 0.0)


def _thresholds_above_our_holding(ctx: ClauseContext) -> list[Finding]:
    """Protections that hang on a holding threshold the contract's own numbers make illusory.

    Needs our shareholding from the contract's setting (``our_shareholding`` in the prompt's
    metadata); without it a threshold cannot be judged and nothing is said.
    """
    held = _percent(ctx.metadata.get("our_shareholding"))
    if held is None:
        return []
    us, others = ctx.us, 100 - held

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
            # "Any shareholder holding at least 30% of the Shares may appoint one director"
            rf"\b(?:any|each|a)\s+(?:shareholder|holder|member)s?\s+(?:holding|who\s+holds?|owning|with)\s+(?:at\s+least|not\s+less\s+than|more\s+than|in\s+excess\s+of|a\s+minimum\s+of)\s+{_PCT}[^.;]{{0,60}}?(?:may|shall\s+be\s+entitled\s+to|has\s+the\s+right\s+to)\s+(?:appoint|nominate)"
            r"|(?:持股|持有)[^。；]{0,6}(?:不低于|不少于|达到|超过)\s*"
            + _PCT_ZH
            + r"[^。；]{0,10}(?:的)?股东[^。；]{0,10}(?:有权)?(?:委派|提名)[^。；]{0,6}(?:名)?董事",
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


def _percent(value: object) -> float | None:
    m = re.match(r"\s*(\d{1,3}(?:\.\d+)?)\s*%?\s*$", str(value or ""))
    return float(m.group(1)) if m else None
