"""Expansion powers that change values and ranking (EXPANSIONS.md).

Basilisks take a matching card and win (E2, E16); Unicorns and Mermaids change the
current values of their owner's cards (E1, E25); Druids leave Bears that raise their
owner's next card (E4, E23); Werewolves invert their order while there is no moon
(E8, E17, E27); Satyrs make a phase 1 trick plain (E13, E18).

Hook order among these powers (``priority``): Werewolves rerank (20) before the
Basilisk's win (80), which overrides every other ranking; Druids place their Bears
(55) after the Undead (50, E21).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, ClassVar

import attrs

# Compiled with mypyc (`claim._compiled`), the classes below are built at import like
# Python classes (`registry.register` makes them non-native), their base looked up by
# its defining module, `claim.rules.protocol`, through the module object that compiled
# code imported under that name: imported here, or the base is looked up on None.
import claim.rules.protocol  # noqa: F401
from claim.powers import (
    IN_FRONT,
    Capabilities,
    Effect,
    FactionPower,
    Phase,
    Placement,
    SetPowerState,
    Trick,
    Zone,
    ZoneSpec,
    registry,
)

if TYPE_CHECKING:
    from claim.rules.state import GameState

__all__ = ["Basilisks", "Druids", "Mermaids", "Satyrs", "Unicorns", "Werewolves"]


def _count(state: GameState, mask: int, faction: str) -> int:
    """How many cards of ``faction`` the card mask ``mask`` holds."""
    return (mask & state.variant.faction_mask(faction)).bit_count()


@registry.register
@attrs.frozen
class Basilisks(FactionPower):
    """Both phases: a Basilisk matching a current value takes that card and wins (E2)."""

    name: ClassVar[str] = "basilisks"
    priority: ClassVar[int] = 80

    def _takes(self, trick: Trick) -> tuple[int | None, tuple[tuple[int, int], ...]]:
        """The winning Basilisk's position and every ``(taker, taken)`` (E2, E16).

        Each Basilisk, as it is played, takes the first card before it still in the
        trick whose current value equals its own; the first Basilisk that takes wins.
        In a Satyr trick nothing is taken (E18).
        """
        if trick.plain:
            return None, ()
        taken: list[int] = []
        pairs: list[tuple[int, int]] = []
        for position in range(1, len(trick.cards)):
            if trick.faction(position) != self.faction:
                continue
            value = trick.values[position]
            match = next((p for p in range(position)
                          if p not in taken and trick.values[p] == value), None)
            if match is not None:
                taken.append(match)
                pairs.append((position, match))
        return (pairs[0][0] if pairs else None), tuple(pairs)

    def rerank(self, trick: Trick, order: tuple[int, ...]) -> tuple[int, ...] | None:
        """The first matching Basilisk wins; the others keep their places (E2, E16)."""
        winner, _ = self._takes(trick)
        if winner is None:
            return None
        return (winner, *(p for p in order if p != winner))

    def capture(self, trick: Trick) -> Sequence[Effect]:
        """Each matching Basilisk's player takes the matched card to their score pile."""
        _, pairs = self._takes(trick)
        return [Placement(trick.cards[taken], Zone.SCORE, trick.seats[taker])
                for taker, taken in pairs]

    def capabilities(self) -> Capabilities:
        """What the fast paths may rely on (`claim.rules.capabilities`)."""
        return Capabilities(public=True, monotone_votes=True)


@registry.register
@attrs.frozen
class Unicorns(FactionPower):
    """Phase 2: each Unicorn in a score pile raises its owner's non-Unicorn cards (E25)."""

    name: ClassVar[str] = "unicorns"
    phases: ClassVar[frozenset[Phase]] = frozenset({Phase.SUPPORT})

    def value_modifier(self, state: GameState, seat: int, card: int) -> int:
        """Phase 2: +1 per Unicorn in ``seat``'s score pile, unless a Unicorn (E1, E25)."""
        if state.phase is not Phase.SUPPORT or state.variant.deck[card].faction == self.faction:
            return 0
        return _count(state, state.score_masks[seat], self.faction)

    def capabilities(self) -> Capabilities:
        """What the fast paths may rely on (`claim.rules.capabilities`)."""
        return Capabilities(public=True, monotone_votes=True)


@registry.register
@attrs.frozen
class Mermaids(FactionPower):
    """Both phases: each Mermaid in a score pile lowers its owner's cards by 1 (E1)."""

    name: ClassVar[str] = "mermaids"

    def value_modifier(self, state: GameState, seat: int, card: int) -> int:
        """-1 per Mermaid in ``seat``'s score pile, for every card (E1, E27)."""
        return -_count(state, state.score_masks[seat], self.faction)

    def capabilities(self) -> Capabilities:
        """What the fast paths may rely on (`claim.rules.capabilities`)."""
        return Capabilities(public=True, monotone_votes=True)


