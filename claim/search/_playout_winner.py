"""Who won a playout (`claim.search._playout_kernel`): RULES 5 on the final score
masks, from the kernel's tables, by the rulebook's own statements of the vote (R12,
`claim.rules.rulebook.vote_winner`) and of the cascade (R13,
`claim.rules.rulebook.decide`)."""

from __future__ import annotations

from claim.rules.rulebook import decide, highest_card, mask_value, vote_winner
from claim.search._playout_tables import KernelTables

__all__ = ["winner"]


def winner(kt: KernelTables, scores: list[int]) -> int | None:
    """The winning party of the final ``scores``, or None for a draw (RULES 5, R12, R13)."""
    parties = len(kt.parties)
    if parties == len(scores):
        piles = scores
    else:
        piles = [0] * parties
        for seat, mask in enumerate(scores):
            piles[kt.party[seat]] |= mask
    votes = [0] * parties
    cards = [0] * parties
    value = [0] * parties
    counts = [0] * parties
    tops = [0] * parties
    voters: tuple[int, ...] = kt.voters
    for fmask in voters:
        best = ties = 0
        for party in range(parties):
            held: int = piles[party] & fmask
            count = counts[party] = held.bit_count()
            if count > best:
                best, ties = count, 1
            elif count == best:
                ties += 1
        if best == 0:
            continue
        if ties > 1:  # `vote_winner` reads the highest cards of tied parties only
            for party in range(parties):
                tops[party] = kt.values[highest_card(kt.values, piles[party] & fmask)] if (
                    counts[party] == best) else 0
        won = vote_winner(counts, tops)
        if won >= 0:
            votes[won] += 1
            cards[won] += best
            value[won] += mask_value(kt.values, piles[won] & fmask)
    found = decide(votes, cards, value)[0]
    return None if found < 0 else found

