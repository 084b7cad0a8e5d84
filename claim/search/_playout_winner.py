"""Who won a playout (`claim.search._playout_kernel`): the full cascade of RULES 5
(R12 votes, R13 ties) on the final score masks, from the kernel's tables."""

from __future__ import annotations

from claim.search._playout_tables import KernelTables

__all__ = ["winner"]


def winner(kt: KernelTables, scores: list[int]) -> int | None:
    """The winning party of the final ``scores``, or None for a draw (RULES 5, R12, R13)."""
    if len(kt.parties) == len(scores):
        piles = scores
        if len(piles) == 2:
            decided = _two_votes(kt, piles[0], piles[1])
            if decided is not None:
                return decided
    else:
        piles = [0] * len(kt.parties)
        for seat, mask in enumerate(scores):
            piles[kt.party[seat]] |= mask
    votes = [0] * len(piles)
    won: list[int | None] = []
    for fmask in kt.voters:
        counts = [(pile & fmask).bit_count() for pile in piles]
        best = max(counts)
        if not best:
            won.append(None)
            continue
        tied = [p for p, count in enumerate(counts) if count == best]
        if len(tied) > 1:
            tops = {p: _highest(kt, piles[p] & fmask) for p in tied}
            tied = [p for p in tied if tops[p] == max(tops.values())]
        won.append(tied[0] if len(tied) == 1 else None)
        if len(tied) == 1:
            votes[tied[0]] += 1
    tied = [p for p, count in enumerate(votes) if count == max(votes)]
    for measure in (_cards_won, _value_won):
        if len(tied) == 1:
            return tied[0]
        worth = {p: measure(kt, piles[p], won, p) for p in tied}
        tied = [p for p in tied if worth[p] == max(worth.values())]
    return tied[0] if len(tied) == 1 else None


def _two_votes(kt: KernelTables, first: int, second: int) -> int | None:
    """Two parties: the one with more votes (R12), or None when the votes tie (the
    rest of the cascade, R13, then decides in `winner`)."""
    lead = 0  # votes of party 0 minus votes of party 1
    for fmask in kt.voters:
        a = (first & fmask).bit_count()
        b = (second & fmask).bit_count()
        if a > b:
            lead += 1
        elif b > a:
            lead -= 1
        elif a:
            high_a, high_b = _highest(kt, first & fmask), _highest(kt, second & fmask)
            lead += (high_a > high_b) - (high_b > high_a)
    return None if lead == 0 else 0 if lead > 0 else 1


def _highest(kt: KernelTables, mask: int) -> int:
    return max(kt.values[c] for c in range(mask.bit_length()) if mask >> c & 1)


def _cards_won(kt: KernelTables, pile: int, won: list[int | None], party: int) -> int:
    return sum((pile & fmask).bit_count() for fmask, p in zip(kt.voters, won) if p == party)


def _value_won(kt: KernelTables, pile: int, won: list[int | None], party: int) -> int:
    return sum(kt.values[c] for fmask, p in zip(kt.voters, won) if p == party
               for c in range((pile & fmask).bit_length()) if (pile & fmask) >> c & 1)
