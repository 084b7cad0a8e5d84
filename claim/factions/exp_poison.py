"""Poisoners (EXPANSIONS.md, "Factions with hidden information"; E31, E32, E44,
E45): toxic cards dealt aside unseen at the start, looked at by the winners of
Poisoner tricks, and the cards of their values gone before the votes. Written
against `claim.powers` alone; the engine's side (views, history, determinization,
records) is in docs/views.md, "Hidden chance fixed at the deal".

The toxic cards are an extra deck (E45: not part of the deck size), a power
parameter: ``toxics``, their values as text (``"0 1 2 ... 9 blank blank"``, data),
and ``dealt``, how many are dealt aside (3). They are not cards of the deck, so they
live in the power's hidden state (`FactionPower.hidden_state`), a triple:

* the toxic cards dealt aside, by position: a value, or ``"blank"``;
* the looks so far, ``(seat, position)`` pairs in the order they were taken;
* whether the toxic cards have been revealed (the end of the game, E31).

A view shows the count, the looks and, to the seat that looked, the values it saw;
every other toxic card is None (unknown) until the end (`view_state`, E32, E44).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, ClassVar

import attrs

from claim.powers import (
    Ask,
    Capabilities,
    DeckFacts,
    Effect,
    FactionPower,
    Option,
    Placement,
    Question,
    SetPowerState,
    Step,
    Trick,
    Zone,
    registry,
)

if TYPE_CHECKING:
    from claim.rules.state import GameState
    from claim.rules.variant import Variant

__all__ = ["BLANK", "Poisoners"]

BLANK = "blank"
"""A blank toxic card: it removes nothing (E31)."""

Toxic = int | str
Looks = tuple[tuple[int, int], ...]
NO_LOOK = "no look"


def _toxic(word: str) -> Toxic:
    return BLANK if word == BLANK else int(word)


@registry.register
@attrs.frozen
class Poisoners(FactionPower):
    """Both phases: a win with a Poisoner lets the winner look at one unseen toxic
    card; at the end the cards of toxic printed values leave the score piles (E31,
    E32). The state is hidden chance fixed at the deal (see the module).

    Attributes:
        toxics: The toxic deck: values separated by spaces, ``blank`` for a blank.
        dealt: How many toxic cards are dealt aside at the start.
    """

    name: ClassVar[str] = "poisoners"
    priority: ClassVar[int] = 70
    hidden_state: ClassVar[bool] = True
    hidden_ids: ClassVar[bool] = False
    asks_after_recruiting: ClassVar[bool] = True
    verbs: ClassVar[tuple[str, ...]] = ("look", "no")

    toxics: str = "0 1 2 3 4 5 6 7 8 9 blank blank"
    dealt: int = 3

    def deck(self) -> tuple[Toxic, ...]:
        """The toxic deck's cards (values and blanks), as the parameter lists them."""
        try:
            return tuple(_toxic(word) for word in self.toxics.split())
        except ValueError:
            raise ValueError(f"toxics: {self.toxics!r} is not values and 'blank's") from None

    def answers(self, facts: DeckFacts) -> tuple[str, ...]:
        """E32: look at the toxic card at a position (1 first), or decline."""
        return (*(f"look toxic {at}" for at in range(1, self.dealt + 1)), NO_LOOK)

    def initial_state(self) -> Hashable:
        """No toxic card: the state of a game built by hand (`support_position`)."""
        return ((), (), False)

    def deal_state(self, variant: Variant, rng: random.Random) -> Hashable:
        """E32: ``dealt`` toxic cards drawn from the toxic deck by the deal's generator."""
        deck = self.deck()
        return (tuple(deck[i] for i in rng.sample(range(len(deck)), self.dealt)), (), False)

    def dealt_state(self, variant: Variant, value: object) -> Hashable:
        """E32: an explicit deal's toxic cards: ``dealt`` values of the toxic deck (or
        ``"blank"``), as a list; a record's form ``[toxics, [], false]`` too."""
        if (isinstance(value, (list, tuple)) and len(value) == 3
                and isinstance(value[0], (list, tuple)) and not value[1] and value[2] is False):
            value = value[0]
        if not isinstance(value, (list, tuple)) or len(value) != self.dealt:
            raise ValueError(f"give the {self.dealt} toxic cards dealt aside as a list of "
                             "values ('blank' for a blank)")
        deck = Counter(self.deck())
        given = Counter(value)
        for card, n in given.items():
            if (type(card) is not int and card != BLANK) or deck[card] == 0:
                raise ValueError(f"{card!r} is not a toxic card (the toxic deck: "
                                 f"{self.toxics})")
            if n > deck[card]:
                raise ValueError(f"{n} toxic cards {card!r}; the toxic deck holds {deck[card]}")
        return (tuple(value), (), False)

    def view_state(self, value: Hashable, seat: int | None) -> Hashable:
        """E32, E44: the count, the looks, and the values ``seat`` looked at; every
        toxic card once revealed at the end (E31)."""
        if not isinstance(value, tuple) or len(value) != 3:
            return None
        toxics, looks, revealed = value
        if revealed:
            return value
        mine = {at for who, at in looks if who == seat}
        return (tuple(card if at in mine else None for at, card in enumerate(toxics)),
                looks, False)

    def redraw_state(self, variant: Variant, shown: Hashable, rng: random.Random
                     ) -> Hashable:
        """E44: the toxic cards the viewer has not seen drawn again from the rest of
        the toxic deck; those seen, the looks and the reveal as shown."""
        if not isinstance(shown, tuple) or len(shown) != 3 or shown[2] or not shown[0]:
            return shown if isinstance(shown, tuple) else self.initial_state()
        seen, looks, _ = shown
        rest = Counter(self.deck()) - Counter(card for card in seen if card is not None)
        pool = list(rest.elements())
        drawn = iter(rng.sample(pool, sum(card is None for card in seen)))
        return (tuple(next(drawn) if card is None else card for card in seen), looks, False)

    def at_deal(self, value: Hashable) -> Hashable:
        """The toxic cards as dealt: no look yet, unrevealed."""
        if not isinstance(value, tuple) or len(value) != 3:
            return value
        return (value[0], (), False)

    def after_place(self, trick: Trick, placed: tuple[Placement, ...]) -> Sequence[Effect]:
        """E16, E32: a trick whose winning card is a Poisoner queues the winner's look
        (phase 1: after the followers are taken; phase 2: after the Dark Elf's
        discard, priority 70)."""
        if not trick.won_by(self.faction):
            return ()
        return (Ask(trick.winner, "look"),)

    def ask(self, state: GameState, step: Step) -> Question | Sequence[Effect]:
        """E32: look at which toxic card not seen yet (by position, R15), or decline;
        nothing is asked when the seat has seen them all."""
        value = state.power_state(self.faction)
        if not isinstance(value, tuple) or len(value) != 3:
            return ()
        toxics, looks, revealed = value
        seen = {at for who, at in looks if who == step.seat}
        options = [Option(f"look toxic {at + 1}",
                          (SetPowerState((toxics, (*looks, (step.seat, at)), revealed)),),
                          ("look", at))
                   for at in range(len(toxics)) if at not in seen]
        if not options:
            return ()
        return Question(step.seat, "look at a toxic card",
                        (*options, Option(NO_LOOK, (), NO_LOOK)))

    def finish(self, state: GameState) -> Sequence[Effect]:
        """E31: the toxic cards are revealed; every card whose printed value is a toxic
        value leaves the score piles (and the zones in front of players, E40);
        blanks remove nothing."""
        value = state.power_state(self.faction)
        if not isinstance(value, tuple) or len(value) != 3 or not value[0]:
            return ()
        toxics, looks, _ = value
        poison = {card for card in toxics if type(card) is int}
        deck = state.variant.deck
        effects: list[Effect] = [SetPowerState((toxics, looks, True))]
        tables = state.variant.tables
        for seat, pile in enumerate(state.score_masks):
            effects += [Placement(card, Zone.DISCARD, None, Zone.SCORE, seat)
                        for card in state.variant.ids_in(pile) if deck[card].value in poison]
        for spec, content in zip(tables.zone_specs, state.zones):
            if spec.per_seat:
                effects += [Placement(card, Zone.DISCARD, None, spec.name, seat)
                            for seat, mask in enumerate(content)
                            for card in state.variant.ids_in(mask)
                            if deck[card].value in poison]
        return effects

    def capabilities(self) -> Capabilities:
        """Cards leave the score piles at the end: no promise about votes."""
        return Capabilities(on_win=frozenset({"after_place"}))

