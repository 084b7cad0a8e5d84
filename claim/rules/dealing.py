"""Starting a game: a seeded shuffle, or an explicit deal checked against the deck."""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence

from claim.core._checks import check_deal_arguments
from claim.core._shuffle import shuffle
from claim.core.cards import Card
from claim.core.deals import Deal
from claim.core.errors import DealError, quote
from claim.core.records import RawEvent
from claim.core.zones import Phase
from claim.rules._hidden_deal import drawn_aside, drawn_hidden, explicit_aside, explicit_hidden
from claim.rules.engine.board import Board, state_maker
from claim.rules.engine.phases import begin
from claim.rules.loading import load_variant
from claim.rules.state import GameState
from claim.rules.variant import Variant

__all__ = ["dealt_game", "new_game", "started"]

CardLike = Card | str


def new_game(
    variant: Variant | str | os.PathLike[str],
    seed: int | None = None,
    *,
    rng: random.Random | None = None,
    hands: Sequence[Sequence[CardLike]] | None = None,
    draw_pile: Sequence[CardLike] | None = None,
    first_leader: int = 0,
    chance: Sequence[CardLike] | None = None,
    set_aside: Mapping[str, Sequence[CardLike]] | None = None,
    hidden: Mapping[str, object] | None = None,
) -> GameState:
    """Deal a new game, ready for the first card of phase 1.

    Either shuffle (from ``seed`` or ``rng``: the same seed gives the same deal on
    every machine) or give the whole deal: ``hands`` per seat and the ``draw_pile``
    from its top card down (its top card is turned face up first).

    Args:
        variant: A variant, the name of a built-in one (``"claim"``), or the path
            of a variant file (see `claim.load_variant`).
        seed: Seed of a new ``random.Random`` for the shuffle.
        rng: A random generator to shuffle with instead of ``seed``.
        hands: An explicit deal: the cards of each seat (cards or notation).
        draw_pile: With ``hands``: the remaining cards, top card first.
        first_leader: The seat that leads the first trick (R1).
        chance: With an explicit deal, for variants whose powers use chance during
            play (E12): every card of the deck once, in the order chance ranks them
            (a second deck is ordered by it). Drawn from the seed otherwise.
        set_aside: With an explicit deal of a variant whose powers set cards aside
            before the deal (E33): the cards set aside, by zone name
            (``{"set aside": ["Sd0", ...]}``). Drawn from the seed otherwise.
        hidden: With an explicit deal or ``rng``, for powers with a hidden state
            fixed at the deal (E30): the state, by faction name, in the form the
            power reads (`FactionPower.dealt_state`; the fake Tricksters: their
            card ids). Drawn from the seed (or ``rng``) otherwise.

    Raises:
        DealError: The explicit deal is not exactly the variant's deck, or
            ``first_leader`` is not a seat, or both ``seed`` and ``rng``, or a
            shuffle and a deal, are given, or the deal's hidden parts are
            inconsistent (``error.field`` names them: ``set_aside[...]``,
            ``hidden[...]``).
        UnknownNameError: ``variant`` names no built-in variant.
        ArgumentError: An argument of the wrong type (``seed`` must be an int,
            ``rng`` a `random.Random`, ``hands`` a list of lists, ...).
    """
    variant = load_variant(variant)
    dealt = _deal(variant, seed, rng, hands, draw_pile, first_leader, chance, set_aside, hidden)
    recorded = seed if rng is None and hands is None and draw_pile is None else None
    return started(_dealt_state(variant, dealt, first_leader, recorded))


def dealt_game(variant: Variant, seed: int) -> GameState:
    """The game `new_game` deals from ``seed``, before any power's start (what
    `started` starts)."""
    return _dealt_state(variant, _deal(variant, seed, None, None, None, 0, None, None, None),
                        0, seed)


