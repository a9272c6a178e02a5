"""FIDIC intake: the General Conditions amended by the Particular Conditions become the reviewed text.

Most construction risks are planted in the Particular Conditions (PC), so reviewing the General
Conditions (GC) alone would miss them. When a submission carries a PC file, the gateway merges
the two with :func:`clauseflow_documents.fidic.merge_gc_pc` and stores the merged
structure as a document of its own; every clause of it carries its provenance (``gc``,
``amended`` or ``pc``). Its id is deterministic and names both sources —
``gcpc-<GC sha256>-<PC sha256>`` — so a resubmission of the same pair upserts the same document,
and the FIDIC skills (which only see the primary and PC ids) can find the GC wording from it.
"""

from __future__ import annotations

from clauseflow_contracts.ids import document_id
from clauseflow_documents import DocumentStructure
from clauseflow_documents.fidic import merge_gc_pc


def with_content_id(structure: DocumentStructure, content: bytes) -> DocumentStructure:
    """``structure`` carrying the id the store gives its original bytes (sha256 of the content)."""
    doc_id = document_id(content)
    if structure.document_id == doc_id:
        return structure
    return structure.model_copy(update={"document_id": doc_id})


MERGED_ID_PREFIX = "gcpc-"


def merged_document_id(gc_id: str, pc_id: str) -> str:
    """The id of the merge of the documents ``gc_id`` and ``pc_id`` (parsed back by the FIDIC skills)."""
    return f"{MERGED_ID_PREFIX}{gc_id}-{pc_id}"


def merged_contract(gc: DocumentStructure, pc: DocumentStructure) -> DocumentStructure:
    """The GC amended by the PC, as one structure whose clause texts lie verbatim in its text.

    ``gc`` and ``pc`` must already carry their stored ids: the merged id is derived from them.
    Raises ``ValueError`` when the merge yields something a worker could not review (no clauses,
    or a clause whose text is not where its offsets say), so the submission is refused whole.
    """
    merged = merge_gc_pc(gc, pc)
    merged = merged.model_copy(update={"document_id": merged_document_id(gc.document_id, pc.document_id)})
    if not merged.clauses:
        raise ValueError("merging the Particular Conditions into the General Conditions left no clauses")
    for clause in merged.clauses:
        # Quotes and redlines are validated against the clause text and located in the document
        # text: the two must agree, or every redline of the clause would be refused later.
        if merged.text[clause.start : clause.end] != clause.text and clause.text not in merged.text:
            raise ValueError(f"the merged text of Sub-Clause {clause.clause_id} is inconsistent")
    return merged
