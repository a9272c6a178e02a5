"""The clause types of a checklist's units, asked of the skills service before the plan is made.

The orchestrator does not read clauses the way the legal package does (it must not import it):
the skills service does, through its ``classify_clause`` skill. Every unit is typed by one call
of the shared skills client (routed over every SKILLS_TARGETS target, failing over as for the
worker), a bounded number in flight, all within one deadline; a unit whose call fails, or every
unit when the service is down, is planned from its subject alone (the review never waits on
typing longer than the deadline and never fails because of it).

The deadline is a guard against a service that is down, not a latency budget: a clause's types
decide its depth in the plan, and a clause left untyped because the machine was busy would be
planned (and reviewed) differently from the same clause in the next run of the same contract.
So the deadline is generous (:data:`TYPING_DEADLINE_S`), as the plan's own wait for the model is.

Units are named by id: the skills service reads a contract clause from the stored contract and a
reference-document unit ("ER 3.2") from the reference document the review names, headings included.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from typing import Protocol

from clauseflow_contracts.events import ReviewRequested
from clauseflow_contracts.skills import SkillId
from clauseflow_platform.logging import get_logger
from clauseflow_platform.settings import SkillsClientSettings
from clauseflow_platform.skills_client import InvocationContext, SkillsClient

log = get_logger(__name__)

# A 187-clause contract typed on a loaded two-core machine took more than the former 3 s, and
# units past the deadline were planned by subject alone (quick in one run, standard in the next).
TYPING_DEADLINE_S = 60.0


class ClauseTyper(Protocol):
    """Types the units of a review's checklist; an empty answer for a unit means "not known"."""

    async def types_of(
        self, review_id: str, request: ReviewRequested, clause_ids: Sequence[str]
    ) -> dict[str, tuple[str, ...]]:
        """Clause type ids per unit id (units that could not be typed are left out)."""


class SkillsClauseTyper:
    """:class:`ClauseTyper` over the skills service's ``classify_clause``, through the shared skills client.

    The client routes the skill to whichever of the SKILLS_TARGETS offers it and fails over to
    another when that one is down, as it does for the worker's agent.
    """

    def __init__(
        self, skills: SkillsClient, *, deadline_s: float = TYPING_DEADLINE_S, in_flight: int = 16
    ) -> None:
        self._skills = skills
        self._deadline_s = deadline_s
        self._in_flight = in_flight

    @classmethod
    def over(cls, targets: str, *, deadline_s: float = TYPING_DEADLINE_S) -> SkillsClauseTyper:
        """A typer with its own skills client over ``targets`` (host:port, comma-separated)."""
        return cls(SkillsClient(SkillsClientSettings(skills_targets=targets)), deadline_s=deadline_s)

    async def close(self) -> None:
        """Close the skills client's channels."""
        await self._skills.close()

    async def types_of(
        self, review_id: str, request: ReviewRequested, clause_ids: Sequence[str]
    ) -> dict[str, tuple[str, ...]]:
        """Each unit's types; whatever is not answered within the deadline is left out."""
        gate = asyncio.Semaphore(self._in_flight)
        loop = asyncio.get_running_loop()
        ends = loop.time() + self._deadline_s
        failures: list[str] = []

        async def one(clause_id: str) -> tuple[str, tuple[str, ...]] | None:
            async with gate:
                remaining = ends - loop.time()
                if remaining <= 0:
                    failures.append("deadline passed before the call")
                    return None
                context = _invocation_context(review_id, request, clause_id)
                try:
                    outcome = await asyncio.wait_for(
                        self._skills.invoke(SkillId.CLASSIFY_CLAUSE, context, {"clause_id": clause_id}),
                        remaining,
                    )
                except TimeoutError:
                    failures.append(f"no answer within the typing deadline of {self._deadline_s:g}s")
                    return None
                if not outcome.ok:
                    failures.append(outcome.error)
                    return None
                return clause_id, _type_ids(outcome.result_json)

        answers = await asyncio.gather(*(one(c) for c in clause_ids))
        typed = {
            clause_id: types for answer in answers if answer is not None for clause_id, types in [answer]
        }
        if failures:
            log.warning(
                "plan.clause_typing_incomplete",
                targets=self._skills.targets,
                untyped=len(failures),
                units=len(clause_ids),
                first_error=failures[0],
            )
        log.info(
            "plan.clauses_typed",
            units=len(clause_ids),
            typed=sum(1 for t in typed.values() if t),
            elapsed_ms=round((loop.time() - ends + self._deadline_s) * 1000, 1),
        )
        return typed


def _invocation_context(review_id: str, request: ReviewRequested, clause_id: str) -> InvocationContext:
    return InvocationContext(
        review_id=review_id,
        primary_document_id=request.documents.primary,
        reference_document_ids=tuple(request.documents.references),
        clause_id=clause_id,
        our_party=request.our_party,
        language=request.language.value,
        domain=request.domain.value,
    )


def _type_ids(result_json: str) -> tuple[str, ...]:
    """The type ids of a ``classify_clause`` answer; an answer of another shape types nothing."""
    try:
        data = json.loads(result_json)
    except ValueError:
        return ()
    entries = data.get("clause_types") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        return ()
    return tuple(str(e["id"]) for e in entries if isinstance(e, dict) and isinstance(e.get("id"), str))
