"""The server's tables: created, found by id, restored at start from the database.

A table is created for a built-in variant (by name) or for an uploaded YAML
variant, which is checked as ``claim validate`` checks a file (every error
reported) before anything is stored. Each person's seat gets a token from
`secrets`; the database keeps only the tokens' SHA-256, so the links are shown
once, when the table is created.

At start, every unfinished table is rebuilt by replaying its stored moves with the
library (``claim.new_game`` with the stored seed, then ``GameState.apply`` per
move), and its bots resume. Finished tables are read from the database when asked
for.
"""

from __future__ import annotations

import collections
import logging
import math
import secrets
import time
from typing import Any

from claim.apps.server import seats
from claim.apps.server.errors import (
    ServerError,
    TableError,
    TooLargeError,
    VariantRejectedError,
)
from claim.apps.server.store import Store, TableRow, insert_table
from claim.apps.server.tables import Table, token_hash
from claim.core.errors import ClaimError, quote
from claim.rules.dealing import new_game
from claim.rules.loading import builtin_variants, load_variant, variant_from_yaml
from claim.rules.state import GameState
from claim.rules.validation import check_text
from claim.rules.variant import Variant

__all__ = ["MAX_YAML_CHARS", "Lobby", "variant_of"]

log = logging.getLogger("claim.server")

MAX_YAML_CHARS = 64_000
"""The longest uploaded variant (the built-in ones are under 3,000 characters)."""

LATENCIES_KEPT = 100_000
"""How many of the latest moves' latencies `Lobby.stats` summarizes."""


def variant_of(name: object = None, yaml_text: object = None) -> Variant:
    """The variant a table request names: a built-in ``name``, or ``yaml_text``.

    Raises:
        TableError: Neither or both given, or an unknown name.
        TooLargeError: YAML over `MAX_YAML_CHARS`.
        VariantRejectedError: The YAML fails ``claim validate``'s checks (every error
            listed).
    """
    if (name is None) == (yaml_text is None):
        raise TableError('give "variant" (a built-in variant\'s name) or "yaml" (a variant '
                         "file's text), one of the two")
    if name is not None:
        if not isinstance(name, str) or name not in builtin_variants():
            raise TableError(f"unknown variant {quote(name, 60)} (built in: "
                             f"{', '.join(builtin_variants())}; or upload a YAML variant)")
        return load_variant(name)
    if not isinstance(yaml_text, str):
        raise TableError('"yaml" must be the text of a variant file')
    if len(yaml_text) > MAX_YAML_CHARS:
        raise TooLargeError(f"an uploaded variant is at most {MAX_YAML_CHARS} characters, "
                         f"not {len(yaml_text)}")
    errors = check_text(yaml_text, "uploaded.yaml")
    if errors:
        raise VariantRejectedError(errors)
    return variant_from_yaml(yaml_text, "uploaded.yaml")


def _replayed(row: TableRow, moves: list[str]) -> GameState:
    variant = (load_variant(row.variant_name) if row.variant_yaml is None
               else variant_from_yaml(row.variant_yaml, "uploaded.yaml"))
    state = new_game(variant, seed=row.seed, first_leader=row.first_leader)
    for move in moves:
        state = state.apply(move)
    return state


class Lobby:
    """Every table of one server, and the moves' latencies.

    Args:
        store: The database.
        bot_delay: Seconds a bot waits before each move.
    """

    def __init__(self, store: Store, bot_delay: float = 0.0) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}
        self.latencies: collections.deque[tuple[float, float]]
        self.latencies = collections.deque(maxlen=LATENCIES_KEPT)  # (when, seconds)
        self.moves = 0

    def _on_move(self, seconds: float) -> None:
        self.moves += 1
        self.latencies.append((time.monotonic(), seconds))

    def _table(self, row: TableRow, state: GameState, record: str | None) -> Table:
        table = Table(row, state, self.store, record, self._on_move, self.bot_delay)
        self.tables[row.id] = table
        return table

    def restore(self) -> int:
        """Rebuild every unfinished table from the database; returns how many.

        A table whose moves no longer replay (a variant changed by an upgrade) is
        logged and left in the database, untouched.
        """
        for row in self.store.unfinished():
            try:
                self._table(row, _replayed(row, self.store.moves(row.id)), None)
            except ClaimError as exc:
                log.error("table %s cannot be replayed, left as stored: %s", row.id, exc)
        return len(self.tables)

    def start_bots(self) -> None:
        """Let the bots of every table to move play (once the event loop runs)."""
        for table in self.tables.values():
            table.wake_bots()

    def get(self, table_id: str) -> Table:
        """The table ``table_id``, read from the database if it is not in memory.

        Raises:
            TableError: No such table.
        """
        table = self.tables.get(table_id)
        if table is not None:
            return table
        found = self.store.table(table_id) if len(table_id) <= 40 else None
        if found is None:
            raise TableError(f"no table {quote(table_id, 40)} on this server")
        row, record = found
        try:
            state = _replayed(row, self.store.moves(row.id))
        except ClaimError as exc:
            raise ServerError(f"table {row.id} cannot be replayed: {exc}") from None
        return self._table(row, state, record)

    async def create(self, variant: Variant, yaml_text: str | None, seat_specs: Any
                     ) -> tuple[Table, dict[str, Any]]:
        """A new table, stored, and its links (each person's seat, the spectators').

        Raises:
            TableError: The seats do not fit the variant, or one is unknown.
        """
        if not isinstance(seat_specs, list) or len(seat_specs) != variant.players:
            raise TableError(f'"seats" must list {variant.players} seats for '
                             f"{variant.name!r} ('human' or a bot), not {quote(seat_specs, 80)}")
        specs = tuple(seats.seat_spec(spec) for spec in seat_specs)
        tokens = [secrets.token_urlsafe(18) for _ in specs]
        spectator = secrets.token_urlsafe(18)
        row = TableRow(id=secrets.token_urlsafe(9), variant_name=variant.name,
                       variant_yaml=yaml_text, seed=secrets.randbits(62),
                       first_leader=secrets.randbelow(variant.players),
                       bot_seed=secrets.randbits(62), seats=specs,
                       token_hashes=tuple(token_hash(token) for token in tokens),
                       spectator_hash=token_hash(spectator))
        state = new_game(variant, seed=row.seed, first_leader=row.first_leader)
        await self.store.write([insert_table(row)])
        table = self._table(row, state, None)
        table.wake_bots()
        links = {"table": row.id, "variant": variant.name,
                 "spectator": f"/play/{row.id}#{spectator}",
                 "seats": [{"seat": seat, "player": spec,
                            "link": f"/play/{row.id}#{tokens[seat]}" if spec == seats.HUMAN
                            else None} for seat, spec in enumerate(specs)]}
        return table, links

    def stats(self, seconds: float | None = None) -> dict[str, Any]:
        """Moves played since start, and the latest moves' latency percentiles (ms).

        Args:
            seconds: Summarize only the moves broadcast in the last ``seconds``
                (``"window_moves"`` counts them); None: the latest `LATENCIES_KEPT`.
        """
        since = -math.inf if seconds is None else time.monotonic() - seconds
        ordered = sorted(latency for when, latency in self.latencies if when >= since)

        def percentile(p: float) -> float | None:
            if not ordered:
                return None
            return round(1000 * ordered[min(len(ordered) - 1, int(p * len(ordered)))], 3)

        return {"moves": self.moves, "tables": len(self.tables), "sampled": len(ordered),
                "window_s": seconds,
                "latency_ms": {"p50": percentile(0.5), "p99": percentile(0.99),
                               "max": percentile(1.0)}}
