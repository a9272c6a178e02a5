"""The distributed stack on one machine: a Kafka broker plus every service as its own OS process.

``clauseflow up`` runs it for people; the e2e tests run it to review contracts through the real
services, kill them, and restart them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from clauseflow_cli.credentials import LocalKey, ensure_local_key
from clauseflow_cli.processes import (
    ProcessGroup,
    ServiceProcess,
    console_script,
    default_env,
    free_port,
    grpc_serving,
    http_ok,
    service_env,
)


@dataclass
class StackLayout:
    """Where a local stack keeps its state, and the ports it listens on."""

    workdir: Path
    kafka_bootstrap: str
    workers: int = 1
    worker_concurrency: int = 8
    gateway_port: int = field(default_factory=free_port)
    skills_port: int = field(default_factory=free_port)
    model_port: int = field(default_factory=free_port)
    llm_base_url: str | None = None
    extra_env: dict[str, str] = field(default_factory=dict)
    # Where the local admin key is kept (default: api-key in the work dir), mode 0600.
    key_file: Path | None = None

    @property
    def gateway_database_url(self) -> str:
        """The gateway's database (keys and the read model)."""
        return f"sqlite+aiosqlite:///{self.workdir / 'gateway.db'}"

    @property
    def gateway_url(self) -> str:
        """Base URL of the gateway."""
        return f"http://127.0.0.1:{self.gateway_port}"

    @property
    def model_url(self) -> str:
        """The LLM endpoint the services use: the bundled playbook model unless one is given."""
        return self.llm_base_url or f"http://127.0.0.1:{self.model_port}/v1"

    def common_env(self) -> dict[str, str]:
        """Settings every service shares."""
        return service_env(
            default_env(),
            KAFKA_BOOTSTRAP_SERVERS=self.kafka_bootstrap,
            DOCUMENT_STORE_DIR=str(self.workdir / "documents"),
            LLM_BASE_URL=self.model_url,
            SKILLS_TARGETS=f"127.0.0.1:{self.skills_port}",
            **self.extra_env,
        )


class LocalStack:
    """Starts and stops the services of a :class:`StackLayout`; individual services can be killed."""

    def __init__(self, layout: StackLayout) -> None:
        self.layout = layout
        self.group = ProcessGroup()
        self.local_key: LocalKey | None = None
        (layout.workdir / "logs").mkdir(parents=True, exist_ok=True)

    def _service(self, name: str, script: str, health: object = None, **env: str) -> ServiceProcess:
        return ServiceProcess(
            name=name,
            argv=[console_script(script)],
            env={**self.layout.common_env(), **env},
            health=health,  # type: ignore[arg-type]
            log_path=self.layout.workdir / "logs" / f"{name}.log",
        )

    def playbook_model(self) -> ServiceProcess:
        """The offline model process."""
        port = self.layout.model_port
        return self._service(
            "playbook-model",
            "clauseflow-playbook-model",
            http_ok(f"http://127.0.0.1:{port}/v1/models"),
            PLAYBOOK_MODEL_HOST="127.0.0.1",
            PLAYBOOK_MODEL_PORT=str(port),
        )

    def skills(self) -> ServiceProcess:
        """The skills gRPC server process."""
        port = self.layout.skills_port
        return self._service(
            "skills",
            "clauseflow-skills",
            grpc_serving(f"127.0.0.1:{port}"),
            SKILLS_HOST="127.0.0.1",
            SKILLS_PORT=str(port),
        )

    def orchestrator(self) -> ServiceProcess:
        """The orchestrator process (SQLite in the work dir)."""
        db = self.layout.workdir / "orchestrator.db"
        return self._service(
            "orchestrator", "clauseflow-orchestrator", ORCHESTRATOR_DATABASE_URL=f"sqlite+aiosqlite:///{db}"
        )

    def worker(self, index: int) -> ServiceProcess:
        """The ``index``-th clause-worker replica."""
        return self._service(
            f"clause-worker-{index}",
            "clauseflow-clause-worker",
            WORKER_CONCURRENCY=str(self.layout.worker_concurrency),
        )

    def gateway(self) -> ServiceProcess:
        """The gateway process (authentication on, like any deployment)."""
        return self._service(
            "gateway",
            "clauseflow-gateway",
            http_ok(f"{self.layout.gateway_url}/readyz"),
            GATEWAY_HOST="127.0.0.1",
            GATEWAY_PORT=str(self.layout.gateway_port),
            GATEWAY_DATABASE_URL=self.layout.gateway_database_url,
        )

    async def start(self) -> None:
        """Start every service, each only once the ones it depends on are healthy."""
        if self.layout.llm_base_url is None:
            await self.group.start(self.playbook_model())
        await self.group.start(self.skills())
        await self.group.start(self.orchestrator())
        for i in range(self.layout.workers):
            await self.group.start(self.worker(i))
        key_file = self.layout.key_file or self.layout.workdir / "api-key"
        self.local_key = await ensure_local_key(self.layout.gateway_database_url, key_file)
        await self.group.start(self.gateway())

    @property
    def api_key(self) -> str:
        """The local admin key (known once the stack has started)."""
        if self.local_key is None:
            raise RuntimeError("the stack has not started")
        return self.local_key.token

    async def restart(self, name: str, timeout_s: float = 180.0) -> ServiceProcess:
        """Start a fresh process for a service that was stopped or killed (healthy within ``timeout_s``)."""
        old = self.group.services[name]
        if old.running:
            await old.stop()
        fresh = ServiceProcess(
            name=old.name, argv=old.argv, env=old.env, health=old.health, log_path=old.log_path
        )
        return await self.group.start(fresh, timeout_s)

    def service(self, name: str) -> ServiceProcess:
        """A running service by name."""
        return self.group.services[name]

    async def stop(self) -> None:
        """Stop everything."""
        await self.group.stop()
