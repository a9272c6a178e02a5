"""What two or more rule families of the commercial area share."""

from __future__ import annotations

# Earned fees lost for invoicing late: "Fees not invoiced within that period shall not be payable".
FEES_FORFEITED = (
    r"(?:shall|will)\s+not\s+be\s+(?:payable|paid|due)|(?:is|are)\s+not\s+payable|no\s+longer\s+(?:be\s+)?payable"
    r"|不予(?:支付|结算)|不再支付"
)
BAR = (
    r"shall\s+not\s+be\s+entitled|deemed\s+to\s+have\s+waived|waived|time-?barred|(?:be|is|are|shall\s+be)\s+(?:forever\s+)?barred|shall\s+lose|lost|forfeit|"
    r"discharged\s+from|no\s+longer\s+(?:be\s+)?(?:liable|entitled)|shall\s+not\s+be\s+liable|will\s+not\s+be\s+considered|"
    r"视为(?:[^。；，]{0,6}?)(?:自动)?放弃|丧失[^。；]{0,20}?(?:权利|索赔)|不予(?:受理|补偿|支持|赔偿|顺延|延长|调整)|无权(?:要求|索赔|主张)|不再承担"
    r"|" + FEES_FORFEITED
)
