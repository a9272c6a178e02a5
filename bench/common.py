"""What every benchmark shares: paths, logging, result files, generated contracts, LLM timing, stacks.

Benchmarks drive the real product (gateway HTTP API, orchestrator, workers, skills over gRPC,
the in-memory bus or a real Kafka broker). The only stand-ins are LLM servers speaking the
OpenAI protocol (the scripted model, or the bundled playbook model); both are served from the
benchmark's own process behind :class:`TimedASGI`, so every chat-completions request is timed
on the server side (arrival of the request → last byte of the answer).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import structlog
from clauseflow_cli.embedded import EmbeddedEndpoints, embedded_stack
from clauseflow_platform.logging import configure_logging

REPO = Path(__file__).resolve().parents[1]
RESULTS_DIR = REPO / "bench" / "results"
WORK_DIR = REPO / ".clauseflow" / "bench"

ASGIApp = Callable[
    [dict[str, Any], Callable[[], Awaitable[dict[str, Any]]], Callable[..., Awaitable[None]]], Awaitable[None]
]


# --- paths, logging, results -------------------------------------------------------------------


def shared_dir() -> Path | None:
    """``<repo>/../shared`` (or ``$CLAUSEFLOW_SHARED_DIR``) if it exists, else None (benches skip)."""
    given = os.environ.get("CLAUSEFLOW_SHARED_DIR", "").strip()
    path = Path(given) if given else REPO.parent / "shared"
    return path if path.is_dir() else None


def bench_logger(name: str) -> logging.Logger:
    """A plain stdlib logger for the benchmark's own summary lines (stderr, INFO)."""
    logger = logging.getLogger(f"bench.{name}")
    if not logger.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(
            logging.Formatter("%(asctime)s bench.%(name)s %(message)s".replace("%(name)s", name))
        )
        logger.addHandler(handler)
        logger.propagate = False
    logger.setLevel(logging.INFO)
    return logger


def configure_service_logging(log_file: Path, level: str = "INFO") -> None:
    """Send the in-process services' structured logs to ``log_file`` (JSON, as in production).

    Embedded services log every clause; on the console that would drown the summary and
    measure terminal speed, so they write to a file like the distributed services do.
    """
    configure_logging("bench", level=level, json=True)
    log_file.parent.mkdir(parents=True, exist_ok=True)
    stream = open(log_file, "a", encoding="utf-8")  # noqa: SIM115 - lives as long as the process
    if isinstance(structlog.get_config().get("logger_factory"), structlog.PrintLoggerFactory):
        structlog.configure(logger_factory=structlog.PrintLoggerFactory(file=stream))
    for handler in logging.getLogger().handlers:
        if isinstance(handler, logging.StreamHandler) and not isinstance(handler, logging.FileHandler):
            handler.setStream(stream)
    for noisy in ("uvicorn", "uvicorn.error", "httpx", "httpx2", "httpcore", "aiokafka", "grpc", "openai"):
        logging.getLogger(noisy).setLevel(logging.WARNING)


def write_result(name: str, data: Mapping[str, Any]) -> Path:
    """Write ``bench/results/<name>.json`` (pretty, UTF-8) and return its path."""
    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    path = RESULTS_DIR / f"{name}.json"
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False, default=str) + "\n", encoding="utf-8")
    return path


def machine_info() -> dict[str, Any]:
    """What the figures were measured on (they depend on it)."""
    load = os.getloadavg() if hasattr(os, "getloadavg") else (0.0, 0.0, 0.0)
    return {
        "cpus": os.cpu_count(),
        "load_avg_1m_at_start": round(load[0], 2),
        "python": sys.version.split()[0],
        "platform": sys.platform,
    }


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds a process has used so far (Linux ``/proc``); 0.0 if unknown."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    ticks = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    return (int(fields[11]) + int(fields[12])) / ticks


class CpuMeter:
    """CPU seconds used by named processes between :meth:`start` and :meth:`stop`."""

    def __init__(self, pids: Mapping[str, int | None]) -> None:
        self._pids = {name: pid for name, pid in pids.items() if pid}
        self._before: dict[str, float] = {}
        self.used: dict[str, float] = {}

    def start(self) -> None:
        """Take the first reading."""
        self._before = {name: cpu_seconds(pid) for name, pid in self._pids.items()}

    def stop(self) -> dict[str, float]:
        """CPU seconds per process since :meth:`start`."""
        self.used = {name: cpu_seconds(pid) - self._before[name] for name, pid in self._pids.items()}
        return self.used


def system_cpu_busy() -> tuple[float, float]:
    """(busy, total) jiffies of the whole machine so far, from ``/proc/stat``."""
    try:
        values = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    except (OSError, ValueError):
        return (0.0, 0.0)
    idle = values[3] + (values[4] if len(values) > 4 else 0)
    return (float(sum(values) - idle), float(sum(values)))


