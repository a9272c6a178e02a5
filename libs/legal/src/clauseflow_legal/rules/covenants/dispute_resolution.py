"""The dispute_resolution rule (covenants): Final determinations by the counterparty's agent, removed adjudication, one-sided forum choice."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import TWO_SUBJECTS, ClauseContext, Finding, span
from clauseflow_legal.rules.packs import patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)


@rule(reports={"dispute_resolution_unbalanced"})
def dispute_resolution(ctx: ClauseContext) -> list[Finding]:
    """Final determinations by the counterparty's agent, removed adjudication, one-sided forum choice."""
    for s, m in ctx.find(PATTERNS["dispute_resolution"]):
        head = s.text[: m.end()]
        ms = [x for x in ctx.parties.mentions(head) if x.side != "mutual"]
        # "甲方工程师的决定": the engineer of a party is that party's agent
        agent = re.search(
            rf"(?P<of>{ctx.us_rx}|{ctx.them_rx})(?:的|['’]s\s+)?(?:工程师|监理|代表|Engineer|Representative)",
            head,
        )
        if agent and ctx.parties.ours(ctx.parties.mentions(agent.group("of"))[0].side):
            continue  # our own agent's determinations bind the counterparty, not us
        if (ms and ctx.parties.theirs(ms[-1].side)) or re.search(PATTERNS["dispute_resolution_4"], head):
            if ctx.parties.is_role("employer"):
                continue
            return [
                WORDING.finding(
                    ctx, "dispute_resolution_2", "dispute_resolution_unbalanced", "medium", span(s, m)
                )
            ]
    for s, m in ctx.find(PATTERNS["dispute_resolution_2"]):
        return [
            WORDING.finding(ctx, "dispute_resolution", "dispute_resolution_unbalanced", "medium", span(s, m))
        ]
    for s, m in ctx.find(PATTERNS["dispute_resolution_3"]):
        subject = re.split(r"[,;:]", s.text[max(0, m.start() - 80) : m.start()])[-1]
        if TWO_SUBJECTS.search((subject + s.text[m.start() :]).rstrip(" .;。；")) or re.search(
            PATTERNS["dispute_resolution_5"], subject, re.I
        ):
            continue  # "Equidata or Marketing Affiliate may choose arbitration": both may
        side = ctx.actor(s, m.start())
        if ctx.parties.theirs(side):
            return [
                WORDING.finding(
                    ctx, "dispute_resolution_3", "dispute_resolution_unbalanced", "medium", span(s, m)
                )
            ]
    return []
