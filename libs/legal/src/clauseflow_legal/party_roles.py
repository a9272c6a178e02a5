"""Which role our party plays, read from the contract's own parties block.

Chinese contracts call the parties 甲方 and 乙方 and say once, at the start, what each one is:
"转让方（以下简称"甲方"）", "甲方（买方）", "委托方（甲方）：…". Which label buys is not fixed: in
a share transfer the transferor is often 甲方, in a lease the lessor. Translated contracts do
the same with "Party A" and "Party B". A client who says "we are 乙方", or gives only its
company name, has told us a label, not a role, and the role decides which side of every
playbook position we argue. The usual convention (甲方 buys) is only the last resort.
"""

# ruff: noqa: E501  -- legal regexes and bilingual place names read better unbroken

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from clauseflow_documents.party_names import COMPANY_FORM, ROLES, SHORT_NAME_INTRO, names_in, roles_in

_LABEL_ROLES = {"party_a", "party_b"}
_CJK = re.compile(r"[\u4e00-\u9fff]")
_PREAMBLE_CHARS = 3000
_Q = r"[\"'“”‘’「」『』]?"
_OPEN, _CLOSE = r"[（(]", r"[）)]"


@cache
def _role_words() -> str:
    """Every role alias except the bare labels, longest first (so "服务提供方" wins over "服务方")."""
    words = {w for role, (en, zh) in ROLES.items() if role not in _LABEL_ROLES for w in (*en, *zh)}
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


@cache
def _label_words() -> str:
    words = {w for role in _LABEL_ROLES for w in (*ROLES[role][0], *ROLES[role][1])}
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


@cache
def _definitions() -> tuple[re.Pattern[str], ...]:
    """Ways a contract ties a label to a role; each pattern has the groups ``label`` and ``role``."""
    role, label = rf"(?P<role>{_role_words()})", rf"(?P<label>{_label_words()})"
    called = r"(?:以下(?:简称|称)?为?|hereinafter\s+(?:referred\s+to\s+as\s+|called\s+)?|the\s+)?[:：]?\s*"
    return tuple(
        re.compile(p, re.I)
        for p in (
            rf"{role}\s*{_OPEN}\s*{called}{_Q}{label}{_Q}\s*{_CLOSE}",  # 转让方（以下简称"甲方"）
            rf"{label}\s*{_OPEN}\s*{called}{_Q}{role}{_Q}\s*{_CLOSE}",  # 甲方（买方）, Party A (the "Seller")
        )
    )


