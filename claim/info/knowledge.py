"""What a player knows of the cards they cannot see, from their view alone.

[`knowledge`][claim.info.knowledge.knowledge] reads a [`View`][claim.rules.views.View] (never
the state) and tells:

* the cards the viewer has not seen (``unseen``), as a multiset in deck order;
* the hidden places (other hands, follower piles, the draw pile, unseen discards,
  hidden zones such as the second deck) and how many unseen cards each holds;
* the cards seen going into a hidden place (``known``): a face-up card another
  player took (RULES 3), the card a Seer showed the viewer and another player then
  drew, cards seen going into the second deck (E24);
* the cards a zone set aside at the deal cannot hold: every card not of the faction
  that sets it aside (E33, reported with the voids in ``forbidden``);
* void inference (RULES 3): a player who played off the lead faction held no card
  obliged to follow it then, so their hand of *this phase* holds none now. A
  Doppelganger (always playable, R2) tells nothing; Elf-Orcs oblige on an Elf or
  Orc lead (E3); a trick in which a power lifts the follow obligation (a Satyr
  trick, E13) tells nothing (nor, in a variant with such a power, the first trick,
  whose power state was set at the deal); phase 2 hands are the follower piles, so phase 1 voids
  are forgotten when phase 2 starts.

A place is a ``(name, seat)`` pair: ``("hand", 1)``, ``("follower pile", 1)``,
``("draw pile", None)``, ``("discard", None)`` (cards discarded unseen, E6), a
hidden zone's name and seat (``("second deck", None)``), or a zone set aside at the
deal and a seat: the cards drawn from it unseen into that seat's hand, not played
since (``("fire phoenix deck", 1)``: Fire Phoenixes, E41, E44; the hand's own place
counts the rest). Masked cards (E28, E44) the view shows by class only are unseen
cards of the place they lie in: the viewer's own ``("hand", seat)`` and
``("follower pile", seat)``, and ``("trick", None)`` for a trick not yet complete;
such a place cannot hold (``forbidden``) any card outside the classes it shows,
besides the cards it shows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable

import attrs

from claim.core.cache import per_variant
from claim.core.cards import Card, MaskedCard
from claim.core.errors import ViewError
from claim.core.moves import PlayCard
from claim.core.records import (
    CardDrawn,
    FaceUpTaken,
    FaceUpTurned,
    LeaderChosen,
    Peeked,
    PhaseStarted,
    Placed,
    PowerStateChanged,
    TrickCompleted,
)
from claim.core.zones import Phase, Zone
from claim.info._drawn import aside_bans, ban_apart, split_drawn, undraw
from claim.rules.masking import mask_table
from claim.rules.rulebook import shows_void
from claim.rules.variant import Variant
from claim.rules.views import HiddenEvent, View, ViewEvent, deck_rank

__all__ = ["Knowledge", "Place", "knowledge", "void_cards"]

Place = tuple[str, int | None]
"""A hidden place: ``(name, seat)``, seat None for shared places."""


@attrs.frozen
class Knowledge:
    """What the viewer knows of the cards they cannot see.

    Attributes:
        seat: The viewer (None: a spectator).
        unseen: The cards the viewer has not seen, in deck order (a multiset).
        places: Every hidden place and how many *unseen* cards it holds.
        known: Per hidden place, the cards seen going there (not counted in
            ``places``), in deck order.
        forbidden: Per hidden hand, the cards it cannot hold (void inference);
            per zone of cards set aside at the deal, every card not of its
            faction (E33); per place but its zone and the places of cards drawn
            from it, the cards of a faction never dealt (Fire Phoenixes, E41).
        top: The top card of the draw pile, if the viewer saw it (a Seer's peek).
    """

    seat: int | None
    unseen: tuple[Card, ...]
    places: tuple[tuple[Place, int], ...]
    known: tuple[tuple[Place, tuple[Card, ...]], ...]
    forbidden: tuple[tuple[Place, frozenset[Card]], ...]
    top: Card | None = None

    def where(self, card: Card) -> tuple[Place, ...]:
        """The hidden places an unseen ``card`` can lie in (empty if it is not unseen)."""
        if card not in self.unseen:
            return ()
        banned = dict(self.forbidden)
        return tuple(place for place, count in self.places
                     if count and card not in banned.get(place, frozenset()))

    def count(self, place: Place) -> int:
        """How many unseen cards ``place`` holds (0 for a place that is not hidden)."""
        return dict(self.places).get(place, 0)


@per_variant
def _follow_kinds(variant: Variant) -> tuple[dict[str, tuple[int, frozenset[Card]]],
                                             dict[Card, int]]:
    """Per faction, the mask and the cards obliged to follow it; per card, the mask
    of its copies."""
    tables = variant.tables
    deck = tables.deck
    follow = {name: (mask, frozenset(deck[i] for i in variant.ids_in(mask)))
              for name, mask in zip(tables.faction_names, tables.follow_masks)}
    copies: dict[Card, int] = {}
    for cid, card in enumerate(deck):
        copies[card] = copies.get(card, 0) | 1 << cid
    return follow, copies


def void_cards(variant: Variant, lead_faction: str, played: Card) -> frozenset[Card]:
    """The cards a player cannot have held when playing ``played`` to a trick led in
    ``lead_faction`` with the follow rule on (RULES 3, R2, E3, read backwards:
    `claim.rules.rulebook.shows_void`); empty when the play tells nothing."""
    follow, copies = _follow_kinds(variant)
    mask, kinds = follow.get(lead_faction, (0, frozenset()))
    if shows_void(copies.get(played, 0), mask, variant.tables.wild_mask):
        return kinds
    return frozenset()


@attrs.define
class _Walk:
    """The history walk's running facts."""

    view: View
    hidden: dict[Place, int] = attrs.Factory(dict)
    known: dict[Place, Counter[Card]] = attrs.Factory(dict)
    banned: dict[Place, set[Card]] = attrs.Factory(dict)
    peek: Card | None = None
    phase: Phase = Phase.RECRUIT
    plays: list[tuple[int, Card]] = attrs.Factory(list)
    states: dict[str, Hashable] = attrs.Factory(dict)
    revealed: Counter[Card] = attrs.Factory(Counter)
    discarded: Counter[Card] = attrs.Factory(Counter)
    tricks: int = 0
    drawn: dict[Place, int] = attrs.Factory(dict)

    def pin(self, place: Place, card: Card) -> None:
        self.known.setdefault(place, Counter())[card] += 1

    def unpin(self, place: Place, card: Card) -> bool:
        pile = self.known.get(place)
        if pile and pile[card] > 0:
            pile[card] -= 1
            return True
        return False

    def other(self, seat: int | None) -> bool:
        return seat is not None and seat != self.view.seat


def _walk(view: View) -> _Walk:
    variant = view.variant
    tables = variant.tables
    states = {name: power.initial_state()
              for name, power in zip(tables.faction_names, tables.powers)}
    walk = _Walk(view, hidden=_hidden_places(view), states=states, phase=_first_phase(view))
    for record in view.history:
        if isinstance(record.move, PlayCard):
            walk.plays.append((record.seat, record.move.card))
            if walk.phase is Phase.SUPPORT and walk.other(record.seat) and not walk.unpin(
                    ("hand", record.seat), record.move.card):
                undraw(variant, walk.drawn, record.seat, record.move.card)
        for event in record.events:
            _step(walk, event)
    if walk.peek is not None and view.draw_pile_size:
        walk.pin(("draw pile", None), walk.peek)
    return walk


def _first_phase(view: View) -> Phase:
    """The phase the view's game began in: phase 1, unless it began in phase 2 (a
    position built by hand, `claim.testing.support_position`): no phase 2 started
    in its history, yet the game is in phase 2 or over."""
    started = [event.phase for record in view.history for event in record.events
               if isinstance(event, PhaseStarted)]
    if Phase.SUPPORT in started or (not started and view.phase is Phase.RECRUIT):
        return Phase.RECRUIT
    return Phase.SUPPORT


def _step(walk: _Walk, event: ViewEvent) -> None:
    cls = event.__class__
    if cls is Placed:
        _placed(walk, event)  # type: ignore[arg-type]
    elif cls is LeaderChosen:
        return
    elif isinstance(event, TrickCompleted):
        _voids(walk, event)
        walk.plays = []
    elif isinstance(event, PowerStateChanged):
        walk.states[event.faction] = event.value
    elif isinstance(event, Peeked):
        walk.peek = None if isinstance(event.card, MaskedCard) else event.card
    elif isinstance(event, (FaceUpTurned, CardDrawn)):
        walk.peek = None
    elif isinstance(event, FaceUpTaken):
        if walk.other(event.seat):
            walk.pin(("follower pile", event.seat), event.card)
    elif isinstance(event, HiddenEvent):
        _hidden(walk, event)
    elif isinstance(event, Placed):
        _placed(walk, event)
    elif isinstance(event, PhaseStarted):
        walk.phase = event.phase
        if event.phase is not Phase.OVER:  # cards left in hands at an early end (E43)
            walk.banned = {}                # keep the voids their seats showed
        if event.phase is Phase.SUPPORT:
            for place in [p for p in walk.known if p[0] == "follower pile"]:
                walk.known[("hand", place[1])] = walk.known.pop(place)


def _hidden(walk: _Walk, event: HiddenEvent) -> None:
    if event.origin is Zone.DRAW_PILE and event.kind != "Peeked":
        if walk.peek is not None:
            target: Place = ("follower pile", event.seat) if event.kind == "CardDrawn" else (
                _name(event.zone), event.seat)
            walk.pin(target, walk.peek)
        walk.peek = None
    elif event.kind == "PlacedUnseen" and event.zone is Zone.HAND and walk.other(event.seat):
        place = (_name(event.origin), event.seat)  # E41: drawn from a zone set aside
        walk.drawn[place] = walk.drawn.get(place, 0) + 1
    elif event.kind == "Placed" and event.origin is Zone.DISCARD:
        pile = walk.known.get(("discard", None))
        moved = next((c for c, n in (pile or Counter()).items() if n > 0), None)
        if moved is not None:
            walk.unpin(("discard", None), moved)
            walk.pin((_name(event.zone), event.seat), moved)


def _placed(walk: _Walk, event: Placed) -> None:
    if event.origin is Zone.TRICK and (event.zone is Zone.SCORE or event.zone is Zone.DISCARD):
        if event.zone is Zone.DISCARD:  # the common case, public both ends
            walk.discarded[event.card] += 1
        return
    hidden = walk.hidden
    if event.origin is Zone.DRAW_PILE:
        walk.peek = None
    if event.zone is Zone.FOLLOWERS and walk.other(event.seat):
        walk.pin(("follower pile", event.seat), event.card)
    elif event.zone is not Zone.DISCARD and (_name(event.zone), event.seat) in hidden and (
            event.seat is None or walk.other(event.seat)):  # not the viewer's own (masked)
        walk.pin((_name(event.zone), event.seat), event.card)
    if event.zone is Zone.DISCARD:
        walk.discarded[event.card] += 1
    if event.origin is Zone.DISCARD and walk.discarded[event.card] > 0:
        walk.discarded[event.card] -= 1
        return
    origin = (_name(event.origin), event.origin_seat)
    if origin in hidden and not walk.unpin(origin, event.card):
        walk.revealed[event.card] += 1


def _voids(walk: _Walk, event: TrickCompleted) -> None:
    """RULES 3: a player who did not follow held nothing obliged to follow."""
    variant = walk.view.variant
    tables = variant.tables
    if tables.follow_hooks and not walk.tricks:
        walk.tricks += 1
        return  # the first trick's power states were set at the deal, unrecorded
    walk.tricks += 1
    for fi in tables.follow_hooks:
        name = tables.faction_names[fi]
        if walk.states.get(name) != tables.powers[fi].initial_state():
            return  # a power may have lifted the follow rule (E13): infer nothing
    shown = dict(event.plays)
    for seat, card in walk.plays[1:]:
        if isinstance(card, MaskedCard):  # revealed by the trick's end (E28)
            card = shown[seat]
        if walk.other(seat):
            cards = void_cards(variant, event.lead_faction, card)
            if cards:
                walk.banned.setdefault(("hand", seat), set()).update(cards)


def _name(zone: object) -> str:
    return zone.value if isinstance(zone, Zone) else str(zone)


def _hidden_places(view: View) -> dict[Place, int]:
    """Every hidden place and how many cards it holds, seen or not."""
    places: dict[Place, int] = {}
    for seat in range(view.variant.players):
        if seat != view.seat:
            places[("hand", seat)] = view.hand_sizes[seat]
            if view.phase is Phase.RECRUIT:
                places[("follower pile", seat)] = view.follower_sizes[seat]
    places[("draw pile", None)] = view.draw_pile_size
    places[("discard", None)] = view.unseen_discards
    for zone in view.zones:
        if not zone.public:
            places[(zone.name, zone.seat)] = zone.count
    for place, cards in _masked_places(view).items():
        places[place] = len(cards)
    return places


def _masked_places(view: View) -> dict[Place, list[MaskedCard]]:
    """E44: the masked cards the view shows by class only, by place: the viewer's
    hand and follower pile, and the current trick (``("trick", None)``)."""
    out: dict[Place, list[MaskedCard]] = {}
    for place, cards in ((("hand", view.seat), view.hand),
                         (("follower pile", view.seat), view.follower_pile),
                         (("trick", None), tuple(card for _, card in view.trick))):
        masked = [card for card in cards if isinstance(card, MaskedCard)]
        if masked:
            out[place] = masked
    return out


def _masked_bans(view: View) -> dict[Place, frozenset[Card]]:
    """E44: a place holding masked cards holds, besides the cards it shows, cards of
    their classes only."""
    table = mask_table(view.variant)
    out: dict[Place, frozenset[Card]] = {}
    if table is None:
        return out
    shown = {("hand", view.seat): view.hand, ("follower pile", view.seat): view.follower_pile,
             ("trick", None): tuple(card for _, card in view.trick)}
    for place, cards in _masked_places(view).items():
        classes = set(cards)
        plain = set(shown[place])
        out[place] = frozenset(card for card in view.variant.deck
                               if table.by_card.get(card) not in classes and card not in plain)
    return out


def _seen(view: View) -> Counter[Card]:
    seen: Counter[Card] = Counter(view.hand + view.follower_pile + view.face_up
                                  + view.discard)
    seen.update(card for _, card in view.trick)
    if view.variant.tables.hidden_states:  # masked cards are unseen (E44)
        for card in [c for c in seen if isinstance(c, MaskedCard)]:
            del seen[card]
    for pile in view.score_piles:
        seen.update(pile)
    for zone in view.zones:
        seen.update(zone.cards)
    return seen


@per_variant
@per_variant
def _deck_counts(variant: Variant) -> Counter[Card]:
    """How many copies of each card the deck holds (read only: callers copy it)."""
    return Counter(variant.deck)


def knowledge(view: View) -> Knowledge:
    """What ``view``'s seat knows of the cards it cannot see (see the module)."""
    walk = _walk(view)
    places = _hidden_places(view)
    seen = _seen(view)
    banned: dict[Place, frozenset[Card]] = {}
    split_drawn(walk.drawn, places, banned, aside_bans(view.variant))
    order = deck_rank(view.variant)

    def in_order(cards: Counter[Card]) -> tuple[Card, ...]:
        return tuple(sorted(cards.elements(), key=order.__getitem__))

    # A place hidden for its masked cards only (the viewer's hand, follower pile, the
    # trick) shows its other cards: the walk's knowledge of them is already seen.
    masked = _masked_places(view)
    known = {place: +pile for place, pile in walk.known.items()
             if place in places and place not in masked}
    for pile in known.values():
        seen.update(pile)
    unseen = Counter(_deck_counts(view.variant))  # (a copy: a dict's copy, no hashing)
    unseen.subtract(seen)
    if any(n < 0 for n in unseen.values()):
        raise ViewError("", "the view shows more copies of a card than the deck holds")
    counts = tuple((place, n - sum(known.get(place, Counter()).values()))
                   for place, n in places.items())
    banned.update({place: frozenset(cards) for place, cards in walk.banned.items()
                   if place in places})
    banned.update({place: cards for place, cards in aside_bans(view.variant).items()
                   if place in places})
    if view.variant.tables.hidden_states:
        banned.update(_masked_bans(view))
    ban_apart(view.variant, places, banned, known)
    return Knowledge(
        seat=view.seat, unseen=in_order(+unseen), places=counts,
        known=tuple((place, in_order(pile)) for place, pile in known.items() if pile),
        forbidden=tuple(banned.items()),
        top=walk.peek if walk.peek is not None and view.draw_pile_size else None,
    )
