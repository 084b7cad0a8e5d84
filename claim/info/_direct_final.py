"""Determinization without replaying, for a view with no pending question
(`claim.info._direct`): the view's public cards where it shows them, the sampled hidden
cards, each card its only copy's id; only the copies of a repeated card are
followed move by move."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, cast

from claim.core.cache import per_variant
from claim.core.cards import Card
from claim.core.moves import Move
from claim.core.records import CardDrawn, MoveRecord, Peeked, RawEvent
from claim.core.zones import Phase
from claim.info._direct_program import (
    _DRAW,
    _LIFT,
    _PEEK,
    _PHASE,
    _PLAY,
    _TAKE,
    _TOP,
    _TURN,
    Program,
    Rejected,
    _copies,
    _finish,
    same_card,
)
from claim.rules.engine.board import make_record
from claim.rules.rulebook import shows_void
from claim.rules.state import GameState
from claim.rules.variant import Variant
from claim.rules.views import View

if TYPE_CHECKING:
    from claim.info._dealing import Dealt

__all__ = ["Final"]


@per_variant
def _singles(variant: Variant) -> tuple[dict[Card, int], dict[int, int], int, list[int]]:
    """Per variant: the id of each card with one copy; per deck object (by ``id``), its
    bit if its card has one copy, else 0; the mask and the ids of repeated cards."""
    copies = _copies(variant)
    canon = {c: m.bit_length() - 1 for c, m in copies.items() if not m & (m - 1)}
    deck = variant.deck
    only = set(canon.values())
    canon_ids = {id(deck[cid]): 1 << cid if cid in only else 0 for cid in range(len(deck))}
    dup_mask = sum(m for m in copies.values() if m & (m - 1))
    return canon, canon_ids, dup_mask, [cid for cid in range(len(deck)) if dup_mask >> cid & 1]


class Final:
    """A build for a view with no pending question: its public cards where the view
    shows them, the sampled hidden cards, each card its only copy's id; only copies
    of a repeated card (five ``Gb0`` in Claim) are followed move by move."""

    def __init__(self, program: Program) -> None:
        view, variant = program.view, program.variant
        slots, players = program._slots, variant.players
        copies = _copies(variant)
        self.players = players  # not the program: it holds this (no reference cycle)
        self.phase, self.leader = view.phase, view.leader
        self.powers: list[Hashable] = [value for _, value in view.power_states]
        tables = variant.tables
        # Dealt apart, never moved nor shown: the cards set aside (E33), by list
        # index, and the hidden power states (E30), by faction index.
        self.asides = [slots.zone_at[zone][1] for _, zone, _ in tables.asides]
        self.secret_at = tables.hidden_states
        self.canon, self.canon_ids, self.dup_mask, self.dup_ids = _singles(variant)
        self.moved: dict[tuple[tuple[int, ...], ...],
                         tuple[list[tuple[int, int]], list[list[int]]]] = {}
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
        self.voids = self._trick_voids(view)
        # Before any card is turned, the face-up cards are the deal's first ones, in
        # an order the skeleton does not fix: the view's order must be the deal's.
        self.face_up = view.face_up
        self.taken_up: list[Card] | None = None
        if not any(op[0] == _TURN for op in program.ops):
            self.taken_up = [op[2] if op[0] == _TAKE else op[1] for op in program.ops
                             if op[0] == _TAKE or (op[0] == _LIFT and op[2] == (False, 1))]

    def _bits(self, cards: tuple[Card, ...] | list[Card]) -> int:
        """The ids of the cards that have one copy, as a mask (the deck's own card
        objects found by identity, a copy of a repeated card adding nothing; other
        objects by value)."""
        bits = list(map(self.canon_ids.get, map(id, cards)))
        if None not in bits:
            return sum(bits)  # type: ignore[arg-type]
        canon, mask = self.canon, 0
        for card in cards:
            cid = canon.get(card)
            if cid is not None:
                mask |= 1 << cid
        return mask

    def _pile(self, program: Program) -> None:
        """Which draw pile position each movement takes; the movements of copies."""
        taken = 0
        self.moves: list[tuple[int, tuple[bool, int]]] = []  # per position: (op, to)
        self.holes: list[tuple[tuple[int, int], type, int, int]] = []
        self.dups: list[tuple[int, tuple[Any, ...]]] = []
        for at, op in enumerate(program.ops):
            code: int = op[0]
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
        self._fills(program)

    def _fills(self, program: Program) -> None:
        """Per record with hidden events: a maker of the record from the deck and the
        draw pile, and the pile positions its hidden cards came from; records made
        are kept per (record, card ids), since they are values."""
        at: dict[tuple[int, int], tuple[type, int, int]] = {
            hole: (kind, seat, position) for hole, kind, seat, position in self.holes}
        self.memo: dict[tuple[int, ...], MoveRecord] = {}
        self.fills: list[tuple[int, Callable[[tuple[Card, ...], tuple[int, ...]],
                                            MoveRecord], list[int]]] = []
        for index, seat, move, raws, empty in program.unknown:
            holes = [(position, *at[(index, position)]) for position in empty]

            def build(deck: tuple[Card, ...], pile: tuple[int, ...], seat: int = seat,
                      move: Move = move, raws: list[RawEvent | None] = raws,
                      holes: list[tuple[int, type, int, int]] = holes) -> MoveRecord:
                events: list[Any] = list(raws)
                for position, kind, who, taken in holes:
                    events[position] = (kind, who, deck[pile[taken]])
                return make_record(seat, move, tuple(events))

            self.fills.append((index, build, [taken for *_, taken in holes]))

    def build(self, program: Program, start: Dealt,
              placed: dict[tuple[str, int | None], list[Card]]) -> GameState:
        """The state (see `build`), for ``program``, the one this was made from."""
        pile = start.draw_pile
        if len(pile) < self.taken:
            raise Rejected
        if self.taken_up is not None and len(start.face_up) > 1:
            self._check_face_up(start)
        masks = list(self.masks)
        for place, slot in self.hidden:
            masks[slot] = self._bits(placed[place])
        lists = self.lists
        if self.dup_mask:
            lists = self._copies_moved(start, masks)
        for seat, follow in self.voids:
            if masks[seat] & follow:
                raise Rejected
        powers = self.powers
        if self.asides or self.secret_at:
            lists, powers = list(lists), list(powers)
            for base, ids in zip(self.asides, start.deal.set_aside):
                lists[base] = list(ids)
            for fi, value in zip(self.secret_at, start.deal.hidden):
                powers[fi] = value
        return _final_state(self, program, start, masks, lists, powers)

    def _trick_voids(self, view: View) -> list[tuple[int, int]]:
        """Per play off the lead in the current trick by a hidden hand: the seat and
        the cards it cannot hold (RULES 3; tricks already complete are the
        knowledge's voids, which the placement keeps)."""
        tables = view.variant.tables
        if len(view.trick) < 2:
            return []
        lead = tables.lead_of[self.copies[view.trick[0][1]].bit_length() - 1]
        follow = tables.follow_masks[lead]
        out = []
        for seat, card in view.trick[1:]:
            played = self.copies[card]
            if seat != view.seat and shows_void(played, follow, tables.wild_mask):
                out.append((seat, follow))
        return out

    def _check_face_up(self, start: Dealt) -> None:
        """Reject a deal whose first face-up cards, less those taken, are not in the
        view's order (the engine keeps them in the deal's order)."""
        deck = start.variant.deck
        left = [deck[c] for c in start.face_up]
        for card in self.taken_up or ():
            if card not in left:
                raise Rejected
            left.remove(card)
        if tuple(left) != self.face_up:
            raise Rejected

    def _copies_moved(self, start: Dealt, masks: list[int]) -> list[list[int]]:
        """Follow the copies of repeated cards from the deal; add them to ``masks``;
        the ordered places with every id filled in. The outcome depends only on
        where the deal put the copies: it is kept per such placement."""
        pile, dup = start.draw_pile, self.dup_mask
        where = {cid: at for at, cid in enumerate(pile[:self.taken]) if dup >> cid & 1}
        positions = [where.get(cid, -1) for cid in self.dup_ids]
        key = (tuple([hand & dup for hand in start.hand_masks]),
               tuple([c for c in start.face_up if dup >> c & 1]), tuple(positions))
        found = self.moved.get(key)
        if found is None:
            if len(self.moved) > 1024:
                self.moved.clear()
            found = self.moved[key] = self._follow(start, key[0], key[1], positions)
        held, lines = found
        for slot, copies in held:
            masks[slot] |= copies
        return lines

    def _follow(self, start: Dealt, hands: tuple[int, ...], face_up: tuple[int, ...],
                positions: list[int]) -> tuple[list[tuple[int, int]], list[list[int]]]:
        """`_copies_moved` for one placement of the copies: per place the copies it
        ends with, and the ordered places' ids."""
        players, pile = self.players, start.draw_pile
        ops: list[tuple[int, tuple[Any, ...]]] = []
        for position in positions:
            if position >= 0:
                at, to = self.moves[position]
                ops.append((at, (-1, position, to)))
        ops = sorted(ops + self.dups, key=_first) if ops else self.dups
        mine = [0] * len(self.masks)
        mine[:players] = hands
        lines: list[list[int]] = [[] for _ in self.lists]
        lines[1] = list(face_up)
        deck = start.variant.deck
        for _, op in ops:
            code: int = op[0]
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
        return ([(slot, held) for slot, held in enumerate(mine) if held],
                [_fill(line, self.list_cards[i], lines[i], deck)
                 for i, line in enumerate(self.lists)])


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
            cid = next((c for c in left if same_card(deck[c], card)), -1)
            if cid < 0:
                raise Rejected
            left.remove(cid)
        out.append(cid)
    return out


def _final_state(final: Final, program: Program, start: Dealt, masks: list[int],
                 lists: list[list[int]], powers: list[Hashable]) -> GameState:
    pile = start.draw_pile
    records = list(program.known)
    memo = final.memo
    for index, build, positions in final.fills:
        key = (index, *[pile[p] for p in positions])
        record = memo.get(key)
        if record is None:
            if len(memo) > 1024:
                memo.clear()
            record = memo[key] = build(start.variant.deck, pile)
        records[index] = record
    history = cast("tuple[MoveRecord, ...]", tuple(records))  # every hole filled
    return _finish(program, start, masks, lists, lists[0], pile[final.taken:],
                   final.phase, final.leader, powers, history)

