"""What is reachable from outside: internal services on loopback by default, compose publishing
only the gateway, and the gateway's own defaults (authentication on, CORS off)."""

from __future__ import annotations

from pathlib import Path

import yaml
from clauseflow_gateway.settings import GatewaySettings, is_loopback
from clauseflow_playbook_model.settings import PlaybookModelSettings
from clauseflow_skills.settings import SkillsServerSettings

COMPOSE = yaml.safe_load((Path(__file__).resolve().parents[2] / "docker-compose.yml").read_text())


def test_every_service_listens_on_loopback_unless_told_otherwise() -> None:
    assert is_loopback(GatewaySettings().gateway_host)
    assert is_loopback(SkillsServerSettings().skills_host)
    assert is_loopback(PlaybookModelSettings().playbook_model_host)


def test_compose_publishes_the_gateway_and_nothing_else() -> None:
    published = {name for name, service in COMPOSE["services"].items() if service.get("ports")}
    assert published == {"gateway"}


def test_the_gateway_defaults_to_authentication_on_and_no_cors() -> None:
    settings = GatewaySettings()
    assert settings.gateway_auth is True
    assert settings.cors_origins == []
