"""What the desk reads from the gateway, over real HTTP: the review list (filters, cursor pages),
the reviewed contract's clauses, the page and its assets, and the security headers."""

from __future__ import annotations

import base64
import hashlib
import re
import uuid
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from clauseflow_contracts.events import Topic
from clauseflow_gateway.settings import GatewaySettings
from clauseflow_platform.bus.memory import InMemoryBus
from gateway_api_support import clause_result, eventually, publish, serve_gateway, submit_text


class Served:
    def __init__(self, http: httpx.AsyncClient, bus: InMemoryBus) -> None:
        self.http = http
        self.bus = bus


@pytest.fixture(scope="module")
async def gateway(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Served]:
    """One gateway for the module (starting one costs seconds); tests keep apart by party names."""
    tmp_path = tmp_path_factory.mktemp("desk-api")
    bus = InMemoryBus(partitions=2)
    await bus.start()
    settings = GatewaySettings(
        gateway_database_url=f"sqlite+aiosqlite:///{tmp_path / 'gateway.db'}",
        document_store_dir=tmp_path / "documents",
        bus_kind="memory",
        outbox_poll_s=0.1,
        sse_poll_s=0.05,
    )
    try:
        async with serve_gateway(settings, bus) as http:
            yield Served(http, bus)
    finally:
        await bus.stop()


def party() -> str:
    """A party name no other test uses, so a test lists only its own reviews."""
    return f"Party {uuid.uuid4().hex[:10]}"


async def listed(gw: Served, **params: Any) -> dict[str, Any]:
    answer = await gw.http.get("/v1/reviews", params=params)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


# --- the review list ----------------------------------------------------------------------------


async def test_pages_follow_each_other_newest_first_without_gaps_or_repeats(gateway: Served) -> None:
    ours = party()
    submitted = [(await submit_text(gateway, our_party=f"{ours} #{i}"))["id"] for i in range(5)]
    seen: list[str] = []
    cursor = None
    for _ in range(5):
        page = await listed(gateway, party=ours, limit=2, **({"cursor": cursor} if cursor else {}))
        seen += [r["id"] for r in page["data"]]
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert seen == list(reversed(submitted))


async def test_a_review_submitted_while_paging_does_not_shift_the_next_page(gateway: Served) -> None:
    ours = party()
    first_ids = [(await submit_text(gateway, our_party=ours))["id"] for _ in range(3)]
    page = await listed(gateway, party=ours, limit=2)
    await submit_text(gateway, our_party=ours)  # newer than all: belongs before page one, not in two
    rest = await listed(gateway, party=ours, limit=2, cursor=page["next_cursor"])
    assert [r["id"] for r in rest["data"]] == [first_ids[0]]


async def test_filters_by_party_status_and_creation_time(gateway: Served) -> None:
    ours = party()
    acme = (await submit_text(gateway, our_party=f"ACME {ours} (the Supplier)"))["id"]
    await submit_text(gateway, our_party=f"Beta {ours}")
    assert [r["id"] for r in (await listed(gateway, party=f"acme {ours.lower()}"))["data"]] == [acme]
    assert (await listed(gateway, party=ours, status="completed"))["data"] == []
    assert len((await listed(gateway, party=ours, status=["received", "completed"]))["data"]) == 2
    now = datetime.now(UTC)
    later = (now + timedelta(hours=1)).isoformat()
    earlier = (now - timedelta(hours=1)).isoformat()
    assert (await listed(gateway, party=ours, created_after=later))["data"] == []
    assert (await listed(gateway, party=ours, created_before=earlier))["data"] == []
    window = await listed(
        gateway,
        party=ours,
        created_after=(now - timedelta(hours=1)).isoformat(),
        created_before=(now + timedelta(hours=1)).isoformat(),
    )
    assert len(window["data"]) == 2


async def test_each_line_counts_risks_by_level_and_redlines_by_status(gateway: Served) -> None:
    ours = party()
    review_id = (await submit_text(gateway, our_party=ours))["id"]
    await publish(gateway, Topic.CLAUSE_RESULTS, review_id, clause_result(review_id), f"evt_{review_id}")

    async def counted() -> dict[str, Any] | None:
        [line] = (await listed(gateway, party=ours))["data"]
        return line if line["risk_counts"]["total"] else None

    line = await eventually(counted)
    assert line["risk_counts"] == {"total": 2, "high": 1, "medium": 0, "low": 1}
    assert line["redline_counts"] == {"pending": 2}
    assert line["links"]["events"] == f"/v1/reviews/{review_id}/events"


async def test_bad_paging_and_ranges_are_refused_with_a_reason(gateway: Served) -> None:
    bad = await gateway.http.get("/v1/reviews", params={"cursor": "not-a-cursor"})
    assert bad.status_code == 400
    assert bad.json()["error"]["code"] == "invalid_cursor"
    assert (await gateway.http.get("/v1/reviews", params={"limit": 0})).status_code == 422
    backwards = await gateway.http.get(
        "/v1/reviews",
        params={"created_after": "2026-02-01T00:00:00Z", "created_before": "2026-01-01T00:00:00Z"},
    )
    assert backwards.status_code == 422
    assert "created_after must be earlier" in backwards.json()["error"]["message"]


