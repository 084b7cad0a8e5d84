"""The powers of the five Claim 2 factions (RULES 4), on the general power API.

Gnomes declare the per-seat zone ``"in front"`` and Trolls the shared ``"waiting
line"``; Giants ask their smash as a question (R7, R15); Seers reveal the top card
and add ``take top`` to their winner's recruiting options (R10). Hook order among
these powers: Dragons lead before Yetis (priority 10); Giants smash (40) after an
Awakener's draw (30) and before a Dark Elf's discard (60).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, ClassVar, Final

import attrs

from claim.core.zones import Phase, Zone
from claim.factions.claim2_moves import DeclineSmash, Smash, TakeTopCard
from claim.powers import IN_FRONT, WAITING_LINE, Capabilities, DeckFacts
from claim.rules.effects import (
    Ask,
    Effect,
    Option,
    Placement,
    Question,
    Reveal,
    Step,
    ZoneSpec,
)
from claim.rules.playout_rules import (
    ScoredAtEnd,
    SmashPrey,
    TakeTopOnWin,
    WaitingLine,
)
from claim.rules.protocol import FactionPower, RuleOption, Trick
from claim.rules.registry import registry
from claim.rules.rulebook import LINE_ORDERS, line_delivery, line_split, smash_targets

if TYPE_CHECKING:
    from claim.rules.state import GameState

__all__ = [
    "IN_FRONT", "WAITING_LINE", "DeclineSmash", "Dragons", "Giants", "Gnomes", "Seers",
    "Smash", "TakeTopCard", "Trolls",
]


# Members as globals for the hooks run on every trick (cheaper than Zone.SCORE).
_SCORE: Final = Zone.SCORE
_WAITING: Final = WAITING_LINE.name
_FOLLOWERS: Final = Zone.FOLLOWERS
_DRAW_PILE: Final = Zone.DRAW_PILE
_DISCARD: Final = Zone.DISCARD
_IN_FRONT: Final = IN_FRONT.name
_NO_SMASH: Final = Option("no smash", (), "no smash")


@registry.register
@attrs.frozen
class Gnomes(FactionPower):
    """Phase 2: captured Gnomes lie in front of their captor until the end (RULES 4)."""

    name: ClassVar[str] = "gnomes"
    phases: ClassVar[frozenset[Phase]] = frozenset({Phase.SUPPORT})
    lays_in_front: ClassVar[bool] = True

    def zones(self) -> tuple[ZoneSpec, ...]:
        """Gnomes lie in front of their captor."""
        return (IN_FRONT,)

    def place(self, trick: Trick, positions: tuple[int, ...]) -> Sequence[Effect] | None:
        """Phase 2: the winner lays the trick's Gnomes face up in front of them."""
        return trick.send(positions, IN_FRONT.name, trick.winner)

    def finish(self, state: GameState) -> Sequence[Effect]:
        """At the end, the Gnomes still in front of a player join their score pile."""
        variant = state.variant
        mask = variant.faction_mask(self.faction)
        return [
            Placement(card, Zone.SCORE, seat, IN_FRONT.name, seat)
            for seat, in_front in enumerate(state.zone_masks(IN_FRONT.name))
            for card in variant.ids_in(in_front & mask)
        ]

    def capabilities(self) -> Capabilities:
        """What the fast paths may rely on (`claim.rules.capabilities`)."""
        return Capabilities(
            public=True,
            pure=frozenset({"place"}),
            monotone_votes=True,
            playout_rule=ScoredAtEnd(IN_FRONT.name),
        )