@cache
def _beside_a_name() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A role defined right after a name ("Ltd. (the "Seller")"), and any role or label word."""
    defined_after = re.compile(
        rf"[^()（）]{{0,300}}?{_OPEN}\s*(?:the\s+)?{_Q}(?P<role>{_role_words()}){_Q}\s*{_CLOSE}", re.I
    )
    return defined_after, re.compile(rf"{_role_words()}|{_label_words()}", re.I)


def contract_roles(text: str) -> dict[str, str]:
    """Label → the role word the contract gives it (``{"甲方": "转让方", "乙方": "受让方"}``).

    Only the opening of the contract is read: that is where the parties are defined, and a
    later "甲方（作为…）" in a clause body must not redefine them.
    """
    found: dict[str, str] = {}
    head = text[:_PREAMBLE_CHARS]
    for pattern in _definitions():
        for m in pattern.finditer(head):
            found.setdefault(_canonical_label(m.group("label")), m.group("role"))
    return found


def _canonical_label(label: str) -> str:
    return label if _CJK.search(label) else label.title()


def _is_label(word: str) -> bool:
    return set(roles_in(word)) <= _LABEL_ROLES


def _role_of_name(names: list[str], text: str) -> tuple[str, str] | None:
    """The role word beside our company name in the parties block, and the label given there.

    Chinese puts the role (or label) before the name, "转让方（以下简称"甲方"）：远川控股有限公司";
    English defines it after, "Yuanchuan Holdings Ltd. (the "Seller")".
    """
    head = text[:_PREAMBLE_CHARS]
    roles = contract_roles(head)
    defined_after, named_before = _beside_a_name()
    for name in (n for n in names if len(n) >= 3):
        # A name the contract itself defines ('(the "Company")') is a label with no role in it.
        if re.search(rf"{_OPEN}\s*(?:the\s+)?[\"“]{re.escape(name)}[\"”]\s*{_CLOSE}", head, re.I):
            continue
        for line in head.splitlines():
            # Parties blocks often capitalise names ("PACTIV LLC"): find the name whatever its case.
            at = line.casefold().find(name.casefold())
            if at < 0:
                continue
            after = defined_after.match(line, at + len(name))
            if after:
                return after.group("role"), ""
            # Only what introduces this name: another party's '("Seller")' earlier in the line is not ours.
            earlier = list(_ENGLISH_DEFINITION.finditer(line[:at]))
            before = named_before.findall(line[earlier[-1].end() : at] if earlier else line[:at])
            labels = [_canonical_label(w) for w in before if _is_label(w)]
            words = [w for w in before if not _is_label(w)]
            role = words[-1] if words else next((roles[lb] for lb in reversed(labels) if lb in roles), None)
            if role:
                return role, labels[-1] if labels else ""
            break  # the name's first line is its entry; "the Consultant shall serve X" later is not
    return None


def party_with_role(our_party: str, text: str) -> str:
    """``our_party`` with the contract's role word added when it names only a label or a company.

    "乙方（星衡资本）" in a contract that says "受让方（以下简称"乙方"）" becomes
    "乙方（星衡资本）（受让方）": the label stays first (findings call the party what the
    contract calls it) and the role is there for the playbook. Unchanged when ``our_party``
    already names a role, or when the contract does not say.
    """
    own = roles_in(our_party)
    if own and not set(own) <= _LABEL_ROLES:
        return our_party
    role: str | None = None
    label = ""
    if own:
        labels = re.findall(_label_words(), our_party, re.I)
        roles = contract_roles(text)
        role = next((roles[_canonical_label(lb)] for lb in labels if _canonical_label(lb) in roles), None)
    else:
        # Named by its company: the label matters as much as the role, because the clauses
        # say "乙方" far more often than "受让方".
        found = _role_of_name(names_in(our_party), text)
        if found:
            role, label = found
    if role is None or _is_label(role):
        return our_party
    added = "／".join(w for w in (role, label) if w)
    cjk = _CJK.search(our_party + added)
    return f"{our_party}（{added}）" if cjk else f"{our_party} ({role}{', ' + label if label else ''})"


@dataclass(frozen=True)
class PartySegment:
    """One party's entry in the parties block: its text, its name, and whether it is our party."""

    text: str
    name: str
    ours: bool
    defined: str = ""  # what the contract calls the party: "Employer", "甲方（买方）"
    also_defined: tuple[str, ...] = ()  # further names in the same brackets: '("Orbis" or the "Principal")'


# More names given in the same brackets: '("Orbis" or the "Principal")', '(the "Company" or "Ashworth")'
# (cuad-train: '("Sandler O'Neill" or the "Agent")', '("Supplier" or "Fonterra")', '("Buyer" or "PNC")').
_ALSO_DEFINED = r"(?:\s*(?:[,;]\s*(?:(?:or|and)\s+)?|(?:or|and)\s+)(?:the\s+)?[\"“][^()（）\"“”]{2,40}[\"”])"
# An English entry ends where its defined name does: ', a company incorporated in England (the "Customer")'.
_DEFINED_NAME = re.compile(
    rf"{_OPEN}\s*(?:the\s+|hereinafter\s+(?:referred\s+to\s+as\s+|called\s+)?)?{_Q}(?P<defined>[^()（）\"“”]{{2,40}}?){_Q}"
    rf"(?P<also>{_ALSO_DEFINED}*)\s*{_CLOSE}",
    re.I,
)
_QUOTED = re.compile(r"[\"“]([^\"“”]{2,40})[\"”]")
# A register number in brackets inside an entry, not the party's defined name.
_REGISTRATION_NUMBER = re.compile(r"\d[\d\s-]{2,}\d")
# A name's English definition: '("Seller")', '(the "Buyer")' (quotes required: "(Suzhou)" is no definition).
_ENGLISH_DEFINITION = re.compile(rf"\(\s*(?:the\s+)?[\"“][^\"”()]{{2,40}}[\"”]{_ALSO_DEFINED}*\s*\)")
# What a party's entry says of a company ("Aurelia Biotech AG, a company incorporated in Switzerland").
_PARTY_ENTRY = re.compile(
    r"incorporated|organi[sz]ed\s+under|registered\s+office|established\s+(?:in|under)|\bcompany\b|\bcorporation\b"
    rf"|{COMPANY_FORM}",
    re.I,
)
# A Chinese entry is a line that starts with a label or role ("甲方（买方）：…", "转让方（以下简称"甲方"）：…").
_ZH_ENTRY_START = re.compile(
    r"^\s*(?:\(?[一二三四1-4][)）.、]\s*)?(?P<head>[\u4e00-\u9fffA-Za-z ]{2,10}?)\s*(?:[（(][^）)]{0,20}[）)])?\s*[:：]"
)


