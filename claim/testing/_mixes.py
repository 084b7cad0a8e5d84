"""Official faction lists and rule-option settings for conformance runs (RULES 1-2,
EXPANSIONS Mixing)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence

from claim.core.errors import DealError
from claim.rules.loading import catalog, couples
from claim.rules.protocol import option_fields
from claim.rules.registry import registry
from claim.rules.variant import Variant

__all__ = ["official_mixes", "option_settings", "random_official_mix"]


def official_mixes(players: int, boxes: tuple[str, ...] = ("claim", "claim2")
                   ) -> list[tuple[str, ...]]:
    """Every official faction list for ``players`` from the catalog's ``boxes`` (RULES 1-2).

    One pair plus any 3 (2 players) or 5 (3-4 players) of the factions that belong
    to no pair, the pair first, the rest in catalog order. With the two base boxes:
    40 lists for 2 players, 12 for 3 or 4.
    """
    known, all_pairs = catalog()
    known = {name: f for name, f in known.items() if f.box in boxes}
    pairs = tuple(pair for pair in all_pairs if pair <= set(known))
    paired = set().union(*all_pairs)
    others = [name for name in known if name not in paired]
    count = 3 if players == 2 else 5
    return [
        tuple(sorted(pair, key=list(known).index)) + rest
        for pair in pairs
        for rest in itertools.combinations(others, count)
    ]


def random_official_mix(rng: random.Random, players: int) -> tuple[str, ...]:
    """A random official faction list for ``players`` from the whole catalog.

    Follows the mixing rule (RULES 1-2, EXPANSIONS Mixing): exactly one pair, each
    couple whole or not at all, and other factions up to the official deck size
    (52 cards for 2 players, 72 for 3-4). The pair comes first, then the others in
    catalog order. Every choice comes from ``rng``, so a seeded generator gives the
    same list; build the variant with ``claim.mix(names, players)``::

        names = random_official_mix(random.Random(7), 3)
        variant = claim.mix(list(names), 3)

    Raises:
        DealError: No official deck of that size can be made (not with the catalog).
    """
    known, pairs = catalog()
    order = list(known)
    wanted = 52 if players == 2 else 72
    paired = set().union(*pairs)
    units: list[tuple[str, ...]] = [tuple(sorted(c, key=order.index)) for c in couples()]
    grouped = set().union(*couples())
    units += [(name,) for name in order if name not in paired and name not in grouped]

    def size(names: Sequence[str]) -> int:  # the cards dealt (E45: ten Shadows count)
        return sum(len(known[name].values) - registry.set_aside(known[name]) for name in names)

    for pair in rng.sample(pairs, len(pairs)):
        shuffled = rng.sample(units, len(units))
        chosen = _fill(shuffled, wanted - size(tuple(pair)), size)
        if chosen is not None:
            rest = sorted((name for unit in chosen for name in unit), key=order.index)
            return (*sorted(pair, key=order.index), *rest)
    raise DealError(f"no official {players}-player deck of {wanted} cards can be mixed")


def _fill(units: list[tuple[str, ...]], left: int,
          size: Callable[[Sequence[str]], int]) -> list[tuple[str, ...]] | None:
    """The first run of ``units`` (depth first, in their order) of exactly ``left`` cards."""
    if left == 0:
        return []
    for index, unit in enumerate(units):
        cards = size(unit)
        if cards <= left:
            found = _fill(units[index + 1:], left - cards, size)
            if found is not None:
                return [unit, *found]
    return None


def option_settings(variant: Variant) -> list[dict[str, object]]:
    """Option settings that give every rule option of ``variant`` every choice.

    Setting ``i`` gives each option its ``i``-th choice (cycling), so the defaults
    come first when they are listed first and a two-way option is tried both ways.
    """
    choices = {name: option.choices for power in variant.tables.powers
               for name, option in option_fields(type(power)).items()}
    rounds = max((len(c) for c in choices.values()), default=1)
    return [{name: c[i % len(c)] for name, c in choices.items()} for i in range(rounds)]
