"""JSON saves of states, game records, move records, moves and views: versioned, validated.

Every document is a JSON object with ``"format"`` (``"claim-state"``,
``"claim-record"``, ``"claim-move-record"``, ``"claim-move"`` or ``"claim-view"``,
the last written by `claim.io.view_json`) and ``"version": 1``.
No pickle anywhere. States and records name
their variant with the sha256 of its rules (`claim.io.gamerecord.variant_hash`), and
hold its whole definition inline when it is not a built-in variant.

A state is saved as its game record (deal and moves) plus a readable ``snapshot`` of
where every card lies. Loading replays the record, so the state loaded is exactly a
state the rules reach; the snapshot is then compared with it, field by field. A
document that is not JSON, of another format or version, names another variant, has
a card twice or missing, a hand of the wrong size, a pending question the cards do
not give, or a move the rules refuse raises [`SaveError`][claim.core.errors.SaveError]
naming the JSON path of the bad value; nothing is half-loaded.
"""

from __future__ import annotations

import json
from typing import Any

from claim.core._collector import collector_paused
from claim.core.cache import Recent
from claim.core.cards import Card, MaskedCard
from claim.core.deals import Deal
from claim.core.errors import ArgumentError, ClaimError, DealError, SaveError, quote
from claim.core.moves import Choose, Move, PlayCard
from claim.core.records import MoveRecord
from claim.io._deal_json import hidden_doc, read_hidden, same_hidden
from claim.io._json import json_problem
from claim.io.gamerecord import (
    GameRecord,
    ReplayError,
    builtin_variant,
    card_names,
    move_reader,
    play_step,
    read_move,
    record_of,
    variant_definition,
    variant_hash,
)
from claim.io.record_json import move_record_doc, move_record_from_doc
from claim.io.snapshot_json import check_snapshot, snapshot
from claim.io.view_json import view_from_doc, view_to_json
from claim.rules.dealing import new_game
from claim.rules.loading import variant_from_yaml
from claim.rules.state import GameState
from claim.rules.variant import Variant
from claim.rules.views import View

__all__ = ["VERSION", "from_json", "record_from_json", "state_from_json", "to_json"]

VERSION = 1
"""The version of the documents written; other versions are refused."""

FORMATS = ("claim-state", "claim-record", "claim-move", "claim-move-record", "claim-view")
"""The documents read and written."""

MAX_DOCUMENT_CHARS = 4_000_000
"""The longest document read."""

Saveable = GameState | GameRecord | MoveRecord | PlayCard | Choose | View


def to_json(obj: Saveable, *, inline_variant: bool | None = None,
            indent: int | None = None) -> str:
    """A JSON document for a state, a game record, a move record, a move or a view.

    Args:
        obj: What to save.
        inline_variant: Write the variant's whole definition; by default only
            for variants that are not built in (or differ from the built-in one).
        indent: JSON indentation (None: compact).

    A state is saved as its record plus a snapshot. A state changed by hand
    (``attrs.evolve``) keeps the deal and history it was made from, which do not lead
    to it: its document is written, but loading it is refused (the snapshot is not
    what the moves give).

    Raises:
        SaveError: A state built by hand without a deal, or a power state that
            is not plain data (ints, strings, booleans, None and tuples of them).
    """
    if isinstance(obj, (PlayCard, Choose)):
        return json.dumps(_move_doc(obj), indent=indent)
    if isinstance(obj, MoveRecord):
        return json.dumps(move_record_doc(obj, _move_doc(obj.move)), indent=indent)
    if isinstance(obj, View):
        return view_to_json(obj)  # keys sorted, compact: a server sends it as it is
    if isinstance(obj, GameState):
        doc = _record_doc(record_of(obj), "claim-state", inline_variant)
        doc["snapshot"] = snapshot(obj)
    elif isinstance(obj, GameRecord):
        doc = _record_doc(obj, "claim-record", inline_variant)
    else:
        raise ArgumentError("obj", obj, "a GameState, a GameRecord, a MoveRecord, a move "
                            "or a View")
    return json.dumps(doc, indent=indent)


def _move_doc(move: Move) -> dict[str, Any]:
    if isinstance(move, Choose):
        return {"format": "claim-move", "version": VERSION, "choose": move.label}
    card, key = move.card, "shown" if isinstance(move.card, MaskedCard) else "value"  # E28
    return {"format": "claim-move", "version": VERSION, "option": move.option,
            "play": {"faction": card.faction, key: getattr(card, key), "code": card.code}}


