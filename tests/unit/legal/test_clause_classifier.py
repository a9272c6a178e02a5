"""The learned clause typing: the shipped weights, read without numpy, type clauses as trained.

The phrasings below were written for these tests; none comes from the CUAD files the model was
trained on. The fixture holds scikit-learn's own decision values for the shipped weights (written
by ``bench/clause_types/train_classifier.py``), so the pure-Python inference is checked against
the training library, not against itself.
"""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from clauseflow_documents.parser import parse_document
from clauseflow_legal import clause_classifier
from clauseflow_legal.clause_types import CLAUSE_TYPES, classify_clause, classify_clause_combined, model_text

FIXTURE = Path(__file__).resolve().parents[2] / "data" / "clause_classifier_fixture.json"

PHRASINGS = {
    "cap_on_liability": (
        "The Vendor's aggregate liability under this contract shall not exceed the price paid by the Buyer "
        "in the preceding year."
    ),
    "governing_law": "The laws of England and Wales govern this contract and any dispute arising from it.",
    "anti_assignment": (
        "The Licensee may not assign or otherwise transfer this Agreement without the prior written "
        "consent of the Licensor."
    ),
    "insurance": (
        "The Contractor shall maintain, at its own cost, professional indemnity insurance with a limit of "
        "not less than five million dollars."
    ),
    "audit_rights": (
        "The Licensor may, on reasonable notice, audit the Licensee's records to verify the royalties paid."
    ),
    "renewal_term": (
        "This Agreement shall automatically renew for further periods of twelve months unless either "
        "party objects."
    ),
    "termination_for_convenience": (
        "Either party may terminate this Agreement without cause upon ninety days' prior written notice."
    ),
}
NEUTRAL = "The parties shall meet once a quarter to review the marketing plan for the coming season."


def test_the_shipped_model_is_small_and_names_catalogue_types() -> None:
    model = clause_classifier.shipped()
    assert clause_classifier.MODEL_PATH.stat().st_size < 2_000_000
    assert set(model.type_ids) <= set(CLAUSE_TYPES)
    assert len(model.type_ids) == 13
    # A rule's reading is evidence for its type: confirming it never takes more than finding it.
    for rule_threshold, threshold in zip(model.rule_thresholds, model.thresholds, strict=True):
        assert rule_threshold <= threshold


def test_inference_equals_the_training_librarys_decision_function() -> None:
    fixture = json.loads(FIXTURE.read_text(encoding="utf-8"))
    model = clause_classifier.shipped()
    assert fixture["type_ids"] == list(model.type_ids)
    for sentence, expected in zip(fixture["sentences"], fixture["decisions"], strict=True):
        assert model.decision(sentence) == pytest.approx(expected, abs=1e-9), sentence


@pytest.mark.parametrize("type_id", sorted(PHRASINGS))
def test_plain_phrasings_get_their_type(type_id: str) -> None:
    text = PHRASINGS[type_id]
    assert type_id in classify_clause_combined("", text)
    model = clause_classifier.shipped()
    if model.thresholds[model.type_ids.index(type_id)] < 1e9:  # the model reads the type
        assert type_id in model.classify(text), model.scores(text)[type_id]


# Known misses, kept visible (strict: the test fails the day they pass): caps the CUAD drafting the
# model learned from rarely words this way, and the rules do not read either.
UNUSUAL_CAPS = (
    "The total amount the Vendor must pay for all claims relating to this contract is limited to the "
    "price paid by the Buyer in the preceding year.",
    "Under no circumstances will the Vendor's total liability arising out of this contract be more than "
    "the price the Buyer paid in the preceding year.",
)


@pytest.mark.xfail(strict=True, reason="known miss: caps worded unlike the training contracts")
@pytest.mark.parametrize("text", UNUSUAL_CAPS)
def test_a_cap_in_unusual_words_is_still_a_cap(text: str) -> None:
    assert "cap_on_liability" in classify_clause_combined("", text)


# Known miss of the learned typing, kept visible: the example's clause 5.1 assigns the supplier's
# background IP with the deliverables. Word by word it reads like the retention carve-outs of the
# training contracts ("pre-existing", "background intellectual property"), and cross-validation found
# the rules' IP reading too often wrong on those contracts (contract precision 0.71) to stand against
# the model. The reviewer's rules still read it (the risk is raised); only the clause's type is lost.
EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "services_agreement_en.txt"


def _example_clause(clause_id: str) -> tuple[str, str]:
    clause = parse_document(EXAMPLE.read_bytes(), EXAMPLE.name).get(clause_id)
    assert clause is not None
    return clause.title, clause.text


@pytest.mark.xfail(strict=True, reason="known miss: background-IP words read as a retention carve-out")
def test_the_examples_assignment_of_background_ip_is_an_ip_assignment() -> None:
    assert "ip_ownership_assignment" in classify_clause_combined(*_example_clause("5.1"))


def test_the_rules_read_that_assignment_and_the_model_overrules_them() -> None:
    title, text = _example_clause("5.1")
    assert "ip_ownership_assignment" in classify_clause(title, text)
    model = clause_classifier.shipped()
    index = model.type_ids.index("ip_ownership_assignment")
    assert model.scores(model_text(title, text))["ip_ownership_assignment"] < model.rule_thresholds[index]


