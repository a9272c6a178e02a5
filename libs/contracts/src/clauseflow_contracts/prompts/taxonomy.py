"""The risk-type ids with a one-line gloss each, for prompts and validation (derived from ``risk_types``)."""

from __future__ import annotations

from clauseflow_contracts.risk_types import RISK_TYPES as RISK_TYPE_TABLE

RISK_TYPE_GLOSSES: dict[str, str] = {t.id: t.gloss for t in RISK_TYPE_TABLE.values()}
"""Each id with its gloss, in taxonomy order (derived from :mod:`clauseflow_contracts.risk_types`)."""

RISK_TYPES: tuple[str, ...] = tuple(RISK_TYPE_GLOSSES)
"""The 45 stable risk-type ids, in taxonomy order."""


def is_risk_type(value: object) -> bool:
    """Whether ``value`` is one of the taxonomy ids."""
    return isinstance(value, str) and value in RISK_TYPE_GLOSSES


def risk_type_catalogue() -> str:
    """The ids with their glosses, one per line, for embedding in a prompt."""
    return "\n".join(f"- {rid}: {gloss}" for rid, gloss in RISK_TYPE_GLOSSES.items())
