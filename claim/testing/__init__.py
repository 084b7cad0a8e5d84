"""The conformance kit: checks any variant, faction or power must pass.

Use it in a test suite to play random games and check, after every move, the
invariants every correct engine state keeps::

    from claim.testing import random_playout
    final = random_playout(my_variant, seed=1)   # raises ConformanceError on a breach

The checks are written from the rules, apart from the engine's own tables: every
card of the deck is in exactly one place; a legal move exists exactly until the game
is over; the follow rule holds for every card played (RULES 3); ``apply`` never
changes the state it is given; phase 1 ends with full follower piles and an empty
draw pile; and the same seed and moves give equal states. Beside them:
`check_views` and `check_no_leaks` (RULES 7), `check_capabilities` (what powers
promise about their hooks) and `check_fast_paths` (the playout kernel and the
powers' declared fast forms play as the hooks do).

Layer 8, beneath the programs (`claim.apps`) only.

May import: `claim.search`, `claim.io`, `claim.info`, `claim.factions`,
`claim.powers`, `claim.rules`, `claim.core`.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from collections.abc import Iterator, Sequence

import attrs

from claim.core.cards import Card
from claim.core.errors import ClaimError, DealError
from claim.core.moves import Move, PlayCard
from claim.core.zones import Phase, Zone
from claim.rules.dealing import new_game
from claim.rules.engine.tricks import current_lead
from claim.rules.loading import mix
from claim.rules.protocol import FactionPower
from claim.rules.state import GameState
from claim.rules.variant import Variant
from claim.testing._capabilities import CapabilityError, check_capabilities
from claim.testing._fast import FastPathError, check_fast_paths
from claim.testing._mixes import official_mixes, option_settings, random_official_mix
from claim.testing._views import LeakError, check_no_leaks, check_views

__all__ = [
    "CapabilityError",
    "ConformanceError",
    "FastPathError",
    "LeakError",
    "check_capabilities",
    "check_fast_paths",
    "check_move",
    "check_official_mixes",
    "check_no_leaks",
    "check_state",
    "check_views",
    "official_mixes",
    "option_settings",
    "random_official_mix",
    "random_playout",
    "stacked_game",
    "support_position",
    "zone_masks",
]


class ConformanceError(ClaimError, AssertionError):
    """A state or a transition broke an invariant of the rules."""


def zone_masks(state: GameState) -> dict[tuple[Zone | str, int | None], int]:
    """The card mask of every zone: ``(zone, seat)`` keys, seat None if shared.

    Zones that powers declare (in front, the waiting line, a second deck) are keyed
    by their name.
    """
    def mask_of(ids: tuple[int, ...]) -> int:
        mask = 0
        for card in ids:
            mask |= 1 << card
        return mask

    zones: dict[tuple[Zone | str, int | None], int] = {
        (Zone.DRAW_PILE, None): mask_of(state.draw_pile),
        (Zone.FACE_UP, None): mask_of(state.face_up),
        (Zone.TRICK, None): mask_of(state.trick),
        (Zone.DISCARD, None): state.discard_mask,
    }
    for seat in range(state.variant.players):
        zones[(Zone.HAND, seat)] = state.hand_masks[seat]
        zones[(Zone.FOLLOWERS, seat)] = state.follower_masks[seat]
        zones[(Zone.SCORE, seat)] = state.score_masks[seat]
    for spec, content in zip(state.variant.tables.zone_specs, state.zones):
        if spec.per_seat:
            for seat, mask in enumerate(content):
                zones[(spec.name, seat)] = mask
        else:
            zones[(spec.name, None)] = mask_of(content)
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
            where = zone.value if isinstance(zone, Zone) else zone
            raise ConformanceError(f"{cards} are in {where} {seat} and elsewhere too")
        seen |= mask
    ordered = {"draw_pile": state.draw_pile, "face_up": state.face_up, "trick": state.trick}
    for index in variant.tables.shared_zones:
        ordered[variant.tables.zone_specs[index].name] = state.zones[index]
    for name, ids in ordered.items():
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
    if state.phase is Phase.OVER and (all(state.hand_masks) or state.trick):
        raise ConformanceError("a finished game still has cards in every hand or the "
                               "trick (E43: it ends when a hand is empty)")


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


def check_official_mixes(players: int, seeds: range = range(1)) -> Iterator[Variant]:
    """Play every official mix for ``players``, with every option setting, checked.

    Yields each variant after its games (one per seed, the first leader rotating)
    passed [`random_playout`][]'s checks.

    Raises:
        ConformanceError: A game broke an invariant.
    """
    for factions in official_mixes(players):
        for options in option_settings(mix(list(factions), players)):
            variant = mix(list(factions), players, options=options)
            for seed in seeds:
                random_playout(variant, seed, first_leader=seed % players)
            yield variant


def _take(
    variant: Variant, wanted: Sequence[Sequence[str]]
) -> tuple[list[list[Card]], list[Card]]:
    """The given cards (notation) per group, and the rest of the deck in deck order."""
    given = [[variant.parse_card(text) for text in group] for group in wanted]
    used = Counter(card for group in given for card in group)
    missing = used - Counter(variant.deck)
    if missing:
        raise DealError(f"not in the deck of {variant.name!r} (or too many): "
                        f"{sorted(str(c) for c in missing.elements())}")
    rest = list((Counter(variant.deck) - used).elements())
    return given, sorted(rest, key=variant.deck.index)


def stacked_game(
    variant: Variant, hands: Sequence[Sequence[str]], draw_pile: Sequence[str] = (),
    *, first_leader: int = 0,
) -> GameState:
    """A new game whose hands start with ``hands`` and whose draw pile starts with
    ``draw_pile`` (top card first: its first cards are turned face up).

    Each hand is filled up from the rest of the deck, in deck order, with cards of
    factions that none of the given hand cards belong to, so the given cards alone
    decide who can follow. The rest of the deck goes under ``draw_pile``.

    Raises:
        DealError: A card is not in the deck, or there are too few cards to fill
            the hands.
    """
    given, rest = _take(variant, [*hands, draw_pile])
    pile, hand_cards = given.pop(), given
    chosen = {card.faction for hand in hand_cards for card in hand}
    spare = [card for card in rest if card.faction not in chosen]
    for hand in hand_cards:
        fill = spare[: variant.hand_size - len(hand)]
        del spare[: len(fill)]
        for card in fill:
            rest.remove(card)
        hand += fill
    return new_game(variant, hands=hand_cards, draw_pile=pile + rest, first_leader=first_leader)


def support_position(
    variant: Variant, hands: Sequence[Sequence[str]], *, leader: int = 0
) -> GameState:
    """A phase 2 position: each seat holds exactly ``hands``, ``leader`` leads, and
    every other card is out of the game (score piles and follower piles empty).

    For examples and tests of phase 2 rules without playing phase 1 first.

    Raises:
        DealError: A card is not in the deck, or the hands differ in size.
    """
    given, _ = _take(variant, hands)
    if len(given) != variant.players or len({len(hand) for hand in given}) != 1:
        raise DealError(f"give {variant.players} hands of the same size, not {hands!r}")
    free: dict[Card, list[int]] = {}
    for cid, card in enumerate(variant.deck):
        free.setdefault(card, []).append(cid)
    masks = tuple(sum(1 << free[card].pop(0) for card in hand) for hand in given)
    held = sum(masks)
    empty = (0,) * variant.players
    start = new_game(variant, seed=0)
    return attrs.evolve(
        start, phase=Phase.SUPPORT, leader=leader, trick=(), hand_masks=masks, draw_pile=(),
        face_up=(), follower_masks=empty, score_masks=empty,
        zones=tuple(empty if spec.per_seat else () for spec in variant.tables.zone_specs),
        discard_mask=variant.tables.full_mask & ~held, pending=None, queue=(), records=(),
        deal=None,  # built by hand: no deal leads here, so it has no game record
    )
