"""The terminal of ``claim play``: a `Console` that reads and writes plain text, or
draws panels and spinners with ``rich`` when it is installed (the ``play`` extra)
and the output is a terminal. Re-exported by `claim.apps.cli_play`."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from typing import Any

import attrs

from claim.apps.play_screen import WIDTH

__all__ = ["Console", "make_console"]

PANEL_FRAME = 4
"""Columns a rich panel takes around its text: a border and a space on each side."""

MIN_WIDTH = 40
"""The narrowest text the rich screen lays out, however narrow the terminal."""


@attrs.define
class Console:
    """Where the game reads and writes: plain text, or ``rich`` when available.

    Attributes:
        read: Shows a prompt and returns one line (raises EOFError at the end).
        write: Prints one line.
        rich: A ``rich.console.Console`` to draw panels and spinners, or None.
    """

    read: Callable[[str], str] = input
    write: Callable[[str], None] = print
    rich: Any = None

    @property
    def width(self) -> int:
        """The width of a line of text: `WIDTH`, or inside a rich panel as wide as
        the terminal (its border and padding take 4 columns)."""
        if self.rich is None:
            return WIDTH
        return max(MIN_WIDTH, int(self.rich.width) - PANEL_FRAME)

    def screen(self, title: str, lines: list[str]) -> None:
        """Print a screen (lines at most `width` long): in a rich panel, or as plain
        lines."""
        if self.rich is None:
            for line in lines:
                self.write(line)
            return
        from rich.panel import Panel
        from rich.text import Text

        self.rich.print(Panel(Text("\n".join(lines[3:])), title=title,
                              width=self.width + PANEL_FRAME))

    @contextlib.contextmanager
    def thinking(self, who: str) -> Iterator[None]:
        """Show that ``who`` is thinking while the block runs."""
        if self.rich is None:
            self.write(f"{who} is thinking...")
            yield
        else:
            with self.rich.status(f"{who} is thinking..."):
                yield


def make_console(plain: bool) -> Console:
    """A console on the terminal: rich unless ``plain``, rich is missing, or no tty."""
    if plain or not sys.stdout.isatty():
        return Console()
    try:
        from rich.console import Console as RichConsole
    except ImportError:
        return Console()
    return Console(rich=RichConsole(highlight=False))  # as wide as the terminal
