"""Determinization of a view with masked cards (E28, E29, E44; part of
`claim.info.sampling`).

A view shows an unrevealed masked card as its class only. A sample is drawn in four
steps, each uniform, and checked as every sample is:

1. **Values for what the view shows masked**: the masked cards of the viewer's
   hand and follower pile, of a trick not yet complete, and of the viewer's own
   draws and peeks get values, uniformly among the assignments that keep each
   class and use only values nobody has seen (values revealed are known). The
   viewer's draws of one class take the values of the drawn cards still held or
   played since, in a random order (the view cannot tell which draw was which). A
   masked card a Seer's peek showed by class takes any value of its class not
   revealed before the peek (it may since be in a hand, drawn by the viewer, or
   revealed); the replay's view check keeps the values that fit.
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
4. **Replay** of the recorded (class) moves from that deal, started as
   `claim.new_game` starts it but from the variant's template
   (`claim.info._dealing.Starter`, as every sampler's deal; with the hidden power
   states drawn again among those the view allows and, with Awakeners, the chance
   order, as every replay: `claim.info._sampled_deal.replayed`). Another player's class
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
from claim.info._dealing import starter
from claim.info._direct_program import Rejected
from claim.info._history import Skeleton, skeleton
from claim.info._sampled_deal import Deal, hidden_parts, replayed
from claim.info.knowledge import Knowledge, knowledge
from claim.rules.masking import MaskTable, mask_table, revealed
from claim.rules.state import GameState
from claim.rules.variant import Variant
from claim.rules.views import View, ViewEvent, ViewRecord

__all__ = ["MaskedSampler", "assigned", "plain_view", "unmasked_twin"]

_Reject = Rejected

Dealt = tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]
"""Hands and draw pile of a sampled deal."""


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


def _unseen_values(view: View, table: MaskTable) -> dict[MaskedCard, list[Card]]:
    """Per class, the masked cards whose values the view shows nowhere (read once per
    view)."""
    seen = _seen(view)
    free: dict[MaskedCard, list[Card]] = {}
    for card, shown in table.by_card.items():
        left = table.copies[card].bit_count() - seen[card]
        free.setdefault(shown, []).extend([card] * max(left, 0))
    return free


class _Values:
    """Step 1's draw of values for masked entries, class by class."""

    def __init__(self, unseen: dict[MaskedCard, list[Card]], rng: random.Random) -> None:
        self.rng = rng
        self.free = {shown: list(cards) for shown, cards in unseen.items()}
        for cards in self.free.values():
            shuffle(cards, rng)

    def take(self, card: Card) -> Card:
        if not isinstance(card, MaskedCard):
            return card
        pool = self.free.get(card)
        if not pool:
            raise _Reject
        return pool.pop()

    def peeked(self, card: MaskedCard, values: list[Card]) -> Card:
        """A value for a masked card a Seer's peek showed by class: any of its class
        not revealed before the peek (``values``), uniformly (it may be on the pile
        still, in a hand, drawn by the viewer since, or revealed since); the replay's
        view check keeps the samples that fit. Taken from the unseen values if
        it is one of them."""
        if not values:
            raise _Reject
        pick = values[self.rng.randrange(len(values))]
        pool = self.free.get(card, [])
        if pick in pool:
            pool.remove(pick)
        return pick


def _revealed_before(view: View) -> list[set[Card]]:
    """Per record, the cards revealed by the records before it (turned face up,
    taken, or in a completed trick)."""
    out: list[set[Card]] = []
    seen: set[Card] = set()
    for record in view.history:
        out.append(set(seen))
        for event in record.events:
            if isinstance(event, FaceUpTurned):
                seen.update(event.cards)
            elif isinstance(event, FaceUpTaken):
                seen.add(event.card)
            elif isinstance(event, TrickCompleted):
                seen.update(card for _, card in event.plays)
    return out


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


Assignment = tuple[tuple[Card, ...], tuple[Card, ...], tuple[tuple[int, Card], ...],
                   tuple[Card, ...]]
"""The values step 1 gave (hand, follower pile, trick, the viewer's draws and peeks in
order): they decide the unmasked view."""


def plain_view(view: View, twin: Variant, given: Assignment,
               history: tuple[ViewRecord, ...]) -> View:
    """The unmasked view of the values ``given`` (`assigned`), of the unmasked twin."""
    hand, followers, trick, _ = given
    return attrs.evolve(view, variant=twin, hand=hand, follower_pile=followers,
                        trick=trick, history=history, legal_moves=())


