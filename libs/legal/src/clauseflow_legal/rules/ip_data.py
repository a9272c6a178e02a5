"""Group F: IP ownership, licence scope, confidentiality and data protection."""

# ruff: noqa: E501  -- legal regexes, bilingual findings and clause fixtures read better unbroken

from __future__ import annotations

import re
from collections.abc import Callable

from clauseflow_legal.rules.base import ClauseContext, Finding, finding, span
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import Sentence, find_periods, fmt_period

# The customer relationships a distributor or agent builds (the taxonomy's "customer lists").
_CUSTOMER_RECORDS = r"customer\s+(?:lists?|data(?:base)?|records|information)|客户(?:名单|资料|信息|数据)"
_CUSTOMERS = re.compile(_CUSTOMER_RECORDS, re.I)
_OUR_WORK = (
    r"developed|created|made|conceived|generated|improvements?|modifications?|enhancements?|derivative|"
    r"arising\s+(?:from|out\s+of)|results?|deliverables|work\s+product|customi[sz]ations?|feedback|suggestions|"
    r"paid\s+for|inventions?|know-how|开发|完成|创作|改进|衍生|成果|履行本合同"
    # the customer relationships a distributor or agent builds are its own asset (taxonomy: customer lists)
    r"|compiled\s+by|" + _CUSTOMER_RECORDS
)
# What an assignment must be about to be an IP transfer ("a working interest in the lease" is not).
_IP_SUBJECT = re.compile(
    r"intellectual\s+property|\bIP\b|\bIPR|copyright|patent|trade\s*marks?|inventions?|know-how|designs?\b|software"
    r"|source\s+code|work\s+product|deliverables?|results?\b|improvements?|\bdata\b|materials|\bworks?\b"
    r"|developments?\b|technology|moral\s+rights|知识产权|著作权|专利|商标|成果|技术|软件|源代码",
    re.I,
)
# "(except the Bank Customizations)": what the sentence keeps out of the ownership it states.
_CARVED_OUT = re.compile(r"\((?:except|excluding|other\s+than|but\s+not|save)\b[^()]*\)", re.I)


_BACKGROUND = (
    r"pre-?existing|background|existing\s+before|before\s+the\s+(?:Effective\s+Date|date\s+of\s+this)|tools|methodolog\w*|know-?how|"
    r"improvements?|platform|(?:its|their)\s+own\s+(?:technology|software|products)|原有|既有|背景知识产权|专有技术|工具|方法|改进"
)


def _customer_paid_deliverables_only(ctx: ClauseContext, subject: str) -> bool:
    """For a supplier, bespoke deliverables the customer pays for vesting in the customer is the
    bargain, not a loss of our IP; only background IP, tools, know-how or improvements are."""
    return (
        ctx.parties.supplies
        and re.search(
            r"Deliverables?|bespoke|custom|specifically\s+for|reports?|work\s+product|交付物|定制|专为",
            subject,
            re.I,
        )
        is not None
        and not re.search(_BACKGROUND, subject, re.I)
    )


