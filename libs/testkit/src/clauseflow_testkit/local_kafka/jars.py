"""Resolve the broker's jars from Maven Central once, and cache them per Kafka version."""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from clauseflow_platform.logging import get_logger

from clauseflow_testkit.local_kafka.errors import LocalKafkaError

log = get_logger(__name__)

# The newest 4.x whose every runtime jar resolves on Maven Central (4.4.0 lacks kafka-tools-api).
DEFAULT_KAFKA_VERSION = "4.3.1"
POM_RELATIVE = Path("infra") / "kafka" / "pom.xml"


def kafka_version() -> str:
    """The broker version: ``$CLAUSEFLOW_KAFKA_VERSION`` or the default."""
    return os.environ.get("CLAUSEFLOW_KAFKA_VERSION", "").strip() or DEFAULT_KAFKA_VERSION


def cache_dir(version: str) -> Path:
    """Where the jars of ``version`` are cached: ``$CLAUSEFLOW_CACHE_DIR/kafka/<v>`` or ``~/.cache/...``."""
    root = os.environ.get("CLAUSEFLOW_CACHE_DIR", "").strip()
    base = Path(root).expanduser() if root else Path.home() / ".cache" / "clauseflow"
    return base / "kafka" / version


def find_pom() -> Path:
    """``infra/kafka/pom.xml`` of this checkout (``$CLAUSEFLOW_KAFKA_POM`` overrides)."""
    override = os.environ.get("CLAUSEFLOW_KAFKA_POM", "").strip()
    if override:
        pom = Path(override).expanduser()
        if not pom.is_file():
            raise LocalKafkaError(f"CLAUSEFLOW_KAFKA_POM points at {pom}, which is not a file")
        return pom
    for start in (Path(__file__).resolve(), Path.cwd().resolve()):
        for folder in (start, *start.parents):
            if (folder / POM_RELATIVE).is_file():
                return folder / POM_RELATIVE
    raise LocalKafkaError(
        f"cannot find {POM_RELATIVE} above {Path(__file__).parent} or the current directory; "
        "run from the clauseflow checkout or set CLAUSEFLOW_KAFKA_POM"
    )


def require_tool(name: str, purpose: str) -> str:
    """The path of an executable, or a clear error telling how to get it."""
    path = shutil.which(name)
    if path is None:
        hints = {
            "java": "install a JDK 17+ (e.g. `apt-get install openjdk-17-jre-headless`)",
            "mvn": "install Maven (e.g. `apt-get install maven`)",
        }
        raise LocalKafkaError(
            f"`{name}` is not on PATH; it is needed to {purpose}. {hints.get(name, '')} "
            "or point KAFKA_BOOTSTRAP_SERVERS at an existing broker / use Docker"
        )
    return path


@contextmanager
def cache_lock(folder: Path) -> Iterator[None]:
    """An exclusive lock on ``folder`` across processes (parallel test sessions share the cache)."""
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / ".lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def resolve_jars(version: str, *, timeout_s: float = 900.0) -> Path:
    """The folder holding every runtime jar of the broker ``version``; downloads them on first use."""
    folder = cache_dir(version)
    libs = folder / "libs"
    marker = folder / ".complete"
    if marker.is_file():
        return libs
    with cache_lock(folder):
        if marker.is_file():
            return libs
        mvn = require_tool("mvn", "download the Kafka broker jars from Maven Central")
        pom = find_pom()
        staging = folder / f"libs.partial-{os.getpid()}"
        shutil.rmtree(staging, ignore_errors=True)
        log.info("local_kafka.resolving_jars", version=version, pom=str(pom), into=str(libs))
        started = time.monotonic()
        command = [
            mvn,
            "-q",
            "-B",
            "-f",
            str(pom),
            "dependency:copy-dependencies",
            f"-Dkafka.version={version}",
            f"-DoutputDirectory={staging}",
        ]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=timeout_s, check=False)
        except subprocess.TimeoutExpired as exc:
            raise LocalKafkaError(f"Maven did not resolve Kafka {version} within {timeout_s:.0f}s") from exc
        if done.returncode != 0:
            detail = (done.stdout + done.stderr).strip()[-2000:]
            raise LocalKafkaError(
                f"Maven could not resolve Kafka {version} (exit {done.returncode}); is Maven Central "
                f"reachable, and does that version exist? Output:\n{detail}"
            )
        if not (staging / f"kafka_2.13-{version}.jar").is_file():
            raise LocalKafkaError(f"Maven finished but kafka_2.13-{version}.jar is not in {staging}")
        shutil.rmtree(libs, ignore_errors=True)
        staging.rename(libs)
        marker.write_text(f"kafka {version}\n")
        log.info("local_kafka.jars_resolved", version=version, seconds=round(time.monotonic() - started, 1))
    return libs
