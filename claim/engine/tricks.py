"""Resolving a finished trick: rank, place, choose the leader, recruit or smash.

The order is the one the rules fix: the trick is ranked (RULES 3); its cards are
placed by the factions' ``place`` hooks, the rest by the phase's default (R7: before
any smash); the next leader is chosen (``next_leader`` hooks, else the winner); then
the followers are handed out in rank order (phase 1) or the smash rights are asked
(phase 2). Decisions stop the sequence until answered ([`decide`][]).
"""

from __future__ import annotations

from collections.abc import Sequence

from claim._fast import slot_maker
from claim.engine.board import Board, PowerError, make_record
from claim.factions.protocol import RankKey, SmashRight, Trick
from claim.moves import DeclineSmash, Move, Smash, TakeFaceUp, TakeTopCard
from claim.records import (
    CardDrawn,
    FaceUpTaken,
    FaceUpTurned,
    LeaderChosen,
    Peeked,
    PhaseStarted,
    Placed,
    RawEvent,
    Smashed,
    TrickCompleted,
)
from claim.state import GameState, RecruitDecision, SmashDecision
from claim.tables import DeckTables
from claim.zones import DISCARD, OVER, RECRUIT, SCORE, SUPPORT

__all__ = ["decide", "rank", "resolve_trick"]


make_trick = slot_maker(Trick)


def _packed(key: RankKey) -> int:
    """A hook's rank key as one int that orders like the tuple."""
    group, value, secondary, position = key
    return (((group + 8) << 48) | ((value + 2**15) << 32) | ((secondary + 2**15) << 16)
            | (position + 2**15))


def rank(
    cards: tuple[int, ...], tables: DeckTables, lead: int, rank_mask: int, trick: Trick | None
) -> tuple[int, ...]:
    """Positions of the trick's cards from rank 1 down (RULES 3, R2, R4).

    Keys are the tuples of [`RankKey`][claim.factions.protocol.RankKey] packed into ints
    (groups, values and positions well inside 16 bits). ``trick`` is needed only
    when a card's faction overrides ``rank_key``.
    """
    counts = tables.counts_masks[lead]
    values = tables.card_value
    keys = []
    for position, card in enumerate(cards):
        bit = 1 << card
        key = None
        if bit & rank_mask and trick is not None:
            key = tables.powers[tables.card_faction[card]].rank_key(trick, position)
        if key is None:
            group = 9 if position == 0 or bit & counts else 8
            keys.append((group << 48) | ((values[card] + 2**15) << 32) | (2**15 << 16)
                        | (2**15 - position))
        else:
            keys.append(_packed(key))
    return tuple(sorted(range(len(keys)), key=keys.__getitem__, reverse=True))


def _context(board: Board, seats: tuple[int, ...], lead: str, order: tuple[int, ...]) -> Trick:
    """The hook context of the trick on ``board`` (ranked when ``order`` is given)."""
    waiting = tuple(board.waiting)
    return make_trick(board.variant, board.phase, seats, board.trick, lead, order, waiting)


def resolve_trick(board: Board) -> tuple[RawEvent, ...]:
    """Resolve the complete trick on ``board``; returns the events it caused."""
    tables = board.variant.tables
    hooks = tables.hooks[board.phase]
    cards = board.trick
    seats = tables.seat_orders[board.leader]
    lead = tables.lead_of[cards[0]]
    lead_name = tables.faction_names[lead]
    present = 0
    for card in cards:
        present |= 1 << card
    unranked = _context(board, seats, lead_name, ()) if present & hooks.rank_mask else None
    order = rank(cards, tables, lead, hooks.rank_mask, unranked)
    ranking = tuple(map(seats.__getitem__, order))
    movable = present
    for card in board.waiting:
        movable |= 1 << card
    # The ranked context is built only when some hook will read it.
    trick = None
    if movable & hooks.placer_mask or present & hooks.leader_mask or (
        (1 << cards[order[0]]) & hooks.peek_mask
    ):
        trick = _context(board, seats, lead_name, order)
    events: list[RawEvent] = [
        (TrickCompleted.from_raw, board.phase, seats,
         tuple(map(tables.deck.__getitem__, cards)), lead_name, ranking)
    ]
    rights: list[tuple[int, int, str]] = []
    placed = _place(board, trick, movable, rights, events) if trick else 0
    _place_default(board, ranking[0], present & ~placed, events)
    if trick is None:
        board.leader = ranking[0]
        events.append((LeaderChosen, ranking[0], None))
    else:
        board.leader = _next_leader(trick, tables, present, events)
    board.trick = ()
    if board.phase is RECRUIT:
        peek = _peek(board, trick, tables, events) if trick else None
        _recruit(board, ranking, peek, events)
    elif rights:
        _smash(board, rights)
    if board.pending is None:
        _next_trick(board, events)
    return tuple(events)


