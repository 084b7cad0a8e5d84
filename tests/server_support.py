"""Helpers of the server's tests (issue #25): a server in the test client, and a real
server process on a free loopback port."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient, WebSocketTestSession

from claim.apps.server.app import create_app
from claim.apps.server.lobby import Lobby
from claim.apps.server.store import Store

ROOT = Path(__file__).resolve().parent.parent


@contextmanager
def served(db: Path, **app_options: float) -> Iterator[tuple[TestClient, Lobby]]:
    """A server on ``db`` in Starlette's test client (bots play without delay)."""
    store = Store(str(db))
    lobby = Lobby(store)
    lobby.restore()
    try:
        with TestClient(create_app(lobby, **app_options)) as client:
            yield client, lobby
    finally:
        store.close()


def create(client: TestClient, variant: str = "claim", seats: list[str] | None = None
           ) -> dict[str, Any]:
    """Create a table (all seats people by default) and return the server's answer."""
    answer = client.post("/api/tables", json={"variant": variant,
                                              "seats": seats or ["human", "human"]})
    assert answer.status_code == 201, answer.text
    links: dict[str, Any] = answer.json()
    return links


def token(link: str) -> str:
    """The token of an invite link (after the '#')."""
    return link.split("#", 1)[1]


def seat_tokens(links: dict[str, Any]) -> list[str]:
    """The tokens of the people's seats, in seat order."""
    return [token(seat["link"]) for seat in links["seats"] if seat["link"]]


def hello(ws: WebSocketTestSession, tok: str) -> dict[str, Any]:
    """Send the hello with ``tok`` and return the first view."""
    ws.send_json({"type": "hello", "token": tok})
    message: dict[str, Any] = ws.receive_json()
    assert message["type"] == "view", message
    return message


def follow(held: dict[str, Any] | None, message: dict[str, Any]) -> dict[str, Any]:
    """The view document a client holds after ``message``, as the browser client keeps
    it: a ``"view"`` message's whole view, or ``held`` brought up to date by an
    ``"update"`` (its other fields, and its new history entries appended)."""
    if message["type"] == "view":
        view: dict[str, Any] = message["view"]
        return view
    assert message["type"] == "update", message
    assert held is not None and message["since"] == len(held["history"]), message
    return {**message["view"], "history": held["history"] + message["history"]}


def as_sent(doc: dict[str, Any]) -> str:
    """A view document as ``claim.to_json`` writes it (sorted keys, compact)."""
    return json.dumps(doc, sort_keys=True, separators=(",", ":"))


def free_port() -> int:
    """A TCP port free on the loopback interface now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def http(port: int, path: str, body: dict[str, Any] | None = None) -> Any:
    """GET (or POST ``body`` as JSON to) ``path`` on the loopback server; the JSON answer."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


class ServerProcess:
    """``python -m claim serve`` in a process of its own (the tree under test first on
    the path), on a free loopback port."""

    def __init__(self, db: Path, bot_delay: float = 0.0, sync: str = "normal") -> None:
        self.port = free_port()
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "claim", "serve", "--port", str(self.port), "--db", str(db),
             "--bot-delay", str(bot_delay), "--sync", sync], env=env, cwd=ROOT,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"the server stopped: {self.process.stdout.read()}"  # type: ignore[union-attr]
                                     )
            try:
                http(self.port, "/api/stats")
                return
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.05)
        self.stop()
        raise AssertionError("the server did not answer within 30 s")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        """Stop the server (SIGINT, then SIGKILL if it lingers)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        if self.process.stdout is not None:
            self.process.stdout.close()
