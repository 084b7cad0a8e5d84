"""The `claim` command (also `python -m claim`). Thin: public API and records only.

`claim demo` plays a seeded game between random players and prints each trick and
the final votes (``--record FILE`` also saves its game record); `claim replay FILE`
prints a saved game; `claim variants` lists the built-in variants. The commands for people
who write variants (`validate`, `show`, `schema`) are in
[`claim.apps.cli_tools`][claim.apps.cli_tools]; `claim simulate` (many games between
bots) is in [`claim.apps.cli_simulate`][claim.apps.cli_simulate]; `claim serve` (the game
server, the ``server`` extra) is in [`claim.apps.server`][claim.apps.server].
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

import attrs

from claim import __version__
from claim.apps import cli_play, cli_simulate, cli_tools, cli_tournament
from claim.apps.cli_common import load_saved
from claim.apps.server import command as server_command
from claim.core.errors import ClaimError, SaveError
from claim.io.gamerecord import GameRecord, record_of, replay, start
from claim.io.serialize import to_json
from claim.io.svg import REFEREE, replay_page
from claim.io.text import result_lines, trick_lines
from claim.rules.loading import builtin_variants, load_variant
from claim.rules.state import GameState
from claim.rules.variant import Variant
from claim.testing import random_playout

__all__ = ["main"]


DEMO_VARIANTS = {2: "claim", 3: "knights-3p", 4: "knights-4p"}
"""The variant ``claim demo --players N`` plays when no ``--variant`` is given."""


def _demo_variant(args: argparse.Namespace) -> Variant:
    """The variant to demo: ``--variant``, else the built-in one for ``--players``."""
    players = getattr(args, "players", None)
    if args.variant is None:
        return load_variant(DEMO_VARIANTS[players or 2])
    variant = load_variant(args.variant)
    if players is not None and variant.players != players:
        raise ClaimError(
            f"--players {players} does not match --variant {args.variant}, which is for "
            f"{variant.players} players (give one of the two)")
    return variant


def _demo(args: argparse.Namespace) -> int:
    variant = _demo_variant(args)
    if not 0 <= args.first_leader < variant.players:
        raise ClaimError(f"--first-leader must be a seat from 0 to {variant.players - 1}, "
                         f"not {args.first_leader}")
    state = random_playout(variant, args.seed, first_leader=args.first_leader, check=False)
    if args.record is not None:  # first: the record is written even if output stops
        write_record(state, args.record, args.seed)
    first = start(record_of(state))  # the dealt state, for the first face-up cards
    print(f"{state.variant.title}, seed {args.seed}: {variant.players} random players")
    print("recruit:")
    for line in trick_lines(state.records, first.face_up_cards):
        print(line)
    for line in result_lines(state.result()):
        print(line)
    return 0


def seeded_record(state: GameState, seed: int) -> GameRecord:
    """``state``'s game record, its deal naming ``seed`` (the demo shuffles with
    ``random.Random(seed)``, as `new_game` with that seed does; `start` checks it)."""
    record = record_of(state)
    record = attrs.evolve(record, deal=attrs.evolve(record.deal, seed=seed))
    start(record)  # SaveError if the seed does not give this deal
    return record


def write_record(state: GameState, path: str, seed: int | None = None) -> None:
    """Write ``state``'s game record as JSON to ``path`` (``claim demo --record``),
    with the seed of its deal when ``seed`` is given."""
    record = record_of(state) if seed is None else seeded_record(state, seed)
    try:
        with open(path, "w", encoding="utf-8") as file:
            file.write(to_json(record, indent=1) + "\n")
    except OSError as exc:
        raise SaveError(path, f"cannot write the record: {exc.strerror}") from None


def _replay(args: argparse.Namespace) -> int:
    """``claim replay FILE``: print a saved game (record or state) trick by trick."""
    record = load_saved(args.file)
    states = list(replay(record))
    page = None if args.html is None else _html(states, args.seat)
    first, last = states[0], states[-1]
    print(f"{first.variant.title}: {len(record.moves)} moves, first leader seat "
          f"{record.deal.first_leader}" + (f", seed {record.deal.seed}"
                                           if record.deal.seed is not None else ""))
    print("recruit:")
    for line in trick_lines(last.records, first.face_up_cards):
        print(line)
    if last.is_over:
        for line in result_lines(last.result()):
            print(line)
    else:
        print(f"(game not over: seat {last.current_player} to move)")
    if page is not None:
        _write_html(args.html, page)
    return 0


def _html(states: list[GameState], seat: int | None) -> str:
    """``claim replay FILE --html OUT``: the game as a page of pictures (claim.io.svg)."""
    return replay_page(states, REFEREE if seat is None else seat)


def _write_html(path: str, page: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as file:
            file.write(page)
    except OSError as exc:
        raise SaveError(path, f"cannot write the page: {exc.strerror}") from None
    print(f"wrote {path}")


def _variants(args: argparse.Namespace) -> int:
    for name in builtin_variants():
        variant = load_variant(name)
        factions = ", ".join(f.name for f in variant.factions)
        print(f"{name:24} {variant.players}p  {factions}")
    return 0


DESCRIPTION = "A rules engine for the card games Claim and Claim 2."


def parser() -> argparse.ArgumentParser:
    """The command line parser; its help is plain text."""
    top = argparse.ArgumentParser(
        prog="claim", description=DESCRIPTION,
        epilog="'claim COMMAND --help' describes a command's options.",
    )
    top.add_argument("--version", action="version", version=f"claim {__version__}")
    commands = top.add_subparsers(
        dest="command", required=True, metavar="COMMAND", title="commands"
    )
    demo = commands.add_parser(
        "demo", help="play a seeded game between random players",
        description="Play a seeded game between random players and print each trick "
        "and the final votes.",
    )
    demo.add_argument("--variant", default=None,
                      help="a built-in variant name or the path of a YAML file "
                      "(default: claim, or the built-in variant for --players)")
    demo.add_argument("--players", type=int, choices=sorted(DEMO_VARIANTS), default=None,
                      help="play the built-in variant for 3 or 4 players")
    demo.add_argument("--seed", type=int, default=7, help="the shuffle's seed (default: 7)")
    demo.add_argument("--first-leader", type=int, default=0,
                      help="the seat that leads the first trick (default: 0)")
    demo.add_argument("--record", default=None, metavar="FILE",
                      help="also write the game record as JSON to FILE "
                      "(replay it with 'claim replay FILE')")
    demo.set_defaults(run=_demo)
    replaying = commands.add_parser(
        "replay", help="print a saved game trick by trick",
        description="Replay a game record or saved state (JSON, as written by "
        "'claim demo --record' or claim.to_json) and print it trick by trick.")
    replaying.add_argument("file", metavar="FILE", help="the JSON record or state")
    replaying.add_argument("--html", default=None, metavar="OUT",
                           help="also write the game as one HTML page of pictures, "
                           "stepping trick by trick (arrow keys or buttons)")
    replaying.add_argument("--seat", type=int, default=None,
                           help="with --html: the seat whose view is drawn "
                           "(default: the referee's, every card)")
    replaying.set_defaults(run=_replay)
    listing = commands.add_parser("variants", help="list the built-in variants",
                                  description="List the built-in variants.")
    listing.set_defaults(run=_variants)
    cli_tools.register(commands)
    cli_simulate.register(commands)
    cli_play.register(commands)
    cli_tournament.register(commands)
    server_command.register(commands)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Run the `claim` command; returns the exit status."""
    args = parser().parse_args(argv)
    try:
        return int(args.run(args))
    except ClaimError as exc:
        print(f"claim: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader stopped early (`claim demo | head`)
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115  (closing it would fail again)
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
