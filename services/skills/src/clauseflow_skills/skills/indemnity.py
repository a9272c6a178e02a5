"""spa_indemnity_analysis: the limits on a seller's indemnity/warranty liability in an SPA or SHA."""

from __future__ import annotations

import re

from clauseflow_contracts.skills import SkillId
from pydantic import BaseModel, Field

from clauseflow_skills.skill import Skill, SkillContext, SkillInput, SkillOutput
from clauseflow_skills.skills.financial_terms import MoneyAmount, find_amounts, find_percentages, find_periods
from clauseflow_skills.text import normalise, sentences

_FEATURES: dict[str, re.Pattern[str]] = {
    "cap": re.compile(
        r"aggregate (?:liability|amount)|shall not exceed|maximum (?:aggregate )?liability|cap\b|"
        r"赔偿总额|累计.{0,10}不超过|责任上限|以.{0,30}为限",
        re.I,
    ),
    "basket": re.compile(
        r"basket|deductible|threshold|tipping|first[- ]dollar|aggregate of all claims exceeds"
        r"|起赔额|免赔额|门槛",
        re.I,
    ),
    "de_minimis": re.compile(
        r"de minimis|individual claim|any single claim|单项索赔|单笔.{0,10}低于|单一索赔", re.I
    ),
    "survival": re.compile(
        r"surviv|no claim may be (?:made|brought)|notified .{0,40}within|存续|索赔期|有效期", re.I
    ),
    "exclusions": re.compile(
        r"shall not apply (?:to|in)|except(?:ion)? (?:in the case of|for)|fraud|wilful|willful|"
        r"fundamental warrant|title|tax (?:covenant|indemnit)|不适用于|除外|欺诈|故意",
        re.I,
    ),
}
_BASIS = re.compile(
    r"Purchase Price|Consideration|purchase price|consideration|转让价款|交易对价|股权转让款|收购价款"
)


class IndemnityInput(SkillInput):
    """Arguments of spa_indemnity_analysis."""

    clause_id: str = Field(description="Id of the indemnity / limitation of liability clause")
    include_sub_clauses: bool = Field(default=True, description="Also read the clause's sub-clauses")


class IndemnityFeature(BaseModel):
    """One limitation mechanism as found in the text."""

    present: bool
    text: str
    amounts: list[MoneyAmount]
    percentages: list[float]
    months: int | None = Field(description="For survival: the claims period in months")
    basis: str | None = Field(description="What a percentage is measured against, e.g. 'Purchase Price'")


class IndemnityOutput(SkillOutput):
    """Cap, basket/deductible, de minimis, survival and exclusions of the indemnity regime."""

    clause_id: str
    cap: IndemnityFeature
    basket: IndemnityFeature
    de_minimis: IndemnityFeature
    survival: IndemnityFeature
    exclusions: IndemnityFeature
    missing: list[str] = Field(description="Mechanisms not found (a seller usually wants all of them)")


def _feature(name: str, found: list[str]) -> IndemnityFeature:
    if not found:
        return IndemnityFeature(present=False, text="", amounts=[], percentages=[], months=None, basis=None)
    joined = " ".join(found)
    norm = normalise(joined)
    months = None
    if name == "survival":
        periods = find_periods(norm, joined)
        if periods:
            months = max(round(p.approx_days / 30) for p in periods)
    basis = _BASIS.search(joined)
    return IndemnityFeature(
        present=True,
        text=joined if len(joined) <= 480 else joined[:479] + "…",
        amounts=find_amounts(norm, joined),
        percentages=[p.value for p in find_percentages(norm, joined)],
        months=months,
        basis=basis.group(0) if basis else None,
    )


def run(args: IndemnityInput, ctx: SkillContext) -> IndemnityOutput:
    """Analyse the indemnity regime of a clause (and its sub-clauses)."""
    document = ctx.require_document()
    clause = document.get(args.clause_id)
    texts = [clause.text]
    if args.include_sub_clauses:
        texts += [c.text for c in document.clauses if c.parent_id == clause.clause_id]
    hits: dict[str, list[str]] = {name: [] for name in _FEATURES}
    for text in texts:
        for sentence in sentences(text):
            for name, pattern in _FEATURES.items():
                if pattern.search(sentence.text):
                    hits[name].append(sentence.text)
    features = {name: _feature(name, found) for name, found in hits.items()}
    return IndemnityOutput(
        clause_id=clause.clause_id,
        missing=[name for name, f in features.items() if not f.present],
        **features,
    )


SKILL: Skill[IndemnityInput, IndemnityOutput] = Skill(
    skill_id=SkillId.SPA_INDEMNITY_ANALYSIS,
    name="SPA indemnity analysis",
    description=(
        "Analyse the seller's indemnity and warranty liability regime in a share purchase or shareholders' "
        "agreement: the cap (amount or % of the purchase price), basket or deductible, de minimis threshold, "
        "survival / claims period, and exclusions (fraud, title, tax). Lists the mechanisms that are missing."
    ),
    input_model=IndemnityInput,
    output_model=IndemnityOutput,
    run=run,
    domain="sha_spa",
    category="analysis",
)
