"""Views as JSON: what a server sends to a client, and reads back.

The document is an object with sorted keys: ``"format": "claim-view"``,
``"version": 1``, ``"variant"`` (the variant's name), and one key per field of
[`View`][claim.rules.views.View]. Cards are written in notation (``"Kn7"``), moves in
notation (``"EO5 as elves"``, ``"take top"``), events as an object holding their
class name under ``"event"`` and their fields. Values of any other shape (power
states, event fields) use a tagged form: lists for tuples, ``{"card": "Kn7"}``,
``{"zone": "discard"}``, ``{"phase": "recruit"}``. Reading refuses anything else
with a [`ViewError`][claim.core.errors.ViewError] naming the field.
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Sequence
from typing import Any

import attrs

from claim.core import records
from claim.core.cards import Card
from claim.core.errors import ClaimError, ViewError
from claim.core.zones import Phase, Zone
from claim.io._json import json_problem, read_zone
from claim.rules.loading import load_variant
from claim.rules.notation import parse_move
from claim.rules.variant import Variant
from claim.rules.views import HiddenEvent, PendingView, View, ViewEvent, ViewRecord, ZoneView

__all__ = ["FORMAT", "VERSION", "history_docs", "view_fields", "view_from_doc", "view_from_json",
           "view_to_json"]

FORMAT = "claim-view"
VERSION = 1

_EVENTS: dict[str, type] = {cls.__name__: cls for cls in (
    records.TrickCompleted, records.Placed, records.FaceUpTurned, records.FaceUpTaken,
    records.CardDrawn, records.Peeked, records.PlacedUnseen, records.CardsExchanged,
    records.PowerStateChanged, records.LeaderChosen, records.PhaseStarted, HiddenEvent,
)}


def encode(value: object) -> Any:
    """A JSON-ready form of a value of a power state or an event field."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, Card):
        return {"card": str(value)}
    if isinstance(value, Zone):
        return {"zone": value.value}
    if isinstance(value, Phase):
        return {"phase": value.value}
    if isinstance(value, tuple):
        return [encode(item) for item in value]
    if isinstance(value, frozenset):
        return {"set": sorted((encode(item) for item in value), key=json.dumps)}
    raise ViewError("value", f"cannot write {type(value).__name__} {value!r} as JSON")


def decode(value: Any, variant: Variant, where: str) -> Hashable:
    """The value `encode` wrote."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, list):
        return tuple(decode(item, variant, f"{where}[{i}]") for i, item in enumerate(value))
    if isinstance(value, dict) and len(value) == 1:
        (tag, inner), = value.items()
        try:
            if tag == "card":
                return variant.parse_card(inner)
            if tag == "zone":
                return read_zone(inner)
            if tag == "phase":
                return Phase(inner)
            if tag == "set":
                return frozenset(decode(item, variant, where) for item in inner)
        except (ClaimError, ValueError, TypeError) as exc:
            raise ViewError(where, f"bad {tag}: {exc}") from None
    raise ViewError(where, f"unreadable value {str(value)[:80]!r}")


_FIELD_NAMES: dict[type, tuple[str, ...]] = {
    cls: tuple(field.name for field in attrs.fields(cls)) for cls in _EVENTS.values()}
"""The fields of each event class, in order (read once: attrs.fields is not free)."""


def _event(event: ViewEvent) -> dict[str, Any]:
    cls = type(event)
    names = _FIELD_NAMES.get(cls)
    if names is None:  # an event class of a plugin
        names = tuple(field.name for field in attrs.fields(cls))
    out: dict[str, Any] = {"event": cls.__name__}
    for name in names:
        out[name] = encode(getattr(event, name))
    return out


def view_fields(view: View) -> dict[str, Any]:
    """`view_to_json`'s document of ``view`` without its ``"history"``: every other key.

    A server that has sent a client the whole view once can send it, after each
    move, these fields and only the new entries of the history (`history_docs`):
    the client's document is then ``{**fields, "history": history + new}``, which
    is `view_to_json`'s document of the new view.
    """
    return {
        "format": FORMAT, "version": VERSION, "variant": view.variant.name,
        "seat": view.seat, "phase": view.phase.value, "first_leader": view.first_leader,
        "leader": view.leader, "current_player": view.current_player,
        "hand": [str(c) for c in view.hand],
        "follower_pile": [str(c) for c in view.follower_pile],
        "hand_sizes": list(view.hand_sizes), "follower_sizes": list(view.follower_sizes),
        "draw_pile_size": view.draw_pile_size, "face_up": [str(c) for c in view.face_up],
        "trick": [[s, str(c)] for s, c in view.trick],
        "score_piles": [[str(c) for c in pile] for pile in view.score_piles],
        "discard": [str(c) for c in view.discard], "unseen_discards": view.unseen_discards,
        "zones": [{"name": z.name, "seat": z.seat, "public": z.public,
                   "cards": [str(c) for c in z.cards], "count": z.count} for z in view.zones],
        "power_states": [[name, encode(value)] for name, value in view.power_states],
        "pending": None if view.pending is None else attrs.asdict(view.pending),
        "legal_moves": [str(m) for m in view.legal_moves],
    }


def history_docs(records: Sequence[ViewRecord]) -> list[dict[str, Any]]:
    """The entries of a view's ``"history"`` for ``records``, as `view_to_json` writes them."""
    return [{"seat": r.seat, "move": str(r.move), "events": [_event(e) for e in r.events]}
            for r in records]


