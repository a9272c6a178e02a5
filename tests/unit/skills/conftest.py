"""Fixtures for the skills tests: small English and Chinese contracts built as DocumentStructure values."""

from __future__ import annotations

from pathlib import Path

import pytest
from clauseflow_documents.model import Clause, CrossReference, Definition, DocumentStructure
from clauseflow_documents.store import DocumentStore
from clauseflow_skills.catalog import build_registry
from clauseflow_skills.documents import DocumentCache
from clauseflow_skills.executor import SkillExecutor
from clauseflow_skills.skill import ReviewContext, SkillContext


def build_document(
    document_id: str,
    rows: list[tuple[str, str, str, str | None]],
    *,
    language: str = "en",
    definitions: tuple[Definition, ...] = (),
    cross_references: tuple[CrossReference, ...] = (),
) -> DocumentStructure:
    """A document from (clause_id, title, text, parent_id) rows, with children and levels filled in."""
    children: dict[str, list[str]] = {}
    for clause_id, _, _, parent in rows:
        if parent:
            children.setdefault(parent, []).append(clause_id)
    levels: dict[str, int] = {}
    clauses = []
    offset = 0
    for clause_id, title, text, parent in rows:
        levels[clause_id] = levels[parent] + 1 if parent else 1
        clauses.append(
            Clause(
                clause_id=clause_id,
                title=title,
                text=text,
                level=levels[clause_id],
                parent_id=parent,
                children=tuple(children.get(clause_id, ())),
                start=offset,
                end=offset + len(text),
                number_raw=clause_id,
            )
        )
        offset += len(text) + 1
    return DocumentStructure(
        document_id=document_id,
        title="Test contract",
        language=language,  # type: ignore[arg-type]
        text="\n".join(r[2] for r in rows),
        clauses=tuple(clauses),
        definitions=definitions,
        cross_references=cross_references,
    )


EN_ROWS: list[tuple[str, str, str, str | None]] = [
    ("1", "Definitions", "In this Contract the following words have the meanings given below.", None),
    (
        "1.1",
        "Defined terms",
        '"Contract Price" means USD 1,000,000. "Employer" means Alpha Holdings Ltd.',
        "1",
    ),
    ("14", "Payment", "The Employer shall pay the Contractor as set out in this Clause.", None),
    (
        "14.2",
        "Time for payment",
        "The Employer shall pay each invoice within 30 days of receipt of the invoice. "
        "Late payment bears interest at 5% per annum. This is subject to Clause 20.1.",
        "14",
    ),
    ("17", "Liability", "Liability of the parties.", None),
    (
        "17.6",
        "Limitation of liability",
        "The total liability of the Contractor shall not exceed 10% of the Contract Price. "
        "Delay damages are capped at $5m.",
        "17",
    ),
    ("20", "Claims", "Claims procedure.", None),
    (
        "20.1",
        "Contractor's claims",
        "The Contractor shall give notice to the Employer within twenty-eight (28) days after becoming "
        "aware of the event, failing which the Contractor shall not be entitled to any additional payment. "
        "See Clause 14.2 and Clause 99.",
        "20",
    ),
]
EN_DEFINITIONS = (
    Definition(term="Contract Price", definition="USD 1,000,000", clause_id="1.1"),
    Definition(term="Employer", definition="Alpha Holdings Ltd.", clause_id="1.1"),
)

ZH_ROWS: list[tuple[str, str, str, str | None]] = [
    ("第1条", "定义", "“合同价款”指人民币伍拾万元。“甲方”指北京甲科技有限公司。", None),
    (
        "第5条",
        "付款",
        "甲方应在收到乙方发票后30日内支付合同价款。逾期付款的，每日按应付金额的千分之五支付违约金，"
        "违约金总额不超过合同价款的10%。具体见第7条。",
        None,
    ),
    ("第7条", "违约责任", "乙方违约的，应赔偿甲方损失，赔偿总额以50万元为限。", None),
]
ZH_DEFINITIONS = (
    Definition(term="合同价款", definition="人民币伍拾万元", clause_id="第1条"),
    Definition(term="甲方", definition="北京甲科技有限公司", clause_id="第1条"),
)


@pytest.fixture
def en_document() -> DocumentStructure:
    """An English construction-style contract with definitions and cross-references."""
    return build_document("doc-en", EN_ROWS, definitions=EN_DEFINITIONS)


@pytest.fixture
def zh_document() -> DocumentStructure:
    """A Chinese contract (第N条 numbering)."""
    return build_document("doc-zh", ZH_ROWS, language="zh", definitions=ZH_DEFINITIONS)


def skill_context(document: DocumentStructure | None, **review: object) -> SkillContext:
    """A SkillContext over one in-memory document."""

    def load(doc_id: str) -> DocumentStructure:
        raise AssertionError(f"unexpected load of {doc_id}")

    return SkillContext(review=ReviewContext(**review), document=document, load_document=load)  # type: ignore[arg-type]


@pytest.fixture
def store(tmp_path: Path, en_document: DocumentStructure, zh_document: DocumentStructure) -> DocumentStore:
    """A document store holding both fixture documents."""
    s = DocumentStore(tmp_path / "documents")
    s.put_structure(en_document)
    s.put_structure(zh_document)
    return s


@pytest.fixture
def executor(store: DocumentStore) -> SkillExecutor:
    """An executor over the built-in registry and the fixture store."""
    return SkillExecutor(build_registry(), DocumentCache(store, max_entries=4))
