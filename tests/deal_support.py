"""Explicit deals for the tests of the hidden-information factions (issue 24)."""

from __future__ import annotations

import claim


def explicit_deal(variant: claim.Variant, hidden: dict[str, object], seed: int = 3, /,
                  **kwargs: object) -> claim.GameState:
    """The deal of ``seed`` given again explicitly (hands and draw pile by name), with
    ``hidden`` as its hidden states; ``kwargs`` replace any of these parts."""
    dealt = claim.new_game(variant, seed=seed)
    assert dealt.deal is not None
    deck = variant.deck
    parts: dict[str, object] = {
        "hands": [[str(deck[c]) for c in hand] for hand in dealt.deal.hands],
        "draw_pile": [str(deck[c]) for c in dealt.deal.draw_pile],
        "hidden": hidden,
    }
    parts.update(kwargs)
    return claim.new_game(variant, **parts)  # type: ignore[arg-type]
