"""The ``claim`` command. Thin: it uses only the public API and prints records.

``claim demo`` plays a seeded game between two random players and prints each trick
and the final votes; ``claim variants`` lists the built-in variants.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

from claim.engine.deal import new_game
from claim.engine.scoring import GameResult
from claim.errors import ClaimError
from claim.loading import builtin_variants, load_variant
from claim.records import (
    CardDrawn,
    FaceUpTaken,
    FaceUpTurned,
    LeaderChosen,
    MoveRecord,
    PhaseStarted,
    Smashed,
    TrickCompleted,
)
from claim.state import GameState
from claim.zones import Phase

__all__ = ["main", "play_random_game", "trick_lines"]


def play_random_game(variant: str, seed: int, first_leader: int = 0) -> GameState:
    """Play a whole game choosing uniformly among the legal moves.

    The deal and every choice come from ``random.Random(seed)``.
    """
    rng = random.Random(seed)
    state = new_game(load_variant(variant), rng=rng, first_leader=first_leader)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def trick_lines(records: Sequence[MoveRecord], first_face_up: Sequence[object] = ()) -> list[str]:
    """One line per trick, and one per phase change, from a game's records.

    Args:
        records: The records of a game, from its first move.
        first_face_up: The face-up cards of the first trick (turned when dealing).
    """
    lines: list[str] = []
    face_up = tuple(map(str, first_face_up))
    number = 0
    current: list[str] = []
    for record in records:
        for event in record.events:
            if isinstance(event, TrickCompleted):
                lines.append("; ".join(current))
                number += 1
                plays = " ".join(f"{seat}:{card}" for seat, card in event.plays)
                shown = f" for {' '.join(face_up)}" if face_up else ""
                current = [f"  trick {number:2}{shown}: {plays} -> seat {event.winner} wins"]
            elif isinstance(event, FaceUpTaken):
                current.append(f"seat {event.seat} takes {event.card}")
            elif isinstance(event, CardDrawn):
                current.append(f"seat {event.seat} draws")
            elif isinstance(event, Smashed):
                current.append(f"seat {event.seat} smashes {event.card} of seat {event.victim}")
            elif isinstance(event, LeaderChosen) and event.by_faction:
                current.append(f"{event.by_faction} give the lead to seat {event.seat}")
            elif isinstance(event, FaceUpTurned):
                face_up = tuple(map(str, event.cards))
            elif isinstance(event, PhaseStarted):
                face_up = ()
                number = 0
                lines.append("; ".join(current))
                current = []
                if event.phase is not Phase.OVER:
                    lines.append(f"{event.phase.value}:")
    lines.append("; ".join(current))
    return [line for line in lines if line]


def result_lines(result: GameResult) -> list[str]:
    """The votes per faction and the winner, as text."""
    lines = ["votes:"]
    for vote in result.factions:
        counts = " ".join(
            f"{count}({card or '-'})" for count, card in zip(vote.counts, vote.highest)
        )
        winner = "nobody" if vote.winner is None else f"party {vote.winner}"
        lines.append(f"  {vote.faction:14} {counts:24} -> {winner}")
    if result.winner is None:
        lines.append(f"draw ({result.decided_by.value}); votes {result.votes}")
    else:
        seats = ", ".join(map(str, result.winning_seats))
        lines.append(f"winner: seat {seats} by {result.decided_by.value}; votes {result.votes}")
    return lines


def _demo(args: argparse.Namespace) -> int:
    state = play_random_game(args.variant, args.seed, args.first_leader)
    first = new_game(state.variant, rng=random.Random(args.seed), first_leader=args.first_leader)
    print(f"{state.variant.title}, seed {args.seed}: random players")
    print("recruit:")
    for line in trick_lines(state.records, first.face_up_cards):
        print(line)
    for line in result_lines(state.result()):
        print(line)
    return 0


def _variants(args: argparse.Namespace) -> int:
    for name in builtin_variants():
        variant = load_variant(name)
        factions = ", ".join(f.name for f in variant.factions)
        print(f"{name:24} {variant.players}p  {factions}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``claim`` command; returns the exit status."""
    parser = argparse.ArgumentParser(prog="claim", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    demo = commands.add_parser("demo", help="play a seeded game between random players")
    demo.add_argument("--variant", default="claim", help="built-in name or YAML path")
    demo.add_argument("--seed", type=int, default=7)
    demo.add_argument("--first-leader", type=int, default=0)
    demo.set_defaults(run=_demo)
    listing = commands.add_parser("variants", help="list the built-in variants")
    listing.set_defaults(run=_variants)
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except ClaimError as exc:
        print(f"claim: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
