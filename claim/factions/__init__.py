"""Faction powers: the hook protocol and the built-in powers of Claim and Claim 2."""

from claim.factions import claim1, claim2
from claim.factions.protocol import FactionPower, PowerRegistry, RuleOption, registry

__all__ = ["FactionPower", "PowerRegistry", "RuleOption", "claim1", "claim2", "registry"]
