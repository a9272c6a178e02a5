"""The review desk on the distributed stack: every service its own OS process on a real Kafka
broker, the page in headless Chromium. The same page as in the embedded tests (tests/browser)."""

from __future__ import annotations

import httpx
import pytest
from clauseflow_cli.stack import LocalStack
from desk_support import (
    EXAMPLES,
    Shots,
    approve,
    chromium,
    chromium_or_skip,
    open_desk,
    redline_ids,
    reject,
    review_id_of,
    upload,
    wait_first_pending,
    wait_redraft,
)

pytestmark = [pytest.mark.kafka, pytest.mark.e2e, pytest.mark.timeout(300)]


async def test_the_desk_reviews_a_contract_on_the_distributed_stack(stack: LocalStack) -> None:
    chromium_or_skip()
    base = stack.layout.gateway_url
    async with chromium() as browser:
        page, watch = await open_desk(browser, base, api_key=stack.api_key)
        shots = Shots("distributed")
        await upload(page, EXAMPLES / "services_agreement_en.txt", "Northwind Analytics Ltd. (the Supplier)")
        await wait_first_pending(page, timeout_s=120)
        await shots.take(page, "first-redline")
        review_id = review_id_of(page)
        await page.wait_for_function("document.querySelectorAll('.redline[data-status=pending]').length >= 2")
        first, second = (await redline_ids(page))[:2]
        await approve(page, first)
        await reject(page, second, "Keep the clause but make it mutual.")
        redraft = await wait_redraft(page, second, timeout_s=120)
        await shots.take(page, "redraft")
        headers = {"Authorization": f"Bearer {stack.api_key}"}
        async with httpx.AsyncClient(base_url=base, timeout=10, headers=headers) as client:
            redlines = {
                r["id"]: r for r in (await client.get(f"/v1/reviews/{review_id}/redlines")).json()["data"]
            }
        assert redlines[first]["status"] == "approved"
        assert redlines[redraft]["round"] >= 1
        assert watch.clean(), watch
    # The orchestrator process typed the clauses through the skills process before planning.
    log = (stack.layout.workdir / "logs" / "orchestrator.log").read_text(encoding="utf-8")
    typed = [line for line in log.splitlines() if "plan.clauses_typed" in line and review_id in line]
    assert typed and "typed=0" not in typed[0] and '"typed": 0' not in typed[0], typed
