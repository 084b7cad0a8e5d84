"""Reading a class of masked card (``Fe:high``, E29): part of `Variant.parse_card`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from claim.core._checks import MAX_NAME_CHARS
from claim.core.cards import Faction, MaskedCard
from claim.core.errors import NotationError

if TYPE_CHECKING:
    from claim.rules.protocol import FactionPower

__all__ = ["parse_masked"]


def parse_masked(text: str, factions: Sequence[Faction],
                 powers: Sequence[FactionPower]) -> MaskedCard:
    """A class of masked card: a masked faction's code (or name), a colon and a
    class, read case-insensitively (``"Fe:high"``, ``"demons:odd"``).

    Raises:
        NotationError: Not a class of one of the variant's masked factions.
    """
    word, _, shown = (part.strip().lower() for part in text.partition(":"))
    for faction, power in zip(factions, powers):
        if word in (faction.code.lower(), faction.name):
            classes = sorted({c for c in map(power.masked_class, faction.values)
                              if c is not None})
            if shown in classes:
                return MaskedCard(faction.name, shown, faction.code)
            if not classes:
                raise NotationError(text[:MAX_NAME_CHARS], f"{faction.title} are not "
                                    "masked: name the card by value, like "
                                    f"'{faction.code}{faction.values[0]}'")
            raise NotationError(text[:MAX_NAME_CHARS], f"{faction.title} show one of "
                                f"{', '.join(classes)}")
    raise NotationError(text[:MAX_NAME_CHARS], "expected a masked faction's code, a colon "
                        "and a class it shows")