# --- generated contracts -----------------------------------------------------------------------

_SUBJECTS = (
    (
        "Services",
        "The Supplier shall provide the Services described in Order {i} with reasonable skill and care.",
    ),
    (
        "Fees",
        "The Customer shall pay the fees of EUR {amount} for Order {i} within thirty (30) days of receipt "
        "of a valid invoice.",
    ),
    (
        "Reports",
        "The Supplier shall deliver a monthly report on Order {i} to the Customer's project manager.",
    ),
    (
        "Records",
        "Each party shall keep complete and accurate records relating to Order {i} for six (6) years.",
    ),
    (
        "Cooperation",
        "The Customer shall give the Supplier reasonable access to its premises for the purposes of "
        "Order {i}.",
    ),
)


def generated_contract(clauses: int) -> str:
    """A plain-text contract of ``clauses`` top-level numbered clauses (no preamble), varied but benign.

    Every clause is one reviewable unit; the wording is ordinary so the figures measure
    the system, not one contract's quirks.
    """
    lines: list[str] = []
    for i in range(1, clauses + 1):
        title, body = _SUBJECTS[i % len(_SUBJECTS)]
        lines.append(f"{i}. {title} for Order {i}")
        lines.append(body.format(i=i, amount=f"{1000 + 37 * i:,}"))
        lines.append("")
    return "\n".join(lines)


# --- LLM timing --------------------------------------------------------------------------------


@dataclass(frozen=True)
class LLMCall:
    """One chat-completions request as the model server saw it."""

    kind: str
    clause_id: str
    turn: int
    start: float
    end: float

    @property
    def duration(self) -> float:
        """Seconds from the request's arrival to the last byte of the answer."""
        return self.end - self.start


@dataclass
class LLMCallLog:
    """Raw records (start, end, body) of every chat-completions request; parsed lazily."""

    raw: list[tuple[float, float, bytes]] = field(default_factory=list)

    def clear(self) -> None:
        """Forget what was recorded (between runs)."""
        self.raw.clear()

    def calls(self) -> list[LLMCall]:
        """The recorded requests with their kind (from the prompt marker) and clause id, by start time."""
        from clauseflow_testkit.scripted_model import request_facts

        out: list[LLMCall] = []
        for start, end, body in self.raw:
            try:
                data = json.loads(body)
            except ValueError:
                continue
            facts = request_facts(data)
            turn = sum(1 for m in data.get("messages") or [] if m.get("role") == "assistant")
            out.append(
                LLMCall(str(facts.get("kind", "?")), str(facts.get("clause_id", "")), turn, start, end)
            )
        return sorted(out, key=lambda c: c.start)


class TimedASGI:
    """ASGI middleware that records the server-side time and the body of every chat completion."""

    def __init__(self, app: Any, log: LLMCallLog) -> None:
        self.app = app
        self.log = log

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope.get("type") != "http" or not str(scope.get("path", "")).endswith("/chat/completions"):
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []

        async def recording_receive() -> Any:
            message = await receive()
            if message.get("type") == "http.request":
                chunks.append(message.get("body", b""))
            return message

        start = time.perf_counter()
        try:
            await self.app(scope, recording_receive, send)
        finally:
            self.log.raw.append((start, time.perf_counter(), b"".join(chunks)))


def timed_scripted_model(log: LLMCallLog, **kwargs: Any) -> Any:
    """A :class:`ScriptedModel` whose app is wrapped in :class:`TimedASGI` (same constructor arguments)."""
    from clauseflow_testkit.scripted_model import ScriptedModel

    model = ScriptedModel(**kwargs)
    model.app = TimedASGI(model.app, log)  # type: ignore[assignment]  # start() serves self.app
    return model


@contextlib.asynccontextmanager
async def serve_asgi(app: Any, *, lifespan: str = "auto") -> AsyncIterator[str]:
    """Serve an ASGI app on a free loopback port in this event loop; yields ``http://127.0.0.1:<port>``.

    The socket has TCP_NODELAY on its connections (:func:`clauseflow_platform.net.listening_socket`):
    without it every answer waited ~40 ms for a delayed ACK, which a bench would count as model time.
    """
    import uvicorn
    from clauseflow_platform.net import listening_socket

    sock = listening_socket()
    port = sock.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(
            app, log_level="warning", lifespan=lifespan, access_log=False, timeout_graceful_shutdown=2
        )
    )
    task = asyncio.create_task(server.serve(sockets=[sock]))
    deadline = time.monotonic() + 20
    while not server.started:
        if task.done():
            task.result()
            raise RuntimeError("the ASGI server stopped during start-up")
        if time.monotonic() > deadline:
            raise RuntimeError("the ASGI server did not start within 20s")
        await asyncio.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        with contextlib.suppress(Exception):
            await asyncio.wait_for(task, 10)
        sock.close()


