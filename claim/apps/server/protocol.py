"""The messages between the server and its clients, as pure functions of the game.

Every message is one JSON object in a WebSocket text frame, with a ``"type"``.

From a client:

* ``{"type": "hello", "token": "..."}`` first: the seat (or spectator) token of the
  invite link. The server answers with a view, or closes the socket with a reason.
* ``{"type": "move", "move": "Kn7"}`` (notation, as ``claim.parse_move`` reads it)
  or ``{"type": "move", "action": 15}`` (an action id, as ``claim.action_move``
  reads it).
* ``{"type": "ping"}``: answered with ``{"type": "pong"}``.

From the server:

* ``{"type": "view", ...}`` after the hello: `seat_message`, whose ``"view"`` is
  ``claim.to_json(state.view(seat))`` as it is.
* ``{"type": "update", ...}`` after every move: `update_message`, the same fields
  but, instead of the whole view, the history entries the client lacks and the
  view's other fields, so that a move costs the same early and late in a game.
* ``{"type": "error", "code": ..., "message": ...}``: a refused message; nothing
  changed. The codes are those of [`code_of`][claim.apps.server.errors.code_of].
"""

from __future__ import annotations

import json
from typing import Any

import orjson

from claim.apps.server.errors import MessageError, TooLargeError, code_of
from claim.core.errors import ActionError, ClaimError, quote
from claim.core.moves import Move
from claim.io.serialize import to_json
from claim.io.text import format_result
from claim.io.view_json import history_docs, view_fields
from claim.rules.actions import action_id, action_move
from claim.rules.engine.scoring import faction_votes
from claim.rules.notation import parse_move
from claim.rules.state import GameState

__all__ = ["MAX_MESSAGE_CHARS", "Messages", "error_message", "move_of", "read_message",
           "seat_message", "update_message"]

MAX_MESSAGE_CHARS = 4096
"""The longest message a client may send (a move is a few dozen characters)."""

_COMPACT = (",", ":")


def _action(state: GameState, move: Move) -> int | None:
    try:
        return action_id(state.variant, move)
    except ActionError:  # a plugin power's move without an id
        return None


_ORJSON = orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS


def _dumps(value: object) -> str:
    """``value`` as compact JSON with sorted keys: the document ``json.dumps`` writes
    (UTF-8 instead of ``\\u`` escapes), made by orjson in a third of the time: a
    table writes one per seat and move, the largest part of a move's cost."""
    return orjson.dumps(value, option=_ORJSON).decode()


class Messages:
    """The messages of one position of a table, each made once, whoever it goes to.

    After a move, every connection of one seat (and every spectator) that had the
    same number of history entries receives the same text: a table makes a
    `Messages` per position and asks it for each connection's.

    Args:
        state: The game as it stands.
        table_id: The table's id.
    """

    def __init__(self, state: GameState, table_id: str) -> None:
        self.state = state
        self.table_id = table_id
        self._shared: str | None = None
        self._made: dict[tuple[int | None, int | None], str] = {}

    def full(self, seat: int | None) -> str:
        """The ``"view"`` message of ``seat``: `seat_message`."""
        return self._message(seat, None)

    def update(self, seat: int | None, since: int) -> str:
        """The ``"update"`` message of ``seat`` for a client that holds ``since`` entries
        of the history: `update_message`."""
        return self._message(seat, since)

    def _message(self, seat: int | None, since: int | None) -> str:
        key = (seat, since)
        text = self._made.get(key)
        if text is None:
            text = self._made[key] = self._make(seat, since)
        return text

    def _make(self, seat: int | None, since: int | None) -> str:
        state, view = self.state, self.state.view(seat)
        actions = _dumps([[str(move), _action(state, move)] for move in view.legal_moves])
        head = (f'{{"type":"{"view" if since is None else "update"}","seat":{_dumps(seat)},'
                f'"actions":{actions},{self._shared_fields()}')
        if since is None:
            return f'{head},"view":{to_json(view)}}}'
        if not 0 <= since <= len(view.history):
            raise ValueError(f"{since} history entries sent, but the view has "
                             f"{len(view.history)}")
        return (f'{head},"since":{since},"history":{_dumps(history_docs(view.history[since:]))}'
                f',"view":{_dumps(view_fields(view))}}}')

    def _shared_fields(self) -> str:
        """The fields every connection's message holds, as JSON members (made once)."""
        if self._shared is None:
            state = self.state
            shared: dict[str, Any] = {
                "table": self.table_id, "moves": len(state.records),
                "players": state.variant.players, "title": state.variant.title,
                "parties": [list(party) for party in state.variant.teams],
                "votes": [{"faction": vote.faction, "counts": list(vote.counts),
                           "winner": vote.winner} for vote in faction_votes(state)],
                "result": _result(state),
            }
            self._shared = _dumps(shared)[1:-1]
        return self._shared


