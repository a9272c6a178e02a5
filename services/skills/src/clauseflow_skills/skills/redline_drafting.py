"""draft_redline: the playbook's fallback wording for a risk, as a replacement for words of the clause.

``original_text`` is always cut from the clause itself (verbatim, so the redline can be applied as
a tracked change); the caller may name it, otherwise the sentence that carries the risk is chosen.
``proposed_text`` comes from the shared drafter (``clauseflow_legal.redline``): the risky
sentence with the playbook's figure written in, or the playbook's template for the risk, in the
clause's language, with the parties named as the contract names them.
"""

from __future__ import annotations

import re

from clauseflow_contracts.errors import InvalidInput
from clauseflow_contracts.risk_types import RISK_TYPES
from clauseflow_contracts.skills import SkillId
from clauseflow_documents.model import Clause
from clauseflow_legal.playbook import Playbook, PlaybookEntry
from clauseflow_legal.redline import draft_redline as draft_shared_redline
from pydantic import Field

from clauseflow_skills.skill import Skill, SkillContext, SkillInput, SkillOutput
from clauseflow_skills.skills.baseline_compare import ADVERSE_TERMS
from clauseflow_skills.skills.playbook_support import (
    check_clause_type,
    clause_types_of,
    fill_parties,
    playbook_for,
    text_language,
)
from clauseflow_skills.text import classify_clause, sentences
from clauseflow_skills.word_diff import tokens


class DraftRedlineInput(SkillInput):
    """Arguments of draft_redline."""

    clause_id: str = Field(description="Id of the clause to redline")
    risk_type: str = Field(
        description="Risk-type id the redline must fix, e.g. 'termination_for_convenience'"
    )
    original_text: str | None = Field(
        default=None,
        description="The exact words of the clause to replace (default: the sentence with the risk)",
    )
    clause_type: str | None = Field(
        default=None, description="Clause-type id whose playbook entry to use when several match the risk"
    )
    feedback: str | None = Field(
        default=None, description="The reviewer's feedback on a rejected redline, e.g. 'make it 60 days'"
    )


class DraftRedlineOutput(SkillOutput):
    """One redline: replace ``original_text`` (verbatim from the clause) with ``proposed_text``."""

    clause_id: str
    risk_type: str
    clause_type: str
    language: str
    original_text: str
    start: int = Field(description="Offset of original_text in the clause text")
    proposed_text: str
    reason: str
    fallback_position: str


def _entry(playbook: Playbook, clause: Clause, risk_type: str, clause_type: str | None) -> PlaybookEntry:
    if risk_type not in RISK_TYPES:
        raise InvalidInput(
            f"field 'risk_type': unknown risk type {risk_type!r}; use a taxonomy id such as "
            "uncapped_liability, termination_for_convenience, claim_time_bar"
        )
    if clause_type:
        entry = playbook.entry(check_clause_type(clause_type))
        if entry is not None and entry.risk_type == risk_type:
            return entry
    # Prefer the entry for one of the clause's own types, then the playbook's entry for the risk.
    for entry in playbook.entries_for(clause_types_of(clause)):
        if entry.risk_type == risk_type:
            return entry
    entry = playbook.for_risk(risk_type)
    if entry is None:
        known = sorted({e.risk_type for e in playbook.entries.values()})
        raise InvalidInput(
            f"field 'risk_type': the {playbook.domain} playbook has no fallback language for {risk_type!r}; "
            f"risk types with fallback language: {', '.join(known)}"
        )
    return entry


def locate(clause_text: str, wanted: str) -> tuple[int, int] | None:
    """Where ``wanted`` occurs in the clause, ignoring differences in whitespace and quote style."""
    words = wanted.strip().strip("\"'“”").split()
    if not words:
        return None
    pattern = r"\s+".join(re.escape(w) for w in words)
    m = re.search(pattern, clause_text) or re.search(pattern, clause_text, re.IGNORECASE)
    return (m.start(), m.end()) if m else None


def risky_sentence(clause: Clause, entry: PlaybookEntry, language: str) -> tuple[int, int]:
    """The sentence of the clause that best carries the entry's risk (offsets in the clause text)."""
    baseline = {t.key for t in tokens(entry.position(language).baseline)}
    best: tuple[float, int, int] | None = None
    for s in sentences(clause.text):
        if len(s.text) < 20 and len(sentences(clause.text)) > 1:
            continue  # a heading line
        score = 0.0
        if entry.clause_type in classify_clause("", s.text):
            score += 2
        score += sum(1 for rx in ADVERSE_TERMS.values() if re.search(rx, s.text, re.IGNORECASE))
        words = {t.key for t in tokens(s.text)}
        score += len(words & baseline) / (len(words | baseline) or 1)
        if best is None or score > best[0]:
            best = (score, s.start, s.end)
    if best is None:
        return 0, len(clause.text)
    return best[1], best[2]


def run(args: DraftRedlineInput, ctx: SkillContext) -> DraftRedlineOutput:
    """Draft the playbook's fallback wording for the risk in place of the risky words."""
    clause = ctx.require_document().get(args.clause_id)
    entry = _entry(playbook_for(ctx.review), clause, args.risk_type.strip(), args.clause_type)
    language = text_language(clause.text, ctx.review)
    position = entry.position(language)
    if not position.redline:
        raise InvalidInput(
            f"the playbook has no redline template for {entry.clause_type}; draft one yourself"
        )
    if args.original_text and args.original_text.strip():
        span = locate(clause.text, args.original_text)
        if span is None:
            raise InvalidInput(
                f"field 'original_text': the words do not occur in clause {clause.clause_id}; "
                "quote the clause's exact words or leave original_text null"
            )
    else:
        span = risky_sentence(clause, entry, language)
    original = clause.text[span[0] : span[1]]
    # The shared drafter rewrites numbers in place where it can, else fills the playbook template,
    # and checks that the rewritten clause no longer carries the risk.
    _, proposed, reason = draft_shared_redline(
        {"risk_type": args.risk_type.strip(), "original_text": original},
        clause.text,
        ctx.review.language,
        our_party=ctx.review.our_party,
        domain=playbook_for(ctx.review).domain,
        feedback=(args.feedback or "").strip(),
    )
    if proposed.strip() == original.strip():
        proposed = fill_parties(position.redline[0], ctx.review, clause.text, language)
    if proposed.strip() == original.strip():
        raise InvalidInput("the clause already reads as the playbook's redline; no change is needed")
    return DraftRedlineOutput(
        clause_id=clause.clause_id,
        risk_type=args.risk_type.strip(),
        clause_type=entry.clause_type,
        language=language,
        original_text=original,
        start=span[0],
        proposed_text=proposed,
        reason=reason,
        fallback_position=position.fallback,
    )


SKILL: Skill[DraftRedlineInput, DraftRedlineOutput] = Skill(
    skill_id=SkillId.DRAFT_REDLINE,
    name="Draft redline",
    description=(
        "Draft a redline for a risk from the review playbook's fallback language: returns original_text "
        "(quoted verbatim from the clause: the words you name, or the sentence carrying the risk) and "
        "proposed_text (the playbook's wording for the risk, in the clause's language, parties named as in "
        "the contract), with the reason. Check it with validate_redline before proposing it."
    ),
    input_model=DraftRedlineInput,
    output_model=DraftRedlineOutput,
    run=run,
    category="drafting",
)
