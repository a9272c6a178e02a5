"""Hostile or odd layouts cannot make parsing slow: the work grows linearly with the input.

Each case builds an input of one shape at two sizes (the larger four times the smaller) and
requires the larger to take at most eight times as long; a quadratic or exponential step fails
that by a wide margin. The time limit per test stops a catastrophic case from hanging the run.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from clauseflow_documents.parser import parse_text

# A little slack for timer noise on tiny inputs.
_FLOOR_SECONDS = 0.05


def _best_time(text: str) -> float:
    # CPU time of this process, not wall time: other processes on a busy machine must not make a
    # linear parse look quadratic (a catastrophic regex costs CPU here whatever the load).
    best = float("inf")
    for _ in range(3):
        started = time.process_time()
        parse_text(text)
        best = min(best, time.process_time() - started)
    return best


def _assert_linear(build: Callable[[int], str], size: int) -> None:
    small, large = build(size), build(4 * size)
    t_small, t_large = _best_time(small), _best_time(large)
    assert t_large <= 8 * t_small + _FLOOR_SECONDS, (
        f"4x the input took {t_large / max(t_small, 1e-9):.1f}x the time ({t_small:.3f}s -> {t_large:.3f}s)"
    )


def _underlined_clause(dashes: int) -> str:
    # A fixed-width filing where the underline of a heading was wrapped into the clause text.
    rule = "-" * dashes
    return (
        "1. Definitions\n"
        "2. Promotion\n"
        f"2.1  Promotions. Commencing on the Launch Date      {rule}      Term, the Provider shall\n"
        f"2.2  Listings      {rule}      {rule}      the Provider shall list the Client\n"
        "3. Term\n"
    )


@pytest.mark.timeout(20)
def test_rules_wrapped_into_clause_text_parse_in_linear_time():
    doc = parse_text(_underlined_clause(40))
    assert [c.clause_id for c in doc.clauses] == ["1", "2", "2.1", "2.2", "3"]
    _assert_linear(_underlined_clause, 30)


@pytest.mark.timeout(20)
@pytest.mark.parametrize(
    "shape",
    [
        pytest.param(lambda n: "1. Term" + " " * n + "x" + " " * n + "\n2. Next\n", id="long-run-of-spaces"),
        pytest.param(lambda n: "1. Term" + "." * n + "x\n2. Next\n", id="long-run-of-dots"),
        pytest.param(lambda n: "1. Term" + "\t" * n + "x 12\n2. Next\n", id="long-run-of-tabs"),
        pytest.param(lambda n: "1. Term " + "-- " * (n // 3) + "x\n2. Next\n", id="many-short-rules"),
        pytest.param(lambda n: "1. Term " + "_" * n + " x\n2. Next\n", id="long-underline"),
        pytest.param(
            lambda n: " ".join(
                f"{i}. Heading {i}. Pay USD {i}.5 million under Section {i}(b)." for i in range(n // 60)
            ),
            id="one-long-numbered-line",
        ),
        pytest.param(
            lambda n: "1. Term\nSee Section " + ", ".join("7" for _ in range(n // 3)) + "\n", id="long-list"
        ),
    ],
)
def test_odd_layouts_parse_in_linear_time(shape: Callable[[int], str]):
    _assert_linear(shape, 20_000)
