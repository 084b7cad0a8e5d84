"""Expansion powers that make choices (EXPANSIONS.md): Elf-Orcs, Shapeshifters,
Ghosts and Dark Elves, written against `claim.powers` alone.

Elf-Orcs are declared as they are played (E3, E19): the declarations are the
power's state, a sorted tuple of ``(card id, faction)`` pairs. A Shapeshifter's
swap is a play option (E5, E20), a Ghost's keeping an extra recruiting option (E6,
E26), a Dark Elf's discard a question queued after placement (E22, priority 60).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

import attrs

# Compiled with mypyc (`claim._compiled`), the classes below are built at import like
# Python classes (`registry.register` makes them non-native), their base looked up by
# its defining module, `claim.rules.protocol`, through the module object that compiled
# code imported under that name: imported here, or the base is looked up on None.
import claim.rules.protocol  # noqa: F401
from claim.powers import (
    Ask,
    Capabilities,
    DeckFacts,
    Effect,
    Exchange,
    FactionPower,
    Option,
    Phase,
    Placement,
    Play,
    Question,
    RankKey,
    Recent,
    SetPowerState,
    Step,
    Trick,
    Zone,
    card_names,
    per_variant,
    registry,
)

if TYPE_CHECKING:
    from claim.rules.state import GameState
    from claim.rules.variant import Variant

__all__ = ["DarkElves", "ElfOrcs", "Ghosts", "Shapeshifters"]

Declarations = tuple[tuple[int, str], ...]
"""Elf-Orc declarations: sorted ``(card id, faction)`` pairs."""


@per_variant
def _made_options(variant: Variant) -> Recent[tuple[object, ...], tuple[Option, ...]]:
    """The Elf-Orcs' latest play options in ``variant``, by what they depend on."""
    return Recent("the Elf-Orcs' play options", 4096, register=False)


@registry.register
@attrs.frozen
class ElfOrcs(FactionPower):
    """Dual cards declared Elves or Orcs when played (E3, E19). Both phases.

    Attributes:
        elves: The first faction a dual card may be declared (parameter).
        orcs: The second faction a dual card may be declared (parameter).
    """

    name: ClassVar[str] = "elf_orcs"
    faction_params: ClassVar[tuple[str, ...]] = ("elves", "orcs")

    elves: str = "elves"
    orcs: str = "orcs"

    def play_labels(self, facts: DeckFacts) -> tuple[str, ...]:
        """E3: a dual card is played as one side or the other."""
        return (f"as {self.elves}", f"as {self.orcs}")

    def follows(self, lead: str) -> bool:
        """E3: for the follow rule a dual card counts as both Elves and Orcs."""
        return lead in (self.elves, self.orcs, self.faction)

    def has_vote(self) -> bool:
        """E19: only Elves and Orcs have votes."""
        return False

    def initial_state(self) -> Declarations:
        """No card is declared when the game starts (E3)."""
        return ()

    def declarations(self, state: GameState) -> dict[int, str]:
        """The current declarations by card id (E3, E19)."""
        return self._as_dict(state.power_state(self.faction))

    @staticmethod
    def _as_dict(value: object) -> dict[int, str]:
        """Declarations held as the power state (a tuple of pairs), by card id."""
        return dict(value) if isinstance(value, tuple) else {}

    def play_options(self, play: Play) -> tuple[Option, ...]:
        """E3, E18, E20: declare the card; forced to the led faction when it follows it.

        The options are kept per variant by what they depend on (the declarations so
        far, the card, the forced side): asked again, they are found, not built."""
        lead = play.lead_faction
        state = play.state
        forced = lead if lead in (self.elves, self.orcs) and not self._free(state) else None
        known = state.power_states[state.variant.tables.faction_index[self.faction]]
        key = (self.faction, known, play.card, forced)
        made = _made_options(state.variant)
        found = made.get(key)
        if found is None:
            sides = (self.elves, self.orcs) if forced is None else (forced,)
            found = made.put(key, self._declared(known, play.card, sides))
        return found

    @staticmethod
    def _declared(known: object, card: int, sides: tuple[str, ...]) -> tuple[Option, ...]:
        """An option per side, each declaring ``card`` that side besides ``known``."""
        before = ElfOrcs._as_dict(known)
        return tuple(Option(f"as {side}", (SetPowerState(tuple(sorted({**before, card: side}
                                                                      .items()))),), side)
                     for side in sides)

    @staticmethod
    def _free(state: GameState) -> bool:
        """E18: whether the follow rule is off for this trick (a Satyr trick)."""
        tables = state.variant.tables  # (the powers overriding must_follow, E18)
        return any(tables.powers[fi].must_follow(state) is False for fi in tables.follow_hooks)

    def lead_now(self, state: GameState, card: int) -> str | None:
        """E3: a led dual card makes its declared faction the lead faction."""
        return self.declarations(state).get(card)

    def rank_key(self, trick: Trick, position: int) -> RankKey | None:
        """E3: a card declared as the lead faction ranks as that faction."""
        if position == 0:
            return None
        if self.declarations(trick.state).get(trick.cards[position]) != trick.lead_faction:
            return None
        return (1, trick.values[position], 0, -position)

    def scores_as(self, state: GameState, card: int) -> str | None:
        """E3, E19: a scored dual card counts for its declaration; undeclared, none."""
        return self.declarations(state).get(card)

    def phase_start(self, state: GameState) -> Sequence[Effect]:
        """E3, E19: phase 2 starts with only the scored dual cards declared."""
        if state.phase is not Phase.SUPPORT:
            return ()
        scored = 0
        for mask in state.score_masks:
            scored |= mask
        kept = tuple(pair for pair in sorted(self.declarations(state).items())
                     if scored >> pair[0] & 1)
        return (SetPowerState(kept),)

    def capabilities(self) -> Capabilities:
        """What the fast paths may rely on (`claim.rules.capabilities`)."""
        return Capabilities(public=True, rank_leads=frozenset({self.elves, self.orcs}))


