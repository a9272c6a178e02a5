"""API key tokens, roles and the authenticated principal.

A token is ``cfk_<key id>.<secret>``: the key id finds the stored row in one indexed lookup and the
secret carries 256 random bits. Only the SHA-256 of the whole token is stored. A slow password hash
(bcrypt, argon2) protects low-entropy secrets against guessing; a 256-bit random secret cannot be
guessed, so one SHA-256 is enough and keeps authentication well under a millisecond. Stored and
presented hashes are compared with :func:`hmac.compare_digest` (constant time).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from enum import StrEnum

TOKEN_PREFIX = "cfk_"
_TOKEN = re.compile(r"^cfk_(k_[0-9a-f]{16})\.([A-Za-z0-9_-]{43})$")
# Anything that looks like one of our tokens, for the log redactor.
TOKEN_LIKE = re.compile(r"cfk_k_[0-9a-f]{16}\.[A-Za-z0-9_-]{20,}")


class Role(StrEnum):
    """What a key may do, each including the ones before it: submit < review < admin."""

    SUBMIT = "submit"  # upload contracts and read its tenant's reviews
    REVIEW = "review"  # also decide redlines
    ADMIN = "admin"  # also manage its tenant's keys


RANK = {Role.SUBMIT: 1, Role.REVIEW: 2, Role.ADMIN: 3}


@dataclass(frozen=True)
class Principal:
    """Who is calling: a tenant's key, the operator, or the local user when authentication is off."""

    key_id: str
    label: str
    tenant: str | None  # None: the operator, who belongs to no tenant
    roles: frozenset[Role]

    @property
    def is_operator(self) -> bool:
        """The operator manages tenants and keys; it reads no tenant's reviews."""
        return self.tenant is None

    def may(self, role: Role) -> bool:
        """Whether one of the key's roles includes ``role``."""
        return any(RANK[r] >= RANK[role] for r in self.roles)

    @property
    def decider(self) -> str:
        """The name recorded for this principal's decisions: its label, else its key id."""
        return self.label or self.key_id


def new_token() -> tuple[str, str]:
    """A fresh ``(key_id, token)``."""
    key_id = f"k_{secrets.token_hex(8)}"
    return key_id, f"{TOKEN_PREFIX}{key_id}.{secrets.token_urlsafe(32)}"


def parse_token(token: str) -> str | None:
    """The key id of a well-formed token; None for anything else."""
    match = _TOKEN.match(token)
    return match.group(1) if match else None


def token_hash(token: str) -> str:
    """The stored form of a token."""
    return hashlib.sha256(token.encode()).hexdigest()


def hashes_match(presented: str, stored: str) -> bool:
    """Constant-time comparison of two hex digests."""
    return hmac.compare_digest(presented.encode(), stored.encode())
