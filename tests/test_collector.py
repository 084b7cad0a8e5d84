"""The cyclic collector paused around loads, views and determinizations.

`claim.core._collector`: loading a saved game (its replay), reading a view and drawing a
determinization run with Python's cyclic garbage collector paused, because the
objects they make form no reference cycles. These tests hold both halves of that
bargain: the collector comes back exactly as the caller had it (on success, on a
refused document, on a bad seat), and the work leaves nothing that only the
collector could free, on every built-in variant (so pausing never lets cycles pile
up). Issue #10 (speed of a JSON round trip and of a view plus a determinization).
"""

from __future__ import annotations

import gc
import random
from collections.abc import Callable, Iterator

import pytest

import claim
from claim.core.errors import SaveError, SeatError
from claim.info.sampling import Sampler, sample
from claim.rules.loading import builtin_variants
from claim.rules.state import GameState


def _mid_game(name: str, moves: int = 20, seed: int = 3) -> GameState:
    rng = random.Random(seed)
    state = claim.new_game(claim.load_variant(name), rng=rng)
    for _ in range(moves):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_moves()))
    return state


@pytest.fixture
def collector_on() -> Iterator[None]:
    was = gc.isenabled()
    gc.enable()
    yield
    gc.enable() if was else gc.disable()


def _calls(state: GameState) -> list[tuple[str, Callable[[], object]]]:
    seat = state.current_player
    text = claim.to_json(state)
    return [
        ("from_json", lambda: claim.from_json(text)),
        ("view", lambda: _mid_game(state.variant.name, 12, seed=9).view(seat)),
        ("Sampler", lambda: Sampler(state.view(seat)).sample(random.Random(2))),
        ("sample", lambda: sample(state.view(seat), random.Random(4))),
    ]


@pytest.mark.usefixtures("collector_on")
@pytest.mark.parametrize("enabled", [True, False])
def test_the_collector_is_left_as_the_caller_had_it(enabled: bool) -> None:
    """Each paused call restores the collector: on if it was on, off if it was off."""
    state = _mid_game("claim2")
    for name, call in _calls(state):
        gc.enable() if enabled else gc.disable()
        call()
        assert gc.isenabled() is enabled, name


@pytest.mark.usefixtures("collector_on")
def test_the_collector_is_restored_when_a_call_is_refused() -> None:
    """A refused document (SaveError) and a seat that does not exist (SeatError)
    still give the collector back."""
    state = _mid_game("claim")
    truncated = claim.to_json(state)[:-40]
    with pytest.raises(SaveError):
        claim.from_json(truncated)
    assert gc.isenabled()
    for seat in (5, -1, [0]):
        with pytest.raises(SeatError):
            state.view(seat)  # type: ignore[arg-type]
        assert gc.isenabled()


@pytest.mark.parametrize("name", builtin_variants())
def test_loads_views_and_samples_leave_no_cycles(name: str) -> None:
    """Everything these calls make is freed by reference counting once dropped:
    what the paused collector does not see is never garbage it alone could free."""
    state = _mid_game(name)
    calls = _calls(state)
    for _, call in calls:
        call()  # once first: a plugin lookup's first discovery (importlib.metadata) has cycles
    was = gc.isenabled()
    gc.disable()
    try:
        gc.collect()
        for label, call in calls:
            call()
            assert gc.collect() == 0, label
    finally:
        gc.enable() if was else gc.disable()


def test_a_state_viewed_again_gives_the_same_view() -> None:
    """RULES 7: a view is a value of its state and seat, so reading it again returns
    the view already read; another seat, or the next state, gets its own."""
    state = _mid_game("claim")
    view = state.view(0)
    assert state.view(0) is view
    assert state.view(1) is not view and state.view(1).seat == 1
    after = state.apply(state.legal_moves()[0])
    assert after.view(0) is not view
    assert after.view(0) == claim.rules.views.view_of(after, 0)
