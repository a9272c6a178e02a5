"""A gateway stopping while requests wait inside a database call leaves no database work behind.

Real SQLite file, real uvicorn: an outside connection holds the write lock, so submissions wait
inside their INSERT (SQLite's busy timeout). The server is told to stop with a short graceful
timeout, so uvicorn cancels those handlers mid-query; the lock is let go only after that. When the
server has stopped, no cancelled request may still be waiting on its database call: the loop of a
service closes right after, and a request still holding its connection then abandons the close
("Task was destroyed but it is pending"). The database stays whole and writable.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import sqlite3
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from clauseflow_gateway.app import create_app
from clauseflow_gateway.auth.tokens import Role
from clauseflow_gateway.settings import GatewaySettings
from clauseflow_platform.bus.memory import InMemoryBus
from gateway_api_support import CONTRACT, start_server


def _requests_running(server: uvicorn.Server) -> list[asyncio.Task[object]]:
    # This server's own request tasks: other tests' servers in the same loop are not counted.
    return [t for t in server.server_state.tasks if not t.done()]


async def test_handlers_cancelled_mid_query_at_shutdown_give_their_connections_back_first(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    bus = InMemoryBus(partitions=1)
    await bus.start()
    db = tmp_path / "gateway.db"
    where: dict[str, Any] = {
        "gateway_database_url": f"sqlite+aiosqlite:///{db}",
        "document_store_dir": tmp_path / "documents",
    }
    # a write waits up to 20 s on the lock: long enough to be waiting when the server stops
    settings = GatewaySettings(**where, bus_kind="memory", parse_workers=1, database_busy_timeout_s=20)
    app = create_app(settings, bus=bus)
    server, serving, port = await start_server(app, log_level="critical", timeout_graceful_shutdown=0.5)
    _, token = await app.state.services.auth.keys.create(tenant="acme", roles=[Role.ADMIN], label="Admin")
    blocker = sqlite3.connect(db, timeout=20)

    async def let_go_later() -> None:
        await asyncio.sleep(6.0)  # long past the graceful timeout and the rest of the shutdown
        blocker.rollback()

    with caplog.at_level(logging.ERROR, logger="asyncio"):
        async with httpx.AsyncClient(
            base_url=f"http://127.0.0.1:{port}", timeout=5, headers={"Authorization": f"Bearer {token}"}
        ) as http:
            assert (await http.get("/v1/reviews")).status_code == 200
            blocker.execute("BEGIN IMMEDIATE")  # every write of the gateway now waits in SQLite
            body = {"text": CONTRACT, "our_party": "Supplier", "language": "en", "domain": "generic"}
            waiting = [asyncio.create_task(http.post("/v1/reviews", json=body)) for _ in range(3)]
            await asyncio.sleep(1.0)  # parsed, and inside their INSERTs
            assert not any(w.done() for w in waiting)
            assert len(_requests_running(server)) == 3
            letting_go = asyncio.create_task(let_go_later())
            server.should_exit = True
            await asyncio.wait_for(serving, timeout=30)
            # the server has stopped: nothing of a request may be left for a closing loop to destroy
            left = _requests_running(server)
            await letting_go
            answers = await asyncio.gather(*waiting, return_exceptions=True)
            if left:  # let them end here, so the test fails instead of hanging on them
                await asyncio.wait(left, timeout=25)
        blocker.close()
        await bus.stop()
        gc.collect()
        await asyncio.sleep(0.1)
    assert left == []
    assert not [
        a for a in answers if isinstance(a, httpx.Response) and a.status_code < 300
    ]  # none said stored
    assert [r.getMessage() for r in caplog.records if r.name == "asyncio"] == []
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("SELECT COUNT(*) FROM reviews").fetchone()[0] == 0
        conn.execute("CREATE TABLE written_after_shutdown (x INTEGER)")
