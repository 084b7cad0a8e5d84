"""The phase 2 solver's fast path: alpha-beta on the playout kernel's plain ints.

`claim.search.solver` searches through ``legal_moves()`` and ``apply()``, which covers every
power. For a two-player variant whose powers the playout kernel reproduces
(`claim.search._playout_tables.kernel_tables`: the Claim and Claim 2 factions in every
built-in set-up), `FastSearch` searches the same game on a few ints per position
instead: the leader, the led card (or -1), the two hands and score piles as card
masks, the declared zones as tuples (per-seat zones: masks per seat; shared zones:
card ids in line order) and the discard mask. It does what the engine does, from
the kernel's tables:

- the legal moves of the seat to act are the first card of each kind among the
  cards it may play (follow faction, RULES 3), in deck order: ``legal_moves()``;
- a trick no power takes part in goes to the tabulated winner (R4 ranks), who
  leads; otherwise the kernel's own placement (Dwarves, Gnomes in front), waiting
  line (R9), next leader (R8) and smash questions (R7, R15) run, each smash asked
  as a choice of the capturer, searched like a play, options in the engine's order;
- at the end the ``finish`` rules (Gnomes scored, waiting Trolls discarded) and
  the full cascade of RULES 5 (R12, R13) give the result.

Positions share table entries by the same key as the generic search
(`claim.search._solver_key.KeyMaker`): hands by card kinds, score piles by their per-faction
summaries. Moves are tried in the table's best order, then near the root by the
lean a trick leaves (`claim.search._solver_order`). Tests compare values and every best move
with the generic search.
"""

from __future__ import annotations

from typing import Any

from claim.core.moves import Move
from claim.rules.rulebook import playable
from claim.rules.state import GameState
from claim.search._playout_kernel import _firsts
from claim.search._playout_tables import KernelTables, kernel_tables
from claim.search._solver_base import Memo
from claim.search._solver_key import KeyMaker
from claim.search._solver_order import LEAN_DEPTH, LeanOrder
from claim.search._solver_rules import Position, TrickRules, Zones, cards_of

__all__ = ["FastSearch", "fast_tables"]

_UNKNOWN = 8
"""The table entry of a position not stored: bounds -1 and 1, no best card."""

_NO_CUT = 9
"""`FastSearch._sure_cut`'s answer when sure tricks prove no bound past the window."""


def fast_tables(state: GameState) -> KernelTables | None:
    """The kernel tables when `FastSearch` can solve ``state``, else None: two
    players, no question pending or queued, every power reproduced by the kernel
    itself with its ``finish`` hooks and scoring (`KernelTables.native`)."""
    if state.variant.players != 2 or state.pending is not None or state.queue:
        return None
    kt = kernel_tables(state.variant)
    if isinstance(kt, str) or not kt.native:
        return None
    return kt


