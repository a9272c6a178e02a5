"""Rule packs: a family's named patterns, wording and the lexicon are data that reads back exactly.

The rules read ``<family>.patterns.yaml`` and ``<family>.wording.yaml`` beside their module
(clauseflow_legal/rules/packs.py) and name lexicon classes (clauseflow_legal/lexicon/lexicon.yaml).
"""

from __future__ import annotations

import re
from pathlib import Path

import clauseflow_legal.rules as rules_package
import pytest
from clauseflow_legal.lexicon import expand_class, lexicon
from clauseflow_legal.parties import infer_parties
from clauseflow_legal.playbook import load_playbook
from clauseflow_legal.rules import ClauseContext
from clauseflow_legal.rules.packs import PackError, Patterns, Vetoes, Wording, read_pack_yaml, recorded_vetoes
from clauseflow_legal.text import Sentence

RULES_DIR = Path(rules_package.__file__).parent


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_forms_are_joined_in_the_order_written_and_lists_are_alternatives(tmp_path: Path) -> None:
    book = Patterns(
        _write(
            tmp_path,
            "f.patterns.yaml",
            "one: 'letter\\s+of\\s+credit|escrow'\n"
            "two:\n  zh: 预付款|预付\n  en:\n  - advance\\s+payment\n  - in\\s+advance\n",
        )
    )
    assert book["one"] == r"letter\s+of\s+credit|escrow"
    assert book["two"] == r"预付款|预付|advance\s+payment|in\s+advance"
    assert sorted(book) == ["one", "two"]


@pytest.mark.parametrize(
    ("name", "text"),
    [
        # a pattern given twice: the first would silently never be read
        ("f.patterns.yaml", "secured: escrow\nsecured: letter\\s+of\\s+credit\n"),
        # two cases run together by a missing "- risk:" line: the first case would never be run
        (
            "f.cases.yaml",
            "rule: f\nflag:\n- risk: r\n  our: Buyer\n  text: one\n  our: Seller\n  text: two\n",
        ),
        # a second "clear:" list replacing the first
        (
            "f.cases.yaml",
            "rule: f\nclear:\n- risk: r\n  our: Buyer\n  text: one\n"
            "clear:\n- risk: r\n  our: Seller\n  text: two\n",
        ),
    ],
)
def test_a_key_given_twice_in_a_pack_file_is_refused_with_its_line(
    tmp_path: Path, name: str, text: str
) -> None:
    with pytest.raises(PackError, match=r"f\.(?:patterns|cases)\.yaml: line \d+: '\w+' is given twice"):
        read_pack_yaml(_write(tmp_path, name, text))


def test_flags_apply_to_the_compiled_pattern_which_is_compiled_once(tmp_path: Path) -> None:
    book = Patterns(_write(tmp_path, "f.patterns.yaml", "secured:\n  en: escrow\n  flags: [IGNORECASE]\n"))
    assert book.compiled("secured").search("ESCROW")
    assert book.compiled("secured") is book.compiled("secured")


def test_a_lexicon_class_and_an_earlier_pattern_are_named_in_braces(tmp_path: Path) -> None:
    book = Patterns(
        _write(
            tmp_path,
            "f.patterns.yaml",
            "ends: '{terminate.zh}本合同'\nany_end: '{terminate}'\n"
            "later: '{@ends}|到期'\nquantified: 'a{2,3}'\n",
        )
    )
    terminate = lexicon()["terminate"]
    assert book["ends"] == f"(?:{terminate['zh']})本合同"
    assert book["any_end"] == f"(?:{terminate['en']}|{terminate['zh']})"
    assert book["later"] == book["ends"] + "|到期"
    assert book["quantified"] == "a{2,3}"  # a quantifier is not a placeholder


@pytest.mark.parametrize(
    "text",
    ["bad: '{no_such_class}'\n", "bad: '{@later}'\nlater: x\n", "bad: {fr: x}\n"],
    ids=["unknown class", "pattern not yet defined", "unknown form"],
)
def test_a_pattern_naming_what_does_not_exist_fails_when_read(tmp_path: Path, text: str) -> None:
    with pytest.raises(PackError):
        Patterns(_write(tmp_path, "f.patterns.yaml", text))


