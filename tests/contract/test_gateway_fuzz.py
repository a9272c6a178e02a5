"""Property-based fuzzing of the gateway's OpenAPI document with schemathesis, authenticated.

The gateway runs as its own OS process (real HTTP, the in-memory bus); every operation of its
document gets a few generated requests sent with an admin key, and every answer must be a
non-5xx whose status code, content type and body match what the document says. The example
budget is small so the suite stays fast; raise ``FUZZ_EXAMPLES`` to search harder.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass

import httpx
import pytest
import schemathesis
from clauseflow_cli.processes import free_port
from clauseflow_gateway.app import create_app
from clauseflow_gateway.auth.tokens import new_token
from clauseflow_gateway.settings import GatewaySettings
from gateway_api_support import CONTRACT, gateway_process_env
from hypothesis import HealthCheck, Phase, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "4"))
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
# The event stream stays open until its review ends; it is fuzzed with unknown ids only (a 404).
STREAMING = "/v1/reviews/{review_id}/events"

schema = schemathesis.openapi.from_dict(create_app(GatewaySettings()).openapi())


@dataclass(frozen=True)
class Served:
    base_url: str
    headers: dict[str, str]
    review_id: str


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    root = tmp_path_factory.mktemp("fuzz")
    _, operator = new_token()
    port = free_port()
    env = gateway_process_env(root, port, operator, UPLOAD_RATE_LIMIT="100000")
    with (root / "gateway.log").open("w") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "clauseflow_gateway.main"], env=env, stdout=log, stderr=subprocess.STDOUT
        )
    base_url = f"http://127.0.0.1:{port}"
    try:
        with httpx.Client(base_url=base_url, timeout=30) as http:
            deadline = time.monotonic() + 120
            while True:
                try:
                    if http.get("/healthz").status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                assert process.poll() is None and time.monotonic() < deadline, (
                    root / "gateway.log"
                ).read_text()
                time.sleep(0.1)
            created = http.post(
                "/v1/keys",
                json={"tenant": "acme", "roles": ["admin"], "label": "fuzzer"},
                headers={"Authorization": f"Bearer {operator}"},
            )
            headers = {"Authorization": f"Bearer {created.json()['token']}"}
            review = http.post(
                "/v1/reviews", json={"text": CONTRACT, "our_party": "Supplier"}, headers=headers
            )
            assert review.status_code == 202, review.text
            yield Served(base_url, headers, review.json()["id"])
    finally:
        process.terminate()
        process.wait(timeout=30)
    log_text = (root / "gateway.log").read_text()
    assert "http.unhandled_error" not in log_text, log_text[-4000:]


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=list(HealthCheck),
)
def test_every_operation_answers_as_documented(case: schemathesis.Case, served: Served) -> None:
    if case.path_parameters and "review_id" in case.path_parameters and case.path != STREAMING:
        # Aim at a real review of the key's tenant, so the handlers (not only the 404) are fuzzed.
        case.path_parameters["review_id"] = served.review_id
    case.call_and_validate(base_url=served.base_url, headers=served.headers, checks=CHECKS, timeout=30)
