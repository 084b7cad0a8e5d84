"""Checks of what powers promise about their hooks (`claim.rules.capabilities`).

A promise only makes a fast path faster; a false one makes it wrong. So
[`check_capabilities`][claim.testing.check_capabilities] plays random games of a
variant and, at every complete trick, holds each power to its promises, calling its
hooks the way the engine does:

* ``public``: every trick hook answers the same when two cards are swapped between
  places nobody sees (two hands, a hand and the draw pile);
* ``hidden_on_win``: the same for every trick hook but those of ``on_win``, which
  may read hidden cards when the power's card wins (and answer nothing otherwise,
  as ``on_win`` is checked);
* ``pure``: each hook named answers the same when the trick's state is replaced by
  another state of the same phase (from another game);
* ``on_win``: ``after_place`` answers nothing for a trick the power's card does not
  win;
* ``monotone_votes``: no card of the variant ever leaves a score pile;
* ``card_blind_options``: before every card play, ``play_options`` answers the
  same for the first and the last card of the player's hand.

A failure raises `CapabilityError` naming the power, the promise, the hook, the
position (game seed and move number) and the two answers.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

import attrs

from claim.core.errors import ClaimError
from claim.core.moves import PlayCard
from claim.rules.dealing import new_game
from claim.rules.effects import Effect
from claim.rules.engine.tricks import current_lead
from claim.rules.hook_arguments import Play
from claim.rules.masking import played_card
from claim.rules.protocol import FactionPower, Trick, overrides
from claim.rules.state import GameState
from claim.rules.variant import Variant

__all__ = ["CapabilityError", "check_capabilities"]

_TRICK_HOOKS = ("rank_key", "rerank", "capture", "place", "after_place", "next_leader")


class CapabilityError(ClaimError, AssertionError):
    """A power's promise (`Capabilities`) does not hold."""


def check_capabilities(variant: Variant, games: int = 4, seed: int = 0) -> int:
    """Hold every power of ``variant`` to its promises over ``games`` random games.

    Returns:
        How many complete tricks were checked.

    Raises:
        CapabilityError: A promise does not hold (see the module).
    """
    checked = 0
    others: dict[object, GameState] = {}
    monotone = [p.name for p, c in zip(variant.tables.powers, variant.tables.capabilities)
                if c.monotone_votes and type(p) is not FactionPower]
    if not all(c.monotone_votes for c in variant.tables.capabilities):
        monotone = []  # the solver bounds early only when every power promises it
    blind = [p for p, c in zip(variant.tables.powers, variant.tables.capabilities)
             if c.card_blind_options]
    for game in range(games):
        rng = random.Random(seed + game)
        state = new_game(variant, seed=seed + game)
        for step, (before, move, after) in enumerate(_moves(state, rng)):
            where = f"game seed {seed + game}, move {step} ({move})"
            if monotone:
                _check_scores(monotone, before, after, where)
            if blind and isinstance(move, PlayCard) and before.pending is None:
                _check_blind(blind, before, where)
            trick = _completing(before, move)
            if trick is None:
                continue
            checked += 1
            other = others.setdefault(before.phase, before)
            for fi, power in enumerate(variant.tables.powers):
                promised = variant.tables.capabilities[fi]
                if promised.public:
                    _check_public(power, trick, rng, where)
                elif promised.hidden_on_win:
                    _check_public(power, trick, rng, where, promised.on_win)
                for hook in promised.pure:
                    _check_pure(power, hook, trick, other, where)
                if "after_place" in promised.on_win:
                    _check_on_win(power, trick, where)
    return checked


def _moves(state: GameState, rng: random.Random
           ) -> Iterator[tuple[GameState, object, GameState]]:
    while not state.is_over:
        move = rng.choice(state.legal_moves())
        after = state.apply(move)
        yield state, move, after
        state = after


def _completing(before: GameState, move: object) -> Trick | None:
    """The trick ``move`` completes, as the hooks see it (ranked in seat order)."""
    variant = before.variant
    if not isinstance(move, PlayCard) or before.pending is not None or (
            len(before.trick) + 1 != variant.players):
        return None
    tables = variant.tables
    seat = before.current_player
    assert seat is not None
    card = played_card(before, move)  # a masked card's class (E29)
    if card is None:
        mine = before.hand_masks[seat] & tables.mask_of_move[PlayCard(move.card)]
        card = (mine & -mine).bit_length() - 1
    cards = (*before.trick, card)
    seats = tables.seat_orders[before.leader]
    lead = current_lead(before)
    assert lead is not None
    values = tuple(tables.card_value[c] for c in cards)
    return Trick(before, before.phase, seats, cards, lead, values, tuple(range(len(cards))))


