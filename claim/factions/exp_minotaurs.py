"""The Minotaurs (promo, EXPANSIONS.md E42, E43), written against `claim.powers` alone.

Phase 2: when a Minotaur leads a trick and wins it (it is the winning card: a
Basilisk's take beats it, E16), each other player, in seat order from the leader,
decides whether to take back the card they played (``take back <card>`` or
``leave <card>``). The questions come from the `Minotaurs.review` hook, asked once
the trick is ranked and before any of its cards moves; the answers are recorded in
the power state, ``((seat, position, taken), ...)`` for the trick in progress (the
card's position in the trick, not its id: which copy of a repeated card was played
is nobody's knowledge, and the state is in every view, E44), and
`Minotaurs.capture` carries them out first thing: a card taken back returns to its
player's hand (public: everyone saw it) and is not placed; the winner collects the
rest as usual. Hands may then be uneven: phase 2 ends when a hand is empty (E43,
the engine's `claim.rules.engine.phases.advance`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

import attrs

from claim.powers import (
    Ask,
    Capabilities,
    DeckFacts,
    Effect,
    FactionPower,
    Option,
    Phase,
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

__all__ = ["Decisions", "Minotaurs"]

Decisions = tuple[tuple[int, int, bool], ...]
"""The take-back answers of the trick in progress: ``(seat, position in the trick,
taken)``."""


@registry.register
@attrs.frozen
class Minotaurs(FactionPower):
    """Phase 2: a Minotaur that leads and wins lets the others take back their cards
    (E42)."""

    name: ClassVar[str] = "minotaurs"
    phases: ClassVar[frozenset[Phase]] = frozenset({Phase.SUPPORT})
    verbs: ClassVar[tuple[str, ...]] = ("leave", "take")

    def answers(self, facts: DeckFacts) -> tuple[str, ...]:
        """E42: take back the card one played, or leave it to the winner."""
        return (*(f"take back {kind}" for kind in facts.kinds),
                *(f"leave {kind}" for kind in facts.kinds))

    def initial_state(self) -> Decisions:
        """No take-back is being decided."""
        return ()

    def decisions(self, state: GameState) -> Decisions:
        """The answers given so far for the trick in progress."""
        value = state.power_state(self.faction)
        return value if isinstance(value, tuple) else ()

    def review(self, trick: Trick) -> Sequence[Effect]:
        """E42: a led Minotaur that is the winning card: one question per other
        player, in seat order from the leader (asked before any card moves)."""
        if trick.order[0] != 0 or not trick.won_by(self.faction):
            return ()
        if self.decisions(trick.state):
            return ()  # answered already: the trick resolves on
        return [Ask(trick.seats[p], "take back", (p, trick.cards[p]))
                for p in range(1, len(trick.cards))]

    def ask(self, state: GameState, step: Step) -> Question | Sequence[Effect]:
        """E42: take back the card, or leave it (two outcomes: always asked, R15)."""
        position, card = step.data
        assert isinstance(position, int) and isinstance(card, int)
        kind = state.variant.deck[card]
        known = self.decisions(state)
        options = tuple(
            Option(label, (SetPowerState((*known, (step.seat, position, taken))),))
            for label, taken in ((f"take back {kind}", True), (f"leave {kind}", False))
        )
        return Question(step.seat, f"take back {kind} into your hand?", options)

    def capture(self, trick: Trick) -> Sequence[Effect]:
        """E42: the cards taken back return to their players' hands before anything
        else moves (not placed); the answers are then cleared."""
        known = self.decisions(trick.state)
        if not known:
            return ()
        effects: list[Effect] = [Placement(trick.cards[position], Zone.HAND, seat)
                                 for seat, position, taken in known if taken]
        effects.append(SetPowerState(()))
        return effects

    def capabilities(self) -> Capabilities:
        """What the fast paths may rely on (`claim.rules.capabilities`)."""
        return Capabilities(public=True)
