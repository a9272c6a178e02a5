"""Reading untrusted documents in worker processes that are killed when they overrun.

An upload is the one input whose cost the client controls: a DOCX that unzips to gigabytes or
a PDF whose layout analysis never ends. Parsed in a thread, such a document kept a core busy
after its request had already been answered with a timeout (a thread cannot be stopped), and a
few of them in a row starved the gateway. Here each parse runs in a pebble process pool:

* past ``timeout_s`` of running, the worker process is killed and replaced, and the caller gets
  :class:`TimeoutError`;
* each worker's data segment is capped at ``memory_mb`` (``RLIMIT_DATA``; Linux), so a
  decompression bomb raises :class:`MemoryError` in the worker, not in the gateway;
* a worker that dies (a crash in a C extension, the kernel's OOM killer) surfaces as
  :class:`ReaderCrashed`.

Workers come from a ``forkserver`` that has imported the parser once: forking from the gateway
itself would copy its threads' locks (uvicorn, the Kafka client) in whatever state they are in,
and spawning a fresh interpreter per worker costs a second of imports.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import multiprocessing
import resource
from collections.abc import Callable
from typing import Any, TypeVar

import pebble
from clauseflow_contracts.errors import ClauseflowError
from clauseflow_platform.logging import get_logger

log = get_logger(__name__)

T = TypeVar("T")

_PRELOAD = ["clauseflow_documents.parser", "clauseflow_gateway.intake.fidic"]
# Waiting for a free worker is bounded too: a queue behind hung parses must not hold requests forever.
_QUEUE_ALLOWANCE = 2.0
# How long a read may wait for the pool's first worker: the forkserver imports the parser once (a
# second when the machine is idle, several under load). That start-up is not the document's cost,
# so it is not charged to the document's own deadline.
WARM_UP_TIMEOUT_S = 60.0


class ReaderCrashed(ClauseflowError):
    """The worker process reading a document died (it did not raise: it was killed or crashed)."""


def _limit_memory(memory_mb: int) -> None:
    """Worker initializer: cap the data segment so one document cannot take the machine's memory."""
    if memory_mb <= 0 or not hasattr(resource, "RLIMIT_DATA"):
        return
    limit = memory_mb * 1024 * 1024
    _, hard = resource.getrlimit(resource.RLIMIT_DATA)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_DATA, (limit, hard))


def _ready() -> bool:
    """A no-op task: scheduled at start so the forkserver and a worker exist before the first upload."""
    return True


def _forkserver_context() -> Any:
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(_PRELOAD)
    return context


class ReaderPool:
    """Runs CPU-bound document readers (parse, merge) in killable, memory-capped worker processes."""

    def __init__(
        self, *, workers: int, timeout_s: float, memory_mb: int, warm_up_timeout_s: float = WARM_UP_TIMEOUT_S
    ) -> None:
        self.timeout_s = timeout_s
        self.memory_mb = memory_mb
        self.warm_up_timeout_s = warm_up_timeout_s
        self._workers = workers
        self._pool: pebble.ProcessPool | None = None
        self._warm_up: concurrent.futures.Future[bool] | None = None

    def start(self) -> None:
        """Create the pool and start warming a worker in the background (nothing is awaited)."""
        if self._pool is not None:
            return
        self._pool = pebble.ProcessPool(
            max_workers=self._workers,
            initializer=_limit_memory,
            initargs=(self.memory_mb,),
            context=_forkserver_context(),
        )
        self._warm_up = self._pool.schedule(_ready)

    async def ready(self) -> None:
        """Wait (bounded) until the first worker has started: a read's deadline is then its own."""
        warm_up = self._warm_up
        if warm_up is None or warm_up.done():
            return
        try:
            # shield: one caller giving up must not cancel the warm-up the others are waiting for.
            await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(warm_up)), self.warm_up_timeout_s)
        except TimeoutError:
            raise TimeoutError(
                f"the document readers did not start within {self.warm_up_timeout_s:g}s"
            ) from None

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker; ``fn`` and its arguments must be picklable (module-level).

        Raises what ``fn`` raised, :class:`TimeoutError` when it ran longer than ``timeout_s``
        (or waited too long for a worker), :class:`MemoryError` past ``memory_mb``, or
        :class:`ReaderCrashed` when the worker died.
        """
        if self._pool is None:
            raise RuntimeError("ReaderPool.start() was not called")
        try:
            await self.ready()
            future = self._pool.schedule(fn, args=args, timeout=self.timeout_s)
            # Cancelling the wrapped future on the outer timeout cancels the pebble task (and
            # terminates its worker if it is already running).
            return await asyncio.wait_for(
                asyncio.wrap_future(future), timeout=self.timeout_s * _QUEUE_ALLOWANCE
            )
        except pebble.ProcessExpired as exc:
            message = f"the document reader stopped unexpectedly (exit code {exc.exitcode})"
            raise ReaderCrashed(message) from None

    async def stop(self, grace_s: float = 5.0) -> None:
        """Let running reads finish within ``grace_s``, then kill what is left."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        pool.close()
        try:
            await asyncio.wait_for(asyncio.to_thread(pool.join), timeout=grace_s)
        except TimeoutError:
            log.warning("intake.readers_stopped_busy")
            try:
                pool.stop()
                await asyncio.to_thread(pool.join)
            except Exception as exc:
                # pebble can raise from its internal task table (a KeyError) when it is stopped while a
                # worker is still starting; the processes are gone either way, so this is a line, not a
                # crash of the gateway's shutdown.
                log.warning("intake.reader_pool_failed", error=repr(exc))
