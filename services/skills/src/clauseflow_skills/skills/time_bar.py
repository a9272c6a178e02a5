"""fidic_calculate_time_bar: notice periods and claim deadlines, with dates when a start date is known."""

from __future__ import annotations

import re
from datetime import date, timedelta

from clauseflow_contracts.errors import InvalidInput
from clauseflow_contracts.skills import SkillId
from pydantic import BaseModel, Field

from clauseflow_skills.skill import Skill, SkillContext, SkillInput, SkillOutput
from clauseflow_skills.skills.financial_terms import find_periods
from clauseflow_skills.text import normalise, sentences

_NOTICE = re.compile(
    r"notice|notify|claim|particulars|submit|refer|proceedings|通知|索赔|提出|提交|报告|异议|申请",
    re.IGNORECASE,
)
_BAR = re.compile(
    r"failing which|shall not be entitled|shall be deemed to have waived|time[- ]barred|shall lose|"
    r"no longer be entitled|forfeit|deemed (?:to be )?(?:final|accepted)|"
    r"视为放弃|视为认可|视为接受|丧失|不予|无权|逾期.{0,10}(?:不|视为)",
    re.IGNORECASE,
)
_TRIGGER = re.compile(
    r"(?:after|from|of)\s+(?:the\s+)?(?:date\s+(?:on\s+which|of|when)\s+)?([^,.;]{3,80}?)(?:,|\.|;|$)|"
    r"(?:自|在|于)([^，。；]{2,30}?)(?:之日起|后|起)",
    re.IGNORECASE,
)


class TimeBarInput(SkillInput):
    """Arguments of fidic_calculate_time_bar."""

    clause_id: str = Field(description="Id of the clause with the notice or claim procedure")
    start_date: str | None = Field(
        default=None, description="ISO date (YYYY-MM-DD) the period starts, e.g. when the event became known"
    )


class TimeBar(BaseModel):
    """One notice period or deadline."""

    text: str
    days: int
    business_days: bool
    trigger: str = Field(description="What starts the period, as written")
    bars_entitlement: bool = Field(
        description="Missing the deadline loses the entitlement (condition precedent)"
    )
    deadline: str | None = Field(description="Last day (ISO) when start_date was given")


class TimeBarOutput(SkillOutput):
    """The clause's time bars."""

    clause_id: str
    time_bars: list[TimeBar]
    has_condition_precedent: bool


def _add_business_days(start: date, days: int) -> date:
    current = start
    while days > 0:
        current += timedelta(days=1)
        if current.weekday() < 5:
            days -= 1
    return current


def run(args: TimeBarInput, ctx: SkillContext) -> TimeBarOutput:
    """Find notice/claim periods and compute deadlines."""
    start: date | None = None
    if args.start_date:
        try:
            start = date.fromisoformat(args.start_date.strip())
        except ValueError:
            raise InvalidInput(
                f"invalid arguments for fidic_calculate_time_bar: field 'start_date': {args.start_date!r} "
                "is not an ISO date (YYYY-MM-DD)"
            ) from None
    clause = ctx.require_document().get(args.clause_id)
    bars: list[TimeBar] = []
    for sentence in sentences(clause.text):
        text = normalise(sentence.text)
        if not _NOTICE.search(text):
            continue
        trigger_match = _TRIGGER.search(text)
        trigger = next((g for g in trigger_match.groups() if g), "").strip() if trigger_match else ""
        barred = bool(_BAR.search(text))
        for period in find_periods(text, sentence.text):
            if not period.within and not barred:
                continue
            deadline = None
            if start is not None:
                deadline = (
                    _add_business_days(start, period.value)
                    if period.business_days
                    else start + timedelta(days=period.approx_days)
                ).isoformat()
            bars.append(
                TimeBar(
                    text=sentence.text,
                    days=period.approx_days,
                    business_days=period.business_days,
                    trigger=trigger,
                    bars_entitlement=barred,
                    deadline=deadline,
                )
            )
    return TimeBarOutput(
        clause_id=clause.clause_id,
        time_bars=bars,
        has_condition_precedent=any(b.bars_entitlement for b in bars),
    )


SKILL: Skill[TimeBarInput, TimeBarOutput] = Skill(
    skill_id=SkillId.FIDIC_CALCULATE_TIME_BAR,
    name="Time bar calculator",
    description=(
        "Find notice and claim periods in a clause (e.g. the 28-day notice of a Contractor's claim, "
        "'28日内') "
        "with what triggers them and whether missing them loses the entitlement (a condition precedent / "
        "time bar). Give start_date (YYYY-MM-DD) to get the last day for each notice."
    ),
    input_model=TimeBarInput,
    output_model=TimeBarOutput,
    run=run,
    domain="fidic",
    category="analysis",
)
