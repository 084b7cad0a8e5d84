"""Reading a view's public history for determinization (`claim.info.sampling`).

The skeleton of a deal: the cards each seat played in each phase, the first
face-up cards, the draw pile's slots in the order cards left it (known cards, or
"drawn by seat s" / "discarded unseen", with a card a Seer showed the viewer), the
face-up cards each seat took, the cards seen going into and out of a hidden
zone (the second deck), the cards returned to a hand in phase 2 (E42, E43), and the
draws from a zone set aside at the deal into hands among the phase 2 plays (the
Fire Phoenix deck, E41).
"""

from __future__ import annotations

from collections import Counter

import attrs

from claim.core.cards import Card
from claim.core.moves import PlayCard
from claim.core.records import (
    CardDrawn,
    CardsExchanged,
    FaceUpTaken,
    FaceUpTurned,
    Peeked,
    PhaseStarted,
    Placed,
    PlacedUnseen,
)
from claim.core.zones import Phase, Zone
from claim.rules.views import HiddenEvent, View

__all__ = ["Skeleton", "skeleton", "view_support"]


@attrs.define
class Skeleton:
    """What the public history fixes of the deal (read once per view)."""

    plays1: dict[int, list[Card]] = attrs.Factory(dict)
    plays2: dict[int, list[Card]] = attrs.Factory(dict)
    face_up: list[Card] = attrs.Factory(list)
    slots: list[tuple[str, int | None, Card | None]] = attrs.Factory(list)
    takes: dict[int, Counter[Card]] = attrs.Factory(dict)
    into_hidden: Counter[Card] = attrs.Factory(Counter)
    drawn_out: list[Card] = attrs.Factory(list)
    support_at: int | None = None
    hand_draws: list[tuple[str, str, int | None, Card | None]] = attrs.Factory(list)
    """E41: in order, ``("draw", zone, seat, card or None)`` for a card drawn from a
    hidden zone into a hand, ``("play", "", seat, card)`` for a phase 2 play and
    ``("back", "", seat, card)`` for a card returned to a hand (E42, E43); empty
    when nothing was drawn into a hand."""
    returned: dict[int, Counter[Card]] = attrs.Factory(dict)
    """Per seat, the cards returned from the trick to its hand in phase 2 (a Minotaur's
    take-back, E42; a trick abandoned, E43): held twice over in plays and hand."""


def skeleton(view: View) -> Skeleton:
    """What ``view``'s public history fixes of the deal."""
    sk = Skeleton()
    phase = Phase.RECRUIT
    hidden = {z.name for z in view.zones if not z.public}
    turned = False
    on_table: Counter[Card] = Counter()  # face-up cards known not to be first ones
    peek: Card | None = None
    for index, record in enumerate(view.history):
        if isinstance(record.move, PlayCard):
            plays = sk.plays1 if phase is Phase.RECRUIT else sk.plays2
            plays.setdefault(record.seat, []).append(record.move.card)
            if phase is Phase.SUPPORT:
                sk.hand_draws.append(("play", "", record.seat, record.move.card))
        for event in record.events:
            if isinstance(event, PhaseStarted):
                phase = event.phase
                if phase is Phase.SUPPORT:
                    sk.support_at = index
            elif isinstance(event, FaceUpTurned):
                turned = True
                peek = None
                sk.slots += [("card", None, c) for c in event.cards]
            elif isinstance(event, Peeked):
                peek = event.card
            elif isinstance(event, CardDrawn):
                peek = None
                sk.slots.append(("card", None, event.card))
            elif isinstance(event, HiddenEvent) and event.origin is Zone.DRAW_PILE and (
                    event.kind != "Peeked"):
                kind = "drawn" if event.kind == "CardDrawn" else "unseen"
                sk.slots.append((kind, event.seat, peek))
                peek = None
            elif isinstance(event, (FaceUpTaken, CardsExchanged, Placed)):
                _track(sk, event, turned, on_table, hidden)
            _into_hand(sk, event)
    if not any(kind == "draw" for kind, _, _, _ in sk.hand_draws):
        sk.hand_draws = []
    if not turned:
        rest = Counter(view.face_up)
        rest.subtract(on_table)
        sk.face_up += list((+rest).elements())
    return sk


def _track(sk: Skeleton, event: FaceUpTaken | CardsExchanged | Placed, turned: bool,
           on_table: Counter[Card], hidden: set[str]) -> None:
    """Public takes, the first face-up cards, cards into and out of hidden zones."""
    if isinstance(event, FaceUpTaken):
        sk.takes.setdefault(event.seat, Counter())[event.card] += 1
    if isinstance(event, Placed) and event.zone is Zone.FOLLOWERS and event.seat is not None:
        sk.takes.setdefault(event.seat, Counter())[event.card] += 1
    if isinstance(event, Placed) and event.zone in hidden:
        sk.into_hidden[event.card] += 1
    if isinstance(event, Placed) and event.origin in hidden:
        sk.drawn_out.append(event.card)
    if turned:
        return
    if isinstance(event, CardsExchanged):
        on_table[event.card] += 1
        left = event.other
    elif isinstance(event, FaceUpTaken) or event.origin is Zone.FACE_UP:
        left = event.card
    else:
        return
    if on_table[left] > 0:
        on_table[left] -= 1
    else:
        sk.face_up.append(left)


def _into_hand(sk: Skeleton, event: object) -> None:
    """E41-E43: a card drawn from a hidden zone into a hand (seen or not), or returned
    from the trick to a hand."""
    if isinstance(event, HiddenEvent) and event.zone is Zone.HAND and (
            event.kind == "PlacedUnseen"):
        sk.hand_draws.append(("draw", str(event.origin), event.seat, None))
    elif isinstance(event, PlacedUnseen) and event.zone is Zone.HAND:
        sk.hand_draws.append(("draw", str(event.origin), event.seat, event.card))
    elif isinstance(event, Placed) and event.zone is Zone.HAND and event.seat is not None:
        sk.hand_draws.append(("back", "", event.seat, event.card))
        sk.returned.setdefault(event.seat, Counter())[event.card] += 1


def view_support(view: View) -> int | None:
    """The index of the record in which phase 2 began, if it did."""
    for index, record in enumerate(view.history):
        if any(isinstance(e, PhaseStarted) and e.phase is Phase.SUPPORT for e in record.events):
            return index
    return None