def _record_doc(record: GameRecord, kind: str, inline: bool | None) -> dict[str, Any]:
    variant = record.variant
    ref: dict[str, Any] = {"name": variant.name, "sha256": variant_hash(variant)}
    if inline or (inline is None and builtin_variant(variant.name) != variant):
        ref["definition"] = variant_definition(variant)
    deck, deal = card_names(variant), record.deal
    return {
        "format": kind, "version": VERSION, "variant": ref,
        "deal": {"seed": deal.seed, "first_leader": deal.first_leader,
                 "hands": [[deck[c] for c in hand] for hand in deal.hands],
                 "draw_pile": [deck[c] for c in deal.draw_pile],
                 "chance": [deck[c] for c in deal.chance], **hidden_doc(variant, deal)},
        "moves": [str(move) for move in record.moves],
    }


# -- loading ------------------------------------------------------------------


@collector_paused
def from_json(text: str | bytes, variant: Variant | None = None) -> Saveable:
    """Load a document written by [`to_json`][]: a state, a record, a move record,
    a move or a view.

    Args:
        text: The JSON document.
        variant: The variant, for documents that name a variant neither built in
            nor inline; checked against the document's hash.

    Raises:
        SaveError: Anything wrong with the document; its ``path`` names the field
            (`ViewError` for a view document).
    """
    doc = _parse(text)
    kind = doc["format"]
    if kind == "claim-view":
        return view_from_doc(doc, variant)
    if kind == "claim-move":
        _keys(doc, {"format", "version", "play", "option", "choose"}, "$")
        return _load_move(doc)
    if kind == "claim-move-record":
        _keys(doc, {"format", "version", "seat", "move", "events"}, "$")
        move = _expect(doc.get("move"), dict, "$.move", "a move {play, option} or {choose}")
        return move_record_from_doc(doc, _load_move(move, "$.move"))
    keys = {"format", "version", "variant", "deal", "moves"}
    _keys(doc, keys | {"snapshot"} if kind == "claim-state" else keys, "$")
    record, state = _load_record(doc, variant)
    state = _replayed(record, state)
    if kind == "claim-record":
        return _canonical_moves(record, state)
    if "snapshot" not in doc:
        raise SaveError("$.snapshot", "a saved state needs its snapshot")
    check_snapshot(doc["snapshot"], state, "$.snapshot")
    return state


_REPLAYED: Recent[tuple[int, Deal], tuple[object, tuple[Move, ...], GameState]] = Recent(
    "replayed games", 16)
"""The last replay of each recent deal (by variant tables and deal): its moves and
the state they reached. Replaying is a pure function of the variant, the deal and
the moves, so a document whose moves extend (or repeat) a replayed record resumes
from that state; each new move is still checked by `GameState.apply`."""


def _replayed(record: GameRecord, dealt: GameState) -> GameState:
    """The state the record's moves reach from ``dealt`` (its deal's state).

    Raises:
        ReplayError: A move the rules refuse, naming its step.
    """
    tables, moves = record.variant.tables, record.moves
    key = (id(tables), record.deal)
    found = _REPLAYED.get(key)
    state, done = dealt, 0
    if found is not None and found[0] is tables and len(found[1]) <= len(moves) and (
            moves[:len(found[1])] == found[1]):
        state, done = found[2], len(found[1])
    for step in range(done, len(moves)):
        state = play_step(state, moves[step], step, "$.moves")
    if done < len(moves):
        _REPLAYED.put(key, (tables, moves, state))
    return state


def state_from_json(text: str | bytes, variant: Variant | None = None) -> GameState:
    """[`from_json`][] for a document that must be a saved state (``claim-state``).

    Raises:
        SaveError: As `from_json`, or the document is not a state (``$.format``).
    """
    loaded = from_json(text, variant)
    if not isinstance(loaded, GameState):
        raise SaveError("$.format", "this document is not a saved state ('claim-state')")
    return loaded


def record_from_json(text: str | bytes, variant: Variant | None = None) -> GameRecord:
    """[`from_json`][] for a document that must be a game record (``claim-record``).

    Raises:
        SaveError: As `from_json`, or the document is not a game record.
    """
    loaded = from_json(text, variant)
    if not isinstance(loaded, GameRecord):
        raise SaveError("$.format", "this document is not a game record ('claim-record')")
    return loaded


