"""The protections a minority paid for, for the sha_minority rule (ma): a board seat, a veto over fundamental
matters, pre-emption, tag-along, a fair redemption price and regular information.
"""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.figures import find_periods
from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.ma.minority_thresholds import thresholds_above_our_holding
from clauseflow_legal.rules.ma.minority_vetoes import VETOES
from clauseflow_legal.rules.packs import patterns_beside, wording_beside

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)


def minority_protections(ctx: ClauseContext) -> list[Finding]:
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
    out += _board_without_our_seat(ctx, out) + _reserved_to_board_majority(ctx, out)
    return out + _reserved_to_them(ctx, out) + _information_rights(ctx) + thresholds_above_our_holding(ctx)


def _named(ctx: ClauseContext, pattern: str) -> str:
    return pattern.replace("US_NAMES", ctx.us_rx).replace("THEM_NAMES", ctx.them_rx)


def _board_without_our_seat(ctx: ClauseContext, reported: list[Finding]) -> list[Finding]:
    """The Board's seats are given out in the clause, to the other side, and none to us."""
    if any(f.risk_type == "sha_governance_weak" for f in reported):
        return []
    for s, m in ctx.find(_named(ctx, PATTERNS["board_composed"])):
        if VETOES.applies("our_seat_named", ctx.has(_named(ctx, PATTERNS["our_seat"]))):
            return []
        return [WORDING.finding(ctx, "no_board_seat", "sha_governance_weak", "high", span(s, m))]
    return []


def _reserved_to_board_majority(ctx: ClauseContext, reported: list[Finding]) -> list[Finding]:
    """Fundamental matters need only the Board's majority (the other side's), not our director."""
    if any(f.risk_type == "sha_governance_weak" for f in reported):
        return []
    for s, m in ctx.find(PATTERNS["reserved_to_board_majority"]):
        scope = s.text + " " + ctx.text[s.end : s.end + 400]  # the list may follow the lead-in
        if not re.search(PATTERNS["fundamental_matter"], scope, re.I):
            continue
        if VETOES.applies(
            "our_approval_needed", re.search(_named(ctx, PATTERNS["ours_in_the_approval"]), scope, re.I)
        ):
            continue
        return [WORDING.finding(ctx, "reserved_to_board_majority", "sha_governance_weak", "high", span(s, m))]
    return []


def _reserved_to_them(ctx: ClauseContext, reported: list[Finding]) -> list[Finding]:
    """The fundamental matters need the other side's approval and not ours: the veto list is theirs.

    "The following matters shall require the prior approval of the Founders: any issue of shares,
    ... any amendment to the Articles" read for the investor; "下列事项须经创始股东书面同意：增资、
    修改章程……" (own phrasings; the market gives the investor this list).
    """
    if any(f.risk_type == "sha_governance_weak" for f in reported):
        return []
    approval = PATTERNS["their_approval"].replace("THEM_NAMES", ctx.them_rx)
    for s, m in ctx.find(approval):
        scope = s.text + " " + ctx.text[s.end : s.end + 400]  # the list may follow the lead-in
        if not re.search(PATTERNS["fundamental_matter"], scope, re.I):
            continue
        if re.search(rf"(?:{ctx.us_rx})", s.text, re.I):
            continue  # our approval named too: a joint veto
        return [WORDING.finding(ctx, "reserved_to_them", "sha_governance_weak", "high", span(s, m))]
    return []


def _information_rights(ctx: ClauseContext) -> list[Finding]:
    """Only yearly accounts, months after the year end, or information denied outright: an investor
    cannot monitor its investment."""
    for s, m in ctx.find(PATTERNS["information_denied"]):
        side = ctx.actor(s, m.start())
        # the company denying every holder ("no obligation to provide any Shareholder"), or us denied
        if ctx.parties.theirs(side) and not re.search(PATTERNS["any_holder"], s.text, re.I):
            continue
        return [WORDING.finding(ctx, "information_denied", "sha_governance_weak", "medium", span(s, m))]
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