def _answers(power: FactionPower, hook: str, trick: Trick) -> object:
    """What ``power``'s ``hook`` answers about ``trick`` (its own positions)."""
    tables = trick.variant.tables
    own = tables.faction_index[power.faction]
    mine = tuple(p for p, c in enumerate(trick.cards) if tables.card_faction[c] == own)
    calls: dict[str, Callable[[], object]] = {
        "rank_key": lambda: tuple(power.rank_key(_unranked(trick), p) for p in mine),
        "rerank": lambda: power.rerank(trick, trick.order),
        "capture": lambda: tuple(power.capture(trick)),
        "place": lambda: _listed(power.place(trick, mine)),
        "after_place": lambda: tuple(power.after_place(trick, ())),
        "next_leader": lambda: power.next_leader(trick),
    }
    try:
        return calls[hook]()
    except ClaimError as exc:
        return f"raised {exc!r}"


def _unranked(trick: Trick) -> Trick:
    return Trick(trick.state, trick.phase, trick.seats, trick.cards, trick.lead_faction,
                 trick.values)


def _listed(answer: Sequence[Effect] | None) -> object:
    return None if answer is None else tuple(answer)


def _check_public(power: FactionPower, trick: Trick, rng: random.Random, where: str,
                  exempt: frozenset[str] = frozenset()) -> None:
    """``public`` (or ``hidden_on_win``: the hooks ``exempt`` not held to it)."""
    hidden = _hidden_swap(trick.state, rng)
    if hidden is None:
        return
    other = Trick(hidden, trick.phase, trick.seats, trick.cards, trick.lead_faction,
                  trick.values, trick.order)
    promise = "hidden_on_win" if exempt else "public"
    for hook in _TRICK_HOOKS:
        if overrides(power, hook) and hook not in exempt:
            _same(power, promise, hook, _answers(power, hook, trick),
                  _answers(power, hook, other), f"{where}, two hidden cards swapped")


def _check_pure(power: FactionPower, hook: str, trick: Trick, other: GameState,
                where: str) -> None:
    moved = Trick(other, trick.phase, trick.seats, trick.cards, trick.lead_faction,
                  trick.values, trick.order)
    _same(power, "pure", hook, _answers(power, hook, trick), _answers(power, hook, moved),
          f"{where}, the trick under another state")


def _check_on_win(power: FactionPower, trick: Trick, where: str) -> None:
    tables = trick.variant.tables
    own = tables.faction_index[power.faction]
    for first in range(len(trick.cards)):
        if tables.card_faction[trick.cards[first]] == own:
            continue
        rest = tuple(p for p in range(len(trick.cards)) if p != first)
        lost = Trick(trick.state, trick.phase, trick.seats, trick.cards, trick.lead_faction,
                     trick.values, (first, *rest))
        answer = _answers(power, "after_place", lost)
        if answer != ():
            raise CapabilityError(
                f"power {power.name!r} of {power.faction!r} promises on_win for "
                f"after_place, but answers {answer!r} for a trick it does not win "
                f"({where})")
        return


def _check_blind(powers: list[FactionPower], before: GameState, where: str) -> None:
    """``card_blind_options``: the same options for two cards of the hand."""
    seat = before.current_player
    assert seat is not None
    held = list(before.variant.ids_in(before.hand_masks[seat]))
    if len(held) < 2:
        return
    lead = current_lead(before)
    for power in powers:
        first, last = (tuple(power.play_options(Play(before, seat, card, len(before.trick),
                                                     True, lead)))
                       for card in (held[0], held[-1]))
        _same(power, "card_blind_options", "play_options", first, last,
              f"{where}, cards {before.variant.deck[held[0]]} and "
              f"{before.variant.deck[held[-1]]}")


def _same(power: FactionPower, promise: str, hook: str, first: object, second: object,
          where: str) -> None:
    if first != second:
        raise CapabilityError(
            f"power {power.name!r} of {power.faction!r} promises {promise}, but its "
            f"{hook} answers {first!r} and then {second!r} ({where})")


def _hidden_swap(state: GameState, rng: random.Random) -> GameState | None:
    """``state`` with two distinct cards swapped between places nobody sees."""
    deck = state.variant.deck
    places = [(seat, mask) for seat, mask in enumerate(state.hand_masks) if mask]
    rng.shuffle(places)
    if len(places) >= 2:
        (a, mask_a), (b, mask_b) = places[:2]
        for x in state.variant.ids_in(mask_a):
            for y in state.variant.ids_in(mask_b):
                if deck[x] != deck[y]:
                    hands = list(state.hand_masks)
                    hands[a] ^= (1 << x) | (1 << y)
                    hands[b] ^= (1 << x) | (1 << y)
                    return attrs.evolve(state, hand_masks=tuple(hands))
    return None


def _check_scores(promising: list[str], before: GameState, after: GameState,
                  where: str) -> None:
    for seat, (old, new) in enumerate(zip(before.score_masks, after.score_masks)):
        if old & ~new:
            lost = before.variant.cards_in(old & ~new)
            raise CapabilityError(
                f"powers {promising} promise monotone_votes, but {lost} left seat {seat}'s "
                f"score pile ({where})")
