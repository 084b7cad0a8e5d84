"""Regenerate the golden game records (run only when a rule change is intended).

    python tests/golden/make_golden.py

Each record is a seeded random game: the deal and every choice come from
``random.Random(seed)`` exactly as ``claim.testing.random_playout`` plays it.
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
    first_hands = [[str(c) for c in state.hand(seat)] for seat in range(2)]
    deck = state.variant.deck
    draw_pile = [str(c) for c in state.face_up_cards] + [str(deck[c]) for c in state.draw_pile]
    moves = []
    while not state.is_over:
        move = rng.choice(state.legal_moves())
        moves.append(str(move))
        state = state.apply(move)
    result = state.result()
    return {
        "variant": variant_name,
        "seed": seed,
        "hands": first_hands,
        "draw_pile": draw_pile,
        "moves": moves,
        "votes": list(result.votes),
        "winner": result.winner,
        "decided_by": result.decided_by.value,
        "score_piles": [[str(c) for c in state.score_pile(seat)] for seat in range(2)],
    }


def main() -> None:
    """Write tests/golden/games.json."""
    games = [record(name, seed) for name, seed in GAMES]
    path = Path(__file__).with_name("games.json")
    path.write_text(json.dumps(games, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(games)} games to {path}")


if __name__ == "__main__":
    main()