def started(state: GameState) -> GameState:
    """A dealt game (`dealt_game`, or a deal built as `new_game` builds it) with the
    powers' start: their phase 1 ``phase_start`` and ``trick_start`` hooks."""
    tables = state.variant.tables
    if not (tables.starters or tables.trick_starters):
        return state
    board = Board(state)
    events: list[RawEvent] = []
    begin(board, events)
    return board.freeze(())


_Dealt = tuple[list[list[int]], list[int], tuple[int, ...], tuple[tuple[int, ...], ...],
               tuple[Hashable, ...]]


def _dealt_state(variant: Variant, dealt: _Dealt, first_leader: int, seed: int | None
                 ) -> GameState:
    """The state of a deal before any power's start: the cards dealt, set aside (E33)
    and the power states, the hidden ones fixed at the deal (E30)."""
    seat_cards, pile, order, aside, secret = dealt
    bits = variant.tables.card_bits
    masks = [sum(map(bits.__getitem__, cards)) for cards in seat_cards]  # distinct bits: sum == or
    count = variant.face_up_count
    zeros = (0,) * variant.players
    tables = variant.tables
    zones = [zeros if spec.per_seat else () for spec in tables.zone_specs]
    for (_, zone, _), cards in zip(tables.asides, aside):
        zones[zone] = cards
    states = [power.initial_state() for power in tables.powers]
    for fi, value in zip(tables.hidden_states, secret):
        states[fi] = value
    return state_maker(GameState)(
        variant, Phase.RECRUIT, first_leader, (), tuple(masks), tuple(pile[count:]),
        tuple(pile[:count]), zeros, zeros, tuple(zones), 0, tuple(states), order, None,
        (), (),
        Deal(tuple(map(tuple, seat_cards)), tuple(pile), order, first_leader, seed,
             aside, secret),
    )


def _deal(
    variant: Variant, seed: int | None, rng: random.Random | None,
    hands: Sequence[Sequence[CardLike]] | None, draw_pile: Sequence[CardLike] | None,
    first_leader: int, chance: Sequence[CardLike] | None,
    set_aside: Mapping[str, Sequence[CardLike]] | None, hidden: Mapping[str, object] | None,
) -> _Dealt:
    """`new_game`'s arguments checked, and the deal they ask for: the card ids of each
    seat, of the draw pile (top first), the chance order, the cards set aside and the
    hidden power states (raises as `new_game`)."""
    check_deal_arguments(seed, rng, hands, draw_pile)
    if type(first_leader) is not int or not 0 <= first_leader < variant.players:
        raise DealError(f"first_leader must be a seat from 0 to {variant.players - 1}, "
                        f"not {quote(first_leader)}")
    if seed is not None and rng is not None:
        raise DealError("give a seed or an rng, not both")
    if hands is not None or draw_pile is not None:
        if seed is not None or rng is not None:
            raise DealError("give either a seed/rng or an explicit deal, not both")
        seat_cards, pile, aside = _explicit(variant, hands, draw_pile, set_aside)
        return (seat_cards, pile, _explicit_chance(variant, chance), aside,
                explicit_hidden(variant, hidden, None))
    if chance is not None or set_aside is not None:
        raise DealError("chance and set_aside are part of an explicit deal; a seed "
                        "draws them itself")
    if hidden is not None and rng is None:
        raise DealError("hidden is part of an explicit deal (or a caller's rng); a seed "
                        "draws it itself", field="hidden")
    generator = rng if rng is not None else _rng(seed)
    aside = drawn_aside(variant, generator)
    seat_cards, pile = _shuffled(variant, generator, aside)
    order = _drawn_chance(variant, generator)
    drawn = drawn_hidden(variant, generator)
    secret = drawn if hidden is None else explicit_hidden(variant, hidden, drawn)
    return seat_cards, pile, order, aside, secret


