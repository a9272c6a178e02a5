"""The state ``decide`` is given is never changed: it works on a copy that copies only what it writes."""

from __future__ import annotations

from pydantic import BaseModel

from .review_steps import decisions, only_redline, record, reject, result, start


class TestTheGivenStateIsNeverChanged:
    def test_decide_never_changes_the_state_it_is_given(self) -> None:
        d = start(3, window=3)
        assert d.state is not None
        before = d.state.model_dump()
        first = record(d.state, result("1", ("high",)))
        assert d.state.model_dump() == before
        assert first.state is not None
        before = first.state.model_dump()
        second = decisions(first.state, "req_1", reject(only_redline(first.state, "1")))
        assert first.state.model_dump() == before
        assert second.state is not None and second.state.clauses["1"].attempt == 1

    def test_a_working_copy_shares_no_mutable_part_with_the_original_once_written(self) -> None:
        d = record(start(2).state, result("1", ("high",)))
        assert d.state is not None
        decide_state = d.state
        copy = decide_state.working_copy()
        assert copy.model_dump() == decide_state.model_dump()
        # Clause and redline records are copied on write: the core asks for them before changing them.
        for clause_id in copy.clauses:
            copy.clause_for_update(clause_id)
        for rid in copy.redlines:
            copy.redline_for_update(rid)

        def mutable_parts(value: object, path: str = "") -> dict[str, object]:
            found: dict[str, object] = {}
            if isinstance(value, BaseModel):
                if not value.model_config.get("frozen"):
                    found[path] = value
                    for name in type(value).model_fields:
                        found.update(mutable_parts(getattr(value, name), f"{path}.{name}"))
            elif isinstance(value, list | dict):
                found[path] = value
                items = value.items() if isinstance(value, dict) else enumerate(value)
                for key, item in items:
                    found.update(mutable_parts(item, f"{path}[{key}]"))
            return found

        originals, copies = mutable_parts(decide_state), mutable_parts(copy)
        assert originals.keys() == copies.keys()
        shared = [path for path, part in originals.items() if copies[path] is part]
        assert shared == []

    def test_a_working_copy_copies_only_the_records_it_writes(self) -> None:
        state = start(3).state
        assert state is not None
        copy = state.working_copy()
        copy.clause_for_update("1").error = "changed"
        assert state.clauses["1"].error == ""
        assert copy.clauses["1"] is not state.clauses["1"]
        assert copy.clauses["2"] is state.clauses["2"]
        assert copy.clause_for_update("1") is copy.clauses["1"]  # copied once, then its own
