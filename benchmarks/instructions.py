"""Instructions per move, counted by valgrind: ``python -m benchmarks.instructions``.

Wall-clock figures on a shared machine drift by up to 1.8x for seconds at a time;
an instruction count does not. For each variant this runs ``--games`` seeded random
games through the public API (``legal_moves``, then ``apply`` of a move drawn with
`claim.search.playouts.pick`) under ``valgrind --tool=callgrind``, collecting only
inside the loop of games (the variant is loaded, one game of its own seed played to
build the tables derived on first use, and the games dealt before), with
hash randomization and address randomization off, and prints the instructions per
move. ``--trees`` names source trees (``git worktree`` checkouts, built in place)
to count side by side: each runs with its own ``claim`` first on ``PYTHONPATH``,
so the commit before a change and the change are counted alike. The same tree,
code and games give the same count to within a few hundred instructions a move
(the collector may run at other moments). ``--playouts`` counts the same games
played by `claim.playout` from the deal instead (the fast path's instructions a
move, to set against stepping's); ``--samples`` counts determinizations of one
mid-game view instead, ``--scoring`` the final scoring of finished games,
``--views`` a view of every state of the games (for the seat to act).
Figures are printed, never asserted.

Needs valgrind (``apt-get install valgrind``) and ``setarch``; it takes about a
minute a variant and tree for 10 games.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

# The loop runs inside one call of a C function the library never calls
# (itertools.starmap's next), so that callgrind collects exactly the work. Each
# workload sets up ``items`` and ``play(item)`` (the units it counts) before it.
_LOOP = """
import gc, itertools, random, sys
import claim
variant = claim.load_variant(sys.argv[1])
count = int(sys.argv[2])
{setup}
gc.collect()
print("moves", sum(itertools.starmap(play, ((item,) for item in items))))
"""

_GAMES = """
items = [claim.new_game(variant, seed=seed) for seed in range(count)]
rng = random.Random(6)
"""

GAMES = _LOOP.format(setup=_GAMES + """
def play(state):
    moves = 0
    while not state.is_over:
        legal = state.legal_moves()
        state = state.apply(legal[int(rng.random() * len(legal))])
        moves += 1
    return moves

# One game played before counting (its own seed and draws): the tables a variant
# derives on first use (masked cards, labelled moves) are built here, once per
# variant, not inside the count.
warm = random.Random(-1)
state = claim.new_game(variant, seed=-1)
while not state.is_over:
    state = state.apply(warm.choice(state.legal_moves()))
""")
"""Random games stepped through ``legal_moves`` and ``apply``."""

PLAYOUTS = _LOOP.format(setup=_GAMES + """
from claim.search.playouts import playout
playout(items[0], random.Random(1))  # the variant's tables, built before counting

def play(state):
    return len(playout(state, rng).moves)
""")
"""The same games played by `claim.playout` (``--playouts``)."""

SAMPLES = _LOOP.format(setup="""
from claim.info.sampling import sample
rng = random.Random(0)
state = claim.new_game(variant, rng=rng)
for _ in range(30):
    state = state.apply(rng.choice(state.legal_moves()))
view = state.view(0)
sample(view, random.Random(1))  # the view's reading and sampler, kept from here on
generator = random.Random(5)
items = range(count)

def play(index):
    sample(view, generator)
    return 1
""")
"""Determinizations of one mid-game view (``--samples``): the benchmark's "view +
determinization" workload, the view seen before (its sampler kept); ``--games``
counts samples."""

SCORING = _LOOP.format(setup="""
from claim.search.playouts import step_out
items = [step_out(claim.new_game(variant, seed=seed), random.Random(seed))
         for seed in range(count)]
items[0].result()

def play(state):
    state.result()
    return 1
""")
"""The final scoring of finished games (``--scoring``): ``GameState.result``."""

VIEWS = _LOOP.format(setup="""
from claim.search.playouts import pick
items = []
rng = random.Random(6)
for seed in range(count):
    state = claim.new_game(variant, seed=seed)
    while not state.is_over:
        moves = state.legal_moves()
        state = state.apply(moves[pick(rng, len(moves))])
        items.append(state)
claim.new_game(variant, seed=-1).view(0)

def play(state):
    state.view(state.current_player if state.current_player is not None else 0)
    return 1
""")
"""A view of every state of ``--games`` random games, each state new, for the seat to
act (``--views``): what an agent observes on every move."""


def count(tree: Path, variant: str, games: int, script: str = GAMES) -> tuple[int, int]:
    """(instructions, moves) of ``games`` random games of ``variant`` with ``tree``'s
    ``claim``, played by ``script`` (stepping, or `PLAYOUTS`).

    Raises:
        RuntimeError: valgrind did not report a count (its output is quoted).
    """
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    command = ["setarch", "-R", "valgrind", "--tool=callgrind",
               "--callgrind-out-file=/dev/null", "--collect-atstart=no",
               "--toggle-collect=starmap_next", sys.executable, "-c", script,
               variant, str(games)]
    done = subprocess.run(command, env=env, cwd=tree, capture_output=True, text=True,
                          check=False)
    collected = re.search(r"Collected : (\d+)", done.stderr)
    moves = re.search(r"moves (\d+)", done.stdout)
    if collected is None or moves is None:
        raise RuntimeError(f"no count for {variant} in {tree}: {done.stderr[-800:]}")
    return int(collected.group(1)), int(moves.group(1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", nargs="+", default=["claim", "fire-magic"])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--trees", nargs="+", type=Path,
                        default=[Path(__file__).resolve().parent.parent])
    parser.add_argument("--playouts", action="store_true",
                        help="count claim.playout from the deal instead of stepping")
    parser.add_argument("--samples", action="store_true",
                        help="count determinizations of a mid-game view (--games of them)")
    parser.add_argument("--scoring", action="store_true",
                        help="count GameState.result of --games finished games")
    parser.add_argument("--views", action="store_true",
                        help="count a view of every state of --games games")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None or shutil.which("setarch") is None:
        print("benchmarks.instructions needs valgrind and setarch "
              "(apt-get install valgrind)", file=sys.stderr)
        return 2
    script, per, note = ((VIEWS, "view", "") if args.views else
                         (SCORING, "result", "") if args.scoring else
                         (SAMPLES, "sample", "") if args.samples else
                         (PLAYOUTS, "move", ", playouts") if args.playouts else
                         (GAMES, "move", ""))
    for variant in args.variants:
        for tree in args.trees:
            instructions, units = count(tree.resolve(), variant, args.games, script)
            print(f"{variant:16} {tree!s:28} {instructions // units:>9,} "
                  f"instructions/{per} ({units} {per}s{note})", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