def _commissioned_work_kept(ctx: ClauseContext) -> list[Finding]:
    """We pay for the work, yet its IP and source code stay with the developer and we get a mere licence."""
    commissioned = r"开发|定制|\bdevelop\w*|\bbespoke\b|\bcustom(?:i[sz]ed|\s+(?:software|development|work))|\bcommission\w*"
    if not ctx.parties.pays or not re.search(
        commissioned, f"{ctx.metadata.get('contract_title') or ''} {ctx.title} {ctx.text}", re.I
    ):
        return []  # an off-the-shelf licence: the licensor keeping its software is the deal
    for s, m in ctx.find(
        r"(?:源代码|source\s+code)[^。；.;]{0,40}(?:知识产权|著作权|intellectual\s+property|copyright)?[^。；.;]{0,20}(?:归|属于|vest\w*\s+in|remain\w*\s+with|belong\w*\s+to|owned\s+by|(?:remain|be)\s+the\s+(?:sole\s+(?:and\s+exclusive\s+)?)?property\s+of)"
    ):
        owner = ctx.parties.mentions(s.text[m.end() : m.end() + 40])
        if not owner or not ctx.parties.theirs(owner[0].side):
            continue
        if not re.search(
            r"非独占|非排他|仅(?:享有|获得)[^。；]{0,6}使用权|only\s+a\s+non-?exclusive|non-?exclusive\s+(?:licen[cs]e|right)",
            ctx.text,
            re.I,
        ):
            continue
        return [
            Finding(
                "ip_ownership_transfer",
                "high",
                span(s, m),
                ctx.t(
                    f"{ctx.us} pays for the development, but {ctx.them} keeps the IP and the source code and {ctx.us} gets only a non-exclusive licence.",
                    f"{ctx.us}支付开发费用，但系统及源代码的知识产权归{ctx.them}，{ctx.us}仅享有非独占使用权。",
                ),
                ctx.t(
                    f"{ctx.them} may sell the same system to {ctx.us}'s competitors, and {ctx.us} cannot maintain or develop it without {ctx.them}.",
                    f"{ctx.them}可将同一系统出售给{ctx.us}的竞争对手，{ctx.us}无法脱离{ctx.them}自行维护或升级。",
                ),
                ctx.t(
                    "Playbook: IP in the bespoke work, with its source code, vests in the payer on payment; the developer keeps its pre-existing tools under a perpetual licence to us.",
                    "行业立场：定制开发成果及其源代码的知识产权于付款后归付费方所有；开发方保留其原有工具，并向我方授予永久许可。",
                ),
            )
        ]
    return []


# A licence that leaves the licensor nothing to withhold: perpetual or irrevocable, and for any use.
_UNBOUNDED_USE = (
    r"for\s+any\s+(?:and\s+all\s+)?purposes?|for\s+all\s+purposes|without\s+(?:any\s+)?(?:restriction|limitation)"
    r"|unrestricted|用于任何(?:目的|用途)|不受限制地使用"
)


def _background_licensed_away(ctx: ClauseContext) -> list[Finding]:
    """Our background IP licensed to the counterparty perpetually or irrevocably, for any use."""
    for s, m in ctx.find(r"\bgrants?\b|授予"):
        text = s.text
        if not ctx.parties.ours(ctx.actor(s, m.start())):
            continue
        if not re.search(r"licen[cs]e|许可", text, re.I) or not re.search(_BACKGROUND, text, re.I):
            continue
        if not (
            re.search(r"perpetual|irrevocable|永久|不可撤销", text, re.I)
            and re.search(_UNBOUNDED_USE, text, re.I)
        ):
            continue
        return [
            finding(
                ctx,
                "ip_ownership_transfer",
                "high",
                span(s, m),
                (
                    f"{ctx.us} licenses its background IP to {ctx.them} perpetually and for any purpose.",
                    f"{ctx.us}将其背景知识产权永久许可{ctx.them}用于任何目的。",
                ),
                (
                    f"Beyond the project, {ctx.them} may use and sublicense {ctx.us}'s own technology as an owner would, even in competition with it.",
                    f"在项目之外，{ctx.them}可如所有人一般使用并再许可{ctx.us}自有技术，甚至用于与{ctx.us}竞争。",
                ),
                (
                    "Playbook: background IP licensed only as needed to perform the project or use its results, non-exclusive, non-sublicensable, and ending with the project save for that use.",
                    "行业立场：背景知识产权仅在履行项目或使用项目成果所需范围内许可，非独占、不得再许可，项目结束后除该用途外终止。",
                ),
            )
        ]
    return []


