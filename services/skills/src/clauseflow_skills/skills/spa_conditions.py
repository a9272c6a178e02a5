"""spa_extract_conditions: the conditions to completion of an SPA — what they are, who may waive them,
the long-stop date, the MAC condition, and what happens when they fail."""

from __future__ import annotations

import re
from datetime import date
from typing import Literal

from clauseflow_contracts.skills import SkillId
from pydantic import BaseModel, Field

from clauseflow_skills.skill import Skill, SkillContext, SkillInput, SkillOutput
from clauseflow_skills.skills.financial_terms import find_periods
from clauseflow_skills.skills.sha_spa_support import Passage, cut, items, our_side, passages, scope, side_of
from clauseflow_skills.text import normalise

ConditionKind = Literal[
    "regulatory",
    "shareholder_approval",
    "third_party_consent",
    "no_material_adverse_change",
    "warranties_true",
    "no_breach",
    "financing",
    "due_diligence",
    "other",
]
Side = Literal["buyer", "seller", "both", "either", "unspecified", "not_waivable"]

_KIND_RULES: tuple[tuple[ConditionKind, str], ...] = (
    ("no_material_adverse_change", r"material adverse|\bMAC\b|\bMAE\b|重大不利"),
    (
        "regulatory",
        r"anti-?trust|competition|merger control|regulatory|governmental|authorit|clearance|SAMR|MOFCOM|"
        r"CFIUS|NDRC|foreign investment|反垄断|经营者集中|审批|核准|备案|主管部门|监管|市场监督管理|商务部|"
        r"发改委",
    ),
    (
        "shareholder_approval",
        r"shareholders'? (?:meeting|resolution|approval)|general meeting|board (?:approval|resolution)|"
        r"resolution of the (?:shareholders|members|board|directors)|approval of the \w+(?:'s|s')? (?:board|"
        r"shareholders)|approved by the (?:board|shareholders)|股东会|股东大会|董事会.{0,6}(?:决议|批准|"
        r"审议)",
    ),
    (
        "third_party_consent",
        r"consent of .{0,40}(?:lender|bank|landlord|counterpart|third part)|change of control consent|"
        r"waivers? from .{0,30}(?:lender|counterpart)|第三方.{0,6}同意|债权人.{0,6}同意|银行.{0,6}同意",
    ),
    (
        "warranties_true",
        r"warrant\w*.{0,80}(?:true|accurate|correct|not misleading)|陈述.{0,10}保证.{0,20}(?:真实|准确)",
    ),
    (
        "no_breach",
        r"no (?:material )?breach|not (?:be )?in (?:material )?breach|未.{0,6}违反|无.{0,6}违约",
    ),
    ("financing", r"financ|funds|融资|资金到位"),
    ("due_diligence", r"due diligence|尽职调查|尽调"),
)
_KINDS: tuple[tuple[ConditionKind, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(rx, re.I)) for kind, rx in _KIND_RULES
)
_CONDITIONS = re.compile(
    r"conditions? precedent|\bconditional (?:up)?on\b|subject to the (?:satisfaction|fulfil)|"
    r"the Conditions\b|先决条件|交割条件|生效条件|前提条件",
    re.I,
)
_WAIVE = re.compile(r"\bwaive|waiver|豁免|放弃", re.I)
_NOT_WAIVABLE = re.compile(
    r"may not be waived|shall not be waived|cannot be waived|不得(?:被)?豁免|不可豁免", re.I
)
_LONG_STOP = re.compile(
    r"long[- ]?stop|longstop|最后截止日|最终截止日|截止日期?|最迟.{0,6}(?:完成|满足)", re.I
)
_MAC = re.compile(r"material adverse (?:change|effect)|\bMAC\b|\bMAE\b|重大不利(?:变化|影响)", re.I)
_MAC_CARVE_OUT = re.compile(
    r"(?:excluding|other than|except|does not include|shall not include|"
    r"save for).{0,120}(?:general economic|market|industry|change in law|pandemic|war|acts of)|不包括|除外",
    re.I,
)
_TERMINATE_ON_FAILURE = re.compile(
    r"(?:not (?:been )?(?:satisfied|fulfilled|waived)|fail\w*).{0,160}(?:terminat|rescind|lapse|cease|"
    r"null and void)|(?:terminat|rescind).{0,120}(?:not (?:been )?(?:satisfied|fulfilled)|Long ?Stop)|"
    r"未(?:能)?(?:满足|成就|完成).{0,60}(?:解除|终止|失效)",
    re.I,
)
_MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
_EN_DATE = re.compile(
    rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:day\s+of\s+)?({_MONTHS}),?\s+(\d{{4}})\b|\b({_MONTHS})\s+(\d{{1,2}}),?\s+(\d{{4}})\b"
)
_ZH_DATE = re.compile(r"(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日")
_ISO_DATE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")


