"""Cards drawn unseen from a zone set aside at the deal into a hand (the Fire Phoenix
deck, E41, E44), for knowledge and determinization (`claim.info.knowledge`,
`claim.info.sampling`).

Knowledge: a card another seat drew so is unseen, and lies in that seat's hand until
played. Such cards are a place of their own, ``(zone, seat)`` (``("fire phoenix
deck", 1)``), which holds only the zone's faction, beside ``("hand", seat)``, which
holds the rest of the hand; a card of the zone's faction that the seat plays from
its hand (not one known to be there) leaves the first. Every card of a Fire
Phoenix deck is set aside at the deal, so none is ever dealt: no other hidden place
(a hand's rest, the draw pile, ...) can hold one.

Determinization: a sampled deal's zone is the zone's order at the deal: its cards
drawn, in the order drawn, then the cards it holds now. The viewer's own draws are
the cards they saw. Another seat's draws are the cards of the zone's faction that
seat played since (each from one of its draws before the play: chosen uniformly
among them, which is uniform among the consistent orders, since any earlier draw
serves a later play as well) and the cards the placement put in its ``(zone,
seat)`` place, in a random order; the cards the zone holds now follow, shuffled.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from claim.core._shuffle import shuffle
from claim.core.cache import per_variant
from claim.core.cards import Card
from claim.info._direct_program import Rejected
from claim.rules.variant import Variant

__all__ = ["aside_bans", "ban_apart", "deal_orders", "never_dealt", "split_drawn", "undraw"]

Place = tuple[str, int | None]
Draw = tuple[str, str, int | None, Card | None]


@per_variant
def aside_zones(variant: Variant) -> dict[str, str]:
    """Per faction whose power sets cards aside at the deal, the zone's name."""
    tables = variant.tables
    return {tables.faction_names[fi]: tables.zone_specs[zone].name
            for fi, zone, _ in tables.asides}


@per_variant
def never_dealt(variant: Variant) -> frozenset[str]:
    """The factions whose every card is set aside at the deal (the Fire Phoenixes):
    none of their cards is dealt or lies in the draw pile."""
    tables = variant.tables
    return frozenset(tables.faction_names[fi] for fi, _, count in tables.asides
                     if count == tables.faction_masks[fi].bit_count())


@per_variant
def _apart(variant: Variant) -> tuple[frozenset[str], frozenset[Card]]:
    """The zones of the factions never dealt (`never_dealt`), and their cards."""
    names = never_dealt(variant)
    zones = frozenset(zone for faction, zone in aside_zones(variant).items() if faction in names)
    return zones, frozenset(card for card in variant.deck if card.faction in names)


def ban_apart(variant: Variant, places: dict[Place, int],
              banned: dict[Place, frozenset[Card]], known: dict[Place, Counter[Card]]
              ) -> None:
    """A card of a faction never dealt lies in its zone or in a place of cards drawn
    from it, ``(zone, seat)``: every other hidden place cannot hold it (but a card
    seen going there, ``known``: a Fire Phoenix taken back, E42)."""
    zones, cards = _apart(variant)
    if cards:
        for place in places:
            if place[0] not in zones and places[place]:
                seen = known.get(place)
                apart = cards.difference(seen) if seen else cards
                banned[place] = banned.get(place, frozenset()) | apart


def undraw(variant: Variant, drawn: dict[Place, int], seat: int, card: Card) -> None:
    """A card ``seat`` played from its hand, not known to be there: if it is of a
    faction set aside at the deal and the seat holds cards it drew from that zone
    unseen, it was one of them."""
    place = (aside_zones(variant).get(card.faction, ""), seat)
    if drawn.get(place, 0) > 0:
        drawn[place] -= 1


def split_drawn(drawn: dict[Place, int], places: dict[Place, int],
                banned: dict[Place, frozenset[Card]],
                bans: dict[Place, frozenset[Card]]) -> None:
    """The cards each seat drew unseen from a zone set aside (``drawn``, and holds
    still) taken out of its hand's place into their own, which holds only the zone's
    faction (``bans``: the zones' forbidden cards, by ``(zone, None)``)."""
    for (zone, seat), n in drawn.items():
        if n > 0 and ("hand", seat) in places and (zone, None) in bans:
            places[("hand", seat)] -= n
            places[(zone, seat)] = n
            banned[(zone, seat)] = bans[(zone, None)]


def deal_orders(variant: Variant, viewer: int | None, draws: Sequence[Draw],
                at: dict[Place, list[Card]], rng: random.Random) -> None:
    """Each zone set aside from which cards were drawn into hands, as it was at the
    deal (see the module), written into ``at[(zone, None)]`` (a placement of
    `claim.info._placing.place`, whose ``(zone, seat)`` places it reads).

    Raises:
        Rejected: The placement is not consistent with the draws.
    """
    if not draws:
        return
    for faction, zone in aside_zones(variant).items():
        slots: list[Card | None] = []
        free: dict[int | None, list[int]] = {}
        back: dict[int | None, Counter[Card]] = {}
        for kind, name, seat, card in draws:
            if kind == "draw" and name == zone:
                if card is None:
                    free.setdefault(seat, []).append(len(slots))
                slots.append(card)
            elif card is None or card.faction != faction or seat == viewer:
                continue
            elif kind == "back":
                back.setdefault(seat, Counter())[card] += 1
            elif back.get(seat, Counter())[card] > 0:  # played again, once returned
                back[seat][card] -= 1
            elif free.get(seat):
                open_ = free[seat]
                slots[open_.pop(rng.randrange(len(open_)))] = card
            elif slots:
                raise Rejected  # a card played that none of the seat's draws can be
        if slots:
            _fill(slots, free, at, zone, rng)


def _fill(slots: list[Card | None], free: dict[int | None, list[int]],
          at: dict[Place, list[Card]], zone: str, rng: random.Random) -> None:
    """The draws no play fixed: the cards each seat holds (its ``(zone, seat)``
    place), in a random order; then the zone's cards now, shuffled."""
    for seat, open_ in free.items():
        held = list(at.get((zone, seat), []))
        if len(held) != len(open_):
            raise Rejected
        shuffle(held, rng)
        for index, card in zip(open_, held):
            slots[index] = card
    rest = list(at.get((zone, None), []))
    shuffle(rest, rng)
    at[(zone, None)] = [card for card in slots if card is not None] + rest


def aside_bans(variant: Variant) -> dict[Place, frozenset[Card]]:
    """E33: a zone of cards set aside at the deal holds only its power's faction."""
    tables = variant.tables
    out: dict[Place, frozenset[Card]] = {}
    for fi, zone, _ in tables.asides:
        name = tables.faction_names[fi]
        out[(tables.zone_specs[zone].name, None)] = frozenset(
            card for card in tables.deck if card.faction != name)
    return out
