"""The bad-input corpus (``tests/data/bad_inputs/manifest.json``) through the gateway and through the CLI.

Every case is sent over real HTTP to a gateway served by uvicorn; a refused case must get its clear
4xx and leave nothing behind (no review row, stored document, outbox row or event), an accepted
one exactly one review. The upload cases are also sent with ``clauseflow submit``: exit 0 and the
review id, or exit 2 and the gateway's message in one line, never a traceback.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from clauseflow_cli.main import app
from clauseflow_contracts.events import Topic
from gateway_api_support import Gateway, running_gateway
from typer.testing import CliRunner

CORPUS = Path(__file__).resolve().parents[1] / "data" / "bad_inputs"
sys.path.insert(0, str(CORPUS))
import generate  # noqa: E402  -- the corpus's own builder, next to its manifest

MANIFEST = generate.load_manifest()
UPLOADS = [c for c in MANIFEST if c["send"] == "upload"]


def request_kwargs(case: dict[str, Any]) -> dict[str, Any]:
    """How httpx sends the case."""
    if case["send"] == "json":
        return {"json": case["body"]}
    content = generate.build(case["file"])
    if case["send"] == "raw":
        headers = {"content-type": case["content_type"]} if case["content_type"] else {}
        return {"content": content, "headers": headers}
    data = {"our_party": case["party"], **case["fields"]}
    return {"files": {"file": (case["filename"], content, case["part_type"])}, "data": data}


@pytest.fixture
async def corpus_gateway(tmp_path: Path) -> AsyncIterator[Gateway]:
    # The corpus is sent with one key, faster than the per-key upload limit allows (not its subject).
    overrides = {"max_upload_bytes": 1024 * 1024, "parse_timeout_s": 60.0, "upload_rate_limit": 1000}
    async with running_gateway(tmp_path, overrides) as gw:
        yield gw


async def _state(gw: Gateway) -> tuple[int, int, int, int]:
    """Reviews, outbox rows, stored files and review.requested events (once the relay has caught up)."""
    reviews = gw.count_rows("reviews")
    events = await gw.events(Topic.REVIEW_REQUESTED, min_records=reviews, timeout_s=3)
    return reviews, gw.count_rows("outbox"), len(gw.stored_files()), len(events)


def check_answer(case: dict[str, Any], resp: httpx.Response) -> str | None:
    """What is wrong with the gateway's answer to the case (None when it is as expected)."""
    expect = case["expect"]
    if resp.status_code != expect["status"]:
        return f"HTTP {resp.status_code} (expected {expect['status']}): {resp.text[:300]}"
    if "Traceback" in resp.text:
        return "a traceback in the answer"
    body = resp.json()
    if resp.status_code >= 400:
        error = body.get("error", {})
        if not error.get("message"):
            return f"no message: {body}"
        if expect["code"] not in error.get("code", ""):
            return f"code {error.get('code')!r} (expected {expect['code']!r}): {error.get('message')}"
        if expect.get("message", "") not in error["message"]:
            return f"message lacks {expect['message']!r}: {error['message']}"
        return None
    if "domain" in expect and body["domain"] != expect["domain"]:
        return f"domain {body['domain']!r} (expected {expect['domain']!r})"
    if "warning" in expect and not any(expect["warning"] in w for w in body["warnings"]):
        return f"no warning with {expect['warning']!r}: {body['warnings']}"
    if body["clauses_found"] < expect.get("clauses_min", 1):
        return f"{body['clauses_found']} clauses found"
    return None


async def test_every_bad_input_gets_its_answer_from_the_gateway_and_a_refusal_leaves_nothing(
    corpus_gateway: Gateway,
) -> None:
    gw = corpus_gateway
    assert len(MANIFEST) >= 50
    problems: dict[str, str] = {}
    for case in MANIFEST:
        before = await _state(gw)
        resp = await gw.http.post("/v1/reviews", timeout=120, **request_kwargs(case))
        if problem := check_answer(case, resp):
            problems[case["name"]] = problem
        after = await _state(gw)
        if resp.status_code >= 400 and after != before:
            problems[case["name"]] = f"refused but left state behind: {before} → {after}"
        if resp.status_code == 202:
            if (after[0], after[3]) != (before[0] + 1, before[3] + 1):
                problems[case["name"]] = f"accepted but recorded {before} → {after}"
            absent = case["expect"].get("absent", "").encode()
            if absent and any(absent in p.read_bytes() for p in gw.stored_files()):
                problems[case["name"]] = f"{absent!r} reached the document store"
            expected_name = case["expect"].get("filename")
            if expected_name:
                review = (await gw.http.get(f"/v1/reviews/{resp.json()['review_id']}")).json()
                stored = [p for p in gw.stored_files() if ".." in str(p.relative_to(gw.root))]
                if stored or expected_name not in str(review):
                    problems[case["name"]] = f"file name not reduced to {expected_name!r}: {review}"
    assert problems == {}, "\n".join(f"{name}: {p}" for name, p in problems.items())
    # Nothing escaped the document store (path-traversal names).
    assert all(gw.root / "documents" in p.parents for p in gw.stored_files())


def run_submit(url: str, path: Path, case: dict[str, Any]) -> tuple[int, str]:
    args = ["submit", str(path), "--party", case["party"], "--gateway", url, "--language", "en"]
    result = CliRunner().invoke(app, args)
    output = result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        output += f"\n{type(result.exception).__name__}: {result.exception}"
    return result.exit_code, output


async def test_every_bad_upload_gets_a_clear_answer_from_the_cli(
    corpus_gateway: Gateway, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gw = corpus_gateway
    # The CLI sends the key it is given, as it would send the one `clauseflow up` stored.
    monkeypatch.setenv("CLAUSEFLOW_API_KEY", gw.http.headers["Authorization"].removeprefix("Bearer "))
    url = str(gw.http.base_url).rstrip("/")
    problems: dict[str, str] = {}
    # Cases of form fields the CLI does not send, or names no file system can hold, are the gateway test's.
    cli_cases = [c for c in UPLOADS if not c["fields"] and len(c["filename"]) < 200]
    assert len(cli_cases) >= 40
    for index, case in enumerate(cli_cases):
        # The CLI sends the file under its own name: keep the case's base name in a folder per case.
        name = Path(case["filename"].replace("\\", "/")).name
        folder = tmp_path / f"case{index}"
        folder.mkdir()
        path = folder / name
        path.write_bytes(generate.build(case["file"]))
        before = await _state(gw)
        code, output = await asyncio.to_thread(run_submit, url, path, case)
        after = await _state(gw)
        expect = case["expect"]
        # The gateway shares this process, so its log lines come first; the CLI's answer is the last line.
        last_line = output.strip().splitlines()[-1] if output.strip() else ""
        if "Traceback" in output:
            problems[case["name"]] = f"traceback: {output[-300:]}"
        elif expect["status"] == 202 and (code != 0 or not last_line.startswith("rev_")):
            problems[case["name"]] = f"exit {code} (expected 0): {output.strip()[:300]}"
        elif expect["status"] >= 400 and (
            code != 2
            or not any(line.startswith(f"HTTP {expect['status']}: ") for line in output.splitlines())
        ):
            problems[case["name"]] = (
                f"exit {code} (expected 2, HTTP {expect['status']}): {output.strip()[:300]}"
            )
        elif expect["status"] >= 400 and after != before:
            problems[case["name"]] = f"refused but left state behind: {before} → {after}"
    assert problems == {}, "\n".join(f"{name}: {p}" for name, p in problems.items())
