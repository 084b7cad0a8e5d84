"""The engine's state machine: legal moves and the one place transitions happen.

Theory of operation
-------------------
A game is a sequence of immutable `GameState` values. Exactly one kind of input
moves it on: a move of the seat whose turn it is. There are two kinds of turn:

* **Play** (no question pending): the current seat plays a card to the trick. The
  follow rule (RULES 3, `claim.rules.rulebook.playable`) runs on masks from
  precomputed tables, unless a power makes it depend on the state (Satyrs,
  Elf-Orcs). A card whose power asks a choice as part of playing it (E3, E5) is
  played with the chosen option's label.
  When the last seat has played, the trick resolves at once
  (`claim.rules.engine.tricks`): values, ranking, captures, placement, follow-ups and the
  next leader, then the queued steps.
* **Answer** (a question pending): a power, or the rules when recruiting, asked a
  seat to choose among labelled options (`claim.rules.engine.choices`); the legal moves
  are one `Choose` per option. Nothing else may happen until it is answered.
  Questions with one possible outcome are never asked (R15).

When no question remains, the next trick begins (`claim.rules.engine.phases`). Every
effect a power returns passes one checker (`claim.rules.engine.effects`) before it changes
anything, on a scratch `Board`; the caller's state is never changed. The engine draws
no random numbers, reads and prints nothing; perspective enters only through views.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from claim.core.errors import ClaimError, IllegalMoveError
from claim.core.moves import MOVE_TYPES, Choose, Move, PlayCard
from claim.core.records import RawEvent
from claim.core.zones import OVER
from claim.rules.effects import Option
from claim.rules.engine.board import Board, make_record, state_maker
from claim.rules.engine.choices import answer, matching
from claim.rules.engine.phases import advance
from claim.rules.engine.playing import (
    Asked,
    PlayChoice,
    allowed,
    asked_in,
    choices_asked,
    labelled_in,
    labelled_moves,
    play_choices,
    play_with_choice,
)
from claim.rules.engine.tricks import current_lead, resolve_trick
from claim.rules.rulebook import playable
from claim.rules.variant import Variant

if TYPE_CHECKING:
    from claim.rules.state import GameState

__all__ = ["apply", "check", "describe", "dynamic_moves", "is_legal", "legal_moves",
           "seat_to_act"]


def seat_to_act(state: GameState) -> int | None:
    """The seat to act (`GameState.current_player`): the one a pending question asks,
    else the next to play to the trick, clockwise from its leader; None once over."""
    if state.phase is OVER:
        return None
    if state.pending is not None:
        return state.pending.seat
    return (state.leader + len(state.trick)) % state.variant.players


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every legal move of ``state``, in deck order for card plays."""
    if state.pending is not None:
        return state.pending_moves
    tables = state.variant.tables
    if tables.dynamic:
        return dynamic_moves(state)
    trick = state.trick
    if not trick and state.phase is OVER:  # hands may keep cards (E43); no trick then
        return ()
    mask = state.hand_masks[(state.leader + len(trick)) % state.variant.players]
    if trick:  # static variants: the lead is the led card's (RULES 3)
        mask = playable(mask, tables.follow_masks[tables.lead_of[trick[0]]], tables.wild_mask)
    return tables.moves_of(mask)


def dynamic_moves(state: GameState) -> tuple[Move, ...]:
    """Legal plays when the follow rule or a play's choices depend on the state."""
    tables = state.variant.tables
    if state.phase is OVER:
        return ()
    seat = (state.leader + len(state.trick)) % state.variant.players
    mask = allowed(state, seat)
    moves: list[Move] = []
    masks_by_id = tables.masks_by_id  # moves_of gives the variant's own moves: no hashing
    option_mask, blind_mask = tables.option_mask, tables.blind_option_mask
    asked: Asked | None = None  # read once, when a card first asks
    shared: tuple[PlayChoice, ...] | None = None  # the seat's answer for blind cards
    made: dict[tuple[int, str | None], PlayCard] | None = None
    for move in tables.moves_of(mask):
        copies = masks_by_id[id(move)][1] & mask
        first = copies & -copies
        if not first & option_mask:
            moves.append(move)
            continue
        if asked is None:
            asked = asked_in(state)
        if not first & blind_mask:
            choices = choices_asked(asked, state, seat, first.bit_length() - 1)
        elif shared is None:
            choices = shared = choices_asked(asked, state, seat, first.bit_length() - 1)
        else:
            choices = shared
        if len(choices) < 2:
            moves.append(move)
            continue
        if made is None:
            made = labelled_moves(state.variant)
        card = move.card
        moves += [labelled_in(made, card, choice.label or None) for choice in choices]
    return tuple(moves)


