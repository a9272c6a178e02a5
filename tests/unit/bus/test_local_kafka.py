"""The local broker launcher: a background broker for `make up`, which never outlives its parent."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from clauseflow_testkit.local_kafka.broker import probe_cluster

pytestmark = [
    pytest.mark.kafka,
    pytest.mark.skipif(shutil.which("java") is None, reason="the local broker needs a JDK"),
]


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "clauseflow_testkit.local_kafka", *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie is dead for our purposes (its parent just has not reaped it yet).
    status = Path(f"/proc/{pid}/status")
    return not (status.exists() and "State:\tZ" in status.read_text())


def wait_gone(pid: int, timeout_s: float) -> bool:
    deadline = time.monotonic() + timeout_s
    while alive(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


def test_background_broker_answers_and_dies_with_its_runner(tmp_path: Path) -> None:
    state_file = tmp_path / "kafka.json"
    started = cli("start", "--state-file", str(state_file))
    assert started.returncode == 0, started.stderr
    state = json.loads(state_file.read_text())
    try:
        assert started.stdout.strip() == state["bootstrap"]
        assert state["bootstrap"].startswith("127.0.0.1:")
        assert probe_cluster(state["bootstrap"], timeout_s=5.0)

        # kill -9 the Python parent: PR_SET_PDEATHSIG must take the JVM down with it.
        os.kill(state["pid"], signal.SIGKILL)
        assert wait_gone(state["broker_pid"], 15.0), "the broker JVM outlived its parent"
    finally:
        for pid in (state["pid"], state["broker_pid"]):
            if alive(pid):
                os.kill(pid, signal.SIGKILL)

    stopped = cli("stop", "--state-file", str(state_file))
    assert stopped.returncode == 0, stopped.stderr
    assert not state_file.exists()


def test_stop_without_a_running_broker_is_a_no_op(tmp_path: Path) -> None:
    done = cli("stop", "--state-file", str(tmp_path / "absent.json"))
    assert done.returncode == 0
