"""The skill ids: the one list the orchestrator, the planner, the prompts, the playbook model, the
worker and the skills service name tools by.

A ``StrEnum``: a member equals its id string, so ids arriving as text (an LLM's tool call, a
gRPC request, a plan in the database) compare and hash like the members.
"""

from __future__ import annotations

from enum import StrEnum


class SkillId(StrEnum):
    """Every built-in skill of the skills service (a test keeps this and the registry in step)."""

    # generic
    GET_CLAUSE_CONTEXT = "get_clause_context"
    RESOLVE_DEFINITION = "resolve_definition"
    COMPARE_WITH_BASELINE = "compare_with_baseline"
    CROSS_REFERENCE_CHECK = "cross_reference_check"
    EXTRACT_FINANCIAL_TERMS = "extract_financial_terms"
    SEARCH_REFERENCE_DOC = "search_reference_doc"
    LOAD_REVIEW_CRITERIA = "load_review_criteria"
    ASSESS_DEVIATION = "assess_deviation"
    CLASSIFY_CLAUSE = "classify_clause"
    DRAFT_REDLINE = "draft_redline"
    VALIDATE_REDLINE = "validate_redline"
    # FIDIC
    FIDIC_MERGE_GC_PC = "fidic_merge_gc_pc"
    FIDIC_CALCULATE_TIME_BAR = "fidic_calculate_time_bar"
    FIDIC_CHECK_PC_CONSISTENCY = "fidic_check_pc_consistency"
    FIDIC_SEARCH_ER = "fidic_search_er"
    # SHA / SPA
    SPA_EXTRACT_CONDITIONS = "spa_extract_conditions"
    SPA_EXTRACT_REPS_WARRANTIES = "spa_extract_reps_warranties"
    SPA_INDEMNITY_ANALYSIS = "spa_indemnity_analysis"
    SHA_GOVERNANCE_CHECK = "sha_governance_check"
