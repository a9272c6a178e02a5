"""Model calls of one worker replica: at most ``limit`` in flight, the clause with most work ahead first.

The model endpoint is the scarce resource of a review (rate limits, GPU slots, cost), not the
clause. A replica may therefore hold more clauses in flight (``WORKER_CONCURRENCY``) than it
sends model requests at once (``WORKER_MODEL_CONCURRENCY``): while one clause waits for its
tools, the document store or the bus, another clause's turn uses the model slot, so the slots
stay busy and the model time of a review is spread evenly over them.

Which waiting call gets a freed slot matters for when the review ends. The gate serves the
call whose task has the most model turns possibly still ahead (the task's own bound: the turns
left of its ReAct budget, or the drafting rounds left), then the task that arrived first. That
is Hu's highest-level-first rule, optimal for chains of unit-time steps on identical servers:
clauses progress together and finish together, instead of the last clauses to start running
their turns one after another on an otherwise idle replica.

The priority travels in a context variable set by the task's own code (see :func:`begin_task`
and :func:`expect_calls`), so the model interface the agent and the drafter use is unchanged.
Each bus handler runs in its own asyncio task, so tasks never see each other's priority.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from clauseflow_contracts.chat import ChatMessage, ToolSpec
from clauseflow_platform.llm import ChatAnswer, ToolTurn

from clauseflow_clause_worker.model import ChatModel, model_id


@dataclass
class CallBudget:
    """The scheduling facts of the task running in this context: arrival order and calls still ahead."""

    arrival: int
    remaining: int = 1


_arrivals = itertools.count()
_budget: ContextVar[CallBudget | None] = ContextVar("clauseflow_model_call_budget", default=None)


def begin_task() -> CallBudget:
    """Mark the start of a task in this context (its arrival order); returns its budget."""
    budget = CallBudget(arrival=next(_arrivals))
    _budget.set(budget)
    return budget


def expect_calls(remaining: int) -> None:
    """Tell the gate how many model calls the current task may still make, this one included."""
    budget = _budget.get()
    if budget is not None:
        budget.remaining = max(1, remaining)


def current_priority() -> tuple[int, int]:
    """The heap key of a call made now: most calls ahead first, then earliest arrival."""
    budget = _budget.get()
    if budget is None:
        return (-1, next(_arrivals))
    return (-budget.remaining, budget.arrival)


class ModelGate:
    """A priority semaphore: ``limit`` permits, handed to waiters in :func:`current_priority` order."""

    def __init__(self, limit: int) -> None:
        if limit < 1:
            raise ValueError("the model gate needs at least one slot")
        self.limit = limit
        self._in_flight = 0
        self._waiters: list[tuple[int, int, int, asyncio.Future[None]]] = []
        self._tiebreak = itertools.count()

    @property
    def in_flight(self) -> int:
        """Calls holding a slot now."""
        return self._in_flight

    @property
    def waiting(self) -> int:
        """Calls waiting for a slot (cancelled waiters may still be counted until a slot frees)."""
        return len(self._waiters)

    @asynccontextmanager
    async def slot(self) -> AsyncIterator[None]:
        """Hold one model slot for the body; waits by priority when all are taken."""
        await self._acquire()
        try:
            yield
        finally:
            self._release()

    async def _acquire(self) -> None:
        if self._in_flight < self.limit and not self._waiters:
            self._in_flight += 1
            return
        levels, arrival = current_priority()
        granted: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiters, (levels, arrival, next(self._tiebreak), granted))
        try:
            await granted
        except asyncio.CancelledError:
            if granted.done() and not granted.cancelled():
                # The slot was handed over just as the caller was cancelled: pass it on.
                self._release()
            raise

    def _release(self) -> None:
        while self._waiters:
            *_, granted = heapq.heappop(self._waiters)
            if not granted.done():
                granted.set_result(None)  # the slot goes straight to the waiter; in_flight is unchanged
                return
        self._in_flight -= 1


class GatedModel:
    """A :class:`ChatModel` whose calls each hold a slot of a shared :class:`ModelGate`."""

    def __init__(self, inner: ChatModel, gate: ModelGate) -> None:
        self._inner = inner
        self.gate = gate

    @property
    def model(self) -> str:
        """The inner model's id."""
        return model_id(self._inner)

    async def chat(
        self,
        messages: Sequence[ChatMessage],
        *,
        temperature: float | None = None,
        response_json: bool = False,
    ) -> ChatAnswer:
        """The inner model's ``chat``, once a slot is free."""
        async with self.gate.slot():
            return await self._inner.chat(messages, temperature=temperature, response_json=response_json)

    async def chat_with_tools(
        self,
        messages: Sequence[ChatMessage],
        tools: Sequence[ToolSpec],
        *,
        temperature: float | None = None,
    ) -> ToolTurn:
        """The inner model's ``chat_with_tools``, once a slot is free."""
        async with self.gate.slot():
            return await self._inner.chat_with_tools(messages, tools, temperature=temperature)
