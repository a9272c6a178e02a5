"""fidic_merge_gc_pc: a sub-clause as the Particular Conditions leave it, next to the General Conditions.

``particular_conditions_document_id`` names the Particular Conditions (PC). The review's primary
document is either the General Conditions (GC), merged here with
``clauseflow_documents.fidic.merge_gc_pc``, or — as the gateway submits it — the contract
already merged (its clauses carry ``gc``/``amended``/``pc`` provenance). A merged primary is never
merged again; its GC is named by its id (``gcpc-<GC id>-<PC id>``, the gateway's convention) or is
the reference document whose merge with the PC has the primary's id. Merging re-parses
the contract, so merged views are cached per (GC, PC) pair — documents are content-addressed and
never change.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Literal

from clauseflow_contracts.errors import NotFound
from clauseflow_contracts.skills import SkillId
from clauseflow_documents.fidic import merge_gc_pc
from clauseflow_documents.model import DocumentStructure
from clauseflow_documents.segmenter import PREAMBLE_ID
from pydantic import BaseModel, Field

from clauseflow_skills.doc_index import cache_key
from clauseflow_skills.skill import Skill, SkillContext, SkillInput, SkillOutput
from clauseflow_skills.word_diff import MAX_CHANGES, DiffChange, word_diff

ClauseProvenance = Literal["gc", "amended", "pc", "deleted", "original"]
MAX_LISTED = 60

_LOCK = threading.Lock()
_MERGED: OrderedDict[tuple[object, ...], DocumentStructure] = OrderedDict()


def merge_cached(gc: DocumentStructure, pc: DocumentStructure) -> DocumentStructure:
    """``merge_gc_pc(gc, pc)``, cached when both documents have ids."""
    if not (gc.document_id and pc.document_id):
        return merge_gc_pc(gc, pc)
    key = (*cache_key(gc), *cache_key(pc))
    with _LOCK:
        cached = _MERGED.get(key)
        if cached is not None:
            _MERGED.move_to_end(key)
            return cached
    merged = merge_gc_pc(gc, pc)
    with _LOCK:
        _MERGED[key] = merged
        while len(_MERGED) > 16:
            _MERGED.popitem(last=False)
    return merged


@dataclass(frozen=True)
class GcPc:
    """The General Conditions, the Particular Conditions and their merge."""

    gc: DocumentStructure
    pc: DocumentStructure
    merged: DocumentStructure

    def deleted_ids(self) -> list[str]:
        """GC sub-clauses the PC deleted (absent from the merged contract)."""
        return [
            c.clause_id
            for c in self.gc.clauses
            if c.clause_id != PREAMBLE_ID and not self.merged.has(c.clause_id)
        ]

    def provenance(self, clause_id: str) -> ClauseProvenance:
        """Where the clause's merged wording comes from."""
        if self.merged.has(clause_id):
            return self.merged.get(clause_id).provenance
        return "deleted" if self.gc.has(clause_id) else "original"


_MERGED_PROVENANCE = frozenset({"gc", "amended", "pc"})


def is_merged(document: DocumentStructure) -> bool:
    """Whether the document is already GC + PC merged (only a merge sets gc/amended/pc provenance)."""
    return any(c.provenance in _MERGED_PROVENANCE for c in document.clauses)


def merged_id(gc_id: str, pc_id: str) -> str:
    """The id ``merge_gc_pc`` itself gives the merge of the documents ``gc_id`` and ``pc_id``."""
    return hashlib.sha256(f"{gc_id}+{pc_id}".encode()).hexdigest()


GATEWAY_MERGED_PREFIX = "gcpc-"  # clauseflow_gateway.intake.fidic.merged_document_id


def general_conditions_id(merged_document_id: str, pc_id: str) -> str | None:
    """The GC id inside a gateway merged id ``gcpc-<GC id>-<PC id>``; None for any other id."""
    suffix = f"-{pc_id}"
    if not (merged_document_id.startswith(GATEWAY_MERGED_PREFIX) and merged_document_id.endswith(suffix)):
        return None
    gc_id = merged_document_id[len(GATEWAY_MERGED_PREFIX) : -len(suffix)]
    return gc_id or None


def _general_conditions(ctx: SkillContext, merged: DocumentStructure, pc_id: str) -> DocumentStructure:
    """The GC a merged primary was made from: named by the merged id, or found among the references.

    Without it, the merged contract stands in: provenance is still right, only the GC wording and
    the deleted sub-clauses are unknown.
    """
    named = general_conditions_id(merged.document_id, pc_id)
    if named is not None:
        try:
            return ctx.load_document(named)
        except NotFound:
            return merged
    for ref_id in ctx.review.reference_document_ids:
        if merged_id(ref_id, pc_id) == merged.document_id:
            return ctx.load_document(ref_id)
    return merged


