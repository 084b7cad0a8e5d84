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
import difflib
import inspect
from collections.abc import Callable
from typing import Any

from claim.apps.cli_common import add_run_arguments, checked_run
from claim.apps.cli_simulate import add_quiet, progress
from claim.apps.simulate import Summary, simulate
from claim.core.errors import ClaimError, UnknownNameError
from claim.search import bots as _bots
from claim.search.bots.ismcts import IsmctsBot
from claim.search.bots.pimc import PimcBot

__all__ = ["bot_spec", "register", "shown_name", "tournament_lines"]

_TYPED: dict[str, str] = {}
"""The registry name `bot_spec` gave each bot with options -> the text typed."""


def _classes() -> dict[str, Callable[..., _bots.Bot]]:
    return {"ismcts": IsmctsBot, "pimc": PimcBot}


def register(commands: Any) -> None:
    """Add ``tournament`` to the ``claim`` command's subparsers."""
    tour = commands.add_parser(
        "tournament", help="play bots against each other and print their win rates",
        description="Play GAMES games of VARIANT between bots (seats rotated every game) "
        "and print each bot's win rate with a 95% interval. Budgets: "
        "ismcts:iterations=30, ismcts:seconds=0.1, pimc:samples=4+rollouts=1.")
    tour.add_argument("variant", metavar="VARIANT", help="a built-in variant or YAML file")
    add_run_arguments(tour, "games to play", "; a search bot may carry a budget, "
                      "ismcts:iterations=30")
    add_quiet(tour)
    tour.set_defaults(run=_tournament)


def bot_spec(text: str) -> str:
    """Register the bot ``text`` names (``name`` or ``name:key=value+...``) and
    return its registry name (`shown_name` gives back ``text``).

    Raises:
        UnknownNameError: An option the bot does not take (the error lists those it
            takes).
        ClaimError: Options given to a bot that takes none, or a bad option value.
    """
    name, _, options = text.partition(":")
    if not options:
        return name
    factory = _classes().get(name)
    if factory is None:
        raise ClaimError(f"--bots {text}: only ismcts and pimc take options "
                         "(ismcts:iterations=30, pimc:samples=4+rollouts=1)")
    kwargs = _options(text, name, options, factory)
    try:
        factory(**kwargs)
    except (TypeError, ValueError) as exc:  # ArgumentError is a TypeError
        raise ClaimError(f"--bots {text}: {exc}") from None
    label = name + "-" + "-".join(f"{k}{v}".replace(".", "_") for k, v in kwargs.items())
    _bots.register(label, lambda: factory(**kwargs), replace=True)
    _TYPED[label] = text
    return label


def _options(text: str, name: str, options: str, factory: Callable[..., _bots.Bot]
             ) -> dict[str, float | int]:
    """The keyword arguments ``key=number+...`` give the bot ``name``."""
    known = [p for p in inspect.signature(factory).parameters if p != "self"]
    kwargs: dict[str, float | int] = {}
    for item in options.split("+"):
        key, _, value = item.partition("=")
        if key not in known:
            close = difflib.get_close_matches(key, known, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise UnknownNameError(
                f"option of {name}", key, known,
                message=f"--bots {text}: {name} has no option {key!r}{hint} (its options: "
                f"{', '.join(known)})")
        try:
            kwargs[key] = float(value) if "." in value else int(value)
        except ValueError:
            raise ClaimError(f"--bots {text}: {key} must be a number, as {key}=30, "
                             f"not {value!r}") from None
    return kwargs


def shown_name(label: str) -> str:
    """A bot's name as the user typed it (``ismcts:seconds=0.05``), from its registry
    name (``ismcts-seconds0_05``); other names are returned as they are."""
    return _TYPED.get(label, label)


def tournament_lines(summary: Summary) -> list[str]:
    """The tournament's table: per bot its win rate, then draws and seats."""
    v = summary.variants[0]
    out = [f"{v.variant}: {v.games} games, seed {summary.seed}, seats rotated; "
           "win rates with 95% Wilson intervals"]
    out += [f"  {shown_name(label):28} {rate}" for label, rate in v.bots]
    out.append(f"  {'draws':28} {v.draws}")
    out += [f"  {'seat ' + str(seat):28} {rate}" for seat, rate in enumerate(v.seats)]
    return out


def _tournament(args: argparse.Namespace) -> int:
    lineup = [bot_spec(text.strip()) for text in args.bots.split(",")]
    variants = checked_run(args.variant, lineup, args.bots, args.games)
    with progress(args.games, args.quiet) as tick:
        summary = simulate(variants, lineup, args.games, args.seed, workers=args.workers,
                           progress=tick)
    for line in tournament_lines(summary):
        print(line)
    return 0
