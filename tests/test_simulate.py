"""Simulations: determinism across workers, statistics, retries of lost batches."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Generator, Iterator
from pathlib import Path

import pytest

from claim.apps.simulate import simulate, wilson
from claim.apps.simulate.games import Batch, GameRow, first_leader, game_seed, lineup, play_batch
from claim.apps.simulate.runners import SimulationError, run_local, run_serial
from claim.core.errors import ArgumentError, UnknownNameError
from claim.search import bots

CRASH_FLAG = "CLAIM_TEST_CRASH_FLAG"


def crash_once(batch: Batch) -> list[GameRow]:
    """Kill this worker process the first time (a flag file marks it), then play."""
    flag = Path(os.environ[CRASH_FLAG])
    if batch.order == 1 and not flag.exists():
        flag.write_text("crashed")
        os._exit(1)
    return play_batch(batch)


def crash_always(batch: Batch) -> list[GameRow]:
    """Kill this worker process every time it is given batch 0."""
    if batch.order == 0:
        os._exit(1)
    return play_batch(batch)


def test_game_seed_is_sha256_based_and_stable() -> None:
    # Fixed values: a change here changes every published simulation.
    assert game_seed(0, 0) == 17992859902253732961
    assert game_seed(12345, 999) == 1345120974612674798
    assert len({game_seed(7, i) for i in range(1000)}) == 1000


def test_rotation_puts_every_bot_at_every_seat_with_every_first_leader() -> None:
    pairs = Counter((lineup(("a", "b", "c"), 3, i), first_leader(3, i)) for i in range(9))
    assert len(pairs) == 9
    for seat in range(3):
        assert Counter(lineup(("a", "b", "c"), 3, i)[seat] for i in range(3)) == Counter("abc")
    assert lineup(("a", "b"), 4, 0) == ("a", "b", "a", "b")
    assert lineup(("a", "b"), 4, 1) == ("b", "a", "b", "a")


def test_wilson_interval() -> None:
    low, high = wilson(8, 10)
    assert (round(low, 4), round(high, 4)) == (0.4902, 0.9433)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_same_rows_with_one_two_workers_and_any_batch_size() -> None:
    args = (["claim", "claim2"], ["random", "random"], 24)
    one = simulate(*args, seed=11, workers=1, keep_rows=True)
    two = simulate(*args, seed=11, workers=2, batch_size=5, keep_rows=True)
    odd = simulate(*args, seed=11, workers=2, batch_size=7, keep_rows=True)
    assert len(one.rows) == 48
    assert one == two == odd
    assert [r.index for r in one.rows] == list(range(24)) * 2
    other = simulate(*args, seed=12, workers=1, keep_rows=True)
    assert other.rows != one.rows


def test_rows_are_streamed_not_kept_unless_asked() -> None:
    seen: list[GameRow] = []
    done: list[int] = []
    summary = simulate("claim", "random,random", 10, seed=2, workers=1, batch_size=3,
                       on_row=seen.append, progress=done.append)
    assert summary.rows == ()
    assert [r.index for r in seen] == list(range(10))
    assert done == [3, 3, 3, 1]


def test_summary_counts_agree_with_the_rows() -> None:
    summary = simulate("knights-4p", ["random", "random"], 16, seed=3, workers=1,
                       keep_rows=True)
    (v,) = summary.variants
    rows = summary.rows
    assert v.parties == ((0, 2), (1, 3))
    for seat in range(4):
        assert v.seats[seat].hits == sum(seat in r.winning_seats for r in rows)
    draws = sum(r.winner is None for r in rows)
    assert v.draws.hits == draws
    assert sum(n for _, n in v.decided_by) == 16
    # Teams: bots a,b at four seats are two partnerships; one of them wins each game.
    assert {label for label, _ in v.bots} == {"random", "random#2"}
    assert sum(rate.hits for _, rate in v.bots) == 16 - draws
    for f in v.factions:
        assert sum(f.votes) + f.unclaimed == 16
        with_winner = sum(dict(r.votes)[f.faction] == r.winner is not None for r in rows)
        assert f.with_winner.hits == with_winner
        decisive = 0
        for r in rows:
            if r.winner is not None and dict(r.votes)[f.faction] == r.winner:
                others = [v for p, v in enumerate(r.party_votes) if p != r.winner]
                decisive += r.party_votes[r.winner] - max(others) <= 1
        assert f.decisive.hits == decisive
    assert sum(f.decisive.hits for f in v.factions) > 0
    assert v.first_leader.hits == sum(r.first_leader in r.winning_seats for r in rows)
    assert v.length_min == min(r.moves for r in rows)
    assert v.length_max == max(r.moves for r in rows)


def test_a_bot_is_counted_over_the_games_it_played(monkeypatch: pytest.MonkeyPatch) -> None:
    class First:
        def choose(self, view, rng):  # type: ignore[no-untyped-def]
            return view.legal_moves[0]

    monkeypatch.setitem(bots._REGISTRY, "first", First)
    summary = simulate("claim", ["first", "random"], 20, seed=4, workers=1, keep_rows=True)
    (v,) = summary.variants
    first_wins = sum(r.bots[r.winning_seats[0]] == "first" for r in summary.rows if r.winner
                     is not None)
    assert dict(v.bots)["first"].hits == first_wins
    assert dict(v.bots)["random"].hits == 20 - first_wins - v.draws.hits
    assert {r.bots for r in summary.rows} == {("first", "random"), ("random", "first")}


def test_bad_arguments() -> None:
    with pytest.raises(UnknownNameError, match="variant"):
        simulate("no-such-variant", ["random"] * 2, 1)
    with pytest.raises(UnknownNameError, match=r"known: .*random"):
        simulate("claim", ["random", "nobot"], 1)
    for games in (0, -1):
        with pytest.raises(ArgumentError, match="positive"):
            simulate("claim", ["random"] * 2, games)
    with pytest.raises(ArgumentError, match="divides"):
        simulate("claim", ["random"] * 3, 1)
    with pytest.raises(ArgumentError, match="batch_size"):
        simulate("claim", ["random"] * 2, 1, batch_size=0)


def _batches(games: int, size: int) -> list[Batch]:
    return [Batch("claim", ("random", "random"), 9, start, min(start + size, games), order)
            for order, start in enumerate(range(0, games, size))]


def test_a_worker_that_dies_costs_only_a_retry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    flag = tmp_path / "crashed"
    monkeypatch.setenv(CRASH_FLAG, str(flag))
    expected = list(run_serial(_batches(12, 3)))
    got = list(run_local(_batches(12, 3), workers=2, play=crash_once))
    assert flag.exists()  # a worker did die
    assert got == expected


def test_a_batch_lost_too_often_ends_the_run() -> None:
    with pytest.raises(SimulationError, match="died 3 times"):
        list(run_local(_batches(6, 3), workers=2, play=crash_always, retries=2))


def test_batches_are_drawn_lazily_a_window_at_a_time() -> None:
    drawn = 0

    def source() -> Iterator[Batch]:
        nonlocal drawn
        for batch in _batches(2000, 1):
            drawn += 1
            yield batch

    results = run_local(source(), workers=2)
    first = [next(results) for _ in range(3)]
    assert [rows[0].index for rows in first] == [0, 1, 2]
    assert drawn <= 3 + 3 * 2 + 1  # what was yielded, the window, and one look-ahead
    assert isinstance(results, Generator)  # closing it stops the pool
    results.close()
