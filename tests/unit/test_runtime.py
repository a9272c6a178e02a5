"""Service processes run on uvloop unless told otherwise."""

from __future__ import annotations

import asyncio

import pytest
from clauseflow_platform import runtime


async def _loop_module() -> str:
    return type(asyncio.get_running_loop()).__module__


def test_services_run_on_uvloop_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CLAUSEFLOW_EVENT_LOOP", raising=False)
    assert runtime.run(_loop_module()).startswith("uvloop")


def test_asyncio_loop_when_opted_out(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CLAUSEFLOW_EVENT_LOOP", "asyncio")
    assert runtime.run(_loop_module()).startswith("asyncio")


def test_the_main_coroutines_result_is_returned() -> None:
    async def answer() -> int:
        await asyncio.sleep(0)
        return 42

    assert runtime.run(answer()) == 42


def test_uvicorn_served_services_follow_the_same_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CLAUSEFLOW_EVENT_LOOP", "asyncio")
    assert runtime.uvicorn_loop() == "asyncio"
    monkeypatch.delenv("CLAUSEFLOW_EVENT_LOOP")
    assert runtime.uvicorn_loop() == "uvloop"


def test_an_unknown_event_loop_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CLAUSEFLOW_EVENT_LOOP", "trio")
    with pytest.raises(ValueError, match="event_loop"):
        runtime.RuntimeSettings()
