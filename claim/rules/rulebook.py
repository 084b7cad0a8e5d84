"""The base rules of the game, on integer cards, each stated once.

Every path of the library that needs one of these rules calls the function here:
the engine (`claim.rules.engine`), the playout kernel (`claim.search._playout_kernel`),
the exact solver (`claim.search._solver_*`), determinization (`claim.info`) and the
built-in powers. Speed comes from how a rule is executed, never from a second copy:
this module is compiled with the engine (`claim._compiled`), its functions take
plain ints (card masks, values, positions), and a path may tabulate a function's
answers once per variant (the rank keys of `claim.rules.variant_tables`) rather
than call it in its inner loop. docs/rulebook.md maps every ruling of the spec to
the one place that states it.

Cards are ids in deck order; a *mask* has bit ``i`` set for card ``i``.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "LINE_ORDERS", "STEP_CARDS", "STEP_DRAW", "STEP_VALUE", "STEP_VOTES", "decide",
    "highest_card", "line_delivery", "line_split", "mask_value", "playable",
    "printed_rank_key", "recruit_choices", "shows_void", "smash_targets", "vote_winner",
]


def playable(hand: int, follow: int, wild: int) -> int:
    """The cards of ``hand`` a seat may play to a trick already led (RULES 3).

    A seat that holds a card of the lead faction must play one (``follow``: the
    cards that count as the lead faction, R2); a card that may always be played
    (``wild``: Doppelgangers, E-rulings that make a card playable at any time) is
    allowed beside them; a seat with no such card plays anything.

    Args:
        hand: The seat's hand, a mask.
        follow: The cards that follow the lead, a mask.
        wild: The cards playable whatever was led, a mask.
    """
    same = hand & follow
    return same | (hand & wild) if same else hand


def shows_void(played: int, follow: int, wild: int) -> bool:
    """Whether playing the card of mask ``played`` to a trick led as ``follow``
    shows the seat held no card of ``follow`` (RULES 3, read backwards by
    determinization: a seat that did not follow had nothing to follow with)."""
    return not played & (follow | wild)


_GROUP_SHIFT = 48
_LEADS, _OTHERS = 9, 8


def printed_rank_key(value: int, position: int, leads: bool) -> int:
    """The rank key of a card no power ranks: higher keys rank higher (RULES 3, R4).

    Cards that count for the lead faction (the led card and those following it,
    R2) rank above all others; within a group the higher value wins; between equal
    values the card played earlier wins. The key packs ``(group, value, 0,
    -position)`` as `claim.rules.engine.tricks` packs a power's `RankKey`, so keys
    from hooks and from this rule compare in one order.

    Args:
        value: The card's current value (E1).
        position: Its position in the trick (0: led).
        leads: Whether it counts for the lead faction: the led card does, and the
            cards that follow it (R2), except in a plain trick (E13), where only
            values rank.
    """
    group = _LEADS if leads else _OTHERS
    return ((group << _GROUP_SHIFT) | ((value + 2**15) << 32) | (2**15 << 16)
            | (2**15 - position))


def vote_winner(counts: list[int], tops: list[int]) -> int:
    """The party that wins one faction's vote, or -1 if it is unclaimed (RULES 5, R12).

    The party with the most of the faction's cards wins; a tie goes to the tied
    party holding the highest of them; equal highest cards, or no cards at all,
    leave the vote unclaimed.

    Args:
        counts: Per party, how many of the faction's cards it scored.
        tops: Per party, the value of its highest such card (read only for the
            parties tied on the most cards).
    """
    best = 0
    for count in counts:
        if count > best:
            best = count
    if best == 0:
        return -1
    found = -1
    top = 0
    holders = 0  # tied parties holding the highest card so far
    for party in range(len(counts)):
        if counts[party] != best:
            continue
        if holders == 0 or tops[party] > top:
            found, top, holders = party, tops[party], 1
        elif tops[party] == top:
            holders += 1
    return found if holders == 1 else -1


def highest_card(values: tuple[int, ...], mask: int) -> int:
    """The id of the highest card of ``mask`` by value (``values`` per card id), the
    first in deck order of equal ones; -1 for none: a party's top card (R12)."""
    best, found = 0, -1
    while mask:
        low = mask & -mask
        mask ^= low
        card = low.bit_length() - 1
        if found < 0 or values[card] > best:
            best, found = values[card], card
    return found