def test_the_lexicon_gives_every_class_the_brief_names_in_english_and_chinese() -> None:
    classes = lexicon()
    for name in (
        "terminate",
        "permission",
        "obligation",
        "cap",
        "payment",
        "notice",
        "consent",
        "exclusivity",
    ):
        assert set(classes[name]) == {"en", "zh"}, name
        assert re.compile(expand_class(name)).groups == 0, name  # a class never shifts a rule's groups
    assert re.fullmatch(expand_class("terminate"), "解除")
    assert re.fullmatch(expand_class("terminate", "en"), "rescind")
    assert not re.fullmatch(expand_class("terminate", "en"), "解除")


def _ctx(language: str) -> ClauseContext:
    text = "The Supplier may terminate."
    return ClauseContext("c1", "", text, language, "generic", infer_parties("Supplier", [], text))


def test_wording_fills_in_our_names_and_the_values_the_rule_passes(tmp_path: Path) -> None:
    wording = Wording(
        _write(
            tmp_path,
            "f.wording.yaml",
            "advance:\n"
            "  what: {en: '{us} pays {share:g}% in advance.', zh: '{us}须预付{share:g}%。'}\n"
            "  why: {en: '{them} holds it.', zh: '{them}持有。'}\n"
            "  market: {en: 'Market: 10-30%.', zh: '市场惯例：10%-30%。'}\n"
            "choice: {en: 'It is {them}''s call.', zh: '由{them}决定。'}\n",
        )
    )
    en, zh = _ctx("en"), _ctx("zh-CN")
    quote = Sentence("The Supplier may terminate.", 0)
    found = wording.finding(en, "advance", "payment_terms_unfavourable", "medium", quote, share=60.0)
    assert (found.description, found.reason, found.analysis) == (
        f"{en.us} pays 60% in advance.",
        f"{en.them} holds it.",
        "Market: 10-30%.",
    )
    assert (
        wording.finding(zh, "advance", "x", "low", quote, share=12.5).description == f"{zh.us}须预付12.5%。"
    )
    assert wording.t(zh, "choice") == f"由{zh.them}决定。"
    assert wording.pair(zh, "choice") == (f"It is {zh.them}'s call.", f"由{zh.them}决定。")


def test_a_market_position_that_is_the_playbooks_is_read_from_the_playbook(tmp_path: Path) -> None:
    wording = Wording(
        _write(
            tmp_path,
            "f.wording.yaml",
            "fix:\n  en: {playbook: generic/cross_references/fallback}\n"
            "  zh: {playbook: generic/cross_references/fallback}\n",
        )
    )
    entry = load_playbook("generic").entry("cross_references")
    assert entry is not None
    assert wording.t(_ctx("en"), "fix") == entry.en.fallback
    assert wording.t(_ctx("zh-CN"), "fix") == entry.zh.fallback
    with pytest.raises(PackError):
        Wording(_write(tmp_path, "g.wording.yaml", "x: {en: {playbook: generic/nothing/fallback}, zh: y}\n"))


def test_every_pack_file_beside_a_family_reads_and_every_name_the_family_uses_exists() -> None:
    files = sorted(RULES_DIR.glob("*/*.patterns.yaml")) + sorted(RULES_DIR.glob("*/*.wording.yaml"))
    for path in files:
        module = path.with_name(path.name.split(".")[0] + ".py")
        assert module.is_file(), path
        code = module.read_text(encoding="utf-8")
        if path.name.endswith(".patterns.yaml"):
            names = set(Patterns(path))
            used = set(re.findall(r'PATTERNS\.compiled\("([a-z0-9_]+)"\)', code))
            used |= set(re.findall(r'PATTERNS\["([a-z0-9_]+)"\]', code))
            # a fragment other patterns of the file include ("{@change_aside}") is used by them
            used |= set(re.findall(r"\{@([a-z][a-z0-9_]*)\}", path.read_text(encoding="utf-8"))) & names
        else:
            names = set(Wording(path))
            used = set(re.findall(r'WORDING\.(?:finding|t|pair)\(\s*\w+,\s*"([a-z0-9_]+)"', code))
        assert used == names, (path, sorted(used ^ names))


def test_a_named_veto_is_recorded_when_it_clears_and_only_then() -> None:
    vetoes = Vetoes("family", {"relief_granted": "the Contractor keeps its relief"})
    with recorded_vetoes() as vetoed:
        assert not vetoes.applies("relief_granted", None)
        assert vetoed == []
        assert vetoes.applies("relief_granted", re.search("entitled", "shall be entitled"))
    assert vetoed == ["family.relief_granted"]
    assert vetoes.applies("relief_granted", True)  # outside a recording: still a plain condition
    with pytest.raises(PackError):
        vetoes.applies("no_such_veto", True)
