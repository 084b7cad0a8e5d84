"""The hidden parts of a deal in a game record's JSON (part of `claim.io.serialize`):
the cards set aside before the deal (``$.deal.set_aside``, by zone name, E33) and
the hidden power states fixed at the deal (``$.deal.hidden``, by faction, E30):
marks, card ids, or plain data for a power whose state is not card ids
(`FactionPower.hidden_ids`: the toxic cards' values, E32). A deal without a seed is
replayed from its cards written out, which numbers the copies of a card anew (each
the first free copy); the marks are written with those numbers, so they mark the same
physical cards.

Both keys are written only for variants that have them, so the records of every
other variant are unchanged. A record holds the referee's whole deal; a *view*
never holds these parts (RULES 7, E44).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from claim.core.deals import Deal
from claim.core.errors import SaveError
from claim.io.snapshot_json import plain
from claim.rules.variant import Variant

__all__ = ["hidden_doc", "read_hidden", "same_hidden"]


def _explicit_ids(variant: Variant, deal: Deal) -> dict[int, int]:
    """Each card id of ``deal`` to the id `claim.new_game` gives it when the deal is
    written out card by card (each card the first free copy, hands, then the draw
    pile, then the cards set aside): what a record without a seed replays."""
    copies: dict[object, list[int]] = {}
    for cid, card in enumerate(variant.deck):
        copies.setdefault(card, []).append(cid)
    order = [*(c for hand in deal.hands for c in hand), *deal.draw_pile,
             *(c for cards in deal.set_aside for c in cards)]
    taken: dict[object, int] = {}
    out = {}
    for cid in order:
        card = variant.deck[cid]
        at = taken.get(card, 0)
        taken[card] = at + 1
        out[cid] = copies[card][at]
    return out


def _marks(value: Hashable, ids: dict[int, int] | None) -> Any:
    """A hidden state (marks: card ids) as JSON data, renumbered by ``ids``; a set of
    marks (a sorted tuple, E30) stays sorted, an order (a masked faction's play
    order, E29) keeps its order."""
    if not isinstance(value, tuple):
        return value
    out = [ids.get(c, c) if ids is not None and type(c) is int else c for c in value]
    return sorted(out) if list(value) == sorted(value) else out


def hidden_doc(variant: Variant, deal: Deal) -> dict[str, Any]:
    """The deal's hidden parts as JSON data ({} when the variant has none)."""
    tables = variant.tables
    out: dict[str, Any] = {}
    if deal.set_aside:
        names = [tables.zone_specs[zone].name for _, zone, _ in tables.asides]
        out["set_aside"] = {name: [str(variant.deck[c]) for c in cards]
                            for name, cards in zip(names, deal.set_aside)}
    if deal.hidden:
        names = [tables.faction_names[fi] for fi in tables.hidden_states]
        ids = None if deal.seed is not None else _explicit_ids(variant, deal)
        powers = [tables.powers[fi] for fi in tables.hidden_states]
        out["hidden"] = {name: _marks(value, ids) if power.hidden_ids else plain(value)
                         for name, power, value in zip(names, powers, deal.hidden)}
    return out


def read_hidden(deal: dict[str, Any]) -> tuple[dict[str, list[str]] | None,
                                               dict[str, Any] | None]:
    """``$.deal.set_aside`` and ``$.deal.hidden`` read (each None when absent)."""
    aside = deal.get("set_aside")
    if aside is not None:
        if not isinstance(aside, dict):
            raise SaveError("$.deal.set_aside", "expected {zone: [cards in notation]}")
        for name, cards in aside.items():
            if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
                raise SaveError(f"$.deal.set_aside.{name}", "expected a list of cards")
    hidden = deal.get("hidden")
    if hidden is not None and not isinstance(hidden, dict):
        raise SaveError("$.deal.hidden", "expected {faction: state}")
    return aside, hidden


def same_hidden(variant: Variant, deal: Deal, aside: dict[str, list[str]] | None,
                hidden: dict[str, Any] | None) -> None:
    """A seeded deal's hidden parts must be the ones written, when written."""
    written = hidden_doc(variant, deal)
    if aside is not None and written.get("set_aside") != aside:
        raise SaveError("$.deal.set_aside", "not the cards the seed sets aside")
    if hidden is not None and written.get("hidden") != hidden:
        raise SaveError("$.deal.hidden", "not the hidden states the seed draws")
