"""The SPA/SHA skills on small English and Chinese agreements: conditions, warranties, governance."""

from __future__ import annotations

from clauseflow_documents.model import DocumentStructure
from clauseflow_skills.skills import sha_governance, spa_conditions, spa_warranties

from .conftest import build_document, skill_context

CP_EN: list[tuple[str, str, str, str | None]] = [
    ("4", "Conditions", "Completion is conditional upon the following conditions precedent:", None),
    (
        "4.1",
        "Merger control",
        "(a) clearance of the Transaction by the State Administration for Market Regulation;",
        "4",
    ),
    (
        "4.2",
        "Approval",
        "(b) the passing of a resolution of the shareholders of the Buyer approving the Transaction;",
        "4",
    ),
    (
        "4.3",
        "No MAC",
        "(c) no Material Adverse Change having occurred, excluding changes in general economic conditions;",
        "4",
    ),
    ("4.4", "Warranties", "(d) the Warranties being true and accurate at Completion.", "4"),
    (
        "4.5",
        "Waiver and long stop",
        "The Buyer may waive any of the Conditions by notice to the Seller. If the Conditions have not been "
        "satisfied or waived by 30 June 2025 (the Long Stop Date), the Buyer may terminate this Agreement.",
        "4",
    ),
]
CP_ZH: list[tuple[str, str, str, str | None]] = [
    (
        "第3条",
        "交割先决条件",
        "本次交易以下列先决条件全部满足为前提：（一）本次交易已通过经营者集中审查；"
        "（二）目标公司股东会已作出批准本次交易的决议；（三）目标公司未发生重大不利变化。"
        "卖方有权豁免上述任何条件。上述条件应于2025年6月30日（最后截止日）前满足。",
        None,
    ),
]


def _cp(rows: list[tuple[str, str, str, str | None]], language: str = "en") -> DocumentStructure:
    return build_document("cp", rows, language=language)


def test_conditions_are_listed_with_their_kind_and_waiver() -> None:
    out = spa_conditions.run(
        spa_conditions.ConditionsInput(clause_id="4"), skill_context(_cp(CP_EN), our_party="Buyer")
    )
    assert [(c.clause_id, c.kind) for c in out.conditions] == [
        ("4.1", "regulatory"),
        ("4.2", "shareholder_approval"),
        ("4.3", "no_material_adverse_change"),
        ("4.4", "warranties_true"),
    ]
    assert {c.waivable_by for c in out.conditions} == {"buyer"}
    assert out.waiver == "buyer"


def test_long_stop_date_mac_and_termination_right_are_found() -> None:
    out = spa_conditions.run(spa_conditions.ConditionsInput(clause_id="4"), skill_context(_cp(CP_EN)))
    assert out.long_stop is not None and out.long_stop.date == "2025-06-30"
    assert out.mac_condition is not None and out.mac_condition.has_carve_outs
    assert out.termination_if_unsatisfied
    assert "no long-stop date" not in " ".join(out.concerns)


def test_buyer_is_warned_when_the_seller_may_waive_and_there_is_no_long_stop() -> None:
    rows = [
        (
            "5",
            "Conditions",
            "Completion is subject to the satisfaction of the following conditions: (a) the approval of the "
            "Buyer's board; (b) the consent of the Company's lenders. The Seller may waive any condition in "
            "whole or in part.",
            None,
        ),
    ]
    out = spa_conditions.run(
        spa_conditions.ConditionsInput(clause_id="5"), skill_context(_cp(rows), our_party="Buyer")
    )
    assert [c.kind for c in out.conditions] == ["shareholder_approval", "third_party_consent"]
    assert out.waiver == "seller"
    assert out.long_stop is None and out.mac_condition is None
    joined = " ".join(out.concerns)
    assert "no long-stop date" in joined
    assert "waived by the seller" in joined
    assert "material-adverse-change" in joined


def test_chinese_conditions_waiver_and_long_stop() -> None:
    out = spa_conditions.run(
        spa_conditions.ConditionsInput(clause_id="第3条"), skill_context(_cp(CP_ZH, "zh"), our_party="买方")
    )
    assert [c.kind for c in out.conditions] == [
        "regulatory",
        "shareholder_approval",
        "no_material_adverse_change",
    ]
    assert out.waiver == "seller"
    assert out.long_stop is not None and out.long_stop.date == "2025-06-30"
    assert out.mac_condition is not None


# --- spa_extract_reps_warranties ------------------------------------------------------------------