def load_gc_pc(ctx: SkillContext) -> GcPc | None:
    """The merged view of the review's GC and PC; None when the review has no Particular Conditions."""
    pc_id = ctx.review.particular_conditions_document_id
    if not pc_id:
        return None
    primary = ctx.require_document()
    pc = ctx.load_document(pc_id)
    if is_merged(primary):
        return GcPc(_general_conditions(ctx, primary, pc_id), pc, primary)
    return GcPc(primary, pc, merge_cached(primary, pc))


@dataclass(frozen=True)
class MergedClause:
    """One sub-clause before and after the PC."""

    clause_id: str
    provenance: ClauseProvenance
    gc_text: str | None
    text: str

    @property
    def amended(self) -> bool:
        """The PC changed, added or deleted this sub-clause."""
        return self.provenance in ("amended", "pc", "deleted")


def merged_clause(ctx: SkillContext, clause_id: str) -> MergedClause | None:
    """A sub-clause in the merged contract; None when the review has no PC."""
    view = load_gc_pc(ctx)
    if view is None:
        return None
    gc_text = view.gc.get(clause_id).text if view.gc.has(clause_id) else None
    text = view.merged.get(clause_id).text if view.merged.has(clause_id) else ""
    return MergedClause(clause_id, view.provenance(clause_id), gc_text, text)


class MergeGcPcInput(SkillInput):
    """Arguments of fidic_merge_gc_pc."""

    clause_id: str = Field(description="Id of the sub-clause, e.g. '20.1'")


class ChangedClause(BaseModel):
    """A sub-clause the Particular Conditions touched."""

    clause_id: str
    provenance: ClauseProvenance
    title: str


class MergeGcPcOutput(SkillOutput):
    """The sub-clause as amended, with the GC wording, the diff and the list of every PC change."""

    clause_id: str
    has_particular_conditions: bool
    provenance: ClauseProvenance = Field(
        description=(
            "gc = unchanged, amended = changed by the PC, pc = new in the PC, deleted = deleted by the PC"
        )
    )
    gc_text: str | None
    merged_text: str
    changes: list[DiffChange] = Field(
        description="Word-level changes from the GC wording to the merged wording"
    )
    pc_changes: list[ChangedClause] = Field(description="Every sub-clause the PC amended, added or deleted")
    warnings: list[str] = Field(description="What the merge could not apply exactly")


def run(args: MergeGcPcInput, ctx: SkillContext) -> MergeGcPcOutput:
    """Merge the GC with the PC and show the sub-clause before and after."""
    # The primary is the GC, or the contract already merged: either way it holds the clause.
    view = load_gc_pc(ctx)
    clause = ctx.require_document().get(args.clause_id)
    if view is None:
        return MergeGcPcOutput(
            clause_id=clause.clause_id,
            has_particular_conditions=False,
            provenance="original",
            gc_text=clause.text,
            merged_text=clause.text,
            changes=[],
            pc_changes=[],
            warnings=["The review has no Particular Conditions: the General Conditions apply unchanged."],
        )
    merged = merged_clause(ctx, clause.clause_id)
    assert merged is not None  # the view exists, so does the merged clause
    changes: list[DiffChange] = []
    if merged.provenance != "gc" and merged.gc_text is not None:
        _, changes = word_diff(merged.gc_text, merged.text)
    touched = [
        ChangedClause(clause_id=c.clause_id, provenance=c.provenance, title=c.title)
        for c in view.merged.clauses
        if c.provenance in ("amended", "pc")
    ] + [
        ChangedClause(clause_id=cid, provenance="deleted", title=view.gc.get(cid).title)
        for cid in view.deleted_ids()
    ]
    return MergeGcPcOutput(
        clause_id=clause.clause_id,
        has_particular_conditions=True,
        provenance=merged.provenance,
        gc_text=merged.gc_text,
        merged_text=merged.text,
        changes=changes[:MAX_CHANGES],
        pc_changes=touched[:MAX_LISTED],
        warnings=list(view.merged.warnings),
    )


SKILL: Skill[MergeGcPcInput, MergeGcPcOutput] = Skill(
    skill_id=SkillId.FIDIC_MERGE_GC_PC,
    name="Merge GC and PC",
    description=(
        "Apply the Particular Conditions to the General Conditions of a FIDIC-style contract and return a "
        "sub-clause as it now reads (merged text), its General Conditions wording, a word-level diff, "
        "whether it was amended, added or deleted by the PC, and the list of every sub-clause the PC "
        "changed. Use it first on any FIDIC sub-clause: the merged wording is what binds the parties."
    ),
    input_model=MergeGcPcInput,
    output_model=MergeGcPcOutput,
    run=run,
    domain="fidic",
    category="context",
)
