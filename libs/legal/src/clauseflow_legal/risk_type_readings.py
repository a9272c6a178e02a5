"""What a clause does, sentence by sentence, for the 13 risk-bearing CUAD types.

A clause's text is prepared (a table of contents, page footers and recitals removed) and cut into
reading units: its sentences, a list item read with its lead-in. Each risk-bearing type has a
detector that asks whether a unit does what the type is about (limits liability, lets a party
terminate without cause, binds a party to deal exclusively, ...), through the legal vocabulary that
expresses it; a heading naming the type counts when the text under it speaks of the same thing.
:mod:`clause_types` adds these types to the ones its cues find (``classify_clause``).
"""

# ruff: noqa: E501  -- legal regexes read better unbroken

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache


@lru_cache(maxsize=512)
def _rx(pattern: str) -> re.Pattern[str]:
    """Compile a classifier pattern once, on first use (case-insensitive, dot matches newlines)."""
    return re.compile(pattern, re.I | re.S)


def _has(pattern: str, text: str) -> bool:
    return _rx(pattern).search(text) is not None


# --------------------------------------------------------------------------- text preparation
# A table of contents lists headings ("8.8 Limitation of Liability .... 17 8.9 Exclusivity 18"); its
# entries name clause types without the clause doing anything, so they are removed before typing.
_CONTENTS_ENTRY = (
    r"(?:\b(?:ARTICLE|Article|SECTION|Section)\s+)?\b\d{1,2}(?:\.\d{1,2}){0,3}\.?\s+[A-Z][A-Za-z0-9,;:&'’/()\- ]{1,80}?"
    r"(?:\s*\.{2,}|\.)?\s+\d{1,3}(?=\s+(?:(?:ARTICLE|Article|SECTION|Section|EXHIBIT|Exhibit|SCHEDULE|Schedule)\b|\d{1,2}(?:\.\d{1,2}){0,3}\.?\s+[A-Z]))"
)
_CONTENTS_MIN_ENTRIES = 3
# Sentences end at . ; ! ? (English) or 。；！？ (Chinese); a list lead-in ends at a colon before an item.
_ABBREVIATIONS = r"(?<!\bInc\.)(?<!\bLtd\.)(?<!\bCo\.)(?<!\bCorp\.)(?<!\bNo\.)(?<!\bNos\.)(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\bU\.S\.)(?<!\bL\.P\.)(?<!\bS\.A\.)(?<!\bN\.V\.)(?<!\bB\.V\.)(?<!\bSec\.)(?<!\bArt\.)(?<!\bvs\.)(?<!\bMr\.)(?<!\bDr\.)"
_SENTENCE_END = (
    _ABBREVIATIONS
    + r"(?<=[.;!?])\s+(?:(?:or|and)\s+)?(?=[\"“'(\[A-Z0-9])|(?<=[。；！？])|(?<=:)\s+(?=\(?[a-zA-Z0-9]{1,4}[.)]\s)"
)
# Filings carry a page footer ("Source: ACME CORP, 10-K, 3/1/2019") that may fall inside a sentence.
_PAGE_FOOTER = (
    r"\bSource:\s+[A-Z0-9][A-Za-z0-9 ,.&'()/-]{2,80}?,\s+[\w/.()-]{2,12},\s+\d{1,2}/\d{1,2}/\d{2,4}"
)
_LIST_ITEM = r"^\(?(?:[a-z]{1,2}|[ivx]{1,5}|\d{1,2})[.)]\s"


def _is_heading(sentence: str) -> bool:
    if re.search(r"[\u4e00-\u9fff]", sentence):
        return len(sentence) < 6
    return len(re.findall(r"[A-Za-z]{2,}", sentence)) < 4 and not sentence.endswith(":")


def _strip_contents(text: str) -> str:
    entries = list(re.finditer(_CONTENTS_ENTRY, text))
    if len(entries) < _CONTENTS_MIN_ENTRIES:
        return text
    return re.sub(_CONTENTS_ENTRY, " ", text)


@lru_cache(maxsize=64)  # clause texts can be long; the cache serves repeated calls on one clause
def _prepare(text: str) -> tuple[str, tuple[str, ...]]:
    """The clause text as one line without contents entries, and its reading units.

    A unit is a sentence; a list item ("(c) without cause, on ten days' notice") is read together
    with its lead-in ("The Owner may terminate this Agreement upon any of the following:"), since the
    lead-in states the right and the item states the trigger.
    """
    flat = re.sub(r"[-_=*]{3,}|&[a-z]{2,6};|&#\d{2,5};|" + _PAGE_FOOTER, " ", text)
    flat = " ".join(_strip_contents(" ".join(flat.split())).split())
    # Dots that end no sentence ("Section 3.1", "e.g.", "Inc.") would cut the sentence windows short.
    flat = re.sub(r"(?<=\d)\.(?=\d)", "_", flat)
    flat = re.sub(r"\b(e\.g|i\.e|U\.S|L\.P|S\.A|N\.V|B\.V)\.", lambda m: m.group(1).replace(".", ""), flat)
    flat = re.sub(r"\b(Inc|Ltd|Co|Corp|No|Nos|Sec|Art|vs|Mr|Ms|Dr|St)\.(?=\s*[,(a-z0-9])", r"\1", flat)
    units: list[str] = []
    lead_in = ""
    for sentence in re.split(_SENTENCE_END, flat):
        if re.search(r"\bWHEREAS\b", sentence):
            continue  # recitals tell the background; they commit no one
        sentence = sentence.strip()
        if not sentence or _is_heading(sentence):
            continue  # a bare heading ("Termination Fee.") names a subject without doing anything
        if lead_in and re.match(_LIST_ITEM, sentence):
            units.append(f"{lead_in} {sentence}")
        else:
            lead_in = ""
            units.append(sentence)
        if sentence.endswith(":") or re.search(r"\bfollowing\s*:?$", sentence):
            lead_in = sentence
    return flat, tuple(units)


def _has_any(patterns: tuple[str, ...], text: str) -> bool:
    """Whether any of ``patterns`` occurs in ``text`` (one combined search)."""
    return _rx("|".join(f"(?:{p})" for p in patterns)).search(text) is not None


