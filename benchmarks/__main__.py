"""Benchmark the engine side by side with baselines: ``python -m benchmarks``.

Every figure is the median of several repetitions. Each repetition times all the
workloads one after another (engine and baselines interleaved), so the ratios of the
engine to the baselines hold even when the machine is busy. Results are printed
and written as JSON.

Workloads:

* random full games through the public API (``legal_moves`` + ``apply``, history
  kept) for ``claim`` and ``claim2``, and for the 3 and 4 player set-ups; each
  repetition seeds one ``random.Random`` that deals and plays all its games (for
  the engine and the baselines alike, so seeding is not what is timed);
* creating a game, pickling and unpickling a mid-game state;
* a JSON round trip (``to_json`` then ``from_json``) of a state at the start of
  phase 2, the same state again and again (the loader resumes from its replay of
  the same record) and of another game each time (every load replays its record);
  a position key and a legal-action mask of that state;
* a view of a mid-game ``claim`` state for seat 0 plus one determinization
  (``claim.info.sampling.sample``) from it, the same state again and again (the view's
  reading is kept) and of another game each time; and many determinizations from
  one ``claim.info.sampling.Sampler``;
* the German-Whist-style baselines of :mod:`benchmarks.baselines`, mutable and
  immutable (``attrs.evolve``);
* an SVG picture (``claim.io.svg.render``, the referee's) of a mid-game ``claim2``
  state, the same state again and again (its view kept) and of another game each
  time (the view read anew);
* OpenSpiel's ``hearts`` random playout, when ``open_spiel`` is installed.

``--quick`` plays a few games only (for CI: it proves the script runs, and no
figure is asserted). ``--only WORDS`` builds and runs only the workloads whose name
holds one of the comma-separated words; so an earlier commit's engine can be timed
with this script, for example from a directory holding only ``benchmarks/``:
``PYTHONPATH=/path/to/old-worktree python -m benchmarks --only "game claim"``
(alternate it with the current tree, round by round, and compare medians).
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import pickle
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import claim
from benchmarks import baselines

Workload = Callable[[int], int]
"""Plays ``n`` games (or operations) and returns the number of moves made."""


def engine_games(variant: claim.Variant) -> Workload:
    """Random games through the public API; returns the moves played."""

    def run(games: int) -> int:
        moves = 0
        rng = random.Random(games)
        for _ in range(games):
            state = claim.new_game(variant, rng=rng)
            while not state.is_over:
                state = state.apply(rng.choice(state.legal_moves()))
            moves += len(state.records)
        return moves

    return run


def baseline_games(play: Callable[[random.Random], int]) -> Workload:
    """A baseline playout; every game makes ``baselines.MOVES_PER_GAME`` moves."""

    def run(games: int) -> int:
        rng = random.Random(games)
        for _ in range(games):
            play(rng)
        return games * baselines.MOVES_PER_GAME

    return run


def creating(variant: claim.Variant) -> Workload:
    """``new_game`` with a seed; counts games created."""

    def run(count: int) -> int:
        for seed in range(count):
            claim.new_game(variant, seed=seed)
        return count

    return run


def pickling(variant: claim.Variant) -> Workload:
    """Pickle and unpickle a state half-way through a game; counts round trips."""
    rng = random.Random(0)
    state = claim.new_game(variant, rng=rng)
    for _ in range(30):
        state = state.apply(rng.choice(state.legal_moves()))

    def run(count: int) -> int:
        for _ in range(count):
            pickle.loads(pickle.dumps(state))
        return count

    return run


def mid_game(variant: claim.Variant) -> claim.GameState:
    """A seeded state at the start of phase 2 (26 random moves of a 2-player game)."""
    rng = random.Random(0)
    state = claim.new_game(variant, seed=0)
    for _ in range(26):
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def json_round_trip(variant: claim.Variant) -> Workload:
    """``from_json(to_json(state))`` of a mid-game state (the loader replays the
    record and checks the snapshot); counts round trips."""
    state = mid_game(variant)

    def run(count: int) -> int:
        for _ in range(count):
            claim.from_json(claim.to_json(state))
        return count

    return run


def mid_games(variant: claim.Variant, count: int, moves: int) -> list[claim.GameState]:
    """``count`` seeded states after ``moves`` random moves, each of another game."""
    states = []
    for seed in range(count):
        rng = random.Random(seed)
        state = claim.new_game(variant, seed=seed)
        for _ in range(moves):
            state = state.apply(rng.choice(state.legal_moves()))
        states.append(state)
    return states


def json_first_loads(variant: claim.Variant, count: int = 600) -> Workload:
    """``from_json(to_json(state))`` of mid-game states of ``count`` other games, in
    turn: every load replays its whole record (more games than the loader keeps
    replays of); counts round trips."""
    states = mid_games(variant, count, 26)
    turn = [0]

    def run(n: int) -> int:
        for _ in range(n):
            claim.from_json(claim.to_json(states[turn[0] % count]))
            turn[0] += 1
        return n

    return run


def position_keys(variant: claim.Variant) -> Workload:
    """``position_key()`` of a mid-game state; counts keys."""
    state = mid_game(variant)
    key = state.position_key

    def run(count: int) -> int:
        for _ in range(count):
            key()
        return count

    return run


def action_masks(variant: claim.Variant) -> Workload:
    """``legal_action_mask()`` of a mid-game state; counts masks."""
    state = mid_game(variant)
    mask = state.legal_action_mask

    def run(count: int) -> int:
        for _ in range(count):
            mask()
        return count

    return run


def viewing(variant: claim.Variant, reuse: bool = False) -> Workload:
    """A view of a state half-way through a game plus a determinization from it
    (``state.view(0)`` then ``claim.info.sampling.sample``); counts view + sample pairs.
    With ``reuse``, one ``Sampler`` of one view draws every sample (a search's case)."""
    from claim.info.sampling import Sampler, sample

    rng = random.Random(0)
    state = claim.new_game(variant, rng=rng)
    for _ in range(30):
        state = state.apply(rng.choice(state.legal_moves()))

    def run(count: int) -> int:
        generator = random.Random(count)
        if reuse:
            sampler = Sampler(state.view(0))
            for _ in range(count):
                sampler.sample(generator)
            return count
        for _ in range(count):
            sample(state.view(0), generator)
        return count

    return run


def viewing_first(variant: claim.Variant, count: int = 600) -> Workload:
    """A view plus one determinization of mid-game states of ``count`` other games,
    in turn: every view is read anew (knowledge, history); counts pairs."""
    from claim.info.sampling import sample

    states = mid_games(variant, count, 30)
    turn = [0]

    def run(n: int) -> int:
        generator = random.Random(n)
        for _ in range(n):
            sample(states[turn[0] % count].view(0), generator)
            turn[0] += 1
        return n

    return run


def picturing(variant: claim.Variant, count: int = 1) -> Workload:
    """``claim.io.svg.render`` of mid-game states (30 random moves) of ``count`` games,
    in turn (with one, the same state: its view is kept); counts pictures."""
    from claim.io.svg import render

    states = mid_games(variant, count, 30)
    turn = [0]

    def run(n: int) -> int:
        for _ in range(n):
            render(states[turn[0] % count])
            turn[0] += 1
        return n

    return run


def hearts_games() -> Workload | None:
    """OpenSpiel's hearts, random play, when ``open_spiel`` is installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")

    def run(games: int) -> int:
        moves = 0
        rng = random.Random(games)
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    actions, _ = zip(*state.chance_outcomes())
                else:
                    actions = state.legal_actions()
                state.apply_action(rng.choice(actions))
                moves += 1
        return moves

    return run


HIDDEN_MIXES = ("fear-night", "shadow-tricks", "fire-magic", "fire-masks")
"""The built-in mixes of the factions with hidden information (issue #24)."""


def workloads() -> dict[str, tuple[Callable[[], Workload], int]]:
    """Name -> (a builder of the workload, size at full scale). Only the workloads a
    run selects are built, so ``--only "game claim"`` also runs with an older
    ``claim`` on the path (for comparisons with an earlier commit) that lacks the
    APIs of the other workloads."""
    found: dict[str, tuple[Callable[[], Workload], int]] = {}
    load = claim.load_variant

    def of(make: Callable[[claim.Variant], Workload], name: str) -> Callable[[], Workload]:
        return lambda: make(load(name))

    for name in ("claim", "claim2", "mercenary-moon", "magic-maps", *HIDDEN_MIXES):
        found[f"game {name} ({load(name).players}p)"] = (of(engine_games, name), 400)
    for players in (3, 4):
        found[f"game 7-faction mix ({players}p)"] = (
            functools.partial(seven_faction_games, players), 200)
    found["new_game claim"] = (of(creating, "claim"), 5000)
    found["pickle round trip claim"] = (of(pickling, "claim"), 5000)
    for name in ("claim", "claim2"):
        found[f"json round trip {name}"] = (of(json_round_trip, name), 1000)
        found[f"json round trip {name}, a new game each"] = (of(json_first_loads, name), 300)
        found[f"position_key {name}"] = (of(position_keys, name), 20000)
        found[f"legal_action_mask {name}"] = (of(action_masks, name), 20000)
    found["view + determinization (claim, 2p, mid-game)"] = (
        of(viewing, "claim"), 300)
    for name in ("mercenary-moon", "magic-maps", *HIDDEN_MIXES):
        found[f"view + determinization ({name}, 2p, mid-game)"] = (of(viewing, name), 300)
    found["determinization, one Sampler (claim, 2p, mid-game)"] = (
        lambda: viewing(load("claim"), reuse=True), 300)
    found["view + determinization, a new game each (claim)"] = (
        of(viewing_first, "claim"), 300)
    found["svg picture (claim2, 2p, mid-game)"] = (of(picturing, "claim2"), 2000)
    found["svg picture, a new game each (claim2)"] = (
        lambda: picturing(load("claim2"), 600), 1000)
    found["baseline mutable"] = (lambda: baseline_games(baselines.play_mutable), 1000)
    found["baseline immutable (attrs.evolve)"] = (
        lambda: baseline_games(baselines.play_immutable), 400)
    hearts = hearts_games()
    if hearts is not None:
        found["open_spiel hearts"] = (lambda: hearts, 100)
    return found


def seven_faction_games(players: int) -> Workload:
    """`engine_games` of the seven-faction mix for ``players`` players."""
    seven = ["knights", "goblins", "undead", "dwarves", "doppelgangers", "dragons", "seers"]
    return engine_games(claim.mix(seven, players=players))


def measure(repeats: int, scale: float, only: str = "") -> dict[str, dict[str, float]]:
    """Time every workload ``repeats`` times, interleaved; medians per workload.
    ``only``: run only the workloads whose name holds one of these comma-separated
    words (all when empty)."""
    words = [w.strip() for w in only.split(",") if w.strip()]
    loads = {name: (build(), size) for name, (build, size) in workloads().items()
             if not words or any(w in name for w in words)}
    samples: dict[str, list[tuple[float, int, int]]] = {name: [] for name in loads}
    for _ in range(repeats):
        for name, (work, size) in loads.items():
            count = max(1, int(size * scale))
            start = time.perf_counter()
            moves = work(count)
            samples[name].append((time.perf_counter() - start, count, moves))
    report: dict[str, dict[str, float]] = {}
    for name, runs in samples.items():
        per_unit = statistics.median(t / c for t, c, _ in runs)
        per_move = statistics.median(t / m for t, _, m in runs)
        report[name] = {
            "us_per_unit": per_unit * 1e6,
            "us_per_move": per_move * 1e6,
            "units_per_s": 1 / per_unit,
            "moves_per_unit": statistics.median(m / c for _, c, m in runs),
        }
    return report


def ratios(report: dict[str, dict[str, float]]) -> dict[str, float]:
    """Engine microseconds per move over each baseline's, and claim2 over claim."""
    found: dict[str, float] = {}
    if "baseline mutable" not in report or "baseline immutable (attrs.evolve)" not in report:
        return found
    mutable = report["baseline mutable"]["us_per_move"]
    immutable = report["baseline immutable (attrs.evolve)"]["us_per_move"]
    for name, row in report.items():
        if name.startswith("game "):
            found[f"{name} / baseline mutable"] = row["us_per_move"] / mutable
            found[f"{name} / baseline immutable"] = row["us_per_move"] / immutable
    claim1 = report.get("game claim (2p)")
    claim2 = report.get("game claim2 (2p)")
    if claim1 and claim2:
        found["claim2 / claim per move"] = claim2["us_per_move"] / claim1["us_per_move"]
    return found


def machine() -> dict[str, Any]:
    """What the figures were measured on."""
    return {
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
        "cpus": os.cpu_count(),
    }


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; print a table and write JSON."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a few games, for CI")
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--output", type=Path, default=Path("bench-results/latest.json"))
    parser.add_argument("--only", default="", help="comma-separated words: run only the "
                        "workloads whose name holds one (e.g. 'json,determinization')")
    args = parser.parse_args(argv)
    repeats, scale = (1, 0.01) if args.quick else (args.repeats, 1.0)
    report = measure(repeats, scale, args.only)
    result = {"machine": machine(), "repeats": repeats, "quick": args.quick,
              "workloads": report, "ratios": ratios(report)}
    print(f"{'workload':44} {'us/move':>9} {'us/unit':>10} {'units/s':>10}")
    for name, row in report.items():
        print(f"{name:44} {row['us_per_move']:9.2f} {row['us_per_unit']:10.1f} "
              f"{row['units_per_s']:10.0f}")
    for name, value in result["ratios"].items():
        print(f"{name:60} {value:6.2f}x")
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(result, indent=2))
    print(f"written to {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
