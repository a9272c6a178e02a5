"""Move a rule area's named patterns and finding wording into data beside each family (issue #21).

    scripts/uv.sh run --frozen python scripts/rule_packs_data.py AREA [AREA ...]

For every family module ``rules/<area>/<family>.py`` (and the area's ``common.py``):

* patterns: a module constant holding a pattern (``_SECURED = re.compile(r"…", re.I)``,
  ``_ADVANCE = r"…" r"…"``, ``_BAR = r"…" + _FEES``) and a literal pattern passed to ``ctx.find``,
  ``ctx.has`` or ``re.search``/``match``/``finditer``/``findall``/``sub``/``split``/``fullmatch``/
  ``compile`` go to ``<family>.patterns.yaml`` under a name (the constant's, else the function's),
  split into English and Chinese forms when the pattern's top-level alternatives come in two runs,
  one per language; the code then reads ``PATTERNS["name"]`` (the source) or
  ``PATTERNS.compiled("name")``. Literals without a word in them (``r"\\s+"``) stay: they are syntax.
* wording: a finding whose three texts are literal English/Chinese pairs (plain or f-strings with
  simple values) goes to ``<family>.wording.yaml`` under an id (the function's name); the call
  becomes ``WORDING.finding(ctx, "id", risk, level, quote, value=…)``. A text that is verbatim a
  text of the generic playbook becomes a reference to it. Wording built by concatenation or with
  conditions stays in Python.

Every moved pattern is checked to read back equal to the literal it replaces (same source, same
flags); the case runner and scripts/review_fingerprint.py check the behaviour.
"""

from __future__ import annotations

import ast
import itertools
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml
from clauseflow_legal.lexicon import lexicon
from clauseflow_legal.rules.packs import Patterns, Wording

REPO = Path(__file__).resolve().parents[1]
RULES = REPO / "libs" / "legal" / "src" / "clauseflow_legal" / "rules"
PLAYBOOK = REPO / "libs" / "legal" / "src" / "clauseflow_legal" / "playbook" / "generic.json"
RE_FUNCS = {"search", "match", "finditer", "findall", "sub", "split", "fullmatch", "compile"}
CTX_FUNCS = {"find", "has"}
CJK = re.compile(r"[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]")
WORDY = re.compile(r"[A-Za-z]{3,}|[\u4e00-\u9fff]")


class _Literal(yaml.SafeDumper):
    """Dumps every string single-quoted (backslashes stay as written) or plain when safe."""