# --------------------------------------------------------------------------- liability
_DAMAGE_KINDS = r"(?:\b(?:indirect|special|incidental|consequential|punitive|exemplary|multiple|treble|remote|speculative|lost\s+profits?|loss\s+of\s+(?:profits?|revenues?|business|goodwill|data|use))\b|间接|附带|惩罚性|利润|可得利益|预期)"
_CAP_PATTERNS = (
    # a ceiling on the amount
    r"(?:liabilit(?:y|ies)|liable|damages|recover\w*)\b[^.;]{0,160}?\b(?:(?:shall|will|may|does|do|to)\s+not\s+exceed|not\s+to\s+exceed|in\s+no\s+event\s+(?:\w+\s+){0,3}exceed|exceed\s+in\s+the\s+aggregate|(?<!not\s)limited\s+to\s+(?:the|an?|its|\$|US\$|[\d(])|capped\s+at|(?:up\s+)?to\s+a\s+maximum|not\s+be\s+(?:greater|more)\s+than|(?:amounts?|sums?|damages)\s+in\s+excess\s+of)",
    r"\b(?:aggregate|total|maximum|cumulative|entire|collective)\s+(?:\w+\s+){0,2}liabilit(?:y|ies)\b[^.;]{0,200}\b(?:exceed|limited|cap|maximum|greater\s+of|lesser\s+of|amount|sum)",
    # an exclusion of damage types or of liability altogether
    r"\b(?:not|no|neither|nor|never|in\s+no\s+event|under\s+no\s+circumstances?)\b[^.;]{0,120}\b(?:liable|liability|responsible|recover\w*|claim)\b[^.;]{0,200}"
    + _DAMAGE_KINDS,
    r"\bwaives?\b[^.;]{0,120}\b(?:right|claim)s?\b[^.;]{0,120}" + _DAMAGE_KINDS,
    r"\bexclud\w*\s+(?:all\s+|any\s+)?liabilit\w*\s+for\b[^.;]{0,120}" + _DAMAGE_KINDS,
    r"\b(?:in\s+no\s+event|under\s+no\s+circumstances?)\s+(?:shall|will|may)\s+(?:[\w'’-]+\s+){0,5}be\s+liable\b",
    r"\bdisclaims?\s+(?:all\s+|any\s+)?liabilit",
    # liability restricted to direct damages
    r"\bonly\s+(?:be\s+)?liable\b[^.;]{0,80}\bdirect\s+damages|\bliab\w*\b[^.;]{0,60}\b(?:only\s+for|limited\s+to|restricted\s+to)\s+(?:actual\s+)?direct\s+damages",
    # a sole and exclusive remedy
    r"\b(?:sole|exclusive|only)\s+(?:and\s+exclusive\s+)?(?:obligations?\s+and\s+)?(?:remed(?:y|ies)|recourse)\b",
    # a time limit for bringing claims
    r"\b(?:no|any)\s+(?:legal\s+)?(?:action|claim|suit|proceeding)s?\b[^.;]{0,160}\b(?:more\s+than\s+(?:[\w-]+\s+){1,3}(?:\(\d+\)\s+)?(?:years?|months?)\s+after|unless\s+(?:it\s+is\s+|such\s+\w+\s+is\s+)?(?:commenced|brought|filed|made|instituted)\s+within\s+(?:[\w-]+\s+){0,3}(?:\(\d+\)\s+)?(?:years?|months?|days?)\b|(?:must|shall)\s+be\s+(?:commenced|brought|filed|instituted|asserted)\s+within\s+(?:[\w-]+\s+){0,3}(?:\(\d+\)\s+)?(?:years?|months?|days?)\b)",
    # Chinese: a ceiling, an exclusion of indirect loss, a sole remedy
    r"(?:责任|赔偿)[^。；]{0,30}(?:不超过|不得超过|上限|为限|最高|限额)",
    r"不(?:承担|负责|负担|赔偿)[^。；]{0,20}"
    + _DAMAGE_KINDS
    + r"|"
    + _DAMAGE_KINDS
    + r"[^。；]{0,20}(?:损失|损害)[^。；]{0,10}不(?:承担|负|予)",
    r"唯一(?:的)?(?:救济|补救)",
)
_CARVE_OUT = (
    r"\bexcept\b(?!\s+as\s+(?:otherwise\s+)?(?:expressly\s+|specifically\s+)?(?:provided|set\s+forth|stated|permitted|described))"
    r"|\bsave\s+(?:for|in\s+respect\s+of|as\s+regards|in\s+the\s+case)\b|\bwith\s+the\s+exception\s+of\b"
    r"|\bother\s+than\s+(?:for\s+|in\s+respect\s+of\s+|with\s+respect\s+to\s+)?(?:liabilit|claims?\b|a\s+breach|breach|any\s+breach|its\s+|a\s+party['’]s|obligations|indemn|death|personal|fraud|gross|wil)"
    r"|\bexcluding\s+(?:liabilit|claims?\b|a\s+party['’]s|(?:any\s+)?(?:breach|obligations|indemn|damages\s+(?:arising|resulting)))"
    r"|\b(?:shall|will|does|do)\s+not\s+apply\b|\bnot\s+(?:be\s+)?(?:applicable|subject)\s+to\b|\bexclusive\s+of\s+(?:liabilit|claims|indemn)"
    r"|但[^。；]{0,40}(?:除外|不受|不适用)|除[^。；]{0,40}(?:外|以外)"
)
_UNCAPPED_EXPRESS = (
    r"\bunlimited\s+liabilit(?!y\s+(?:company|companies|partnership|corporation))",
    r"\bliab\w*\b[^.;]{0,100}\b(?:shall|will|is|are)\s+(?:be\s+)?unlimited\b",
    r"\b(?:shall|will|does|do)\s+not\s+(?:limit|exclude|restrict)\s+(?:the\s+|a\s+|either\s+|any\s+)?(?:party['’]s\s+|parties['’]\s+)?liabilit",
    r"\bnothing\s+(?:in|contained\s+in)\s+this\b[^.;]{0,100}\b(?:limit|exclude|restrict)s?\b[^.;]{0,80}\bliab",
    r"\b(?:limitations?|exclusions?|limits?|caps?|disclaimers?)\b[^.;]{0,160}\b(?:shall|will|do|does)\s+not\s+(?:apply|be\s+available)\b",
    r"\bnone\s+of\s+the\s+(?:foregoing\s+|above\s+)?(?:limitations?|exclusions?|limits?)\b[^.;]{0,160}\b(?:shall|will)\s+(?:apply|be\s+available)\b",
    r"\bliab\w*\b[^.;]{0,80}\bnot\s+(?:be\s+)?(?:subject\s+to|limited\s+by)\s+(?:any|the)\s+(?:\w+\s+){0,3}(?:limitation|cap|limit)s?\b",
    r"\bwithout\s+(?:any\s+)?limit(?:ation)?\s+(?:as\s+to|of|on|in)\s+(?:the\s+)?(?:amount|liabilit|damages)",
    r"不受[^。；]{0,20}(?:限额|上限|限制)|无限(?:连带)?责任|不适用[^。；]{0,20}(?:限额|上限|责任限制)|(?:限额|上限|责任限制)[^。；]{0,20}不适用",
)


