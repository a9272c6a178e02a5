"""Contracts numbered with list styles ("1)", "(1)", "A."), and what must not read as numbering.

List styles normally number items inside a clause; they number the whole document only when it has
no other numbering. Inside running text a "2)" starts a clause only as the next top-level number of
such a document and only when it opens a sentence-like unit; figures ("five (5)"), references
("Section 2(1)", "Rule 13d-1(k)") and lower-case enumerations inside a sentence stay where they are.
"""

from __future__ import annotations

from clauseflow_documents.model import DocumentStructure
from clauseflow_documents.numbering import read_marker
from clauseflow_documents.parser import parse_text


def ids(doc: DocumentStructure) -> list[str]:
    return [c.clause_id for c in doc.clauses]


def _no_fallback(doc: DocumentStructure) -> bool:
    return not any("No clause numbering" in w for w in doc.warnings)


# --- "1)" at the start of a line -------------------------------------------------------------------


def test_bracketed_numbers_are_read_as_markers_in_english_and_chinese():
    english = read_marker("1) Duties of the Supplier")
    assert english is not None and english.readings[0].style == "bracket:num"
    assert english.rest == "Duties of the Supplier"
    chinese = read_marker("2）合同标的")
    assert chinese is not None and chinese.readings[0].value == 2 and chinese.rest == "合同标的"
    assert read_marker("3)x") is None  # glued to a word: not a marker


def test_document_numbered_with_bracketed_numbers_becomes_a_clause_tree():
    doc = parse_text(
        "CONSULTING AGREEMENT between Ash Ltd and Beech LLC.\n\n"
        "1) Services\nAsh shall provide the services below:\n"
        "a. Advise on the rollout.\nb. Train the staff.\n\n"
        "2) Fees\nBeech shall pay the fees within 30 days of each invoice.\n\n"
        "3) Term\nThis Agreement runs for one year.\n"
    )
    assert _no_fallback(doc)
    assert ids(doc) == ["Preamble", "1", "1(a)", "1(b)", "2", "3"]
    assert doc.get("2").title == "Fees"
    assert doc.get("1(b)").parent_id == "1"


def test_chinese_document_numbered_with_full_width_brackets():
    doc = parse_text(
        "技术服务合同\n甲方：某某公司\n乙方：某某技术公司\n"
        "1）服务内容\n乙方为甲方提供系统维护服务。\n"
        "2）服务费用\n甲方应于每季度末支付服务费。\n"
        "3）合同期限\n本合同有效期为一年。\n"
    )
    assert _no_fallback(doc)
    assert ids(doc) == ["Preamble", "1", "2", "3"]
    assert doc.get("2").text.startswith("2）服务费用")


def test_bracketed_items_inside_a_numbered_clause_are_its_sub_items():
    doc = parse_text(
        "1. Scope\nThe Supplier supplies goods.\n"
        "2. Delivery\nThe Supplier shall:\n1) pack the goods;\n2) deliver them to the site.\n"
        "3. Price\nThe price is fixed.\n"
    )
    assert ids(doc) == ["1", "2", "2(1)", "2(2)", "3"]


def test_bracketed_recitals_do_not_take_the_place_of_the_numbered_clauses():
    doc = parse_text(
        "AGREEMENT\nBackground:\n1) Ash makes widgets.\n2) Beech sells widgets.\n\n"
        "1. Supply\nAsh shall supply widgets.\n2. Price\nBeech shall pay the list price.\n"
        "3. Term\nOne year.\n"
    )
    assert ids(doc) == ["Preamble", "1", "2", "3"]
    assert "1) Ash makes widgets." in doc.get("Preamble").text


# --- "1) … 2) …" run on inside long lines --------------------------------------------------------

_GAP_RUN_ON = (
    "Strategic Alliance Agreement   This agreement is made between Oakfield Inc. and Pine Systems LLC "
    "for the joint promotion of software products to public sector customers in the United States. "
    "Now therefore, the parties agree as follows:   1) Duties of Oakfield   Oakfield shall act as a "
    "non-exclusive lead finder for Pine and shall:    a. Promote the Products to prospective clients.      "
    "b. Report the pipeline of projects every quarter.   2) Duties of Pine   Pine shall support Oakfield "
    "with technical material whenever reasonably possible.   3) Term   The term of this Agreement is "
    "twelve (12) months from the date hereof and renews for one (1) further year.   4) Governing Law   "
    "This Agreement is governed by the laws of the State of Texas."
)