def _str(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    plain = dumper.resolve(yaml.ScalarNode, value, (True, False)) == "tag:yaml.org,2002:str"
    special = re.search(r"[\\:#{}\[\]&*!|>'\"%@`,?-]|^\s|\s$", value)
    return dumper.represent_scalar(
        "tag:yaml.org,2002:str", value, style=None if plain and not special else "'"
    )


_Literal.add_representer(str, _str)


def dump(data: dict[str, Any]) -> str:
    """YAML that reads back equal, one key per pattern, without line folding."""
    text = yaml.dump(data, Dumper=_Literal, allow_unicode=True, sort_keys=False, width=100_000)
    if yaml.safe_load(text) != data:
        raise SystemExit("the data does not read back equal")
    return text


def top_level_alternatives(pattern: str) -> list[str]:
    """The pattern split at its top-level ``|`` (outside groups and classes)."""
    parts, depth, start, i, in_class = [], 0, 0, 0, False
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            i += 2
            continue
        if in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class = True
            if pattern[i + 1 : i + 2] == "]" or pattern[i + 1 : i + 3] == "^]":
                i += 2 if pattern[i + 1] == "]" else 3
                continue
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "|" and depth == 0:
            parts.append(pattern[start:i])
            start = i + 1
        i += 1
    parts.append(pattern[start:])
    return parts


def forms(pattern: str) -> str | dict[str, str]:
    """English and Chinese forms when the alternatives come in one run per language, else one form."""
    alts = top_level_alternatives(pattern)
    langs = ["zh" if CJK.search(a) else "en" for a in alts]
    runs = [lang for i, lang in enumerate(langs) if i == 0 or lang != langs[i - 1]]
    if len(runs) != 2:
        return _listed(alts)
    cut = langs.index(runs[1])
    return {runs[0]: _listed(alts[:cut]), runs[1]: _listed(alts[cut:])}


def _listed(alternatives: list[str]) -> Any:
    """Short alternations stay one line; long ones list their alternatives, one a line."""
    joined = "|".join(alternatives)
    return joined if len(joined) <= 80 or len(alternatives) == 1 else alternatives


def _flag_names(flags: int) -> list[str]:
    return [
        f.name
        for f in re.RegexFlag
        if f.value & flags and f.name in ("IGNORECASE", "DOTALL", "MULTILINE", "VERBOSE", "ASCII")
    ]


def _name_classes(form: Any) -> Any:
    """``(?:解除|终止)`` becomes ``{terminate.zh}``: a group spelling out a lexicon class names it."""
    if isinstance(form, list):
        return [_name_classes(alternative) for alternative in form]
    for name, langs in lexicon().items():
        every = "|".join(langs.values())
        form = form.replace(f"(?:{every})", "{" + name + "}")
        for lang, words in langs.items():
            form = form.replace(f"(?:{words})", "{" + f"{name}.{lang}" + "}")
    return form


def _whole(pattern: str) -> bool:
    """Whether a piece of a concatenated pattern is a pattern by itself (balanced, no dangling ``|``)."""
    try:
        re.compile(pattern)
    except re.error:
        return False
    return not pattern.startswith("|") and not pattern.endswith("|")


def _placeholder_like(pattern: str) -> bool:
    """Whether a literal holds what the pack format would read as a placeholder (``{them}``, ``{@x}``)."""
    return re.search(r"\{@|\{[a-z][a-z_]*(?:\.(?:en|zh))?\}", pattern) is not None


def _concatenated(node: ast.expr) -> list[ast.expr]:
    """The operands of a ``+`` chain (``r"…" + rf"…{ctx.us_rx}…"``), or the node itself."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _concatenated(node.left) + _concatenated(node.right)
    return [node]


def _value_name(node: ast.expr) -> str:
    """A readable name for a value a text shows: ``m.group(0).strip()`` is ``matched``."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        if node.func.attr in ("strip", "lower", "upper", "rstrip", "lstrip", "title"):
            return _value_name(node.func.value)
        if node.func.attr == "group":
            arg = node.args[0].value if node.args and isinstance(node.args[0], ast.Constant) else 0
            return str(arg) if isinstance(arg, str) else ("matched" if arg == 0 else f"group{arg}")
        return node.func.attr.strip("_")
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return node.func.id.strip("_").removeprefix("fmt_")
    if isinstance(node, ast.Attribute):
        return _value_name(node.value) if node.attr == "value" else node.attr.strip("_")
    if isinstance(node, ast.Subscript):
        return _value_name(node.value)
    if isinstance(node, ast.Name):
        return node.id.strip("_") or "value"
    return "value"


def _snake(name: str) -> str:
    return name.strip("_").lower()


class Family:
    """One family module being rewritten: the replacements and its new data."""

    def __init__(self, path: Path, playbook: dict[str, tuple[str, str, str]]) -> None:
        self.path = path
        self.src = path.read_text(encoding="utf-8")
        self.lines = self.src.splitlines(keepends=True)
        self.tree = ast.parse(self.src)
        self.playbook = playbook
        self.patterns: dict[str, Any] = {}
        self.comments: dict[str, list[str]] = {}
        self.expected: dict[str, tuple[str, int | None]] = {}
        self.wording: dict[str, Any] = {}
        self.edits: list[tuple[int, int, str]] = []  # (start offset, end offset, new text)
        self.used_names: set[str] = set()
        self._offsets = [0]
        for line in self.lines:
            self._offsets.append(self._offsets[-1] + len(line))

    def span(self, node: ast.AST) -> tuple[int, int]:
        start = self._offsets[node.lineno - 1] + len(
            self.lines[node.lineno - 1].encode()[: node.col_offset].decode()
        )  # type: ignore[attr-defined]
        end_line = node.end_lineno - 1  # type: ignore[attr-defined]
        end = self._offsets[end_line] + len(self.lines[end_line].encode()[: node.end_col_offset].decode())  # type: ignore[attr-defined]
        return start, end

    def comments_in(self, node: ast.AST) -> list[str]:
        """The comments written inside ``node`` (between the pieces of a long pattern)."""
        first, last = node.lineno, node.end_lineno  # type: ignore[attr-defined]
        out = []
        for line in self.lines[first - 1 : last]:
            stripped = line.strip()
            if stripped.startswith("#"):
                out.append(stripped.lstrip("#").strip())
        return out

    def fresh(self, base: str) -> str:
        name, n = base, 1
        while name in self.used_names:
            n += 1
            name = f"{base}_{n}"
        self.used_names.add(name)
        return name

    # -- patterns -----------------------------------------------------------------------------
    def string_value(self, node: ast.expr, local: dict[str, str]) -> tuple[str, str] | None:
        """(value, template) of a literal pattern expression, else None."""
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value, node.value
        if isinstance(node, ast.Name) and node.id in local:
            return self.patterns_value(local[node.id]), "{@" + local[node.id] + "}"
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            left = self.string_value(node.left, local)
            right = self.string_value(node.right, local)
            if left and right:
                return left[0] + right[0], left[1] + right[1]
        return None

    def patterns_value(self, name: str) -> str:
        return self.expected[name][0]

    def add_pattern(
        self, name: str, value: str, template: str, flags: int | None, comments: list[str]
    ) -> None:
        entry: Any = forms(template)
        entry = (
            {k: _name_classes(v) for k, v in entry.items()}
            if isinstance(entry, dict)
            else _name_classes(entry)
        )
        self.comments[name] = comments
        if flags:
            entry = dict(entry) if isinstance(entry, dict) else {"any": entry}
            entry["flags"] = _flag_names(flags)
        self.patterns[name] = entry
        self.expected[name] = (value, flags)

    def move_patterns(self) -> None:
        local: dict[str, str] = {}
        for node in self.tree.body:
            if not (
                isinstance(node, ast.Assign)
                and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)
            ):
                continue
            const = node.targets[0].id
            value = node.value
            flags: int | None = None
            call = (
                isinstance(value, ast.Call)
                and isinstance(value.func, ast.Attribute)
                and value.func.attr == "compile"
            )
            if call:
                assert isinstance(value, ast.Call)
                if not value.args or value.keywords or len(value.args) > 2:
                    continue
                if len(value.args) == 2:
                    flags = int(eval(ast.unparse(value.args[1]), {"re": re}))
                value = value.args[0]
            got = self.string_value(value, local)
            if got is None or not WORDY.search(got[0]) or _placeholder_like(got[0]):
                continue  # a pattern filled in by str.format (``{them}``) stays a template in Python
            name = self.fresh(_snake(const))
            self.add_pattern(name, got[0], got[1], flags if call else None, self.comments_in(node.value))
            local[const] = name
            access = f'PATTERNS.compiled("{name}")' if call else f'PATTERNS["{name}"]'
            self.edits.append((*self.span(node.value), access))
        for func in (n for n in self.tree.body if isinstance(n, ast.FunctionDef)):
            for node in ast.walk(func):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args):
                    continue
                owner = node.func.value
                is_re = isinstance(owner, ast.Name) and owner.id == "re" and node.func.attr in RE_FUNCS
                is_ctx = node.func.attr in CTX_FUNCS and isinstance(owner, ast.Name) and owner.id == "ctx"
                if not (is_re or is_ctx):
                    continue
                leaves = _concatenated(node.args[0])
                for leaf in leaves:
                    text = leaf.value if isinstance(leaf, ast.Constant) else None
                    if not (isinstance(text, str) and WORDY.search(text) and not _placeholder_like(text)):
                        continue
                    if len(leaves) > 1 and not _whole(text):
                        continue  # a fragment of a pattern put together in Python ("…)|(?:…")
                    name = self.fresh(_snake(func.name))
                    self.add_pattern(
                        name, text, text, None, self.comments_in(leaf if len(leaves) > 1 else node.args[0])
                    )
                    self.edits.append((*self.span(leaf), f'PATTERNS["{name}"]'))

    # -- wording ------------------------------------------------------------------------------
    def template(self, node: ast.expr, values: dict[str, str]) -> str | None:
        """A str.format template for a literal or f-string, collecting its values, else None."""
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value.replace("{", "{{").replace("}", "}}")
        if not isinstance(node, ast.JoinedStr):
            return None
        out = []
        for part in node.values:
            if isinstance(part, ast.Constant):
                out.append(str(part.value).replace("{", "{{").replace("}", "}}"))
                continue
            assert isinstance(part, ast.FormattedValue)
            expr = ast.unparse(part.value)
            key = {"ctx.us": "us", "ctx.them": "them"}.get(expr)
            if key is None:
                base = _value_name(part.value)
                key, n = base, 1
                while (key in values and values[key] != expr) or key in ("us", "them"):
                    n += 1
                    key = f"{base}_{n}"
                values[key] = expr
            conv = {-1: "", 115: "!s", 114: "!r", 97: "!a"}[part.conversion]
            spec = ""
            if part.format_spec is not None:
                assert isinstance(part.format_spec, ast.JoinedStr)
                if not all(isinstance(p, ast.Constant) for p in part.format_spec.values):
                    return None
                spec = ":" + "".join(str(p.value) for p in part.format_spec.values)  # type: ignore[attr-defined]
            out.append("{" + key + conv + spec + "}")
        return "".join(out)

    def pair(self, node: ast.expr, values: dict[str, str], ctx_name: str | None) -> tuple[str, str] | None:
        if isinstance(node, ast.Tuple) and len(node.elts) == 2:
            en, zh = node.elts
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "t"
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == ctx_name
            and len(node.args) == 2
        ):
            en, zh = node.args
        else:
            return None
        a, b = self.template(en, values), self.template(zh, values)
        return (a, b) if a is not None and b is not None else None

    def text_entry(self, text: str, lang: str, values: dict[str, str]) -> Any:
        if "{" not in text.replace("{{", "").replace("}}", ""):
            plain = text.replace("{{", "{").replace("}}", "}")
            ref = self.playbook.get(plain)
            if ref and ref[0] == lang:
                return {"playbook": f"generic/{ref[1]}/{ref[2]}"}
        return text

    def move_pair(self, func: ast.FunctionDef, node: ast.AST, ctx_name: str, *, tuple_ok: bool) -> None:
        """``ctx.t(en, zh)`` becomes ``WORDING.t(ctx, "id", …)``; an ``(en, zh)`` pair ``WORDING.pair(…)``."""
        if not isinstance(node, ast.Call | ast.Tuple) or (isinstance(node, ast.Tuple) and not tuple_ok):
            return
        values: dict[str, str] = {}
        pair = self.pair(node, values, ctx_name)
        if pair is None:
            return
        wid = self.fresh("w:" + _snake(func.name))[2:]
        self.wording[wid] = {
            "en": self.text_entry(pair[0], "en", values),
            "zh": self.text_entry(pair[1], "zh", values),
        }
        method = "pair" if isinstance(node, ast.Tuple) else "t"
        args = [ctx_name, f'"{wid}"', *(f"{k}={v}" for k, v in values.items())]
        self.edits.append((*self.span(node), f"WORDING.{method}({', '.join(args)})"))

    def move_wording(self) -> None:
        for func in (n for n in self.tree.body if isinstance(n, ast.FunctionDef)):
            for node in ast.walk(func):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                    continue
                values: dict[str, str] = {}
                keywords = {k.arg: k.value for k in node.keywords}
                if node.func.id == "Finding" and len(node.args) in (6, 7) and set(keywords) <= {"priority"}:
                    head, texts = node.args[:3], node.args[3:6]
                    priority = node.args[6] if len(node.args) == 7 else keywords.get("priority")
                    ctx_name = "ctx"
                elif node.func.id == "finding" and not node.keywords and len(node.args) == 7:
                    ctx_arg, *head = node.args[:4]
                    texts, priority = node.args[4:7], None
                    ctx_name = ctx_arg.id if isinstance(ctx_arg, ast.Name) else None
                elif (
                    node.func.id == "finding"
                    and len(node.args) == 4
                    and {k.arg for k in node.keywords} == {"what", "why", "market"}
                ):
                    ctx_arg, *head = node.args
                    kw = {k.arg: k.value for k in node.keywords}
                    texts, priority = [kw["what"], kw["why"], kw["market"]], None
                    ctx_name = ctx_arg.id if isinstance(ctx_arg, ast.Name) else None
                else:
                    continue
                if ctx_name is None:
                    continue
                pairs = [self.pair(t, values, ctx_name) for t in texts]
                if any(p is None for p in pairs):
                    # Texts chosen by a condition: each literal pair becomes a text of its own.
                    for text in texts:
                        for sub in ast.walk(text):
                            self.move_pair(func, sub, ctx_name, tuple_ok=node.func.id == "finding")
                    continue
                wid = self.fresh("w:" + _snake(func.name))[2:]
                self.wording[wid] = {
                    field: {
                        "en": self.text_entry(p[0], "en", values),
                        "zh": self.text_entry(p[1], "zh", values),
                    }  # type: ignore[index]
                    for field, p in zip(("what", "why", "market"), pairs, strict=True)
                }
                args = [ctx_name, f'"{wid}"', *(ast.unparse(h) for h in head)]
                if priority is not None:
                    args.append(f"priority={ast.unparse(priority)}")
                args += [f"{k}={v}" for k, v in values.items()]
                self.edits.append((*self.span(node), f"WORDING.finding({', '.join(args)})"))

    def move_other_texts(self) -> None:
        """Every other ``ctx.t(en, zh)`` of literal texts (a finding built another way) becomes a text."""
        taken = [(start, end) for start, end, _ in self.edits]
        for func in (n for n in self.tree.body if isinstance(n, ast.FunctionDef)):
            for node in ast.walk(func):
                is_t = (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "t"
                )
                if is_t:
                    start, end = self.span(node)
                    if not any(s <= start and end <= e for s, e in taken):
                        self.move_pair(func, node, "ctx", tuple_ok=False)

    # -- writing ------------------------------------------------------------------------------
    def write(self) -> bool:
        if not self.edits:
            return False
        text = self.src
        ordered = sorted(self.edits)
        for (_, end, _), (start, _, _) in itertools.pairwise(ordered):
            if start < end:
                raise SystemExit(f"{self.path}: overlapping rewrites at offset {start}")
        for start, end, new in sorted(self.edits, reverse=True):
            text = text[:start] + new + text[end:]
        header: list[str] = []
        if self.patterns:
            header.append("PATTERNS = patterns_beside(__file__)\n")
            path = self.path.with_name(f"{self.path.stem}.patterns.yaml")
            body = "".join(
                "".join(f"# {c}\n" for c in self.comments.get(name, [])) + dump({name: entry})
                for name, entry in self.patterns.items()
            )
            if yaml.safe_load(body) != self.patterns:
                raise SystemExit(f"{path}: does not read back equal")
            path.write_text(
                f"# Named patterns of {self.path.parent.name}/{self.path.name}"
                " (format: clauseflow_legal/rules/packs.py).\n" + body,
                encoding="utf-8",
            )
            book = Patterns(path)
            for name, (value, flags) in self.expected.items():
                if book[name] != value:
                    raise SystemExit(f"{path}: {name} reads back as {book[name]!r}, not {value!r}")
                if flags is not None and book.compiled(name) != re.compile(value, flags):
                    raise SystemExit(f"{path}: {name}: flags differ")
        if self.wording:
            header.append("WORDING = wording_beside(__file__)\n")
            path = self.path.with_name(f"{self.path.stem}.wording.yaml")
            path.write_text(
                f"# What the findings of {self.path.parent.name}/{self.path.name} say, keyed by id "
                "(format: clauseflow_legal/rules/packs.py).\n" + dump(self.wording),
                encoding="utf-8",
            )
            Wording(path)
        imports = [n for n in self.tree.body if isinstance(n, ast.Import | ast.ImportFrom)]
        names = ", ".join(
            x for x, used in (("patterns_beside", self.patterns), ("wording_beside", self.wording)) if used
        )
        after = self._offsets[imports[-1].end_lineno]  # type: ignore[index]
        shift = sum(len(new) - (e - s) for s, e, new in self.edits if e <= after)
        after += shift
        text = (
            text[:after]
            + f"from clauseflow_legal.rules.packs import {names}\n\n"
            + "".join(header)
            + text[after:]
        )
        self.path.write_text(text, encoding="utf-8")
        return True