@rule(reports={"ip_ownership_transfer"})
def ip_ownership(ctx: ClauseContext) -> list[Finding]:
    """Our IP, improvements or paid-for deliverables assigned to or vesting in the counterparty,
    or our background IP licensed to it for any use."""
    kept_or_licensed = _commissioned_work_kept(ctx) or _background_licensed_away(ctx)
    if kept_or_licensed:
        return kept_or_licensed
    for s, m in ctx.find(
        r"\bhereby\s+(?:irrevocably\s+)?assigns?\b|\bshall\s+assign\b|\bagrees?\s+to\s+assign\b|\btransfers?\s+(?:all\s+)?(?:right|title|ownership)|"
        r"(?:知识产权|著作权|专利|技术成果|成果|商标).{0,20}转让给|归(?:甲方|乙方|对方|发包人|业主|委托方|\w{1,6})(?:独家)?所有|属于(?:甲方|乙方|\w{1,6})所有"
    ):
        text = s.text
        zh_vest = m.group(0).startswith(("归", "属于"))
        if zh_vest:
            owner = ctx.parties.mentions(m.group(0))
            side = owner[0].side if owner else None
            # the limb of the sentence that vests: "各方保留原有知识产权；专为甲方开发的交付物归甲方所有"
            limb = re.split(r"[;；]", text[: m.start()])[-1]
            if not ctx.parties.theirs(side) or not re.search(_OUR_WORK, limb, re.I):
                continue
            if re.search(rf"(?:{ctx.them_rx})(?:自身|自有)?的", limb) and "us" not in ctx.parties.sides_in(
                limb
            ):
                continue  # "乙方的客户名单归乙方所有": what is already theirs stays theirs
            if _customer_paid_deliverables_only(ctx, limb):
                continue
        else:
            side = ctx.actor(s, m.start())
            if not ctx.parties.ours(side):
                continue
            if not _IP_SUBJECT.search(text[m.start() : m.end() + 200]):
                continue  # an assignment of something else: a lease interest, a receivable, the contract
            after = text[m.end() : m.end() + 120]
            to = ctx.parties.mentions(after)
            if to and ctx.parties.ours(to[0].side) and len(to) == 1:
                continue
            if _customer_paid_deliverables_only(ctx, text):
                continue
        mild = re.search(
            r"customi[sz]|specifically\s+for|configuration|deliverables|feedback|suggestions|定制|交付物",
            text,
            re.I,
        )
        return [
            Finding(
                "ip_ownership_transfer",
                "medium" if mild and not re.search(_BACKGROUND, s.text, re.I) else "high",
                span(s, m),
                ctx.t(
                    f"Intellectual property created by or for {ctx.us} passes to {ctx.them}.",
                    f"由{ctx.us}创造或为{ctx.us}创造的知识产权转归{ctx.them}所有。",
                ),
                ctx.t(
                    f"{ctx.us} would lose (or pay for and not own) IP it needs to use and develop its own business.",
                    f"{ctx.us}将丧失（或付费却无法拥有）其经营和发展所需的知识产权。",
                ),
                ctx.t(
                    "Playbook: each party keeps its background IP and its own improvements; bespoke deliverables we pay for vest in us or are licensed perpetually.",
                    "行业立场：各方保留其背景知识产权及自身改进；我方付费的定制交付物归我方或获得永久许可。",
                ),
            )
        ]
    for s, m in ctx.find(
        r"(?:shall|will)\s+(?:\w+\s+)?(?:vest\s+in|(?:remain\s+|be\s+)?vested\s+in|remain\s+with|belong\s+(?:exclusively\s+|solely\s+)?to|be\s+owned\s+(?:exclusively\s+|solely\s+)?by|(?:be|become)\s+the\s+(?:sole\s+and\s+)?(?:exclusive\s+)?property\s+of)\s+(?:the\s+)?"
        # the present tense states the same ownership: "All customer data … belongs to the Franchisor"
        r"|\b(?:belongs?|vests?)\s+(?:exclusively\s+|solely\s+)?(?:to|in)\s+(?:the\s+)?"
        r"|\b(?:is|are)\s+(?:and\s+(?:shall|will)\s+remain\s+)?the\s+(?:sole\s+(?:and\s+exclusive\s+)?|exclusive\s+)?property\s+of\s+(?:the\s+)?"
    ):
        owner = ctx.parties.mentions(s.text[m.end() : m.end() + 60])
        if not owner or not ctx.parties.theirs(owner[0].side):
            continue
        subject = re.split(r"[;；]", s.text[: m.start()])[-1]  # the limb of the sentence that vests
        subject = _CARVED_OUT.sub(" ", subject)
        ours_supplied = re.search(
            rf"(?:provided|supplied|furnished|delivered)\s+by\s+(?:the\s+)?(?:{ctx.us_rx})|(?:{ctx.us_rx})['’]s\s+(?:pre-?existing|background)",
            subject,
            re.I,
        )
        if not re.search(_OUR_WORK, subject, re.I) and not ours_supplied:
            continue
        if re.search(r"fit-?out|fixtures|leasehold|alterations|装修|装饰|添附", subject, re.I):
            continue  # a tenant's fit-out is property in the premises, not IP (post_termination_obligations)
        if _customer_paid_deliverables_only(ctx, subject):
            continue
        if _CUSTOMERS.search(subject) and ctx.parties.supplies:
            continue  # a service provider's "customer data" is its customer's, not a list it builds
        if re.search(
            r"(?:its|their)\s+own|pre-?existing|background", subject, re.I
        ) and "us" not in ctx.parties.sides_in(subject):
            continue
        mild = re.search(
            r"customi[sz]|specifically\s+for|configuration|deliverables|feedback|suggestions", s.text, re.I
        )
        return [
            Finding(
                "ip_ownership_transfer",
                "medium" if mild and not re.search(_BACKGROUND, s.text, re.I) else "high",
                span(s, m),
                ctx.t(
                    f"The customer lists and data {ctx.us} builds become {ctx.them}'s property.",
                    f"{ctx.us}建立的客户名单和客户资料归{ctx.them}所有。",
                )
                if _CUSTOMERS.search(subject)
                else ctx.t(
                    f"IP in work arising under the contract vests in {ctx.them}, including work by or paid for by {ctx.us}.",
                    f"合同项下产生的知识产权（包括{ctx.us}完成或付费的成果）归{ctx.them}所有。",
                ),
                ctx.t(
                    f"{ctx.us} loses ownership of results it creates or funds and may need a licence to use them.",
                    f"{ctx.us}丧失其创造或出资成果的所有权，使用时可能还需取得许可。",
                ),
                ctx.t(
                    "Playbook: background IP and own improvements stay with each party; paid-for bespoke deliverables vest in the payer.",
                    "行业立场：背景知识产权及自身改进归各方；付费定制交付物归付费方。",
                ),
            )
        ]
    return []


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