def view_to_json(view: View) -> str:
    """``view`` as JSON text with sorted keys (`view_fields` and its `history_docs`)."""
    doc = view_fields(view)
    doc["history"] = history_docs(view.history)
    return json.dumps(doc, sort_keys=True, separators=(",", ":"))


class _Reader:
    """Reads fields of a view document, naming the field in every error."""

    def __init__(self, doc: dict[str, Any], variant: Variant) -> None:
        self.doc = doc
        self.variant = variant

    def get(self, key: str, kind: type | tuple[type, ...]) -> Any:
        if key not in self.doc:
            raise ViewError(key, "missing")
        value = self.doc[key]
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
            raise ViewError(key, f"expected {getattr(kind, '__name__', kind)}, "
                                 f"got {type(value).__name__}")
        return value

    def cards(self, value: Any, where: str) -> tuple[Card, ...]:
        if not isinstance(value, list):
            raise ViewError(where, "expected a list of cards")
        try:
            return tuple(self.variant.parse_card(c) for c in value)
        except (ClaimError, TypeError) as exc:
            raise ViewError(where, str(exc)) from None

    def ints(self, key: str) -> tuple[int, ...]:
        value = self.get(key, list)
        if not all(type(v) is int for v in value):
            raise ViewError(key, "expected a list of ints")
        return tuple(value)

    def move(self, text: Any, where: str) -> Any:
        if not isinstance(text, str):
            raise ViewError(where, "expected a move in notation")
        try:
            return parse_move(text, self.variant)
        except ClaimError as exc:
            raise ViewError(where, str(exc)) from None

    def event(self, item: Any, where: str) -> ViewEvent:
        if not isinstance(item, dict) or item.get("event") not in _EVENTS:
            raise ViewError(where, "expected an event object with a known 'event' name")
        cls = _EVENTS[item["event"]]
        names = [f.name for f in attrs.fields(cls)]
        if set(item) != {"event", *names}:
            raise ViewError(where, f"{cls.__name__} has the fields {names}")
        args = [decode(item[n], self.variant, f"{where}.{n}") for n in names]
        try:
            return cls(*args)  # type: ignore[no-any-return]
        except (ClaimError, TypeError, ValueError) as exc:
            raise ViewError(where, str(exc)) from None


def view_from_json(text: str, variant: Variant | str | None = None) -> View:
    """The view ``text`` holds (see the module's description of the format).

    Raises:
        ViewError: Not JSON, another format or version, another variant, or a
            field missing or of the wrong shape (the error names it).
    """
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ViewError("", json_problem(exc, text)) from None
    except (TypeError, ValueError) as exc:
        raise ViewError("", f"not JSON: {exc}") from None
    return view_from_doc(doc, variant)


