"""The liability_caps family's named vetoes, declared once for the modules that read its points."""

# ruff: noqa: E501  -- a veto's meaning reads better unbroken

from __future__ import annotations

from clauseflow_legal.rules.packs import Vetoes

VETOES = Vetoes(
    "liability_caps",
    {
        "seller_limitation_in_ma": "an M&A seller's limitations: the more specific M&A rule's subject",
        "limit_missing_is_not_liability": "\"调整幅度不受限制\": the limit missing is a price's, not a liability's",
        "guarantee_unlimited": "a guarantor's unlimited guarantee is the security rule's, not our own liability",
        "uncapped_penalty": '"违约金总额不设上限": an uncapped penalty is liquidated_damages_excessive\'s subject',
        "within_the_cap": '"liable for all losses, subject to Clause 12" stays within the cap',
        "standard_carve_out": "fraud, wilful misconduct, death and personal injury: market-standard carve-outs",
        "chosen_by_us": "a carrier or agent nominated by the customer is its own choice, not the provider's sphere",
        "power_cut_only": "a power cut alone is the usual force-majeure list's, not a failure of the provider's own",
        "reserved_carve_out": "nothing limits a party's liability for fraud, death or personal injury: a standard carve-out",
        "exclusion_not_extension": '"neither party\'s liability shall include lost profits": an exclusion, not an extension',
    },
)
