"""Position keys and decided-early bounds for the phase 2 solver (`claim.search.solver`).

A *position key* holds everything that decides the rest of a game and nothing of its
history: hands, score piles, the declared zones, the trick, the leader, the power
states and the pending question. Identical cards (same faction and value, RULES 1)
are interchangeable, so zones are keyed by the multiset of their card kinds. When a
question is pending, a step is queued or a power state holds a number (it may name a
card id), the key keeps the exact card ids instead, so two positions share a key only
when they are truly the same.

The *bounds* bound the result before the hands are empty: the result if every card
not yet scored went to seat 0, and if every one went to seat 1 (see
`KeyMaker.bounds` for why these are the best and worst cases). They are used only
when every power of the variant is known to keep score piles growing and to leave the
votes alone (`Capabilities.monotone_votes`).
"""

from __future__ import annotations

from collections.abc import Hashable

from claim.rules.rulebook import decide, vote_winner
from claim.rules.state import GameState
from claim.rules.variant_tables import DeckTables, ids_in
from claim.search._solver_base import Memo

__all__ = ["KeyMaker"]


_NO_CARD = -(10**9)
"""The highest value of no card: below every card value a variant may give."""


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
    """Position keys and the result bounds for one variant's tables.

    Args:
        tables: The variant's tables.
    """

    def __init__(self, tables: DeckTables) -> None:
        self._per_seat = tuple(spec.per_seat for spec in tables.zone_specs)
        first: dict[object, int] = {}
        self._rep = self.rep = tuple(first.setdefault(card, cid)
                                     for cid, card in enumerate(tables.deck))
        """Per card id, the lowest id of an identical card."""
        groups: dict[int, list[int]] = {}
        for cid, rep in enumerate(self._rep):
            groups.setdefault(rep, []).append(cid)
        self._multi: tuple[tuple[int, tuple[int, ...]], ...] = tuple(
            (sum(1 << c for c in ids), _prefixes(ids)) for ids in groups.values() if len(ids) > 1
        )
        self.voter_masks = tuple(tables.faction_masks[fi] for fi in tables.voters)
        """Per voting faction, the mask of its cards."""
        self._values = tables.card_value
        self.decides_early = all(c.monotone_votes for c in tables.capabilities)
        self.voting_mask = sum(self.voter_masks)
        """The cards of every voting faction."""
        self._canon: dict[int, int] = {}
        self._parts: dict[int, tuple[int, int, int]] = {}
        self._summaries: dict[int, tuple[tuple[int, int, int], ...]] = {}
        self._plain_states = (None,) * len(tables.powers)
        self.bounds_table: dict[tuple[int, int, int], tuple[int, int]] = Memo(
            lambda piles: self._bounds_from(*piles))
        """`bounds_of` by ``(score0, score1, discard)``, memoised (hits stay C-fast)."""
        self._summary_ids: dict[int, int] = {}
        # Per voting faction: its mask, lowest card id, span of ids, and a memo of
        # `_packed` keyed by the faction's bits of (score0, score1, open) in one int.
        self._faction_slots: tuple[tuple[int, int, int, dict[int, tuple[int, int]]], ...] = tuple(
            (fmask, _lowest(fmask), fmask.bit_length() - _lowest(fmask), {})
            for fmask in self.voter_masks)
        # One faction's (votes, cards, value) differences packed in one int (see
        # `bounds_of`): wide enough that no sum of cards or values spills over.
        self._shift = (sum(abs(v) for v in tables.card_value)
                       + len(tables.card_value)).bit_length() + 1
        self._ids: dict[tuple[tuple[int, int, int], ...], int] = {}

    def release(self) -> None:
        """Empty every memo. The memos' builders refer back to this key maker (a
        reference cycle that only the cyclic collector frees); emptied, their
        contents are freed at once when the search ends."""
        for memo in (self._canon, self._parts, self._summaries, self.bounds_table,
                     self._summary_ids, self._ids):
            memo.clear()
        for slot in self._faction_slots:
            slot[3].clear()

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

    def summary(self, mask: int) -> tuple[tuple[int, int, int], ...]:
        """What a score pile decides with monotone powers: per voting faction, the
        count, the highest value and the total value of its cards (RULES 5: R12,
        R13). Each faction's part is looked up by its own bits."""
        found = self._summaries.get(mask)
        if found is None:
            found = self._summaries[mask] = tuple(
                [self._part(mask & fmask) for fmask in self.voter_masks])
        return found

    def _part(self, held: int) -> tuple[int, int, int]:
        """Count, highest value and total value of the cards ``held`` (one faction)."""
        known = self._parts.get(held)
        if known is None:
            values = [self._values[c] for c in ids_in(held)]
            known = self._parts[held] = (len(values), max(values, default=_NO_CARD),
                                         sum(values))
        return known

    def key(self, state: GameState) -> Hashable:
        """The position key of ``state`` (see the module docstring)."""
        if state.pending is not None or state.queue or (
            state.power_states != self._plain_states
            and any(_holds_number(ps) for ps in state.power_states)
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

    def bounds(self, state: GameState) -> tuple[int, int]:
        """Seat 0's worst and best possible results (RULES 5), from the score piles.

        Only with monotone powers (``decides_early``). A card is *open* when it is
        in no score pile and not out of the game: in a hand, the trick, in front of
        a player or waiting in line. Every final position gives each open card to
        seat 0, to seat 1 or to nobody, and the piles keep what they hold.

        Soundness: give every open card to seat 0. Per faction, seat 0's cards then
        contain its cards in any final position and seat 1's are contained in its
        own, so seat 0 wins at least the votes it wins in any final position and
        seat 1 at most those (R12: more cards win; on equal counts a superset has
        the higher top card). If seat 0 wins there, it wins here by votes, or the
        vote sets are equal, its won factions hold at least as many cards and seat
        1's at most as many (R13), and where both counts are equal the sets are
        the same, so are the values. So the result is at least that of every final
        position: an upper bound (the best case); the lower bound is the same with
        every open card given to seat 1. With no open card left both are the result.
        """
        score0, score1 = state.score_masks
        return self.bounds_of(score0, score1, state.discard_mask)

    def bounds_of(self, score0: int, score1: int, discard: int) -> tuple[int, int]:
        """`bounds` from the two score piles and the discard, as card masks.

        Each faction's part of the worst and the best case (`faction_part`) is packed
        as ``votes << 2s | cards << s | value``, with ``s`` wider than any sum of card
        counts or values, so the sign of the sum over the factions is the sign of the
        R13 cascade on the summed (votes, cards, value) differences (`_sign`).
        """
        return self.bounds_table[score0, score1, discard]

    def _bounds_from(self, score0: int, score1: int, discard: int) -> tuple[int, int]:
        """`bounds_of`, computed."""
        open_cards = self.voting_mask & ~(score0 | score1 | discard)
        low = high = 0
        for fmask, first, span, parts in self._faction_slots:
            mine, theirs, free = score0 & fmask, score1 & fmask, open_cards & fmask
            key = (mine >> first) | (theirs >> first) << span | (free >> first) << 2 * span
            found = parts.get(key)
            if found is None:
                found = parts[key] = self._packed(mine, theirs, free)
            low += found[0]
            high += found[1]
        return (low > 0) - (low < 0), (high > 0) - (high < 0)

    def _packed(self, mine: int, theirs: int, free: int) -> tuple[int, int]:
        """`faction_part` packed: the worst case's and the best case's one int each."""
        v0, c0, w0, v1, c1, w1 = self.faction_part(mine, theirs, free)
        shift = self._shift
        return (v0 << 2 * shift) + (c0 << shift) + w0, (v1 << 2 * shift) + (c1 << shift) + w1

    def faction_part(self, mine: int, theirs: int, free: int
                     ) -> tuple[int, int, int, int, int, int]:
        """One faction's part of the worst and best cases: seat 0's votes, cards and
        value in won factions minus seat 1's (R12, R13), with its open cards ``free``
        given to seat 1 (the first three), then to seat 0 (the last three)."""
        part = self._part
        return (*_vote(part(mine), part(theirs | free)), *_vote(part(mine | free), part(theirs)))

    def result_of(self, score0: int, score1: int) -> int:
        """Seat 0's result (+1, 0, -1) of final score piles (RULES 5: R12, R13); only
        with monotone powers (``decides_early``), as the bounds."""
        return self.bounds_of(score0, score1, self.voting_mask & ~(score0 | score1))[0]

    def summary_id(self, mask: int) -> int:
        """A small int naming `summary` of ``mask``: equal ids, equal summaries."""
        found = self._summary_ids.get(mask)
        if found is None:
            found = self._summary_ids[mask] = self._ids.setdefault(
                self.summary(mask), len(self._ids))
        return found


def _vote(mine: tuple[int, int, int], theirs: tuple[int, int, int]) -> tuple[int, int, int]:
    """One faction's vote (R12, `claim.rules.rulebook.vote_winner`) from seat 0's and
    seat 1's (count, highest, total): seat 0's votes, cards and value in the faction
    minus seat 1's, if won."""
    count0, top0, total0 = mine
    count1, top1, total1 = theirs
    won = vote_winner([count0, count1], [top0, top1])
    if won == 0:
        return (1, count0, total0)
    if won == 1:
        return (-1, -count1, -total1)
    return (0, 0, 0)


def _sign(differences: tuple[int, int, int]) -> int:
    """The R13 cascade (`claim.rules.rulebook.decide`) on seat 0's minus seat 1's
    votes, cards, value: +1, -1 or 0. `KeyMaker.bounds_of` packs the same order into
    one int per case; tests check the two agree."""
    votes, cards, value = differences
    won = decide([votes, 0], [cards, 0], [value, 0])[0]
    return 1 if won == 0 else -1 if won == 1 else 0


def _lowest(mask: int) -> int:
    """The lowest card id in ``mask`` (not empty)."""
    return (mask & -mask).bit_length() - 1


def _prefixes(ids: list[int]) -> tuple[int, ...]:
    """Per count n, the mask of the ``n`` lowest ids."""
    out, mask = [0], 0
    for cid in sorted(ids):
        mask |= 1 << cid
        out.append(mask)
    return tuple(out)