def mask_value(values: tuple[int, ...], mask: int) -> int:
    """The total value of the cards of ``mask`` (``values`` per card id): a party's
    value in the factions it won (R13)."""
    total = 0
    while mask:
        low = mask & -mask
        mask ^= low
        total += values[low.bit_length() - 1]
    return total


STEP_VOTES, STEP_CARDS, STEP_VALUE, STEP_DRAW = 0, 1, 2, 3
"""Which step of RULES 5's cascade decided a game (`decide`)."""


def decide(votes: list[int], cards: list[int], value: list[int]) -> tuple[int, int]:
    """The winning party and the step that decided it (RULES 5, R13).

    The most votes win; between parties tied on votes, more cards in the factions
    each won; then the higher total value of those cards; else the game is a draw
    (party -1).

    Args:
        votes: Per party, the votes won.
        cards: Per party, its cards in the factions it won.
        value: Per party, the total value of those cards.
    """
    tied = list(range(len(votes)))
    step = STEP_VOTES
    for measure in (votes, cards, value):
        best = measure[tied[0]]
        for party in tied:
            if measure[party] > best:
                best = measure[party]
        tied = [party for party in tied if measure[party] == best]
        if len(tied) == 1:
            return tied[0], step
        step += 1
    return -1, STEP_DRAW


LINE_ORDERS = ("fifo", "lowest", "highest")
"""The orders a waiting line may deliver in (rule option ``troll_queue_order``, R9);
`line_delivery` takes the index of one."""


def line_split(values: list[int]) -> tuple[int, list[int]]:
    """A waiting-line faction's cards in one trick (by value, in play order): the
    index of the one that joins the winner's score pile, the highest (the later of
    equals), and the indices of the others in the order they join the line, lowest
    first, the earlier of equals first (RULES 4 Trolls, R9)."""
    order = [0]
    for index in range(1, len(values)):  # a stable insertion by value
        at = len(order)
        while at > 0 and values[order[at - 1]] > values[index]:
            at -= 1
        order.insert(at, index)
    return order[-1], order[:-1]


def line_delivery(values: list[int], order: int) -> int:
    """Of the cards waiting in line (in line order, by value), the index of the one a
    trick without the faction's cards delivers to its winner (R9): the first in line
    (``order`` 0, fifo), the first of the lowest (1) or of the highest (2)."""
    found = 0
    for index in range(1, len(values) if order else 0):
        if (values[index] < values[found]) if order == 1 else (values[index] > values[found]):
            found = index
    return found


def smash_targets(zones: Sequence[int], prey: int, opposing: list[int] | tuple[int, ...]
                  ) -> list[tuple[int, int]]:
    """The cards a scored Giant may smash: ``(victim, card)`` for every card of
    ``prey`` lying in front of an opposing seat, seats in ``opposing`` order, cards in
    deck order (RULES 4 Giants, R7). Identical cards are one choice (R15): callers
    keep the first of each kind.

    Args:
        zones: Per seat, the cards lying in front of it, a mask.
        prey: The prey faction's cards of the Giant's value, a mask.
        opposing: The seats of the other parties.
    """
    found = []
    for victim in opposing:
        cards = zones[victim] & prey
        while cards:
            low = cards & -cards
            cards ^= low
            found.append((victim, low.bit_length() - 1))
    return found


def recruit_choices(face_up: list[int], kind: tuple[int, ...]) -> list[int]:
    """The face-up cards a seat may recruit in phase 1: the first copy of each kind,
    in face-up order (RULES 3; identical cards are one choice, R15). Empty when no
    card is face up: the seat draws the top card of the draw pile.

    Args:
        face_up: The face-up cards left, in order.
        kind: Per card id, the index of its kind (identical cards share one).
    """
    firsts: list[int] = []
    for card in face_up:
        for other in firsts:
            if kind[other] == kind[card]:
                break
        else:
            firsts.append(card)
    return firsts
