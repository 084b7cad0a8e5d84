"""Variants are freed (issue #26 item 18, issue #22 item 5): nothing global keeps a
variant alive but the bounded `Recent` caches, so a server that builds a variant per
table, or a script that builds thousands of mixes, runs in bounded memory."""

from __future__ import annotations

import gc
import random
import tracemalloc
import weakref

import claim
from claim.core.cache import clear_recent, recent_caches
from claim.info.sampling import sample

MIX = ["knights", "goblins", "undead", "dwarves", "dragons"]


def use(variant: claim.Variant, seed: int) -> None:
    """What a table does with its variant: play, view, sample, save, load, key."""
    rng = random.Random(seed)
    state = claim.new_game(variant, seed=seed)
    for _ in range(12):
        state = state.apply(rng.choice(state.legal_moves()))
    sample(state.view(0), rng)
    claim.from_json(claim.to_json(state), variant)
    state.position_key()
    state.legal_action_mask()


def test_a_used_variant_is_freed_once_the_recent_caches_forget_it() -> None:
    variant = claim.mix(MIX, 2)
    use(variant, 1)
    gone = weakref.ref(variant)
    del variant
    clear_recent()
    gc.collect()
    assert gone() is None


def test_memory_stays_bounded_over_many_variants() -> None:
    """Equal mixes built afresh for each game: past the bounded recent caches
    (emptied before each measure), the second hundred variants leave (almost)
    nothing behind (0.36 MB a variant, for good, before #26)."""
    def hundred(start: int) -> int:
        for seed in range(start, start + 100):
            use(claim.mix(MIX, 2), seed)
        assert all(size <= limit for size, limit in recent_caches().values())
        clear_recent()
        gc.collect()
        return tracemalloc.get_traced_memory()[0]

    tracemalloc.start()
    try:
        first = hundred(0)
        grown = hundred(100) - first
    finally:
        tracemalloc.stop()
    assert grown < 1_000_000, f"{grown / 1e6:.1f} MB kept by 100 variants"
