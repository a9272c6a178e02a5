"""The Word export on small contracts whose every character is known: exact revision spans,
formatting of cut runs, comments, and the honest notes when a redline cannot
be shown as a tracked change."""

from __future__ import annotations

import io
from typing import Any
from xml.etree import ElementTree as ET

from clauseflow_documents.parser import parse_document
from clauseflow_documents.word_diff import apply_hunks, word_hunks
from clauseflow_gateway.wordexport import ContractSource, WordOptions, export_word
from docx import Document
from docx.oxml import parse_xml
from docx.oxml.ns import nsdecls
from ooxml_walker import W, comments, part, read, squash

CONTRACT = """SUPPLY AGREEMENT

1. Payment
1.1 The Buyer shall pay each invoice within 120 days of receipt.
1.2 Late payment bears no interest.

2. Liability
2.1 The Supplier's liability is unlimited.
"""


def _report(
    redlines: list[dict[str, Any]], risks: list[dict[str, Any]], language: str = "en"
) -> dict[str, Any]:
    return {"language": language, "domain": "generic", "risks": risks, "redlines": redlines}


def _redline(
    original: str, final: str, status: str = "approved", rid: str = "rl1", risk: str = "r1"
) -> dict[str, Any]:
    return {
        "id": rid,
        "clause_id": "1.1",
        "risk_id": risk,
        "original_text": original,
        "proposed_text": final,
        "final_text": final,
        "status": status,
        "reason": "Thirty days is market standard.",
    }


def _risk(quote: str, rid: str = "r1") -> dict[str, Any]:
    return {
        "id": rid,
        "clause_id": "1.1",
        "risk_type": "payment_terms_unfavourable",
        "risk_level": "high",
        "description": "Payment is due only after 120 days.",
        "reason": "It finances the Buyer for four months.",
        "original_text": quote,
        # the report carries the position the finding recommends (the gateway has no playbook)
        "playbook_position": "Payment within 30 days of a valid invoice.",
    }


def _text_source() -> ContractSource:
    return ContractSource(parse_document(CONTRACT.encode(), "supply.txt"))


def _deleted_and_inserted(docx: bytes) -> tuple[list[str], list[str]]:
    root = ET.fromstring(part(docx, "word/document.xml") or b"")
    dels = ["".join(t.text or "" for t in d.iter(f"{W}delText")) for d in root.iter(f"{W}del")]
    ins = ["".join(t.text or "" for t in i.iter(f"{W}t")) for i in root.iter(f"{W}ins")]
    return dels, ins


def test_the_word_diff_changes_only_the_changed_words() -> None:
    original = "The Buyer shall pay each invoice within 120 days of receipt."
    proposed = "The Buyer shall pay each invoice within 30 days of receipt."
    hunks = word_hunks(original, proposed)
    assert [(original[h.start : h.end], h.text) for h in hunks] == [("120", "30")]
    assert apply_hunks(original, hunks) == proposed


def test_the_word_diff_reads_chinese_by_character_and_joins_near_changes() -> None:
    original = "甲方应于收到发票之日起一百八十日内付款。"
    proposed = "甲方应于收到发票之日起三十日内付款。"
    hunks = word_hunks(original, proposed)
    assert apply_hunks(original, hunks) == proposed
    assert len(hunks) == 1 and len(hunks[0].text) <= 3


def test_a_redline_of_one_number_is_a_revision_of_that_number_only() -> None:
    quote = "The Buyer shall pay each invoice within 120 days of receipt."
    report = _report([_redline(quote, quote.replace("120", "30"))], [_risk(quote)])
    docx = export_word(report, _text_source(), WordOptions(author="Firm LLP"))
    assert _deleted_and_inserted(docx) == (["120"], ["30"])
    assert "within 30 days" in read(docx, "accept").text
    assert "within 120 days" in read(docx, "reject").text
    root = ET.fromstring(part(docx, "word/document.xml") or b"")
    assert {el.get(f"{W}author") for el in root.iter(f"{W}del")} == {"Firm LLP"}


def test_a_comment_is_anchored_on_the_quote_and_says_level_type_issue_reason_position_and_rationale() -> None:
    quote = "1.1 The Buyer shall pay each invoice within 120 days of receipt."
    report = _report([_redline(quote, quote.replace("120", "30"))], [_risk(quote)])
    docx = export_word(report, _text_source(), WordOptions())
    ((author, text),) = comments(docx).values()
    assert author == "ClauseFlow"
    for words in ("High risk", "Issue: Payment is due", "Why it matters: It finances", "Playbook position: ",
                  "Redline (approved): Thirty days is market standard."):  # fmt: skip
        assert words in text
    (anchor,) = read(docx, "reject").anchors.values()
    assert squash(anchor) == squash(quote)