# "shall not apply to" speaks of a limitation only when the sentence is about limits or liability
_NOT_APPLY_TO = r"\b(?:shall|will|does|do)\s+not\s+apply\s+to\b[^.;]{0,160}\b(?:liabilit|indemn|breach|negligen|misconduct|fraud|infring|confidential)"
_LIMIT_WORDS = r"\b(?:limit|liab|damages|cap)\w*\b"


def _caps_liability(unit: str) -> bool:
    return _has_any(_CAP_PATTERNS, unit)


def _is_cap_on_liability(unit: str) -> bool:
    """A ceiling on recovery, an exclusion of damage types, a sole remedy or a time limit for claims."""
    if not _has(r"liab|damages|remed|action|claim|recourse|recover|责任|赔偿|损失|救济", unit):
        return False
    return _caps_liability(unit)


def _is_uncapped_liability(unit: str) -> bool:
    """Liability left unlimited: a cap or exclusion with a carve-out, or liability stated to be unlimited."""
    if not _has(r"liab|limit|damages|责任|限", unit):
        return False
    if _has_any(_UNCAPPED_EXPRESS, unit) or (_has(_NOT_APPLY_TO, unit) and _has(_LIMIT_WORDS, unit)):
        return True
    return (
        _caps_liability(unit)
        and _has(_CARVE_OUT, unit)
        and not _has(r"\bsole\s+(?:and\s+exclusive\s+)?remed", unit)
    )


# --------------------------------------------------------------------------- termination for convenience
_TFC_RIGHT = (
    r"\b(?:may|can|(?:shall|will)\s+(?:be\s+entitled|have\s+the\s+(?:right|option))\s+to|(?:has|have)\s+(?:the\s+)?(?:right|option|power)\s+to|"
    r"(?:is|are)\s+entitled\s+to|reserves?\s+the\s+right\s+to|(?:shall\s+be\s+)?free\s+to)\b[^.;]{0,80}?\b(?:terminat\w*|cancel\w*|end\s+(?:this|the)\s+(?:agreement|contract))\b"
    r"|\bterminable\b|有权[^。；]{0,20}(?:解除|终止)|可以?[^。；]{0,20}(?:解除|终止)"
)
_TFC_OBJECT = r"(?:terminat\w*|cancel\w*)\s+(?:this|the|any|such|each|all|its|their|his|her)\s+((?:[\w'’-]+\s+){0,3}?[\w'’-]+)"
_TFC_OBJECT_OK = r"agreement|contract|order|statement|sow|engagement|services?|relationship|appointment|arrangement|licen[cs]e|lease|term\b|program|project|work|schedule|exhibit|addend|plan|subscription|participation|collaboration|alliance|venture|[a-z]+ment\b"
_TFC_STRONG = (
    r"for\s+(?:its\s+|their\s+|any\s+party['’]s\s+|the\s+\w+['’]s\s+)?(?:own\s+)?convenience|without\s+(?:any\s+)?cause|"
    r"for\s+any\s+reason\s+or\s+(?:for\s+)?no\s+reason|for\s+(?:any|no)\s+(?:reason|cause)\s+(?:whatsoever|at\s+all)|for\s+no\s+reason|"
    r"without\s+(?:giving\s+|stating\s+|assigning\s+)?(?:any\s+)?reasons?\b|at\s+(?:its|their|his|her)\s+(?:sole\s+|absolute\s+)?(?:and\s+absolute\s+)?discretion|"
    r"随时|无需.{0,4}理由|无理由|任意|无条件"
)
_TFC_WEAK = (
    r"\bat\s+any\s+time\b|\bfor\s+any\s+reason\b|"
    r"(?:upon|on|with|after|following|by)\s+(?:(?:giving|providing|serving|delivering|sending)\s+)?(?:the\s+other\s+party\s+|\w+\s+)?(?:at\s+least\s+|not\s+less\s+than\s+|no\s+less\s+than\s+|a\s+minimum\s+of\s+)?"
    r"(?:[\w-]+\s+){0,4}(?:\(\d+\)\s+)?(?:calendar\s+|business\s+)?(?:days?|months?|weeks?|years?)['’]?\s+(?:prior\s+|advance\s+|previous\s+)?(?:written\s+)?notice|"
    r"(?:days?|months?)['’]?\s+(?:after|following|from)\s+(?:the\s+)?(?:\w+\s+)?(?:written\s+)?notice|"
    r"(?:upon|on|by)\s+(?:giving\s+|providing\s+)?(?:prior\s+|advance\s+)?written\s+notice|"
    r"提前[^。；]{0,10}(?:日|天|个月)[^。；]{0,12}(?:书面)?通知"
)
_TFC_CAUSE = (
    r"breach|default|insolv|bankrupt|fails?\b|failure|force\s+majeure|change\s+(?:of|in)\s+control|\bcure|violat|"
    r"\bif\b|\bin\s+the\s+event\b|\bshould\b|\bupon\s+the\s+occurrence\b|\bin\s+case\b|"
    r"expir\w*|\b(?:end|close)\s+of\s+(?:the\s+|a\s+|an\s+|any\s+|each\s+|such\s+)?(?:[\w-]+\s+){0,2}(?:term|period|year)|non-?renewal|\brenew|"
    r"\bacquired\s+by|\bmerge|\bmajority\s+of|dissolution|liquidat|winding[- ]up|\bupon\s+(?:the\s+)?(?:termination|expiration)\s+of|"
    r"违约|破产|未能|不可抗力|如果|若|期满|届满"
)
_TFC_FOR_CAUSE = r"(?<!without\s)(?<!with\sor\swithout\s)\b(?:for|with)\s+(?:good\s+)?cause\b"


def _terminates_for_convenience(unit: str) -> bool:
    """A party may end the contract without cause: a right to terminate plus a no-cause trigger."""
    if unit.endswith(":"):
        return False  # a lead-in: its items say on what trigger
    right = _rx(_TFC_RIGHT).search(unit)
    if not right:
        return False
    obj = _rx(_TFC_OBJECT).search(unit, right.start())
    if obj and obj.start() <= right.end() and not _has(_TFC_OBJECT_OK, obj.group(1)):
        return False  # "terminate the Advertising Fund": not the contract
    strong = _has(_TFC_STRONG, unit)
    if not strong and not _has(_TFC_WEAK, unit):
        return False
    if _has(_TFC_FOR_CAUSE, unit) and not strong:
        return False
    if re.search(r"\bfor\s+cause\b", unit, re.I) and not re.search(
        r"without\s+cause|convenience", unit, re.I
    ):
        return False
    return strong or not _has(_TFC_CAUSE, unit)


