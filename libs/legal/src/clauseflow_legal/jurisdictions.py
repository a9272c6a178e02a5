"""Where each party is at home, and which law and forum a dispute clause chooses.

A governing-law clause is only a risk relative to the parties: English law and the courts of
London are home ground for an English customer and an away match for its Singapore supplier.
The contract says where each party is from in its parties block ("a company incorporated in
England", "a Delaware corporation", "住所地：上海市…", or just "GmbH" or "(Suzhou) Co., Ltd." in
the name); the dispute clause names a law, courts, or an arbitral seat and institution.
"""

# ruff: noqa: E501  -- legal regexes and bilingual place names read better unbroken

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache

from clauseflow_legal.party_roles import PartySegment, party_segments


@dataclass(frozen=True)
class Jurisdiction:
    """A legal system a party can be at home in, with the words that point to it."""

    key: str
    en: str
    zh: str
    place: str  # names, adjectives, cities: "incorporated in X", "the courts of X", "X law"
    entity: str = ""  # company-form suffixes only used there: "GmbH", "B.V.", "Pte. Ltd."


JURISDICTIONS: tuple[Jurisdiction, ...] = (
    Jurisdiction(
        "cn",
        "the PRC",
        "中国",
        r"People'?s\s+Republic\s+of\s+China|(?-i:\bP\.?R\.?C\.?\b)|(?<!Hong Kong, )\bChina\b|\bChinese\b|中华人民共和国|中国(?!香港|澳门|台湾)"
        r"|\bBeijing\b|\bShanghai\b|\bShenzhen\b|\bSuzhou\b|\bGuangzhou\b|\bHangzhou\b|\bTianjin\b|\bNanjing\b|\bWuhan\b|\bChengdu\b"
        r"|\bNingbo\b|\bXiamen\b|\bQingdao\b|\bDalian\b|\bChongqing\b|\bXi'?an\b|\bWuxi\b|\bDongguan\b|\bFoshan\b"
        # every Chinese local arbitration commission is "the X Arbitration Commission" (仲裁委员会)
        r"|\b(?!Commercial\b)[A-Z][a-z]+\s+Arbitration\s+Commission\b|仲裁委员会"
        r"|北京|上海|深圳|苏州|广州|杭州|天津|南京|武汉|成都|宁波|厦门|青岛|大连|重庆|西安|无锡|东莞|佛山|[\u4e00-\u9fff]{2,3}[省市]",
        r"有限(?:责任)?公司|股份有限公司",
    ),
    Jurisdiction("hk", "Hong Kong", "香港", r"Hong\s*Kong|\bHKSAR\b|香港|\(HK\)|(?-i:\bHKIAC\b)"),
    Jurisdiction("sg", "Singapore", "新加坡", r"Singapore|新加坡|(?-i:\bSIAC\b)", r"\bPte\.?\s+Ltd\b"),
    Jurisdiction(
        "ew",
        "England and Wales",
        "英格兰及威尔士",
        r"England(?:\s+and\s+Wales)?|\bEnglish\b|\bLondon\b|United\s+Kingdom|(?-i:\bU\.?K\.?\b)|英格兰|英国|伦敦|(?-i:\bLCIA\b)",
        r"\bplc\b",
    ),
    Jurisdiction(
        "us",
        "the United States",
        "美国",
        r"United\s+States|(?-i:\bU\.S\.A?\.?|\bUSA?\b)|(?-i:State\s+of\s+(?:New\s+York|California|Delaware|Texas|Illinois|Massachusetts|Washington|New\s+Jersey|Florida|Georgia|Nevada))|\bDelaware\b|\bNew\s+York\b|\bCalifornia\b|\bTexas\b"
        r"|\bIllinois\b|\bMassachusetts\b|\bWashington\b|美国|纽约|特拉华|加利福尼亚",
        r"\bInc\.?(?=\W|$)|\bLLC\b|\bL\.L\.C\.|\bCorp\.?(?=\W|$)|\bCorporation\b",
    ),
    Jurisdiction(
        "de",
        "Germany",
        "德国",
        r"Germany|\bGerman\b|Federal\s+Republic\s+of\s+Germany|\bMunich\b|\bFrankfurt\b|\bBerlin\b|\bHamburg\b|\bStuttgart\b|\bDüsseldorf\b|德国|(?-i:\bDIS\b)",
        r"\bGmbH\b|\bAG\b(?!\s+&)|\bKGaA\b",
    ),
    Jurisdiction(
        "nl",
        "the Netherlands",
        "荷兰",
        r"Netherlands|\bDutch\b|\bAmsterdam\b|\bRotterdam\b|\bThe\s+Hague\b|荷兰",
        r"\bB\.\s?V\.|\bN\.\s?V\.",
    ),
    Jurisdiction(
        "fr",
        "France",
        "法国",
        r"\bFrance\b|\bFrench\b|\bParis\b|\bLyon\b|法国|巴黎",
        r"\bS\.A\.S\.?|\bSARL\b",
    ),
    Jurisdiction(
        "ch",
        "Switzerland",
        "瑞士",
        r"Switzerland|\bSwiss\b|\bZurich\b|\bZürich\b|\bGeneva\b|\bBasel\b|瑞士",
    ),
    Jurisdiction("se", "Sweden", "瑞典", r"\bSweden\b|\bSwedish\b|\bStockholm\b|瑞典", r"\bAB\b"),
    Jurisdiction(
        "dk",
        "Denmark",
        "丹麦",
        r"\bDenmark\b|\bDanish\b|\bCopenhagen\b|\bAarhus\b|丹麦|哥本哈根",
        r"\bA/S\b|\bApS\b",
    ),
    Jurisdiction("no", "Norway", "挪威", r"\bNorway\b|\bNorwegian\b|\bOslo\b|挪威|奥斯陆", r"\bASA\b"),
    Jurisdiction("fi", "Finland", "芬兰", r"\bFinland\b|\bFinnish\b|\bHelsinki\b|芬兰|赫尔辛基", r"\bOyj?\b"),
    Jurisdiction(
        "jp",
        "Japan",
        "日本",
        r"\bJapan\b|\bJapanese\b|\bTokyo\b|\bOsaka\b|日本|东京",
        r"\bK\.K\.|Kabushiki\s+Kaisha",
    ),
    Jurisdiction("kr", "Korea", "韩国", r"\bKorea\b|\bKorean\b|\bSeoul\b|韩国|首尔"),
    Jurisdiction(
        "it",
        "Italy",
        "意大利",
        r"\bItaly\b|\bItalian\b|\bMilan\b|\bRome\b|意大利",
        r"\bS\.p\.A\.|\bS\.r\.l\.",
    ),
    Jurisdiction(
        "es", "Spain", "西班牙", r"\bSpain\b|\bSpanish\b|\bMadrid\b|\bBarcelona\b|西班牙", r"\bS\.L\.(?=\W|$)"
    ),
    Jurisdiction("ie", "Ireland", "爱尔兰", r"\bIreland\b|\bIrish\b|\bDublin\b|爱尔兰", r"\bDAC\b"),
    Jurisdiction(
        "au",
        "Australia",
        "澳大利亚",
        r"\bAustralia\b|\bAustralian\b|\bSydney\b|\bMelbourne\b|澳大利亚",
        r"\bPty\.?\s+Ltd\b",
    ),
    Jurisdiction(
        "ca", "Canada", "加拿大", r"\bCanada\b|\bCanadian\b|\bToronto\b|\bOntario\b|\bVancouver\b|加拿大"
    ),
    Jurisdiction(
        "in",
        "India",
        "印度",
        r"\bIndia\b|\bIndian\b|\bMumbai\b|New\s+Delhi|\bBangalore\b|\bBengaluru\b|印度(?!尼西亚)",
    ),
    # where FIDIC contracts are most often performed: the Gulf, Africa, South-East Asia
    Jurisdiction(
        "ae",
        "the United Arab Emirates",
        "阿联酋",
        r"United\s+Arab\s+Emirates|(?-i:\bU\.?A\.?E\.?\b)|\bDubai\b|Abu\s+Dhabi|(?-i:\bDIFC\b)|阿联酋|迪拜|阿布扎比",
    ),
    Jurisdiction(
        "sa",
        "Saudi Arabia",
        "沙特阿拉伯",
        r"Saudi\s+Arabia|\bSaudi\b|\bRiyadh\b|\bJeddah\b|(?-i:\bKSA\b)|沙特",
    ),
    Jurisdiction("qa", "Qatar", "卡塔尔", r"\bQatar\b|\bQatari\b|\bDoha\b|卡塔尔|多哈"),
    Jurisdiction("eg", "Egypt", "埃及", r"\bEgypt\b|\bEgyptian\b|\bCairo\b|埃及|开罗"),
    Jurisdiction(
        "ke", "Kenya", "肯尼亚", r"\bKenya\b|\bKenyan\b|\bNairobi\b|\bMombasa\b|肯尼亚|内罗毕|蒙巴萨"
    ),
    Jurisdiction(
        "ng", "Nigeria", "尼日利亚", r"\bNigeria\b|\bNigerian\b|\bLagos\b|\bAbuja\b|尼日利亚|拉各斯"
    ),
    Jurisdiction(
        "za", "South Africa", "南非", r"South\s+Africa\b|\bJohannesburg\b|Cape\s+Town|南非|约翰内斯堡"
    ),
    Jurisdiction(
        "id", "Indonesia", "印度尼西亚", r"\bIndonesia\b|\bIndonesian\b|\bJakarta\b|印度尼西亚|印尼|雅加达"
    ),
    Jurisdiction(
        "vn", "Vietnam", "越南", r"\bViet\s?Nam\b|\bVietnamese\b|\bHanoi\b|Ho\s+Chi\s+Minh|越南|河内|胡志明"
    ),
    Jurisdiction(
        "my",
        "Malaysia",
        "马来西亚",
        r"\bMalaysia\b|\bMalaysian\b|Kuala\s+Lumpur|马来西亚|吉隆坡",
        r"\bSdn\.?\s+Bhd\b",
    ),
    Jurisdiction("th", "Thailand", "泰国", r"\bThailand\b|\bThai\b|\bBangkok\b|泰国|曼谷"),
    Jurisdiction(
        "ph", "the Philippines", "菲律宾", r"\bPhilippines\b|\bPhilippine\b|\bManila\b|菲律宾|马尼拉"
    ),
)

