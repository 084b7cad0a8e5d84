"""Determinization: a full game state consistent with one player's view.

[`sample`][claim.info.sampling.sample] draws a [`GameState`][claim.rules.state.GameState]
that the viewer cannot tell from the real one: its view for the viewer equals the
given view, and it is reached by replaying the recorded moves from a full deal.

How it works:

1. [`knowledge`][claim.info.knowledge.knowledge] says which cards are unseen, how many
   lie in each hidden place (other hands and follower piles, the draw pile, unseen
   discards, the second deck), which seen cards lie there, and which cards a hand
   cannot hold (voids, RULES 3).
2. The unseen cards are placed: first each place with forbidden cards (a hand
   with voids, a zone of cards set aside at the deal) takes a uniformly random
   set of the cards it allows, then the others are shuffled into the remaining
   places. Every physical copy counts as a card of its own.
3. A full initial deal is rebuilt from that placement and the public history:
   each hand is the cards its seat played in phase 1 plus (in phase 1) its current
   hand; the draw pile is the first face-up cards, then the cards taken from its
   top in order (face-up cards turned, cards drawn: the viewer's own as seen, the
   others' drawn from their seat's drawn cards in random order; cards a Seer showed
   the viewer where they went; cards discarded unseen), then the current draw pile.
   With Awakeners, the chance order ranks the second deck as sampled (E12); cards
   set aside at the deal are the ones placed in their zone (E33), with the cards
   drawn from it into hands on top, in the order drawn (the Fire Phoenix deck, E41:
   `claim.info._drawn`); hidden power states are drawn again among those the view
   allows (E30, E32; see `hidden_parts`).
4. The recorded moves are replayed from that deal with `claim.new_game` and
   `GameState.apply`. If a move is illegal there, or the viewer's view of the
   result differs from the given view (an inference the knowledge does not make,
   R15's merged options, the order of two face-up cards), the sample is rejected
   and drawn again, up to ``tries`` times. The view is compared as the replay goes
   (`claim.rules.view_history.HistoryCheck`): each record, projected for the
   viewer as the view would project it, is compared with the view's history when
   it is made, and the first one unlike it rejects the sample (once the chance
   order is ranked, E12, so that ``rng`` draws as a whole replay would); at the end
   only the rest of the view is built and compared. The sampler remembers the
   events seen at each place of the history that project alike whatever came
   before (`claim.rules.view_history.HistoryMemo`), and does not project them
   again. This decides as building the whole view would: the same samples, from
   the same ``rng`` (``tests/test_sampling_replay_check.py`` compares it with that
   former check).

Step 4 without replaying: when every power of the variant declares
``Capabilities.public`` (its hooks decide from public information only) or
``Capabilities.hidden_on_win`` (the same but for its ``on_win`` hooks: the Seers, whose
tricks the engine then applies) and nothing but hands, follower piles, the draw
pile and cards set aside at the deal is hidden (no chance order, no hidden zone
cards enter), the view already says what every move caused. The state is then
built directly: the public cards where the view shows them, the hidden cards where
the placement put them, each card its own id as `claim.new_game` numbers the deal,
the copies of a repeated card followed move by move, the records rebuilt with the
sampled cards in the events the viewer did not see (another seat's draws and
peeks); a deal the view
rules out (a follow rule broken in the current trick, first face-up cards out of
the view's order) is rejected as the replay would reject it. With a question
pending, the moves from the last card play on are applied with `GameState.apply`.
Tests check over many seeds, every such built-in variant and random house mixes of
2-4 players that the state built equals the one the replay reaches, and that both
paths draw the same samples. `Sampler.direct` tells which path a sampler takes;
``Sampler(view, direct=False)`` forces the replay. Of the built-in variants,
those of the two boxes and their 3-4 player set-ups are built directly (with
Seers, the tricks a Seer wins applied by the engine: its peek and R15 merge read the
draw pile), and so are `mercenary-moon` (Elf-Orcs and Satyrs decide the lead or
lift the follow rule: each play is checked with the cards the engine allows),
`fear-night` and `shadow-tricks`; chance or a hidden zone cards enter (Awakeners),
hidden states read in play, and every expansion or plugin power that promises
neither, replay.

Weights: with any number of players, the sample is uniform over the full deals
(hands, draw pile order, chance order, with every physical copy a card of its own)
that are consistent with the view: the posterior of a well-shuffled deck when the
players' choices are not modelled. Step 2 proposes placements that respect the
voids and the zones set aside (those places first, the most constrained first,
each a uniform set of the cards it allows among those left) and keeps each with a
probability that undoes the proposal's bias (see `claim.info._placing.try_place`):
with one hand with voids (a player's view of a 2-player game) every proposal is
kept; with several (3-4 players, or a 2-player spectator) some are drawn again.
Step 3 orders each seat's drawn cards uniformly, and step 4's rejection keeps these
weights. So a placement of the current hidden cards is drawn in proportion to the
consistent deals behind it, which is the same number for every consistent
placement unless the order of hidden draws shows in the view (rare: a question
merged by R15, two face-up cards of 3-4 players).
"""

