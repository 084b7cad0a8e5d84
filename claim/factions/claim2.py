"""The powers of the five Claim 2 factions (RULES 4)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

import attrs

from claim.cards import Card
from claim.factions.protocol import (
    Effect,
    FactionPower,
    Placement,
    RuleOption,
    SmashRight,
    Trick,
    registry,
)
from claim.zones import Phase, Zone

if TYPE_CHECKING:
    from claim.state import GameState

__all__ = ["Dragons", "Giants", "Gnomes", "Seers", "Trolls"]


@registry.register
@attrs.frozen
class Gnomes(FactionPower):
    """Phase 2: captured Gnomes lie in front of their captor until the end (RULES 4)."""

    name: ClassVar[str] = "gnomes"
    phases: ClassVar[frozenset[Phase]] = frozenset({Phase.SUPPORT})
    lays_in_front: ClassVar[bool] = True

    def place(self, trick: Trick, positions: tuple[int, ...]) -> Sequence[Effect] | None:
        """Phase 2: the winner lays the trick's Gnomes face up in front of them."""
        return trick.send(positions, Zone.IN_FRONT, trick.winner)

    def finish(self, state: GameState) -> Sequence[Placement]:
        """At the end, the Gnomes still in front of a player join their score pile."""
        variant = state.variant
        mask = variant.faction_mask(self.faction)
        return [
            Placement(card, Zone.SCORE, seat)
            for seat, in_front in enumerate(state.in_front_masks)
            for card in variant.ids_in(in_front & mask)
        ]


@registry.register
@attrs.frozen
class Giants(FactionPower):
    """Phase 2: each captured Giant may smash an opposing Gnome of its value (R7).

    Attributes:
        prey: The faction a Giant smashes (parameter, default ``"gnomes"``).
    """

    name: ClassVar[str] = "giants"
    phases: ClassVar[frozenset[Phase]] = frozenset({Phase.SUPPORT})

    faction_params: ClassVar[tuple[str, ...]] = ("prey",)
    prey_params: ClassVar[tuple[str, ...]] = ("prey",)

    prey: str = "gnomes"

    def place(self, trick: Trick, positions: tuple[int, ...]) -> Sequence[Effect] | None:
        """Phase 2: Giants go to the winner's score pile, each with a smash right."""
        winner = trick.winner
        effects: list[Effect] = []
        for p in positions:
            effects.append(Placement(trick.cards[p], Zone.SCORE, winner))
            effects.append(SmashRight(winner, trick.card(p).value, self.prey))
        return effects


@registry.register
@attrs.frozen
class Dragons(FactionPower):
    """A Dragon played last to a trick makes its player lead the next one (R8).

    Attributes:
        lead: Rule option ``dragon_lead``: ``"last_card"`` or ``"last_dragon"``.
    """

    name: ClassVar[str] = "dragons"
    rule_options: ClassVar[tuple[RuleOption, ...]] = (
        RuleOption(
            "dragon_lead",
            "lead",
            "last_card",
            ("last_card", "last_dragon"),
            "Who leads after a trick with Dragons: the player of the last card if it "
            "is a Dragon (last_card), or of the last Dragon played (last_dragon) (R8).",
        ),
    )

    lead: str = "last_card"

    def next_leader(self, trick: Trick) -> int | None:
        """The seat of the Dragon that decides the next leader, if any (R8)."""
        last = len(trick.cards) - 1
        if self.lead == "last_card":
            return trick.seats[last] if trick.faction(last) == self.faction else None
        for position in range(last, -1, -1):
            if trick.faction(position) == self.faction:
                return trick.seats[position]
        return None


@registry.register
@attrs.frozen
class Trolls(FactionPower):
    """Phase 2: at most one Troll joins a score pile per trick; the rest wait (R9).

    Attributes:
        queue_order: Rule option ``troll_queue_order``: which waiting Troll a trick
            without Trolls delivers: ``"fifo"``, ``"lowest"`` or ``"highest"``.
    """

    name: ClassVar[str] = "trolls"
    phases: ClassVar[frozenset[Phase]] = frozenset({Phase.SUPPORT})
    rule_options: ClassVar[tuple[RuleOption, ...]] = (
        RuleOption(
            "troll_queue_order",
            "queue_order",
            "fifo",
            ("fifo", "lowest", "highest"),
            "Which waiting Troll goes first: the one waiting longest (fifo), the "
            "lowest, or the highest (R9).",
        ),
    )

    queue_order: str = "fifo"

    def place(self, trick: Trick, positions: tuple[int, ...]) -> Sequence[Effect] | None:
        """Score the highest Troll of the trick, else one waiting; the rest wait (R9)."""
        variant = trick.variant
        winner = trick.winner
        if positions:
            ordered = sorted(positions, key=lambda p: trick.card(p).value)
            best = ordered.pop()
            effects: list[Effect] = [Placement(trick.cards[best], Zone.SCORE, winner)]
            effects += [Placement(trick.cards[p], Zone.WAITING) for p in ordered]
            return effects
        line = [c for c in trick.waiting if variant.deck[c].faction == self.faction]
        if not line:
            return ()
        return [Placement(self._first_in_line(line, variant.deck), Zone.SCORE, winner)]

    def _first_in_line(self, line: list[int], deck: Sequence[Card]) -> int:
        if self.queue_order == "fifo":
            return line[0]
        values = [deck[c].value for c in line]
        target = min(values) if self.queue_order == "lowest" else max(values)
        return line[values.index(target)]

    def finish(self, state: GameState) -> Sequence[Placement]:
        """Trolls still waiting when the game ends are discarded (R9)."""
        deck = state.variant.deck
        return [
            Placement(c, Zone.DISCARD) for c in state.waiting if deck[c].faction == self.faction
        ]


@registry.register
@attrs.frozen
class Seers(FactionPower):
    """Phase 1: winning with a Seer lets the winner peek and choose (RULES 4, R10)."""

    name: ClassVar[str] = "seers"
    phases: ClassVar[frozenset[Phase]] = frozenset({Phase.RECRUIT})

    def grants_peek(self, trick: Trick) -> bool:
        """In phase 1 the winner looks at the top card and may take it instead."""
        return True
