"""The generic checklist and the domain packs."""

from __future__ import annotations

from clauseflow_contracts.review import ChecklistItem, Domain
from clauseflow_documents.model import Clause, CrossReference, DocumentStructure
from clauseflow_documents.parser import parse_text
from clauseflow_orchestrator.checklist import (
    build_checklist,
    reference_checklist,
    reviewable_units,
    type_priorities,
    with_clause_types,
)


def _clause(
    cid: str, title: str, text: str, parent: str | None = None, children: tuple[str, ...] = ()
) -> Clause:
    return Clause(
        clause_id=cid,
        title=title,
        text=f"{title}\n{text}",
        level=1 if parent is None else 2,
        parent_id=parent,
        children=children,
    )


def _contract() -> DocumentStructure:
    long_body = "The Supplier shall perform the obligations set out below. " * 10
    return DocumentStructure(
        document_id="doc",
        clauses=(
            _clause("1", "Definitions", '"Services" means the services described in Schedule 1.'),
            _clause(
                "2", "Payment", "The Customer shall pay the fees of USD 10,000 within 90 days of invoice."
            ),
            _clause("3", "Liability", long_body, children=("3.1", "3.2", "3.3", "3.4")),
            _clause("3.1", "", "The Supplier's liability is unlimited.", parent="3"),
            _clause("3.2", "", "Neither party excludes liability for fraud.", parent="3"),
            _clause("3.3", "", "Clause 3.1 applies notwithstanding Clause 2.", parent="3"),
            _clause("3.4", "", "The Supplier indemnifies the Customer for all losses.", parent="3"),
            _clause("4", "Termination", "Either party may terminate on 30 days' notice.", children=("4.1",)),
            _clause("4.1", "", "Termination does not affect accrued rights.", parent="4"),
            _clause("5", "Counterparts", "This agreement may be executed in counterparts."),
            _clause("6", "Delivery", "The Supplier shall deliver the goods to the site."),
        ),
        cross_references=(CrossReference(source="3.3", target="3.1", raw="Clause 3.1", resolved=True),),
    )


def test_long_articles_are_reviewed_by_sub_clause_and_short_ones_whole() -> None:
    ids = [c.clause_id for c in reviewable_units(_contract())]
    assert ids == ["1", "2", "3.1", "3.2", "3.3", "3.4", "4", "5", "6"]


def test_heading_only_articles_are_split_into_their_sub_clauses() -> None:
    structure = DocumentStructure(
        clauses=(
            Clause(clause_id="1", title="Payment", text="Payment", children=("1.1",)),
            Clause(clause_id="1.1", text="Pay within 30 days.", parent_id="1", level=2),
        )
    )
    assert [c.clause_id for c in reviewable_units(structure)] == ["1.1"]


def test_articles_under_a_part_heading_are_read_as_top_level_articles_are() -> None:
    # "PART ONE - GENERAL CONDITIONS" only groups its articles: a long article among them is still
    # reviewed by sub-clause, a short one whole, as if no Part heading stood above them.
    text = (
        "PART ONE - GENERAL CONDITIONS\n"
        "14. CONTRACT PRICE AND PAYMENT\n"
        + "".join(
            f"14.{n} Sub-Clause {n}\nThe Employer shall pay the Contractor the amount certified in each "
            f"Payment Certificate within 56 days, and every other sum due under this Sub-Clause {n}.\n"
            for n in range(1, 7)
        )
        + "15. TERMINATION\n15.1 Notice\nEither Party may terminate on notice.\n"
    )
    ids = [c.clause_id for c in reviewable_units(parse_text(text))]
    assert ids == ["14.1", "14.2", "14.3", "14.4", "14.5", "14.6", "15"]


def test_priority_follows_the_clause_subject() -> None:
    items = {i.clause_id: i for i in build_checklist(_contract())}
    assert items["1"].priority == "low"
    assert items["2"].priority == "high"
    assert items["4"].priority == "high"
    assert items["5"].priority == "low"
    assert items["6"].priority == "medium"
    # Sub-clauses without a title are classified by their text.
    assert items["3.1"].priority == "critical"
    assert items["3.4"].priority == "critical"


def test_skills_follow_the_clause_content() -> None:
    items = {i.clause_id: i for i in build_checklist(_contract())}
    assert all(i.required_skills[0] == "get_clause_context" for i in items.values())
    assert "extract_financial_terms" in items["2"].required_skills
    assert "cross_reference_check" in items["3.3"].required_skills
    assert "extract_financial_terms" not in items["5"].required_skills
    assert "cross_reference_check" not in items["6"].required_skills


def test_chinese_clauses_are_classified_too() -> None:
    structure = DocumentStructure(
        language="zh",
        clauses=(
            Clause(clause_id="1", title="定义", text="定义\n本合同中下列词语含义如下。"),
            Clause(clause_id="2", title="违约责任", text="违约责任\n乙方承担全部赔偿责任。"),
            Clause(clause_id="3", title="付款", text="付款\n甲方应在验收后90日内支付合同价款人民币100万元。"),
        ),
    )
    items = {i.clause_id: i for i in build_checklist(structure)}
    assert (items["1"].priority, items["2"].priority, items["3"].priority) == ("low", "critical", "high")
    assert "extract_financial_terms" in items["3"].required_skills