from __future__ import annotations

import contextlib
import random
from collections import Counter
from typing import cast

import attrs

from claim.core._collector import collector_paused
from claim.core._shuffle import shuffle
from claim.core.cache import Recent
from claim.core.cards import Card
from claim.core.errors import ArgumentError, ClaimError, ViewError
from claim.core.moves import Move
from claim.core.zones import Phase
from claim.info._dealing import Starter, kinds, minus, plan, starter
from claim.info._direct import NotDirect, Program, Rejected, build, direct_ok, program
from claim.info._drawn import deal_orders, never_dealt
from claim.info._history import Skeleton, skeleton, view_support
from claim.info._masked_sample import MaskedSampler
from claim.info._placing import place as _place
from claim.info._placing import placement_plan as _totals
from claim.info._sampled_deal import Deal, hidden_parts, replayed
from claim.info.knowledge import Place, knowledge
from claim.rules.masking import mask_table
from claim.rules.state import GameState
from claim.rules.view_history import HistoryCheck, HistoryMemo
from claim.rules.views import View, view_with_history

__all__ = ["Deal", "Sampler", "sample", "sample_deal", "view_support"]


_Reject = Rejected
"""This placement is not consistent with the view: draw again."""


_Pools = dict[tuple[str, int | None], list[Card]]


def _pools(view: View, sk: Skeleton, at: dict[Place, list[Card]], rng: random.Random
           ) -> tuple[list[tuple[Card, ...]], _Pools, list[Card]]:
    """The dealt hands; per kind of hidden draw-pile slot, the cards that filled
    such slots; and the second deck's first order (if any)."""
    support = view.phase is not Phase.RECRUIT
    hands = []
    pools: _Pools = {}
    apart = never_dealt(view.variant)  # E41: the Fire Phoenixes are never in the pile
    for seat in range(view.variant.players):
        now = list(view.hand) if seat == view.seat else at.get(("hand", seat), [])
        hands.append(tuple(sk.plays1.get(seat, []) + ([] if support else now)))
        if seat == view.seat:
            continue
        drawn = sk.plays2.get(seat, []) + now if support else at[("follower pile", seat)]
        less = sk.takes.get(seat, Counter())
        if support and seat in sk.returned:  # E42, E43: played, then back in the hand
            less = less + sk.returned[seat]
        if apart and support:
            drawn = [card for card in drawn if card.faction not in apart]
            less = Counter({card: n for card, n in less.items() if card.faction not in apart})
        pools[("drawn", seat)] = minus(drawn, less, kinds(view.variant))
    tables = view.variant.tables
    aside = {tables.zone_specs[zone].name for _, zone, _ in tables.asides}
    second = [z.name for z in view.zones if not z.public and z.seat is None
              and z.name not in aside]  # the cards set aside never move (E33)
    deck_order: list[Card] = []
    if second and sk.support_at is not None:
        rest = at.get((second[0], None), [])
        shuffle(rest, rng)
        deck_order = sk.drawn_out + rest
        pools[("unseen", None)] = minus(deck_order, sk.into_hidden)
    else:
        pools[("unseen", None)] = list(at.get(("discard", None), []))
    return hands, pools, deck_order


_Cards = tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]


def _deal(view: View, sk: Skeleton, at: dict[Place, list[Card]],
          rng: random.Random) -> tuple[_Cards, list[Card]]:
    """Step 3: the initial deal (hands, draw pile), and the second deck's first
    order (if any)."""
    hands, pools, deck_order = _pools(view, sk, at, rng)
    forced, template, holes = plan(sk)
    for key, card in forced:
        pool = pools[key]
        if card not in pool:
            raise _Reject
        pool.remove(card)
    for pool in pools.values():
        shuffle(pool, rng)
    pile = list(sk.face_up)
    if len(pile) > 1:
        shuffle(pile, rng)
    slots = list(template)
    for index, key in holes:
        pool = pools[key]
        if not pool:
            raise _Reject
        slots[index] = pool.pop()
    pile += cast("list[Card]", slots)  # every hole filled
    pile += at[("draw pile", None)]
    deal_orders(view.variant, view.seat, sk.hand_draws, at, rng)  # E41: drawn from aside
    return (tuple(hands), tuple(pile)), deck_order


def _replay(view: View, moves: list[Move], memo: HistoryMemo, deal: Deal, order: list[Card],
            support: int | None, starter: Starter, rng: random.Random) -> GameState:
    """Step 4: the recorded moves from ``deal``; rejected where they are illegal, or
    where the viewer sees a record unlike the view's, or a state whose view differs."""
    try:
        state = starter.start(deal)
    except ClaimError:
        raise _Reject from None
    check = HistoryCheck(view.history, view.seat, view.variant, memo)
    state = replayed(state, moves, order, support, rng, check=check)
    if not (check.complete(state.records)
            and view_with_history(state, view.seat, view.history, check.unseen) == view):
        raise _Reject
    return state