def _is_termination_for_convenience(unit: str) -> bool:
    if not _has(r"terminat|cancel|\bend\s+(?:this|the)|解除|终止", unit):
        return False
    return _terminates_for_convenience(unit)


# --------------------------------------------------------------------------- change of control
_COC_TRIGGER = (
    r"change\s+(?:of|in)\s+(?:the\s+)?(?:control|ownership)|change-of-control|"
    r"\b(?:merges?|merged|consolidates?|amalgamates?)\s+(?:\w+\s+){0,2}(?:with|into)\b|\b(?:merger|consolidation|amalgamation)\s+(?:of|involving|with)\b|"
    r"\b(?:by|through|via|of|in)\s+(?:way\s+of\s+)?(?:a\s+|any\s+)?(?:merger|de-?merger|spin-?off|consolidation|amalgamation|reorgani[sz]ation|sale\s+of\s+(?:stock|shares|equity))\b|"
    r"\b(?:majority|more\s+than\s+(?:fifty|50)\s*(?:percent|per\s+cent|%)|(?:fifty|50)\s*(?:percent|per\s+cent|%)\s+or\s+more)\s+(?:\([^)]{1,12}\)\s+)?of\s+(?:the\s+)?(?:[\w'’-]+\s+){0,5}(?:stock|shares|equity|voting|securities|capital|ownership|interests?)|"
    r"\bcontrolling\s+(?:interest|shareholder|stake|equity)|"
    r"\b(?:sale|transfer|disposition|disposal|sells?|transfers?|disposes?\s+of)\s+(?:of\s+)?(?:all\s+or\s+)?substantially\s+all|"
    r"\b(?:is|are|be|becomes?|being)\s+acquired\s+by|\bacquisition\s+of\s+(?:control|a\s+majority)|"
    r"控制权|实际控制人|控股股东|(?:被|遭)?(?:收购|兼并)|合并|分立"
)
_COC_CONSEQUENCE = (
    r"terminat|cancel|consent|approv|notif|notice|(?:deemed|considered|treated|constitute)\s+(?:to\s+be\s+)?(?:as\s+)?an?\s+assignment|\bassign|"
    r"解除|终止|同意|通知|批准"
)
_COC_PERMISSIVE = (
    r"(?<!not\s)\b(?:may|can|(?:shall\s+)?(?:be\s+entitled|have\s+the\s+right)\s+to)\s+(?:freely\s+)?(?:assign|transfer)\w*\b[^.;]{0,260}?\bwithout\b[^.;]{0,50}\b(?:consent|approval)"
    r"|\bno\s+(?:such\s+)?(?:consent|approval)\s+(?:shall\s+be|is)\s+required"
)
_COC_NEGATED = (
    r"\b(?:no|nor|not|neither)\b[^.;]{0,60}change\s+(?:of|in)\s+control[^.;]{0,100}\b(?:deemed|considered|treated|constitute)"
    r"|change\s+(?:of|in)\s+control[^.;]{0,100}\b(?:shall|will)\s+not\s+(?:be\s+)?(?:deemed|considered|treated|constitute)"
)
_DEFINITION_UNIT = (
    r"^\W*(?:\d[\d.]*\s+)?[\"“][^\"”]{2,80}[\"”]\s+(?:means|shall\s+mean|has\s+the\s+meaning|refers\s+to)"
)


def _changes_control(unit: str) -> bool:
    if not _has(_COC_TRIGGER, unit) or not _has(_COC_CONSEQUENCE, unit):
        return False
    if _has(_DEFINITION_UNIT, unit) or _has(r"\bdisclos", unit):
        return False
    return not (_has(_COC_PERMISSIVE, unit) or _has(_COC_NEGATED, unit))


def _is_change_of_control(unit: str) -> bool:
    """A party's change of control lets the other terminate, or needs its consent or a notice."""
    if not _has(
        r"control|merge|consolidat|amalgamat|reorgani|spin-?off|majority|substantially\s+all|acquired|acquisition|stock|shares|控制|控股|收购|兼并|合并|分立",
        unit,
    ):
        return False
    return _changes_control(unit)


# --------------------------------------------------------------------------- anti-assignment
_ASSIGN_PATTERNS = (
    r"\b(?:shall|may|will|must|can)\s+not\s+(?:\w+\s+){0,3}(?:assign|transfer|novate|delegate|sub-?contract)(?:ed|s)?\b",
    r"\b(?:assign|transfer|novate)\w*\b[^.;]{0,160}?(?:without\s+(?:first\s+obtaining\s+)?(?:the\s+)?(?:prior\s+)?(?:express\s+)?(?:written\s+)?(?:consent|approval)|(?:with|upon|subject\s+to)\s+the\s+(?:prior\s+)?(?:express\s+)?(?:written\s+)?(?:consent|approval))",
    r"\bnot\s+(?:be\s+)?(?:[\w-]+,?\s+(?:or\s+)?){0,3}(?:assignable|transferable)\b|\bnon-?assignable\b",
    r"不得(?:将[^。；]{0,30})?(?:转让|转包|分包)|未经[^。；]{0,20}同意[^。；]{0,30}(?:转让|转包|让与)",
)


def _is_anti_assignment(unit: str) -> bool:
    """Consent (or notice) is needed before the contract or its rights are assigned."""
    if not _has(r"assign|transfer|novat|delegat|contract|转让|转包|分包|让与", unit):
        return False
    return _has_any(_ASSIGN_PATTERNS, unit)


