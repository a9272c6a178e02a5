"""The data_protection rule (ip_data): The counterparty may exploit our data, or notifies security incidents late or at its discretion."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, finding, span
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import find_periods, fmt_period

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
