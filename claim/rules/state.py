"""The game state: a frozen value holding where every card is. No rules in here.

Cards are held by their id (position in the variant's deck): ordered places (draw
pile, trick, face-up cards, waiting line) as tuples of ids, unordered places (hands,
follower piles, score piles, cards in front of a player, the discard) as integer
bit masks over ids. The accessors below turn them into [`Card`][claim.core.cards.Card]
tuples. The methods that apply rules ([`GameState.legal_moves`][],
[`GameState.apply`][], ...) delegate to [`claim.rules.engine`][].
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Hashable
from typing import TYPE_CHECKING

import attrs

from claim.core._checks import check_seat
from claim.core._fast import pickle_by_fields
from claim.core.cards import Card
from claim.core.deals import Deal
from claim.core.errors import ClaimError, UnknownNameError
from claim.core.moves import Choose, Move, PlayCard
from claim.core.records import MoveRecord
from claim.core.zones import OVER, Phase
from claim.rules import actions as _actions
from claim.rules import keys as _keys
from claim.rules import masking as _masking
from claim.rules import views as _views
from claim.rules.effects import Question, Step
from claim.rules.engine import flow as _engine
from claim.rules.engine import scoring as _scoring
from claim.rules.engine.board import state_maker
from claim.rules.notation import parse_move
from claim.rules.variant import Variant

if TYPE_CHECKING:
    from claim.rules.engine.scoring import GameResult
    from claim.rules.views import View

__all__ = ["GameState"]



@pickle_by_fields
@attrs.frozen
class GameState:
    """A moment of a game. Immutable: [`apply`][] returns a new state.

    The seat accessors (`hand`, `follower_pile`, `score_pile`, `zone`,
    `hand_size`) raise `SeatError` for anything but a seat from 0 to players - 1.

    Attributes:
        variant: The variant being played.
        phase: Recruiting (phase 1), supporting (phase 2), or over.
        leader: The seat that led (or will lead) the current trick.
        trick: Card ids played to the current trick, leader first.
        draw_pile: Card ids of the draw pile, top card first.
        face_up: Card ids turned face up for the current phase 1 trick.
        power_states: Per faction (in the variant's order), its power's own state.
        chance: The order fixed at the deal for chance during play: a ranking of
            every card id (E12); empty when no power uses chance.
        pending: The question the game waits for, if any.
        queue: Steps still to be asked after ``pending``, in order.
        records: One record per applied move, in order.
        deal: How the game was dealt (None for a state built by hand): with
            ``records`` it is the game's record (see [`claim.io.gamerecord`][]).

    The other fields hold the unordered places (hands, follower piles, score
    piles, the zones the powers declare, the discard) as bit masks over card ids,
    the engine's own layout (the docs' "How it works" describes it); read them
    through the accessors ([`hand`][], [`score_pile`][], [`zone`][], ...).

    Equality (``==``) and hashing compare every field, the history (``records``)
    and the deal included: two states reached by different move orders differ.
    [`position_key`][] compares positions without history, with identical cards
    interchangeable.
    """

    variant: Variant
    phase: Phase
    leader: int
    trick: tuple[int, ...]
    hand_masks: tuple[int, ...]  # per seat, the hand as a card mask
    draw_pile: tuple[int, ...]
    face_up: tuple[int, ...]
    follower_masks: tuple[int, ...]  # per seat, the follower pile as a card mask
    score_masks: tuple[int, ...]  # per seat, the score pile as a card mask
    # The zones the powers declare (``variant.tables.zone_specs``), in that order:
    # per-seat zones as one card mask per seat, shared zones as card ids in order
    # (first in line, or top card, first).
    zones: tuple[tuple[int, ...], ...]
    discard_mask: int  # the cards out of the game
    power_states: tuple[Hashable, ...]
    chance: tuple[int, ...]
    pending: Question | None
    queue: tuple[Step, ...]
    records: tuple[MoveRecord, ...]
    deal: Deal | None = None

    # -- whose turn --------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat to act, or None once the game is over."""
        return _engine.seat_to_act(self)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is OVER

    # -- rules (delegated to the engine) -------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move, in a deterministic order; empty once the game is over."""
        moves = _engine.legal_moves(self)
        if self.variant.tables.masks_cards:
            return _masking.legal_moves(self, moves)
        return moves

    def is_legal(self, move: object) -> bool:
        """Whether ``move`` (a Move, or its notation) is legal here. Never raises."""
        if isinstance(move, str):
            try:
                move = parse_move(move, self.variant)
            except ClaimError:
                return False
        if self.variant.tables.masks_cards:
            try:
                self.check(move)
            except ClaimError:
                return False
            return True
        return _engine.is_legal(self, move)

    def check(self, move: object) -> None:
        """Raise [`IllegalMoveError`][claim.core.errors.IllegalMoveError] with the
        reason if ``move`` (a Move, or its notation) is illegal.

        Raises:
            IllegalMoveError: The rules do not allow the move here.
            NotationError: ``move`` is a string that is not a move.
        """
        if isinstance(move, str):
            move = parse_move(move, self.variant)
        if (self.variant.tables.masks_cards
                and isinstance(move, (PlayCard, Choose))
                and _masking.check(self, move) is not None):
            return
        _engine.check(self, move)

    def apply(self, move: Move | str) -> GameState:
        """The state after ``move`` (a Move, or its notation); this state is unchanged.

        Raises:
            IllegalMoveError: The rules do not allow the move here.
            NotationError: ``move`` is a string that is not a move.
        """
        if isinstance(move, str):  # text is parsed here, at the API's edge
            move = parse_move(move, self.variant)
        if self.variant.tables.masks_cards:
            return _masking.apply(self, move)
        return _engine.apply(self, move)

    def result(self) -> GameResult:
        """The votes and the winner (RULES 5-6).

        Raises:
            GameNotOverError: The game has not ended yet.
        """
        return _scoring.result(self)

    def view(self, seat: int | None) -> View:
        """What ``seat`` may know of this state (None: a spectator), RULES 7.

        See [`claim.rules.views`][claim.rules.views].

        Raises:
            SeatError: ``seat`` is neither None nor a seat of the game.
        """
        return _views.view_of(self, seat)

    def spectator_view(self) -> View:
        """The public information only: ``view(None)``."""
        return _views.view_of(self, None)

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
        """Deprecated: use ``zone("in front", seat)`` (a zone some powers declare)."""
        _deprecated("in_front(seat)", 'zone("in front", seat)')
        index = self.variant.tables.zone_index.get("in front")
        if index is None:
            check_seat(seat, self.variant.players)
            return ()
        return self.zone("in front", seat)

    @property
    def in_front_masks(self) -> tuple[int, ...]:
        """Deprecated: the masks of the zone ``"in front"``; use `zone_masks`."""
        _deprecated("in_front_masks", 'zone_masks("in front")')
        index = self.variant.tables.zone_index.get("in front")
        return (0,) * self.variant.players if index is None else self.zones[index]

    @property
    def waiting(self) -> tuple[int, ...]:
        """Deprecated: the card ids of the zone ``"waiting line"``; use `zone_ids`."""
        _deprecated("waiting", 'zone_ids("waiting line")')
        index = self.variant.tables.zone_index.get("waiting line")
        return () if index is None else self.zones[index]

    def zone_ids(self, name: str) -> tuple[int, ...]:
        """The card ids of a shared zone a power declares, first in line (or top) first.

        Raises:
            UnknownNameError: No power of the variant declares ``name``.
            ValueError: The zone is per seat (see `zone_masks`).
        """
        index = self._zone_index(name)
        if self.variant.tables.zone_specs[index].per_seat:
            raise ValueError(f"zone {name!r} is per seat: read zone_masks({name!r})")
        return self.zones[index]

    def zone_masks(self, name: str) -> tuple[int, ...]:
        """Per seat, the cards of a per-seat zone a power declares, as card masks.

        Raises:
            UnknownNameError: No power of the variant declares ``name``.
            ValueError: The zone is shared (see `zone_ids`).
        """
        index = self._zone_index(name)
        if not self.variant.tables.zone_specs[index].per_seat:
            raise ValueError(f"zone {name!r} is shared: read zone_ids({name!r})")
        return self.zones[index]

    def _zone_index(self, name: str) -> int:
        tables = self.variant.tables
        index = tables.zone_index.get(name)
        if index is None:
            raise UnknownNameError("zone", name, tables.zone_index)
        return index

    def zone(self, name: str, seat: int | None = None) -> tuple[Card, ...]:
        """The cards of a zone a power declares, by name (``"second deck"``).

        Per-seat zones need ``seat``; shared zones list their cards in order.

        Raises:
            UnknownNameError: No power of the variant declares ``name``.
            SeatError: The zone is per seat and ``seat`` is not a seat of the game.
        """
        index = self._zone_index(name)
        content = self.zones[index]
        if self.variant.tables.zone_specs[index].per_seat:
            return self.variant.cards_in(content[check_seat(seat, self.variant.players)])
        deck = self.variant.deck
        return tuple(deck[cid] for cid in content)

    def power_state(self, faction: str) -> Hashable:
        """The state kept by ``faction``'s power (None when it keeps none).

        Raises:
            UnknownNameError: ``faction`` is not a faction of the variant.
        """
        tables = self.variant.tables
        if faction not in tables.faction_index:
            raise UnknownNameError("faction", faction, tables.faction_index)
        return self.power_states[tables.faction_index[faction]]

    @property
    def pending_kind(self) -> str | None:
        """The kind of step the pending question comes from (``"recruit"``, ``"smash"``)."""
        return self.queue[0].kind if self.pending is not None else None

    @property
    def pending_moves(self) -> tuple[Choose, ...]:
        """The answers to the pending question, in its options' order."""
        if self.pending is None:
            return ()
        return tuple([_choice(option.label) for option in self.pending.options])

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
        """Deprecated: use ``zone("waiting line")`` (a zone some powers declare)."""
        _deprecated("waiting_line", 'zone("waiting line")')
        if "waiting line" not in self.variant.tables.zone_index:
            return ()
        return self.zone("waiting line")

    @property
    def draw_pile_size(self) -> int:
        """How many cards the draw pile holds."""
        return len(self.draw_pile)

    def hand_size(self, seat: int) -> int:
        """How many cards ``seat`` holds."""
        return self.hand_masks[check_seat(seat, self.variant.players)].bit_count()

    # -- keys and encodings (delegated: claim.rules.keys, claim.rules.actions) ------

    def position_key(self) -> Hashable:
        """A hashable key of the position, without history (`claim.rules.keys.position_key`)."""
        return _keys.position_key(self)

    def legal_action_ids(self) -> tuple[int, ...]:
        """The ids of the legal moves, sorted (`claim.rules.actions.legal_action_ids`)."""
        return _actions.legal_action_ids(self)

    def legal_action_mask(self) -> tuple[bool, ...]:
        """One flag per action id of the variant (`claim.rules.actions.legal_action_mask`)."""
        return _actions.legal_action_mask(self)

    def __str__(self) -> str:
        return _engine.describe(self)


make_state = state_maker(GameState)
"""Build a `GameState` from its fields in order, skipping checks (the fast paths)."""


def _deprecated(old: str, new: str) -> None:
    warnings.warn(f"GameState.{old} is deprecated: use GameState.{new}",
                  DeprecationWarning, stacklevel=3)


@functools.lru_cache(maxsize=4096)
def _choice(label: str) -> Choose:
    """The answer move of a label (moves are values: one object serves every state)."""
    return Choose(label)
