"""The orchestrator's outbox: the platform relay (clauseflow_platform.outbox) with snapshots folded.

Under load several snapshots (``ReviewUpdated``) of one review wait in the outbox at once;
they are coalesced: only the latest of them is published, carrying the clauses and redlines
of the partial snapshots it replaces (the gateway keeps the highest sequence anyway), and the
others are marked sent. Snapshots that carry a plan are always published, because that is
the only time a plan version travels. Every other event is published, in commit order.
"""

from __future__ import annotations

from collections.abc import Sequence

from clauseflow_contracts.events import Envelope, ReviewUpdated
from clauseflow_platform.bus.base import EventBus
from clauseflow_platform.outbox import RECOVERY_MIN_AGE_S, PendingEvent
from clauseflow_platform.outbox import OutboxRelay as Relay

from clauseflow_orchestrator.snapshot import merge_snapshots
from clauseflow_orchestrator.store import OrchestratorStore


def _is_plain_snapshot(row: PendingEvent) -> bool:
    # A snapshot by reference may hold a plan in its blob: it is never skipped either.
    payload = row.envelope.payload
    return (
        row.envelope.type == ReviewUpdated.TYPE
        and payload.get("plan") is None
        and not payload.get("detail_ref")
    )


def superseded_snapshots(batch: Sequence[PendingEvent]) -> set[int]:
    """Ids of snapshots without a plan that a later snapshot of the same review in ``batch`` replaces."""
    latest: dict[str, int] = {}
    for row in batch:
        if row.envelope.type == ReviewUpdated.TYPE:
            latest[row.envelope.review_id] = row.id
    return {row.id for row in batch if _is_plain_snapshot(row) and latest[row.envelope.review_id] != row.id}


def coalesce_snapshots(batch: Sequence[PendingEvent]) -> tuple[set[int], dict[int, Envelope]]:
    """Superseded snapshot ids, and the new envelopes of the snapshots that absorb them.

    A superseded partial snapshot's clauses and redlines are merged into the next snapshot of
    its review that is published, so nothing a delta said is lost by skipping it.
    """
    skipped = superseded_snapshots(batch)
    replaced: dict[int, Envelope] = {}
    if not skipped:
        return skipped, replaced
    # Only reviews with a skipped snapshot need their snapshots opened and merged.
    folding = {row.envelope.review_id for row in batch if row.id in skipped}
    carried: dict[str, ReviewUpdated] = {}  # per review: skipped snapshots not yet absorbed
    for row in batch:
        env = row.envelope
        if env.type != ReviewUpdated.TYPE or env.review_id not in folding:
            continue
        snapshot = env.open(ReviewUpdated)
        before = carried.pop(env.review_id, None)
        merged = snapshot if before is None else merge_snapshots(before, snapshot)
        if row.id in skipped:
            carried[env.review_id] = merged
        elif merged is not snapshot:
            replaced[row.id] = env.model_copy(update={"payload": merged.model_dump(mode="json")})
    return skipped, replaced


class OutboxRelay(Relay):
    """The platform's outbox relay on the orchestrator's store, publishing only the latest snapshots."""

    def __init__(
        self,
        store: OrchestratorStore,
        bus: EventBus,
        *,
        interval_s: float = 2.0,
        mark_delay_s: float = 0.05,
        min_age_s: float = RECOVERY_MIN_AGE_S,
    ) -> None:
        super().__init__(
            store,
            bus,
            interval_s=interval_s,
            mark_delay_s=mark_delay_s,
            min_age_s=min_age_s,
            coalesce=coalesce_snapshots,
            name="orchestrator-outbox",
        )
