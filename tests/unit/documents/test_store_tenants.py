"""Blobs that quote a contract (agent transcripts, large review snapshots) live in the tenant's
namespace of the document store, like the contract itself."""

from __future__ import annotations

from pathlib import Path

import pytest
from clauseflow_contracts.errors import NotFound
from clauseflow_documents import DocumentStore


def test_a_tenants_transcript_is_stored_in_its_namespace_and_read_back_by_its_ref(tmp_path: Path) -> None:
    store = DocumentStore(tmp_path)
    ref = store.put_blob("transcript", ("rev_1", "7", 0), {"messages": ["the clause"]}, tenant="acme")
    assert ref.startswith("acme:")
    assert list((tmp_path / "tenants" / "acme" / "blobs").rglob("*.json"))
    assert not (tmp_path / "blobs").exists()
    assert store.get_blob(ref) == {"messages": ["the clause"]}


def test_the_same_transcript_key_of_two_tenants_is_two_blobs(tmp_path: Path) -> None:
    store = DocumentStore(tmp_path)
    acme = store.put_blob("transcript", ("rev_1", "7", 0), {"who": "acme"}, tenant="acme")
    globex = store.put_blob("transcript", ("rev_1", "7", 0), {"who": "globex"}, tenant="globex")
    assert acme != globex
    assert (store.get_blob(acme), store.get_blob(globex)) == ({"who": "acme"}, {"who": "globex"})
    # A ref of one tenant with another's prefix finds nothing.
    with pytest.raises(NotFound):
        store.get_blob("globex:" + acme.split(":", 1)[1] + "x")


def test_the_local_tenants_blobs_keep_their_plain_refs(tmp_path: Path) -> None:
    store = DocumentStore(tmp_path)
    ref = store.put_blob("transcript", ("rev_1", "7", 0), {"n": 1})
    assert ":" not in ref and store.get_blob(ref) == {"n": 1}
