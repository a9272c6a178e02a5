"""What two or more rule families of the liability area share."""

from __future__ import annotations

# Chinese names of a sum owed for a breach, set in advance (a late-payment 罚息 included).
PENALTY_ZH = r"违约金|误期(?:损害)?赔偿|罚款|罚金|罚息"
