"""Action ids: a stable integer for every move a variant can produce, and legal-move masks.

The ids of a variant are fixed by its definition (same variant, same ids, on every
machine), in three blocks, all read from the variant's answer space
(`claim.rules.answers`), which the rules and the powers declare:

1. **Card plays**: one id per kind of card (identical cards are one kind), in deck
   order: ``PlayCard(card)``; then, in a variant with masked cards (E28), one id per
   class of masked card (``Fe:high``), in deck order.
2. **Card plays with a choice**: for each kind whose power offers a choice when
   played (``variant.tables.option_mask``), in deck order, one id per declared play
   label (``as <faction>``, ``swap <card>``, ...: every power's
   [`play_labels`][claim.rules.protocol.FactionPower.play_labels], grouped by first
   word).
3. **Answers** (`Choose`): every declared answer label (the rules' ``take <card>``
   and ``draw top``, and every power's
   [`answers`][claim.rules.protocol.FactionPower.answers]), grouped by first word in
   alphabetical order, each group in declaration order.

Every legal move has an id: a power cannot offer a label it did not declare (the
engine refuses it with a `PowerError`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from claim.core.cache import per_variant
from claim.core.errors import ActionError
from claim.core.moves import Choose, Move, PlayCard
from claim.rules.masking import mask_table
from claim.rules.notation import parse_move
from claim.rules.variant import Variant

if TYPE_CHECKING:
    from claim.rules.state import GameState

__all__ = ["action_count", "action_id", "action_move", "legal_action_ids",
           "legal_action_mask"]


def _all_moves(variant: Variant) -> list[Move]:
    """Every move with an id, in id order (see the module)."""
    deck = variant.deck
    kinds = list(dict.fromkeys(deck))
    space = variant.tables.answer_space
    moves: list[Move] = [PlayCard(k) for k in kinds]
    masks = mask_table(variant)
    if masks is not None:  # 1b. classes of masked cards (E29), in deck order
        moves += [PlayCard(shown) for shown in masks.classes]
    option_mask = variant.tables.option_mask
    for kind in kinds:
        if any(option_mask >> cid & 1 for cid, card in enumerate(deck) if card == kind):
            moves += [PlayCard(kind, label) for label in space.play_labels]
    moves += [Choose(label) for label in space.answers]
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
