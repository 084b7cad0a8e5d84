"""Step 2 of determinization (`claim.info.sampling`): the unseen cards placed in the
hidden places, uniformly among the placements the knowledge allows."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from math import comb

from claim.core._shuffle import shuffle
from claim.core.cards import Card
from claim.info._direct import Rejected
from claim.info.knowledge import Knowledge, Place

__all__ = ["PLACEMENT_TRIES", "Plan", "place", "placement_plan", "try_place"]


PLACEMENT_TRIES = 2000
"""How many placements step 2 draws, at most, before one passes its weight test."""


Plan = tuple[tuple[int, int], ...]
"""Step 2's plan: the places with forbidden cards in the order they are filled, each
as its index in ``Knowledge.forbidden`` and its bound ``A`` (see `try_place`)."""


def placement_plan(k: Knowledge) -> Plan:
    """Step 2's plan: the places with forbidden cards, the most constrained first
    (fewest allowed cards to spare: a zone set aside at the deal, E33, before the
    hands with voids), each with ``A``, the most cards it can find allowed once
    the places before it are filled.

    ``A`` is the cards the place allows among the unseen ones, less the fewest of
    them the places before it must take: any group of those places takes its
    cards, and at most as many as it allows outside this place's cards, so at
    least the rest from them. A bound no lower than any draw's keeps the weights
    uniform; the closer, the fewer placements refused (a zone set aside that
    takes ten of fourteen unseen Shadows leaves a hand allowing every card but a
    werewolf ten fewer to choose from, always).
    """
    unseen = Counter(k.unseen)
    counts = dict(k.places)
    wanted = [counts[place] for place, _ in k.forbidden]
    allowed = [sum(n for card, n in unseen.items() if card not in banned)
               for _, banned in k.forbidden]
    order = sorted(range(len(k.forbidden)), key=lambda i: (allowed[i] - wanted[i], i))
    plan: list[tuple[int, int]] = []
    for at, i in enumerate(order):
        banned = k.forbidden[i][1]
        mine = [card for card in unseen if card not in banned]
        least = 0
        for size in range(1, at + 1):
            for group in combinations(order[:at], size):
                outside = sum(n for card, n in unseen.items() if card in banned and any(
                    card not in k.forbidden[j][1] for j in group))
                least = max(least, sum(wanted[j] for j in group) - outside)
        plan.append((i, sum(unseen[card] for card in mine) - least))
    return tuple(plan)


def place(k: Knowledge, rng: random.Random, totals: Plan | None = None
           ) -> dict[Place, list[Card]]:
    """Step 2: the unseen cards placed, then the seen cards added to their places."""
    if totals is None:
        totals = placement_plan(k)
    for _ in range(PLACEMENT_TRIES):
        out = try_place(k, rng, totals)
        if out is not None:
            break
    else:
        raise Rejected
    for place, cards in k.known:
        out[place] = out[place] + list(cards)
    if k.top is not None:
        pile = out[("draw pile", None)]
        pile.remove(k.top)
        shuffle(pile, rng)
        pile.insert(0, k.top)
    return out


def try_place(k: Knowledge, rng: random.Random, totals: Plan
               ) -> dict[Place, list[Card]] | None:
    """One placement of the unseen cards, or None if it fails its weight test.

    The places with forbidden cards (hands with voids, zones set aside at the
    deal) take, in the order of ``totals`` (`placement_plan`), a uniform set of the
    cards allowed of those left (``a`` of them) and the rest are shuffled into
    the other places. Such a placement is proposed with probability proportional
    to the product of ``1 / C(a, n)`` over those places; it is kept with
    probability ``prod C(a, n) / prod C(A, n)``, ``A`` the plan's bound for the
    place (``A >= a`` in every draw), so every consistent placement is kept with
    the same probability. The first place always has ``a == A``: with one voided
    hand (two players) nothing is ever refused, nor with a zone set aside too
    when the hand allows all of that zone's cards or none of them.
    """
    pool = list(k.unseen)
    shuffle(pool, rng)
    counts = dict(k.places)
    out: dict[Place, list[Card]] = {place: [] for place in counts}
    weight = 1.0
    for index, total in totals:
        place, banned = k.forbidden[index]
        n = counts[place]
        allowed = [i for i, card in enumerate(pool) if card not in banned]
        if len(allowed) < n:
            return None
        weight *= comb(len(allowed), n) / comb(total, n)
        chosen = set(rng.sample(allowed, n))
        out[place] = [pool[i] for i in chosen]
        pool = [card for i, card in enumerate(pool) if i not in chosen]
    if weight < 1.0 and rng.random() >= weight:
        return None
    banned_places = {place for place, _ in k.forbidden}
    for place, n in k.places:
        if place not in banned_places:
            out[place], pool = pool[:n], pool[n:]
    return out
