"""Builders shared by the playbook-model tests (a module of its own name, not ``conftest``)."""

from __future__ import annotations


def tool(name: str, extra: dict[str, dict[str, object]] | None = None) -> dict[str, object]:
    """A strict-mode style tool definition, as the skills registry serves them."""
    props: dict[str, dict[str, object]] = {"clause_id": {"type": "string", "description": "clause id"}}
    props.update(extra or {})
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": f"{name} skill",
            "parameters": {
                "type": "object",
                "properties": props,
                "required": list(props),
                "additionalProperties": False,
            },
        },
    }
