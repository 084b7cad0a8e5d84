"""Move ordering for the solver's fast path (`claim.search._solver_fast`).

The order of moves never changes a value, only how soon alpha-beta cuts. Near the
root (more than `LEAN_DEPTH` cards in the two hands) `LeanOrder` sorts by the
*lean* a trick leaves: a rough guess of who is ahead, summed over the voting
factions (RULES 5). A faction counts +1 or -1 when it is already decided for seat 0
or seat 1 (its lead in cards is more than its open cards could undo), else seat 0's
lead in cards divided by one more than its open cards. A follower tries first the
card after which the lean is best for it; a leader, the card whose worst reply
leaves the best lean. A trick a power takes part in (a placement, a waiting line, a
next leader, a smash) counts as leaving the lean as it is. Ties, and every position
deeper down, keep the static order of `claim.search._solver_fast.FastSearch`.
"""

from __future__ import annotations

from collections.abc import Callable

from claim.rules.rulebook import playable
from claim.search._playout_tables import KernelTables
from claim.search._solver_base import Memo
from claim.search._solver_key import KeyMaker
from claim.search._solver_rules import cards_of

__all__ = ["LEAN_DEPTH", "LeanOrder"]

LEAN_DEPTH = 8
"""Positions with more cards than this in the two hands order moves by the lean."""


class LeanOrder:
    """Sort keys by the lean after a trick, for one variant's tables.

    Args:
        kt: The variant's kernel tables (two players).
        keys: The variant's key maker (its voting factions).
    """

    def __init__(self, kt: KernelTables, keys: KeyMaker) -> None:
        size = len(kt.values)
        self.plain, self.follow, self.wild = kt.phases[1].plain, kt.follow, kt.wild
        self.voters = keys.voter_masks
        self.voting = keys.voting_mask
        # Per card, the index of its voting faction (-1: it does not vote).
        self.voter_of = tuple(next((i for i, m in enumerate(self.voters) if m >> c & 1), -1)
                              for c in range(size))
        # term[open][lead + size]: one faction's part of the lean.
        self.size = size
        self.card_lists: dict[int, tuple[int, ...]] = Memo(lambda mask: tuple(cards_of(mask)))
        """The card ids of a mask, lowest first (memoised; the search shares it)."""
        self.term = tuple(tuple(_term(lead, open_cards) for lead in range(-size, size + 1))
                          for open_cards in range(size + 1))

    def follower_key(self, leader: int, led: int, s0: int, s1: int, discard: int,
                     rank: tuple[int, ...]) -> Callable[[int], tuple[float, int]]:
        """A follower's sort key (higher first): the lean after its card answers
        ``led``, from its own side, then ``rank``."""
        gain = self._gain(s0, s1, discard)
        row, sign = self.plain[led], 1 if leader else -1

        def key(card: int) -> tuple[float, int]:
            code = row[card]
            if code >= 2:
                return 0.0, rank[card]
            return sign * gain(led, card, -1 if code ^ leader else 1), rank[card]

        return key

    def leader_key(self, leader: int, other: int, s0: int, s1: int, discard: int,
                   static: Callable[[int], int]) -> Callable[[int], tuple[float, int]]:
        """A leader's sort key (higher first): the lean after the other hand's
        reply that is worst for the leader, from the leader's side, then ``static``."""
        gain = self._gain(s0, s1, discard)
        plain, follow, wild, card_lists = self.plain, self.follow, self.wild, self.card_lists
        sign = -1 if leader else 1

        def key(card: int) -> tuple[float, int]:
            replies = playable(other, follow[card], wild)
            row, worst = plain[card], 2.0 * len(self.voters)
            for reply in card_lists[replies]:
                code = row[reply]
                lean = 0.0 if code >= 2 else sign * gain(card, reply,
                                                         -1 if code ^ leader else 1)
                if lean < worst:
                    worst = lean
            return worst, static(card)

        return key

    def _gain(self, s0: int, s1: int, discard: int) -> Callable[[int, int, int], float]:
        """The change of the lean (seat 0's side) when a trick of two cards goes to
        seat 0 (``to`` +1) or seat 1 (``to`` -1), from these score piles."""
        free = self.voting & ~(s0 | s1 | discard)
        leads = [(s0 & m).bit_count() - (s1 & m).bit_count() + self.size for m in self.voters]
        opens = [(free & m).bit_count() for m in self.voters]
        voter_of, term = self.voter_of, self.term

        def gain(first: int, second: int, to: int) -> float:
            a, b = voter_of[first], voter_of[second]
            if a == b:
                if a < 0:
                    return 0.0
                lead, n = leads[a], opens[a]
                return term[n - 2][lead + 2 * to] - term[n][lead]
            total = 0.0
            for index in (a, b):
                if index >= 0:
                    lead, n = leads[index], opens[index]
                    total += term[n - 1][lead + to] - term[n][lead]
            return total

        return gain


def _term(lead: int, open_cards: int) -> float:
    """One faction's part of the lean: seat 0's ``lead`` in cards with
    ``open_cards`` of the faction still open."""
    if lead > open_cards:
        return 1.0
    if -lead > open_cards:
        return -1.0
    return lead / (open_cards + 1)
