"""Phoenixes (Maps; EXPANSIONS.md, "Factions with hidden information": E41, E43, E44,
E45): a player who loses a phase 2 trick in which they played a Phoenix draws the
top Fire Phoenix into their hand, seen by them alone. Written against `claim.powers`
alone; the engine's side (views, knowledge, determinization, records) is in
docs/views.md, "Hidden chance fixed at the deal".

The Fire Phoenixes are cards (they go into hands, are played, won and scored), and a
Fire Phoenix 5 must be told apart from a Phoenix 5 in records and determinization,
so they are a faction of their own, ``fire_phoenixes`` (code ``Fp``), a couple with
the Phoenixes in the catalog (used whole or not at all). Its power,
`FirePhoenixes`, makes each of them a Phoenix in every respect: it leads, follows
and ranks as a Phoenix, and it scores for the Phoenixes' vote (it has no vote of its
own). It sets every one of its cards aside at the deal into the hidden, ordered
zone `FIRE_DECK`, in the order drawn from the seed (or given by an explicit deal's
``set_aside``): that is the Fire Phoenix deck (E41), an extra deck, not part of the
deck size (E45). `Phoenixes.after_place` draws from its top.
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
    SetAside,
    Trick,
    Zone,
    ZoneSpec,
    registry,
)

if TYPE_CHECKING:
    from claim.rules.state import GameState

__all__ = ["FIRE_DECK", "FirePhoenixes", "Phoenixes"]

FIRE_DECK: Final = ZoneSpec("fire phoenix deck", per_seat=False, ordered=True, public=False)
"""The Fire Phoenix deck (E41): hidden, shared, drawn from the top; set aside at the
deal by `FirePhoenixes`, drawn from by `Phoenixes`."""


@registry.register
@attrs.frozen
class Phoenixes(FactionPower):
    """Phase 2: after the trick's placement, each losing player who played a Phoenix
    (a Fire Phoenix too) draws the top Fire Phoenix into their hand, in seat order
    from the winner; an empty Fire Phoenix deck gives nothing (E41). With 3-4
    players every player but the winner loses (E4).

    Attributes:
        fire: The faction of the Fire Phoenixes (its cards are the Fire Phoenix deck).
    """

    name: ClassVar[str] = "phoenixes"
    phases: ClassVar[frozenset[Phase]] = frozenset({Phase.SUPPORT})
    priority: ClassVar[int] = 35
    after_place_always: ClassVar[bool] = True
    faction_params: ClassVar[tuple[str, ...]] = ("fire",)

    fire: str = "fire_phoenixes"

    def zones(self) -> tuple[ZoneSpec, ...]:
        """The Fire Phoenix deck, shared with the Fire Phoenixes' power."""
        return (FIRE_DECK,)

    def drawers(self, trick: Trick) -> tuple[int, ...]:
        """E41: the losing seats that played a Phoenix or a Fire Phoenix, in seat
        order from the winner."""
        tables = trick.state.variant.tables
        index = tables.faction_index
        own = index[self.faction]
        phoenix = (own, index.get(self.fire, own))
        card_faction = tables.card_faction
        played = {seat: card_faction[card] for card, seat in zip(trick.cards, trick.seats)}
        players = trick.state.variant.players
        winner = trick.winner
        return tuple(seat for seat in ((winner + step) % players for step in range(1, players))
                     if played.get(seat) in phoenix)

    def after_place(self, trick: Trick, placed: tuple[Placement, ...]) -> Sequence[Effect]:
        """E41: each drawer takes the top Fire Phoenix into their hand (after the
        trick's placement and the Awakener's draw, before the smashes: priority 35);
        nothing once the deck is empty. The drawer alone sees the card (RULES 7)."""
        state = trick.state
        deck = state.zones[state.variant.tables.zone_index[FIRE_DECK.name]]
        if not deck:
            return ()
        return tuple(Placement(card, Zone.HAND, seat, FIRE_DECK.name)
                     for card, seat in zip(deck, self.drawers(trick)))

    def capabilities(self) -> Capabilities:
        """Cards drawn go to hands, never out of a score pile: votes only grow."""
        return Capabilities(monotone_votes=True)


@registry.register
@attrs.frozen
class FirePhoenixes(FactionPower):
    """The Fire Phoenix deck (E41, E45): every card of the faction set aside unseen at
    the deal, in the order drawn; a Fire Phoenix is a Phoenix in every respect, votes
    included.

    Attributes:
        phoenixes: The faction the Fire Phoenixes are (the Phoenixes).
        cards: How many cards the Fire Phoenix deck holds: all of the faction's (the
            catalog's ten).
    """

    name: ClassVar[str] = "fire_phoenixes"
    faction_params: ClassVar[tuple[str, ...]] = ("phoenixes",)

    phoenixes: str = "phoenixes"
    cards: int = 10

    def zones(self) -> tuple[ZoneSpec, ...]:
        """The Fire Phoenix deck: hidden from every seat, shared, ordered (E41, E44)."""
        return (FIRE_DECK,)

    def set_aside(self) -> SetAside:
        """E41, E45: the whole faction, before the deal, in an order fixed by the
        seed (or an explicit deal): the Fire Phoenix deck, top first."""
        return SetAside(FIRE_DECK.name, self.cards)

    def lead_faction(self) -> str:
        """A led Fire Phoenix makes the lead faction the Phoenixes."""
        return self.phoenixes

    def counts_as(self, lead: str) -> str:
        """A Fire Phoenix counts as a Phoenix (it ranks with them on a Phoenix lead)."""
        return self.phoenixes

    def follows(self, lead: str) -> bool:
        """Holding a Fire Phoenix obliges one to follow a Phoenix lead (RULES 3)."""
        return lead in (self.phoenixes, self.faction)

    def has_vote(self) -> bool:
        """E41: no vote of its own; Fire Phoenixes count for the Phoenixes' vote."""
        return False

    def scores_as(self, state: GameState, card: int) -> str | None:
        """E41: a scored Fire Phoenix counts for the Phoenixes."""
        return self.phoenixes

    def capabilities(self) -> Capabilities:
        """Static hooks only: public, and nothing ever leaves a score pile."""
        return Capabilities(public=True, monotone_votes=True)
