"""Position keys and decided-early bounds for the phase 2 solver (`claim.solver`).

A *position key* holds everything that decides the rest of a game and nothing of its
history: hands, score piles, the declared zones, the trick, the leader, the power
states and the pending question. Identical cards (same faction and value, RULES 1)
are interchangeable, so zones are keyed by the multiset of their card kinds. When a
question is pending, a step is queued or a power state holds a number (it may name a
card id), the key keeps the exact card ids instead, so two positions share a key only
when they are truly the same.

The *decided* check proves a result before the hands are empty: with two players and
at most five votes, a player whose lead in three factions no remaining card can
overturn has three votes whatever happens, and wins (RULES 5). It is used only when
every power of the variant is known to keep score piles growing and to leave the
votes alone (see `MONOTONE_POWERS`).
"""

from __future__ import annotations

from collections.abc import Hashable

from claim.state import GameState
from claim.tables import DeckTables, ids_in

__all__ = ["MONOTONE_POWERS", "KeyMaker"]

MONOTONE_POWERS = frozenset({
    "FactionPower", "Knights", "Undead", "Dwarves", "Doppelgangers", "Gnomes", "Giants",
    "Dragons", "Trolls", "Seers", "Unicorns", "Mermaids", "Werewolves", "Yetis", "Satyrs",
    "Zombies", "Druids", "Shapeshifters", "Ghosts", "Basilisks", "Frostbeasts",
})
"""Power classes that never take a card out of a score pile and never change how a
vote is counted: cards only join score piles, or leave the game from outside them.
(Not so: Dark Elves, Ice Kings and Queens, Cyclops, Elf-Orcs, Awakeners.)"""


def _holds_number(value: object) -> bool:
    """Whether ``value`` (a power state) holds an int that is not a bool."""
    if isinstance(value, bool) or value is None:
        return False
    if isinstance(value, int):
        return True
    if isinstance(value, (tuple, frozenset)):
        return any(_holds_number(item) for item in value)
    return not isinstance(value, str)


class KeyMaker:
    """Position keys and the decided check for one variant's tables.

    Args:
        tables: The variant's tables.
    """

    def __init__(self, tables: DeckTables) -> None:
        self._per_seat = tuple(spec.per_seat for spec in tables.zone_specs)
        first: dict[object, int] = {}
        self._rep = tuple(first.setdefault(card, cid) for cid, card in enumerate(tables.deck))
        groups: dict[int, list[int]] = {}
        for cid, rep in enumerate(self._rep):
            groups.setdefault(rep, []).append(cid)
        self._multi: tuple[tuple[int, tuple[int, ...]], ...] = tuple(
            (sum(1 << c for c in ids), _prefixes(ids)) for ids in groups.values() if len(ids) > 1
        )
        self._voter_masks = tuple(tables.faction_masks[fi] for fi in tables.voters)
        self._values = tables.card_value
        names = {type(power).__name__ for power in tables.powers}
        self.decides_early = names <= MONOTONE_POWERS and len(tables.voters) <= 5
        self._canon: dict[int, int] = {}
        self._summaries: dict[int, Hashable] = {}

    def canon(self, mask: int) -> int:
        """``mask`` with each kind's cards replaced by that kind's lowest ids."""
        found = self._canon.get(mask)
        if found is None:
            found = mask
            for kind_mask, prefixes in self._multi:
                part = mask & kind_mask
                if part:
                    found = (found & ~kind_mask) | prefixes[part.bit_count()]
            self._canon[mask] = found
        return found

    def summary(self, mask: int) -> Hashable:
        """What a score pile decides with monotone powers: per faction, the count,
        the highest value and the total value of its cards (RULES 5: R12, R13)."""
        found = self._summaries.get(mask)
        if found is None:
            values = self._values
            parts = []
            for fmask in self._voter_masks:
                held = [values[c] for c in ids_in(mask & fmask)]
                parts.append((len(held), max(held, default=-99), sum(held)))
            found = self._summaries[mask] = tuple(parts)
        return found

    def key(self, state: GameState) -> Hashable:
        """The position key of ``state`` (see the module docstring)."""
        if state.pending is not None or state.queue or any(
            _holds_number(ps) for ps in state.power_states
        ):
            return (state.phase, state.leader, state.trick, state.hand_masks,
                    state.score_masks, state.zones, state.power_states, state.pending,
                    state.queue)
        canon, rep = self.canon, self._rep
        zones = tuple(
            tuple(canon(m) for m in content) if per_seat else tuple(rep[c] for c in content)
            for per_seat, content in zip(self._per_seat, state.zones)
        )
        piles = self.summary if self.decides_early else canon
        return (state.phase, state.leader, tuple(rep[c] for c in state.trick),
                tuple(canon(m) for m in state.hand_masks),
                tuple(piles(m) for m in state.score_masks), zones, state.power_states)

    def decided(self, state: GameState) -> int | None:
        """+1 or -1 (seat 0's view) when the votes already decide the game.

        A vote is settled when its leader's lead exceeds the cards of the faction
        not yet in a score pile, or when none are left (R12 then decides it). A
        seat with three settled votes wins; so does one whose settled votes
        outnumber the other's settled and open votes together (R13: more votes).
        """
        score0, score1 = state.score_masks
        open_mask = ~(score0 | score1 | state.discard_mask)
        locked0 = locked1 = unsettled = 0
        for fmask in self._voter_masks:
            c0 = (score0 & fmask).bit_count()
            c1 = (score1 & fmask).bit_count()
            free = (open_mask & fmask).bit_count()
            if c0 > c1 + free:
                locked0 += 1
            elif c1 > c0 + free:
                locked1 += 1
            elif free:
                unsettled += 1
            elif c0:  # equal counts, nothing left: the highest card (R12)
                top0 = max(self._values[c] for c in ids_in(score0 & fmask))
                top1 = max(self._values[c] for c in ids_in(score1 & fmask))
                locked0 += top0 > top1
                locked1 += top1 > top0
        if locked0 >= 3 or locked0 > locked1 + unsettled:
            return 1
        if locked1 >= 3 or locked1 > locked0 + unsettled:
            return -1
        return None


def _prefixes(ids: list[int]) -> tuple[int, ...]:
    """Per count n, the mask of the ``n`` lowest ids."""
    out, mask = [0], 0
    for cid in sorted(ids):
        mask |= 1 << cid
        out.append(mask)
    return tuple(out)