def test_fidic_pack_names_key_clauses_and_their_skills() -> None:
    structure = DocumentStructure(
        clauses=(
            Clause(clause_id="20", title="Claims", text="Claims", children=("20.1",)),
            Clause(
                clause_id="20.1", title="Contractor's Claims", text="Notice within 28 days.", parent_id="20"
            ),
            Clause(clause_id="8", title="Commencement", text="Commencement", children=("8.2",)),
            Clause(clause_id="8.2", title="Time for Completion", text="Complete the Works.", parent_id="8"),
        )
    )
    items = {i.clause_id: i for i in build_checklist(structure, Domain.FIDIC, has_particular_conditions=True)}
    assert items["20.1"].priority == "critical"
    assert "fidic_calculate_time_bar" in items["20.1"].required_skills
    assert "fidic_merge_gc_pc" in items["20.1"].required_skills
    assert items["8.2"].priority == "high"


def test_sha_spa_pack_recognises_key_clauses_by_subject() -> None:
    structure = DocumentStructure(
        clauses=(
            Clause(clause_id="5", title="Warranties", text="Warranties\nThe Seller warrants that..."),
            Clause(
                clause_id="9", title="Board of Directors", text="Board\nReserved matters require consent."
            ),
        )
    )
    items = {i.clause_id: i for i in build_checklist(structure, Domain.SHA_SPA)}
    assert items["5"].priority == "critical" and "spa_extract_reps_warranties" in items["5"].required_skills
    assert "sha_governance_check" in items["9"].required_skills


def test_the_definitions_article_stays_whole_and_the_preamble_is_low_priority() -> None:
    structure = DocumentStructure(
        clauses=(
            Clause(clause_id="Preamble", title="SUPPLY AGREEMENT", text="between A Ltd and B Ltd"),
            Clause(clause_id="1", title="Definitions", text="Definitions", children=("1.1", "1.2")),
            Clause(clause_id="1.1", text='"Fees" means USD 100 per unit.', parent_id="1", level=2),
            Clause(clause_id="1.2", text='"Goods" means pumps.', parent_id="1", level=2),
            Clause(
                clause_id="2", title="Force Majeure", text="Force Majeure\nNeither party is liable for delay."
            ),
        )
    )
    items = {i.clause_id: i for i in build_checklist(structure)}
    assert list(items) == ["Preamble", "1", "2"]
    assert (items["Preamble"].priority, items["1"].priority) == ("low", "low")
    # "liable" in a force majeure clause does not make it a liability clause.
    assert items["2"].priority == "medium"


def test_a_leases_rent_and_alienation_clauses_are_planned_as_what_they_are() -> None:
    from clauseflow_orchestrator.subjects import classify

    assert classify("Rent", "The Tenant shall pay the Rent quarterly in advance.").name == "payment"
    assert classify("Alienation", "The Tenant shall not assign or underlet.").name == "assignment"
    assert classify("转租", "乙方不得转租。").name == "assignment"
    # a share transfer's price clause stays a payment clause
    assert classify("转让价款", "标的股权的转让价款为人民币叁亿元。").name == "payment"


def test_reference_documents_are_reviewed_under_prefixed_ids_after_the_contract() -> None:
    requirements = parse_text(
        "PART III - EMPLOYER'S REQUIREMENTS\n\n1. SITE\n\n1.1 The Site is 40 hectares.\n\n"
        "2. PERMITS\n\n2.1 The Contractor shall obtain the grid connection at its own risk.\n"
    )
    items = reference_checklist([requirements], Domain.FIDIC)
    # The part heading is no unit; its articles are, split by the contract's own rule.
    assert [i.clause_id for i in items] == ["ER 1.1", "ER 2"]
    assert items[1].clause_name == "PERMITS" and "get_clause_context" in items[1].required_skills


def test_clause_types_raise_a_units_priority_and_travel_with_it() -> None:
    items = [
        ChecklistItem(clause_id="9", clause_name="Ending the Agreement", priority="medium"),
        ChecklistItem(clause_id="3", clause_name="Fees", priority="high"),
        ChecklistItem(clause_id="5", clause_name="Reports", priority="medium"),
    ]
    typed = with_clause_types(items, {"9": ["termination_for_convenience"], "3": ["payment"]})
    assert [(i.clause_id, i.priority, i.clause_types) for i in typed] == [
        ("9", "critical", ("termination_for_convenience",)),
        ("3", "high", ("payment",)),
        ("5", "medium", ()),
    ]


def test_clause_types_never_lower_a_priority() -> None:
    item = ChecklistItem(clause_id="7", clause_name="Limitation of Liability", priority="critical")
    assert with_clause_types([item], {"7": ["definitions", "payment"]})[0].priority == "critical"


def test_every_type_named_in_the_priorities_data_is_a_known_priority() -> None:
    wanted = type_priorities()
    assert {"uncapped_liability", "termination_for_convenience", "payment"} <= set(wanted)
    assert set(wanted.values()) == {"critical", "high"}