def _place(
    board: Board,
    trick: Trick,
    movable: int,
    rights: list[tuple[int, int, str]],
    events: list[RawEvent],
) -> int:
    """Carry out the ``place`` hooks; return the trick cards they placed.

    Smash rights the hooks grant are appended to ``rights``.
    """
    tables = board.variant.tables
    placed = 0
    for fi in tables.hooks[trick.phase].placers:
        fmask = tables.faction_masks[fi]
        if not movable & fmask:
            continue
        power = tables.powers[fi]
        positions = tuple(p for p, c in enumerate(trick.cards) if (1 << c) & fmask)
        effects = power.place(trick, positions)
        for effect in effects or ():
            if isinstance(effect, SmashRight):
                rights.append((effect.seat, effect.value, effect.prey))
                continue
            bit = 1 << effect.card
            if not bit & fmask & movable:
                raise PowerError(
                    f"power of {power.faction} tried to place card {effect.card}, "
                    "which is not its own card in this trick or the waiting line"
                )
            if effect.card in trick.cards:
                placed |= bit
            else:
                board.lift(effect.card)
            board.put(effect, f"power of {power.faction}")
            events.append((Placed, tables.deck[effect.card], effect.zone, effect.seat))
    return placed


def _place_default(board: Board, winner: int, rest: int, events: list[RawEvent]) -> None:
    """Phase 1: discard the played cards; phase 2: the winner scores them."""
    if not rest:
        return
    seat: int | None
    if board.phase is RECRUIT:
        board.discard |= rest
        zone, seat = DISCARD, None
    else:
        board.scores[winner] |= rest
        zone, seat = SCORE, winner
    deck = board.variant.tables.deck
    for card in board.trick:
        if (1 << card) & rest:
            events.append((Placed, deck[card], zone, seat))


def _next_leader(trick: Trick, tables: DeckTables, present: int, events: list[RawEvent]) -> int:
    """The winner leads, unless a ``next_leader`` hook (Dragons, R8) decides."""
    for fi in tables.hooks[trick.phase].leaders:
        if present & tables.faction_masks[fi]:
            seat = tables.powers[fi].next_leader(trick)
            if seat is not None:
                events.append((LeaderChosen, seat, tables.faction_names[fi]))
                return seat
    winner = trick.winner
    events.append((LeaderChosen, winner, None))
    return winner


def _peek(board: Board, trick: Trick, tables: DeckTables, events: list[RawEvent]) -> int | None:
    """The seat of a winner whose winning card lets them peek (Seers), if any."""
    card = trick.cards[trick.ranking[0]]
    if not (1 << card) & tables.hooks[trick.phase].peek_mask:
        return None
    if not tables.powers[tables.card_faction[card]].grants_peek(trick):
        return None
    winner = trick.winner
    events.append((Peeked, winner, tables.deck[board.draw_pile[0]]))
    return winner


def _recruit_moves(board: Board, may_take_top: bool) -> tuple[Move, ...]:
    """The distinct outcomes open to the next recruit (R15)."""
    deck = board.variant.tables.deck
    kinds = list(dict.fromkeys(deck[c] for c in board.face_up))
    moves: list[Move] = [TakeFaceUp(card) for card in kinds]
    if may_take_top and not (len(kinds) == 1 and deck[board.draw_pile[0]] == kinds[0]):
        moves.append(TakeTopCard())
    return tuple(moves)


