"""The analysis skills: definitions, references, classification, redlines, time bars, indemnity, search."""

from __future__ import annotations

import json

import pytest
from clauseflow_contracts.errors import InvalidInput
from clauseflow_documents.model import Definition, DocumentStructure
from clauseflow_documents.store import DocumentStore
from clauseflow_legal.clause_types import classify_clause, classify_clause_combined
from clauseflow_skills.catalog import build_registry
from clauseflow_skills.documents import DocumentCache
from clauseflow_skills.executor import SkillExecutor
from clauseflow_skills.skill import ReviewContext
from clauseflow_skills.skills import (
    classify,
    cross_references,
    definitions,
    indemnity,
    redline_validation,
    time_bar,
)
from clauseflow_skills.skills.reference_search import search, tokenise

from .conftest import EN_ROWS, build_document, skill_context

# --- resolve_definition -------------------------------------------------------------------------


def test_resolve_every_term_the_clause_uses(en_document: DocumentStructure) -> None:
    out = definitions.run(definitions.ResolveDefinitionInput(clause_id="17.6"), skill_context(en_document))
    assert [(d.term, d.found, d.definition) for d in out.definitions] == [
        ("Contract Price", True, "USD 1,000,000")
    ]


def test_resolve_one_term_case_insensitively(en_document: DocumentStructure) -> None:
    out = definitions.run(
        definitions.ResolveDefinitionInput(clause_id="14.2", term="employer"), skill_context(en_document)
    )
    assert [(d.term, d.defined_in) for d in out.definitions] == [("Employer", "1.1")]


def test_unknown_term_is_reported_not_found(zh_document: DocumentStructure) -> None:
    out = definitions.run(
        definitions.ResolveDefinitionInput(clause_id="第5条", term="乙方"), skill_context(zh_document)
    )
    assert [(d.term, d.found) for d in out.definitions] == [("乙方", False)]


def test_undefined_terms_used_by_the_clause_are_listed() -> None:
    document = build_document("d", EN_ROWS).model_copy(update={"undefined_terms": ("Works", "Taking-Over")})
    out = definitions.run(definitions.ResolveDefinitionInput(clause_id="17.6"), skill_context(document))
    assert out.undefined_terms == []
    document = build_document("d", [("1", "Scope", "The Contractor shall execute the Works.", None)])
    document = document.model_copy(update={"undefined_terms": ("Works",)})
    out = definitions.run(definitions.ResolveDefinitionInput(clause_id="1"), skill_context(document))
    assert out.undefined_terms == ["Works"]


# --- cross_reference_check ----------------------------------------------------------------------


def test_dangling_reference_is_an_issue(en_document: DocumentStructure) -> None:
    out = cross_references.run(
        cross_references.CrossReferenceInput(clause_id="20.1"), skill_context(en_document)
    )
    assert [(r.raw, r.resolved) for r in out.references] == [("Clause 14.2", True), ("Clause 99", False)]
    assert out.references[0].target_summary.startswith("The Employer shall pay each invoice")
    assert out.issues == ["'Clause 99' refers to a clause that does not exist in this contract"]


def test_chinese_references_resolve(zh_document: DocumentStructure) -> None:
    out = cross_references.run(
        cross_references.CrossReferenceInput(clause_id="第5条"), skill_context(zh_document)
    )
    assert [(r.target, r.target_title) for r in out.references] == [("第7条", "违约责任")]
    assert out.issues == []


# --- classify_clause ----------------------------------------------------------------------------


def test_classify_cap_on_liability(en_document: DocumentStructure) -> None:
    out = classify.run(classify.ClassifyClauseInput(clause_id="17.6"), skill_context(en_document))
    assert "cap_on_liability" in [t.id for t in out.clause_types]


def test_classify_chinese_termination_for_convenience() -> None:
    out = classify.run(
        classify.ClassifyClauseInput(
            clause_id="x", text="甲方有权随时解除本合同，无需说明理由，提前十日书面通知乙方即可。"
        ),
        skill_context(None),
    )
    assert "termination_for_convenience" in [t.id for t in out.clause_types]


