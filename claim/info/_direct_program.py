"""The direct build's program: a view's history read once into card movements.

See `claim.info._direct` for the theory; `claim.info._direct_final` and
`claim.info._direct_run` carry a program out on the card ids of a sampled deal.
"""

from __future__ import annotations

import typing
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, cast

from claim.core.cache import per_variant
from claim.core.cards import Card
from claim.core.errors import ClaimError
from claim.core.moves import Move, PlayCard
from claim.core.records import (
    CardDrawn,
    FaceUpTaken,
    FaceUpTurned,
    LeaderChosen,
    MoveRecord,
    Peeked,
    PhaseStarted,
    Placed,
    PowerStateChanged,
    RawEvent,
    TrickCompleted,
)
from claim.core.zones import Phase, Zone
from claim.rules.engine.board import make_record
from claim.rules.masking import mask_table
from claim.rules.state import GameState, make_state
from claim.rules.variant import Variant
from claim.rules.view_history import HistoryMemo
from claim.rules.views import HiddenEvent, View, ViewEvent

if TYPE_CHECKING:
    from claim.info._dealing import Dealt
    from claim.info._direct_final import Final

__all__ = ["NotDirect", "Program", "Rejected", "direct_ok", "filled", "frozen"]


class NotDirect(Exception):
    """The view holds an event the direct build does not carry out: replay instead."""


class Rejected(Exception):
    """The sampled deal cannot have led to the view: draw again."""


@per_variant
def direct_ok(variant: Variant) -> bool:
    """Whether states of ``variant`` can be built directly (see the module)."""
    tables = variant.tables
    if tables.uses_chance:
        return False
    if tables.hidden_states and mask_table(variant) is not None:
        return False  # masked cards (E28, E29): `claim.info._masked_sample`
    aside = {zone for _, zone, _ in tables.asides}  # set aside at the deal (E33)
    if not all(spec.public or index in aside for index, spec in enumerate(tables.zone_specs)):
        return False
    # A power with a hidden state promises `public` only if its `finish` alone reads
    # it (the Tricksters' fakes, E30): the views of games not over (`Program`).
    return all(promised.direct for promised in tables.capabilities)


# Operations, in the order the history made them (`typing.Final`: compiled code compares
# them as C ints, not through the module's dictionary).
_PLAY: typing.Final = 0
_LIFT: typing.Final = 1
_TAKE: typing.Final = 2
_DRAW: typing.Final = 3
_TURN: typing.Final = 4
_TRICK: typing.Final = 5
_PHASE: typing.Final = 6
_LEAD: typing.Final = 7
_POWER: typing.Final = 8
_PEEK: typing.Final = 9
_ENGINE: typing.Final = 10
_TOP: typing.Final = -1  # the draw pile as an origin


