"""Masked cards (EXPANSIONS.md, "Factions with hidden information", E28, E29, E35,
E36, E44): Fire Elementals show only whether they are high (5-9) or low (0-4),
Demons only whether they are odd or even; nobody, their holder included, knows a
masked card's value until it is revealed (turned face up as a prize, or when the
last card of the trick it was played to has been played).

Written against `claim.powers` alone: a power declares its cards masked by
`FactionPower.masked_class`; the engine's side (views, class moves, reveals,
knowledge, determinization) is `claim.rules.masking` and docs/views.md, "Masked
cards". The hidden state of a masked power is its *play order*: every card id of
the faction, in an order drawn at the deal; a player names a class, and the card
played is the first of that class in the order among the cards they may play (E29).
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import TYPE_CHECKING, ClassVar

import attrs

from claim.core._shuffle import shuffle
from claim.powers import Capabilities, FactionPower, registry

if TYPE_CHECKING:
    from claim.rules.variant import Variant

__all__ = ["Demons", "FireElementals", "MaskedPower"]


@attrs.frozen
class MaskedPower(FactionPower):
    """A faction whose cards show only a class until revealed (E28); the hidden
    state is the faction's play order (E29), fixed at the deal."""

    hidden_state: ClassVar[bool] = True

    def initial_state(self) -> Hashable:
        """No order: the state of a game built by hand (the engine then plays the
        held card of the class first in deck order)."""
        return ()

    def deal_state(self, variant: Variant, rng: random.Random) -> Hashable:
        """E29: the faction's card ids in an order drawn from the deal's generator."""
        ids = list(variant.ids_in(variant.faction_mask(self.faction)))
        shuffle(ids, rng)
        return tuple(ids)

    def dealt_state(self, variant: Variant, value: object) -> Hashable:
        """An explicit deal's play order: every card id of the faction, once each."""
        if not isinstance(value, (list, tuple)) or not all(type(v) is int for v in value):
            raise ValueError("give the play order as a list of card ids")
        ids = sorted(variant.ids_in(variant.faction_mask(self.faction)))
        if sorted(value) != ids:
            raise ValueError(f"the play order lists every card of the faction once: "
                             f"the ids {ids[0]}-{ids[-1]}")
        return tuple(value)

    def capabilities(self) -> Capabilities:
        """The hooks read nothing; masked values leave no score pile."""
        return Capabilities(public=True, monotone_votes=True)


@registry.register
@attrs.frozen
class FireElementals(MaskedPower):
    """Both phases: a Fire Elemental shows only high (5-9) or low (0-4) (E28)."""

    name: ClassVar[str] = "fire_elementals"

    def masked_class(self, value: int) -> str | None:
        """``"high"`` for 5-9, ``"low"`` for 0-4."""
        return "high" if value >= 5 else "low"


@registry.register
@attrs.frozen
class Demons(MaskedPower):
    """Both phases: a Demon shows only odd or even (E28)."""

    name: ClassVar[str] = "demons"

    def masked_class(self, value: int) -> str | None:
        """``"odd"`` or ``"even"``."""
        return "odd" if value % 2 else "even"
