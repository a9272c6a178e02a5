"""Redlines for a clause's risks (draft → validate → redraft), and redrafts with feedback.

Design: docs/architecture.md#redlines.

Drafting asks the model; validation is deterministic (:mod:`validation`). A
draft that fails validation is redrafted, with the reasons it failed in the
prompt, up to ``max_retries`` times; drafts that passed are kept as they are.
What still fails after the last retry is dropped and the result says
validation did not fully pass. Ids are derived from (review, clause, risk,
round) so a replayed task yields the same redlines.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from clauseflow_contracts import ids
from clauseflow_contracts.chat import ChatMessage
from clauseflow_contracts.events import RedraftRequest
from clauseflow_contracts.llm_errors import LLMUnavailable
from clauseflow_contracts.review import LLMUsage, Redline, Risk, RiskLevel
from clauseflow_platform.logging import get_logger

from clauseflow_clause_worker import model_gate, prompting
from clauseflow_clause_worker.agent import ClauseJob
from clauseflow_clause_worker.model import ChatModel
from clauseflow_clause_worker.overlaps import clash, on_top_of, settle_overlaps
from clauseflow_clause_worker.validation import DraftCheck, DraftContext, check_drafts, resolve_risk

log = get_logger(__name__)


@dataclass
class RedlineOutcome:
    """The validated redlines of one clause and how getting them went."""

    redlines: list[Redline] = field(default_factory=list)
    validation_passed: bool = True
    validation_rounds: int = 0
    messages: list[list[ChatMessage]] = field(default_factory=list)
    usage: LLMUsage = field(default_factory=LLMUsage)
    error: str = ""
    # The last round failed because the model was unavailable: the drafts were not written, so the
    # clause must fail (and be retried) rather than stand without its redlines.
    model_unavailable: bool = False


@dataclass(frozen=True)
class _Round:
    """One drafting request: which risks, the feedback from the last round, redraft context if any."""

    risks: list[Risk]
    feedback: list[str]
    redraft: list[RedraftRequest]


class RedlineDrafter:
    """Drafts, validates and redrafts redlines; stateless between tasks."""

    def __init__(self, llm: ChatModel) -> None:
        self._llm = llm

    async def draft(self, job: ClauseJob, risks: Sequence[Risk]) -> RedlineOutcome:
        """First drafts for the risks found in this clause (round 0)."""
        outcome = RedlineOutcome()
        if job.task.skip_diffs or not risks:
            return outcome
        await self._rounds(job, _Round(list(risks), [], []), round_no=0, outcome=outcome)
        return _coherent(job, outcome)

    async def redraft(self, job: ClauseJob) -> RedlineOutcome:
        """New versions of rejected redlines, taking the reviewer's feedback into account."""
        outcome = RedlineOutcome()
        requests = list(job.task.redraft)
        if not requests:
            outcome.error = "redraft task without redraft requests: nothing to redraft"
            return outcome
        risks = _risks_for_redraft(job, requests)
        await self._rounds(job, _Round(risks, [], requests), round_no=job.task.attempt, outcome=outcome)
        return _coherent(job, outcome)

    async def _rounds(self, job: ClauseJob, first: _Round, *, round_no: int, outcome: RedlineOutcome) -> None:
        pending = first
        tries = 1 + max(0, job.task.max_retries)
        for attempt in range(tries):
            model_gate.expect_calls(tries - attempt)
            last = attempt == tries - 1
            failed = await self._one_round(job, pending, round_no=round_no, outcome=outcome, last=last)
            if failed is None:
                outcome.validation_passed = True
                return
            pending = failed
            log.info("redline.retry", attempt=attempt + 1, risks=[r.id for r in failed.risks])
        # What still fails after the last retry is dropped; the result says validation did not pass.
        outcome.validation_passed = False

    async def _one_round(
        self, job: ClauseJob, work: _Round, *, round_no: int, outcome: RedlineOutcome, last: bool = False
    ) -> _Round | None:
        """Draft and check once; returns the work still to redo, or ``None`` when nothing failed."""
        messages = prompting.redline_messages(
            job.review_id,
            job.task,
            job.clause,
            work.risks,
            work.feedback,
            work.redraft,
            contract_terms=job.defined_terms,
        )
        outcome.messages.append(messages)
        try:
            answer = await self._llm.chat(messages)
            outcome.usage += answer.usage
            messages.append({"role": "assistant", "content": answer.text})
            drafts = prompting.parse_redlines(answer.text)
        except Exception as exc:  # an unusable answer is retried like a failed validation
            outcome.error = f"redline drafting failed: {exc}"
            outcome.model_unavailable = isinstance(exc, LLMUnavailable)
            return _Round(work.risks, [f"Your previous answer could not be used: {exc}"], work.redraft)
        outcome.model_unavailable = False
        if job.task.skip_validate:
            outcome.redlines.extend(_accept_unvalidated(job, drafts, work.risks, round_no))
            return None
        outcome.validation_rounds += 1
        checks = check_drafts(
            drafts, clause_text=job.clause.text, risks=work.risks, context=_context(job, work)
        )
        checks = [_against_rejected(c, work.redraft) for c in checks]
        if not last:
            # asked again while it can be; in the last round the two are merged (see ``overlaps``)
            checks = _without_clashes(job, checks, [*job.task.standing, *outcome.redlines])
        for c in checks:
            log.info("redline.checked", risk_id=c.risk_id, passed=c.passed, edit_share=c.edit_share)
        accepted = {c.risk_id for c in checks if c.passed}
        cited = {r.id: r.clause_id for r in work.risks}
        outcome.redlines.extend(
            _redline(job, c, round_no, cited.get(c.risk_id or "")) for c in checks if c.passed
        )
        failures = [c for c in checks if not c.passed and c.risk_id not in accepted]
        if not failures:
            outcome.error = ""
            return None
        retry_ids = {c.risk_id for c in failures if c.risk_id} or {r.id for r in work.risks} - accepted
        retry_risks = [r for r in work.risks if r.id in retry_ids]
        if not retry_risks:
            return None
        return _Round(
            retry_risks,
            [_feedback_line(c, work.risks) for c in failures],
            [r for r in work.redraft if r.risk_id in retry_ids],
        )


