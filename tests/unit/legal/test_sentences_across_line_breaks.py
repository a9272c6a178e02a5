"""A line break ends a sentence, except where a page break or a wrapped line of a converted PDF cut it.

The rules read one sentence at a time: a payment right cut at "thirty (30)" loses its "days after
notice", and its cure period with it. A line that stops mid-sentence (a word, a number, a comma or a
bracket last) and a next line opening in lower case are one sentence. The sentences are written for
these tests, with invented parties.
"""

# ruff: noqa: E501  -- clause fixtures read better unbroken

from __future__ import annotations

import pytest
from clauseflow_legal.text import split_sentences

ONE_SENTENCE = [
    "The Provider may suspend the Services if the Client fails to pay and the failure remains uncured thirty (30)\n\n\n\ndays after notice.",
    "All fees due to the Agent shall be due and\npayable on the fifteenth day after the invoice.",
    "The Licensor may audit the books of the Licensee,\nwith ten days' prior notice, once a year.",
    "No assignment is valid unless the Buyer has received prior\n   written notice from the Seller.",
]

SEPARATE = [
    ("The Supplier shall deliver the goods.\nthe Buyer shall pay for them.", 2),
    ("(a) the Supplier's records;\nand the Buyer's records.", 2),
    ("Payment\nThe Buyer shall pay within thirty days.", 2),
    ("The Supplier shall deliver the goods\n(b) the Buyer shall pay for them.", 2),
    ("The notice shall state:\nthe breach and the remedy sought.", 2),
    ("甲方应于五日内付款\n乙方应于十日内交货。", 2),
    ("LIMITATION OF LIABILITY\nn-able will not be liable for lost profits.", 2),
    ("ORBIS TECHNOLOGIES, INC., 8-K, 2/5/2020\nresult of such assignment, the Buyer shall pay.", 2),
]


@pytest.mark.parametrize("text", ONE_SENTENCE, ids=[t[:40] for t in ONE_SENTENCE])
def test_a_sentence_cut_by_a_page_or_a_wrapped_line_is_read_whole(text: str) -> None:
    sentences = split_sentences(text)
    assert [s.text for s in sentences] == [text.strip()]


@pytest.mark.parametrize(("text", "count"), SEPARATE, ids=[t[:40] for t, _ in SEPARATE])
def test_a_line_that_ends_a_sentence_or_an_item_or_opens_one_stays_apart(text: str, count: int) -> None:
    assert len(split_sentences(text)) == count


def test_offsets_still_point_into_the_clause_text() -> None:
    text = (
        "Heading\nThe Agent may terminate if the Client is late by ten (10)\n\ndays. The Client may object."
    )
    for sentence in split_sentences(text):
        assert text[sentence.start : sentence.end] == sentence.text
    assert [s.text for s in split_sentences(text)][1].endswith("(10)\n\ndays.")