# Lines under a Chinese entry that still describe that party; any other "X：" line starts something else.
_ZH_DETAIL = re.compile(
    r"住所|地址|注册|法定代表人|委托代理人|授权代表|负责人|联系|电话|传真|邮箱|统一社会信用代码|营业执照|开户"
    r"|Address|Registered|Legal\s+Representative|Representative|Contact|Tel|Phone|Fax|E-?mail|Bank",
    re.I,
)
# English written the Chinese way: "Party A (Buyer): Wuxi Hengtai New Energy Co., Ltd." on a line of its own.
_LINE_ENTRIES = re.compile(r"^\s*Party\s+[A-D]\b[^:\n]{0,30}:", re.M)


# Where an English entry opens: "between", "and", "(1)", a new line, "… is entered into on 3 April 2026 by".
_ENTRY_OPENS = re.compile(
    r"\bbetween\b|(?:[,;]\s*|^\s*)and\b|\(\d\)|\n|\b(?:made|entered\s+into|concluded)\b[^,;()]{0,40}?\bby\b",
    re.I,
)


def _names_itself(entry: str, defined: str) -> bool:
    """An entry that defines a short form of its own name is a party, whatever its legal form.

    'and Moravek Components ("Moravek")', 'between Jana Novak ("Novak")': a name of capitalised
    words, then one of those words as the defined name. A phrase that defines an unrelated word
    ('the People's Republic of China (the "PRC")') is no party.
    """
    entry = entry.strip(" ,;:")
    name = re.split(r",", entry, maxsplit=1)[0].strip()
    words = name.split()
    short = defined.strip(" \"'“”")
    return (
        2 <= len(words) <= 8
        and all(re.match(r"[A-Z]", w) or _NAME_CONNECTORS.fullmatch(w) for w in words)
        and not _DOCUMENT.match(name)
        and not _DOCUMENT_WORD.fullmatch(short)
        and short.casefold() in {w.strip(".,").casefold() for w in words}
    )


# the small words inside a proper name: "University of Iowa", "Banco de la Plaza", "Van der Berg"
_NAME_CONNECTORS = re.compile(r"of|and|the|&|de|du|des|la|le|van|von|der|den|y|e|di", re.I)
# Where the parties block ends and recitals or terms begin: a name defined after it is no party.
_BLOCK_END = re.compile(r"\bWHEREAS\b|\bRECITALS?\b|\bBACKGROUND\b|NOW,?\s+THEREFORE|^\s*1\.\s", re.M)


# 'This Supply Agreement (the "Agreement")': the document names itself, not a party.
_DOCUMENT = re.compile(r"(?:this|a|an)\b|[A-Z]\.\s", re.I)
_DOCUMENT_WORD = re.compile(
    r"(?:Agreement|Contract|Deed|Amendment|Addendum|Schedule|Exhibit|Annex|Appendix|Plan|Policy|Order|Statement"
    r"|Terms|Conditions|Letter|Memorandum|Protocol|Licen[cs]e|Lease)s?",
    re.I,
)