def test_classify_answers_what_the_report_says_the_clause_is() -> None:
    # The distributor's promise not to sell competing products is also an exclusive dealing: the
    # rules read the restraint, the model learned from CUAD reads the exclusivity as well.
    text = (
        "While this Agreement is in force and for one (1) year afterwards, the Distributor shall not sell "
        "products of any other manufacturer that compete with the Products."
    )
    out = classify.run(classify.ClassifyClauseInput(clause_id="x", text=text), skill_context(None))
    ids = [t.id for t in out.clause_types]
    assert ids == classify_clause_combined("", text) == ["non_compete", "exclusivity"]
    assert classify_clause("", text) == ["non_compete"]


# --- validate_redline ---------------------------------------------------------------------------


def _validate(document: DocumentStructure, **kwargs: object) -> redline_validation.ValidateRedlineOutput:
    args = redline_validation.ValidateRedlineInput.model_validate({"clause_id": "20.1", **kwargs})
    return redline_validation.run(args, skill_context(document))


def test_redline_extending_a_time_bar_passes(en_document: DocumentStructure) -> None:
    out = _validate(
        en_document,
        original_text="within twenty-eight (28) days after becoming aware of the event",
        proposed_text="within fifty-six (56) days after becoming aware of the event",
        risk_type="claim_time_bar",
    )
    assert (out.passed, out.issues) == (True, [])


def test_redline_quoting_words_not_in_the_clause_fails(en_document: DocumentStructure) -> None:
    out = _validate(
        en_document,
        original_text="within 14 days",
        proposed_text="within 56 days",
        risk_type="claim_time_bar",
    )
    assert not out.passed and not out.original_found
    assert "does not occur in the clause" in out.issues[0]


def test_redline_identical_to_original_fails(en_document: DocumentStructure) -> None:
    text = "failing which the Contractor shall not be entitled to any additional payment"
    out = _validate(en_document, original_text=text, proposed_text=text)
    assert (out.passed, out.differs) == (False, False)


def test_redline_that_does_not_address_the_risk_fails(en_document: DocumentStructure) -> None:
    out = _validate(
        en_document,
        original_text="within twenty-eight (28) days after becoming aware of the event",
        proposed_text="within fourteen (14) days after becoming aware of the event",
        risk_type="claim_time_bar",
    )
    assert not out.addresses_risk
    assert out.issues == ["proposed_text does not address the risk claim_time_bar"]


def test_chinese_cap_redline_addresses_uncapped_liability(zh_document: DocumentStructure) -> None:
    args = redline_validation.ValidateRedlineInput(
        clause_id="第7条",
        original_text="乙方违约的，应赔偿甲方损失",
        proposed_text="乙方违约的，应赔偿甲方直接损失，赔偿总额不超过合同价款的10%",
        risk_type="uncapped_liability",
    )
    assert redline_validation.run(args, skill_context(zh_document)).passed


# --- fidic_calculate_time_bar -------------------------------------------------------------------


def test_time_bar_with_deadline(en_document: DocumentStructure) -> None:
    out = time_bar.run(
        time_bar.TimeBarInput(clause_id="20.1", start_date="2025-03-01"), skill_context(en_document)
    )
    assert out.has_condition_precedent
    assert [(b.days, b.deadline, b.bars_entitlement) for b in out.time_bars] == [(28, "2025-03-29", True)]
    assert "becoming aware of the event" in out.time_bars[0].trigger


def test_chinese_time_bar_in_working_days() -> None:
    document = build_document(
        "d",
        [
            (
                "20.1",
                "索赔",
                "承包商应在知道索赔事件后10个工作日内发出索赔通知，逾期未发出的，视为放弃索赔权利。",
                None,
            )
        ],
    )
    out = time_bar.run(
        time_bar.TimeBarInput(clause_id="20.1", start_date="2025-03-07"), skill_context(document)
    )
    assert [(b.days, b.business_days, b.deadline) for b in out.time_bars] == [(14, True, "2025-03-21")]
    assert out.has_condition_precedent


