"""What powers return: effects, choices, steps and declared zones. Data only.

A power never changes anything. Its hooks return *effects* (values of the classes
below), which the engine checks in one place (``claim.rules.engine.effects``) and then
carries out, or *steps*: questions for a seat that the engine queues and asks in
order. A question's options are labelled (the label is the answer's notation) and
each carries its own effects, so a new power needs no new move class, decision class
or engine branch.
"""

from __future__ import annotations

from collections.abc import Hashable

import attrs

from claim.core._fast import fast_init, pickle_by_fields
from claim.core.zones import Zone

__all__ = [
    "Ask",
    "Effect",
    "Exchange",
    "Option",
    "Placement",
    "Question",
    "Reveal",
    "SetAside",
    "SetPowerState",
    "Step",
    "ZoneRef",
    "ZoneSpec",
]

ZoneRef = Zone | str
"""A zone: a member of `Zone`, or the name of a zone a power declares (`ZoneSpec`)."""


@fast_init
@pickle_by_fields
@attrs.frozen
class Placement:
    """Effect: move a card from where it lies (``origin``) to ``zone``.

    Attributes:
        card: The card's id (its position in the variant's deck).
        zone: Where it goes.
        seat: Whose zone, for per-seat zones; None for shared ones.
        origin: Where the card lies now; by default the trick being resolved.
        origin_seat: Whose zone it lies in, for per-seat origins.
    """

    card: int
    zone: ZoneRef
    seat: int | None = None
    origin: ZoneRef = Zone.TRICK
    origin_seat: int | None = None


@fast_init
@pickle_by_fields
@attrs.frozen
class Exchange:
    """Effect: two cards trade places (a Shapeshifter and a face-up card, E5).

    Attributes:
        card: A card in the trick or face up.
        other: Another card in the trick or face up.
    """

    card: int
    other: int


@fast_init
@pickle_by_fields
@attrs.frozen
class SetPowerState:
    """Effect: replace the acting power's own state (the moon, declarations, ...).

    Attributes:
        value: The new state: any hashable, immutable value (tuples, not lists).
    """

    value: Hashable


@fast_init
@pickle_by_fields
@attrs.frozen
class Reveal:
    """Effect: show ``card`` to ``seat`` alone (a Seer's peek). A private event.

    Attributes:
        seat: Who sees it.
        card: The card's id.
    """

    seat: int
    card: int


@fast_init
@pickle_by_fields
@attrs.frozen
class Ask:
    """Effect: queue a step: the acting power will be asked (``ask``) about it later.

    Attributes:
        seat: The seat the step concerns.
        kind: The power's own name for the step (``"smash"``).
        data: Whatever the power needs to build the question then (ints, strings,
            tuples of them).
    """

    seat: int
    kind: str
    data: tuple[Hashable, ...] = ()


Effect = Placement | Exchange | SetPowerState | Reveal | Ask
"""Anything a hook may return in its sequence of effects."""


@fast_init
@pickle_by_fields
@attrs.frozen
class Option:
    """One answer to a question: its notation and what it does.

    Attributes:
        label: The answer's notation (``"take Kn7"``, ``"smash Gn5@1"``), unique
            within its question.
        effects: What choosing it does, carried out in order.
        outcome: Options with equal outcomes are one choice (R15). None: the
            effects themselves, with identical cards counting as equal.
    """

    label: str
    effects: tuple[Effect, ...] = ()
    outcome: Hashable | None = None


@fast_init
@pickle_by_fields
@attrs.frozen
class Question:
    """A choice for one seat among labelled options.

    Attributes:
        seat: The seat that answers.
        prompt: What is asked, in words ("take a follower").
        options: The possible answers, in a fixed order.
    """

    seat: int
    prompt: str
    options: tuple[Option, ...]


@fast_init
@pickle_by_fields
@attrs.frozen
class Step:
    """A queued step: the power at ``owner`` is asked about it when it is reached.

    Attributes:
        owner: The faction index of the power that queued it; -1 for the rules
            themselves (recruiting followers in phase 1).
        seat: The seat the step concerns.
        kind: The owner's name for the step.
        data: The owner's data.
    """

    owner: int
    seat: int
    kind: str
    data: tuple[Hashable, ...] = ()


@attrs.frozen
class ZoneSpec:
    """A place for cards that a power declares (no engine edit needed).

    Two powers declaring a zone of the same name share it; their specs must agree.

    Attributes:
        name: The zone's name, used in effects (``"in front"``, ``"second deck"``).
        per_seat: One zone per seat (in front of each player), or one shared zone.
        ordered: Whether order matters (a line, a deck); per-seat zones are sets.
        public: Whether everyone sees its cards; hidden ordered zones can only be
            taken from the top.
    """

    name: str
    per_seat: bool = False
    ordered: bool = True
    public: bool = True


@attrs.frozen
class SetAside:
    """Cards of a faction set aside unseen before the deal (E33): chance fixed at the
    deal (the seed, or an explicit deal's ``set_aside``) picks ``count`` of the
    faction's cards and lays them, in the order drawn, in the hidden shared zone
    ``zone`` that the same power declares; the other cards are shuffled and dealt.
    The deck dealt is the variant's deck less every card set aside (RULES 2).

    Attributes:
        zone: The name of a shared zone the power declares, hidden (``public=False``).
        count: How many of the faction's cards are set aside (0 to all of them).
    """

    zone: str
    count: int
