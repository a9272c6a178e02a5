"""What two or more rule families of the covenants area share."""

from __future__ import annotations

import re

AFTER_THE_CONTRACT = re.compile(
    r"after\s+(?:the\s+)?(?:its\s+)?(?:termination|expiry|expiration|the\s+end)|following\s+(?:the\s+)?(?:termination|expiry)"
    r"|post-?termination|终止后|届满后|解除后",
    re.I,
)


EXCLUSIVE_DEALING = (
    r"\bexclusively\s+(?:from|through|with)|\b(?:purchase|buy|source|procure|obtain)\b[^.;]{0,100}?\b(?:only|solely)\s+from\b|\ball\s+of\s+(?:its|their)\s+requirements|\bshall\s+not\s+(?:\w+\s+){0,3}(?:purchase|buy|source|procure|obtain)\b.{0,80}from\s+any\s+(?:third|other)|"
    r"\bappoints?\s+(?:the\s+)?\w+\s+as\s+(?:its\s+)?(?:sole\s+and\s+)?exclusive|\bshall\s+not[\s,]+[\w,\s]{0,70}?\b(?:sell|distribute|promote|market|represent|stock)\b.{0,80}?(?:competing|competitive|similar|rival|(?:that|which)\s+compete)|"
    r"(?:独家|排他)(?:采购|供应|合作|经销|代理)|(?:只能|仅能|只得|仅得|仅可)(?:从|向)[^。；，]{0,20}(?:采购|购买|进货|订购)|不得(?:向|从|与)(?:任何)?(?:第三方|其他).{0,20}(?:采购|购买|合作)"
    # "乙方不得经销、代理或销售任何与甲方产品相竞争的产品"
    r"|不得(?:在[^。；，]{0,12})?(?:经销|代理|销售|分销|推广)[^。；]{0,30}?(?:相竞争|竞争|竞品|同类|类似)"
    # "shall use the Provider exclusively for all shipments": a party, not data, is used exclusively
    r"|\b(?:use|engage|instruct|retain)\s+(?:the\s+)?(?P<used>\w[\w.-]*(?:\s+\w[\w.-]*){0,2}?)\s+exclusively\b"
)
