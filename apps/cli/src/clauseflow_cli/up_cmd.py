"""``clauseflow up``: the distributed stack on this machine — a local Kafka broker and every service."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from pathlib import Path
from typing import TYPE_CHECKING

import typer
from clauseflow_platform.logging import configure_logging
from rich.console import Console

from clauseflow_cli.key_file import KEY_FILE

if TYPE_CHECKING:
    from clauseflow_cli.stack import StackLayout

console = Console(stderr=True)


def up(
    workers: int = typer.Option(2, min=1, help="clause-worker replicas"),
    concurrency: int = typer.Option(8, min=1, help="clauses in flight per worker"),
    workdir: Path = typer.Option(Path(".clauseflow/stack"), help="databases, document store and logs"),
    kafka: str | None = typer.Option(None, help="use this Kafka instead of starting a local broker"),
    port: int = typer.Option(
        0, "--port", envvar="GATEWAY_PORT", min=0, max=65535, help="gateway port (0: a free one)"
    ),
) -> None:
    """Start the local broker and the services as separate processes; Ctrl-C stops everything.

    The gateway's address is recorded for ``submit``/``status``/``approve``/``report``. An
    ``LLM_BASE_URL`` in the environment replaces the bundled offline model (with ``LLM_API_KEY`` and
    ``LLM_MODEL``).
    """
    configure_logging("cli", level="INFO", json=False)
    asyncio.run(_up(stack_layout(workdir.absolute(), workers, concurrency, port, kafka or "")))


def stack_layout(
    workdir: Path,
    workers: int,
    concurrency: int,
    port: int,
    kafka: str,
    environ: dict[str, str] | None = None,
) -> StackLayout:
    """The layout ``up`` starts: the port asked for (else a free one) and the LLM_* endpoint if set."""
    from clauseflow_cli.stack import StackLayout

    env = dict(os.environ) if environ is None else environ
    layout = StackLayout(
        workdir=workdir,
        kafka_bootstrap=kafka,
        workers=workers,
        worker_concurrency=concurrency,
        llm_base_url=env.get("LLM_BASE_URL", "").strip() or None,
    )
    if port:
        layout.gateway_port = port
    return layout


async def _up(layout: StackLayout) -> None:
    from clauseflow_cli.stack import LocalStack
    from clauseflow_cli.stack_state import StackState, clear_state, write_state

    kafka = layout.kafka_bootstrap or None
    workdir = layout.workdir
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
        layout.kafka_bootstrap = kafka
        layout.key_file = KEY_FILE.absolute()
        services = LocalStack(layout)
        stack.push_async_callback(services.stop)
        await services.start()
        write_state(StackState(gateway_url=layout.gateway_url, pid=os.getpid(), workdir=str(workdir)))
        stack.callback(clear_state, os.getpid())
        if services.local_key is not None and services.local_key.created:
            # Shown once; the client commands read it from the file (mode 0600).
            console.print(
                f"[bold]local admin API key[/bold] (saved to {KEY_FILE}, shown only now):\n"
                f"{services.local_key.token}"
            )
        model = layout.llm_base_url or "the bundled offline model"
        console.print(
            f"[green]clauseflow is up[/green]: gateway {layout.gateway_url} (OpenAPI at /docs), "
            f"Kafka {kafka}, LLM {model}, logs in {workdir / 'logs'}. "
            "`clauseflow submit/status/approve/report` use this gateway. Ctrl-C to stop."
        )
        stopped = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stopped.set)
        await stopped.wait()
        console.print("stopping…")
