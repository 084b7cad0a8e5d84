"""Phase 2 tricks on plain ints for the solver's fast path (`claim.search._solver_fast`).

`TrickRules` holds what the powers do in a phase 2 trick of a two-player game, on
the playout kernel's tables (`claim.search._playout_tables`): the legal cards, the special
tricks (placements, waiting lines R9, next leaders R8, smash questions R7 and R15,
each smash a choice searched by the search's ``value``), the ``finish`` rules and
the result (RULES 5: R12, R13), and the result bounds the search cuts with,
including the leader's *sure tricks* (`TrickRules.lead_bounds`).
"""

from __future__ import annotations

import time

from claim.rules.rulebook import line_delivery, playable, smash_targets
from claim.search._playout_kernel import _firsts, _lines, _next_leader, _place, _same_kind
from claim.search._playout_tables import KernelTables
from claim.search._playout_winner import winner
from claim.search._solver_base import FastLimit, Memo
from claim.search._solver_key import KeyMaker

__all__ = ["Position", "TrickRules", "Zones", "cards_of"]

Zones = tuple[tuple[int, ...], ...]
"""Declared zones: per-seat zones as masks per seat, shared zones as card ids."""
Position = tuple[int, int, int, int, int, int, Zones, int]
"""A search position: leader, led card (-1: none), hands 0 and 1, score piles 0
and 1, zones, discard."""


