"""Time the exact phase 2 solver: ``python -m benchmarks.solver``.

Deals seeded random games of each variant, plays them at random to the start of
phase 2 (13 cards per hand), optionally on until each hand holds ``--cards`` cards,
and solves each position with `claim.search.solver.solve` (the value and one best move;
``--all-best``: every best move), printing the median and the
maximum time and node count per variant. A position whose search passes
``--max-nodes`` is counted as given up (its time still counts in the maximum); one
the solver is not exact for (hidden information, `why_not_exact`) as refused.
Figures are printed, never asserted. The first line says whether the fast path runs
compiled (`claim._compiled`); ``CLAIM_PURE_PYTHON=1`` times it as Python.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import claim
from claim._compiled import COMPILED_MODULES, PURE_PYTHON_VARIABLE, compiled_modules
from claim.core.zones import Phase
from claim.rules.state import GameState
from claim.search.solver import SearchLimitError, solve, why_not_exact


def position(variant: claim.Variant, seed: int, cards: int) -> GameState:
    """A seeded random game played until phase 2 begins and each hand holds ``cards``."""
    rng = random.Random(seed)
    state = claim.new_game(variant, rng=rng, first_leader=seed % 2)
    while state.phase is Phase.RECRUIT or state.trick or state.pending is not None or (
        state.hand_size(0) > cards
    ):
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def measure(
    name: str, positions: int, cards: int, max_nodes: int | None, all_best: bool
) -> str:
    """Solve ``positions`` positions of variant ``name``; one line of figures."""
    variant = claim.load_variant(name)
    times: list[float] = []
    nodes: list[int] = []
    gave_up = refused = 0
    for seed in range(positions):
        state = position(variant, seed, cards)
        if why_not_exact(state) is not None:  # e.g. a Ghost's unseen discard (E6)
            refused += 1
            continue
        start = time.perf_counter()
        try:
            nodes.append(solve(state, all_best=all_best, max_nodes=max_nodes).nodes)
        except SearchLimitError:
            gave_up += 1
        times.append(time.perf_counter() - start)
    solved = f"{len(nodes)}/{positions} solved"
    node_text = (f"nodes median {statistics.median(nodes):,.0f} max {max(nodes):,}"
                 if nodes else "no position solved")
    timing = (f"time median {statistics.median(times):.3f} s max {max(times):.3f} s"
              if times else "no position searched")
    return (f"{name:8} {cards:2} cards: {solved}, {timing}, {node_text}, gave up {gave_up}, "
            f"refused (not exact) {refused}")


def main(argv: list[str] | None = None) -> None:
    """Parse the arguments and print one line per variant."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--cards", type=int, default=13, help="cards per hand (13: full)")
    parser.add_argument("--max-nodes", type=int, default=None)
    parser.add_argument("--variants", nargs="+", default=["claim", "claim2"])
    parser.add_argument("--all-best", action="store_true",
                        help="prove every best move at the root, not just one")
    args = parser.parse_args(argv)
    compiled = len(compiled_modules()) == len(COMPILED_MODULES)
    print("fast path:", "compiled (mypyc)" if compiled else
          f"Python ({PURE_PYTHON_VARIABLE} set, or a build without a C compiler)")
    for name in args.variants:
        print(measure(name, args.positions, args.cards, args.max_nodes, args.all_best),
              flush=True)


if __name__ == "__main__":
    main()