# Our data taken anywhere: "may transfer and process Customer Personal Data in any country in which
# they operate", "可将数据存储于其选择的任何地点".
_ANYWHERE = (
    r"\b(?:transfer(?:s|red|ring)?|process(?:es|ed|ing)?|stor(?:e|es|ed|ing)|host(?:s|ed|ing)?|access(?:es|ed|ing)?)\b[^.;]{0,80}?\b(?:in|to|from)\s+(?:any\s+(?:country|jurisdiction|location|territory)|any\s+place|anywhere)\b"
    r"|\b(?:outside|beyond)\s+(?:the\s+)?(?:EEA|European\s+Economic\s+Area|EU|European\s+Union|UK|United\s+Kingdom)\b"
    r"|(?:传输|转移|存储|储存|处理)[^。；]{0,20}(?:任何|其选择的)(?:国家|地区|地点|境外)|(?:向|至|在)境外[^。；]{0,10}(?:传输|提供|存储)"
)
# What makes a transfer lawful: standard contractual clauses, adequacy, binding corporate rules, consent.
_TRANSFER_SAFEGUARD = (
    r"standard\s+contractual\s+clauses|\bSCCs?\b|adequacy|binding\s+corporate\s+rules|appropriate\s+safeguards|Chapter\s+V"
    r"|prior\s+written\s+(?:consent|approval)\s+of\s+the\s+(?:Customer|Controller|Client)|标准合同|安全评估|认证|(?:书面)?同意"
)


