"""spa_extract_reps_warranties: how the seller's warranties are qualified — knowledge, materiality,
disclosure (specific, fair, or a general disclosure of the data room), sandbagging and repetition."""

from __future__ import annotations

import re

from clauseflow_contracts.skills import SkillId
from pydantic import BaseModel, Field

from clauseflow_skills.skill import Skill, SkillContext, SkillInput, SkillOutput
from clauseflow_skills.skills.sha_spa_support import Passage, cut, items, our_side, passages, scope

_KNOWLEDGE = re.compile(
    r"so far as (?:the )?\w+(?:'s|s')? (?:is|are) aware|to the (?:best of (?:the )?)?(?:\w+(?:'s|"
    r"s')? )?knowledge|\bactual knowledge|\baware(?:ness)? of|\bknowledge of the (?:Seller|Sellers|"
    r"Warrantors?|Company)|据.{0,8}所知|尽.{0,6}所知|就.{0,8}所知",
    re.I,
)
_ENQUIRY = re.compile(
    r"due (?:and careful )?enquir|reasonable enquir|due inquiry|reasonable inquiry|deemed to have knowledge|"
    r"constructive knowledge|ought reasonably|经(?:过)?(?:合理|审慎|适当)(?:的)?(?:调查|询问)|应当知道",
    re.I,
)
_MATERIALITY = re.compile(
    r"\bmaterial(?:ly)?\b|in all material respects|\bMaterial Adverse|重大|实质性",
    re.I,
)
_DISCLOSURE = re.compile(
    r"(?:except|save) (?:as|to the extent) (?:fairly |specifically )?disclosed|Disclosure Letter|"
    r"Disclosed\b|subject to (?:the )?(?:matters )?(?:fairly )?disclosed|qualified by .{0,40}disclos|披露函|"
    r"已披露|(?:除|但).{0,30}披露",
    re.I,
)
_GENERAL = re.compile(
    r"data ?room|public(?:ly available|\s+registers?|\s+records)|Companies House|deemed (?:to be |"
    r"to have been )?disclosed|general disclosure|all (?:documents|information) (?:made available|provided)|"
    r"(?:Buyer|Purchaser|Investor) (?:knew|knows|is aware|could (?:reasonably )?have|ought)|数据室|"
    r"公开(?:信息|资料|渠道)|视为已(?:向.{0,10})?披露|(?:买方|投资方|收购方).{0,10}(?:已经|应当)?(?:知道|"
    r"知悉)",
    re.I,
)
_FAIR = re.compile(
    r"fairly disclosed|sufficient (?:detail|particulars)|fair disclosure|充分(?:、准确)?地?披露|公允披露",
    re.I,
)
_ANTI_SANDBAG = re.compile(
    r"(?:not be entitled|no claim|shall not (?:be liable|make a claim)).{0,160}(?:aware|knew|knowledge|"
    r"known)|不得.{0,30}(?:知悉|知道|已知).{0,30}(?:索赔|主张)|(?:知悉|知道).{0,30}(?:不得|"
    r"无权).{0,10}(?:索赔|主张)",
    re.I,
)
_PRO_SANDBAG = re.compile(
    r"(?:irrespective|regardless) of .{0,60}(?:knowledge|investigation|due diligence)|(?:not|"
    r"no) (?:be )?(?:affected|limited|prejudiced) by .{0,60}(?:knowledge|investigation|due diligence)|"
    r"不(?:因|受).{0,20}(?:尽职调查|知悉|知道).{0,10}(?:影响|减损|限制)",
    re.I,
)
_REPEATED = re.compile(
    r"deemed (?:to be )?repeated|repeated (?:at|on|immediately before) Completion|交割日.{0,10}(?:重复|重述|"
    r"再次)",
    re.I,
)


class RepsWarrantiesInput(SkillInput):
    """Arguments of spa_extract_reps_warranties."""

    clause_id: str = Field(description="Id of the warranties clause (or its schedule's clause)")
    include_sub_clauses: bool = Field(default=True, description="Also read the clause's sub-clauses")


class Qualifier(BaseModel):
    """A qualified statement: the words that qualify it and the sentence they are in."""

    clause_id: str
    phrase: str
    text: str


