"""Expansion powers with hidden chance fixed at the deal (EXPANSIONS.md, "Factions with
hidden information"): Shadows set cards aside unseen before the deal (E33, E45);
Tricksters hide which card of each pair is a fake until the final scoring (E30,
E31). Written against `claim.powers` alone; the engine's side (the deal, views,
knowledge, determinization) is described in docs/views.md, "Hidden chance fixed at
the deal".

Hook order among powers (``priority``, lower first) at the end of the game (E31):
Gnomes in front join the score piles (50), then the fake Tricksters leave (60), then
cards of toxic values (70, Poisoners), then Ice couples (80, E11), then the votes.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, ClassVar

import attrs

from claim.powers import (
    Capabilities,
    Effect,
    FactionPower,
    Placement,
    SetAside,
    Zone,
    ZoneSpec,
    per_variant,
    registry,
)

if TYPE_CHECKING:
    from claim.rules.state import GameState
    from claim.rules.variant import Variant

__all__ = ["SET_ASIDE", "Shadows", "Tricksters"]

SET_ASIDE = ZoneSpec("set aside", per_seat=False, ordered=True, public=False)
"""Cards set aside unseen before the deal, for the whole game (E33): hidden, shared."""


@registry.register
@attrs.frozen
class Shadows(FactionPower):
    """Set-up: ``aside`` Shadows, chosen by chance fixed at the deal, are set aside
    unseen before the deal and never revealed; the rest are shuffled into the deck
    (E33). The deck dealt counts only the Shadows in play (E45).

    Attributes:
        aside: How many Shadows are set aside (the catalog's 20 Shadows: 10).
    """

    name: ClassVar[str] = "shadows"

    aside: int = 10

    def zones(self) -> tuple[ZoneSpec, ...]:
        """The cards set aside: shared, hidden from every seat (E33, E44)."""
        return (SET_ASIDE,)

    def set_aside(self) -> SetAside:
        """E33: ``aside`` of the faction's cards, before the deal."""
        return SetAside(SET_ASIDE.name, self.aside)

    def capabilities(self) -> Capabilities:
        """No hook reads anything: public, and no card ever leaves a score pile."""
        return Capabilities(public=True, monotone_votes=True)


def _pairs(variant: Variant, faction: str) -> tuple[tuple[int, ...], ...]:
    """The faction's card ids grouped by printed value, groups of two or more only
    (a lone card has no double to be the fake of), by value; kept per variant."""
    known = _pairs_of(variant)
    found = known.get(faction)
    if found is None:
        found = known[faction] = _grouped(variant, faction)
    return found


@per_variant
def _pairs_of(variant: Variant) -> dict[str, tuple[tuple[int, ...], ...]]:
    """`_pairs` found so far in ``variant``, by faction."""
    return {}


def _grouped(variant: Variant, faction: str) -> tuple[tuple[int, ...], ...]:
    """`_pairs`, computed."""
    groups: dict[int, list[int]] = {}
    deck = variant.deck  # (a property: read once)
    for cid in variant.ids_in(variant.faction_mask(faction)):
        groups.setdefault(deck[cid].value, []).append(cid)
    return tuple(tuple(ids) for _, ids in sorted(groups.items()) if len(ids) > 1)


@registry.register
@attrs.frozen
class Tricksters(FactionPower):
    """End of game: one card of each pair is a fake, known to nobody, that leaves the
    game before the votes (E30, E31).

    The fakes are the power's hidden state (`FactionPower.hidden_state`): the card
    ids of the fakes, sorted, one per group of Tricksters of equal value, fixed at
    the deal (drawn from the seed, or given: ``hidden={"tricksters": [ids]}``). A
    fake plays, ranks, follows, is won and placed as the real card; no view shows
    which is which; at the end each fake still in a score pile (or in any zone in
    front of a player) leaves the game, in public.
    """

    name: ClassVar[str] = "tricksters"
    priority: ClassVar[int] = 60
    hidden_state: ClassVar[bool] = True

    def initial_state(self) -> Hashable:
        """No fakes: the state of a game built by hand (`claim.testing.support_position`)."""
        return ()

    def deal_state(self, variant: Variant, rng: random.Random) -> Hashable:
        """E30: per pair, the fake chosen uniformly by the deal's generator."""
        return tuple(sorted(pair[rng.randrange(len(pair))] for pair in _pairs(variant,
                                                                            self.faction)))

    def dealt_state(self, variant: Variant, value: object) -> Hashable:
        """E30: an explicit deal's fakes: card ids, exactly one of each pair."""
        if not isinstance(value, (list, tuple)) or not all(type(v) is int for v in value):
            raise ValueError("give the fakes as a list of card ids")
        fakes = set(value)
        for pair in _pairs(variant, self.faction):
            marked = sorted(fakes & set(pair))
            card = variant.deck[pair[0]]
            if len(marked) != 1:
                raise ValueError(f"the pair {card} (cards {', '.join(map(str, pair))}) has "
                                 f"{len(marked) or 'no'} fake{'s' if len(marked) != 1 else ''}"
                                 "; it has exactly one")
            fakes -= set(pair)
        if fakes:
            raise ValueError(f"cards {sorted(fakes)[:5]} are not Tricksters of a pair")
        return tuple(sorted(value))

    def capabilities(self) -> Capabilities:
        """Public: the fakes are read only by `finish`, at the end (a view before it
        is built directly by determinization, `claim.info._direct`)."""
        return Capabilities(public=True)

    def finish(self, state: GameState) -> Sequence[Effect]:
        """E31: every fake still in a score pile (or in front of a player) leaves."""
        fakes = state.power_state(self.faction)
        if not isinstance(fakes, tuple):
            return ()
        tables = state.variant.tables
        effects: list[Effect] = []
        for card in fakes:
            bit = 1 << card
            for seat, pile in enumerate(state.score_masks):
                if pile & bit:
                    effects.append(Placement(card, Zone.DISCARD, None, Zone.SCORE, seat))
            for spec, content in zip(tables.zone_specs, state.zones):
                if spec.per_seat:
                    effects += [Placement(card, Zone.DISCARD, None, spec.name, seat)
                                for seat, mask in enumerate(content) if mask & bit]
        return effects
