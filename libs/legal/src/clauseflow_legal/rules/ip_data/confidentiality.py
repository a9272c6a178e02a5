"""The confidentiality rule (ip_data): Overbroad confidentiality burdens on us as the (main) recipient."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re
from collections.abc import Callable

from clauseflow_legal.rules.base import ClauseContext, Finding, finding, span
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import Sentence

# "甲方以任何形式向乙方披露", "disclosed by the Company to the Consultant": who gives the information.
_DISCLOSES_ZH = (
    r"(?P<from>{})(?:拟|将|已)?(?:以[^，。；]{{0,12}})?向(?P<to>{})(?:[^，。；]{{0,6}})?(?:披露|提供)"
)
_DISCLOSED_BY_EN = (
    r"disclosed\s+(?:\w+\s+){{0,4}}by\s+(?:the\s+)?(?P<from>{})\s+(?:\w+\s+){{0,3}}to\s+(?:the\s+)?(?P<to>{})"
)
# "The Franchisee shall keep confidential … all information disclosed to it by the Franchisor"
_DISCLOSED_TO_EN = (
    r"(?P<to>{1})\b[^.;]{{0,80}}?\bdisclosed\s+to\s+it\s+(?:\w+\s+){{0,3}}?by\s+(?:the\s+)?(?P<from>{0})"
)


def _we_only_disclose(ctx: ClauseContext) -> bool:
    """We are the one-way discloser: the recipient's burdens are the counterparty's, not ours.

    Our role says so ("甲方（披露方）"); failing that, the clause itself names us as the party
    that discloses to the counterparty and never the other way round.
    """
    if ctx.parties.is_role("discloser") and not ctx.parties.is_role("recipient"):
        return True
    if ctx.parties.is_role("recipient") or not ctx.parties.known:
        return False
    us, them = ctx.us_rx, ctx.them_rx
    ours = any(ctx.has(p.format(us, them)) for p in (_DISCLOSES_ZH, _DISCLOSED_BY_EN, _DISCLOSED_TO_EN))
    theirs = any(ctx.has(p.format(them, us)) for p in (_DISCLOSES_ZH, _DISCLOSED_BY_EN, _DISCLOSED_TO_EN))
    return ours and not theirs


# The standard exclusions taken away: "乙方不得以任何信息已为公众所知或系乙方独立开发为由主张其不属于保密信息",
# "even if such information is or becomes publicly available".
_EXCLUSIONS_DENIED = (
    r"(?:不得|无权|不能|不可)以[^。；]{0,40}(?:为公众所知|公开|独立(?:开发|研发)|合法(?:取得|获得))[^。；]{0,30}为由"
    r"|(?:even\s+if|notwithstanding\s+that|regardless\s+of\s+whether)\s+(?:such\s+|the\s+|any\s+)?(?:information\s+)?(?:it\s+)?"
    r"(?:is|was|becomes|has\s+become)\s+(?:or\s+becomes\s+)?(?:publicly\s+(?:available|known)|in\s+the\s+public\s+domain|independently\s+developed)"
    r"|shall\s+not\s+(?:be\s+entitled\s+to\s+)?rely\s+on\s+(?:the\s+fact\s+)?(?:that\s+)?[^.;]{0,60}(?:public\s+domain|publicly\s+available|independently\s+developed)"
)
# Return or destruction with no copy kept even where law or a compliance system requires one.
_NO_COPY_KEPT = (
    r"不得保留(?:任何)?(?:存档|备份|副本|复印件)|不得(?:以任何形式)?留存"
    r"|(?:shall\s+not|may\s+not|without)\s+(?:retain|retaining|keep|keeping)\w*\s+(?:any\s+)?(?:archival\s+|backup\s+)?cop(?:y|ies)"
)
_COPY_CARVE_OUT = r"法律|法规|合规|备份系统|except|save|other\s+than|required\s+by\s+law|archiv\w+\s+purposes|back-?up\s+(?:systems|tapes)"


# Whom a recipient ordinarily tells in confidence: its advisers, auditors, financiers, investors, insurers.
_ADVISER_NOUNS = (
    r"advis[eo]rs|lawyers|legal\s+counsel|auditors|accountants|financiers|lenders|investors|insurers"
)
_ADVISERS = rf"(?:professional\s+|legal\s+|financial\s+)?(?:{_ADVISER_NOUNS}|banks)"


@rule(reports={"confidentiality_overbroad"})
def confidentiality(ctx: ClauseContext) -> list[Finding]:
    """Overbroad confidentiality burdens on us as the (main) recipient."""
    if not re.search(
        r"confiden|保密|secret", f"{ctx.text} {ctx.title} {ctx.metadata.get('contract_title') or ''}", re.I
    ):
        return []
    if _we_only_disclose(ctx):
        return []  # the recipient's duties protect us
    receiving = ctx.parties.is_role("recipient")
    out: list[Finding] = []

    def bound(s_text: str, pos: int, s: object) -> bool:
        if receiving:
            return True
        # the party that must keep the information confidential is the subject of the duty
        side = ctx.actor(s, pos) if isinstance(s, Sentence) else ctx.parties.side_before(s_text, pos)
        return ctx.parties.ours(side) and side != "mutual"

    out += _advisers_barred(ctx, bound)
    out += _unmarked_information(ctx, bound)
    out += _public_information_not_excepted(ctx, receiving, bound)
    out += _compelled_disclosure_restricted(ctx, bound)
    out += _exclusions_and_copies(ctx, receiving, bound)
    out += _perpetual_duty(ctx, receiving, bound)
    return out


def _advisers_barred(ctx: ClauseContext, bound: Callable[[str, int, object], bool]) -> list[Finding]:
    """We may not tell our own advisers (or financiers) without consent."""
    out: list[Finding] = []
    for s, m in ctx.find(
        # "other than its advisers" is the permitted exception, so only "including" or "even to" restricts
        rf"(?:not|without).{{0,160}}?(?:including|even\s+to)\s+(?:to\s+)?(?:its|their|the\s+\w+['’]s)?\s*(?:own\s+)?(?:professional\s+)?(?:{_ADVISER_NOUNS})"
        rf"|not\s+(?:\w+\s+){{0,3}}disclos\w*\s+(?:\w+\s+){{0,4}}?to\s+(?:any\s+of\s+)?(?:its|their)\s+(?:own\s+)?{_ADVISERS}(?:\s*(?:,|or|and)\s*(?:its\s+)?{_ADVISERS})*"
        r"[^.;]{0,80}?(?:without|except\s+with|unless\s+it\s+has)[^.;]{0,40}?(?:consent|approval)"
        r"|不得向.{0,20}(?:顾问|律师|审计师|会计师|投资人|投资方|融资方|贷款人).{0,10}披露"
    ):
        if bound(s.text, m.start(), s) and re.search(r"disclos|披露|consent|同意", s.text, re.I):
            out.append(
                Finding(
                    "confidentiality_overbroad",
                    "medium",
                    span(s, m),
                    ctx.t(
                        f"{ctx.us} may not share confidential information even with its own advisers, auditors or financiers.",
                        f"{ctx.us}甚至不得向其顾问、审计师或融资方披露保密信息。",
                    ),
                    ctx.t(
                        "Ordinary legal, audit and financing work would need the counterparty's consent each time.",
                        "正常的法律、审计和融资工作每次都需取得对方同意。",
                    ),
                    ctx.t(
                        "Playbook: disclosure permitted to officers, employees, advisers, auditors, insurers, financiers and investors on a need-to-know basis under equivalent duties.",
                        "行业立场：允许在必要范围内向负有同等保密义务的高管、员工、顾问、审计师、保险人、融资方和投资人披露。",
                    ),
                    priority=3,
                )
            )
            break
    return out


def _unmarked_information(ctx: ClauseContext, bound: Callable[[str, int, object], bool]) -> list[Finding]:
    """Information is confidential whether or not it is marked."""
    out: list[Finding] = []
    for s, m in ctx.find(
        r"whether\s+or\s+not\s+(?:\w+\s+){0,2}(?:marked|identified|designated|labell?ed)|regardless\s+of\s+whether.{0,30}marked|无论是否(?:标注|标明|注明|标记)"
    ):
        if bound(s.text, m.start(), s):
            out.append(
                Finding(
                    "confidentiality_overbroad",
                    "medium",
                    span(s, m),
                    ctx.t(
                        "Confidential Information covers everything disclosed, whether or not marked.",
                        "保密信息涵盖一切披露的信息，无论是否标注。",
                    ),
                    ctx.t(
                        f"{ctx.us} cannot tell what it must protect, so any use of information received risks a breach claim.",
                        f"{ctx.us}无法确定哪些信息须保护，使用任何收到的信息都可能被指违约。",
                    ),
                    ctx.t(
                        "Playbook: marked or identified information, oral disclosures confirmed in writing.",
                        "行业立场：限于标注或明示的信息，口头披露须书面确认。",
                    ),
                    priority=2,
                )
            )
            break
    return out


def _public_information_not_excepted(
    ctx: ClauseContext, receiving: bool, bound: Callable[[str, int, object], bool]
) -> list[Finding]:
    """The exceptions leave out information we develop independently."""
    out: list[Finding] = []
    exceptions = re.search(
        r"(?:shall\s+not\s+apply|do(?:es)?\s+not\s+apply|except|exclud\w+).{0,120}information|不适用于.{0,40}信息|以下信息除外",
        ctx.text,
        re.I | re.S,
    )
    if (
        exceptions
        and re.search(r"public|公开|公众", ctx.text, re.I)
        and not re.search(r"independent(?:ly)?\s+develop|独立(?:开发|研发|获得)", ctx.text, re.I)
    ):
        s = next(x for x in ctx.sentences if x.start <= exceptions.start() < x.end)
        if receiving or bound(s.text, exceptions.start() - s.start, s):
            burden = re.search(r"contemporaneous\s+written\s+records|书面记录", ctx.text, re.I)
            out.append(
                Finding(
                    "confidentiality_overbroad",
                    "high",
                    span(s, exceptions.start() - s.start),
                    ctx.t(
                        "The exclusions from confidentiality omit independently developed information"
                        + (" and require proof by contemporaneous written records." if burden else "."),
                        "保密例外未包括独立开发的信息" + ("，且须以同期书面记录证明。" if burden else "。"),
                    ),
                    ctx.t(
                        f"{ctx.us}'s own research in the same field could be attacked as misuse of the discloser's information.",
                        f"{ctx.us}在同一领域的自主研发可能被指控为滥用披露方信息。",
                    ),
                    ctx.t(
                        "Playbook: the four standard exclusions, including independent development, provable by any reasonable evidence.",
                        "行业立场：适用四项标准例外（含独立开发），可用任何合理证据证明。",
                    ),
                    priority=0,
                )
            )
    return out


def _compelled_disclosure_restricted(
    ctx: ClauseContext, bound: Callable[[str, int, object], bool]
) -> list[Finding]:
    """A disclosure the law or a court compels needs the other side's consent first."""
    out: list[Finding] = []
    for s, m in ctx.find(
        r"(?:required\s+by\s+(?:law|regulation|any\s+court)|court\s+order|legally\s+(?:compelled|required)|regulat\w+\s+(?:authority|requirement)).{0,240}?(?:written\s+consent|prior\s+consent|consent\s+of)"
        # the consent must be asked for the compelled disclosure itself, not for disclosure at large
        r"|(?:依法|依据法律|法律法规|法律(?:法规)?要求|法院|政府机关|监管|司法).{0,60}?(?:事先|预先).{0,8}同意"
    ):
        if bound(s.text, m.start(), s):
            c = re.search(
                r"(?:without\s+(?:first\s+)?obtaining\s+)?(?:the\s+)?(?:prior\s+)?(?:written\s+)?consent|事先.{0,6}同意",
                s.text[m.start() :],
                re.I,
            )
            anchor = m.start() + (c.start() if c else 0)
            out.append(
                Finding(
                    "confidentiality_overbroad",
                    "medium",
                    span(s, anchor),
                    ctx.t(
                        "Disclosure required by law or a regulator needs the discloser's prior consent.",
                        "依法律或监管要求的披露须事先取得披露方同意。",
                    ),
                    ctx.t(
                        f"{ctx.us} could be caught between a legal order and a contractual breach.",
                        f"{ctx.us}可能陷入违反法律命令或违反合同的两难境地。",
                    ),
                    ctx.t(
                        "Playbook: compelled disclosure allowed after prompt notice where lawful.",
                        "行业立场：在法律允许时及时通知后即可进行强制披露。",
                    ),
                    priority=3,
                )
            )
            break
    return out


