"""docker-compose.yml must agree with the services' settings (it cannot be run here: no Docker engine)."""

from __future__ import annotations

import importlib
import re
import tomllib
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
import yaml
from pydantic_settings import BaseSettings

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
SERVICES: dict[str, Any] = COMPOSE["services"]

SETTINGS = {
    "gateway": ["clauseflow_gateway.settings:GatewaySettings"],
    "orchestrator": [
        "clauseflow_orchestrator.settings:OrchestratorOptions",
        "clauseflow_platform.settings:LoggingSettings",
        "clauseflow_platform.settings:KafkaSettings",
        "clauseflow_platform.settings:LLMSettings",
        "clauseflow_platform.settings:StorageSettings",
        "clauseflow_platform.settings:DatabaseSettings",
        "clauseflow_platform.settings:SkillsClientSettings",
        "clauseflow_platform.heartbeat:HeartbeatSettings",
    ],
    "clause-worker": [
        "clauseflow_clause_worker.settings:WorkerSettings",
        "clauseflow_clause_worker.settings:AgentSettings",
        "clauseflow_platform.settings:LoggingSettings",
        "clauseflow_platform.settings:KafkaSettings",
        "clauseflow_platform.settings:LLMSettings",
        "clauseflow_platform.settings:StorageSettings",
        "clauseflow_platform.settings:SkillsClientSettings",
        "clauseflow_platform.heartbeat:HeartbeatSettings",
    ],
    "skills": ["clauseflow_skills.settings:SkillsServerSettings"],
    "playbook-model": ["clauseflow_playbook_model.settings:PlaybookModelSettings"],
}


def _classes(service: str) -> list[type[BaseSettings]]:
    out = []
    for ref in SETTINGS[service]:
        module, name = ref.split(":")
        out.append(getattr(importlib.import_module(module), name))
    return out


def _env(service: str) -> dict[str, str]:
    return {k: str(v) for k, v in (SERVICES[service].get("environment") or {}).items()}


@pytest.mark.parametrize("service", sorted(SETTINGS))
def test_every_environment_variable_is_a_setting_the_service_reads(service: str) -> None:
    fields = {name for cls in _classes(service) for name in cls.model_fields}
    unknown = {key for key in _env(service) if key.lower() not in fields}
    assert not unknown, f"{service} is given settings it does not read: {sorted(unknown)}"


@pytest.mark.parametrize("service", sorted(SETTINGS))
def test_the_environment_values_are_valid_settings(service: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for key, value in _env(service).items():
        # `${VAR:-default}` is what compose passes when VAR is unset: the default.
        monkeypatch.setenv(key, re.sub(r"\$\{\w+:-([^}]*)\}", r"\1", value))
    for cls in _classes(service):
        cls()  # raises on a value the service would refuse at start


@pytest.mark.parametrize("service", sorted(SETTINGS))
def test_each_service_image_runs_its_own_console_script(service: str) -> None:
    dockerfile = ROOT / SERVICES[service]["build"]["dockerfile"]
    cmd = re.search(r'^CMD \["([^"]+)"\]', dockerfile.read_text(), re.M)
    assert cmd, f"{dockerfile} has no CMD"
    pyproject = tomllib.loads((dockerfile.parent / "pyproject.toml").read_text())
    assert cmd.group(1) in pyproject["project"]["scripts"]


def test_dependencies_wait_for_healthy_services_that_have_healthchecks() -> None:
    for name, service in SERVICES.items():
        for dep, cond in (service.get("depends_on") or {}).items():
            assert cond == {"condition": "service_healthy"}, f"{name} → {dep}"
            assert "healthcheck" in SERVICES[dep], f"{name} waits for {dep}, which has no healthcheck"


def test_services_reach_each_other_where_they_listen() -> None:
    model, skills, gateway = _env("playbook-model"), _env("skills"), _env("gateway")
    kafka = SERVICES["kafka"]["environment"]["KAFKA_ADVERTISED_LISTENERS"]
    for name in ("orchestrator", "clause-worker", "gateway"):
        assert kafka.endswith(_env(name)["KAFKA_BOOTSTRAP_SERVERS"]), name
    for name in ("orchestrator", "clause-worker"):
        llm = urlparse(_env(name)["LLM_BASE_URL"])
        assert (llm.hostname, str(llm.port)) == ("playbook-model", model["PLAYBOOK_MODEL_PORT"])
    for name in ("orchestrator", "clause-worker"):  # the orchestrator types clauses before planning
        assert _env(name)["SKILLS_TARGETS"] == f"skills:{skills['SKILLS_PORT']}", name
    assert gateway["GATEWAY_PORT"] in SERVICES["gateway"]["healthcheck"]["test"][-1]
    assert SERVICES["gateway"]["ports"] == [f"{gateway['GATEWAY_PORT']}:{gateway['GATEWAY_PORT']}"]
    for name in ("playbook-model", "skills", "gateway"):
        host_var = {
            "playbook-model": "PLAYBOOK_MODEL_HOST",
            "skills": "SKILLS_HOST",
            "gateway": "GATEWAY_HOST",
        }[name]
        assert _env(name)[host_var] == "0.0.0.0", f"{name} must listen beyond loopback inside its container"


def test_stateful_services_share_the_document_store_volume() -> None:
    for name in ("gateway", "orchestrator", "clause-worker", "skills"):
        assert "documents:/data/documents" in SERVICES[name]["volumes"], name
        assert _env(name)["DOCUMENT_STORE_DIR"] == "/data/documents"
