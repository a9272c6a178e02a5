"""Cluster ids for the local broker's storage: valid, and never read as a command-line option."""

from __future__ import annotations

import base64
import uuid

import pytest
from clauseflow_testkit.local_kafka import config


def test_a_cluster_id_is_a_uuid_in_url_safe_base64() -> None:
    cluster_id = config.new_cluster_id()
    assert len(cluster_id) == 22
    assert uuid.UUID(bytes=base64.urlsafe_b64decode(cluster_id + "=="))


def test_an_id_that_would_start_with_a_dash_is_drawn_again(monkeypatch: pytest.MonkeyPatch) -> None:
    # 0xF8 = 0b111110_00: the first base64 digit is 62, which URL-safe base64 writes as "-".
    draws = iter([uuid.UUID(bytes=b"\xf8" + b"\x00" * 15), uuid.UUID(bytes=b"\x10" + b"\x00" * 15)])
    monkeypatch.setattr(config.uuid, "uuid4", lambda: next(draws))
    assert config.new_cluster_id() == base64.urlsafe_b64encode(b"\x10" + b"\x00" * 15).decode().rstrip("=")
