"""Checks of the arguments given to the public API, and the limits they enforce.

Each check raises a `ClaimError` subclass naming the parameter and quoting (a short
prefix of) the bad value. They run at the public boundary only (`new_game`, `mix`,
`load_variant`, the notation readers, the state accessors, the registry), never in
`legal_moves` or `apply`'s inner loop.
"""

from __future__ import annotations

import random
from typing import Any

from claim.core.cards import Card
from claim.core.errors import ArgumentError, SeatError

__all__ = [
    "MAX_DECK",
    "MAX_NAME_CHARS",
    "MAX_VALUE",
    "check_deal_arguments",
    "check_seat",
    "expect_int",
    "expect_type",
]

MAX_DECK = 1_000
"""The most cards a variant's deck may hold (the official decks hold 52 or 72).

The engine keeps sets of cards as bit masks over the deck, whose size grows with
the deck; this bound keeps a variant's tables small."""
MAX_VALUE = 999
"""The largest card value (and the most negative is ``-MAX_VALUE``)."""
MAX_NAME_CHARS = 100
"""The longest variant, faction or power name read."""


def expect_type(name: str, value: Any, kinds: type | tuple[type, ...], expected: str) -> Any:
    """``value`` if it is an instance of ``kinds`` (a bool is not an int here).

    Raises:
        ArgumentError: It is not.
    """
    if isinstance(value, bool) and bool not in (kinds if isinstance(kinds, tuple) else (kinds,)):
        raise ArgumentError(name, value, expected)
    if not isinstance(value, kinds):
        raise ArgumentError(name, value, expected)
    return value


def expect_int(name: str, value: Any, expected: str = "an int") -> int:
    """``value`` if it is an ``int`` (not a ``bool``).

    Raises:
        ArgumentError: It is not.
    """
    if type(value) is not int and not (isinstance(value, int) and not isinstance(value, bool)):
        raise ArgumentError(name, value, expected)
    return int(value)


def check_seat(seat: object, players: int) -> int:
    """``seat`` if it is a seat of a game of ``players`` (0 to players - 1).

    Raises:
        SeatError: It is not an int, or out of range (a negative seat is never
            read from the end).
    """
    if type(seat) is not int or not 0 <= seat < players:
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players:
            return int(seat)
        raise SeatError(seat, players)
    return seat


def check_deal_arguments(seed: object, rng: object, hands: object, draw_pile: object) -> None:
    """Refuse arguments of `new_game` of the wrong type, naming the parameter.

    A seed is an int; an rng a `random.Random`; hands a list or tuple of lists or
    tuples; the draw pile a list or tuple; their cards `Card` values or notation.

    Raises:
        ArgumentError: One of them has the wrong type.
    """
    if seed is not None:
        expect_int("seed", seed, "an int or None")
    if rng is not None:
        expect_type("rng", rng, random.Random, "a random.Random or None")
    sequence = (list, tuple)
    if hands is not None:
        seats: list[Any] | tuple[Any, ...] = expect_type(
            "hands", hands, sequence, "a list of hands (lists of cards)"
        )
        for seat, hand in enumerate(seats):
            expect_type(f"hands[{seat}]", hand, sequence, "a list of cards")
            for card in hand:
                expect_type(f"a card of hands[{seat}]", card, (Card, str), "a Card or notation")
    if draw_pile is not None:
        pile: list[Any] | tuple[Any, ...] = expect_type(
            "draw_pile", draw_pile, sequence, "a list of cards"
        )
        for card in pile:
            expect_type("a card of draw_pile", card, (Card, str), "a Card or notation")
