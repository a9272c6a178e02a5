"""Clause trees from each numbering scheme, in English and Chinese (ids as a lawyer cites them)."""

# ruff: noqa: E501 -- fixture contracts keep one paragraph per line, as real ones do
from __future__ import annotations

from document_fixtures import ids

DECIMAL = """SUPPLY AGREEMENT

This Agreement is made on 1 May 2025.

1. DEFINITIONS
1.1 Terms used here have their ordinary meaning.
1.1.1 Singular includes plural.
1.2 Headings do not affect interpretation.

2. SUPPLY
2.1 The Supplier shall supply the Goods as set out below.
(a) Each delivery is made on time.
(b) Each delivery is made in full. Its packaging is as follows.
(i) Goods are packed in crates.
(ii) Crates are labelled.
(c) Goods are delivered to the Site.
2.2 Risk passes on delivery.
"""


def test_decimal_numbering_builds_a_tree_with_lawyer_ids(parse):
    doc = parse(DECIMAL)
    assert ids(doc) == [
        "Preamble", "1", "1.1", "1.1.1", "1.2", "2", "2.1", "2.1(a)", "2.1(b)", "2.1(b)(i)", "2.1(b)(ii)",
        "2.1(c)", "2.2",
    ]  # fmt: skip
    assert doc.get("1.1").parent_id == "1"
    assert doc.get("1.1.1").level == 3
    assert doc.get("2").children == ("2.1", "2.2")
    assert doc.get("2.1").children == ("2.1(a)", "2.1(b)", "2.1(c)")
    assert doc.get("1").title == "DEFINITIONS"


def test_clause_offsets_point_into_the_normalised_text_and_cover_sub_clauses(parse):
    doc = parse(DECIMAL)
    for clause in doc.clauses:
        assert doc.text[clause.start : clause.end] == clause.text
    two = doc.get("2")
    assert two.text.startswith("2. SUPPLY")
    assert "Risk passes on delivery." in two.text  # a clause includes its sub-clauses
    assert doc.get("2.1(b)(ii)").text == "(ii) Crates are labelled."


def test_letter_i_after_h_is_a_letter_not_a_roman_numeral(parse):
    letters = "\n".join(f"({c}) Item {c} is delivered first. It is then paid." for c in "abcdefghij")
    doc = parse(f"1. LIST\n1.1 The items are listed below.\n{letters}\n2. END\nDone.")
    assert "1.1(i)" in ids(doc) and "1.1(j)" in ids(doc)
    assert doc.get("1.1(i)").parent_id == "1.1"


def test_keyword_numbering_drops_the_keyword_and_reads_roman_numerals(parse):
    doc = parse(
        "ARTICLE I\nDEFINITIONS\nSection 1.1 Words have meanings.\nSection 1.2 More words.\n"
        "ARTICLE II\nPAYMENT\nSection 2.1 Pay on time.\nARTICLE V\nNOTICES\nSection 5.1 In writing.\n"
    )
    assert ids(doc) == ["1", "1.1", "1.2", "2", "2.1", "5", "5.1"]
    assert doc.get("1").title == "DEFINITIONS"
    assert doc.get("5.1").parent_id == "5"


def test_clause_and_sub_clause_keywords(parse):
    doc = parse(
        "Clause 1 Definitions\nWords.\nClause 2 Payment\nSub-Clause 2.1 Interim payments\nPay monthly.\n"
        "Sub-Clause 2.2 Final payment\nPay at the end.\nClause 3 Notices\nIn writing.\n"
    )
    assert ids(doc) == ["1", "2", "2.1", "2.2", "3"]
    assert doc.get("2.1").title == "Interim payments"


def test_article_with_plain_numbered_paragraphs(parse):
    doc = parse(
        "Article 1 Scope\n1. The Supplier sells.\n2. The Buyer buys.\nArticle 2 Price\n1. The price is fixed.\n"
    )
    assert ids(doc) == ["1", "1.1", "1.2", "2", "2.1"]