class Sampler:
    """Draws states consistent with one view; reads the view once.

    Use one sampler for many determinizations of the same view (a search samples
    hundreds): the knowledge, the history's skeleton and (for the direct path) its
    card movements are computed once.

    Args:
        view: The view to sample from.
        direct: None (the default): build states directly when the variant allows
            (see the module); False: always replay the recorded moves.

    Attributes:
        view: The view sampled from.
        knowledge: What the viewer knows (`claim.info.knowledge.knowledge`).
    """

    @collector_paused
    def __init__(self, view: View, direct: bool | None = None) -> None:
        self.view = view
        self.knowledge = knowledge(view)
        self._masked: MaskedSampler | None = None
        self._program: Program | None = None
        if view.variant.tables.hidden_states and mask_table(view.variant) is not None:
            self._masked = MaskedSampler(view, _place, _deal)  # masked cards (E44)
            return
        self._skeleton = skeleton(view)
        self._support = self._skeleton.support_at  # view_support(view), read once
        self._starter = starter(view.variant)
        self._totals = _totals(self.knowledge)
        self._moves = [record.move for record in view.history]
        self._memo = HistoryMemo(view.history, view.variant)
        if direct is not False and direct_ok(view.variant):
            with contextlib.suppress(NotDirect):  # an event it does not carry out
                self._program = program(view)

    @property
    def direct(self) -> bool:
        """Whether samples are built directly (`claim.info._direct`), not replayed."""
        return self._program is not None

    def sample_deal(self, rng: random.Random, tries: int = 200) -> tuple[Deal, GameState]:
        """A deal consistent with the view and the state its recorded moves reach.

        The deal's ``chance`` is the chance order the state holds. See the module
        for how placements are weighed.

        Raises:
            ArgumentError: ``rng`` is not a `random.Random`.
            ViewError: No consistent deal was found in ``tries`` attempts.
        """
        deal, state = self._draw(rng, tries)
        assert deal is not None
        return deal, state

    @collector_paused
    def _draw(self, rng: random.Random, tries: int, deal_wanted: bool = True
              ) -> tuple[Deal | None, GameState]:
        """`sample_deal`; the deal is None for a direct build unless wanted."""
        if not isinstance(rng, random.Random):
            raise ArgumentError("rng", rng, "a random.Random")
        if self._masked is not None:
            return self._masked.draw(rng, tries)
        view, program = self.view, self._program
        for _ in range(tries):
            try:
                placed = _place(self.knowledge, rng, self._totals)
                (hands, pile), order = _deal(view, self._skeleton, placed, rng)
                aside, hidden = hidden_parts(view.variant, placed, rng,
                                             dict(view.power_states))
                if program is not None:
                    state = build(program, self._starter, hands, pile, placed, aside, hidden)
                    return (Deal(hands, pile, view.first_leader, (), aside, hidden)
                            if deal_wanted else None), state
                deal = Deal(hands, pile, view.first_leader, (), aside, hidden)
                state = _replay(view, self._moves, self._memo, deal, order,
                                self._support, self._starter, rng)
            except _Reject:
                continue
            return attrs.evolve(deal, chance=state.chance), state
        raise ViewError("", f"no deal consistent with the view found in {tries} tries")

    def sample(self, rng: random.Random, tries: int = 200) -> GameState:
        """A full state consistent with the view (see `sample_deal`)."""
        return self._draw(rng, tries, deal_wanted=False)[1]


def sample_deal(view: View, rng: random.Random, tries: int = 200) -> tuple[Deal, GameState]:
    """A deal consistent with ``view`` and the state its recorded moves reach.

    The same as ``Sampler(view).sample_deal(rng, tries)``.

    Raises:
        ArgumentError: ``rng`` is not a `random.Random`.
        ViewError: No consistent deal was found in ``tries`` attempts, or the
            view is inconsistent.
    """
    return _sampler(view).sample_deal(rng, tries)


_SAMPLERS: Recent[tuple[int, int | None, int], Sampler] = Recent("samplers", 16)
"""The samplers of the last views sampled from, by (variant tables, seat, length of
the history); a hit is used only when its view equals the one given (and has the
same variant object), so sampling the same position again reads its view once."""


def _sampler(view: View) -> Sampler:
    key = (id(view.variant.tables), view.seat, len(view.history))
    found = _SAMPLERS.get(key)
    if found is not None and found.view.variant is view.variant and (
            found.view is view or found.view == view):
        return found
    return _SAMPLERS.put(key, Sampler(view))


def sample(view: View, rng: random.Random, tries: int = 200) -> GameState:
    """A full state consistent with ``view``, drawn with ``rng`` (see the module).

    Its view for ``view.seat`` equals ``view``; replaying ``view``'s moves from
    the deal [`sample_deal`][claim.info.sampling.sample_deal] returns reaches it. To
    draw many states from one view, a [`Sampler`][claim.info.sampling.Sampler] reads
    the view once; the samplers of recent views are kept, so sampling a view
    equal to a recent one (the same position) does not read it again.

    Raises:
        ArgumentError: ``rng`` is not a `random.Random`.
        ViewError: No consistent state was found in ``tries`` attempts.
    """
    return _sampler(view)._draw(rng, tries, deal_wanted=False)[1]
