"""``claim play [VARIANT] --seat N --bots random,...``: play a game against bots.

The person at ``--seat`` sees only their seat's [`View`][claim.rules.views.View] (drawn
by [`claim.apps.play_screen`][claim.apps.play_screen]); the other seats are bots from
[`claim.search.bots`][claim.search.bots], one name per other seat (or one name for all). Moves
are typed by number from the menu or in notation (``Kn7``, ``take top``,
``smash Gn5@1``); ``undo``, ``hint``, ``save FILE``, ``help`` and ``quit`` are
commands. Ctrl-C or the end of input saves the game (to ``--record``, else the
``--resume`` file, else ``claim-game.json`` or, when that file exists,
``claim-game-2.json``, ...) and exits: status 130 after Ctrl-C, 0 otherwise.

All printing and reading goes through a [`Console`][claim.apps.cli_console.Console]
whose ``read`` and ``write`` can be replaced, so the loop is testable without a
terminal. With ``rich`` installed (the ``play`` extra) and a terminal, the screen
is drawn in a panel and bots think behind a spinner; ``--plain`` (or no ``rich``)
prints plain text for screen readers.
"""

from __future__ import annotations

import argparse
import os
import random
from typing import Any

import attrs

from claim.apps.cli_common import DEFAULT_BOTS, load_saved, positive_seconds
from claim.apps.cli_console import Console, make_console
from claim.apps.cli_tournament import bot_spec, shown_name
from claim.apps.play_screen import describe, menu_lines, screen_lines, wrap
from claim.core.cards import MaskedCard
from claim.core.errors import ClaimError
from claim.core.moves import Move, PlayCard
from claim.core.records import PhaseStarted, TrickCompleted
from claim.io.gamerecord import record_of, replay
from claim.io.serialize import to_json
from claim.io.text import result_lines
from claim.rules.dealing import new_game
from claim.rules.loading import load_variant
from claim.rules.notation import parse_move
from claim.rules.state import GameState
from claim.search import bots as _bots

__all__ = ["DEFAULT_SAVE", "Console", "Session", "register", "run"]

DEFAULT_SAVE = "claim-game.json"
"""Where Ctrl-C or the end of input saves a new game when ``--record`` is not given
(`free_save_path`: never over an existing file)."""

HINT_ORDER = ("ismcts", "heuristic", "random")
"""The bots ``hint`` asks, strongest first; the first one registered is used."""

HELP = ("Type a move's number, or the move as the menu writes it (a card, or an "
        "answer such as 'take top'), or: undo, hint, save FILE, help, quit.")
"""The help line. It names no card: the screen shows only cards the seat may see."""


def strongest_bot() -> str:
    """The name of the strongest registered bot (see `HINT_ORDER`)."""
    known = _bots.names()
    return next((name for name in HINT_ORDER if name in known), known[0])


class _Quit(Exception):
    """The player typed ``quit``."""


