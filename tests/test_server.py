"""The game server over HTTP and WebSocket, in Starlette's test client (issue #25).

Each test names the requirement of issue #25 it checks: tables and links, a seat's
view after every move, moves by notation or action id, the library's error for an
illegal move with nothing changed, the bad input the issue lists (forged token,
move for a finished game, second connection, failing YAML, malformed, oversized and
out-of-turn messages), records readable by ``claim replay``, and the security rules
(no endpoint gives another seat's hand, the draw pile or the seed).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_support import as_sent, create, follow, hello, seat_tokens, served, token
from starlette.testclient import TestClient, WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

import claim
from claim.apps import cli
from claim.apps.server import command
from claim.apps.server.app import RateLimit
from claim.apps.server.lobby import MAX_YAML_CHARS, Lobby
from claim.apps.server.protocol import MAX_MESSAGE_CHARS, Messages, seat_message, update_message
from claim.info.sampling import sample
from claim.io.gamerecord import GameRecord
from claim.rules.validation import check_text


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[TestClient, Lobby]]:
    with served(tmp_path / "server.db") as pair:
        yield pair


def _mover(views: list[dict[str, Any]]) -> int:
    mover: int = views[0]["view"]["current_player"]
    return mover


def _error(ws: WebSocketTestSession) -> dict[str, Any]:
    message: dict[str, Any] = ws.receive_json()
    assert message["type"] == "error", message
    return message


def test_a_table_gives_each_seat_its_own_view_and_legal_moves(server: tuple[TestClient, Lobby]
                                                              ) -> None:
    """Tables and views: a seat receives ``state.view(seat)`` as JSON, with its legal
    moves (and their action ids) when it is its turn; a spectator the spectator view."""
    client, lobby = server
    links = create(client)
    table = lobby.tables[links["table"]]
    tokens = seat_tokens(links)
    with client.websocket_connect(f"/ws/{links['table']}") as ws0, \
            client.websocket_connect(f"/ws/{links['table']}") as ws1, \
            client.websocket_connect(f"/ws/{links['table']}") as watcher:
        views = [hello(ws0, tokens[0]), hello(ws1, tokens[1]), hello(watcher, token(
            links["spectator"]))]
        for seat, message in zip([0, 1, None], views):
            assert message["view"] == json.loads(claim.to_json(table.state.view(seat)))
        mover = _mover(views)
        assert views[mover]["actions"] and not views[1 - mover]["actions"]
        assert views[2]["view"]["hand"] == [] and views[2]["actions"] == []
        for text, action in views[mover]["actions"]:
            assert claim.action_move(table.state.variant, action) == claim.parse_move(
                text, table.state.variant)


def test_moves_by_notation_and_by_action_id_are_broadcast(server: tuple[TestClient, Lobby]
                                                          ) -> None:
    """A move sent as notation or as an action id is applied with the library and every
    connection is sent its seat's view of the new state."""
    client, lobby = server
    links = create(client)
    table = lobby.tables[links["table"]]
    tokens = seat_tokens(links)
    with client.websocket_connect(f"/ws/{links['table']}") as ws0, \
            client.websocket_connect(f"/ws/{links['table']}") as ws1:
        sockets = [ws0, ws1]
        views = [hello(ws0, tokens[0]), hello(ws1, tokens[1])]
        held = [follow(None, message) for message in views]
        for step in range(4):
            mover = _mover(views)
            text, action = views[mover]["actions"][0]
            before = table.state
            sockets[mover].send_json({"type": "move", "move": text} if step % 2
                                     else {"type": "move", "action": action})
            views = [ws0.receive_json(), ws1.receive_json()]
            assert table.state == before.apply(text)
            for seat in (0, 1):
                assert views[seat]["type"] == "update" and views[seat]["moves"] == step + 1
                assert len(views[seat]["history"]) == 1  # only the new entry is sent
                held[seat] = follow(held[seat], views[seat])
                assert as_sent(held[seat]) == claim.to_json(table.state.view(seat))


