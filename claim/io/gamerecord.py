"""Game records: a variant, the deal, and the moves; replaying them gives every state.

A [`GameRecord`][] is what a game needs to be played again exactly: the variant, the
[`Deal`][claim.core.deals.Deal] (seed, hands, draw pile, chance order fixed at the deal for
E12, first leader) and the moves in order. Every state keeps its deal, so
[`record_of`][] turns any state reached by play into its record, and [`replay`][]
yields the states again, from the deal to the last move.

Examples:
    >>> import claim
    >>> state = claim.new_game("claim", seed=7)
    >>> state = state.apply(state.legal_moves()[0])
    >>> record = claim.record_of(state)
    >>> [len(s.records) for s in claim.replay(record)]
    [0, 1]
    >>> list(claim.replay(record))[-1] == state
    True
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterator, MutableSequence
from functools import lru_cache
from typing import Any

import attrs

from claim.core.cache import per_variant
from claim.core.deals import Deal
from claim.core.errors import ClaimError, IllegalMoveError, NotationError, SaveError
from claim.core.moves import Choose, Move, PlayCard
from claim.rules.dealing import new_game
from claim.rules.loading import builtin_variants, load_variant
from claim.rules.notation import parse_move
from claim.rules.state import GameState
from claim.rules.variant import Variant

__all__ = [
    "GameRecord",
    "ReplayError",
    "builtin_variant",
    "card_names",
    "record_of",
    "replay",
    "start",
    "variant_definition",
    "variant_hash",
]


class ReplayError(SaveError):
    """A recorded move that the rules refuse (or cannot read) at its step.

    Attributes:
        step: The move's index in the record (0 is the first move).
        move: The move as recorded (its notation, or the Move).
    """

    def __init__(self, path: str, step: int, move: object, reason: str) -> None:
        self.step = step
        self.move = move
        super().__init__(path, f"move {step} ({str(move)[:40]!r}) cannot be played: {reason}")


@attrs.frozen
class GameRecord:
    """A whole game, or its beginning: replaying it gives every state.

    Attributes:
        variant: The variant played.
        deal: How the game was dealt.
        moves: The moves made, in order.
    """

    variant: Variant
    deal: Deal
    moves: tuple[Move, ...] = ()


def record_of(state: GameState) -> GameRecord:
    """The record of the game that led to ``state``: its deal and its moves.

    Raises:
        SaveError: ``state`` was built by hand, not dealt by `claim.new_game`.
    """
    if state.deal is None:
        raise SaveError("$.deal", "this state was built by hand and has no deal; "
                        "only states dealt by new_game have a record")
    return GameRecord(state.variant, state.deal, tuple(r.move for r in state.records))


class _DealtRandom(random.Random):
    """Deals a recorded deal: its shuffles write the recorded order (no randomness)."""

    def __init__(self) -> None:
        super().__init__(0)
        self._orders: list[tuple[int, ...]] = []

    @classmethod
    def of(cls, orders: list[tuple[int, ...]]) -> _DealtRandom:
        """A generator whose shuffles write ``orders`` in turn. (Python 3.10 seeds a
        `random.Random` subclass from its constructor's arguments, so the orders are
        set after it is built.)"""
        dealt = cls()
        dealt._orders = orders
        return dealt

    def shuffle(self, x: MutableSequence[Any], *args: Any, **kwargs: Any) -> None:
        x[:] = self._orders.pop(0)


def _aside_orders(variant: Variant, deal: Deal) -> list[tuple[int, ...]]:
    """The shuffles that set the recorded cards aside (E33): per power, its faction's
    ids with the ones set aside first."""
    tables = variant.tables
    orders = []
    for (fi, _, _), cards in zip(tables.asides, deal.set_aside):
        rest = [cid for cid in variant.ids_in(tables.faction_masks[fi]) if cid not in cards]
        orders.append((*cards, *rest))
    return orders


def start(record: GameRecord) -> GameState:
    """The state the record's deal gives, before any move (card ids as recorded).

    Raises:
        SaveError: The deal is not a deal of the variant (``$.deal``).
    """
    deal = record.deal
    try:
        if deal.seed is not None:
            state = new_game(record.variant, seed=deal.seed, first_leader=deal.first_leader)
        else:
            dealt = tuple(cid for hand in deal.hands for cid in hand) + deal.draw_pile
            aside = tuple(cid for cards in deal.set_aside for cid in cards)
            if sorted(dealt + aside) != list(range(len(record.variant.deck))):
                raise SaveError("$.deal", "the deal does not hold every card of the deck once")
            orders = [*_aside_orders(record.variant, deal), dealt, *([deal.chance] if deal.chance
                                                                     else [])]
            names = [record.variant.tables.faction_names[fi]
                     for fi in record.variant.tables.hidden_states]
            state = new_game(record.variant, rng=_DealtRandom.of(orders),
                             first_leader=deal.first_leader,
                             hidden=dict(zip(names, deal.hidden)) if deal.hidden else None)
    except (IndexError, ClaimError) as exc:
        if isinstance(exc, SaveError):
            raise
        raise SaveError("$.deal", f"not a deal of {record.variant.name!r}: {exc}") from None
    if state.deal != deal:
        raise SaveError("$.deal", "the deal is not what the variant deals from it "
                        f"(seed {deal.seed}, chance order of {len(deal.chance)} cards)")
    return state


def replay(record: GameRecord, path: str = "$.moves") -> Iterator[GameState]:
    """Every state of the recorded game: the dealt state, then one per move.

    Args:
        record: The game record.
        path: The JSON path of the moves, for error messages.

    Raises:
        ReplayError: A move is illegal at its step (the error names the step and
            the move); the states before it have been yielded.
        SaveError: The deal is not a deal of the variant.
    """
    state = start(record)
    yield state
    for step, move in enumerate(record.moves):
        state = play_step(state, move, step, path)
        yield state


def play_step(state: GameState, move: Move | str, step: int, path: str) -> GameState:
    """``state.apply(move)``, with a refusal reported as a `ReplayError` at ``step``."""
    try:
        return state.apply(move)
    except (IllegalMoveError, NotationError) as exc:
        raise ReplayError(f"{path}[{step}]", step, move, str(exc)) from None


def move_reader(variant: Variant) -> dict[str, Move]:
    """A notation -> move table of the variant's card plays (fast replays)."""
    return _move_table(variant)


