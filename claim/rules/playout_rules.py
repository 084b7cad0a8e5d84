"""Mechanisms a fast playout reproduces natively, declared by the powers that use them.

A playout (`claim.search.playouts`) is exact only if it does what the powers' hooks would
do. Hooks whose answer depends on the trick alone are *pure* (the power lists them
in `Capabilities.pure`) and are tabulated by calling them once per variant.
Hooks that read the game state cannot be tabulated; a power whose state-dependent
hooks follow one of the mechanisms below declares it (`Capabilities.playout_rule`),
with its parameters, and the playout kernel carries the mechanism out itself. A
variant with a power that overrides a hook neither pure nor covered by its rule is
played out through the engine instead (the same result, no speedup); a ``finish``
hook no rule covers is run by the engine at the end of a kernel playout.

Each rule names the hooks it stands for (`hooks`). The exactness tests of
`claim.search.playouts` play many games both ways, so a rule that disagrees with its
power's hooks is caught.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

__all__ = ["PlayoutRule", "ScoredAtEnd", "SmashPrey", "TakeTopOnWin", "WaitingLine"]


@attrs.frozen
class WaitingLine:
    """Phase 2: one card of the faction scores per trick, the others wait (R9).

    Of the faction's cards in a trick, the highest (the later one among equals)
    joins the winner's score pile and the others join the shared ordered zone
    ``zone`` (lowest first); a trick without them delivers one waiting card of the
    faction to the winner's score pile, chosen by ``order``: ``"fifo"`` (first in
    line), ``"lowest"`` or ``"highest"`` (the first such in line).

    Attributes:
        zone: The declared shared zone of the line.
        order: Which waiting card a trick delivers.
    """

    zone: str
    order: str
    hooks: ClassVar[frozenset[str]] = frozenset({"place", "finish"})


@attrs.frozen
class ScoredAtEnd:
    """At the end of the game, the faction's cards lying in the per-seat zone
    ``zone`` join that seat's score pile (RULES 4: captured Gnomes).

    Attributes:
        zone: The declared per-seat zone.
    """

    zone: str
    hooks: ClassVar[frozenset[str]] = frozenset({"finish"})


@attrs.frozen
class SmashPrey:
    """Phase 2: a card of the faction scored may discard an opponent's prey (R7).

    For each card of the faction placed on a score pile (in placement order), if
    before the trick an opposing party's seat had a card of faction ``prey`` of the
    same value in its per-seat zone ``zone``, the card's new owner is asked: one
    option per distinct (card, victim) of that value now lying there, labelled
    ``smash <card>@<victim>`` (seats in order, cards in deck order), then ``no
    smash``; none left, nothing is asked. The chosen card is discarded.

    Attributes:
        prey: The faction whose cards can be discarded.
        zone: The declared per-seat zone they lie in.
    """

    prey: str
    zone: str
    hooks: ClassVar[frozenset[str]] = frozenset({"after_place", "ask"})


@attrs.frozen
class TakeTopOnWin:
    """Phase 1: winning with a card of the faction lets the winner take the top card (R10).

    The winner's recruiting options gain ``take top`` (after the face-up cards) while
    face-up cards remain; when every face-up card and the top card are the same
    card, the options are one (R15). The peek at the top card changes nothing else.
    """

    hooks: ClassVar[frozenset[str]] = frozenset({"after_place", "recruit_options"})


PlayoutRule = WaitingLine | ScoredAtEnd | SmashPrey | TakeTopOnWin
"""A mechanism the playout kernel knows."""