def _refused(ws: WebSocketTestSession, message: object, code: str, lobby: Lobby, table_id: str
             ) -> str:
    """Send ``message``; the answer is an error with ``code`` and the game is unchanged."""
    before = lobby.tables[table_id].state
    if isinstance(message, str):
        ws.send_text(message)
    else:
        ws.send_json(message)
    error = _error(ws)
    assert error["code"] == code, error
    assert lobby.tables[table_id].state is before
    text: str = error["message"]
    return text


def test_bad_messages_are_answered_with_errors_and_change_nothing(
        server: tuple[TestClient, Lobby]) -> None:
    """Illegal, malformed, oversized and out-of-turn messages: each answered with an
    error (the library's message for an illegal move), nothing changed."""
    client, lobby = server
    links = create(client)
    tid = links["table"]
    tokens = seat_tokens(links)
    with client.websocket_connect(f"/ws/{tid}") as ws0, \
            client.websocket_connect(f"/ws/{tid}") as ws1:
        views = [hello(ws0, tokens[0]), hello(ws1, tokens[1])]
        mover = _mover(views)
        me, other = [ws0, ws1][mover], [ws0, ws1][1 - mover]
        hand = set(views[mover]["view"]["hand"])
        legal = {text for text, _ in views[mover]["actions"]}
        state = lobby.tables[tid].state
        illegal = next((c for c in map(str, state.variant.deck) if c not in hand), None)
        assert illegal is not None
        said = _refused(me, {"type": "move", "move": illegal}, "illegal_move", lobby, tid)
        with pytest.raises(claim.IllegalMoveError) as library:
            state.apply(illegal)
        assert said == str(library.value)
        assert "take top" not in legal
        _refused(me, {"type": "move", "move": "Zz99"}, "bad_notation", lobby, tid)
        _refused(me, {"type": "move", "action": 10**6}, "bad_action", lobby, tid)
        _refused(me, {"type": "move", "action": "3"}, "malformed", lobby, tid)
        _refused(me, {"type": "move"}, "malformed", lobby, tid)
        _refused(me, "{not json", "malformed", lobby, tid)
        _refused(me, "[1, 2]", "malformed", lobby, tid)
        _refused(me, {"type": "shout"}, "malformed", lobby, tid)
        long = json.dumps({"type": "move", "move": "x" * MAX_MESSAGE_CHARS})
        assert "at most" in _refused(me, long, "too_large", lobby, tid)
        me.send_bytes(b"\x00\x01")
        assert _error(me)["code"] == "malformed"
        first = views[1 - mover]["view"]["legal_moves"] or sorted(legal)
        _refused(other, {"type": "move", "move": first[0]}, "not_your_turn", lobby, tid)
        me.send_json({"type": "ping"})
        assert me.receive_json() == {"type": "pong"}


def test_a_flood_is_cut_by_the_rate_limit(tmp_path: Path) -> None:
    """Issue #25 (a flood of moves from one client does not slow other tables): beyond
    its burst, a message is refused unread (``rate_limited``), the table is not
    touched, and a client that goes on sending is cut off (held unread, then
    dropped), so that a flood costs the server a bounded number of messages, not as
    many as are sent."""
    with served(tmp_path / "db", rate=0.001, burst=5, hold=0.0) as (client, lobby):
        links = create(client)
        tid = links["table"]
        before = lobby.tables[tid].state
        with client.websocket_connect(f"/ws/{tid}") as ws:
            hello(ws, seat_tokens(links)[0])
            codes = []
            for _ in range(10):
                ws.send_json({"type": "ping"})
                codes.append(ws.receive_json().get("code", "pong"))
            assert codes == ["pong"] * 5 + ["rate_limited"] * 5
            ws.send_json({"type": "move", "move": "Kn7"})
            deadline = time.monotonic() + 30  # dropped: the seat is free again
            while 0 in lobby.tables[tid].seated:
                assert time.monotonic() < deadline, "the flooding connection was kept"
                time.sleep(0.01)
        assert lobby.tables[tid].state is before
        with client.websocket_connect(f"/ws/{tid}") as ws:  # it may come back, slower
            assert hello(ws, seat_tokens(links)[0])["type"] == "view"


