"""Expansion powers (EXPANSIONS.md): SKELETON, to be written."""

from __future__ import annotations

from typing import ClassVar

import attrs

from claim.powers import FactionPower, registry

__all__ = ["Basilisks", "Unicorns", "Mermaids", "Druids", "Werewolves", "Satyrs"]


@registry.register
@attrs.frozen
class Basilisks(FactionPower):
    """SKELETON."""

    name: ClassVar[str] = "basilisks"


@registry.register
@attrs.frozen
class Unicorns(FactionPower):
    """SKELETON."""

    name: ClassVar[str] = "unicorns"


@registry.register
@attrs.frozen
class Mermaids(FactionPower):
    """SKELETON."""

    name: ClassVar[str] = "mermaids"


@registry.register
@attrs.frozen
class Druids(FactionPower):
    """SKELETON."""

    name: ClassVar[str] = "druids"


@registry.register
@attrs.frozen
class Werewolves(FactionPower):
    """SKELETON."""

    name: ClassVar[str] = "werewolves"


@registry.register
@attrs.frozen
class Satyrs(FactionPower):
    """SKELETON."""

    name: ClassVar[str] = "satyrs"