RW_EN: list[tuple[str, str, str, str | None]] = [
    (
        "7",
        "Warranties",
        "The Seller warrants to the Buyer that, save as Disclosed, each Warranty is true.",
        None,
    ),
    (
        "7.1",
        "Litigation",
        "So far as the Seller is aware, the Company is not engaged in any litigation.",
        "7",
    ),
    ("7.2", "Contracts", "The Company is not in material breach of any Material Contract.", "7"),
    ("7.3", "Accounts", "The Accounts give a true and fair view in all material respects.", "7"),
    (
        "7.4",
        "Disclosure",
        "The Warranties are qualified by all information contained in the Data Room and any matter of which "
        "the Buyer is aware.",
        "7",
    ),
]


def test_knowledge_materiality_and_disclosure_qualifiers_are_extracted() -> None:
    document = build_document("rw", RW_EN)
    out = spa_warranties.run(
        spa_warranties.RepsWarrantiesInput(clause_id="7"), skill_context(document, our_party="Buyer")
    )
    assert out.warranty_count == 4
    assert [(q.clause_id, q.phrase) for q in out.knowledge_qualifiers] == [
        ("7.1", "So far as the Seller is aware")
    ]
    assert not out.knowledge_requires_enquiry
    assert [q.clause_id for q in out.materiality_qualifiers] == ["7.2", "7.3"]
    assert [q.clause_id for q in out.disclosure_carve_outs] == ["7"]
    assert [q.phrase for q in out.general_disclosures] == ["Data Room"]
    joined = " ".join(out.concerns)
    assert "general disclosure" in joined
    assert "actual knowledge only" in joined


def test_buyer_friendly_warranties_raise_no_disclosure_concern() -> None:
    rows = [
        (
            "8",
            "Warranties",
            "The Seller warrants that each Warranty is true, except as fairly disclosed in the Disclosure "
            "Letter with sufficient detail. The Warranties shall be deemed repeated at Completion. The "
            "Buyer's rights shall not be affected by any investigation or knowledge of the Buyer.",
            None,
        )
    ]
    out = spa_warranties.run(
        spa_warranties.RepsWarrantiesInput(clause_id="8"),
        skill_context(build_document("rw", rows), our_party="Buyer"),
    )
    assert out.fair_disclosure_standard and out.repeated_at_completion and out.pro_sandbagging
    assert out.general_disclosures == []
    assert out.concerns == []


def test_chinese_warranty_qualifiers() -> None:
    rows = [
        (
            "第6条",
            "陈述与保证",
            "卖方向买方陈述并保证：除披露函已披露的事项外，据卖方所知，目标公司不存在任何重大诉讼。"
            "数据室中提供的全部资料视为已向买方披露。",
            None,
        )
    ]
    out = spa_warranties.run(
        spa_warranties.RepsWarrantiesInput(clause_id="第6条"),
        skill_context(build_document("rw", rows, language="zh"), our_party="买方"),
    )
    assert [q.phrase for q in out.knowledge_qualifiers] == ["据卖方所知"]
    assert [q.phrase for q in out.materiality_qualifiers] == ["重大"]
    assert out.disclosure_carve_outs and out.general_disclosures
    assert any("general disclosure" in c for c in out.concerns)


def test_seller_is_warned_about_absolute_warranties() -> None:
    rows = [("9", "Warranties", "The Seller warrants that the Company has no debts.", None)]
    out = spa_warranties.run(
        spa_warranties.RepsWarrantiesInput(clause_id="9"),
        skill_context(build_document("rw", rows), our_party="Seller"),
    )
    assert "no knowledge qualifiers: every warranty is absolute" in out.concerns
    assert "the warranties are not given subject to disclosure" in out.concerns


# --- sha_governance_check -------------------------------------------------------------------------

SHA_EN: list[tuple[str, str, str, str | None]] = [
    ("5", "Board", "Governance of the Company.", None),
    (
        "5.1",
        "Composition",
        "The Board shall consist of five (5) directors. The Investor holds 40% of the Shares. The Investor "
        "shall be entitled to appoint one (1) director and the Founder shall be entitled to appoint four "
        "(4) directors.",
        "5",
    ),
    (
        "5.2",
        "Quorum",
        "The quorum for Board meetings shall be three directors. If a quorum is not present, the meeting "
        "shall be adjourned and at the adjourned meeting the directors present shall constitute a quorum.",
        "5",
    ),
    ("5.3", "Chair", "The chairman shall have a casting vote.", "5"),
    (
        "5.4",
        "Reserved Matters",
        "The Company shall not take any of the following Reserved Matters without the prior written consent "
        "of the Investor: (a) amend its articles; (b) issue new shares; (c) sell its business.",
        "5",
    ),
    (
        "5.5",
        "Drag-along",
        "If Shareholders holding more than 50% of the Shares agree to sell, they may require the other "
        "Shareholders to sell their Shares (drag-along).",
        "5",
    ),
]


