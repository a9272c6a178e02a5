"""Settings of the playbook model server (PLAYBOOK_MODEL_HOST, PLAYBOOK_MODEL_PORT, ...)."""

from __future__ import annotations

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class PlaybookModelSettings(BaseSettings):
    """Where the server listens and the model id it reports."""

    model_config = SettingsConfigDict(env_prefix="PLAYBOOK_MODEL_", env_file=None, extra="ignore")

    host: str = "127.0.0.1"
    port: int = Field(default=8600, ge=0, le=65535)
    model_name: str = "clauseflow-playbook"
    log_level: str = "INFO"
    log_json: bool = True
