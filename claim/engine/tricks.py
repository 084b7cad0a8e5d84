"""Resolving a finished trick: rank, place, choose the leader, recruit or smash.

The order is the one the rules fix: the trick is ranked (RULES 3); its cards are
placed by the factions' ``place`` hooks, the rest by the phase's default (R7: before
any smash); the next leader is chosen (``next_leader`` hooks, else the winner); then
the followers are handed out in rank order (phase 1) or the smash rights are asked
(phase 2). Decisions stop the sequence until answered (:func:`decide`).
"""

from __future__ import annotations

from claim.engine.board import Board, PowerError
from claim.factions.protocol import Placement, RankKey, SmashRight, Trick
from claim.moves import DeclineSmash, Move, Smash, TakeFaceUp, TakeTopCard
from claim.records import (
    CardDrawn,
    Event,
    FaceUpTaken,
    FaceUpTurned,
    LeaderChosen,
    MoveRecord,
    Peeked,
    PhaseStarted,
    Placed,
    Smashed,
    TrickCompleted,
)
from claim.state import GameState, RecruitDecision, SmashDecision
from claim.variant import DeckTables
from claim.zones import Phase, Zone

__all__ = ["decide", "rank", "resolve_trick"]


def rank(trick: Trick, tables: DeckTables, lead: int) -> tuple[int, ...]:
    """Positions of the trick's cards from rank 1 down (RULES 3, R2, R4)."""
    counts = tables.counts_masks[lead]
    hooked = tables.hooked_masks["rank_key"]
    values = tables.card_value
    keys: list[RankKey] = []
    for position, card in enumerate(trick.cards):
        key = None
        bit = 1 << card
        if bit & hooked:
            key = tables.powers[tables.card_faction[card]].rank_key(trick, position)
        if key is None:
            group = 1 if position == 0 or bit & counts else 0
            key = (group, values[card], 0, -position)
        keys.append(key)
    return tuple(sorted(range(len(keys)), key=keys.__getitem__, reverse=True))


def resolve_trick(board: Board) -> tuple[Event, ...]:
    """Resolve the complete trick on ``board``; returns the events it caused."""
    variant = board.variant
    tables = variant.tables
    players = variant.players
    cards = board.trick
    seats = tuple((board.leader + i) % players for i in range(players))
    lead = tables.lead_of[cards[0]]
    trick = Trick(variant, board.phase, seats, cards, tables.faction_names[lead])
    order = rank(trick, tables, lead)
    trick = Trick(
        variant, board.phase, seats, cards, trick.lead_faction, order, tuple(board.waiting)
    )
    deck = tables.deck
    events: list[Event] = [
        TrickCompleted(
            board.phase,
            tuple((seats[i], deck[c]) for i, c in enumerate(cards)),
            trick.lead_faction,
            tuple(seats[p] for p in order),
        )
    ]
    rights = _place(board, trick, events)
    board.leader = _next_leader(trick, tables, events)
    board.trick = ()
    if board.phase is Phase.RECRUIT:
        peek = _peek(board, trick, tables, events)
        _recruit(board, tuple(seats[p] for p in order), peek, events)
    else:
        _smash(board, rights)
    if board.pending is None:
        _next_trick(board, events)
    return tuple(events)


def _place(board: Board, trick: Trick, events: list[Event]) -> list[tuple[int, int, str]]:
    """Place the trick's cards; return the smash rights the placing created."""
    tables = board.variant.tables
    deck = tables.deck
    trick_mask = 0
    for card in trick.cards:
        trick_mask |= 1 << card
    waiting_mask = 0
    for card in board.waiting:
        waiting_mask |= 1 << card
    placed = 0
    rights: list[tuple[int, int, str]] = []
    for fi in tables.hooked["place"]:
        fmask = tables.faction_masks[fi]
        if not (trick_mask | waiting_mask) & fmask:
            continue
        positions = tuple(p for p, c in enumerate(trick.cards) if (1 << c) & fmask)
        power = tables.powers[fi]
        effects = power.place(trick, positions)
        if effects is None:
            continue
        for effect in effects:
            if isinstance(effect, SmashRight):
                rights.append((effect.seat, effect.value, effect.prey))
                continue
            _check_own(effect, fmask, trick_mask | waiting_mask, power.faction)
            if (1 << effect.card) & trick_mask:
                placed |= 1 << effect.card
            else:
                board.lift(effect.card)
            board.put(effect, f"power of {power.faction}")
            events.append(Placed(deck[effect.card], effect.zone, effect.seat))
    _place_default(board, trick, trick_mask & ~placed, events)
    return rights


def _check_own(effect: Placement, faction_mask: int, movable: int, faction: str) -> None:
    bit = 1 << effect.card
    if not (bit & faction_mask and bit & movable):
        raise PowerError(
            f"power of {faction} tried to place card {effect.card}, "
            "which is not its own card in this trick or the waiting line"
        )


def _place_default(board: Board, trick: Trick, rest: int, events: list[Event]) -> None:
    """Phase 1: discard the played cards; phase 2: the winner scores them."""
    if not rest:
        return
    deck = board.variant.tables.deck
    if board.phase is Phase.RECRUIT:
        board.discard |= rest
        zone, seat = Zone.DISCARD, None
    else:
        seat = trick.winner
        board.scores[seat] |= rest
        zone = Zone.SCORE
    for card in trick.cards:
        if (1 << card) & rest:
            events.append(Placed(deck[card], zone, seat))


