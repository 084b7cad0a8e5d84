"""One hierarchy of exceptions for everything `claim` refuses.

Every exception derives from [`ClaimError`][] and from the builtin that fits
(``ValueError`` for bad values, ``LookupError`` for unknown names), so callers can
catch either. Messages quote the bad value and say what was expected.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

__all__ = [
    "ClaimError",
    "DealError",
    "GameNotOverError",
    "IllegalMoveError",
    "NotationError",
    "PowerError",
    "UnknownNameError",
    "VariantError",
]


class ClaimError(Exception):
    """Base class of every error raised by `claim`."""


class IllegalMoveError(ClaimError, ValueError):
    """A well-formed move that the rules do not allow in this state.

    Attributes:
        move: The move that was refused.
        reason: Why the rules refuse it, in words.
    """

    def __init__(self, move: object, reason: str) -> None:
        self.move = move
        self.reason = reason
        super().__init__(f"illegal move {str(move)!r}: {reason}")


class NotationError(ClaimError, ValueError):
    """Text that is not a card or a move in `claim`'s notation.

    Attributes:
        text: The text that could not be read.
        reason: What was expected instead.
    """

    def __init__(self, text: str, reason: str) -> None:
        self.text = text
        self.reason = reason
        super().__init__(f"cannot read {text!r}: {reason}")


class VariantError(ClaimError, ValueError):
    """A variant definition (YAML or Python) that breaks the variant rules.

    Attributes:
        reason: What is wrong.
        source: The file (or ``<python>``) the definition came from.
        line: The 1-based line of the offending key, when known.
        key: The dotted key path of the offending value, when known.
    """

    def __init__(
        self,
        reason: str,
        *,
        source: str | None = None,
        line: int | None = None,
        key: str | None = None,
    ) -> None:
        self.reason = reason
        self.source = source
        self.line = line
        self.key = key
        where = source or "<variant>"
        if line is not None:
            where += f":{line}"
        if key:
            where += f": {key}"
        super().__init__(f"{where}: {reason}")


class UnknownNameError(ClaimError, LookupError):
    """A name (variant, faction, power, option) that `claim` does not know.

    Attributes:
        kind: What sort of name it was ("variant", "faction", ...).
        name: The unknown name.
        known: The names that would have been accepted.
        nearest: The known name closest to ``name``, if any is close.
    """

    def __init__(self, kind: str, name: str, known: Iterable[str]) -> None:
        self.kind = kind
        self.name = name
        self.known = tuple(sorted(known))
        close = difflib.get_close_matches(name, self.known, n=1)
        self.nearest = close[0] if close else None
        hint = f"; did you mean {self.nearest!r}?" if self.nearest else ""
        super().__init__(
            f"unknown {kind} {name!r}{hint} (known: {', '.join(self.known) or 'none'})"
        )

    def __str__(self) -> str:
        return str(self.args[0])


class DealError(ClaimError, ValueError):
    """An explicit deal whose cards are not exactly the variant's deck.

    Attributes:
        missing: Notation of deck cards the deal leaves out.
        extra: Notation of dealt cards the deck does not have (or has fewer of).
        reason: The whole explanation.
    """

    def __init__(
        self, reason: str, missing: tuple[str, ...] = (), extra: tuple[str, ...] = ()
    ) -> None:
        self.reason = reason
        self.missing = missing
        self.extra = extra
        super().__init__(reason)


class GameNotOverError(ClaimError, RuntimeError):
    """The result of a game was asked for before the game ended."""


class PowerError(ClaimError, RuntimeError):
    """A faction power's hook returned something the engine cannot carry out.

    The message names the power and the effect. The state the caller holds is
    unchanged: the engine checks every effect before the new state is built.

    Attributes:
        power: The faction whose power misbehaved ("" when unknown).
        effect: The offending effect or value, if any.
    """

    def __init__(self, message: str, power: str = "", effect: object = None) -> None:
        super().__init__(message)
        self.power = power
        self.effect = effect
