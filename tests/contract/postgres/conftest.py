"""A real PostgreSQL server for the session and a fresh database per test.

The server is the locally installed PostgreSQL (``/usr/lib/postgresql/<v>/bin``, or ``pg_ctl``
on the PATH), initialised in a temporary directory with trust authentication, listening on
127.0.0.1 on a free port with its unix socket in that directory. ``initdb`` refuses to run
as root, so under root (CI) the server runs as the ``postgres`` OS user. The tests are
skipped only when the PostgreSQL binaries are not installed.
"""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import asyncpg
import pytest
from clauseflow_platform.logging import get_logger

log = get_logger("tests.postgres")

START_TIMEOUT_S = 30
CONNECT_TIMEOUT_S = 10


def pytest_configure(config: pytest.Config) -> None:
    """Register the ``postgres`` marker (the root config runs with ``--strict-markers``)."""
    config.addinivalue_line("markers", "postgres: needs a real PostgreSQL server (started by the tests)")


def _bin_dir() -> Path | None:
    """Where ``initdb``/``pg_ctl`` live: the newest /usr/lib/postgresql/<v>/bin, else the PATH."""
    candidates = sorted(
        glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name.split(".")[0])
    )
    for found in reversed(candidates):
        if (Path(found) / "initdb").exists() and (Path(found) / "pg_ctl").exists():
            return Path(found)
    pg_ctl = shutil.which("pg_ctl")
    if pg_ctl and shutil.which("initdb"):
        return Path(pg_ctl).parent
    return None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass(frozen=True)
class PostgresServer:
    """A running server: where it listens and how to address one of its databases."""

    host: str
    port: int
    user: str

    def url(self, database: str, driver: str = "postgresql+asyncpg") -> str:
        """A SQLAlchemy URL for ``database`` on this server."""
        return f"{driver}://{self.user}@{self.host}:{self.port}/{database}"

    async def admin(self) -> asyncpg.Connection:
        """A connection to the maintenance database, for CREATE/DROP DATABASE."""
        return await asyncpg.connect(
            host=self.host, port=self.port, user=self.user, database="postgres", timeout=CONNECT_TIMEOUT_S
        )


class _Runner:
    """Runs the PostgreSQL binaries as the current user, or as ``postgres`` when we are root."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin_dir = bin_dir
        self.as_postgres = os.geteuid() == 0

    def run(self, tool: str, *args: str, timeout_s: float = START_TIMEOUT_S) -> None:
        command = [str(self.bin_dir / tool), *args]
        if self.as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout_s, check=False)
        if done.returncode != 0:
            raise RuntimeError(
                f"{tool} failed ({done.returncode}): {done.stderr.strip() or done.stdout.strip()}"
            )


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A PostgreSQL server for the whole session, stopped and deleted at the end."""
    bin_dir = _bin_dir()
    if bin_dir is None:
        pytest.skip("PostgreSQL server binaries (initdb, pg_ctl) are not installed")
    runner = _Runner(bin_dir)
    root = Path(tempfile.mkdtemp(prefix="clauseflow-pg-"))
    if runner.as_postgres:
        shutil.chown(root, user="postgres", group="postgres")
    data, port = root / "data", _free_port()
    log_file = root / "server.log"
    # fsync off: the data is thrown away at the end, and durability is not what these tests check.
    options = f"-h 127.0.0.1 -p {port} -k {root} -F -c full_page_writes=off -c synchronous_commit=off"
    started = False
    try:
        runner.run("initdb", "-D", str(data), "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync")
        runner.run("pg_ctl", "-D", str(data), "-l", str(log_file), "-o", options, "-w", "-t", "30", "start")
        started = True
        log.info("tests.postgres_started", port=port, bin_dir=str(bin_dir))
        yield PostgresServer(host="127.0.0.1", port=port, user="postgres")
    except RuntimeError as exc:
        server_log = log_file.read_text(errors="replace")[-2000:] if log_file.exists() else ""
        raise RuntimeError(f"{exc}\n{server_log}") from exc
    finally:
        if started:
            try:
                runner.run("pg_ctl", "-D", str(data), "-m", "fast", "-w", "stop")
            except (RuntimeError, subprocess.TimeoutExpired) as exc:
                log.warning("tests.postgres_stop_failed", error=str(exc))
        shutil.rmtree(root, ignore_errors=True)


_databases = itertools.count()


@pytest.fixture
async def new_database(postgres_server: PostgresServer) -> AsyncIterator[Callable[[], Awaitable[str]]]:
    """Create empty databases on demand (``url = await new_database()``); they are dropped after the test."""
    created: list[str] = []

    async def create() -> str:
        name = f"clauseflow_test_{os.getpid()}_{next(_databases)}"
        conn = await postgres_server.admin()
        try:
            await conn.execute(f'CREATE DATABASE "{name}"')
        finally:
            await conn.close()
        created.append(name)
        return postgres_server.url(name)

    yield create
    conn = await postgres_server.admin()
    try:
        for name in created:
            # FORCE: a connection a failed test left open must not keep the database alive.
            await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await conn.close()


@pytest.fixture
async def postgres_url(new_database: Callable[[], Awaitable[str]]) -> str:
    """The SQLAlchemy URL of a fresh, empty database for this test."""
    return await new_database()
