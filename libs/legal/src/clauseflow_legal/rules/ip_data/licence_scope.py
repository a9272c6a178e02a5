"""The licence_scope rule (ip_data): A licence to us that is precarious or narrow: revocable, non-transferable, single-site, short, closed to our affiliates or tied to a no-challenge covenant."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, finding, span
from clauseflow_legal.rules.registry import rule


def _precarious_licence(ctx: ClauseContext) -> list[Finding]:
    """A licence to us that is revocable at will or tied to a no-challenge covenant."""
    if not re.search(r"licen[cs]|许可", ctx.text, re.I):
        return []
    out: list[Finding] = []
    for s, m in ctx.find(
        r"revocable\s+at\s+(?:any\s+time|will)|may\s+(?:at\s+any\s+time\s+)?revoke|shall\s+not\s+(?:\w+\s+){0,2}challenge\s+the\s+validity|随时撤销|不得.{0,6}质疑"
        # "被许可方不得对许可软件的有效性或许可方的知识产权提出任何异议"
        r"|不得(?:对|就)[^。；]{0,30}(?:有效性|效力|知识产权)[^。；]{0,10}(?:提出(?:任何)?异议|质疑|挑战)"
    ):
        if re.search(r"irrevocable", s.text[max(0, m.start() - 20) : m.start() + 5], re.I):
            continue
        side = ctx.actor(s, m.start())
        # the licensor revokes; the licensee is the one barred from challenging
        barred = re.search(r"challenge|质疑|异议|挑战", m.group(0), re.I) is not None
        # "Kaizen grants Velora a … licence, revocable at any time by Kaizen": the licence is the grantee's
        grant = re.search(r"\bgrants?\s+(?:to\s+)?(?:the\s+)?", s.text[: m.start()], re.I)
        grantee = ctx.parties.mentions(s.text[grant.end() : grant.end() + 40]) if grant else []
        if grantee and grantee[0].start == 0 and grantee[0].side in ("us", "them"):
            side = "us" if barred == (grantee[0].side == "us") else "them"
        if (barred and ctx.parties.ours(side)) or (not barred and ctx.parties.theirs(side)):
            out.append(
                Finding(
                    "license_scope_restrictive",
                    "medium",
                    span(s, m),
                    ctx.t(
                        f"The licence to {ctx.us} is precarious ({m.group(0)}).",
                        f"授予{ctx.us}的许可不稳定（{m.group(0)}）。",
                    ),
                    ctx.t(
                        "Business continuity depends on a right the licensor can withdraw or that we cannot contest.",
                        "业务连续性依赖于许可方可随时撤回或我方无法质疑的权利。",
                    ),
                    ctx.t(
                        "Playbook: irrevocable for the term save for uncured material breach; no no-challenge clause.",
                        "行业立场：期限内除重大违约未补救外不可撤销；不设不质疑条款。",
                    ),
                )
            )
    for s, m in ctx.find(
        rf"(?:{ctx.us_rx})(?:的|['’]s\s+)(?:关联(?:公司|方|企业)|Affiliates?)\s*(?:均)?(?:不得|无权|(?:may|shall|will)\s+not)\s*(?:使用|use)"
    ):
        out.append(
            finding(
                ctx,
                "license_scope_restrictive",
                "medium",
                span(s, m),
                (
                    f"The licence does not extend to {ctx.us}'s affiliates.",
                    f"许可不及于{ctx.us}的关联公司。",
                ),
                (
                    f"Group companies that share {ctx.us}'s operations need licences of their own, and a reorganisation can put {ctx.us} in breach.",
                    f"与{ctx.us}共享业务的集团公司须另行取得许可，集团重组也可能使{ctx.us}构成违约。",
                ),
                (
                    "Playbook: use by affiliates under the licensee's responsibility, and the licence transferable with the business.",
                    "行业立场：关联公司可在被许可方负责的前提下使用，许可可随业务一并转让。",
                ),
            )
        )
        break
    return out


_LICENCE_LIMITS = (
    (
        "revocable",
        r"(?<!ir)revocable|may\s+(?:at\s+any\s+time\s+)?(?:revoke|withdraw)|may\s+terminate\s+(?:the\s+|this\s+)?(?:licen[cs]e\s+)?at\s+any\s+time|随时撤销|(?<!不)可撤销|随时终止(?:该)?许可",
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


@rule(reports={"license_scope_restrictive"})
def licence_scope(ctx: ClauseContext) -> list[Finding]:
    """A licence to us that is precarious or narrow: revocable, non-transferable, single-site,
    short, closed to our affiliates or tied to a no-challenge covenant."""
    found = _precarious_licence(ctx)
    if found or not re.search(r"licen[cs]|许可", ctx.text, re.I):
        return found
    for s in ctx.sentences:
        text = s.text
        grant = re.search(
            r"grants?\s+(?:to\s+)?(?:the\s+)?(?P<to>\w+)|(?P<own>\w+)['’]s\s+licen[cs]e|licen[cs]e\s+(?:granted\s+)?to\s+(?:the\s+)?(?P<to2>\w+)|授予(?P<zh>.{1,6}?)(?:一项|非独占|独占|普通|的)?.{0,10}许可",
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
        if not severe and len(limits) < 2:
            continue
        return [
            Finding(
                "license_scope_restrictive",
                "medium",
                span(s, grant.start()),
                ctx.t(
                    f"The licence to {ctx.us} is restrictive: " + ", ".join(x[0] for x in limits) + ".",
                    f"授予{ctx.us}的许可范围过窄：" + "、".join(x[1] for x in limits) + "。",
                ),
                ctx.t(
                    f"{ctx.us} could lose, or be unable to move or share, a right its operations depend on.",
                    f"{ctx.us}可能丧失其经营所依赖的权利，或无法转移、共享该权利。",
                ),
                ctx.t(
                    "Playbook: irrevocable during the term save for uncured material breach, extending to affiliates, transferable with the business, no no-challenge covenant.",
                    "行业立场：合同期内不可撤销（未纠正的重大违约除外），覆盖关联方，可随业务一并转让，不设不质疑条款。",
                ),
            )
        ]
    return []
