"""Loading a save whose moves repeat or extend a loaded record (claim.io.serialize).

The loader resumes from its last replay of the same deal; it must still refuse a
move the rules refuse (naming its step, issue #10 "Bad input") and a snapshot the
moves do not give, exactly as a full replay does.
"""

from __future__ import annotations

import json
import random

import pytest

import claim
from claim.io.gamerecord import ReplayError
from claim.rules.state import GameState


def _game(seed: int, moves: int) -> GameState:
    rng = random.Random(seed)
    state = claim.new_game("claim2", seed=seed)
    for _ in range(moves):
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def test_loading_an_extended_record_resumes_and_still_checks_each_move() -> None:
    """A save whose moves extend a loaded one loads as a full replay would (equal
    state); a move the rules refuse after that prefix is still refused at its step."""
    short, long = _game(5, 12), _game(5, 30)
    assert claim.from_json(claim.to_json(short)) == short
    assert claim.from_json(claim.to_json(long)) == long
    doc = json.loads(claim.to_json(long))
    doc["moves"][20] = doc["moves"][19]  # a card already played: illegal at step 20
    with pytest.raises(ReplayError) as caught:
        claim.from_json(json.dumps(doc))
    assert caught.value.step == 20 and caught.value.path == "$.moves[20]"
    assert claim.from_json(claim.to_json(long)) == long


def test_a_tampered_snapshot_is_refused_after_a_resumed_replay() -> None:
    """The snapshot is compared with the state reached, resumed or not ($.snapshot)."""
    state = _game(6, 26)
    text = claim.to_json(state)
    assert claim.from_json(text) == state
    doc = json.loads(text)
    doc["snapshot"]["leader"] = 1 - doc["snapshot"]["leader"]
    with pytest.raises(claim.SaveError) as caught:
        claim.from_json(json.dumps(doc))
    assert caught.value.path.startswith("$.snapshot")
