"""The cost of authentication per request: ``python -m bench.auth.bench_auth`` → ``bench/results/auth.json``.

Two measurements, both on the real gateway app (SQLite read model, in-memory bus):

- **end to end**: two gateways in this process, one with authentication on (a Bearer key checked
  on every request) and one with it off (loopback only); ``GET /v1/reviews/{id}`` over real HTTP,
  requests to the two interleaved so load on the machine affects both alike. The difference of the
  medians is what authentication adds to a request.
- **the guard's own work**: the key check (hash, constant-time compare) and the tenant check of
  the review, timed directly — with the verified-key cache (the default: the database is asked at
  most every ``GATEWAY_KEY_CACHE_S``) and without it (every request reads the key row).

Target: under 1 ms per request.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
from clauseflow_gateway.app import create_app
from clauseflow_gateway.auth.keystore import KeyStore, ReviewOwners
from clauseflow_gateway.auth.tokens import Role
from clauseflow_gateway.settings import GatewaySettings
from clauseflow_platform.bus.memory import InMemoryBus

from bench.common import bench_logger, machine_info, percentile, rounded, serve_asgi, write_result

log = bench_logger("auth")
CONTRACT = (
    "AGREEMENT\n\n1. Payment\nThe Buyer shall pay within 30 days.\n\n2. Liability\nLiability is unlimited.\n"
)


def _summary(samples_ms: list[float]) -> dict[str, float]:
    return {
        "p50_ms": percentile(samples_ms, 0.5),
        "p95_ms": percentile(samples_ms, 0.95),
        "mean_ms": sum(samples_ms) / len(samples_ms),
        "n": len(samples_ms),
    }


@contextlib.asynccontextmanager
async def _gateway(root: Path, *, auth: bool) -> AsyncIterator[tuple[httpx.AsyncClient, str, Any]]:
    """A served gateway, a client (with an admin key when auth is on) and a review of its tenant."""
    bus = InMemoryBus(partitions=1)
    await bus.start()
    settings = GatewaySettings(
        gateway_database_url=f"sqlite+aiosqlite:///{root / 'gateway.db'}",
        document_store_dir=root / "documents",
        bus_kind="memory",
        parse_workers=1,
        gateway_auth=auth,
        log_level="WARNING",
    )
    app = create_app(settings, bus=bus)
    try:
        async with serve_asgi(app, lifespan="on") as url:
            headers = {}
            if auth:
                _, token = await app.state.services.auth.keys.create(
                    tenant="acme", roles=[Role.ADMIN], label="bench"
                )
                headers = {"Authorization": f"Bearer {token}"}
            async with httpx.AsyncClient(base_url=url, headers=headers, timeout=30) as http:
                resp = await http.post("/v1/reviews", json={"text": CONTRACT, "our_party": "Buyer"})
                resp.raise_for_status()
                yield http, resp.json()["id"], app
    finally:
        await bus.stop()


async def _end_to_end(requests: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as on_dir, tempfile.TemporaryDirectory() as off_dir:
        async with (
            _gateway(Path(on_dir), auth=True) as (on, on_review, _),
            _gateway(Path(off_dir), auth=False) as (off, off_review, _),
        ):
            for _ in range(50):  # warm both (connections, caches, JIT-free but first-call costs)
                await on.get(f"/v1/reviews/{on_review}")
                await off.get(f"/v1/reviews/{off_review}")
            with_auth: list[float] = []
            without: list[float] = []
            for _ in range(requests):
                for client, review, samples in ((on, on_review, with_auth), (off, off_review, without)):
                    started = time.perf_counter()
                    resp = await client.get(f"/v1/reviews/{review}")
                    samples.append((time.perf_counter() - started) * 1000)
                    assert resp.status_code == 200, resp.text
    on_s, off_s = _summary(with_auth), _summary(without)
    return {
        "request": "GET /v1/reviews/{id} over HTTP (uvicorn, loopback)",
        "with_auth": on_s,
        "without_auth": off_s,
        "added_p50_ms": on_s["p50_ms"] - off_s["p50_ms"],
        "added_p95_ms": on_s["p95_ms"] - off_s["p95_ms"],
    }


async def _guard_work(calls: int) -> dict[str, Any]:
    """The key check and the tenant check alone, with and without the verified-key cache."""
    with tempfile.TemporaryDirectory() as tmp:
        async with _gateway(Path(tmp), auth=True) as (http, review_id, app):
            services = app.state.services
            token = str(http.headers["Authorization"]).split(" ", 1)[1]
            sessions = services.read_model._sessions
            results: dict[str, Any] = {}
            for name, keys, owners in (
                ("cached", services.auth.keys, services.auth.owners),
                ("uncached", KeyStore(sessions, cache_s=0), ReviewOwners(sessions)),
            ):
                samples: list[float] = []
                for _ in range(calls):
                    if name == "uncached":
                        owners = ReviewOwners(sessions)  # no owner cache either: both rows are read
                    started = time.perf_counter()
                    principal = await keys.authenticate(token)
                    assert principal.tenant is not None
                    await owners.check(review_id, principal.tenant)
                    samples.append((time.perf_counter() - started) * 1000)
                results[name] = _summary(samples)
    return results


async def _run(requests: int, calls: int) -> dict[str, Any]:
    info = machine_info()
    guard = await _guard_work(calls)
    end_to_end = await _end_to_end(requests)
    return {
        "machine": info,
        "target_ms": 1.0,
        "guard": guard,
        "end_to_end": end_to_end,
        "meets_target": guard["cached"]["p95_ms"] < 1.0 and end_to_end["added_p50_ms"] < 1.0,
    }


def main(argv: list[str] | None = None) -> int:
    """Measure and write ``bench/results/auth.json``."""
    parser = argparse.ArgumentParser(prog="python -m bench.auth.bench_auth")
    parser.add_argument("--requests", type=int, default=500, help="HTTP requests to each gateway")
    parser.add_argument("--calls", type=int, default=2000, help="direct guard checks per variant")
    args = parser.parse_args(argv)
    result = rounded(asyncio.run(_run(args.requests, args.calls)))
    path = write_result("auth", result)
    e2e, guard = result["end_to_end"], result["guard"]
    log.info(
        "guard p50/p95: cached %.3f/%.3f ms, uncached %.3f/%.3f ms; HTTP p50 with %.2f ms, without %.2f ms "
        "(added %.3f ms p50, %.3f ms p95) → %s",
        guard["cached"]["p50_ms"],
        guard["cached"]["p95_ms"],
        guard["uncached"]["p50_ms"],
        guard["uncached"]["p95_ms"],
        e2e["with_auth"]["p50_ms"],
        e2e["without_auth"]["p50_ms"],
        e2e["added_p50_ms"],
        e2e["added_p95_ms"],
        path,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