class Program:
    """A view's history as card movements, read once for many samples.

    Attributes:
        view: The view.
        count: How many records are built directly (the rest are applied).
    """

    def __init__(self, view: View) -> None:
        variant = view.variant
        self.view = view
        self.variant = variant
        players = variant.players
        self._slots = _Slots(variant)
        history = view.history
        if variant.tables.hidden_states and view.phase is Phase.OVER:
            raise NotDirect  # the hidden states showed at the end: replay to check them
        if variant.tables.dynamic and len(view.trick) > 1:
            raise NotDirect  # a play off a lead a power decides (E3, E13): replay
        aside = {zone for _, zone, _ in variant.tables.asides}
        self._aside = {ref for ref, index in variant.tables.zone_lookup.items()
                       if index in aside}
        count = len(history)
        if view.pending is not None:  # the state after `count` records must ask nothing
            count = max((i for i, r in enumerate(history) if r.move.__class__ is PlayCard),
                        default=0)
        self.count = count
        self.rest: tuple[Move, ...] = tuple(r.move for r in history[count:])
        self.ops: list[tuple[Any, ...]] = []
        # The records without hidden events (None for the others), and per record
        # with hidden events: its index, seat, move, raw events and the holes.
        self.known: list[MoveRecord | None] = []
        self.unknown: list[tuple[int, int, Move, list[RawEvent | None], list[int]]] = []
        self.players = players
        # The spans the engine replays: start record -> end (`replayed_spans`).
        self.spans = replayed_spans(view, count)
        # For the checks of what the engine applies (the spans, the moves after the
        # last play): the events seen at each place, kept from sample to sample.
        self.memo = HistoryMemo(history, variant) if self.spans or self.rest else None
        index = 0
        while index < count:
            end = self.spans.get(index)
            if end is None:
                self._read(index, history[index].seat, history[index].move,
                           history[index].events)
                index += 1
                continue
            self.ops.append((_ENGINE, index, end))
            self.known += [None] * (end - index)
            index = end
        self.final: Final | None = None  # set by `claim.info._direct.program`

    def _read(self, index: int, seat: int, move: Move, events: tuple[ViewEvent, ...]) -> None:
        ops = self.ops
        if move.__class__ is PlayCard:
            assert isinstance(move, PlayCard)
            if move.option is not None and not self.variant.tables.dynamic:
                raise NotDirect
            ops.append((_PLAY, seat, move))
        raws = [self._event(event, (index, position))
                for position, event in enumerate(events)]
        holes = [position for position, raw in enumerate(raws) if raw is None]
        if holes:
            self.known.append(None)
            self.unknown.append((index, seat, move, raws, holes))
        else:
            self.known.append(make_record(seat, move, tuple(raws)))  # type: ignore[arg-type]

    def _event(self, event: ViewEvent, hole: tuple[int, int]) -> RawEvent | None:
        """The raw form of a public event (None for a hidden one), and its movement."""
        ops, slots, cls = self.ops, self._slots, event.__class__
        if cls is HiddenEvent:
            assert isinstance(event, HiddenEvent)
            if event.kind == "CardDrawn" and event.origin is Zone.DRAW_PILE:
                ops.append((_DRAW, slots.followers(event.seat), None, hole))
                return None
            if event.kind == "Peeked":
                ops.append((_PEEK, event.seat, hole))
                return None
            raise NotDirect
        if cls is Placed:
            assert isinstance(event, Placed)
            if event.zone in self._aside or event.origin in self._aside:
                raise NotDirect  # the cards set aside never move (E33)
            origin = slots.where(event.origin, event.origin_seat)
            ops.append((_LIFT, event.card, origin, slots.where(event.zone, event.seat)))
            if event.origin is Zone.TRICK:
                return (Placed, event.card, event.zone, event.seat)
            return (Placed, event.card, event.zone, event.seat, event.origin, event.origin_seat)
        if cls is TrickCompleted:
            assert isinstance(event, TrickCompleted)
            ops.append((_TRICK,))
            return (TrickCompleted.from_raw, event.phase, tuple(s for s, _ in event.plays),
                    tuple(c for _, c in event.plays), event.lead_faction, event.ranking)
        if cls is CardDrawn:
            assert isinstance(event, CardDrawn)
            ops.append((_DRAW, slots.followers(event.seat), event.card, None))
            return (CardDrawn, event.seat, event.card)
        if cls is FaceUpTaken:
            assert isinstance(event, FaceUpTaken)
            ops.append((_TAKE, slots.followers(event.seat), event.card))
            return (FaceUpTaken, event.seat, event.card)
        if cls is FaceUpTurned:
            assert isinstance(event, FaceUpTurned)
            ops.append((_TURN, event.cards))
            return (FaceUpTurned, event.cards)
        if cls is LeaderChosen:
            assert isinstance(event, LeaderChosen)
            ops.append((_LEAD, event.seat))
            return (LeaderChosen, event.seat, event.by_faction)
        if cls is PhaseStarted:
            assert isinstance(event, PhaseStarted)
            ops.append((_PHASE, event.phase))
            return (PhaseStarted, event.phase)
        if cls is PowerStateChanged:
            assert isinstance(event, PowerStateChanged)
            index = self.variant.tables.faction_index[event.faction]
            ops.append((_POWER, index, event.value))
            return (PowerStateChanged, event.faction, event.value)
        if cls is Peeked:
            assert isinstance(event, Peeked)
            return (Peeked, event.seat, event.card)
        raise NotDirect  # CardsExchanged, PlacedUnseen: not in eligible variants


def replayed_spans(view: View, count: int) -> dict[int, int]:
    """The records the engine replays in a direct build, as {first: end}: from the
    last card of each trick a card of a power with `Capabilities.hidden_on_win`
    wins (its hooks may read hidden cards then) up to the next card played, among
    the first ``count`` records."""
    tables = view.variant.tables
    flagged = {tables.faction_names[index] for index, promised
               in enumerate(tables.capabilities)
               if promised.hidden_on_win and not promised.public}
    spans: dict[int, int] = {}
    if not flagged:
        return spans
    history = view.history
    index = 0
    while index < count:
        if _winning_faction(history[index].events) not in flagged:
            index += 1
            continue
        if history[index].move.__class__ is not PlayCard:
            raise NotDirect  # completed by an answer (a question before placement, E42)
        end = index + 1
        while end < count and history[end].move.__class__ is not PlayCard:
            end += 1
        spans[index] = end
        index = end
    return spans


def _winning_faction(events: tuple[ViewEvent, ...]) -> str | None:
    """The faction of the card that won the trick completed among ``events``."""
    for event in events:
        if event.__class__ is TrickCompleted:
            assert isinstance(event, TrickCompleted)
            winner = event.ranking[0]
            return next(card.faction for seat, card in event.plays if seat == winner)
    return None