@registry.register
@attrs.frozen
class Shapeshifters(FactionPower):
    """Phase 1: a Shapeshifter played from a hand swaps with a face-up card (E5, E20)."""

    name: ClassVar[str] = "shapeshifters"
    phases: ClassVar[frozenset[Phase]] = frozenset({Phase.RECRUIT})

    def play_labels(self, facts: DeckFacts) -> tuple[str, ...]:
        """E5, E20: swap with a face-up card, and the choice of a card swapped in."""
        labels = [f"swap {kind}" for kind in facts.kinds]
        for kind in facts.kinds:
            power = facts.power_of(kind.faction)
            if power is not None and not isinstance(power, Shapeshifters) and not (
                    power.plays_every_card):  # (E34: a swapped-in card drinks nothing)
                labels += [f"swap {kind} {label}" for label in power.play_labels(facts)]
        return tuple(labels)

    def play_options(self, play: Play) -> tuple[Option, ...]:
        """E5, E20: swap with which face-up card (one option per distinct card)."""
        state = play.state
        if not play.from_hand or state.phase is not Phase.RECRUIT or not state.face_up:
            return ()
        deck = state.variant.deck
        options: dict[str, Option] = {}
        for card in state.face_up:
            label = f"swap {deck[card]}"
            options.setdefault(label, Option(label, (Exchange(play.card, card),)))
        return tuple(options.values())

    def capabilities(self) -> Capabilities:
        """What the fast paths may rely on (`claim.rules.capabilities`)."""
        return Capabilities(monotone_votes=True)


