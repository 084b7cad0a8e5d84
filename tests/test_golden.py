"""Golden game records: the same seed and moves give the same game everywhere.

``tests/golden/games.json`` holds seeded random games (deal, every move in notation,
score piles and result) recorded once. Replaying them checks determinism across
machines and Python versions (the deal and choices come from ``random.Random``,
whose algorithms are stable), and that rule changes are deliberate: a change that
alters any recorded game must regenerate the file (``tests/golden/make_golden.py``)
and say why in its commit.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import claim

GOLDEN = json.loads(Path(__file__).with_name("golden").joinpath("games.json").read_text())


@pytest.mark.parametrize("game", GOLDEN, ids=lambda g: f"{g['variant']}-{g['seed']}")
def test_seeded_game_matches_golden_record(game: dict[str, Any]) -> None:
    """Same seed, same deal, same random choices, same result (determinism)."""
    rng = random.Random(game["seed"])
    state = claim.new_game(claim.load_variant(game["variant"]), rng=rng)
    assert [[str(c) for c in state.hand(seat)] for seat in range(2)] == game["hands"]
    for expected in game["moves"]:
        move = rng.choice(state.legal_moves())
        assert str(move) == expected
        state = state.apply(move)
    assert state.is_over
    result = state.result()
    assert list(result.votes) == game["votes"]
    assert result.winner == game["winner"]
    assert result.decided_by.value == game["decided_by"]


@pytest.mark.parametrize("game", GOLDEN, ids=lambda g: f"{g['variant']}-{g['seed']}")
def test_golden_moves_replay_from_notation(game: dict[str, Any]) -> None:
    """The recorded notation replays on the explicit deal of the same cards."""
    variant = claim.load_variant(game["variant"])
    state = claim.new_game(variant, hands=game["hands"], draw_pile=game["draw_pile"])
    for text in game["moves"]:
        state = state.apply(text)
    assert [[str(c) for c in state.score_pile(seat)] for seat in range(2)] == game["score_piles"]
    assert list(state.result().votes) == game["votes"]
