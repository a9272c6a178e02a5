"""The review desk in real headless Chromium, on the embedded stack with the playbook model.

What a lawyer does: open the desk, upload a contract, watch the plan and progress, decide the
redlines (approve, edit, reject with feedback and see the redraft), download the report — in
English and in Chinese. And what must never happen: contract text running as code. Screenshots of
every step go to tests/artifacts/desk/<scenario>/.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import httpx
import pytest
from desk_support import (
    ARTIFACTS,
    EXAMPLES,
    PENDING,
    Shots,
    approve,
    edit,
    open_desk,
    redline_ids,
    reject,
    review_id_of,
    upload,
    wait_first_pending,
    wait_redraft,
    wait_status,
)

pytestmark = pytest.mark.timeout(240)
OUR_WORDING = "The Supplier's liability is capped at the Fees paid in the prior 12 months."


async def api_redline(base_url: str, review_id: str, redline_id: str) -> dict[str, object]:
    async with httpx.AsyncClient(base_url=base_url, timeout=10) as client:
        answer = await client.get(f"/v1/reviews/{review_id}/redlines")
        answer.raise_for_status()
    return next(r for r in answer.json()["data"] if r["id"] == redline_id)


async def test_a_lawyer_reviews_the_english_example_end_to_end(desk_url: str, browser: object) -> None:
    page, watch = await open_desk(browser, desk_url)
    shots = Shots("english")
    await shots.take(page, "list")

    started = await upload(
        page, EXAMPLES / "services_agreement_en.txt", "Northwind Analytics Ltd. (the Supplier)"
    )
    await page.wait_for_selector("#review-progress")
    await shots.take(page, "progress")
    await wait_first_pending(page)
    first_redline_s = time.perf_counter() - started
    await shots.take(page, "first-redline")
    review_id = review_id_of(page)

    # The contract is shown with its risks marked on the words they quote, and the plan with depths.
    assert await page.locator(".doc mark.risk.lv-high").count() >= 1
    assert await page.locator(".plan-list .depth.d-deep").count() >= 1
    assert "7.1 The Supplier shall be liable for all losses" in await page.inner_text(".doc")

    await page.wait_for_function(f"document.querySelectorAll('{PENDING}').length >= 3")
    first, second, third = (await redline_ids(page))[:3]

    await approve(page, first)
    assert (await api_redline(desk_url, review_id, first))["status"] == "approved"
    await shots.take(page, "approved")

    proposed = (await api_redline(desk_url, review_id, second))["proposed_text"]
    prefilled = await edit(
        page, second, "The Supplier's liability is capped at the Fees paid in the prior 12 months."
    )
    assert prefilled == proposed
    edited = await api_redline(desk_url, review_id, second)
    assert edited["status"] == "edited"
    assert (
        edited["final_text"] == "The Supplier's liability is capped at the Fees paid in the prior 12 months."
    )
    await shots.take(page, "edited")

    await reject(
        page, third, "Keep the customer's right, but require 90 days' notice and payment for work done."
    )
    redraft = await wait_redraft(page, third)
    assert (await api_redline(desk_url, review_id, redraft))["round"] >= 1
    await shots.take(page, "redraft")

    # Keyboard: the redraft's finding gets focus, "a" approves it; focus is visible.
    await page.focus(f".finding:has(.redline[data-redline='{redraft}'])")
    await page.keyboard.press("a")
    await wait_status(page, redraft, "approved")
    assert await page.evaluate("document.activeElement.classList.contains('finding')")

    async with page.expect_download() as download_info:
        await page.click("a[data-download='report.md']")
    download = await download_info.value
    saved = ARTIFACTS / "english" / "report.md"
    await download.save_as(saved)
    report = saved.read_text(encoding="utf-8")
    assert "MASTER SERVICES AGREEMENT" in report
    async with page.expect_download() as word_info:
        await page.click("a[data-download='report-redline.docx']")
    word = ARTIFACTS / "english" / "report-redline.docx"
    await (await word_info.value).save_as(word)
    assert word.read_bytes()[:2] == b"PK"  # a Word document (a zip), from the Word export
    await shots.take(page, "downloaded")

    (ARTIFACTS / "english" / "timing.json").write_text(
        json.dumps({"upload_to_first_redline_s": first_redline_s})
    )
    assert watch.clean(), watch


async def test_a_lawyer_reviews_a_chinese_contract_with_chinese_labels(
    desk_url: str, browser: object
) -> None:
    page, watch = await open_desk(browser, desk_url, locale="zh-CN")
    shots = Shots("chinese")
    assert await page.inner_text("a.primary-link") == "新建审阅"  # the browser's language decides
    await upload(page, EXAMPLES / "equipment_purchase_zh.txt", "乙方（深蓝智能装备股份有限公司）")
    await wait_first_pending(page)
    await shots.take(page, "first-redline")
    review_id = review_id_of(page)
    assert await page.locator(".redline [data-action=approve]").first.inner_text() == "批准"
    assert "第五条" in await page.inner_text(".doc")
    # Risk types are named in Chinese from the one taxonomy, not shown as English ids.
    kinds = await page.locator(".finding .risk-type").all_inner_texts()
    assert kinds and all(re.search(r"[\u4e00-\u9fff]", k) and "_" not in k for k in kinds), kinds

    await page.wait_for_function(f"document.querySelectorAll('{PENDING}').length >= 3")
    first, second, third = (await redline_ids(page))[:3]
    await approve(page, first)
    assert (await api_redline(desk_url, review_id, first))["status"] == "approved"
    # Edit: the editor is prefilled with the proposal and labelled in Chinese.
    proposed = (await api_redline(desk_url, review_id, third))["proposed_text"]
    assert await edit(page, third, "乙方的赔偿责任以合同总价的百分之十为限。") == proposed
    assert (await api_redline(desk_url, review_id, third))[
        "final_text"
    ] == "乙方的赔偿责任以合同总价的百分之十为限。"
    await shots.take(page, "edited")
    await reject(page, second, "请将违约金上限调整为合同总价的百分之五。")
    redraft = await wait_redraft(page, second)
    assert (await api_redline(desk_url, review_id, redraft))["round"] >= 1
    await shots.take(page, "redraft")

    async with page.expect_download() as download_info:
        await page.click("a[data-download='report.json']")
    saved = ARTIFACTS / "chinese" / "report.json"
    await (await download_info.value).save_as(saved)
    assert json.loads(saved.read_text(encoding="utf-8"))["review_id"] == review_id

    # The toggle switches to English and back.
    await page.click("#lang-toggle")
    assert await page.inner_text("a.primary-link") == "New review"
    await shots.take(page, "toggled-english")
    assert watch.clean(), watch


HOSTILE = """SUPPLY AGREEMENT <img src=x onerror="window.__pwned='title';alert('title')">

