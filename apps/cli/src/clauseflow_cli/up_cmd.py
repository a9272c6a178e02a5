"""``clauseflow up``: the distributed stack on this machine — a local Kafka broker and every service."""

from __future__ import annotations

import asyncio
import contextlib
import signal
from pathlib import Path

import typer
from clauseflow_platform.logging import configure_logging
from rich.console import Console

console = Console(stderr=True)


def up(
    workers: int = typer.Option(2, min=1, help="clause-worker replicas"),
    concurrency: int = typer.Option(8, min=1, help="clauses in flight per worker"),
    workdir: Path = typer.Option(Path(".clauseflow/stack"), help="databases, document store and logs"),
    kafka: str | None = typer.Option(None, help="use this Kafka instead of starting a local broker"),
) -> None:
    """Start the local broker and the services as separate processes; Ctrl-C stops everything."""
    configure_logging("cli", level="INFO", json=False)
    asyncio.run(_up(workers, concurrency, workdir.absolute(), kafka))


async def _up(workers: int, concurrency: int, workdir: Path, kafka: str | None) -> None:
    from clauseflow_cli.stack import LocalStack, StackLayout

    async with contextlib.AsyncExitStack() as stack:
        if kafka is None:
            # The local broker is development tooling (the testkit, in the root dev group), not a
            # dependency of the CLI: without it, `up` needs a broker given with --kafka.
            try:
                from clauseflow_testkit.local_kafka import LocalKafka
            except ImportError as exc:
                raise typer.BadParameter(
                    "no local Kafka launcher here (clauseflow-testkit is installed with the dev "
                    "group: `uv sync`); give a broker with --kafka HOST:PORT",
                    param_hint="--kafka",
                ) from exc
            broker = LocalKafka()
            kafka = await asyncio.to_thread(broker.start)
            stack.callback(broker.stop)
        services = LocalStack(
            StackLayout(
                workdir=workdir,
                kafka_bootstrap=kafka,
                workers=workers,
                worker_concurrency=concurrency,
            )
        )
        stack.push_async_callback(services.stop)
        await services.start()
        console.print(
            f"[green]clauseflow is up[/green]: gateway {services.layout.gateway_url} (OpenAPI at /docs), "
            f"Kafka {kafka}, logs in {workdir / 'logs'}. Ctrl-C to stop."
        )
        stopped = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stopped.set)
        await stopped.wait()
        console.print("stopping…")
