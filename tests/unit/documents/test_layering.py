"""The one overlap routine: redlines of one clause changing the same words become one change.

The worker settles its drafts with it and the Word export its revisions; the clause here is
written for these tests.
"""

from __future__ import annotations

from clauseflow_documents.layering import Change, change_of, changed_text, clash, layered

PAY = "The Buyer shall pay each invoice within 120 days of receipt."


def _whole(proposed: str) -> Change:
    return change_of(PAY, 0, len(PAY), proposed)


def test_a_change_is_the_changed_words_only() -> None:
    change = _whole(PAY.replace("120", "30"))
    assert [(PAY[h.start : h.end], h.text) for h in change.hunks] == [("120", "30")]
    assert changed_text(change, PAY) == PAY.replace("120", "30")


def test_two_redlines_of_one_sentence_changing_different_words_do_not_clash() -> None:
    period = _whole(PAY.replace("120", "30"))
    disputed = _whole(PAY.replace("each invoice", "each undisputed invoice"))
    assert not clash(period, disputed)


def test_a_redline_drafted_on_top_of_another_is_the_change_of_both() -> None:
    period = _whole(PAY.replace("120", "30"))
    on_top = _whole(PAY.replace("120 days", "30 days (45 days for disputed amounts)"))
    assert clash(period, on_top)
    merged = layered(period, on_top, PAY)
    assert merged is not None
    assert changed_text(merged, PAY) == PAY.replace("120 days", "30 days (45 days for disputed amounts)")


def test_a_change_whose_words_survive_the_other_is_made_on_its_text() -> None:
    period = _whole(PAY.replace("120 days of receipt.", "30 days of receipt of a valid invoice."))
    at = PAY.index("of receipt")
    acceptance = change_of(PAY, at, at + len("of receipt"), "of receipt and acceptance")
    merged = layered(period, acceptance, PAY)
    assert merged is not None
    assert changed_text(merged, PAY) == PAY.replace(
        "120 days of receipt.", "30 days of receipt and acceptance of a valid invoice."
    )


def test_two_changes_of_the_same_words_to_different_words_cannot_be_one_text() -> None:
    thirty = _whole(PAY.replace("120", "30"))
    at = PAY.index("within 120 days")
    forty_five = change_of(PAY, at, at + len("within 120 days"), "within 45 days")
    assert clash(thirty, forty_five)
    assert layered(thirty, forty_five, PAY) is None