@per_variant
def _move_table(variant: Variant) -> dict[str, Move]:
    """Notation -> move, for the variant's card plays (grown by `read_move`)."""
    return {str(m): m for m in variant.tables.play_moves}


def read_move(text: str, variant: Variant) -> Move:
    """The move ``text`` names (notation), read through the variant's fast table.

    Raises:
        NotationError: ``text`` is not a move of the variant.
    """
    table = _move_table(variant)
    move = table.get(text)
    if move is None:
        move = parse_move(text, variant)
        if isinstance(move, (PlayCard, Choose)) and len(table) < 4096:
            table[text] = move
    return move


@per_variant
def card_names(variant: Variant) -> tuple[str, ...]:
    """The notation of every card of the deck, by id (cached per variant)."""
    return tuple(map(str, variant.deck))


# -- the variant's identity ---------------------------------------------------


def variant_definition(variant: Variant) -> dict[str, Any]:
    """The variant as plain data, equivalent to its YAML (loadable by
    `claim.variant_from_yaml`, since JSON is YAML)."""
    factions = []
    for faction in variant.factions:
        power: dict[str, Any] = {"name": faction.power.name, **dict(faction.power.params)}
        factions.append({"name": faction.name, "code": faction.code, "title": faction.title,
                         "values": list(faction.values), "power": power, "box": faction.box})
    return {"name": variant.name, "title": variant.title, "description": variant.description,
            "players": variant.players, "house": variant.house, "factions": factions,
            "options": dict(variant.options)}


@per_variant
def variant_hash(variant: Variant) -> str:
    """The sha256 (hex) of the variant's rules: players, house, factions (names,
    codes, values, powers and their parameters) and rule options, as canonical
    JSON. Titles and descriptions do not count."""
    data = variant_definition(variant)
    for key in ("title", "description"):
        del data[key]
    for faction in data["factions"]:
        del faction["title"], faction["box"]
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


@lru_cache(maxsize=64)
def builtin_variant(name: str) -> Variant | None:
    """The built-in variant called ``name``, or None."""
    return load_variant(name) if name in builtin_variants() else None
