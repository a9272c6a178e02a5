"""Start and stop one local broker process; it never outlives the Python process that started it."""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import ctypes
import os
import queue
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import zlib
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from clauseflow_platform.logging import get_logger

from clauseflow_testkit.local_kafka.config import (
    HOST,
    LOG4J2_PROPERTIES,
    formatted_storage,
    server_properties,
)
from clauseflow_testkit.local_kafka.errors import LocalKafkaError
from clauseflow_testkit.local_kafka.jars import cache_dir, kafka_version, require_tool, resolve_jars

log = get_logger(__name__)

RUN_DIR_PREFIX = "clauseflow-kafka-"
OWNER_FILE = "owner.pid"
DEFAULT_JVM_OPTS = (
    "-Xms128m",
    "-Xmx512m",
    # Few threads and C1 only: the broker idles most of the time on a small shared machine,
    # and starts about a second faster this way.
    "-XX:+UseSerialGC",
    "-XX:TieredStopAtLevel=1",
    "-Djava.awt.headless=true",
)
PR_SET_PDEATHSIG = 1

_live: set[LocalKafka] = set()
_live_lock = threading.Lock()
_atexit_registered = False


def _die_with_parent() -> None:
    """In the forked child: ask Linux to SIGKILL us when the parent dies (even by kill -9)."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


class _Spawner:
    """Starts child processes from one daemon thread that lives as long as the process.

    ``PR_SET_PDEATHSIG`` fires when the *thread* that forked the child exits, so a broker
    started from a short-lived thread (``asyncio.to_thread``, a pool) would be killed
    when that thread ends; forking from a thread that never ends ties it to the process.
    """

    _lock = threading.Lock()
    _requests: queue.Queue[tuple[list[str], dict[str, Any], Future[subprocess.Popen[bytes]]]] | None = None

    @classmethod
    def popen(cls, command: list[str], **kwargs: Any) -> subprocess.Popen[bytes]:
        """``subprocess.Popen(command, **kwargs)``, forked from the spawner thread."""
        with cls._lock:
            if cls._requests is None:
                cls._requests = queue.Queue()
                threading.Thread(
                    target=cls._serve, args=(cls._requests,), name="local-kafka-spawner", daemon=True
                ).start()
            requests = cls._requests
        done: Future[subprocess.Popen[bytes]] = Future()
        requests.put((command, kwargs, done))
        return done.result()

    @staticmethod
    def _serve(
        requests: queue.Queue[tuple[list[str], dict[str, Any], Future[subprocess.Popen[bytes]]]],
    ) -> None:
        while True:
            command, kwargs, done = requests.get()
            try:
                done.set_result(subprocess.Popen(command, **kwargs))
            except BaseException as exc:
                done.set_exception(exc)


def class_archive(java: str, cache: Path) -> Path:
    """Where the broker's class-data-sharing archive for this JVM lives (it starts ~40% faster with one)."""
    real = Path(java).resolve()
    stamp = f"{real}:{real.stat().st_mtime_ns}"
    return cache / f"broker-cds-{zlib.crc32(stamp.encode()):08x}.jsa"


