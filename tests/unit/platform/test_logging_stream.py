"""Service logs go to the process's stderr as it is when a line is written, not as it was at start."""

from __future__ import annotations

import io
import json
import logging
import sys
from collections.abc import Iterator

import pytest
from clauseflow_platform.logging import configure_logging, get_logger


@pytest.fixture
def restore_root_logging() -> Iterator[None]:
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


def test_a_line_logged_after_stderr_was_swapped_reaches_the_new_stderr(
    monkeypatch: pytest.MonkeyPatch, restore_root_logging: None
) -> None:
    first = io.StringIO()
    monkeypatch.setattr(sys, "stderr", first)
    configure_logging("probe")
    first.close()  # e.g. a test's captured stream, or a CLI command's redirected stderr, is gone
    second = io.StringIO()
    monkeypatch.setattr(sys, "stderr", second)

    logging.getLogger("probe.stdlib").warning("stdlib line")
    get_logger("probe").warning("probe.written", detail=1)

    lines = [json.loads(line) for line in second.getvalue().splitlines()]
    assert [line["event"] for line in lines] == ["stdlib line", "probe.written"]
    assert lines[1]["service"] == "probe" and lines[1]["detail"] == 1


def test_a_stream_chosen_for_the_logs_is_kept(
    monkeypatch: pytest.MonkeyPatch, restore_root_logging: None
) -> None:
    """A bench or a tool may send the logs to a file of its own instead of stderr."""
    configure_logging("probe")
    chosen = io.StringIO()
    for handler in logging.getLogger().handlers:
        assert isinstance(handler, logging.StreamHandler)
        handler.setStream(chosen)
    monkeypatch.setattr(sys, "stderr", io.StringIO())

    get_logger("probe").warning("probe.to_file")

    assert [json.loads(line)["event"] for line in chosen.getvalue().splitlines()] == ["probe.to_file"]