def _data_location_uncontrolled(ctx: ClauseContext) -> list[Finding]:
    """The counterparty may move our data to any country, with no transfer safeguard."""
    for s, m in ctx.find(_ANYWHERE):
        text = s.text
        if not re.search(r"data|数据|个人信息", text, re.I) or re.search(_TRANSFER_SAFEGUARD, text, re.I):
            continue
        if re.search(r"(?:shall|may|will)\s+not|不得", text[max(0, m.start() - 60) : m.start()], re.I):
            continue  # "shall not transfer ... outside the EEA": the safeguard itself
        if not ctx.parties.theirs(ctx.actor(s, m.start())):
            continue
        return [
            finding(
                ctx,
                "data_protection_gap",
                "high",
                span(s, m),
                what=(
                    f"{ctx.them} may move {ctx.us}'s data to any country, with no transfer safeguard.",
                    f"{ctx.them}可将{ctx.us}的数据转移至任何国家或地区，且无跨境传输保障措施。",
                ),
                why=(
                    f"As controller {ctx.us} answers for every transfer out of its jurisdiction; without standard clauses or an adequacy basis each one may be unlawful.",
                    f"作为控制者，{ctx.us}须对每一次跨境传输负责；没有标准合同条款或充分性认定等依据，传输可能违法。",
                ),
                market=(
                    "Playbook: processing in named locations; transfers elsewhere only with our consent and a lawful mechanism (standard contractual clauses, adequacy) flowed down to sub-processors.",
                    "行业立场：在约定地点处理；向其他地点传输须经我方同意并具备合法机制（标准合同条款、充分性认定），并向分处理者传导。",
                ),
            )
        ]
    return []


# Our right to audit the processor reduced to reading its reports, or on-site audits excluded.
_AUDIT_DENIED = (
    r"\b(?:shall|may)\s+not\s+(?:\w+\s+){0,3}(?:on-?site\s+)?(?:audits?|inspections?|inspect)\b"
    r"|\baudit\s+rights?\b[^.;]{0,80}?\b(?:satisfied|fulfilled|discharged|limited)\s+(?:by|to)\b"
    r"|\bno\s+(?:right\s+to\s+)?(?:on-?site\s+)?(?:audits?|inspections?)\b"
    r"|(?:不得|无权)[^。；]{0,10}(?:现场)?(?:审计|检查|核查)|审计权[^。；]{0,20}(?:仅限于|限于)"
)


def _audit_denied(ctx: ClauseContext) -> list[Finding]:
    """We may not audit how the counterparty handles our data beyond what it chooses to report."""
    for s, m in ctx.find(_AUDIT_DENIED):
        text = s.text
        if not re.search(r"data|processing|security|数据|个人信息|安全", ctx.title + " " + ctx.text, re.I):
            continue
        # the restricted auditor is us: "The Customer shall not carry out on-site audits"
        restricted = ctx.actor(s, m.start())
        if not (
            ctx.parties.ours(restricted)
            or (
                re.search(r"\b(?:Customer|Controller|Client)['’]s\s+audit", text, re.I)
                and ctx.parties.buy_side
            )
        ):
            continue
        return [
            finding(
                ctx,
                "data_protection_gap",
                "high",
                span(s, m),
                what=(
                    f"{ctx.us} cannot audit how {ctx.them} handles its data beyond the reports {ctx.them} chooses to share.",
                    f"{ctx.us}除查阅{ctx.them}自行提供的报告外，无法审计其对数据的处理。",
                ),
                why=(
                    f"A controller must be able to verify its processor's compliance (GDPR art. 28(3)(h)); a report alone does not cover {ctx.us}'s own data or a suspected breach.",
                    f"控制者须能核实受托处理者的合规情况（如GDPR第28条第3款(h)项）；单凭报告无法覆盖{ctx.us}自身数据或疑似泄露事件。",
                ),
                market=(
                    "Playbook: certifications and reports first, with a right to audit or inspect on reasonable notice when they do not answer our questions, after a breach, or when a regulator asks.",
                    "行业立场：以认证和报告为先，但在其不足以回答我方问题、发生泄露或监管要求时，可经合理通知进行审计或现场检查。",
                ),
            )
        ]
    return []