def test_a_pending_redline_is_a_revision_only_when_asked_and_says_so() -> None:
    quote = "The Buyer shall pay each invoice within 120 days of receipt."
    report = _report([_redline(quote, quote.replace("120", "30"), status="pending")], [_risk(quote)])
    default = export_word(report, _text_source(), WordOptions())
    assert read(default, "as_is").revisions == 0
    ((_, text),) = comments(default).values()
    assert "PENDING APPROVAL" in text and "shown as a tracked change once approved" in text
    shown = export_word(report, _text_source(), WordOptions(include_pending=True))
    assert _deleted_and_inserted(shown) == (["120"], ["30"])
    ((_, text),) = comments(shown).values()
    assert "PENDING APPROVAL" in text and "not shown" not in text


def test_a_redline_whose_words_are_not_in_the_contract_is_reported_not_invented() -> None:
    report = _report([_redline("words the contract does not hold", "other words")], [_risk("1.1 The Buyer")])
    docx = export_word(report, _text_source(), WordOptions())
    assert read(docx, "as_is").revisions == 0
    ((_, text),) = comments(docx).values()
    assert "its text was not found in the document" in text and "other words" in text


def test_overlapping_redlines_never_make_conflicting_revisions() -> None:
    quote = "The Buyer shall pay each invoice within 120 days of receipt."
    first = _redline(quote, quote.replace("120", "30"))
    second = _redline("within 120 days", "within 45 days", rid="rl2")
    docx = export_word(_report([first, second], [_risk(quote)]), _text_source(), WordOptions())
    assert _deleted_and_inserted(docx) == (["120"], ["30"])
    ((_, text),) = comments(docx).values()
    assert "overlaps another redline" in text


PAY = "The Buyer shall pay each invoice within 120 days of receipt."


def test_a_strike_and_a_rider_show_as_exactly_the_struck_words_and_the_added_sentence() -> None:
    # the minimal redline the drafting makes of a one-sided sentence: two words out, one sentence in
    quote = "Service credits are the Buyer's sole and exclusive remedy for a missed service level."
    source = ContractSource(parse_document(f"1. Remedies\n1.1 {quote}\n".encode(), "remedies.txt"))
    rider = "Notwithstanding the foregoing, the Buyer keeps its other rights and remedies."
    minimal = quote.replace("sole and exclusive ", "") + " " + rider
    docx = export_word(_report([_redline(quote, minimal)], [_risk(quote)]), source, WordOptions())
    deleted, inserted = _deleted_and_inserted(docx)
    # (the diff may take the sentence's full stop before the added sentence rather than after it)
    words = ([d.strip() for d in deleted], [i.strip(" .") for i in inserted])
    assert words == (["sole and exclusive"], [rider.rstrip(".")])
    assert read(docx, "accept").text.endswith(minimal)


def test_two_redlines_of_one_sentence_changing_different_words_are_two_revisions() -> None:
    # two risks of clause 1.1 reviewed in two tasks: each quotes the whole sentence
    period = _redline(PAY, PAY.replace("120", "30"))
    disputed = _redline(PAY, PAY.replace("each invoice", "each undisputed invoice"), rid="rl2", risk="r2")
    docx = export_word(_report([period, disputed], [_risk(PAY)]), _text_source(), WordOptions())
    deleted, inserted = _deleted_and_inserted(docx)
    assert (deleted, [words.strip() for words in inserted]) == (["120"], ["undisputed", "30"])
    assert "pay each undisputed invoice within 30 days of receipt." in read(docx, "accept").text
    assert "not shown" not in next(iter(comments(docx).values()))[1]


def test_a_redraft_drafted_on_top_of_another_redline_is_one_revision_holding_both() -> None:
    period = _redline(PAY, PAY.replace("120", "30"))
    redrafted = PAY.replace("120 days", "30 days (45 days for disputed amounts)")
    on_top = _redline(PAY, redrafted, rid="rl2", risk="r2")
    docx = export_word(_report([period, on_top], [_risk(PAY)]), _text_source(), WordOptions())
    accepted = read(docx, "accept").text
    assert "within 30 days (45 days for disputed amounts) of receipt." in accepted
    untouched = export_word(_report([], []), _text_source(), WordOptions())
    assert read(docx, "reject").text == read(untouched, "as_is").text
    ((_, text),) = comments(docx).values()
    assert "shown in one tracked change with another redline" in text


