"""What the ``claim`` subcommands share: option checkers and reading a saved game.

The checkers are ``argparse`` types: a bad value stops the command before anything
runs with ``claim COMMAND: error: argument --games: ...``, naming the option and
the text typed (never a traceback). ``simulate`` and ``tournament`` share
[`add_run_arguments`][claim.apps.cli_common.add_run_arguments]; ``play`` uses
[`positive_seconds`][claim.apps.cli_common.positive_seconds] for ``--think``.
``claim replay FILE`` and ``claim play --resume FILE`` read the game with
[`load_saved`][claim.apps.cli_common.load_saved], whose errors name the file.
"""

from __future__ import annotations

import argparse
import math
from typing import Any

from claim.apps.simulate import prepare
from claim.core.errors import ArgumentError, ClaimError
from claim.io.gamerecord import GameRecord, record_of
from claim.io.serialize import from_json
from claim.rules.state import GameState
from claim.search import bots as _bots

__all__ = ["DEFAULT_BOTS", "add_run_arguments", "checked_run", "load_saved", "positive_int",
           "positive_seconds"]

MAX_SAVE_BYTES = 8_000_000
"""The most bytes read from a saved game (`claim.io.serialize` refuses longer documents)."""

DEFAULT_BOTS = "random"
"""The bots of ``simulate``, ``tournament`` and ``play`` when ``--bots`` is not given:
``random`` at every seat."""


def positive_int(text: str) -> int:
    """A whole number of 1 or more (``--games``, ``--workers``, ``--batch-size``).

    Raises:
        argparse.ArgumentTypeError: ``text`` is not such a number.
    """
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"must be a whole number of 1 or more, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


def positive_seconds(text: str) -> float:
    """A finite number of seconds above 0 (``--think``, ``--connect-timeout``).

    Raises:
        argparse.ArgumentTypeError: ``text`` is not such a number.
    """
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"must be a number of seconds above 0, not {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(
            f"must be a number of seconds above 0, not {text}")
    return value


def add_run_arguments(parser: Any, games_help: str, bots_note: str = "") -> None:
    """The arguments `simulate` and `tournament` share: bots, games, seed, workers.

    Args:
        parser: The subcommand's parser.
        games_help: The help of ``--games``.
        bots_note: Added to the help of ``--bots``.
    """
    parser.add_argument(
        "--bots", default=DEFAULT_BOTS,
        help=f"comma-separated bot names, one per seat or a divisor of the seats{bots_note} "
        f"(default: {DEFAULT_BOTS} at every seat; known: {', '.join(_bots.names())})")
    parser.add_argument("--games", type=positive_int, required=True, help=games_help)
    parser.add_argument("--seed", type=int, default=0, help="the run's seed (default: 0)")
    parser.add_argument("--workers", type=positive_int, default=None,
                        help="local worker processes (default: every core)")


def load_saved(path: str) -> GameRecord:
    """The game record saved in the file ``path`` (a record or a state, as JSON).

    Raises:
        ClaimError: The file cannot be read or holds no game; the message starts
            with ``path`` (and the JSON path inside it, when one is at fault).
    """
    try:
        with open(path, "rb") as file:
            text = file.read(MAX_SAVE_BYTES)
    except OSError as exc:
        raise ClaimError(f"{path}: cannot read the file: {exc.strerror}") from None
    try:
        loaded = from_json(text)
    except ClaimError as exc:
        raise ClaimError(f"{path}: {exc}") from None
    if isinstance(loaded, GameState):
        return record_of(loaded)
    if not isinstance(loaded, GameRecord):
        raise ClaimError(f"{path}: holds a move, not a game: give a game record or a state "
                         "(as 'claim demo --record' or 'save FILE' in 'claim play' write)")
    return loaded


def checked_run(variants: Any, bots: list[str], text: str, games: int) -> list[Any]:
    """`claim.apps.simulate.prepare` for a command line: the loaded variants, a lineup
    that does not fit the seats refused naming ``--bots`` as typed (``text``)."""
    try:
        return prepare(variants, bots, games)[0]
    except ArgumentError as exc:
        if exc.name != "bots":
            raise
        raise ClaimError(f"--bots {text}: {len(bots)} bots do not fit: give "
                         f"{exc.expected}") from None