def _card_to_play(state: GameState, move: object) -> int:
    """The id of the card ``move`` plays, or raise why it cannot be played."""
    if state.phase is OVER:
        raise IllegalMoveError(move, "the game is over")
    if state.pending is not None:
        options = ", ".join(map(str, state.pending_moves))
        raise IllegalMoveError(
            move, f"seat {state.pending.seat} must first decide: one of {options}"
        )
    if move.__class__ is not PlayCard:
        reason = "no decision is pending; play a card" if isinstance(move, MOVE_TYPES) else (
            f"expected a Move, got {type(move).__name__}"
        )
        raise IllegalMoveError(move, reason)
    assert isinstance(move, PlayCard)
    tables = state.variant.tables
    copies = tables.mask_of_move.get(PlayCard(move.card) if move.option else move)
    if copies is None:
        raise IllegalMoveError(move, f"{state.variant.name!r} has no such card")
    seat = (state.leader + len(state.trick)) % state.variant.players
    hand = state.hand_masks[seat]
    mine = hand & copies
    if not mine:
        raise IllegalMoveError(move, f"seat {seat} does not hold it")
    mine &= allowed(state, seat)
    if not mine:
        raise IllegalMoveError(move, f"seat {seat} must follow {_lead_name(state)} (RULES 3)")
    card = (mine & -mine).bit_length() - 1
    _check_option(state, seat, card, move)
    return card


def _lead_name(state: GameState) -> str:
    return current_lead(state) or "the lead"


def _check_option(state: GameState, seat: int, card: int, move: PlayCard) -> None:
    """Raise unless ``move`` names a valid choice for playing ``card`` (E3, E5)."""
    tables = state.variant.tables
    choices = play_choices(state, seat, card) if (1 << card) & tables.option_mask else ()
    if len(choices) < 2:
        if move.option is not None and (not choices or matching(choices, move.option) is None):
            raise IllegalMoveError(move, f"{move.card} is played without a choice")
        return
    if matching(choices, move.option or "") is None:
        labels = ", ".join(f"{move.card} {c.label}" for c in choices)
        raise IllegalMoveError(move, f"playing {move.card} needs a choice: one of {labels}")


def check(state: GameState, move: object) -> None:
    """Raise `IllegalMoveError` with the reason if ``move`` is illegal.

    Text is parsed at the API's edge (`GameState.check`), not here.
    """
    if state.pending is not None and state.phase is not OVER:
        if isinstance(move, Choose) and matching(state.pending.options, move.label,
                                                  state.variant):
            return
        options = ", ".join(map(str, state.pending_moves))
        seat = state.pending.seat
        raise IllegalMoveError(move, f"seat {seat} must answer with one of {options}")
    _card_to_play(state, move)


def is_legal(state: GameState, move: object) -> bool:
    """Whether ``move`` is legal in ``state``; never raises a `ClaimError`.

    A foreign object (not exactly one of the move classes) is never legal,
    and none of its code runs: so only a `ClaimError` can mean "not legal", and an
    engine bug still surfaces as its own exception.
    """
    if move.__class__ not in MOVE_TYPES:
        return False
    try:
        check(state, move)
    except ClaimError:
        return False
    return True