_BY_KEY = {j.key: j for j in JURISDICTIONS}
# Words that say where a company is incorporated, seated or resident; what follows names the place.
_INCORPORATION = re.compile(
    r"(?:incorporated|organi[sz]ed|registered|established|existing|domiciled|formed)\s+(?:and\s+\w+\s+)?"
    r"(?:in|under\s+the\s+laws?\s+of)\s+(?:the\s+)?(?P<place>[^,;()]{2,60})"
    r"|\ba\s+(?P<adj>[A-Z][\w ]{1,30}?)\s+(?:company|corporation|limited\s+liability\s+company|entity|partnership)\b"
    r"|(?:registered\s+office|principal\s+(?:office|place\s+of\s+business)|address)\s+(?:is\s+)?(?:at|in)\s+(?P<address>[^;()]{2,160})"
    r"|(?:住所地?|注册地址?|地址|住址|营业地)[:：为在于]*\s*(?P<zh>[^\n；;]{2,60})"
)


@cache
def _place_pattern(key: str) -> re.Pattern[str]:
    return re.compile(_BY_KEY[key].place, re.I)


@cache
def _entity_pattern(key: str) -> re.Pattern[str] | None:
    entity = _BY_KEY[key].entity
    return re.compile(entity) if entity else None


def named(key: str | None, language: str = "en") -> str:
    """The jurisdiction's name in the language of the findings ("England and Wales", "英格兰及威尔士")."""
    if key is not None and key.startswith("x:"):
        return key[2:]
    if key is None or key not in _BY_KEY:
        return ""
    j = _BY_KEY[key]
    return j.zh if language.startswith("zh") else j.en


