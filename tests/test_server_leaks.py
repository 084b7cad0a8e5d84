"""The leak test of `claim.testing`, run over the wire (issue #25, "Security").

For whole games of every built-in variant, played through the server by its seats'
own connections, what each token holds after every move (the whole view it was
sent on joining, brought up to date by each update) is exactly that seat's view
(``claim.to_json(state.view(seat))``, the spectator's for the spectators' token);
at random positions the view passes `claim.testing.check_no_leaks`, and the rest of
the message is a function of the view: a state sampled from the view gives the
same message.
"""

from __future__ import annotations

import json
import random
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from server_support import as_sent, create, follow, seat_tokens, served, token

import claim
from claim.apps.server.protocol import seat_message, update_message
from claim.info.sampling import sample
from claim.rules.state import GameState
from claim.testing import check_no_leaks

STOPS = 2
"""Random positions checked for leaks per variant (every seat and a spectator at each)."""


def _check(state: GameState, received: list[str], table_id: str, since: int | None,
           rng: random.Random) -> None:
    """Each message is the one the seat's view gives, and the view leaks nothing."""
    seats: list[int | None] = [*range(state.variant.players), None]
    for seat, text in zip(seats, received):
        view = state.view(seat)
        if since is None:
            assert text.endswith(',"view":' + claim.to_json(view) + "}")
            assert text == seat_message(state, seat, table_id)
            assert seat_message(sample(view, rng), seat, table_id) == text
        else:
            assert text == update_message(state, seat, table_id, since)
            assert update_message(sample(view, rng), seat, table_id, since) == text
        check_no_leaks(state, seat, rng)


def _held_views(state: GameState, held: list[dict[str, Any]]) -> None:
    """Each connection holds exactly its seat's view as ``claim.to_json`` writes it."""
    seats: list[int | None] = [*range(state.variant.players), None]
    for seat, doc in zip(seats, held):
        assert as_sent(doc) == claim.to_json(state.view(seat))


@pytest.mark.parametrize("name", claim.builtin_variants())
def test_each_token_receives_only_its_seats_view(name: str, tmp_path: Path) -> None:
    """Security: for whole games of every built-in variant, what each token receives
    over the WebSocket rebuilds that seat's view after every move, and nothing more."""
    rng = random.Random(name)
    players = claim.load_variant(name).players
    with served(tmp_path / "db") as (client, lobby), ExitStack() as stack:
        links = create(client, name, ["human"] * players)
        table = lobby.tables[links["table"]]
        tokens = [*seat_tokens(links), token(links["spectator"])]
        sockets = [stack.enter_context(client.websocket_connect(f"/ws/{links['table']}"))
                   for _ in tokens]
        for ws, tok in zip(sockets, tokens):
            ws.send_json({"type": "hello", "token": tok})
        received = [ws.receive_text() for ws in sockets]
        held = [follow(None, json.loads(text)) for text in received]
        stops = set(rng.sample(range(1, len(table.state.variant.deck)), STOPS)) | {0}
        step = 0
        while True:
            _held_views(table.state, held)
            if step in stops:
                _check(table.state, received, table.id, None if step == 0 else step - 1, rng)
            if table.state.is_over:
                break
            mover = table.state.current_player
            assert mover is not None
            text, _ = rng.choice(json.loads(received[mover])["actions"])
            sockets[mover].send_json({"type": "move", "move": text})
            received = [ws.receive_text() for ws in sockets]
            held = [follow(doc, json.loads(text)) for doc, text in zip(held, received)]
            step += 1
        assert len(table.state.records) == step
