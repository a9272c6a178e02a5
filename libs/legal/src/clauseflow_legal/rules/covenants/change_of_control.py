"""The change_of_control rule (covenants): Our change of control triggers termination, consent or repricing."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.registry import rule

# A lender's answer to a change of control: the loan falls due at once.
_DEBT_CALLED_IN = r"due\s+and\s+payable|prepay|提前(?:到期|还款)"
# A change of control listed as a default: the lender may then call the debt in or terminate.
_A_DEFAULT = (
    r"Events?\s+of\s+Default|constitutes?\s+(?:a|an)\s+(?:\w+\s+)?default|违约事件|构成[^。；]{0,10}违约"
)


@rule(reports={"change_of_control"})
def change_of_control(ctx: ClauseContext) -> list[Finding]:
    """Our change of control triggers termination, consent or repricing."""
    for s, m in ctx.find(
        r"change\s+(?:of|in)\s+(?:the\s+)?control|acquires?\s+(?:direct\s+or\s+indirect\s+)?control|控制权(?:发生)?(?:变更|变化|转移)|实际控制人.{0,6}(?:变更|变化)"
    ):
        text = s.text
        # a loan's change-of-control trigger calls the debt in: "shall become immediately due and payable";
        # as an item of a list of defaults it is one ("下列任一事件均构成借款人违约：…")
        consequence = re.search(
            rf"terminat|consent|renegotiat|repric|解除|终止|同意|{_DEBT_CALLED_IN}|{_A_DEFAULT}",
            f"{ctx.lead_in(s)} {text}",
            re.I,
        )
        if not consequence:
            continue
        who = None
        of = re.match(r"\s+(?:of|in|affecting)\s+(?:the\s+)?", text[m.end() :])
        if of:
            after = ctx.parties.mentions(text[m.end() + of.end() : m.end() + of.end() + 40])
            who = after[0].side if after and after[0].start == 0 else None
        else:
            subj = re.search(
                r"(?:undergoes|experiences|is\s+subject\s+to|suffers)\s+(?:a\s+|any\s+)?$",
                text[: m.start()],
                re.I,
            )
            if subj:
                who = ctx.parties.side_before(text, subj.start(), window=60)
            elif re.search(r"[\u4e00-\u9fff]", m.group(0)):
                who = ctx.parties.side_before(text, m.start(), window=20)
        if ctx.parties.ours(who):
            return [
                Finding(
                    "change_of_control",
                    "medium",
                    span(s, m),
                    ctx.t(
                        f"A change of control of {ctx.us} lets {ctx.them} call in the whole debt.",
                        f"{ctx.us}控制权变更时，{ctx.them}可要求提前偿还全部债务。",
                    )
                    if re.search(_DEBT_CALLED_IN, text, re.I)
                    else ctx.t(
                        f"A change of control of {ctx.us} is an event of default: {ctx.them} may call in the debt or terminate.",
                        f"{ctx.us}控制权变更即构成违约，{ctx.them}可据此要求提前还款或解除合同。",
                    )
                    if re.search(_A_DEFAULT, consequence.group(0), re.I)
                    else ctx.t(
                        f"A change of control of {ctx.us} lets {ctx.them} terminate or withhold consent.",
                        f"{ctx.us}控制权变更时，{ctx.them}可解除合同或拒绝同意。",
                    ),
                    ctx.t(
                        "It hands the counterparty leverage in any sale or reorganisation of our group.",
                        "这使对方在我方集团出售或重组时获得谈判筹码。",
                    ),
                    ctx.t(
                        "Playbook: no trigger, save transfer of control to a direct competitor of the counterparty.",
                        "行业立场：不设触发，除非控制权转移给对方的直接竞争对手。",
                    ),
                )
            ]
    return []