async def test_the_list_is_documented_in_openapi(gateway: Served) -> None:
    spec = (await gateway.http.get("/openapi.json")).json()
    get = spec["paths"]["/v1/reviews"]["get"]
    assert {p["name"] for p in get["parameters"]} == {
        "status",
        "party",
        "created_after",
        "created_before",
        "limit",
        "cursor",
    }
    assert "next_cursor" in spec["components"]["schemas"]["ReviewPagePublic"]["properties"]
    assert "/v1/reviews/{review_id}/document" in spec["paths"]


# --- the reviewed contract ----------------------------------------------------------------------


async def test_the_document_lists_every_clause_once_in_document_order(gateway: Served) -> None:
    review_id = (await submit_text(gateway))["id"]
    doc = (await gateway.http.get(f"/v1/reviews/{review_id}/document")).json()
    ids = [b["clause_id"] for b in doc["blocks"]]
    assert ids.index("1") < ids.index("2") < ids.index("2.1") < ids.index("2.2") < ids.index("3")
    blocks = {b["clause_id"]: b for b in doc["blocks"]}
    assert blocks["2.1"]["path"] == ["2", "2.1"]
    assert blocks["2.1"]["text"] == "2.1 The Supplier's liability under this Agreement is unlimited."
    assert "unlimited" not in blocks["2"]["text"]  # the article's own words only, not its sub-clauses'
    missing = await gateway.http.get("/v1/reviews/rev_missing/document")
    assert missing.status_code == 404


CONTRACT = (
    "SERVICES AGREEMENT\n\n1. Services\nThe Supplier shall provide the Services.\n\n"
    "2. Liability\nThe Supplier's liability under this Agreement is unlimited.\n"
)
SOW = (
    "STATEMENT OF WORK\n\n1. Scope\nThe Supplier shall migrate the reports.\n\n"
    "2. Timetable\nThe migration ends within twelve weeks.\n\n"
    "3. Acceptance\nThe Customer tests each delivery within ten days.\n"
)


async def test_the_document_lists_the_reference_documents_after_the_contract(gateway: Served) -> None:
    answer = await gateway.http.post(
        "/v1/reviews",
        data={"our_party": party(), "language": "en"},
        files=[
            ("file", ("contract.txt", CONTRACT.encode(), "text/plain")),
            ("reference_files", ("sow.txt", SOW.encode(), "text/plain")),
        ],
    )
    assert answer.status_code == 202, answer.text
    doc = (await gateway.http.get(f"/v1/reviews/{answer.json()['id']}/document")).json()
    assert [b["clause_id"] for b in doc["blocks"] if b["clause_id"][0].isdigit()] == ["1", "2"]
    [sow] = doc["references"]
    assert (sow["prefix"], sow["title"]) == ("SOW", "STATEMENT OF WORK")
    blocks = {b["clause_id"]: b for b in sow["blocks"]}
    # Named as the review cites them: a risk in the statement's clause 3 is "SOW 3".
    assert [c for c in blocks if c != "SOW Preamble"] == ["SOW 1", "SOW 2", "SOW 3"]
    assert blocks["SOW 3"]["path"] == ["SOW 3"]
    assert "within ten days" in blocks["SOW 3"]["text"]


# --- the page, its assets, its headers ------------------------------------------------------------


async def test_the_desk_is_served_with_a_strict_policy_and_every_asset_it_names(gateway: Served) -> None:
    page = await gateway.http.get("/")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    policy = page.headers["content-security-policy"]
    assert "script-src 'self';" in policy and "style-src 'self';" in policy
    assert "unsafe-inline" not in policy and "frame-ancestors 'none'" in policy
    assert page.headers["x-content-type-options"] == "nosniff"
    assets = re.findall(r'(?:src|href)="(/desk/[^"]+)"', page.text)
    assert "/desk/js/app.js" in assets
    for asset in assets:
        answer = await gateway.http.get(asset)
        assert answer.status_code == 200, asset
        assert answer.headers["x-content-type-options"] == "nosniff"
    for module in ("api", "review", "list", "form", "i18n", "dom", "diff", "highlight", "common"):
        assert (await gateway.http.get(f"/desk/js/{module}.js")).status_code == 200


async def test_no_answer_sets_a_cookie(gateway: Served) -> None:
    answers = [
        await gateway.http.get("/"),
        await gateway.http.post("/v1/reviews", json={"text": "1. Payment\nPay.", "our_party": "Buyer"}),
        await gateway.http.get("/v1/reviews"),
        await gateway.http.get("/docs"),
    ]
    assert all("set-cookie" not in a.headers for a in answers)


async def test_api_answers_are_not_pages(gateway: Served) -> None:
    answer = await gateway.http.get("/v1/reviews")
    assert answer.headers["content-security-policy"] == "default-src 'none'; frame-ancestors 'none'"


@pytest.mark.parametrize("path", ["/docs", "/redoc"])
async def test_api_docs_use_the_vendored_libraries_and_allow_only_their_own_inline_script(
    gateway: Served, path: str
) -> None:
    page = await gateway.http.get(path)
    assert page.status_code == 200
    assert not re.search(r"""(src|href)=["']https?://""", page.text)
    for asset in re.findall(r'(?:src|href)="(/desk/[^"]+)"', page.text):
        assert (await gateway.http.get(asset)).status_code == 200, asset
    policy = page.headers["content-security-policy"]
    for script in re.findall(r"<script>(.*?)</script>", page.text, re.S):
        digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in policy
    assert "script-src 'self'" in policy and "'unsafe-inline'; " not in policy.split("style-src")[0]