def free_port() -> int:
    """A TCP port on loopback that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def sweep_stale_run_dirs() -> None:
    """Delete run dirs left by brokers whose owner died without cleaning up (SIGKILL)."""
    root = Path(tempfile.gettempdir())
    for folder in root.glob(f"{RUN_DIR_PREFIX}*"):
        owner = folder / OWNER_FILE
        try:
            pid = int(owner.read_text().strip())
        except (OSError, ValueError):
            continue
        if not _pid_alive(pid):
            shutil.rmtree(folder, ignore_errors=True)


async def _cluster_answers(bootstrap: str, timeout_s: float) -> bool:
    """A real metadata request: the broker lists itself once it is registered and serving."""
    from aiokafka.admin import AIOKafkaAdminClient

    admin = AIOKafkaAdminClient(
        bootstrap_servers=bootstrap,
        request_timeout_ms=int(timeout_s * 1000),
        client_id="clauseflow-local-kafka-probe",
    )
    try:
        await asyncio.wait_for(admin.start(), timeout_s)
        cluster = await asyncio.wait_for(admin.describe_cluster(), timeout_s)
        return bool(cluster.get("brokers"))
    except Exception:
        return False
    finally:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(admin.close(), timeout_s)


def probe_cluster(bootstrap: str, timeout_s: float = 5.0) -> bool:
    """Synchronous :func:`_cluster_answers`, safe to call from inside a running event loop."""
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="kafka-probe") as pool:
        future = pool.submit(asyncio.run, _cluster_answers(bootstrap, timeout_s))
        try:
            return bool(future.result(timeout=timeout_s * 3))
        except FutureTimeout:
            return False


def _port_open(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.settimeout(0.5)
        return sock.connect_ex((HOST, port)) == 0


def _stop_all_live() -> None:
    with _live_lock:
        brokers = list(_live)
    for broker in brokers:
        broker.stop(timeout_s=5.0)


class LocalKafka:
    """A single-node Kafka broker (KRaft, broker+controller) on loopback in a temporary directory.

    Use as a context manager, or ``start()``/``stop()``. The JVM gets ``PR_SET_PDEATHSIG``
    (SIGKILL when the thread that started it dies) and an ``atexit`` stop, so it never
    outlives its parent. Start it from a long-lived thread (the main thread, normally).
    """

    def __init__(self, version: str | None = None, *, jvm_opts: tuple[str, ...] | None = None) -> None:
        self.version = version or kafka_version()
        env_opts = os.environ.get("CLAUSEFLOW_KAFKA_JVM_OPTS", "").split()
        self._jvm_opts = jvm_opts if jvm_opts is not None else (tuple(env_opts) or DEFAULT_JVM_OPTS)
        self._proc: subprocess.Popen[bytes] | None = None
        self._run_dir: Path | None = None
        self._log_handle: IO[bytes] | None = None
        self._bootstrap: str | None = None
        self._cds_partial: Path | None = None
        self._cds_final: Path | None = None
        self._pending_bootstrap = ""
        self._broker_port = 0

    @property
    def bootstrap(self) -> str:
        """``host:port`` of the running broker."""
        if self._bootstrap is None:
            raise LocalKafkaError("the local broker is not running")
        return self._bootstrap

    @property
    def pid(self) -> int | None:
        """The broker JVM's pid while it runs."""
        return self._proc.pid if self._proc is not None and self._proc.poll() is None else None

    @property
    def log_path(self) -> Path | None:
        """The broker's log file (deleted with the run dir on stop)."""
        return self._run_dir / "broker.log" if self._run_dir else None

    def __enter__(self) -> LocalKafka:
        self.start()
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()

    def start(self, timeout_s: float = 180.0) -> str:
        """Resolve jars (first time only), start the broker, and return its bootstrap once it answers."""
        if self._bootstrap is not None:
            return self._bootstrap
        began = time.monotonic()
        deadline = began + timeout_s
        java = require_tool("java", "run the local Kafka broker")
        libs = resolve_jars(self.version, timeout_s=max(timeout_s - 10, 30))
        classpath = f"{libs}/*"
        template = formatted_storage(java=java, classpath=classpath, cache=cache_dir(self.version))
        sweep_stale_run_dirs()
        for attempt in range(1, 4):
            try:
                self._launch(java, classpath, template, class_archive(java, cache_dir(self.version)))
                self._wait_ready(deadline)
                break
            except LocalKafkaError as exc:
                port_clash = "Address already in use" in str(exc)
                self.stop(timeout_s=5.0)
                if not port_clash or attempt == 3:
                    raise
                log.warning("local_kafka.port_clash_retrying", attempt=attempt)
        log.info(
            "local_kafka.started",
            kafka_version=self.version,
            bootstrap=self._bootstrap,
            pid=self.pid,
            seconds=round(time.monotonic() - began, 2),
        )
        return self.bootstrap

    def _launch(self, java: str, classpath: str, template: Path, archive: Path) -> None:
        run_dir = Path(tempfile.mkdtemp(prefix=RUN_DIR_PREFIX))
        self._run_dir = run_dir
        (run_dir / OWNER_FILE).write_text(str(os.getpid()))
        data = run_dir / "data"
        shutil.copytree(template, data)
        broker_port, controller_port = free_port(), free_port()
        while controller_port == broker_port:
            controller_port = free_port()
        props = run_dir / "server.properties"
        props.write_text(
            server_properties(data_dir=data, broker_port=broker_port, controller_port=controller_port)
        )
        log4j = run_dir / "log4j2.properties"
        log4j.write_text(LOG4J2_PROPERTIES)
        if archive.is_file():
            sharing = [f"-XX:SharedArchiveFile={archive}"]
        else:
            # First run of this JVM: record the loaded classes at exit; stop() publishes the archive.
            self._cds_partial = archive.with_name(f"{archive.stem}.partial-{os.getpid()}-{id(self)}.jsa")
            self._cds_final = archive
            sharing = [f"-XX:ArchiveClassesAtExit={self._cds_partial}"]
        command = [
            java,
            *self._jvm_opts,
            *sharing,
            f"-Dlog4j2.configurationFile={log4j}",
            "-cp",
            classpath,
            "kafka.Kafka",
            str(props),
        ]
        self._log_handle = open(run_dir / "broker.log", "wb")  # noqa: SIM115 - closed in stop()
        self._proc = _Spawner.popen(
            command,
            cwd=run_dir,
            stdin=subprocess.DEVNULL,
            stdout=self._log_handle,
            stderr=subprocess.STDOUT,
            # Own session: a Ctrl-C in the terminal reaches us, and we stop the broker in order.
            start_new_session=True,
            preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None,
        )
        self._bootstrap = None
        self._pending_bootstrap = f"{HOST}:{broker_port}"
        self._broker_port = broker_port
        global _atexit_registered
        with _live_lock:
            _live.add(self)
            if not _atexit_registered:
                atexit.register(_stop_all_live)
                _atexit_registered = True

    def _wait_ready(self, deadline: float) -> None:
        assert self._proc is not None
        while True:
            code = self._proc.poll()
            if code is not None:
                raise LocalKafkaError(
                    f"the Kafka broker exited with code {code} while starting; last log lines:\n"
                    f"{self.log_tail()}"
                )
            if time.monotonic() > deadline:
                raise LocalKafkaError(
                    f"the Kafka broker did not answer at {self._pending_bootstrap} in time; "
                    f"last log lines:\n{self.log_tail()}"
                )
            if _port_open(self._broker_port) and probe_cluster(self._pending_bootstrap, timeout_s=3.0):
                self._bootstrap = self._pending_bootstrap
                return
            time.sleep(0.1)

    def log_tail(self, lines: int = 30) -> str:
        """The last lines of the broker log (for error messages)."""
        path = self.log_path
        if path is None or not path.is_file():
            return "(no log)"
        text = path.read_text(errors="replace").splitlines()
        return "\n".join(text[-lines:])

    def _publish_class_archive(self) -> None:
        partial, final = self._cds_partial, self._cds_final
        self._cds_partial = self._cds_final = None
        if partial is None or final is None:
            return
        if partial.is_file() and partial.stat().st_size > 0 and not final.exists():
            partial.replace(final)  # atomic; a concurrent broker may have won, which is fine
            log.info("local_kafka.class_archive_saved", path=str(final))
        partial.unlink(missing_ok=True)

    def stop(self, timeout_s: float = 15.0) -> None:
        """SIGTERM (controlled shutdown), SIGKILL after ``timeout_s``, then delete the run dir."""
        proc, self._proc = self._proc, None
        if proc is not None and proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=timeout_s)
            except subprocess.TimeoutExpired:
                log.warning("local_kafka.kill_after_timeout", pid=proc.pid, timeout_s=timeout_s)
                proc.kill()
                proc.wait(timeout=10)
        self._publish_class_archive()
        if self._log_handle is not None:
            self._log_handle.close()
            self._log_handle = None
        if self._run_dir is not None:
            shutil.rmtree(self._run_dir, ignore_errors=True)
            self._run_dir = None
        if self._bootstrap is not None:
            log.info("local_kafka.stopped", bootstrap=self._bootstrap)
        self._bootstrap = None
        with _live_lock:
            _live.discard(self)
