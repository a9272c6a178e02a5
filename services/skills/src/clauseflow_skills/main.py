"""Entry point of the skills service: `clauseflow-skills` (settings from the environment)."""

from __future__ import annotations

import asyncio
import signal

from clauseflow_platform import runtime
from clauseflow_platform.logging import configure_logging, get_logger

from clauseflow_skills.server import create_server
from clauseflow_skills.settings import SkillsServerSettings

log = get_logger(__name__)


async def serve(settings: SkillsServerSettings) -> None:
    """Run until SIGTERM/SIGINT, then stop accepting calls and let running ones finish."""
    server, port = await create_server(settings, port=settings.skills_port)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    log.info("skills.server_stopping", port=port, grace_s=settings.skills_shutdown_grace_s)
    await server.stop(settings.skills_shutdown_grace_s)
    log.info("skills.server_stopped")


def main() -> None:
    """Read settings, configure logging and serve."""
    settings = SkillsServerSettings()
    configure_logging("skills", level=settings.log_level, json=settings.log_json)
    runtime.run(serve(settings))


if __name__ == "__main__":
    main()
