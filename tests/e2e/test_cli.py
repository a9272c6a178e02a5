"""The ``clauseflow`` command as a user runs it: the embedded review, and the client commands."""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import sys
import zipfile
from pathlib import Path

import pytest
from clauseflow_cli.key_file import write_key
from clauseflow_cli.stack import LocalStack
from clauseflow_gateway.report_order import document_order_key
from report_schema_check import assert_valid_report

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
CLAUSEFLOW = str(Path(sys.executable).parent / "clauseflow")
REPORT_FIELDS = {
    "review_id",
    "status",
    "our_party",
    "language",
    "domain",
    "clauses",
    "risks",
    "redlines",
    "summary",
}


async def _run(
    *args: str, timeout_s: float = 180, cwd: Path | None = None, expect: int = 0, **extra_env: str
) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("CLAUSEFLOW_API_KEY", "GATEWAY_DATABASE_URL")}
    env.update(extra_env)
    proc = await asyncio.create_subprocess_exec(
        CLAUSEFLOW, *args, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, cwd=cwd, env=env
    )
    out, err = await asyncio.wait_for(proc.communicate(), timeout_s)
    message = f"clauseflow {' '.join(args)} exited {proc.returncode}:\n{err.decode()}"
    assert proc.returncode == expect, message
    return out.decode() if expect == 0 else err.decode() + out.decode()


async def test_review_writes_the_public_report_in_embedded_mode(tmp_path: Path) -> None:
    contract = str(EXAMPLES / "equipment_purchase_zh.txt")
    party = "乙方（深蓝智能装备股份有限公司）"
    await _run(
        "review",
        contract,
        "--party",
        party,
        "--language",
        "zh-CN",
        "--approve",
        "all",
        "--out",
        str(tmp_path),
    )
    report = json.loads((tmp_path / "report.json").read_text())
    assert set(report) >= REPORT_FIELDS
    assert report["status"] == "completed"
    assert {"clause_id", "title", "depth", "state"} <= set(report["clauses"][0])
    risk_fields = {"id", "clause_id", "risk_type", "risk_level", "description", "reason", "original_text"}
    assert report["risks"]
    assert risk_fields <= set(report["risks"][0])
    assert {"id", "clause_id", "risk_id", "original_text", "proposed_text", "status"} <= set(
        report["redlines"][0]
    )
    assert (tmp_path / "report.md").read_text().startswith("#")
    # in document order, with provenance, as its published schema says
    assert_valid_report(report)
    ids = [c["clause_id"] for c in report["clauses"]]
    assert ids == sorted(ids, key=document_order_key)
    risk_ids = [r["clause_id"] for r in report["risks"]]
    assert risk_ids == sorted(risk_ids, key=document_order_key)
    [source] = report["source"]
    assert source["filename"] == "equipment_purchase_zh.txt"
    assert source["sha256"] == hashlib.sha256(await asyncio.to_thread(Path(contract).read_bytes)).hexdigest()
    assert report["model"] and report["playbook_version"] and report["generated_at"]
    md = (tmp_path / "report.md").read_text()
    assert "已采纳" in md and "审查手册立场" in md  # Chinese statuses, and each redline's position
    assert "approved" not in md and "| high |" not in md
    for variant in ("redline", "clean"):  # the Word documents next to report.json
        with zipfile.ZipFile(tmp_path / f"equipment_purchase_zh.{variant}.docx") as docx:
            body = docx.read("word/document.xml").decode()
        assert "设备采购合同" in body
        assert ("<w:ins " in body) == (variant == "redline") and ("<w:del " in body) == (variant == "redline")


