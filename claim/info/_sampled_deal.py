"""A full sampled deal (`claim.info.sampling.Deal`): what `claim.new_game` needs."""

from __future__ import annotations

import attrs

from claim.core.cards import Card
from claim.rules.dealing import new_game
from claim.rules.state import GameState

__all__ = ["Deal", "with_chance"]


@attrs.frozen
class Deal:
    """A full deal: what `claim.new_game` needs to start a game.

    Attributes:
        hands: Per seat, the cards dealt.
        draw_pile: The draw pile, top card first.
        first_leader: The seat leading the first trick (R1).
        chance: The chance order as card ids (E12); empty when unused.
    """

    hands: tuple[tuple[Card, ...], ...]
    draw_pile: tuple[Card, ...]
    first_leader: int
    chance: tuple[int, ...] = ()

    def start(self, variant: object) -> GameState:
        """The game this deal starts (``variant`` as for `claim.new_game`)."""
        state = new_game(variant, hands=self.hands, draw_pile=self.draw_pile,  # type: ignore[arg-type]
                         first_leader=self.first_leader)
        return with_chance(state, self.chance) if self.chance else state


def with_chance(state: GameState, chance: tuple[int, ...]) -> GameState:
    """``state`` with its chance order (E12) replaced, in its recorded deal too."""
    deal = None if state.deal is None else attrs.evolve(state.deal, chance=chance)
    return attrs.evolve(state, chance=chance, deal=deal)
