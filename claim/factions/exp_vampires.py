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
from typing import TYPE_CHECKING, ClassVar

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
    Step,
    Trick,
    Zone,
    ZoneSpec,
    registry,
)

if TYPE_CHECKING:
    from claim.core.cards import Card
    from claim.rules.state import GameState

__all__ = ["CRYPT", "Vampires"]

CRYPT = ZoneSpec("crypt", per_seat=True, ordered=False, public=True)
"""Per seat: the crypt Vampire and the cards tucked under it, face up (E37, E40)."""


def tuck_labels(most: int) -> tuple[str, ...]:
    """Every ``tuck`` label for up to ``most`` cards: ``tuck 1``, ``tuck 1 2``, ..."""
    labels = []
    for size in range(1, most + 1):
        for chosen in combinations(range(1, most + 1), size):
            labels.append("tuck " + " ".join(map(str, chosen)))
    return tuple(labels)


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
        deck = trick.variant.deck
        collected: dict[int, list[int]] = {}
        for placement in placed:
            if placement.zone is Zone.SCORE and placement.seat is not None:
                collected.setdefault(placement.seat, []).append(placement.card)
        crypts = trick.state.zone_masks(CRYPT.name)
        steps: list[Effect] = []
        for seat, cards in collected.items():
            if any(deck[card].faction == self.faction for card in cards):
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
        variant, seat = state.variant, step.seat
        pile = state.score_masks[seat]
        then = Ask(seat, "tuck", step.data)
        vampires = [c for c in step.data if isinstance(c, int) and pile >> c & 1
                    and variant.deck[c].faction == self.faction]
        if not vampires:
            return (then,)
        crypt = state.zone_masks(CRYPT.name)[seat]
        clear: list[Effect] = []
        for card in variant.ids_in(crypt):  # replaced: the Vampire back, the rest out
            back = variant.deck[card].faction == self.faction
            clear.append(Placement(card, Zone.SCORE if back else Zone.DISCARD,
                                   seat if back else None, CRYPT.name, seat))
        options: dict[str, Option] = {"no crypt": Option("no crypt", (then,))}
        for card in sorted(vampires):
            label = f"crypt {variant.deck[card]}"
            lay = Placement(card, CRYPT.name, seat, Zone.SCORE, seat)
            options.setdefault(label, Option(label, (*clear, lay, then)))
        prompt = "replace your crypt with a Vampire" if crypt else "lay a Vampire as your crypt"
        return Question(seat, prompt, tuple(options.values()))

    def _tuck(self, state: GameState, step: Step) -> Question | Sequence[Effect]:
        """E37, E40: tuck which of the non-Vampire cards collected in the trick (still
        in the score pile) under the crypt; nothing is asked without a crypt."""
        variant, seat = state.variant, step.seat
        if not state.zone_masks(CRYPT.name)[seat] & variant.faction_mask(self.faction):
            return ()
        pile = state.score_masks[seat]
        cards = sorted(c for c in step.data if isinstance(c, int) and pile >> c & 1
                       and variant.deck[c].faction != self.faction)
        cards = cards[:self.most_tucked(variant.players)]
        if not cards:
            return ()
        options = [Option("no tuck")]
        for size in range(1, len(cards) + 1):
            for chosen in combinations(range(len(cards)), size):
                label = "tuck " + " ".join(str(i + 1) for i in chosen)
                moves = tuple(Placement(cards[i], CRYPT.name, seat, Zone.SCORE, seat)
                              for i in chosen)
                options.append(Option(label, moves))
        listed = ", ".join(f"{i + 1} {variant.deck[c]}" for i, c in enumerate(cards))
        return Question(seat, f"tuck cards under your crypt ({listed})", tuple(options))

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