def _canonical_moves(record: GameRecord, state: GameState) -> GameRecord:
    """The record with its moves as the engine recorded them (canonical moves)."""
    return GameRecord(record.variant, record.deal, tuple(r.move for r in state.records))


def _parse(text: str | bytes) -> dict[str, Any]:
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise SaveError("$", f"not UTF-8 text: {exc.reason} at byte {exc.start}") from None
    if not isinstance(text, str):
        raise SaveError("$", f"a JSON document must be text, not {type(text).__name__}")
    if len(text) > MAX_DOCUMENT_CHARS:
        raise SaveError("$", f"{len(text)} characters; at most {MAX_DOCUMENT_CHARS} are read")
    if not text.strip():
        raise SaveError("$", "the document is empty (no JSON at all)")
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError("$", json_problem(exc, text)) from None
    except RecursionError:
        raise SaveError("$", "nested too deeply") from None
    if not isinstance(doc, dict):
        raise SaveError("$", f"a document is a JSON object, not {type(doc).__name__}")
    if doc.get("format") == "claim-view":
        return doc  # its reader checks the rest, with ViewError naming the field
    if doc.get("format") not in FORMATS:
        raise SaveError("$.format", f"{quote(doc.get('format'))} is not a claim document "
                        f"(expected one of {', '.join(map(repr, FORMATS))})")
    if doc.get("version") != VERSION:
        raise SaveError("$.version", f"version {quote(doc.get('version'))} is not supported "
                        f"(this library reads version {VERSION})")
    return doc


def _keys(doc: dict[str, Any], allowed: set[str], path: str) -> None:
    for key in doc:
        if key not in allowed:
            known = ", ".join(sorted(allowed))
            raise SaveError(f"{path}.{key}", f"unknown key (allowed: {known})")


def _expect(value: Any, kind: type | tuple[type, ...], path: str, what: str) -> Any:
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise SaveError(path, f"expected {what}, got {quote(value)}")
    return value


def _load_move(doc: dict[str, Any], path: str = "$") -> Move:
    try:
        if "choose" in doc:
            return Choose(_expect(doc["choose"], str, f"{path}.choose", "an answer's label"))
        play = _expect(doc.get("play"), dict, f"{path}.play", "a card {faction, value, code}")
        card = Card(play.get("faction"), play.get("value"), play.get("code")) if "shown" not in (
            play) else MaskedCard(play.get("faction"), play["shown"], play.get("code"))
        return PlayCard(card, doc.get("option"))
    except SaveError:
        raise
    except (ClaimError, TypeError) as exc:
        raise SaveError(f"{path}.play", f"not a move: {exc}") from None


def _load_variant(ref: Any, given: Variant | None) -> Variant:
    ref = _expect(ref, dict, "$.variant", "a variant {name, sha256}")
    _keys(ref, {"name", "sha256", "definition"}, "$.variant")
    name = _expect(ref.get("name"), str, "$.variant.name", "a variant name")
    digest = _expect(ref.get("sha256"), str, "$.variant.sha256", "a sha256 in hex")
    if "definition" in ref:
        definition = _expect(ref["definition"], dict, "$.variant.definition", "a mapping")
        try:
            variant = variant_from_yaml(json.dumps(definition), "$.variant.definition")
        except ClaimError as exc:
            raise SaveError("$.variant.definition", str(exc)) from None
    else:
        found = given if given is not None else builtin_variant(name)
        if found is None:
            raise SaveError("$.variant.name", f"{quote(name)} is not a built-in variant and "
                            "the document holds no definition: pass the variant")
        variant = found
    if variant_hash(variant) != digest:
        raise SaveError("$.variant.sha256", f"the variant {variant.name!r} at hand has other "
                        f"rules (sha256 {variant_hash(variant)[:12]}...) than the one saved "
                        f"({digest[:12]}...)")
    return variant


