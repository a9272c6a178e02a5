"""Split each rule area module into a package with one module per rule family (issue #21, rule packs).

    python scripts/split_rule_packs.py      # run once, on the layout before the split

Before: ``clauseflow_legal/rules/<area>.py`` held every rule of an area (commercial.py: nine rules in
1,909 lines), and ``rules/cases/<area>/<rule>.yaml`` their cases. After:

    rules/<area>/__init__.py            the area: its families in the review's order (``FAMILIES``)
    rules/<area>/<family>.py            one rule family: its ``@rule`` function(s) and their helpers
    rules/<area>/<family>.cases.yaml    the family's cases, beside it
    rules/<area>/common.py              helpers that two or more families of the area use (public names)

The split is mechanical: every top-level statement of the old module keeps its text (comments
above it included) and its order. A rule's family is the rule's name (``single_use_undefined_terms``
joins ``undefined_terms``); a helper goes to the one family that reaches it (directly or through
other helpers), to ``common.py`` when several do. A helper no rule of its area uses goes where its
users are (``words_vs_digits``: drafting's ``inconsistency``) or, when nothing uses it, is dropped.
Imports are copied whole and pruned afterwards with ``ruff check --select F401,I,RUF100 --fix``; then
``ruff format``. The behaviour is checked with scripts/review_fingerprint.py (0 differences).
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
RULES = REPO / "libs" / "legal" / "src" / "clauseflow_legal" / "rules"
AREAS = ("liability", "termination", "commercial", "ip_data", "covenants", "construction", "ma", "drafting")
FAMILY_OF_RULE = {"single_use_undefined_terms": "undefined_terms"}
# Helpers that no rule of their own area uses: where they go (area, family), or None to drop them.
MOVED = {("commercial", "words_vs_digits"): ("drafting", "inconsistency"), ("liability", "period_text"): None}
COMMON = "common"
# Shared names whose plain public form is already a local name somewhere in the area.
PUBLIC_NAME: dict[str, str] = {"_buyer": "we_buy"}


@dataclass
class Module:
    """One new module: the import blocks it may need and its statements' text, in order."""

    doc: str
    imports: list[str] = field(default_factory=list)
    body: list[str] = field(default_factory=list)
    uses: set[tuple[str, str]] = field(default_factory=set)  # (module, name) imported from a sibling


def _defined(node: ast.stmt) -> list[str]:
    if isinstance(node, ast.FunctionDef | ast.ClassDef):
        return [node.name]
    if isinstance(node, ast.Assign):
        return [n.id for t in node.targets for n in ast.walk(t) if isinstance(n, ast.Name)]
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        return [node.target.id]
    return []


def _is_rule(node: ast.stmt) -> bool:
    return isinstance(node, ast.FunctionDef) and any(
        isinstance(d, ast.Call) and getattr(d.func, "id", None) == "rule" for d in node.decorator_list
    )


def split_area(area: str, modules: dict[tuple[str, str], Module], order: dict[str, list[str]]) -> str:
    """Distribute one area module's statements over its new modules; returns its docstring."""
    path = RULES / f"{area}.py"
    src = path.read_text(encoding="utf-8")
    lines = src.splitlines(keepends=True)
    tree = ast.parse(src)
    doc = ast.get_docstring(tree, clean=False) or ""
    imports = [n for n in tree.body if isinstance(n, ast.Import | ast.ImportFrom)]
    head_end = imports[-1].end_lineno or 0
    import_text = "".join(lines[imports[0].lineno - 1 : head_end])
    import_text = import_text.replace("from clauseflow_legal.rules.commercial import words_vs_digits\n", "")
    nodes = [n for n in tree.body if n.lineno > head_end]
    names = {name: i for i, n in enumerate(nodes) for name in _defined(n)}
    deps = {
        i: {names[x.id] for x in ast.walk(n) if isinstance(x, ast.Name) and names.get(x.id, i) != i}
        for i, n in enumerate(nodes)
    }
    users: dict[int, set[str]] = defaultdict(set)
    for i, n in enumerate(nodes):
        if _is_rule(n):
            assert isinstance(n, ast.FunctionDef)
            family = FAMILY_OF_RULE.get(n.name, n.name)
            if family not in order[area]:
                order[area].append(family)
            stack, seen = [i], set()
            while stack:
                j = stack.pop()
                if j not in seen:
                    seen.add(j)
                    users[j].add(family)
                    stack.extend(deps[j])
    start = head_end
    placed: dict[int, tuple[str, str]] = {}
    for i, n in enumerate(nodes):
        end = n.end_lineno or n.lineno
        text = "".join(lines[start:end]) if i < len(nodes) - 1 else "".join(lines[start:])
        start = end
        name = _defined(n)[0] if _defined(n) else ""
        if (area, name) in MOVED:
            target = MOVED[(area, name)]
            if target is None:
                continue
            where = target
        elif len(users[i]) == 1:
            where = (area, next(iter(users[i])))
        elif users[i]:
            where = (area, COMMON)
        else:
            raise SystemExit(f"{area}.{name}: no rule uses it and MOVED does not say where it goes")
        placed[i] = where
        module = modules.setdefault(where, Module(doc=""))
        module.body.append(text)
        module.imports.append(import_text)
    # Each module imports from common.py what it uses of it.
    for i, where in placed.items():
        for j in deps[i]:
            if placed.get(j) != where and j in placed:
                modules[where].uses.add((placed[j][1], _defined(nodes[j])[0]))
    for i, n in enumerate(nodes):
        if _is_rule(n) and isinstance(n, ast.FunctionDef):
            module = modules[placed[i]]
            first = (ast.get_docstring(n) or n.name).split("\n\n")[0].replace("\n", " ")
            if not module.doc:
                module.doc = f"The {n.name} rule ({area}): {first}"
    if (area, COMMON) in modules:
        modules[(area, COMMON)].doc = f"What two or more rule families of the {area} area share."
    return doc


