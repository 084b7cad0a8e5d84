"""What each player may see: views, knowledge, determinization (RULES 7).

Run it with ``python examples/views.py``. It plays part of a game of Claim at
random, prints seat 0's view and a spectator's, what seat 0 knows of the cards it
cannot see, sends the view through JSON as a server would, and samples a few full
states consistent with the view (a determinization), showing that each one looks
the same to seat 0.
"""

from __future__ import annotations

import random
from collections import Counter

import claim
from claim.info.knowledge import knowledge
from claim.info.observation import observation, observation_size
from claim.info.sampling import sample


def main() -> None:
    """Play 20 random moves, then show views, knowledge and samples."""
    rng = random.Random(4)
    state = claim.new_game("claim", seed=4)
    for _ in range(20):
        state = state.apply(rng.choice(state.legal_moves()))

    view = state.view(0)
    print(view)
    print()
    print(state.spectator_view())
    print()

    known = knowledge(view)
    print(f"seat 0 has not seen {len(known.unseen)} cards:")
    for place, count in known.places:
        print(f"  {place[0]}{'' if place[1] is None else f' of seat {place[1]}'}: {count}")
    for place, cards in known.forbidden:
        factions = sorted({card.faction for card in cards})
        print(f"  {place[0]} of seat {place[1]} holds no {', '.join(factions)} (void)")

    text = claim.to_json(view)
    assert claim.from_json(text) == view
    print(f"\nJSON: {len(text)} characters, reads back equal")

    guesses: Counter[claim.Card] = Counter()
    sampler = random.Random(1)
    for _ in range(50):
        guess = sample(view, sampler)
        assert guess.view(0) == view
        guesses.update(guess.hand(1))
    likely = ", ".join(f"{card} {n / 50:.0%}" for card, n in guesses.most_common(5))
    print(f"50 determinizations; seat 1 most often holds: {likely}")
    print(f"observation: {len(observation(view))} numbers "
          f"(observation_size: {observation_size(state.variant)})")


if __name__ == "__main__":
    main()
