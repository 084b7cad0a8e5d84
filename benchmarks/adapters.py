"""Steps per second through each adapter versus the native API.

``python -m benchmarks.adapters [--variant claim] [--games 40] [--repeats 5]``

Random games, one seeded ``random.Random`` per repetition; a step is one move.
Every figure is the median over the repetitions, the workloads interleaved,
after one warm-up game each:

* ``native``: ``state.legal_moves()`` + ``state.apply(move)``;
* ``native + observation``: the same, plus what an adapter computes per step for
  the player to move: ``observation(state.view(seat))`` and the legal-action ids;
* ``pettingzoo``: ``env.last()`` (the mover's observation and mask) +
  ``env.step(action id)`` on the raw AEC environment;
* ``openspiel``: ``state.legal_actions()`` + ``state.apply_action(id)``;
* ``openspiel + observation``: plus ``state.observation_tensor()``.

Adapters whose extra is not installed are left out. ``--quick`` plays two games
(for CI: it proves the script runs, no figure is asserted).
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
import time
from collections.abc import Callable

import claim
from claim.info.observation import observation

Workload = Callable[[str, int, random.Random], int]
"""Plays ``games`` random games of a variant; returns the steps made."""


def native(variant: str, games: int, rng: random.Random) -> int:
    """Random games through ``legal_moves`` and ``apply``."""
    steps = 0
    for _ in range(games):
        state = claim.new_game(variant, seed=rng.randrange(2**31))
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_moves()))
            steps += 1
    return steps


def native_observed(variant: str, games: int, rng: random.Random) -> int:
    """As `native`, plus the mover's observation vector and legal-action ids."""
    steps = 0
    for _ in range(games):
        state = claim.new_game(variant, seed=rng.randrange(2**31))
        while not state.is_over:
            observation(state.view(state.current_player))
            ids = state.legal_action_ids()
            state = state.apply(claim.action_move(state.variant, rng.choice(ids)))
            steps += 1
    return steps


def pettingzoo(variant: str, games: int, rng: random.Random) -> int:
    """Random games through the raw PettingZoo AEC environment."""
    from claim.apps.adapters.pettingzoo import ClaimEnv

    env = ClaimEnv(variant)
    steps = 0
    for _ in range(games):
        env.reset(seed=rng.randrange(2**31))
        for _agent in env.agent_iter():
            seen, _, done, cut, _ = env.last()
            if done or cut:
                env.step(None)
                continue
            env.step(rng.choice(seen["action_mask"].nonzero()[0].tolist()))
            steps += 1
    return steps


def openspiel(observe: bool) -> Workload:
    """Random games through the OpenSpiel game, with or without an observation tensor."""

    def run(variant: str, games: int, rng: random.Random) -> int:
        import pyspiel

        from claim.apps.adapters.openspiel import game_name

        game = pyspiel.load_game(game_name(variant))
        steps = 0
        for _ in range(games):
            state = game.new_initial_state()
            state.apply_action(rng.randrange(game.max_chance_outcomes()))
            while not state.is_terminal():
                if observe:
                    state.observation_tensor()
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
        return steps

    return run


def workloads() -> dict[str, Workload]:
    """The workloads whose libraries are installed."""
    found: dict[str, Workload] = {"native": native, "native + observation": native_observed}
    if importlib.util.find_spec("pettingzoo") is not None:
        found["pettingzoo"] = pettingzoo
    if importlib.util.find_spec("pyspiel") is not None:
        found["openspiel"] = openspiel(observe=False)
        found["openspiel + observation"] = openspiel(observe=True)
    return found


def measure(variant: str, games: int, repeats: int) -> dict[str, float]:
    """Median steps per second of every workload."""
    loads = workloads()
    for work in loads.values():  # warm up: load the variant, fill the caches
        work(variant, 1, random.Random(-1))
    rates: dict[str, list[float]] = {name: [] for name in loads}
    for repeat in range(repeats):
        for name, work in loads.items():
            start = time.perf_counter()
            steps = work(variant, games, random.Random(repeat))
            rates[name].append(steps / (time.perf_counter() - start))
    return {name: statistics.median(values) for name, values in rates.items()}


def main(argv: list[str] | None = None) -> int:
    """Measure and print a table: steps per second, and the ratio to native."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.adapters",
                                     description=__doc__)
    parser.add_argument("--variant", default="claim")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="two games, for CI")
    args = parser.parse_args(argv)
    games, repeats = (2, 1) if args.quick else (args.games, args.repeats)
    report = measure(args.variant, games, repeats)
    base = report["native"]
    print(f"{args.variant}: {games} random games x {repeats} repeats (median)")
    print(f"{'through':26} {'steps/s':>9} {'vs native':>10}")
    for name, rate in report.items():
        print(f"{name:26} {rate:9.0f} {rate / base:9.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