1. Liability
1.1 The Supplier's liability under this Agreement is unlimited \
<script>window.__pwned='script';alert('script')</script> and the Supplier shall indemnify the Buyer \
against all losses <img src=x onerror="window.__pwned='img';alert('img')">.

2. Payment
2.1 The Buyer shall pay each invoice within 120 days <b onmouseover="alert('b')">bold</b>.
"""


async def test_contract_text_is_shown_as_text_and_never_runs(
    desk_url: str, browser: object, tmp_path: Path
) -> None:
    contract = tmp_path / "hostile.txt"
    contract.write_text(HOSTILE, encoding="utf-8")
    page, watch = await open_desk(browser, desk_url)
    shots = Shots("hostile")
    await upload(page, contract, "Acme Ltd (the Supplier)")
    await page.wait_for_selector(".doc .clause")
    await page.wait_for_selector(".finding", timeout=60_000)
    await page.hover(".doc")
    await shots.take(page, "rendered")

    shown = await page.inner_text(".doc")
    assert "<script>window.__pwned='script';alert('script')</script>" in shown
    assert "<img src=x onerror=" in shown
    assert await page.evaluate("window.__pwned") is None
    assert await page.locator("main img, main script, main b").count() == 0
    assert await page.locator("script").count() == 2  # the desk's own: jsdiff and the app module
    assert watch.clean(), watch


async def test_a_refused_upload_shows_the_apis_reason(desk_url: str, browser: object, tmp_path: Path) -> None:
    page, watch = await open_desk(browser, desk_url)
    shots = Shots("refused")
    wrong = tmp_path / "contract.exe"
    wrong.write_bytes(b"MZ\x90\x00")
    await upload(page, wrong, "Acme Ltd")
    box = page.locator(".error-box")
    await box.wait_for()
    assert "supported types are .txt, .md, .docx, .pdf" in await box.inner_text()
    await shots.take(page, "wrong-type")

    empty = tmp_path / "empty.txt"
    empty.write_text("   \n", encoding="utf-8")
    await page.set_input_files("#n-file", str(empty))
    await page.click("form.new-form button[type=submit]")
    await page.wait_for_selector(".error-box >> text=is empty")

    await page.set_input_files("#n-file", str(EXAMPLES / "services_agreement_en.txt"))
    await page.fill("#n-party", " ")
    await page.click("form.new-form button[type=submit]")
    await page.wait_for_selector(".error-box >> text=our_party")
    await shots.take(page, "blank-party")
    assert not watch.console_errors or all("status of 4" in e for e in watch.console_errors)


async def test_every_api_call_carries_the_key_and_no_cookie_is_set(desk_url: str, browser: object) -> None:
    page, _ = await open_desk(browser, desk_url)
    seen: list[tuple[str, str | None]] = []
    page.on(
        "request", lambda r: seen.append((r.url, r.headers.get("authorization"))) if "/v1/" in r.url else None
    )
    await page.fill("#api-key", "desk-test-key")
    await page.click("#key-form button")
    await page.wait_for_selector("table.reviews, .empty")
    await upload(page, EXAMPLES / "services_agreement_en.txt", "Northwind Analytics Ltd. (the Supplier)")
    await wait_first_pending(page)
    assert seen and all(auth == "Bearer desk-test-key" for _, auth in seen), seen
    assert any(url.endswith("/events") for url, _ in seen)  # the live stream too
    assert await page.context.cookies() == []
    assert await page.evaluate("sessionStorage.getItem('clauseflow.apiKey')") == "desk-test-key"


async def test_the_review_list_pages_and_filters(desk_url: str, browser: object) -> None:
    page, watch = await open_desk(browser, desk_url)
    await page.wait_for_selector("table.reviews")
    shots = Shots("list")
    await shots.take(page, "all")
    await page.fill("#f-party", "Northwind")
    await page.click(".filters button[type=submit]")
    await page.wait_for_function(
        "() => { const rows = [...document.querySelectorAll('table.reviews tbody tr')];"
        " return rows.length > 0 && rows.every(r => r.innerText.includes('Northwind')); }"
    )
    assert await page.locator("table.reviews tbody tr").count() >= 1
    await shots.take(page, "filtered")
    assert watch.clean(), watch


async def test_api_docs_work_offline(desk_url: str, browser: object) -> None:
    page, watch = await open_desk(browser, desk_url)
    outside: list[str] = []

    async def only_local(route: object) -> None:
        url = route.request.url  # type: ignore[attr-defined]
        if url.startswith(desk_url) or url.startswith(("blob:", "data:")):
            await route.continue_()  # type: ignore[attr-defined]
        else:
            outside.append(url)
            await route.abort()  # type: ignore[attr-defined]

    await page.route("**/*", only_local)
    shots = Shots("docs")
    await page.goto(desk_url + "/docs")
    await page.wait_for_selector(".swagger-ui .info .title")
    assert "clauseflow gateway" in await page.inner_text(".swagger-ui .info .title")
    await shots.take(page, "swagger")
    await page.goto(desk_url + "/redoc")
    await page.wait_for_selector("h1:has-text('clauseflow gateway')", timeout=30_000)
    await shots.take(page, "redoc")
    assert outside == []
    # Redoc's footer shows a "by Redocly" logo from its CDN; the policy blocks it (no request leaves
    # the machine) and that is the only thing it blocks.
    blocked = [e for e in watch.console_errors if "Content Security Policy" in e and "cdn.redoc.ly" not in e]
    assert blocked == [], watch.console_errors


SOW = """STATEMENT OF WORK