def _playbook_texts() -> dict[str, tuple[str, str, str]]:
    data = json.loads(PLAYBOOK.read_text(encoding="utf-8"))
    out: dict[str, tuple[str, str, str]] = {}
    for clause_type, entry in data["entries"].items():
        for lang in ("en", "zh"):
            for field in ("standard", "fallback", "walk_away", "baseline"):
                out.setdefault(entry[lang][field], (lang, clause_type, field))
    return out


def main() -> None:
    """Rewrite the areas named on the command line."""
    playbook = _playbook_texts()
    changed: list[str] = []
    for area in sys.argv[1:]:
        for path in sorted((RULES / area).glob("*.py")):
            if path.name == "__init__.py":
                continue
            family = Family(path, playbook)
            family.move_patterns()
            family.move_wording()
            family.move_other_texts()
            if family.write():
                changed.append(str(path))
                sys.stdout.write(
                    f"{path.relative_to(RULES)}: {len(family.patterns)} patterns,"
                    f" {len(family.wording)} wordings\n"
                )
    if changed:
        ruff = [sys.executable, "-m", "ruff"]
        subprocess.run([*ruff, "check", "--select", "F401,I", "--fix", "--quiet", *changed], check=True)
        subprocess.run([*ruff, "format", "--quiet", *changed], check=True)


if __name__ == "__main__":
    main()
