"""Leak checks for masked cards (E28, E44; part of `claim.testing.check_no_leaks`):
two states that differ only in the value of an unrevealed masked card give every
seat, the card's holder included, identical views."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from claim.rules.masking import mask_table, revealed
from claim.rules.state import GameState
from claim.rules.views import View

__all__ = ["check_masked_values"]


def check_masked_values(state: GameState, seat: int | None, view: View,
                        same: Callable[[View, View, str], None]) -> None:
    """E28: an unrevealed masked card of the seat's hand, follower pile or of the
    trick traded for an unrevealed card of its class (another value) in the draw
    pile or another hand: the seat's view stays the same."""
    table = mask_table(state.variant)
    if table is None:
        return
    variant = state.variant
    hidden = table.mask & ~revealed(state)
    others = [s for s in range(variant.players) if s != seat]
    spots = [("hand", s, state.hand_masks[s]) for s in others] + [
        ("follower pile", s, state.follower_masks[s]) for s in others]
    pile = sum(1 << c for c in state.draw_pile)
    own = state.hand_masks[seat] | state.follower_masks[seat] if seat is not None else 0
    for cid in variant.ids_in((own | sum(1 << c for c in state.trick)) & hidden):
        alike = [c for c in variant.ids_in(hidden & ~own & ~(1 << cid))
                 if table.shown[c] == table.shown[cid] and c not in state.trick]
        for other in alike:
            traded = _traded(state, cid, other, pile, spots)
            if traded is not None:
                same(view, traded.view(seat), f"a masked card ({variant.deck[cid]}, shown "
                     f"{table.shown[cid]}) traded for {variant.deck[other]} (E28)")
                return


def _traded(state: GameState, cid: int, other: int, pile: int,
            spots: list[tuple[str, int, int]]) -> GameState | None:
    """``state`` with the cards ``cid`` and ``other`` trading places, or None when
    ``other`` is in no place this check trades with."""
    def moved(mask: int) -> int:
        has_a, has_b = mask >> cid & 1, mask >> other & 1
        return mask if has_a == has_b else mask ^ ((1 << cid) | (1 << other))

    if not (pile >> other & 1 or any(mask >> other & 1 for _, _, mask in spots)):
        return None
    swap = {cid: other, other: cid}
    return attrs.evolve(
        state,
        hand_masks=tuple(map(moved, state.hand_masks)),
        follower_masks=tuple(map(moved, state.follower_masks)),
        draw_pile=tuple(swap.get(c, c) for c in state.draw_pile),
        trick=tuple(swap.get(c, c) for c in state.trick))