def test_the_rate_limit_refills_at_its_rate_up_to_its_burst() -> None:
    """Issue #25, flooding: the token bucket a connection's messages are read from."""
    now = [100.0]
    limit = RateLimit(rate=4.0, burst=2.0, clock=lambda: now[0])
    assert limit.take() and limit.take() and not limit.take()
    now[0] += 0.2
    assert not limit.take()  # 0.8 of a token
    now[0] += 0.05
    assert limit.take() and not limit.take()
    now[0] += 10
    assert limit.take() and limit.take() and not limit.take()  # never more than the burst


def test_forged_and_stale_tokens_are_refused(server: tuple[TestClient, Lobby]) -> None:
    """Bad input: a forged token, another table's token and an unknown table are each
    refused with a specific error and close code; no view is sent."""
    client, _ = server
    first, second = create(client), create(client)
    cases = [(first["table"], "A" * 24, "bad_token", 4003),
             (first["table"], seat_tokens(second)[0], "bad_token", 4003),
             ("no-such-table", seat_tokens(first)[0], "bad_table", 4004),
             (first["table"], None, "bad_token", 4003)]
    for table_id, tok, code, close in cases:
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            ws.send_json({"type": "hello", "token": tok})
            assert _error(ws)["code"] == code
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == close
    with client.websocket_connect(f"/ws/{first['table']}") as ws:
        ws.send_json({"type": "move", "move": "Kn7"})
        assert _error(ws)["code"] == "malformed"


def test_a_second_connection_for_a_seat_wins(server: tuple[TestClient, Lobby]) -> None:
    """Bad input: a second connection for the same seat. The newest is served; the older
    is closed with a reason; the new one sees the same view (a reconnect)."""
    client, _ = server
    links = create(client)
    tok = seat_tokens(links)[0]
    with client.websocket_connect(f"/ws/{links['table']}") as old:
        first = hello(old, tok)
        with client.websocket_connect(f"/ws/{links['table']}") as new:
            again = hello(new, tok)
            assert again == first
            with pytest.raises(WebSocketDisconnect) as closed:
                old.receive_json()
            assert closed.value.code == 4001
            assert "newer connection" in closed.value.reason


def _finish(ws: WebSocketTestSession, links: dict[str, Any]) -> dict[str, Any]:
    """Play table ``links`` (seat 0 a person, the others bots) to its end through seat 0
    (``ws``); the last message."""
    rng = random.Random(0)
    message = hello(ws, seat_tokens(links)[0])
    while message["result"] is None:
        if message["actions"]:
            ws.send_json({"type": "move", "action": rng.choice(message["actions"])[1]})
        message = ws.receive_json()
    return message


def test_a_finished_game_is_kept_as_a_record(server: tuple[TestClient, Lobby]) -> None:
    """Finished games are kept as the library's JSON record (``claim replay`` reads it);
    a move for a finished game is refused; the record is refused while the game runs."""
    client, lobby = server
    links = create(client, "claim2", ["human", "heuristic"])
    assert client.get(f"/api/tables/{links['table']}/record").status_code == 409
    with client.websocket_connect(f"/ws/{links['table']}") as ws:
        last = _finish(ws, links)
        ws.send_json({"type": "move", "action": 0})
        assert _error(ws)["code"] == "game_over"
    answer = client.get(f"/api/tables/{links['table']}/record")
    assert answer.status_code == 200
    record = claim.from_json(answer.text)
    assert isinstance(record, GameRecord)
    final = list(claim.replay(record))[-1]
    assert final == lobby.tables[links["table"]].state
    assert last["result"]["winner"] == final.result().winner
    info = client.get(f"/api/tables/{links['table']}").json()
    assert info["over"] and info["moves"] == len(record.moves)