1. Scope
The Supplier shall migrate the Customer's reporting to the platform described in the Agreement.

2. Timetable
The Supplier shall complete the migration within twelve weeks of the start date.

3. Acceptance
The Customer shall test each delivery within ten days of receiving it.

4. Liability for the Migration
The Supplier shall be liable for all losses, damages, costs and expenses of whatever nature suffered by the \
Customer in connection with the migration, and no limitation of liability shall apply to the Supplier.
"""


async def test_reference_documents_follow_the_contract_with_their_risks_marked(
    desk_url: str, browser: object, tmp_path: Path
) -> None:
    sow = tmp_path / "statement_of_work.txt"
    sow.write_text(SOW, encoding="utf-8")
    page, watch = await open_desk(browser, desk_url)
    shots = Shots("references")
    await upload(
        page,
        EXAMPLES / "services_agreement_en.txt",
        "Northwind Analytics Ltd. (the Supplier)",
        references=(sow,),
    )
    # The statement of work's unit 4 is reviewed as "SOW 4"; its risk is marked on its own words.
    mark = page.locator("[id='clause-SOW 4'] mark.risk.lv-high")
    await mark.first.wait_for(timeout=90_000)
    await shots.take(page, "reference-risk")
    order = await page.eval_on_selector_all(
        ".doc > [data-clause], .doc > .reference-head",
        "els => els.map(e => e.dataset.clause || 'HEAD:' + e.dataset.reference)",
    )
    head = order.index("HEAD:SOW")
    assert "1" in order[:head] and "7.1" in order[:head]  # the contract's own clauses come first
    after = order[head + 1 :]
    assert all(c.startswith("SOW ") for c in after) and after[-4:] == ["SOW 1", "SOW 2", "SOW 3", "SOW 4"]
    assert "no limitation of liability" in await mark.first.inner_text()
    # The finding names the reference clause and leads to it.
    card = page.locator(".finding", has=page.locator(".clause-ref", has_text="SOW 4"))
    await card.first.locator(".clause-ref").click()
    assert await page.evaluate("document.activeElement.closest('[data-clause]')?.dataset.clause") == "SOW 4"
    assert watch.clean(), watch


TAG_FIRST_CARD = """() => { const card = document.querySelector('.finding:has(.level)');
  card.__kept = true; card.focus(); return card.dataset.finding; }"""
STILL_TAGGED = """(key) => {
  const card = document.querySelector(`.finding[data-finding="${CSS.escape(key)}"]`);
  return { kept: card.__kept === true, focused: document.activeElement === card }; }"""
TAG_ALL = (
    """() => document.querySelectorAll('.finding, .doc [data-clause]').forEach(e => { e.__mark = 1; })"""
)
CARDS_KEPT = """(target) => [...document.querySelectorAll('.finding')].map(c =>
  [!!c.querySelector(`[data-redline="${CSS.escape(target)}"]`), c.__mark === 1])"""
BLOCKS_KEPT = """() => [...document.querySelectorAll('.doc [data-clause]')].map(b =>
  [b.dataset.clause, b.__mark === 1])"""


async def test_the_panel_updates_only_what_changed_and_keeps_focus_and_scroll(
    desk_url: str, browser: object
) -> None:
    page, watch = await open_desk(browser, desk_url)
    shots = Shots("incremental")
    await upload(page, EXAMPLES / "services_agreement_en.txt", "Northwind Analytics Ltd. (the Supplier)")
    await wait_first_pending(page)
    # Tag the first card with a property a redraw would lose and focus it, then let the rest of the
    # review arrive over the event stream: that card's finding does not change, so neither may it.
    await page.wait_for_selector(".finding .level")  # the card's risk has come too: the card is whole
    first_key = await page.evaluate(TAG_FIRST_CARD)
    await page.wait_for_selector("#review-progress[data-all-analysed=true]", timeout=120_000)
    await page.wait_for_function(f"document.querySelectorAll('{PENDING}').length >= 3")
    await shots.take(page, "all-arrived")
    kept = await page.evaluate(STILL_TAGGED, first_key)
    assert kept == {"kept": True, "focused": True}, kept
    assert await page.locator(".finding").count() >= 3

    # A decision redraws its own card (and its clause's block) only; the rest stay the same elements.
    await page.evaluate(TAG_ALL)
    target = (await redline_ids(page))[-1]
    await approve(page, target)
    cards = await page.evaluate(CARDS_KEPT, target)
    assert [kept for mine, kept in cards if not mine] == [True] * (len(cards) - 1), cards
    assert [kept for mine, kept in cards if mine] == [False]
    clause = await page.get_attribute(f".redline[data-redline='{target}']", "data-clause-of") or ""
    blocks = await page.evaluate(BLOCKS_KEPT)
    assert all(
        kept for clause_id, kept in blocks if clause_id != clause and not clause.startswith(clause_id)
    ), blocks
    assert watch.clean(), watch


async def test_keyboard_bulk_approval_and_the_word_diff(desk_url: str, browser: object) -> None:
    page, watch = await open_desk(browser, desk_url)
    shots = Shots("keyboard")
    await upload(page, EXAMPLES / "services_agreement_en.txt", "Northwind Analytics Ltd. (the Supplier)")
    await wait_first_pending(page)
    await page.wait_for_selector("#review-progress[data-all-analysed=true]", timeout=120_000)
    await page.wait_for_function(f"document.querySelectorAll('{PENDING}').length >= 4")

    # Word-level diff: deleted words struck through, inserted words underlined.
    styles = await page.evaluate(
        """() => ['del', 'ins'].map(tag =>
          getComputedStyle(document.querySelector(`.redline ${tag}`)).textDecorationLine)"""
    )
    assert styles == ["line-through", "underline"], styles

    # j / k move between findings, with a visible focus ring on the current one.
    await page.focus(".finding")
    await page.keyboard.press("j")
    second = await page.evaluate("document.activeElement.dataset.finding")
    assert second == await page.evaluate("document.querySelectorAll('.finding')[1].dataset.finding")
    ring = await page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert ring not in ("", "none"), ring
    await page.keyboard.press("k")
    assert await page.evaluate("document.activeElement === document.querySelectorAll('.finding')[0]")
    await shots.take(page, "focus")

    # e opens the editor prefilled with the proposal; Escape closes it. r opens the feedback box.
    await page.keyboard.press("e")
    editor = page.locator(".editor.edit textarea")
    await editor.wait_for()
    assert (await editor.input_value()).strip()
    await editor.press("Escape")
    await page.focus(".finding")
    await page.keyboard.press("r")
    await page.locator(".editor.reject textarea").wait_for()
    await page.locator(".editor.reject textarea").press("Escape")

    # Two redlines selected; "approve selected" approves both at once and nothing else.
    pending = await redline_ids(page)
    await page.check(f"#sel-{pending[0]}")
    await page.check(f"#sel-{pending[1]}")
    button = page.locator("#approve-selected")
    assert "(2)" in await button.inner_text()
    await button.click()
    await wait_status(page, pending[0], "approved")
    await wait_status(page, pending[1], "approved")
    assert pending[2] in await redline_ids(page)  # not selected: still pending
    await shots.take(page, "bulk-approved")
    assert watch.clean(), watch