@registry.register
@attrs.frozen
class Ghosts(FactionPower):
    """Phase 1: a Ghost's player may keep it as their follower instead (E6, E21, E26)."""

    name: ClassVar[str] = "ghosts"
    phases: ClassVar[frozenset[Phase]] = frozenset({Phase.RECRUIT})
    verbs: ClassVar[tuple[str, ...]] = ("keep",)

    def answers(self, facts: DeckFacts) -> tuple[str, ...]:
        """E6, E26: keep a Ghost, forgoing a given face-up card when there are two."""
        ghosts = facts.kinds_of(self.faction)
        return (*(f"keep {ghost}" for ghost in ghosts),
                *(f"keep {ghost} forgo {kind}" for ghost in ghosts for kind in facts.kinds))

    def recruit_options(
        self, state: GameState, step: Step, options: tuple[Option, ...]
    ) -> tuple[Option, ...] | None:
        """E6, E26: add keeping the Ghost, forgoing a face-up card or the top card."""
        plays = step.data[0]
        deck = state.variant.deck
        ghost = next((c for s, c in plays if s == step.seat), None)  # type: ignore[attr-defined]
        if ghost is None or deck[ghost].faction != self.faction:
            return None
        if not state.discard_mask >> ghost & 1:  # E21: a Zombie took it
            return None
        keep = Placement(ghost, Zone.FOLLOWERS, step.seat, Zone.DISCARD)
        if not state.face_up:
            top = state.draw_pile[0]
            lose = Placement(top, Zone.DISCARD, None, Zone.DRAW_PILE)
            return (*options, Option(f"keep {deck[ghost]}", (keep, lose)))
        kinds = dict.fromkeys(deck[c] for c in state.face_up)
        extra = []
        for kind in kinds:
            forgone = next(c for c in state.face_up if deck[c] == kind)
            label = f"keep {deck[ghost]}" + (f" forgo {kind}" if len(kinds) > 1 else "")
            lose = Placement(forgone, Zone.DISCARD, None, Zone.FACE_UP)
            extra.append(Option(label, (keep, lose)))
        return (*options, *extra)

    def capabilities(self) -> Capabilities:
        """What the fast paths may rely on (`claim.rules.capabilities`)."""
        return Capabilities(monotone_votes=True)


@per_variant
def _discard_options(variant: Variant) -> tuple[tuple[Option, ...], ...]:
    """Per seat and card id, the Dark Elves' option of discarding that card from
    the seat's score pile (E22)."""
    names = card_names(variant)
    return tuple(tuple(Option("discard " + names[card],
                              (Placement(card, Zone.DISCARD, None, Zone.SCORE, seat),))
                       for card in range(len(variant.deck)))
                 for seat in range(variant.players))


@registry.register
@attrs.frozen
class DarkElves(FactionPower):
    """Phase 2: collecting a Dark Elf costs one other card of the score pile (E15, E22)."""

    name: ClassVar[str] = "dark_elves"
    phases: ClassVar[frozenset[Phase]] = frozenset({Phase.SUPPORT})
    priority: ClassVar[int] = 60
    verbs: ClassVar[tuple[str, ...]] = ("discard",)

    def answers(self, facts: DeckFacts) -> tuple[str, ...]:
        """E22: discard a card of the score pile that is not a Dark Elf."""
        return tuple(f"discard {kind}" for kind in facts.kinds if kind.faction != self.faction)

    def after_place(self, trick: Trick, placed: tuple[Placement, ...]) -> Sequence[Effect]:
        """E22: one discard step per seat that scored a Dark Elf placed by this trick."""
        deck = trick.variant.deck
        seats = dict.fromkeys(
            p.seat for p in placed
            if p.zone is Zone.SCORE and p.seat is not None
            and deck[p.card].faction == self.faction
        )
        return [Ask(seat, "discard") for seat in seats if seat is not None]

    def ask(self, state: GameState, step: Step) -> Question | Sequence[Effect]:
        """E22: discard which non-Dark-Elf card of the score pile; none if there is none."""
        variant = state.variant
        seat = step.seat
        pile = state.score_masks[seat] & ~variant.faction_mask(self.faction)
        each = _discard_options(variant)[seat]
        options: dict[str, Option] = {}
        for card in variant.ids_in(pile):
            option = each[card]
            options.setdefault(option.label, option)  # identical cards: one option (R15)
        if not options:
            return ()
        return Question(seat, "discard a card of your score pile", tuple(options.values()))

    def capabilities(self) -> Capabilities:
        """What the fast paths may rely on (`claim.rules.capabilities`)."""
        return Capabilities(public=True)
