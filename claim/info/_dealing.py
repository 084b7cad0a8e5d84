"""Helpers of determinization (`claim.info.sampling`): card kinds by identity, multiset
difference, the draw pile's planned slots, and the starter that numbers a sampled
deal's cards as `claim.new_game` does."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from itertools import chain
from typing import Final, cast

from claim.core._fast import slot_maker
from claim.core.cache import Recent, per_variant
from claim.core.cards import Card
from claim.core.deals import Deal as RecordedDeal
from claim.info._direct_program import Rejected as _Reject
from claim.info._history import Skeleton
from claim.info._sampled_deal import Deal
from claim.rules._hidden_deal import explicit_hidden
from claim.rules.dealing import dealt_game, new_game, started
from claim.rules.state import GameState, make_state
from claim.rules.variant import Variant

__all__ = ["Dealt", "Starter", "kinds", "minus", "plan", "starter"]


@per_variant
def kinds(variant: Variant) -> dict[int, int]:
    """The deck's own card objects, by identity, to the id of their first copy."""
    first: dict[Card, int] = {}
    return {id(card): first.setdefault(card, cid) for cid, card in enumerate(variant.deck)}


def minus(cards: list[Card], less: Counter[Card], kinds: dict[int, int] | None = None
           ) -> list[Card]:
    """``cards`` less ``less``, grouped as ``Counter(cards).elements()`` orders them.

    ``kinds`` (`kinds`) finds the deck's own card objects by identity, so that
    only other objects are hashed."""
    keys: list[object] = list(map(kinds.get, map(id, cards))) if kinds is not None else [None]
    if None in keys:  # cards that are not the deck's objects: by value
        keys = list(cards)
        kinds = None
    left: dict[object, int] = {}
    first: dict[object, Card] = {}
    for key, card in zip(keys, cards):
        if key in left:
            left[key] += 1
        else:
            left[key] = 1
            first[key] = card
    for card, n in less.items():
        key = card if kinds is None else kinds.get(id(card), card)
        n = left.get(key, 0) - n
        if n < 0:
            raise _Reject
        left[key] = n
    return [first[key] for key, n in left.items() for _ in range(n)]



_Plan = tuple[list[tuple[tuple[str, int | None], Card]], list[Card | None],
              list[tuple[int, tuple[str, int | None]]]]
_PLANS: Recent[int, tuple[Skeleton, _Plan]] = Recent("draw pile plans", 64)


def plan(sk: Skeleton) -> _Plan:
    """The draw pile's slots read once per skeleton: the cards a Seer showed the
    viewer, by pool; the known cards with holes; per hole, its pool."""
    found = _PLANS.get(id(sk))
    if found is not None and found[0] is sk:
        return found[1]
    forced, template, holes = [], [], []
    for index, (kind, owner, card) in enumerate(sk.slots):
        key = (kind, owner if kind == "drawn" else None)
        if kind != "card" and card is not None:
            forced.append((key, card))
        if card is None:
            holes.append((index, key))
        template.append(card)
    _PLANS.put(id(sk), (sk, (forced, template, holes)))
    return forced, template, holes


_make_deal: Final = slot_maker(RecordedDeal)
"""A recorded deal from its fields in order, without the frozen class's slow __init__."""


@per_variant
def starter(variant: Variant) -> Starter:
    """The variant's starter (its template game is dealt once)."""
    return Starter(variant)


class Dealt:
    """What a sampled deal gives the direct build: its variant, hands (card masks),
    draw pile and face-up cards (ids), chance order and recorded deal."""

    __slots__ = ("variant", "hand_masks", "draw_pile", "face_up", "chance", "deal")

    def __init__(self, variant: Variant, hand_masks: tuple[int, ...],
                 draw_pile: tuple[int, ...], face_up: tuple[int, ...],
                 chance: tuple[int, ...], deal: RecordedDeal) -> None:
        self.variant = variant
        self.hand_masks = hand_masks
        self.draw_pile = draw_pile
        self.face_up = face_up
        self.chance = chance
        self.deal = deal


