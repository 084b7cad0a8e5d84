"""The engine's state machine: legal moves and the one place transitions happen.

Theory of operation
-------------------
A game is a sequence of immutable :class:`~claim.state.GameState` values. Exactly
one kind of input moves it on: a move of the seat whose turn it is. There are two
kinds of turn:

* **Play** (no decision pending): the current seat plays a card to the trick. The
  follow rule (RULES 3) is two mask operations over precomputed tables. When the
  last seat has played, the trick resolves at once (:mod:`claim.engine.tricks`):
  it is ranked, its cards are placed (factions' ``place`` hooks), the next leader
  is chosen, and the followers are handed out (phase 1) or smash rights collected
  (phase 2).
* **Decide** (a decision pending): a trick may need a player's choice (which
  face-up card, a Seer's peek, a Giant's smash). The state then holds a
  :class:`~claim.state.RecruitDecision` or :class:`~claim.state.SmashDecision`
  whose ``moves`` are the legal answers; nothing else may happen until it is
  answered. Decisions with one possible outcome are never asked (R15).

When no decision remains, the next trick begins: face-up cards are turned (phase 1),
phase 2 starts once the hands and the draw pile are empty (R5), and the game ends
once the phase 2 hands are empty. The engine draws no random numbers, reads and
prints nothing; perspective enters only through views built from a state.
"""

from __future__ import annotations

from claim.engine.board import Board, make_record, make_state
from claim.engine.tricks import decide, resolve_trick
from claim.errors import ClaimError, IllegalMoveError
from claim.moves import MOVE_TYPES, Move, PlayCard
from claim.notation import parse_move
from claim.state import GameState
from claim.tables import DeckTables
from claim.variant import Variant
from claim.zones import OVER

__all__ = ["apply", "check", "describe", "is_legal", "legal_moves"]



