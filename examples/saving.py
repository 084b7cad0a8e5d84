"""Save a game half-way, load it back, finish it, and replay its record.

Run: ``python examples/saving.py``. Writes ``game-record.json`` in the current
directory (replay it with ``claim replay game-record.json``).
"""

from __future__ import annotations

import random
from pathlib import Path

import claim


def main() -> None:
    """Play half a game, save and load it, finish it, save the record, replay it."""
    rng = random.Random(4)
    state = claim.new_game("claim2", seed=4)
    for _ in range(26):
        state = state.apply(rng.choice(state.legal_moves()))
    saved = claim.to_json(state, indent=1)
    loaded = claim.from_json(saved)
    assert isinstance(loaded, claim.GameState)  # from_json reads any saved document
    assert loaded == state
    print(f"saved and loaded after {len(state.records)} moves ({len(saved)} characters)")

    seen: dict[object, int] = {}
    while not loaded.is_over:
        seen[loaded.position_key()] = len(loaded.records)
        ids = loaded.legal_action_ids()
        loaded = loaded.apply(claim.action_move(loaded.variant, rng.choice(ids)))
    print(f"finished: {len(seen)} distinct positions; {claim.format_result(loaded.result())}")

    path = Path("game-record.json")
    path.write_text(claim.to_json(claim.record_of(loaded), indent=1), encoding="utf-8")
    record = claim.from_json(path.read_text(encoding="utf-8"))
    assert isinstance(record, claim.GameRecord)
    final = list(claim.replay(record))[-1]
    assert final == loaded
    print(f"wrote {path}: replays to the same final state")


if __name__ == "__main__":
    main()