def _next_leader(trick: Trick, tables: DeckTables, events: list[Event]) -> int:
    """The winner leads, unless a ``next_leader`` hook (Dragons, R8) decides."""
    present = 0
    for card in trick.cards:
        present |= 1 << card
    for fi in tables.hooked["next_leader"]:
        if present & tables.faction_masks[fi]:
            seat = tables.powers[fi].next_leader(trick)
            if seat is not None:
                events.append(LeaderChosen(seat, tables.faction_names[fi]))
                return seat
    events.append(LeaderChosen(trick.winner))
    return trick.winner


def _peek(board: Board, trick: Trick, tables: DeckTables, events: list[Event]) -> int | None:
    """The seat of a winner whose winning card lets them peek (Seers), if any."""
    card = trick.cards[trick.ranking[0]]
    if not (1 << card) & tables.hooked_masks["grants_peek"]:
        return None
    if not tables.powers[tables.card_faction[card]].grants_peek(trick):
        return None
    winner = trick.winner
    events.append(Peeked(winner, tables.deck[board.draw_pile[0]]))
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
    board: Board, queue: tuple[int, ...], peek: int | None, events: list[Event]
) -> None:
    """Hand out followers in rank order until a real decision is needed (RULES 3)."""
    deck = board.variant.tables.deck
    while queue:
        seat, queue = queue[0], queue[1:]
        if not board.face_up:
            card = board.draw()
            board.followers[seat] |= 1 << card
            events.append(CardDrawn(seat, deck[card]))
            continue
        moves = _recruit_moves(board, seat == peek)
        if len(moves) > 1:
            board.pending = RecruitDecision(seat, queue, seat == peek, moves)
            return
        _take(board, seat, moves[0], events)


def _take(board: Board, seat: int, move: Move, events: list[Event]) -> None:
    deck = board.variant.tables.deck
    if isinstance(move, TakeTopCard):
        card = board.draw()
        events.append(CardDrawn(seat, deck[card]))
    else:
        assert isinstance(move, TakeFaceUp)
        card = next(c for c in board.face_up if deck[c] == move.card)
        board.face_up.remove(card)
        events.append(FaceUpTaken(seat, deck[card]))
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


def _smash(board: Board, rights: list[tuple[int, int, str]] | tuple[tuple[int, int, str], ...]) -> None:
    """Ask the next smash right that has a target (R7, R15)."""
    for i, (seat, value, prey) in enumerate(rights):
        targets = _smash_targets(board, seat, value, prey)
        if targets:
            rest = tuple(rights[i + 1 :])
            board.pending = SmashDecision(seat, value, prey, rest, targets + (DeclineSmash(),))
            return


def _next_trick(board: Board, events: list[Event]) -> None:
    """Turn the next face-up cards, start phase 2, or end the game."""
    if any(board.hands):
        if board.phase is Phase.RECRUIT:
            count = board.variant.face_up_count
            board.face_up = list(board.draw_pile[:count])
            board.draw_pile = board.draw_pile[count:]
            deck = board.variant.tables.deck
            events.append(FaceUpTurned(tuple(deck[c] for c in board.face_up)))
        return
    if board.phase is Phase.RECRUIT:
        board.phase = Phase.SUPPORT
        board.hands = board.followers
        board.followers = [0] * board.variant.players
        events.append(PhaseStarted(Phase.SUPPORT))
        return
    _finish(board, events)


def _finish(board: Board, events: list[Event]) -> None:
    """End of game: the factions' ``finish`` placements (Gnomes, Trolls), then over."""
    tables = board.variant.tables
    for fi in tables.hooked["finish"]:
        power = tables.powers[fi]
        snapshot = board.freeze(())
        for placement in power.finish(snapshot):
            board.lift(placement.card)
            board.put(placement, f"power of {power.faction}")
            events.append(Placed(tables.deck[placement.card], placement.zone, placement.seat))
    board.phase = Phase.OVER
    events.append(PhaseStarted(Phase.OVER))


def decide(state: GameState, move: Move) -> GameState:
    """Apply an answer (already checked legal) to the pending decision."""
    pending = state.pending
    assert pending is not None
    board = Board(state)
    events: list[Event] = []
    if isinstance(pending, RecruitDecision):
        _take(board, pending.seat, move, events)
        _recruit(board, pending.queue, None, events)
    else:
        if isinstance(move, Smash):
            _apply_smash(board, pending.seat, move, events)
        _smash(board, pending.rights)
    if board.pending is None:
        _next_trick(board, events)
    return board.freeze(state.records + (MoveRecord(pending.seat, move, tuple(events)),))


def _apply_smash(board: Board, seat: int, move: Smash, events: list[Event]) -> None:
    variant = board.variant
    card = next(
        c for c in variant.ids_in(board.in_front[move.seat]) if variant.deck[c] == move.card
    )
    board.in_front[move.seat] &= ~(1 << card)
    board.discard |= 1 << card
    events.append(Smashed(seat, move.seat, variant.deck[card]))
