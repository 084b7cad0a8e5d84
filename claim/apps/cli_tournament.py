"""``claim tournament VARIANT --bots a,b[,c,d] --games N --seed S``: bots against bots.

A thin front to [`claim.apps.simulate`][claim.apps.simulate] (seats rotated every game, 95%
Wilson intervals) that prints each bot's win rate, draws and the seats' rates. A bot
may carry its budget after a colon, ``ismcts:iterations=30`` or
``pimc:samples=4,rollouts=1`` (commas inside a bot's options are written ``+``:
``pimc:samples=4+rollouts=1``); such a bot is registered for the run under a name
of its own (``ismcts-iterations30``), which forked local workers inherit.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from claim.apps.cli_simulate import add_run_arguments
from claim.apps.simulate import Summary, simulate
from claim.core.errors import ArgumentError
from claim.search import bots as _bots
from claim.search.bots.ismcts import IsmctsBot
from claim.search.bots.pimc import PimcBot

__all__ = ["bot_spec", "register", "tournament_lines"]


def _classes() -> dict[str, Callable[..., _bots.Bot]]:
    return {"ismcts": IsmctsBot, "pimc": PimcBot}


def register(commands: Any) -> None:
    """Add ``tournament`` to the ``claim`` command's subparsers."""
    tour = commands.add_parser(
        "tournament", help="play bots against each other and print their win rates",
        description="Play GAMES games of VARIANT between bots (seats rotated every game) "
        "and print each bot's win rate with a 95%% interval. Budgets: "
        "ismcts:iterations=30, pimc:samples=4+rollouts=1.")
    tour.add_argument("variant", metavar="VARIANT", help="a built-in variant or YAML file")
    add_run_arguments(tour, "games to play")
    tour.set_defaults(run=_tournament)


def bot_spec(text: str) -> str:
    """Register the bot ``text`` names (``name`` or ``name:key=value+...``) and
    return its registry name.

    Raises:
        ArgumentError: Options given to a bot that takes none, or a bad option.
    """
    name, _, options = text.partition(":")
    if not options:
        return name
    factory = _classes().get(name)
    if factory is None:
        raise ArgumentError("bots", text, "options only for ismcts or pimc")
    kwargs: dict[str, float | int] = {}
    for item in options.split("+"):
        key, _, value = item.partition("=")
        try:
            kwargs[key] = float(value) if "." in value else int(value)
        except ValueError:
            raise ArgumentError("bots", text, "options as key=number") from None
    try:
        factory(**kwargs)
    except TypeError as exc:
        raise ArgumentError("bots", text, f"known options ({exc})") from None
    label = name + "-" + "-".join(f"{k}{v}".replace(".", "_") for k, v in kwargs.items())
    _bots.register(label, lambda: factory(**kwargs), replace=True)
    return label


def tournament_lines(summary: Summary) -> list[str]:
    """The tournament's table: per bot its win rate, then draws and seats."""
    v = summary.variants[0]
    out = [f"{v.variant}: {v.games} games, seed {summary.seed}, seats rotated; "
           "win rates with 95% Wilson intervals"]
    out += [f"  {label:28} {rate}" for label, rate in v.bots]
    out.append(f"  {'draws':28} {v.draws}")
    out += [f"  {'seat ' + str(seat):28} {rate}" for seat, rate in enumerate(v.seats)]
    return out


def _tournament(args: argparse.Namespace) -> int:
    lineup = [bot_spec(text) for text in args.bots.split(",")]
    summary = simulate(args.variant, lineup, args.games, args.seed, workers=args.workers)
    for line in tournament_lines(summary):
        print(line)
    return 0