class FastSearch(TrickRules):
    """One alpha-beta search on plain ints, with its transposition table.

    Args:
        kt: The variant's kernel tables (from `fast_tables`).
        keys: The variant's key maker.
        per_seat: Per declared zone, whether it is per seat (else shared).
        limit: Give up at this node count (-1: never).
        deadline: Give up after this `time.perf_counter` reading (None: never).
    """

    def __init__(self, kt: KernelTables, keys: KeyMaker, per_seat: tuple[bool, ...],
                 limit: int, deadline: float | None) -> None:
        super().__init__(kt, keys, limit, deadline)
        self.per_seat = per_seat
        # An entry packs (lower + 1) | (upper + 1) << 2 | (best + 1) << 4 in one int
        # (bounds in -1..1, best card -1 for none): no tuple per stored position.
        self.table: dict[tuple[Any, ...], int] = {}
        self.hand_best: dict[tuple[Any, ...], int] = {}
        self.lean = LeanOrder(kt, keys)
        self.card_lists = self.lean.card_lists  # one memo of move masks' card lists
        self.rep = (-1, *keys.rep)  # shifted: the led card -1 (none) keys as -1
        self.canon: dict[int, int] = Memo(keys.canon)
        self.piles: dict[int, int] = Memo(
            keys.summary_id if keys.decides_early else keys.canon)
        self.zone_keys: dict[Zones, tuple[tuple[int, ...], ...]] = Memo(self._zone_key)
        values = kt.values
        # Move ordering: a follower tries its winning cards lowest first, then its
        # losing cards lowest first; a leader tries first the cards the other hand
        # cannot beat, highest first, then the others highest first.
        self.follow_rank = tuple(
            tuple((1 << 20) - values[c] if row[c] & 1 else -values[c] for c in range(len(row)))
            for row in self.plain)

    def release(self) -> None:
        """Empty the table and every memo, so that a finished search frees its
        memory at once: the memos' builders refer back to the search, a reference
        cycle that only the cyclic collector would free, after scanning all of it."""
        for memo in (self.table, self.hand_best, self.canon, self.piles, self.zone_keys,
                     self.card_lists):
            memo.clear()
        super().release()

    @staticmethod
    def setup(state: GameState) -> Position:
        """The search's position for ``state``."""
        h0, h1 = state.hand_masks
        s0, s1 = state.score_masks
        led = state.trick[0] if state.trick else -1
        zones = tuple(tuple(zone) for zone in state.zones)
        return (state.leader, led, h0, h1, s0, s1, zones, state.discard_mask)

    def moves(self, position: Position) -> list[int]:
        """The cards the seat to act may play (one per kind), in deck order."""
        leader, led, h0, h1 = position[:4]
        return cards_of(self._legal(leader, led, h0, h1))

    def move_of(self, card: int) -> Move:
        """The engine's move that plays ``card``."""
        return self.kt.play[card]

    def best_of(self, position: Position) -> int | None:
        """The table's best card for ``position``, if any."""
        leader, led, h0, h1, s0, s1, zones, _ = position
        entry = self.table.get(self._key(leader, led, h0, h1, s0, s1, zones))
        return None if entry is None or entry < 16 else (entry >> 4) - 1

    def _key(self, leader: int, led: int, h0: int, h1: int, s0: int, s1: int,
             zones: Zones) -> tuple[Any, ...]:
        """The table key (`claim.search._solver_key.KeyMaker.key` on plain ints)."""
        canon, piles = self.canon, self.piles
        if zones:
            return (leader, self.rep[led + 1], canon[h0], canon[h1], piles[s0], piles[s1],
                    self.zone_keys[zones])
        return (leader, self.rep[led + 1], canon[h0], canon[h1], piles[s0], piles[s1])

    def _zone_key(self, zones: Zones) -> tuple[tuple[int, ...], ...]:
        """The zones' part of the key: per-seat zones by card kinds, lines by the
        kinds in line order."""
        canon, rep = self.canon, self.rep
        return tuple(tuple([canon[m] for m in zone]) if per else tuple([rep[c + 1] for c in zone])
                     for per, zone in zip(self.per_seat, zones))

    def value(self, leader: int, led: int, h0: int, h1: int, s0: int, s1: int,
              zones: Zones, discard: int, alpha: int, beta: int) -> int:
        """Seat 0's value, exact inside ``(alpha, beta)``, else a bound past it."""
        self.nodes += 1
        if self.nodes == self.limit or not self.nodes & 255:
            self._check()
        if led < 0 and not (h0 & (h0 - 1) or h1 & (h1 - 1)):
            if not h0 | h1:
                return self._final(s0, s1, zones)
            if not self.special:  # the last trick is forced; the winner takes both cards
                first, second = (h1, h0) if leader else (h0, h1)
                code = self.plain[first.bit_length() - 1][second.bit_length() - 1]
                if code < 2:
                    if leader ^ code:
                        s1 |= h0 | h1
                    else:
                        s0 |= h0 | h1
                    return self._final(s0, s1, zones)
        if led < 0:  # the legal moves (`_legal`, inlined)
            hand = h1 if leader else h0
        else:
            hand = playable(h0 if leader else h1, self.follow[led], self.wild)
        if self.bounded:
            low, high = self.bounds[s0, s1, discard]
            if high <= alpha or low == high:
                return high
            if low >= beta:
                return low
            low = self._sure_cut(leader, led, h0, h1, s0, s1, discard, hand, alpha, beta)
            if low != _NO_CUT:
                return low
        legal = _firsts(self.kt, hand) if hand & self.gaps else hand & ~((hand << 1) & self.same)
        if not legal & (legal - 1):  # a forced move: no table entry needed
            return self.play(leader, led, h0, h1, s0, s1, zones, discard,
                             legal.bit_length() - 1, alpha, beta)
        canon, piles = self.canon, self.piles  # the key (`_key`, inlined)
        if zones:
            key: tuple[Any, ...] = (leader, self.rep[led + 1], canon[h0], canon[h1], piles[s0],
                                    piles[s1], self.zone_keys[zones])
        else:
            key = (leader, self.rep[led + 1], canon[h0], canon[h1], piles[s0], piles[s1])
        entry = self.table.get(key, _UNKNOWN)
        lower, upper, best = (entry & 3) - 1, ((entry >> 2) & 3) - 1, (entry >> 4) - 1
        if best < 0:  # a position with the same hands and other piles may know one
            best = self.hand_best.get(key[:4], -1)
        if lower >= beta or lower == upper:
            return lower
        if upper <= alpha:
            return upper
        if lower > alpha:
            alpha = lower
        if upper < beta:
            beta = upper
        return self._expand(key, leader, led, h0, h1, s0, s1, zones, discard, legal, best,
                            lower, upper, alpha, beta)

    def _expand(self, key: tuple[Any, ...], leader: int, led: int, h0: int, h1: int,
                s0: int, s1: int, zones: Zones, discard: int, legal: int, best: int,
                lower: int, upper: int, alpha: int, beta: int) -> int:
        """`value` of a position its table entry (``key``: bounds ``lower`` and
        ``upper``, the ``best`` card) does not decide: each of the ``legal`` cards
        searched in `_ordered` order inside the window ``(alpha, beta)``, then the
        entry stored with the bounds the result proves."""
        maximise = (leader if led < 0 else 1 - leader) == 0
        found, move = (-2, -1) if maximise else (2, -1)
        play, value = self.play, self.value
        window_low, window_high = alpha, beta  # the window the result is judged by
        for card in self._ordered(leader, led, h0, h1, s0, s1, discard, legal, best):
            if led < 0:  # a lead: the follower answers (inlined `play`)
                got = value(leader, card, h0 ^ (1 << card) if not leader else h0,
                            h1 ^ (1 << card) if leader else h1, s0, s1, zones, discard,
                            alpha, beta)
            else:
                got = play(leader, led, h0, h1, s0, s1, zones, discard, card, alpha, beta)
            if maximise:
                if got > found:
                    found, move = got, card
                    if got > alpha:
                        alpha = got
            elif got < found:
                found, move = got, card
                if got < beta:
                    beta = got
            if alpha >= beta:
                break
        if found <= window_low:
            if found < upper:
                upper = found
        elif found >= window_high:
            if found > lower:
                lower = found
        else:
            lower = upper = found
        self.table[key] = (lower + 1) | (upper + 1) << 2 | (move + 1) << 4
        if move >= 0:
            self.hand_best[key[:4]] = move
        return found

    def _sure_cut(self, leader: int, led: int, h0: int, h1: int, s0: int, s1: int,
                  discard: int, hand: int, alpha: int, beta: int) -> int:
        """A bound past ``(alpha, beta)`` from sure tricks, else `_NO_CUT` (`value`
        with bounds): a leader's sure tricks tighten one bound (`lead_bounds`); a
        follower that can take the trick, then lead its sure tricks, surely scores
        those cards (the argument of `lead_bounds`). ``hand``: the cards it may play."""
        if led < 0:
            if leader:
                sure = self.sure[h1, h0]
                if sure:
                    high = self.bounds[s0, s1 | sure, discard][1]
                    if high <= alpha:
                        return high
            else:
                sure = self.sure[h0, h1]
                if sure:
                    low = self.bounds[s0 | sure, s1, discard][0]
                    if low >= beta:
                        return low
            return _NO_CUT
        winning = hand & self.takes[led]
        if winning:
            card = winning & -winning
            got = card | (1 << led)
            if leader:
                got |= self.sure[h0 ^ card, h1]
                low = self.bounds[s0 | got, s1, discard][0]
                if low >= beta:
                    return low
            else:
                got |= self.sure[h1 ^ card, h0]
                high = self.bounds[s0, s1 | got, discard][1]
                if high <= alpha:
                    return high
        return _NO_CUT

    def _ordered(self, leader: int, led: int, h0: int, h1: int, s0: int, s1: int,
                 discard: int, legal: int, best: int) -> list[int]:
        """The legal cards: the table's best first, then near the root by the lean
        after the trick (`claim.search._solver_order`), then by likely winners."""
        cards = list(self.card_lists[legal])
        lean = self.bounded and (h0 | h1).bit_count() > LEAN_DEPTH
        if led >= 0:
            rank = self.follow_rank[led]
            cards.sort(key=self.lean.follower_key(leader, led, s0, s1, discard, rank)
                       if lean else rank.__getitem__, reverse=True)
        else:
            other = h0 if leader else h1
            beaten, values = self.beaten_by, self.kt.values

            def static(card: int) -> int:
                return values[card] if other & beaten[card] else (1 << 20) + values[card]

            cards.sort(key=self.lean.leader_key(leader, other, s0, s1, discard, static)
                       if lean else static, reverse=True)
        if best >= 0 and best in cards:
            cards.remove(best)
            cards.insert(0, best)
        return cards

    def play(self, leader: int, led: int, h0: int, h1: int, s0: int, s1: int, zones: Zones,
             discard: int, card: int, alpha: int, beta: int) -> int:
        """The value after the seat to act plays ``card``."""
        bit = 1 << card
        if led < 0:
            if leader:
                h1 ^= bit
            else:
                h0 ^= bit
            return self.value(leader, card, h0, h1, s0, s1, zones, discard, alpha, beta)
        if leader:
            h0 ^= bit
        else:
            h1 ^= bit
        code = self.plain[led][card]
        if code < 2:  # no power's card in the trick: the winner takes it and leads
            if code:
                leader = 1 - leader
            bit |= 1 << led
            if self.lines:
                zones, bit = self._deliver(zones, bit)
            if leader:
                s1 |= bit
            else:
                s0 |= bit
            return self.value(leader, -1, h0, h1, s0, s1, zones, discard, alpha, beta)
        return self._special(leader, led, card, code & 1, h0, h1, [s0, s1], zones, discard,
                             alpha, beta)