class RepsWarrantiesOutput(SkillOutput):
    """The qualifiers of the warranties and what they mean for our side."""

    clause_id: str
    warranty_count: int = Field(description="Listed warranties (sub-clauses or (a)/(b) items)")
    knowledge_qualifiers: list[Qualifier]
    knowledge_requires_enquiry: bool = Field(description="Knowledge includes what due enquiry would reveal")
    materiality_qualifiers: list[Qualifier]
    disclosure_carve_outs: list[Qualifier]
    general_disclosures: list[Qualifier] = Field(
        description=(
            "Disclosure of the data room, public registers or what the buyer knew, against all warranties"
        )
    )
    fair_disclosure_standard: bool
    anti_sandbagging: bool = Field(description="The buyer loses claims for matters it knew of")
    pro_sandbagging: bool = Field(
        description="Claims are not affected by the buyer's knowledge or due diligence"
    )
    repeated_at_completion: bool
    concerns: list[str]


def _qualifiers(found: list[Passage], rx: re.Pattern[str]) -> list[Qualifier]:
    out: list[Qualifier] = []
    for p in found:
        m = rx.search(p.text)
        if m:
            out.append(Qualifier(clause_id=p.clause_id, phrase=m.group(0), text=cut(p.text)))
    return out


def run(args: RepsWarrantiesInput, ctx: SkillContext) -> RepsWarrantiesOutput:
    """Find the qualifiers of the warranties in the clause (and its sub-clauses)."""
    document = ctx.require_document()
    clause = document.get(args.clause_id)
    clauses = scope(document, clause, args.include_sub_clauses)
    found = passages(document, clauses)
    knowledge = _qualifiers(found, _KNOWLEDGE)
    general = _qualifiers(found, _GENERAL)
    out = RepsWarrantiesOutput(
        clause_id=clause.clause_id,
        warranty_count=len(items(document, clause)),
        knowledge_qualifiers=knowledge,
        knowledge_requires_enquiry=any(_ENQUIRY.search(p.text) for p in found),
        materiality_qualifiers=_qualifiers(found, _MATERIALITY),
        disclosure_carve_outs=_qualifiers(found, _DISCLOSURE),
        general_disclosures=general,
        fair_disclosure_standard=any(_FAIR.search(p.text) for p in found),
        anti_sandbagging=any(_ANTI_SANDBAG.search(p.text) for p in found),
        pro_sandbagging=any(_PRO_SANDBAG.search(p.text) for p in found),
        repeated_at_completion=any(_REPEATED.search(p.text) for p in found),
        concerns=[],
    )
    out.concerns = _concerns(our_side(ctx.review.our_party), out)
    return out


def _concerns(side: str, out: RepsWarrantiesOutput) -> list[str]:
    concerns: list[str] = []
    if side in ("buyer", "unknown"):
        if out.general_disclosures:
            concerns.append(
                "general disclosure (data room, public information or the buyer's knowledge) qualifies the "
                "warranties: only specific, fair disclosure in the Disclosure Letter should"
            )
        if out.knowledge_qualifiers and not out.knowledge_requires_enquiry:
            concerns.append(
                "knowledge-qualified warranties without a due-enquiry standard (actual knowledge only)"
            )
        if out.disclosure_carve_outs and not out.fair_disclosure_standard:
            concerns.append("disclosure is not required to be fair and specific")
        if out.anti_sandbagging:
            concerns.append("anti-sandbagging: the buyer loses claims for matters it knew of")
        if len(out.materiality_qualifiers) >= 3:
            concerns.append(f"{len(out.materiality_qualifiers)} warranties are qualified by materiality")
        if not out.repeated_at_completion:
            concerns.append("warranties are not repeated at completion")
    if side == "seller":
        if not out.knowledge_qualifiers:
            concerns.append("no knowledge qualifiers: every warranty is absolute")
        if not out.disclosure_carve_outs:
            concerns.append("the warranties are not given subject to disclosure")
        if out.pro_sandbagging:
            concerns.append("the buyer may claim for matters it knew of (pro-sandbagging)")
        if out.repeated_at_completion:
            concerns.append("warranties are repeated at completion without updated disclosure")
    return concerns


SKILL: Skill[RepsWarrantiesInput, RepsWarrantiesOutput] = Skill(
    skill_id=SkillId.SPA_EXTRACT_REPS_WARRANTIES,
    name="SPA representations and warranties",
    description=(
        "Analyse the seller's representations and warranties in an SPA: knowledge qualifiers (and whether "
        "knowledge includes due enquiry), materiality qualifiers, disclosure carve-outs, general disclosure "
        "of the data room or public information, fair-disclosure standard, sandbagging, repetition at "
        "completion; with concerns for our side."
    ),
    input_model=RepsWarrantiesInput,
    output_model=RepsWarrantiesOutput,
    run=run,
    domain="sha_spa",
    category="extraction",
)