def _without_clashes(
    job: ClauseJob, checks: list[DraftCheck], accepted: Sequence[Redline]
) -> list[DraftCheck]:
    """Drafts changing words another passing draft (or a standing redline) of the clause also changes,
    sent back to be drafted on top.

    Two redlines over the same words cannot both be revisions of one text; when they cannot be
    narrowed apart or composed, the later one is redone as one redline making both changes.
    """
    earlier = list(accepted)
    out: list[DraftCheck] = []
    for check in checks:
        if check.passed:
            candidate = Redline(
                id="draft",
                clause_id=job.task.clause_id,
                risk_id=check.risk_id or "",
                original_text=check.original_text,
                proposed_text=check.proposed_text,
            )
            found = clash(earlier, candidate, job.clause.text)
            if found is not None:
                other, union = found
                issue = (
                    "it changes the same words as the redline proposed for another risk "
                    f"({other.original_text[:200]!r} -> {other.proposed_text[:400]!r}); draft on top of it: "
                    f"one redline whose original_text is {union!r} and whose proposed_text makes both changes"
                )
                check = dataclasses.replace(check, issues=(issue,))
            else:
                earlier.append(candidate)
        out.append(check)
    return out


def _context(job: ClauseJob, work: _Round) -> DraftContext:
    """The drafting rules' view of the review: its terms, our party, the reviewer's feedback."""
    return DraftContext(
        vocabulary=job.vocabulary,
        our_party=job.task.our_party,
        language=job.task.language.value,
        domain=job.task.domain.value,
        feedback={r.risk_id: r.feedback for r in work.redraft if r.feedback.strip()},
    )


