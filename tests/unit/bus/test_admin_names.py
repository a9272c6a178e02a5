"""Which topics a service creates: each topic and its dead-letter topic, once."""

from __future__ import annotations

from clauseflow_platform.bus.admin import with_dlqs


def test_every_topic_gets_a_dead_letter_topic() -> None:
    assert with_dlqs(["clause.tasks", "clause.results"]) == [
        "clause.tasks",
        "clause.tasks.dlq",
        "clause.results",
        "clause.results.dlq",
    ]


def test_a_dead_letter_topic_gets_no_dead_letter_topic_and_names_are_not_repeated() -> None:
    assert with_dlqs(["clause.tasks.dlq", "clause.tasks", "clause.tasks"]) == [
        "clause.tasks.dlq",
        "clause.tasks",
    ]
