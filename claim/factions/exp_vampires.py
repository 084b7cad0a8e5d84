"""The Vampires (Fear pack, EXPANSIONS.md E37-E40), written against `claim.powers` alone.

A player who collects a Vampire in phase 2 may lay it face up in front of them as
their *crypt*, or replace their crypt with it; cards they collect afterwards may be
tucked under the crypt, and then count for the Vampires' vote instead of their own
faction. The crypt and the cards under it are a per-seat public zone of their own
(`CRYPT`), apart from the score pile (E40), so powers that read score piles never
see them.

Two questions, queued after placement by `Vampires.after_place` (priority 70: after
the Dark Elf discard, 60, so tucking comes last, E40) for each seat that collected
cards into its score pile in the trick:

* ``crypt``, when a Vampire is among them (E37): ``crypt <Vampire>`` lays it (or
  replaces the crypt: the old Vampire goes back to the score pile, the cards under
  it leave the game), ``no crypt`` declines;
* ``tuck``, when the seat has a crypt: which of the non-Vampire cards collected in
  the trick go under it. One decision whose options are the subsets, labelled by
  the cards' places in the prompt's list (``tuck 1 3``; the list is in deck order),
  ``no tuck`` for none; identical outcomes are one option (R15).

The vote (E38, E39) counts the crypt zone (`Vampires.voting_cards`): a party's crypt
score is the printed value of its crypt Vampires plus one per tucked card.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING, ClassVar, Final

import attrs

from claim.powers import (
    Ask,
    Capabilities,
    DeckFacts,
    Effect,
    FactionPower,
    Option,
    Phase,
    Placement,
    Question,
    Recent,
    Step,
    Trick,
    Zone,
    ZoneSpec,
    card_names,
    per_variant,
    registry,
)

if TYPE_CHECKING:
    from claim.core.cards import Card
    from claim.rules.state import GameState
    from claim.rules.variant import Variant

__all__ = ["CRYPT", "Vampires"]

CRYPT: Final = ZoneSpec("crypt", per_seat=True, ordered=False, public=True)
"""Per seat: the crypt Vampire and the cards tucked under it, face up (E37, E40)."""


def tuck_labels(most: int) -> tuple[str, ...]:
    """Every ``tuck`` label for up to ``most`` cards: ``tuck 1``, ``tuck 1 2``, ..."""
    labels = []
    for size in range(1, most + 1):
        for chosen in combinations(range(1, most + 1), size):
            labels.append("tuck " + " ".join(map(str, chosen)))
    return tuple(labels)


@attrs.frozen
class _Table:
    """What the Vampires' hooks read of a variant, derived once (`per_variant`).

    Attributes:
        vampires: The mask of the Vampire cards.
        crypt_zone: The index of the crypt in ``state.zones``.
        names: Per card id, its notation (``Va3``).
        subsets: Per number of cards ``n`` (from 1 up to `Vampires.most_tucked`), the
            ``tuck`` options over ``n`` cards in order: each label with the places
            (0-based) of the cards it tucks.
        asked: The latest questions asked, by what they depend on (the seat, the
            cards collected, the crypt): asked again, they are found, not built.
    """

    vampires: int
    crypt_zone: int
    names: tuple[str, ...]
    subsets: tuple[tuple[tuple[str, tuple[int, ...]], ...], ...]
    asked: Recent[tuple[object, ...], Question]


@per_variant
def _table(variant: Variant) -> _Table:
    """The Vampires' `_Table` of ``variant``."""
    most = Vampires.most_tucked(variant.players)
    subsets = []
    for count in range(1, most + 1):
        subsets.append(tuple(
            ("tuck " + " ".join(str(i + 1) for i in chosen), chosen)
            for size in range(1, count + 1) for chosen in combinations(range(count), size)))
    return _Table(variant.faction_mask(Vampires.name), variant.tables.zone_index[CRYPT.name],
                  card_names(variant), tuple(subsets),
                  Recent("the Vampires' questions", 4096, register=False))


_SCORE: Final = Zone.SCORE  # a global: cheaper to read than the Enum member on its class


