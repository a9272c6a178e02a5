"""``clauseflow-gateway``: serve the API with uvicorn until SIGTERM/SIGINT, then shut down gracefully."""

from __future__ import annotations

import sys

import uvicorn
from clauseflow_platform import runtime
from clauseflow_platform.logging import configure_logging, get_logger
from pydantic import ValidationError

from clauseflow_gateway.app import create_app
from clauseflow_gateway.settings import GatewaySettings


def main() -> None:
    """Read settings, configure logging and serve; uvicorn drains connections and runs the lifespan's
    shutdown (consumer stop, outbox flush, bus stop) on SIGTERM."""
    try:
        settings = GatewaySettings()
    except ValidationError as exc:
        sys.stderr.write(f"clauseflow-gateway: invalid settings:\n{exc}\n")
        raise SystemExit(2) from None
    configure_logging("gateway", level=settings.log_level, json=settings.log_json)
    get_logger(__name__).info("gateway.starting", host=settings.gateway_host, port=settings.gateway_port)
    config = uvicorn.Config(
        create_app(settings),
        host=settings.gateway_host,
        port=settings.gateway_port,
        log_config=None,
        access_log=False,
        timeout_graceful_shutdown=10,
        # An idle keep-alive connection is closed after this; a body that stalls is bounded by
        # BodyDeadlineMiddleware (BODY_READ_TIMEOUT_S / BODY_TIMEOUT_S), which uvicorn does not do.
        timeout_keep_alive=5,
        loop=runtime.uvicorn_loop(),
    )
    uvicorn.Server(config).run()


if __name__ == "__main__":
    main()
