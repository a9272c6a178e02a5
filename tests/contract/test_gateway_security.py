"""Who may see and decide what: the gateway's security suite, over real HTTP against the real app.

Two tenants share one gateway: ``acme`` (the harness's admin key) and ``globex`` (created by the
operator). The route tables below are not written by hand: every operation of the OpenAPI document
is checked, so a route added later is checked too, and a /v1 route the suite cannot classify fails.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import os
import re
import subprocess
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from clauseflow_contracts.events import Envelope, ReviewRequested, Topic
from clauseflow_documents import DocumentStore
from clauseflow_gateway.app import create_app
from clauseflow_gateway.auth.tokens import RANK, Role, new_token
from clauseflow_gateway.settings import GatewaySettings
from clauseflow_platform.bus.memory import InMemoryBus
from clauseflow_platform.logging import REDACTED, redact_secrets, register_secret
from gateway_api_support import (
    CONTRACT,
    TENANT,
    eventually,
    gateway_on_sqlite,
    gateway_process_env,
    review_with_pending_redlines,
    submit_text,
)

OPERATOR_ID, OPERATOR_TOKEN = new_token()


def _v1_operations() -> list[tuple[str, str]]:
    """Every /v1 operation of the app's OpenAPI document (built without starting the app)."""
    spec = create_app(GatewaySettings()).openapi()
    return [
        (method.upper(), path)
        for path, ops in spec["paths"].items()
        for method in ops
        if path.startswith("/v1")
    ]


OPERATIONS = _v1_operations()
# Path parameters the suite knows how to point at another tenant's object.
KNOWN_PATH_PARAMS = {"review_id", "key_id"}
# /v1 operations without path parameters: each acts only within the caller's tenant by construction.
TENANT_SCOPED_BY_CONSTRUCTION = {
    ("POST", "/v1/reviews"),  # creates a review in the caller's tenant
    ("GET", "/v1/keys"),  # lists the caller's tenant's keys
    ("POST", "/v1/keys"),  # creates keys in the caller's tenant (403 for another)
    ("GET", "/v1/reviews"),  # lists the caller's tenant's reviews (tested below)
    ("GET", "/v1/ops/health"),  # counts the caller's tenant's clauses (test_gateway_ops_health.py)
}
# The role each known operation needs; an operation not listed needs the default for its method.
EXPECTED_ROLES = {
    ("POST", "/v1/reviews"): Role.SUBMIT,
    ("POST", "/v1/reviews/{review_id}/decisions"): Role.REVIEW,
    ("GET", "/v1/keys"): Role.ADMIN,
    ("POST", "/v1/keys"): Role.ADMIN,
    ("DELETE", "/v1/keys/{key_id}"): Role.ADMIN,
    ("GET", "/v1/ops/health"): Role.ADMIN,
}


@dataclass
class World:
    """A gateway with two tenants, keys of every kind, and a review of each tenant."""

    http: httpx.AsyncClient
    bus: InMemoryBus
    root: Path
    spec: dict[str, Any]
    tokens: dict[str, str]
    key_ids: dict[str, str]
    acme_review: str
    acme_redlines: list[str]
    globex_review: str

    def as_(self, who: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[who]}"}

    def operations(self) -> list[tuple[str, str]]:
        return [
            (method.upper(), path)
            for path, ops in self.spec["paths"].items()
            for method in ops
            if path.startswith("/v1")
        ]


async def _create_key(http: httpx.AsyncClient, headers: dict[str, str], **body: Any) -> tuple[str, str]:
    resp = await http.post("/v1/keys", json=body, headers=headers)
    assert resp.status_code == 201, resp.text
    return resp.json()["id"], resp.json()["token"]


