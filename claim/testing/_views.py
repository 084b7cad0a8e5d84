"""Leak checks for views (RULES 7), exported by `claim.testing`.

Two states that differ only in what a player cannot see must give that player
identical views and identical JSON; a state differing in something the view must
show must give a different view. The hidden differences tried here: the state
that [`sample`][claim.info.sampling.sample] draws from the view, and a card swapped
between another seat's hand and the draw pile (or between two other seats'
hands), a hidden zone (the second deck, E12) reordered, a card set aside traded
for another of its faction in a hidden hand (E33), other hidden marks fixed at the
deal before the end, among those the view allows (the fake Tricksters, E30; the
toxic cards the viewer did not look at, E32), and an unrevealed masked card of the
viewer's hand, follower pile or the trick traded for another of its class in a hidden
place (E28: its holder does not know its value either). The visible ones: a
card swapped between the viewer's hand and another hand, between two score piles,
and between the face-up cards and the draw pile; a power state changed.
"""

from __future__ import annotations

import random

import attrs

from claim.core.errors import ClaimError, ViewError
from claim.info.sampling import sample
from claim.io.serialize import from_json, to_json
from claim.rules.dealing import new_game
from claim.rules.masking import mask_table
from claim.rules.state import GameState
from claim.rules.variant import Variant
from claim.rules.views import View
from claim.testing._masked_views import check_masked_values

__all__ = ["LeakError", "check_no_leaks", "check_views"]


class LeakError(ClaimError, AssertionError):
    """A view shows something its seat may not know, or hides what it must show."""


def _same(view: View, other: View, what: str) -> None:
    if other != view or to_json(other) != to_json(view):
        raise LeakError(f"seat {view.seat}'s view changed when {what} (RULES 7)")


def _differs(view: View, other: View, what: str) -> None:
    if other == view or to_json(other) == to_json(view):
        raise LeakError(f"seat {view.seat}'s view did not change when {what} (RULES 7)")


def _swap(masks: tuple[int, ...], a: int, card_a: int, b: int, card_b: int) -> tuple[int, ...]:
    out = list(masks)
    out[a] ^= (1 << card_a) | (1 << card_b)
    out[b] ^= (1 << card_a) | (1 << card_b)
    return tuple(out)


def _distinct_pair(state: GameState, mask_a: int, mask_b: int) -> tuple[int, int] | None:
    """A card of ``mask_a`` and a card of ``mask_b`` that are not identical (nor
    masked cards of one class, E28)."""
    deck = state.variant.deck
    table = mask_table(state.variant)
    if table is not None:
        deck = tuple(shown or card for shown, card in zip(table.shown, deck))
    ids_b = state.variant.ids_in(mask_b)
    for a in state.variant.ids_in(mask_a):
        for b in ids_b:
            if deck[a] != deck[b]:
                return a, b
    return None


def check_no_leaks(state: GameState, seat: int | None, rng: random.Random) -> None:
    """Check ``seat``'s view of ``state`` (None: a spectator) against RULES 7.

    The view reads back from its JSON; a state sampled from it gives the same view
    and JSON; a card swapped between hidden places leaves the view as it is; a card
    swapped between the viewer's hand and another's, or between score piles,
    changes it. Cards set aside at the deal and hidden marks are tried as the
    module says (E30, E33).

    Raises:
        LeakError: A check failed.
    """
    view = state.view(seat)
    if from_json(to_json(view), state.variant) != view:
        raise LeakError(f"seat {seat}'s view does not read back from its JSON")
    try:
        sampled = sample(view, rng)
    except ViewError as exc:
        raise LeakError(f"seat {seat}: no state sampled from the view looks the same "
                        f"({exc}): the view shows what sampling cannot know") from None
    _same(view, sampled.view(seat), "a sampled state replaced the real one")
    hands = state.hand_masks
    others = [s for s in range(state.variant.players) if s != seat and hands[s]]
    if others and state.draw_pile:
        top = state.draw_pile[-1]
        pair = _distinct_pair(state, hands[others[0]], 1 << top)
        if pair is not None:
            masks = list(hands)
            masks[others[0]] ^= (1 << pair[0]) | (1 << top)
            pile = state.draw_pile[:-1] + (pair[0],)
            swapped = attrs.evolve(state, hand_masks=tuple(masks), draw_pile=pile)
            _same(view, swapped.view(seat), "a hidden hand card and the draw pile swapped")
    if len(others) > 1:
        pair = _distinct_pair(state, hands[others[0]], hands[others[1]])
        if pair is not None:
            swapped = attrs.evolve(state, hand_masks=_swap(hands, others[0], pair[0],
                                                           others[1], pair[1]))
            _same(view, swapped.view(seat), "two hidden hands swapped a card")
    _hidden_zone_order(state, seat, view)
    _hidden_deal(state, seat, view, rng)
    check_masked_values(state, seat, view, _same)
    _visible_changes(state, seat, view, others)


