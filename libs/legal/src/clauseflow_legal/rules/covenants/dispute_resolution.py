"""The dispute_resolution rule (covenants): Final determinations by the counterparty's agent, removed adjudication, one-sided forum choice."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import TWO_SUBJECTS, ClauseContext, Finding, span
from clauseflow_legal.rules.registry import rule


@rule(reports={"dispute_resolution_unbalanced"})
def dispute_resolution(ctx: ClauseContext) -> list[Finding]:
    """Final determinations by the counterparty's agent, removed adjudication, one-sided forum choice."""
    for s, m in ctx.find(
        r"(?:determination|decision|certificate|opinion|决定|认定|确认)\w*.{0,80}?(?:final\s+and\s+binding|final\s+and\s+conclusive|conclusive\s+and\s+binding|shall\s+be\s+final|为最终|终局|不得(?:提出)?异议)"
    ):
        head = s.text[: m.end()]
        ms = [x for x in ctx.parties.mentions(head) if x.side != "mutual"]
        # "甲方工程师的决定": the engineer of a party is that party's agent
        agent = re.search(
            rf"(?P<of>{ctx.us_rx}|{ctx.them_rx})(?:的|['’]s\s+)?(?:工程师|监理|代表|Engineer|Representative)",
            head,
        )
        if agent and ctx.parties.ours(ctx.parties.mentions(agent.group("of"))[0].side):
            continue  # our own agent's determinations bind the counterparty, not us
        if (ms and ctx.parties.theirs(ms[-1].side)) or re.search(
            r"Engineer|Employer's\s+Representative|工程师|监理", head
        ):
            if ctx.parties.is_role("employer"):
                continue
            return [
                Finding(
                    "dispute_resolution_unbalanced",
                    "medium",
                    span(s, m),
                    ctx.t(
                        f"Determinations by {ctx.them} or its representative are final and binding.",
                        f"{ctx.them}或其代表的决定为终局并具有约束力。",
                    ),
                    ctx.t(
                        "Our access to an impartial decision-maker is removed.",
                        "我方获得公正裁决的途径被取消。",
                    ),
                    ctx.t(
                        "Playbook: binding only until revised by a dispute board or arbitration.",
                        "行业立场：仅在被争议委员会或仲裁修改前具有约束力。",
                    ),
                )
            ]
    for s, m in ctx.find(
        r"delete\w*\s+(?:Sub-Clause\s+)?(?:20\.[2-6]|21\.[1-6])|(?:no|without)\s+(?:reference\s+to\s+)?(?:adjudication|Dispute\s+(?:Avoidance\s+)?(?:Adjudication\s+)?Board)"
    ):
        return [
            Finding(
                "dispute_resolution_unbalanced",
                "medium",
                span(s, m),
                ctx.t("The dispute board / adjudication stage is removed.", "争议委员会/裁决程序被删除。"),
                ctx.t(
                    "Without interim adjudication, the contractor must fund disputes through to arbitration.",
                    "缺少临时裁决，承包商须承担争议直至仲裁的资金压力。",
                ),
                ctx.t(
                    "Playbook: keep the dispute board before arbitration.",
                    "行业立场：仲裁前保留争议委员会程序。",
                ),
            )
        ]
    for s, m in ctx.find(
        r"\b(?:may|shall\s+have\s+the\s+right\s+to|is\s+entitled\s+to)\s*,?\s*(?:at\s+its\s+(?:sole\s+|absolute\s+)?(?:option|discretion)\s*,?\s*)?(?:elect|choose|select|decide)\b.{0,60}(?:arbitration|court|forum|venue)|有权选择.{0,10}(?:仲裁|法院)"
    ):
        subject = re.split(r"[,;:]", s.text[max(0, m.start() - 80) : m.start()])[-1]
        if TWO_SUBJECTS.search((subject + s.text[m.start() :]).rstrip(" .;。；")) or re.search(
            r"\b(?:either|each|any)\s+party\b|任何一方|双方|任一方", subject, re.I
        ):
            continue  # "Equidata or Marketing Affiliate may choose arbitration": both may
        side = ctx.actor(s, m.start())
        if ctx.parties.theirs(side):
            return [
                Finding(
                    "dispute_resolution_unbalanced",
                    "medium",
                    span(s, m),
                    ctx.t(f"Only {ctx.them} chooses the forum.", f"仅{ctx.them}可选择争议解决方式或地点。"),
                    ctx.t(
                        "A unilateral forum choice lets the counterparty pick the venue most favourable to it.",
                        "单方选择权使对方可选择最有利于其的地点。",
                    ),
                    ctx.t(
                        "Playbook: a forum fixed in the contract, the same for both parties.",
                        "行业立场：合同中确定对双方相同的争议解决方式。",
                    ),
                )
            ]
    return []
