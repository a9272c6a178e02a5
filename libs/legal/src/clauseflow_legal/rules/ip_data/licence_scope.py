"""The licence_scope rule (ip_data): A licence to us that is precarious or narrow: revocable, non-transferable, single-site, short, closed to our affiliates or tied to a no-challenge covenant."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import Sentence

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "licence_scope",
    {
        "irrevocable": '"irrevocable": the licence cannot be revoked',
        "one_mild_limit": "neither revocable nor tied to a no-challenge covenant, and at most one other limit",
    },
)


def _precarious_licence(ctx: ClauseContext) -> list[Finding]:
    """A licence to us that is revocable at will or tied to a no-challenge covenant."""
    if not re.search(PATTERNS["licence_word"], ctx.text, re.I):
        return []
    out: list[Finding] = []
    for s, m in ctx.find(PATTERNS["revocable_or_no_challenge"]):
        if VETOES.applies(
            "irrevocable",
            re.search(PATTERNS["irrevocable"], s.text[max(0, m.start() - 20) : m.start() + 5], re.I),
        ):
            continue
        side = ctx.actor(s, m.start())
        by = re.match(PATTERNS["by_party"], s.text[m.end() :], re.I)
        if by:
            # "revocable at any time by the Licensor": the one who revokes is named after "by"
            named = ctx.parties.mentions(s.text[m.end() + by.end() : m.end() + by.end() + 40])
            if named and named[0].start == 0:
                side = named[0].side
        # the licensor revokes; the licensee is the one barred from challenging
        barred = re.search(PATTERNS["challenge"], m.group(0), re.I) is not None
        # "Kaizen grants Velora a … licence, revocable at any time by Kaizen": the licence is the grantee's
        grant = re.search(PATTERNS["grants"], s.text[: m.start()], re.I)
        grantee = ctx.parties.mentions(s.text[grant.end() : grant.end() + 40]) if grant else []
        if grantee and grantee[0].start == 0 and grantee[0].side in ("us", "them"):
            side = "us" if barred == (grantee[0].side == "us") else "them"
        if (barred and ctx.parties.ours(side)) or (not barred and ctx.parties.theirs(side)):
            out.append(
                WORDING.finding(
                    ctx,
                    "precarious",
                    "license_scope_restrictive",
                    "medium",
                    span(s, m),
                    matched=m.group(0),
                )
            )
    if not out:
        out = _ended_at_will(ctx)
    for s, m in ctx.find(
        rf"(?:{ctx.us_rx})(?:的|['’]s\s+)(?:关联(?:公司|方|企业)|Affiliates?)\s*(?:均)?(?:不得|无权|(?:may|shall|will)\s+not)\s*(?:使用|use)"
    ):
        out.append(
            WORDING.finding(ctx, "affiliates_excluded", "license_scope_restrictive", "medium", span(s, m))
        )
        break
    return out


def _ended_at_will(ctx: ClauseContext) -> list[Finding]:
    """The other side may end or suspend our licence at will: "reserves the right to terminate the
    license without cause", "which right may be suspended by the Provider at any time"."""
    for s, m in ctx.find(PATTERNS["ended_at_will"]):
        if not re.search(PATTERNS["at_will"], s.text, re.I) or re.search(PATTERNS["for_cause"], s.text, re.I):
            continue
        passive = m.groupdict().get("pverb")
        side = ctx.actor(s, m.start("pverb") if passive else m.start())
        if passive:
            by = re.match(PATTERNS["by_party"], s.text[m.end() :], re.I)
            named = ctx.parties.mentions(s.text[m.end() + by.end() : m.end() + by.end() + 40]) if by else []
            side = named[0].side if named and named[0].start == 0 else None
        if ctx.parties.theirs(side):
            return [
                WORDING.finding(
                    ctx, "precarious", "license_scope_restrictive", "medium", span(s, m), matched=m.group(0)
                )
            ]
    return []


_LICENCE_LIMITS = (
    (
        "revocable",
        r"(?<!ir)revocable|may\s+(?:at\s+any\s+time\s+)?(?:revoke|withdraw)|may\s+terminate\s+(?:the\s+|this\s+)?(?:licen[cs]e\s+)?at\s+any\s+time|随时撤销|(?<!不)可撤销|随时终止(?:该)?许可",
        "可撤销",
    ),
    (
        "revocable",
        r"随时(?:收回|撤回|取消)(?:该|本|上述)?(?:项)?(?:使用)?许可",
        "可撤销",
    ),
    (
        "non-transferable",
        r"non-?transferable|not\s+(?:be\s+)?transferable|may\s+not\s+(?:be\s+)?(?:assign|transferr?)\w*|不可转让|不得转让",
        "不可转让",
    ),
    (
        "single site or internal use only",
        r"single\s+(?:site|location|machine|device)|internal\s+(?:business\s+)?purposes\s+only|solely\s+for\s+(?:its\s+)?internal|仅限.{0,6}(?:内部|单一)"
        r"|仅限(?:于)?[^。；]{0,20}(?:仓库|工厂|厂区|场所|地点|办公室|站点|门店)(?:内)?使用",
        "仅限单一地点或内部使用",
    ),
    (
        "limited term",
        r"limited\s+to\s+a\s+(?:term|period)\s+of|for\s+a\s+(?:term|period)\s+of\s+(?:one|1|two|2)\b|期限(?:仅)?为(?:一|1)年",
        "期限受限",
    ),
    (
        "no use by Affiliates",
        r"(?:not|no)\s+(?:be\s+)?(?:used|exercised)\s+by\s+(?:any\s+)?(?:of\s+)?(?:the\s+\w+['’]s\s+|its\s+)?Affiliates|关联(?:公司|方)不得使用",
        "关联方不得使用",
    ),
    (
        "no-challenge",
        r"(?:shall|will|may)\s+not\s+(?:\w+\s+){0,2}(?:challenge|contest|dispute)\s+the\s+validity|不得.{0,10}(?:质疑|挑战|异议).{0,6}(?:有效性|效力)|不得就.{0,10}有效性提出异议",
        "不得质疑有效性",
    ),
)