def test_run_on_bracketed_clauses_separated_by_wide_gaps_become_clauses_with_titles():
    doc = parse_text(_GAP_RUN_ON)
    assert _no_fallback(doc)
    assert ids(doc) == ["Preamble", "1", "1(a)", "1(b)", "2", "3", "4"]
    assert [doc.get(i).title for i in ("1", "2", "3", "4")] == [
        "Duties of Oakfield",
        "Duties of Pine",
        "Term",
        "Governing Law",
    ]
    assert "twelve (12) months" in doc.get("3").text and "one (1) further year" in doc.get("3").text


_SPACE_RUN_ON = (
    "SERVICES AGREEMENT between Elm Ltd (the Provider) and Fir Inc (the Client), made on 1 March 2020 "
    "under Section 2(1) of the framework agreement and Rule 13d-1(k) of the Exchange Act. The parties "
    "agree: 1) Services. The Provider shall perform the services in the statement of work for five (5) "
    "years, and shall 1) keep records and 2) report monthly. 2) Fees. The Client shall pay USD 10,000 "
    "per month within 30 days of invoice. 3) Confidentiality. Each party shall keep the other's "
    "information confidential. 4) Termination. Either party may terminate on 90 days' notice. "
    "5) Law. This Agreement is governed by English law and the courts of London have jurisdiction."
)


def test_run_on_bracketed_clauses_inside_one_paragraph_are_split_at_sentence_starts():
    doc = parse_text(_SPACE_RUN_ON)
    assert _no_fallback(doc)
    assert ids(doc) == ["Preamble", "1", "2", "3", "4", "5"]
    assert doc.get("2").text.startswith("2) Fees. The Client shall pay USD 10,000")


def test_references_figures_and_lower_case_enumerations_do_not_split_run_on_clauses():
    doc = parse_text(_SPACE_RUN_ON)
    preamble = doc.get("Preamble").text
    assert "Section 2(1) of the framework agreement and Rule 13d-1(k)" in preamble
    services = doc.get("1").text
    assert "five (5) years, and shall 1) keep records and 2) report monthly." in services


def test_inline_bracketed_list_inside_a_decimal_clause_is_not_split():
    clause_body = "The Supplier shall deliver the goods to the site named in the order. " * 4
    text = (
        f"SUPPLY AGREEMENT. The parties agree as follows: 1. SUPPLY. {clause_body}"
        "The Supplier shall: 1) The goods are packed. 2) The goods are labelled. "
        f"2. PRICE. {clause_body}3. TERM. {clause_body}4. LAW. {clause_body}"
    ) * 1
    doc = parse_text(text)
    assert ids(doc) == ["Preamble", "1", "2", "3", "4"]
    assert "1) The goods are packed. 2) The goods are labelled." in doc.get("1").text


def test_a_single_bracketed_number_does_not_make_a_document_numbered():
    doc = parse_text(
        "LETTER AGREEMENT\n\nThe parties confirm the arrangement described in the letter of 3 May.\n\n"
        "1) Payment is due on signature.\n\nSigned for and on behalf of both parties.\n"
    )
    assert not _no_fallback(doc)


# --- other list styles numbering a whole document -------------------------------------------------


def test_lettered_headings_number_a_document_with_no_other_numbering():
    doc = parse_text(
        "LICENCE AGREEMENT\n\nA. DEFINITIONS\nWords have their ordinary meaning.\n"
        "B. LICENCE\nThe Licensor grants a licence to use the software.\n"
        "C. FEES\nThe Licensee pays the fee annually.\n"
    )
    assert ids(doc) == ["Preamble", "A", "B", "C"]
    assert doc.get("B").title == "LICENCE"


def test_lettered_recitals_in_running_text_do_not_number_the_document():
    doc = parse_text(
        "AGREEMENT\n\nA. The Company makes widgets and wishes to sell them.\n"
        "B. The Distributor sells widgets in France.\n"
        "C. The parties wish to record their arrangement in writing.\n\n"
        "The parties agree that the Distributor buys widgets at list price.\n"
    )
    assert not _no_fallback(doc)


