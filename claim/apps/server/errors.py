"""What the server refuses: one `ClaimError` subclass per kind of bad input.

Each error carries ``code``, the word a client receives in an error message
(``{"type": "error", "code": "not_your_turn", "message": ...}``), so a program can
tell the cases apart without reading the text. The library's own errors
(`IllegalMoveError`, `NotationError`, `ActionError`, `VariantError`) reach the client
as they are, with their own messages and the codes of `code_of`.
"""

from __future__ import annotations

from claim.core.errors import (
    ActionError,
    ClaimError,
    IllegalMoveError,
    NotationError,
    VariantError,
)

__all__ = [
    "DatabaseRefusedError",
    "GameOverError",
    "MessageError",
    "NotYourTurnError",
    "RateLimitError",
    "ServerError",
    "TableError",
    "TokenError",
    "TooLargeError",
    "VariantRejectedError",
    "code_of",
]


class ServerError(ClaimError):
    """Base class of what the server refuses; ``code`` names the case on the wire."""

    code = "error"


class DatabaseRefusedError(ServerError):
    """The ``--db`` file is not a claim server database, or comes from a newer server.

    The file is left as it is: nothing is written to it.
    """

    code = "database_refused"


class TokenError(ServerError):
    """A seat token that opens no seat of the table (forged, mistyped or stale)."""

    code = "bad_token"


class TableError(ServerError):
    """A table that does not exist, or a table request that cannot be met."""

    code = "bad_table"


class VariantRejectedError(ServerError):
    """An uploaded YAML variant that fails ``claim validate``'s checks.

    Attributes:
        errors: Every error found, each naming the line and key.
    """

    code = "bad_variant"

    def __init__(self, errors: list[VariantError]) -> None:
        self.errors = errors
        super().__init__("; ".join(str(error) for error in errors))


class MessageError(ServerError):
    """A client message that is not JSON, too long, or not one the server reads."""

    code = "malformed"


class TooLargeError(MessageError):
    """A message, request body or uploaded variant over the server's bound."""

    code = "too_large"


class NotYourTurnError(ServerError):
    """A move from a seat whose turn it is not (or from a spectator)."""

    code = "not_your_turn"


class GameOverError(ServerError):
    """A move for a game that is already over."""

    code = "game_over"


class RateLimitError(ServerError):
    """More messages from one connection than the server reads per second."""

    code = "rate_limited"


_LIBRARY_CODES: tuple[tuple[type[ClaimError], str], ...] = (
    (IllegalMoveError, "illegal_move"),
    (NotationError, "bad_notation"),
    (ActionError, "bad_action"),
    (VariantError, "bad_variant"),
)


def code_of(error: ClaimError) -> str:
    """The wire code of ``error``: the server's own, or one per library error kind."""
    if isinstance(error, ServerError):
        return error.code
    for kind, code in _LIBRARY_CODES:
        if isinstance(error, kind):
            return code
    return "refused"