def test_schedules_restart_numbering_in_their_own_namespace(parse):
    doc = parse(
        "1. SALE\n1.1 The Seller sells.\n2. PRICE\n2.1 See Schedule 1.\n\n"
        "SCHEDULE 1 - WARRANTIES\n1. Capacity\n1.1 The Seller has capacity.\n2. Title\n2.1 Good title.\n"
    )
    assert ids(doc)[-5:] == [
        "Schedule 1",
        "Schedule 1, paragraph 1",
        "Schedule 1, paragraph 1.1",
        "Schedule 1, paragraph 2",
        "Schedule 1, paragraph 2.1",
    ]
    assert doc.get("Schedule 1").title == "WARRANTIES"
    assert doc.get("Schedule 1, paragraph 1.1").parent_id == "Schedule 1, paragraph 1"


def test_a_statement_of_work_after_the_clauses_numbers_its_own_paragraphs(parse):
    # Services agreements print "Statement of Work No. 1" after the signature block; read as part
    # of the last clause, its fees and acceptance terms would never be reviewed as clauses.
    doc = parse(
        "1. SERVICES\n1.1 The Consultant shall perform the Services.\n2. FEES\n2.1 Fees are in the SOW.\n\n"
        "STATEMENT OF WORK NO. 1\n1. Deliverables\n1.1 A migration plan.\n2. Fees\n"
        "2.1 The Client may withhold any fee it disputes in its discretion.\n"
    )
    assert ids(doc)[-5:] == [
        "Statement of Work 1",
        "Statement of Work 1, paragraph 1",
        "Statement of Work 1, paragraph 1.1",
        "Statement of Work 1, paragraph 2",
        "Statement of Work 1, paragraph 2.1",
    ]
    # a mention of the Statement of Work in running text is no heading
    assert "Statement of Work 1" not in ids(
        parse("1. SCOPE\nStatement of Work 1 is attached.\n2. TERM\nOne year.\n")
    )


def test_parts_group_clauses_without_prefixing_their_ids(parse):
    doc = parse("PART A - GENERAL\n1. Scope\n1.1 Text.\nPART B - SPECIAL\n2. Price\n2.1 Text.\n")
    assert ids(doc) == ["Part A", "1", "1.1", "Part B", "2", "2.1"]
    assert doc.get("2").parent_id == "Part B"


def test_numbers_that_do_not_continue_the_sequence_are_body_text(parse):
    doc = parse(
        "1. PRICE\n1.1 The price is\n2.5 million dollars payable in cash.\n1.2 Payment is due in 30 days.\n"
        "2. TERM\nThe term is\n1. year from signature.\n3. LAW\nEnglish law.\n"
    )
    assert ids(doc) == ["1", "1.1", "1.2", "2", "3"]
    assert "2.5 million" in doc.get("1.1").text


def test_table_of_contents_is_not_mistaken_for_the_clauses(parse):
    toc = "CONTENTS\n1. Definitions ........ 1\n2. Supply ........ 2\n3. Price ........ 3\n\n"
    body = "1. DEFINITIONS\nWords.\n2. SUPPLY\nGoods.\n3. PRICE\nMoney.\n"
    doc = parse(toc + body)
    assert ids(doc) == ["Preamble", "1", "2", "3"]
    assert doc.get("1").text.startswith("1. DEFINITIONS")


def test_heading_line_becomes_the_title_and_inline_headings_are_read(parse):
    doc = parse("1. TERM\nThe term is one year.\n2. Payment. The Buyer pays in 30 days.\n3. Reserved\n")
    assert doc.get("1").title == "TERM"
    assert doc.get("2").title == "Payment"
    assert doc.get("3").title == ""  # a short complete clause is not a heading


def test_markdown_headings_are_read(parse):
    doc = parse("# Services Agreement\n\n## 1. Services\nWe serve.\n\n## 2. Fees\n**2.1** Pay.\n", "c.md")
    assert doc.source_format == "md"
    assert ids(doc) == ["Preamble", "1", "2", "2.1"]