def _perpetual_duty(
    ctx: ClauseContext, receiving: bool, bound: Callable[[str, int, object], bool]
) -> list[Finding]:
    """Our confidentiality duty runs without end, beyond trade secrets."""
    out: list[Finding] = []
    for s, m in ctx.find(
        r"indefinitely|in\s+perpetuity|perpetual(?:ly)?|without\s+(?:any\s+)?limit(?:ation)?\s+(?:of|in|as\s+to)\s+time"
        r"|for\s+an?\s+(?:unlimited|indefinite)\s+(?:period|time)|without\s+(?:any\s+)?time\s+limit|永久|无限期|长期有效|不受(?:任何)?(?:时间|期限|时限)(?:的)?限制"
    ):
        if re.search(r"trade\s+secret|商业秘密", s.text, re.I) and re.search(
            r"so\s+long\s+as|for\s+as\s+long|只要|期间", s.text, re.I
        ):
            continue
        # in a confidentiality agreement "the Recipient's obligations under this Agreement" are confidentiality duties
        nda = re.search(
            r"confidential|non-?disclosure|secrecy|保密",
            f"{ctx.metadata.get('contract_title') or ''} {ctx.title}",
            re.I,
        ) and re.search(r"\bobligations\b|义务", s.text, re.I)
        if not (nda or re.search(r"confiden|secre|disclos|保密|秘密|披露", s.text, re.I)) or re.search(
            r"perpetual[^.;]{0,40}licen[cs]|永久(?:的|、|免费的?)*(?:使用权|许可|授权)", s.text, re.I
        ):
            continue  # "a perpetual licence to the patents": the word qualifies a grant, not a duty
        if bound(s.text, m.start(), s) or receiving:
            out.append(
                Finding(
                    "confidentiality_overbroad",
                    "medium",
                    span(s, m),
                    ctx.t("The confidentiality obligations never expire.", "保密义务永不到期。"),
                    ctx.t(
                        f"{ctx.us} must track and protect ordinary business information forever.",
                        f"{ctx.us}须永久追踪并保护普通商业信息。",
                    ),
                    ctx.t(
                        "Playbook: 3-5 years after disclosure; trade secrets for as long as they remain secret.",
                        "行业立场：披露后3-5年；商业秘密在保密期间持续保护。",
                    ),
                    priority=4,
                )
            )
            break
    return out


