"""``clauseflow parse FILE [--pc FILE] [--json]``: show how a document was read.

For people checking the clause tree of their contract, and for scripts (``--json``). A FIDIC
contract's Particular Conditions are merged into its General Conditions with ``--pc``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from clauseflow_contracts.errors import ClauseflowError
from clauseflow_documents.model import DocumentStructure


def parse(
    file: Annotated[
        Path, typer.Argument(help="The contract: .txt, .md, .docx or .pdf (FIDIC: the General Conditions).")
    ],
    pc: Annotated[
        Path | None, typer.Option("--pc", help="FIDIC Particular Conditions to merge into FILE.")
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print JSON (clauses, definitions, cross_references, warnings).")
    ] = False,
) -> None:
    """Print the clause tree of FILE (indented), or JSON with --json."""
    try:
        structure = _load(file, pc)
    except ClauseflowError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(code=2) from None
    if as_json:
        typer.echo(json.dumps(to_json(structure), ensure_ascii=False, indent=2))
    else:
        typer.echo(render_tree(structure))


def _read(path: Path) -> bytes:
    if not path.exists():
        raise ClauseflowError(f"{path} does not exist.")
    if path.is_dir():
        raise ClauseflowError(f"{path} is a directory; give the path of a contract file.")
    try:
        return path.read_bytes()
    except OSError as exc:
        raise ClauseflowError(f"{path} cannot be read: {exc.strerror or exc}.") from None


def _load(file: Path, pc: Path | None) -> DocumentStructure:
    from clauseflow_documents.parser import parse_document

    structure = parse_document(_read(file), file.name)
    if pc is not None:
        from clauseflow_documents.fidic import merge_gc_pc

        structure = merge_gc_pc(structure, parse_document(_read(pc), pc.name))
    return structure


def to_json(structure: DocumentStructure) -> dict[str, Any]:
    """The JSON report: nested clauses, definitions, cross-references and warnings."""
    nodes: dict[str, dict[str, Any]] = {}
    roots: list[dict[str, Any]] = []
    for clause in structure.clauses:  # document order: parents come before their children
        node: dict[str, Any] = {
            "clause_id": clause.clause_id,
            "title": clause.title,
            "text": clause.text,
            "level": clause.level,
            "start": clause.start,
            "end": clause.end,
            "provenance": clause.provenance,
            "definitions_used": list(clause.definitions_used),
            "children": [],
        }
        nodes[clause.clause_id] = node
        parent = nodes.get(clause.parent_id) if clause.parent_id else None
        (parent["children"] if parent is not None else roots).append(node)
    return {
        "document_id": structure.document_id,
        "title": structure.title,
        "language": structure.language,
        "source_format": structure.source_format,
        "clauses": roots,
        "definitions": [d.model_dump() for d in structure.definitions],
        "cross_references": [
            {"source": r.source, "target": r.target, "raw": r.raw, "resolved": r.resolved}
            for r in structure.cross_references
        ],
        "undefined_terms": list(structure.undefined_terms),
        "warnings": list(structure.warnings),
    }


def render_tree(structure: DocumentStructure) -> str:
    """The clause tree, one clause a line, indented by level, with a summary at the end."""
    lines = [f"{structure.title}  [{structure.source_format}, {structure.language}]"]
    for clause in structure.clauses:
        body = (
            clause.text[len(clause.number_raw) :]
            if clause.text.startswith(clause.number_raw)
            else clause.text
        )
        label = clause.title or " ".join(body.split())[:70]
        marker = "" if clause.provenance == "original" else f"  ({clause.provenance})"
        lines.append(f"{'  ' * clause.level}{clause.clause_id}  {label}{marker}")
    broken = [r for r in structure.cross_references if not r.resolved]
    lines.append("")
    lines.append(
        f"{len(structure.clauses)} clauses, {len(structure.definitions)} definitions, "
        f"{len(structure.cross_references)} cross-references ({len(broken)} broken)"
    )
    lines.extend(f"warning: {w}" for w in structure.warnings)
    return "\n".join(lines)
