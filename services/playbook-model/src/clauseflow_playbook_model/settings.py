"""Settings of the playbook model server (PLAYBOOK_MODEL_HOST, PLAYBOOK_MODEL_PORT, LOG_LEVEL, ...)."""

from __future__ import annotations

from clauseflow_platform.settings import LoggingSettings
from pydantic import Field


class PlaybookModelSettings(LoggingSettings):
    """Where the server listens and the model id it reports."""

    playbook_model_host: str = "127.0.0.1"
    playbook_model_port: int = Field(default=8600, ge=0, le=65535)
    playbook_model_name: str = "clauseflow-playbook"
