"""A service restarted while the broker is down waits for it instead of exiting for good."""

from __future__ import annotations

import asyncio
import socket

from clauseflow_platform.bus.kafka import KafkaBus, KafkaBusOptions
from clauseflow_platform.settings import KafkaSettings


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def test_starting_the_bus_keeps_trying_while_no_broker_answers() -> None:
    settings = KafkaSettings(
        kafka_bootstrap_servers=f"127.0.0.1:{_closed_port()}", kafka_request_timeout_ms=1000
    )
    bus = KafkaBus(settings, KafkaBusOptions(topics=()))
    starting = asyncio.create_task(bus.start())
    await asyncio.sleep(3.0)
    # Several refused connections later it is still waiting for the broker, not failed.
    assert not starting.done()
    starting.cancel()
    await asyncio.gather(starting, return_exceptions=True)
    await bus.stop()
