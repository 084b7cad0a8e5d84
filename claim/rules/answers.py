"""The answer space: every label a question or a card play may offer, as the powers declare it.

Each power declares, once per variant, the finite set of labels its questions may
offer ([`FactionPower.answers`][claim.rules.protocol.FactionPower.answers]) and the
labels its cards may be played with
([`FactionPower.play_labels`][claim.rules.protocol.FactionPower.play_labels]); the
rules declare their own (``take <card>`` for a face-up card, ``draw top``). From
these declarations alone come the action ids (`claim.rules.actions`), the verbs that
notation reads as answers (`claim.rules.notation`), and the check that refuses an
option no power declared (a `PowerError` naming the power and the label). A plugin
with a new kind of answer, one naming two cards say, declares it and needs nothing
else anywhere.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import attrs

from claim.core.cards import Card
from claim.core.errors import VariantError

if TYPE_CHECKING:
    from claim.rules.protocol import FactionPower

__all__ = ["AnswerSpace", "DeckFacts", "answer_space", "generic_answers", "rules_answers"]


@attrs.frozen
class DeckFacts:
    """What a power's declarations may read of the variant being built.

    Attributes:
        kinds: The distinct cards of the deck (identical cards are one kind), in
            deck order.
        factions: The factions' names, in the variant's order.
        players: How many players.
        powers: The factions' powers, in the same order.
    """

    kinds: tuple[Card, ...]
    factions: tuple[str, ...]
    players: int
    powers: tuple[FactionPower, ...]

    @property
    def seats(self) -> range:
        """The seats, 0 to players - 1."""
        return range(self.players)

    def kinds_of(self, faction: str) -> tuple[Card, ...]:
        """The kinds of card of ``faction``, in deck order (none for another name)."""
        return tuple(kind for kind in self.kinds if kind.faction == faction)

    def power_of(self, faction: str) -> FactionPower | None:
        """The power of ``faction``, or None when the variant has no such faction."""
        for name, power in zip(self.factions, self.powers):
            if name == faction:
                return power
        return None


def generic_answers(verbs: Iterable[str], facts: DeckFacts) -> tuple[str, ...]:
    """The labels of the generic answer forms of each verb, for powers that declare
    only their `verbs`: ``<verb> top``, ``<verb> <card>`` per kind,
    ``<verb> <card>@<seat>`` per kind and seat, ``<verb> <faction>`` per faction."""
    labels: list[str] = []
    for verb in verbs:
        labels.append(f"{verb} top")
        labels += [f"{verb} {kind}" for kind in facts.kinds]
        labels += [f"{verb} {kind}@{seat}" for kind in facts.kinds for seat in facts.seats]
        labels += [f"{verb} {faction}" for faction in facts.factions]
    return tuple(labels)


def rules_answers(facts: DeckFacts) -> tuple[str, ...]:
    """The rules' own answers (RULES 3): take a face-up card, or draw the top card."""
    return (*(f"take {kind}" for kind in facts.kinds), "draw top")


@attrs.frozen
class AnswerSpace:
    """The declared labels of a variant.

    Attributes:
        answers: Every answer label, grouped by first word (the verbs in
            alphabetical order), each group in declaration order: the rules', then
            the powers' in faction order. Action ids number them in this order.
        play_labels: Every label a card may be played with, in the same order.
        declared: Per faction, the labels its power declared (answers and play
            labels): an option it offers must be one of them.
        verbs: The first words of the answers (notation reads them as answers).
        labels: The answers as a set: what a recruiting question may offer.
    """

    answers: tuple[str, ...]
    play_labels: tuple[str, ...]
    declared: tuple[frozenset[str], ...]
    verbs: frozenset[str]
    labels: frozenset[str]


def answer_space(facts: DeckFacts) -> AnswerSpace:
    """The answer space the rules and ``facts.powers`` declare.

    Raises:
        VariantError: A power declared something other than a tuple of labels.
    """
    answers = list(rules_answers(facts))
    plays: list[str] = []
    declared = []
    for name, power in zip(facts.factions, facts.powers):
        own = _labels(power.answers(facts), name, "answers")
        played = _labels(power.play_labels(facts), name, "play_labels")
        answers += own
        plays += played
        declared.append(frozenset(own) | frozenset(played))
    ordered = _by_verb(answers)
    return AnswerSpace(ordered, _by_verb(plays), tuple(declared),
                       frozenset(label.split(" ", 1)[0] for label in ordered),
                       frozenset(ordered))


def _labels(given: object, faction: str, hook: str) -> tuple[str, ...]:
    if not isinstance(given, tuple) or not all(
            isinstance(label, str) and label.strip() == label and label for label in given):
        raise VariantError(f"the power of {faction!r}: {hook} must give a tuple of labels "
                           f"(non-empty text, no outer spaces), not {given!r}"[:300],
                           key=f"factions.{faction}.power")
    return given


def _by_verb(labels: Sequence[str]) -> tuple[str, ...]:
    """``labels`` without repeats, grouped by first word (sorted), stable within."""
    unique = list(dict.fromkeys(labels))
    return tuple(sorted(unique, key=lambda label: label.split(" ", 1)[0]))
