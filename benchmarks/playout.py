"""Random playouts, stepping versus `claim.playout`: ``python -m benchmarks.playout``.

For each variant, deals ``--games`` seeded games and times playing each to the end
by the reference stepping loop (`claim.search.playouts.step_out`: ``legal_moves``, `pick`,
``apply``) and by `claim.playout`, from the start of the game and from the start of
phase 2 (the same positions for both). Repetitions alternate the two paths; figures
are medians in games per second, with the ratio. Figures are printed, never
asserted. ``--quick`` plays a few games (for CI: it proves the script runs).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import claim
from claim.core.zones import Phase
from claim.rules.state import GameState
from claim.search.playouts import pick, step_out

VARIANTS = ("claim", "claim2", "knights-3p", "giants-3p", "knights-4p", "giants-4p",
            "mercenary-moon", "magic-maps", "frost-court-3p")


def phase_two(state: GameState, rng: random.Random) -> GameState:
    """``state`` stepped at random until phase 2 begins (nothing pending)."""
    while state.phase is Phase.RECRUIT or state.trick or state.pending is not None:
        moves = state.legal_moves()
        state = state.apply(moves[pick(rng, len(moves))])
    return state


def rate(play: Callable[[GameState, random.Random], object], starts: list[GameState],
         seed: int) -> float:
    """Games per second playing each of ``starts`` to the end with one generator."""
    rng = random.Random(seed)
    begin = time.perf_counter()
    for state in starts:
        play(state, rng)
    return len(starts) / (time.perf_counter() - begin)


def measure(name: str, games: int, repeats: int) -> list[str]:
    """Two lines (game start, phase 2 start) of figures for variant ``name``."""
    variant = claim.load_variant(name)
    fresh = [claim.new_game(variant, seed=seed) for seed in range(games)]
    second = [phase_two(state, random.Random(seed)) for seed, state in enumerate(fresh)]
    claim.playout(fresh[0], random.Random(0))  # the kernel's tables, built once
    lines = []
    for label, starts in (("game start", fresh), ("phase 2 start", second)):
        slow: list[float] = []
        fast: list[float] = []
        for repeat in range(repeats):
            slow.append(rate(step_out, starts, repeat))
            fast.append(rate(claim.playout, starts, repeat))
        stepping, kernel = statistics.median(slow), statistics.median(fast)
        lines.append(f"{name:11} {label:13} stepping {stepping:8.0f} games/s   playout "
                     f"{kernel:8.0f} games/s   x{kernel / stepping:.1f}")
    return lines


def main(argv: list[str] | None = None) -> None:
    """Parse the arguments and print two lines per variant."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--variants", nargs="+", default=list(VARIANTS))
    parser.add_argument("--quick", action="store_true", help="a few games, for CI")
    args = parser.parse_args(argv)
    games, repeats = (5, 1) if args.quick else (args.games, args.repeats)
    for name in args.variants:
        for line in measure(name, games, repeats):
            print(line, flush=True)


if __name__ == "__main__":
    main()