ZH_CONTRACT = """买卖合同

甲方：某某有限公司
乙方：某某贸易公司

第一章 总则
第一条 合同标的
乙方向甲方出售货物。
第二条 价款
一、总价为人民币十万元。
二、价款分两期支付。
（一）第一期于签约后支付；
（二）第二期于验收后支付。
第二章 其他
第三条 争议解决
双方协商解决。
第10条 附则
本合同一式两份。
"""


def test_chinese_articles_chapters_and_lists(parse):
    doc = parse(ZH_CONTRACT)
    assert doc.language == "zh"
    assert ids(doc) == [
        "Preamble", "Chapter 1", "1", "2", "2.1", "2.2", "2.2(1)", "2.2(2)", "Chapter 2", "3", "10",
    ]  # fmt: skip
    assert doc.get("1").title == "合同标的"
    assert doc.get("3").parent_id == "Chapter 2"
    assert doc.get("2.2(1)").parent_id == "2.2"


def test_chinese_top_level_dun_numbering_and_decimal_kuan(parse):
    doc = parse("一、合同标的\n1.1款 货物为服务器。\n1.2款 数量十台。\n二、价款\n总价十万元。\n")
    assert ids(doc) == ["1", "1.1", "1.2", "2"]
    assert doc.get("2").title == "价款"


def test_no_numbering_falls_back_to_paragraph_chunks_with_a_warning(parse):
    doc = parse("This letter confirms our agreement.\n\nWe will pay you monthly.\n\nRegards.")
    assert ids(doc) == ["P1", "P2", "P3"]
    assert any("No clause numbering" in w for w in doc.warnings)


def test_repeated_numbers_get_distinct_ids_and_a_warning(parse):
    doc = parse("1. A\nText.\n2. B\nText.\n3. C\nText.\n\nEXHIBIT A\n1. X\n\nEXHIBIT A\n1. Y\n")
    assert "Exhibit A#2" in ids(doc)
    assert any("more than once" in w for w in doc.warnings)


def test_document_id_is_the_sha256_of_the_bytes(parse):
    import hashlib

    content = DECIMAL.encode()
    assert parse(content).document_id == hashlib.sha256(content).hexdigest()


def test_letter_dot_paragraphs_and_bare_numbered_headings(parse):
    doc = parse(
        "1.  The Service\n    A.  The Supplier hosts the service.\n    B.  The Supplier supports it.\n"
        "2 Term And Termination\n    A.  One year.\nJ. Smith signs for the Supplier.\n"
    )
    assert ids(doc) == ["1", "1(A)", "1(B)", "2", "2(A)"]
    assert doc.get("2").title == "Term And Termination"


def test_an_excerpt_of_titled_sub_clauses_keeps_each_one_even_where_numbers_jump() -> None:
    from clauseflow_documents.parser import parse_text

    excerpt = (
        "4.2 Performance Security\nThe Contractor shall deliver a Performance Security.\n\n"
        "8.8 Delay Damages\nThe Contractor shall pay Delay Damages of 0.01% per day.\n\n"
        "14.7 Payment\nThe Employer shall pay within 56 days.\n"
    )
    ids = [c.clause_id for c in parse_text(excerpt).clauses]
    assert ids == ["4.2", "8.8", "14.7"]


def test_a_number_that_jumps_inside_running_text_is_not_a_clause() -> None:
    from clauseflow_documents.parser import parse_text

    text = (
        "4.1 Security\nThe Contractor shall provide security.\n\n"
        "4.2 Performance Security\nThe amount of the security shall be\n8.8 million dollars in total.\n\n"
        "4.3 Insurance\nThe Contractor shall insure the Works.\n"
    )
    assert [c.clause_id for c in parse_text(text).clauses] == ["4.1", "4.2", "4.3"]
