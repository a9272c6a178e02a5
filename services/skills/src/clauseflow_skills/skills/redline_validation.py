"""validate_redline: is a proposed redline applicable to the clause and does it address the risk?"""

from __future__ import annotations

import re

from clauseflow_contracts.skills import SkillId
from pydantic import Field

from clauseflow_skills.skill import Skill, SkillContext, SkillInput, SkillOutput
from clauseflow_skills.skills.financial_terms import extract
from clauseflow_skills.text import STOPWORDS

# What a redline for each risk type must bring into the text (any one cue suffices).
_REMEDY_CUES: dict[str, str] = {
    "uncapped_liability": (
        r"not exceed|shall be limited|cap|aggregate liability|maximum|不超过|以.{0,30}为限|上限"
    ),
    "liability_cap_inadequate": r"not exceed|cap|limit|不超过|上限|为限",
    "indemnity_one_sided": (
        r"mutual|each party|to the extent|caused by|negligence|reciprocal|双方|相互|过错|范围内"
    ),
    "liquidated_damages_excessive": r"not exceed|cap|maximum|sole and exclusive|不超过|上限|唯一",
    "termination_for_convenience": r"compensat|costs|notice|profit|demobili|补偿|费用|通知|损失",
    "termination_rights_unbalanced": r"cure|remedy|notice|either party|补救|纠正|通知|双方",
    "payment_terms_unfavourable": r"interest|利息",
    "claim_time_bar": r"reasonabl|practicable|合理",
    "unilateral_change_right": r"mutual|agree|consent|written|双方|协商|同意|书面",
    "auto_renewal_lock_in": r"notice|terminate|non-renew|通知|终止|不续",
    "warranty_excessive": r"reasonable skill|care|to the extent|limited|合理|以.{0,20}为限|不超过",
}


class ValidateRedlineInput(SkillInput):
    """Arguments of validate_redline."""

    clause_id: str = Field(description="Id of the clause the redline changes")
    original_text: str = Field(description="The exact words of the clause being replaced")
    proposed_text: str = Field(description="The replacement wording")
    risk_type: str | None = Field(
        default=None, description="Risk-type id the redline addresses, e.g. 'uncapped_liability'"
    )
    risk_description: str | None = Field(default=None, description="The risk in words, if no risk type")


class ValidateRedlineOutput(SkillOutput):
    """Verdict on a redline; ``issues`` explain every failed check."""

    passed: bool
    original_found: bool
    differs: bool
    addresses_risk: bool
    issues: list[str]


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().strip("\"'“”").lower()


def _words(text: str) -> set[str]:
    latin = {w for w in re.findall(r"[a-z]{4,}", text.lower()) if w not in STOPWORDS}
    cjk = {
        text[i : i + 2]
        for i in range(len(text) - 1)
        if all("\u4e00" <= c <= "\u9fff" for c in text[i : i + 2])
    }
    return latin | cjk


def addresses_risk(original: str, proposed: str, risk_type: str | None, risk_description: str | None) -> bool:
    """Whether the proposed wording brings in what remedies the risk (deterministic cues)."""
    cue = _REMEDY_CUES.get(risk_type or "")
    if cue is not None:
        before = [p.approx_days for p in extract(original).periods]
        after = [p.approx_days for p in extract(proposed).periods]
        if risk_type == "claim_time_bar":
            # A time bar is fixed by a longer period, or by softening the bar itself.
            if before and after:
                return max(after) > max(before)
            return bool(re.search(r"reasonabl|practicable|合理", proposed, re.I))
        if risk_type == "payment_terms_unfavourable":
            if before and after and min(after) < min(before):
                return True
            return bool(re.search(r"interest|利息", proposed, re.I))
        return bool(re.search(cue, proposed, re.IGNORECASE)) and _squash(proposed) != _squash(original)
    if risk_description:
        # Without a typed risk, the redline must at least change words the risk talks about.
        changed = _words(proposed) ^ _words(original)
        return bool(changed & _words(risk_description)) or bool(changed)
    return _squash(proposed) != _squash(original)


def run(args: ValidateRedlineInput, ctx: SkillContext) -> ValidateRedlineOutput:
    """Check the redline against the clause text and the risk."""
    clause = ctx.require_document().get(args.clause_id)
    issues: list[str] = []
    original_found = bool(args.original_text.strip()) and _squash(args.original_text) in _squash(clause.text)
    if not original_found:
        issues.append("original_text does not occur in the clause; quote the clause's exact words")
    differs = _squash(args.proposed_text) != _squash(args.original_text)
    if not args.proposed_text.strip():
        differs = False
        issues.append(
            "proposed_text is empty; to delete wording say so in the reason and propose the remainder"
        )
    elif not differs:
        issues.append("proposed_text is the same as original_text")
    remedy = differs and addresses_risk(
        args.original_text, args.proposed_text, args.risk_type, args.risk_description
    )
    if differs and not remedy:
        issues.append(
            f"proposed_text does not address the risk{f' {args.risk_type}' if args.risk_type else ''}"
        )
    return ValidateRedlineOutput(
        passed=original_found and differs and remedy,
        original_found=original_found,
        differs=differs,
        addresses_risk=remedy,
        issues=issues,
    )


SKILL: Skill[ValidateRedlineInput, ValidateRedlineOutput] = Skill(
    skill_id=SkillId.VALIDATE_REDLINE,
    name="Validate redline",
    description=(
        "Check a proposed redline before suggesting it: the original text must be quoted exactly from the "
        "clause, the proposed text must differ, and it must address the risk (e.g. a cap for "
        "uncapped_liability, compensation or notice for termination_for_convenience, a longer period for "
        "claim_time_bar). Returns passed plus the issues to fix."
    ),
    input_model=ValidateRedlineInput,
    output_model=ValidateRedlineOutput,
    run=run,
    category="validation",
)