def test_a_change_whose_words_survive_the_other_redline_is_made_on_its_text() -> None:
    period = _redline(PAY, PAY.replace("120 days of receipt.", "30 days of receipt of a valid invoice."))
    acceptance = _redline("of receipt", "of receipt and acceptance", rid="rl2", risk="r2")
    docx = export_word(_report([period, acceptance], [_risk(PAY)]), _text_source(), WordOptions())
    accepted = read(docx, "accept").text
    assert "within 30 days of receipt and acceptance of a valid invoice." in accepted
    assert "1.1 The Buyer shall pay each invoice within 120 days of receipt." in read(docx, "reject").text


def test_words_added_with_nothing_replaced_go_at_the_end_of_their_clause() -> None:
    added = _redline("", "Interest accrues at 8% a year.") | {"clause_id": "1.2", "action_type": "insert"}
    docx = export_word(
        _report([added], [_risk("Late payment bears no interest.")]), _text_source(), WordOptions()
    )
    assert _deleted_and_inserted(docx) == ([], [" Interest accrues at 8% a year."])
    accepted = read(docx, "accept").lines()
    assert "1.2 Late payment bears no interest. Interest accrues at 8% a year." in accepted
    assert read(docx, "reject").lines() == [line for line in CONTRACT.splitlines() if line.strip()]


def _word_source() -> tuple[ContractSource, bytes]:
    document = Document()
    document.add_paragraph("SUPPLY AGREEMENT", style="Title")
    p = document.add_paragraph()
    p.add_run("1.1 The ")
    bold = p.add_run("Buyer shall pay each invoice within 120")
    bold.bold = True
    p.add_run(" days of receipt.")
    out = io.BytesIO()
    document.save(out)
    content = out.getvalue()
    return ContractSource(parse_document(content, "supply.docx"), content, "supply.docx"), content


def test_a_cut_run_keeps_its_formatting_on_both_sides_and_in_the_inserted_words() -> None:
    source, content = _word_source()
    quote = "The Buyer shall pay each invoice within 120 days of receipt."
    docx = export_word(
        _report([_redline(quote, quote.replace("120", "30"))], [_risk(quote)]), source, WordOptions()
    )
    assert _deleted_and_inserted(docx) == (["120"], ["30"])
    assert read(docx, "reject").formats == read(content, "as_is").formats
    root = ET.fromstring(part(docx, "word/document.xml") or b"")
    (ins,) = root.iter(f"{W}ins")
    assert ins.find(f"{W}r/{W}rPr/{W}b") is not None  # "30" is bold like the "120" it replaces


def test_chinese_comments_are_in_chinese() -> None:
    text = "第一条 付款\n1.1 甲方应于收到发票之日起一百八十日内付款。\n"
    source = ContractSource(parse_document(text.encode(), "合同.txt"))
    quote = "甲方应于收到发票之日起一百八十日内付款。"
    risk = _risk(quote) | {"description": "付款期限过长。", "reason": "占用乙方资金。"}
    redline = _redline(quote, "甲方应于收到发票之日起三十日内付款。") | {"reason": "三十日为市场惯例。"}
    docx = export_word(_report([redline], [risk], "zh-CN"), source, WordOptions())
    ((_, note),) = comments(docx).values()
    assert (
        note.startswith("高风险")
        and "问题：付款期限过长。" in note
        and "修改建议（已批准）：三十日为市场惯例。" in note
    )
    assert "三十日" in read(docx, "accept").text
    styles = (part(docx, "word/styles.xml") or b"").decode()
    assert 'w:eastAsia="SimSun"' in styles


def test_a_change_across_a_hyperlink_edge_is_split_at_the_edge_and_reads_right_both_ways() -> None:
    document = Document()
    p = document.add_paragraph()
    p.add_run("1.1 Notices go to ")
    link = parse_xml(
        f'<w:hyperlink {nsdecls("w", "r")} w:anchor="notices"><w:r><w:rPr><w:u w:val="single"/></w:rPr>'
        "<w:t>the Notice Address</w:t></w:r></w:hyperlink>"
    )
    p._p.append(link)
    p.add_run(" within 10 days.")
    out = io.BytesIO()
    document.save(out)
    content = out.getvalue()
    source = ContractSource(parse_document(content, "n.docx"), content, "n.docx")
    quote = "Notices go to the Notice Address within 10 days."
    final = "Notices go to the address in Schedule 2 within 5 days."
    docx = export_word(_report([_redline(quote, final)], [_risk(quote)]), source, WordOptions())
    assert read(docx, "accept").lines() == ["1.1 " + final]
    assert read(docx, "reject").paragraphs == read(content, "as_is").paragraphs
    assert read(docx, "reject").formats == read(content, "as_is").formats
    root = ET.fromstring(part(docx, "word/document.xml") or b"")
    (hyperlink,) = root.iter(f"{W}hyperlink")
    assert hyperlink.find(f"{W}del") is not None  # the deletion inside the link stays inside it