def _result(state: GameState) -> dict[str, Any] | None:
    if not state.is_over:
        return None
    result = state.result()
    return {"winner": result.winner, "votes": list(result.votes),
            "decided_by": result.decided_by.value, "winning_seats": list(result.winning_seats),
            "text": format_result(result)}


def seat_message(state: GameState, seat: int | None, table_id: str) -> str:
    """The whole view ``seat`` (None: a spectator) receives on joining table ``table_id``.

    ``"view"`` is the library's view JSON (``claim.to_json(state.view(seat))``),
    inserted as it is. Beside it, every field is read from that view or from the
    score piles every seat sees: ``"actions"`` (the view's legal moves as
    ``[notation, action id]``), ``"votes"`` (each faction's vote so far,
    ``claim.faction_votes``), ``"moves"`` (how many moves were played) and, once the
    game is over, ``"result"``.
    """
    return Messages(state, table_id).full(seat)


def update_message(state: GameState, seat: int | None, table_id: str, since: int) -> str:
    """What ``seat`` receives after a move, holding ``since`` entries of the history.

    The fields of `seat_message` but ``"type": "update"``, and instead of the whole
    view: ``"history"``, the view's history entries from index ``since`` on, and
    ``"view"``, every other field of the view
    ([`view_fields`][claim.io.view_json.view_fields]). The client's view is then
    ``{...message.view, history: [...history, ...message.history]}``: exactly
    ``claim.to_json(state.view(seat))``'s document. Its cost no longer grows with the
    game's length.

    Raises:
        ValueError: ``since`` is more entries than the view's history holds.
    """
    return Messages(state, table_id).update(seat, since)


def error_message(error: ClaimError) -> str:
    """The message that tells a client why its message was refused."""
    return json.dumps({"type": "error", "code": code_of(error), "message": str(error)},
                      separators=_COMPACT)


def read_message(text: str | None) -> dict[str, Any]:
    """A client's message: a JSON object with a string ``"type"``.

    Raises:
        MessageError: Not text, longer than `MAX_MESSAGE_CHARS`, not JSON, or not
            such an object.
    """
    if text is None:
        raise MessageError("messages are JSON in text frames, not binary frames")
    if len(text) > MAX_MESSAGE_CHARS:
        raise TooLargeError(f"a message is at most {MAX_MESSAGE_CHARS} characters, "
                           f"not {len(text)}")
    try:
        message = json.loads(text)
    except ValueError:
        raise MessageError(f"not JSON: {quote(text, 80)}") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise MessageError('a message is a JSON object with a "type" ("hello", "move" or '
                           f'"ping"), not {quote(text, 80)}')
    return message


def move_of(state: GameState, message: dict[str, Any]) -> Move:
    """The move a ``"move"`` message names, read with the library (not yet checked).

    Raises:
        MessageError: Neither or both of ``"move"`` and ``"action"``, or of the wrong type.
        NotationError: ``"move"`` is not a move in notation.
        ActionError: ``"action"`` is not an action id of the variant.
    """
    if ("move" in message) == ("action" in message):
        raise MessageError('a move message holds "move" (its notation) or "action" (its '
                           "action id): one of the two")
    if "move" in message:
        text = message["move"]
        if not isinstance(text, str):
            raise MessageError(f'"move" must be the move\'s notation (a string), not '
                               f"{quote(text, 80)}")
        return parse_move(text, state.variant)
    number = message["action"]
    if not isinstance(number, int) or isinstance(number, bool):
        raise MessageError(f'"action" must be an action id (an integer), not '
                           f"{quote(number, 80)}")
    return action_move(state.variant, number)
