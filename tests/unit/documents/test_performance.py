"""A 300-page contract parses in well under two seconds (no quadratic work)."""

from __future__ import annotations

import time

from clauseflow_shared.documents.parser import parse_document

CLAUSE = (
    "{n}. OBLIGATIONS {n}\n"
    '{n}.1 "Term {n}" means the obligations in Clause {n}.2, subject to Section {m}.1 and Schedule 1.\n'
    "{n}.2 The Supplier shall perform the Services with reasonable skill and care, in accordance with Good "
    "Industry Practice, the Specification and the Term {n}, and shall (a) comply with law; (b) keep records; "
    "and (c) report monthly to the Customer on the Services performed in the period.\n"
    "(a) The Customer may audit the records on ten Business Days' notice.\n"
    "(b) The Supplier shall co-operate with any audit at its own cost.\n"
)


def test_three_hundred_page_contract_parses_quickly():
    # ~3,000 characters a page: 1,800 clauses of ~540 characters is about 300 pages.
    text = "".join(CLAUSE.format(n=n, m=max(1, n - 1)) for n in range(1, 1801))
    assert len(text) > 900_000
    started = time.perf_counter()
    doc = parse_document(text.encode(), "big.txt")
    elapsed = time.perf_counter() - started
    assert len(doc.clauses) == 1800 * 5
    assert elapsed < 2.0, f"parsing took {elapsed:.2f}s"
