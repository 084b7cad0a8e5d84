"""Shared helpers: explicit deals, playing phase 1 to a chosen phase 2, scripted plays."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable, Sequence

from hypothesis import settings

import claim
from claim.core.records import Event, TrickCompleted

HAND = 13

# CI explores the same examples on every run (a red CI must mean a real change);
# local runs keep drawing new ones.
settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    settings.load_profile("ci")


def cards(variant: claim.Variant, notation: Iterable[str | claim.Card]) -> list[claim.Card]:
    """Notation strings (or cards) as cards of ``variant``."""
    return [variant.parse_card(c) if isinstance(c, str) else c for c in notation]


def remaining(variant: claim.Variant, used: Iterable[claim.Card]) -> list[claim.Card]:
    """The deck minus ``used`` (a multiset), in deck order; fails if ``used`` is not in it."""
    left = Counter(variant.deck)
    need = Counter(used)
    assert not need - left, f"not in the deck (or too many): {need - left}"
    left.subtract(need)
    out = []
    for card in variant.deck:
        if left[card] > 0:
            out.append(card)
            left[card] -= 1
    return out


def deal(
    variant: claim.Variant,
    hand0: Sequence[str] = (),
    hand1: Sequence[str] = (),
    pile_top: Sequence[str] = (),
    *,
    first_leader: int = 0,
    avoid0: Sequence[str] = (),
    avoid1: Sequence[str] = (),
) -> claim.GameState:
    """A 2-player game whose hands start with ``hand0``/``hand1`` and whose draw pile
    starts with ``pile_top`` (its first card is turned face up at once).

    The other cards are filled in deck order, never giving seat 0 a filler card of a
    faction in ``avoid0`` (or seat 1 one in ``avoid1``): tests use this to make a seat
    unable to follow a faction, or able only with the cards the test gives it.
    Whatever is left after the hands goes below ``pile_top``.
    """
    given = [cards(variant, hand0), cards(variant, hand1)]
    top = cards(variant, pile_top)
    rest = remaining(variant, given[0] + given[1] + top)
    for seat, avoid in ((0, set(avoid0)), (1, set(avoid1))):
        fill = [c for c in rest if c.faction not in avoid][: HAND - len(given[seat])]
        assert len(given[seat]) + len(fill) == HAND, "not enough filler cards"
        for card in fill:
            rest.remove(card)
        given[seat] += fill
    return claim.new_game(variant, hands=given, draw_pile=top + rest, first_leader=first_leader)


def play(state: claim.GameState, *moves: str | claim.Move) -> claim.GameState:
    """Apply ``moves`` in order."""
    for move in moves:
        state = state.apply(move)
    return state


def trick_events(state: claim.GameState) -> tuple[Event, ...]:
    """The events of the last move (the one that completed a trick, in these tests)."""
    return state.records[-1].events


def card_of(move: claim.Move) -> claim.Card:
    """The card ``move`` plays; fails on a move that plays none (a decision's answer)."""
    assert isinstance(move, claim.PlayCard), move
    return move.card


def completed(state: claim.GameState) -> TrickCompleted:
    """The TrickCompleted event of the last move."""
    found = [e for e in trick_events(state) if isinstance(e, TrickCompleted)]
    assert len(found) == 1
    return found[0]


def to_phase2(
    variant: claim.Variant, leader_hand: Sequence[str], other_hand: Sequence[str]
) -> claim.GameState:
    """A state at the start of phase 2 in which the seat to lead holds exactly
    ``leader_hand`` and the other seat ``other_hand`` (13 cards each).

    Phase 1 is played from the other 26 cards (seat 0 gets the first 13 in deck
    order), always the first legal move. Who wins which phase 1 trick does not
    depend on the draw pile (no Seers here), so a first run finds the trick winners
    and the draw pile is then ordered so that each seat recruits the wanted cards.
    """
    wanted = [cards(variant, leader_hand), cards(variant, other_hand)]
    assert len(wanted[0]) == len(wanted[1]) == HAND
    rest = remaining(variant, wanted[0] + wanted[1])
    hands = [rest[:HAND], rest[HAND:]]
    state = claim.new_game(variant, hands=hands, draw_pile=wanted[0] + wanted[1])
    moves, winners = [], []
    while state.phase is claim.Phase.RECRUIT:
        moves.append(state.legal_moves()[0])
        state = state.apply(moves[-1])
        winners += [e.winner for e in state.records[-1].events if isinstance(e, TrickCompleted)]
    leader = winners[-1]  # R5
    by_seat = {leader: list(wanted[0]), 1 - leader: list(wanted[1])}
    pile = []
    for winner in winners:  # the winner takes the face-up card, the loser draws the next
        pile += [by_seat[winner].pop(), by_seat[1 - winner].pop()]
    state = play(claim.new_game(variant, hands=hands, draw_pile=pile), *moves)
    assert state.phase is claim.Phase.SUPPORT
    assert state.current_player == leader
    assert Counter(state.hand(leader)) == Counter(wanted[0])
    assert Counter(state.hand(1 - leader)) == Counter(wanted[1])
    return state


def zones_of(
    variant: claim.Variant, contents: dict[str, tuple[int, ...]] | None = None
) -> tuple[tuple[int, ...], ...]:
    """``GameState.zones`` for ``variant``: every declared zone empty but ``contents``."""
    contents = contents or {}
    return tuple(
        contents.get(spec.name, (0,) * variant.players if spec.per_seat else ())
        for spec in variant.tables.zone_specs
    )
