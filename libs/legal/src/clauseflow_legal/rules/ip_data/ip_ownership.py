"""The ip_ownership rule (ip_data): Our IP, improvements or paid-for deliverables assigned to or vesting in the counterparty, or our background IP licensed to it for any use."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "ip_ownership",
    {
        "off_the_shelf": "an off-the-shelf licence: the licensor keeping its software is the deal",
        "bounded_licence": "the licence of our background IP is neither perpetual and irrevocable nor for any use",
        "already_theirs": '"乙方的客户名单归乙方所有": what is already theirs stays theirs',
        "paid_deliverables": "a supplier's bespoke deliverables vesting in the customer who pays for them is the bargain",
        "not_ip": "an assignment of something else: a lease interest, a receivable, the contract",
        "assigned_to_us": "the assignment is to us",
        "fit_out": "a tenant's fit-out is property in the premises, not IP (post_termination_obligations)",
        "their_customer_data": "a service provider's customer data is its customer's, not a list it builds",
        "their_own_background": "their own or pre-existing IP stays theirs",
        "their_own_making": '"inventions made solely by Ono personnel shall be owned by Ono": ownership follows the inventor, nothing of ours passes',
        "their_named_assets": '"the Acme Cell Lines and Acme Know-How remain the property of Acme": assets named after their owner, not made under the contract',
    },
)

# The customer relationships a distributor or agent builds (the taxonomy's "customer lists").
_CUSTOMER_RECORDS = PATTERNS["customer_records"]
_CUSTOMERS = PATTERNS.compiled("customers")
_OUR_WORK = PATTERNS["our_work"]
# What an assignment must be about to be an IP transfer ("a working interest in the lease" is not).
_IP_SUBJECT = PATTERNS.compiled("ip_subject")
# "(except the Bank Customizations)": what the sentence keeps out of the ownership it states.
_CARVED_OUT = PATTERNS.compiled("carved_out")


_BACKGROUND = PATTERNS["background"]


def _customer_paid_deliverables_only(ctx: ClauseContext, subject: str) -> bool:
    """For a supplier, bespoke deliverables the customer pays for vesting in the customer is the
    bargain, not a loss of our IP; only background IP, tools, know-how or improvements are."""
    return (
        ctx.parties.supplies
        and re.search(
            PATTERNS["bespoke"],
            subject,
            re.I,
        )
        is not None
        and not any(
            re.search(_BACKGROUND, limb, re.I) and not re.search(PATTERNS["background_kept"], limb, re.I)
            for limb in re.split(r"[;；]", subject)
        )
    )


def _commissioned_work_kept(ctx: ClauseContext) -> list[Finding]:
    """We pay for the work, yet its IP and source code stay with the developer and we get a mere licence."""
    commissioned = r"开发|定制|\bdevelop\w*|\bbespoke\b|\bcustom(?:i[sz]ed|\s+(?:software|development|work))|\bcommission\w*"
    if not ctx.parties.pays:
        return []
    if VETOES.applies(
        "off_the_shelf",
        not re.search(
            commissioned, f"{ctx.metadata.get('contract_title') or ''} {ctx.title} {ctx.text}", re.I
        ),
    ):
        return []
    for s, m in ctx.find(PATTERNS["source_code_kept"]):
        owner = ctx.parties.mentions(s.text[m.end() : m.end() + 40])
        if not owner or not ctx.parties.theirs(owner[0].side):
            continue
        if not re.search(
            PATTERNS["non_exclusive_only"],
            ctx.text,
            re.I,
        ):
            continue
        return [WORDING.finding(ctx, "commissioned_work_kept", "ip_ownership_transfer", "high", span(s, m))]
    return []


# A licence that leaves the licensor nothing to withhold: perpetual or irrevocable, and for any use.
_UNBOUNDED_USE = PATTERNS["unbounded_use"]


def _unbounded_grant(text: str) -> bool:
    """A licence that leaves its grantor nothing to withhold: perpetual or irrevocable, and for any use
    or field or freely sublicensed; or perpetual and irrevocable, and sublicensable or transferable."""
    perpetual = re.search(PATTERNS["perpetual"], text, re.I) is not None
    irrevocable = re.search(PATTERNS["irrevocable"], text, re.I) is not None
    if not (perpetual or irrevocable):
        return False
    if (
        re.search(_UNBOUNDED_USE, text, re.I)
        or re.search(PATTERNS["free_sublicence"], text, re.I)
        or re.search(PATTERNS["all_fields"], text, re.I)
    ):
        return True
    return (
        perpetual
        and irrevocable
        and bool(
            re.search(PATTERNS["sublicensable"], text, re.I)
            or re.search(PATTERNS["transferable"], text, re.I)
        )
    )


def _core_ip_licensed_away(ctx: ClauseContext) -> list[Finding]:
    """We license our own IP (the licensor's technology) as good as for ever and for anything: perpetual or
    irrevocable, in all fields or sublicensed freely. The licensee of the same clause has what it wants."""
    for s, m in ctx.find(PATTERNS["grant"]):
        text = s.text
        if not ctx.parties.ours(ctx.actor(s, m.start())) or not re.search(
            PATTERNS["licence_word"], text, re.I
        ):
            continue
        # a grant both sides make ("Each party grants the other …") takes as much as it gives
        if re.search(r"\b(?:each|either|both)\s+(?:party|parties)\b|双方|各方|相互", text[: m.start()], re.I):
            continue
        # the grantee follows the verb ("grants to the Licensee", "授予被许可方"); "the right to grant
        # sublicences without the Licensor's consent" is no grant of ours
        grantee = ctx.parties.mentions(text[m.end() : m.end() + 40])
        if not grantee or grantee[0].start > 10 or not ctx.parties.theirs(grantee[0].side):
            continue
        if (
            re.search(PATTERNS["not_core_ip"], text, re.I)
            or _customer_paid_deliverables_only(ctx, text)
            or not _unbounded_grant(text)
        ):
            continue
        return [WORDING.finding(ctx, "core_ip_licensed_away", "ip_ownership_transfer", "high", span(s, m))]
    # "The licence granted under clause 2.1 is perpetual and irrevocable …; the Licensee may sublicense its
    # rights freely": the grantor is unnamed; the licensee is the one named after "granted to", else the one
    # who may sublicense, and the licence is ours to give when the licensee is the other side
    for s, m in ctx.find(PATTERNS["licence_granted"]):
        text = s.text
        if re.search(PATTERNS["not_core_ip"], text, re.I) or not _unbounded_grant(text):
            continue
        to = ctx.parties.mentions(m.group("to") or "")
        sub = re.search(PATTERNS["sublicence_verb"], text, re.I)
        holder = to[0].side if to else (ctx.actor(s, sub.start()) if sub else None)
        if not ctx.parties.theirs(holder) or not ctx.parties.supplies:
            continue
        return [WORDING.finding(ctx, "core_ip_licensed_away", "ip_ownership_transfer", "high", span(s, m))]
    return []


def _background_licensed_away(ctx: ClauseContext) -> list[Finding]:
    """Our background IP licensed to the counterparty perpetually or irrevocably, for any use."""
    for s, m in ctx.find(PATTERNS["grant"]):
        text = s.text
        if not ctx.parties.ours(ctx.actor(s, m.start())):
            continue
        if not re.search(PATTERNS["licence_word"], text, re.I) or not re.search(_BACKGROUND, text, re.I):
            continue
        if VETOES.applies(
            "bounded_licence",
            not (
                re.search(PATTERNS["perpetual_or_irrevocable"], text, re.I)
                and re.search(_UNBOUNDED_USE, text, re.I)
            ),
        ):
            continue
        return [WORDING.finding(ctx, "background_licensed_away", "ip_ownership_transfer", "high", span(s, m))]
    return []


def _our_goodwill_to_them(ctx: ClauseContext) -> list[Finding]:
    """Goodwill that is ours, from our own marks or names or from work done together, accrues to the other side.

    The goodwill's source is read before the verb: "its own trade marks" of ours, "the Licensee's own trading
    names", "joint marketing". Goodwill from our use of their marks is theirs already (the usual licence term).
    """
    for s, m in ctx.find(PATTERNS["goodwill_accrues"]):
        owner = ctx.parties.mentions(s.text[m.end() : m.end() + 60])
        if not owner or owner[0].start > 0 or not ctx.parties.theirs(owner[0].side):
            continue
        source = s.text[: m.end()]
        own = re.search(PATTERNS["goodwill_ours_source"], source, re.I)
        if not own:
            continue
        # "its own" / "the Licensee's own" / "甲方…其自有": the one whose own marks they are
        before = [x for x in ctx.parties.mentions(source[: own.end()]) if x.side != "mutual"]
        joint = re.search(r"joint|co-?brand|combined|both|either|共同|联合|双方", own.group(0), re.I)
        if not joint and not (before and ctx.parties.ours(before[-1].side)):
            continue
        if not joint and "them" in ctx.parties.sides_in(source[own.start() : own.end() + 40]):
            continue  # "the Supplier's own marks": theirs
        return [WORDING.finding(ctx, "our_goodwill_to_them", "ip_ownership_transfer", "high", span(s, m))]
    return []


def _our_marks_registered_by_them(ctx: ClauseContext) -> list[Finding]:
    """The other side registers our marks in its own name ("The Distributor may register the Supplier's trade
    marks in its own name"; "the Licensed Marks shall be registered in the name of the Licensee"). Whose marks:
    the party named with them, else ours when we supply (the maker's or licensor's marks are the ones sold
    under). A prohibition ("shall not register") is the protection, not the risk."""
    for s, m in ctx.find(PATTERNS["marks_registered"]):
        groups = m.groupdict()
        what = next(
            (groups[k] or "" for k in ("what", "what2", "zwhat", "zwhat2", "zwhat3") if groups.get(k)), ""
        )
        if not re.search(PATTERNS["marks_word"], s.text[max(0, m.start() - 80) : m.end()], re.I):
            continue
        owner_text = groups.get("owner") or groups.get("zowner")
        if owner_text is not None:
            registrant = next((x.side for x in ctx.parties.mentions(owner_text)), None)
        else:
            registrant = ctx.actor(s, m.start())
        if not ctx.parties.theirs(registrant):
            continue
        if re.search(PATTERNS["negated_registration"], s.text[max(0, m.start() - 60) : m.start() + 30], re.I):
            continue
        named = [x.side for x in ctx.parties.mentions(what) if x.side in ("us", "them")]
        if (named and not ctx.parties.ours(named[0])) or (not named and not ctx.parties.supplies):
            continue
        return [
            WORDING.finding(ctx, "our_marks_registered_by_them", "ip_ownership_transfer", "high", span(s, m))
        ]
    return []


def _they_own_our_improved(ctx: ClauseContext) -> list[Finding]:
    """The other side "shall own" improvements to our technology: ours by name ("the Supplier Platform"), or the
    licensed technology when we license it."""
    for s, m in ctx.find(PATTERNS["shall_own"]):
        if not ctx.parties.theirs(ctx.actor(s, m.start())):
            continue
        thing_rx = PATTERNS["improved_thing"]
        improved = re.match(rf"[^.;]{{0,40}}?{thing_rx}", s.text[m.end() :], re.I)
        if not improved:
            continue
        thing = improved.group("thing")
        named = [x.side for x in ctx.parties.mentions(thing) if x.side in ("us", "them")]
        licensed = re.match(r"Licen[cs]ed\b|许可", thing) is not None and ctx.parties.is_role("licensor")
        if not (licensed or (named and ctx.parties.ours(named[0]))):
            continue
        return [WORDING.finding(ctx, "ip_passes", "ip_ownership_transfer", "high", span(s, m))]
    return []


@rule(reports={"ip_ownership_transfer"})
def ip_ownership(ctx: ClauseContext) -> list[Finding]:
    """Our IP, improvements or paid-for deliverables assigned to or vesting in the counterparty,
    or our background IP licensed to it for any use."""
    kept_or_licensed = (
        _commissioned_work_kept(ctx)
        or _background_licensed_away(ctx)
        or _core_ip_licensed_away(ctx)
        or _our_goodwill_to_them(ctx)
        or _our_marks_registered_by_them(ctx)
        or _they_own_our_improved(ctx)
    )
    if kept_or_licensed:
        return kept_or_licensed
    for s, m in ctx.find(PATTERNS["assigns"]):
        text = s.text
        # "归甲方所有", "属于乙方所有", or the right named first: "知识产权自始归属于甲方"
        verb = re.search(PATTERNS["zh_vest_verb"], m.group(0))
        zh_vest = m.group(0).startswith(("归", "属于")) or (
            verb is not None and re.match(PATTERNS["zh_right_first"], m.group(0)) is not None
        )
        if zh_vest:
            owner = ctx.parties.mentions(m.group(0)[verb.start() :] if verb else m.group(0))
            side = owner[0].side if owner else None
            # the limb of the sentence that vests: "各方保留原有知识产权；专为甲方开发的交付物归甲方所有"
            limb = re.split(r"[;；]", text[: m.start() + (verb.start() if verb else 0)])[-1]
            if not ctx.parties.theirs(side) or not re.search(_OUR_WORK, limb, re.I):
                continue
            if VETOES.applies(
                "already_theirs",
                re.search(rf"(?:{ctx.them_rx})(?:自身|自有)?的", limb)
                and "us" not in ctx.parties.sides_in(limb),
            ):
                continue
            if VETOES.applies("paid_deliverables", _customer_paid_deliverables_only(ctx, limb)):
                continue
        else:
            side = ctx.actor(s, m.start())
            if not ctx.parties.ours(side):
                continue
            if VETOES.applies("not_ip", not _IP_SUBJECT.search(text[m.start() : m.end() + 200])):
                continue
            after = text[m.end() : m.end() + 120]
            to = ctx.parties.mentions(after)
            if VETOES.applies("assigned_to_us", to and ctx.parties.ours(to[0].side) and len(to) == 1):
                continue
            if VETOES.applies("paid_deliverables", _customer_paid_deliverables_only(ctx, text)):
                continue
        mild = re.search(
            PATTERNS["bespoke_work"],
            text,
            re.I,
        )
        return [
            WORDING.finding(
                ctx,
                "ip_passes",
                "ip_ownership_transfer",
                "medium" if mild and (not re.search(_BACKGROUND, s.text, re.I)) else "high",
                span(s, m),
            )
        ]
    for s, m in ctx.find(PATTERNS["vests_in"]):
        owner = ctx.parties.mentions(s.text[m.end() : m.end() + 60])
        subject = re.split(r"[;；]", s.text[: m.start()])[-1]  # the limb of the sentence that vests
        subject = _CARVED_OUT.sub(" ", subject)
        # Improvements to our own technology vesting in anyone but us (the counterparty, or a company
        # we do not own alone) take our core asset; other work only matters if it is theirs.
        ours_improved = re.search(PATTERNS["our_improved"].replace("__US__", ctx.us_rx), subject, re.I)
        if ours_improved:
            # the owner is the phrase the verb names ("belong to and vest in the Licensee"), whoever it is
            head = re.sub(PATTERNS["second_verb"], "", s.text[m.end() : m.end() + 80], flags=re.I)
            head = re.split(r"[,;.]|\s+(?:and|or|save|except)\s+", head, maxsplit=1)[0]
            if not head.strip() or "us" in ctx.parties.sides_in(head):
                continue
        elif not owner or not ctx.parties.theirs(owner[0].side):
            continue
        ours_supplied = re.search(
            rf"(?:provided|supplied|furnished|delivered)\s+by\s+(?:the\s+)?(?:{ctx.us_rx})|(?:{ctx.us_rx})['’]s\s+(?:pre-?existing|background)",
            subject,
            re.I,
        )
        if not re.search(_OUR_WORK, subject, re.I) and not ours_supplied:
            continue
        if VETOES.applies("fit_out", re.search(PATTERNS["fit_out"], subject, re.I)):
            continue
        if VETOES.applies("paid_deliverables", _customer_paid_deliverables_only(ctx, subject)):
            continue
        if VETOES.applies("their_customer_data", _CUSTOMERS.search(subject) and ctx.parties.supplies):
            continue
        if VETOES.applies(
            "their_own_background",
            re.search(PATTERNS["own_or_background"], subject, re.I)
            and "us" not in ctx.parties.sides_in(subject),
        ):
            continue
        made = re.search(PATTERNS["made_solely_by"], subject, re.I)
        makers = ctx.parties.mentions(subject[made.end() : made.end() + 60]) if made else []
        if VETOES.applies(
            "their_own_making",
            bool(makers) and ctx.parties.theirs(makers[0].side) and "us" not in ctx.parties.sides_in(subject),
        ):
            continue
        if VETOES.applies(
            "their_named_assets",
            "them" in ctx.parties.sides_in(subject)
            and "us" not in ctx.parties.sides_in(subject)
            and not re.search(PATTERNS["made_under_the_contract"], subject, re.I),
        ):
            continue
        mild = re.search(PATTERNS["bespoke_work_en"], s.text, re.I)
        return [
            Finding(
                "ip_ownership_transfer",
                "medium" if mild and not re.search(_BACKGROUND, s.text, re.I) else "high",
                span(s, m),
                WORDING.t(ctx, "customer_lists_pass")
                if _CUSTOMERS.search(subject)
                else WORDING.t(ctx, "work_vests"),
                WORDING.t(ctx, "why"),
                WORDING.t(ctx, "market"),
            )
        ]
    return []