@registry.register
@attrs.frozen
class Vampires(FactionPower):
    """Phase 2 and scoring: a crypt, cards tucked under it, the crypt vote (E37-E40)."""

    name: ClassVar[str] = "vampires"
    phases: ClassVar[frozenset[Phase]] = frozenset({Phase.SUPPORT})
    priority: ClassVar[int] = 70
    after_place_always: ClassVar[bool] = True
    verbs: ClassVar[tuple[str, ...]] = ("crypt", "no", "tuck")

    def zones(self) -> tuple[ZoneSpec, ...]:
        """The crypt: per seat, public, apart from the score pile (E40)."""
        return (CRYPT,)

    @staticmethod
    def most_tucked(players: int) -> int:
        """The most cards one seat can collect in one trick: the trick's cards and a
        waiting card delivered with them (a Troll). The ``tuck`` labels cover as
        many; a plugin collecting more offers subsets of the first ones only."""
        return players + 1

    def answers(self, facts: DeckFacts) -> tuple[str, ...]:
        """E37: lay (or replace) a crypt with a Vampire, or not; tuck a subset, or none."""
        return (*(f"crypt {kind}" for kind in facts.kinds_of(self.faction)), "no crypt",
                *tuck_labels(self.most_tucked(facts.players)), "no tuck")

    def after_place(self, trick: Trick, placed: tuple[Placement, ...]) -> Sequence[Effect]:
        """E37, E40: per seat that collected cards into its score pile by this trick's
        placement (cards moved by a power before, E15, are not in ``placed``): the
        crypt question if a Vampire is among them, else the tuck question if the
        seat has a crypt. Both are asked after every other power's steps."""
        collected: dict[int, list[int]] = {}
        for placement in placed:
            seat = placement.seat
            if seat is not None and placement.zone is _SCORE:
                collected.setdefault(seat, []).append(placement.card)
        if not collected:
            return ()
        state = trick.state
        table = _table(state.variant)
        crypts: tuple[int, ...] = state.zones[table.crypt_zone]
        steps: list[Effect] = []
        for seat, cards in collected.items():
            if any(table.vampires >> card & 1 for card in cards):
                steps.append(Ask(seat, "crypt", tuple(cards)))
            elif crypts[seat]:
                steps.append(Ask(seat, "tuck", tuple(cards)))
        return steps

    def ask(self, state: GameState, step: Step) -> Question | Sequence[Effect]:
        """The crypt question, or the tuck question (E37)."""
        if step.kind == "crypt":
            return self._crypt(state, step)
        return self._tuck(state, step)

    def _crypt(self, state: GameState, step: Step) -> Question | Sequence[Effect]:
        """E37: lay one collected Vampire as the crypt, replace the crypt with it, or
        not; then the tuck question. A Vampire gone from the score pile meanwhile (a
        Dark Elf discard) is not offered."""
        table, seat = _table(state.variant), step.seat
        pile = state.score_masks[seat] & table.vampires
        vampires = sorted(c for c in step.data if isinstance(c, int) and pile >> c & 1)
        if not vampires:
            return (Ask(seat, "tuck", step.data),)
        crypt: int = state.zones[table.crypt_zone][seat]
        key = ("crypt", seat, step.data, crypt, tuple(vampires))
        found = table.asked.get(key)
        if found is not None:
            return found
        then = Ask(seat, "tuck", step.data)
        clear: list[Effect] = []
        for card in state.variant.ids_in(crypt):  # replaced: the Vampire back, the rest out
            back = table.vampires >> card & 1
            clear.append(Placement(card, Zone.SCORE if back else Zone.DISCARD,
                                   seat if back else None, CRYPT.name, seat))
        options: dict[str, Option] = {"no crypt": Option("no crypt", (then,))}
        for card in vampires:
            label = "crypt " + table.names[card]
            lay = Placement(card, CRYPT.name, seat, Zone.SCORE, seat)
            options.setdefault(label, Option(label, (*clear, lay, then)))
        prompt = "replace your crypt with a Vampire" if crypt else "lay a Vampire as your crypt"
        return table.asked.put(key, Question(seat, prompt, tuple(options.values())))

    def _tuck(self, state: GameState, step: Step) -> Question | Sequence[Effect]:
        """E37, E40: tuck which of the non-Vampire cards collected in the trick (still
        in the score pile) under the crypt; nothing is asked without a crypt."""
        table, seat = _table(state.variant), step.seat
        if not state.zones[table.crypt_zone][seat] & table.vampires:
            return ()
        pile = state.score_masks[seat] & ~table.vampires
        cards = sorted(c for c in step.data if isinstance(c, int) and pile >> c & 1)
        cards = cards[:len(table.subsets)]
        if not cards:
            return ()
        key = ("tuck", seat, tuple(cards))
        found = table.asked.get(key)
        if found is not None:
            return found
        options = [Option("no tuck")]
        for label, chosen in table.subsets[len(cards) - 1]:
            moves = tuple([Placement(cards[i], CRYPT.name, seat, Zone.SCORE, seat)
                           for i in chosen])
            options.append(Option(label, moves))
        listed = ", ".join([f"{i + 1} {table.names[c]}" for i, c in enumerate(cards)])
        return table.asked.put(key, Question(seat, f"tuck cards under your crypt ({listed})",
                                             tuple(options)))

    def voting_cards(self, state: GameState, seat: int) -> int | None:
        """E38, E40: a seat's crypt and the cards under it; nothing when its crypt
        Vampire left the game (it scores nothing, E40). Vampires in the score pile
        count for nothing."""
        crypt = state.zone_masks(CRYPT.name)[seat]
        return crypt if crypt & state.variant.faction_mask(self.faction) else 0

    def vote(self, cards: tuple[tuple[Card, ...], ...]) -> int | None:
        """E38, E39: the highest crypt score wins: crypt Vampires' printed values plus
        one per tucked card (partners' crypts added). Ties as R12 on crypt scores:
        the tied party with the highest crypt Vampire wins, equal ones leave the vote
        unclaimed; no crypt, no vote (a crypt scoring 0 still beats none)."""
        scores, tops = [], []
        for held in cards:
            vampires = [card.value for card in held if card.faction == self.faction]
            score = sum(vampires) + len(held) - len(vampires)
            scores.append(score + 1 if vampires else 0)
            tops.append(max(vampires, default=0))
        best = max(scores, default=0)
        if best == 0:
            return None
        tied = [party for party, score in enumerate(scores) if score == best]
        top = max(tops[party] for party in tied)
        holders = [party for party in tied if tops[party] == top]
        return holders[0] if len(holders) == 1 else None

    def capabilities(self) -> Capabilities:
        """What the fast paths may rely on (`claim.rules.capabilities`)."""
        return Capabilities(public=True)
