"""The arguments of the trick and play hooks: a complete `Trick` (``rank_key``,
``place``, ``next_leader``, ...) and a `Play` about to be made (``play_options``).
Both are re-exported by `claim.rules.protocol` and `claim.powers`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from claim.core._fast import slot_maker
from claim.core.cards import Card
from claim.core.zones import Phase, Zone
from claim.rules.effects import Effect, Placement

if TYPE_CHECKING:
    from claim.rules.state import GameState
    from claim.rules.variant import Variant

__all__ = ["Play", "Trick"]

_make_placement = slot_maker(Placement)
_TRICK = Zone.TRICK  # a global: cheaper to read than the Enum member on its class


@attrs.frozen(slots=True)
class Trick:
    """A complete trick as the trick hooks see it.

    *Positions* index the cards in play order (0 is the led card); *seats* are
    players. ``order`` lists positions, `ranking` the seats they belong to.

    Attributes:
        state: The game state just before the trick's last card was played: its
            piles, zones and power states are those the trick was played under.
        phase: The phase the trick was played in.
        seats: The seat of each position.
        cards: The card id at each position.
        lead_faction: The name of the lead faction (R3).
        values: The current value of each position's card (E1).
        order: Positions from rank 1 down; empty while the trick is being ranked.
        plain: Whether only current values rank this trick (a Satyr trick, E13).
        taken: The card ids that a `capture` hook has already moved.
    """

    state: GameState
    phase: Phase
    seats: tuple[int, ...]
    cards: tuple[int, ...]
    lead_faction: str
    values: tuple[int, ...]
    order: tuple[int, ...] = ()
    plain: bool = False
    taken: frozenset[int] = frozenset()

    @property
    def variant(self) -> Variant:
        """The variant being played."""
        return self.state.variant

    def card(self, position: int) -> Card:
        """The card played at ``position``."""
        return self.state.variant.tables.deck[self.cards[position]]

    def faction(self, position: int) -> str:
        """The physical faction of the card played at ``position``."""
        return self.state.variant.tables.deck[self.cards[position]].faction

    @property
    def ranking(self) -> tuple[int, ...]:
        """Seats from rank 1 down."""
        return tuple(self.seats[p] for p in self.order)

    @property
    def winner(self) -> int:
        """The seat of rank 1."""
        return self.seats[self.order[0]]

    @property
    def winning_card(self) -> int:
        """The card id of rank 1."""
        return self.cards[self.order[0]]

    def won_by(self, faction: str) -> bool:
        """Whether the winning card itself is of ``faction`` (R11: not an imitation)."""
        return self.state.variant.tables.deck[self.cards[self.order[0]]].faction == faction

    @property
    def last(self) -> int:
        """The seat of the last rank (the loser with two players, R6)."""
        return self.seats[self.order[-1]]

    def send(self, positions: Sequence[int], zone: Zone | str, seat: int | None) -> list[Effect]:
        """Placements sending the cards at ``positions`` to ``zone`` of ``seat``."""
        cards, trick = self.cards, _TRICK
        return [_make_placement(cards[p], zone, seat, trick, None) for p in positions]


@attrs.frozen(slots=True)
class Play:
    """A card about to be played, as `FactionPower.play_options` sees it.

    Attributes:
        state: The state before the card is played.
        seat: Who plays it.
        card: Its card id.
        position: Its position in the trick (0: it leads).
        from_hand: False when it enters the trick by another card's power (a
            Shapeshifter's swap, E20).
        lead_faction: The lead faction of the trick so far, as the engine reads it
            (R3, E3); None when this card leads.
    """

    state: GameState
    seat: int
    card: int
    position: int
    from_hand: bool = True
    lead_faction: str | None = None
