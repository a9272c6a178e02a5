"""The same contract reviewed twice gives the same findings, whatever order the clause results come in.

The orchestrator asks the model for a plan adjustment after every clause result, and results
arrive in the order the clauses happen to finish. A lawyer who reviews one contract twice with the
same settings must still read the same risks. Here the embedded review (every service in one
process, real gRPC skills, the real offline playbook model over HTTP) runs twice, each time with
the model's clause answers held back by different per-clause delays, so the clauses finish in a
different order and the adjustments land at different moments; the risks must be identical.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import zlib
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import uvicorn
from clauseflow_cli.client import GatewayClient
from clauseflow_cli.embedded import embedded_stack
from clauseflow_contracts.prompts.kinds import RequestKind
from clauseflow_platform.net import listening_socket
from clauseflow_playbook_model.app import create_app
from clauseflow_playbook_model.handlers.common import read_request
from clauseflow_playbook_model.wire import parse_request

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
CONTRACT = EXAMPLES / "services_agreement_en.txt"
PARTY = "Northwind Analytics Ltd. (the Supplier)"
STEP_S = 0.05
_REVIEW_KINDS = {RequestKind.CLAUSE_REVIEW, RequestKind.CLAUSE_REVIEW_FIXED}


@dataclass
class SlowedModel:
    """The playbook model behind a delay per clause: ``salt`` decides which clauses answer late.

    It also records the order in which clause reviews were answered and how often the orchestrator
    asked for a plan adjustment, so the test can show the two runs really differed in timing.
    """

    salt: str
    answered: list[str] = field(default_factory=list)
    adjustments_asked: int = 0

    def __post_init__(self) -> None:
        self._app = create_app()

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http" or not scope["path"].endswith("/chat/completions"):
            await self._app(scope, receive, send)
            return
        raw, more = b"", True
        while more:  # the whole body, to read the request's kind and clause before answering
            message = await receive()
            raw, more = raw + message.get("body", b""), bool(message.get("more_body"))
        reading = read_request(parse_request(json.loads(raw)))
        clause_id = str(reading.metadata.get("clause_id") or "")
        if reading.kind in _REVIEW_KINDS:
            await asyncio.sleep(STEP_S * (zlib.crc32(f"{self.salt}|{clause_id}".encode()) % 8))
        await self._app(scope, receive_again(raw), send)
        if reading.kind in _REVIEW_KINDS:
            self.answered.append(clause_id)
        elif reading.kind is RequestKind.PLAN_ADJUST:
            self.adjustments_asked += 1

    def finishing_order(self) -> list[str]:
        """Clause ids by the time their last model answer went out."""
        last = {cid: i for i, cid in enumerate(self.answered)}
        return sorted(last, key=last.__getitem__)


def receive_again(raw: bytes) -> Any:
    """An ASGI ``receive`` that hands the app the body already read."""

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": raw, "more_body": False}

    return receive


@contextlib.asynccontextmanager
async def served(app: SlowedModel) -> AsyncIterator[str]:
    sock = listening_socket()
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off", access_log=False))
    task = asyncio.create_task(server.serve(sockets=[sock]))
    for _ in range(1000):  # 20 s at most
        if server.started or task.done():
            break
        await asyncio.sleep(0.02)
    assert server.started, task.exception() if task.done() else "the model did not start within 20 s"
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}/v1"
    finally:
        server.should_exit = True
        await task


async def review_once(tmp: Path, model: SlowedModel) -> dict[str, Any]:
    async with (
        served(model) as url,
        embedded_stack(tmp, llm_base_url=url, window=3) as stack,
        GatewayClient(stack.gateway_url, timeout_s=60) as client,
    ):
        review_id = await client.submit(
            CONTRACT, our_party=PARTY, language="en", domain="auto", options={"approval_policy": "auto"}
        )
        final = await client.wait_until(review_id, {"completed"}, timeout_s=300)
        assert final["status"] == "completed", final
        report: dict[str, Any] = await client.report(review_id)
        return report


def findings(report: dict[str, Any]) -> list[tuple[str, str, str, str, str]]:
    """What a lawyer reads of each risk: clause, type, level, quoted text and description."""
    return sorted(
        (r["clause_id"], r["risk_type"], r["risk_level"], r.get("original_text") or "", r["description"])
        for r in report["risks"]
    )


async def test_two_reviews_with_results_in_different_orders_find_the_same_risks(tmp_path: Path) -> None:
    first, second = SlowedModel("first"), SlowedModel("second")
    one = await review_once(tmp_path / "one", first)
    two = await review_once(tmp_path / "two", second)
    # The premise: the clauses finished in another order, and the orchestrator asked for plan
    # adjustments along the way (after high risks), at different moments.
    assert first.finishing_order() != second.finishing_order()
    assert first.adjustments_asked > 0 and second.adjustments_asked > 0
    assert findings(one) and findings(one) == findings(two)