def test_governance_terms_are_read_and_minority_concerns_listed() -> None:
    document = build_document("sha", SHA_EN)
    out = sha_governance.run(sha_governance.GovernanceInput(clause_id="5"), skill_context(document))
    assert out.board_size == 5
    investor = next(s for s in out.board_seats if s.holder == "Investor")
    assert (investor.seats, investor.seat_share, investor.holding) == (1, 20.0, 40.0)
    assert out.quorum is not None and out.quorum.requires_director_of is None
    assert out.chair_casting_vote is True
    assert out.reserved_matters is not None
    assert (out.reserved_matters.items, out.reserved_matters.consent_of) == (3, ["Investor"])
    assert out.vetoes == ["Investor"]
    assert out.drag_along is not None and out.drag_along.threshold_percent == 50.0
    assert out.tag_along is None
    joined = " | ".join(out.concerns)
    for expected in (
        "Investor holds 40% of the shares but appoints only 1 of 5 directors",
        "the chair has a casting vote",
        "no deadlock mechanism",
        "drag-along may be triggered at 50%",
        "without a matching tag-along",
    ):
        assert expected in joined


def test_minority_protective_governance_has_no_concerns() -> None:
    rows = [
        (
            "6",
            "Governance",
            "The Board shall consist of four directors. The Investor holds 25% of the Shares. The Investor "
            "shall be entitled to appoint one director. The quorum shall be three directors, including at "
            "least one Investor Director. The chairman shall not have a casting vote. No Reserved Matter "
            "shall be undertaken without the consent of the Investor Director. In the event of a deadlock, "
            "the matter shall be referred to mediation. The drag-along right may be exercised by "
            "Shareholders holding at least 75% of the Shares on the same terms for every Shareholder. The "
            "Investor has a tag-along right on any transfer of control.",
            None,
        )
    ]
    out = sha_governance.run(
        sha_governance.GovernanceInput(clause_id="6"), skill_context(build_document("sha", rows))
    )
    assert out.quorum is not None and out.quorum.requires_director_of == "Investor"
    assert out.chair_casting_vote is False
    assert out.deadlock is not None and out.deadlock.mechanisms == ["mediation"]
    assert out.drag_along is not None and out.drag_along.price_protection
    assert out.concerns == []


def test_chinese_governance() -> None:
    rows = [
        (
            "第8条",
            "董事会",
            "董事会由五名董事组成，投资方有权委派一名董事，创始人有权委派四名董事。投资方持有公司30%股权。"
            "董事长享有决定票。下列保留事项须经投资方书面同意：（一）修改章程；（二）增加注册资本。"
            "发生僵局的，双方应提交仲裁。持有公司三分之二以上股权的股东有权行使领售权，"
            "其他股东应以同等条件出售。",
            None,
        )
    ]
    out = sha_governance.run(
        sha_governance.GovernanceInput(clause_id="第8条"),
        skill_context(build_document("sha", rows, language="zh")),
    )
    assert out.board_size == 5
    assert {(s.holder, s.seats) for s in out.board_seats} == {("投资方", 1), ("创始人", 4)}
    assert out.chair_casting_vote is True
    assert out.reserved_matters is not None and out.reserved_matters.consent_of == ["投资方"]
    assert out.deadlock is not None and out.deadlock.mechanisms == ["arbitration"]
    assert out.drag_along is not None and out.drag_along.price_protection
    assert any("投资方 holds 30%" in c for c in out.concerns)


def test_whole_agreement_reads_governance_spread_over_clauses() -> None:
    rows = [
        ("1", "Board", "The Board shall consist of three directors.", None),
        ("2", "Transfers", "Tag-along: the Minority may sell its Shares on the same terms.", None),
    ]
    document = build_document("sha", rows)
    only = sha_governance.run(sha_governance.GovernanceInput(clause_id="1"), skill_context(document))
    assert only.tag_along is None
    whole = sha_governance.run(
        sha_governance.GovernanceInput(clause_id="1", whole_agreement=True), skill_context(document)
    )
    assert whole.tag_along is not None and whole.board_size == 3