# --------------------------------------------------------------------------- non-compete
_RESTRAINT = r"(?:(?:shall|will|may|must|can)\s+not|agrees?\s+not\s+to|undertakes?\s+not\s+to|covenants?\s+(?:that\s+it\s+(?:shall|will)\s+)?not\s+to|not\s+to|(?:is|are|be|shall\s+be)\s+prohibited\s+from|refrain\s+from|covenants?\s+that\s+(?:it|he|she|they)\s+(?:shall|will)\s+not)"
_BUSINESS_ACTS = r"(?:research|develop|manufactur\w*|make|produce|sell|market|distribut\w*|commerciali[sz]\w*|promot\w*|licen[sc]e|offer|provide|supply|advertis\w*|display|place|operate|own|manage|engage|participate|invest|carry\s+on|conduct|render|perform|be\s+(?:engaged|involved|interested|employed|concerned))"
_COMPETITION = (
    r"\bcompet\w*|\bsimilar\s+to\b|\bsimilar\s+(?:business|products?|services?|activit)|\bsame\s+(?:or\s+(?:a\s+)?similar\s+)?(?:business|products?|services?|line)|"
    r"\bcontaining\b|\bradius\b|\bwithin\s+(?:[\w-]+\s+)?(?:\(\d+\)\s+)?(?:miles|kilometers|kilometres|km)\b|"
    r"\bcompan(?:y|ies)\s+(?:listed|set\s+forth|identified|named|specified)|\b(?:listed|set\s+forth|identified|named)\s+(?:in|on)\s+(?:Schedule|Exhibit|Annex|Appendix)"
)
_NON_COMPETE_PATTERNS = (
    r"\bnon-?compet\w*\s+(?:covenant|obligation|agreement|clause|provision|restriction|undertaking|period)|\bcovenants?\s+not\s+to\s+compete",
    r"\b"
    + _RESTRAINT
    + r"\s*,?\s*(?:(?:directly\s+or\s+indirectly|either\s+directly\s+or\s+indirectly|whether\s+directly\s+or\s+indirectly|itself\s+or\s+through\s+\w+)\s*,?\s*)?(?:[\w'’-]+,?\s+){0,8}?"
    + _BUSINESS_ACTS
    + r"\b[^.;]{0,220}?(?:"
    + _COMPETITION
    + r")",
    r"\b" + _RESTRAINT + r"\s+(?:\w+\s+){0,4}compete\b",
    r"竞业|不得[^。；]{0,30}(?:从事|经营|投资|生产|销售|开发|代理|参与)[^。；]{0,30}(?:相同|相似|类似|竞争|同类)|不得[^。；]{0,20}(?:与|为|向)[^。；]{0,10}竞争对手",
)


def _restrains_competition(unit: str) -> bool:
    if _has(r"\bnothing\b[^.;]{0,120}\b(?:prevent|restrict|prohibit|preclude|limit)", unit):
        return False
    return _has_any(_NON_COMPETE_PATTERNS, unit)


def _is_non_compete(unit: str) -> bool:
    """A restraint on a party's own business: competing, a field, a territory, or named competitors."""
    if not _has(r"compet|not|prohibit|refrain|竞业|不得", unit):
        return False
    return _restrains_competition(unit)


# --------------------------------------------------------------------------- exclusivity
_EXCLUSIVE_NEGATED = (
    r"\bnon-?\s?exclusiv|\b(?:not|nor)\b[^.;]{0,60}\bexclusiv|\bno\s+exclusiv|\bexclusiv\w*[^.;]{0,40}\bwith\s+(?:other|third)|\b(?:retains?|reserves?)\b[^.;]{0,30}\bexclusive|\bas\s+between\s+the\s+parties|\[\s*\]\s*(?:yes|no)\b|\bnothing\b[^.;]{0,120}\b(?:preclude|prevent|restrict|limit|prohibit)"
    r"|非独家|非排他|不具有?排他|不享有独家"
)
_EXCLUSIVE_PATTERNS = (
    r"\bexclusive(?!\s+of\b)\s+(?:,?\s*[\w-]+\s*,?\s+){0,3}?(?:basis|distribut\w*|suppl\w*|provider|reseller|agen\w+|dealer|representative|licensee|licen[cs]e\s+(?:to|under|in|for|within)|rights?\s+(?:to|in|of|for|within)|relationship|partner\w*|sponsor\w*|marketing|sales|territory|arrangement|dealing|purchas\w+|manufactur\w+|source|right\s+and\s+licen[cs]e)",
    r"\b(?:grant\w*|appoint\w*|designat\w*)\b[^.;]{0,100}\bexclusive\b",
    r"\bexclusively\s+(?:from|to|through|with)\b(?<!enure\sexclusively\sto)(?<!inure\sexclusively\sto)",
    r"\b(?:licensed|granted|supplied|sold|purchased|distributed)\b[^.;]{0,60}\bexclusively\b",
    r"\b(?:all|entire|total|one\s+hundred\s+percent|100\s*%)\s+(?:of\s+)?(?:its|their|the\s+\w+['’]s|\w+['’]s)\s+(?:[\w-]+\s+){0,2}requirements\b|\b(?:its|their)\s+(?:entire|total)\s+(?:[\w-]+\s+){0,2}requirements\b",
    r"\b(?:shall|will|may|must)\s+not\s+(?:[\w,]+\s+){0,4}?(?:appoint|engage|authori[sz]e|grant\s+(?:any\s+)?(?:rights?|licen[cs]es?)\s+to)\s+(?:any\s+)?(?:other|third|additional)\s+(?:[\w-]+\s+){0,2}(?:distributors?|agents?|resellers?|dealers?|representatives?|licensees?|suppliers?|providers?|part(?:y|ies))\b",
    r"\bsole\s+(?:and\s+exclusive\s+)?(?:supplier|source|distributor|provider|agent|licensee|reseller|representative|vendor|manufacturer|partner)\b",
    r"\b(?:shall|will|may|must)\s+not\s+(?:[\w,]+\s+){0,4}?(?:purchase|buy|source|procure|obtain|appoint|engage|grant|license|sell|supply|provide|offer|distribute|market|enter\s+into|work\s+with|collaborate|partner)\b[^.;]{0,120}?\b(?:to|from|with|for|through|on\s+behalf\s+of)\s+(?:any\s+|a\s+)?(?:third\s+part|other\s+(?:person|party|parties|entit|supplier|vendor|provider|distributor|company|companies|manufacturer|customer)|person\s+other\s+than|any\s+other|competitor)",
    r"独家|排他|不得[^。；]{0,20}(?:向|与|从)[^。；]{0,10}(?:任何)?(?:第三方|其他)[^。；]{0,20}(?:采购|购买|合作|销售|授权|供应|签订|订购)",
)


def _deals_exclusively(unit: str) -> bool:
    if _has(_EXCLUSIVE_NEGATED, unit) or _has(r"\bconfidential|\bdisclos|保密", unit):
        return False
    return _has_any(_EXCLUSIVE_PATTERNS, unit)


def _is_exclusivity(unit: str) -> bool:
    """An exclusive dealing commitment: exclusive appointment or grant, all requirements, no dealing with others."""
    if not _has(r"exclusiv|sole|requirements|not|独家|排他|不得", unit):
        return False
    return _deals_exclusively(unit)