def _drawn_chance(variant: Variant, rng: random.Random) -> tuple[int, ...]:
    """The chance order for the game, drawn after the deal (E12); () if unused."""
    if not variant.tables.uses_chance:
        return ()
    ids = list(range(len(variant.deck)))
    shuffle(ids, rng)
    return tuple(ids)


def _explicit_chance(variant: Variant, chance: Sequence[CardLike] | None) -> tuple[int, ...]:
    """An explicit chance order: every card once (cards or notation)."""
    if chance is None:
        return tuple(range(len(variant.deck))) if variant.tables.uses_chance else ()
    free: dict[Card, list[int]] = {}
    for cid, card in enumerate(variant.deck):
        free.setdefault(card, []).append(cid)
    order = []
    for item in chance:
        card = variant.parse_card(item) if isinstance(item, str) else item
        ids = free.get(card)
        if not ids:
            raise DealError(f"chance names {str(item)[:40]!r} more often than the deck holds it")
        order.append(ids.pop(0))
    if len(order) != len(variant.deck):
        raise DealError(f"chance must rank all {len(variant.deck)} cards, got {len(order)}")
    return tuple(order)


def _rng(seed: int | None) -> random.Random:
    if seed is None:
        seed = random.SystemRandom().randrange(2**63)
    return random.Random(seed)


def _shuffled(variant: Variant, rng: random.Random, aside: tuple[tuple[int, ...], ...]
              ) -> tuple[list[list[int]], list[int]]:
    ids = list(range(len(variant.deck)))
    if aside:  # E33: the cards set aside are not dealt
        out = {cid for cards in aside for cid in cards}
        ids = [cid for cid in ids if cid not in out]
    shuffle(ids, rng)  # rng.shuffle(ids), compiled
    size = variant.hand_size
    hands = [ids[seat * size : (seat + 1) * size] for seat in range(variant.players)]
    return hands, ids[variant.players * size :]


def _explicit(
    variant: Variant,
    hands: Sequence[Sequence[CardLike]] | None,
    draw_pile: Sequence[CardLike] | None,
    set_aside: Mapping[str, Sequence[CardLike]] | None,
) -> tuple[list[list[int]], list[int], tuple[tuple[int, ...], ...]]:
    if hands is None or draw_pile is None:
        raise DealError("an explicit deal needs both hands and draw_pile")
    if len(hands) != variant.players:
        raise DealError(f"{variant.name!r} has {variant.players} seats; got {len(hands)} hands")
    size = variant.hand_size
    for seat, hand in enumerate(hands):
        if len(hand) != size:
            raise DealError(f"seat {seat} must hold {size} cards, got {len(hand)}")
    if len(draw_pile) != variant.players * size:
        raise DealError(
            f"the draw pile must hold {variant.players * size} cards, got {len(draw_pile)}"
        )
    free: dict[Card, list[int]] = {}
    for cid, card in enumerate(variant.deck):
        free.setdefault(card, []).append(cid)
    extra: list[str] = []

    def take(item: CardLike) -> int:
        card = variant.parse_card(item) if isinstance(item, str) else item
        ids = free.get(card)
        if not ids:
            extra.append(str(item))
            return -1
        return ids.pop(0)

    seat_ids = [[take(c) for c in hand] for hand in hands]
    pile_ids = [take(c) for c in draw_pile]
    aside: tuple[tuple[int, ...], ...] = ()
    if variant.tables.asides or set_aside:
        dealt = Counter(variant.parse_card(c) if isinstance(c, str) else c
                        for c in [*(c for hand in hands for c in hand), *draw_pile])
        aside = explicit_aside(variant, set_aside, take, dealt)
    missing = tuple(str(variant.deck[cid]) for ids in free.values() for cid in ids)
    if extra or missing:
        raise DealError(
            f"the deal is not the {variant.name!r} deck: "
            f"extra {', '.join(extra) or 'none'}; missing {', '.join(missing) or 'none'}",
            missing=missing,
            extra=tuple(extra),
        )
    return seat_ids, pile_ids, aside
