"""Golden game records: the same seed and moves give the same game everywhere.

``tests/golden/games.json`` holds seeded random games recorded once, each as a
``claim-record`` document (variant and its rules' hash, the deal card by card, every
move in notation) with the seed of the random player and the expected result.
Replaying them checks determinism across machines and Python versions (the deal and
choices come from ``random.Random``, whose algorithms are stable), that the record
format loads, and that rule changes are deliberate: a change that alters any recorded
game must regenerate the file (``tests/golden/make_golden.py``) and say why in its
commit.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import claim

GOLDEN = json.loads(Path(__file__).with_name("golden").joinpath("games.json").read_text())


def _name(game: dict[str, Any]) -> str:
    return f"{game['record']['variant']['name']}-{game['playout_seed']}"


@pytest.mark.parametrize("game", GOLDEN, ids=_name)
def test_seeded_game_matches_golden_record(game: dict[str, Any]) -> None:
    """Same seed, same deal, same random choices, same result (determinism)."""
    record, expected = game["record"], game["expected"]
    rng = random.Random(game["playout_seed"])
    state = claim.new_game(claim.load_variant(record["variant"]["name"]), rng=rng)
    assert state.deal is not None
    deck = state.variant.deck
    assert [[str(deck[c]) for c in hand] for hand in state.deal.hands] == \
        record["deal"]["hands"]
    for expected_move in record["moves"]:
        move = rng.choice(state.legal_moves())
        assert str(move) == expected_move
        state = state.apply(move)
    assert state.is_over
    result = state.result()
    assert list(result.votes) == expected["votes"]
    assert result.winner == expected["winner"]
    assert result.decided_by.value == expected["decided_by"]


@pytest.mark.parametrize("game", GOLDEN, ids=_name)
def test_golden_record_replays(game: dict[str, Any]) -> None:
    """The record document loads (deal checked against the deck, every move legal) and
    claim.replay reaches the recorded score piles and votes."""
    record = claim.from_json(json.dumps(game["record"]))
    assert isinstance(record, claim.GameRecord)
    states = list(claim.replay(record))
    assert len(states) == len(game["record"]["moves"]) + 1
    final, expected = states[-1], game["expected"]
    assert final.is_over
    players = final.variant.players
    assert [[str(c) for c in final.score_pile(s)] for s in range(players)] == \
        expected["score_piles"]
    assert list(final.result().votes) == expected["votes"]
    assert json.loads(claim.to_json(record)) == game["record"]
