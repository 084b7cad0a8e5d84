"""Faction powers: the hook protocol and the built-in powers.

Claim and Claim 2 (`claim1`, `claim2`) and the expansion factions (`expansions`).
"""

from claim.factions import claim1, claim2, expansions
from claim.rules.protocol import FactionPower, RuleOption
from claim.rules.registry import PowerRegistry, registry

__all__ = [
    "FactionPower", "PowerRegistry", "RuleOption", "claim1", "claim2", "expansions", "registry",
]