def places_in(text: str) -> list[str]:
    """Jurisdiction keys named in ``text`` (place words only), in order of first mention."""
    hits = []
    for j in JURISDICTIONS:
        m = _place_pattern(j.key).search(text)
        if m:
            hits.append((m.start(), j.key))
    # Hong Kong names also contain "China" sometimes ("Hong Kong, China"): the more specific wins.
    keys = [k for _, k in sorted(hits)]
    if (
        "hk" in keys
        and "cn" in keys
        and re.search(r"Hong\s*Kong|香港", text, re.I)
        and not re.search(r"People'?s\s+Republic|中华人民共和国|\bPRC\b", text)
    ):
        keys.remove("cn")
    return keys


# A country the table does not know ("the Republic of Korvala", "Valdoria"): its own name is its key.
_STATE_OF = re.compile(
    r"^\s*(?:the\s+)?(?:(?:Federal\s+|United\s+|Socialist\s+|Islamic\s+|People's\s+)?(?:Republic|Kingdom|State|Commonwealth|Federation|Emirate|Principality|Grand\s+Duchy|Sultanate)\s+of\s+)?"
    r"(?P<name>[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+){0,2})"
)
_NOT_A_PLACE = re.compile(
    r"\b(?:Agreement|Contract|Company|Party|Parties|Clause|Schedule|Annex|Employer|Contractor|Engineer|Seller|Buyer|"
    r"Supplier|Customer|Provider|Investor|Founder|Shareholders?|Board|Government|Ministry|Court|Courts|Arbitration|Rules|"
    r"International|Chamber|Commerce|Centre|Center|Institute|Authority|Law|Laws)\b|['’]s\b"
)
_PLACE_SUFFIX = re.compile(r"\s+(?:City|Province|County|District|Region|Municipality|Capital\s+Territory)$")


