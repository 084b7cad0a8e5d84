"""Expansion powers (EXPANSIONS.md): SKELETON, to be written."""

from __future__ import annotations

from typing import ClassVar

import attrs

from claim.powers import FactionPower, registry

__all__ = ["ElfOrcs", "Shapeshifters", "Ghosts", "DarkElves"]


@registry.register
@attrs.frozen
class ElfOrcs(FactionPower):
    """SKELETON."""

    name: ClassVar[str] = "elf_orcs"


@registry.register
@attrs.frozen
class Shapeshifters(FactionPower):
    """SKELETON."""

    name: ClassVar[str] = "shapeshifters"


@registry.register
@attrs.frozen
class Ghosts(FactionPower):
    """SKELETON."""

    name: ClassVar[str] = "ghosts"


@registry.register
@attrs.frozen
class DarkElves(FactionPower):
    """SKELETON."""

    name: ClassVar[str] = "dark_elves"
