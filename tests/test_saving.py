"""Saving and replaying games (issue 10, "Keeping games"): JSON saves of states, records
and moves, game records and replay, and every refusal of a bad document.

A saved state is its game record (deal and moves, RULES 2-3) plus a snapshot; the
loader replays the record and compares the snapshot, so every refusal names the JSON
path of the bad field and nothing is half-loaded.
"""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import attrs
import pytest

import claim
from claim.io.serialize import from_json, to_json
from claim.testing import random_official_mix, support_position

CLAIM = claim.load_variant("claim")


def played(variant: claim.Variant | str, seed: int, moves: int) -> claim.GameState:
    """A seeded game after ``moves`` random moves (or at its end)."""
    rng = random.Random(seed)
    state = claim.new_game(variant, seed=seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def doc_of(state: claim.GameState) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(to_json(state))
    return doc


def refused(doc: dict[str, Any] | str, path: str, *words: str) -> claim.SaveError:
    """Loading ``doc`` raises SaveError at ``path`` with ``words`` in the message."""
    text = doc if isinstance(doc, str) else json.dumps(doc)
    with pytest.raises(claim.SaveError) as info:
        from_json(text)
    assert info.value.path == path, str(info.value)
    for word in words:
        assert word.lower() in str(info.value).lower(), (word, str(info.value))
    return info.value


@pytest.mark.parametrize("name", claim.builtin_variants())
def test_state_round_trip_every_builtin_variant(name: str) -> None:
    """Every state of a played game loads back equal to itself (history included)."""
    rng = random.Random(1)
    state = claim.new_game(name, seed=1)
    while True:
        assert from_json(to_json(state)) == state
        if state.is_over:
            break
        for _ in range(5):
            if not state.is_over:
                state = state.apply(rng.choice(state.legal_moves()))


def test_round_trip_random_expansion_mixes() -> None:
    """Mixes with power state and chance (Werewolves' moon, Bears, Elf-Orc declarations,
    the Awakeners' second deck, E12) save and load exactly, mid-game and at the end."""
    rng = random.Random(10)
    for index in range(12):
        players = rng.choice((2, 3, 4))
        variant = claim.mix(random_official_mix(rng, players), players=players)
        for moves in (7, 30, 1000):
            state = played(variant, index, moves)
            loaded = from_json(to_json(state))
            assert loaded == state
            assert "definition" in json.loads(to_json(state))["variant"]


def test_explicit_deal_and_rng_deal_round_trip() -> None:
    """An explicit deal (R1 first leader, E12 chance order) and a deal shuffled by a
    caller's random.Random both replay exactly."""
    variant = claim.mix(["elves", "orcs", "elf_orcs", "awakeners", "dragons", "seers"])
    deck = [str(c) for c in variant.deck]
    state = claim.new_game(variant, hands=[deck[:13], deck[13:26]], draw_pile=deck[26:],
                           chance=list(reversed(deck)), first_leader=1)
    state = state.apply(state.legal_moves()[-1])
    assert from_json(to_json(state)) == state
    other = claim.new_game(CLAIM, rng=random.Random(3))
    other = other.apply(other.legal_moves()[0])
    assert other.deal is not None and other.deal.seed is None
    assert next(iter(reversed(list(claim.replay(claim.record_of(other)))))) == other


def test_replay_yields_every_state() -> None:
    """claim.replay gives the dealt state, then one state per recorded move."""
    state = played("claim2", 4, 40)
    states = list(claim.replay(claim.record_of(state)))
    assert len(states) == 41
    assert states[0].records == () and states[-1] == state
    assert [len(s.records) for s in states] == list(range(41))


def test_record_json_round_trip() -> None:
    """A record saves as 'claim-record' and loads back with canonical moves."""
    record = claim.record_of(played("knights-3p", 2, 1000))
    text = to_json(record)
    assert json.loads(text)["format"] == "claim-record"
    assert from_json(text) == record


@pytest.mark.parametrize("move", [
    claim.PlayCard(claim.Card("knights", 7, "Kn")),
    claim.PlayCard(claim.Card("elf_orcs", 5, "EO"), "as elves"),
    claim.Choose("take top"),
    claim.Smash(1, claim.Card("gnomes", 5, "Gn")),
])
def test_move_round_trip(move: claim.Move) -> None:
    """Moves save without a variant and load back equal."""
    assert from_json(to_json(move)) == move


def test_inline_variant_needs_no_builtin() -> None:
    """A house variant is written inline; naming it without a definition needs the
    variant passed in, checked against the hash."""
    variant = claim.mix(["goblins", "knights", "undead", "dragons", "trolls"])
    state = played(variant, 3, 9)
    doc = doc_of(state)
    del doc["variant"]["definition"]
    refused(doc, "$.variant.name", "not a built-in variant")
    assert from_json(json.dumps(doc), variant=variant) == state
    with pytest.raises(claim.SaveError, match="other rules"):
        from_json(json.dumps(doc), variant=CLAIM)


# -- bad documents -------------------------------------------------------------


def test_other_version_and_format_refused() -> None:
    """JSON of another version or format is refused before anything is read."""
    doc = doc_of(played(CLAIM, 1, 5))
    refused({**doc, "version": 2}, "$.version", "version 2")
    refused({**doc, "format": "chess-state"}, "$.format", "chess-state")
    refused({**doc, "extra": 1}, "$.extra", "unknown key")


def test_truncated_refused() -> None:
    """A truncated document is not JSON: refused at the root, saying where it stops."""
    text = to_json(played(CLAIM, 1, 5))
    refused(text[: len(text) // 2], "$", "not JSON")
    refused("[1, 2]", "$", "JSON object")


def test_card_twice_or_missing_refused() -> None:
    """Card conservation (RULES 1-2): every card of the deck exactly once."""
    doc = doc_of(played(CLAIM, 1, 10))
    snap = doc["snapshot"]
    twice = json.loads(json.dumps(doc))
    twice["snapshot"]["hands"][0].append(snap["hands"][1][0])
    refused(twice, "$.snapshot", "appears 2 times")
    missing = json.loads(json.dumps(doc))
    gone = missing["snapshot"]["draw_pile"].pop()
    refused(missing, "$.snapshot", f"{gone!r} is missing")
    deal = json.loads(json.dumps(doc))
    deal["deal"]["seed"] = None
    deal["deal"]["hands"][0][0] = deal["deal"]["hands"][1][0]
    refused(deal, "$.deal", "not the")


def test_hand_of_wrong_size_refused() -> None:
    """RULES 2-3: hand sizes follow from the phase and the trick; a card moved from a
    hand to the discard keeps conservation but not the hand size."""
    state = played(CLAIM, 1, 10)
    doc = doc_of(state)
    moved = doc["snapshot"]["hands"][1].pop()
    doc["snapshot"]["discard"].append(moved)
    refused(doc, "$.snapshot.hands[1]", f"holds {state.hand_size(1)}")
    dealt = doc_of(played(CLAIM, 1, 0))
    dealt["deal"]["hands"][0].pop()
    refused(dealt, "$.deal.hands[0]", "12 cards")


def test_pending_choice_the_cards_contradict_refused() -> None:
    """RULES 3 (3 players: rank 1 chooses a face-up card) and R15: the pending question
    must be the one the cards give."""
    state = claim.new_game("knights-3p", seed=0)
    rng = random.Random(0)
    while state.pending is None:
        state = state.apply(rng.choice(state.legal_moves()))
    doc = doc_of(state)
    doc["snapshot"]["pending"]["options"].append("take top")
    refused(doc, "$.snapshot.pending", "not what the cards give")
    doc["snapshot"]["pending"] = None
    refused(doc, "$.snapshot.pending")


def test_tampered_snapshot_refused() -> None:
    """Two cards traded between score piles keep every count right; the replay shows it."""
    state = played(CLAIM, 5, 70)
    doc = doc_of(state)
    scores = doc["snapshot"]["scores"]
    other = next(i for i, card in enumerate(scores[1]) if card not in scores[0])
    scores[0][0], scores[1][other] = scores[1][other], scores[0][0]
    refused(doc, "$.snapshot.scores[0]", "not what these moves give")


def test_illegal_move_names_step_and_move() -> None:
    """A record whose move becomes illegal: the error names the step and the move."""
    doc = doc_of(played(CLAIM, 1, 6))
    hand = doc["snapshot"]["hands"][doc["snapshot"]["to_move"]]
    held = {card for seat in doc["deal"]["hands"] for card in seat}
    foreign = next(c for c in doc["deal"]["draw_pile"] if c not in held and c not in hand)
    doc["moves"][3] = foreign
    error = refused(doc, "$.moves[3]", "move 3", foreign)
    assert isinstance(error, claim.ReplayError) and error.step == 3
    doc["moves"][3] = "take nothing"
    refused(doc, "$.moves[3]", "move 3")


def test_replay_of_record_refuses_illegal_step() -> None:
    """claim.replay raises ReplayError at the bad step, after yielding the states before."""
    record = claim.record_of(played(CLAIM, 1, 4))
    bad = attrs.evolve(record, moves=(*record.moves[:2], claim.Choose("take top")))
    seen = []
    with pytest.raises(claim.ReplayError) as info:
        for state in claim.replay(bad):
            seen.append(state)
    assert info.value.step == 2 and len(seen) == 3


def test_state_built_by_hand_cannot_be_saved() -> None:
    """A position built by hand (no deal leads to it) has no record to save."""
    state = support_position(CLAIM, [["Kn7"], ["Gb3"]])
    with pytest.raises(claim.SaveError, match="no deal"):
        to_json(state)


def test_variant_hash_mismatch_refused() -> None:
    """The variant is named with the sha256 of its rules; other rules are refused."""
    doc = doc_of(played(CLAIM, 1, 3))
    doc["variant"]["sha256"] = "0" * 64
    refused(doc, "$.variant.sha256", "other rules")


def test_move_records_round_trip() -> None:
    """Every MoveRecord of a game (RULES 3 tricks, private draws, power state changes
    of the expansions) saves as 'claim-move-record' and loads back equal."""
    rng = random.Random(8)
    variant = claim.mix(random_official_mix(rng, 3), players=3)
    state = played(variant, 8, 1000)
    for record in state.records:
        text = to_json(record)
        assert json.loads(text)["format"] == "claim-move-record"
        assert from_json(text) == record


def test_bad_move_record_refused() -> None:
    """An unknown event kind or wrong arguments are refused at their path."""
    record = played(CLAIM, 2, 2).records[-1]
    doc = json.loads(to_json(record))
    assert doc["events"], "the second play completes a trick"
    doc["events"][0]["event"] = "Exploded"
    refused(doc, "$.events[0].event", "Exploded")
    doc = json.loads(to_json(record))
    doc["events"][0]["args"] = doc["events"][0]["args"][:1]
    refused(doc, "$.events[0].args", "not arguments")


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    items = value.items() if isinstance(value, dict) else (
        enumerate(value) if isinstance(value, list) else ())
    for key, item in items:
        found += _paths(item, (*path, key))
    return found


def test_mutated_documents_load_or_raise_save_error() -> None:
    """Hostile input: any field of a saved state, record, move record or move replaced
    or deleted either loads (a change that means the same game) or raises SaveError;
    no other exception escapes."""
    rng = random.Random(1)
    docs = []
    for name, moves in (("claim", 10), ("knights-3p", 20), ("claim2", 40)):
        state = played(name, 1, moves)
        docs += [doc_of(state), json.loads(to_json(claim.record_of(state))),
                 json.loads(to_json(state.records[-1]))]
    values: list[Any] = [None, True, -1, 5, 10**30, 1.5, "", "Kn7", [], {}, [[]], ["Gb0"]]
    for _ in range(400):
        doc = json.loads(json.dumps(rng.choice(docs)))
        path = rng.choice(_paths(doc)[1:])
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        if rng.random() < 0.7:
            parent[path[-1]] = rng.choice(values)
        else:
            del parent[path[-1]]
        with contextlib.suppress(claim.SaveError):
            from_json(json.dumps(doc))


def test_state_changed_by_hand_is_refused_on_loading() -> None:
    """A state changed with attrs.evolve keeps a deal and moves that do not lead to
    it: its document is written, but loading refuses the snapshot."""
    state = played(CLAIM, 1, 8)
    changed = attrs.evolve(state, leader=1 - state.leader)
    with pytest.raises(claim.SaveError) as info:
        from_json(to_json(changed))
    assert info.value.path.startswith("$.snapshot")


def test_typed_loaders_refuse_other_documents() -> None:
    """state_from_json and record_from_json load only their own format."""
    from claim.io.serialize import record_from_json, state_from_json

    state = played(CLAIM, 1, 4)
    assert state_from_json(to_json(state)) == state
    record = claim.record_of(state)
    assert record_from_json(to_json(record)) == record
    with pytest.raises(claim.SaveError, match="not a saved state"):
        state_from_json(to_json(record))
    with pytest.raises(claim.SaveError, match="not a game record"):
        record_from_json(to_json(state))