@attrs.define
class Session:
    """One game between a person at ``seat`` and bots at the other seats.

    Attributes:
        state: The game as it stands (never shown: only its view for ``seat``).
        seat: The person's seat.
        bots: Per seat, the bot's name (None at the person's seat).
        seed: The seed bots draw from, with the move number (deterministic).
        console: Where the game reads and writes.
        save_path: Where Ctrl-C and the end of input save the game.
        record_path: Where the record is written at the end, if anywhere.
        marks: The states at the person's decisions so far, for ``undo``.
    """

    state: GameState
    seat: int
    bots: list[str | None]
    seed: int
    console: Console
    save_path: str = DEFAULT_SAVE
    record_path: str | None = None
    marks: list[GameState] = attrs.Factory(list)

    def say(self, text: str) -> None:
        """Write ``text`` wrapped to the screen's width."""
        for line in wrap(text, width=self.console.width):
            self.console.write(line)

    def rng(self) -> random.Random:
        """The generator for the decision at the current position (same every time)."""
        return random.Random(f"{self.seed}/{len(self.state.records)}")

    def play(self) -> None:
        """Play until the game is over, then show every hand and the votes."""
        while not self.state.is_over:
            if self.state.current_player == self.seat:
                self.human_turn()
            else:
                self.bot_turn()
        self.finish()

    def bot_turn(self) -> None:
        """The bot to move chooses (behind a thinking indicator) and plays."""
        seat = self.state.current_player
        assert seat is not None
        name = self.bots[seat] or "random"
        view = self.state.view(seat)
        with self.console.thinking(f"seat {seat} ({shown_name(name)})"):
            move = _bots.play(_bots.get(name), view, self.rng(), name)
        self.apply(seat, move)

    def apply(self, seat: int, move: Move) -> None:
        """Play ``move`` and say what it did, as the person's view tells it."""
        self.state = self.state.apply(move)
        record = self.state.view(self.seat).history[-1]
        said = "; ".join(filter(None, map(describe, record.events)))
        who = f"you (seat {seat})" if seat == self.seat else f"seat {seat}"
        verb = "play" if seat == self.seat else "plays"
        text = f"{who} {verb} {move}" if isinstance(move, PlayCard) else f"{who}: {move}"
        for line in wrap(text + (f" -> {said}" if said else ""), width=self.console.width):
            self.console.write(line)

    def human_turn(self) -> None:
        """Show the screen and read entries until a move is played or undone."""
        if not self.marks or self.marks[-1] is not self.state:
            self.marks.append(self.state)
        view = self.state.view(self.seat)
        self.console.screen(f"{view.variant.title}: seat {self.seat}",
                            screen_lines(view, self.console.width))
        while True:
            entry = self.console.read("your move> ").strip()
            outcome = self.entry(entry)
            if outcome is True:
                return
            if outcome is not False:
                self.apply(self.seat, outcome)
                return

    def entry(self, text: str) -> Move | bool:
        """What an entry does: a legal move to play, True (undone) or False (ask again)."""
        word, _, rest = text.partition(" ")
        if word.lower() in ("", "help", "?"):
            self.say(HELP)
            return False
        if word.lower() in ("quit", "exit"):
            raise _Quit
        if word.lower() == "undo":
            return self.undo()
        if word.lower() == "hint":
            self.hint()
            return False
        if word.lower() == "save":
            self.save(rest.strip() or self.save_path)
            return False
        return self.move_of(text)

    def move_of(self, text: str) -> Move | bool:
        """The legal move an entry names, or False after explaining why not."""
        legal = self.state.legal_moves()
        try:
            if text.isdigit():
                number = int(text)
                if not 1 <= number <= len(legal):
                    raise ClaimError(f"there is no move {number}: choose 1 to {len(legal)}")
                return legal[number - 1]
            move = parse_move(text, self.state.variant)
            self.state.check(move)
            return move
        except ClaimError as exc:
            self.say(f"Not played: {exc}")
        self.console.write("Legal moves:")
        for line in menu_lines(legal, self.console.width):
            self.console.write(line)
        return False

    def undo(self) -> bool:
        """Go back to the person's previous decision; True if the game went back."""
        if len(self.marks) < 2:
            self.console.write("Nothing to undo: this is your first decision.")
            return False
        self.marks.pop()
        self.state = self.marks[-1]
        self.console.write("Undone: back to your previous decision.")
        return True

    def hint(self) -> None:
        """Say what the strongest registered bot would play here."""
        name = strongest_bot()
        view = self.state.view(self.seat)
        move = _bots.play(_bots.get(name), view, self.rng(), name)
        number = view.legal_moves.index(move) + 1
        self.console.write(f"Hint ({name}): {move} (number {number})")

    def save(self, path: str) -> None:
        """Write the game record as JSON to ``path`` and say so."""
        try:
            with open(path, "w", encoding="utf-8") as file:
                file.write(to_json(record_of(self.state), indent=1) + "\n")
        except OSError as exc:
            self.say(f"Could not save to {path}: {exc.strerror}")
            return
        self.say(f"Saved the game to {path} (resume: claim play --resume {path})")

    def finish(self) -> None:
        """The end: the final screen, every hand as played, the votes, the record."""
        view = self.state.view(self.seat)
        self.console.screen(f"{view.variant.title}: the end",
                            screen_lines(view, self.console.width))
        self.console.write("All hands, as played:")
        for line in played_lines(self.state):
            self.console.write(line)
        for line in result_lines(self.state.result()):
            self.console.write(line)
        if self.record_path is not None:
            self.save(self.record_path)


def played_lines(state: GameState) -> list[str]:
    """Per phase and seat, the cards the seat played (once the game is over): a
    masked card played by its class (E28) shows the value its trick revealed."""
    phases: list[dict[int, list[str]]] = [{}]
    masked: list[tuple[int, int]] = []  # (seat, index) of class moves in this trick
    for record in state.records:
        if isinstance(record.move, PlayCard):
            played = phases[-1].setdefault(record.seat, [])
            if isinstance(record.move.card, MaskedCard):
                masked.append((record.seat, len(played)))
            played.append(str(record.move.card))
        for event in record.events:
            if isinstance(event, TrickCompleted):
                cards = dict(event.plays)
                for seat, index in masked:
                    phases[-1][seat][index] = str(cards[seat])
                masked = []
        if any(isinstance(e, PhaseStarted) for e in record.events):
            phases.append({})
            masked = []  # a trick abandoned at the phase's end shows as played (E43)
    lines = []
    for number, by_seat in enumerate(phases, 1):
        for seat in sorted(by_seat):
            lines.append(f"  phase {number}, seat {seat}: {' '.join(by_seat[seat])}")
    return lines


