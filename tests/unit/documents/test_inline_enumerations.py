"""Lists that enumerate inside one sentence stay in their clause; lists of provisions are sub-clauses.

"The warranty shall not apply if: (a) …; or (b) …" is one provision, quoted and reviewed whole, so
its items get no ids of their own (a reference to "Section 7.3(b)" resolves to 7.3). Items that are
provisions of their own (sentences, or items too long to be parts of one sentence) keep their ids.
Also here: numbers that count things ("5 MMS") are not clause numbers, and an "ARTICLE 9" heading
that ends a run-on line still opens its article.
"""

# ruff: noqa: E501 -- fixture contracts keep one paragraph per line, as real ones do
from __future__ import annotations

from clauseflow_documents.parser import parse_text
from document_fixtures import ids

INLINE = """LICENCE AGREEMENT

7. WARRANTY
7.1 The Licensor warrants that the Software performs in line with the Documentation.
7.2 This warranty shall not apply if:
(a) the Software has been modified by anyone other than the Licensor;
(b) the Software is used on hardware that the Licensor has not approved; or
(c) the defect results from an accident or misuse.
7.3 The Licensee shall notify any defect within 30 days. A claim under Section 7.2(b) requires proof of the approved hardware.
8. TERMINATION
8.1 Either party may terminate this Agreement if the other party:
(a) fails to pay an amount due within 15 days of a reminder,
(b) becomes insolvent, or
(c) ceases to carry on business.

This right is in addition to any other remedy under this Agreement.
8.2 Termination does not affect accrued rights.
"""


def test_items_that_complete_one_sentence_stay_inside_their_clause():
    doc = parse_text(INLINE)
    assert ids(doc) == ["Preamble", "7", "7.1", "7.2", "7.3", "8", "8.1", "8.2"]
    warranty = doc.get("7.2")
    assert warranty.children == ()
    assert "(b) the Software is used on hardware" in warranty.text
    assert warranty.text.endswith("(c) the defect results from an accident or misuse.")


def test_the_paragraph_after_an_inline_list_belongs_to_the_clause_not_to_the_last_item():
    doc = parse_text(INLINE)
    termination = doc.get("8.1")
    assert termination.children == ()
    assert termination.text.endswith("This right is in addition to any other remedy under this Agreement.")


def test_a_reference_to_an_item_of_an_inline_list_resolves_to_its_clause():
    doc = parse_text(INLINE)
    (ref,) = [r for r in doc.cross_references if "7.2(b)" in r.raw]
    assert ref.resolved and ref.target == "7.2" and ref.source == "7.3"


def test_items_that_are_provisions_of_their_own_stay_sub_clauses():
    doc = parse_text(
        "1. SERVICES\n"
        "1.1 The Supplier shall provide the following:\n"
        "(a) Support. The Supplier answers support requests within one business day.\n"
        "(b) Maintenance. The Supplier installs each update within 30 days of its release.\n"
        "2. FEES\n"
        "2.1 Fees are due monthly.\n"
    )
    assert "1.1(a)" in ids(doc) and "1.1(b)" in ids(doc)
    assert doc.get("1.1").children == ("1.1(a)", "1.1(b)")


def test_items_under_a_heading_only_stay_sub_clauses():
    doc = parse_text(
        "1. FEES\n"
        "1.1 Royalties:\n"
        "(A) until recoupment, ten percent of Gross Receipts; and\n"
        "(B) thereafter, fifteen percent of Gross Receipts.\n"
        "2. TERM\n"
        "2.1 One year.\n"
    )
    assert doc.get("1.1").children == ("1.1(A)", "1.1(B)")


def test_long_items_stay_sub_clauses_even_when_joined_by_semicolons():
    long_item = "the Supplier delivers the Goods to the Site " + "and installs them in working order " * 20
    doc = parse_text(
        "1. SUPPLY\n"
        "1.1 The Supplier shall ensure that:\n"
        f"(a) {long_item};\n"
        "(b) the Goods are insured until delivery.\n"
        "2. TERM\n"
        "2.1 One year.\n"
    )
    assert doc.get("1.1").children == ("1.1(a)", "1.1(b)")


def test_a_nested_inline_list_stays_inside_its_item():
    doc = parse_text(
        "1. LICENCE\n"
        "1.1 The Licensee may do the following.\n"
        "(a) The Licensee may copy the Software for backup purposes only. Copies are marked as such.\n"
        "(b) The Licensee may have the Software made by a contractor if both of these conditions are met:\n"
        "(i) the Licensee furnishes the designs; and\n"
        "(ii) the contractor adds no design of its own.\n"
        "2. TERM\n"
        "2.1 One year.\n"
    )
    assert doc.get("1.1").children == ("1.1(a)", "1.1(b)")
    assert doc.get("1.1(b)").children == ()
    assert "(ii) the contractor adds no design of its own." in doc.get("1.1(b)").text


