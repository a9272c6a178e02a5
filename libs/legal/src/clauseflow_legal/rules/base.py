"""What every review rule shares: the clause context, findings, and helpers to read who does what."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

from clauseflow_documents.contents import is_contents_entry

from clauseflow_legal.clause_types import classify_clause
from clauseflow_legal.jurisdictions import jurisdiction_key
from clauseflow_legal.parties import Parties, Side
from clauseflow_legal.text import Sentence, narrow, split_sentences

# The modal before a party's verb ("may", "shall", "有权"): the actor stands before it, and the words
# between it and the verb qualify that verb.
MODAL = re.compile(
    r"\b(?:may|shall|will|must|can|is\s+entitled\s+to|are\s+entitled\s+to|shall\s+be\s+entitled\s+to"
    r"|has\s+the\s+right\s+to|have\s+the\s+right\s+to|reserves\s+the\s+right\s+to|undertakes?\s+to|agrees?\s+to)\b"
    # "可" inside a licence word is no modal: "许可方", "许可人", "认可" ("被许可方可随时书面通知许可方解除")
    r"|有权|可以|(?<![许认])可|应当|应|须|必须|承诺|同意",
    re.I,
)


@lru_cache(maxsize=1024)
def _compiled(pattern: str, flags: int) -> re.Pattern[str]:
    """A rule's pattern, compiled once.

    The rules search a few hundred constant patterns per clause; ``re``'s own cache holds 512
    and is shared with every other caller, so under load it evicts them and they are recompiled.
    """
    return re.compile(pattern, flags)


# A modal that continues the sentence's earlier verb phrase ("… and shall indemnify") shares its subject.
_COORDINATED = re.compile(r"\b(?:and|or|but)\s+$", re.I)
# A new subject with its own present-tense verb just before the coordinated modal: "… and Owner
# hereby releases and shall indemnify" is Owner's promise, not the earlier subject's.
_OWN_VERB_BEFORE = re.compile(
    r"(?P<who>[\w'’\"“”-]+(?:\s+[\w'’\"“”-]+){0,3}?)\s+(?:(?:hereby|also|further|irrevocably|expressly)\s+)*"
    r"(?:releases|agrees|acknowledges|undertakes|covenants|waives|accepts|assumes|warrants)\s+and\s+$",
    re.I,
)
# The sentence's subject with its own verb and object, then the coordinated modal: "The Franchisee
# releases the Franchisor and its officers from, and shall indemnify them"; cuad-train "each Party assumes
# full responsibility concerning compliance ... and shall hold the other Party harmless"; "the Buyer waives
# any claim against the Seller and will indemnify it" — the promise after "and" is the subject's.
# Not across an embedded clause: in "the Buyer acknowledges that the Seller owns the Tooling and shall
# maintain it" the promise continues the "that"-clause and is the Seller's, so the span may hold no
# that/which/who (a fallback only: it is read when the nearer _OWN_VERB_BEFORE names nobody).
_OWN_VERB_OBJECT_BEFORE = re.compile(
    r"(?:^|[.;:]\s+)(?:\d[\d.]*\s+)?(?P<who>(?:each\s+|the\s+)?[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,3})\s+"
    r"(?:(?:hereby|also|further|irrevocably|expressly)\s+)*"
    r"(?:releases|acknowledges|undertakes|covenants|waives|accepts|assumes|warrants)\b(?!\s+that\b)"
    r"(?:(?!\b(?:that|which|who)\b)[^.;]){1,160}?,?\s+and\s+$"
)
# "The Company or the Contractor may …": two named subjects share the right.
TWO_SUBJECTS = re.compile(
    r"\b(?:the\s+)?[A-Z][\w.&'’-]*(?:\s+[A-Z][\w.&'’-]*)*\s+(?:or|and)\s+(?:the\s+)?[A-Z][\w.&'’-]*"
    r"(?:\s+[A-Z][\w.&'’-]*)*\s+(?:may|can|shall|is\s+entitled|are\s+entitled)\b[^.;]*$"
)
# "… shall entitle the Franchisor to terminate": the party entitled performs the verb, not the subject.
# A promise made to another party, whose content follows "that": "Founder HoldCo undertakes to the
# Investor and the Company that it shall not compete", "the Seller covenants with the Buyer that it
# will not", "each Guarantor agrees with the Lender that he shall". The promisor (before the verb)
# acts; the promisee named after "to"/"with" is not the subject of the modal that follows.
_PROMISE_TO_THAT = re.compile(
    r"\b(?:undertak(?:es|e)|covenants?|agrees?|warrants?|promises?)\s+(?:with|to|in\s+favour\s+of)\s+"
    r"[^.;]{1,160}?\bthat\s+(?:it|he|she|they|each\s+of\s+them)\b",
    re.I,
)
_ENABLED = re.compile(
    r"\b(?:entitl(?:e|es|ing)|allow(?:s|ing)?|permit(?:s|ting)?|enabl(?:e|es|ing)|authori[sz](?:e|es|ing))\s+"
    r"(?P<who>[^,;.]{1,60}?)\s+to\s+$",
    re.I,
)

# The verb's own subject standing right before it, only adverbs between: "Anixa will own, and OntoChem
# hereby assigns to Anixa" is OntoChem's assignment, though the sentence's modal ("will") is Anixa's;
# "the Supplier shall deliver and the Customer shall pay" likewise. A party after a preposition or a
# conjunction joining it to another party ("assigns to Anixa", "Anixa and OntoChem hereby assign") is not
# a lone subject; a conjunction joining two clauses ("Anixa will own, and OntoChem hereby assigns") is.
_ONLY_ADVERBS = re.compile(
    r"(?:\s|,|\b(?:hereby|also|hereafter|hereinafter|irrevocably|unconditionally|expressly|further|"
    r"thereupon|thereby|accordingly|immediately|jointly|severally|each|itself)\b)*",
    re.I,
)
_JOINED_BEFORE = re.compile(r"\b(?:and|or|nor)\s+(?:the\s+)?$", re.I)
_NOT_A_SUBJECT_BEFORE = re.compile(
    r"(?:\b(?:to|by|from|of|with|for|against|upon|on|in|than|between|under|whom|whose)|['’]s?)\s+"
    r"(?:the\s+|each\s+|any\s+|such\s+)?$",
    re.I,
)


# A Chinese verb whose object follows it directly: "应提前三个月书面通知承租方", "赔偿甲方", "要求乙方".
_ZH_OBJECT_AFTER_VERB = re.compile(
    r"(?:通知|告知|催告|要求|提醒|答复|赔偿|补偿|交付|支付|提供|委托|授权|协助)$"
)

# A party inside a time phrase that opens the sentence is not its subject: "乙方提交验收申请后五日内甲方未组织
# 验收" (甲方 fails to test), "乙方交货后十日内甲方应支付货款", "收到乙方通知之日起三日内甲方应…": what stands
# between that party and the next is an event ending in 后/以后/之日起/时, then at most a span of time.
_ZH_TIME_PHRASE_BETWEEN = re.compile(
    r"(?:之?后|以后|之日起|起|时)(?:[^，,。；;]{0,12}?(?:日|天|小时|周|个?月|个?工作日)(?:内|以内|之内)?)?$"
)

# A passive's "by" phrase right after its verb: "terminated by the Lessor".
_BY_AFTER_WORD = re.compile(r"\w*\s+by\s+(?:the\s+)?")
# A word that ends the passive verb phrase: what follows it ("for breach by the other Party", "and
# all fees paid by the Franchisee", "prior to completion by the JRC", "other than a default by X")
# has its own agent. cuad-train shows both sides: "may be terminated at any time by either party",
# "be terminated in its entirety by Antares", "is terminated during the Initial Term by VerticalNet",
# "be canceled at any time without cause, by either party" read the party who ends; "is terminated
# for reasons other than material breach by ESTABLISHMENT" and "be terminated and all franchise fees
# paid by Franchisee" do not.
_PHRASE_ENDS = (
    r"(?:by|and|or|but|nor|that|which|who|whom|whose|if|unless|when|where|whereupon|until|after|before"
    r"|prior|following|because|due|owing|except|save|than|as|of|breach\w*|default\w*|failure|acts?"
    r"|omissions?|negligence|misconduct|completion|performance|agreement|consent|approval|negotiation"
    r"|request|regulation|insolvency|payment)\b"
)
# A passive verb of several words or with adverbials, up to its "by" phrase: "be brought to an end
# by", "terminated at any time by", "terminated forthwith, by" (the passive itself is checked apart).
_BY_AFTER_PHRASE = re.compile(
    rf"(?P<aux>(?:be|been|being)\s+)?\w+(?:,?\s+(?!{_PHRASE_ENDS})[\w'’-]+){{1,6}}?,?\s+by\s+(?:the\s+)?",
    re.I,
)
_PASSIVE_AUX_BEFORE = re.compile(r"\b(?:be|been|being|is|are|was|were)\s+(?:(?:not|also|\w+ly)\s+)*$", re.I)
# 由/被 before a party name its agent: "本合同由甲方提前解除", "设备被乙方损坏".
_ZH_AGENT_MARKERS = "由被"


# A list item's marker: "（一）", "(a)", "1.", "①", "a)".
_LIST_ITEM = re.compile(
    r"\s*(?:[（(](?:[一二三四五六七八九十]{1,3}|\d{1,2}|[a-z]{1,2}|[ivx]{1,5})[)）]|\d{1,2}[.、)](?!\d)|[a-z][.)]|[①-⑳])"
)


@dataclass
class ClauseContext:
    """One clause under review, from our party's perspective."""

    clause_id: str
    title: str
    text: str
    language: str
    domain: str
    parties: Parties
    tool_results: list[Any] = field(default_factory=list)
    metadata: dict[str, Any] = field(default_factory=dict)
    sentences: list[Sentence] = field(default_factory=list)
    _clause_types: list[str] | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if not self.sentences:
            self.sentences = [s for s in split_sentences(self.text) if not is_contents_entry(s.text)]

    @property
    def clause_types(self) -> list[str]:
        """The clause's types (``classify_clause``), classified on first use: few rules ask."""
        if self._clause_types is None:
            self._clause_types = classify_clause(self.title, self.text, self.language)
        return self._clause_types

    @property
    def zh(self) -> bool:
        """Findings are written in Chinese."""
        return self.language.startswith("zh")

    def t(self, en: str, zh: str) -> str:
        """Pick the wording for the review language."""
        return zh if self.zh else en

    @property
    def us(self) -> str:
        """Our party's readable name."""
        return self.parties.label("us", self.language)

    @property
    def them(self) -> str:
        """The counterparty's readable name."""
        return self.parties.label("them", self.language)

    @cached_property
    def homes(self) -> tuple[str | None, str | None]:
        """Our home and the counterparty's (jurisdiction keys), when the prompt's metadata says."""
        return (
            jurisdiction_key(self.metadata.get("our_home")),
            jurisdiction_key(self.metadata.get("counterparty_home")),
        )

    @cached_property
    def us_rx(self) -> str:
        """Our party's aliases as a regex alternation (for patterns that name the actor)."""
        return self.parties.side_pattern("us")

    @cached_property
    def them_rx(self) -> str:
        """The counterparty's aliases as a regex alternation."""
        return self.parties.side_pattern("them")

    def lead_in(self, sentence: Sentence) -> str:
        """The words that open the list ``sentence`` is an item of, else "".

        "下列任一事件均构成借款人违约：（一）…；（四）借款人的实际控制人发生变更；" is one provision, but
        Chinese items are sentences of their own (split at "；"): what the item leads to (a default,
        a right to terminate) is said once, in the lead-in ending with a colon.
        """
        if not _LIST_ITEM.match(sentence.text):
            return ""
        before = [x for x in self.sentences if x.start < sentence.start]
        for earlier in reversed(before):
            if earlier.text.rstrip().endswith((":", "：")):
                return earlier.text
            if not _LIST_ITEM.match(earlier.text):
                return ""
        return ""

    def list_items(self, lead_in: Sentence) -> list[Sentence]:
        """The items of the list ``lead_in`` opens (it ends with a colon), else []."""
        if not lead_in.text.rstrip().endswith((":", "：")):
            return []
        items: list[Sentence] = []
        for later in (x for x in self.sentences if x.start > lead_in.start):
            if not _LIST_ITEM.match(later.text):
                break
            items.append(later)
        return items

    def find(self, pattern: str, flags: int = re.I) -> Iterator[tuple[Sentence, re.Match[str]]]:
        """Every (sentence, match) of ``pattern`` in the clause, sentence by sentence."""
        rx = _compiled(pattern, flags)
        for s in self.sentences:
            for m in rx.finditer(s.text):
                yield s, m

    def has(self, pattern: str, text: str | None = None) -> bool:
        """Does ``pattern`` occur in the clause (or in ``text``)?"""
        return _compiled(pattern, re.I).search(self.text if text is None else text) is not None

    def names_nobody(self, text: str) -> bool:
        """Does ``text`` name no party at all, neither side nor both ("Fees are non-refundable")?"""
        return not (self.parties.sides_in(text) & {"us", "them", "mutual"})

    def paying_side(self) -> Side | None:
        """The side that pays for what is supplied: "us" when our party pays, "them" when it
        supplies, ``None`` when that is unknown or both.

        A sentence that names no one speaks of the bargain's own terms: "Fees are non-refundable"
        binds the side that pays, "Delivery dates are estimates only" the side paid to deliver.
        """
        pays, supplies = self.parties.pays, self.parties.supplies
        if pays == supplies:
            return None
        return "us" if pays else "them"

    def actor(self, sentence: Sentence, pos: int) -> Side | None:
        """Who performs the verb at ``pos`` (relative to the sentence): the party before its modal.

        "The Employer may, by notice to the Contractor, terminate" -> the Employer, because the
        party named just before "may" is the subject; a passive "terminated by the Employer" is
        read from the "by" phrase.
        """
        text = sentence.text
        if len(re.findall(r"[\u4e00-\u9fff]", text)) > len(text) * 0.3:
            # Chinese puts the subject first: "甲方在收到乙方发票后三十日内支付" is paid by 甲方,
            # so take the first party of the phrase (back to the last comma) that holds the verb.
            seg_start = max(text.rfind(p, 0, pos) for p in "，,；;：:") + 1
            agent = self._zh_agent(text[seg_start:pos])
            if agent is not None:
                return agent
            while True:
                seg = text[seg_start:pos]
                named = self.parties.mentions(seg)
                found = [
                    m
                    for i, m in enumerate(named)
                    if (m.side != "other" or not self.parties.known)
                    # "向甲方支付" / "给乙方" / "与对方": an object, not the subject
                    and not (m.start > 0 and seg[m.start - 1] in "向给对与和从为使及或被")
                    # "由甲方提供的设备乙方应…": a 由 phrase before another party describes a thing
                    and not (m.start > 0 and seg[m.start - 1] == "由" and i + 1 < len(named))
                    # "书面通知承租方" / "赔偿甲方": the party after a verb is its object
                    and not _ZH_OBJECT_AFTER_VERB.search(seg, 0, m.start)
                    # "乙方交货后十日内甲方应支付": the first party sets the time, the second acts
                    and not (
                        i + 1 < len(named) and _ZH_TIME_PHRASE_BETWEEN.search(seg, m.end, named[i + 1].start)
                    )
                ]
                if found:
                    return found[0].side
                if seg_start <= 0:
                    break
                seg_start = max(text.rfind(p, 0, seg_start - 1) for p in "，,；;：:") + 1
        promise = next(reversed(list(_PROMISE_TO_THAT.finditer(text, max(0, pos - 500), pos))), None)
        if promise is not None and not self.parties.mentions(text[promise.end() : pos]):
            side = self.parties.side_before(text, promise.start())
            if side is not None:
                return side
        enabled = _ENABLED.search(text, max(0, pos - 80), pos)
        if enabled:
            ms = self.parties.mentions(enabled.group("who"))
            if ms:
                return ms[0].side
        agent = self.passive_agent(text, pos)
        if agent is not None:
            return agent
        adjacent = self._adjacent_subject(text, pos)
        if adjacent is not None:
            return adjacent
        window_start = max(0, pos - 140)
        # the modal may open the matched phrase itself ("may assign"): its subject is the actor
        modals = [m for m in MODAL.finditer(text, window_start, min(len(text), pos + 40)) if m.start() <= pos]
        for modal in reversed(modals):
            # "the Agent shall repay … to the Principal and shall indemnify": the first subject acts
            if _COORDINATED.search(text, max(0, modal.start() - 6), modal.start()):
                own = _OWN_VERB_BEFORE.search(text, max(0, modal.start() - 80), modal.start())
                named = self.parties.mentions(own.group("who")) if own else []
                if not named:
                    long_own = _OWN_VERB_OBJECT_BEFORE.search(text[: modal.start()])
                    named = self.parties.mentions(long_own.group("who")) if long_own else []
                if named:
                    return named[-1].side
                if modal is not modals[0]:
                    continue
                # the first subject stands before the window: "the Franchisee shall … and shall assign"
                earlier = [
                    x
                    for x in MODAL.finditer(text, 0, modal.start())
                    if not _COORDINATED.search(text, max(0, x.start() - 6), x.start())
                ]
                side = self.parties.side_before(text, earlier[-1].start()) if earlier else None
                if side is not None:
                    return side
            side = self.parties.side_before(text, modal.start())
            if side is not None:
                return side
        side = self.parties.side_before(text, pos)
        if side is not None:
            return side
        # Fall back to the subject of the clause's first sentence ("The Recipient shall ... It shall").
        return (
            self.parties.side_before(self.text, sentence.start)
            if re.match(r"\s*(?:it|they|such\s+party|该方|其)\b", text, re.I)
            else None
        )

    def _adjacent_subject(self, text: str, pos: int) -> Side | None:
        """The party named right before the verb at ``pos`` with only adverbs between, else None."""
        start = max(0, pos - 80)
        # English word order only; an unknown third party ("the Bank") is nobody's subject here
        named = [
            m for m in self.parties.mentions(text[start:pos]) if m.side != "other" or not self.parties.known
        ]
        if not named or re.search(r"[\u4e00-\u9fff]", text[start:pos]):
            return None
        last = named[-1]
        # a verb starts at ``pos`` (callers also ask at a figure or a noun)
        # and "the Supplier's liability" is a possessive, not a subject
        if not (text[pos : pos + 1].isalpha() and (pos == 0 or not text[pos - 1].isalnum())):
            return None
        possessive = re.search(r"['’]s?$", text[start + last.start : start + last.end]) or re.match(
            r"['’]s?\b", text[start + last.end :]
        )
        if possessive or not _ONLY_ADVERBS.fullmatch(text, start + last.end, pos):
            return None
        before = text[max(0, start + last.start - 40) : start + last.start]
        if _NOT_A_SUBJECT_BEFORE.search(before):
            return None
        joined = _JOINED_BEFORE.search(before)
        if (
            joined
            and len(named) > 1
            and _ONLY_ADVERBS.fullmatch(
                text, start + named[-2].end, start + last.start - len(before) + joined.start()
            )
        ):
            return None
        return last.side

    def passive_agent(self, text: str, pos: int) -> Side | None:
        """The party a passive verb at ``pos`` names in its "by" phrase, else None.

        One word ("terminated by the Lessor") or a verb phrase with its adverbials ("may be brought
        to an end by the Lessor", "may be terminated at any time by either party"): the subject
        before the modal ("The Lessee agrees that this Lease may be brought to an end by the
        Lessor") is then the one acted upon, not the one who acts.
        """
        by = _BY_AFTER_WORD.match(text, pos)
        if by is None:
            phrase = _BY_AFTER_PHRASE.match(text, pos)
            if phrase and (phrase.group("aux") or _PASSIVE_AUX_BEFORE.search(text, max(0, pos - 40), pos)):
                by = phrase
        if by is None:
            return None
        named = self.parties.mentions(text[by.end() : by.end() + 60])
        return named[0].side if named and named[0].start == 0 else None

    def _zh_agent(self, phrase: str) -> Side | None:
        """The agent a Chinese passive names just before its verb: "本合同由甲方解除", "被甲方解除".

        Only when no other party follows it in the phrase: in "由甲方提供的设备乙方应妥善保管" the
        由 phrase describes the equipment and the actor is named after it.
        """
        named = [m for m in self.parties.mentions(phrase) if m.side != "other" or not self.parties.known]
        if named and named[-1].start > 0 and phrase[named[-1].start - 1] in _ZH_AGENT_MARKERS:
            return named[-1].side
        return None


