"""The reviewed contract out of the document store: the original .docx when there is one.

The store keeps every upload's original bytes and parsed structure (content-addressed). A review
of FIDIC General Conditions amended by Particular Conditions reviews a merged text that has no
original file; it is exported as a tidy document like a text upload.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from clauseflow_contracts.errors import NotFound
from clauseflow_documents import DocumentStore

from clauseflow_gateway.wordexport.export import ContractSource


def contract_source(store: DocumentStore, documents: Mapping[str, Any]) -> ContractSource:
    """The contract a review was run on; :class:`NotFound` when the store no longer holds it."""
    primary = str(documents.get("primary") or "")
    if not primary or not store.has_structure(primary):
        raise NotFound(
            "the contract of this review is no longer in the document store, so its Word report "
            "cannot be built; the JSON and Markdown reports are still available"
        )
    structure = store.get_structure(primary)
    try:
        content, filename = store.get_original(primary)
    except NotFound:
        return ContractSource(structure)
    is_docx = filename.lower().endswith(".docx") and content[:2] == b"PK"
    return ContractSource(structure, content if is_docx else None, filename)