def test_counted_items_in_an_exhibit_are_not_clause_numbers():
    doc = parse_text(
        "1. SCOPE\nThe Licensee develops the Products listed in the Exhibits.\n"
        "2. TERM\nThis Agreement runs for two years.\n\n"
        "EXHIBIT A\n\nWireless Products\n\nA minimum of:\n\n"
        "1 Java Game (2-D or 3-D to be mutually agreed)\n\n1 Java Application\n\n5 MMS\n\n10 Wallpapers\n\n5 Voicetones\n"
    )
    assert ids(doc) == ["1", "2", "Exhibit A"]
    assert doc.get("Exhibit A").text.endswith("5 Voicetones")


def test_bare_numbered_headings_that_go_up_one_by_one_are_still_clauses():
    doc = parse_text(
        "1   Scope\nThe Supplier supplies Goods.\n2   Price\nThe price is fixed.\n3   Term\nOne year.\n"
    )
    assert ids(doc) == ["1", "2", "3"]


RUN_ON_ARTICLES = (
    "DISTRIBUTION AGREEMENT The parties agree as follows: ARTICLE 1\n\n"
    "DEFINITIONS 1.1 Terms. Capitalised terms have the meanings given in this Article. 1.2 Headings. Headings do "
    "not affect interpretation. "
    + "The parties shall act in good faith at all times. "
    * 40
    + "ARTICLE 2\n\n"
    "WARRANTIES 2.1 Mutual Warranties. Each party has full power to enter into this Agreement. 2.2 No Other "
    "Warranties. EXCEPT AS STATED IN THIS AGREEMENT, NO WARRANTIES ARE GIVEN. "
    + "Each party relies on its own "
    "judgment in entering into this Agreement. " * 40 + "ARTICLE 3\n\n"
    "INDEMNIFICATION 3.1 Indemnity. EACH PARTY SHALL INDEMNIFY THE OTHER FOR BREACH OF ITS OBLIGATIONS UNDER "
    "ARTICLE 2 OR ARTICLE 4 (CONFIDENTIALITY), SUBJECT TO THE LIMITS BELOW. "
    + "Claims are notified promptly. " * 40
    + "ARTICLE 4\n\nCONFIDENTIALITY 4.1 Confidentiality. Each party keeps the other party's information confidential."
)


def test_an_article_number_ending_a_run_on_line_opens_the_article():
    doc = parse_text(RUN_ON_ARTICLES)
    assert [c.clause_id for c in doc.top_level()] == ["Preamble", "1", "2", "3", "4"]
    assert doc.get("3.1").text.rstrip().endswith("Claims are notified promptly.")
    assert doc.get("4").text.startswith("ARTICLE 4")


ZH_DEFAULTS = """借款合同

第八条 违约事件
下列任一事件均构成借款人违约：
（一）借款人未按期偿还任何到期款项；
（二）借款人的实际控制人发生变更；
（三）借款人违反本合同项下任何其他义务。
发生上述事件的，贷款人有权宣布借款提前到期。
第九条 争议解决
因本合同引起的争议，由上海仲裁委员会仲裁。
"""


def test_a_chinese_list_that_completes_its_lead_in_stays_inside_its_clause():
    doc = parse_text(ZH_DEFAULTS)
    assert ids(doc) == ["Preamble", "8", "9"]
    defaults = doc.get("8")
    assert "（二）借款人的实际控制人发生变更；" in defaults.text
    assert defaults.text.endswith("发生上述事件的，贷款人有权宣布借款提前到期。")


def test_chinese_items_that_are_provisions_of_their_own_stay_sub_clauses():
    doc = parse_text(
        "第三条 双方义务\n"
        "双方应履行下列义务：\n"
        "（一）甲方应按期付款。甲方逾期付款的，应支付违约金；\n"
        "（二）乙方应按期交货。乙方逾期交货的，应支付违约金。\n"
        "第四条 其他\n"
        "本合同自签字之日起生效。\n"
    )
    assert "3(1)" in ids(doc) and "3(2)" in ids(doc)


def test_chinese_items_under_a_heading_only_stay_sub_clauses():
    doc = parse_text(
        "第三条 付款方式\n"
        "（一）签约后五日内支付百分之三十；\n"
        "（二）验收后三十日内支付百分之七十。\n"
        "第四条 其他\n"
        "本合同自签字之日起生效。\n"
    )
    assert "3(1)" in ids(doc) and "3(2)" in ids(doc)