# A party named inside the opening sentence of a Chinese contract: a company name (its legal form ends it)
# and the bracket that gives its short names ("由星衡智能制造有限公司（以下简称"星衡"或"甲方"）与…签订").
_ZH_INLINE_ENTRY = re.compile(
    rf"(?:^|(?<=[由与和及、，,：:\s]))(?P<name>[^\s由与及、，,：:。；（）()]{{2,40}}?(?:有限责任公司|股份有限公司|有限公司|集团|合伙企业|研究院|事务所|中心|大学))"
    rf"\s*{_OPEN}(?P<defined>\s*(?:{SHORT_NAME_INTRO})\s*[\"“「『'‘][^）)]{{2,60}})\s*{_CLOSE}"
)


# Terms a preamble defines that are the document itself or a thing it deals in, never a party: cuad-train
# 'This Franchise Agreement (the "Agreement")', '(the "Effective Date")', '(the "Products")'; ours
# '(this "Amendment")', '(the "Territory")', '(the "Services")'. A short name ending so ("Acme Products") is a party.
_A_THING_DEFINED = re.compile(
    r"(?:this\s+|the\s+)?(?:(?:[\w&-]+\s+){0,4}?(?:Agreement|Amendment|Contract|Schedule|Addendum|Appendix|Exhibit)"
    r"|(?:Effective|Commencement|Execution)\s+Date|Term|Territory|Products?|Services|Goods|Fees?|Commodity|Premises)",
    re.I,
)


def party_segments(our_party: str, text: str) -> list[PartySegment]:
    """The parties block's entries, our party's marked: by its role, its label or its name.

    English entries run from the end of the previous entry to their defined name
    ('Harbor Retail Group plc, a company incorporated in England (the "Customer")'); Chinese
    entries are a line opened by a label or role and the lines under it (住所, 法定代表人…).
    """
    head = text[:_PREAMBLE_CHARS]
    our_roles = {r for r in roles_in(our_party) if r not in _LABEL_ROLES}
    our_labels = {_canonical_label(w) for w in re.findall(_label_words(), our_party, re.I)}
    our_names = [n for n in names_in(our_party) if len(n) >= 3]
    label_roles = contract_roles(head)

    flat_names = [" ".join(n.split()).casefold() for n in our_names]
    # our party given as the very term an entry defines: "CHT", "Sponsor", "Programmer" (a defined
    # name, not a role the lexicon knows); a Chinese party string is read by its label below
    as_typed = " ".join(our_party.strip(" \"'“”‘’").split())
    own_term = (
        re.compile(rf"(?<![\w&]){re.escape(as_typed)}(?![\w&])", re.I)
        if as_typed and not _CJK.search(as_typed)
        else None
    )

    def is_ours(entry: str, defined: str) -> bool:
        # parties blocks often capitalise names ("KUNLUN DIAGNOSTICS (SUZHOU) CO., LTD.") and PDF
        # extractions double the spaces ("National CineMedia,  LLC"): compare the words
        flat = " ".join(entry.split()).casefold()
        if any(name in flat for name in flat_names):
            return True
        if own_term is not None and own_term.search(" ".join(defined.split())):
            return True
        if any(m.group("short").strip() == our_party.strip() for m in _SHORT_NAME.finditer(entry)):
            return True  # our party given as the short name the entry defines: "（以下简称“投资方”）"
        words = f"{defined} {label_roles.get(_canonical_label(defined), '')}"
        if our_roles & set(roles_in(words)):
            return True
        return bool(our_labels & {_canonical_label(w) for w in re.findall(_label_words(), defined, re.I)})

    segments: list[PartySegment] = []
    if _CJK.search(head[:400]) or _LINE_ENTRIES.search(head):
        lines = head.splitlines()
        for i, line in enumerate(lines):
            m = _ZH_ENTRY_START.match(line)
            if not m or not roles_in(m.group("head")):
                continue
            block = [line]
            for follow in lines[i + 1 : i + 5]:
                nxt = _ZH_ENTRY_START.match(follow)
                if not follow.strip() or (nxt and not _ZH_DETAIL.match(nxt.group("head"))):
                    break
                block.append(follow)
            entry = "\n".join(block)
            name = re.split(r"[:：]", line, maxsplit=1)[-1].strip()
            defined = line[: m.end()]
            label = re.sub(r"\s*[:：]\s*$", "", defined).strip()
            if not _CJK.search(label):
                label = re.sub(r"\s*\([^)]*\)$", "", label)  # "Party A (Buyer)" is called Party A
            segments.append(PartySegment(entry, name, is_ours(entry, defined), label))
        if not segments:
            # "本合同由星衡智能制造有限公司（以下简称"星衡"或"甲方"）与瀚海科技股份有限公司（以下简称"瀚海公司"
            # 或"乙方"）签订": the parties named in one opening sentence, each with its short names
            for m in _ZH_INLINE_ENTRY.finditer(head[:1500]):
                names = _QUOTED_SHORT.findall(m.group("defined"))
                label = next((n for n in names if roles_in(n)), "")
                entry = m.group(0)
                segments.append(PartySegment(entry, m.group("name"), is_ours(entry, " ".join(names)), label))
        return segments
    start = 0
    block_end = _BLOCK_END.search(head)
    for m in _DEFINED_NAME.finditer(head):
        defined = m.group("defined")
        also = tuple(q.strip() for q in _QUOTED.findall(m.group("also") or ""))
        if also and head[m.start("defined") - 1] not in '"“':
            continue  # '(collectively, the "Sellers")', '(each a "Party")': words, then one defined name
        entry = head[start : m.start()]
        if all(
            re.fullmatch(r"(?:Target\s+)?Company|Target|Group", n.strip(), re.I) for n in (defined, *also)
        ):
            # a share deal's target is described like a party but is not one; a party that is also
            # called "the Company" ('ASHWORTH, INC. (The "Company" or "Ashworth")', cuad-train) is one
            continue
        if _A_THING_DEFINED.fullmatch(defined.strip(" \"'“”‘’")):
            continue  # ("Agreement"), ("Effective Date"), ("Products"): the document or a thing, never a party
        if _REGISTRATION_NUMBER.search(defined):
            continue  # "(company number 08123456)", "(HRB 12345)": still inside the entry
        if re.match(r"(?:f/k/a|a/k/a|d/b/a|formerly|previously|trading\s+as)\b", defined.strip(), re.I):
            continue  # "(f/k/a Marrero Terminal, LLC)": another name of the same party, inside its entry
        # The entry opens after "between", "and", "(1)", or the previous entry's close.
        parts = _ENTRY_OPENS.split(entry)
        if not (
            roles_in(" ".join((defined, *also)))
            or _PARTY_ENTRY.search(entry[-400:])
            or (
                len(parts) > 1
                and (block_end is None or m.start() < block_end.start())
                and _names_itself(parts[-1], defined)
            )
        ):
            continue  # ("Agreement"), ("Purpose"): a defined term, not a party
        entry = parts[-1].strip(" ,;:")
        name = re.split(
            r",\s*(?:a|an|the)\b|,\s*(?:incorporated|registered|whose|with)\b", entry, maxsplit=1
        )[0]
        words = " ".join((defined, *also))
        segments.append(PartySegment(entry, name.strip(), is_ours(entry, words), defined.strip(), also))
        start = m.end()
    return segments


