"""One cache facility (issue #22 item 5): per-variant values live in the variant,
recent results in bounded maps safe under threads."""

from __future__ import annotations

import threading

import pytest

import claim
from claim.core._fold import Latest
from claim.core.cache import (
    Recent,
    clear_recent,
    fold_prefix,
    latest,
    per_variant,
    recent_caches,
)


def test_per_variant_builds_once_per_variant_and_keeps_it_in_the_variant() -> None:
    built: list[str] = []

    @per_variant
    def size(variant: claim.Variant) -> int:
        built.append(variant.name)
        return len(variant.deck)

    claim_, claim2 = claim.load_variant("claim"), claim.load_variant("claim2")
    assert (size(claim_), size(claim_), size(claim2)) == (52, 52, len(claim2.deck))
    assert built == ["claim", "claim2"]
    assert claim_.derived[size] == 52  # stored in the variant: it goes with it


def test_latest_keeps_the_last_value_for_that_very_object() -> None:
    cache: Latest[str] = latest("test: latest")
    first, equal = claim.Card("knights", 1), claim.Card("knights", 1)
    assert cache.get(first) is None
    assert cache.put(first, "a") == "a" and cache.get(first) == "a"
    assert cache.get(equal) is None  # by identity, never by equality
    cache.put(equal, "b")
    assert cache.get(first) is None and cache.get(equal) == "b"
    assert recent_caches()["test: latest"] == (1, 1)
    clear_recent()
    assert len(cache) == 0 and cache.get(equal) is None


def test_recent_keeps_at_most_its_limit_oldest_out_first() -> None:
    cache: Recent[int, str] = Recent("test: numbers", 3)
    for n in range(5):
        cache.put(n, str(n))
    assert len(cache) == 3 and cache.get(0) is None and cache.get(4) == "4"
    assert recent_caches()["test: numbers"] == (3, 3)
    clear_recent()
    assert len(cache) == 0
    with pytest.raises(ValueError, match="at least one entry"):
        Recent("test: empty", 0)


def test_recent_is_safe_under_threads() -> None:
    """Eight threads putting and reading at once: no error, and never more than one
    entry over the limit per thread."""
    cache: Recent[int, int] = Recent("test: threads", 16)
    errors: list[BaseException] = []

    def work(offset: int) -> None:
        try:
            for n in range(20_000):
                key = offset * 100_000 + n
                assert cache.put(key, n) == n
                cache.get(key - 1)
                assert len(cache) <= cache.limit + 8
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert len(cache) <= cache.limit + 8


def test_fold_prefix_resumes_from_a_folded_prefix_and_never_from_another_sequence() -> None:
    """A game's records grow by appending: a state's fold (the masked cards revealed,
    E28) reads only the records since its parent's last keyed one, and equals the fold
    from scratch; a sequence whose items are other objects is folded anew even at
    equal lengths; and an item that is not keyed (a quiet record, shared by every
    game of a variant) never resumes a fold, even where two sequences share it."""
    cache: Recent[tuple[int, int], tuple[object, tuple[int, ...]]] = Recent(
        "test folds", 64, register=False)
    steps: list[object] = []

    def step(value: tuple[int, ...], item: list[int]) -> tuple[int, ...]:
        steps.append(item)
        return (*value, item[0])

    shared = [-1]  # not keyed: may end prefixes of different sequences

    def keyed(item: list[int]) -> bool:
        return item is not shared

    items = [[n] for n in range(10)]
    assert fold_prefix(cache, items[:6], (), step, keyed) == (0, 1, 2, 3, 4, 5)
    steps.clear()
    assert fold_prefix(cache, items, (), step, keyed) == tuple(range(10))
    assert steps == items[6:]  # resumed after the prefix of six
    steps.clear()
    assert fold_prefix(cache, items, (), step, keyed) == tuple(range(10)) and steps == []
    others = [[n + 100] for n in range(10)]  # same lengths, other objects
    assert fold_prefix(cache, others, (), step, keyed) == tuple(range(100, 110))
    assert fold_prefix(cache, [], (), step, keyed) == ()
    first, second = [[1], shared], [[2], shared]
    assert fold_prefix(cache, first, (), step, keyed) == (1, -1)
    assert fold_prefix(cache, second, (), step, keyed) == (2, -1)
