"""Cross-references resolved to clause ids; references to clauses that do not exist are broken."""

# ruff: noqa: E501 -- fixture contracts keep one paragraph per line, as real ones do
from __future__ import annotations

CONTRACT = """1. SCOPE
1.1 This applies subject to Clause 2.1 and Sub-Clause 3.2.
1.2 Sections 1.1, 2.1 and 9.9 survive termination.
2. PAYMENT
2.1 Pay under Section 3.2(b) and Article II.
2.2 See Clause 14.2, Schedule 1 and Schedule 3.
2.3 Section 365 of the Bankruptcy Code does not apply.
3. NOTICES
3.1 In writing.
3.2 By email:
(a) to the address;
(b) with a copy.
SCHEDULE 1 - PRICES
1. Prices are fixed.
2. Paragraph 1 applies despite Clause 2.1.
"""


def _refs(doc):
    return [(r.source, r.target, r.resolved) for r in doc.cross_references]


def test_references_resolve_to_clause_ids(parse):
    doc = parse(CONTRACT)
    refs = _refs(doc)
    assert ("1.1", "2.1", True) in refs
    assert ("1.1", "3.2", True) in refs
    assert ("2.1", "3.2(b)", True) in refs
    assert ("2.1", "2", True) in refs  # Article II
    assert ("2.2", "Schedule 1", True) in refs


def test_lists_of_references_are_each_resolved(parse):
    doc = parse(CONTRACT)
    from_1_2 = [(r.raw, r.target, r.resolved) for r in doc.cross_references if r.source == "1.2"]
    assert from_1_2 == [
        ("Sections 1.1", "1.1", True),
        ("Section 2.1", "2.1", True),
        ("Section 9.9", "9.9", False),
    ]


def test_references_to_missing_clauses_are_reported_broken(parse):
    doc = parse(CONTRACT)
    broken = {(r.source, r.raw) for r in doc.cross_references if not r.resolved}
    assert broken == {("1.2", "Section 9.9"), ("2.2", "Clause 14.2"), ("2.2", "Schedule 3")}
    assert any("do not exist" in w and "Clause 14.2" in w for w in doc.warnings)


def test_references_to_other_instruments_are_not_cross_references(parse):
    doc = parse(CONTRACT)
    assert not [r for r in doc.cross_references if r.source == "2.3"]


def test_paragraph_reference_inside_a_schedule_resolves_within_the_schedule(parse):
    doc = parse(CONTRACT)
    refs = [(r.raw, r.target) for r in doc.cross_references if r.source == "Schedule 1, paragraph 2"]
    assert refs == [("Paragraph 1", "Schedule 1, paragraph 1"), ("Clause 2.1", "2.1")]


def test_chinese_references(parse):
    doc = parse(
        "第一条 定义\n本合同用语见第二条。\n第二条 付款\n2.1 按本合同第8.2款支付。\n2.2 依照第一条及第十条执行。\n"
        "第三条 适用法律\n适用《民法典》第五百条。\n"
    )
    refs = {(r.source, r.raw, r.target, r.resolved) for r in doc.cross_references}
    assert refs == {
        ("1", "第二条", "2", True),
        ("2.1", "第8.2款", "8.2", False),
        ("2.2", "第一条", "1", True),
        ("2.2", "第十条", "10", False),
    }


# A licence in the style of the US filings: statutes, other agreements, seats, land and a contents page.
FILING = """EXHIBIT 10.4

TABLE OF CONTENTS
Article 7   Warranties . . . . . . . . . . . . . . . 12
Article 9   Termination . . . . . . . . . . . . . . 15

1. LICENCE
1.1 The licence is "intellectual property" under Section 101(35A) of the Code, and Section 14 (Remedies) of the Supply Agreement applies to it.
1.2 Nothing here limits the remedies set out in Section 2.3.3.4 or Section 2.3.5 of the Distribution Agreement, or filings under Section 13 or Section 16 of the Exchange Act.
1.3 The Licensee receives four seats (in Section 150, Row X, Seats 5-8) at each home game, and the well located in Section 47, Township 4 South, Range 10 East.
1.4 Reports follow 42 U.S. C. §§ 1320a-7(a) and 41 C.F. R. § 60-741.4, and the fees are those in SCHEDULE OF FEES and Section 8.
2. FEES
2.1 The fees are set out in Exhibit C.

EXHIBIT C
FEES
1. Fees are fixed.
"""


def test_references_to_statutes_other_agreements_seats_and_land_are_not_cross_references(parse):
    doc = parse(FILING)
    raws = [(r.source, r.raw, r.resolved) for r in doc.cross_references]
    assert not [r for r in raws if r[0] in ("1.1", "1.2", "1.3")], raws
    assert [r[1] for r in raws if r[0] == "1.4"] == ["Section 8"]  # not "SCHEDULE OF", not the statutes
    assert ("1.4", "Section 8", False) in raws  # a real broken reference is still one


def test_a_contents_page_a_filing_number_and_an_attachments_own_heading_are_not_references(parse):
    doc = parse(FILING)
    broken = [(r.source, r.raw) for r in doc.cross_references if not r.resolved]
    assert broken == [("1.4", "Section 8")]
    assert ("2.1", "Exhibit C", True) in [(r.source, r.raw, r.resolved) for r in doc.cross_references]


def test_a_contents_page_run_into_one_long_line_refers_to_nothing(parse):
    # A PDF's contents page as one line: a window after "Article 2" ends in dot leaders, not the page.
    contents = " ".join(
        f"Article {n}   {title} {'. ' * 30}  {n}"
        for n, title in enumerate(("Definitions", "License Grant", "Pricing", "Warranties", "Term"), start=1)
    )
    doc = parse(
        f"DISTRIBUTOR AGREEMENT\n\nTABLE OF CONTENTS\n{contents}\n\n1. DEFINITIONS\n1.1 Terms have their meaning.\n"
    )
    assert [r.raw for r in doc.cross_references if not r.resolved] == []


def test_a_paragraph_of_an_attachment_named_by_its_title_is_looked_for_in_that_attachment(parse):
    doc = parse(
        "1. SERVICES\n1.1 Rates are in paragraph 2 of the Rate Card and the rebates in paragraph 6 of the Rate Card.\n"
        "1.2 Section 4 of the Supply of Goods Act is excluded.\n"
        "SCHEDULE 1 - RATE CARD\n1. Hourly rates apply.\n2. Rates are in euro.\n"
    )
    refs = [(r.raw, r.target, r.resolved) for r in doc.cross_references if r.source == "1.1"]
    assert refs == [
        ("paragraph 2", "Schedule 1, paragraph 2", True),
        ("paragraph 6", "Schedule 1, paragraph 6", False),
    ]
    assert not [r for r in doc.cross_references if r.source == "1.2"]
