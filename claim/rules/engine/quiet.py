"""The engine's transitions on one mutable board, records off.

`claim.rules.engine.flow.apply` builds a new `GameState` for every move and records
what the move caused: what a game needs. A random playout, a search's rollout, needs
neither: it plays on to the end and reads the final piles. `QuietGame` runs the
same rules through the same functions (`playing.allowed`,
`playing.play_choices`, `tricks.resolve_trick`, `choices.answer`, `phases.advance`,
and the follow rule of `claim.rules.rulebook`) on one `Board` kept from move to
move. A state is made only where a power's hook must read one (`Board.snapshot`):
for the legal plays when a power shapes them (Satyrs, Elf-Orcs, Shapeshifters), and
as the context of a completed trick. So every power, built-in or a plugin's, plays
here exactly as it does through ``apply``, with no copy of its rules.

`QuietGame.legal` gives the moves in `legal_moves` order, and `QuietGame.play`
carries a move out as ``apply`` would (it does not check it: give it one of the
moves `legal` gave), so a loop of the two chooses the moves the stepping loop
chooses with the same draws (`claim.search.playouts`). `play` hands the powers
the very state `legal` asked them in, so a play's choices are asked once
(`playing.play_choices` keeps them by state).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from claim.core.moves import Choose, Move, PlayCard
from claim.core.records import RawEvent
from claim.core.zones import OVER
from claim.rules.engine.board import Board
from claim.rules.engine.choices import answer, matching
from claim.rules.engine.flow import dynamic_moves
from claim.rules.engine.phases import advance
from claim.rules.engine.playing import play_with_choice
from claim.rules.engine.tricks import resolve_trick
from claim.rules.rulebook import playable

if TYPE_CHECKING:
    from claim.rules.state import GameState

__all__ = ["QuietGame"]


class QuietGame:
    """A game played on one board with records off (see the module docstring).

    Attributes:
        board: The position, changed by every `play`.
    """

    __slots__ = ("_shown", "board")

    def __init__(self, state: GameState) -> None:
        self.board = Board(state)
        self.board.pending = state.pending
        self._shown: GameState | None = None  # the snapshot `legal` asked powers in

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.board.phase is OVER

    def state(self) -> GameState:
        """The position as a `GameState` (with no history)."""
        return self.board.snapshot()

    def legal(self) -> tuple[Move, ...]:
        """The legal moves, in `legal_moves` order."""
        board = self.board
        pending = board.pending
        if pending is not None:
            return tuple([Choose(option.label) for option in pending.options])
        if board.phase is OVER:
            return ()
        tables = board.variant.tables
        trick = board.trick
        hand = board.hands[(board.leader + len(trick)) % board.variant.players]
        if trick:
            if tables.follow_hooks or (1 << trick[0]) & tables.dynamic_lead_mask:
                return self._asked()
            hand = playable(hand, tables.follow_masks[tables.lead_of[trick[0]]],
                            tables.wild_mask)
        if hand & tables.option_mask:
            return self._asked()
        return tables.moves_of(hand)

    def _asked(self) -> tuple[Move, ...]:
        """`legal` when a power shapes the plays: asked of the state."""
        self._shown = self.board.snapshot()
        return dynamic_moves(self._shown)

    def play(self, move: Move) -> list[RawEvent]:
        """Carry out ``move`` (one of `legal`'s) as ``apply`` does, without a record;
        returns the events it caused (those ``apply`` would record)."""
        board = self.board
        board.unplaced, board.settling = 0, False  # as on a board fresh from a state
        shown, self._shown = self._shown, None
        events: list[RawEvent] = []
        if board.pending is not None:
            assert isinstance(move, Choose)
            option = matching(board.pending.options, move.label)
            assert option is not None, move
            answer(board, option, events)
        else:
            assert isinstance(move, PlayCard)
            if not self._played(board, move, shown, events):
                return events
            board = self.board
        if board.pending is None:
            advance(board, events)
        return events

    def _played(self, board: Board, move: PlayCard, shown: GameState | None,
                events: list[RawEvent]) -> bool:
        """Play a card; whether it completed the trick (``events``: what it caused)."""
        tables = board.variant.tables
        players = board.variant.players
        seat = (board.leader + len(board.trick)) % players
        copies = board.hands[seat] & tables.mask_of_move[
            PlayCard(move.card) if move.option is not None else move]
        card = (copies & -copies).bit_length() - 1  # identical cards play alike
        if (1 << card) & tables.option_mask:
            state = shown if shown is not None else board.snapshot()
            board, chosen, _ = play_with_choice(state, seat, card, move.option)
            self.board = board
            if len(board.trick) < players:
                return False
            events += chosen
            events += resolve_trick(board, board.snapshot())
            return True
        if len(board.trick) + 1 < players:
            board.hands[seat] ^= 1 << card
            board.trick += (card,)
            return False
        before = board.snapshot()  # the hooks' context: the state the trick ends in
        board.hands[seat] ^= 1 << card
        board.trick += (card,)
        events += resolve_trick(board, before)
        return True
