"""The setting a minimal edit of a redline is sought in: its clause, risk, party, review and terms."""

# ruff: noqa: E501  -- the docstring reads better unbroken

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Where:
    """The redline's setting: its clause, the risk it fixes, our party, the review and the contract's terms."""

    clause_text: str
    risk_type: str
    our_party: str
    domain: str = "generic"
    language: str = "en"
    vocabulary: frozenset[str] = frozenset()
