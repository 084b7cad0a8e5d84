"""The leak test of `claim.testing`, run over the wire (issue #25, "Security").

For random positions of every built-in variant, played through the server by its
seats' own connections, what each token receives is exactly that seat's view
(``claim.to_json(state.view(seat))``, the spectator's for the spectators' token),
the view passes `claim.testing.check_no_leaks`, and the rest of the message is a
function of the view: a state sampled from the view gives the same message.
"""

from __future__ import annotations

import json
import random
from contextlib import ExitStack
from pathlib import Path

import pytest
from server_support import create, seat_tokens, served, token

import claim
from claim.apps.server.protocol import seat_message
from claim.info.sampling import sample
from claim.rules.state import GameState
from claim.testing import check_no_leaks

STOPS = 2
"""Random positions checked per variant (every seat and a spectator at each)."""


def _check(state: GameState, received: list[str], table_id: str, rng: random.Random) -> None:
    seats: list[int | None] = [*range(state.variant.players), None]
    for seat, text in zip(seats, received):
        view = state.view(seat)
        assert text.endswith(',"view":' + claim.to_json(view) + "}")
        assert json.loads(text)["view"] == json.loads(claim.to_json(view))
        assert text == seat_message(state, seat, table_id)
        check_no_leaks(state, seat, rng)
        assert seat_message(sample(view, rng), seat, table_id) == text


@pytest.mark.parametrize("name", claim.builtin_variants())
def test_each_token_receives_only_its_seats_view(name: str, tmp_path: Path) -> None:
    """Security: for random positions of every built-in variant, what each token
    receives over the WebSocket equals that seat's view."""
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
        stops = set(rng.sample(range(len(table.state.variant.deck)), STOPS))
        step = 0
        while True:
            if step in stops:
                _check(table.state, received, table.id, rng)
            if table.state.is_over or step >= max(stops):
                break
            mover = table.state.current_player
            assert mover is not None
            text, _ = rng.choice(json.loads(received[mover])["actions"])
            sockets[mover].send_json({"type": "move", "move": text})
            received = [ws.receive_text() for ws in sockets]
            step += 1
        assert len(table.state.records) == step
