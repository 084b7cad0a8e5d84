"""Determinization without replaying: a sampled state built directly (`claim.sampling`).

The sampler's reference path replays every recorded move from the sampled deal and
compares the viewer's view of the result with the given view. When the variant's
powers decide from public information only (every power's ``public_hooks``), the
legal moves are the plain follow rule (the variant is not ``dynamic``), and nothing
is hidden but hands, follower piles and the draw pile (no chance order, no hidden
zone), the outcome of every recorded move is written in the view already: what a
replay would add is which *copy* of a card (which card id) moved, and the cards of
the events the viewer could not see (another seat's draw, another seat's peek).

So a [`Program`][claim._direct.Program] reads the view's history once into
card movements, and [`build`][claim._direct.build] runs them on the card ids of a
sampled deal: a card is played from the hand (the lowest id of its copies there,
as the engine picks), the follow rule is checked (RULES 3), cards leave the trick
in play order, the face-up cards in line, the draw pile from the top. The records
are rebuilt with the sampled cards in the hidden events. A deal that cannot have
led to the view (a card not in the hand, a follow rule broken) is rejected. A
pending question needs the engine's question object: the moves from the last play
on are applied with `GameState.apply`.

Tests check, over many seeds, every eligible built-in variant and random mixes,
that the state built equals the one replaying the deal gives.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from claim._cache import per_variant
from claim.cards import Card
from claim.engine.board import make_record, make_state
from claim.errors import ClaimError
from claim.factions.protocol import FactionPower
from claim.moves import Move, PlayCard
from claim.records import (
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
from claim.state import GameState
from claim.variant import Variant
from claim.views import HiddenEvent, View, ViewEvent
from claim.zones import Phase, Zone

__all__ = ["NotDirect", "Program", "Rejected", "build", "direct_ok"]


class NotDirect(Exception):
    """The view holds an event the direct build does not carry out: replay instead."""


class Rejected(Exception):
    """The sampled deal cannot have led to the view: draw again."""


@per_variant
def direct_ok(variant: Variant) -> bool:
    """Whether states of ``variant`` can be built directly (see the module)."""
    tables = variant.tables
    if tables.dynamic or tables.uses_chance:
        return False
    if not all(spec.public for spec in tables.zone_specs):
        return False
    return all(type(p) is FactionPower or type(p).public_hooks for p in tables.powers)


# Operations, in the order the history made them.
_PLAY, _LIFT, _TAKE, _DRAW, _TURN, _TRICK, _PHASE, _LEAD, _POWER, _PEEK = range(10)
_TOP = -1  # the draw pile as an origin


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
        count = len(history)
        if view.pending is not None:  # the state after `count` records must ask nothing
            count = max((i for i, r in enumerate(history) if r.move.__class__ is PlayCard),
                        default=0)
        self.count = count
        self.rest: tuple[Move, ...] = tuple(r.move for r in history[count:])
        self.ops: list[tuple[Any, ...]] = []
        # Per record: a MoveRecord (no hidden event) or (seat, move, raws with holes).
        self.records: list[MoveRecord | tuple[int, Move, list[RawEvent | None]]] = []
        self.players = players
        for index in range(count):
            self._read(index, history[index].seat, history[index].move,
                       history[index].events)
        # The records without hidden events, and those with (holes to fill).
        self.known: tuple[MoveRecord | None, ...] = tuple(
            r if r.__class__ is MoveRecord else None for r in self.records)  # type: ignore[misc]
        self.unknown = [(i, *r, [j for j, raw in enumerate(r[2]) if raw is None])
                        for i, r in enumerate(self.records)
                        if r.__class__ is not MoveRecord]  # type: ignore[misc]
        self.final: _Final | None = _Final(self) if count == len(history) else None

    def _read(self, index: int, seat: int, move: Move, events: tuple[ViewEvent, ...]) -> None:
        ops = self.ops
        if move.__class__ is PlayCard:
            assert isinstance(move, PlayCard)
            if move.option is not None:
                raise NotDirect
            ops.append((_PLAY, seat, move))
        raws: list[RawEvent | None] = []
        hidden = False
        for position, event in enumerate(events):
            raw = self._event(event, (index, position))
            hidden = hidden or raw is None
            raws.append(raw)
        self.records.append((seat, move, raws) if hidden else make_record(seat, move,
                                                                          tuple(raws)))  # type: ignore[arg-type]

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
        players = self.variant.players
        per_seat = {Zone.HAND: 0, Zone.FOLLOWERS: players, Zone.SCORE: 2 * players}
        if zone in per_seat:
            if seat is None:
                raise NotDirect
            return True, per_seat[zone] + seat  # type: ignore[index]
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


def build(program: Program, start: GameState,
          placed: dict[tuple[str, int | None], list[Card]]) -> GameState:
    """The state the view's moves reach from ``start`` (a sampled deal, card ids
    as `claim.new_game` gives them), built without replaying.

    ``placed`` is the sampled placement of the hidden cards (`claim.sampling`). With
    no pending question, the state is the view's public cards plus ``placed``, each
    card its only copy's id, and only copies of repeated cards are followed move by
    move (`_Final`); else every movement is carried out (`_run`).

    Raises:
        Rejected: The deal cannot have led to the view.
    """
    if program.final is not None:
        return program.final.build(start, placed)
    return _run(program, start)


def _run(program: Program, start: GameState) -> GameState:
    """Every recorded card movement, carried out on the card ids of ``start``."""
    variant = program.variant
    tables = variant.tables
    deck, copies = tables.deck, _copies(variant)
    follow_masks, lead_of, wild = tables.follow_masks, tables.lead_of, tables.wild_mask
    players = variant.players
    masks = [0] * program._slots.masks
    masks[:players] = start.hand_masks
    lists: list[list[int]] = [[] for _ in range(program._slots.lists)]
    lists[1] = list(start.face_up)
    trick: list[int] = []
    pile, top = start.draw_pile, 0
    phase, leader = start.phase, start.leader
    powers: list[Hashable] = list(start.power_states)
    holes: dict[tuple[int, int], RawEvent] = {}
    for op in program.ops:
        code = op[0]
        if code == _PLAY:
            seat = op[1]
            hand = masks[seat]
            mine = hand & copies[op[2].card]
            if trick:
                follow = hand & follow_masks[lead_of[trick[0]]]
                if follow:
                    mine &= follow | wild
            if not mine:
                raise Rejected
            card = (mine & -mine).bit_length() - 1
            masks[seat] = hand ^ (1 << card)
            trick.append(card)
        elif code == _LIFT:
            card = _lift(masks, lists, op[1], op[2], copies, deck, pile, top)
            if op[2] == (False, _TOP):
                top += 1
            is_mask, index = op[3]
            if is_mask:
                masks[index] |= 1 << card
            else:
                lists[index].append(card)
        elif code == _TRICK:
            lists[0] = trick
            trick = []
        elif code == _DRAW:
            if top >= len(pile):
                raise Rejected
            card = pile[top]
            top += 1
            if op[2] is not None and deck[card] != op[2]:
                raise Rejected
            masks[op[1]] |= 1 << card
            if op[3] is not None:
                holes[op[3]] = (CardDrawn, op[1] - players, deck[card])
        elif code == _TAKE:
            face_up = lists[1]
            card = next((c for c in face_up if deck[c] == op[2]), -1)
            if card < 0:
                raise Rejected
            face_up.remove(card)
            masks[op[1]] |= 1 << card
        elif code == _TURN:
            count = len(op[1])
            turned = pile[top:top + count]
            if tuple(deck[c] for c in turned) != op[1]:
                raise Rejected
            lists[1] = list(turned)
            top += count
        elif code == _LEAD:
            leader = op[1]
        elif code == _PHASE:
            phase = op[1]
            if phase is Phase.SUPPORT:
                masks[:players] = masks[players:2 * players]
                masks[players:2 * players] = [0] * players
        elif code == _POWER:
            powers[op[1]] = op[2]
        else:  # _PEEK
            if top >= len(pile):
                raise Rejected
            holes[op[2]] = (Peeked, op[1], deck[pile[top]])
    return _finish(program, start, masks, lists, trick, pile[top:], phase, leader,
                   powers, holes)


def _lift(masks: list[int], lists: list[list[int]], card: Card, origin: tuple[bool, int],
          copies: dict[Card, int], deck: tuple[Card, ...], pile: tuple[int, ...],
          top: int) -> int:
    """Take a copy of ``card`` from ``origin``: the lowest id of a pile, the first in
    line of an ordered place, the top of the draw pile."""
    is_mask, index = origin
    if is_mask:
        mine = masks[index] & copies[card]
        if not mine:
            raise Rejected
        cid = (mine & -mine).bit_length() - 1
        masks[index] ^= 1 << cid
        return cid
    if index == _TOP:
        if top >= len(pile) or deck[pile[top]] != card:
            raise Rejected
        return pile[top]
    line = lists[index]
    for position, cid in enumerate(line):
        if deck[cid] == card:
            del line[position]
            return cid
    raise Rejected


def _finish(program: Program, start: GameState, masks: list[int], lists: list[list[int]],
            trick: list[int], pile: tuple[int, ...], phase: Phase, leader: int,
            powers: list[Hashable], holes: dict[tuple[int, int], RawEvent]) -> GameState:
    """Freeze the build into a state; apply the moves after the last play, if any."""
    variant = program.variant
    players = variant.players
    zones = []
    for spec, (is_mask, base) in zip(variant.tables.zone_specs, program._slots.zone_at):
        zones.append(tuple(masks[base:base + players]) if is_mask else tuple(lists[base]))
    records = list(program.known)
    for index, seat, move, raws, empty in program.unknown:
        filled = list(raws)
        for position in empty:
            filled[position] = holes[(index, position)]
        records[index] = make_record(seat, move, tuple(filled))  # type: ignore[arg-type]
    state = make_state(
        variant, phase, leader, tuple(trick), tuple(masks[:players]), pile,
        tuple(lists[1]), tuple(masks[players:2 * players]),
        tuple(masks[2 * players:3 * players]), tuple(zones), masks[3 * players],
        tuple(powers), start.chance, None, (), tuple(records), start.deal,
    )
    for move in program.rest:
        try:
            state = state.apply(move)
        except ClaimError:
            raise Rejected from None
    return state


class _Final:
    """A build for a view with no pending question: its public cards where the view
    shows them, the sampled hidden cards, each card its only copy's id; only copies
    of a repeated card (five ``Gb0`` in Claim) are followed move by move."""

    def __init__(self, program: Program) -> None:
        view, variant = program.view, program.variant
        slots, players = program._slots, variant.players
        copies = _copies(variant)
        self.program, self.players = program, players
        self.phase, self.leader = view.phase, view.leader
        self.powers: list[Hashable] = [value for _, value in view.power_states]
        self.canon = {c: m.bit_length() - 1 for c, m in copies.items() if not m & (m - 1)}
        deck = variant.deck
        self.canon_ids = {id(deck[cid]): 1 << cid for cid in self.canon.values()}
        self.dup_mask = sum(m for m in copies.values() if m & (m - 1))
        self.dup_ids = [cid for cid in range(len(variant.deck)) if self.dup_mask >> cid & 1]
        self.copies = copies
        masks = [0] * slots.masks
        if view.seat is not None:
            masks[view.seat] = self._bits(view.hand)
            masks[players + view.seat] = self._bits(view.follower_pile)
        for seat, pile in enumerate(view.score_piles):
            masks[2 * players + seat] = self._bits(pile)
        masks[3 * players] = self._bits(view.discard)
        cards: list[tuple[Card, ...]] = [tuple(c for _, c in view.trick), view.face_up]
        cards += [()] * (slots.lists - 2)
        shown = iter(view.zones)
        for is_mask, base in slots.zone_at:
            for seat in range(players if is_mask else 1):
                if is_mask:
                    masks[base + seat] = self._bits(next(shown).cards)
                else:
                    cards[base] = next(shown).cards
        self.masks = masks
        self.lists = [[self.canon.get(c, -1) for c in line] for line in cards]
        self.list_cards = cards
        self.hidden = [(("hand", s), s) for s in range(players) if s != view.seat]
        if view.phase is Phase.RECRUIT:
            self.hidden += [(("follower pile", s), players + s)
                            for s in range(players) if s != view.seat]
        self._pile(program)

    def _bits(self, cards: tuple[Card, ...] | list[Card]) -> int:
        """The ids of the cards that have one copy (the deck's own card objects are
        found by identity, others by value)."""
        canon, by_id, mask = self.canon, self.canon_ids, 0
        for card in cards:
            bit = by_id.get(id(card))
            if bit is None:
                cid = canon.get(card)
                if cid is None:
                    continue
                bit = 1 << cid
            mask |= bit
        return mask

    def _pile(self, program: Program) -> None:
        """Which draw pile position each movement takes; the movements of copies."""
        taken = 0
        self.moves: list[tuple[int, tuple[bool, int]]] = []  # per position: (op, to)
        self.holes: list[tuple[tuple[int, int], type, int, int]] = []
        self.dups: list[tuple[int, tuple[Any, ...]]] = []
        for at, op in enumerate(program.ops):
            code = op[0]
            if code == _TURN:
                for _ in op[1]:
                    self.moves.append((at, (False, 1)))
                    taken += 1
            elif code == _DRAW:
                self.moves.append((at, (True, op[1])))
                if op[3] is not None:
                    self.holes.append((op[3], CardDrawn, op[1] - self.players, taken))
                taken += 1
            elif code == _PEEK:
                self.holes.append((op[2], Peeked, op[1], taken))
            elif code == _LIFT and op[2] == (False, _TOP):
                self.moves.append((at, op[3]))
                taken += 1
            elif code == _PHASE:
                self.dups.append((at, op))
            elif code == _PLAY and op[2].card not in self.canon:
                self.dups.append((at, (code, op[1], self.copies[op[2].card])))
            elif code == _LIFT and op[1] not in self.canon:
                self.dups.append((at, (code, self.copies[op[1]], op[2], op[3])))
            elif code == _TAKE and op[2] not in self.canon:
                self.dups.append((at, (code, self.copies[op[2]], (False, 1), (True, op[1]))))
        self.taken = taken

    def build(self, start: GameState, placed: dict[tuple[str, int | None], list[Card]]
              ) -> GameState:
        """The state (see `build`)."""
        pile = start.draw_pile
        if len(pile) < self.taken:
            raise Rejected
        masks = list(self.masks)
        for place, slot in self.hidden:
            masks[slot] = self._bits(placed[place])
        lists = self.lists
        if self.dup_mask:
            lists = self._copies_moved(start, masks)
        return _final_state(self, start, masks, lists)

    def _copies_moved(self, start: GameState, masks: list[int]) -> list[list[int]]:
        """Follow the copies of repeated cards from the deal; add them to ``masks``;
        the ordered places with every id filled in."""
        players, pile, dup = self.players, start.draw_pile, self.dup_mask
        ops = []
        for cid in self.dup_ids:
            try:
                position = pile.index(cid, 0, self.taken)
            except ValueError:
                continue
            at, to = self.moves[position]
            ops.append((at, (-1, position, to)))
        ops = sorted(ops + self.dups, key=_first) if ops else self.dups
        mine = [0] * len(masks)
        mine[:players] = [hand & dup for hand in start.hand_masks]
        lines: list[list[int]] = [[] for _ in self.lists]
        lines[1] = [c for c in start.face_up if dup >> c & 1]
        deck = start.variant.deck
        for _, op in ops:
            code = op[0]
            if code == -1:
                card, (is_mask, index) = pile[op[1]], op[2]
            elif code == _PLAY:
                seat = op[1]
                held = mine[seat] & op[2]
                if not held:
                    raise Rejected
                card = (held & -held).bit_length() - 1
                mine[seat] ^= 1 << card
                lines[0].append(card)
                continue
            elif code == _PHASE:
                if op[1] is Phase.SUPPORT:
                    mine[:players] = mine[players:2 * players]
                    mine[players:2 * players] = [0] * players
                continue
            else:  # _LIFT, _TAKE: (code, copies, origin, to)
                card = _lift_copy(mine, lines, op[1], op[2])
                is_mask, index = op[3]
            if is_mask:
                mine[index] |= 1 << card
            else:
                lines[index].append(card)
        for slot, held in enumerate(mine):
            masks[slot] |= held
        return [_fill(line, self.list_cards[i], lines[i], deck)
                for i, line in enumerate(self.lists)]


def _lift_copy(mine: list[int], lines: list[list[int]], copies: int,
               origin: tuple[bool, int]) -> int:
    """Take a copy (of the ids ``copies``) from ``origin``: the lowest id of a pile,
    the first in line of an ordered place."""
    is_mask, index = origin
    if is_mask:
        held = mine[index] & copies
        if not held:
            raise Rejected
        cid = (held & -held).bit_length() - 1
        mine[index] ^= 1 << cid
        return cid
    line = lines[index]
    for position, cid in enumerate(line):
        if copies >> cid & 1:
            del line[position]
            return cid
    raise Rejected


def _first(item: tuple[int, Any]) -> int:
    return item[0]


def _fill(line: list[int], cards: tuple[Card, ...], copies: list[int],
          deck: tuple[Card, ...]) -> list[int]:
    """An ordered place's ids: the only copy's id, or the next copy followed there."""
    if -1 not in line:
        return line
    out = []
    left = list(copies)
    for cid, card in zip(line, cards):
        if cid < 0:
            cid = next((c for c in left if deck[c] == card), -1)
            if cid < 0:
                raise Rejected
            left.remove(cid)
        out.append(cid)
    return out


def _final_state(final: _Final, start: GameState, masks: list[int],
                 lists: list[list[int]]) -> GameState:
    program = final.program
    pile = start.draw_pile
    deck = start.variant.deck
    holes = {hole: (kind, seat, deck[pile[position]])
             for hole, kind, seat, position in final.holes}
    return _finish(program, start, masks, lists, lists[0], pile[final.taken:],
                   final.phase, final.leader, final.powers, holes)  # type: ignore[arg-type]
