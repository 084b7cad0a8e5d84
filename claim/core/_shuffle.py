"""``random.Random.shuffle``, the same permutation, compiled.

Dealing a game and drawing a determinization shuffle lists of up to 72 card ids;
the standard library's shuffle is a Python loop that calls ``_randbelow`` once per
card (about 10 us for a 52-card deck, most of `claim.new_game`). `shuffle` runs the
same algorithm (Fisher-Yates from the end, each index drawn by rejection from
``getrandbits(k)`` with ``k`` the bit length of the range) in this module, which the
build compiles (`claim._compiled`), so a seed deals exactly the cards it always
dealt. Only an exact `random.Random` takes this path: a subclass (which may draw its
numbers otherwise, as `claim.io.gamerecord`'s recorded-deal generator does) shuffles
with its own ``shuffle``. `tests/test_shuffle.py` holds the two equal.
"""

from __future__ import annotations

import random
from typing import TypeVar

__all__ = ["shuffle"]

_T = TypeVar("_T")


def shuffle(items: list[_T], rng: random.Random) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` would."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    i = len(items) - 1
    while i > 0:
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
        i -= 1
