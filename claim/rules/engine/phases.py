"""The flow between tricks: turn face-up cards, change phase, end the game.

When a trick is settled and no question is pending, `advance` begins the next
trick (phase 1: turning its face-up cards), or phase 2 once the hands and the draw
pile are empty (R5), or ends the game once a phase 2 hand is empty (E43); a trick
that waited on the table for questions (E42) resolves first. Powers join
in through ``trick_start``, ``phase_start`` and ``finish`` (the end of the game,
before the votes), each called in hook order.
"""

from __future__ import annotations

from claim.core.errors import PowerError
from claim.core.records import FaceUpTurned, PhaseStarted, RawEvent
from claim.core.zones import OVER, RECRUIT, SUPPORT
from claim.rules.engine.board import Board
from claim.rules.engine.effects import carry_out
from claim.rules.engine.tricks import resolve_trick

__all__ = ["advance", "begin"]


def begin(board: Board, events: list[RawEvent]) -> None:
    """A new game: the powers' ``phase_start`` and ``trick_start`` hooks of phase 1."""
    _run_hooks(board, board.variant.tables.starters, "phase_start", events)
    _run_hooks(board, board.variant.tables.trick_starters, "trick_start", events)


def advance(board: Board, events: list[RawEvent]) -> None:
    """Resume a trick whose review questions are answered (E42); else begin the next
    trick, start phase 2, or end the game (no question pending).

    Phase 1 hands hold as many cards between tricks (RULES 2). Phase 2 ends when any
    hand is empty (E43): the player to lead, or one to play, holds no card (hands
    change only by play within a trick, so this is known before the trick begins:
    a trick that would be abandoned never starts); cards left in hands stay there,
    not scored.
    """
    tables = board.variant.tables
    trick = board.trick
    if trick and len(trick) == board.variant.players:  # a trick that waited for answers
        events += resolve_trick(board, board.snapshot(), True)
        if board.pending is not None:
            return
    if board.hands[0] if board.phase is RECRUIT else 0 not in board.hands:
        if board.phase is RECRUIT:
            count = tables.face_up_count
            board.face_up = list(board.draw_pile[:count])
            board.draw_pile = board.draw_pile[count:]
            events.append((FaceUpTurned, tuple(map(tables.deck.__getitem__, board.face_up))))
        if tables.trick_starters:
            _run_hooks(board, tables.trick_starters, "trick_start", events)
        return
    if board.phase is RECRUIT:
        _start_support(board, events)
        return
    _run_hooks(board, tables.finishers, "finish", events)
    board.phase = OVER
    events.append((PhaseStarted, OVER))


def _start_support(board: Board, events: list[RawEvent]) -> None:
    """Phase 2: each player takes their follower pile as their hand (RULES 3)."""
    size = board.variant.hand_size
    sizes = [pile.bit_count() for pile in board.followers]
    if any(n != size for n in sizes) or board.draw_pile or board.face_up:
        raise PowerError(f"phase 1 ended with follower piles of {sizes} cards and "
                         f"{len(board.draw_pile)} cards to draw: every seat must recruit "
                         f"{size} (RULES 2); a power moved followers or the draw pile")
    board.phase = SUPPORT
    board.hands = board.followers
    board.followers = [0] * board.variant.players
    events.append((PhaseStarted, SUPPORT))
    tables = board.variant.tables
    _run_hooks(board, tables.starters, "phase_start", events)
    _run_hooks(board, tables.trick_starters, "trick_start", events)


def _run_hooks(board: Board, owners: tuple[int, ...], hook: str,
               events: list[RawEvent]) -> None:
    tables = board.variant.tables
    for fi in owners:
        effects = getattr(tables.powers[fi], hook)(board.snapshot())
        if carry_out(board, fi, effects, events):
            name = tables.faction_names[fi]
            raise PowerError(f"power of {name}: {hook} cannot ask a question", name)