def test_a_clause_about_none_of_them_gets_none_of_the_learned_types() -> None:
    model = clause_classifier.shipped()
    assert not model.classify(NEUTRAL)
    assert not set(classify_clause_combined("Marketing", NEUTRAL)) & set(model.type_ids)


def test_a_type_found_in_one_sentence_types_the_whole_clause() -> None:
    text = f"{NEUTRAL} {PHRASINGS['insurance']} {NEUTRAL}"
    assert "insurance" in classify_clause_combined("Miscellaneous", text)


def test_chinese_clauses_are_typed_by_the_rules_alone() -> None:
    model = clause_classifier.shipped()
    cap = "乙方的赔偿责任总额以合同总价的百分之十为限。"
    assert model.scores(cap) == {}
    assert model.classify(cap) == set()
    assert model.classify(cap, frozenset({"cap_on_liability"})) == set()
    assert "cap_on_liability" in classify_clause_combined("", cap, "zh-CN")
    assert "governing_law" in classify_clause_combined("", "本合同适用中华人民共和国法律。", "zh-CN")


AUDIT = "The books are open to audit."
PAYMENT = "Payment is due monthly."


def _two_type_model(threshold: float, rule_threshold: float) -> clause_classifier.ClauseClassifier:
    """A model of two types: the audit type scores above 1 on ``AUDIT`` and 0 on anything else."""
    buckets = clause_classifier.features(AUDIT)
    return clause_classifier.ClauseClassifier(
        type_ids=("audit_rights", "insurance"),
        intercepts=(0.0, 0.0),
        thresholds=(threshold, threshold),
        rule_thresholds=(rule_threshold, rule_threshold),
        weights={bucket: ((0, 1.0),) for bucket in buckets},
    )


def test_a_type_the_rules_gave_needs_only_the_rule_threshold_to_stand() -> None:
    model = _two_type_model(threshold=0.5, rule_threshold=-1.0)
    assert model.classify(AUDIT) == {"audit_rights"}
    assert model.classify(PAYMENT) == set()
    # The rules typed the clause: a score of 0 reaches the rule threshold, though not the own one.
    assert model.classify(PAYMENT, frozenset({"audit_rights"})) == {"audit_rights"}
    assert model.classify(PAYMENT, frozenset({"insurance"})) == {"insurance"}


def test_the_model_can_overrule_a_rule_whose_reading_it_does_not_share() -> None:
    model = _two_type_model(threshold=0.5, rule_threshold=0.2)
    assert model.classify(PAYMENT, frozenset({"audit_rights"})) == set()
    assert model.classify(AUDIT, frozenset({"audit_rights"})) == {"audit_rights"}


def test_sentences_are_cut_at_full_stops_and_long_runs_in_windows() -> None:
    text = "First sentence here. Second one follows; then a list: (a) one.\n\nA new paragraph"
    assert [text[a:b] for a, b in clause_classifier.sentences(text)] == [
        "First sentence here.",
        "Second one follows; then a list: (a) one.",
        "A new paragraph",
    ]
    long = " ".join(["word"] * (clause_classifier.WINDOW_WORDS * 2 + 5))
    assert len(clause_classifier.sentences(long)) == 3


def test_features_read_numbers_as_their_shape_not_their_value() -> None:
    assert clause_classifier.features("within 30 days") == clause_classifier.features("within 90 days")
    assert clause_classifier.features("within 30 days") != clause_classifier.features("within 300 days")


def test_a_model_file_of_another_feature_set_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.npz"
    meta = json.dumps({"features": "char-3-5", "buckets": 1}).encode()
    header = f"{{'descr': '|u1', 'fortran_order': False, 'shape': ({len(meta)},), }}"
    header = header.ljust(117) + "\n"
    blob = io.BytesIO()
    blob.write(b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header.encode("latin1") + meta)
    with zipfile.ZipFile(path, "w") as archive:
        for name in ("meta", "buckets", "type_index", "weights"):
            archive.writestr(f"{name}.npy", blob.getvalue())
    with pytest.raises(ValueError, match="other features"):
        clause_classifier.load(path)


def test_the_previous_sentence_is_read_only_by_a_model_trained_with_context() -> None:
    heading, sentence = "Change of Control.", "Any merger of the Licensee requires the Licensor's consent."
    plain = clause_classifier.FeatureSet()
    with_context = clause_classifier.FeatureSet(context_words=4)
    assert clause_classifier.features(sentence, heading, plain) == clause_classifier.features(sentence)
    assert clause_classifier.features(sentence, heading, with_context) != clause_classifier.features(sentence)
    assert clause_classifier.features(sentence, "", with_context) == clause_classifier.features(sentence)


def test_trigrams_are_features_only_when_the_model_reads_them() -> None:
    text = "shall not compete with"
    trigrams = clause_classifier.FeatureSet(trigrams=True)
    assert len(clause_classifier.features(text, "", trigrams)) > len(clause_classifier.features(text))
    assert trigrams.name.startswith("word-1-3") and clause_classifier.WORD_1_2.name == "word-1-2/crc32/l2"
