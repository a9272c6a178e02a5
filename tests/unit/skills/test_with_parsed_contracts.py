"""The skills on contracts read by the real parser (plain-text, English and Chinese)."""

from __future__ import annotations

import json
from pathlib import Path

from clauseflow_documents.parser import parse_document
from clauseflow_documents.store import DocumentStore
from clauseflow_skills.catalog import build_registry
from clauseflow_skills.documents import DocumentCache
from clauseflow_skills.executor import SkillExecutor
from clauseflow_skills.skill import ReviewContext

EN_CONTRACT = """SERVICES AGREEMENT

1. DEFINITIONS
1.1 "Fees" means the fees set out in Schedule 2.
1.2 "Services" means the services described in Clause 2.

2. SERVICES
2.1 The Supplier shall provide the Services in accordance with Clause 3.2.

3. FEES AND PAYMENT
3.1 The Customer shall pay the Fees, which amount to USD 480,000 per year.
3.2 The Customer shall pay each undisputed invoice within 120 days after receipt.

4. LIABILITY
4.1 The Customer's total liability shall not exceed the Fees paid in the three (3) months before the claim.
"""

ZH_CONTRACT = """设备采购合同

第一条 合同价款
1.1 合同总价为人民币伍佰万元整（¥5,000,000），含税。

第二条 付款
2.1 甲方在收到乙方发票之日起一百八十日内支付合同总价的百分之九十五，具体按第一条执行。
"""


async def _executor_with(tmp_path: Path, text: str, name: str) -> tuple[SkillExecutor, str]:
    document = parse_document(text.encode(), name)
    store = DocumentStore(tmp_path)
    store.put_structure(document)
    return SkillExecutor(build_registry(), DocumentCache(store)), document.document_id


async def test_english_contract_context_and_money(tmp_path: Path) -> None:
    executor, doc_id = await _executor_with(tmp_path, EN_CONTRACT, "services.txt")
    context = ReviewContext(primary_document_id=doc_id, clause_id="3.2")
    ctx = json.loads((await executor.invoke("get_clause_context", context, "")).result_json)
    assert ctx["parent"]["clause_id"] == "3"
    assert "2.1" in [r["source"] for r in ctx["references_in"]]
    money = json.loads(
        (await executor.invoke("extract_financial_terms", context, '{"clause_id": "3.1"}')).result_json
    )
    assert [(a["value"], a["currency"]) for a in money["amounts"]] == [(480_000, "USD")]
    cap = json.loads(
        (await executor.invoke("extract_financial_terms", context, '{"clause_id": "4.1"}')).result_json
    )
    assert cap["caps"][0]["basis"] == "the Fees paid in the three (3) months before the claim"


async def test_chinese_contract_amounts_and_payment_days(tmp_path: Path) -> None:
    executor, doc_id = await _executor_with(tmp_path, ZH_CONTRACT, "purchase.txt")
    ids = [c.clause_id for c in DocumentStore(tmp_path).get_structure(doc_id).clauses]
    price = next(i for i in ids if i.endswith("1.1"))
    payment = next(i for i in ids if i.endswith("2.1"))
    context = ReviewContext(primary_document_id=doc_id, clause_id=price, language="zh-CN")
    amounts = json.loads((await executor.invoke("extract_financial_terms", context, "")).result_json)[
        "amounts"
    ]
    assert {(a["value"], a["currency"]) for a in amounts} == {(5_000_000, "CNY")}
    terms = json.loads(
        (
            await executor.invoke("extract_financial_terms", context, json.dumps({"clause_id": payment}))
        ).result_json
    )
    assert terms["payment_terms"][0]["days"] == [180]
    assert [p["value"] for p in terms["percentages"]] == [95.0]


async def test_a_review_unit_reports_the_references_made_by_its_sub_clauses(tmp_path: Path) -> None:
    text = EN_CONTRACT + "\n5. NOTICES\n5.1 Any claim shall follow the procedure in Clause 19.4.\n"
    executor, doc_id = await _executor_with(tmp_path, text, "services.txt")
    context = ReviewContext(primary_document_id=doc_id, clause_id="5")
    ctx = json.loads((await executor.invoke("get_clause_context", context, "")).result_json)
    assert [(r["raw"], r["resolved"]) for r in ctx["references_out"]] == [("Clause 19.4", False)]


async def test_a_missing_schedule_is_told_apart_from_attachments_never_reproduced(tmp_path: Path) -> None:
    with_schedules = EN_CONTRACT + (
        "\n5. COMPLETION\n5.1 The Seller shall deliver the items listed in Schedule 3 and Exhibit A.\n"
        "\nSCHEDULE 1\n1. Warranties\n1.1 The Seller owns the shares.\n"
    )
    executor, doc_id = await _executor_with(tmp_path, with_schedules, "spa.txt")
    context = ReviewContext(primary_document_id=doc_id, clause_id="5")
    ctx = json.loads((await executor.invoke("get_clause_context", context, "")).result_json)
    by_raw = {r["raw"]: r for r in ctx["references_out"]}
    assert by_raw["Schedule 3"]["resolved"] is False and by_raw["Schedule 3"]["kind_reproduced"] is True
    assert by_raw["Exhibit A"]["resolved"] is False and by_raw["Exhibit A"]["kind_reproduced"] is False