def _wrapped(doc: str) -> str:
    """A one-line docstring longer than a line, wrapped at the first word that fits."""
    if "\n" in doc or len(doc) <= 100:
        return doc
    cut = doc.rfind(" ", 0, 100)
    return f"{doc[:cut]}\n{doc[cut + 1 :]}\n"


def write(modules: dict[tuple[str, str], Module], docs: dict[str, str], order: dict[str, list[str]]) -> None:
    """Write the new modules, the area packages and move the case files beside their family."""
    written: list[Path] = []
    for (area, family), module in modules.items():
        path = RULES / area / f"{family}.py"
        path.parent.mkdir(exist_ok=True)
        sibling = defaultdict(list)
        for source, name in sorted(module.uses):
            sibling[source].append(name)
        local = "".join(
            f"from clauseflow_legal.rules.{area}.{source} import {', '.join(names)}\n"
            for source, names in sibling.items()
        )
        imports = "".join(dict.fromkeys(module.imports))
        text = (
            f'"""{module.doc}"""\n\n'
            "# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken\n\n"
            f"{imports}{local}\n\n" + "".join(module.body).lstrip("\n")
        )
        path.write_text(text, encoding="utf-8")
        written.append(path)
    for area in AREAS:
        families = order[area]
        init = RULES / area / "__init__.py"
        init.write_text(
            f'"""{_wrapped(docs[area])}"""\n\n'
            "from __future__ import annotations\n\n"
            f"from clauseflow_legal.rules.{area} import {', '.join(families)}\n\n"
            "# The area's rule families in the review's order (importing one registers its rules).\n"
            f"FAMILIES = ({', '.join(families)},)\n",
            encoding="utf-8",
        )
        written.append(init)
        (RULES / f"{area}.py").unlink()
        for family in families:
            old = RULES / "cases" / area / f"{family}.yaml"
            if old.exists():
                new = RULES / area / f"{family}.cases.yaml"
                body = old.read_text(encoding="utf-8").replace(
                    f"(clauseflow_legal.rules.{area}).", f"(clauseflow_legal.rules.{area}.{family})."
                )
                new.write_text(body, encoding="utf-8")
                old.unlink()
        (RULES / "cases" / area).rmdir()
    (RULES / "cases").rmdir()
    _make_shared_names_public(written)
    ruff = [sys.executable, "-m", "ruff"]
    files = [str(p) for p in written]
    subprocess.run([*ruff, "check", "--select", "F401,I,RUF100", "--fix", "--quiet", *files], check=True)
    subprocess.run([*ruff, "format", "--quiet", *files], check=True)


def _make_shared_names_public(paths: list[Path]) -> None:
    """``_SELLER`` in ``common.py`` is the area's shared name: ``SELLER``, in common.py and its users."""
    for common in (p for p in paths if p.name == f"{COMMON}.py"):
        tree = ast.parse(common.read_text(encoding="utf-8"))
        private = [name for n in tree.body for name in _defined(n) if name.startswith("_")]
        area_files = [p for p in paths if p.parent == common.parent]
        texts = {path: path.read_text(encoding="utf-8") for path in area_files}
        for name in private:
            public = PUBLIC_NAME.get(name, name[1:])
            if any(re.search(rf"\b{public}\b", text) for text in texts.values()):
                raise SystemExit(f"{common.parent.name}: {public} is taken")
            texts = {path: re.sub(rf"\b{name}\b", public, text) for path, text in texts.items()}
        for path, text in texts.items():
            path.write_text(text, encoding="utf-8")


def main() -> None:
    """Split every area."""
    modules: dict[tuple[str, str], Module] = {}
    order: dict[str, list[str]] = {area: [] for area in AREAS}
    docs = {area: split_area(area, modules, order) for area in AREAS}
    write(modules, docs, order)
    sys.stdout.write(f"{len(modules)} modules in {len(AREAS)} areas\n")


if __name__ == "__main__":
    main()