def _foreign_place(fragment: str) -> str | None:
    """The key of a place the table does not know, named at the start of ``fragment``."""
    m = _STATE_OF.match(fragment)
    if m is None:
        return None
    name = _PLACE_SUFFIX.sub("", m.group("name").strip())
    if _NOT_A_PLACE.search(name) or len(name) < 3:
        return None
    return f"x:{name}"


def _place_key(fragment: str) -> str | None:
    """The jurisdiction a fragment ("the laws of …", "the courts of …") names: known, or by its own name."""
    found = places_in(fragment)
    return found[0] if found else _foreign_place(fragment)


def home_of(description: str, *, by_form: bool = True) -> str | None:
    """Where a party described as in its parties-block entry is at home, if the entry says.

    What the entry says about incorporation or its office wins; then the place in the
    company's name ("(Suzhou) Co., Ltd.", "(HK) Limited"); then, with ``by_form``, the company
    form ("GmbH").
    """
    for m in _INCORPORATION.finditer(description):
        place = m.group("place") or m.group("adj") or m.group("address") or m.group("zh") or ""
        found = places_in(place)
        if found:
            return found[-1] if m.group("address") else found[0]
        if m.group("place") and (foreign := _foreign_place(place)):
            return foreign
    found = places_in(description)
    if found:
        return found[0]
    if not by_form:
        return None
    for j in JURISDICTIONS:
        entity = _entity_pattern(j.key)
        if entity is not None and entity.search(description):
            return j.key
    return None


def jurisdiction_key(name: object) -> str | None:
    """The key of a jurisdiction given by name ("England and Wales", "the PRC"); ``None`` if unknown."""
    if not isinstance(name, str) or not name.strip():
        return None
    return _named_key(name)


@lru_cache(maxsize=256)
def _named_key(name: str) -> str | None:
    # Every clause of a review asks about the same two names: read them once, not per clause.
    return _place_key(name)


@dataclass(frozen=True)
class PartyHomes:
    """Where our party and the counterparty are at home (jurisdiction keys), and who the counterparty is."""

    ours: str | None = None
    theirs: str | None = None
    counterparty: str = ""
    shared_city: str = ""  # both parties' addresses are in this city ("上海")


def _as_called(segment: PartySegment) -> str:
    """The counterparty's name with what the contract calls it: 'Korvala Water Authority (the "Employer")'."""
    if not segment.defined or segment.defined in segment.name:
        return segment.name
    if re.search(r"[\u4e00-\u9fff]", segment.defined):
        return f"{segment.defined}：{segment.name}"
    return f'{segment.name} (the "{segment.defined}")'


def called(counterparty: str) -> str:
    """What the contract calls the counterparty, from :func:`_as_called`'s form ("the Employer", "甲方")."""
    m = re.search(r'\(the\s+"([^"]+)"\)$', counterparty)
    if m:
        # "Party A" is a name, not a role: it takes no article
        return m.group(1) if re.fullmatch(r"Party\s+[A-D]", m.group(1)) else f"the {m.group(1)}"
    zh = re.match(r"^([^：]{1,12})：", counterparty)
    return re.sub(r"[（(].*$", "", zh.group(1)) if zh else counterparty


