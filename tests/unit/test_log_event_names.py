"""Every structlog event the code logs is named ``area.event`` (docs/logging.md).

The source of every library, service and app is read (not imported) and every call of a logger
made with ``clauseflow_platform.logging.get_logger`` is found: its event, the first argument,
must be a literal string of the form ``area.event``. A free sentence or a computed name fails
here with the file and line, so a log search by event name (``event="clause.failed"``) keeps
finding every line.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SOURCE_ROOTS = ("libs", "services", "apps")
EVENT_NAME = re.compile(r"^[a-z_]+\.[a-z_.]+$")
LOG_METHODS = frozenset({"debug", "info", "warning", "warn", "error", "exception", "critical", "msg"})


@dataclass(frozen=True)
class LogCall:
    """One logging call found in the source: where, and its event (None when it is not a literal)."""

    where: str
    event: str | None


def _is_get_logger(node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and (
        (isinstance(node.func, ast.Name) and node.func.id == "get_logger")
        or (isinstance(node.func, ast.Attribute) and node.func.attr == "get_logger")
    )


def _logger_names(tree: ast.Module) -> set[str]:
    """Names bound to a logger: ``x = get_logger(...)`` and ``y = x.bind(...)``/``x.new(...)``."""
    names: set[str] = set()
    changed = True
    while changed:  # a bound logger may be bound again
        changed = False
        for node in ast.walk(tree):
            if not isinstance(node, ast.Assign | ast.AnnAssign) or node.value is None:
                continue
            value = node.value
            is_logger = _is_get_logger(value) or (
                isinstance(value, ast.Call)
                and isinstance(value.func, ast.Attribute)
                and value.func.attr in ("bind", "new")
                and isinstance(value.func.value, ast.Name)
                and value.func.value.id in names
            )
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if is_logger and isinstance(target, ast.Name) and target.id not in names:
                    names.add(target.id)
                    changed = True
    return names


def log_calls(source: str, name: str) -> list[LogCall]:
    """The structlog calls of one module's ``source``; ``name`` says where it is in the reports."""
    tree = ast.parse(source, filename=name)
    loggers = _logger_names(tree)
    calls: list[LogCall] = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        receiver = node.func.value
        if node.func.attr not in LOG_METHODS:
            continue
        if not ((isinstance(receiver, ast.Name) and receiver.id in loggers) or _is_get_logger(receiver)):
            continue
        first = node.args[0] if node.args else None
        event = first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else None
        calls.append(LogCall(f"{name}:{node.lineno}", event))
    return calls


def scan_sources() -> list[LogCall]:
    """The structlog calls of every module of the libraries, services and apps."""
    calls: list[LogCall] = []
    for root in SOURCE_ROOTS:
        for path in sorted((REPO / root).rglob("*.py")):
            if ".venv" not in path.parts:
                calls.extend(log_calls(path.read_text(encoding="utf-8"), str(path.relative_to(REPO))))
    return calls


@pytest.fixture(scope="module")
def all_log_calls() -> list[LogCall]:
    """The scan of every source, run once in a fresh interpreter.

    CPython 3.11 keeps ``ast``'s recursion-depth counter in interpreter-wide state, so when a
    finaliser of an earlier test's leftovers runs Python code in the middle of ``ast.parse``
    (python/cpython#106905), the parse fails with "AST constructor recursion depth mismatch".
    A separate process has no leftovers.
    """
    done = subprocess.run(
        [sys.executable, __file__], capture_output=True, text=True, timeout=120, check=True, cwd=REPO
    )
    return [LogCall(**call) for call in json.loads(done.stdout)]


def test_the_scan_finds_the_logging_calls_of_every_part(all_log_calls: list[LogCall]) -> None:
    calls = all_log_calls
    parts = {c.where.split("/")[1] for c in calls}
    # a scan that found nothing would pass the test below without checking anything
    assert {"platform", "gateway", "orchestrator", "clause-worker", "skills"} <= parts
    assert len(calls) > 50


def test_every_event_is_a_literal_area_dot_event_name(all_log_calls: list[LogCall]) -> None:
    wrong = [
        f"{c.where}: {c.event!r}" for c in all_log_calls if c.event is None or not EVENT_NAME.match(c.event)
    ]
    assert not wrong, "log events must be literal 'area.event' names (docs/logging.md):\n" + "\n".join(wrong)


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ('log = get_logger(__name__)\nlog.info("review.submitted", review_id=r)\n', ["review.submitted"]),
        ('log = get_logger(__name__)\nlog.warning("review submitted")\n', ["review submitted"]),
        ('log = get_logger(__name__)\nbound = log.bind(x=1)\nbound.error(f"{x}.failed")\n', [None]),
        ('get_logger(__name__).info("gateway starting")\n', ["gateway starting"]),
        ('import logging\nlogger = logging.getLogger("x")\nlogger.info("%s done", 1)\n', []),
        ("task.exception()\n", []),
    ],
)
def test_the_scan_reads_the_events_of_loggers_and_nothing_else(
    source: str, expected: list[str | None]
) -> None:
    assert [c.event for c in log_calls(source, "probe.py")] == expected


if __name__ == "__main__":
    json.dump([asdict(call) for call in scan_sources()], sys.stdout)