@dataclass
class Finding:
    """A risk found by a rule, with the verbatim span that carries it."""

    risk_type: str
    level: str
    quote: Sentence
    description: str
    reason: str
    analysis: str
    priority: int = 0  # lower wins when several findings of one type compete
    # The words the finding is about when it is about words (an undefined term, a reference):
    # what a level adjustment reads around (clauseflow_legal.severity).
    subject: str = ""

    def to_dict(self) -> dict[str, str]:
        """The wire form of a risk (the clause_review answer contract)."""
        return {
            "risk_type": self.risk_type,
            "risk_level": self.level,
            "description": self.description,
            "reason": self.reason,
            "analysis": self.analysis,
            "original_text": self.quote.text,
        }


Rule = Callable[[ClauseContext], list[Finding]]

Wording = tuple[str, str]  # (English, Chinese)


def finding(
    ctx: ClauseContext,
    risk_type: str,
    level: str,
    quote: Sentence,
    what: Wording,
    why: Wording,
    market: Wording,
) -> Finding:
    """A finding whose description, reason and analysis are each given in English and Chinese."""
    return Finding(risk_type, level, quote, ctx.t(*what), ctx.t(*why), ctx.t(*market))


# '"Minimum Purchase Target" means …', '1.4 "Territory" shall mean …'
_DEFINES = re.compile(
    r"^\W*(?:\d[\d.]*\s+)?[\"“][^\"”]{2,80}[\"”]\s+(?:means|shall\s+mean|has\s+the\s+meaning|refers\s+to)|^\W*[“\"][^”\"]{1,30}[”\"]\s*(?:是指|系指|指)"
)


def names_only(text: str) -> bool:
    """A heading in capitals ("4. MINIMUM PURCHASES") or a definition: it names a thing and binds no one."""
    return _DEFINES.search(text) is not None or (
        re.search(r"[A-Z]{2}", text) is not None and text.upper() == text
    )


def span(sentence: Sentence, m: re.Match[str] | int) -> Sentence:
    """The quotable part of ``sentence`` around a match (long list sentences are narrowed)."""
    pos = m if isinstance(m, int) else m.start()
    return narrow(sentence, sentence.start + pos)


def sub_sentence(sentence: Sentence, start: int, end: int) -> Sentence:
    """A verbatim sub-span of a sentence (offsets relative to the sentence)."""
    piece = sentence.text[start:end]
    lead = len(piece) - len(piece.lstrip())
    return Sentence(piece.strip(), sentence.start + start + lead)


def excerpt(text: str, limit: int = 160) -> str:
    """A short excerpt for messages."""
    text = re.sub(r"\s+", " ", text).strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"
