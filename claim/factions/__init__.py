"""Layer 4, the built-in powers: Claim and Claim 2 (`claim1`, `claim2`) and the
expansion factions (`expansions`).

They are plugins of the rules like any installed package's powers, registered by the
package's composition root (``claim/__init__.py``), and the only modules that name
factions. They are written against the power protocol (`claim.powers`).

May import: `claim.powers`, `claim.rules`, `claim.core`.
"""

from claim.factions import claim1, claim2, expansions
from claim.rules.protocol import FactionPower, RuleOption
from claim.rules.registry import PowerRegistry, registry

__all__ = [
    "FactionPower", "PowerRegistry", "RuleOption", "claim1", "claim2", "expansions", "registry",
]
