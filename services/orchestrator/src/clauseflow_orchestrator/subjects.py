"""What a clause is about, read from its title and opening text, and what that means for its review.

A subject decides a clause's review priority and which analysis tools fit it.
Matching is by keywords in English and Chinese; the first subject whose
keywords occur in the title wins, then the first that occurs in the text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from clauseflow_contracts.skills import SkillId

Priority = Literal["critical", "high", "medium", "low"]


@dataclass(frozen=True)
class Subject:
    """A family of clauses that are reviewed alike."""

    name: str
    priority: Priority
    keywords: tuple[str, ...]
    skills: tuple[str, ...] = ()


# Order matters: more specific subjects come first ("limitation of liability" before "liability").
SUBJECTS: tuple[Subject, ...] = (
    # Force majeure clauses talk about liability and exemption, but are their own (medium) subject.
    Subject("force_majeure", "medium", ("force majeure", "不可抗力")),
    Subject(
        "liability",
        "critical",
        (
            "limitation of liability",
            "liability",
            "consequential",
            "责任限制",
            "责任上限",
            "违约责任",
            "赔偿责任",
        ),
        (SkillId.EXTRACT_FINANCIAL_TERMS,),
    ),
    Subject(
        "indemnity",
        "critical",
        ("indemn", "hold harmless", "赔偿", "补偿", "免责"),
        (SkillId.EXTRACT_FINANCIAL_TERMS,),
    ),
    Subject(
        "damages",
        "critical",
        ("liquidated damages", "delay damages", "penalt", "违约金", "误期损害赔偿", "罚款"),
        (SkillId.EXTRACT_FINANCIAL_TERMS,),
    ),
    Subject(
        "termination",
        "high",
        ("terminat", "suspension", "expiry", "终止", "解除", "暂停"),
    ),
    Subject(
        "payment",
        "high",
        (
            "payment",
            "price",
            "fees",
            "invoice",
            "remuneration",
            "rent",
            "service charge",
            "租金",
            "付款",
            "支付",
            "价款",
            "价格",
            "费用",
            "结算",
        ),
        (SkillId.EXTRACT_FINANCIAL_TERMS,),
    ),
    Subject(
        "intellectual_property",
        "high",
        ("intellectual property", "licen", "ownership of", "知识产权", "许可", "专利", "著作权"),
    ),
    Subject("warranty", "high", ("warrant", "guarantee", "defects", "保证", "担保", "缺陷", "质保")),
    Subject(
        "claims",
        "high",
        ("claim", "notice of dispute", "time bar", "索赔"),
    ),
    Subject(
        "assignment",
        "medium",
        ("assign", "alienation", "underlet", "sublet", "novat", "转租", "权利义务转让"),
    ),
    Subject("confidentiality", "medium", ("confidential", "non-disclosure", "保密")),
    Subject(
        "disputes",
        "medium",
        ("governing law", "dispute", "arbitration", "jurisdiction", "适用法律", "争议", "仲裁", "管辖"),
    ),
    Subject("insurance", "medium", ("insurance", "security", "bond", "保险", "保函", "担保金")),
    Subject(
        "definitions",
        "low",
        ("definition", "interpretation", "defined terms", "定义", "释义", "词语"),
    ),
    Subject("notices", "low", ("notice", "通知", "送达")),
    Subject(
        "boilerplate",
        "low",
        (
            "counterpart",
            "entire agreement",
            "severab",
            "headings",
            "waiver",
            "language",
            "副本",
            "完整协议",
            "可分割",
            "标题",
            "弃权",
            "文本",
            "miscellaneous",
            "其他",
            "附则",
            "杂项",
        ),
    ),
)

GENERAL = Subject("general", "medium", ())
PREAMBLE = Subject("preamble", "low", ())
_PREAMBLE_IDS = {"preamble", "recitals", "前言", "鉴于"}

_MONEY = re.compile(
    r"(\$|€|£|¥|\bUSD\b|\bEUR\b|\bRMB\b|\bCNY\b|人民币|美元|万元|元|\b\d+(\.\d+)?\s?%|per\s?cent|"
    r"\bprice\b|\bfees?\b|\bamount\b|\bsum\b)",
    re.IGNORECASE,
)
_REFERENCE = re.compile(
    r"(\b(sub-)?clauses?\s+\d+(\.\d+)*|\barticles?\s+\d+|\bsections?\s+\d+|\bschedule\s+\w+|"
    r"第\s*[0-9一二三四五六七八九十百]+\s*[条款章]|\d+\.\d+\s*[条款])",
    re.IGNORECASE,
)


def classify(title: str, text: str) -> Subject:
    """The subject of a clause: its title decides when it can, otherwise the first 400 characters."""
    title_low = title.lower()
    for subject in SUBJECTS:
        if any(k in title_low for k in subject.keywords):
            return subject
    head = text[:400].lower()
    for subject in SUBJECTS:
        # Boilerplate and notices words are too common in running text to classify by.
        if subject.priority != "low" and any(k in head for k in subject.keywords):
            return subject
    return GENERAL


def classify_clause(clause_id: str, title: str, text: str) -> Subject:
    """The subject of a clause, treating the parties-and-recitals block before clause 1 as a preamble."""
    if clause_id.strip().lower() in _PREAMBLE_IDS:
        return PREAMBLE
    return classify(title, text)


def is_definitions(title: str) -> bool:
    """Whether a heading names the definitions article."""
    return classify(title, "").name == "definitions"


def mentions_money(text: str) -> bool:
    """Whether the clause talks about amounts, prices or percentages."""
    return bool(_MONEY.search(text))


def mentions_references(text: str) -> bool:
    """Whether the clause refers to other clauses, articles or schedules."""
    return bool(_REFERENCE.search(text))
