"""JSON for one [`MoveRecord`][claim.core.records.MoveRecord]: the seat, the move and its events.

A move record is written as ``{"format": "claim-move-record", "version": 1, "seat",
"move", "events"}``; each event as its kind (``"Placed"``, ``"TrickCompleted"``, ...)
and its arguments in the engine's raw form, so a record loads back equal. Cards are
written as ``[faction, value, code]`` (a record needs no variant to load), phases and
zones as ``{"phase": ...}`` and ``{"zone": ...}``, tuples as arrays.

A move record alone is checked for form only (known event kinds, well-formed cards
and arguments); whether its events happened is for a state's replay to say
([`claim.io.serialize`][claim.io.serialize]).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from claim.core import records as _records
from claim.core.cards import Card
from claim.core.errors import ClaimError, SaveError, quote
from claim.core.moves import Choose, Move, PlayCard
from claim.core.records import MoveRecord, RawEvent
from claim.core.zones import Phase, Zone
from claim.io._json import read_zone

__all__ = ["move_record_doc", "move_record_from_doc"]

_KINDS: dict[str, Callable[..., Any]] = {
    name: getattr(_records, name)
    for name in ("CardDrawn", "FaceUpTaken", "FaceUpTurned", "LeaderChosen", "Peeked",
                 "PhaseStarted", "Placed", "PlacedUnseen", "PowerStateChanged",
                 "CardsExchanged", "TrickCompleted")
}
_KINDS["TrickCompleted.from_raw"] = _records.TrickCompleted.from_raw
_NAMES = {maker: name for name, maker in _KINDS.items()}


def _encode(value: Any) -> Any:
    if isinstance(value, Card):
        return [value.faction, value.value, value.code]
    if isinstance(value, Phase):
        return {"phase": value.value}
    if isinstance(value, Zone):
        return {"zone": value.value}
    if isinstance(value, tuple):
        return {"tuple": [_encode(item) for item in value]}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise SaveError("$.events", f"an event argument of type {type(value).__name__} "
                    "cannot be saved")


def _decode(value: Any, path: str) -> Any:
    if isinstance(value, list):
        if len(value) != 3:
            raise SaveError(path, f"a card is [faction, value, code], not {quote(value)}")
        try:
            return Card(*value)
        except (ClaimError, TypeError) as exc:
            raise SaveError(path, f"not a card: {exc}") from None
    if isinstance(value, dict):
        if len(value) != 1:
            raise SaveError(path, f"expected one of phase, zone, tuple: {quote(value)}")
        (key, item), = value.items()
        try:
            if key == "phase":
                return Phase(item)
            if key == "zone":
                return read_zone(item)
        except ValueError:
            raise SaveError(path, f"no {key} {quote(item)}") from None
        if key == "tuple" and isinstance(item, list):
            return tuple(_decode(x, f"{path}[{i}]") for i, x in enumerate(item))
        raise SaveError(path, f"expected one of phase, zone, tuple: {quote(value)}")
    return value


def move_record_doc(record: MoveRecord, move_doc: dict[str, Any]) -> dict[str, Any]:
    """The JSON data of ``record`` (``move_doc``: its move's document)."""
    events = []
    for raw in record.raw_events:
        name = _NAMES.get(raw[0])
        if name is None:
            raise SaveError("$.events", f"an event of kind {quote(raw[0])} cannot be saved")
        events.append({"event": name, "args": [_encode(arg) for arg in raw[1:]]})
    return {"format": "claim-move-record", "version": 1, "seat": record.seat,
            "move": {k: v for k, v in move_doc.items() if k not in ("format", "version")},
            "events": events}


def move_record_from_doc(doc: dict[str, Any], move: Move) -> MoveRecord:
    """The MoveRecord of a ``claim-move-record`` document (``move`` already read).

    Raises:
        SaveError: An unknown event kind, or arguments its event does not take.
    """
    seat = doc.get("seat")
    if seat.__class__ is not int:
        raise SaveError("$.seat", f"expected a seat, got {quote(seat)}")
    events = doc.get("events")
    if not isinstance(events, list):
        raise SaveError("$.events", f"expected a list of events, got {quote(events)}")
    raws: list[RawEvent] = []
    for i, event in enumerate(events):
        path = f"$.events[{i}]"
        if not isinstance(event, dict) or set(event) != {"event", "args"}:
            raise SaveError(path, f"expected {{event, args}}, got {quote(event)}")
        maker = _KINDS.get(event["event"]) if isinstance(event["event"], str) else None
        if maker is None or not isinstance(event["args"], list):
            raise SaveError(f"{path}.event", f"unknown event {quote(event['event'])}")
        args = tuple(_decode(arg, f"{path}.args[{j}]") for j, arg in enumerate(event["args"]))
        try:
            maker(*args)
        except (TypeError, ClaimError) as exc:
            raise SaveError(f"{path}.args", f"not arguments of {event['event']}: {exc}") from None
        raws.append((maker, *args))
    assert isinstance(move, (PlayCard, Choose))
    return MoveRecord(seat, move, tuple(raws))
