"""Regenerate the golden game records (run only when a rule or format change is intended).

    python tests/golden/make_golden.py

Each entry is a seeded random game: the deal and every choice come from
``random.Random(seed)`` exactly as ``claim.testing.random_playout`` plays it. The
game itself is a ``claim-record`` document (``claim.to_json`` of its record: variant
with its rules' hash, the deal card by card, the moves in notation); beside it,
``playout_seed`` (the seed of the random player) and ``expected`` (the result and
the score piles).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import claim

GAMES = [("claim", 7), ("claim", 2024), ("claim2", 7), ("claim2", 11), ("giant-hunt", 3),
         ("goblin-war", 5), ("dragon-court", 9)]


def record(variant_name: str, seed: int) -> dict[str, object]:
    """Play the seeded game and describe it."""
    rng = random.Random(seed)
    state = claim.new_game(claim.load_variant(variant_name), rng=rng)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
    result = state.result()
    players = state.variant.players
    return {
        "playout_seed": seed,
        "record": json.loads(claim.to_json(claim.record_of(state))),
        "expected": {
            "votes": list(result.votes),
            "winner": result.winner,
            "decided_by": result.decided_by.value,
            "score_piles": [[str(c) for c in state.score_pile(seat)] for seat in range(players)],
        },
    }


def main() -> None:
    """Write tests/golden/games.json."""
    games = [record(name, seed) for name, seed in GAMES]
    path = Path(__file__).with_name("games.json")
    path.write_text(json.dumps(games, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(games)} games to {path}")


if __name__ == "__main__":
    main()
