"""Rewrite references to the old ``clauseflow_shared`` package to the packages it was split into (#21).

    scripts/uv.sh run --frozen python scripts/rewrite_imports.py [PATH ...] [--check] [--ruff]

``libs/shared`` (``clauseflow_shared``) became five packages with one job each:
``clauseflow_contracts`` (events, review model, errors, ids, skill ids, prompts, the risk taxonomy),
``clauseflow_platform`` (settings, logging, runtime, net, bus, LLM client), ``clauseflow_documents``
(parser, readers, segmenter, store…), ``clauseflow_legal`` (the reviewer) and ``clauseflow_testkit``
(scripted model, hostile readers, local Kafka launcher; development only).

Every dotted module path ``clauseflow_shared.X.Y`` (in imports, ``-m`` arguments, patch targets,
docstrings) and every slashed path ``clauseflow_shared/X/Y.py`` (in documentation) is mapped to its
new home by the longest matching entry of :data:`MODULES`; ``from clauseflow_shared import ids``
style imports are split per name (:data:`TOP_LEVEL_NAMES`). The rewrite is idempotent: the new
names never contain the old one, so a second run changes nothing. Without paths it rewrites
``libs services apps tests bench scripts`` and the top-level docs and build files.

``--check`` changes nothing and exits 1 when something would change. ``--ruff`` re-sorts the
imports of the changed Python files afterwards (``ruff check --fix --select I``), since the new
package names sort differently. A module path this table does not know (a file another branch
added to ``clauseflow_shared`` after the split) is reported and left alone: move it into the
package it belongs to, add it to :data:`MODULES`, and run again.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

# Old dotted module path → new dotted module path. The longest matching prefix wins, so a
# submodule moved apart from its package (``legal.risk_types``) is listed before its package.
MODULES: dict[str, str] = {
    # contracts: pure pydantic, no I/O
    "clauseflow_shared.events": "clauseflow_contracts.events",
    "clauseflow_shared.review": "clauseflow_contracts.review",
    "clauseflow_shared.errors": "clauseflow_contracts.errors",
    "clauseflow_shared.ids": "clauseflow_contracts.ids",
    "clauseflow_shared.prompts": "clauseflow_contracts.prompts",
    "clauseflow_shared.legal.risk_types": "clauseflow_contracts.risk_types",
    "clauseflow_shared.llm.errors": "clauseflow_contracts.llm_errors",
    "clauseflow_shared.llm.json_answer": "clauseflow_contracts.json_answer",
    # platform: settings, logging, runtime, net, bus, LLM client
    "clauseflow_shared.settings": "clauseflow_platform.settings",
    "clauseflow_shared.logging": "clauseflow_platform.logging",
    "clauseflow_shared.runtime": "clauseflow_platform.runtime",
    "clauseflow_shared.net": "clauseflow_platform.net",
    "clauseflow_shared.bus": "clauseflow_platform.bus",
    "clauseflow_shared.llm": "clauseflow_platform.llm",
    # documents
    "clauseflow_shared.documents": "clauseflow_documents",
    # legal: the reviewer
    "clauseflow_shared.legal": "clauseflow_legal",
    # testkit: development only
    "clauseflow_shared.testing": "clauseflow_testkit",
    "clauseflow_shared.local_kafka": "clauseflow_testkit.local_kafka",
}

# ``from clauseflow_shared import NAME``: the package each top-level name now lives in.
TOP_LEVEL_NAMES: dict[str, str] = {
    "events": "clauseflow_contracts",
    "review": "clauseflow_contracts",
    "errors": "clauseflow_contracts",
    "ids": "clauseflow_contracts",
    "prompts": "clauseflow_contracts",
    "settings": "clauseflow_platform",
    "logging": "clauseflow_platform",
    "runtime": "clauseflow_platform",
    "net": "clauseflow_platform",
    "bus": "clauseflow_platform",
    "llm": "clauseflow_platform",
    "local_kafka": "clauseflow_testkit",
}
# Names that became packages of their own:
# ``from clauseflow_shared import legal`` → ``import clauseflow_legal as legal``.
WHOLE_PACKAGES = {
    "documents": "clauseflow_documents",
    "legal": "clauseflow_legal",
    "testing": "clauseflow_testkit",
}

# Where each new package's sources live, for slashed paths in documentation.
SOURCE_ROOTS: dict[str, str] = {
    "clauseflow_contracts": "libs/contracts/src/clauseflow_contracts",
    "clauseflow_platform": "libs/platform/src/clauseflow_platform",
    "clauseflow_documents": "libs/documents/src/clauseflow_documents",
    "clauseflow_legal": "libs/legal/src/clauseflow_legal",
    "clauseflow_testkit": "libs/testkit/src/clauseflow_testkit",
}

DEFAULT_PATHS = ["libs", "services", "apps", "tests", "bench", "scripts", "README.md", "Makefile", "infra"]
SUFFIXES = {
    ".py",
    ".pyi",
    ".md",
    ".toml",
    ".cfg",
    ".ini",
    ".txt",
    ".yml",
    ".yaml",
    ".sh",
    ".json",
    ".xml",
    "",
}
SKIP_PARTS = {".git", ".venv", "__pycache__", "node_modules", ".mypy_cache", ".ruff_cache", "results"}

_DOTTED = re.compile(r"(?<![\w.])clauseflow_shared((?:\.[A-Za-z_][A-Za-z0-9_]*)*)")
_SLASHED = re.compile(
    r"(?:libs/shared/src/)?(?<![\w])clauseflow_shared((?:/[A-Za-z_][A-Za-z0-9_]*)*)(\.py|/)?"
)
_FROM_TOP = re.compile(
    r"^(?P<indent>[ \t]*)from clauseflow_shared import (?P<names>[^\n(]+?)[ \t]*$", re.MULTILINE
)

# A file holding this marker is left alone (this script's own tests name the old paths on purpose).
SKIP_MARKER = "rewrite_imports: " + "leave this file"

_unknown: set[str] = set()


def map_module(dotted: str) -> str | None:
    """The new dotted path of an old one (``clauseflow_shared.x.y``), or None when unknown."""
    parts = dotted.split(".")
    for n in range(len(parts), 1, -1):
        prefix = ".".join(parts[:n])
        if prefix in MODULES:
            return ".".join([MODULES[prefix], *parts[n:]])
    return None


def _dotted(match: re.Match[str]) -> str:
    old = match.group(0)
    new = map_module(old)
    if new is None:
        _unknown.add(old)
        return old
    return new


def _slashed(match: re.Match[str]) -> str:
    old = match.group(0)
    tail, ending = match.group(1), match.group(2) or ""
    if not tail:
        return old  # the bare package name in prose: the dotted rule or a person decides
    new = map_module("clauseflow_shared" + tail.replace("/", "."))
    if new is None:
        _unknown.add(old)
        return old
    package, *rest = new.split(".")
    path = "/".join([SOURCE_ROOTS[package], *rest])
    if old.startswith("clauseflow_shared"):  # the text named the path inside the package only
        path = "/".join([package, *rest])
    return path + ending


def _from_top(match: re.Match[str]) -> str:
    indent, names = match.group("indent"), [n.strip() for n in match.group("names").split(",") if n.strip()]
    lines, by_package = [], {}
    for name in names:
        base = name.split(" as ")[0].strip()
        if base in WHOLE_PACKAGES:
            alias = name.split(" as ")[1].strip() if " as " in name else base
            lines.append(f"{indent}import {WHOLE_PACKAGES[base]} as {alias}")
        elif base in TOP_LEVEL_NAMES:
            by_package.setdefault(TOP_LEVEL_NAMES[base], []).append(name)
        else:
            _unknown.add(f"from clauseflow_shared import {base}")
            by_package.setdefault("clauseflow_shared", []).append(name)
    lines += [f"{indent}from {pkg} import {', '.join(ns)}" for pkg, ns in by_package.items()]
    return "\n".join(lines)


def rewrite(text: str, python: bool) -> str:
    """The text with every old module path replaced by its new one."""
    if "clauseflow_shared" not in text:
        return text
    text = _FROM_TOP.sub(_from_top, text)
    if not python:
        text = _SLASHED.sub(_slashed, text)
    return _DOTTED.sub(_dotted, text)


def files_under(paths: list[Path]) -> list[Path]:
    """Text files to consider: the given files, and the files under the given folders."""
    out = []
    for path in paths:
        candidates = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
        for p in candidates:
            if SKIP_PARTS.intersection(p.parts) or p.suffix not in SUFFIXES:
                continue
            if p.resolve() == Path(__file__).resolve():
                continue  # the mapping itself names the old paths
            out.append(p)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", type=Path)
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a file would change")
    parser.add_argument("--ruff", action="store_true", help="re-sort the imports of changed Python files")
    ns = parser.parse_args(argv)
    paths = ns.paths or [REPO / p for p in DEFAULT_PATHS if (REPO / p).exists()]
    changed: list[Path] = []
    for path in files_under(paths):
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        if SKIP_MARKER in text:
            continue
        new = rewrite(text, python=path.suffix in {".py", ".pyi"})
        if new != text:
            changed.append(path)
            if not ns.check:
                path.write_text(new, encoding="utf-8")
    verb = "would rewrite" if ns.check else "rewrote"
    for path in changed:
        sys.stdout.write(f"{verb} {path}\n")
    if _unknown:
        sys.stderr.write(
            "not mapped (add them to MODULES in scripts/rewrite_imports.py): "
            + ", ".join(sorted(_unknown))
            + "\n"
        )
    if ns.ruff and changed and not ns.check:
        py = [str(p) for p in changed if p.suffix in {".py", ".pyi"}]
        if py:
            subprocess.run(["ruff", "check", "--fix", "--select", "I", "--quiet", *py], check=False)
    sys.stdout.write(f"{len(changed)} files {verb}\n")
    if ns.check and changed:
        return 1
    return 2 if _unknown else 0


if __name__ == "__main__":
    raise SystemExit(main())
