"""The content-addressed document store: originals by sha256, their parsed structure, and blobs.

Writes are atomic (temp file + rename) so a crash never leaves a half-written
document; the same bytes always map to the same id, so re-uploads are free.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from clauseflow_contracts.errors import InvalidInput, NotFound
from clauseflow_contracts.ids import derived_id, document_id
from clauseflow_contracts.tenants import LOCAL_TENANT, SEPARATOR, check_tenant, qualify_document_id

from clauseflow_documents.model import DocumentStructure


def encode_blob(data: object) -> bytes:
    """The stored form of a JSON blob."""
    return json.dumps(data, ensure_ascii=False).encode()


class DocumentStore:
    """A directory of documents keyed by content hash; safe for several processes on one volume."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)

    def _path(self, kind: str, key: str, suffix: str) -> Path:
        if not key or "/" in key or ".." in key:
            raise NotFound(f"invalid {kind} id {key!r}")
        if SEPARATOR in key:
            # A tenant's document ("acme:<sha256>") lives in that tenant's namespace.
            tenant, bare = key.split(SEPARATOR, 1)
            try:
                check_tenant(tenant)
            except InvalidInput:
                raise NotFound(f"invalid {kind} id {key!r}") from None
            if not bare or SEPARATOR in bare:
                raise NotFound(f"invalid {kind} id {key!r}")
            return self.root / "tenants" / tenant / kind / bare[:2] / f"{bare}{suffix}"
        return self.root / kind / key[:2] / f"{key}{suffix}"

    def _write_atomic(self, path: Path, data: bytes) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    def put_original(self, content: bytes, filename: str, *, tenant: str = LOCAL_TENANT) -> str:
        """Store original bytes in ``tenant``'s namespace (idempotent); returns the document id
        (the sha256, qualified by the tenant unless it is the local one)."""
        doc_id = qualify_document_id(tenant, document_id(content))
        path = self._path("originals", doc_id, ".bin")
        if not path.exists():
            self._write_atomic(path, content)
            self._write_atomic(path.with_suffix(".name"), filename.encode())
        return doc_id

    def get_original(self, doc_id: str) -> tuple[bytes, str]:
        """The original bytes and file name."""
        path = self._path("originals", doc_id, ".bin")
        if not path.exists():
            raise NotFound(f"document {doc_id} is not in the store")
        name_path = path.with_suffix(".name")
        name = name_path.read_text() if name_path.exists() else doc_id
        return path.read_bytes(), name

    def put_structure(self, structure: DocumentStructure) -> None:
        """Store the parsed structure of a document (keyed by its document_id)."""
        path = self._path("structures", structure.document_id, ".json")
        self._write_atomic(path, structure.model_dump_json().encode())

    def get_structure(self, doc_id: str) -> DocumentStructure:
        """The parsed structure of a document."""
        path = self._path("structures", doc_id, ".json")
        if not path.exists():
            raise NotFound(f"document {doc_id} has no parsed structure in the store")
        return DocumentStructure.model_validate_json(path.read_bytes())

    def has_structure(self, doc_id: str) -> bool:
        """Whether a parsed structure exists for the document."""
        return self._path("structures", doc_id, ".json").exists()

    def put_blob(
        self, kind: str, key_parts: tuple[object, ...], data: object, *, tenant: str = LOCAL_TENANT
    ) -> str:
        """Store a JSON blob (e.g. an agent transcript) under a deterministic id in ``tenant``'s
        namespace; returns the ref."""
        return self.put_blob_bytes(kind, key_parts, encode_blob(data), tenant=tenant)

    def put_blob_bytes(
        self, kind: str, key_parts: tuple[object, ...], payload: bytes, *, tenant: str = LOCAL_TENANT
    ) -> str:
        """Store a blob already encoded by :func:`encode_blob`; returns the ref.

        For async callers: encode on the event loop, then run only this (file system calls,
        which release the GIL) in a worker thread. Encoding in the thread held the GIL there
        and stalled the loop for up to a switch interval.
        """
        # A transcript or a snapshot quotes the contract: it lives in the tenant's namespace too.
        ref = qualify_document_id(tenant, derived_id(kind, *key_parts))
        self._write_atomic(self._path("blobs", ref, ".json"), payload)
        return ref

    def get_blob(self, ref: str) -> object:
        """A stored JSON blob."""
        path = self._path("blobs", ref, ".json")
        if not path.exists():
            raise NotFound(f"blob {ref} is not in the store")
        return json.loads(path.read_bytes())