@rule(reports={"data_protection_gap"})
def data_protection(ctx: ClauseContext) -> list[Finding]:
    """The counterparty may exploit our data, or notifies security incidents late or at its discretion."""
    if ctx.parties.sell_side and not ctx.parties.buy_side:
        return []
    # Own use, uncontrolled sub-processing and late breach notice are three gaps: each is reported.
    out: list[Finding] = []
    for s, m in ctx.find(
        r"\b(?:use|exploit|analy[sz]e|share|disclose|commerciali[sz]e|sell|mine|process)\b|使用|用于|共享|分享|提供给|出售|委托.{0,10}处理"
    ):
        text = s.text
        if not re.search(
            r"(?:Customer|Client|User|Personal|Guest|Patient|Member|Subscriber)\s+Data|data\s+(?:about|relating\s+to|of)|客户数据|用户数据|个人信息|数据",
            text,
            re.I,
        ):
            continue
        side = ctx.actor(s, m.start())
        if not ctx.parties.theirs(side):
            continue
        purpose = re.search(
            r"train\w*|machine\s+learning|models?\b|improve|develop\w*\s+(?:its|their|\w+'s)?\s*(?:products|services)|own\s+purposes|other\s+customers|"
            r"third\s+part(?:y|ies)|partners|marketing|commerciali|sell|训练|模型|改进.{0,6}(?:产品|服务)|第三方|合作伙伴|营销"
            # "for any purpose, including its loyalty programme and other hotels it manages"
            r"|any\s+purpose|loyalty|other\s+(?:hotels|properties|clients|businesses)|任何(?:目的|用途)|其他(?:客户|项目|酒店)",
            text,
            re.I,
        )
        if not purpose or (
            re.search(
                r"solely\s+to\s+provide|only\s+(?:to\s+the\s+extent\s+)?necessary\s+to\s+provide|仅为(?:向.{0,10})?提供",
                text,
                re.I,
            )
            and not re.search(r"other\s+customers|partners|train|第三方|训练", text, re.I)
        ):
            continue
        if re.search(r"shall\s+not|may\s+not|不得", text[max(0, m.start() - 40) : m.start()], re.I):
            continue
        out.append(
            Finding(
                "data_protection_gap",
                "high",
                span(s, purpose.start()),
                ctx.t(
                    f"{ctx.them} may use {ctx.us}'s data for its own purposes ({purpose.group(0)}).",
                    f"{ctx.them}可将{ctx.us}的数据用于其自身目的（{purpose.group(0)}）。",
                ),
                ctx.t(
                    "Our data (including personal data) could be used to benefit others or be shared, breaching our controller duties and confidentiality.",
                    "我方数据（包括个人数据）可能被用于使他人受益或被共享，违反我方作为控制者的义务及保密要求。",
                ),
                ctx.t(
                    "Playbook: processing only on our documented instructions to provide the services; no model training, no sharing beyond approved sub-processors.",
                    "行业立场：仅为提供服务按我方书面指示处理；不得用于模型训练，不得与经批准的分处理者以外的第三方共享。",
                ),
            )
        )
        break
    for s, m in ctx.find(
        # "may appoint or replace any Sub-processor at any time without notice to the Customer"
        r"(?:engage|appoint|use|change|add|replace)\s+(?:(?:or|and)\s+\w+\s+)?(?:any\s+|new\s+|other\s+)?(?:sub-?processors?|subcontractors?\s+to\s+process)[^.;]{0,80}?(?:without\s+(?:prior\s+)?(?:notice|consent|approval)|anywhere|any\s+country|at\s+its\s+discretion)"
        r"|(?:委托|聘用|使用)(?:任何)?(?:第三方|分处理者|次级处理者)[^。；]{0,20}(?:无需|不需)[^。；]{0,6}(?:通知|同意)"
    ):
        if not ctx.parties.theirs(ctx.actor(s, m.start())):
            continue
        if not re.search(r"data|process|数据|个人信息|信息", s.text, re.I):
            continue  # "可将运输业务转委托第三方承运": subcontracting the work, not handing over our data
        out.append(
            Finding(
                "data_protection_gap",
                "high",
                span(s, m),
                ctx.t(
                    f"{ctx.them} may hand {ctx.us}'s data to sub-processors of its choosing, anywhere, without notice or consent.",
                    f"{ctx.them}可自行选择分处理者处理{ctx.us}的数据，不限地域，且无需通知或同意。",
                ),
                ctx.t(
                    f"{ctx.us} cannot control who holds its data or where, nor object to a transfer it must itself justify to regulators.",
                    f"{ctx.us}无法控制由谁、在何处处理其数据，也无法对其须向监管机构说明的跨境传输提出异议。",
                ),
                ctx.t(
                    "Playbook: a published list of sub-processors, 30 days' notice of changes with a right to object, the same data protection terms flowed down, and transfers only with lawful safeguards.",
                    "行业立场：公布分处理者清单，变更提前30日通知并可提出异议，向下传导同等数据保护条款，跨境传输须有合法保障措施。",
                ),
            )
        )
        break
    out += _data_location_uncontrolled(ctx) + _audit_denied(ctx)
    for s, m in ctx.find(r"notif\w*|inform|通知|告知"):
        text = s.text
        if not re.search(
            r"security\s+incident|breach|unauthori[sz]ed\s+access|incident|安全事件|泄露|数据泄漏", text, re.I
        ):
            continue
        side = ctx.actor(s, m.start())
        if not ctx.parties.theirs(side):
            continue
        periods = [p for p in find_periods(text) if p.unit in {"hour", "day", "business day", "week"}]
        late = periods and periods[0].days > 3
        conditional = re.search(
            r"(?:after|once|following)\s.{0,60}(?:investigation|confirmed|determined)|as\s+(?:it|\w+)\s+considers\s+appropriate|at\s+its\s+discretion|调查(?:完成|结束)后|酌情"
            r"|within\s+a\s+reasonable\s+(?:time|period)|in\s+due\s+course|(?:在)?合理(?:时间|期限)内",
            text,
            re.I,
        )
        if not (late or conditional):
            continue
        bits = []
        if periods and late:
            bits.append(ctx.t(f"only within {fmt_period(periods[0])}", f"仅在{fmt_period(periods[0])}内"))
        if conditional:
            bits.append(ctx.t(f"only {conditional.group(0)}", f"且以“{conditional.group(0)}”为前提"))
        out.append(
            Finding(
                "data_protection_gap",
                "high",
                span(s, periods[0].start if periods else m.start()),
                ctx.t(
                    f"{ctx.them} notifies security incidents late: " + ", ".join(bits) + ".",
                    f"{ctx.them}对安全事件的通知过迟：" + "，".join(bits) + "。",
                ),
                ctx.t(
                    f"{ctx.us} must notify regulators within 72 hours under data protection law and cannot do so without timely information.",
                    f"{ctx.us}依数据保护法须在72小时内通知监管机构，缺少及时信息将无法履行该义务。",
                ),
                ctx.t(
                    "Playbook: notice without undue delay and within 72 hours of awareness, with all information we reasonably need.",
                    "行业立场：知悉后无不当迟延并在72小时内通知，并提供我方合理所需的全部信息。",
                ),
            )
        )
        break
    return out
