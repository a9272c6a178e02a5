"""Choosing a contract's domain for ``domain=auto`` from its text.

The heuristic is deliberately simple and explainable: count the distinct
domain markers (English and Chinese) that occur in the text, case-insensitively.
The word "FIDIC" (or 菲迪克), the presence of a particular-conditions file, and a
title that names a share or business sale ("Asset Purchase Agreement", 股权转让协议) are
strong signals worth three markers. A domain wins with at least three markers
and strictly more than the other; otherwise the contract is reviewed as generic
(the generic checklist is always a safe choice).
"""

from __future__ import annotations

import re

from clauseflow_contracts.review import Domain

FIDIC_MARKERS = (
    "the engineer",
    "employer's requirements",
    "employer’s requirements",
    "particular conditions",
    "general conditions",
    "taking-over certificate",
    "taking over certificate",
    "performance certificate",
    "interim payment certificate",
    "dispute adjudication board",
    "dispute avoidance",
    "sub-clause",
    "contractor's documents",
    "contractor’s documents",
    "defects notification period",
    "time for completion",
    # the same risks under US and English EPC wording, which never says "Engineer" or "FIDIC"
    "engineering, procurement and construction",
    "substantial completion",
    "mechanical completion",
    "final completion",
    "retainage",
    "change order",
    "punch list",
    "progress payment",
    "工程师",
    "雇主要求",
    "专用条件",
    "通用条件",
    "接收证书",
    "履约证书",
    "期中付款证书",
    "争端裁决委员会",
    "缺陷通知期",
    "竣工时间",
    "承包商文件",
    # Chinese construction contracts (the 示范文本 family) share FIDIC's structure and risks
    "发包人",
    "承包人",
    "建设工程",
    "施工",
    "竣工验收",
    "监理人",
    "缺陷责任期",
    "专用合同条款",
    "通用合同条款",
    "工程量清单",
    "进度款",
)
SHA_SPA_MARKERS = (
    "share purchase",
    "shareholders' agreement",
    "shareholders’ agreement",
    "shareholders agreement",
    "sale shares",
    "completion accounts",
    "locked box",
    "disclosure letter",
    "tag-along",
    "drag-along",
    "pre-emption",
    "reserved matters",
    "warranty claim",
    "target company",
    "股权转让",
    "股东协议",
    "增资",
    "目标公司",
    "对赌",
    "领售权",
    "拖售权",
    "随售权",
    "共同出售权",
    "优先购买权",
    "优先认购权",
    "陈述与保证",
)
STRONG_FIDIC = ("fidic", "菲迪克")
# Only the title counts: a development agreement may well mention the asset purchase agreement it sits beside.
SHA_SPA_TITLE = re.compile(
    r"(?:share|stock|asset|business|equity|membership\s+interest)s?\s+(?:sale\s+and\s+)?(?:purchase|transfer|sale)\s+agreement"
    r"|shareholders['’]?\s+agreement|subscription\s+agreement|investment\s+agreement"
    r"|资产(?:收购|转让|购买)|股权(?:收购|转让)|增资|股东协议|投资协议",
    re.I,
)
STRONG_WEIGHT = 3
MIN_SCORE = 3


def domain_scores(text: str, *, has_particular_conditions: bool = False) -> dict[Domain, int]:
    """Marker counts per domain (the explanation behind :func:`detect_domain`)."""
    low = text.lower()
    fidic = sum(1 for m in FIDIC_MARKERS if m in low)
    if any(m in low for m in STRONG_FIDIC):
        fidic += STRONG_WEIGHT
    if has_particular_conditions:
        fidic += STRONG_WEIGHT
    sha_spa = sum(1 for m in SHA_SPA_MARKERS if m in low)
    if SHA_SPA_TITLE.search(_title(text)):
        sha_spa += STRONG_WEIGHT
    return {Domain.FIDIC: fidic, Domain.SHA_SPA: sha_spa}


def _title(text: str) -> str:
    """The contract's first non-blank line, where its title is."""
    return next((line for line in text.splitlines() if line.strip()), "")[:200]


def detect_domain(text: str, *, has_particular_conditions: bool = False) -> Domain:
    """fidic, sha_spa or generic for a contract's text (see the module docstring for the rule)."""
    scores = domain_scores(text, has_particular_conditions=has_particular_conditions)
    fidic, sha_spa = scores[Domain.FIDIC], scores[Domain.SHA_SPA]
    if fidic >= MIN_SCORE and fidic > sha_spa:
        return Domain.FIDIC
    if sha_spa >= MIN_SCORE and sha_spa > fidic:
        return Domain.SHA_SPA
    return Domain.GENERIC
