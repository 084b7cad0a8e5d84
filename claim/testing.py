"""The conformance kit: checks any variant, faction or power must pass.

Use it in a test suite to play random games and check, after every move, the
invariants every correct engine state keeps::

    from claim.testing import random_playout
    final = random_playout(my_variant, seed=1)   # raises ConformanceError on a breach

The checks are written from the rules, apart from the engine's own tables: every
card of the deck is in exactly one place; a legal move exists exactly until the game
is over; the follow rule holds for every card played (RULES 3); ``apply`` never
changes the state it is given; phase 1 ends with full follower piles and an empty
draw pile; and the same seed and moves give equal states.
"""

from __future__ import annotations

import pickle
import random

from claim.cards import Card
from claim.engine.deal import new_game
from claim.errors import ClaimError
from claim.factions.protocol import FactionPower
from claim.moves import Move, PlayCard
from claim.state import GameState
from claim.variant import Variant
from claim.zones import Phase, Zone

__all__ = ["ConformanceError", "check_move", "check_state", "random_playout", "zone_masks"]


class ConformanceError(ClaimError, AssertionError):
    """A state or a transition broke an invariant of the rules."""


def zone_masks(state: GameState) -> dict[tuple[Zone, int | None], int]:
    """The card mask of every zone: ``(zone, seat)`` keys, seat None if shared."""
    def mask_of(ids: tuple[int, ...]) -> int:
        mask = 0
        for card in ids:
            mask |= 1 << card
        return mask

    zones: dict[tuple[Zone, int | None], int] = {
        (Zone.DRAW_PILE, None): mask_of(state.draw_pile),
        (Zone.FACE_UP, None): mask_of(state.face_up),
        (Zone.TRICK, None): mask_of(state.trick),
        (Zone.WAITING, None): mask_of(state.waiting),
        (Zone.DISCARD, None): state.discard_mask,
    }
    for seat in range(state.variant.players):
        zones[(Zone.HAND, seat)] = state.hand_masks[seat]
        zones[(Zone.FOLLOWERS, seat)] = state.follower_masks[seat]
        zones[(Zone.SCORE, seat)] = state.score_masks[seat]
        zones[(Zone.IN_FRONT, seat)] = state.in_front_masks[seat]
    return zones


def check_state(state: GameState) -> None:
    """Check the invariants of one state.

    Raises:
        ConformanceError: A card is in two places or none, the ordered zones hold a
            card twice, the phase and the piles disagree, or legal moves are missing.
    """
    variant = state.variant
    seen = 0
    for (zone, seat), mask in zone_masks(state).items():
        if seen & mask:
            cards = variant.cards_in(seen & mask)
            raise ConformanceError(f"{cards} are in {zone.value} {seat} and elsewhere too")
        seen |= mask
    for name in ("draw_pile", "face_up", "trick", "waiting"):
        ids = getattr(state, name)
        if len(set(ids)) != len(ids):
            raise ConformanceError(f"{name} holds a card twice: {ids}")
    if seen != variant.tables.full_mask:
        lost = variant.cards_in(variant.tables.full_mask & ~seen)
        raise ConformanceError(f"cards in no zone: {lost}")
    _check_phase(state)
    if bool(state.legal_moves()) == state.is_over:
        raise ConformanceError(
            f"phase {state.phase.value} has {len(state.legal_moves())} legal moves"
        )


def _check_phase(state: GameState) -> None:
    variant = state.variant
    if state.phase is Phase.RECRUIT:
        if state.pending is None and len(state.face_up) != variant.face_up_count:
            raise ConformanceError(f"phase 1 trick with face-up cards {state.face_up}")
        return
    if state.draw_pile or state.face_up or any(state.follower_masks):
        raise ConformanceError("after phase 1 the draw pile and follower piles must be empty")
    if state.phase is Phase.OVER and (any(state.hand_masks) or state.waiting or state.trick):
        raise ConformanceError("a finished game still has cards in hands, trick or line")


def check_move(before: GameState, move: Move, after: GameState) -> None:
    """Check one transition: the follow rule and that ``before`` is unchanged.

    Raises:
        ConformanceError: The move broke the follow rule (RULES 3), or the phase 1
            follower piles were not full when phase 2 began.
    """
    if isinstance(move, PlayCard) and before.trick:
        _check_follow(before, move)
    if before.phase is Phase.RECRUIT and after.phase is Phase.SUPPORT:
        size = before.variant.hand_size
        if any(after.hand_size(seat) != size for seat in range(before.variant.players)):
            raise ConformanceError(f"phase 2 must start with {size} cards in every hand")


def _check_follow(state: GameState, move: PlayCard) -> None:
    """RULES 3 from the powers' static and play hooks: ``follows``, ``always_playable``,
    ``must_follow`` (Satyrs) and the dynamic lead faction (``lead_now``: Elf-Orcs)."""
    from claim.engine.tricks import current_lead

    variant = state.variant
    tables = variant.tables
    seat = state.current_player
    assert seat is not None
    if any(power.must_follow(state) is False for power in tables.powers):
        return
    lead = current_lead(state)
    assert lead is not None

    def power_of(card: Card) -> FactionPower:
        return tables.powers[tables.faction_index[card.faction]]

    played = power_of(move.card)
    can_follow = any(power_of(card).follows(lead) for card in state.hand(seat))
    if can_follow and not played.follows(lead) and not played.always_playable():
        raise ConformanceError(f"seat {seat} played {move.card} while able to follow {lead}")


def random_playout(
    variant: Variant, seed: int, *, first_leader: int = 0, check: bool = True
) -> GameState:
    """Play a game choosing uniformly among legal moves, checking every step.

    The deal and every choice come from ``random.Random(seed)``. With ``check``,
    every state and transition is checked, ``apply`` is shown not to change its
    input (the state before is compared with a pickled copy), and the game is
    replayed to show that the same seed and moves give equal states and that every
    record's events can be read.

    Returns:
        The final state.

    Raises:
        ConformanceError: An invariant was broken.
    """
    rng = random.Random(seed)
    state = new_game(variant, rng=rng, first_leader=first_leader)
    start = state
    moves: list[Move] = []
    while not state.is_over:
        if check:
            check_state(state)
            frozen = pickle.dumps(state)
        move = rng.choice(state.legal_moves())
        after = state.apply(move)
        if check:
            if pickle.dumps(state) != frozen:
                raise ConformanceError(f"apply({move}) changed the state it was given")
            check_move(state, move, after)
        moves.append(move)
        state = after
    if check:
        check_state(state)
        _check_replay(start, moves, state)
    return state


def _check_replay(start: GameState, moves: list[Move], final: GameState) -> None:
    state = start
    for move in moves:
        state = state.apply(move)
    if state != final:
        raise ConformanceError("replaying the same moves gave a different state")
    for number, record in enumerate(final.records):
        try:
            record.events  # noqa: B018  (events are built from raw tuples when read)
        except Exception as exc:
            raise ConformanceError(f"the events of move {number} cannot be built: {exc}") from exc
    state.result()