def _allowed(tables: DeckTables, hand: int, led: int) -> int:
    """The cards of ``hand`` that may follow the led card ``led`` (RULES 3).

    ``legal_moves`` and the fast path of ``apply`` inline these three lines (a call
    costs 1% of a game each); tests/test_properties.py checks that the three agree.
    """
    follow = hand & tables.faction_masks[tables.lead_of[led]]
    if follow:
        return follow | (hand & tables.wild_mask)
    return hand


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every legal move of ``state``, in deck order for card plays."""
    if state.pending is not None:
        return state.pending.moves
    tables = state.variant.tables  # once the game is over, every hand is empty
    trick = state.trick
    mask = state.hand_masks[(state.leader + len(trick)) % state.variant.players]
    if trick:  # _allowed, inlined
        follow = mask & tables.faction_masks[tables.lead_of[trick[0]]]
        if follow:
            mask = follow | (mask & tables.wild_mask)
    return tables.moves_of(mask)


def _card_to_play(state: GameState, move: object) -> int:
    """The id of the card ``move`` plays, or raise why it cannot be played."""
    if state.phase is OVER:
        raise IllegalMoveError(move, "the game is over")
    if state.pending is not None:
        options = ", ".join(map(str, state.pending.moves))
        raise IllegalMoveError(
            move, f"seat {state.pending.seat} must first decide: one of {options}"
        )
    if move.__class__ is not PlayCard:
        reason = "no decision is pending; play a card" if isinstance(move, MOVE_TYPES) else (
            f"expected a Move, got {type(move).__name__}"
        )
        raise IllegalMoveError(move, reason)
    tables = state.variant.tables
    copies = tables.mask_of_move.get(move)
    if copies is None:
        raise IllegalMoveError(move, f"{state.variant.name!r} has no such card")
    seat = (state.leader + len(state.trick)) % state.variant.players
    hand = state.hand_masks[seat]
    mine = hand & copies
    if not mine:
        raise IllegalMoveError(move, f"seat {seat} does not hold it")
    if state.trick:
        mine &= _allowed(tables, hand, state.trick[0])
        if not mine:
            lead = tables.faction_names[tables.lead_of[state.trick[0]]]
            raise IllegalMoveError(move, f"seat {seat} must follow {lead} (RULES 3)")
    return (mine & -mine).bit_length() - 1


def check(state: GameState, move: object) -> None:
    """Raise :class:`IllegalMoveError` with the reason if ``move`` is illegal.

    ``move`` may be a Move or its notation; bad notation raises
    :class:`~claim.errors.NotationError`.
    """
    if isinstance(move, str):
        move = parse_move(move, state.variant)
    if state.pending is not None and state.phase is not OVER:
        if isinstance(move, MOVE_TYPES) and move in state.pending.moves:
            return
        options = ", ".join(map(str, state.pending.moves))
        seat = state.pending.seat
        raise IllegalMoveError(move, f"seat {seat} must answer with one of {options}")
    _card_to_play(state, move)


def is_legal(state: GameState, move: object) -> bool:
    """Whether ``move`` is legal in ``state``; never raises a `ClaimError`.

    A foreign object (not a str, not exactly one of the move classes) is never legal,
    and none of its code runs: so only a `ClaimError` can mean "not legal", and an
    engine bug still surfaces as its own exception.
    """
    if move.__class__ not in MOVE_TYPES and not isinstance(move, str):
        return False
    try:
        check(state, move)
    except ClaimError:
        return False
    return True


def apply(state: GameState, move: Move | str) -> GameState:
    """The state after ``move``; ``state`` itself is never changed.

    Raises:
        IllegalMoveError: The move is not legal in ``state``.
        NotationError: ``move`` is text that is not a move.
    """
    if move.__class__ is PlayCard and state.pending is None:
        # Fast path: the same checks as _card_to_play, without building reasons.
        # (Once the game is over every hand is empty, so nothing passes here.)
        variant = state.variant
        tables = variant.tables
        trick = state.trick
        seat = (state.leader + len(trick)) % variant.players
        hand = state.hand_masks[seat]
        mine = hand & tables.mask_of_move.get(move, 0)
        if mine and trick:  # _allowed, inlined
            follow = hand & tables.faction_masks[tables.lead_of[trick[0]]]
            if follow:
                mine &= follow | tables.wild_mask
        if mine:
            return _play(state, variant, seat, (mine & -mine).bit_length() - 1)
    if isinstance(move, str):
        move = parse_move(move, state.variant)
    if state.pending is not None:
        check(state, move)
        return decide(state, move)
    card = _card_to_play(state, move)
    seat = (state.leader + len(state.trick)) % state.variant.players
    return _play(state, state.variant, seat, card)


def _play(state: GameState, variant: Variant, seat: int, card: int) -> GameState:
    """``seat`` plays ``card`` (legal); resolve the trick when it is complete.

    The record holds the variant's own move for the card, whatever equal move the
    caller passed.
    """
    move = variant.tables.play_moves[card]
    hands = list(state.hand_masks)
    hands[seat] ^= 1 << card
    trick = state.trick + (card,)
    if len(trick) < variant.players:
        return make_state(
            variant, state.phase, state.leader, trick, tuple(hands), state.draw_pile,
            state.face_up, state.follower_masks, state.score_masks, state.in_front_masks,
            state.waiting, state.discard_mask, None,
            state.records + (variant.tables.quiet_records[seat][move],),
        )
    board = Board(state)
    board.hands = hands
    board.trick = trick
    events = resolve_trick(board)
    return board.freeze(state.records + (make_record(seat, move, events),))


def describe(state: GameState) -> str:
    """A few lines of text showing the whole state (every hand included)."""
    variant = state.variant
    lines = [f"{variant.title}: {state.phase.value}, to move: {state.current_player}"]
    if state.face_up:
        lines.append("face up: " + " ".join(map(str, state.face_up_cards)))
    if state.trick:
        lines.append("trick: " + " ".join(f"{s}:{c}" for s, c in state.trick_cards))
    for seat in range(variant.players):
        lines.append(
            f"seat {seat}: hand [{' '.join(map(str, state.hand(seat)))}] "
            f"followers {state.follower_masks[seat].bit_count()} "
            f"score [{' '.join(map(str, state.score_pile(seat)))}]"
        )
    if state.pending is not None:
        lines.append("decision: " + ", ".join(map(str, state.pending.moves)))
    return "\n".join(lines)
