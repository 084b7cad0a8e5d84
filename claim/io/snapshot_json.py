"""The readable snapshot part of a saved state, and its check against the replay.

A snapshot says where every card lies (in notation, per-seat piles in deck order),
the phase, the leader, whose turn it is, the power states and the pending question.
The loader replays the game's record and then compares the snapshot with the state
reached; the first difference is refused with the JSON path of the field.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from typing import Any

from claim.core._chunks import ByteChunks, byte_chunks, gather
from claim.core.cache import per_variant
from claim.core.errors import SaveError, quote
from claim.io.gamerecord import card_names
from claim.rules.state import GameState
from claim.rules.variant import Variant

__all__ = ["check_snapshot", "plain", "snapshot"]


def plain(value: Hashable, path: str = "$") -> Any:
    """A power state as JSON data: tuples become lists.

    Raises:
        SaveError: Not made of None, booleans, ints, floats, strings and tuples.
    """
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, tuple):
        return [plain(item, path) for item in value]
    raise SaveError(path, f"a power state of type {type(value).__name__} cannot be saved")


@per_variant
def _name_chunks(variant: Variant) -> ByteChunks[str]:
    """Per 8 card ids, the notation of the cards of each byte value (deck order)."""
    return byte_chunks(card_names(variant))


def _marks(deck: tuple[str, ...], value: object) -> Any:
    """Hidden marks fixed at the deal (E30: card ids) as the cards they mark, so that
    a deal replayed from its cards (copies numbered anew) reads the same."""
    if not isinstance(value, tuple):
        return None
    return sorted(deck[c] for c in value if type(c) is int)


def snapshot(state: GameState) -> dict[str, Any]:
    """Where every card lies, and the rest of the position, as JSON data."""
    variant = state.variant
    deck, chunks, seats = card_names(variant), _name_chunks(variant), range(variant.players)

    def names(ids: tuple[int, ...]) -> list[str]:
        return [deck[c] for c in ids]

    def pile(mask: int) -> list[str]:
        return list(gather(mask, chunks))

    tables = variant.tables
    zones: dict[str, Any] = {}
    for spec, content in zip(tables.zone_specs, state.zones):
        zones[spec.name] = [pile(m) for m in content] if spec.per_seat else names(content)
    pending = None
    if state.pending is not None:
        question = state.pending
        pending = {"seat": question.seat, "prompt": question.prompt,
                   "options": [option.label for option in question.options]}
    return {
        "phase": state.phase.value, "leader": state.leader, "to_move": state.current_player,
        "trick": names(state.trick), "face_up": names(state.face_up),
        "draw_pile": names(state.draw_pile),
        "hands": [pile(state.hand_masks[s]) for s in seats],
        "followers": [pile(state.follower_masks[s]) for s in seats],
        "scores": [pile(state.score_masks[s]) for s in seats],
        "discard": pile(state.discard_mask), "zones": zones,
        "power_states": {f.name: _marks(deck, v) if fi in tables.hidden_states
                         and tables.powers[fi].hidden_ids else
                         plain(v, f"$.snapshot.power_states.{f.name}")
                         for fi, (f, v) in enumerate(zip(variant.factions, state.power_states))},
        "pending": pending,
        "queue": [[step.owner, step.seat, step.kind, plain(step.data)] for step in state.queue],
    }


def _all_cards(doc: dict[str, Any], path: str) -> Counter[str]:
    """Every card named in a snapshot's zones (refusing malformed ones)."""
    found: Counter[str] = Counter()

    def add(value: Any, where: str, depth: int) -> None:
        if not isinstance(value, list):
            raise SaveError(where, f"expected a list of cards, got {quote(value)}")
        if all(item.__class__ is str for item in value):
            found.update(value)
            return
        for i, item in enumerate(value):
            if depth and isinstance(item, list):
                add(item, f"{where}[{i}]", depth - 1)
            elif not isinstance(item, str):
                raise SaveError(f"{where}[{i}]", f"expected a card in notation, got {quote(item)}")
            else:
                found[item] += 1

    for key in ("trick", "face_up", "draw_pile", "discard"):
        add(doc.get(key), f"{path}.{key}", 0)
    for key in ("hands", "followers", "scores"):
        add(doc.get(key), f"{path}.{key}", 1)
    zones = doc.get("zones")
    if not isinstance(zones, dict):
        raise SaveError(f"{path}.zones", f"expected a mapping of zones, got {quote(zones)}")
    for name, content in zones.items():
        add(content, f"{path}.zones.{name}", 1)
    return found


def check_snapshot(doc: Any, state: GameState, path: str) -> None:
    """Refuse a snapshot that is not ``state`` (the state the record's replay reached).

    Checks in order: its shape; card conservation (every card of the deck exactly
    once); hand sizes; the pending question; then every other field.

    Raises:
        SaveError: The first difference, with the JSON path of the field.
    """
    if not isinstance(doc, dict):
        raise SaveError(path, f"expected a snapshot mapping, got {quote(doc)}")
    expected = snapshot(state)
    if doc == expected:
        return
    for key in doc:
        if key not in expected:
            raise SaveError(f"{path}.{key}", f"unknown key (allowed: {', '.join(expected)})")
    deck = Counter(card_names(state.variant))
    held = _all_cards(doc, path)
    for card in sorted(held - deck):
        raise SaveError(path, f"card {card!r} appears {held[card]} times; "
                        f"the deck holds {deck.get(card, 0)}")
    for card, count in sorted((deck - held).items()):
        raise SaveError(path, f"card {card!r} is missing ({count} of {deck[card]} not placed)")
    for seat, (mine, real) in enumerate(zip(doc["hands"], expected["hands"])):
        if len(mine) != len(real):
            raise SaveError(f"{path}.hands[{seat}]", f"{len(mine)} cards, but after these moves "
                            f"seat {seat} holds {len(real)} ({state.phase.value}, "
                            f"{len(state.trick)} cards in the trick)")
    if doc.get("pending") != expected["pending"]:
        raise SaveError(f"{path}.pending", f"{quote(doc.get('pending'))} is not what the cards "
                        f"give after these moves: {quote(expected['pending'])}")
    for key, value in expected.items():
        if key not in doc:
            raise SaveError(f"{path}.{key}", "missing")
        if doc[key] != value:
            raise SaveError(f"{path}.{_where(key, doc[key], value)}",
                            f"{quote(doc[key], 80)} is not what these moves give: "
                            f"{quote(value, 80)}")


def _where(key: str, mine: Any, real: Any) -> str:
    """``key``, with the first differing index when both are lists."""
    if isinstance(mine, list) and isinstance(real, list):
        for i, (a, b) in enumerate(zip(mine, real)):
            if a != b:
                return f"{key}[{i}]"
    return key
