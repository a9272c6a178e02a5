"""A rule family's knowledge as data beside its module: named patterns and wording; named vetoes.

``rules/<area>/<family>.py`` reads, from files beside it:

``<family>.patterns.yaml`` — named regular expressions, keyed by name::

    secured: letter\\s+of\\s+credit|escrow          # one form
    advance:                                      # forms by language, joined with "|" as written
      en:                                         # a form may list its alternatives, one a line
      - advance\\s+payment
      - in\\s+advance
      zh: 预付款|预付
      flags: [IGNORECASE]                         # only for ``compiled()``

  ``{terminate}`` (or ``{terminate.en}``) in a pattern is a lexicon class (clauseflow_legal/lexicon);
  ``{@advance}`` is an earlier pattern of the same file, inserted as it is.

``<family>.wording.yaml`` — what a finding says (``what``), why it matters (``why``) and the market
position (``market``), in English and Chinese, keyed by id; or one text (``en``, ``zh``) where a
rule chooses each text by a condition. Texts are ``str.format`` templates (``{us}``, ``{them}`` and
the values the rule passes). A text that is the playbook's is a reference to it, not a copy:
``market: {en: {playbook: generic/cross_references/fallback}, zh: ...}``.

Who acts and which side sells stay Python: the data says what words mean and what findings say.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from clauseflow_legal.lexicon import PLACEHOLDER, expand_class, is_class
from clauseflow_legal.playbook import load_playbook
from clauseflow_legal.rules.base import ClauseContext, Finding
from clauseflow_legal.text import Sentence

_EARLIER = re.compile(r"\{@(?P<name>[a-z][a-z0-9_]*)\}")
_FORMS = ("en", "zh", "any")
_FIELDS = ("what", "why", "market")


class PackError(ValueError):
    """A pack file (patterns or wording) is malformed or names something that does not exist."""


class _UniqueKeyLoader(yaml.SafeLoader):
    """PyYAML keeps the last of two equal keys without a word; in a pack that hides a pattern, a
    wording or a whole case, so a repeated key is an error here."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[object] = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise PackError(f"line {key_node.start_mark.line + 1}: {key!r} is given twice in one mapping")
            seen.add(key)
        return super().construct_mapping(node, deep=deep)


def read_pack_yaml(path: Path) -> Any:
    """The YAML of a pack file (patterns, wording, cases), refusing a key given twice in one mapping."""
    try:
        return yaml.load(
            path.read_text(encoding="utf-8"), Loader=_UniqueKeyLoader
        )  # a SafeLoader: no arbitrary objects
    except PackError as error:
        raise PackError(f"{path}: {error}") from None


def _read(path: Path) -> dict[str, Any]:
    if not path.is_file():
        return {}
    data = read_pack_yaml(path) or {}
    if not isinstance(data, dict):
        raise PackError(f"{path}: expected a mapping of names")
    return data


def _alternatives(form: object) -> str:
    """A form: a pattern, or its alternatives listed one a line (joined with ``|``)."""
    if isinstance(form, list):
        return "|".join(str(alternative) for alternative in form)
    return str(form)


