"""The lease_covenants rules (commercial): a lease of premises read for the tenant.

How the rent moves on review (upward only; indexation that never falls; an open-market review on
assumptions that inflate it), what the service charge carries beyond the running costs (the
landlord's overheads, a sinking fund, capital works), how far the repairing covenant reaches
(inherent defects, rebuilding, a better state than the premises were let in), the guarantees asked
of the tenant (an authorised guarantee agreement, a guarantor as primary obligor) and the
end-of-term bill for dilapidations. Each binds the side that pays the rent; the landlord reading
the same clause is clear.
"""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.positions import contract_type
from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import Sentence

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "lease_covenants",
    {
        "moves_both_ways": "the rent review or index may lower the rent as well as raise it",
        "charge_capped": "the service charge is capped or leaves out the landlord's overheads and capital costs",
        "condition_held": "the repairing covenant is held to the premises' state at the grant (schedule of condition, fair wear and tear)",
        "guarantee_bounded": "the guarantee is limited in amount",
        "relocation_agreed": "the move to other premises needs our consent or is made at our request",
    },
)


def _in_a_lease(ctx: ClauseContext) -> bool:
    """The clause sits in a lease of premises: the contract's title says so, a side is a landlord or
    tenant, or the clause names the premises or a landlord."""
    title = str(ctx.metadata.get("contract_title") or "")
    roles = {*ctx.parties.our_roles, *ctx.parties.their_roles}
    return (
        contract_type(ctx.domain, title) == "lease_of_premises"
        or bool(roles & {"lessee", "lessor"})
        or bool(re.search(PATTERNS["lease_words"], ctx.text))
    )


def _rent_payer_is_us(ctx: ClauseContext, s: Sentence, pos: int) -> bool:
    """The clause binds our side as the rent payer: the party it names as the actor is ours, or,
    naming no one ("The Rent shall be reviewed ..."), we are the side that pays."""
    by = re.search(PATTERNS["borne_by"], s.text, re.I)
    bearer = [m for m in ctx.parties.mentions(by.group("who")) if m.side in {"us", "them"}] if by else []
    if bearer:
        return ctx.parties.ours(bearer[0].side)
    named = [m for m in ctx.parties.mentions(s.text) if m.side in {"us", "them"}]
    side = ctx.actor(s, pos) if named else None
    if side in {"us", "them"}:
        return ctx.parties.ours(side)
    return ctx.paying_side() == "us"


def _upward_only_rent(ctx: ClauseContext) -> list[Finding]:
    """The rent can rise on review or indexation but never fall, or is reviewed on assumptions against us."""
    for s, m in ctx.find(PATTERNS["upward_only"]):
        if not re.search(PATTERNS["rent"], s.text, re.I) or not re.search(
            PATTERNS["rent_moves"], s.text, re.I
        ):
            continue
        if VETOES.applies("moves_both_ways", re.search(PATTERNS["both_ways"], s.text, re.I)):
            continue
        if not _rent_payer_is_us(ctx, s, m.start()):
            continue
        if re.search(PATTERNS["index"], s.text, re.I):
            return [
                WORDING.finding(
                    ctx, "indexed_upward_only", "cost_escalation_change_in_law", "medium", span(s, m)
                )
            ]
        return [WORDING.finding(ctx, "upward_only_review", "unilateral_change_right", "medium", span(s, m))]
    for s, m in ctx.find(PATTERNS["review_assumption"]):
        if not re.search(PATTERNS["rent"], s.text, re.I) or not _rent_payer_is_us(ctx, s, m.start()):
            continue
        return [WORDING.finding(ctx, "review_assumptions", "unilateral_change_right", "medium", span(s, m))]
    return []


def _uncapped_index(ctx: ClauseContext) -> list[Finding]:
    """The rent follows a price index upwards with no ceiling on the rise."""
    for s, m in ctx.find(PATTERNS["index_uncapped"]):
        text = s.text
        if not (re.search(PATTERNS["index"], text, re.I) and re.search(PATTERNS["rent"], text, re.I)):
            continue
        if not _rent_payer_is_us(ctx, s, m.start()):
            continue
        return [
            WORDING.finding(ctx, "indexed_uncapped", "cost_escalation_change_in_law", "medium", span(s, m))
        ]
    return []


