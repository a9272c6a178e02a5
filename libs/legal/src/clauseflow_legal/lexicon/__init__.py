"""The lexicon: classes of words that mean one thing to the rules, in English and Chinese.

``lexicon.yaml`` (beside this module) maps a class name to its forms, each a regular-expression
alternation::

    terminate:
      en: terminat(?:e|es|ed|ing|ion)|cancel
      zh: 解除|终止

A rule pattern names a class with ``{terminate}`` (every form, joined with ``|`` in the order
written), ``{terminate.en}`` or ``{terminate.zh}`` (one form); the placeholder becomes a
non-capturing group, ``(?:terminat(?:e|es|ed|ing|ion)|cancel|解除|终止)``. Adding a word to a class
changes every pattern that names it: measure before and after (README, review quality).
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources

import yaml

LANGUAGES = ("en", "zh")
# "{terminate}", "{terminate.en}": a lexicon class; regex quantifiers ("{2,80}") never match.
PLACEHOLDER = re.compile(r"\{(?P<name>[a-z][a-z_]*)(?:\.(?P<lang>en|zh))?\}")


class LexiconError(ValueError):
    """The lexicon file or a placeholder naming it is malformed."""


@lru_cache(maxsize=1)
def lexicon() -> dict[str, dict[str, str]]:
    """Every class: its forms by language (``{"terminate": {"en": ..., "zh": ...}}``), read once."""
    text = resources.files(__package__).joinpath("lexicon.yaml").read_text(encoding="utf-8")
    raw = yaml.safe_load(text) or {}
    classes: dict[str, dict[str, str]] = {}
    for name, forms in raw.items():
        if not isinstance(forms, dict) or not forms or set(forms) - set(LANGUAGES):
            raise LexiconError(f"lexicon class {name!r}: forms must be keyed by {LANGUAGES}")
        for form in forms.values():
            re.compile(str(form))  # a malformed form fails here, not inside a rule
        classes[str(name)] = {str(lang): str(form) for lang, form in forms.items()}
    return classes


def expand_class(name: str, lang: str | None = None) -> str:
    """The class ``name`` as a non-capturing group: every form, or the ``lang`` one."""
    classes = lexicon()
    if name not in classes:
        raise LexiconError(f"no lexicon class {name!r}")
    forms = classes[name]
    if lang is not None:
        if lang not in forms:
            raise LexiconError(f"lexicon class {name!r} has no {lang} form")
        return f"(?:{forms[lang]})"
    return "(?:" + "|".join(forms.values()) + ")"


def is_class(name: str) -> bool:
    """Whether ``name`` is a lexicon class."""
    return name in lexicon()
