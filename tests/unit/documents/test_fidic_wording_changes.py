"""Amendment instructions read as changes of wording and deletions of whole sub-clauses."""

from __future__ import annotations

import pytest
from clauseflow_documents.fidic import subclause_deletions, wording_changes


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            'In Sub-Clause 20.2, replace "28 days" with "10 days" and "84 days" with "42 days".',
            [("20.2", "28 days", "10 days"), ("20.2", "84 days", "42 days")],
        ),
        ('Sub-Clause 16.1: for "21 days" substitute "63 days".', [("16.1", "21 days", "63 days")]),
        (
            'The Site is defined. "seven days" shall be replaced by "three days" in Sub-Clause 4.20.',
            [("4.20", "seven days", "three days")],
        ),
        (
            'In Sub-Clause 16.2, delete the words "or (d)" and "or (e)".',
            [("16.2", "or (d)", ""), ("16.2", "or (e)", "")],
        ),
        ('The words "and Profit" are deleted from Sub-Clause 1.9.', [("1.9", "and Profit", "")]),
        ('"Works" means the works described in "Schedule 1".', []),
    ],
)
def test_a_change_of_wording_is_read_with_the_sub_clause_it_amends(
    text: str, expected: list[tuple[str, str, str]]
) -> None:
    assert [(c.target, c.old, c.new) for c in wording_changes(text)] == expected


def test_a_whole_sub_clause_deleted_is_told_from_one_replaced() -> None:
    assert [d.target for d in subclause_deletions("Sub-Clause 13.7 is deleted in its entirety.")] == ["13.7"]
    assert [d.target for d in subclause_deletions("Delete Sub-Clause 8.5. Add a new Sub-Clause 8.13.")] == [
        "8.5"
    ]
    assert [d.target for d in subclause_deletions("This Sub-Clause is deleted.")] == [None]
    assert subclause_deletions('Sub-Clause 4.12 is deleted and replaced by the following: "…"') == []
    assert subclause_deletions('Delete the Sub-Clause and substitute: "…"') == []