def test_claim_replay_reads_a_downloaded_record(server: tuple[TestClient, Lobby],
                                                tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """The downloaded record is the file ``claim replay`` reads."""
    client, _lobby = server
    links = create(client, "claim", ["human", "random"])
    with client.websocket_connect(f"/ws/{links['table']}") as ws:
        _finish(ws, links)
    path = tmp_path / "game.json"
    path.write_text(client.get(f"/api/tables/{links['table']}/record").text)
    assert cli.main(["replay", str(path)]) == 0
    assert "winner" in capsys.readouterr().out


def test_no_endpoint_gives_a_hand_the_draw_pile_or_the_seed(
        server: tuple[TestClient, Lobby]) -> None:
    """Security: the public table facts, the creation answer and the stats name no card
    of a hand, no draw pile and no seed; the record waits for the game's end."""
    client, lobby = server
    links = create(client)
    state = lobby.tables[links["table"]].state
    row = lobby.tables[links["table"]].row
    texts = [json.dumps(links), client.get(f"/api/tables/{links['table']}").text,
             client.get("/api/stats").text]
    for text in texts:
        assert str(row.seed) not in text and "seed" not in text
        assert "draw_pile" not in text and "hand" not in text
        for seat in range(2):
            assert not any(f'"{card}"' in text for card in state.hand(seat))
    assert client.get(f"/api/tables/{links['table']}/record").status_code == 409


def test_table_requests_are_checked(server: tuple[TestClient, Lobby]) -> None:
    """Bad input: unknown variants and seats, a YAML variant failing ``claim validate``
    (every error, with its line), an oversized upload and body: each a specific error,
    and no table is made."""
    client, lobby = server
    bad_yaml = "name: mine\nplayers: 2\nfactions: [knights, nobody]\noptions: {nope: 1}\n"
    cases: list[tuple[object, int, str]] = [
        ({"variant": "nope", "seats": ["human"] * 2}, 400, "unknown variant"),
        ({"variant": "../../etc/passwd", "seats": ["human"] * 2}, 400, "unknown variant"),
        ({"variant": "claim", "seats": ["human"]}, 400, "must list 2 seats"),
        ({"variant": "claim", "seats": ["human", "alphazero"]}, 400, "unknown seat"),
        ({"variant": "claim", "seats": ["human", "ismcts:99"]}, 400, "at most 10"),
        ({"yaml": bad_yaml, "seats": ["human"] * 2}, 400, "uploaded.yaml:3"),
        ({"yaml": "x" * (MAX_YAML_CHARS + 1), "seats": ["human"] * 2}, 413, "at most"),
        ({"variant": "claim", "yaml": "name: x", "seats": ["human"] * 2}, 400, "one of the two"),
        ([1, 2], 400, "JSON object"),
    ]
    for body, status, said in cases:
        answer = client.post("/api/tables", json=body)
        assert answer.status_code == status, (body, answer.text)
        assert said in answer.json()["message"], answer.text
    errors = check_text(bad_yaml, "uploaded.yaml")
    answer = client.post("/api/tables", json={"yaml": bad_yaml, "seats": ["human"] * 2})
    assert answer.json()["message"] == "; ".join(map(str, errors)) and len(errors) >= 2
    huge = client.post("/api/tables", content=b"{" + b" " * 300_000 + b"}",
                       headers={"Content-Type": "application/json"})
    assert huge.status_code == 413
    assert not lobby.tables


def test_an_uploaded_variant_is_played_and_recorded(server: tuple[TestClient, Lobby]) -> None:
    """A table for an uploaded (valid) YAML variant; its record carries the definition."""
    client, lobby = server
    text = "name: my-mix\nplayers: 2\nfactions: [goblins, knights, undead, dwarves, " \
           "doppelgangers]\n"
    answer = client.post("/api/tables", json={"yaml": text, "seats": ["random", "random"]})
    assert answer.status_code == 201, answer.text
    table = lobby.tables[answer.json()["table"]]
    assert table.state.variant.name == "my-mix"


def test_stats_summarize_a_window_of_moves(server: tuple[TestClient, Lobby]) -> None:
    """The load test's figures (issue #25): ``/api/stats?seconds=S`` summarizes the
    moves broadcast in the last S seconds; a bad window is refused."""
    client, lobby = server
    links = create(client, "claim", ["random", "random"])
    table = lobby.tables[links["table"]]
    deadline = time.monotonic() + 60
    while not table.state.is_over:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    moves = len(table.state.records)
    assert client.get("/api/stats").json()["sampled"] == moves
    assert client.get("/api/stats?seconds=3600").json()["sampled"] == moves
    lobby.latencies.appendleft((time.monotonic() - 7200, 0.5))  # a move two hours ago
    assert client.get("/api/stats?seconds=3600").json()["sampled"] == moves
    assert client.get("/api/stats").json()["sampled"] == moves + 1
    for bad in ("0", "-1", "x", "inf", "nan"):
        answer = client.get(f"/api/stats?seconds={bad}")
        assert answer.status_code == 400 and answer.json()["error"] == "malformed"


def test_seat_message_is_a_function_of_the_view() -> None:
    """The fields beside the view are read from what the seat sees: a state sampled
    from the seat's view gives the same message, whole or update."""
    state = claim.new_game("claim2", seed=5)
    rng = random.Random(5)
    for _ in range(20):
        state = state.apply(rng.choice(state.legal_moves()))
    for seat in (0, 1, None):
        sampled = sample(state.view(seat), rng)
        assert seat_message(sampled, seat, "t") == seat_message(state, seat, "t")
        assert update_message(sampled, seat, "t", 17) == update_message(state, seat, "t", 17)


@pytest.mark.parametrize("name", claim.builtin_variants())
def test_updates_rebuild_the_whole_view_at_every_move(name: str) -> None:
    """Issue #25 (each client receives its seat's view, RULES 7): a client that applies
    every update it receives to the whole view it was first sent holds exactly
    ``claim.to_json(state.view(seat))`` after each move of a whole game, for every
    seat and a spectator; an update carries only the new history entry."""
    rng = random.Random(name)
    state = claim.new_game(name, seed=rng.randrange(2**32))
    seats: list[int | None] = [*range(state.variant.players), None]
    held = {seat: follow(None, json.loads(seat_message(state, seat, "t"))) for seat in seats}
    while not state.is_over:
        since, state = len(state.records), state.apply(rng.choice(state.legal_moves()))
        messages = Messages(state, "t")
        for seat in seats:
            update = json.loads(messages.update(seat, since))
            assert len(update["history"]) == 1 and "history" not in update["view"]
            held[seat] = follow(held[seat], update)
            assert as_sent(held[seat]) == claim.to_json(state.view(seat))
    assert json.loads(messages.update(0, since))["result"] is not None


def test_an_update_refuses_more_history_than_the_view_has() -> None:
    """An update asked for a client that holds more entries than there are is refused."""
    state = claim.new_game("claim", seed=1)
    assert json.loads(update_message(state, 0, "t", 0))["history"] == []
    with pytest.raises(ValueError, match="1 history entries"):
        update_message(state, 0, "t", 1)


def test_serve_without_the_extra_names_the_install_command(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Without the server extra, ``claim serve`` fails with a message naming
    ``pip install "claim-engine[server]"``, not a traceback."""
    monkeypatch.setattr(command, "missing_modules", lambda: ["uvicorn"])
    assert cli.main(["serve"]) == 2
    assert 'pip install "claim-engine[server]"' in capsys.readouterr().err
