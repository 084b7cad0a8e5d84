"""A rule-of-thumb bot: plays from the view alone, with no search.

[`HeuristicBot`][claim.search.bots.heuristic.HeuristicBot] scores every legal move with a
few documented rules and plays the best one (ties broken by the move's notation, so
it is deterministic; the ``rng`` is not needed):

Phase 1 (recruiting):

- A face-up card is *worth winning* when it is high (value at least
  ``GOOD_CARD``) or belongs to a faction still close in the score piles.
- Worth winning: play the cheapest card that wins the trick so far (lead the
  highest card when leading). Not worth it: play the cheapest card that loses.

Phase 2 (support):

- Count each faction's cards per party in the public score piles and the cards of
  it not yet scored. A faction is *decided* when the leader's margin exceeds what
  is left; else it is *close*, and tricks holding its cards are worth winning.
- Worth winning: the cheapest winning card. Else dump a card of a decided faction,
  the lowest first.

Everywhere:

- A card's cost is its value, plus a premium for wild cards (a power that makes
  them always playable: keep them flexible) and for cards whose power ranks them
  above a lead faction (`rank_leads`) while cards of that faction are still to come.
  Both are read from the powers' declarations, never from faction names.
- Questions: take the best face-up card (the top card of the draw pile counts as
  an average card); aim an answer naming a card at a seat (``<verb> <card>@<seat>``)
  at an opponent's highest card; any other
  question takes its first option in notation order, declining last.
"""

from __future__ import annotations

import random
from collections import Counter

from claim.core.cache import per_variant
from claim.core.cards import Card
from claim.core.errors import ClaimError
from claim.core.moves import Choose, Move, PlayCard
from claim.core.zones import Phase
from claim.rules.variant import Variant
from claim.rules.views import View

__all__ = ["GOOD_CARD", "HeuristicBot", "trick_winner_value", "wins_trick"]

GOOD_CARD = 5
"""A face-up card of at least this value is worth winning in phase 1."""


@per_variant
def _wild_factions(variant: Variant) -> frozenset[str]:
    """The factions whose cards may always be played (wild cards: the tables' mask)."""
    tables = variant.tables
    return frozenset(tables.faction_names[tables.card_faction[card]]
                     for card in variant.ids_in(tables.wild_mask))


@per_variant
def _beaten_leads(variant: Variant) -> dict[str, frozenset[str]]:
    """Per faction, the other lead factions in which its power ranks its cards."""
    tables = variant.tables
    out = {}
    for name, promised in zip(tables.faction_names, tables.capabilities):
        leads = promised.rank_leads
        if leads:
            out[name] = frozenset(leads) - {name}
    return out


class HeuristicBot:
    """Plays by the rules of thumb of this module (see its docstring)."""

    def choose(self, view: View, rng: random.Random) -> Move:
        """The legal move with the best heuristic score (``rng`` is unused)."""
        moves = sorted(view.legal_moves, key=str)
        plays = [m for m in moves if isinstance(m, PlayCard)]
        if len(plays) < len(moves):
            return _answer(view, [m for m in moves if isinstance(m, Choose)]) or moves[0]
        want = _want_trick(view)
        return min(plays, key=lambda m: _play_score(view, m, want))

    def __repr__(self) -> str:
        return "HeuristicBot()"


def _lead_faction(view: View) -> str | None:
    """The faction the current trick's lead card belongs to, if any card is down."""
    return view.trick[0][1].faction if view.trick else None


def trick_winner_value(view: View) -> tuple[int, int]:
    """A rank for the best card of the current trick: ``(tier, value)``.

    Tier 2: a card whose power ranks it above the lead faction (`rank_leads`); tier 1:
    a card of the lead faction or a wild card; tier 0: nothing down yet.
    """
    lead = _lead_faction(view)
    best = (0, -1)
    for _, card in view.trick:
        best = max(best, _rank(view, card, lead))
    return best


