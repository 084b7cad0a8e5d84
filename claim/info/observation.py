"""A fixed-length observation vector for a view, for search and learning.

`observation(view)` is a plain list of numbers (ints and floats, no numpy) of
length `observation_size(variant)`, the same for every view of a variant. Seats
are *relative* to the viewer: relative seat ``r`` is seat ``(viewer + r) % n``
(a spectator counts as seat 0). The layout, in order:

1. **Cards**: per distinct card of the deck (``kinds``: the deck's distinct cards
   in deck order), one block of ``locations`` counts, how many copies the viewer
   sees (or knows to be) there:

   - 0 the viewer's hand, 1 their follower pile, 2 face up, 3 discard (seen);
   - then per relative seat: in the current trick, played by it;
   - then per relative seat: its score pile;
   - then per relative seat: known in its hidden hand or follower pile (a
     face-up card it took, a card a Seer showed);
   - then per declared public zone: per relative seat for per-seat zones (in
     front), one slot for shared zones (the waiting line);
   - then one slot: known to lie in a hidden shared zone or the draw pile;
   - last: unseen copies (`claim.info.knowledge`).

   A masked card shown by its class only (E44) is unseen: it counts in its place as
   an equal share of each unseen card of its class, taken from their unseen counts.

2. **Game**: the phase one-hot (recruit, support, over); the player to act,
   one-hot over relative seats, then "nobody"; the leader, one-hot over relative
   seats; whether a question waits for the viewer, and for anyone; per relative
   seat its hand size and follower pile size; the draw pile size; unseen discards;
   per hidden zone, its card count.

3. **Powers**, generically: per faction two numbers: whether its power keeps
   state (not None), and a number for it: a bool or an int as itself, a tuple or
   set by its length, anything else 1.

4. **Voids**: per relative seat, per faction, 1 if the viewer knows that seat's
   hand holds no card of that faction (void inference, `claim.info.knowledge`;
   never for a faction that is never dealt, the Fire Phoenixes, E41).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from claim.core.cards import Card, MaskedCard
from claim.core.zones import Phase
from claim.info._drawn import never_dealt
from claim.info.knowledge import knowledge
from claim.rules.masking import mask_table
from claim.rules.variant import Variant
from claim.rules.views import View

__all__ = ["card_locations", "observation", "observation_size"]

_PHASES = (Phase.RECRUIT, Phase.SUPPORT, Phase.OVER)


def _kinds(variant: Variant) -> tuple[Card, ...]:
    return tuple(dict.fromkeys(variant.deck))


def _public_slots(variant: Variant) -> int:
    tables = variant.tables
    return sum((variant.players if spec.per_seat else 1)
               for spec in tables.zone_specs if spec.public)


def _zone_offsets(variant: Variant) -> dict[tuple[str, int | None], int]:
    """Per public declared zone (and relative seat), its slot among the zone slots."""
    offsets: dict[tuple[str, int | None], int] = {}
    for spec in variant.tables.zone_specs:
        if spec.public:
            for seat in (range(variant.players) if spec.per_seat else (None,)):
                offsets[(spec.name, seat)] = len(offsets)
    return offsets


def card_locations(variant: Variant) -> int:
    """How many location counts each distinct card has (part 1 of the layout)."""
    return 4 + 3 * variant.players + _public_slots(variant) + 2


def observation_size(variant: Variant) -> int:
    """The length of every observation of ``variant``'s views."""
    n = variant.players
    hidden = sum(1 for spec in variant.tables.zone_specs if not spec.public
                 for _ in range(n if spec.per_seat else 1))
    game = 3 + (n + 1) + n + 2 + 2 * n + 2 + hidden
    factions = len(variant.factions)
    return len(_kinds(variant)) * card_locations(variant) + game + 2 * factions + n * factions


def _number(value: Hashable) -> float:
    if isinstance(value, (bool, int)):
        return float(value)
    if isinstance(value, (tuple, frozenset)):
        return float(len(value))
    return 1.0


