"""Search iterations `ismcts` fits in a time budget: ``python -m benchmarks.iterations``.

For each variant, deals ``--positions`` seeded games, plays each a seeded random number
of moves into phase 1, and runs `claim.search.bots.ismcts.IsmctsBot` with ``seconds`` and
``stop_early=False`` from the view of the seat to move, once per pool size of
``--pools`` (``none``: a fresh determinization every iteration), counting the
iterations. Pool sizes alternate per position, so drift in the machine's speed hits
them alike. Figures are medians, printed, never asserted; ``--quick`` runs one short
search per pool (for CI: it proves the script runs).
"""

from __future__ import annotations

import argparse
import random
import statistics

import claim
from claim.rules.state import GameState
from claim.rules.views import View
from claim.search.bots.ismcts import IsmctsBot


class _Counting(IsmctsBot):
    """An `IsmctsBot` that counts its iterations."""

    count = 0

    def _iterate(self, *args: object) -> None:
        self.count += 1
        super()._iterate(*args)  # type: ignore[arg-type]


def position(variant: claim.Variant, seed: int) -> View:
    """The view of the seat to move after a seeded random number of phase-1 moves."""
    rng = random.Random(seed)
    state: GameState = claim.new_game(variant, rng=rng)
    for _ in range(rng.randrange(2, 24)):
        state = state.apply(rng.choice(state.legal_moves()))
    return state.view(state.current_player)


def measure(name: str, positions: int, seconds: float, pools: list[int | None]) -> str:
    """Median iterations per search for each pool size; one line of figures."""
    variant = claim.load_variant(name)
    counts: dict[int | None, list[int]] = {pool: [] for pool in pools}
    for seed in range(positions):
        view = position(variant, seed)
        for pool in pools:
            bot = _Counting(seconds=seconds, stop_early=False, determinizations=pool)
            bot.choose(view, random.Random(seed))
            counts[pool].append(bot.count)
    parts = [f"{'none' if pool is None else pool}: {statistics.median(found):,.0f}"
             for pool, found in counts.items()]
    return f"{name:8} iterations per {seconds} s search, by pool: " + ", ".join(parts)


def main(argv: list[str] | None = None) -> None:
    """Parse the arguments and print one line per variant."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variants", default="claim,claim2")
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--seconds", type=float, default=0.1)
    parser.add_argument("--pools", default="none,16,64",
                        help="comma-separated pool sizes ('none': fresh draws)")
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    pools = [None if p == "none" else int(p) for p in args.pools.split(",")]
    positions, seconds = (1, 0.01) if args.quick else (args.positions, args.seconds)
    for name in args.variants.split(","):
        print(measure(name, positions, seconds, pools))


if __name__ == "__main__":
    main()
