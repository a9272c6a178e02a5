"""The shape of ``report.json``, as pydantic models, and its published JSON Schema.

The schema is generated from these models and committed beside them (``report.schema.json``,
shipped in the package and served at :data:`SCHEMA_PATH`); a test fails when the two drift, and
every report the tests produce is validated against the committed file. Fields are only ever
added (``schema_version`` says which version of the shape a report follows).
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

SCHEMA_VERSION = "1.2"
SCHEMA_PATH = "/schemas/report.json"
SCHEMA_FILE = "report.schema.json"


class _Part(BaseModel):
    # Readers must accept fields added later (the shape only grows), so the schema does not forbid them.
    model_config = ConfigDict(frozen=True, extra="ignore")


class SourceFile(_Part):
    """A file the review read: its role, its name as uploaded, and the sha256 of its bytes."""

    role: str = Field(description="contract, general_conditions, particular_conditions or reference")
    filename: str
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")


class ReportClause(_Part):
    """A reviewed clause (or reference-document unit, "ER 3.2"), in document order."""

    clause_id: str
    title: str
    depth: str
    state: str
    clause_types: list[str]


class ReportRisk(_Part):
    """A risk for our party, in document order of its clause."""

    id: str
    clause_id: str
    risk_type: str
    risk_level: str = Field(pattern=r"^(high|medium|low)$")
    description: str
    reason: str
    original_text: str
    analysis: str
    playbook_position: str = Field(default="", description="the position the finding recommends")


class PlaybookPosition(_Part):
    """The playbook's position on the redline's risk, in the review's language."""

    standard: str
    fallback: str


class ReportRedline(_Part):
    """A proposed change with the reviewer's outcome and the playbook position it drafts towards."""

    id: str
    clause_id: str
    risk_id: str
    original_text: str
    proposed_text: str
    status: str = Field(pattern=r"^(pending|approved|edited|rejected|superseded)$")
    final_text: str | None
    action_type: str
    reason: str
    round: int
    decided_by: str
    decided_by_key_id: str = Field(default="", description="the id of the API key that decided it")
    decided_at: str | None = Field(
        default=None, description="when it was decided (ISO 8601); null while undecided"
    )
    risk_type: str = Field(default="", description="the type of the risk it addresses ('' when unknown)")
    playbook_position: PlaybookPosition | None = None


class RiskCounts(_Part):
    """Risks by level."""

    total: int
    high: int
    medium: int
    low: int


class ReportCounts(_Part):
    """How much the review found and decided."""

    clauses: int
    risks: RiskCounts
    risks_by_type: dict[str, int]
    redlines: dict[str, int]


class FailedClause(_Part):
    """A clause that could not be reviewed (the review is ``incomplete``), and why."""

    clause_id: str
    title: str
    error: str


class Report(_Part):
    """``report.json``: a review's clauses, risks and redlines in document order, with provenance."""

    schema_version: str = SCHEMA_VERSION
    review_id: str
    status: str
    title: str
    our_party: str
    language: str
    domain: str
    plan_version: int
    generated_at: str | None = Field(description="when the report was generated (ISO 8601, UTC)")
    source: list[SourceFile] = Field(description="the files reviewed, with their sha256")
    model: str | list[str] = Field(
        description="the model that reviewed the clauses, as the workers named it; a list when several did"
    )
    playbook_version: str = Field(description="the playbook the review drew on: domain, version, digest")
    clauses: list[ReportClause]
    risks: list[ReportRisk]
    redlines: list[ReportRedline] = Field(description="the changes that stand: approved, edited, pending")
    redline_history: list[ReportRedline]
    counts: ReportCounts
    summary: str
    failure_reason: str
    intake_warnings: list[str] = Field(
        default_factory=list,
        description="how the document was read, when it matters for trusting quotes (a guessed encoding)",
    )
    failed_clauses: list[FailedClause] = Field(
        default_factory=list, description="clauses not reviewed (status incomplete): retry them"
    )


def generated_schema() -> dict[str, Any]:
    """The JSON Schema of :class:`Report`, as generated from the models."""
    schema = Report.model_json_schema()
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://clauseflow.invalid{SCHEMA_PATH}?v={SCHEMA_VERSION}",
        **schema,
    }


@lru_cache(maxsize=1)
def published_schema() -> dict[str, Any]:
    """The committed schema file shipped in the package (what the API serves)."""
    text = resources.files("clauseflow_gateway").joinpath(SCHEMA_FILE).read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def schema_text() -> str:
    """:func:`generated_schema` as the committed file holds it."""
    return json.dumps(generated_schema(), ensure_ascii=False, indent=2, sort_keys=True) + "\n"
