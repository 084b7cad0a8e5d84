"""Determinization of a view with masked cards (E28, E29, E44; part of
`claim.info.sampling`).

A view shows an unrevealed masked card as its class only. A sample is drawn in four
steps, each uniform, and checked as every sample is:

1. **Values for what the view shows masked**: the masked cards of the viewer's
   hand and follower pile, of a trick not yet complete, and of the viewer's own
   draws and peeks get values, uniformly among the assignments that keep each
   class and use only values nobody has seen (values revealed are known). The
   viewer's draws of one class take the values of the drawn cards still held or
   played since, in a random order (the view cannot tell which draw was which).
2. **The rest of the deal** is placed from this *unmasked* view, read with the
   masked factions' powers turned off (a twin variant), by the sampler's own
   placement (`_place`, `_deal`): uniform among the deals consistent with it.
   Every constraint a view puts on another player's hidden cards is by faction
   (voids), never by class, so each assignment of step 1 has as many completions
   and the pair is uniform among the deals consistent with the view.
3. **The play order** (the hidden state fixed at the deal, E29): the cards of the
   faction played so far in the order they were played, then the others in a
   random order. The cards not yet played, the only ones the order still decides,
   are in a uniform order.
4. **Replay** of the recorded (class) moves from that deal (with Awakeners, the
   chance order set when phase 2 begins so that the second deck is the one sampled,
   E12, as the unmasked sampler does). Another player's class
   move chose among the ``n`` cards of that class they could play: the sample is
   kept with probability ``1/n`` (rejection: the likelihood of that play), which
   makes the draw exact; the viewer's own choices had the same ``n`` in every
   consistent deal. The sample is kept only if its view equals the given one.

The weighing of step 4 multiplies over the game's class moves, so late in a game
it rejects often: after half the tries a sample is kept without it (consistent with
the view, but the deals where other players held fewer look-alikes are then not
favoured as they should be). A weighted draw (importance weights) would remove this.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import attrs

from claim.core._shuffle import shuffle
from claim.core.cache import per_variant
from claim.core.cards import Card, MaskedCard, PowerSpec
from claim.core.errors import ClaimError, ViewError
from claim.core.moves import PlayCard
from claim.core.records import (
    CardDrawn,
    FaceUpTaken,
    FaceUpTurned,
    Peeked,
    PhaseStarted,
    TrickCompleted,
)
from claim.core.zones import Phase
from claim.info._direct_program import Rejected
from claim.info._history import skeleton, view_support
from claim.info._sampled_deal import Deal, hidden_parts, with_chance
from claim.info.knowledge import knowledge
from claim.rules.masking import MaskTable, mask_table, revealed
from claim.rules.state import GameState
from claim.rules.variant import Variant
from claim.rules.views import View, ViewEvent, ViewRecord

__all__ = ["MaskedSampler", "unmasked_twin"]

_Reject = Rejected


@per_variant
def unmasked_twin(variant: Variant) -> Variant:
    """The variant with its masked factions' powers turned off (their cards plain)."""
    table = mask_table(variant)
    assert table is not None
    names = set(table.factions.values())
    factions = tuple(attrs.evolve(f, power=PowerSpec("none")) if f.name in names else f
                     for f in variant.factions)
    return attrs.evolve(variant, name=f"{variant.name} (unmasked)", factions=factions)


def _seen(view: View) -> Counter[Card]:
    """The plain (not masked) cards the view shows anywhere, history included."""
    seen: Counter[Card] = Counter()
    for cards in (view.hand, view.follower_pile, view.face_up, view.discard,
                  tuple(c for _, c in view.trick), *view.score_piles,
                  *(z.cards for z in view.zones)):
        seen.update(c for c in cards if not isinstance(c, MaskedCard))
    for record in view.history:
        for event in record.events:
            if isinstance(event, FaceUpTurned):
                seen.update(event.cards)
            elif isinstance(event, FaceUpTaken):
                seen[event.card] += 1
            elif isinstance(event, TrickCompleted):
                seen.update(c for _, c in event.plays)
    return seen


