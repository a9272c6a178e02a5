"""Contracts whose text lost its line breaks: clause numbers are found inside the running text.

A number inside a line starts a clause only when it opens a sentence (or follows a heading), reads
as a clause number and continues the numbering exactly; amounts, dates, references and list items
inside sentences stay where they are.
"""

from __future__ import annotations

from clauseflow_documents.parser import parse_text

RUN_ON = (
    'SUPPLY AGREEMENT This Supply Agreement is made between Alder Components Ltd (the "Supplier") and '
    'Birch Retail Inc (the "Buyer"). The parties hereby agree as follows: 1. DEFINITIONS. For the purposes '
    'of this Agreement the terms below have the following meanings: 1.1 "Affiliate" means any entity that '
    'controls, or is controlled by, a party. 1.2 "Products" means the goods listed in Section 2.1 of this '
    'Agreement and in the price list. 1.3 "Fee" means USD 1.5 million, payable on 31. March of each year '
    "and adjusted under Section 4 as agreed. 2. SUPPLY. 2.1 The Supplier shall supply the Products in the "
    "quantities ordered. Section 5(b) applies to every delivery and the Supplier shall (i) pack the Products "
    "and (ii) label them. 2.2 The Buyer shall place orders in writing at least 14 days in advance. 3. PRICE "
    "AND PAYMENT. 3.1 The Buyer shall pay each invoice within 30 days of receipt. 3.2 Late payments carry "
    "interest at 2.5 percent a year above the base rate. 4. TERM. 4.1 This Agreement starts on the Effective "
    "Date and runs for 3 years. 4.2 Either party may terminate on 90 days' notice. 5. GENERAL. 5.1 This "
    "Agreement is governed by the laws of England. 5.2 Notices shall be in writing and sent to the "
    "addresses above. 5.3 No amendment is valid unless made in writing and signed by both parties."
)


def test_clause_numbers_inside_a_single_line_become_the_clause_tree():
    doc = parse_text(RUN_ON)
    assert not any("No clause numbering" in w for w in doc.warnings)
    assert [c.clause_id for c in doc.clauses] == [
        "Preamble",
        "1", "1.1", "1.2", "1.3",
        "2", "2.1", "2.2",
        "3", "3.1", "3.2",
        "4", "4.1", "4.2",
        "5", "5.1", "5.2", "5.3",
    ]  # fmt: skip
    assert doc.get("1.1").text.startswith('1.1 "Affiliate" means')
    assert doc.get("2").parent_id is None and doc.get("2.1").parent_id == "2"


def test_amounts_dates_references_and_list_items_inside_sentences_do_not_split_clauses():
    doc = parse_text(RUN_ON)
    fee = doc.get("1.3").text
    assert "USD 1.5 million, payable on 31. March" in fee and "Section 4 as agreed." in fee
    assert "Section 2.1 of this Agreement" in doc.get("1.2").text
    supply = doc.get("2.1").text
    assert "Section 5(b) applies" in supply and "(i) pack the Products and (ii) label them." in supply
    assert "2.5 percent" in doc.get("3.2").text


def test_numbered_recitals_before_clause_one_stay_in_the_preamble():
    text = (
        "SERVICES AGREEMENT between Cedar Ltd and Delta LLC. Whereas: 1. Cedar provides maintenance "
        "services to industrial customers; 2. Delta wishes to buy maintenance services for its plants. "
        "NOW, THEREFORE, the parties agree as follows. 1. Scope. Cedar shall maintain the plants listed "
        "in the annex with reasonable skill and care and in line with the manufacturer's manuals. "
        "2. Fees. Delta shall pay the monthly fee set out in the annex within 30 days of each invoice. "
        "3. Term. This Agreement lasts for two years from signature unless terminated earlier. "
        "4. Termination. Either party may terminate on 60 days' written notice to the other party. "
        "5. Liability. Neither party is liable for indirect or consequential loss of any kind. "
        "6. Law. This Agreement is governed by the laws of the State of New York without regard to "
        "its conflict of laws rules, and the courts of New York have exclusive jurisdiction over it."
    )
    doc = parse_text(text)
    assert [c.clause_id for c in doc.clauses] == ["Preamble", "1", "2", "3", "4", "5", "6"]
    assert "Whereas: 1. Cedar provides" in doc.get("Preamble").text
    assert doc.get("1").text.startswith("1. Scope.")


def test_headings_in_capitals_before_a_sub_clause_number_are_split():
    headings = ["DEFINITIONS", "SERVICES", "PAYMENT", "TERM", "LIABILITY", "GENERAL PROVISIONS"]
    body = " ".join(
        f"ARTICLE {n} {headings[n - 1]} {n}.1 The first rule of article {n} applies to both parties "
        f"equally and without exception. {n}.2 The second rule of article {n} applies only after the "
        "Effective Date."
        for n in range(1, 7)
    )
    doc = parse_text("MASTER AGREEMENT The parties agree as follows. " + body)
    assert [c.clause_id for c in doc.clauses] == ["Preamble"] + [
        clause_id for n in range(1, 7) for clause_id in (f"{n}", f"{n}.1", f"{n}.2")
    ]
    assert doc.get("3").text.startswith("ARTICLE 3 PAYMENT 3.1")


def test_a_numbered_document_keeps_its_clauses_when_a_paragraph_lists_numbers_inline():
    # Numbered lines give the tree; an enumeration inside a paragraph must not steal clause 2.
    filler = "The Supplier shall keep full and accurate records of the work performed under this clause. "
    text = (
        "1. Fees\n"
        "1.1 The fees are the following: 1. Setup Fee of 500 euros. 2. Monthly Fee of 100 euros. "
        f"{filler * 3}\n"
        f"1.2 {filler * 4}\n"
        f"2. Term\n2.1 {filler * 4}\n"
        f"3. Law\n3.1 {filler * 4}\n"
    )
    doc = parse_text(text)
    assert [c.clause_id for c in doc.clauses] == ["1", "1.1", "1.2", "2", "2.1", "3", "3.1"]
    assert doc.get("2").text.startswith("2. Term")
