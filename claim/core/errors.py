"""One hierarchy of exceptions for everything `claim` refuses.

Every exception derives from [`ClaimError`][] and from the builtin that fits
(``ValueError`` for bad values, ``LookupError`` for unknown names), so callers can
catch either. Messages quote the bad value and say what was expected.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

__all__ = [
    "ActionError",
    "ArgumentError",
    "ClaimError",
    "DealError",
    "GameNotOverError",
    "IllegalMoveError",
    "NotationError",
    "PowerError",
    "RegistryError",
    "SaveError",
    "SeatError",
    "UnknownNameError",
    "VariantError",
    "ViewError",
]


QUOTE_LIMIT = 160
"""The most characters of a bad input an error message quotes."""


def shorten(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, marked with ``...`` when cut."""
    if len(text) <= limit:
        return text
    return text[:limit] + f"... ({len(text)} characters)"


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """A short ``repr`` of ``value`` for an error message (a prefix when long).

    Never fails: an object whose ``repr`` raises is shown by its type name. Large
    strings are cut before ``repr`` so that quoting costs no time.
    """
    if isinstance(value, str) and len(value) > limit:
        return repr(value[:limit]) + f"... ({len(value)} characters)"
    try:
        text = repr(value)
    except Exception:  # a foreign object's broken __repr__
        return f"<{type(value).__name__} object>"
    return shorten(text, limit)


class ClaimError(Exception):
    """Base class of every error raised by `claim`."""


class ArgumentError(ClaimError, TypeError):
    """An argument of a type `claim` does not accept (a public function or method).

    Attributes:
        name: The parameter's name.
        value: The value given.
        expected: What the parameter accepts, in words.
    """

    def __init__(self, name: str, value: object, expected: str) -> None:
        self.name = name
        self.value = value
        self.expected = expected
        super().__init__(
            f"{name} must be {expected}, not {type(value).__name__} {quote(value)}"
        )


class SeatError(ClaimError, IndexError):
    """A seat number that is not a seat of the game (seats are 0 to players - 1).

    Attributes:
        seat: The value given.
        players: The number of seats.
    """

    def __init__(self, seat: object, players: int) -> None:
        self.seat = seat
        self.players = players
        super().__init__(f"seat must be an int from 0 to {players - 1}, not {quote(seat)}")


class RegistryError(ClaimError, ValueError):
    """A power that cannot be registered (its name is taken, or it is not a power)."""


class IllegalMoveError(ClaimError, ValueError):
    """A well-formed move that the rules do not allow in this state.

    Attributes:
        move: The move that was refused.
        reason: Why the rules refuse it, in words.
    """

    def __init__(self, move: object, reason: str) -> None:
        self.move = move
        self.reason = reason
        try:
            shown = shorten(str(move))
        except Exception:  # a foreign object's broken __str__
            shown = f"<{type(move).__name__} object>"
        super().__init__(f"illegal move {shown!r}: {reason}")


class NotationError(ClaimError, ValueError):
    """Text that is not a card or a move in `claim`'s notation.

    Attributes:
        text: The text that could not be read.
        reason: What was expected instead.
    """

    def __init__(self, text: str, reason: str) -> None:
        self.text = text
        self.reason = reason
        super().__init__(f"cannot read {quote(text)}: {reason}")


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

    ``message`` replaces the standard message (``claim.load_variant``: a path that
    names no file).
    """

    def __init__(self, kind: str, name: str, known: Iterable[str], *,
                 message: str | None = None) -> None:
        self.kind = kind
        self.name = name
        self.known = tuple(sorted(known))
        short = isinstance(name, str) and len(name) <= QUOTE_LIMIT
        close = difflib.get_close_matches(name, self.known, n=1) if short else []
        self.nearest = close[0] if close else None
        hint = f"; did you mean {self.nearest!r}?" if self.nearest else ""
        super().__init__(message or (
            f"unknown {kind} {quote(name)}{hint} (known: {_listing(self.known)})"
        ))

    def __str__(self) -> str:
        return str(self.args[0])


def _listing(names: tuple[str, ...], budget: int = 160) -> str:
    """``names`` joined by commas, cut after about ``budget`` characters ("and 9 more"):
    a message stays short however many names a catalog holds (``known`` has them all)."""
    shown: list[str] = []
    used = 0
    for name in names:
        if shown and used + len(name) > budget:
            return f"{', '.join(shown)}, and {len(names) - len(shown)} more"
        shown.append(name)
        used += len(name) + 2
    return ", ".join(shown) or "none"


class DealError(ClaimError, ValueError):
    """An explicit deal whose cards are not exactly the variant's deck.

    Attributes:
        missing: Notation of deck cards the deal leaves out.
        extra: Notation of dealt cards the deck does not have (or has fewer of).
        reason: The whole explanation.
        field: The argument (or record field) at fault when it is a hidden part of
            the deal (``"set_aside['set aside']"``, ``"hidden['tricksters']"``,
            E30, E33); "" otherwise.
    """

    def __init__(
        self, reason: str, missing: tuple[str, ...] = (), extra: tuple[str, ...] = (),
        field: str = "",
    ) -> None:
        self.reason = reason
        self.missing = missing
        self.extra = extra
        self.field = field
        super().__init__(f"{field}: {reason}" if field else reason)


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


class SaveError(ClaimError, ValueError):
    """A saved document (JSON state, record or move) that cannot be loaded.

    Nothing is loaded when it is raised: the loader builds the whole state first.

    Attributes:
        path: Where in the document the bad value is, as a JSON path
            (``$.record.moves[12]``, ``$.snapshot.hands[1]``).
        reason: What is wrong, quoting the bad value.
    """

    def __init__(self, path: str, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(f"{path}: {reason}")


class ActionError(ClaimError, ValueError):
    """An action id out of range, or a move that has no action id in a variant.

    Attributes:
        value: The id or move given.
        variant: The variant's name.
    """

    def __init__(self, value: object, variant: str, reason: str) -> None:
        self.value = value
        self.variant = variant
        super().__init__(f"{quote(value)} in {variant!r}: {reason}")
class ViewError(ClaimError, ValueError):
    """A view document that cannot be read, or a view that cannot be sampled from.

    Attributes:
        field: The offending field (``"history[3].move"``), or ``""``.
        reason: What is wrong.
    """

    def __init__(self, field: str, reason: str) -> None:
        self.field = field
        self.reason = reason
        super().__init__(f"{field}: {reason}" if field else reason)
