"""Supervise service processes: start with an environment, wait until healthy, stop or kill.

Used by ``clauseflow up`` and by the e2e tests, which need the services as real OS processes.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import sys
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from clauseflow_platform.logging import get_logger

log = get_logger(__name__)

HealthCheck = Callable[[], Awaitable[bool]]


def free_port() -> int:
    """A TCP port on loopback that is free right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def console_script(name: str) -> str:
    """The path of a console script installed next to this interpreter."""
    path = Path(sys.executable).parent / name
    if not path.exists():
        raise FileNotFoundError(f"{name} is not installed in {path.parent}; run scripts/bootstrap.sh")
    return str(path)


def http_ok(url: str) -> HealthCheck:
    """A health check that passes when ``url`` answers 2xx."""

    async def check() -> bool:
        try:
            async with httpx.AsyncClient(timeout=2.0) as client:
                return (await client.get(url)).is_success
        except httpx.HTTPError:
            return False

    return check


def grpc_serving(target: str) -> HealthCheck:
    """A health check that passes when the gRPC server at ``target`` reports SERVING."""

    async def check() -> bool:
        import grpc
        from grpc_health.v1 import health_pb2, health_pb2_grpc

        try:
            async with grpc.aio.insecure_channel(target) as channel:
                stub = health_pb2_grpc.HealthStub(channel)
                reply = await stub.Check(health_pb2.HealthCheckRequest(service=""), timeout=2.0)
                return bool(reply.status == health_pb2.HealthCheckResponse.SERVING)
        except grpc.aio.AioRpcError:
            return False

    return check


@dataclass
class ServiceProcess:
    """One service run as its own OS process."""

    name: str
    argv: list[str]
    env: dict[str, str]
    health: HealthCheck | None = None
    log_path: Path | None = None
    process: asyncio.subprocess.Process | None = field(default=None, init=False)

    async def start(self) -> None:
        """Spawn the process (output to its log file)."""
        # The child inherits the file descriptor; a blocking open of a local log file is negligible here.
        stdout = open(self.log_path, "ab") if self.log_path else asyncio.subprocess.DEVNULL  # noqa: SIM115, ASYNC230
        self.process = await asyncio.create_subprocess_exec(
            *self.argv, env=self.env, stdout=stdout, stderr=asyncio.subprocess.STDOUT, start_new_session=True
        )
        log.info("cli.service_started", service=self.name, pid=self.process.pid)

    async def wait_healthy(self, timeout_s: float = 60.0) -> None:
        """Wait until the health check passes; fail early, with the log's tail, if the process dies."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if self.process is not None and self.process.returncode is not None:
                raise RuntimeError(f"{self.name} exited with {self.process.returncode}:\n{self.log_tail()}")
            if self.health is None or await self.health():
                return
            await asyncio.sleep(0.2)
        raise TimeoutError(f"{self.name} not healthy after {timeout_s:.0f}s:\n{self.log_tail()}")

    def log_tail(self, lines: int = 30) -> str:
        """The last lines the process wrote."""
        if not self.log_path or not self.log_path.exists():
            return ""
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])

    @property
    def running(self) -> bool:
        """Whether the process is alive."""
        return self.process is not None and self.process.returncode is None

    def kill(self) -> None:
        """kill -9, as a crash would."""
        if self.running and self.process is not None:
            self.process.send_signal(signal.SIGKILL)

    async def stop(self, grace_s: float = 15.0) -> None:
        """SIGTERM, wait for a graceful exit, then SIGKILL."""
        if self.process is None:
            return
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.process.wait(), grace_s)
            except TimeoutError:
                self.process.send_signal(signal.SIGKILL)
                await self.process.wait()
        else:
            await self.process.wait()


class ProcessGroup:
    """Services started in order and stopped in reverse order."""

    def __init__(self) -> None:
        self.services: dict[str, ServiceProcess] = {}

    async def start(self, service: ServiceProcess, timeout_s: float = 180.0) -> ServiceProcess:
        """Start a service and wait until it is healthy (a gateway took 67 s to start at load 18)."""
        self.services[service.name] = service
        await service.start()
        await service.wait_healthy(timeout_s)
        return service

    async def stop(self) -> None:
        """Stop every service, last started first."""
        for service in reversed(list(self.services.values())):
            with contextlib.suppress(ProcessLookupError):
                await service.stop()


def service_env(base: Mapping[str, str], **overrides: str) -> dict[str, str]:
    """The environment for a child service: ours, minus proxies (loopback only), plus overrides."""
    env = {k: v for k, v in base.items() if not k.lower().endswith("_proxy")}
    env.update({"PYTHONUNBUFFERED": "1", "LOG_JSON": "true"})
    env.update(overrides)
    return env


def default_env() -> dict[str, str]:
    """The current process environment as a plain dict."""
    return dict(os.environ)
