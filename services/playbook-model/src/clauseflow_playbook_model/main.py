"""Run the playbook model: ``main()`` for a process, ``serve_in_background`` for tests and embedded mode."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable

import uvicorn
from clauseflow_platform import runtime
from clauseflow_platform.logging import configure_logging
from clauseflow_platform.net import listening_socket

from clauseflow_playbook_model.app import create_app
from clauseflow_playbook_model.settings import PlaybookModelSettings

__all__ = ["create_app", "main", "serve_in_background"]


def main() -> None:
    """Serve on PLAYBOOK_MODEL_HOST:PLAYBOOK_MODEL_PORT (default 127.0.0.1:8600)."""
    settings = PlaybookModelSettings()
    configure_logging("playbook-model", level=settings.log_level, json=settings.log_json)
    uvicorn.run(
        create_app(settings),
        host=settings.playbook_model_host,
        port=settings.playbook_model_port,
        log_level=settings.log_level.lower(),
        loop=runtime.uvicorn_loop(),
    )


async def serve_in_background(
    port: int = 0, host: str = "127.0.0.1", settings: PlaybookModelSettings | None = None
) -> tuple[str, Callable[[], Awaitable[None]]]:
    """Start the server in this event loop; returns ``(base_url, stop)`` with base_url ending in /v1.

    ``port=0`` picks a free port (the socket is bound here, so there is no race).
    """
    sock = listening_socket(host, port)
    bound_port = sock.getsockname()[1]
    config = uvicorn.Config(create_app(settings), log_level="warning", lifespan="off", access_log=False)
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve(sockets=[sock]))
    for _ in range(500):
        if server.started or task.done():
            break
        await asyncio.sleep(0.01)
    if task.done():
        sock.close()
        task.result()  # re-raise the start-up error
        raise RuntimeError("the playbook model server stopped during start-up")

    async def stop() -> None:
        server.should_exit = True
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(task, timeout=10)
        sock.close()

    return f"http://{host}:{bound_port}/v1", stop


if __name__ == "__main__":
    main()