def _rank(view: View, card: Card, lead: str | None) -> tuple[int, int]:
    if lead is None:
        return (1, card.value)
    if lead in _beaten_leads(view.variant).get(card.faction, ()):
        return (2, card.value)
    if card.faction == lead or card.faction in _wild_factions(view.variant):
        return (1, card.value)
    return (0, -1)


def wins_trick(view: View, card: Card) -> bool:
    """Whether playing ``card`` now beats every card of the trick so far (a guess:
    only the ranks the powers declare with `rank_leads` are modelled)."""
    if not view.trick:
        return card.value >= GOOD_CARD
    return _rank(view, card, _lead_faction(view)) > trick_winner_value(view)


def _cost(view: View, card: Card) -> int:
    """What playing ``card`` spends: its value, more for cards worth keeping."""
    cost = card.value
    if card.faction in _wild_factions(view.variant):
        cost += 5
    if any(_to_come(view, lead) for lead in _beaten_leads(view.variant).get(card.faction, ())):
        cost += 3
    return cost


def _to_come(view: View, faction: str) -> bool:
    """Whether cards of ``faction`` are still to be played (not scored or discarded)."""
    seen = sum(1 for pile in view.score_piles for c in pile if c.faction == faction)
    seen += sum(1 for c in view.discard if c.faction == faction)
    total = sum(1 for c in view.variant.deck if c.faction == faction)
    return seen < total


def _play_score(view: View, move: PlayCard, want: bool) -> tuple[int, int, str]:
    """Lower is better: (rule broken, cost, notation). Leading a wanted trick
    plays the highest card; otherwise the cheapest card that does what we want."""
    if want and not view.trick:
        return (0, -move.card.value, str(move))
    win = wins_trick(view, move.card)
    return (0 if win == want else 1, _cost(view, move.card), str(move))


def _want_trick(view: View) -> bool:
    """Whether the current trick is worth winning (see the module's rules)."""
    close = _close_factions(view)
    if view.phase is Phase.RECRUIT:
        return any(c.value >= GOOD_CARD or c.faction in close for c in view.face_up)
    cards = [card for _, card in view.trick] or list(view.hand)
    return any(c.faction in close for c in cards)


def _party_of(view: View, seat: int) -> int:
    for index, party in enumerate(view.variant.teams):
        if seat in party:
            return index
    return seat


def _close_factions(view: View) -> set[str]:
    """The factions whose vote the cards still to score can change."""
    per: dict[str, Counter[int]] = {}
    for seat, pile in enumerate(view.score_piles):
        for card in pile:
            per.setdefault(card.faction, Counter())[_party_of(view, seat)] += 1
    totals = Counter(c.faction for c in view.variant.deck)
    close = set()
    for faction, total in totals.items():
        counts = per.get(faction, Counter())
        ranked = sorted(counts.values(), reverse=True) + [0, 0]
        left = total - sum(counts.values())
        if ranked[0] - ranked[1] <= left:
            close.add(faction)
    return close


def _answer(view: View, options: list[Choose]) -> Choose | None:
    """The best answer to a question, or None to take the first option."""
    def score(move: Choose) -> tuple[int, str]:
        words = move.label.split()
        if words[0] == "take" and len(words) == 2 and words[1] != "top":
            return (-_card_worth(view, words[1]), move.label)
        if words[0] == "take":
            return (-GOOD_CARD + 1, move.label)
        if len(words) == 2 and "@" in words[1]:  # a card at a seat: aim at an opponent's
            seat = words[1].rsplit("@", 1)
            mine = seat[-1].isdigit() and int(seat[-1]) == view.seat
            return ((50 if mine else 0) - _card_worth(view, seat[0]), move.label)
        if words[0] in ("no", "decline"):
            return (100, move.label)
        return (10, move.label)

    return min(options, key=score) if options else None


def _card_worth(view: View, text: str) -> int:
    """The value of the card written ``text`` (0 if it cannot be read)."""
    try:
        card = view.variant.parse_card(text)
    except ClaimError:  # an option naming no card is worth nothing
        return 0
    return card.value + (3 if card.faction in _close_factions(view) else 0)