def party_homes(our_party: str, contract_text: str, segments: list[PartySegment] | None = None) -> PartyHomes:
    """Our home and the counterparty's, from the parties block; our client's own words come first.

    ``our_party`` may itself say where we are ("Customer (Hanway Logistics Europe B.V.)"); the
    parties block says it for everyone. Unknown homes stay ``None``: no rule guesses.
    """
    if segments is None:
        segments = party_segments(our_party, contract_text)
    ours_segment = next((s for s in segments if s.ours), None)
    theirs = [s for s in segments if not s.ours]
    # A place the client names wins; a company form it names ("S.A.S." is French and Colombian) yields
    # to the place the parties block states.
    entry_home = home_of(ours_segment.text) if ours_segment else None
    our_home = home_of(our_party, by_form=False) or entry_home or home_of(our_party)
    their_home = next((h for s in theirs if (h := home_of(s.text))), None)
    counterparty = _as_called(theirs[0]) if theirs else ""
    our_city = city_of(ours_segment.text) if ours_segment else None
    shared = our_city if our_city and theirs and city_of(theirs[0].text) == our_city else ""
    return PartyHomes(our_home, their_home, counterparty, shared)


# A Chinese address's city: "江苏省苏州市工业园区…" → 苏州, "上海市闵行区…" → 上海.
_ZH_CITY = re.compile(r"(?:[\u4e00-\u9fff]{2,3}(?:省|自治区))?(?P<city>[\u4e00-\u9fff]{2,3}?)市")


def city_of(entry: str) -> str | None:
    """The city of a party's address in its parties-block entry (Chinese addresses), if it says."""
    m = _ZH_CITY.search(entry)
    return m.group("city") if m else None


@dataclass(frozen=True)
class DisputeChoice:
    """What a dispute clause chooses: the law, the courts, the arbitral seat (jurisdiction keys)."""

    law: str | None = None
    courts: str | None = None
    seat: str | None = None
    arbitration: bool = False


_LAW = re.compile(
    r"(?:governed\s+by|construed\s+in\s+accordance\s+with|subject\s+to)\s+(?:and\s+construed\s+in\s+accordance\s+with\s+)?"
    r"(?:the\s+)?(?:substantive\s+)?laws?\s+of\s+(?P<of>[^,.;]{2,60})"
    r"|(?:governed\s+by|subject\s+to)\s+(?P<adj>[A-Z]\w+(?:\s+\w+)?)\s+law"
    r"|governing\s+law\s*[:：\-]\s*(?:the\s+)?(?:laws?\s+of\s+)?(?P<gl>[^,.;]{2,60})"
    r"|适用(?P<zh>[^，。；]{1,20}?)(?:的)?法律",
    re.I,
)


def _law_place(m: re.Match[str]) -> str:
    return m.group("of") or m.group("adj") or m.group("gl") or m.group("zh") or ""


_COURTS = (
    re.compile(
        r"(?:courts?\s+(?:of|in|at|located\s+in|sitting\s+in)|(?:place|venue|seat)\s+of\s+jurisdiction\s+(?:shall\s+be|is))"
        r"\s+(?:the\s+)?(?P<where>[^,.;]{2,60})",
        re.I,
    ),
    re.compile(r"(?P<where>(?:[A-Z][\w.]*\s+){1,3})(?:state\s+and\s+federal\s+)?courts\b"),
    re.compile(r"(?P<where>[^，。；]{2,12})(?:的)?(?:人民)?法院"),
)
# "The language of the arbitration shall be English": a language, not a place.
_LANGUAGE = re.compile(r"(?:language|语言)[^.;。；]{0,40}", re.I)
_ARBITRATION = re.compile(
    r"arbitrat\w*(?P<rest>[^.;]{0,200})|(?P<zh>[^，。；]{0,30}仲裁[^。；]{0,40})",
    re.I,
)
# The seat stated in words beats the home of the institution whose rules apply ("under the SIAC
# Rules seated in London" is a London arbitration).
_SEAT = re.compile(
    r"(?:(?:seat|place|venue)\s+of\s+(?:the\s+)?arbitration\s+(?:shall\s+be|is)|\bseated\s+in|\bwith\s+(?:its|the)\s+seat\s+in)"
    r"\s+(?P<seat>[^,.;]{2,40})|仲裁地(?:点)?(?:为|在|是)(?P<zh>[^，。；]{2,20})",
    re.I,
)
_INSTITUTION_HOME = {
    "ICC": None,  # the ICC is international: its rules alone say nothing about a home
    "SIAC": "sg",
    "HKIAC": "hk",
    "LCIA": "ew",
    "CIETAC": "cn",
    "SHIAC": "cn",
    "DIS": "de",
    "SCC": "se",
    "JCAA": "jp",
    "AAA": "us",
    "ICDR": None,
    "中国国际经济贸易仲裁委员会": "cn",
    "上海国际仲裁中心": "cn",
    "深圳国际仲裁院": "cn",
    "北京仲裁委员会": "cn",
    "香港国际仲裁中心": "hk",
    "新加坡国际仲裁中心": "sg",
}


