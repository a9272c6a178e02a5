"""``python -m clauseflow_testkit.local_kafka run|start|stop`` — a local broker for ``make up``.

- ``run``: start a broker in the foreground until SIGTERM/Ctrl-C (writes ``--state-file`` if given).
- ``start --state-file PATH``: run it in the background, wait until it answers, print the bootstrap.
- ``stop --state-file PATH``: stop the background broker and remove the state file.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import FrameType
from typing import Any

from clauseflow_platform.logging import configure_logging, get_logger

from clauseflow_testkit.local_kafka.broker import LocalKafka, _pid_alive
from clauseflow_testkit.local_kafka.errors import LocalKafkaError

log = get_logger("clauseflow.local_kafka")


def _read_state(path: Path) -> dict[str, Any] | None:
    try:
        state = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    return state if isinstance(state, dict) else None


def _write_state(path: Path, state: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    partial.write_text(json.dumps(state, indent=2))
    partial.replace(path)  # atomic: a reader never sees half a file


def run(state_file: Path | None, timeout_s: float) -> int:
    """Run a broker in the foreground until SIGTERM/SIGINT; 1 if it died on its own."""
    stopping = False

    def request_stop(signum: int, frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, request_stop)
    signal.signal(signal.SIGINT, request_stop)
    broker = LocalKafka()
    try:
        bootstrap = broker.start(timeout_s=timeout_s)
        state = {
            "bootstrap": bootstrap,
            "pid": os.getpid(),
            "broker_pid": broker.pid,
            "kafka_version": broker.version,
            "log": str(broker.log_path),
        }
        if state_file is not None:
            _write_state(state_file, state)
        log.info("local_kafka.running", **state)
        while not stopping:
            if broker.pid is None:
                log.error("local_kafka.broker_died", log_tail=broker.log_tail())
                return 1
            time.sleep(0.5)
        return 0
    finally:
        broker.stop()
        if state_file is not None:
            state_file.unlink(missing_ok=True)


def start(state_file: Path, timeout_s: float) -> int:
    """Run a broker in a background process; returns once it answers (bootstrap on stdout)."""
    state = _read_state(state_file)
    if state and _pid_alive(int(state.get("pid", 0))):
        log.info("local_kafka.already_running", bootstrap=state["bootstrap"], pid=state["pid"])
        sys.stdout.write(f"{state['bootstrap']}\n")
        return 0
    state_file.unlink(missing_ok=True)
    state_file.parent.mkdir(parents=True, exist_ok=True)
    runner_log = state_file.with_name(state_file.name + ".log")
    with open(runner_log, "wb") as out:
        runner = subprocess.Popen(
            [sys.executable, "-m", "clauseflow_testkit.local_kafka", "run", "--state-file", str(state_file)],
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # survives the shell (and make) that started it
        )
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        state = _read_state(state_file)
        if state is not None:
            log.info("local_kafka.started_in_background", **state)
            sys.stdout.write(f"{state['bootstrap']}\n")
            return 0
        if runner.poll() is not None:
            log.error("local_kafka.start_failed", exit_code=runner.returncode, log=str(runner_log))
            sys.stderr.write(runner_log.read_text(errors="replace")[-3000:])
            return 1
        time.sleep(0.2)
    runner.terminate()
    log.error("local_kafka.start_timed_out", timeout_s=timeout_s, log=str(runner_log))
    return 1


def stop(state_file: Path, timeout_s: float) -> int:
    """Stop the background broker recorded in ``state_file``."""
    state = _read_state(state_file)
    if state is None:
        log.info("local_kafka.not_running", state_file=str(state_file))
        return 0
    pid, broker_pid = int(state.get("pid", 0)), int(state.get("broker_pid") or 0)
    if pid and _pid_alive(pid):
        os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + timeout_s
        while _pid_alive(pid) and time.monotonic() < deadline:
            time.sleep(0.2)
        for leftover in (pid, broker_pid):
            if leftover and _pid_alive(leftover):
                log.warning("local_kafka.killing", pid=leftover)
                os.kill(leftover, signal.SIGKILL)
    state_file.unlink(missing_ok=True)
    log.info("local_kafka.stopped", bootstrap=state.get("bootstrap"))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``python -m clauseflow_testkit.local_kafka``."""
    parser = argparse.ArgumentParser(prog="python -m clauseflow_testkit.local_kafka", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    for name, needs_state in (("run", False), ("start", True), ("stop", True)):
        cmd = sub.add_parser(name)
        cmd.add_argument("--state-file", type=Path, required=needs_state, help="JSON with bootstrap and pid")
        cmd.add_argument("--timeout", type=float, default=180.0, help="seconds to wait (default 180)")
    args = parser.parse_args(argv)
    configure_logging("local-kafka", level=os.environ.get("LOG_LEVEL", "INFO"), json=False)
    try:
        if args.command == "run":
            return run(args.state_file, args.timeout)
        if args.command == "start":
            return start(args.state_file, args.timeout)
        return stop(args.state_file, args.timeout)
    except LocalKafkaError as exc:
        log.error("local_kafka.error", error=str(exc))
        return 2


if __name__ == "__main__":
    sys.exit(main())