def test_parenthesised_number_headings_number_a_document_with_no_other_numbering():
    doc = parse_text(
        "SERVICE LEVEL AGREEMENT\n\n(1) Availability\nThe service is available 99.9% of the time.\n"
        "(2) Support\nSupport is given on working days.\n(3) Credits\nA missed target earns a credit.\n"
    )
    assert ids(doc) == ["Preamble", "1", "2", "3"]


# --- what is not the start of the clauses --------------------------------------------------------


def test_a_number_alone_on_a_line_above_the_clauses_is_not_a_clause():
    doc = parse_text(
        "Exhibit 10.24\n\nOPERATION AGREEMENT\n\n10.23\n\n"
        "1. Definitions\nWords.\n2. Services\nThe Operator operates the plant.\n3. Term\nTwo years.\n"
    )
    assert ids(doc) == ["Preamble", "1", "2", "3"]


def test_table_of_contents_under_its_heading_is_skipped_even_with_sub_entries():
    toc = (
        "TABLE OF CONTENTS\n\nARTICLE I DEFINITIONS 1 Section 1.01 Defined Terms 1\n"
        "ARTICLE II SERVICES 3 Section 2.01 Appointment; Exclusivity of the Contractor 3 "
        "Section 2.02 Scope of the Services provided by the Contractor under this Agreement 4\n"
        "ARTICLE III TERM 5 Section 3.01 Term 5\n\n"
    )
    body = (
        "ARTICLE I DEFINITIONS\nSection 1.01 Defined Terms. Words have their meanings.\n"
        "ARTICLE II SERVICES\nSection 2.01 Appointment. The Company appoints the Contractor.\n"
        "ARTICLE III TERM\nSection 3.01 Term. Two years.\n"
    )
    doc = parse_text(toc + body)
    assert ids(doc)[0] == "Preamble" and "TABLE OF CONTENTS" in doc.get("Preamble").text
    assert doc.get("1").text.startswith("ARTICLE I DEFINITIONS\nSection 1.01 Defined Terms. Words")


def test_packed_contents_list_with_sub_entries_and_no_heading_is_skipped():
    toc = "".join(
        f"ARTICLE {roman} {name}    {page}\nSection {n}.01 {name.title()}    {page}\n"
        for n, (roman, name, page) in enumerate(
            [("I", "DEFINITIONS", 1), ("II", "SERVICES", 3), ("III", "FEES", 5), ("IV", "TERM", 7)], start=1
        )
    )
    body = "".join(
        f"ARTICLE {roman} {name}\nSection {n}.01 {name.title()}. The parties agree on {name.lower()}.\n"
        for n, (roman, name) in enumerate(
            [("I", "DEFINITIONS"), ("II", "SERVICES"), ("III", "FEES"), ("IV", "TERM")], start=1
        )
    )
    doc = parse_text("OUTSOURCING AGREEMENT\n\n" + toc + "\n" + body)
    assert ids(doc) == ["Preamble", "1", "1.01", "2", "2.01", "3", "3.01", "4", "4.01"]
    assert doc.get("4.01").text.startswith("Section 4.01 Term. The parties agree")


def test_a_figure_repeating_a_spelled_number_is_not_a_list_item():
    doc = parse_text(
        "1. Term\n1.1 This Agreement renews for further periods of one\n(1) year each unless terminated.\n"
        "1.2 Either party may terminate on notice.\n2. Law\nEnglish law applies.\n"
    )
    assert ids(doc) == ["1", "1.1", "1.2", "2"]
    assert "one\n(1) year each" in doc.get("1.1").text


def test_a_page_number_far_left_of_a_running_header_is_not_a_clause():
    doc = parse_text(
        "1" + " " * 60 + "EXHIBIT 10.26\n\nCO-BRANDING AGREEMENT\n\nThe Parties agree as follows:\n\n"
        "1. DEFINITIONS.\n1.1 Site means the web site.\n2. TERM.\n2.1 Two years.\n"
        "3     Governing Law\nThe laws of Pennsylvania apply.\n"
    )
    assert ids(doc) == ["Preamble", "1", "1.1", "2", "2.1", "3"]
    assert "EXHIBIT 10.26" in doc.get("Preamble").text
    assert doc.get("3").title == "Governing Law"
