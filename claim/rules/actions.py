"""Action ids: a stable integer for every move a variant can produce, and legal-move masks.

The ids of a variant are fixed by its definition (same variant, same ids, on every
machine), in three blocks:

1. **Card plays**: one id per kind of card (identical cards are one kind), in deck
   order: ``PlayCard(card)``.
2. **Card plays with a choice**: for each kind whose power asks a choice when played
   (``variant.tables.option_mask``: Elf-Orcs, Shapeshifters), in deck order, one id
   per label ``as <faction>`` (every faction of the variant, in order), then
   ``swap <card>`` (every kind, in deck order), then ``swap <card> as <faction>``
   for every kind of this block and every faction (E20).
3. **Answers** (`Choose`): for each answer verb of the variant (``take``, ``draw``
   and the powers' ``verbs``), in alphabetical order, the labels its grammar allows:

   =============  ===================================================
   ``take``       ``take top``, then ``take <card>`` per kind
   ``draw``       ``draw top``
   ``no``         ``no smash``
   ``smash``      ``smash <card>@<seat>`` per kind, then per seat
   ``keep``       ``keep <card>`` per kind, then ``keep <ghost> forgo <card>``
                  for each kind of a faction with the ``ghosts`` power, per kind
   ``discard``    ``discard <card>`` per kind
   other verbs    ``<verb> top``, ``<verb> <card>``, ``<verb> <card>@<seat>``,
                  ``<verb> <faction>``
   =============  ===================================================

A plugin power whose answers follow none of these forms has moves without an id:
[`action_id`][] raises [`ActionError`][claim.core.errors.ActionError] for them (the
variant's [`action_count`][] is unchanged, so ids stay stable).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from claim.core.cache import per_variant
from claim.core.errors import ActionError
from claim.core.moves import Choose, Move, PlayCard
from claim.rules.notation import parse_move
from claim.rules.variant import Variant

if TYPE_CHECKING:
    from claim.rules.state import GameState

__all__ = ["action_count", "action_id", "action_move", "legal_action_ids",
           "legal_action_mask"]


def _answer_labels(verb: str, kinds: list[str], seats: range, factions: list[str],
                   ghosts: list[str]) -> Iterator[str]:
    if verb == "take":
        yield "take top"
        yield from (f"take {k}" for k in kinds)
    elif verb == "draw":
        yield "draw top"
    elif verb == "no":
        yield "no smash"
    elif verb == "smash":
        yield from (f"smash {k}@{s}" for k in kinds for s in seats)
    elif verb == "keep":
        yield from (f"keep {k}" for k in kinds)
        yield from (f"keep {g} forgo {k}" for g in ghosts for k in kinds)
    elif verb == "discard":
        yield from (f"discard {k}" for k in kinds)
    else:
        yield f"{verb} top"
        yield from (f"{verb} {k}" for k in kinds)
        yield from (f"{verb} {k}@{s}" for k in kinds for s in seats)
        yield from (f"{verb} {f}" for f in factions)


def _all_moves(variant: Variant) -> list[Move]:
    """Every move with an id, in id order."""
    deck = variant.deck
    kinds = list(dict.fromkeys(deck))
    names = [str(k) for k in kinds]
    factions = [f.name for f in variant.factions]
    moves: list[Move] = [PlayCard(k) for k in kinds]
    option_mask = variant.tables.option_mask
    choosers = [k for k in kinds
                if any(option_mask >> cid & 1 for cid, card in enumerate(deck) if card == k)]
    for kind in choosers:
        moves += [PlayCard(kind, f"as {f}") for f in factions]
        moves += [PlayCard(kind, f"swap {k}") for k in names]
        moves += [PlayCard(kind, f"swap {k} as {f}") for k in choosers for f in factions]
    ghosts = [str(k) for k in kinds
              if variant.faction(k.faction).power.name == "ghosts"]
    for verb in sorted(variant.tables.verbs):
        moves += [Choose(label) for label in
                  _answer_labels(verb, names, range(variant.players), factions, ghosts)]
    return moves


class _ActionTables:
    __slots__ = ("variant", "moves", "ids", "falses")

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.moves = tuple(dict.fromkeys(_all_moves(variant)))
        self.ids = {move: i for i, move in enumerate(self.moves)}
        self.falses = [False] * len(self.moves)


_tables = per_variant(_ActionTables)


def action_count(variant: Variant) -> int:
    """How many action ids ``variant`` has (the length of every mask)."""
    return len(_tables(variant).moves)


def action_id(variant: Variant, move: Move | str) -> int:
    """The id of ``move`` (a Move or its notation) in ``variant``.

    Raises:
        ActionError: The move has no id in this variant.
        NotationError: ``move`` is text that is not a move of the variant.
    """
    if isinstance(move, str):
        move = parse_move(move, variant)
    found = _tables(variant).ids.get(move)
    if found is None:
        raise ActionError(str(move), variant.name, "this move has no action id "
                          "(see claim.rules.actions for the moves that have one)")
    return found


def action_move(variant: Variant, action: int) -> Move:
    """The move with id ``action`` in ``variant``.

    Raises:
        ActionError: ``action`` is not an int from 0 to ``action_count(variant) - 1``.
    """
    moves = _tables(variant).moves
    if action.__class__ is not int or not 0 <= action < len(moves):
        raise ActionError(action, variant.name,
                          f"action ids are ints from 0 to {len(moves) - 1}")
    return moves[action]


def legal_action_ids(state: GameState) -> tuple[int, ...]:
    """The ids of ``state``'s legal moves, in increasing order.

    Raises:
        ActionError: A legal move has no id (a plugin power's unusual answer).
    """
    ids = _tables(state.variant).ids
    try:
        return tuple(sorted(map(ids.__getitem__, state.legal_moves())))
    except KeyError as exc:
        raise ActionError(str(exc.args[0]), state.variant.name,
                          "this legal move has no action id") from None


def legal_action_mask(state: GameState) -> tuple[bool, ...]:
    """One flag per action id: True for the legal moves (length ``action_count``).

    Raises:
        ActionError: A legal move has no id (a plugin power's unusual answer).
    """
    t = _tables(state.variant)
    mask = t.falses.copy()
    ids = t.ids
    try:
        for move in state.legal_moves():
            mask[ids[move]] = True
    except KeyError as exc:
        raise ActionError(str(exc.args[0]), state.variant.name,
                          "this legal move has no action id") from None
    return tuple(mask)