def view_from_doc(doc: object, variant: Variant | str | None = None) -> View:
    """The view a parsed JSON document holds (`view_from_json` after parsing).

    Raises:
        ViewError: As `view_from_json`.
    """
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ViewError("format", f"not a {FORMAT!r} document")
    if doc.get("version") != VERSION:
        raise ViewError("version", f"version {doc.get('version')!r}; this reads {VERSION}")
    name = doc.get("variant")
    if variant is None and not isinstance(name, str):
        raise ViewError("variant", f"expected a variant name, got {name!r}")
    loaded = load_variant(variant if variant is not None else str(name))
    if loaded.name != name:
        raise ViewError("variant", f"the document is of {name!r}, not {loaded.name!r}")
    try:
        return _consistent(_read(_Reader(doc, loaded)))
    except ViewError:
        raise
    except (ClaimError, TypeError, ValueError, KeyError, AttributeError) as exc:
        raise ViewError("", f"inconsistent view: {exc}") from None


def _consistent(view: View) -> View:
    """Refuse a view whose counts do not add up to the deck (RULES 2)."""
    players = view.variant.players
    for key in ("hand_sizes", "follower_sizes", "score_piles"):
        if len(getattr(view, key)) != players:
            raise ViewError(key, f"expected {players} entries, one per seat")
    if view.seat is not None:
        if len(view.hand) != view.hand_sizes[view.seat]:
            raise ViewError("hand", f"{len(view.hand)} cards, but hand_sizes says "
                                    f"{view.hand_sizes[view.seat]}")
        if len(view.follower_pile) != view.follower_sizes[view.seat]:
            raise ViewError("follower_pile", "does not match follower_sizes")
    total = (sum(view.hand_sizes) + sum(view.follower_sizes) + view.draw_pile_size
             + len(view.face_up) + len(view.trick) + sum(map(len, view.score_piles))
             + len(view.discard) + view.unseen_discards + sum(z.count for z in view.zones))
    if total != len(view.variant.deck):
        raise ViewError("draw_pile_size", f"the view accounts for {total} cards, the deck "
                                          f"holds {len(view.variant.deck)}")
    return view


def _read(r: _Reader) -> View:
    seat = r.doc.get("seat")
    if seat is not None and (type(seat) is not int or not 0 <= seat < r.variant.players):
        raise ViewError("seat", f"not a seat: {seat!r}")
    current = r.doc.get("current_player")
    if current is not None and type(current) is not int:
        raise ViewError("current_player", "expected an int or null")
    history = []
    for i, item in enumerate(r.get("history", list)):
        if not isinstance(item, dict) or set(item) != {"seat", "move", "events"}:
            raise ViewError(f"history[{i}]", "expected seat, move and events")
        events = tuple(r.event(e, f"history[{i}].events[{j}]")
                       for j, e in enumerate(item["events"]))
        history.append(ViewRecord(item["seat"], r.move(item["move"], f"history[{i}].move"),
                                  events))
    pending = r.doc.get("pending")
    return View(
        variant=r.variant, seat=seat, phase=Phase(r.get("phase", str)),
        first_leader=r.get("first_leader", int), leader=r.get("leader", int),
        current_player=current, hand=r.cards(r.doc.get("hand"), "hand"),
        follower_pile=r.cards(r.doc.get("follower_pile"), "follower_pile"),
        hand_sizes=r.ints("hand_sizes"), follower_sizes=r.ints("follower_sizes"),
        draw_pile_size=r.get("draw_pile_size", int),
        face_up=r.cards(r.doc.get("face_up"), "face_up"),
        trick=tuple((s, r.cards([c], "trick")[0]) for s, c in r.get("trick", list)),
        score_piles=tuple(r.cards(p, f"score_piles[{i}]")
                          for i, p in enumerate(r.get("score_piles", list))),
        discard=r.cards(r.doc.get("discard"), "discard"),
        unseen_discards=r.get("unseen_discards", int),
        zones=tuple(ZoneView(z["name"], z["seat"], z["public"],
                             r.cards(z["cards"], f"zones[{i}].cards"), z["count"])
                    for i, z in enumerate(r.get("zones", list))),
        power_states=tuple((n, decode(v, r.variant, f"power_states.{n}"))
                           for n, v in r.get("power_states", list)),
        history=tuple(history),
        pending=None if pending is None else PendingView(**pending),
        legal_moves=tuple(r.move(m, f"legal_moves[{i}]")
                          for i, m in enumerate(r.get("legal_moves", list))),
    )
