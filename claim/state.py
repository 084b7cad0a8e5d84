"""The game state: a frozen value holding where every card is. No rules in here.

Cards are held by their id (position in the variant's deck): ordered places (draw
pile, trick, face-up cards, waiting line) as tuples of ids, unordered places (hands,
follower piles, score piles, cards in front of a player, the discard) as integer
bit masks over ids. The accessors below turn them into :class:`~claim.cards.Card`
tuples. The methods that apply rules (:meth:`GameState.legal_moves`,
:meth:`GameState.apply`, ...) delegate to :mod:`claim.engine`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from claim._checks import check_seat
from claim._fast import pickle_by_fields
from claim.cards import Card
from claim.moves import Move
from claim.records import MoveRecord
from claim.variant import Variant
from claim.zones import OVER, Phase

if TYPE_CHECKING:
    from claim.engine.scoring import GameResult

__all__ = ["Decision", "GameState", "RecruitDecision", "SmashDecision"]



@pickle_by_fields
@attrs.frozen
class RecruitDecision:
    """Phase 1: ``seat`` chooses which follower to take (RULES 3, R10, R15).

    Attributes:
        seat: The seat choosing now.
        queue: The seats that recruit after it, in rank order.
        may_take_top: Whether ``seat`` may take the top card of the draw pile (Seers).
        moves: The legal answers.
    """

    seat: int
    queue: tuple[int, ...]
    may_take_top: bool
    moves: tuple[Move, ...]


@pickle_by_fields
@attrs.frozen
class SmashDecision:
    """Phase 2: ``seat`` may smash an opposing card of ``prey`` worth ``value`` (R7).

    Attributes:
        seat: The captor of the Giant.
        value: The value the smashed card must have.
        prey: The faction that can be smashed.
        rights: Smash rights still to be asked after this one, as
            ``(seat, value, prey)``.
        moves: The legal answers: one per distinct target, then the refusal.
    """

    seat: int
    value: int
    prey: str
    rights: tuple[tuple[int, int, str], ...]
    moves: tuple[Move, ...]


Decision = RecruitDecision | SmashDecision
"""A decision the engine waits for before the next card is played."""


@pickle_by_fields
@attrs.frozen
class GameState:
    """A moment of a game. Immutable: :meth:`apply` returns a new state.

    The seat accessors (`hand`, `follower_pile`, `score_pile`, `in_front`,
    `hand_size`) raise `SeatError` for anything but a seat from 0 to players - 1.

    Attributes:
        variant: The variant being played.
        phase: Recruiting (phase 1), supporting (phase 2), or over.
        leader: The seat that led (or will lead) the current trick.
        trick: Card ids played to the current trick, leader first.
        hand_masks: Per seat, the hand as a card mask.
        draw_pile: Card ids of the draw pile, top card first.
        face_up: Card ids turned face up for the current phase 1 trick.
        follower_masks: Per seat, the follower pile as a card mask.
        score_masks: Per seat, the score pile as a card mask.
        in_front_masks: Per seat, the cards lying face up in front (Gnomes).
        waiting: Card ids waiting to be delivered (the Troll line), first in line first.
        discard_mask: Cards out of the game.
        pending: The decision the game waits for, if any.
        records: One record per applied move, in order.
    """

    variant: Variant
    phase: Phase
    leader: int
    trick: tuple[int, ...]
    hand_masks: tuple[int, ...]
    draw_pile: tuple[int, ...]
    face_up: tuple[int, ...]
    follower_masks: tuple[int, ...]
    score_masks: tuple[int, ...]
    in_front_masks: tuple[int, ...]
    waiting: tuple[int, ...]
    discard_mask: int
    pending: Decision | None
    records: tuple[MoveRecord, ...]

    # -- whose turn --------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat to act, or None once the game is over."""
        if self.phase is OVER:
            return None
        if self.pending is not None:
            return self.pending.seat
        return (self.leader + len(self.trick)) % self.variant.players

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is OVER

    # -- rules (delegated to the engine) -------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move, in a deterministic order; empty once the game is over."""
        return _engine.legal_moves(self)

    def is_legal(self, move: object) -> bool:
        """Whether ``move`` is legal here. Never raises."""
        return _engine.is_legal(self, move)

    def check(self, move: object) -> None:
        """Raise :class:`~claim.errors.IllegalMoveError` with the reason if illegal."""
        _engine.check(self, move)

    def apply(self, move: Move | str) -> GameState:
        """The state after ``move`` (a Move, or its notation); this state is unchanged.

        Raises:
            IllegalMoveError: The rules do not allow the move here.
            NotationError: ``move`` is a string that is not a move.
        """
        return _engine.apply(self, move)

    def result(self) -> GameResult:
        """The votes and the winner (RULES 5-6).

        Raises:
            GameNotOverError: The game has not ended yet.
        """
        return _scoring.result(self)

    # -- cards, as Card values -------------------------------------------------

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards in ``seat``'s hand, in deck order."""
        return self.variant.cards_in(self.hand_masks[check_seat(seat, self.variant.players)])

    def follower_pile(self, seat: int) -> tuple[Card, ...]:
        """The cards of ``seat``'s follower pile, in deck order."""
        return self.variant.cards_in(self.follower_masks[check_seat(seat, self.variant.players)])

    def score_pile(self, seat: int) -> tuple[Card, ...]:
        """The cards of ``seat``'s score pile, in deck order."""
        return self.variant.cards_in(self.score_masks[check_seat(seat, self.variant.players)])

    def in_front(self, seat: int) -> tuple[Card, ...]:
        """The cards lying face up in front of ``seat`` (captured Gnomes)."""
        return self.variant.cards_in(self.in_front_masks[check_seat(seat, self.variant.players)])

    def discard(self) -> tuple[Card, ...]:
        """The cards out of the game."""
        return self.variant.cards_in(self.discard_mask)

    @property
    def face_up_cards(self) -> tuple[Card, ...]:
        """The face-up cards of the current phase 1 trick."""
        deck = self.variant.deck
        return tuple(deck[cid] for cid in self.face_up)

    @property
    def trick_cards(self) -> tuple[tuple[int, Card], ...]:
        """``(seat, card)`` for each card played to the current trick, leader first."""
        deck, n = self.variant.deck, self.variant.players
        return tuple(((self.leader + i) % n, deck[cid]) for i, cid in enumerate(self.trick))

    @property
    def waiting_line(self) -> tuple[Card, ...]:
        """The cards waiting to be delivered (the Troll line), first in line first."""
        deck = self.variant.deck
        return tuple(deck[cid] for cid in self.waiting)

    @property
    def draw_pile_size(self) -> int:
        """How many cards the draw pile holds."""
        return len(self.draw_pile)

    def hand_size(self, seat: int) -> int:
        """How many cards ``seat`` holds."""
        return self.hand_masks[check_seat(seat, self.variant.players)].bit_count()

    def __str__(self) -> str:
        return _engine.describe(self)


from claim.engine import flow as _engine  # noqa: E402  (the engine imports this module)
from claim.engine import scoring as _scoring  # noqa: E402
