"""compare_with_baseline: how a clause departs from its baseline — modification type and a word-level diff.

The baseline is, in order: the text the caller gives; for a FIDIC clause amended by the Particular
Conditions, the General Conditions' wording; otherwise the playbook's baseline for the clause's
type. The diff is word by word for English and character by character for Chinese (difflib).

The modification type is judged from our side (the playbook is written for our party):
``tightened`` = the clause is less favourable to us than the baseline (a shorter claim period,
a protective qualifier removed, an adverse term added), ``loosened`` = more favourable.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from clauseflow_contracts.skills import SkillId
from clauseflow_documents.model import Clause
from clauseflow_legal.clause_types import CLAUSE_TYPES
from pydantic import BaseModel, Field

from clauseflow_skills.skill import Skill, SkillContext, SkillInput, SkillOutput
from clauseflow_skills.skills.fidic_merge import merged_clause
from clauseflow_skills.skills.financial_terms import FinancialTermsOutput, extract
from clauseflow_skills.skills.playbook_support import check_clause_type, clause_types_of, playbook_for
from clauseflow_skills.text import is_chinese
from clauseflow_skills.word_diff import MAX_CHANGES, DiffChange, tokens, word_diff

ModificationType = Literal[
    "unmodified", "tightened", "loosened", "modified", "added", "deleted", "replaced", "no_baseline"
]
Effect = Literal["tightened", "loosened"]

_DELETED = re.compile(
    r"^\s*[\[(]?\s*(?:deleted|intentionally (?:left blank|omitted)|not used|reserved|omitted|"
    r"this sub-?clause (?:is|shall be) deleted|已删除|删除|不适用|本条不适用|空白)\s*[\])]?\s*[.。]?\s*$",
    re.IGNORECASE,
)

# Wording that protects the party it benefits; the playbook baseline is written to benefit us.
PROTECTIVE_TERMS: dict[str, str] = {
    "reasonableness": r"\breasonabl\w*|合理",
    "mutuality": r"\bmutual\w*|\beach party\b|\beither party\b|\bboth parties\b|双方|任何一方|相互",
    "causation limit": r"\bto the extent (?:caused|arising|attributable)|范围内|过错",
    "cap": r"\bshall not exceed|\bnot exceed|\bcapped\b|\blimited to\b|不超过|不得超过|为限|上限",
    "exclusive remedy": r"\bsole and exclusive remedy|\bonly damages\b|\bexclusive remedy|唯一(?:的)?救济",
    "notice": r"\b(?:prior )?written notice|\bnotice period|书面通知|提前.{0,6}通知",
    "cure period": r"\bcure\b|\bremedy (?:the|such|any|its) (?:breach|default|failure)|补救|纠正",
    "compensation": (
        r"\bcompensat\w*|\bloss of profit|\blost profit|\bpay (?:\w+ )?for (?:all )?work|补偿|利润损失"
    ),
    "consent": r"\bprior (?:written )?consent|\bwith the consent|同意",
}
# Wording that shifts risk onto the party it binds (us, when it is not in the baseline).
ADVERSE_TERMS: dict[str, str] = {
    "discretion": r"\b(?:sole|absolute|unfettered) (?:and absolute )?discretion|自行决定|单方决定",
    "at any time": r"\bat any time\b|随时",
    "without notice": r"\bwithout (?:any |prior |further )?notice|无需通知|无须通知|不经通知|无需事先通知",
    "without compensation": (
        r"\bwithout (?:any )?(?:compensation|liability|cost|payment)|不予补偿|无需补偿|无须补偿|不承担任何"
    ),
    "any reason": r"\bfor any reason|\bwithout (?:cause|reason)|任何理由|无需理由|无理由",
    "unlimited": r"\bunlimited\b|\bwithout (?:any )?limit(?:ation)?\b|无限|不受.{0,10}限制",
    "forfeiture": (
        r"\bshall not be entitled|\bdeemed to have (?:waived|accepted)|\btime[- ]barred|\bforfeit\w*|"
        r"\bshall lose\b|视为放弃|视为接受|视为认可|丧失|无权"
    ),
    "on demand": r"\bon (?:first )?demand\b|\bregardless of (?:fault|whether)|见索即付|无论.{0,6}过错",
    "irrevocable": r"\birrevocabl\w*|不可撤销",
}

# For each clause type: does a larger period / percentage / amount favour us (+1) or harm us (-1)?
# From the playbook's positions, e.g. a longer claim period helps us, higher delay damages hurt us.
_NUMBERS: dict[str, tuple[int, int, int]] = {
    # (period, percentage, amount)
    "cap_on_liability": (1, 1, 1),
    "liquidated_damages": (0, -1, -1),
    "delay_damages": (0, -1, -1),
    "termination_for_convenience": (1, 1, 1),
    "termination_for_default": (1, 0, 0),
    "renewal_term": (-1, 0, 0),
    "notice_period_to_terminate_renewal": (-1, 0, 0),
    "payment": (-1, 1, 0),
    "claims_time_bar": (1, 0, 0),
    "warranty_duration": (-1, 0, 0),
    "insurance": (0, -1, -1),
    "performance_security": (0, -1, -1),
    "non_compete": (-1, 0, 0),
    "exclusivity": (-1, 0, 0),
    "no_solicit_of_employees": (-1, 0, 0),
    "no_solicit_of_customers": (-1, 0, 0),
    "minimum_commitment": (-1, -1, -1),
    "confidentiality": (-1, 0, 0),
    "acceptance": (1, 0, 0),
    "extension_of_time": (1, 0, 0),
    "variations": (1, 1, 0),
    "ground_conditions": (1, 0, 0),
    "employer_requirements": (1, 0, 0),
    "seller_limitations": (1, 0, 0),
    "price_mechanism": (1, 0, 0),
    "drag_tag": (0, 1, 0),
}
# The SPA playbook protects the buyer: a longer seller non-compete helps us.
_DOMAIN_NUMBERS: dict[tuple[str, str], tuple[int, int, int]] = {("sha_spa", "non_compete"): (1, 0, 0)}


class CompareWithBaselineInput(SkillInput):
    """Arguments of compare_with_baseline."""

    clause_id: str = Field(description="Id of the clause to compare")
    clause_type: str | None = Field(
        default=None, description="Clause-type id whose playbook baseline to use (default: the clause's own)"
    )
    baseline_text: str | None = Field(
        default=None, description="Compare against this wording instead of the standard form / playbook"
    )


class DeviationSignal(BaseModel):
    """One reason for the modification type."""

    kind: Literal["period", "percentage", "amount", "wording"]
    effect: Effect
    detail: str


class CompareWithBaselineOutput(SkillOutput):
    """The clause against its baseline."""

    clause_id: str
    clause_type: str | None
    baseline_source: Literal["argument", "general_conditions", "playbook", "none"]
    baseline_text: str
    modification_type: ModificationType
    similarity: float = Field(description="0..1, share of matching words/characters")
    changes: list[DiffChange]
    changes_truncated: int = Field(description="How many further changes were left out")
    signals: list[DeviationSignal]
    summary: str


@lru_cache(maxsize=2048)
def _terms_of(text: str) -> FinancialTermsOutput:
    """``extract`` memoised by text, for read-only use here: baselines are the playbook's fixed texts
    and clause texts are immutable, and one review compares a clause from several skills."""
    return extract(text)


def _number_signals(baseline: str, clause: str, directions: tuple[int, int, int]) -> list[DeviationSignal]:
    before, after = _terms_of(baseline), _terms_of(clause)
    values: tuple[tuple[Literal["period", "percentage", "amount"], list[float], list[float], str], ...] = (
        (
            "period",
            [float(p.approx_days) for p in before.periods],
            [float(p.approx_days) for p in after.periods],
            " days",
        ),
        ("percentage", [p.value for p in before.percentages], [p.value for p in after.percentages], "%"),
        (
            "amount",
            [a.value for a in before.amounts if a.value],
            [a.value for a in after.amounts if a.value],
            "",
        ),
    )
    out: list[DeviationSignal] = []
    for (kind, old, new, unit), direction in zip(values, directions, strict=True):
        if not direction or not old or not new or max(new) == max(old):
            continue
        larger = max(new) > max(old)
        effect: Effect = "loosened" if larger == (direction > 0) else "tightened"
        out.append(
            DeviationSignal(
                kind=kind,
                effect=effect,
                detail=f"{kind} {'raised' if larger else 'lowered'} "
                f"from {max(old):g}{unit} to {max(new):g}{unit}",
            )
        )
    return out


def _wording_signals(baseline: str, clause: str) -> list[DeviationSignal]:
    out: list[DeviationSignal] = []
    for name, rx in PROTECTIVE_TERMS.items():
        in_base = re.search(rx, baseline, re.IGNORECASE) is not None
        in_clause = re.search(rx, clause, re.IGNORECASE) is not None
        if in_base and not in_clause:
            out.append(DeviationSignal(kind="wording", effect="tightened", detail=f"{name} wording removed"))
    for name, rx in ADVERSE_TERMS.items():
        in_base = re.search(rx, baseline, re.IGNORECASE) is not None
        found = re.search(rx, clause, re.IGNORECASE)
        if found and not in_base:
            out.append(
                DeviationSignal(
                    kind="wording", effect="tightened", detail=f"{name} added: '{found.group(0)}'"
                )
            )
        elif in_base and not found:
            out.append(DeviationSignal(kind="wording", effect="loosened", detail=f"{name} removed"))
    return out


def number_directions(clause_type: str | None, domain: str) -> tuple[int, int, int]:
    """Whether larger periods/percentages/amounts favour us for this clause type (0 = no view)."""
    if not clause_type:
        return (0, 0, 0)
    return _DOMAIN_NUMBERS.get((domain, clause_type), _NUMBERS.get(clause_type, (0, 0, 0)))


@dataclass(frozen=True)
class Comparison:
    """The result of comparing one text with its baseline."""

    modification_type: ModificationType
    similarity: float
    changes: list[DiffChange]
    signals: list[DeviationSignal]


def compare(
    baseline: str, clause: str, clause_type: str | None = None, domain: str = "generic"
) -> Comparison:
    """Classify the modification of ``clause`` against ``baseline`` and diff them word by word."""
    if not clause.strip() or _DELETED.match(clause):
        return Comparison("deleted", 0.0, [DiffChange(op="delete", baseline=baseline, clause="")], [])
    if not baseline.strip():
        return Comparison("no_baseline", 0.0, [], [])
    similarity, changes = word_diff(baseline, clause)
    if not changes:
        return Comparison("unmodified", similarity, changes, [])
    signals = _number_signals(baseline, clause, number_directions(clause_type, domain)) + _wording_signals(
        baseline, clause
    )
    if similarity >= 0.97 and not signals:
        # A typo or a renamed term: the same clause.
        return Comparison("unmodified", similarity, changes, [])
    score = sum(-1 if s.effect == "tightened" else 1 for s in signals)
    kind: ModificationType
    if score < 0:
        kind = "tightened"
    elif score > 0:
        kind = "loosened"
    else:
        deleted = sum(len(tokens(c.baseline)) for c in changes if c.op != "insert")
        inserted = sum(len(tokens(c.clause)) for c in changes if c.op != "delete")
        kept = len(tokens(baseline)) - deleted
        if kept >= 0.8 * len(tokens(baseline)) and inserted > deleted:
            kind = "added"
        elif similarity < 0.3:
            kind = "replaced"
        else:
            kind = "modified"
    return Comparison(kind, similarity, changes, signals)


_SUMMARY_EN = {
    "unmodified": "The clause follows the baseline.",
    "tightened": "The clause is less favourable to us than the baseline.",
    "loosened": "The clause is more favourable to us than the baseline.",
    "modified": "The clause changes the baseline's wording without a clear shift of risk.",
    "added": "The clause keeps the baseline and adds provisions to it.",
    "deleted": "The clause has been deleted.",
    "replaced": "The clause is worded entirely differently from the baseline; read it against the position.",
    "no_baseline": "There is no baseline for this clause's type.",
}
_SUMMARY_ZH = {
    "unmodified": "条款与基线一致。",
    "tightened": "条款较基线对我方更不利。",
    "loosened": "条款较基线对我方更有利。",
    "modified": "条款措辞与基线不同，但风险分配无明显变化。",
    "added": "条款保留基线内容并增加了新的约定。",
    "deleted": "条款已被删除。",
    "replaced": "条款措辞与基线完全不同，请对照立场逐项判断。",
    "no_baseline": "该类条款没有基线。",
}


def summarise_comparison(result: Comparison, language: str) -> str:
    """One or two sentences for the LLM, in the review language."""
    zh = language.startswith("zh")
    head = (_SUMMARY_ZH if zh else _SUMMARY_EN)[result.modification_type]
    details = "; ".join(s.detail for s in result.signals)
    return f"{head} {details}".strip() if details else head


@dataclass(frozen=True)
class Baseline:
    """The text a clause is measured against, where it came from, and the clause text to measure."""

    source: Literal["argument", "general_conditions", "playbook", "none"]
    text: str
    clause_type: str | None
    clause_text: str
    added_by_pc: bool = False


def find_baseline(
    clause: Clause, ctx: SkillContext, clause_type: str | None, baseline_text: str | None
) -> Baseline:
    """The baseline for a clause (see the module docstring for the order)."""
    types = clause_types_of(clause, clause_type)
    playbook = playbook_for(ctx.review)
    entries = playbook.entries_for(types)
    ctype = entries[0].clause_type if entries else (types[0] if types else None)
    if baseline_text and baseline_text.strip():
        return Baseline("argument", baseline_text, ctype, clause.text)
    if ctx.review.particular_conditions_document_id:
        merged = merged_clause(ctx, clause.clause_id)
        if merged is not None and merged.amended:
            if merged.gc_text is None:
                return Baseline("general_conditions", "", ctype, merged.text, added_by_pc=True)
            return Baseline("general_conditions", merged.gc_text, ctype, merged.text)
    if not entries:
        return Baseline("none", "", ctype, clause.text)
    language = "zh-CN" if is_chinese(clause.text) else "en"
    return Baseline("playbook", entries[0].position(language).baseline, ctype, clause.text)


def run(args: CompareWithBaselineInput, ctx: SkillContext) -> CompareWithBaselineOutput:
    """Find the baseline, diff the clause against it and name the modification."""
    if args.clause_type:
        check_clause_type(args.clause_type)
    clause = ctx.require_document().get(args.clause_id)
    baseline = find_baseline(clause, ctx, args.clause_type, args.baseline_text)
    domain = playbook_for(ctx.review).domain
    if baseline.added_by_pc:
        result = Comparison(
            "added", 0.0, [DiffChange(op="insert", baseline="", clause=baseline.clause_text)], []
        )
    else:
        result = compare(baseline.text, baseline.clause_text, baseline.clause_type, domain)
    shown = result.changes[:MAX_CHANGES]
    return CompareWithBaselineOutput(
        clause_id=clause.clause_id,
        clause_type=baseline.clause_type if baseline.clause_type in CLAUSE_TYPES else None,
        baseline_source=baseline.source,
        baseline_text=baseline.text,
        modification_type=result.modification_type,
        similarity=result.similarity,
        changes=shown,
        changes_truncated=len(result.changes) - len(shown),
        signals=result.signals,
        summary=summarise_comparison(result, ctx.review.language),
    )


SKILL: Skill[CompareWithBaselineInput, CompareWithBaselineOutput] = Skill(
    skill_id=SkillId.COMPARE_WITH_BASELINE,
    name="Compare with baseline",
    description=(
        "Compare a clause with its baseline (the General Conditions' wording when the Particular Conditions "
        "amend it, else the playbook's baseline for the clause type) and return the modification type "
        "(unmodified, tightened = less favourable to us, loosened = more favourable, modified, added, "
        "deleted, replaced), the reasons (changed periods, caps, removed qualifiers, added adverse terms) "
        "and a word-level diff (character-level for Chinese)."
    ),
    input_model=CompareWithBaselineInput,
    output_model=CompareWithBaselineOutput,
    run=run,
    category="analysis",
)