def observation(view: View) -> list[float]:
    """The observation vector of ``view`` (layout in the module's description)."""
    variant = view.variant
    n = variant.players
    me = view.seat or 0
    kinds = {card: i for i, card in enumerate(_kinds(variant))}
    width = card_locations(variant)
    cards = [0.0] * (len(kinds) * width)

    def add(card: Card, slot: int) -> None:
        if isinstance(card, MaskedCard):
            masked.append((card, slot))
            return
        cards[kinds[card] * width + slot] += 1

    masked: list[tuple[MaskedCard, int]] = []

    def rel(seat: int) -> int:
        return (seat - me) % n

    for slot, group in enumerate((view.hand, view.follower_pile, view.face_up, view.discard)):
        for card in group:
            add(card, slot)
    for seat, card in view.trick:
        add(card, 4 + rel(seat))
    for seat, pile in enumerate(view.score_piles):
        for card in pile:
            add(card, 4 + n + rel(seat))
    know = knowledge(view)
    shared = 4 + 3 * n + _public_slots(variant)
    for (name, owner), known in know.known:
        for card in known:
            add(card, shared if owner is None or name == "draw pile"
                else 4 + 2 * n + rel(owner))
    offsets = _zone_offsets(variant)
    for zone in view.zones:
        if zone.public:
            where = 4 + 3 * n + offsets[(zone.name, None if zone.seat is None
                                         else rel(zone.seat))]
            for card in zone.cards:
                add(card, where)
    for card in know.unseen:
        add(card, shared + 1)
    _spread(view, cards, masked, know.unseen, kinds, width)
    return cards + _game(view, rel) + _powers(view) + _voids(view, know.forbidden, rel)


def _spread(view: View, cards: list[float], masked: list[tuple[MaskedCard, int]],
            unseen: tuple[Card, ...], kinds: dict[Card, int], width: int) -> None:
    """E44: a masked card (unseen, so counted with the unseen copies, the last slot)
    counts in its place as an equal share of each unseen card of its class."""
    table = mask_table(view.variant)
    if not masked or table is None:
        return
    last = width - 1
    for shown, slot in masked:
        alike = [card for card in unseen if table.by_card.get(card) == shown]
        for card in alike:
            cards[kinds[card] * width + slot] += 1 / len(alike)
            cards[kinds[card] * width + last] -= 1 / len(alike)


def _one_hot(size: int, index: int | None) -> list[float]:
    out = [0.0] * size
    if index is not None:
        out[index] = 1.0
    return out


def _game(view: View, rel: Callable[[int], int]) -> list[float]:
    n = view.variant.players
    to_rel = rel
    current = n if view.current_player is None else to_rel(view.current_player)
    out = _one_hot(3, _PHASES.index(view.phase)) + _one_hot(n + 1, current)
    out += _one_hot(n, to_rel(view.leader))
    pending = view.pending
    out += [float(pending is not None and pending.seat == view.seat), float(pending is not None)]
    for r in range(n):
        seat = (r + (view.seat or 0)) % n
        out += [float(view.hand_sizes[seat]), float(view.follower_sizes[seat])]
    out += [float(view.draw_pile_size), float(view.unseen_discards)]
    out += [float(zone.count) for zone in view.zones if not zone.public]
    return out


def _powers(view: View) -> list[float]:
    out: list[float] = []
    for _, value in view.power_states:
        out += [float(value is not None), 0.0 if value is None else _number(value)]
    return out


def _voids(view: View, forbidden: tuple[tuple[tuple[str, int | None], frozenset[Card]], ...],
           rel: Callable[[int], int]) -> list[float]:
    variant = view.variant
    n = variant.players
    names = [f.name for f in variant.factions]
    out = [0.0] * (n * len(names))
    to_rel = rel
    apart = never_dealt(variant)  # E41: no place but their own holds a Fire Phoenix
    for (name, seat), banned in forbidden:
        if seat is None or name not in ("hand", "follower pile"):
            continue  # (a place of cards drawn from a zone set aside: not a void)
        for faction in {card.faction for card in banned} - apart:
            out[to_rel(seat) * len(names) + names.index(faction)] = 1.0
    return out