def _bot_names(text: str, players: int, seat: int, think: float | None = None
               ) -> list[str | None]:
    """Per seat, the bot playing it: one name per other seat, or one for all.

    A name may carry a search bot's budget (``ismcts:seconds=0.5``, as for
    ``claim tournament``); ``think`` gives every ``ismcts`` bot without one a time
    budget in seconds.
    """
    names = [name.strip() for name in text.split(",") if name.strip()]
    if think is not None:
        names = [f"{n}:seconds={float(think)}" if n == "ismcts" else n for n in names]
    names = [bot_spec(name) for name in names]
    others = [s for s in range(players) if s != seat]
    if len(names) == 1:
        names = names * len(others)
    if len(names) != len(others):
        needs = "1 name" if len(others) == 1 else f"1 or {len(others)} names"
        raise ClaimError(f"--bots {text}: needs {needs} (one per other seat, or one for "
                         f"all), not {len(names)}")
    for name in names:
        _bots.get(name)  # raises UnknownNameError, listing the known bots
    out: list[str | None] = [None] * players
    for other, name in zip(others, names):
        out[other] = name
    return out


def free_save_path(name: str = DEFAULT_SAVE) -> str:
    """``name``, or when that file exists ``claim-game-2.json``, ``-3``, ...: the
    first name no file has, so an earlier game is never overwritten."""
    stem, dot, suffix = name.rpartition(".")
    number = 1
    while os.path.lexists(name):
        number += 1
        name = f"{stem}-{number}{dot}{suffix}"
    return name


def start(args: argparse.Namespace, console: Console) -> Session:
    """The session the command line asks for: a new game, or one resumed."""
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    if args.resume is not None:
        record = load_saved(args.resume)
        if args.seed is None and record.deal.seed is not None:
            seed = record.deal.seed
        states = list(replay(record))
        state = states[-1]
    else:
        state = new_game(load_variant(args.variant), seed=seed)
        states = [state]
    players = state.variant.players
    if not 0 <= args.seat < players:
        raise ClaimError(f"--seat must be a seat from 0 to {players - 1}, not {args.seat}")
    session = Session(state, args.seat,
                      _bot_names(args.bots, players, args.seat, args.think), seed,
                      console, args.record or args.resume or free_save_path(), args.record)
    session.marks = [s for s in states if s.current_player == args.seat]
    session.say(f"{state.variant.title}, {players} players, seed {seed}: you are seat "
                f"{args.seat}; " + ", ".join(f"seat {s}: {shown_name(n)}" for s, n in
                                             enumerate(session.bots) if n))
    session.say(HELP)
    return session


def run(args: argparse.Namespace, console: Console | None = None) -> int:
    """``claim play``: 0 at the end, after ``quit`` or end of input; 130 after Ctrl-C."""
    console = console or make_console(args.plain)
    session = start(args, console)
    try:
        session.play()
    except KeyboardInterrupt:
        console.write("")
        console.write("Interrupted.")
        session.save(session.save_path)
        return 130
    except (EOFError, _Quit):
        console.write("")
        session.save(session.save_path)
    return 0


def register(commands: Any) -> None:
    """Add ``play`` to the ``claim`` command's subparsers."""
    play = commands.add_parser(
        "play", help="play a game against bots in the terminal",
        description="Play a game at one seat against bots, seeing only what your seat "
        "may see. " + HELP + " Ctrl-C or end of input saves the game and exits "
        "(status 130 after Ctrl-C, else 0).")
    play.add_argument("variant", nargs="?", default="claim", metavar="VARIANT",
                      help="a built-in variant name or a YAML file (default: claim)")
    play.add_argument("--seat", type=int, default=0, help="your seat (default: 0)")
    play.add_argument("--bots", default=DEFAULT_BOTS, help="comma-separated bot names, one "
                      "per other seat or one for all; a search bot may carry a budget, "
                      f"ismcts:seconds=0.5 (default: {DEFAULT_BOTS} at every other seat; "
                      f"known: {', '.join(_bots.names())})")
    play.add_argument("--seed", type=int, default=None,
                      help="the shuffle's and the bots' seed (default: a random one)")
    play.add_argument("--think", type=positive_seconds, default=None, metavar="SECONDS",
                      help="time budget per move of each ismcts bot (a bot's own "
                      "budget can also be written as ismcts:seconds=0.5); with a time "
                      "budget a bot's choices depend on the machine's speed")
    play.add_argument("--plain", action="store_true",
                      help="plain text only (no colour, panels or spinner)")
    play.add_argument("--resume", default=None, metavar="FILE",
                      help="continue the game saved in FILE")
    play.add_argument("--record", default=None, metavar="FILE",
                      help="write the game record to FILE at the end (and save there "
                      "on Ctrl-C; default: the --resume file, else "
                      f"{DEFAULT_SAVE} or, if that exists, the next free claim-game-N.json)")
    play.set_defaults(run=run)