@registry.register
@attrs.frozen
class Giants(FactionPower):
    """Phase 2: each captured Giant may smash an opposing Gnome of its value (R7).

    Attributes:
        prey: The faction a Giant smashes (parameter, default ``"gnomes"``).
    """

    name: ClassVar[str] = "giants"
    phases: ClassVar[frozenset[Phase]] = frozenset({Phase.SUPPORT})
    priority: ClassVar[int] = 40
    verbs: ClassVar[tuple[str, ...]] = ("smash", "no")

    faction_params: ClassVar[tuple[str, ...]] = ("prey",)
    prey_params: ClassVar[tuple[str, ...]] = ("prey",)

    prey: str = "gnomes"

    def answers(self, facts: DeckFacts) -> tuple[str, ...]:
        """Smash a card of the prey lying in front of a seat, or not (R7)."""
        prey = facts.kinds_of(self.prey)
        return (*(f"smash {kind}@{seat}" for kind in prey for seat in facts.seats),
                "no smash")

    def after_place(self, trick: Trick, placed: tuple[Placement, ...]) -> Sequence[Effect]:
        """A smash step for every Giant placed on a score pile (R7: after placement),
        when an opponent has a card of the prey of its value in front (R15)."""
        state = trick.state
        prey = state.variant.faction_mask(self.prey)
        for mask in state.zone_masks(IN_FRONT.name):
            if mask & prey:
                break
        else:
            return []  # no prey in front of anyone: nothing to smash
        deck = state.variant.tables.deck
        return [
            Ask(p.seat, "smash", (deck[p.card].value,))
            for p in placed
            if p.zone is _SCORE and p.seat is not None
            and deck[p.card].faction == self.faction
            and self._targets(trick.state, p.seat, deck[p.card].value)
        ]

    def _targets(self, state: GameState, seat: int, value: int) -> list[tuple[int, int]]:
        """``(victim, card id)`` of every prey card of ``value`` in front of an opponent
        (R7, `claim.rules.rulebook.smash_targets`)."""
        variant = state.variant
        opposing = [victim for team in variant.teams if seat not in team for victim in team]
        deck = variant.tables.deck
        prey = sum(1 << card for card in variant.ids_in(variant.faction_mask(self.prey))
                   if deck[card].value == value)
        return smash_targets(state.zone_masks(IN_FRONT.name), prey, sorted(opposing))

    def ask(self, state: GameState, step: Step) -> Question | Sequence[Effect]:
        """Smash which opposing Gnome of the Giant's value, or none (R15: only if any)."""
        deck = state.variant.tables.deck
        seat, value = step.seat, step.data[0]
        assert isinstance(value, int)
        options: dict[str, Option] = {}  # identical Gnomes are one target (R15)
        for victim, card in self._targets(state, seat, value):
            label = f"smash {deck[card]}@{victim}"
            effect = Placement(card, _DISCARD, None, _IN_FRONT, victim)
            options.setdefault(label, Option(label, (effect,), label))
        if not options:
            return ()
        return Question(seat, f"smash a Gnome of value {value}?",
                        (*options.values(), _NO_SMASH))

    def capabilities(self) -> Capabilities:
        """What the fast paths may rely on (`claim.rules.capabilities`)."""
        return Capabilities(
            public=True,
            monotone_votes=True,
            playout_rule=SmashPrey(self.prey, IN_FRONT.name),
        )


@registry.register
@attrs.frozen
class Dragons(FactionPower):
    """A Dragon played last to a trick makes its player lead the next one (R8).

    Attributes:
        lead: Rule option ``dragon_lead``: ``"last_card"`` or ``"last_dragon"``.
    """

    name: ClassVar[str] = "dragons"
    priority: ClassVar[int] = 10
    rule_options: ClassVar[tuple[RuleOption, ...]] = (
        RuleOption(
            "dragon_lead",
            "lead",
            "last_card",
            ("last_card", "last_dragon"),
            "Who leads after a trick with Dragons: the player of the last card if it "
            "is a Dragon (last_card), or of the last Dragon played (last_dragon) (R8).",
        ),
    )

    lead: str = "last_card"

    def next_leader(self, trick: Trick) -> int | None:
        """The seat of the Dragon that decides the next leader, if any (R8)."""
        last = len(trick.cards) - 1
        if self.lead == "last_card":
            return trick.seats[last] if trick.faction(last) == self.faction else None
        for position in range(last, -1, -1):
            if trick.faction(position) == self.faction:
                return trick.seats[position]
        return None

    def capabilities(self) -> Capabilities:
        """What the fast paths may rely on (`claim.rules.capabilities`)."""
        return Capabilities(public=True, pure=frozenset({"next_leader"}), monotone_votes=True)