@dataclass(frozen=True)
class PartyNames:
    """Every name the contract gives each side: full names, short names, defined terms, labels."""

    ours: tuple[str, ...] = ()
    theirs: tuple[str, ...] = ()


def _names_of(segment: PartySegment, label_roles: dict[str, str]) -> list[str]:
    """The names one parties-block entry gives its party.

    "Orbis Technologies Limited … (hereinafter "Orbis")" gives the full name, "Orbis" and its
    defined term; "转让方（以下简称"甲方"）：远川控股有限公司" gives the company, its short form, the
    role and the label; a label the contract ties to a role brings the role too (甲方 ↔ 转让方).
    """
    out = [n for n in names_in(segment.name) if len(n) >= 2] if segment.name else []
    defined = re.sub(r"^\s*(?:the\s+)?", "", segment.defined or "", flags=re.I).strip(" \"'“”‘’：:")
    out += [name for name in segment.also_defined if name]
    if defined:
        out.append(defined)
        for word in re.findall(_label_words(), defined, re.I):
            role = label_roles.get(_canonical_label(word))
            if role:
                out.append(role)
        for label, role in label_roles.items():
            if role.casefold() in defined.casefold():
                out.append(label)
    # "（以下简称"远川"）" / '(hereinafter "Orbis")' inside the entry: a short name the clauses use
    for m in _SHORT_NAME.finditer(segment.text):
        out += [m.group("short"), *_QUOTED_SHORT.findall(m.group("more") or "")]
    return list(dict.fromkeys(o.strip() for o in out if o and o.strip()))