class ConditionsInput(SkillInput):
    """Arguments of spa_extract_conditions."""

    clause_id: str = Field(
        description="Id of the conditions clause (conditions precedent / conditions to completion)"
    )
    include_sub_clauses: bool = Field(default=True, description="Also read the clause's sub-clauses")


class Condition(BaseModel):
    """One condition to completion."""

    clause_id: str
    text: str
    kind: ConditionKind
    waivable_by: Side = Field(
        description="Who may waive this condition (unspecified = the clause does not say)"
    )


class LongStop(BaseModel):
    """The date by which the conditions must be met."""

    text: str
    date: str | None = Field(description="ISO date when written as a date")
    period_days: int | None = Field(description="When written as a period (e.g. 90 days after signing)")


class MacCondition(BaseModel):
    """A no-material-adverse-change condition."""

    text: str
    has_carve_outs: bool = Field(description="General market/economic events excluded from the MAC")


class ConditionsOutput(SkillOutput):
    """The conditions regime of the clause."""

    clause_id: str
    conditions: list[Condition]
    waiver: Side = Field(description="Who may waive the conditions in general")
    waiver_text: str
    long_stop: LongStop | None
    mac_condition: MacCondition | None
    termination_if_unsatisfied: bool
    concerns: list[str] = Field(description="What our side should look at (from the review's our_party)")


def _date(text: str) -> str | None:
    months = {m: i for i, m in enumerate(_MONTHS.split("|"), start=1)}
    try:
        if m := _EN_DATE.search(text):
            if m.group(1):
                return date(int(m.group(3)), months[m.group(2)], int(m.group(1))).isoformat()
            return date(int(m.group(6)), months[m.group(4)], int(m.group(5))).isoformat()
        if m := _ZH_DATE.search(normalise(text)):
            return date(int(m.group(1)), int(m.group(2)), int(m.group(3))).isoformat()
        if m := _ISO_DATE.search(text):
            return date(int(m.group(1)), int(m.group(2)), int(m.group(3))).isoformat()
    except ValueError:
        return None
    return None


def _waiver_side(text: str) -> Side:
    if _NOT_WAIVABLE.search(text):
        return "not_waivable"
    m = _WAIVE.search(text)
    if not m:
        return "unspecified"
    # The waiving party is named just before "may waive" / "有权豁免" (or in a "by the X" after it).
    before = text[max(0, m.start() - 80) : m.start()]
    side = side_of(before)
    if side == "unspecified":
        side = side_of(text[m.end() : m.end() + 80])
    return side  # type: ignore[return-value]


def _kind(text: str) -> ConditionKind:
    return next((k for k, rx in _KINDS if rx.search(text)), "other")


