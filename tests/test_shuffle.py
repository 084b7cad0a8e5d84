"""`claim.core._shuffle.shuffle` gives exactly ``random.Random.shuffle``'s permutation.

Determinism (the guide: the same seed gives the same game on every machine, and
saved records name their seed): dealing shuffles with `claim.core._shuffle.shuffle`, so
it must leave the generator and the list as the standard library would.
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

import claim
from claim.core._shuffle import shuffle


@given(st.integers(min_value=0, max_value=2**64), st.integers(min_value=0, max_value=80))
def test_the_same_permutation_and_generator_state(seed: int, size: int) -> None:
    mine, theirs = random.Random(seed), random.Random(seed)
    items, expected = list(range(size)), list(range(size))
    shuffle(items, mine)
    theirs.shuffle(expected)
    assert items == expected
    assert mine.getstate() == theirs.getstate()


def test_a_subclass_shuffles_its_own_way() -> None:
    class Reversing(random.Random):
        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            x.reverse()

    items = [1, 2, 3]
    shuffle(items, Reversing(1))
    assert items == [3, 2, 1]


def test_a_seed_deals_what_the_standard_shuffle_deals() -> None:
    """R1/RULES 2: a seeded deal is the deck shuffled by random.Random(seed)."""
    for name in ("claim", "claim2", "knights-4p"):
        variant = claim.load_variant(name)
        for seed in range(5):
            ids = list(range(len(variant.deck)))
            random.Random(seed).shuffle(ids)
            size = variant.hand_size
            deal = claim.new_game(variant, seed=seed).deal
            assert deal is not None
            assert [list(hand) for hand in deal.hands] == [
                ids[seat * size:(seat + 1) * size] for seat in range(variant.players)]
            assert list(deal.draw_pile) == ids[variant.players * size:]