# --------------------------------------------------------------------------- liquidated damages
_LD_PATTERNS = (
    r"liquidated\s+damages|\bagreed\s+damages|\bgenuine\s+pre-?estimate|\bdelay\s+damages",
    r"\b(?:early\s+)?(?:termination|cancell?ation|break(?:-?up)?|exit|kill|walk-?away)\s+(?:fee|charge|payment|penalt\w+)s?\b(?![^.;]{0,40}\breceiv)",
    r"\bpayment\s+penalt|\bpenalt(?:y|ies)\b[^.;]{0,60}(?:\$|US\$|USD|RMB|EUR|€|£|\d+(?:\.\d+)?\s*(?:%|per\s*cent|percent)|amount\s+(?:of|equal)|sum\s+of|equal\s+to)|\b(?:pay|payable|paid)\b[^.;]{0,60}\b(?:a|as\s+a|the)\s+penalty\b",
    r"\bforfeit\w*\b[^.;]{0,100}\b(?:deposit|guarantee|advance|fees?|payments?|amounts?\s+paid)",
    r"\b(?:termination|terminated|terminates)\b[^.;]{0,200}\bpay\b[^.;]{0,100}\b(?:remaining\s+(?:\w+\s+){0,3}(?:fees|payments|guarantee|amounts|minimum|balance)|(?:fees|payments|amounts)\s+(?:that\s+)?would\s+have\s+(?:been\s+)?(?:become\s+)?(?:due|payable|paid)|for\s+the\s+(?:remainder|balance)\s+of\s+the\s+(?:term|initial)|balance\s+of\s+the\s+(?:minimum|guarantee|term|contract))",
    r"违约金|误期(?:损害)?赔偿|罚金|解约金|提前(?:终止|解除)[^。；]{0,10}(?:费|补偿金)",
)
_LD_NOT = r"\b(?:civil|criminal|statutory|tax|governmental|regulatory)\s+(?:fines\s+(?:and|or)\s+)?penalt|\bfines\s+(?:and|or)\s+penalt|\binterest\s+(?:and|or)\s+penalt|\bpenalt\w+\s+(?:and|or)\s+(?:fines|interest)|\bpenalty\s+of\s+(?:perjury|nullity|law)|\breimburs\w*[^.;]{0,120}(?:penalt|fee|charge)"


def _is_liquidated_damages(unit: str) -> bool:
    """A pre-agreed sum for breach, or a fee or penalty payable when the contract ends early."""
    if not _has(
        r"liquidated|agreed\s+damages|pre-?estimate|delay\s+damages|fee|charge|penalt|forfeit|terminat|违约金|误期|罚金|解约",
        unit,
    ):
        return False
    return not _has(_LD_NOT, unit) and not _has(_DEFINITION_UNIT, unit) and _has_any(_LD_PATTERNS, unit)


# --------------------------------------------------------------------------- audit rights
_AUDIT_OBJECTS = r"(?:books|records|accounts|ledgers|facilit\w+|premises|plants?|sites?|locations|operations|systems|documentation|compliance|manufacturing|procedures|processes|calculations|statements\s+of\s+account|royalty\s+reports)"
_AUDIT_PATTERNS = (
    r"\b(?:right|entitled|may|permit\w*|allow\w*|authori[sz]\w*|access|subject)\b[^.;]{0,80}?\b(?:audit|inspect|examin|review|verif|check)\w*\b[^.;]{0,100}?\b"
    + _AUDIT_OBJECTS,
    r"\b(?:audit|inspect|examin)\w*\b[^.;]{0,60}?\b(?:of|on|to)\b[^.;]{0,60}?\b" + _AUDIT_OBJECTS,
    r"\b(?:books|records|accounts)\b[^.;]{0,120}\b(?:open|available|subject|accessible)\b[^.;]{0,40}\b(?:inspection|audit|examination|review|copying|verification)",
    r"\b(?:audit|inspection)\s+rights?\b|\bright\s+(?:of|to)\s+(?:audit|inspect)",
    r"有权[^。；]{0,20}(?:审计|查账|检查|查阅|核查)|(?:审计|查阅|检查|核查)[^。；]{0,15}(?:账簿|账目|记录|会计|财务)|查账",
)
_AUDIT_NOT = r"\baudit(?:ed)?\s+(?:report|committee|opinion|firm|financial|annual|accounts|statements|balance)|\bauditors?['’]?\s+(?:report|opinion)|审计报告|经审计"


def _is_audit_rights(unit: str) -> bool:
    """A right to audit or inspect the counterparty's books, records or premises."""
    if not _has(r"audit|inspect|examin|review|verif|records|books|审计|查账|检查|查阅|核查", unit):
        return False
    return not _has(_AUDIT_NOT, unit) and _has_any(_AUDIT_PATTERNS, unit)


# --------------------------------------------------------------------------- insurance
_INSURANCE_PATTERNS = (
    r"\b(?:maintain\w*|carry|carries|obtain\w*|procur\w*|purchas\w*|keep\w*|secure|take\s+out|effect|provide|arrange\s+for|have\s+in\s+(?:place|force|effect))\b[^.;]{0,120}\b(?:insurance|coverage|insurance\s+polic(?:y|ies))\b",
    r"\b(?:insurance|coverage|polic(?:y|ies))\b[^.;]{0,100}\b(?:shall|must|will)\s+(?:at\s+all\s+times\s+)?(?:be\s+)?(?:maintained|obtained|carried|procured|kept|in\s+(?:full\s+)?(?:force|effect))",
    r"\b(?:additional|named)\s+insureds?\b|\bloss\s+payee\b|\bcertificates?\s+(?:of|evidencing)\s+(?:such\s+)?insurance|\bself-?insur",
    r"\b(?:insurance|coverage)\b[^.;]{0,80}\b(?:limits?|amounts?|minimum)\s+(?:of\s+)?(?:not\s+less\s+than|at\s+least|no\s+less\s+than|\$|US\$|USD)",
    r"\b(?:shall|will|must|agrees?\s+to)\s+(?:\w+\s+){0,2}insure\b",
    r"投保|(?:购买|办理|维持|保持)[^。；]{0,10}保险|保险[^。；]{0,10}(?:投保|维持|有效)",
)
_INSURANCE_NOT = r"\bhealth\s+insurance\s+portability|\binsurance\s+charges|\bfreight\b[^.;]{0,40}\binsurance"


def _is_insurance(unit: str) -> bool:
    """A duty to take out and maintain insurance (not a mere mention of insurance)."""
    if not _has(r"insur|coverage|保险|投保", unit):
        return False
    return not _has(_INSURANCE_NOT, unit) and _has_any(_INSURANCE_PATTERNS, unit)


