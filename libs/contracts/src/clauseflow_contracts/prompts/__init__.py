"""Prompt builders: the message formats the services send and the playbook model understands.

Submodules: ``kinds`` (marker, metadata line, clause block), ``taxonomy``
(risk-type ids), ``clause_review``, ``redlines``, ``planning``, ``summary``.
"""

from clauseflow_contracts.prompts.kinds import (
    CLAUSE_END,
    CLAUSE_START,
    RequestKind,
    clause_block,
    marker,
    metadata_line,
    read_clause_block,
    read_marker,
    read_marker_from_messages,
    read_metadata,
)
from clauseflow_contracts.prompts.taxonomy import RISK_TYPES

__all__ = [
    "CLAUSE_END",
    "CLAUSE_START",
    "RISK_TYPES",
    "RequestKind",
    "clause_block",
    "marker",
    "metadata_line",
    "read_clause_block",
    "read_marker",
    "read_marker_from_messages",
    "read_metadata",
]