@registry.register
@attrs.frozen
class Trolls(FactionPower):
    """Phase 2: at most one Troll joins a score pile per trick; the rest wait (R9).

    Attributes:
        queue_order: Rule option ``troll_queue_order``: which waiting Troll a trick
            without Trolls delivers: ``"fifo"``, ``"lowest"`` or ``"highest"``.
    """

    name: ClassVar[str] = "trolls"
    phases: ClassVar[frozenset[Phase]] = frozenset({Phase.SUPPORT})
    rule_options: ClassVar[tuple[RuleOption, ...]] = (
        RuleOption(
            "troll_queue_order",
            "queue_order",
            "fifo",
            ("fifo", "lowest", "highest"),
            "Which waiting Troll goes first: the one waiting longest (fifo), the "
            "lowest, or the highest (R9).",
        ),
    )

    queue_order: str = "fifo"

    def zones(self) -> tuple[ZoneSpec, ...]:
        """Trolls wait in a public line."""
        return (WAITING_LINE,)

    def place(self, trick: Trick, positions: tuple[int, ...]) -> Sequence[Effect] | None:
        """Score the highest Troll of the trick, else one waiting; the rest wait (R9)."""
        winner = trick.winner
        if len(positions) == 1:  # the common case: one Troll, it scores
            return [Placement(trick.cards[positions[0]], _SCORE, winner)]
        if positions:
            best, waiting = line_split([trick.card(p).value for p in positions])
            effects: list[Effect] = [Placement(trick.cards[positions[best]], _SCORE, winner)]
            effects += [Placement(trick.cards[positions[i]], _WAITING) for i in waiting]
            return effects
        deck = trick.state.variant.tables.deck
        line = [c for c in trick.state.zone_ids(WAITING_LINE.name)
                if deck[c].faction == self.faction]
        if not line:
            return ()
        return [Placement(self._first_in_line(line, trick), _SCORE, winner, _WAITING)]

    def _first_in_line(self, line: list[int], trick: Trick) -> int:
        values = [trick.state.variant.tables.deck[c].value for c in line]
        return line[line_delivery(values, LINE_ORDERS.index(self.queue_order))]

    def finish(self, state: GameState) -> Sequence[Effect]:
        """Trolls still waiting when the game ends are discarded (R9)."""
        deck = state.variant.tables.deck
        return [Placement(c, Zone.DISCARD, None, WAITING_LINE.name)
                for c in state.zone_ids(WAITING_LINE.name) if deck[c].faction == self.faction]

    def capabilities(self) -> Capabilities:
        """What the fast paths may rely on (`claim.rules.capabilities`)."""
        return Capabilities(
            public=True,
            monotone_votes=True,
            playout_rule=WaitingLine(WAITING_LINE.name, self.queue_order),
        )


@registry.register
@attrs.frozen
class Seers(FactionPower):
    """Phase 1: winning with a Seer lets the winner peek and choose (RULES 4, R10)."""

    name: ClassVar[str] = "seers"
    phases: ClassVar[frozenset[Phase]] = frozenset({Phase.RECRUIT})
    verbs: ClassVar[tuple[str, ...]] = ("take",)

    def answers(self, facts: DeckFacts) -> tuple[str, ...]:
        """Take the top card of the draw pile instead of a face-up card (R10)."""
        return ("take top",)

    def after_place(self, trick: Trick, placed: tuple[Placement, ...]) -> Sequence[Effect]:
        """The winner of a trick won by a Seer looks at the top card of the draw pile."""
        if not trick.won_by(self.faction) or not trick.state.draw_pile:
            return ()
        return (Reveal(trick.winner, trick.state.draw_pile[0]),)

    def recruit_options(
        self, state: GameState, step: Step, options: tuple[Option, ...]
    ) -> tuple[Option, ...] | None:
        """The Seer's winner may take the top card instead of a face-up card (R10)."""
        plays, ranking = step.data[0], step.data[1]
        winner = ranking[0]  # type: ignore[index]
        if step.seat != winner or not state.face_up:
            return None
        deck = state.variant.tables.deck
        card = -1
        for seat, played in plays:  # type: ignore[attr-defined]
            if seat == winner:
                card = played
                break
        if deck[card].faction != self.faction:
            return None
        top = state.draw_pile[0]
        drawn = deck[top]
        outcome: Hashable = ("take", drawn)  # R15: no real choice if every card is alike
        for face_up in state.face_up:
            if deck[face_up] == drawn:  # (Card's == without attrs' generic !=)
                continue
            outcome = "take top"
            break
        take_top = Option("take top", (Placement(top, _FOLLOWERS, winner, _DRAW_PILE),),
                          outcome)
        return (*options, take_top)

    def capabilities(self) -> Capabilities:
        """What the fast paths may rely on (`claim.rules.capabilities`)."""
        return Capabilities(
            monotone_votes=True,
            on_win=frozenset({"after_place", "recruit_options"}),
            playout_rule=TakeTopOnWin(),
            hidden_on_win=True,
        )
