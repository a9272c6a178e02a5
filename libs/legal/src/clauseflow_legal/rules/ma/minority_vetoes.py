"""The sha_minority family's named vetoes, declared once for the modules that read its points."""

# ruff: noqa: E501  -- a veto's meaning reads better unbroken

from __future__ import annotations

from clauseflow_legal.rules.packs import Vetoes

VETOES = Vetoes(
    "sha_minority",
    {
        "casting_vote_ours_or_denied": "a casting vote the clause denies, or one held by our own appointee",
        "dilution_at_fair_value": "a non-funder diluted by an issue at fair market value: the market consequence",
        "their_default_diluted": "the holder that fails to fund and is diluted is the other side: its dilution is our gain",
        "reported_already": "the quorum sentence is already reported as a weak-governance point",
        "compulsory_transfer_not_drag": "a call the majority exercises for itself, or a sanction: a compulsory transfer, not a drag",
        "interim_reports": "quarterly or monthly reports come besides the annual accounts",
        "within_market_window": "annual accounts within 120-150 days is the market window, not a weakness",
        "our_approval_needed": "the Board's approval of an excluded issue needs our director's or our own consent",
        "funding_optional": "each holder may decline the further funding: a right, not a call",
        "our_seat_named": "the clause gives us a seat of our own beside the other side's",
        "drag_price_floor": "the drag-along carries a price floor (fair value, a minimum return, the preference)",
    },
)
