"""A founder's holding company named "Founder HoldCo" is a name of ours, not only the role word in it."""

from __future__ import annotations

import re

from clauseflow_legal.parties import infer_parties


def test_a_defined_name_holding_a_role_word_is_still_our_name() -> None:
    parties = infer_parties("Founder HoldCo", ["Investor"])
    assert "Founder HoldCo" in parties.our_names
    assert re.search(parties.side_pattern("us"), "the Founder HoldCo Director")


def test_a_bare_role_is_no_name() -> None:
    assert infer_parties("Founder Shareholder", ["Investor"]).our_names == ()
    assert infer_parties("the Founder", ["Investor"]).our_names == ()
