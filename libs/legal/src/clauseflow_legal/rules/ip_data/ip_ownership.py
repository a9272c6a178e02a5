"""The ip_ownership rule (ip_data): Our IP, improvements or paid-for deliverables assigned to or vesting in the counterparty, or our background IP licensed to it for any use."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, finding, span
from clauseflow_legal.rules.registry import rule

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