def playbook_app() -> Any:
    """The playbook model's ASGI app, built the way its own package builds it."""
    import importlib
    import inspect

    module = importlib.import_module("clauseflow_playbook_model.app")
    for name in ("create_app", "build_app", "make_app"):
        factory = getattr(module, name, None)
        if callable(factory):
            params = inspect.signature(factory).parameters
            required = [p for p in params.values() if p.default is inspect.Parameter.empty]
            if not required:
                return factory()
    app = getattr(module, "app", None)
    if app is not None:
        return app
    raise RuntimeError("clauseflow_playbook_model.app exposes no create_app() or app")


@contextlib.asynccontextmanager
async def timed_playbook_model(log: LLMCallLog) -> AsyncIterator[str]:
    """The playbook model served in this process behind :class:`TimedASGI`; yields its ``/v1`` base URL."""
    async with serve_asgi(TimedASGI(playbook_app(), log)) as url:
        yield f"{url}/v1"


# --- stacks ------------------------------------------------------------------------------------


@dataclass
class Broker:
    """A running local Kafka broker."""

    bootstrap: str
    pid: int | None


@contextlib.asynccontextmanager
async def kafka_broker() -> AsyncIterator[Broker]:
    """A local single-node Kafka broker (the project's own); yields its address and JVM pid."""
    from clauseflow_testkit.local_kafka import LocalKafka

    broker = LocalKafka()
    try:
        bootstrap = await asyncio.to_thread(broker.start, timeout_s=300)
        yield Broker(bootstrap, broker.pid)
    finally:
        await asyncio.to_thread(broker.stop)


@contextlib.asynccontextmanager
async def embedded(
    workdir: Path, *, llm_base_url: str, worker_concurrency: int = 8, window: int = 8
) -> AsyncIterator[EmbeddedEndpoints]:
    """The product's embedded stack (one process, in-memory bus) with a dispatch window of our choice."""
    async with embedded_stack(
        workdir, llm_base_url=llm_base_url, worker_concurrency=worker_concurrency, window=window
    ) as endpoints:
        yield endpoints


# The benchmarks' name for what ``embedded`` yields.
EmbeddedHandle = EmbeddedEndpoints


_ASSIGNED = re.compile(r'"event":\s*"bus\.partitions_assigned"')


async def wait_workers_assigned(stack: Any, timeout_s: float = 60.0, settle_s: float = 3.0) -> None:
    """Wait until every worker of a ``LocalStack`` has logged a partition assignment, then let it settle.

    Workers join the consumer group one after another and each join rebalances the group;
    a review submitted in the middle would wait for the rebalance and skew the timings.
    """
    workers = [s for name, s in stack.group.services.items() if name.startswith("clause-worker")]
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        logs = [w.log_path.read_text(errors="replace") if w.log_path.exists() else "" for w in workers]
        if all(_ASSIGNED.search(text) for text in logs):
            await asyncio.sleep(settle_s)
            return
        await asyncio.sleep(0.5)
    raise TimeoutError(f"workers not assigned partitions after {timeout_s:.0f}s")


def count_log_events(path: Path, event: str) -> int:
    """How many JSON log lines of ``path`` have ``"event": event``."""
    if not path.exists():
        return 0
    pattern = re.compile(r'"event":\s*"' + re.escape(event) + '"')
    return sum(1 for line in path.read_text(errors="replace").splitlines() if pattern.search(line))


@dataclass(frozen=True)
class ObservedResult:
    """A clause result as an independent consumer of ``clause.results`` received it."""

    arrived: float
    review_id: str
    clause_id: str
    mode: str
    llm_calls: int
    skill_ms: float
    skill_calls: int
    risks: int
    redlines: int
    fallback_used: bool
    validation_passed: bool = True
    validation_rounds: int = 0
    error: str = ""