class _Slots:
    """Where cards lie during a build: card masks (hands, follower and score piles,
    the discard, per-seat zones) and ordered lists (the trick's unplaced cards, the
    face-up cards, shared zones), each by index."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        players = variant.players
        tables = variant.tables
        self.masks = 3 * players + 1 + players * sum(s.per_seat for s in tables.zone_specs)
        self.lists = 2 + sum(not s.per_seat for s in tables.zone_specs)
        self.per_seat: dict[Zone | str, int] = {
            Zone.HAND: 0, Zone.FOLLOWERS: players, Zone.SCORE: 2 * players}
        self.zone_at: list[tuple[bool, int]] = []
        masks, lists = 3 * players + 1, 2
        for spec in tables.zone_specs:
            if spec.per_seat:
                self.zone_at.append((True, masks))
                masks += players
            else:
                self.zone_at.append((False, lists))
                lists += 1

    def followers(self, seat: int | None) -> int:
        if seat is None:
            raise NotDirect
        return self.variant.players + seat

    def where(self, zone: Zone | str, seat: int | None) -> tuple[bool, int]:
        """(is a mask, index) of a zone; the draw pile is (False, _TOP)."""
        base = self.per_seat.get(zone)
        if base is not None:
            if seat is None:
                raise NotDirect
            return True, base + seat
        players = self.variant.players
        if zone is Zone.DISCARD:
            return True, 3 * players
        if zone is Zone.TRICK:
            return False, 0
        if zone is Zone.FACE_UP:
            return False, 1
        if zone is Zone.DRAW_PILE:
            return False, _TOP
        declared = self.variant.tables.zone_lookup.get(zone)
        if declared is None:
            raise NotDirect
        is_mask, base = self.zone_at[declared]
        if is_mask:
            if seat is None:
                raise NotDirect
            return True, base + seat
        return False, base


@per_variant
def _copies(variant: Variant) -> dict[Card, int]:
    """Per card, the mask of its copies' ids."""
    out: dict[Card, int] = {}
    for cid, card in enumerate(variant.deck):
        out[card] = out.get(card, 0) | 1 << cid
    return out


class CopyMasks:
    """`_copies` read without hashing a `Card` (an ``attrs`` hash is Python code):
    the deck's own cards, which a view's history holds, found by identity. The deck
    lives as long as the variant, which keeps this table: no other live object
    shares an id with one of its cards."""

    __slots__ = ("by_card", "by_identity")

    def __init__(self, variant: Variant) -> None:
        self.by_card = _copies(variant)
        self.by_identity = {id(card): self.by_card[card] for card in variant.deck}

    def of(self, card: Card) -> int:
        """The mask of the ids of ``card``'s copies (KeyError: not in the deck)."""
        found = self.by_identity.get(id(card))
        return found if found is not None else self.by_card[card]


@per_variant
def copy_masks(variant: Variant) -> CopyMasks:
    """The variant's `CopyMasks`, built once."""
    return CopyMasks(variant)


def same_card(a: Card, b: Card) -> bool:
    """Whether ``a`` and ``b`` are equal cards: the same object at once, else by value
    (``==`` on two cards runs the ``attrs`` comparison, Python code, even for one card)."""
    return a is b or a == b


def filled(program: Program, holes: dict[tuple[int, int], RawEvent],
           made: dict[int, MoveRecord] | None = None) -> tuple[MoveRecord, ...]:
    """The records, the hidden events' ``holes`` (by record and position) filled,
    and those the engine ``made`` (by index) in the spans it replayed."""
    records = list(program.known)
    if made:
        for index, record in made.items():
            records[index] = record
    for index, seat, move, raws, empty in program.unknown:
        events = list(raws)
        for position in empty:
            events[position] = holes[(index, position)]
        records[index] = make_record(seat, move, tuple(events))  # type: ignore[arg-type]
    return cast("tuple[MoveRecord, ...]", tuple(records))


def _finish(program: Program, start: GameState | Dealt, masks: list[int], lists: list[list[int]],
            trick: list[int], pile: tuple[int, ...], phase: Phase, leader: int,
            powers: list[Hashable], history: tuple[MoveRecord, ...]) -> GameState:
    """Freeze the build into a state; apply the moves after the last play, if any."""
    state = frozen(program, start, masks, lists, trick, pile, phase, leader, powers, history)
    for move in program.rest:
        try:
            state = state.apply(move)
        except ClaimError:
            raise Rejected from None
    return state


def frozen(program: Program, start: GameState | Dealt, masks: list[int], lists: list[list[int]],
           trick: list[int], pile: tuple[int, ...], phase: Phase, leader: int,
           powers: list[Hashable], history: tuple[MoveRecord, ...]) -> GameState:
    """The build's places as a state (the chance order and deal of ``start``)."""
    variant = program.variant
    players = variant.players
    zones = []
    for is_mask, base in program._slots.zone_at:
        zones.append(tuple(masks[base:base + players]) if is_mask else tuple(lists[base]))
    return make_state(
        variant, phase, leader, tuple(trick), tuple(masks[:players]), pile,
        tuple(lists[1]), tuple(masks[players:2 * players]),
        tuple(masks[2 * players:3 * players]), tuple(zones), masks[3 * players],
        tuple(powers), start.chance, None, (), history, start.deal,
    )

