"""Play a game of Claim 2 from the public API: deal, moves, a decision, the result.

Run it with ``python examples/quickstart.py``. Seat 0 plays the first legal move
every turn; seat 1 plays a random legal move. Decisions (a Seer's choice, a Giant's
smash) are answered the same way, and each one is printed.
"""

from __future__ import annotations

import random

import claim
from claim.core.records import TrickCompleted


def choose(state: claim.GameState, rng: random.Random) -> claim.Move:
    """Seat 0 takes the first legal move, seat 1 a random one."""
    moves = state.legal_moves()
    return moves[0] if state.current_player == 0 else rng.choice(moves)


def main(seed: int = 11) -> claim.GameResult:
    variant = claim.load_variant("claim2")
    print(f"{variant.title}: {len(variant.deck)} cards, {variant.hand_size} per hand")
    print("rule options:", variant.rule_options())

    state = claim.new_game(variant, seed=seed)
    print("seat 0 holds:", " ".join(map(str, state.hand(0))))
    print("first face-up card:", state.face_up_cards[0])

    rng = random.Random(seed)
    tricks = 0
    while not state.is_over:
        if state.pending is not None:
            answers = ", ".join(map(str, state.legal_moves()))
            print(f"  seat {state.current_player} decides among: {answers}")
        state = state.apply(choose(state, rng))
        for event in state.records[-1].events:
            if isinstance(event, TrickCompleted):
                tricks += 1

    result = state.result()
    print(f"{tricks} tricks, {len(state.records)} moves")
    print(claim.format_result(result))
    return result


if __name__ == "__main__":
    main()
