"""The bench's scripted model as an OS process of its own, timed at the server, with its call log over HTTP.

A hosted LLM does not share the reviewing machine's CPU or the bench's event loop. Served
inside the bench process, the scripted model answered 300 ms turns in 303–316 ms once 32 of
them were in flight, because the same loop also ran the result observer and the gateway
poller; the scaling bench would have counted that as the system's overhead. Here the model
has its own process and loop. Times are ``time.perf_counter()`` (CLOCK_MONOTONIC on Linux,
shared by every process of the machine), so they compare with the bench's own timestamps.

    python -m bench.model_process --port 8765   (started by :func:`scripted_model_process`)

``GET /bench/calls`` answers the calls recorded since the last ``DELETE /bench/calls``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import json
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from bench.common import REPO, LLMCall, LLMCallLog, TimedASGI

CALLS_PATH = "/bench/calls"


class CallLogRoute:
    """ASGI wrapper: ``/bench/calls`` reads (GET) or clears (DELETE) the log; the rest goes to ``app``."""

    def __init__(self, app: Any, log: LLMCallLog) -> None:
        self.app = app
        self.log = log

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope.get("type") != "http" or scope.get("path") != CALLS_PATH:
            await self.app(scope, receive, send)
            return
        if scope.get("method") == "DELETE":
            self.log.clear()
            body = b"[]"
        else:
            body = json.dumps([dataclasses.asdict(c) for c in self.log.calls()]).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 200,
                "headers": [(b"content-type", b"application/json")],
            }
        )
        await send({"type": "http.response.body", "body": body})


def scripted_app() -> Any:
    """The scaling bench's scripted model (its script and latency) behind the timing middleware.

    It keeps no request bodies (the call log has what the bench reads): kept across a bench's
    thousand-odd turns, the ~19 KB bodies' parsed objects made the collector pause the model's
    loop for 40–100 ms at a time, and every turn in flight was answered late by as much.
    """
    from clauseflow_testkit.scripted_model import ScriptedModel

    from bench.perf.scaling import N_CLAUSES, script

    log = LLMCallLog()
    return CallLogRoute(TimedASGI(ScriptedModel(**script(N_CLAUSES), record_requests=False).app, log), log)


class RemoteModel:
    """The running model process as the bench sees it: its base URL and its call log."""

    def __init__(self, url: str, pid: int | None) -> None:
        self.url = url
        self.base_url = f"{url}/v1"
        self.pid = pid

    async def clear(self) -> None:
        """Forget the calls recorded so far (before a measured run)."""
        import httpx

        async with httpx.AsyncClient(timeout=30) as client:
            (await client.delete(f"{self.url}{CALLS_PATH}")).raise_for_status()

    async def calls(self) -> list[LLMCall]:
        """The calls recorded since the last :meth:`clear`, by start time."""
        import httpx

        async with httpx.AsyncClient(timeout=60) as client:
            response = await client.get(f"{self.url}{CALLS_PATH}")
            response.raise_for_status()
        return [LLMCall(**c) for c in response.json()]


@contextlib.asynccontextmanager
async def scripted_model_process(log_dir: Path) -> AsyncIterator[RemoteModel]:
    """Start the scripted model as its own process on a free port; stop it afterwards."""
    from clauseflow_cli.processes import ServiceProcess, default_env, free_port, http_ok

    port = free_port()
    await asyncio.to_thread(log_dir.mkdir, parents=True, exist_ok=True)
    process = ServiceProcess(
        "model",
        [sys.executable, "-m", "bench.model_process", "--port", str(port)],
        {**default_env(), "PYTHONPATH": str(REPO)},
        http_ok(f"http://127.0.0.1:{port}/v1/models"),
        log_dir / "model.log",
    )
    await process.start()
    try:
        await process.wait_healthy(120)
        yield RemoteModel(f"http://127.0.0.1:{port}", process.process.pid if process.process else None)
    finally:
        await process.stop()


async def _serve(port: int) -> None:
    import uvicorn
    from clauseflow_platform.net import listening_socket

    server = uvicorn.Server(
        uvicorn.Config(scripted_app(), log_level="warning", lifespan="off", access_log=False)
    )
    await server.serve(sockets=[listening_socket("127.0.0.1", port)])


def main(argv: list[str] | None = None) -> int:
    """Serve until terminated."""
    from clauseflow_platform import runtime

    parser = argparse.ArgumentParser(
        prog="python -m bench.model_process", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args(argv)
    runtime.run(_serve(args.port))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