def apply(state: GameState, move: Move, recorded: PlayCard | None = None) -> GameState:
    """The state after ``move``; ``state`` itself is never changed.

    ``recorded``: the move its record names instead (a masked card's class move,
    E29, whose physical card ``move`` plays); by default the variant's own move.

    Raises:
        IllegalMoveError: The move is not legal in ``state``.
        NotationError: ``move`` is text that is not a move.
        PowerError: A power's hook returned an effect the engine cannot carry out.
    """
    variant = state.variant
    tables = variant.tables
    if move.__class__ is PlayCard and state.pending is None and not tables.dynamic:
        # Fast path: the same checks as _card_to_play, without building reasons.
        trick = state.trick
        seat = (state.leader + len(trick)) % variant.players
        hand = state.hand_masks[seat]
        known = tables.masks_by_id.get(id(move))  # the variant's own move: no hashing
        if known is not None and known[0] is move:
            mine = hand & known[1]
        else:
            try:  # a read-only mapping: subscripting is cheaper than its .get
                mine = hand & tables.mask_of_move[move]
            except KeyError:
                mine = 0
        if mine and trick:  # static variants: the lead is the led card's (RULES 3)
            mine &= playable(hand, tables.follow_masks[tables.lead_of[trick[0]]],
                             tables.wild_mask)
        if mine and (trick or state.phase is not OVER):  # hands may keep cards (E43)
            card = (mine & -mine).bit_length() - 1
            if len(trick) + 1 < variant.players:
                # _play's first case, inlined (no card of a static variant asks a choice).
                hands = list(state.hand_masks)
                hands[seat] = hand ^ (1 << card)
                return state_maker(state.__class__)(
                    variant, state.phase, state.leader, trick + (card,), tuple(hands),
                    state.draw_pile, state.face_up, state.follower_masks, state.score_masks,
                    state.zones, state.discard_mask, state.power_states, state.chance, None,
                    (), state.records + (tables.quiet_by_card[seat][card] if recorded is None
                                         else make_record(seat, recorded, ()),),
                    state.deal,
                )
            return _complete(state, variant, seat, card, recorded)
    if state.pending is not None:
        if not isinstance(move, Choose) or state.phase is OVER:
            check(state, move)  # raises why
            raise AssertionError(move)  # pragma: no cover
        option = matching(state.pending.options, move.label, variant)
        if option is None:
            check(state, move)
            raise AssertionError(move)  # pragma: no cover
        return _answer(state, option, move if move.label == option.label
                       else Choose(option.label))
    card = _card_to_play(state, move)
    assert isinstance(move, PlayCard)
    seat = (state.leader + len(state.trick)) % variant.players
    return _play(state, variant, seat, card, move.option, recorded)


def _answer(state: GameState, option: Option, move: Choose) -> GameState:
    """Carry out ``option`` of the pending question; ``move`` names it exactly."""
    assert state.pending is not None
    board = Board(state)
    board.pending = state.pending
    events: list[RawEvent] = []
    answer(board, option, events)
    if board.pending is None:
        advance(board, events)
    record = make_record(state.pending.seat, move, tuple(events))
    return board.freeze(state.records + (record,))


def _play(
    state: GameState, variant: Variant, seat: int, card: int, option: str | None,
    recorded: PlayCard | None = None,
) -> GameState:
    """``seat`` plays ``card`` (legal); resolve the trick when it is complete.

    The record holds ``recorded`` if given, else the variant's own move for the card,
    whatever equal move the caller passed.
    """
    tables = variant.tables
    if not (1 << card) & tables.option_mask or not play_choices(state, seat, card):
        # No choice to make (none offered in this state: asked once, kept per state).
        trick = state.trick + (card,)
        if len(trick) < variant.players:
            hands = list(state.hand_masks)
            hands[seat] ^= 1 << card
            return state_maker(state.__class__)(
                variant, state.phase, state.leader, trick, tuple(hands), state.draw_pile,
                state.face_up, state.follower_masks, state.score_masks, state.zones,
                state.discard_mask, state.power_states, state.chance, None, (),
                state.records + (tables.quiet_by_card[seat][card] if recorded is None
                                 else make_record(seat, recorded, ()),),
                state.deal,
            )
        return _complete(state, variant, seat, card, recorded)
    board, events, move = play_with_choice(state, seat, card, option)
    if recorded is not None:
        move = recorded
    if len(board.trick) < variant.players:
        return board.freeze(state.records + (make_record(seat, move, tuple(events)),))
    events += resolve_trick(board, board.snapshot())
    return _settled(state, board, events, seat, move)


def _complete(state: GameState, variant: Variant, seat: int, card: int,
              recorded: PlayCard | None = None) -> GameState:
    """``seat`` plays ``card`` (legal, asking no choice), the last card of the trick."""
    board = Board(state)
    board.hands[seat] ^= 1 << card
    board.trick = state.trick + (card,)
    return _settled(state, board, resolve_trick(board, state), seat,
                    variant.tables.play_moves[card] if recorded is None else recorded)


def _settled(state: GameState, board: Board, events: list[RawEvent], seat: int,
             move: PlayCard) -> GameState:
    """The state after a trick resolved on ``board``: the next trick begins unless a
    question waits."""
    if board.pending is None:
        advance(board, events)
    return board.freeze(state.records + (make_record(seat, move, tuple(events)),))


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
        lines.append("decision: " + ", ".join(map(str, state.pending_moves)))
    return "\n".join(lines)
