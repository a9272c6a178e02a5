"""Particular Conditions read alone: the sub-clauses they amend, and what they take from the
General Conditions they do not reproduce.

Particular Conditions list only the sub-clauses they change ("4.2", "4.12", "8.8"), refer to the
rest of the General Conditions ("Sub-Clause 8.2 [Time for Completion]") and use their defined
terms. None of that is a defect of the text under review.
"""

# ruff: noqa: E501 -- fixture contracts keep one paragraph per line, as real ones do
from __future__ import annotations

from clauseflow_documents.parser import build_structure, parse_text
from document_fixtures import ids

PARTICULAR_CONDITIONS = """PARTICULAR CONDITIONS

The General Conditions of the FIDIC Conditions of Contract for Plant and Design-Build apply as amended by these Particular Conditions.

1. General Provisions
1.1 Words and expressions in these Particular Conditions have the meanings given in the General Conditions.
1.15 Sub-Clause 1.15 [Limitation of Liability] is deleted.
4. The Contractor
4.2 The Contractor shall deliver a Performance Security of 20% of the Accepted Contract Amount.
4.12 Sub-Clause 4.12 [Unforeseeable Physical Conditions] is deleted and replaced by: "The Contractor shall bear all physical conditions of the Site."
8. Delays
8.8 If the Contractor fails to comply with Sub-Clause 8.2 [Time for Completion], the Contractor shall pay Delay Damages at 0.5% of the Accepted Contract Amount per day.
"""


def test_sub_clauses_that_skip_numbers_are_each_a_clause():
    doc = parse_text(PARTICULAR_CONDITIONS)
    assert ids(doc) == ["Preamble", "1", "1.1", "1.15", "4", "4.2", "4.12", "8", "8.8"]


def test_a_reference_to_a_sub_clause_of_the_general_conditions_is_not_broken():
    doc = parse_text(PARTICULAR_CONDITIONS)
    assert not [r for r in doc.cross_references if not r.resolved]
    assert "Sub-Clause 8.2" not in " ".join(doc.warnings)


def test_the_same_reference_in_general_conditions_merged_with_their_amendments_is_broken():
    doc = build_structure(
        PARTICULAR_CONDITIONS,
        source_format="txt",
        doc_id="merged",
        general_conditions_included=True,
    )
    assert [r.raw for r in doc.cross_references if not r.resolved] == ["Sub-Clause 8.2"]


def test_terms_of_the_general_conditions_are_not_undefined_terms():
    assert parse_text(PARTICULAR_CONDITIONS).undefined_terms == ()


def test_terms_borrowed_from_a_master_agreement_are_not_undefined_terms():
    doc = parse_text(
        "STATEMENT OF WORK\n\n"
        "1. Scope\n"
        "1.1 Capitalised terms used but not defined herein have the meanings given to them in the Master Services Agreement.\n"
        "1.2 The Supplier shall deliver the Migration Plan to the Steering Committee. The Steering Committee approves the Migration Plan.\n"
    )
    assert doc.undefined_terms == ()


def test_a_pointer_to_the_contracts_own_definitions_borrows_nothing():
    doc = parse_text(
        "SERVICES AGREEMENT\n\n"
        "1. Scope\n"
        "1.1 Capitalised terms have the meanings given in Clause 9.\n"
        "1.2 The Supplier shall deliver the Migration Plan to the Steering Committee. The Steering Committee approves the Migration Plan.\n"
    )
    assert "Steering Committee" in doc.undefined_terms


def test_definitions_borrowed_by_an_exhibit_leave_the_agreements_own_terms_undefined():
    agreement = (
        "CONSULTING AGREEMENT\n\n"
        "1. Services\n"
        "1.1 The Consultant shall advise the Company on its marketing.\n"
        "1.2 The Company shall issue the Shares to the Consultant on signature. The Shares vest monthly.\n"
        + "1.3 The Consultant shall report monthly to the Company on the progress of the marketing work.\n"
        * 12
        + "EXHIBIT A\n"
        "Notice of Exercise. Capitalized terms used but not defined herein have the meanings assigned to such terms in the Warrant Agreement.\n"
        "The Holder elects to exercise the Warrant at the Exercise Price. The Holder confirms the Exercise Price.\n"
    )
    undefined = parse_text(agreement).undefined_terms
    assert "Shares" in undefined
    assert "Exercise Price" not in undefined


def test_one_term_defined_by_a_statute_borrows_nothing_else():
    doc = parse_text(
        "SERVICES AGREEMENT\n\n"
        "1. Definitions\n"
        '1.1 "Personal Data" has the meaning given in the GDPR.\n'
        "1.2 The Supplier shall deliver the Migration Plan to the Steering Committee. The Steering Committee approves the Migration Plan.\n"
    )
    assert "Steering Committee" in doc.undefined_terms


