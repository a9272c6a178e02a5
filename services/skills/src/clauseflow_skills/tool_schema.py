"""Tool schemas: pydantic input models → OpenAI function-calling parameters valid in strict mode.

Strict mode (OpenAI structured outputs) accepts a subset of JSON Schema: every object lists all
its properties in ``required``, sets ``additionalProperties: false``, and uses only supported
keywords. Optional arguments are expressed the way OpenAI recommends: the property stays required
but its type also allows ``null``, which the executor reads as "use the default".
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel

# Filled by the system (prepare_input), never by the LLM: stripped from every tool definition.
INTERNAL_FIELDS: frozenset[str] = frozenset(
    {"document_structure", "state_snapshot", "criteria_data", "criteria_file_path"}
)

# Keywords OpenAI strict mode accepts (the conservative, documented subset).
SUPPORTED_KEYWORDS: frozenset[str] = frozenset(
    {
        "type",
        "properties",
        "required",
        "additionalProperties",
        "items",
        "enum",
        "const",
        "description",
        "anyOf",
        "$ref",
        "$defs",
        "pattern",
        "format",
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "multipleOf",
        "minItems",
        "maxItems",
    }
)
# Cosmetic keywords pydantic emits that carry no constraint; dropped rather than rejected.
_COSMETIC_KEYWORDS = frozenset({"title", "examples"})
_SCALAR_TYPES = frozenset({"string", "number", "integer", "boolean", "null", "array", "object"})


class StrictSchemaError(ValueError):
    """A tool's parameters cannot be used in OpenAI strict mode; the message lists every problem."""


def empty_parameters() -> dict[str, Any]:
    """Parameters of a tool that takes no arguments."""
    return {"type": "object", "properties": {}, "required": [], "additionalProperties": False}


def build_parameters(
    input_model: type[BaseModel] | None, exclude: Iterable[str] = INTERNAL_FIELDS
) -> dict[str, Any]:
    """The strict-mode parameters schema for ``input_model`` with internal fields removed.

    Fields with a default become required-but-nullable (null = use the default); titles are
    dropped; ``$defs`` no longer referenced after stripping are pruned.
    """
    if input_model is None:
        return empty_parameters()
    schema = copy.deepcopy(input_model.model_json_schema())
    excluded = set(exclude)
    properties: dict[str, Any] = schema.get("properties", {})
    required_by_model = set(schema.get("required", []))
    for name in excluded:
        properties.pop(name, None)
    for name, prop in list(properties.items()):
        if name not in required_by_model:
            properties[name] = _nullable(prop)
    parameters: dict[str, Any] = {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }
    if "$defs" in schema:
        parameters["$defs"] = schema["$defs"]
    _prune_defs(parameters)
    return _clean(parameters)


def _nullable(prop: dict[str, Any]) -> dict[str, Any]:
    """Allow null for an optional property and say in its description what null means."""
    prop = dict(prop)
    default = prop.pop("default", None)
    note = "null = use the default" + (f" ({default!r})" if default not in (None, "", [], {}) else "")
    prop["description"] = f"{prop['description']} ({note})" if prop.get("description") else note.capitalize()
    if "anyOf" in prop:
        if not any(alt.get("type") == "null" for alt in prop["anyOf"]):
            prop["anyOf"] = [*prop["anyOf"], {"type": "null"}]
        return prop
    kind = prop.get("type")
    if isinstance(kind, str):
        prop["type"] = [kind, "null"] if kind != "null" else kind
        if "enum" in prop and None not in prop["enum"]:
            prop["enum"] = [*prop["enum"], None]
        return prop
    if isinstance(kind, list):
        if "null" not in kind:
            prop["type"] = [*kind, "null"]
        return prop
    # A $ref or an enum without a type: wrap it so null is an explicit alternative.
    description = prop.pop("description", None)
    wrapped: dict[str, Any] = {"anyOf": [prop, {"type": "null"}]}
    if description:
        wrapped["description"] = description
    return wrapped


def _refs(node: Any) -> set[str]:
    found: set[str] = set()
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            found.add(ref.removeprefix("#/$defs/"))
        for key, value in node.items():
            if key != "$defs":
                found |= _refs(value)
    elif isinstance(node, list):
        for value in node:
            found |= _refs(value)
    return found