class TrickRules:
    """Phase 2 tricks of a two-player variant on plain ints, and the search's limits.

    Args:
        kt: The variant's kernel tables.
        keys: The variant's key maker (bounds and results).
        limit: Give up at this node count (-1: never).
        deadline: Give up after this `time.perf_counter` reading (None: never).
    """

    def __init__(self, kt: KernelTables, keys: KeyMaker, limit: int,
                 deadline: float | None) -> None:
        pt = kt.phases[1]
        self.kt, self.pt, self.keys = kt, pt, keys
        self.limit, self.deadline = limit, deadline
        self.nodes = 0
        self.follow, self.wild, self.plain = kt.follow, kt.wild, pt.plain
        self.same, self.gaps = kt.same_prev, kt.gaps
        self.lines = pt.lines
        self.special = bool(pt.lines or kt.finishers)  # lines or zones at the end
        self.line_zones = tuple(line[1] for line in pt.lines)
        self.bounded = keys.decides_early
        self.bounds = keys.bounds_table
        size = len(kt.values)
        # R4 ranks: per led card, the cards that beat it as the follower's.
        self.beaten_by = tuple(sum(1 << c for c in range(size) if row[c] & 1)
                               for row in self.plain)
        # Cards whose winner surely scores them and keeps the lead (see `_sure`): not
        # placed elsewhere (Dwarves, Gnomes), not handing the lead on when led alone.
        self.sure_cards = ((1 << size) - 1) & ~pt.place_mask & ~sum(
            fmask for fmask, table in pt.leaders if table[1] not in (-1, 0))
        self.sure: dict[tuple[int, int], int] = Memo(self._sure)
        self.takes = tuple(sum(1 << c for c, code in enumerate(row) if code == 1)
                           for row in self.plain)

    def value(self, leader: int, led: int, h0: int, h1: int, s0: int, s1: int,
              zones: Zones, discard: int, alpha: int, beta: int) -> int:
        """Seat 0's value of a position (the search defines it)."""
        raise NotImplementedError

    def release(self) -> None:
        """Empty the search's memos and the key maker's (see `KeyMaker.release`)."""
        self.sure.clear()
        self.keys.release()

    def _legal(self, leader: int, led: int, h0: int, h1: int) -> int:
        """The first card of each kind the seat to act may play, as a mask."""
        if led < 0:
            hand = h1 if leader else h0
        else:
            hand = playable(h0 if leader else h1, self.follow[led], self.wild)
        if hand & self.gaps:
            return _firsts(self.kt, hand)
        return hand & ~((hand << 1) & self.same)

    def lead_bounds(self, position: Position) -> tuple[int, int]:
        """Seat 0's worst and best results at a lead, as `value` cuts with them.

        `claim.search._solver_key.KeyMaker.bounds` gives every open card to one seat or the
        other. At a lead, the leader's *sure tricks* (`_sure`) tighten the bound on
        the other side: the leader can lead them one after the other, winning each
        and keeping the lead, so every line of the leader's choosing puts them on
        the leader's score pile; the result of any such line is within the bound
        with those cards given to the leader and the other open cards to the other
        seat (the argument of ``KeyMaker.bounds``), and the leader's best line is at
        least as good for the leader.
        """
        leader, led, h0, h1, s0, s1, _, discard = position
        low, high = self.bounds[s0, s1, discard]
        if led < 0 and self.bounded:
            if leader:
                sure = self.sure[h1, h0]
                high = self.bounds[s0, s1 | sure, discard][1]
            else:
                sure = self.sure[h0, h1]
                low = self.bounds[s0 | sure, s1, discard][0]
        return low, high

    def _sure(self, hands: tuple[int, int]) -> int:
        """The leader's sure tricks: the cards of ``hands[0]`` (the leader's) that no
        card of ``hands[1]`` beats (R4 ranks; follow rules ignored, so any card
        counts as a possible reply). The winner of such a trick scores the card
        unless a placement sends it elsewhere (Dwarves, Gnomes: excluded; a waiting
        line keeps only lower cards of its faction, R9; a smash only removes a
        Gnome in front) and leads next unless a next-leader rule says otherwise
        (R8: a faction that hands the lead on when led alone is excluded; if the
        other hand holds a card that may take the lead, only the first such trick
        is sure)."""
        mine, theirs = hands
        beaten = self.beaten_by
        found = 0
        for card in cards_of(mine & self.sure_cards):
            if not beaten[card] & theirs:
                found |= 1 << card
        if found and theirs & self.pt.leader_mask:  # a reply may take the lead (R8)
            found &= -found
        return found

    def _check(self) -> None:
        """Raise `FastLimit` past the node or time limit."""
        if self.nodes == self.limit:
            raise FastLimit(f"the search visited {self.limit} positions and gave up")
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise FastLimit(f"the search ran out of time after {self.nodes} positions")

    def _deliver(self, zones: Zones, won: int) -> tuple[Zones, int]:
        """A trick without a waiting line's faction: each line delivers one waiting
        card to the winner (R9, `claim.rules.rulebook.line_delivery`); the new zones
        and the cards won."""
        values = self.kt.values
        for fmask, zone, order in self.lines:
            line = zones[zone]
            waiting = [card for card in line if (1 << card) & fmask]
            if not waiting:
                continue
            card = waiting[line_delivery([values[card] for card in waiting], order)]
            at = line.index(card)
            zones = (*zones[:zone], line[:at] + line[at + 1:], *zones[zone + 1:])
            won |= 1 << card
        return zones, won

    def _special(self, leader: int, led: int, card: int, win: int, h0: int, h1: int,
                 scores: list[int], zones: Zones, discard: int, alpha: int, beta: int) -> int:
        """A trick a power takes part in, as the kernel settles it (phase 2)."""
        pt, kt = self.pt, self.kt
        seats = (leader, 1 - leader)
        won, last = seats[win], seats[1 - win]
        trick = [led, card]
        present = (1 << led) | (1 << card)
        rest = present
        work = [list(zone) for zone in zones]
        if present & pt.place_mask:
            rest, discard = _place(pt.place, trick, scores, work, won, last, rest, discard)
        if self.lines and (present & pt.line_mask or any(work[z] for z in self.line_zones)):
            rest = _lines(kt, self.lines, trick, work, scores, won, rest)
        if rest:
            scores[won] |= rest
        nxt = _next_leader(pt, trick, present, seats, won) if present & pt.leader_mask else won
        asks: list[tuple[int, int]] = []
        if present & pt.smash_mask:
            values = kt.values
            for fmask, zone, prey in pt.smash:
                for played in trick:
                    if (1 << played) & fmask:
                        value = prey.get(values[played], 0)
                        if smash_targets(zones[zone], value, (1 - won,)):  # before (R7)
                            asks.append((zone, value))
        return self._asks(asks, won, nxt, h0, h1, scores[0], scores[1], work, discard,
                          alpha, beta)

    def _asks(self, asks: list[tuple[int, int]], won: int, nxt: int, h0: int, h1: int,
              s0: int, s1: int, work: list[list[int]], discard: int, alpha: int,
              beta: int) -> int:
        """Ask the smashes ``asks`` in order (R7, R15), each a choice of the capturer
        ``won`` among the victim's distinct cards of the value, then no smash."""
        for index, (zone, value) in enumerate(asks):
            options = _smash_options(self.same, smash_targets(work[zone], value, (1 - won,)))
            if not options:
                continue
            self.nodes += 1
            if self.nodes == self.limit or not self.nodes & 255:
                self._check()
            maximise = won == 0
            found = -2 if maximise else 2
            for option in (*options, -1):
                child = work
                if option >= 0:
                    child = [list(zone_) for zone_ in work]
                    child[zone][1 - won] ^= 1 << option
                got = self._asks(asks[index + 1:], won, nxt, h0, h1, s0, s1, child,
                                 discard | (1 << option if option >= 0 else 0), alpha, beta)
                if maximise:
                    found = max(found, got)
                    alpha = max(alpha, got)
                else:
                    found = min(found, got)
                    beta = min(beta, got)
                if alpha >= beta:
                    break
            return found
        return self.value(nxt, -1, h0, h1, s0, s1, tuple(tuple(zone) for zone in work),
                          discard, alpha, beta)

    def _final(self, s0: int, s1: int, zones: Zones) -> int:
        """Seat 0's result once the hands are empty: ``finish``, then RULES 5."""
        for fmask, zone, scored in self.kt.finishers or ():
            if scored:
                s0 |= zones[zone][0] & fmask
                s1 |= zones[zone][1] & fmask
        if self.bounded:
            return self.keys.result_of(s0, s1)
        won = winner(self.kt, [s0, s1])
        return 0 if won is None else (1 if won == 0 else -1)


def cards_of(mask: int) -> list[int]:
    """The card ids of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _smash_options(same: int, targets: list[tuple[int, int]]) -> tuple[int, ...]:
    """The first card of each kind among ``targets`` (one victim's, R7), R15."""
    options: list[int] = []
    for _, card in targets:
        if not any(_same_kind(same, card, other) for other in options):
            options.append(card)
    return tuple(options)