def _recruit(
    board: Board, queue: tuple[int, ...], peek: int | None, events: list[RawEvent]
) -> None:
    """Hand out followers in rank order until a real decision is needed (RULES 3)."""
    deck = board.variant.tables.deck
    for index, seat in enumerate(queue):
        if not board.face_up:
            card = board.draw_pile[0]
            board.draw_pile = board.draw_pile[1:]
            board.followers[seat] |= 1 << card
            events.append((CardDrawn, seat, deck[card]))
            continue
        if len(board.face_up) == 1 and seat != peek:
            card = board.face_up.pop()
            board.followers[seat] |= 1 << card
            events.append((FaceUpTaken, seat, deck[card]))
            continue
        moves = _recruit_moves(board, seat == peek)
        if len(moves) > 1:
            board.pending = RecruitDecision(seat, queue[index + 1 :], seat == peek, moves)
            return
        _take(board, seat, moves[0], events)


def _take(board: Board, seat: int, move: Move, events: list[RawEvent]) -> None:
    deck = board.variant.tables.deck
    if isinstance(move, TakeTopCard):
        card = board.draw()
        events.append((CardDrawn, seat, deck[card]))
    else:
        assert isinstance(move, TakeFaceUp)
        card = next(c for c in board.face_up if deck[c] == move.card)
        board.face_up.remove(card)
        events.append((FaceUpTaken, seat, deck[card]))
    board.followers[seat] |= 1 << card


def _smash_targets(board: Board, seat: int, value: int, prey: str) -> tuple[Move, ...]:
    variant = board.variant
    own_team = next(team for team in variant.teams if seat in team)
    mask = variant.faction_mask(prey)
    moves: list[Move] = []
    for victim in range(variant.players):
        if victim in own_team:
            continue
        cards = variant.cards_in(board.in_front[victim] & mask)
        moves += [Smash(victim, c) for c in dict.fromkeys(cards) if c.value == value]
    return tuple(moves)


Right = tuple[int, int, str]
"""A smash right: (seat, value, prey faction)."""


def _smash(board: Board, rights: Sequence[Right]) -> None:
    """Ask the next smash right that has a target (R7, R15)."""
    for i, (seat, value, prey) in enumerate(rights):
        targets = _smash_targets(board, seat, value, prey)
        if targets:
            rest = tuple(rights[i + 1 :])
            board.pending = SmashDecision(seat, value, prey, rest, targets + (DeclineSmash(),))
            return


def _next_trick(board: Board, events: list[RawEvent]) -> None:
    """Turn the next face-up cards, start phase 2, or end the game."""
    if board.hands[0]:  # between tricks every hand holds as many cards
        if board.phase is RECRUIT:
            count = board.variant.tables.face_up_count
            board.face_up = list(board.draw_pile[:count])
            board.draw_pile = board.draw_pile[count:]
            deck = board.variant.tables.deck
            events.append((FaceUpTurned, tuple(map(deck.__getitem__, board.face_up))))
        return
    if board.phase is RECRUIT:
        board.phase = SUPPORT
        board.hands = board.followers
        board.followers = [0] * board.variant.players
        events.append((PhaseStarted, SUPPORT))
        return
    _finish(board, events)


def _finish(board: Board, events: list[RawEvent]) -> None:
    """End of game: the factions' ``finish`` placements (Gnomes, Trolls), then over."""
    tables = board.variant.tables
    for fi in tables.finishers:
        power = tables.powers[fi]
        snapshot = board.freeze(())
        for placement in power.finish(snapshot):
            board.lift(placement.card)
            board.put(placement, f"power of {power.faction}")
            events.append((Placed, tables.deck[placement.card], placement.zone, placement.seat))
    board.phase = OVER
    events.append((PhaseStarted, OVER))


def decide(state: GameState, move: Move) -> GameState:
    """Apply an answer (already checked legal) to the pending decision."""
    pending = state.pending
    assert pending is not None
    board = Board(state)
    events: list[RawEvent] = []
    if isinstance(pending, RecruitDecision):
        _take(board, pending.seat, move, events)
        _recruit(board, pending.queue, None, events)
    else:
        if isinstance(move, Smash):
            _apply_smash(board, pending.seat, move, events)
        _smash(board, pending.rights)
    if board.pending is None:
        _next_trick(board, events)
    return board.freeze(state.records + (make_record(pending.seat, move, tuple(events)),))


def _apply_smash(board: Board, seat: int, move: Smash, events: list[RawEvent]) -> None:
    variant = board.variant
    card = next(
        c for c in variant.ids_in(board.in_front[move.seat]) if variant.deck[c] == move.card
    )
    board.in_front[move.seat] &= ~(1 << card)
    board.discard |= 1 << card
    events.append((Smashed, seat, move.seat, variant.deck[card]))
