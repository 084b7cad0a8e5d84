"""A full sampled deal (`claim.info.sampling.Deal`): what `claim.new_game` needs."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence

import attrs

from claim.core._shuffle import shuffle
from claim.core.cards import Card
from claim.core.errors import ClaimError
from claim.core.moves import Move
from claim.info._direct_program import Rejected
from claim.rules._hidden_deal import drawn_hidden
from claim.rules.dealing import new_game
from claim.rules.state import GameState
from claim.rules.variant import Variant
from claim.rules.view_history import HistoryCheck

__all__ = ["Deal", "chance_order", "hidden_parts", "replayed", "with_chance"]


@attrs.frozen
class Deal:
    """A full deal: what `claim.new_game` needs to start a game.

    Attributes:
        hands: Per seat, the cards dealt.
        draw_pile: The draw pile, top card first.
        first_leader: The seat leading the first trick (R1).
        chance: The chance order as card ids (E12); empty when unused.
        set_aside: The cards set aside before the deal, by zone name (E33).
        hidden: The hidden power states fixed at the deal, by faction (E30).
    """

    hands: tuple[tuple[Card, ...], ...]
    draw_pile: tuple[Card, ...]
    first_leader: int
    chance: tuple[int, ...] = ()
    set_aside: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    hidden: tuple[tuple[str, Hashable], ...] = ()

    def start(self, variant: object) -> GameState:
        """The game this deal starts (``variant`` as for `claim.new_game`)."""
        state = new_game(variant, hands=self.hands, draw_pile=self.draw_pile,  # type: ignore[arg-type]
                         first_leader=self.first_leader,
                         set_aside=dict(self.set_aside) if self.set_aside else None,
                         hidden=dict(self.hidden) if self.hidden else None)
        return with_chance(state, self.chance) if self.chance else state


def with_chance(state: GameState, chance: tuple[int, ...]) -> GameState:
    """``state`` with its chance order (E12) replaced, in its recorded deal too."""
    deal = None if state.deal is None else attrs.evolve(state.deal, chance=chance)
    return attrs.evolve(state, chance=chance, deal=deal)


_Parts = tuple[tuple[tuple[str, tuple[Card, ...]], ...], tuple[tuple[str, Hashable], ...]]


def hidden_parts(variant: Variant, placed: Mapping[tuple[str, int | None], list[Card]],
                 rng: random.Random, shown: Mapping[str, Hashable] | None = None) -> _Parts:
    """A sampled deal's hidden chance fixed at the deal: the cards set aside, as the
    placement put them in their zones (E33), and the hidden power states drawn again
    among those the view's ``shown`` power states allow (`FactionPower.redraw_state`:
    the fake Tricksters from the prior, E30, no view showing them before the end;
    the toxic cards a Poisoner's look did not show, E32, E44), as at the deal
    (`FactionPower.at_deal`); the view check rejects the draws the replay rules out.
    Draws nothing for a variant without them."""
    tables = variant.tables
    aside = tuple((tables.zone_specs[zone].name,
                   tuple(placed.get((tables.zone_specs[zone].name, None), ())))
                  for _, zone, _ in tables.asides)
    if not tables.hidden_states:
        return aside, ()
    names = [tables.faction_names[fi] for fi in tables.hidden_states]
    if shown is None:
        return aside, tuple(zip(names, drawn_hidden(variant, rng)))
    powers = [tables.powers[fi] for fi in tables.hidden_states]
    return aside, tuple((name, power.at_deal(power.redraw_state(variant, shown.get(name), rng)))
                        for name, power in zip(names, powers))


def chance_order(state: GameState, order: Sequence[Card], rng: random.Random
                 ) -> tuple[int, ...]:
    """A chance order ranking the second deck's cards (ids in ``state``) as ``order``
    (E12), the other ids after them in a random order.

    Raises:
        Rejected: A card of ``order`` is not in the second deck.
    """
    tables = state.variant.tables
    index, aside = tables.zone_index, {zone for _, zone, _ in tables.asides}
    name = next(n for n, i in index.items() if not tables.zone_specs[i].public
                and i not in aside)
    ids = list(state.zones[index[name]])
    deck = state.variant.deck
    ranked = []
    for card in order:
        cid = next((i for i in ids if deck[i] == card), None)
        if cid is None:
            raise Rejected
        ids.remove(cid)
        ranked.append(cid)
    others = [i for i in range(len(deck)) if i not in set(ranked)]
    shuffle(others, rng)
    return tuple(ranked + others)


def replayed(state: GameState, moves: Sequence[Move], order: Sequence[Card],
             support: int | None, rng: random.Random,
             weigh: Callable[[GameState, int], None] | None = None,
             check: HistoryCheck | None = None) -> GameState:
    """``moves`` applied from ``state`` (a sampled deal's start), the last step of a
    determinization: with a chance order (E12) random at first, then, at the move
    ``support`` that deals the second deck, ranking its cards as ``order`` (the
    view's sampled second deck; none when empty). ``weigh(state, index)`` may reject
    a move's sample before it is applied; ``check`` compares each move's record with
    the view's history as it is made.

    A record that ``check`` finds unlike the view's rejects the sample at once,
    unless the chance order is still to be ranked: then the moves go on until it is
    (drawing from ``rng`` as a replay to the end would), so that a rejected sample
    leaves ``rng`` as the view check after the replay did.

    Raises:
        Rejected: A move is illegal there, ``weigh`` rejected one, or ``check``
            found a record unlike the view's.
    """
    if state.variant.tables.uses_chance:
        ids = list(range(len(state.variant.deck)))
        shuffle(ids, rng)
        state = with_chance(state, tuple(ids))
    support = support if order else None
    wrong = False
    for index, move in enumerate(moves):
        if weigh is not None:
            weigh(state, index)
        try:
            after = state.apply(move)
            if index == support:
                state = with_chance(state, chance_order(after, order, rng))
                after = state.apply(move)
        except ClaimError:
            raise Rejected from None
        state = after
        if check is not None and not wrong:
            wrong = not check.matches(state.records)
        if wrong and (support is None or index >= support):
            raise Rejected
    return state