# A short name defined inside an entry: '(hereinafter "Orbis")', '("Orbis")', '（以下简称"远川"）'.
# ... and the names given with it: （以下简称"澄远"或"甲方"）, '(hereinafter "Orbis" or the "Principal")'.
# Every form of the introduction (以下简称, 下称, 简称为, a colon after it; clauseflow_documents.party_names)
# and an unbracketed one after a comma: "瀚海科技股份有限公司，以下简称"瀚海公司"".
_SHORT_NAME = re.compile(
    rf"(?:{_OPEN}\s*(?:{SHORT_NAME_INTRO})?|[，,]\s*(?:{SHORT_NAME_INTRO}))\s*[\"“「『'‘]"
    rf"(?P<short>[^\"”」』'’()（）]{{2,30}})[\"”」』'’]"
    rf"(?P<more>(?:\s*(?:或|、|，|[,;]\s*(?:(?:or|and)\s+)?|(?:or|and)\s+)(?:the\s+)?[\"“「『'‘][^\"”」』'’()（）]{{2,30}}[\"”」』'’])*)\s*(?={_CLOSE}|[，,；;。\n]|$)",
    re.I,
)
SHORT_NAME = _SHORT_NAME  # read by board_seats: the short names a parties-block entry defines
_QUOTED_SHORT = re.compile(r"[\"“「『'‘]([^\"”」』'’()（）]{2,30})[\"”」』'’]")


# What the parties block and the recitals yield that names no party: a recital or a heading read as an entry
# ("WHEREAS", "WHEREAS, Bellicum desires to use ...", ". WITNESSETH: WHEREAS", "TABLE OF CONTENTS"), a reference or a
# cross-reference ('Exhibit "A" attached hereto', "as defined below", "Section 1. The Offering", "2.1 During the
# Term"), a bare number or roman numeral ("40", "II"), and a defined thing ("Products", "Territory", "OP Agreement",
# "Private Placement Shares", "Consulting Fee"): read as a party's alias, a clause about the Products would be ours.
# A corporate suffix keeps a name ("Acme Software Inc.").
_NOT_A_NAME = re.compile(
    r"^\W*(?:WHEREAS|WITNESSETH|RECITALS?|NOW,?\s+THEREFORE|TABLE\s+OF\s+CONTENTS)\b"
    r"|\b(?:attached\s+hereto|(?:as\s+)?(?:hereinafter\s+)?defined\s+(?:below|herein|hereinafter)|as\s+hereinafter\s+defined"
    r"|TABLE\s+OF\s+CONTENTS)\b"
    r"|^(?:Exhibit|Schedule|Annex|Appendix|Attachment|Section|Article|Clause)\b"
    r"|^(?:TABLE|CONTENTS|Revision(?:\s+History)?|continued)$",
    re.I,
)
# ... numbered like a heading or a sum ("2.1 During the Term", "1. Required Production", "40", "$0.01 Par Value"; not
# "2205925 Ontario Limited"), roman numerals ("II", "ii"), a phrase in lower case ("of the Company within the United
# States", "collect payment for, such Products"; not "i-on")
_NUMBERED = re.compile(r"^\d{1,3}(?:\.\d+)*\.?\s|^\d+$|^\$")
_ROMAN = re.compile(r"[IVXLC]+|[ivxlc]+")
_LOWER_PHRASE = re.compile(r"^[a-z][^\s]*(?:\s+\S+){2,}")
_THING = re.compile(
    r"^(?:the\s+)?(?:[\w.&'’$-]+\s+){0,3}(?:Agreements?|Products?|Shares|Notes|Sites?|Fees?|Territory|Plan|Brand"
    r"|Facilities|Services|Date|Term|Show|Software|Marks|Trademarks|Information|Customers|Equipment|Materials"
    r"|Documents?|Offering|Stock|Properties|Program(?:me)?)\W*$",
    re.I,
)
_CORPORATE = re.compile(rf"{COMPANY_FORM}|\b(?:Incorporated|Company)\b", re.I)


