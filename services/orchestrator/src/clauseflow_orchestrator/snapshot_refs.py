"""Snapshots bounded by construction: a large one goes to the document store, the event carries a ref.

A review of thousands of clauses has a full snapshot (every clause, redline and the plan) of
megabytes, over the event size limit. Such a snapshot is stored as a blob (keyed by review,
sequence and event id, so a replay overwrites it) and the event carries only the counts, the
status and ``detail_ref``; the gateway reads the blob before applying it.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Mapping, Sequence

from clauseflow_contracts.events import ReviewUpdated
from clauseflow_documents.store import DocumentStore, encode_blob

from clauseflow_orchestrator.core_types import Outgoing

# Clauses + redlines + planned clauses above which a snapshot goes by reference (~400 bytes each).
INLINE_ITEMS = 500


def _items(payload: Mapping[str, object]) -> int:
    """Clauses, redlines and planned clauses of a snapshot payload."""
    plan = payload.get("plan")
    planned = plan.get("clause_plans") if isinstance(plan, Mapping) else None
    return _count(payload.get("clauses")) + _count(payload.get("redlines")) + _count(planned)


def _count(value: object) -> int:
    """How many items a JSON list (or object) holds; nothing else counts."""
    return len(value) if isinstance(value, list | dict) else 0


async def bounded_snapshots(outgoing: Sequence[Outgoing], documents: DocumentStore) -> list[Outgoing]:
    """``outgoing`` with every large snapshot replaced by a thin one referring to its stored form."""
    bounded: list[Outgoing] = []
    for out in outgoing:
        env = out.envelope
        if env.type != ReviewUpdated.TYPE or _items(env.payload) <= INLINE_ITEMS:
            bounded.append(out)
            continue
        payload = env.payload
        blob = encode_blob(payload)
        key = (env.review_id, payload.get("sequence"), env.event_id)
        ref = await asyncio.to_thread(
            functools.partial(documents.put_blob_bytes, "snapshot", key, blob, tenant=env.tenant_id)
        )
        thin = {**payload, "clauses": [], "redlines": [], "plan": None, "partial": False, "detail_ref": ref}
        bounded.append(Outgoing(out.topic, out.key, env.model_copy(update={"payload": thin})))
    return bounded
