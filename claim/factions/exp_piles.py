"""Expansion powers (EXPANSIONS.md): SKELETON, to be written."""

from __future__ import annotations

from typing import ClassVar

import attrs

from claim.powers import FactionPower, registry

__all__ = ["Zombies", "Frostbeasts", "Yetis", "Awakeners", "Cyclops", "IceCouple"]


@registry.register
@attrs.frozen
class Zombies(FactionPower):
    """SKELETON."""

    name: ClassVar[str] = "zombies"


@registry.register
@attrs.frozen
class Frostbeasts(FactionPower):
    """SKELETON."""

    name: ClassVar[str] = "frostbeasts"


@registry.register
@attrs.frozen
class Yetis(FactionPower):
    """SKELETON."""

    name: ClassVar[str] = "yetis"


@registry.register
@attrs.frozen
class Awakeners(FactionPower):
    """SKELETON."""

    name: ClassVar[str] = "awakeners"


@registry.register
@attrs.frozen
class Cyclops(FactionPower):
    """SKELETON."""

    name: ClassVar[str] = "cyclops"


@registry.register
@attrs.frozen
class IceCouple(FactionPower):
    """SKELETON."""

    name: ClassVar[str] = "ice_couple"