class Patterns(Mapping[str, str]):
    """A family's named patterns: ``patterns[name]`` is the source, ``compiled(name)`` the regex."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._source: dict[str, str] = {}
        self._flags: dict[str, int] = {}
        self._compiled: dict[str, re.Pattern[str]] = {}
        for name, entry in _read(path).items():
            self._source[str(name)] = self._expand(str(name), entry)

    def _expand(self, name: str, entry: object) -> str:
        if isinstance(entry, str | list):
            forms = [_alternatives(entry)]
        elif isinstance(entry, dict) and entry and set(entry) - {"flags"} <= set(_FORMS):
            forms = [_alternatives(v) for k, v in entry.items() if k != "flags"]
            flags = 0
            for flag in entry.get("flags") or ():
                flags |= re.RegexFlag[str(flag)]
            self._flags[name] = flags
        else:
            raise PackError(f"{self.path}: pattern {name!r} must be a string or forms keyed by {_FORMS}")
        return "|".join(self._placeholders(name, form) for form in forms)

    def _placeholders(self, name: str, form: str) -> str:
        def earlier(m: re.Match[str]) -> str:
            if m.group("name") not in self._source:
                raise PackError(f"{self.path}: {name!r} names {m.group(0)}, not an earlier pattern")
            return self._source[m.group("name")]

        def lexicon_class(m: re.Match[str]) -> str:
            if not is_class(m.group("name")):
                raise PackError(f"{self.path}: {name!r} names {m.group(0)}, not a lexicon class")
            return expand_class(m.group("name"), m.group("lang"))

        return PLACEHOLDER.sub(lexicon_class, _EARLIER.sub(earlier, form))

    def __getitem__(self, name: str) -> str:
        return self._source[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._source)

    def __len__(self) -> int:
        return len(self._source)

    def compiled(self, name: str) -> re.Pattern[str]:
        """The pattern ``name`` compiled with its flags, once."""
        rx = self._compiled.get(name)
        if rx is None:
            rx = self._compiled[name] = re.compile(self._source[name], self._flags.get(name, 0))
        return rx


def _playbook_text(reference: str, language: str) -> str:
    """The text a reference ``<domain>/<clause type>/<field>`` names in the playbook."""
    domain, clause_type, field = reference.split("/")
    entry = load_playbook(domain).entry(clause_type)
    if entry is None or field not in ("standard", "fallback", "walk_away", "baseline"):
        raise PackError(f"no playbook text {reference!r}")
    return str(getattr(entry.position(language), field))


class Wording:
    """A family's finding texts keyed by id, each in English and Chinese."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._entries: dict[str, dict[str, Any]] = {}
        for wording_id, entry in _read(path).items():
            fields = _FIELDS if isinstance(entry, dict) and set(entry) == set(_FIELDS) else None
            if fields is None and not (isinstance(entry, dict) and set(entry) == {"en", "zh"}):
                raise PackError(f"{path}: wording {wording_id!r} must give {_FIELDS}, or en and zh")
            for texts in [entry[f] for f in fields] if fields else [entry]:
                if not isinstance(texts, dict) or set(texts) != {"en", "zh"}:
                    raise PackError(f"{path}: {wording_id} must give en and zh")
                for lang, text in texts.items():
                    if isinstance(text, dict):
                        _playbook_text(str(text["playbook"]), lang)  # a bad reference fails at import
            self._entries[str(wording_id)] = entry

    def __contains__(self, wording_id: object) -> bool:
        return wording_id in self._entries

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def text(self, wording_id: str, field: str | None, language: str, values: Mapping[str, object]) -> str:
        """One text of ``wording_id`` (its ``what``, ``why`` or ``market``, or the text itself), filled in."""
        lang = "zh" if language.startswith("zh") else "en"
        entry = self._entries[wording_id]
        text = (entry[field] if field else entry)[lang]
        if isinstance(text, dict):
            return _playbook_text(str(text["playbook"]), language)
        return str(text).format_map(values)

    def t(self, ctx: ClauseContext, wording_id: str, **values: object) -> str:
        """The one text ``wording_id`` in the review's language (``ctx.t`` of the two)."""
        return self.text(wording_id, None, ctx.language, {"us": ctx.us, "them": ctx.them, **values})

    def pair(self, ctx: ClauseContext, wording_id: str, **values: object) -> tuple[str, str]:
        """The one text ``wording_id`` in English and in Chinese (a ``Wording`` for ``finding``)."""
        filled = {"us": ctx.us, "them": ctx.them, **values}
        return self.text(wording_id, None, "en", filled), self.text(wording_id, None, "zh", filled)

    def finding(
        self,
        ctx: ClauseContext,
        wording_id: str,
        risk_type: str,
        level: str,
        quote: Sentence,
        *,
        priority: int = 0,
        **values: object,
    ) -> Finding:
        """A finding worded by ``wording_id``; ``{us}`` and ``{them}`` are our and their names."""
        filled = {"us": ctx.us, "them": ctx.them, **values}
        what, why, market = (self.text(wording_id, f, ctx.language, filled) for f in _FIELDS)
        return Finding(risk_type, level, quote, what, why, market, priority)


# The vetoes that cleared a finding while a clause is reviewed (the case runner reads them).
_VETOED: ContextVar[list[str] | None] = ContextVar("vetoed", default=None)


class Vetoes:
    """A family's named vetoes: exceptions that clear what would otherwise be a finding.

    ``if VETOES.applies("relief_granted", condition): continue`` reads as the branch it replaces and
    records the name when it applies, so a case file can say which veto cleared its clause
    (``veto: ground_conditions.relief_granted``). Each veto is declared with what it means.
    """

    def __init__(self, family: str, meanings: Mapping[str, str]) -> None:
        self.family = family
        self.meanings = dict(meanings)
        self.names = frozenset(meanings)

    def applies(self, name: str, condition: object) -> bool:
        """Whether the veto ``name`` clears the finding (``condition`` is true); recorded when so."""
        if name not in self.names:
            raise PackError(f"{self.family}: no veto {name!r}")
        if condition:
            seen = _VETOED.get()
            if seen is not None:
                seen.append(f"{self.family}.{name}")
            return True
        return False


@contextmanager
def recorded_vetoes() -> Iterator[list[str]]:
    """The vetoes (``family.name``) that apply while the block runs, in the order they applied."""
    seen: list[str] = []
    token = _VETOED.set(seen)
    try:
        yield seen
    finally:
        _VETOED.reset(token)


@lru_cache(maxsize=128)
def patterns_beside(module_file: str) -> Patterns:
    """The named patterns of the family whose module is ``module_file`` (``__file__``)."""
    module = Path(module_file)
    return Patterns(module.with_name(f"{module.stem}.patterns.yaml"))


@lru_cache(maxsize=128)
def wording_beside(module_file: str) -> Wording:
    """The wording of the family whose module is ``module_file`` (``__file__``)."""
    module = Path(module_file)
    return Wording(module.with_name(f"{module.stem}.wording.yaml"))