class _Values:
    """Step 1's draw of values for masked entries, class by class."""

    def __init__(self, view: View, table: MaskTable, rng: random.Random) -> None:
        seen = _seen(view)
        self.rng = rng
        self.free: dict[MaskedCard, list[Card]] = {}
        for card, shown in table.by_card.items():
            left = Counter({card: table.copies[card].bit_count()})
            left.subtract(seen)
            self.free.setdefault(shown, []).extend([card] * max(left[card], 0))
        for cards in self.free.values():
            shuffle(cards, rng)

    def take(self, card: Card) -> Card:
        if not isinstance(card, MaskedCard):
            return card
        pool = self.free.get(card)
        if not pool:
            raise _Reject
        return pool.pop()


def _plays(view: View, trick: tuple[tuple[int, Card], ...]) -> list[PlayCard | None]:
    """Per record, the physical card its class move played (None: not a class move),
    from the trick's `TrickCompleted` event, or the current trick's values."""
    out: list[PlayCard | None] = []
    pending: list[tuple[int, int]] = []
    for index, record in enumerate(view.history):
        move = record.move
        out.append(None)
        if isinstance(move, PlayCard):
            pending.append((index, record.seat))
        for event in record.events:
            if isinstance(event, TrickCompleted):
                played = dict(event.plays)
                for at, seat in pending:
                    old = view.history[at].move
                    if isinstance(old, PlayCard) and isinstance(old.card, MaskedCard):
                        out[at] = PlayCard(played[seat], old.option)
                pending = []
    current = dict(trick)
    for at, seat in pending:
        old = view.history[at].move
        if isinstance(old, PlayCard) and isinstance(old.card, MaskedCard):
            out[at] = PlayCard(current[seat], old.option)
    return out


def _draw_pool(view: View, plays: list[PlayCard | None], hand: tuple[Card, ...],
               followers: tuple[Card, ...], trick: dict[int, Card],
               table: MaskTable) -> dict[MaskedCard, list[Card]]:
    """Per class, the values of the viewer's own masked draws: the drawn cards
    still held (follower pile, or phase 2 hand and trick) or played in phase 2."""
    seat = view.seat
    own = [c for c in followers if c in table.by_card]
    if view.phase is not Phase.RECRUIT:
        own = [c for c in hand if c in table.by_card]
        if seat in trick and trick[seat] in table.by_card:
            own.append(trick[seat])
        started = False
        for record, play in zip(view.history, plays):
            started = started or any(isinstance(e, PhaseStarted) and
                                     e.phase is Phase.SUPPORT for e in record.events)
            if started and play is not None and record.seat == seat:
                own.append(play.card)
    pools: dict[MaskedCard, list[Card]] = {}
    for card in own:
        pools.setdefault(table.by_card[card], []).append(card)
    return pools


def unmasked_view(view: View, table: MaskTable, twin: Variant,
                  rng: random.Random) -> tuple[View, list[PlayCard | None]]:
    """Step 1: ``view`` with every masked card given a value (see the module)."""
    values = _Values(view, table, rng)
    trick = tuple((seat, values.take(card)) for seat, card in view.trick)
    hand = tuple(values.take(c) for c in view.hand)
    followers = tuple(values.take(c) for c in view.follower_pile)
    plays = _plays(view, trick)
    pools = _draw_pool(view, plays, hand, followers, dict(trick), table)
    for pool in pools.values():
        shuffle(pool, rng)
    history = []
    last_drawn: Card | None = None
    for record, play in zip(view.history, plays):
        events: list[ViewEvent] = []
        for event in record.events:
            if isinstance(event, (CardDrawn, Peeked)) and isinstance(event.card, MaskedCard):
                if isinstance(event, Peeked):
                    last_drawn = values.take(event.card)
                    events.append(Peeked(event.seat, last_drawn))
                    continue
                pool = pools.get(event.card, [])
                if last_drawn is not None and pool and last_drawn in pool:
                    pool.remove(last_drawn)
                    card = last_drawn
                elif pool:
                    card = pool.pop()
                else:
                    raise _Reject
                events.append(CardDrawn(event.seat, card))
            else:
                events.append(event)
            if isinstance(event, (CardDrawn, FaceUpTurned)) or getattr(
                    event, "kind", None) == "CardDrawn":
                last_drawn = None
        move = play if play is not None else record.move
        history.append(ViewRecord(record.seat, move, tuple(events)))
    return attrs.evolve(view, variant=twin, hand=hand, follower_pile=followers,
                        trick=trick, history=tuple(history), legal_moves=()), plays


