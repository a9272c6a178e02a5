"""Service processes run on uvloop unless told otherwise."""

from __future__ import annotations

import asyncio

import pytest
from clauseflow_shared import runtime


async def _loop_module() -> str:
    return type(asyncio.get_running_loop()).__module__


def test_services_run_on_uvloop_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(runtime.EVENT_LOOP_ENV, raising=False)
    assert runtime.run(_loop_module()).startswith("uvloop")


def test_asyncio_loop_when_opted_out(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(runtime.EVENT_LOOP_ENV, "asyncio")
    assert runtime.run(_loop_module()).startswith("asyncio")


def test_the_main_coroutines_result_is_returned() -> None:
    async def answer() -> int:
        await asyncio.sleep(0)
        return 42

    assert runtime.run(answer()) == 42
