"""A mutable scratch copy of a state, alive only while one move resolves.

Resolving a trick touches many parts of the state at once (piles, the draw pile,
the leader, the phase). Rather than evolve a frozen state step by step, the engine
copies the parts into a [`Board`][], changes them there, and freezes the result
into one new [`GameState`][claim.state.GameState]. A board never escapes the engine.
"""

from __future__ import annotations

from claim._fast import slot_maker
from claim.errors import ClaimError
from claim.factions.protocol import Placement
from claim.records import MoveRecord
from claim.state import Decision, GameState
from claim.variant import Variant
from claim.zones import DISCARD, FOLLOWERS, HAND, IN_FRONT, SCORE, WAITING, Phase

__all__ = ["Board", "PowerError", "make_record", "make_state"]


make_state = slot_maker(GameState)
"""Build a GameState from its fields in order (the engine's hot path)."""
make_record = slot_maker(MoveRecord)
"""Build a MoveRecord from its fields in order."""


class PowerError(ClaimError, RuntimeError):
    """A faction power's hook returned an effect the engine cannot carry out."""


class Board:
    """The parts of a [`GameState`][], as mutable lists, for one transition."""

    __slots__ = (
        "variant",
        "phase",
        "leader",
        "trick",
        "hands",
        "draw_pile",
        "face_up",
        "followers",
        "scores",
        "in_front",
        "waiting",
        "discard",
        "pending",
    )

    def __init__(self, state: GameState) -> None:
        self.variant: Variant = state.variant
        self.phase: Phase = state.phase
        self.leader: int = state.leader
        self.trick: tuple[int, ...] = state.trick
        self.hands: list[int] = list(state.hand_masks)
        self.draw_pile: tuple[int, ...] = state.draw_pile
        self.face_up: list[int] = list(state.face_up)
        self.followers: list[int] = list(state.follower_masks)
        self.scores: list[int] = list(state.score_masks)
        self.in_front: list[int] = list(state.in_front_masks)
        self.waiting: list[int] = list(state.waiting)
        self.discard: int = state.discard_mask
        self.pending: Decision | None = None

    def freeze(self, records: tuple[MoveRecord, ...]) -> GameState:
        """The new state these parts make, with ``records`` as its history."""
        return make_state(
            self.variant,
            self.phase,
            self.leader,
            self.trick,
            tuple(self.hands),
            self.draw_pile,
            tuple(self.face_up),
            tuple(self.followers),
            tuple(self.scores),
            tuple(self.in_front),
            tuple(self.waiting),
            self.discard,
            self.pending,
            records,
        )

    def draw(self) -> int:
        """Take the top card of the draw pile."""
        if not self.draw_pile:
            raise ClaimError("the draw pile is empty")  # impossible with a dealt deck
        top, self.draw_pile = self.draw_pile[0], self.draw_pile[1:]
        return top

    def lift(self, card: int) -> None:
        """Remove ``card`` from the waiting line or from in front of a player."""
        if card in self.waiting:
            self.waiting.remove(card)
            return
        bit = 1 << card
        self.in_front = [mask & ~bit for mask in self.in_front]

    def put(self, placement: Placement, source: str) -> None:
        """Add a placed card to its zone; ``source`` names the power, for errors."""
        bit, seat, zone = 1 << placement.card, placement.seat, placement.zone
        if zone is DISCARD:
            self.discard |= bit
        elif zone is WAITING:
            self.waiting.append(placement.card)
        elif seat is None or not 0 <= seat < self.variant.players:
            raise PowerError(f"{source}: {zone.value} needs a seat, got {seat!r}")
        elif zone is SCORE:
            self.scores[seat] |= bit
        elif zone is IN_FRONT:
            self.in_front[seat] |= bit
        elif zone is FOLLOWERS:
            self.followers[seat] |= bit
        elif zone is HAND:
            self.hands[seat] |= bit
        else:
            raise PowerError(f"{source}: a power cannot place a card on the {zone.value}")