# Chinese drafting states a licence's limits in their own sentence, the licensee its subject, not in
# the grant: "被许可方仅可在许可方指定的地域内、为自身内部目的使用许可软件，不得转许可，不得修改";
# "乙方只能在一台指定计算机上安装使用本软件，用户数不超过五个"; "被许可方仅限于其内部经营使用，不得
# 再许可或者向第三方提供". Two limits or more make it narrow, as in a grant (one mild limit is market).
_ZH_USE_LIMITS = (
    (
        "internal use only",
        r"(?:自身|本单位|其)[^。；，、]{0,4}(?:内部)?(?:目的|经营|业务|办公)?(?:使用|用途)|内部(?:目的|经营|业务|办公|使用)",
        "仅限内部使用",
    ),
    (
        "designated territory, site or device",
        r"(?:指定|约定|特定|单一|一台|一个)的?[^。；，、]{0,4}(?:地域|区域|地区|地点|场所|计算机|电脑|设备|服务器|终端)",
        "限于指定地域、地点或设备",
    ),
    (
        "capped users or copies",
        r"(?:用户数|用户数量|账号数|并发数|安装数量|套数)[^。；，]{0,4}(?:不超过|不得超过|以[^。；，]{1,6}为限)",
        "用户数受限",
    ),
    ("no sublicence", r"不得(?:转许可|再许可|分许可|转授权|再授权)", "不得转许可"),
    ("no modification", r"不得(?:对[^。；，]{0,10})?(?:修改|改编|反向工程|二次开发)", "不得修改"),
)
_ZH_ONLY_USE = r"(?:仅|只)(?:可|能|得|限|限于)"


def _zh_use_limits(ctx: ClauseContext) -> list[Finding]:
    """The limits Chinese drafting places on our use in a sentence of their own, whoever granted it."""
    for s, m in ctx.find(_ZH_ONLY_USE):
        # the user the limit names ("仅限于被许可方在…使用") is the one restricted, not the grantor
        # that opens the sentence ("许可方授予被许可方…，仅限于被许可方…" read for the 许可方)
        # ("被许可方仅可在许可方指定的地域内使用": a party after 在 only names the place's designator)
        after = re.sub(r"^于", "", s.text[m.end() : m.end() + 12])
        named = ctx.parties.mentions(after)
        user = named[0].side if named and named[0].start == 0 else ctx.actor(s, m.start())
        if not ctx.parties.ours(user):
            continue
        limits = [
            (en, zh) for en, rx, zh in (*_ZH_USE_LIMITS, *_LICENCE_LIMITS) if re.search(rx, s.text, re.I)
        ]
        limits = list(dict.fromkeys(limits))
        if VETOES.applies("one_mild_limit", len(limits) < 2):
            continue
        return [_restrictive(ctx, s, m.start(), limits)]
    return []


def _restrictive(ctx: ClauseContext, s: Sentence, at: int, limits: list[tuple[str, str]]) -> Finding:
    """The licence to us is narrow: the limits found (English, Chinese)."""
    return Finding(
        "license_scope_restrictive",
        "medium",
        span(s, at),
        ctx.t(
            f"The licence to {ctx.us} is restrictive: " + ", ".join(x[0] for x in limits) + ".",
            f"授予{ctx.us}的许可范围过窄：" + "、".join(x[1] for x in limits) + "。",
        ),
        WORDING.t(ctx, "why"),
        WORDING.t(ctx, "market"),
    )


@rule(reports={"license_scope_restrictive"})
def licence_scope(ctx: ClauseContext) -> list[Finding]:
    """A licence to us that is precarious or narrow: revocable, non-transferable, single-site,
    short, closed to our affiliates or tied to a no-challenge covenant."""
    found = _precarious_licence(ctx)
    if found or not re.search(PATTERNS["licence_word"], ctx.text, re.I):
        return found
    for s in ctx.sentences:
        text = s.text
        grant = re.search(
            PATTERNS["grant_to"],
            text,
            re.I,
        )
        if not grant:
            continue
        who = grant.group("to") or grant.group("own") or grant.group("to2") or ""
        if grant.group("zh") is not None:
            # "授予被许可方一项…许可": the grantee follows 授予 (a lazy group would stop inside "被许可方")
            who = text[grant.start() + 2 : grant.start() + 14]
        ms = ctx.parties.mentions(who)
        if not ms or not ctx.parties.ours(ms[0].side):
            continue
        limits = [(en, zh, m) for en, rx, zh in _LICENCE_LIMITS for m in [re.search(rx, text, re.I)] if m]
        severe = [x for x in limits if x[0] in {"revocable", "no-challenge"}]
        if VETOES.applies("one_mild_limit", not severe and len(limits) < 2):
            continue
        return [_restrictive(ctx, s, grant.start(), [(en, zh) for en, zh, _ in limits])]
    return _zh_use_limits(ctx)