def not_a_party_name(name: str, our_party: str = "") -> bool:
    """A recital, a heading, a cross-reference or a defined thing read from the parties block as a name."""
    name = name.strip()
    if not name or name.casefold() == our_party.strip().casefold():
        return False
    if _NOT_A_NAME.search(name) or _ROMAN.fullmatch(name) or _LOWER_PHRASE.match(name):
        return True
    if _CORPORATE.search(name):
        return False
    return bool(_NUMBERED.match(name) or _THING.match(name))


def party_names(our_party: str, text: str) -> PartyNames:
    """How the contract names our party and the counterparty, read from its parties block.

    The rules ask of every actor whether it is us or them; a contract may call the counterparty
    by its role ("the Licensor"), its label (甲方, Party A), its full name or the short name it
    defines ("Orbis"), and only the parties block ties these together.
    """
    head = text[:_PREAMBLE_CHARS]
    label_roles = contract_roles(head)
    ours: list[str] = []
    theirs: list[str] = []
    for segment in party_segments(our_party, head):
        (ours if segment.ours else theirs).extend(_names_of(segment, label_roles))
    # never one name on both sides (a label both entries mention, a shared group name)
    both = {n.casefold() for n in ours} & {n.casefold() for n in theirs}
    ours = [n for n in dict.fromkeys(ours) if n.casefold() not in both]
    theirs = [n for n in dict.fromkeys(theirs) if n.casefold() not in both]
    group_ours, group_theirs = _group_terms(text, ours, theirs)
    ours += [n for n in group_ours if n not in ours]
    theirs += [n for n in group_theirs if n not in theirs]
    short_ours, short_theirs = short_names_defined(text, ours, theirs)
    ours += [n for n in short_ours if n not in ours]
    theirs += [n for n in short_theirs if n not in theirs]
    return PartyNames(
        tuple(n for n in ours if not not_a_party_name(n, our_party)),
        tuple(n for n in theirs if not not_a_party_name(n, our_party)),
    )


# A short name the body gives a party, outside the parties block: '"Orbis" means the Distributor', '"Orbis" shall
# mean Orbis Technologies Limited', 'the Distributor (hereinafter "Orbis")', 'the Licensor (referred to below as
# "Meriden")', 'Orbis Technologies Limited ("Orbis")'. cuad-train defines parties' short names in recitals and
# definitions as well as in the parties block ('"Company" shall mean ...', 'Fonterra (Europe) ... ("Fonterra")').
_SHORT_MEANS = re.compile(
    r"[\"“](?P<short>[A-Z][\w'’&-]*(?:\s+[A-Z][\w'’&-]*)?)[\"”]\s+(?:means|shall\s+mean|refers\s+to)\s+"
    r"(?:the\s+)?(?P<body>[A-Z][\w'’.&-]*(?:\s+[A-Z][\w'’.&-]*){0,5})\s*(?=[.;]\s|[.;]?$|,\s+(?:a|an)\s)"
)
# ... after the party, with a word that introduces a name ("hereinafter", "referred to as", "called"): a bare
# '("Hosting Services")' after a phrase that ends with a party's name names something of that party's
_SHORT_AFTER = re.compile(
    r"(?:(?<=[.;:]\s)|(?<=^)|(?<=\n)|(?<=\bthe\s)|(?<=\bThe\s))(?P<body>[A-Z][\w'’.&-]*(?:\s+[A-Z][\w'’.&-]*){0,5})\s*[（(]\s*"
    r"(?:hereinafter|henceforth|hereafter|referred\s+to\s+(?:below\s+|hereafter\s+|herein\s+)?as|(?:also\s+)?called|also\s+known\s+as)"
    r"(?:\s+(?:referred\s+to\s+as|called))?\s+(?:the\s+)?[\"“](?P<short>[A-Z][\w'’&-]*(?:\s+[A-Z][\w'’&-]*)?)[\"”]\s*[）)]",
    re.M,
)