def _hidden_zone_order(state: GameState, seat: int | None, view: View) -> None:
    """E12: a hidden ordered zone (the second deck) in another order looks the same."""
    specs = state.variant.tables.zone_specs
    for index, spec in enumerate(specs):
        if not spec.public and not spec.per_seat and len(state.zones[index]) > 1:
            zones = list(state.zones)
            zones[index] = tuple(reversed(zones[index]))
            swapped = attrs.evolve(state, zones=tuple(zones))
            _same(view, swapped.view(seat), f"the {spec.name} was reordered")


def _hidden_deal(state: GameState, seat: int | None, view: View, rng: random.Random) -> None:
    """E30, E32, E33: before the end, other hidden marks fixed at the deal (another
    fake of each pair, other toxic cards where the viewer did not look) look the
    same; a card set aside traded for an unseen card of its
    faction (another value) in another hand or the draw pile looks the same."""
    variant = state.variant
    tables = variant.tables
    if tables.hidden_states and not state.is_over:
        states = list(state.power_states)
        shown = dict(view.power_states)
        for fi in tables.hidden_states:
            power = tables.powers[fi]
            states[fi] = power.redraw_state(variant, shown[power.faction], rng)
        redrawn = attrs.evolve(state, power_states=tuple(states))
        _same(view, redrawn.view(seat), "the hidden marks fixed at the deal changed")
    hands = [s for s in range(variant.players) if s != seat]
    for fi, zone, _ in tables.asides:
        aside = state.zones[zone]
        mask, aside_mask = tables.faction_masks[fi], sum(1 << c for c in aside)
        for other in hands:
            pair = _distinct_pair(state, aside_mask, state.hand_masks[other] & mask)
            if pair is not None:
                masks = list(state.hand_masks)
                masks[other] ^= (1 << pair[0]) | (1 << pair[1])
                zones = list(state.zones)
                zones[zone] = tuple(pair[1] if c == pair[0] else c for c in aside)
                swapped = attrs.evolve(state, hand_masks=tuple(masks), zones=tuple(zones))
                _same(view, swapped.view(seat), "a card set aside traded with a hidden hand")
                break


def _visible_changes(state: GameState, seat: int | None, view: View, others: list[int]) -> None:
    hands, scores = state.hand_masks, state.score_masks
    if seat is not None and others and hands[seat]:
        pair = _distinct_pair(state, hands[seat], hands[others[0]])
        if pair is not None:
            swapped = attrs.evolve(state, hand_masks=_swap(hands, seat, pair[0],
                                                           others[0], pair[1]))
            _differs(view, swapped.view(seat), "a card of its hand changed")
    if state.face_up and state.draw_pile:
        deck = state.variant.deck
        other = next((c for c in state.draw_pile if deck[c] != deck[state.face_up[0]]), None)
        if other is not None:
            pile = tuple(state.face_up[0] if c == other else c for c in state.draw_pile)
            face_up = (other,) + state.face_up[1:]
            swapped = attrs.evolve(state, face_up=face_up, draw_pile=pile)
            _differs(view, swapped.view(seat), "a face-up card changed")
    shown = [fi for fi in range(len(state.power_states))
             if fi not in state.variant.tables.hidden_states]
    if shown:
        states = list(state.power_states)
        states[shown[0]] = ("leak check",)
        marked = attrs.evolve(state, power_states=tuple(states))
        _differs(view, marked.view(seat), "a power state changed")
    if len(scores) > 1 and scores[0] and scores[1]:
        pair = _distinct_pair(state, scores[0], scores[1])
        if pair is not None:
            swapped = attrs.evolve(state, score_masks=_swap(scores, 0, pair[0], 1, pair[1]))
            _differs(view, swapped.view(seat), "two score piles swapped a card")


def check_views(variant: Variant | str, seeds: range, stops: int = 3) -> int:
    """Play random games and run [`check_no_leaks`][claim.testing.check_no_leaks]
    for every seat and a spectator at ``stops`` random moments of each.

    Returns:
        How many views were checked.

    Raises:
        LeakError: A check failed.
    """
    checked = 0
    for seed in seeds:
        rng = random.Random(seed)
        state = new_game(variant, rng=rng)
        moments = set(rng.sample(range(len(state.variant.deck)), stops))
        step = 0
        while not state.is_over:
            if step in moments:
                for seat in [*range(state.variant.players), None]:
                    check_no_leaks(state, seat, rng)
                    checked += 1
            state = state.apply(rng.choice(state.legal_moves()))
            step += 1
    return checked