def _orders(variant: Variant, table: MaskTable, plays: list[PlayCard | None],
            rng: random.Random) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Step 3: per masked faction, the cards played in play order, then the rest."""
    deck = variant.deck
    ids = {card: cid for cid, card in enumerate(deck)}
    out = []
    for fi, name in table.factions.items():
        first = [ids[p.card] for p in plays if p is not None and p.card.faction == name]
        rest = [cid for cid in variant.ids_in(variant.tables.faction_masks[fi])
                if cid not in first]
        shuffle(rest, rng)
        out.append((name, tuple(first + rest)))
    return tuple(out)


Rechance = Callable[[GameState, GameState], GameState]
"""The state before the move that begins phase 2 with its chance order ranking the
second deck as sampled (E12), given the state that move reaches."""


def _replayed(view: View, state: GameState, table: MaskTable, rng: random.Random,
              weigh: bool, rechance: tuple[int, Rechance] | None = None) -> GameState:
    """Step 4: the recorded moves, each other player's class move kept with
    probability one over the number of cards of its class they could play (when
    ``weigh``); at the move ``rechance`` names (the start of phase 2), the chance
    order is set so that the second deck is the one sampled (E12), and the move
    applied again."""
    for index, record in enumerate(view.history):
        move = record.move
        if (weigh and isinstance(move, PlayCard) and isinstance(move.card, MaskedCard)
                and record.seat != view.seat):
            hidden = state.hand_masks[record.seat] & table.mask & ~revealed(state)
            n = sum(1 for cid in state.variant.ids_in(hidden) if table.shown[cid] == move.card)
            if n > 1 and rng.random() * n >= 1:
                raise _Reject
        after = state.apply(move)
        if rechance is not None and index == rechance[0]:
            state = rechance[1](state, after)
            after = state.apply(move)
        state = after
    return state


class MaskedSampler:
    """Draws states consistent with a view of a variant with masked cards."""

    def __init__(self, view: View, place: Callable[..., object],
                 deal: Callable[..., object],
                 chance: Callable[[GameState, GameState, list[Card], random.Random],
                                  GameState] | None = None) -> None:
        table = mask_table(view.variant)
        assert table is not None
        self.view, self.table = view, table
        self.twin = unmasked_twin(view.variant)
        self._place, self._deal, self._chance = place, deal, chance
        self._support = view_support(view)

    def draw(self, rng: random.Random, tries: int) -> tuple[Deal, GameState]:
        """A deal and the state it reaches (see the module).

        Raises:
            ViewError: No consistent deal in ``tries`` attempts.
        """
        view, variant = self.view, self.view.variant
        for attempt in range(tries):
            try:
                plain, plays = unmasked_view(view, self.table, self.twin, rng)
                known = knowledge(plain)
                placed = self._place(known, rng)
                dealt = self._deal(plain, skeleton(plain), placed, rng)
                hands, pile = dealt[0]  # type: ignore[index]
                aside, hidden = hidden_parts(variant, placed, rng)  # type: ignore[arg-type]
                orders = dict(_orders(variant, self.table, plays, rng))
                hidden = tuple((name, orders.get(name, value)) for name, value in hidden)
                deal = Deal(hands, pile, view.first_leader, (), aside, hidden)
                state = _replayed(view, self._start(deal, rng), self.table, rng,
                                  attempt < tries // 2,
                                  self._rechance(dealt[1], rng))  # type: ignore[index]
            except (_Reject, ClaimError):
                continue
            if state.view(view.seat) == view:
                return attrs.evolve(deal, chance=state.chance), state
        raise ViewError("", f"no deal consistent with the view found in {tries} tries")

    def _start(self, deal: Deal, rng: random.Random) -> GameState:
        """The game of ``deal``, with a chance order drawn from ``rng`` (E12)."""
        state = deal.start(self.view.variant)
        if not self.view.variant.tables.uses_chance:
            return state
        ids = list(range(len(self.view.variant.deck)))
        shuffle(ids, rng)
        return with_chance(state, tuple(ids))

    def _rechance(self, order: list[Card], rng: random.Random
                  ) -> tuple[int, Rechance] | None:
        """E12: where and how the replay makes the second deck the one sampled
        (``order``, its first order: cards seen going in, then the rest)."""
        chance, support = self._chance, self._support
        if chance is None or not order or support is None:
            return None
        return support, lambda before, after: chance(before, after, order, rng)
