"""The move tables of a variant (part of `claim.rules.variant_tables.build_tables`): one
`PlayCard` per kind of card, the moves of a card mask (in chunk tables: one lookup
per chunk), the quiet records of the plays and the recruiting options."""

from __future__ import annotations

import functools
import itertools
import types
from collections import Counter
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from claim.core.cards import Card
from claim.core.moves import PlayCard
from claim.core.records import MoveRecord
from claim.core.zones import Zone
from claim.rules.effects import Option, Placement

if TYPE_CHECKING:
    from claim.rules.variant import Variant

__all__ = ["move_tables", "moves_by_bits"]


def move_tables(variant: Variant, deck: tuple[Card, ...], kinds: Mapping[Card, int],
                kind_masks: list[int]) -> dict[str, Any]:
    """The tables of the moves: `claim.rules.variant_tables.DeckTables`' fields
    ``play_moves``, ``moves_of``, ``mask_of_move``, ``masks_by_id``, ``quiet_records``,
    ``quiet_by_card`` and ``take_options``."""
    kind_moves = {kind: PlayCard(card) for card, kind in kinds.items()}
    play_moves = tuple(kind_moves[kinds[c]] for c in deck)
    quiet = [{move: MoveRecord(seat, move) for move in kind_moves.values()}
             for seat in range(variant.players)]
    return {
        "play_moves": play_moves,
        "moves_of": _moves_function(_move_chunks(deck, kinds, kind_moves), play_moves),
        "mask_of_move": types.MappingProxyType(
            {move: kind_masks[kind] for kind, move in kind_moves.items()}
        ),
        "masks_by_id": types.MappingProxyType(
            {id(move): (move, kind_masks[kind]) for kind, move in kind_moves.items()}
        ),
        "quiet_records": tuple(types.MappingProxyType(records) for records in quiet),
        "quiet_by_card": tuple(tuple(records[move] for move in play_moves)
                               for records in quiet),
        "take_options": tuple(
            tuple(Option(f"take {card}", (Placement(cid, Zone.FOLLOWERS, seat, Zone.FACE_UP),),
                         ("take", card)) for cid, card in enumerate(deck))
            for seat in range(variant.players)
        ),
    }


def _move_chunks(
    deck: tuple[Card, ...], kinds: Mapping[Card, int], kind_moves: Mapping[int, PlayCard]
) -> Chunks:
    """Per-chunk tables from a card mask to its distinct play moves, in deck order.

    Empty when some kind has more than 8 identical cards (then the engine walks
    the mask's bits instead).
    """
    if max(Counter(deck).values()) > 8:
        return ()
    bounds: list[int] = [0]
    for cid in range(1, len(deck) + 1):
        at_kind_end = cid == len(deck) or deck[cid] != deck[cid - 1]
        if at_kind_end and cid - bounds[-1] > 8:
            bounds.append(_last_kind_start(deck, bounds[-1]))
    bounds.append(len(deck))
    chunks = []
    for start, stop in itertools.pairwise(bounds):
        width = stop - start
        table = []
        for sub in range(1 << width):
            moves = dict.fromkeys(
                kind_moves[kinds[deck[start + i]]] for i in range(width) if sub >> i & 1
            )
            table.append(tuple(moves))
        chunks.append((start, (1 << width) - 1, tuple(table)))
    return tuple(chunks)


Chunks = tuple[tuple[int, int, tuple[tuple[PlayCard, ...], ...]], ...]


def _moves_function(
    chunks: Chunks, play_moves: tuple[PlayCard, ...]
) -> Callable[[int], tuple[PlayCard, ...]]:
    """A function from a card mask to its moves: one table lookup per chunk, no loop.

    The function is generated as straight-line code (as ``attrs`` generates its
    methods); without chunks it walks the mask's bits.
    """
    if not chunks:
        return functools.partial(moves_by_bits, play_moves)
    namespace: dict[str, Any] = {}
    terms = []
    for i, (shift, width, table) in enumerate(chunks):
        namespace[f"t{i}"] = table
        terms.append(f"t{i}[mask >> {shift} & {width}]")
    exec(f"def moves_of(mask):\n    return {' + '.join(terms)}\n", namespace)
    # Taken out of its own globals: a function in the dict it reads would be a cycle,
    # and a variant dropped would wait for the cyclic collector (tests/test_collector).
    function: Callable[[int], tuple[PlayCard, ...]] = namespace.pop("moves_of")
    return function


def moves_by_bits(play_moves: tuple[PlayCard, ...], mask: int) -> tuple[PlayCard, ...]:
    """The distinct play moves of a card mask, walking its bits (any deck)."""
    found: list[PlayCard] = []
    previous = None
    while mask:
        low = mask & -mask
        move = play_moves[low.bit_length() - 1]
        if move is not previous:
            found.append(move)
            previous = move
        mask ^= low
    return tuple(found)


def _last_kind_start(deck: tuple[Card, ...], start: int) -> int:
    """Where the last kind boundary at most 8 cards after ``start`` lies."""
    cut = start + 8
    while deck[cut] == deck[cut - 1]:
        cut -= 1
    return cut


