"""A 300-page contract is read whole, and parsing grows linearly with the document.

The absolute target (a 300-page contract in under two seconds) is measured by the parse
benchmark (`bench/parse/bench_parse.py speed`), not asserted here: a shared CI machine makes
wall-clock thresholds flaky. The ratio below fails on any quadratic step.
"""

from __future__ import annotations

import time

from clauseflow_documents.parser import parse_document

CLAUSE = (
    "{n}. OBLIGATIONS {n}\n"
    '{n}.1 "Term {n}" means the obligations in Clause {n}.2, subject to Section {m}.1 and Schedule 1.\n'
    "{n}.2 The Supplier shall perform the Services with reasonable skill and care, in accordance with Good "
    "Industry Practice, the Specification and the Term {n}, and shall (a) comply with law; (b) keep records; "
    "and (c) report monthly to the Customer on the Services performed in the period.\n"
    "(a) The Customer may audit the records on ten Business Days' notice.\n"
    "(b) The Supplier shall co-operate with any audit at its own cost.\n"
)


def _contract(clauses: int) -> bytes:
    return "".join(CLAUSE.format(n=n, m=max(1, n - 1)) for n in range(1, clauses + 1)).encode()


def _seconds(content: bytes) -> float:
    # CPU time, so a busy machine does not make a linear parse look quadratic.
    started = time.process_time()
    parse_document(content, "big.txt")
    return time.process_time() - started


def test_a_three_hundred_page_contract_is_read_whole() -> None:
    # ~3,000 characters a page: 1,800 clauses of ~540 characters is about 300 pages.
    content = _contract(1800)
    assert len(content) > 900_000
    doc = parse_document(content, "big.txt")
    assert len(doc.clauses) == 1800 * 5
    assert doc.get("1800.2").parent_id == "1800"


def test_parsing_time_grows_linearly_with_the_contract() -> None:
    small, large = _contract(200), _contract(800)
    t_small = min(_seconds(small) for _ in range(2))
    t_large = min(_seconds(large) for _ in range(2))
    assert t_large <= 8 * t_small + 0.1, f"4x the clauses took {t_large / t_small:.1f}x the time"