# One document printing its General Conditions and then its Particular Conditions: every sub-clause it
# refers to is in its own text, so a reference to one it lacks points nowhere.
GENERAL_THEN_PARTICULAR = """CONTRACT FOR PLANT AND DESIGN-BUILD
The Contract comprises Part One (General Conditions) and Part Two (Particular Conditions).
PART ONE - GENERAL CONDITIONS
15. TERMINATION BY EMPLOYER
15.1 Notice to Correct
If the Contractor fails to carry out any obligation, the Employer may require it to remedy the failure.
15.5 Termination for Convenience
The Employer may terminate for convenience, and the Contractor shall then be paid in accordance with Sub-Clause 16.7.
16. TERMINATION BY CONTRACTOR
16.1 Suspension
The Contractor may suspend work if it is not paid within 56 days.
16.4 Payment on Termination
On termination the Employer shall pay the Contractor the value of the work done.
PART TWO - PARTICULAR CONDITIONS
16.4 Payment on Termination
In Sub-Clause 16.4, delete the words "the value of the work done" and insert "the amounts certified".
"""


def test_a_missing_sub_clause_is_broken_when_the_document_prints_its_general_conditions_too():
    doc = parse_text(GENERAL_THEN_PARTICULAR)
    assert [r.raw for r in doc.cross_references if not r.resolved] == ["Sub-Clause 16.7"]


def test_a_document_printing_both_conditions_splits_at_the_particular_conditions_heading():
    from clauseflow_documents.combined_conditions import conditions_printed_together, split_conditions

    together = GENERAL_THEN_PARTICULAR
    gc_text, pc_text = split_conditions(together)
    assert gc_text + pc_text == together
    assert pc_text.startswith("PART TWO - PARTICULAR CONDITIONS")
    gc, pc = conditions_printed_together(parse_text(together))
    assert ids(pc)[-1] == "16.4" and gc.has("16.4")
    # a contract that only names its Particular Conditions, or prints them alone, is not split
    assert split_conditions(PARTICULAR_CONDITIONS) is None
    assert (
        split_conditions(
            "The Contract comprises the General Conditions and the Particular Conditions.\n1. Scope\n"
        )
        is None
    )


def test_amended_sub_clauses_under_a_part_heading_are_each_a_clause():
    pc = """PART TWO - PARTICULAR CONDITIONS
PART B - SPECIAL PROVISIONS
The General Conditions are amended as follows.
1.11 Compliance with Laws
Add at the end of Sub-Clause 1.11: "The Contractor shall bear the risk of delay in any permit."
4.12 Unforeseeable Physical Conditions
Sub-Clause 4.12 is deleted.
20.1 Contractor's Claims
In Sub-Clause 20.1, replace "28 days" with "14 days".
"""
    assert ids(parse_text(pc))[-3:] == ["1.11", "4.12", "20.1"]


# An agreement, then General Conditions that reproduce only some sub-clauses (no clause headings above
# them, numbers skipped), then the Particular Conditions: three parts each numbering from the start.
AGREEMENT_GENERAL_PARTICULAR_ZH = """第一部分 合同协议书
第一条 工程概况。工程名称为滨江仓储中心一期。
第二条 合同工期。计划开工日期为2027年3月1日。
第三条 签约合同价。签约合同价为人民币壹亿元整。
第二部分 通用合同条款
1.1 词语定义。合同中下列词语具有本款所赋予的含义。
1.3 图纸。发包人应按约定向承包人提供图纸。
4.2 监理人的指示。监理人应按照发包人的授权发出指示。
11.3 进度款支付。发包人应在进度款支付证书签发后28天内完成支付。
第三部分 专用合同条款
11.3 进度款支付。发包人应在进度款支付证书签发后7天内完成支付,逾期按日万分之五支付违约金。
"""


def test_general_conditions_of_sub_clauses_alone_after_an_agreement_are_each_a_clause():
    from clauseflow_documents.combined_conditions import conditions_printed_together

    gc, pc = conditions_printed_together(parse_text(AGREEMENT_GENERAL_PARTICULAR_ZH))
    assert ids(gc)[-4:] == ["1.1", "1.3", "4.2", "11.3"]
    assert gc.has("3") and pc.has("11.3")


def test_a_part_with_ordinary_clause_numbering_keeps_its_sub_clauses_under_their_clauses():
    doc = parse_text(
        "PART A - GENERAL\n1. Definitions\n1.1 Words have their ordinary meaning.\n"
        "2. Supply\n2.1 The Supplier shall supply the Goods.\n2.2 The Buyer shall pay the Price.\n"
    )
    assert ids(doc)[-5:] == ["1", "1.1", "2", "2.1", "2.2"]