@registry.register
@attrs.frozen
class Druids(FactionPower):
    """Phase 1: a losing Druid stays in front of its player as a Bear (E4, E23, E24).

    A Bear gives its owner's next card +3, then leaves the game. Bears lie in the
    public zone ``"in front"``; those still there when phase 2 begins apply to their
    owner's first phase 2 card (E23), so the power acts in both phases.
    """

    name: ClassVar[str] = "druids"
    priority: ClassVar[int] = 55
    place_always: ClassVar[bool] = True

    def zones(self) -> tuple[ZoneSpec, ...]:
        """Bears lie in front of their owner, face up (E4)."""
        return (IN_FRONT,)

    def value_modifier(self, state: GameState, seat: int, card: int) -> int:
        """+3 per Bear in front of ``seat`` (E4: all of them apply to the next card)."""
        return 3 * _count(state, state.zone_masks(IN_FRONT.name)[seat], self.faction)

    def place(self, trick: Trick, positions: tuple[int, ...]) -> Sequence[Effect] | None:
        """Bears that applied leave the game; phase 1 losers keep their Druids (E4, E21)."""
        state = trick.state
        mask = state.variant.faction_mask(self.faction)
        effects: list[Effect] = [
            Placement(card, Zone.DISCARD, None, IN_FRONT.name, seat)
            for seat, in_front in enumerate(state.zone_masks(IN_FRONT.name))
            for card in state.variant.ids_in(in_front & mask)
        ]
        if trick.phase is Phase.RECRUIT:
            effects += [Placement(trick.cards[p], IN_FRONT.name, trick.seats[p])
                        for p in positions if trick.seats[p] != trick.winner]
        return effects

    def capabilities(self) -> Capabilities:
        """What the fast paths may rely on (`claim.rules.capabilities`)."""
        return Capabilities(public=True, monotone_votes=True)


@registry.register
@attrs.frozen
class Werewolves(FactionPower):
    """Both phases: without the moon, lower Werewolves beat higher ones (E8, E17, E27).

    The power state is the moon: False (no moon, the start) or True.
    """

    name: ClassVar[str] = "werewolves"
    priority: ClassVar[int] = 20

    def initial_state(self) -> Hashable:
        """The game starts with no moon (False)."""
        return False

    def rerank(self, trick: Trick, order: tuple[int, ...]) -> tuple[int, ...] | None:
        """No moon: Werewolves trade the places they hold, lowest value first (E17)."""
        if trick.state.power_state(self.faction):
            return None
        places = [i for i, p in enumerate(order) if trick.faction(p) == self.faction]
        if len(places) < 2:
            return None
        values = trick.values  # (no lambda: mypyc cannot compile one in this class)
        wolves = [p for _, p in sorted([(values[order[i]], order[i]) for i in places])]
        new = list(order)
        for place, wolf in zip(places, wolves):
            new[place] = wolf
        return tuple(new)

    def after_place(self, trick: Trick, placed: tuple[Placement, ...]) -> Sequence[Effect]:
        """A trick won by a Werewolf (the winning card itself) turns the moon (E8, E16)."""
        if not trick.won_by(self.faction):
            return ()
        return (SetPowerState(not trick.state.power_state(self.faction)),)

    def capabilities(self) -> Capabilities:
        """What the fast paths may rely on (`claim.rules.capabilities`)."""
        return Capabilities(public=True, monotone_votes=True)


@registry.register
@attrs.frozen
class Satyrs(FactionPower):
    """Phase 1: with a Satyr face up nobody must follow and values alone rank (E13).

    The power state records whether the current trick is a Satyr trick, fixed when
    its face-up cards are turned (E18).
    """

    name: ClassVar[str] = "satyrs"
    phases: ClassVar[frozenset[Phase]] = frozenset({Phase.RECRUIT})

    def initial_state(self) -> Hashable:
        """No trick is a Satyr trick before the first face-up card is turned."""
        return False

    def _active(self, state: GameState) -> bool:
        return state.phase is Phase.RECRUIT and bool(state.power_state(self.faction))

    def trick_start(self, state: GameState) -> Sequence[Effect]:
        """Phase 1: a Satyr trick when any face-up card is a Satyr (E13, E18)."""
        deck = state.variant.deck
        satyr = state.phase is Phase.RECRUIT and any(
            deck[card].faction == self.faction for card in state.face_up)
        if satyr == bool(state.power_state(self.faction)):
            return ()
        return (SetPowerState(satyr),)

    def must_follow(self, state: GameState) -> bool | None:
        """Nobody has to follow the led faction in a Satyr trick."""
        return False if self._active(state) else None

    def plain_ranking(self, trick: Trick) -> bool:
        """In a Satyr trick only current values rank (E13)."""
        return self._active(trick.state)

    def capabilities(self) -> Capabilities:
        """What the fast paths may rely on (`claim.rules.capabilities`)."""
        return Capabilities(public=True, monotone_votes=True)
