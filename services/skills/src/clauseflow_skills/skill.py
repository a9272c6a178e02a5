"""A skill: one deterministic contract-analysis function that describes itself to an LLM.

Design: docs/architecture.md#skills.

A skill declares its input model (the arguments, some filled by the LLM and the rest by
``prepare_input``), its output model, a description written for an LLM, its domain
(``*`` for every contract, ``fidic``, ``sha_spa``), category, status and version.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Generic, Literal, TypeVar

from clauseflow_contracts.errors import InvalidInput
from clauseflow_documents.model import DocumentStructure
from pydantic import BaseModel, ConfigDict

from clauseflow_skills.tool_schema import INTERNAL_FIELDS, build_parameters

SkillDomain = Literal["*", "fidic", "sha_spa"]
SkillStatus = Literal["active", "inactive"]
SKILL_DOMAINS: frozenset[str] = frozenset({"*", "fidic", "sha_spa"})
SKILL_STATUSES: frozenset[str] = frozenset({"active", "inactive"})

InputT = TypeVar("InputT", bound=BaseModel)
OutputT = TypeVar("OutputT", bound=BaseModel)


class ReviewContext(BaseModel):
    """What the review tells a skill besides the LLM's arguments (mirrors the proto message)."""

    model_config = ConfigDict(frozen=True)

    review_id: str = ""
    primary_document_id: str = ""
    particular_conditions_document_id: str = ""
    reference_document_ids: tuple[str, ...] = ()
    clause_id: str = ""
    our_party: str = ""
    language: str = "en"
    domain: str = "generic"


class SkillInput(BaseModel):
    """Base of skill input models: unknown arguments are refused, so a typo is named to the LLM."""

    model_config = ConfigDict(extra="forbid")


class SkillOutput(BaseModel):
    """Base of skill output models."""


DocumentLoader = Callable[[str], DocumentStructure]


@dataclass(frozen=True)
class SkillContext:
    """Everything a running skill may read: the review, its primary document, and a loader."""

    review: ReviewContext
    document: DocumentStructure | None
    load_document: DocumentLoader

    def require_document(self) -> DocumentStructure:
        """The primary document; a clear error when the review did not name one."""
        if self.document is None:
            raise InvalidInput("this tool needs the contract: context.primary_document_id is empty")
        return self.document


PrepareInput = Callable[[str, DocumentStructure | None, ReviewContext], dict[str, Any]]


def prepare_clause_id(
    clause_id: str, document: DocumentStructure | None, review: ReviewContext
) -> dict[str, Any]:
    """The default ``prepare_input``: the clause under review, nothing else."""
    return {"clause_id": clause_id}


@dataclass(frozen=True)
class Skill(Generic[InputT, OutputT]):
    """A registered skill. ``run`` is synchronous, deterministic and free of network I/O."""

    skill_id: str
    description: str
    input_model: type[InputT] | None
    output_model: type[OutputT] | None
    run: Callable[[InputT, SkillContext], OutputT]
    prepare_input: PrepareInput = prepare_clause_id
    domain: str = "*"
    category: str = "general"
    status: str = "active"
    version: str = "1.0.0"
    name: str = ""
    needs_document: bool = True
    timeout_s: float = 5.0
    extra_internal_fields: frozenset[str] = field(default_factory=frozenset)

    @cached_property
    def internal_fields(self) -> frozenset[str]:
        """Fields the system fills and the LLM never sees."""
        return INTERNAL_FIELDS | self.extra_internal_fields

    @property
    def is_active(self) -> bool:
        """Whether the skill is offered to LLMs."""
        return self.status == "active"

    def parameters(self) -> dict[str, Any]:
        """The JSON schema of the arguments an LLM supplies (strict-mode shaped); a fresh copy."""
        return copy.deepcopy(self._parameters)

    @cached_property
    def _parameters(self) -> dict[str, Any]:
        # Generating a pydantic JSON schema costs ~2 ms; a skill's definition never changes after
        # construction (frozen), so it is built once. Callers get copies because they edit them.
        return build_parameters(self.input_model, self.internal_fields)

    @cached_property
    def visible_fields(self) -> frozenset[str]:
        """Names of the arguments the LLM may send (the tool's parameters)."""
        return frozenset(self._parameters["properties"])

    def to_tool_definition(self) -> dict[str, Any]:
        """The OpenAI function-calling tool definition of this skill."""
        return {
            "type": "function",
            "function": {
                "name": self.skill_id,
                "description": self.description,
                "parameters": self.parameters(),
                "strict": True,
            },
        }