def short_names_defined(
    text: str, ours: list[str] | tuple[str, ...], theirs: list[str] | tuple[str, ...]
) -> tuple[list[str], list[str]]:
    """Short names the text gives a party it already names: the side of the name or role defined.

    ``ours`` and ``theirs`` are the names (and role words) each side is already known by; a definition whose
    body is exactly one of them ("the Distributor", "Orbis Technologies Limited") gives its short name to that
    side. A definition of anything else ('"Territory" means the United Kingdom') gives nothing,
    nor one whose body both sides share.
    """

    def side_of(body: str) -> str | None:
        folded = re.sub(r"^(?:the\s+)", "", body.strip(), flags=re.I).casefold().rstrip(".")
        hits = {
            side
            for side, names in (("us", ours), ("them", theirs))
            for n in names
            if n and len(n) >= 3 and folded in (n.casefold(), n.casefold() + "s")
        }
        return hits.pop() if len(hits) == 1 else None

    found_ours: list[str] = []
    found_theirs: list[str] = []
    known = {n.casefold() for n in (*ours, *theirs)}
    for pattern in (_SHORT_MEANS, _SHORT_AFTER):
        for m in pattern.finditer(text[:60_000]):
            short = m.group("short").strip()
            if short.casefold() in known or _DOCUMENT_WORD.fullmatch(short) or roles_in(short):
                continue
            side = side_of(m.group("body"))
            if side == "us":
                found_ours.append(short)
            elif side == "them":
                found_theirs.append(short)
    clash = {n.casefold() for n in found_ours} & {n.casefold() for n in found_theirs}
    return (
        [n for n in dict.fromkeys(found_ours) if n.casefold() not in clash],
        [n for n in dict.fromkeys(found_theirs) if n.casefold() not in clash],
    )


# A term the definitions give a group of parties: '"Warrantors" means Founder HoldCo and the Founders,
# jointly and severally', '"Sellers" means each of A and B', '"Obligors" means the Borrower and the
# Guarantor'. The clauses then speak of the group ("Each of the Warrantors warrants"), which is the side
# of the parties it names.
_GROUP_TERM = re.compile(
    r"[\"“](?P<term>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,3})[\"”]\s+(?:means|shall\s+mean|refers\s+to)\s+"
    r"(?P<body>[^.;:()\"“”]{1,160})"
)
_GROUP_TAIL = re.compile(
    r",?\s*(?:jointly|severally|each\s+of\s+whom|together|collectively|and\s+each\s+of\s+them)\b.*$",
    re.I | re.S,
)
_GROUP_JOIN = re.compile(r"\s*(?:,\s*(?:and|or)?|\band/or\b|\band\b|\bor\b)\s*")
_GROUP_LEAD = re.compile(r"^(?:each\s+of\s+|any\s+of\s+|all\s+of\s+)?(?:the\s+)?", re.I)
_NAME_LIKE = re.compile(r"[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,3}")


def _group_terms(text: str, ours: list[str], theirs: list[str]) -> tuple[list[str], list[str]]:
    """Terms the definitions give to a group made only of parties' names: ours when it names our party
    and not the counterparty's, theirs the other way round. A body that is not a list of names ("the
    Company and its subsidiaries", "any person which Controls ...") defines no group of parties."""

    def named(piece: str, names: list[str]) -> bool:
        folded = piece.casefold()
        return any(folded in (n.casefold(), n.casefold() + "s") for n in names if n)

    group_ours: list[str] = []
    group_theirs: list[str] = []
    for m in _GROUP_TERM.finditer(text[:60_000]):
        body = _GROUP_TAIL.sub("", m.group("body")).strip()
        pieces = [_GROUP_LEAD.sub("", p).strip() for p in _GROUP_JOIN.split(body) if p.strip()]
        if len(pieces) < 2 or not all(_NAME_LIKE.fullmatch(p) for p in pieces):
            continue
        term = m.group("term")
        if named(term, ours) or named(term, theirs):
            continue
        has_ours = any(named(p, ours) for p in pieces)
        has_theirs = any(named(p, theirs) for p in pieces)
        # "each of the Warrantors" and "any Warrantor": the singular names one member of the group
        forms = [term, term[:-1]] if term.endswith("s") and len(term) > 4 else [term]
        if has_ours and not has_theirs:
            group_ours += forms
        elif has_theirs and not has_ours:
            group_theirs += forms
    return group_ours, group_theirs