def run(args: ConditionsInput, ctx: SkillContext) -> ConditionsOutput:
    """Read the conditions, their waiver, the long-stop date and the MAC condition."""
    document = ctx.require_document()
    clause = document.get(args.clause_id)
    clauses = scope(document, clause, args.include_sub_clauses)
    all_passages = passages(document, clauses)
    listed: list[Passage] = []
    for c in clauses:
        if c.children:
            continue  # its children carry the list
        own_items = items(document, c)
        if own_items:
            listed += own_items
        elif c.clause_id != clause.clause_id:
            listed.append(Passage(c.clause_id, " ".join(c.text.split())))
    # Listed items are the conditions; without a list, the sentences that state a condition.
    candidates = listed or [p for p in all_passages if _CONDITIONS.search(p.text) or _kind(p.text) != "other"]
    waiver_passage = next(
        (p for p in all_passages if _WAIVE.search(p.text) or _NOT_WAIVABLE.search(p.text)), None
    )
    general_waiver: Side = _waiver_side(waiver_passage.text) if waiver_passage else "unspecified"
    conditions = []
    for p in candidates:
        if _LONG_STOP.search(p.text) or (_WAIVE.search(p.text) and _kind(p.text) == "other"):
            continue
        own = _waiver_side(p.text)
        conditions.append(
            Condition(
                clause_id=p.clause_id,
                text=cut(p.text),
                kind=_kind(p.text),
                waivable_by=own if own != "unspecified" else general_waiver,
            )
        )
    long_stop = None
    if ls := next((p for p in all_passages if _LONG_STOP.search(p.text)), None):
        norm = normalise(ls.text)
        periods = find_periods(norm, ls.text)
        long_stop = LongStop(
            text=cut(ls.text),
            date=_date(ls.text),
            period_days=periods[0].approx_days if periods else None,
        )
    mac = next((p for p in all_passages if _MAC.search(p.text)), None)
    mac_condition = (
        MacCondition(text=cut(mac.text), has_carve_outs=bool(_MAC_CARVE_OUT.search(mac.text)))
        if mac
        else None
    )
    terminates = any(_TERMINATE_ON_FAILURE.search(p.text) for p in all_passages)
    return ConditionsOutput(
        clause_id=clause.clause_id,
        conditions=conditions,
        waiver=general_waiver,
        waiver_text=cut(waiver_passage.text) if waiver_passage else "",
        long_stop=long_stop,
        mac_condition=mac_condition,
        termination_if_unsatisfied=terminates,
        concerns=_concerns(
            our_side(ctx.review.our_party), conditions, general_waiver, long_stop, mac_condition, terminates
        ),
    )


def _concerns(
    side: str,
    conditions: list[Condition],
    waiver: Side,
    long_stop: LongStop | None,
    mac: MacCondition | None,
    terminates: bool,
) -> list[str]:
    out: list[str] = []
    if long_stop is None:
        out.append(
            "no long-stop date: the parties may stay bound indefinitely while conditions are outstanding"
        )
    if not terminates:
        out.append("no right to terminate if the conditions are not satisfied by the long-stop date")
    if side in ("buyer", "unknown"):
        if mac is None:
            out.append(
                "no material-adverse-change condition protecting the buyer between signing and completion"
            )
        elif mac.has_carve_outs:
            out.append("the MAC condition carves out general market or economic events")
        if waiver in ("seller", "either") or any(c.waivable_by in ("seller", "either") for c in conditions):
            out.append("conditions protecting the buyer may be waived by the seller")
        if not any(c.kind == "warranties_true" for c in conditions):
            out.append("warranties are not required to be true at completion")
    if side == "seller":
        if mac is not None and not mac.has_carve_outs:
            out.append("the MAC condition has no carve-outs for general market or economic events")
        if waiver in ("buyer", "either"):
            out.append("the buyer alone may waive conditions, keeping the option to walk away")
    return out


SKILL: Skill[ConditionsInput, ConditionsOutput] = Skill(
    skill_id=SkillId.SPA_EXTRACT_CONDITIONS,
    name="SPA conditions",
    description=(
        "Extract the conditions to completion of a share purchase agreement: each condition precedent with "
        "its kind (regulatory clearance, shareholder approval, third-party consent, no material adverse "
        "change, warranties true at completion...), who may waive it, the long-stop date, the MAC condition "
        "and its carve-outs, and whether a party may terminate if the conditions fail; with concerns for "
        "our side."
    ),
    input_model=ConditionsInput,
    output_model=ConditionsOutput,
    run=run,
    domain="sha_spa",
    category="extraction",
)
