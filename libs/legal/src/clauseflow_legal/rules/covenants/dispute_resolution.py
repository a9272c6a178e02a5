"""The dispute_resolution rule (covenants): Final determinations by the counterparty's agent, removed adjudication, one-sided forum choice."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.parties import Side
from clauseflow_legal.rules.base import TWO_SUBJECTS, ClauseContext, Finding, span
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
_THEIR_AGENT_DECIDES = PATTERNS["their_agent_decides"]
VETOES = Vetoes(
    "dispute_resolution",
    {
        "our_own_agent": "our own agent's determinations bind the counterparty, not us",
        "employer_side": "the Engineer is the employer's agent: final determinations favour the employer",
        "both_may_choose": '"Equidata or Marketing Affiliate may choose arbitration": both may',
        "our_say_upstream": "we may take part in the upstream decision, or dispute it ourselves",
        "pursued_for_us": "the counterparty pursues the upstream dispute on our behalf",
        "independent_decider": "an independent or jointly chosen expert or laboratory decides, no one side",
        "referable": "we may still refer the determination to arbitration, the courts or the dispute clause",
        "evidence_save_manifest_error": "a certificate conclusive evidence save for manifest error: a rule of evidence, the market form",
    },
)


def _binding_on_us(ctx: ClauseContext) -> str:
    """Words that make a decision bind our party: "binding on the Subcontractor", "the Subcontractor
    shall be bound by", "对分包人具有约束力"."""
    us = ctx.us_rx
    return (
        rf"\bbinding\s+(?:on|upon)\s+[^.;]{{0,40}}?\b(?:{us})\b"
        rf"|\b(?:{us})\s+(?:shall|will|agrees\s+to|is\s+to)\s+(?:\w+\s+)?be\s+bound\s+by"
        rf"|对(?:{us})(?:均|亦|同样)?具有(?:最终)?约束力|(?:{us})(?:应当?|均应)?(?:受其约束|予以接受|无条件执行)"
    )


def _our_say(ctx: ClauseContext) -> bool:
    """Whether the clause lets us take part in the upstream decision or dispute it ourselves."""
    for s, m in ctx.find(PATTERNS["our_say"]):
        if re.search(PATTERNS["say_denied_before"], s.text[: m.start()], re.I):
            continue
        if not ctx.parties.theirs(ctx.actor(s, m.start())):
            return True
    return False


def _we_may_refer(ctx: ClauseContext) -> bool:
    """Whether we (or either party) may still take a determination to arbitration, the courts or the
    dispute clause: "provided that the Buyer may refer any disagreement to arbitration under Clause 18"."""
    for s, m in ctx.find(PATTERNS["referable"]):
        if re.search(PATTERNS["say_denied_before"], s.text[: m.start()], re.I):
            continue
        if not ctx.parties.theirs(ctx.actor(s, m.start())):
            return True
    return False


def _upstream_decision_binding(ctx: ClauseContext) -> list[Finding]:
    """A decision made under the counterparty's own contract upstream (the main contract, or its
    Employer or Engineer when we subcontract) binds us, though we are no party to it.

    "Any decision, determination, certificate or award made under the Main Contract shall, in so far
    as it concerns the Subcontract Works, be final and binding on the Subcontractor";
    "发包人或监理人就分包工程作出的任何决定对分包人具有约束力". Clear when we may take part or dispute it
    ourselves, or the counterparty pursues it on our behalf.
    """
    subcontracting = ctx.parties.is_role("subcontractor")
    for s, m in ctx.find(_binding_on_us(ctx)):
        if not re.search(PATTERNS["decision"], s.text, re.I):
            continue
        source = re.search(PATTERNS["upstream_contract"], s.text, re.I)
        if source is None and subcontracting:
            source = next(
                (
                    x
                    for x in re.finditer(PATTERNS["upstream_decider"], s.text)
                    if not ctx.parties.sides_in(x.group(0)) & {"us", "them"}
                ),
                None,
            )
        if source is None:
            continue
        if VETOES.applies("our_say_upstream", _our_say(ctx)):
            return []
        if VETOES.applies("pursued_for_us", ctx.has(PATTERNS["pursued_for_us"])):
            return []
        return [
            WORDING.finding(
                ctx, "upstream_decision_binding", "dispute_resolution_unbalanced", "medium", span(s, m)
            )
        ]
    return []