# --------------------------------------------------------------------------- IP ownership assignment
_IP_OBJECTS = r"(?:right,?\s+title,?\s+and\s+interest|intellectual\s+property|copyrights?|patents?|inventions?|work\s+product|deliverables|(?:the|all|such|research)\s+results|improvements|know-?how|rights?\s+of\s+publication|publication\s+rights|trade\s?marks?|developments|derivative\s+works|moral\s+rights)"
_CREATED = r"(?:inventions?|improvements?|developments?|deliverables|work\s+product|results|foreground|modifications|enhancements|derivative\s+works|works?\s+of\s+authorship|discoveries|created|made|developed|conceived|generated|produced|authored|prepared|arising|resulting|reduced\s+to\s+practice)"
_IP_PATTERNS = (
    r"(?<!not\s)(?<!no\s)\b(?:hereby\s+)?(?:irrevocably\s+)?(?:assigns|transfers|conveys|hereby\s+(?:assign|transfer|convey))\b(?!\s+(?:this|the)\s+agreement)[^.;]{0,160}?\b"
    + _IP_OBJECTS,
    r"\b(?:shall|will|agrees?\s+to|undertakes?\s+to|must)\s+(?:\w+\s+){0,2}(?:assign|transfer|convey)\b(?!\s+(?:this|the)\s+agreement)[^.;]{0,160}?\b"
    + _IP_OBJECTS,
    _CREATED
    + r"\b[^.;]{0,200}?\b(?:shall|will|is|are)\s+(?:(?:automatically|immediately|hereby)\s+)?(?:be\s+|become\s+)?(?:deemed\s+)?(?:vest\w*\s+(?:solely\s+)?in|belong\w*\s+(?:solely\s+|exclusively\s+)?to|owned\s+(?:solely\s+|exclusively\s+)?by|the\s+(?:sole\s+(?:and\s+exclusive\s+)?|exclusive\s+)?property\s+of)",
    r"\b(?:shall|will)\s+(?:solely\s+|exclusively\s+)?own\b[^.;]{0,80}?\b" + _CREATED + r"\b",
    r"\bworks?\s+made\s+for\s+hire\b|\bwork[- ]for[- ]hire\b",
    r"(?:知识产权|成果|专利(?:申请)?权|著作权|技术秘密)[^。；]{0,30}(?:归|属于)[^。；]{0,10}(?:所有|享有)",
    r"(?:转让|让与)[^。；]{0,10}(?:给|予)?[^。；]{0,6}(?:知识产权|专利|著作权|成果)|将[^。；]{0,30}(?:知识产权|专利|著作权|成果)[^。；]{0,10}(?:转让|让与)",
)
_IP_NOT = r"\bnot\s+(?:act|operate|be\s+(?:deemed|construed))\s+as\s+an?\s+(?:assignment|transfer)|\bnothing\b|\b(?:if|in\s+the\s+event|should|unless)\b(?![^.;]*\bhereby\b)|\bassign\w*\s+(?:\w+\s+){0,3}to\s+(?:such\s+|a\s+|any\s+)?third\s+part|\bretain\w*\b|\bremain\w*\s+(?:the\s+)?(?:sole\s+)?(?:and\s+exclusive\s+)?property|各自|原有|仍(?:归|属)|保留"


def _is_ip_ownership_assignment(unit: str) -> bool:
    """Intellectual property created by one party becomes the counterparty's (assignment, vesting, work for hire)."""
    if not _has(r"assign|transfer|convey|vest|belong|\bown|property|hire|知识产权|成果|专利|著作权", unit):
        return False
    return not _has(_IP_NOT, unit) and _has_any(_IP_PATTERNS, unit)


# --------------------------------------------------------------------------- renewal term
_TERM_SUBJECT = r"(?:agreement|term|contract|licen[cs]e|lease|appointment|arrangement)"
_RENEW = r"(?:renew\w*|extend\w*|extension|extendable|extensible|continue[sd]?)"
_RENEWAL_PATTERNS = (
    r"\bautomatic(?:ally)?\b[^.;]{0,40}\b(?:renew|extend|extension|continu)\w*|\b(?:renew|extend)\w*\s+(?:\w+\s+){0,2}automatic(?:ally)?\b",
    r"\b"
    + _TERM_SUBJECT
    + r"\b(?:[\s,]+[\w()'’*\[\]-]+){0,8}?[\s,]+(?:renew|extend)\w*\b[^.;]{0,80}\b(?:for|by)\s+(?:[\w*\[\]]+\s+){0,5}(?:\(\d+\)\s+)?(?:[\w-]+\s+)?(?:years?|months?|terms?|periods?)\b",
    r"\b(?:renew|extend)\w*\s+(?:this|the)\s+(?:initial\s+)?"
    + _TERM_SUBJECT
    + r"\b[^.;]{0,120}\b(?:for|by)\s+(?:[\w*\[\]]+\s+){0,5}(?:\(\d+\)\s+)?(?:[\w-]+\s+)?(?:years?|months?|terms?|periods?)\b",
    r"\b(?:renewal|extension)\s+(?:term|period)s?\s+(?:of|shall\s+be|will\s+be|is)\s+(?:[\w*\[\]-]+\s+){0,3}(?:\(\d+\)\s+)?(?:years?|months?)|\b(?:successive|additional|subsequent|further|consecutive)\s+(?:[\w()*-]+\s+){0,3}renewal\s+(?:term|period)s?|\bevergreen\b|\b(?:year|month)[- ]to[- ](?:year|month)\b",
    r"\b(?:successive|additional|subsequent|further|consecutive)\s+(?:\w+\s+){0,2}(?:\(\d+\)\s+)?(?:[\w-]+\s+)?(?:years?|months?)?\s*(?:renewal\s+)?(?:terms?|periods?)\b[^.;]{0,60}\bunless\b",
    r"自动(?:续期|续展|延续|延长|续约|顺延|续签)|(?:期满|届满)[^。；]{0,30}(?:续期|续约|延续|延长|续签)|续期",
)
_RENEWAL_NOT = r"\bnot\s+(?:be\s+)?(?:automatically\s+)?(?:renew|extend)\w*|\bno\s+(?:automatic\s+)?(?:renewal|extension)|不(?:自动)?续"


def _renews(unit: str) -> bool:
    if _has(_RENEWAL_NOT, unit):
        return False
    if not _has(_TERM_SUBJECT + r"|\bperiod|\byears?\b|\bmonths?\b|期|年|月", unit):
        return False
    return _has_any(_RENEWAL_PATTERNS, unit)


def _is_renewal_term(unit: str) -> bool:
    """The term renews or extends after it expires: automatically, or at one party's option."""
    if not _has(r"renew|extend|extension|continu|evergreen|to[- ](?:year|month)|successive|续|延", unit):
        return False
    return _renews(unit)