def _negated(text: str, arbitration: re.Match[str]) -> bool:
    """Whether an arbitration mention is excluded ("shall not be referred to arbitration", "不得提交仲裁")."""
    before = text[max(0, arbitration.start() - 40) : arbitration.start()]
    zh = arbitration.group("zh") or ""
    return bool(
        re.search(r"\b(?:not|no|never|without)\b[^.;]{0,30}$", before, re.I)
        or re.search(r"(?:不得|不能|不可|无需|不)(?:提交|申请)?仲裁", zh)
    )


_IN_A_KNOWN_PLACE = re.compile(r",\s*(?:the\s+)?(?:State\s+of\s+)?([A-Z][\w]+(?:\s+[A-Z][\w]+){0,3})")


def _without_heading(text: str) -> str:
    """The clause without its heading line: "21. Disputes and Arbitration" chooses nothing, and
    a Particular Condition may delete the arbitration its heading still names."""
    first, sep, rest = text.partition("\n")
    if sep and rest.strip() and len(first) <= 80 and not re.search(r"[.;:。；：]\s*$", first):
        return rest
    return text


def dispute_choice(text: str) -> DisputeChoice:
    """The law, courts and arbitral seat ``text`` (a governing-law or disputes clause) chooses;
    its heading chooses nothing."""
    text = _without_heading(text)
    law = courts = seat = None
    m = _LAW.search(text)
    if m:
        law = _place_key(_law_place(m))
    # "shall not be referred to arbitration" chooses no arbitration
    arbitration = next((a for a in _ARBITRATION.finditer(text) if not _negated(text, a)), None)
    if arbitration:
        # the institution may stand just before the word: "to the Ningbo Arbitration Commission for arbitration"
        lead = text[max(0, arbitration.start() - 40) : arbitration.start()]
        lead = re.split(r"[.;。；]", lead)[-1]
        window = _LANGUAGE.sub("", lead + arbitration.group(0))
        s = _SEAT.search(text)
        where = places_in(s.group("seat") or s.group("zh")) if s else places_in(window)
        seat = where[0] if where else None
        if seat is None:
            seat = next(
                (h for name, h in _INSTITUTION_HOME.items() if re.search(rf"\b{name}\b|{name}", window)), None
            )
    plain = _LANGUAGE.sub("", text)
    for pattern in _COURTS:
        for c in pattern.finditer(plain):
            courts = _place_key(c.group("where"))
            if courts is None or courts.startswith("x:"):
                # "the courts of Wilmington, Delaware": a city the table does not know, in a place it does
                within = _IN_A_KNOWN_PLACE.match(plain, c.end())
                known = places_in(within.group(1)) if within else []
                courts = known[0] if known else courts
            if courts:
                break
        if courts:
            break
    return DisputeChoice(law=law, courts=courts, seat=seat, arbitration=arbitration is not None)


def governing_law(contract_text: str) -> str | None:
    """The law the contract chooses: the first governing-law sentence that names a place the table knows."""
    return next((key for m in _LAW.finditer(contract_text) if (key := _place_key(_law_place(m)))), None)


_TARGET = re.compile(
    r"(?P<desc>[^()\n]{0,300})\(\s*(?:the\s+)?[\"“](?:Company|Target(?:\s+Company)?)[\"”]\s*\)"
    r"|目标公司\s*[:：]\s*(?P<zh>[^\n]{2,80}(?:\n\s*(?:住所|注册地址?|地址)[^\n]{0,80})?)",
)


def target_home(contract_text: str) -> str | None:
    """Where a share deal's target company is incorporated, from the recitals or the parties block."""
    m = _TARGET.search(contract_text[:4000])
    if m is None:
        return None
    return home_of(m.group("desc") or m.group("zh") or "")
