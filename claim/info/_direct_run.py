"""Determinization without replaying: every recorded card movement carried out on
the card ids of a sampled deal (`claim.info._direct`), for views with a pending question
(the moves from the last card play on are then applied with `GameState.apply`) or
with spans the engine replays (the tricks won by a power whose ``on_win`` hooks read
hidden cards, `claim.rules.capabilities.Capabilities.hidden_on_win`)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from claim.core.cards import Card
from claim.core.errors import ClaimError
from claim.core.records import CardDrawn, MoveRecord, Peeked, RawEvent
from claim.core.zones import Phase
from claim.info._direct_program import (
    _DRAW,
    _ENGINE,
    _LEAD,
    _LIFT,
    _PHASE,
    _PLAY,
    _POWER,
    _TAKE,
    _TOP,
    _TRICK,
    _TURN,
    CopyMasks,
    Program,
    Rejected,
    _finish,
    copy_masks,
    filled,
    frozen,
    same_card,
)
from claim.rules.engine.playing import allowed
from claim.rules.rulebook import playable
from claim.rules.state import GameState
from claim.rules.variant_tables import DeckTables
from claim.rules.view_history import HistoryCheck

__all__ = ["run", "seen_as_viewed"]


def run(program: Program, start: GameState) -> GameState:
    """Every recorded card movement, carried out on the card ids of ``start``."""
    variant = program.variant
    tables = variant.tables
    deck, copies = tables.deck, copy_masks(variant)
    players = variant.players
    masks, lists = _places(program, start)
    trick: list[int] = []
    pile, top = start.draw_pile, 0
    phase, leader = start.phase, start.leader
    powers: list[Hashable] = list(start.power_states)
    holes: dict[tuple[int, int], RawEvent] = {}
    made: dict[int, MoveRecord] = {}
    lifted, dynamic_lead = bool(tables.follow_hooks), tables.dynamic_lead_mask  # E13, E3
    for op in program.ops:
        code: int = op[0]
        if code == _PLAY:
            follow = -1  # the printed lead's follow rule, unless a power decides it
            if trick and (lifted or (1 << trick[0]) & dynamic_lead):
                follow = allowed(frozen(program, start, masks, lists, trick, pile[top:],
                                        phase, leader, powers, ()), op[1])
            _play(masks, trick, op[1], copies.of(op[2].card), tables, follow)
        elif code == _LIFT:
            _move(masks, lists, op, copies, deck, pile, top)
            origin: tuple[bool, int] = op[2]
            if not origin[0] and origin[1] == _TOP:
                top += 1
        elif code == _TRICK:
            lists[0] = trick
            trick = []
        elif code == _DRAW:
            _draw(masks, holes, op, deck, pile, top, players)
            top += 1
        elif code == _TAKE:
            _take(masks, lists[1], op[1], op[2], deck)
        elif code == _TURN:
            lists[1] = _turned(op[1], deck, pile, top)
            top += len(op[1])
        elif code == _LEAD:
            leader = op[1]
        elif code == _PHASE:
            phase = op[1]
            if phase is Phase.SUPPORT:  # the follower piles become the hands
                masks[:2 * players] = masks[players:2 * players] + [0] * players
        elif code == _POWER:
            powers[op[1]] = op[2]
        elif code == _ENGINE:
            state = _span(program, frozen(program, start, masks, lists, trick, pile[top:],
                                          phase, leader, powers, ()), op[1], op[2], made)
            masks, lists = _places(program, state)
            trick, pile, top = list(state.trick), state.draw_pile, 0
            phase, leader, powers = state.phase, state.leader, list(state.power_states)
        else:  # _PEEK
            if top >= len(pile):
                raise Rejected
            holes[op[2]] = (Peeked, op[1], deck[pile[top]])
    return _finish(program, start, masks, lists, trick, pile[top:], phase, leader,
                   powers, filled(program, holes, made))


def _play(masks: list[int], trick: list[int], seat: int, copies: int,
          tables: DeckTables, follow: int = -1) -> None:
    """A copy of the card played (``copies``: its copies' ids) from ``seat``'s hand
    into the trick: the lowest id the follow rule allows (RULES 3; ``follow``: the
    cards the engine allows, where a power decides the lead or lifts the rule, E3,
    E13), as the engine picks."""
    hand = masks[seat]
    mine = hand & copies
    if follow >= 0:
        mine &= follow
    elif trick:
        mine &= playable(hand, tables.follow_masks[tables.lead_of[trick[0]]],
                         tables.wild_mask)
    if not mine:
        raise Rejected
    card = (mine & -mine).bit_length() - 1
    masks[seat] = hand ^ (1 << card)
    trick.append(card)


def _span(program: Program, state: GameState, first: int, end: int,
          made: dict[int, MoveRecord]) -> GameState:
    """The recorded moves ``first`` to ``end`` applied by the engine to ``state`` (the
    build so far, no history), each record seen as the view shows it; the records
    go into ``made``. Rejected where a move is illegal, a record looks otherwise or
    a question is left for the card play that follows."""
    history = program.view.history
    for index in range(first, end):
        try:
            state = state.apply(history[index].move)
        except ClaimError:
            raise Rejected from None
    records = state.records
    seen_as_viewed(program, records, first, first)
    if state.pending is not None or state.queue:
        raise Rejected
    for index, record in enumerate(records, first):
        made[index] = record
    return state


def seen_as_viewed(program: Program, records: tuple[MoveRecord, ...], start: int,
                   done: int) -> HistoryCheck:
    """The check that ``records`` (beginning at the view's record ``start``) from
    record ``done`` on are seen as the view shows them (`HistoryCheck`, with the
    program's memo); Rejected at the first that is not.

    The check starts with empty discard counters: every card in the discard of a
    direct build went there seen (a card laid unseen is `NotDirect`), so a card
    leaving it shows as it is whatever the counters hold."""
    view = program.view
    check = HistoryCheck(view.history, view.seat, program.variant, program.memo)
    check.done = done
    if not check.matches(records, start):
        raise Rejected
    return check


def _places(program: Program, state: GameState) -> tuple[list[int], list[list[int]]]:
    """The masks (hands, follower piles, score piles, the discard, per-seat zones)
    and lists (the trick's unplaced cards, the face-up cards, shared zones) of the
    places the program moves cards between, as they are in ``state`` (between
    tricks)."""
    slots, players = program._slots, program.players
    masks = [0] * slots.masks
    masks[:players] = state.hand_masks
    masks[players:2 * players] = state.follower_masks
    masks[2 * players:3 * players] = state.score_masks
    masks[3 * players] = state.discard_mask
    lists: list[list[int]] = [[] for _ in range(slots.lists)]
    lists[1] = list(state.face_up)
    for (is_mask, base), zone in zip(slots.zone_at, state.zones):
        if is_mask:
            masks[base:base + players] = zone
        else:
            lists[base] = list(zone)
    return masks, lists


def _draw(masks: list[int], holes: dict[tuple[int, int], RawEvent], op: tuple[Any, ...],
          deck: tuple[Card, ...], pile: tuple[int, ...], top: int, players: int) -> None:
    """A card drawn from the top of the draw pile into the mask ``op[1]``: it must be
    the card recorded, if one was; its event fills the hole ``op[3]``, if any."""
    if top >= len(pile):
        raise Rejected
    card = pile[top]
    if op[2] is not None and not same_card(deck[card], op[2]):
        raise Rejected
    masks[op[1]] |= 1 << card
    if op[3] is not None:
        holes[op[3]] = (CardDrawn, op[1] - players, deck[card])


def _take(masks: list[int], face_up: list[int], mask: int, card: Card,
          deck: tuple[Card, ...]) -> None:
    """The first face-up copy of ``card`` taken into ``masks[mask]``."""
    cid = next((c for c in face_up if same_card(deck[c], card)), -1)
    if cid < 0:
        raise Rejected
    face_up.remove(cid)
    masks[mask] |= 1 << cid


def _turned(cards: tuple[Card, ...], deck: tuple[Card, ...], pile: tuple[int, ...],
            top: int) -> list[int]:
    """The card ids turned face up from the top of the draw pile: they must be
    ``cards``."""
    turned = pile[top:top + len(cards)]
    if tuple(deck[c] for c in turned) != cards:
        raise Rejected
    return list(turned)


def _move(masks: list[int], lists: list[list[int]], op: tuple[Any, ...],
          copies: CopyMasks, deck: tuple[Card, ...], pile: tuple[int, ...],
          top: int) -> None:
    """A copy of the card ``op[1]`` lifted from the place ``op[2]`` (`_lift`) and put
    into the place ``op[3]``: a mask, or the end of a list."""
    card = _lift(masks, lists, op[1], op[2], copies, deck, pile, top)
    is_mask, index = op[3]
    if is_mask:
        masks[index] |= 1 << card
    else:
        lists[index].append(card)


def _lift(masks: list[int], lists: list[list[int]], card: Card, origin: tuple[bool, int],
          copies: CopyMasks, deck: tuple[Card, ...], pile: tuple[int, ...],
          top: int) -> int:
    """Take a copy of ``card`` from ``origin``: the lowest id of a pile, the first in
    line of an ordered place, the top of the draw pile."""
    is_mask, index = origin
    if is_mask:
        mine = masks[index] & copies.of(card)
        if not mine:
            raise Rejected
        cid = (mine & -mine).bit_length() - 1
        masks[index] ^= 1 << cid
        return cid
    if index == _TOP:
        if top >= len(pile) or not same_card(deck[pile[top]], card):
            raise Rejected
        return pile[top]
    line = lists[index]
    for position, cid in enumerate(line):
        if same_card(deck[cid], card):
            del line[position]
            return cid
    raise Rejected