def test_bad_start_date_names_the_field(en_document: DocumentStructure) -> None:
    with pytest.raises(InvalidInput, match="field 'start_date'"):
        time_bar.run(
            time_bar.TimeBarInput(clause_id="20.1", start_date="next Tuesday"), skill_context(en_document)
        )


# --- spa_indemnity_analysis ---------------------------------------------------------------------

SPA_ROWS: list[tuple[str, str, str, str | None]] = [
    ("9", "Limitations on Seller's liability", "The liability of the Seller is limited as follows.", None),
    (
        "9.1",
        "Cap",
        "The aggregate liability of the Seller for all Claims shall not exceed 30% of the Purchase Price.",
        "9",
    ),
    ("9.2", "De minimis", "The Seller shall not be liable for any individual claim below USD 50,000.", "9"),
    (
        "9.3",
        "Basket",
        "The Seller shall not be liable unless the aggregate of all claims exceeds USD 500,000, "
        "in which case the Seller is liable for the excess only (a deductible).",
        "9",
    ),
    ("9.4", "Time limits", "No claim may be brought unless notified within 18 months after Completion.", "9"),
    ("9.5", "Exclusions", "The limitations in this Clause 9 shall not apply in the case of fraud.", "9"),
]


def test_spa_indemnity_regime_is_read_in_full() -> None:
    document = build_document("spa", SPA_ROWS)
    out = indemnity.run(indemnity.IndemnityInput(clause_id="9"), skill_context(document))
    assert (out.cap.percentages, out.cap.basis) == ([30.0], "Purchase Price")
    assert [a.value for a in out.de_minimis.amounts] == [50_000]
    assert [a.value for a in out.basket.amounts] == [500_000]
    assert out.survival.months == 18
    assert out.exclusions.present and "fraud" in out.exclusions.text
    assert out.missing == []


def test_missing_mechanisms_are_listed() -> None:
    document = build_document(
        "spa", [("8", "Indemnity", "卖方应赔偿买方因违反陈述与保证而遭受的全部损失。", None)]
    )
    out = indemnity.run(indemnity.IndemnityInput(clause_id="8"), skill_context(document))
    assert set(out.missing) == {"cap", "basket", "de_minimis", "survival", "exclusions"}


# --- search_reference_doc -----------------------------------------------------------------------


def test_chinese_text_is_tokenised_into_characters_and_bigrams() -> None:
    assert tokenise("误期赔偿") == ["误", "期", "赔", "偿", "误期", "期赔", "赔偿"]


def test_bm25_ranks_the_relevant_passage_first(en_document: DocumentStructure) -> None:
    hits = search([en_document], "notice of claims by the contractor", 3)
    assert hits[0].clause_id == "20.1"
    assert hits == sorted(hits, key=lambda h: -h.score)


async def test_search_reads_the_reference_documents_of_the_review(
    tmp_path: object, store: DocumentStore
) -> None:
    er = build_document(
        "doc-er",
        [
            ("1", "Design life", "The plant shall have a design life of 25 years.", None),
            ("2", "误期赔偿", "误期赔偿费按每日合同价的千分之一计算。", None),
        ],
        definitions=(Definition(term="Plant", definition="the machinery"),),
    )
    store.put_structure(er)
    executor = SkillExecutor(build_registry(), DocumentCache(store))
    context = ReviewContext(
        primary_document_id="doc-en", clause_id="14.2", reference_document_ids=("doc-er",)
    )
    answer = json.loads(
        (
            await executor.invoke("search_reference_doc", context, '{"query": "误期赔偿费", "top_k": null}')
        ).result_json
    )
    assert answer["searched_documents"] == 1
    assert (answer["hits"][0]["document_id"], answer["hits"][0]["clause_id"]) == ("doc-er", "2")