# --------------------------------------------------------------------------- governing law
_LAW_PATTERNS = (
    r"\bgoverned\b[^.;]{0,140}\blaws?\b(?!\s+and\s+regulations)",
    r"\b(?:construed|interpreted|enforced)\b[^.;]{0,100}\b(?:in\s+accordance\s+with|according\s+to|under|pursuant\s+to|by)\s+(?:the\s+)?(?:[\w-]+\s+){0,3}laws?\s+(?:of|in\s+force\s+in)\b",
    r"\blaws?\s+of\s+[^.;]{0,80}\b(?:shall|will)\s+govern\b|\b(?:governing|applicable|proper)\s+law\s+(?:of\s+this\s+\w+\s+)?(?:is|shall\s+be|will\s+be)\s+(?:the\s+)?(?:laws?\s+of|\w+\s+law)",
    r"(?:本合同|本协议|合同|协议)[^。；]{0,40}适用[^。；]{0,12}法律|适用中华人民共和国[^。；]{0,4}法律|受[^。；]{0,20}法律管辖|准据法|管辖法律",
)
_LAW_NOT = r"\bgoverned\b[^.;]{0,60}\b(?:applicable|all|any|such)\s+laws?\b"


def _governs(unit: str) -> bool:
    if not _has_any(_LAW_PATTERNS, unit):
        return False
    return not (_has(_LAW_NOT, unit) and not _has(r"laws?\s+of\b|法律管辖|适用[^。；]{0,12}法律", unit))


def _is_governing_law(unit: str) -> bool:
    """The contract names the law that governs it."""
    if not _has(r"law|法", unit):
        return False
    return _governs(unit)


# --------------------------------------------------------------------------- the risk-bearing detectors
@dataclass(frozen=True)
class _Detector:
    type_id: str
    detect: Callable[[str], bool]  # does this reading unit (a sentence) do what the type is about?
    title: str  # a heading naming the type
    confirm: str  # what the text must say for the heading to count (any text at all when empty)
    veto: str = ""  # a sentence saying this does not confirm the heading (a negation)


_DETECTORS: tuple[_Detector, ...] = (
    _Detector("renewal_term", _is_renewal_term, r"renewal|续期|续约", r"\brenew|\bextend|\bextension|续|延"),
    _Detector(
        "governing_law",
        _is_governing_law,
        r"governing law|applicable law|choice of law|适用法律|法律适用",
        r"\blaws?\b|法律",
    ),
    _Detector(
        "non_compete",
        _is_non_compete,
        r"non-?compet|restrictive covenant|竞业",
        r"\bcompet\w*|\bsimilar\s+(?:business|products?|services?)|\bradius\b|\bterritory\b|竞争|竞业|同类",
        r"\bnothing\b[^.;]{0,120}\b(?:prevent|restrict|prohibit|preclude|limit)",
    ),
    _Detector(
        "exclusivity",
        _is_exclusivity,
        r"^(?!.*non-?\s?exclusiv).*(?:exclusiv|独家|排他)",
        r"\bexclusive(?:ly)?\b|\bsolely\b|\bonly\b|\bany\s+other\b|\bthird\s+part|\bshall\s+not\b|不得|独家|排他",
        _EXCLUSIVE_NEGATED,
    ),
    _Detector(
        "termination_for_convenience",
        _is_termination_for_convenience,
        r"convenience|任意解除",
        r"terminat|cancel|解除|终止",
    ),
    _Detector(
        "change_of_control",
        _is_change_of_control,
        r"change (?:of|in) control|控制权",
        r"terminat|consent|notice|notif|assign|解除|同意|通知",
    ),
    _Detector(
        "anti_assignment", _is_anti_assignment, r"\bassignment|转让", r"consent|approv|\bnot\b|同意|不得"
    ),
    _Detector(
        "ip_ownership_assignment",
        _is_ip_ownership_assignment,
        r"ownership of (?:work|intellectual|deliverables|results|inventions|developments)|assignment of (?:intellectual|inventions|rights)|知识产权归属",
        r"assign|vest|belong|owned|property of|归",
    ),
    _Detector(
        "audit_rights",
        _is_audit_rights,
        r"\baudit|\binspection|审计|查账",
        r"\baudit|\binspect|\bexamin|审计|检查|查阅|核查",
    ),
    _Detector("uncapped_liability", _is_uncapped_liability, r"unlimited liability|无限责任", r"liab|责任"),
    _Detector(
        "cap_on_liability",
        _is_cap_on_liability,
        r"limitation (?:of|on) liability|liability cap|limitation of damages|责任限制|责任上限",
        r"liab|damages|责任|赔偿",
    ),
    _Detector(
        "liquidated_damages", _is_liquidated_damages, r"liquidated damages|违约金", r"damages|pay|违约金|支付"
    ),
    _Detector(
        "insurance",
        _is_insurance,
        r"insurance|保险",
        r"(?=.*(?:insur|coverage|保险))(?=.*(?:\bshall\b|\bmust\b|\bwill\b|\bagrees?\b|应|须))",
    ),
)


_SHORT_NOTE_WORDS = 12


def _without_title(title: str, text: str) -> str:
    """The text without its own heading (wherever repeated), so that a heading does not confirm itself."""
    words = title.split()
    if not words:
        return text
    return re.sub(r"\s+".join(re.escape(w) for w in words), " ", text, flags=re.I)


@lru_cache(maxsize=16384)
def _unit_types(unit: str) -> frozenset[str]:
    """The risk-bearing types one sentence carries (cached: a parent clause repeats its children's sentences)."""
    return frozenset(d.type_id for d in _DETECTORS if d.detect(unit))


def risk_types(title: str, text: str) -> set[str]:
    """The risk-bearing CUAD types a clause carries.

    A type is carried by a sentence that does what the type is about, or by a heading naming the
    type over a text that speaks of the same thing (see :func:`_heading_holds`).
    """
    flat, units = _prepare(text)
    rest = _without_title(title, flat)
    found: set[str] = set()
    for unit in units:
        found |= _unit_types(unit)
    for detector in _DETECTORS:
        if detector.type_id in found:
            continue
        if title and _has(detector.title, title) and _heading_holds(detector, rest):
            found.add(detector.type_id)
    return found


def _heading_holds(detector: _Detector, rest: str) -> bool:
    """Whether a heading naming the type types the clause, given the text under it.

    A bare heading, or one over a short note (a checklist's "Review clause 9"), is taken at its word;
    a contents line ("Exclusivity 5") or a blank form ("[ ] Yes [ ] No") commits no one; under a
    real clause text the heading counts only if some sentence speaks of the same thing.
    """
    body = rest.strip(" .:;-_0123456789")
    if not body:
        return True
    chinese = len(re.findall(r"[\u4e00-\u9fff]", body))
    words = len(body.split()) + chinese // 2
    if words < 4 or _has(r"\[\s*\]", body):
        return False
    if words < _SHORT_NOTE_WORDS:
        return True
    return any(
        _has(detector.confirm, u) and not (detector.veto and _has(detector.veto, u))
        for u in _prepare(rest)[1]
    )
