"""Hidden chance fixed at the deal (part of `claim.rules.dealing`; docs "Hidden chance
fixed at the deal"): the cards powers set aside unseen before the deal (E33) and the
hidden power states (E30), drawn from the deal's own generator or given by an
explicit deal, and checked there.

A seeded deal draws, from one generator and in this order: the cards set aside (per
power of ``variant.tables.asides``: its faction's card ids shuffled, the first
``count`` of them), the shuffle of the rest of the deck, the chance order (E12),
then each hidden power state (`FactionPower.deal_state`). A variant without such
powers draws exactly what it drew before they existed, so its seeds deal the same.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence

from claim.core._shuffle import shuffle
from claim.core.cards import Card
from claim.core.errors import DealError
from claim.rules.variant import Variant

__all__ = ["drawn_aside", "drawn_hidden", "explicit_aside", "explicit_hidden"]

CardLike = Card | str


def drawn_aside(variant: Variant, rng: random.Random) -> tuple[tuple[int, ...], ...]:
    """Per power setting cards aside, the ids it sets aside, drawn from ``rng``."""
    tables = variant.tables
    out = []
    for fi, _, count in tables.asides:
        ids = list(variant.ids_in(tables.faction_masks[fi]))
        shuffle(ids, rng)
        out.append(tuple(ids[:count]))
    return tuple(out)


def drawn_hidden(variant: Variant, rng: random.Random) -> tuple[Hashable, ...]:
    """Per power with a hidden state, the state it draws from ``rng`` (E30)."""
    tables = variant.tables
    return tuple(tables.powers[fi].deal_state(variant, rng) for fi in tables.hidden_states)


def explicit_aside(
    variant: Variant, given: Mapping[str, Sequence[CardLike]] | None,
    take: Callable[[CardLike], int], dealt: Counter[Card],
) -> tuple[tuple[int, ...], ...]:
    """An explicit deal's cards set aside, by zone name, as ids (``take`` gives each
    card the deck's next free copy). ``dealt`` counts the cards of the hands and the
    draw pile.

    Raises:
        DealError: A zone the variant does not set cards aside into, a zone left
            out, the wrong number of cards, a card of another faction, a card set
            aside more often than the deck holds it (a Fire Phoenix twice), or a
            card both dealt and set aside; ``field`` names the zone
            (``set_aside['set aside']``, ``set_aside['fire phoenix deck']``).
    """
    tables = variant.tables
    if not tables.asides:
        if given:
            raise DealError("this variant sets no cards aside", field="set_aside")
        return ()
    if given is None or not isinstance(given, Mapping):
        raise DealError("an explicit deal of this variant names the cards set aside, "
                        "by zone: {zone: [cards]}", field="set_aside")
    names = {tables.zone_specs[zone].name: (fi, count) for fi, zone, count in tables.asides}
    for name in given:
        if name not in names:
            raise DealError(f"the variant sets cards aside into {sorted(names)} only",
                            field=f"set_aside[{str(name)[:40]!r}]")
    deck = Counter(variant.deck)
    out = []
    for name, (fi, count) in names.items():
        field = f"set_aside[{name!r}]"
        cards = given.get(name)
        if not isinstance(cards, (list, tuple)):
            raise DealError(f"give the {count} cards set aside as a list", field=field)
        if len(cards) != count:
            raise DealError(f"{len(cards)} cards; the {tables.faction_names[fi]} set "
                            f"{count} aside", field=field)
        parsed = [variant.parse_card(c) if isinstance(c, str) else c for c in cards]
        faction = tables.faction_names[fi]
        for card in parsed:
            if not isinstance(card, Card) or card.faction != faction:
                raise DealError(f"{str(card)[:40]} is not a card of the {faction}", field=field)
        seen = Counter(parsed)
        for card, n in seen.items():
            if n > deck[card]:  # a Fire Phoenix twice (E41)
                raise DealError(f"{card} is set aside {n} times: the deck holds "
                                f"{deck[card]}", field=field, extra=(str(card),))
            if dealt[card] + n > deck[card]:
                raise DealError(f"{card} is set aside and dealt too: the deck holds "
                                f"{deck[card]}", field=field, extra=(str(card),))
        out.append(tuple(take(card) for card in parsed))
    return tuple(out)


def explicit_hidden(variant: Variant, given: Mapping[str, object] | None,
                    drawn: tuple[Hashable, ...] | None) -> tuple[Hashable, ...]:
    """An explicit deal's hidden power states, by faction name, checked by each
    power (`FactionPower.dealt_state`); ``drawn`` stands for those not given (the
    draw of a caller's generator), None when each must be given.

    Raises:
        DealError: A faction without a hidden state, one left out, or a state its
            power refuses; ``field`` names it (``hidden['tricksters']``).
    """
    tables = variant.tables
    given = {} if given is None else given
    if not isinstance(given, Mapping):
        raise DealError("give the hidden states as {faction: state}", field="hidden")
    names = [tables.faction_names[fi] for fi in tables.hidden_states]
    for name in given:
        if name not in names:
            raise DealError(f"no power of the variant keeps a hidden state but {names}",
                            field=f"hidden[{str(name)[:40]!r}]")
    out = []
    for at, fi in enumerate(tables.hidden_states):
        name = tables.faction_names[fi]
        if name not in given:
            if drawn is None:
                raise DealError("an explicit deal of this variant gives its hidden state",
                                field=f"hidden[{name!r}]")
            out.append(drawn[at])
            continue
        try:
            out.append(tables.powers[fi].dealt_state(variant, given[name]))
        except (ValueError, TypeError) as exc:
            raise DealError(str(exc)[:300], field=f"hidden[{name!r}]") from None
    return tuple(out)