def _prune_defs(schema: dict[str, Any]) -> None:
    """Drop $defs unreachable from the properties (e.g. DocumentStructure after stripping)."""
    defs: dict[str, Any] = schema.get("$defs", {})
    reachable: set[str] = set()
    frontier = _refs(schema["properties"])
    while frontier:
        name = frontier.pop()
        if name in reachable or name not in defs:
            continue
        reachable.add(name)
        frontier |= _refs(defs[name])
    kept = {k: v for k, v in defs.items() if k in reachable}
    if kept:
        schema["$defs"] = kept
    else:
        schema.pop("$defs", None)


def _clean(node: Any, *, in_properties: bool = False) -> Any:
    """Remove cosmetic keywords recursively (but never a property that happens to be called so)."""
    if isinstance(node, dict):
        out: dict[str, Any] = {}
        for key, value in node.items():
            if not in_properties and key in _COSMETIC_KEYWORDS:
                continue
            out[key] = _clean(value, in_properties=key in ("properties", "$defs"))
        return out
    if isinstance(node, list):
        return [_clean(v) for v in node]
    return node


def strict_schema_problems(schema: dict[str, Any]) -> list[str]:
    """Every reason ``schema`` would be rejected by OpenAI strict mode ([] when it is valid)."""
    problems: list[str] = []
    if schema.get("type") != "object":
        problems.append("root: parameters must be an object schema")
    _check(schema, "root", problems, schema.get("$defs", {}))
    for name, definition in schema.get("$defs", {}).items():
        _check(definition, f"$defs.{name}", problems, schema.get("$defs", {}))
    return problems


def _check(node: Any, path: str, problems: list[str], defs: dict[str, Any]) -> None:
    if not isinstance(node, dict):
        problems.append(f"{path}: a schema must be an object")
        return
    for key in node:
        if key not in SUPPORTED_KEYWORDS:
            problems.append(f"{path}: keyword {key!r} is not supported in strict mode")
    ref = node.get("$ref")
    if ref is not None and (not isinstance(ref, str) or ref.removeprefix("#/$defs/") not in defs):
        problems.append(f"{path}: $ref {ref!r} does not point into $defs")
    kinds = node.get("type")
    kind_list = kinds if isinstance(kinds, list) else [kinds] if kinds is not None else []
    for kind in kind_list:
        if kind not in _SCALAR_TYPES:
            problems.append(f"{path}: unknown type {kind!r}")
    if "type" not in node and not {"anyOf", "$ref", "enum", "const"} & node.keys():
        problems.append(f"{path}: no type (strict mode needs a type, anyOf, $ref, enum or const)")
    if "object" in kind_list:
        properties = node.get("properties")
        if not isinstance(properties, dict):
            problems.append(f"{path}: an object must declare its properties")
            properties = {}
        if node.get("additionalProperties") is not False:
            problems.append(f"{path}: additionalProperties must be false")
        required = node.get("required", [])
        missing = [p for p in properties if p not in required]
        if missing:
            problems.append(f"{path}: every property must be required; not required: {', '.join(missing)}")
        unknown = [r for r in required if r not in properties]
        if unknown:
            problems.append(f"{path}: required names unknown properties: {', '.join(unknown)}")
        for name, prop in properties.items():
            _check(prop, f"{path}.{name}", problems, defs)
    if "array" in kind_list:
        if "items" not in node:
            problems.append(f"{path}: an array must declare its items")
        else:
            _check(node["items"], f"{path}[]", problems, defs)
    for index, alternative in enumerate(node.get("anyOf", [])):
        _check(alternative, f"{path}.anyOf[{index}]", problems, defs)


def assert_strict(name: str, schema: dict[str, Any]) -> None:
    """Raise :class:`StrictSchemaError` naming the tool and every problem, if ``schema`` is not strict."""
    problems = strict_schema_problems(schema)
    if problems:
        raise StrictSchemaError(
            f"tool {name!r} has a schema OpenAI strict mode rejects: " + "; ".join(problems)
        )
