"""A full sampled deal (`claim.info.sampling.Deal`): what `claim.new_game` needs."""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping

import attrs

from claim.core.cards import Card
from claim.rules._hidden_deal import drawn_hidden
from claim.rules.dealing import new_game
from claim.rules.state import GameState
from claim.rules.variant import Variant

__all__ = ["Deal", "hidden_parts", "with_chance"]


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