def assigned(view: View, table: MaskTable, rng: random.Random,
             read: tuple[dict[MaskedCard, list[Card]], list[set[Card]]] | None = None,
             ) -> tuple[tuple[ViewRecord, ...], list[PlayCard | None], Assignment]:
    """Step 1: every masked card of ``view`` given a value (see the module): the
    unmasked history (a record with nothing masked is the view's own), the physical
    card of each class move, and the values given (`plain_view` makes the unmasked
    view of them). ``read``: what `_unseen_values` and `_revealed_before` say of the
    view, if read already."""
    unseen, revealed_before = read or (_unseen_values(view, table), _revealed_before(view))
    values = _Values(unseen, rng)
    trick = tuple((seat, values.take(card)) for seat, card in view.trick)
    hand = tuple(values.take(c) for c in view.hand)
    followers = tuple(values.take(c) for c in view.follower_pile)
    plays = _plays(view, trick)
    pools = _draw_pool(view, plays, hand, followers, dict(trick), table)
    for pool in pools.values():
        shuffle(pool, rng)
    history = []
    given: list[Card] = []
    last_drawn: Card | None = None
    for index, (record, play) in enumerate(zip(view.history, plays)):
        events: list[ViewEvent] = []
        drawn = len(given)
        for event in record.events:
            if isinstance(event, (CardDrawn, Peeked)) and isinstance(event.card, MaskedCard):
                if isinstance(event, Peeked):
                    last_drawn = values.peeked(event.card, [
                        card for card, shown in table.by_card.items()
                        if shown == event.card and card not in revealed_before[index]])
                    events.append(Peeked(event.seat, last_drawn))
                    given.append(last_drawn)
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
                given.append(card)
            else:
                events.append(event)
            if isinstance(event, (CardDrawn, FaceUpTurned)) or getattr(
                    event, "kind", None) == "CardDrawn":
                last_drawn = None
        if play is None and drawn == len(given):
            history.append(record)  # nothing masked in it
        else:
            move = play if play is not None else record.move
            history.append(ViewRecord(record.seat, move, tuple(events)))
    return tuple(history), plays, (hand, followers, trick, tuple(given))


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


def _weighing(view: View, table: MaskTable, rng: random.Random
              ) -> Callable[[GameState, int], None]:
    """Step 4's weight: each other player's class move is kept with probability one
    over the number of cards of its class they could play."""
    history = view.history

    def weigh(state: GameState, index: int) -> None:
        record = history[index]
        move = record.move
        if (isinstance(move, PlayCard) and isinstance(move.card, MaskedCard)
                and record.seat != view.seat):
            hidden = state.hand_masks[record.seat] & table.mask & ~revealed(state)
            n = sum(1 for cid in state.variant.ids_in(hidden) if table.shown[cid] == move.card)
            if n > 1 and rng.random() * n >= 1:
                raise _Reject

    return weigh


_READINGS = 64
"""How many assignments' readings a `MaskedSampler` keeps."""


class MaskedSampler:
    """Draws states consistent with a view of a variant with masked cards."""

    def __init__(self, view: View, place: Callable[..., object],
                 deal: Callable[..., tuple[Dealt, list[Card]]]) -> None:
        table = mask_table(view.variant)
        assert table is not None
        self.view, self.table = view, table
        self.twin = unmasked_twin(view.variant)
        self._place, self._deal = place, deal
        self._read = (_unseen_values(view, table), _revealed_before(view))
        self._starter = starter(view.variant)
        # Per assignment of step 1, the unmasked view, its knowledge and skeleton: a
        # view's masked cards take few assignments (a handful of values each).
        self._readings: dict[Assignment, tuple[View, Knowledge, Skeleton]] = {}

    def _reading(self, given: Assignment, history: tuple[ViewRecord, ...]
                 ) -> tuple[View, Knowledge, Skeleton]:
        """The unmasked view of the values ``given`` (its ``history``), with its
        knowledge and skeleton, read once per assignment."""
        found = self._readings.get(given)
        if found is None:
            if len(self._readings) >= _READINGS:
                self._readings.clear()
            plain = plain_view(self.view, self.twin, given, history)
            found = self._readings[given] = (plain, knowledge(plain), skeleton(plain))
        return found

    def draw(self, rng: random.Random, tries: int) -> tuple[Deal, GameState]:
        """A deal and the state it reaches (see the module).

        Raises:
            ViewError: No consistent deal in ``tries`` attempts.
        """
        view, variant = self.view, self.view.variant
        for attempt in range(tries):
            try:
                history, plays, given = assigned(view, self.table, rng, self._read)
                plain, known, plan = self._reading(given, history)
                placed = self._place(known, rng)
                (hands, pile), order = self._deal(plain, plan, placed, rng)
                aside, hidden = hidden_parts(variant, placed, rng,  # type: ignore[arg-type]
                                             dict(view.power_states))
                orders = dict(_orders(variant, self.table, plays, rng))
                hidden = tuple((name, orders.get(name, value)) for name, value in hidden)
                deal = Deal(hands, pile, view.first_leader, (), aside, hidden)
                weigh = _weighing(view, self.table, rng) if attempt < tries // 2 else None
                state = replayed(self._starter.start(deal), [r.move for r in view.history],
                                 order, plan.support_at, rng, weigh)
            except (_Reject, ClaimError):
                continue
            if state.view(view.seat) == view:
                return attrs.evolve(deal, chance=state.chance), state
        raise ViewError("", f"no deal consistent with the view found in {tries} tries")