@rule(reports={"dispute_resolution_unbalanced"})
def dispute_resolution(ctx: ClauseContext) -> list[Finding]:
    """Final determinations by the counterparty's agent, removed adjudication, one-sided forum choice."""
    upstream = _upstream_decision_binding(ctx)
    if upstream:
        return upstream
    # the counterparty's own agent named as deciding the dispute, anywhere in the clause; or ours
    # ("争议由承包人项目经理作出书面决定……分包人……未提出异议的，该决定为最终决定" read for the 承包人:
    # the party named before "final" is the one bound by our manager's decision, not its author)
    their_agent, our_agent = (
        ctx.parties.known
        and any(
            x.side == side
            for a in re.finditer(rf"(?:{rx})(?={_THEIR_AGENT_DECIDES})", ctx.text, re.I)
            for x in ctx.parties.mentions(a.group(0))[:1]
        )
        for side, rx in (("them", ctx.them_rx), ("us", ctx.us_rx))
    )
    for s, m in ctx.find(PATTERNS["final_determination"]):
        head = s.text[: m.end()]
        ms = [x for x in ctx.parties.mentions(head) if x.side != "mutual"]
        # "甲方工程师的决定": the engineer of a party is that party's agent
        agent = re.search(
            rf"(?P<of>{ctx.us_rx}|{ctx.them_rx})(?:的|['’]s\s+)?(?:工程师|监理|代表|Engineer|Representative)",
            head,
        )
        if VETOES.applies(
            "our_own_agent",
            (agent and ctx.parties.ours(ctx.parties.mentions(agent.group("of"))[0].side))
            or (our_agent and not their_agent),
        ):
            continue
        # the Engineer is read below as the employer's agent
        decider = None if re.search(PATTERNS["engineer"], head) else _decider(ctx, head)
        if VETOES.applies("our_own_agent", decider is not None and ctx.parties.ours(decider)):
            continue
        if VETOES.applies(
            "independent_decider", decider is None and ctx.has(PATTERNS["independent_decider"], head)
        ):
            continue
        if VETOES.applies("referable", _we_may_refer(ctx)):
            continue
        # "conclusive evidence ..., in the absence of manifest error": the LMA certificate, which a
        # manifest error opens and nothing closes to the courts, is the market's rule of evidence
        if VETOES.applies(
            "evidence_save_manifest_error",
            re.search(PATTERNS["evidence_only"], m.group(0), re.I) is not None
            and re.search(PATTERNS["manifest_error"], s.text, re.I) is not None
            and re.search(PATTERNS["closed_to_challenge"], s.text, re.I) is None,
        ):
            continue
        if (
            (decider is not None and ctx.parties.theirs(decider))
            or (decider is None and ms and ctx.parties.theirs(ms[-1].side))
            or re.search(PATTERNS["engineer"], head)
            or their_agent
        ):
            if VETOES.applies("employer_side", ctx.parties.is_role("employer")):
                continue
            return [
                WORDING.finding(
                    ctx, "their_determination_final", "dispute_resolution_unbalanced", "medium", span(s, m)
                )
            ]
    if out := _one_sided_procedure(ctx):
        return out
    if out := _injunction_one_sided(ctx):
        return out
    for s, m in ctx.find(PATTERNS["adjudication_removed"]):
        return [
            WORDING.finding(
                ctx, "adjudication_removed", "dispute_resolution_unbalanced", "medium", span(s, m)
            )
        ]
    for s, m in ctx.find(PATTERNS["forum_choice"]):
        subject = re.split(r"[,;:]", s.text[max(0, m.start() - 80) : m.start()])[-1]
        if VETOES.applies(
            "both_may_choose",
            TWO_SUBJECTS.search((subject + s.text[m.start() :]).rstrip(" .;。；"))
            or re.search(PATTERNS["either_party"], subject, re.I),
        ):
            continue
        side = ctx.actor(s, m.start())
        if ctx.parties.theirs(side):
            return [
                WORDING.finding(
                    ctx, "forum_chosen_by_them", "dispute_resolution_unbalanced", "medium", span(s, m)
                )
            ]
    return []