def _coherent(job: ClauseJob, outcome: RedlineOutcome) -> RedlineOutcome:
    """The outcome with overlapping redlines of the clause narrowed apart or merged (one coherent text),
    each drafted on top of the redlines other tasks made for the clause."""
    settled = settle_overlaps(outcome.redlines, job.clause.text)
    outcome.redlines = on_top_of(job.task.standing, settled, job.clause.text)
    return outcome


def _against_rejected(check: DraftCheck, redraft: Sequence[RedraftRequest]) -> DraftCheck:
    """A redraft must not propose again the text the reviewer just rejected (named before other issues)."""
    rejected = {r.risk_id: r.rejected_text for r in redraft}
    previous = rejected.get(check.risk_id or "")
    if previous is None or " ".join(previous.split()) != " ".join(check.proposed_text.split()):
        return check
    return DraftCheck(
        draft=check.draft,
        risk_id=check.risk_id,
        original_text=check.original_text,
        proposed_text=check.proposed_text,
        issues=(
            "proposed_text repeats the rejected text; change it as the reviewer's feedback asks",
            *check.issues,
        ),
    )


def _feedback_line(check: DraftCheck, risks: Sequence[Risk]) -> str:
    label = next(
        (f"risk {i} ({r.risk_type})" for i, r in enumerate(risks) if r.id == check.risk_id), "a redline"
    )
    return f"The redline for {label} failed validation: " + "; ".join(check.issues)


def _redline(job: ClauseJob, check: DraftCheck, round_no: int, cited_at: str | None = None) -> Redline:
    risk_id = check.risk_id or ""
    return Redline(
        id=ids.redline_id(job.review_id, job.task.clause_id, risk_id, round_no),
        clause_id=cited_at or job.task.clause_id,
        risk_id=risk_id,
        action_type=_action(check.draft),
        original_text=check.original_text,
        proposed_text=check.proposed_text,
        reason=str(check.draft.get("reason") or ""),
        round=round_no,
    )


_ACTIONS: dict[str, Literal["replace", "insert", "delete"]] = {
    "replace": "replace",
    "insert": "insert",
    "delete": "delete",
}


def _action(draft: Mapping[str, object]) -> Literal["replace", "insert", "delete"]:
    """The draft's action when it names one we know, else ``replace``."""
    return _ACTIONS.get(str(draft.get("action_type") or "replace"), "replace")


def _accept_unvalidated(
    job: ClauseJob, drafts: Sequence[Mapping[str, object]], risks: Sequence[Risk], round_no: int
) -> list[Redline]:
    """skip_validate: take drafts as given, one per risk, pairing unnamed drafts with risks in order."""
    redlines: list[Redline] = []
    seen: set[str] = set()
    for position, draft in enumerate(drafts):
        risk_id = resolve_risk(draft, risks) or (risks[position].id if position < len(risks) else None)
        original = str(draft.get("original_text") or "")
        proposed = str(draft.get("proposed_text") or "")
        if risk_id is None or risk_id in seen or not (original or proposed):
            continue
        seen.add(risk_id)
        check = DraftCheck(
            draft=draft, risk_id=risk_id, original_text=original, proposed_text=proposed, issues=()
        )
        redlines.append(
            _redline(job, check, round_no, next((r.clause_id for r in risks if r.id == risk_id), None))
        )
    return redlines


def _risks_for_redraft(job: ClauseJob, requests: Sequence[RedraftRequest]) -> list[Risk]:
    """The risks the rejected redlines addressed; the task carries them, a stand-in is made if not."""
    known = {r.id: r for r in job.task.risks}
    risks: list[Risk] = []
    for request in requests:
        risk = known.get(request.risk_id) or Risk(
            id=request.risk_id,
            clause_id=job.task.clause_id,
            risk_type="reviewer_feedback",
            risk_level=RiskLevel.MEDIUM,
            description=request.feedback or "the reviewer rejected the previous redline",
            original_text=request.original_text,
        )
        if risk not in risks:
            risks.append(risk)
    return risks