@pytest.fixture(scope="module")
async def world(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[World]:
    root = tmp_path_factory.mktemp("security")
    operator_hash = hashlib.sha256(OPERATOR_TOKEN.encode()).hexdigest()
    async with gateway_on_sqlite(root, gateway_operator_key_sha256=operator_hash, upload_rate_limit=1000) as (
        http,
        bus,
    ):
        operator = {"Authorization": f"Bearer {OPERATOR_TOKEN}"}
        tokens: dict[str, str] = {"operator": OPERATOR_TOKEN}
        key_ids: dict[str, str] = {}
        for role in Role:
            key_ids[f"acme-{role}"], tokens[f"acme-{role}"] = await _create_key(
                http, {}, roles=[role.value], label=f"Acme {role}"
            )
        key_ids["globex-admin"], tokens["globex-admin"] = await _create_key(
            http, operator, tenant="globex", roles=["admin"], label="Globex Admin"
        )
        key_ids["revoked"], tokens["revoked"] = await _create_key(http, {}, roles=["review"], label="Gone")
        assert (await http.delete(f"/v1/keys/{key_ids['revoked']}")).status_code == 200
        soon = datetime.now(UTC) + timedelta(seconds=1)
        key_ids["expired"], tokens["expired"] = await _create_key(
            http, {}, roles=["review"], label="Temp", expires_at=soon.isoformat()
        )
        world = World(http, bus, root, {}, tokens, key_ids, "", [], "")
        world.acme_review, world.acme_redlines = await review_with_pending_redlines(world)
        globex = await http.post(
            "/v1/reviews",
            json={"text": CONTRACT, "our_party": "Buyer", "language": "en", "domain": "generic"},
            headers=world.as_("globex-admin"),
        )
        assert globex.status_code == 202, globex.text
        world.globex_review = globex.json()["id"]
        world.spec = (await http.get("/openapi.json")).json()
        await asyncio.sleep(max(0.0, (soon - datetime.now(UTC)).total_seconds()) + 0.1)
        yield world


# --- who is calling: no key, bad keys ----------------------------------------------------------


def test_the_suite_sees_every_operation_the_served_document_has() -> None:
    assert len(OPERATIONS) >= 10
    assert ("POST", "/v1/reviews/{review_id}/decisions") in OPERATIONS


async def test_the_served_openapi_document_is_the_one_the_suite_is_parametrised_over(world: World) -> None:
    assert sorted(world.operations()) == sorted(OPERATIONS)


@pytest.mark.parametrize(("method", "path"), OPERATIONS, ids=[f"{m} {p}" for m, p in OPERATIONS])
async def test_an_operation_refuses_a_request_without_a_key(world: World, method: str, path: str) -> None:
    url = path.replace("{review_id}", world.acme_review).replace("{key_id}", world.key_ids["acme-submit"])
    resp = await world.http.request(method, url, headers={"Authorization": ""}, json={})
    assert resp.status_code == 401, f"{method} {path} answered {resp.status_code} without a key"
    assert resp.json()["error"]["code"] == "unauthorized"
    assert resp.headers["www-authenticate"].startswith("Bearer")


@pytest.mark.parametrize(
    ("who", "token", "says"),
    [
        ("none", "", "an API key is required"),
        ("basic", None, "an API key is required"),
        ("malformed", "not-a-key", "malformed"),
        ("truncated", "TRUNCATE", "malformed"),
        ("unknown", "UNKNOWN", "not known"),
        ("wrong secret", "WRONG", "not known"),
        ("revoked", "revoked", "was revoked"),
        ("expired", "expired", "expired at"),
    ],
)
async def test_a_bad_key_is_a_401_that_says_what_is_wrong_without_echoing_it(
    world: World, who: str, token: str | None, says: str
) -> None:
    if token == "TRUNCATE":
        token = world.tokens["acme-review"][:-5]
    elif token == "UNKNOWN":
        token = new_token()[1]
    elif token == "WRONG":
        key_id = world.key_ids["acme-review"]
        token = f"cfk_{key_id}.{new_token()[1].split('.', 1)[1]}"
    elif token in world.tokens:
        token = world.tokens[token]
    header = f"Basic {world.tokens['acme-admin']}" if token is None else f"Bearer {token}".strip()
    resp = await world.http.get(f"/v1/reviews/{world.acme_review}", headers={"Authorization": header})
    assert resp.status_code == 401, who
    assert says in resp.json()["error"]["message"]
    if token:
        assert token not in resp.text


async def test_a_key_revoked_through_the_api_stops_working_at_once(world: World) -> None:
    key_id, token = await _create_key(world.http, {}, roles=["submit"], label="Short-lived")
    headers = {"Authorization": f"Bearer {token}"}
    assert (await world.http.get(f"/v1/reviews/{world.acme_review}", headers=headers)).status_code == 200
    revoked = await world.http.delete(f"/v1/keys/{key_id}")
    assert revoked.json()["active"] is False and revoked.json()["revoked_at"]
    assert (await world.http.get(f"/v1/reviews/{world.acme_review}", headers=headers)).status_code == 401


async def test_keys_are_listed_without_tokens_or_hashes_and_only_within_the_tenant(world: World) -> None:
    listed = (await world.http.get("/v1/keys")).json()
    assert {k["tenant"] for k in listed["data"]} == {TENANT}
    assert "globex-admin" not in {k["label"] for k in listed["data"]}
    for key in listed["data"]:
        assert set(key) == {
            "id",
            "tenant",
            "roles",
            "label",
            "created_at",
            "created_by",
            "expires_at",
            "revoked_at",
            "active",
        }
    assert not any(token in str(listed) for token in world.tokens.values())
    every = (await world.http.get("/v1/keys", headers=world.as_("operator"))).json()
    assert {k["tenant"] for k in every["data"]} == {TENANT, "globex"}


async def test_tokens_are_stored_only_as_hashes(world: World) -> None:
    import sqlite3

    with sqlite3.connect(world.root / "gateway.db") as conn:
        dump = "\n".join(conn.iterdump())
    for token in world.tokens.values():
        assert token not in dump
    assert hashlib.sha256(world.tokens["acme-review"].encode()).hexdigest() in dump


async def test_an_admin_cannot_create_or_revoke_keys_of_another_tenant(world: World) -> None:
    created = await world.http.post("/v1/keys", json={"tenant": "globex", "roles": ["admin"]})
    assert created.status_code == 403
    revoked = await world.http.delete(f"/v1/keys/{world.key_ids['globex-admin']}")
    assert revoked.status_code == 404
    still = await world.http.get(f"/v1/reviews/{world.globex_review}", headers=world.as_("globex-admin"))
    assert still.status_code == 200


async def test_the_operator_manages_keys_but_reads_no_tenants_reviews(world: World) -> None:
    resp = await world.http.get(f"/v1/reviews/{world.acme_review}", headers=world.as_("operator"))
    assert resp.status_code == 403
    no_tenant = await world.http.post("/v1/keys", json={"roles": ["admin"]}, headers=world.as_("operator"))
    assert no_tenant.status_code == 422


# --- what each role may do ------------------------------------------------------------------------


def _required(world: World, method: str, path: str) -> Role:
    declared = world.spec["paths"][path][method.lower()].get("x-required-role")
    assert declared, f"{method} {path} does not document the role it needs (x-required-role)"
    return Role(declared)


async def test_each_operation_documents_the_role_it_needs(world: World) -> None:
    for method, path in world.operations():
        default = Role.SUBMIT if method == "GET" else Role.REVIEW
        assert _required(world, method, path) == EXPECTED_ROLES.get((method, path), default), (method, path)
        security = world.spec["paths"][path][method.lower()].get("security")
        assert security == [{"ApiKey": []}], f"{method} {path} does not declare the API key scheme"
    assert world.spec["components"]["securitySchemes"]["ApiKey"]["scheme"] == "bearer"
    assert "security" not in world.spec["paths"]["/healthz"]["get"]


@pytest.mark.parametrize("role", list(Role))
async def test_each_role_against_each_operation(world: World, role: Role) -> None:
    """A role below the operation's is a 403; a role at or above it gets past the guard (here to
    a 404 or 422, because the target does not exist or the body is empty: nothing changes)."""
    missing_review = "rev_does_not_exist"
    for method, path in world.operations():
        url = path.replace("{review_id}", missing_review).replace("{key_id}", "k_0000000000000000")
        resp = await world.http.request(method, url, headers=world.as_(f"acme-{role}"), json={})
        allowed = RANK[role] >= RANK[_required(world, method, path)]
        if allowed:
            assert resp.status_code not in (401, 403), f"{role} refused on {method} {path}: {resp.text}"
        else:
            assert resp.status_code == 403, f"{role} not refused on {method} {path}: {resp.status_code}"
            assert "needs the role" in resp.json()["error"]["message"]


async def test_a_submit_key_uploads_and_reads_but_cannot_decide(world: World) -> None:
    submitter = world.as_("acme-submit")
    review = await world.http.post(
        "/v1/reviews",
        json={"text": CONTRACT, "our_party": "Supplier", "language": "en"},
        headers=submitter,
    )
    assert review.status_code == 202
    assert (
        await world.http.get(f"/v1/reviews/{world.acme_review}/redlines", headers=submitter)
    ).status_code == 200
    decided = await world.http.post(
        f"/v1/reviews/{world.acme_review}/decisions",
        json={"decisions": [{"redline_id": world.acme_redlines[0], "action": "approve"}]},
        headers=submitter,
    )
    assert decided.status_code == 403


# --- tenant isolation -----------------------------------------------------------------------------


def _cross_tenant_url(world: World, method: str, path: str) -> str | None:
    """The operation aimed at acme's objects, or None for one that only acts within the tenant."""
    params = set(re.findall(r"{(\w+)}", path))
    unknown = params - KNOWN_PATH_PARAMS
    assert not unknown, (
        f"{method} {path} has path parameters {unknown} this suite cannot aim at another tenant: "
        "add them to KNOWN_PATH_PARAMS with a cross-tenant case"
    )
    if not params:
        assert (method, path) in TENANT_SCOPED_BY_CONSTRUCTION, (
            f"{method} {path} is a new /v1 operation without path parameters: say in "
            "TENANT_SCOPED_BY_CONSTRUCTION why it cannot reach another tenant, or test it here"
        )
        return None
    return path.replace("{review_id}", world.acme_review).replace("{key_id}", world.key_ids["acme-submit"])


@pytest.mark.parametrize(("method", "path"), OPERATIONS, ids=[f"{m} {p}" for m, p in OPERATIONS])
async def test_an_operation_on_another_tenants_object_is_a_404_like_a_missing_one(
    world: World, method: str, path: str
) -> None:
    url = _cross_tenant_url(world, method, path)
    if url is None:
        return  # acts only within the caller's tenant (see TENANT_SCOPED_BY_CONSTRUCTION)
    body_for = {
        "/v1/reviews/{review_id}/decisions": {
            "decisions": [{"redline_id": world.acme_redlines[0], "action": "approve"}]
        }
    }
    body = body_for.get(path, {})
    theirs = await world.http.request(method, url, headers=world.as_("globex-admin"), json=body)
    assert theirs.status_code == 404, f"{method} {path}: {theirs.status_code} {theirs.text}"
    missing_url = re.sub(r"rev_\w+|k_[0-9a-f]{16}", "rev_nope_0000", url)
    missing = await world.http.request(method, missing_url, headers=world.as_("globex-admin"), json=body)
    assert missing.status_code == 404
    assert theirs.json()["error"]["code"] == missing.json()["error"]["code"] == "not_found"
    # Nothing was decided or revoked by the other tenant.
    history = (await world.http.get(f"/v1/reviews/{world.acme_review}/decisions")).json()
    assert not [d for d in history["data"] if d["decided_by"] == "Globex Admin"]
    keys = (await world.http.get("/v1/keys")).json()["data"]
    assert next(k for k in keys if k["id"] == world.key_ids["acme-submit"])["active"] is True


async def test_the_event_stream_of_another_tenant_is_a_404_and_ones_own_streams(world: World) -> None:
    theirs = await world.http.get(
        f"/v1/reviews/{world.acme_review}/events", headers=world.as_("globex-admin")
    )
    assert theirs.status_code == 404
    assert "text/event-stream" not in theirs.headers.get("content-type", "")
    async with world.http.stream("GET", f"/v1/reviews/{world.acme_review}/events") as own:
        assert own.status_code == 200
        assert own.headers["content-type"].startswith("text/event-stream")
        async for line in own.aiter_lines():
            if line.startswith("event:"):
                assert line.split(":", 1)[1].strip() == "progress"
                break


async def test_documents_are_namespaced_by_tenant_and_events_carry_the_tenant(world: World) -> None:
    """The same contract uploaded by two tenants is two documents; a document id of one tenant
    cannot be found in the other's namespace; the review events name the tenant."""
    records = await world.bus.read_topic(Topic.REVIEW_REQUESTED, min_records=2, timeout_s=5)
    requested = {env.review_id: env for env in (Envelope.from_bytes(r.value) for r in records)}
    acme, globex = requested[world.acme_review], requested[world.globex_review]
    assert (acme.tenant_id, globex.tenant_id) == (TENANT, "globex")
    acme_doc = acme.open(ReviewRequested).documents.primary
    globex_doc = globex.open(ReviewRequested).documents.primary
    assert acme_doc.startswith("acme:") and globex_doc.startswith("globex:")
    assert acme_doc.split(":", 1)[1] == globex_doc.split(":", 1)[1]  # same bytes, two namespaces
    store = DocumentStore(world.root / "documents")
    assert store.get_structure(acme_doc).document_id == acme_doc
    assert (world.root / "documents" / "tenants" / "globex").is_dir()
    guessed = f"globex:{acme_doc.split(':', 1)[1][:-4]}0000"
    with pytest.raises(Exception, match=r"not in the store|no parsed structure"):
        store.get_structure(guessed)


async def test_the_review_list_shows_only_the_callers_tenant(world: World) -> None:
    acme = (await world.http.get("/v1/reviews", params={"limit": 100})).json()["data"]
    globex = (await world.http.get("/v1/reviews", headers=world.as_("globex-admin"))).json()["data"]
    acme_ids = {r["id"] for r in acme}
    assert world.acme_review in acme_ids and world.globex_review not in acme_ids
    assert [r["id"] for r in globex] == [world.globex_review]


async def test_review_ids_guessed_across_tenants_are_404(world: World) -> None:
    for review_id in (world.acme_review, world.acme_review.upper(), world.acme_review + "x"):
        resp = await world.http.get(f"/v1/reviews/{review_id}", headers=world.as_("globex-admin"))
        assert resp.status_code == 404
    own = await world.http.get(f"/v1/reviews/{world.globex_review}", headers=world.as_("globex-admin"))
    assert own.status_code == 200
    other = await world.http.get(f"/v1/reviews/{world.globex_review}")
    assert other.status_code == 404


# --- the decider is the key -----------------------------------------------------------------------


async def test_decided_by_in_the_body_is_ignored_and_the_report_names_the_key(world: World) -> None:
    body = {
        "decisions": [{"redline_id": world.acme_redlines[1], "action": "approve"}],
        "decided_by": "The General Counsel",
    }
    resp = await world.http.post(
        f"/v1/reviews/{world.acme_review}/decisions", json=body, headers=world.as_("acme-review")
    )
    assert resp.status_code == 202, resp.text
    answer = resp.json()
    assert (answer["decided_by"], answer["decided_by_key_id"]) == (
        "Acme review",
        world.key_ids["acme-review"],
    )
    history = (await world.http.get(f"/v1/reviews/{world.acme_review}/decisions")).json()["data"]
    assert [(d["decided_by"], d["decided_by_key_id"]) for d in history] == [
        ("Acme review", world.key_ids["acme-review"])
    ]
    report = (await world.http.get(f"/v1/reviews/{world.acme_review}/report")).json()
    [decided] = [r for r in report["redline_history"] if r["id"] == world.acme_redlines[1]]
    assert decided["decided_by"] == "Acme review"
    assert decided["decided_by_key_id"] == world.key_ids["acme-review"]
    assert datetime.fromisoformat(decided["decided_at"]) <= datetime.now(UTC)
    markdown = (await world.http.get(f"/v1/reviews/{world.acme_review}/report", params={"format": "md"})).text
    assert "Decided by: Acme review" in markdown
    assert "The General Counsel" not in markdown and "The General Counsel" not in str(report)


# --- surface --------------------------------------------------------------------------------------


async def test_uploads_beyond_the_per_key_limit_are_429_with_retry_after(tmp_path: Path) -> None:
    async with gateway_on_sqlite(tmp_path, upload_rate_limit=2, upload_rate_window_s=60) as (http, bus):
        gw = _Client(http, bus)
        await submit_text(gw)
        await submit_text(gw)
        refused = await http.post("/v1/reviews", json={"text": CONTRACT, "our_party": "Supplier"})
        assert refused.status_code == 429
        assert refused.json()["error"]["code"] == "rate_limited"
        assert 1 <= int(refused.headers["retry-after"]) <= 60
        _, other = await _create_key(http, {}, roles=["submit"], label="Another key")
        fresh = await http.post(
            "/v1/reviews",
            json={"text": CONTRACT, "our_party": "Supplier"},
            headers={"Authorization": f"Bearer {other}"},
        )
        assert fresh.status_code == 202  # the limit is per key


@dataclass
class _Client:
    http: httpx.AsyncClient
    bus: InMemoryBus


async def test_cors_is_off_unless_an_allow_list_is_configured(world: World) -> None:
    preflight = await world.http.options(
        "/v1/reviews",
        headers={"Origin": "https://evil.example", "Access-Control-Request-Method": "POST"},
    )
    assert "access-control-allow-origin" not in preflight.headers
    simple = await world.http.get(
        f"/v1/reviews/{world.acme_review}", headers={"Origin": "https://evil.example"}
    )
    assert "access-control-allow-origin" not in simple.headers


async def test_cors_answers_only_the_origins_on_the_allow_list(tmp_path: Path) -> None:
    async with gateway_on_sqlite(tmp_path, cors_allow_origins="https://desk.example") as (http, _):
        preflight = {
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "authorization",
        }
        listed = await http.options("/v1/reviews", headers={"Origin": "https://desk.example", **preflight})
        assert listed.headers["access-control-allow-origin"] == "https://desk.example"
        assert "authorization" in listed.headers["access-control-allow-headers"].lower()
        other = await http.options("/v1/reviews", headers={"Origin": "https://evil.example", **preflight})
        assert "access-control-allow-origin" not in other.headers


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.20", "::", "gateway.example.com"])
def test_auth_off_is_refused_on_a_non_loopback_address(host: str) -> None:
    with pytest.raises(ValueError, match="allowed only on a loopback address"):
        GatewaySettings(gateway_auth=False, gateway_host=host)


def test_an_operator_token_given_where_its_hash_belongs_is_refused_without_echoing_it() -> None:
    with pytest.raises(ValueError, match="64 hex digits") as refused:
        GatewaySettings(gateway_operator_key_sha256=OPERATOR_TOKEN)
    assert OPERATOR_TOKEN not in str(refused.value)
    assert GatewaySettings(gateway_operator_key_sha256="").gateway_operator_key_sha256 is None


@pytest.mark.parametrize("host", ["127.0.0.1", "::1", "localhost"])
def test_auth_off_is_allowed_on_loopback(host: str) -> None:
    assert GatewaySettings(gateway_auth=False, gateway_host=host).gateway_auth is False


def test_the_gateway_process_refuses_to_start_open_on_every_interface(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "GATEWAY_AUTH": "false",
        "GATEWAY_HOST": "0.0.0.0",
        "GATEWAY_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'gw.db'}",
        "BUS_KIND": "memory",
    }
    done = subprocess.run(
        [sys.executable, "-m", "clauseflow_gateway.main"],
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 2
    assert "GATEWAY_AUTH=false is allowed only on a loopback address" in done.stderr
    assert not (tmp_path / "gw.db").exists()


async def test_auth_off_on_loopback_serves_the_local_tenant_without_a_key(tmp_path: Path) -> None:
    async with gateway_on_sqlite(tmp_path, gateway_auth=False) as (http, bus):
        resp = await http.post(
            "/v1/reviews",
            json={"text": CONTRACT, "our_party": "Supplier"},
            headers={"Authorization": ""},
        )
        assert resp.status_code == 202, resp.text
        [record] = await bus.read_topic(Topic.REVIEW_REQUESTED, min_records=1, timeout_s=5)
        assert Envelope.from_bytes(record.value).tenant_id == "local"


# --- secrets stay out of logs and errors ----------------------------------------------------------


def test_the_log_redactor_hides_keys_bearer_credentials_and_registered_secrets() -> None:
    _, token = new_token()
    llm_key = "sk-test-" + "x1y2z3" * 6
    register_secret(llm_key)
    event = redact_secrets(
        None,
        "info",
        {
            "event": f"calling with {token} and key {llm_key}",
            "authorization": "whatever it says",
            "headers": {"Authorization": f"Bearer {llm_key}", "accept": "text/plain"},
            "error": f"401 for 'Bearer {token}'",
            "llm_api_key": llm_key,
            "total_tokens": 1234,
            "review_id": "rev_1",
        },
    )
    text = str(event)
    assert token not in text and llm_key not in text
    assert event["authorization"] == REDACTED and event["llm_api_key"] == REDACTED
    assert event["headers"]["accept"] == "text/plain"
    assert (event["total_tokens"], event["review_id"]) == (1234, "rev_1")


async def test_a_gateway_process_logs_neither_keys_nor_the_llm_key(tmp_path: Path) -> None:
    """A gateway as an OS process, at DEBUG, with an LLM key in its environment; keys are created,
    used, mistyped and revoked against it. Its log shows the traffic and none of the secrets."""
    from clauseflow_cli.processes import free_port

    llm_key = "sk-live-" + "Qw3rTy" * 7
    port = free_port()
    env = gateway_process_env(tmp_path, port, OPERATOR_TOKEN, LOG_LEVEL="DEBUG", LLM_API_KEY=llm_key)
    log_path = tmp_path / "gateway.log"
    with log_path.open("w") as log_file:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "clauseflow_gateway.main",
            env=env,
            stdout=log_file,
            stderr=subprocess.STDOUT,
        )
    try:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60) as http:

            async def up() -> bool:
                with contextlib.suppress(httpx.TransportError):
                    return (await http.get("/healthz")).status_code == 200
                return False

            await eventually(up, timeout_s=120)
            operator = {"Authorization": f"Bearer {OPERATOR_TOKEN}"}
            key_id, token = await _create_key(http, operator, tenant="acme", roles=["admin"], label="A")
            headers = {"Authorization": f"Bearer {token}"}
            accepted = await http.post(
                "/v1/reviews", json={"text": CONTRACT, "our_party": "Supplier"}, headers=headers
            )
            assert accepted.status_code == 202
            await http.get(
                f"/v1/reviews/{accepted.json()['id']}", headers={"Authorization": f"Bearer {token}x"}
            )
            await http.get("/v1/reviews/rev_x", headers={"Authorization": f"Bearer {llm_key}"})
            await http.delete(f"/v1/keys/{key_id}", headers=headers)
            await http.get(f"/v1/reviews/{accepted.json()['id']}", headers=headers)
    finally:
        process.terminate()
        await asyncio.wait_for(process.wait(), timeout=30)
    log = log_path.read_text()
    assert "gateway.started" in log and "review.submitted" in log
    for secret in (token, OPERATOR_TOKEN, llm_key):
        assert secret not in log