def _exclusions_and_copies(
    ctx: ClauseContext, receiving: bool, bound: Callable[[str, int, object], bool]
) -> list[Finding]:
    """The standard exclusions denied outright, and destruction that leaves no copy the law requires."""
    out: list[Finding] = []
    for s, m in ctx.find(_EXCLUSIONS_DENIED):
        if receiving or bound(s.text, m.start(), s):
            out.append(
                finding(
                    ctx,
                    "confidentiality_overbroad",
                    "high",
                    span(s, m),
                    (
                        "Information that is public or that the recipient developed itself is still treated as confidential.",
                        "已为公众所知或接收方自行开发的信息仍被视为保密信息。",
                    ),
                    (
                        f"{ctx.us} could be sued for using what anyone may use, or for its own independent work.",
                        f"{ctx.us}使用任何人均可使用的信息或其自主开发的成果，都可能被诉违约。",
                    ),
                    (
                        "Playbook: the four standard exclusions (public domain, prior possession, third party without duty, independent development).",
                        "行业立场：适用四项标准例外（公知信息、事先持有、无保密义务的第三方提供、独立开发）。",
                    ),
                )
            )
            break
    for s, m in ctx.find(_NO_COPY_KEPT):
        if re.search(_COPY_CARVE_OUT, s.text, re.I) or not (receiving or bound(s.text, m.start(), s)):
            continue
        out.append(
            finding(
                ctx,
                "confidentiality_overbroad",
                "low",
                span(s, m),
                (
                    "Every copy must be returned or destroyed, with none kept even where law or regulation requires it.",
                    "须返还或销毁全部资料，即使法律法规要求保存也不得保留任何副本。",
                ),
                (
                    f"{ctx.us} cannot both comply and keep the records its regulators, auditors or backup systems require.",
                    f"{ctx.us}无法在履约的同时保留监管、审计或备份系统所要求的记录。",
                ),
                (
                    "Playbook: copies required by law or kept in routine backups may be retained, still under the confidentiality duty.",
                    "行业立场：依法须保留或留存于常规备份中的副本可予保留，但仍受保密义务约束。",
                ),
            )
        )
        break
    return out
