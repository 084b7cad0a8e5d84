"""Expansion powers that move cards between piles, or change the vote (EXPANSIONS.md).

Zombies and Frostbeasts take or discard cards before placement (`capture`, E21,
E22); Yetis pass the lead on (`next_leader`, E10); Awakeners build a hidden second
deck from the phase 1 discard and draw from it (`phase_start`, `after_place`, E12,
E24); Cyclops change their own vote (`vote`, E14); Ice Kings and Ice Queens leave
the game in couples at the end (`finish`, E11).

Hook order among powers (``priority``, lower first): Frostbeasts' discard (5)
before any other capture; Zombies' take (20) before placement, which comes before
everything after it anyway; Yetis (20) after Dragons (10, E10); the Awakener's draw
(30) after placement and before Giants' smashes (40) and a Dark Elf's discard (60,
E22); Ice couples (80) after the Gnomes in front have joined the score piles (50,
E11).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, Final

import attrs

# Compiled with mypyc (`claim._compiled`), the classes below are built at import like
# Python classes (`registry.register` makes them non-native), their base looked up by
# its defining module, `claim.rules.protocol`, through the module object that compiled
# code imported under that name: imported here, or the base is looked up on None.
import claim.rules.protocol  # noqa: F401
from claim.powers import (
    Capabilities,
    Effect,
    FactionPower,
    Phase,
    Placement,
    Trick,
    Zone,
    ZoneSpec,
    per_variant,
    registry,
)

if TYPE_CHECKING:
    from claim.core.cards import Card
    from claim.rules.state import GameState
    from claim.rules.variant import Variant

__all__ = [
    "SECOND_DECK",
    "Awakeners",
    "Cyclops",
    "Frostbeasts",
    "IceCouple",
    "Yetis",
    "Zombies",
]

SECOND_DECK: Final = ZoneSpec("second deck", per_seat=False, ordered=True, public=False)
"""The phase 1 discard, in the order fixed at the deal, face down (E12, E24)."""


@registry.register
@attrs.frozen
class Zombies(FactionPower):
    """Phase 1: a trick won by a Zombie gives its winner the losing card (E7, E21)."""

    name: ClassVar[str] = "zombies"
    phases: ClassVar[frozenset[Phase]] = frozenset({Phase.RECRUIT})
    priority: ClassVar[int] = 20

    def capture(self, trick: Trick) -> Sequence[Effect]:
        """E7, E21: the last-ranked card goes to the winner's score pile, first of all.

        The card keeps its place in the ranking (prizes are still handed out by
        rank), and triggers no placement power (E15).
        """
        if not trick.won_by(self.faction):
            return ()
        loser = trick.cards[trick.order[-1]]
        if loser in trick.taken:
            return ()
        return (Placement(loser, Zone.SCORE, trick.winner),)

    def capabilities(self) -> Capabilities:
        """What the fast paths may rely on (`claim.rules.capabilities`)."""
        return Capabilities(public=True, monotone_votes=True)


@registry.register
@attrs.frozen
class Frostbeasts(FactionPower):
    """Phase 2: a trick won by a Frostbeast loses its other cards (E9, E22)."""

    name: ClassVar[str] = "frostbeasts"
    phases: ClassVar[frozenset[Phase]] = frozenset({Phase.SUPPORT})
    priority: ClassVar[int] = 5

    def capture(self, trick: Trick) -> Sequence[Effect]:
        """E9, E22: every other card of the trick is discarded, before any placement.

        Dwarves, Gnomes and Trolls of the trick are discarded like any card; a
        waiting Troll is still delivered by the Trolls' own placement (E22).
        """
        if not trick.won_by(self.faction):
            return ()
        winning = trick.order[0]
        return [
            Placement(card, Zone.DISCARD)
            for position, card in enumerate(trick.cards)
            if position != winning and card not in trick.taken
        ]

    def capabilities(self) -> Capabilities:
        """What the fast paths may rely on (`claim.rules.capabilities`)."""
        return Capabilities(public=True, monotone_votes=True)


@registry.register
@attrs.frozen
class Yetis(FactionPower):
    """Both phases: the player who wins with a Yeti does not lead next (E10)."""

    name: ClassVar[str] = "yetis"
    priority: ClassVar[int] = 20

    def next_leader(self, trick: Trick) -> int | None:
        """E10: rank 2 leads (with 2 players, the other player); Dragons decide first."""
        if not trick.won_by(self.faction):
            return None
        return trick.seats[trick.order[1]]

    def capabilities(self) -> Capabilities:
        """What the fast paths may rely on (`claim.rules.capabilities`)."""
        return Capabilities(public=True, monotone_votes=True)


@per_variant
def _to_second_deck(variant: Variant) -> tuple[Placement, ...]:
    """Per card id, its placement from the discard to the second deck (E12)."""
    return tuple(Placement(card, SECOND_DECK.name, None, Zone.DISCARD)
                 for card in range(len(variant.deck)))


@registry.register
@attrs.frozen
class Awakeners(FactionPower):
    """Phase 2: winning with an Awakener draws from the second deck (E12, E15, E24)."""

    name: ClassVar[str] = "awakeners"
    phases: ClassVar[frozenset[Phase]] = frozenset({Phase.SUPPORT})
    priority: ClassVar[int] = 30
    uses_chance: ClassVar[bool] = True

    def zones(self) -> tuple[ZoneSpec, ...]:
        """The second deck: shared, ordered, hidden (E12)."""
        return (SECOND_DECK,)

    def phase_start(self, state: GameState) -> Sequence[Effect]:
        """E12, E24: phase 2 begins: the phase 1 discard becomes the second deck.

        Its order is the one fixed at the deal (``state.chance``), never fresh
        randomness: the same seed, or the same explicit deal, gives the same deck.
        """
        if state.phase is not Phase.SUPPORT:
            return ()
        discard = state.discard_mask
        moves = _to_second_deck(state.variant)
        return [moves[card] for card in state.chance if discard >> card & 1]

    def after_place(self, trick: Trick, placed: tuple[Placement, ...]) -> Sequence[Effect]:
        """E12, E15, E22: the Awakener's winner draws the top card into their score pile.

        After placement, before smashes; nothing is drawn from an empty deck. The
        drawn card triggers no placement or collection power (E15).
        """
        if not trick.won_by(self.faction):
            return ()
        deck = trick.state.zones[trick.variant.tables.zone_index[SECOND_DECK.name]]
        if not deck:
            return ()
        return (Placement(deck[0], Zone.SCORE, trick.winner, SECOND_DECK.name),)


@registry.register
@attrs.frozen
class Cyclops(FactionPower):
    """Scoring: the fewest Cyclops win their vote (E14, E25)."""

    name: ClassVar[str] = "cyclops"

    def vote(self, cards: tuple[tuple[Card, ...], ...]) -> int | None:
        """E14: the party with the fewest Cyclops among those holding any wins.

        A tie goes to the tied party holding the lowest Cyclops (printed values,
        E25); equal lowest Cyclops, or nobody holding any, leave it unclaimed (R12).
        """
        counts = {party: len(pile) for party, pile in enumerate(cards) if pile}
        if not counts:
            return None
        fewest = min(counts.values())
        tied = [party for party, count in counts.items() if count == fewest]
        if len(tied) == 1:
            return tied[0]
        lows = {party: min(card.value for card in cards[party]) for party in tied}
        low = min(lows.values())
        holders = [party for party in tied if lows[party] == low]
        return holders[0] if len(holders) == 1 else None

    def capabilities(self) -> Capabilities:
        """What the fast paths may rely on (`claim.rules.capabilities`)."""
        return Capabilities(public=True)


@registry.register
@attrs.frozen
class IceCouple(FactionPower):
    """End of game: an Ice King and an Ice Queen of one value leave together (E11).

    Both factions of the couple use this power. The couple is the first two
    factions of the variant (in its faction order) whose power is ``ice_couple``;
    only the first of them acts at the end, pairing its cards with the second's,
    so every card is paired at most once and neither faction needs a parameter.
    A variant holding only one of the two (a house mix) pairs nothing.
    """

    name: ClassVar[str] = "ice_couple"
    priority: ClassVar[int] = 80

    def _couple(self, state: GameState) -> tuple[str, ...]:
        tables = state.variant.tables
        return tuple(
            faction for faction, power in zip(tables.faction_names, tables.powers)
            if type(power).name == self.name
        )[:2]

    def finish(self, state: GameState) -> Sequence[Effect]:
        """E11: per score pile, pair Kings and Queens of equal printed value; discard them.

        Runs after the other end-of-game moves (Gnomes in front join the score
        piles first) and before the votes.
        """
        couple = self._couple(state)
        if len(couple) < 2 or couple[0] != self.faction:
            return ()
        variant = state.variant
        masks = [variant.faction_mask(faction) for faction in couple]
        effects: list[Effect] = []
        for seat, pile in enumerate(state.score_masks):
            kings, queens = (variant.ids_in(pile & mask) for mask in masks)
            free = list(queens)
            for king in kings:
                value = variant.deck[king].value
                queen = next((q for q in free if variant.deck[q].value == value), None)
                if queen is None:
                    continue
                free.remove(queen)
                effects += [Placement(card, Zone.DISCARD, None, Zone.SCORE, seat)
                            for card in (king, queen)]
        return effects

    def capabilities(self) -> Capabilities:
        """What the fast paths may rely on (`claim.rules.capabilities`)."""
        return Capabilities(public=True)
