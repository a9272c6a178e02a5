"""Tenants: who owns a review and its documents.

Every review-scoped event carries its tenant (``Envelope.tenant_id``). Documents are namespaced by
tenant through their ids: a document of tenant ``acme`` has the id ``acme:<sha256>`` and lives under
``tenants/acme/`` in the document store; the local tenant's documents keep bare ids (so stores
written before tenants existed still read). Any service can therefore tell, without I/O, whether an
event names a document that is not its tenant's, and refuse it.
"""

from __future__ import annotations

import re

from clauseflow_contracts.errors import InvalidEvent, InvalidInput

LOCAL_TENANT = "local"
TENANT_PATTERN = r"^[a-z0-9][a-z0-9_-]{0,62}$"
_TENANT = re.compile(TENANT_PATTERN)
SEPARATOR = ":"


def check_tenant(tenant: str) -> str:
    """The tenant name if valid; :class:`InvalidInput` saying what a name may contain otherwise."""
    if not _TENANT.match(tenant):
        raise InvalidInput(
            f"tenant {tenant!r} is not a valid name: use 1-63 lower-case letters, digits, '-' or '_', "
            "starting with a letter or digit"
        )
    return tenant


def qualify_document_id(tenant: str, content_id: str) -> str:
    """The id under which ``tenant`` stores the document with content hash ``content_id``."""
    bare = content_id.split(SEPARATOR, 1)[-1]
    if tenant == LOCAL_TENANT:
        return bare
    return f"{check_tenant(tenant)}{SEPARATOR}{bare}"


def document_owner(doc_id: str) -> str:
    """The tenant whose namespace a document id points into."""
    if SEPARATOR in doc_id:
        return doc_id.split(SEPARATOR, 1)[0]
    return LOCAL_TENANT


def refuse_foreign_documents(tenant: str, event_id: str, doc_ids: list[str | None]) -> None:
    """Raise :class:`InvalidEvent` (→ dead letter with this reason) if an event of ``tenant`` names
    a document of another tenant."""
    foreign = [d for d in doc_ids if d and document_owner(d) != tenant]
    if foreign:
        raise InvalidEvent(
            f"event {event_id} of tenant {tenant!r} names documents of another tenant "
            f"({', '.join(foreign)}); refused: a review may only read its own tenant's documents"
        )
