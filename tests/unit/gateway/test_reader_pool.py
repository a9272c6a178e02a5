"""Uploads are read in worker processes that are killed when they overrun time or memory."""

from __future__ import annotations

import asyncio
import os
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from clauseflow_contracts.errors import DocumentError
from clauseflow_documents.parser import parse_document
from clauseflow_gateway.intake.isolation import ReaderCrashed, ReaderPool
from clauseflow_testkit.hostile_readers import die_reading, read_forever, read_hungrily

TIMEOUT_S = 1.0
MEMORY_MB = 512


@pytest.fixture
async def readers() -> AsyncIterator[ReaderPool]:
    pool = ReaderPool(workers=1, timeout_s=TIMEOUT_S, memory_mb=MEMORY_MB)
    pool.start()
    await pool.ready()  # the timings below are the reads', not the forkserver's start-up
    try:
        yield pool
    finally:
        await pool.stop(grace_s=2)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


async def test_a_document_is_read_in_a_worker_and_its_structure_comes_back(readers: ReaderPool) -> None:
    contract = b"1. Term\nOne year.\n\n2. Payment\nWithin 30 days.\n"
    structure = await readers.run(parse_document, contract, "c.txt")
    assert [c.clause_id for c in structure.clauses] == ["1", "2"]


async def test_a_read_just_after_start_is_not_charged_for_the_readers_start_up() -> None:
    # The first worker comes from a forkserver that imports the parser (a second idle, several
    # under load): far longer than this read's own 0.2 s budget, which only the parse must meet.
    readers = ReaderPool(workers=1, timeout_s=0.2, memory_mb=MEMORY_MB)
    readers.start()
    try:
        structure = await readers.run(parse_document, b"1. Term\nOne year.\n\n2. Payment\nNet 30.\n", "c.txt")
        assert [c.clause_id for c in structure.clauses] == ["1", "2"]
    finally:
        await readers.stop(grace_s=2)


async def test_readers_that_never_start_fail_the_read_with_a_clear_reason() -> None:
    readers = ReaderPool(workers=1, timeout_s=1.0, memory_mb=MEMORY_MB, warm_up_timeout_s=0.0001)
    readers.start()
    try:
        with pytest.raises(TimeoutError, match="did not start within"):
            await readers.run(parse_document, b"1. Term\nOne year.\n", "c.txt")
    finally:
        await readers.stop(grace_s=5)


async def test_the_readers_own_error_comes_back_with_its_message(readers: ReaderPool) -> None:
    with pytest.raises(DocumentError, match=r"blank\.txt is empty"):
        await readers.run(parse_document, b"   \n  ", "blank.txt")


async def test_a_read_that_overruns_is_stopped_and_its_process_killed(
    readers: ReaderPool, tmp_path: Path
) -> None:
    pid_file = tmp_path / "pid"
    started = time.monotonic()
    with pytest.raises(TimeoutError):
        await readers.run(read_forever, str(pid_file).encode(), "loop.pdf")
    assert time.monotonic() - started < TIMEOUT_S + 2.0
    pid = int(pid_file.read_text())
    assert pid != os.getpid()
    for _ in range(50):  # the pool reaps the killed worker in its own thread
        if not _alive(pid):
            break
        await asyncio.sleep(0.05)
    assert not _alive(pid), "the overrunning reader is still running"


async def test_the_pool_keeps_reading_after_a_killed_worker(tmp_path: Path) -> None:
    # A budget of its own: the read after the kill waits for a fresh worker process, whose start
    # on a loaded machine took longer than the 2 s the other tests allow.
    readers = ReaderPool(workers=1, timeout_s=3.0, memory_mb=MEMORY_MB)
    readers.start()
    try:
        with pytest.raises(TimeoutError):
            await readers.run(read_forever, str(tmp_path / "pid").encode(), "loop.pdf")
        structure = await readers.run(parse_document, b"1. Term\nOne year.\n\n2. Payment\nNet 30.\n", "c.txt")
        assert [c.clause_id for c in structure.clauses] == ["1", "2"]
    finally:
        await readers.stop(grace_s=2)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the memory cap is Linux's RLIMIT_DATA")
async def test_a_read_past_the_memory_cap_fails_in_the_worker_not_the_service() -> None:
    # A time budget of its own: this test is about memory, and the first read waits for a fresh
    # worker process, which on a loaded 2-core machine took longer than the 1 s the fixture allows.
    readers = ReaderPool(workers=1, timeout_s=10.0, memory_mb=MEMORY_MB)
    readers.start()
    try:
        assert await readers.run(read_hungrily, b"16", "small.docx") == 16 * 1024 * 1024
        with pytest.raises(MemoryError):
            await readers.run(read_hungrily, str(MEMORY_MB * 4).encode(), "bomb.docx")
    finally:
        await readers.stop(grace_s=2)


async def test_a_worker_that_dies_is_reported_as_a_crash_with_its_exit_code(readers: ReaderPool) -> None:
    with pytest.raises(ReaderCrashed, match="exit code 3"):
        await readers.run(die_reading, b"3", "crash.pdf")


async def test_reading_before_start_is_a_programming_error() -> None:
    with pytest.raises(RuntimeError, match="start"):
        await ReaderPool(workers=1, timeout_s=1, memory_mb=0).run(parse_document, b"1. A\nB\n", "c.txt")