def _decider(ctx: ClauseContext, head: str) -> Side | None:
    """Whose own people decide: "Supplier's quality manager", "a laboratory of the Seller", "determined by Buyer".

    The side of the one party named as the one deciding (its staff, laboratory, report or calculation), else
    None; a body two parties appoint together ("appointed jointly by Supplier and Buyer") is no one's own.
    """
    pattern = PATTERNS["decider"].replace("PARTY", f"(?:{ctx.us_rx}|{ctx.them_rx})")
    found = [
        m
        for m in re.finditer(pattern, head, re.I)
        if not re.match(r"\s*(?:and|or|&|及|和|与)\s*", head[m.end() :])
    ]
    sides = [x.side for m in found[-1:] for x in ctx.parties.mentions(m.group(0)) if x.side != "mutual"]
    return sides[0] if sides else None


def _one_sided_procedure(ctx: ClauseContext) -> list[Finding]:
    """The procedure is theirs: they alone appoint the tribunal, only they may start proceedings, or we must
    first pay what they claim before we may bring any."""
    for s, m in ctx.find(PATTERNS["tribunal_chosen"]):
        who = next((m.group(g) for g in ("who", "ewho", "zwho") if m.groupdict().get(g)), "")
        named = [x for x in ctx.parties.mentions(who) if x.side != "mutual"]
        # "a mutually acceptable mediator, chosen by Galaxy and Telnet": both choose
        # ("... nominated by the Lessor and shall act as an expert", "by the Landlord or, at its election, by ..."
        # join no second chooser)
        both = re.match(
            r"\s*(?:and|or|&|及|和|与)(?!\s*,)(?!\s*(?:shall|will|may|must|is|are|who|which)\b)",
            s.text[m.end() :],
        ) or re.search(r"mutual|joint|agreed|共同|双方", s.text[max(0, m.start() - 40) : m.end()], re.I)
        if named and ctx.parties.theirs(named[0].side) and not both:
            return [
                WORDING.finding(
                    ctx, "tribunal_chosen_by_them", "dispute_resolution_unbalanced", "medium", span(s, m)
                )
            ]
    for s, m in ctx.find(PATTERNS["only_they_may_start"]):
        named = [x for x in ctx.parties.mentions(m.group("who")) if x.side != "mutual"]
        if named and ctx.parties.theirs(named[0].side):
            return [
                WORDING.finding(
                    ctx, "only_they_may_start", "dispute_resolution_unbalanced", "medium", span(s, m)
                )
            ]
    for s, m in ctx.find(PATTERNS["pay_first"]):
        if ctx.parties.ours(ctx.actor(s, m.start())):
            return [
                WORDING.finding(
                    ctx, "pay_before_claiming", "dispute_resolution_unbalanced", "medium", span(s, m)
                )
            ]
    return []


def _injunction_one_sided(ctx: ClauseContext) -> list[Finding]:
    """The counterparty may seek an injunction while ours is excluded or our remedy confined to damages.

    Both halves must be in the clause and each read for its party: an injunction open to either party, or
    only to the other side with ours left untouched, stays clear (a discloser's usual remedy).
    """
    granted = next(
        (
            (s, m)
            for s, m in ctx.find(PATTERNS["injunction_granted"])
            if ctx.parties.theirs(ctx.actor(s, m.start()))
            and not re.search(PATTERNS["either_party"], s.text[max(0, m.start() - 60) : m.start()], re.I)
            and not re.search(PATTERNS["say_denied_before"], s.text[: m.start()], re.I)
        ),
        None,
    )
    if granted is None:
        return []
    for s, m in ctx.find(PATTERNS["injunction_denied"]):
        # "the Customer waives any right to", "its remedies for any breach by the Supplier are limited": the one
        # named before the exclusion, else in it
        before = [
            x for x in ctx.parties.mentions(s.text[max(0, m.start() - 60) : m.start()]) if x.side != "mutual"
        ]
        inside = [x for x in ctx.parties.mentions(m.group(0)) if x.side != "mutual"]
        side = before[-1].side if before else inside[0].side if inside else ctx.actor(s, m.start())
        if ctx.parties.ours(side):
            return [
                WORDING.finding(
                    ctx, "injunction_theirs_only", "dispute_resolution_unbalanced", "medium", span(*granted)
                )
            ]
    return []