def _loaded_service_charge(ctx: ClauseContext) -> list[Finding]:
    """We pay a service charge that carries the landlord's overheads, a sinking fund or capital works, uncapped."""
    for s, m in ctx.find(PATTERNS["service_charge"]):
        loaded = re.search(PATTERNS["loaded_costs"], s.text, re.I)
        if not loaded:
            continue
        capped = re.search(PATTERNS["charge_capped"], s.text, re.I)
        if VETOES.applies("charge_capped", capped and not re.search(PATTERNS["uncapped"], s.text, re.I)):
            continue
        if not _rent_payer_is_us(ctx, s, m.start()):
            continue
        return [
            WORDING.finding(
                ctx,
                "loaded_service_charge",
                "cost_escalation_change_in_law",
                "medium",
                span(s, m),
                what=loaded.group(0),
            )
        ]
    return []


def _repair_beyond_condition(ctx: ClauseContext) -> list[Finding]:
    """Our repairing covenant reaches inherent defects, rebuilding, or a better state than we took."""
    for s, m in ctx.find(PATTERNS["beyond_condition"]):
        if not re.search(PATTERNS["repair"], s.text, re.I):
            continue
        if VETOES.applies("condition_held", re.search(PATTERNS["condition_held"], ctx.text, re.I)):
            continue
        repair = re.search(PATTERNS["repair"], s.text, re.I)
        pos = repair.start() if repair else m.start()
        if not _rent_payer_is_us(ctx, s, pos):
            continue
        return [WORDING.finding(ctx, "repair_beyond_condition", "warranty_excessive", "medium", span(s, m))]
    return []


def _tenant_guarantee(ctx: ClauseContext) -> list[Finding]:
    """We must give an authorised guarantee agreement or procure a guarantor bound as primary obligor."""
    for s, m in ctx.find(PATTERNS["tenant_guarantee"]):
        if VETOES.applies("guarantee_bounded", re.search(PATTERNS["guarantee_bounded"], s.text, re.I)):
            continue
        if not _rent_payer_is_us(ctx, s, m.start()):
            continue
        return [WORDING.finding(ctx, "tenant_guarantee", "security_insurance_burden", "medium", span(s, m))]
    return []


def _dilapidations_bill(ctx: ClauseContext) -> list[Finding]:
    """At the end of the term we pay for dilapidations on the landlord's figure, with rent while works run."""
    for s, m in ctx.find(PATTERNS["dilapidations"]):
        if not re.search(PATTERNS["dilapidations_loaded"], s.text, re.I):
            continue
        if not _rent_payer_is_us(ctx, s, m.start()):
            continue
        return [WORDING.finding(ctx, "dilapidations", "post_termination_obligations", "medium", span(s, m))]
    return []


def _relocation(ctx: ClauseContext) -> list[Finding]:
    """The other side may move us out of the premises we took into others of its choosing, without our consent."""
    for s, m in ctx.find(PATTERNS["relocation"]):
        text = s.text
        agreed = [
            a
            for a in re.finditer(PATTERNS["relocation_agreed"], text, re.I)
            if not re.search(r"\bwithout\s+(?:the\s+)?$", text[max(0, a.start() - 14) : a.start()], re.I)
        ]
        if VETOES.applies("relocation_agreed", bool(agreed)):
            continue
        # the other side's right ("the Landlord may require"), or premises of its choosing ("selected by the Lessor")
        right = re.search(PATTERNS["relocation_at_will"], text, re.I)
        chosen = re.search(
            r"\b(?:nominated|selected|designated|chosen|specified)\s+by\s+", text[m.start() :], re.I
        )
        chooser = (
            ctx.parties.mentions(text[m.start() + chosen.end() : m.start() + chosen.end() + 60])
            if chosen
            else []
        )
        side = ctx.actor(s, right.start()) if right else None
        if not ctx.parties.theirs(side) and not (chooser and ctx.parties.theirs(chooser[0].side)):
            continue
        return [WORDING.finding(ctx, "relocation", "unilateral_change_right", "high", span(s, m))]
    return []


_READINGS = (
    _upward_only_rent,
    _uncapped_index,
    _loaded_service_charge,
    _repair_beyond_condition,
    _tenant_guarantee,
    _dilapidations_bill,
    _relocation,
)


@rule(
    reports={
        "unilateral_change_right",
        "cost_escalation_change_in_law",
        "warranty_excessive",
        "security_insurance_burden",
        "post_termination_obligations",
    }
)
def lease_covenants(ctx: ClauseContext) -> list[Finding]:
    """A lease's covenants read for the rent payer: each reading reports at most one finding."""
    if not _in_a_lease(ctx):
        return []
    return [f for reading in _READINGS for f in reading(ctx)]