class Starter:
    """Starts the game of a deal as `claim.new_game` does, without checking the deal
    against the deck again: the state is built from a template (``base``) with the
    card ids `new_game` would give an explicit deal (each card's first free copy:
    hands, then the draw pile, then the cards set aside, E33), the deal's cards set
    aside in their zones and its hidden power states checked by their powers (E30),
    as `new_game` checks them; for variants whose powers act when a game starts,
    their start is then run on it (`claim.rules.dealing.started`, as `new_game`
    runs it). Where chance is drawn at the deal (E12), `new_game` deals it.

    Attributes:
        template: The started game of seed 0 when no power acts at the start (the
            direct build's final path reads it), else None.
        base: The template of the states it builds, or None (`new_game` deals).
    """

    def __init__(self, variant: Variant) -> None:
        tables = variant.tables
        self.variant = variant
        self.starting = bool(tables.starters or tables.trick_starters)
        self.template = None if self.starting else new_game(variant, seed=0)
        self.base = self.template
        if self.starting:
            # The deal before the powers' start, which `start` then runs (`started`);
            # none when chance is drawn at the deal (E12: the Awakeners start from
            # the deal's own order), where `start` deals as `new_game` does.
            dealt = dealt_game(variant, 0)
            self.base = None if dealt.chance else dealt
        copies: dict[Card, list[int]] = {}
        for cid, card in enumerate(variant.deck):
            copies.setdefault(card, []).append(cid)
        self.only = {card: ids[0] for card, ids in copies.items() if len(ids) == 1}
        deck = variant.deck
        self.only_ids = {id(deck[cid]): cid for cid in self.only.values()}
        self.copies = {card: ids for card, ids in copies.items() if len(ids) > 1}
        # The copies of repeated cards: each deck object to its first copy's id.
        self.free = {ids[0]: ids for ids in self.copies.values()}
        self.copy_ids = {id(deck[cid]): ids[0] for ids in self.copies.values() for cid in ids}
        self.dup_mask = sum(1 << cid for ids in self.copies.values() for cid in ids)
        self._last: tuple[tuple[Card, ...], tuple[int, ...]] | None = None
        self._secrets: dict[tuple[tuple[str, Hashable], ...], tuple[Hashable, ...]] = {}

    def start(self, deal: Deal) -> GameState:
        """The game ``deal`` starts, card ids numbered as `claim.new_game` does."""
        base = self.base
        if base is None:
            return deal.start(self.variant)
        tables = self.variant.tables
        dealt = self.dealt_parts(deal.hands, deal.draw_pile, deal.first_leader,
                                 deal.set_aside, deal.hidden)
        secret = dealt.deal.hidden
        zones, states = base.zones, base.power_states
        if tables.asides:
            listed = list(zones)
            for (_, zone, _), ids in zip(tables.asides, dealt.deal.set_aside):
                listed[zone] = ids
            zones = tuple(listed)
        if secret:
            changed = list(states)
            for fi, value in zip(tables.hidden_states, secret):
                changed[fi] = value
            states = tuple(changed)
        state = make_state(
            self.variant, base.phase, deal.first_leader, base.trick,
            dealt.hand_masks, dealt.draw_pile, dealt.face_up, base.follower_masks,
            base.score_masks, zones, base.discard_mask, states, base.chance,
            base.pending, base.queue, base.records, dealt.deal)
        return started(state) if self.starting else state

    def dealt_parts(self, hands: tuple[tuple[Card, ...], ...], draw_pile: tuple[Card, ...],
                    first_leader: int, set_aside: tuple[tuple[str, tuple[Card, ...]], ...],
                    hidden: tuple[tuple[str, Hashable], ...]) -> Dealt:
        """`numbered` for a deal given by its parts (as a `Deal` holds them; none is
        built), its cards set aside and hidden power states included (those checked
        by their powers: a DealError the caller rejects)."""
        return self.numbered(hands, draw_pile, first_leader,
                             dict(set_aside) if set_aside else None, self._secret(hidden))

    def _secret(self, hidden: tuple[tuple[str, Hashable], ...]) -> tuple[Hashable, ...]:
        """The hidden power states of a deal, checked by their powers
        (`explicit_hidden`); the last ones checked are kept (a sampler's deals
        redraw few of them: the Tricksters' fakes of a handful of pairs)."""
        if not self.variant.tables.hidden_states:
            return ()
        found = self._secrets.get(hidden)
        if found is None:
            if len(self._secrets) >= 256:
                self._secrets.clear()
            found = self._secrets[hidden] = explicit_hidden(self.variant, dict(hidden), None)
        return found

    def numbered(self, hands: tuple[tuple[Card, ...], ...], draw_pile: tuple[Card, ...],
                 first_leader: int, set_aside: dict[str, tuple[Card, ...]] | None = None,
                 secret: tuple[Hashable, ...] = ()) -> Dealt:
        """A deal's card ids, numbered as `claim.new_game` does (for variants whose
        powers do nothing when a game starts: ``template`` is not None); the cards
        ``set_aside`` by zone name after the draw pile (E33), and the hidden power
        states ``secret`` kept in the recorded deal (E30).

        Raises:
            Rejected: A card set aside (or dealt) more often than the deck holds it.
        """
        assert self.base is not None
        tables = self.variant.tables
        cards = list(chain.from_iterable(hands))
        dealt = len(cards)
        cards += draw_pile
        piled = len(cards)
        sizes = []
        for _, zone, _ in tables.asides:
            aside = (set_aside or {}).get(tables.zone_specs[zone].name, ())
            cards += aside
            sizes.append(len(aside))
        numbers = self._ids(cards)
        bits = tables.card_bits
        dealt_hands, at = [], 0
        for hand in hands:
            dealt_hands.append(tuple(numbers[at:at + len(hand)]))
            at += len(hand)
        pile = tuple(numbers[dealt:piled])
        asides, at = [], piled
        for size in sizes:
            asides.append(tuple(numbers[at:at + size]))
            at += size
        count = self.variant.face_up_count
        masks = []
        for hand_ids in dealt_hands:
            mask = 0
            for cid in hand_ids:
                mask |= bits[cid]
            masks.append(mask)
        return Dealt(self.variant, tuple(masks), pile[count:], pile[:count], self.base.chance,
                     _make_deal(tuple(dealt_hands), pile, self.base.chance, first_leader,
                                None, tuple(asides), tuple(secret)))

    def _ids(self, cards: list[Card]) -> list[int]:
        """The ids of ``cards`` (hands, then the draw pile), each the first free copy
        of its card in order. Successive deals of one sampler differ in a few places:
        the cards that are the previous deal's objects keep their ids, and only the
        copies of repeated cards are numbered again."""
        last = self._last
        if last is None or len(last[0]) != len(cards):
            ids: list[int | None] = list(map(self.only_ids.get, map(id, cards)))
            if None in ids:  # copies of repeated cards, and objects not the deck's own
                self._number_others(cards, ids)
            numbers = cast("list[int]", ids)
        else:
            numbers = self._renumbered(cards, *last)
        self._last = (tuple(cards), tuple(numbers))
        return numbers

    def _renumbered(self, cards: list[Card], before: tuple[Card, ...],
                    numbers: tuple[int, ...]) -> list[int]:
        """`_ids` from the previous deal's ``before`` cards and their ``numbers``."""
        only, copy_of, dup = self.only_ids.get, self.copy_ids.get, self.dup_mask
        ids = list(numbers)
        renumber = False
        for at, (card, old) in enumerate(zip(cards, before)):
            if card is not old:
                cid = only(id(card))
                if cid is None:
                    if copy_of(id(card)) is None:  # not a deck object: all by value
                        found: list[int | None] = [None] * len(cards)
                        self._number_others(cards, found)
                        return cast("list[int]", found)
                    renumber = True
                    cid = -1
                elif dup >> ids[at] & 1:
                    renumber = True
                ids[at] = cid
        if renumber:
            free = {first: list(copies) for first, copies in self.free.items()}
            for at, cid in enumerate(ids):
                if cid < 0 or dup >> cid & 1:
                    first = copy_of(id(cards[at]))
                    if first is None:  # not a deck object: all by value
                        found = [None] * len(cards)
                        self._number_others(cards, found)
                        return cast("list[int]", found)
                    left = free.get(first)
                    if not left:
                        raise _Reject
                    ids[at] = left.pop(0)
        return ids

    def _number_others(self, cards: list[Card], ids: list[int | None]) -> None:
        """Fill in the ids of copies of repeated cards (each its first free copy, in
        order) and of card objects that are not the deck's own."""
        free = {first: list(copies) for first, copies in self.free.items()}
        copy_of = self.copy_ids.get
        at = ids.index(None)
        while True:
            card = cards[at]
            first = copy_of(id(card))
            if first is None:  # not a deck object: by value
                cid = self.only.get(card)
                first = None if cid is not None else self.copies.get(card, [None])[0]
            if first is not None:
                left = free.get(first)
                if not left:
                    raise _Reject
                cid = left.pop(0)
            if cid is None:
                raise _Reject
            ids[at] = cid
            try:
                at = ids.index(None, at + 1)
            except ValueError:
                return
