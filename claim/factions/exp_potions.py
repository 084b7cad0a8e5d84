"""Wizards (EXPANSIONS.md, "Factions with hidden information"; E34, E35, E44, E45):
potions drawn face down by the winners of Wizard tricks, unseen even by their
holder, drunk with a card played to change its current value. Written against
`claim.powers` alone; the engine's side is in docs/views.md, "Hidden chance fixed
at the deal".

The potions are an extra deck (E45: not part of the deck size), a power parameter:
``potions``, their numbers as text (``"+1 +1 +2 +2 +3 +3 +4 -1 -2 -3"``, data). They
are not cards of the deck, so they live in the power's hidden state
(`FactionPower.hidden_state`), a 5-tuple:

* the potion deck's order, fixed at the deal (hidden from every seat);
* how many potions have been drawn (the next one is at that position);
* per seat, the positions of the potions lying face down in front of it, oldest
  first (public: everyone sees a potion drawn, nobody its number);
* the potions drunk in the trick in progress, ``(seat, number)``: each applies to the
  card its seat played (a Shapeshifter's swapped-in card too);
* every potion drunk so far, ``(position, number)``: revealed, public.

A view shows all but the order (in its place: the deck's size), `view_state`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, ClassVar

import attrs

from claim.powers import (
    Capabilities,
    DeckFacts,
    Effect,
    FactionPower,
    Option,
    Play,
    SetPowerState,
    Trick,
    registry,
)

if TYPE_CHECKING:
    from claim.rules.state import GameState
    from claim.rules.variant import Variant

__all__ = ["DRINK", "Wizards"]

DRINK = "drink"
"""The label of a card played with a potion drunk (``Wz3 drink``, E34)."""

Fronts = tuple[tuple[int, ...], ...]


def _parts(value: object) -> tuple[tuple[int, ...], int, Fronts, tuple[tuple[int, int], ...],
                                   tuple[tuple[int, int], ...]] | None:
    """The parts of the power state (the potion deck's order first)."""
    if not isinstance(value, tuple) or len(value) != 5 or not isinstance(value[0], tuple):
        return None
    return value


def _shown_parts(value: object) -> tuple[int, int, Fronts, tuple[tuple[int, int], ...],
                                         tuple[tuple[int, int], ...]] | None:
    """The parts of the state as a view shows it (the potion deck's size first)."""
    if not isinstance(value, tuple) or len(value) != 5 or not isinstance(value[0], int):
        return None
    return value


@registry.register
@attrs.frozen
class Wizards(FactionPower):
    """Both phases: a win with a Wizard draws the top potion face down in front of
    the winner; a player with a potion may drink the oldest with the card they play,
    changing its current value (E1) for ranking and Basilisk matching only (E34).

    Attributes:
        potions: The potion deck: numbers separated by spaces (``+1``, ``-3``).
    """

    name: ClassVar[str] = "wizards"
    hidden_state: ClassVar[bool] = True
    hidden_ids: ClassVar[bool] = False
    plays_every_card: ClassVar[bool] = True
    place_always: ClassVar[bool] = True

    potions: str = "+1 +1 +2 +2 +3 +3 +4 -1 -2 -3"

    def deck(self) -> tuple[int, ...]:
        """The potion deck's numbers, as the parameter lists them."""
        try:
            return tuple(int(word) for word in self.potions.split())
        except ValueError:
            raise ValueError(f"potions: {self.potions!r} is not numbers") from None

    def play_labels(self, facts: DeckFacts) -> tuple[str, ...]:
        """E34: ``drink``, alone or after another power's play label."""
        others = [label for power in facts.powers if not power.plays_every_card
                  for label in power.play_labels(facts)]
        return (DRINK, *(f"{label} {DRINK}" for label in others))

    def initial_state(self) -> Hashable:
        """No potion deck: the state of a game built by hand (`support_position`)."""
        return ((), 0, (), (), ())

    def deal_state(self, variant: Variant, rng: random.Random) -> Hashable:
        """E34: the potion deck shuffled by the deal's generator."""
        order = list(self.deck())
        rng.shuffle(order)
        return (tuple(order), 0, ((),) * variant.players, (), ())

    def dealt_state(self, variant: Variant, value: object) -> Hashable:
        """E34: an explicit deal's potion deck, top first: every potion once; a
        record's form (the whole state at the deal) too."""
        if isinstance(value, (list, tuple)) and len(value) == 5 and isinstance(
                value[0], (list, tuple)) and value[1] == 0 and not any(value[3:]):
            value = value[0]
        if not isinstance(value, (list, tuple)) or not all(type(v) is int for v in value):
            raise ValueError("give the potion deck, top first, as a list of numbers")
        deck, given = Counter(self.deck()), Counter(value)
        for number, n in sorted(given.items()):
            if not deck[number]:
                raise ValueError(f"{number:+d} is not a potion (the potion deck: "
                                 f"{self.potions})")
            if n > deck[number]:
                raise ValueError(f"the potion {number:+d} {n} times; the potion deck "
                                 f"({self.potions}) holds it {deck[number]} times")
        if given != deck:
            missing = sorted((deck - given).elements())
            raise ValueError(f"the potion deck lacks {', '.join(f'{m:+d}' for m in missing)}")
        return (tuple(value), 0, ((),) * variant.players, (), ())

    def view_state(self, value: Hashable, seat: int | None) -> Hashable:
        """E34, E44: everything but the order (the deck's size in its place): the
        potions in front as positions (a count), and those drunk, revealed."""
        parts = _parts(value)
        if parts is None:
            return None
        order, drawn, fronts, active, drunk = parts
        return (len(order), drawn, fronts, active, drunk)

    def redraw_state(self, variant: Variant, shown: Hashable, rng: random.Random
                     ) -> Hashable:
        """E44: a potion deck with the potions drunk where they were, the others in
        an order drawn from ``rng``."""
        parts = _shown_parts(shown)
        if parts is None or not parts[0]:
            return self.initial_state()
        _, drawn, fronts, active, drunk = parts
        pinned = dict(drunk)
        rest = list((Counter(self.deck()) - Counter(pinned.values())).elements())
        rng.shuffle(rest)
        free = iter(rest)
        order = tuple(pinned[at] if at in pinned else next(free)
                      for at in range(len(self.deck())))
        return (order, drawn, fronts, active, drunk)

    def at_deal(self, value: Hashable) -> Hashable:
        """The potion deck as dealt: nothing drawn or drunk."""
        parts = _parts(value)
        if parts is None:
            return value
        return (parts[0], 0, tuple(() for _ in parts[2]), (), ())

    def capabilities(self) -> Capabilities:
        """E34: a potion is drunk with any card alike: the drink option depends on
        the seat's potions, never on the card."""
        return Capabilities(card_blind_options=True)

    def play_options(self, play: Play) -> tuple[Option, ...]:
        """E34: drink the oldest potion in front of the player with the card played
        from their hand; offered only with a potion in front."""
        parts = _parts(play.state.power_state(self.faction))
        if parts is None or not play.from_hand:
            return ()
        order, drawn, fronts, active, drunk = parts
        mine = fronts[play.seat] if play.seat < len(fronts) else ()
        if not mine:
            return ()
        at, number = mine[0], order[mine[0]]
        left = tuple(f[1:] if seat == play.seat else f for seat, f in enumerate(fronts))
        new = (order, drawn, left, (*active, (play.seat, number)), (*drunk, (at, number)))
        return (Option(DRINK, (SetPowerState(new),), DRINK),)

    def value_modifier(self, state: GameState, seat: int, card: int) -> int:
        """E34: the number of the potion ``seat`` drank with the card it played to
        this trick (E1: ranking and Basilisk matching only; scoring uses printed
        values)."""
        parts = _parts(state.power_state(self.faction))
        if parts is None or not parts[3]:
            return 0
        return sum(number for drinker, number in parts[3] if drinker == seat)

    def place(self, trick: Trick, positions: tuple[int, ...]) -> Sequence[Effect] | None:
        """E34: the potions drunk in this trick leave; a win with a Wizard (the winning
        card itself, E16) draws the top potion face down in front of the winner;
        none when the potion deck is empty."""
        parts = _parts(trick.state.power_state(self.faction))
        if parts is None:
            return None
        order, drawn, fronts, active, drunk = parts
        if trick.won_by(self.faction) and drawn < len(order):
            winner = trick.winner
            fronts = tuple((*f, drawn) if seat == winner else f for seat, f in enumerate(fronts))
            drawn += 1
        elif not active:
            return None
        return (SetPowerState((order, drawn, fronts, (), drunk)),)
