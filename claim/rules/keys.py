"""Position keys: a hashable value per position, without history, for transposition tables.

``GameState.__eq__`` compares every field, the history (``records``) and the deal
included, and card ids: two copies of an identical card (two Goblin 0s) have
different ids. [`position_key`][] forgets the history and which copy is which:

- every unordered zone (hands, follower piles, score piles, the discard, cards in
  front of a player) keeps, for each kind of card, how many copies it holds: the
  mask is rewritten so that each kind's copies fill its lowest ids;
- every ordered zone (the trick, the face-up cards, the draw pile, a line, a second
  deck) and the chance order keep the sequence of kinds;
- the phase, the leader, the pending question (its seat, prompt and labels, which
  name cards by kind), the queued steps (the rules' recruiting steps with their
  trick's cards by kind) and the power states are kept as they are.

So two states whose every zone holds the same cards give equal keys, whichever copy
of an identical card lies where. Power states and the data of the powers' own steps
are taken as the powers store them: a power that keeps card ids of identical copies
there (none of the built-in ones does: Elf-Orc declarations name unique cards, a
Giant's smash step holds a value) keys by copy.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from claim.core.cache import per_variant
from claim.rules.variant import Variant

if TYPE_CHECKING:
    from claim.rules.effects import Step
    from claim.rules.state import GameState

__all__ = ["position_key"]


class _KeyTables:
    """Per variant: which cards have identical copies, and kinds as bytes."""

    __slots__ = ("variant", "single", "dup", "canon", "kinds", "kind_bytes", "per_seat")

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        deck = variant.deck
        first: dict[object, int] = {}
        kinds = [first.setdefault(card, len(first)) for card in deck]
        counts = [kinds.count(k) for k in range(len(first))]
        self.kinds = kinds
        self.dup = sum(1 << cid for cid, k in enumerate(kinds) if counts[k] > 1)
        self.single = ((1 << len(deck)) - 1) & ~self.dup
        self.canon: dict[int, int] = {0: 0}
        small = len(deck) <= 256 and len(first) <= 256
        self.kind_bytes = bytes(kinds + [0] * (256 - len(kinds))) if small else b""
        self.per_seat = tuple(spec.per_seat for spec in variant.tables.zone_specs)

    def canonical(self, part: int) -> int:
        """A mask of duplicated cards with each kind's copies moved to its lowest ids."""
        kinds, out = self.kinds, 0
        seen: dict[int, int] = {}
        cid = 0
        while part:
            if part & 1:
                seen[kinds[cid]] = seen.get(kinds[cid], 0) + 1
            part >>= 1
            cid += 1
        for cid, kind in enumerate(kinds):
            if seen.get(kind) and self.dup >> cid & 1:
                seen[kind] -= 1
                out |= 1 << cid
        return out

    def low(self, part: int) -> int:
        """`canonical`, cached (up to 65536 masks per variant)."""
        low = self.canon.get(part)
        if low is None:
            low = self.canonical(part)
            if len(self.canon) < 1 << 16:
                self.canon[part] = low
        return low

    def step(self, step: Step) -> Hashable:
        """A queued step; the rules' recruiting steps name their trick's cards by kind."""
        if step.owner == -1 and step.kind == "recruit":
            plays, rest = step.data[0], step.data[1:]  # (plays, ranking, amenders)
            kinds = self.kinds
            plays = tuple((seat, kinds[cid]) for seat, cid in plays)  # type: ignore[attr-defined]
            return (-1, step.seat, "recruit", plays, rest)
        return (step.owner, step.seat, step.kind, step.data)

    def seq(self, ids: tuple[int, ...]) -> Hashable:
        """An ordered zone as its sequence of kinds."""
        if self.kind_bytes:
            return bytes(ids).translate(self.kind_bytes)
        kinds = self.kinds
        return tuple(kinds[c] for c in ids)


_tables = per_variant(_KeyTables)


def position_key(state: GameState) -> Hashable:
    """A hashable key of ``state``'s position: equal for states whose every zone holds
    the same cards (identical cards interchangeable), whatever the history.

    Keys of states of different variants are not comparable (they do not name the
    variant); keep one table per variant.
    """
    t = _tables(state.variant)
    single, dup, canon = t.single, t.dup, t.canon
    masks = []
    for mask in (*state.hand_masks, *state.follower_masks, *state.score_masks,
                 state.discard_mask):
        low = canon.get(mask & dup)
        masks.append(mask & single | (t.low(mask & dup) if low is None else low))
    zones = tuple(
        tuple(m & single | t.low(m & dup) for m in zone) if per_seat else t.seq(zone)
        for per_seat, zone in zip(t.per_seat, state.zones)
    ) if state.zones else ()
    pending = state.pending
    question = None if pending is None else (
        pending.seat, pending.prompt, tuple(option.label for option in pending.options))
    return (
        state.phase.value, state.leader, t.seq(state.trick), t.seq(state.face_up),
        t.seq(state.draw_pile), tuple(masks), zones, state.power_states,
        t.seq(state.chance), question,
        tuple(map(t.step, state.queue)) if state.queue else (),
    )