def _load_record(doc: dict[str, Any], given: Variant | None) -> tuple[GameRecord, GameState]:
    """The record and the state its deal gives."""
    variant = _load_variant(doc.get("variant"), given)
    initial = _load_deal(doc.get("deal"), variant)
    assert initial.deal is not None
    texts = _expect(doc.get("moves"), list, "$.moves", "a list of moves in notation")
    table = move_reader(variant)
    if all(text.__class__ is str for text in texts):  # the common case: known plays
        found = list(map(table.get, texts))
        if None not in found:
            return GameRecord(variant, initial.deal, tuple(found)), initial  # type: ignore[arg-type]
    moves = []
    for step, text in enumerate(texts):
        _expect(text, str, f"$.moves[{step}]", "a move in notation")
        try:
            moves.append(read_move(text, variant))
        except ClaimError as exc:
            raise ReplayError(f"$.moves[{step}]", step, text, str(exc)) from None
    return GameRecord(variant, initial.deal, tuple(moves)), initial


def _cards(value: Any, path: str) -> list[str]:
    _expect(value, list, path, "a list of cards in notation")
    if not all(card.__class__ is str for card in value):
        for j, card in enumerate(value):
            _expect(card, str, f"{path}[{j}]", "a card in notation")
    cards: list[str] = value
    return cards


def _card_lists(value: Any, path: str, count: int) -> list[list[str]]:
    _expect(value, list, path, "a list of card lists")
    if len(value) != count:
        raise SaveError(path, f"{count} seats expected, got {len(value)}")
    return [_cards(cards, f"{path}[{i}]") for i, cards in enumerate(value)]


def _load_deal(value: Any, variant: Variant) -> GameState:
    deal = _expect(value, dict, "$.deal", "a deal {seed, first_leader, hands, draw_pile}")
    _keys(deal, {"seed", "first_leader", "hands", "draw_pile", "chance", "set_aside",
                 "hidden"}, "$.deal")
    aside, hidden = read_hidden(deal)
    seed = deal.get("seed")
    if seed is not None:
        _expect(seed, int, "$.deal.seed", "an int or null")
    leader = _expect(deal.get("first_leader", 0), int, "$.deal.first_leader", "a seat")
    hands = _card_lists(deal.get("hands"), "$.deal.hands", variant.players)
    pile = _cards(deal.get("draw_pile"), "$.deal.draw_pile")
    chance = _cards(deal.get("chance", []), "$.deal.chance")
    size = variant.hand_size
    for seat, hand in enumerate(hands):
        if len(hand) != size:
            raise SaveError(f"$.deal.hands[{seat}]", f"{len(hand)} cards; "
                            f"{variant.name!r} deals {size} to each seat")

    try:
        if seed is not None:
            state = _seeded(variant, seed, leader)
        else:
            state = new_game(variant, hands=hands, draw_pile=pile, first_leader=leader,
                             chance=chance or None, set_aside=aside, hidden=hidden)
    except ClaimError as exc:  # a DealError about a hidden part names its field
        field = exc.field if isinstance(exc, DealError) and exc.field else ""
        raise SaveError(f"$.deal.{field}" if field else "$.deal", str(exc)) from None
    assert state.deal is not None
    _same_deal(state.deal, variant, hands, pile, chance)
    same_hidden(variant, state.deal, aside, hidden)
    return state


_SEEDED: Recent[tuple[int, int, int], tuple[Variant, GameState]] = Recent("seeded deals", 16)


def _seeded(variant: Variant, seed: int, leader: int) -> GameState:
    """``new_game(variant, seed=seed, first_leader=leader)``, kept for recent seeds
    (a new game is a pure function of these)."""
    key = (id(variant), seed, leader)
    found = _SEEDED.get(key)
    if found is not None and found[0] is variant:
        return found[1]
    return _SEEDED.put(key, (variant, new_game(variant, seed=seed, first_leader=leader)))[1]


def _same_deal(deal: Deal, variant: Variant, hands: list[list[str]], pile: list[str],
               chance: list[str]) -> None:
    """The seed's deal must be the one written (cards compared by notation)."""
    deck = card_names(variant)
    for seat, hand in enumerate(hands):
        if [deck[c] for c in deal.hands[seat]] != hand:
            raise SaveError(f"$.deal.hands[{seat}]", "not the cards the seed deals")
    if [deck[c] for c in deal.draw_pile] != pile:
        raise SaveError("$.deal.draw_pile", "not the cards the seed deals")
    if chance and [deck[c] for c in deal.chance] != chance:
        raise SaveError("$.deal.chance", "not the order the seed draws")