async def test_a_review_the_model_could_not_do_exits_1_and_its_report_says_so_at_the_top(
    tmp_path: Path,
) -> None:
    # Issue #22's first finding: with the model unreachable this exited 0, "0 risks", a clean report.
    await _run(
        "review",
        str(EXAMPLES / "services_agreement_en.txt"),
        "--party",
        "Northwind Analytics Ltd. (the Supplier)",
        "--language",
        "en",
        "--llm",
        "external",
        "--out",
        str(tmp_path),
        expect=1,
        timeout_s=420,  # the embedded stack starts in this one process: minutes on a loaded machine
        LLM_BASE_URL="http://127.0.0.1:1/v1",
        LLM_MAX_RETRIES="0",
        PARSE_TIMEOUT_S="300",  # reading the upload is not under test (30 s ran out at load 17)
    )
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["status"] == "incomplete" and report["failed_clauses"]
    assert report["risks"] == []  # nothing is claimed about clauses nobody reviewed
    head = (tmp_path / "report.md").read_text()[:800]
    assert "This review is INCOMPLETE" in head and "Not reviewed:" in head


async def test_a_refused_upload_exits_with_a_message_and_no_traceback(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    args = ["review", str(empty), "--party", "Buyer", "--approve", "all", "--out", str(tmp_path / "o")]
    pipe = asyncio.subprocess.PIPE
    proc = await asyncio.create_subprocess_exec(CLAUSEFLOW, *args, stdout=pipe, stderr=pipe)
    _, err = await asyncio.wait_for(proc.communicate(), 120)
    assert proc.returncode == 2
    assert "Traceback" not in err.decode() and "empty" in err.decode().lower()
    assert not (tmp_path / "o" / "report.json").exists()


@pytest.mark.kafka
@pytest.mark.e2e
async def test_client_commands_drive_a_review_on_the_running_stack(stack: LocalStack, tmp_path: Path) -> None:
    gateway = ["--gateway", stack.layout.gateway_url]
    contract = str(EXAMPLES / "services_agreement_en.txt")
    party = "Northwind Analytics Ltd. (the Supplier)"
    without_key = await _run("status", "rev_x", *gateway, cwd=tmp_path, expect=2)
    assert "401" in without_key and "API key is required" in without_key
    # The client commands find the key where `clauseflow up` keeps it: .clauseflow/api-key.
    write_key(tmp_path / ".clauseflow" / "api-key", stack.api_key)
    submitted = await _run(
        "submit",
        contract,
        "--party",
        party,
        "--language",
        "en",
        "--domain",
        "generic",
        *gateway,
        cwd=tmp_path,
    )
    review_id = submitted.strip()
    assert review_id.startswith("rev_")
    for _ in range(300):
        status = await _run("status", review_id, *gateway, cwd=tmp_path)
        if "completed" in status:
            break
        if "awaiting_approval" in status:
            await _run("approve", review_id, "--all", *gateway, cwd=tmp_path)
        await asyncio.sleep(0.5)
    out = tmp_path / "report.json"
    await _run("report", review_id, "--format", "json", "--out", str(out), *gateway, cwd=tmp_path)
    report = json.loads(out.read_text())
    assert report["status"] == "completed" and report["review_id"] == review_id
    assert all(r["status"] == "approved" for r in report["redlines"])
    await _run(
        "report", review_id, "--format", "docx", "--out", str(tmp_path / "word"), *gateway, cwd=tmp_path
    )
    for variant in ("redline", "clean"):
        with zipfile.ZipFile(tmp_path / "word" / f"services_agreement_en.{variant}.docx") as docx:
            assert "MASTER SERVICES AGREEMENT" in docx.read("word/document.xml").decode()


async def test_keys_commands_create_list_and_revoke_keys_on_the_gateway_database(tmp_path: Path) -> None:
    database = ["--database", f"sqlite+aiosqlite:///{tmp_path / 'gateway.db'}"]
    created = await _run(
        "keys", "create", "--tenant", "acme", "--role", "review", "--label", "Jane Doe", *database
    )
    token = created.strip()
    assert token.startswith("cfk_k_")
    key_id = token.split(".", 1)[0].removeprefix("cfk_")
    listed = await _run("keys", "list", *database)
    assert key_id in listed and "Jane Doe" in listed and "acme" in listed and "active" in listed
    assert token not in listed
    await _run("keys", "revoke", key_id, *database)
    assert "revoked" in await _run("keys", "list", *database)
    refused = await _run("keys", "create", "--tenant", "Not A Tenant", "--role", "admin", *database, expect=2)
    assert "not a valid name" in refused