class ResultObserver:
    """A consumer group of its own on ``clause.results``: when each result was on the bus, and what it held.

    It sees the results exactly as the orchestrator and the gateway do (one hop after the
    worker published them) and never interferes with them (its own group id).
    """

    def __init__(self, bus: Any) -> None:
        self._bus = bus
        self._consumer: Any = None
        self.results: list[ObservedResult] = []

    async def start(self) -> None:
        """Join a fresh group and start recording."""
        import uuid

        from clauseflow_contracts.events import ClauseResult, Envelope, Topic

        async def handle(env: Envelope) -> None:
            result: ClauseResult = env.open(ClauseResult)
            self.results.append(
                ObservedResult(
                    arrived=time.perf_counter(),
                    review_id=env.review_id,
                    clause_id=result.clause_id,
                    mode=str(result.mode),
                    llm_calls=result.usage.calls,
                    skill_ms=sum(c.duration_ms for c in result.skill_calls),
                    skill_calls=len(result.skill_calls),
                    risks=len(result.risks),
                    redlines=len(result.redlines),
                    fallback_used=result.fallback_used,
                    validation_passed=result.validation_passed,
                    validation_rounds=result.validation_rounds,
                    error=result.error,
                )
            )

        self._consumer = self._bus.subscribe(
            [Topic.CLAUSE_RESULTS],
            group_id=f"bench-observer-{uuid.uuid4().hex[:8]}",
            handler=handle,
            concurrency=16,
        )
        await self._consumer.start()

    async def stop(self) -> None:
        """Leave the group."""
        if self._consumer is not None:
            await self._consumer.stop(2.0)

    def of(self, review_id: str) -> list[ObservedResult]:
        """First-delivery results of one review (a redelivered duplicate is dropped), by arrival."""
        seen: dict[tuple[str, str], ObservedResult] = {}
        for r in self.results:
            if r.review_id == review_id:
                seen.setdefault((r.clause_id, r.mode), r)
        return sorted(seen.values(), key=lambda r: r.arrived)


@contextlib.asynccontextmanager
async def kafka_observer(bootstrap: str, partitions: int = 6) -> AsyncIterator[ResultObserver]:
    """A :class:`ResultObserver` on its own Kafka client (``partitions`` only matters for a missing topic)."""
    from clauseflow_platform.bus.kafka import KafkaBus
    from clauseflow_platform.settings import KafkaSettings

    bus = KafkaBus(
        KafkaSettings(
            kafka_bootstrap_servers=bootstrap, kafka_client_id="bench-observer", kafka_partitions=partitions
        )
    )
    await bus.start()
    observer = ResultObserver(bus)
    try:
        await observer.start()
        await asyncio.sleep(1.0)  # let the group join settle before anything is measured
        yield observer
    finally:
        await observer.stop()
        await bus.stop()


# --- following a review ------------------------------------------------------------------------


@dataclass
class ReviewTimeline:
    """When (``time.perf_counter``) the gateway first showed each milestone of a review."""

    submitted: float = 0.0
    accepted: float = 0.0
    status_first_seen: dict[str, float] = field(default_factory=dict)
    all_analyzed: float | None = None
    all_settled: float | None = None
    completed: float | None = None
    final: dict[str, Any] = field(default_factory=dict)

    def as_dict(self, origin: float) -> dict[str, Any]:
        """Milestones in seconds after ``origin``."""

        def rel(t: float | None) -> float | None:
            return None if t is None else round(t - origin, 4)

        return {
            "accepted_s": rel(self.accepted),
            "status_first_seen_s": {k: rel(v) for k, v in self.status_first_seen.items()},
            "all_analyzed_s": rel(self.all_analyzed),
            "all_settled_s": rel(self.all_settled),
            "completed_s": rel(self.completed),
        }


async def follow_review(
    client: Any,
    review_id: str,
    timeline: ReviewTimeline,
    *,
    poll_s: float = 0.05,
    timeout_s: float = 600.0,
    approve_pending: bool = True,
) -> dict[str, Any]:
    """Poll the gateway until the review completes or fails, recording milestones; returns the last view.

    With ``approve_pending`` any redline waiting for a decision is approved (a reviewer who agrees
    with everything), so a review under the ``manual`` policy still finishes.
    """
    deadline = time.monotonic() + timeout_s
    while True:
        review = await client.review(review_id)
        now = time.perf_counter()
        timeline.status_first_seen.setdefault(review["status"], now)
        progress = review["progress"]
        total = progress["clauses_total"]
        if total and timeline.all_analyzed is None and progress["clauses_analyzed"] >= total:
            timeline.all_analyzed = now
        if total and timeline.all_settled is None and progress["clauses_settled"] >= total:
            timeline.all_settled = now
        if review["status"] in ("completed", "failed"):
            timeline.completed = now
            timeline.final = review
            return dict(review)
        if approve_pending and review["status"] == "awaiting_approval":
            pending = await client.redlines(review_id, status="pending")
            if pending:
                await client.decide(
                    review_id,
                    [{"redline_id": r["id"], "action": "approve"} for r in pending],
                    decided_by="bench",
                )
        if time.monotonic() > deadline:
            raise TimeoutError(f"review {review_id} still {review['status']} after {timeout_s:.0f}s")
        await asyncio.sleep(poll_s)


def percentile(values: Iterable[float], q: float) -> float:
    """The ``q``-quantile (0..1) by nearest rank; 0.0 for no values."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def rounded(data: Any, digits: int = 4) -> Any:
    """Floats in nested data rounded (results files stay readable)."""
    if isinstance(data, float):
        return round(data, digits)
    if isinstance(data, dict):
        return {k: rounded(v, digits) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [rounded(v, digits) for v in data]
    if hasattr(data, "__dataclass_fields__"):
        return rounded(asdict(data), digits)
    return data
