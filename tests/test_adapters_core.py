"""The adapters stay optional: the core needs attrs and pyyaml only."""

from __future__ import annotations

import importlib.metadata
import re
import subprocess
import sys

import claim
from claim.apps.adapters import terminal_rewards
from claim.apps.adapters._common import history_features, max_game_length
from claim.core.records import CardDrawn

OPTIONAL = ("numpy", "pyspiel", "open_spiel", "pettingzoo", "gymnasium")


def test_importing_claim_and_its_adapters_package_imports_no_optional_library() -> None:
    code = ("import sys, claim, claim.apps.adapters; "
            f"print(sorted(m for m in {OPTIONAL!r} if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                         text=True).stdout
    assert out.strip() == "[]"


def test_core_requirements_are_attrs_and_pyyaml_only() -> None:
    requires = importlib.metadata.requires("claim-engine") or []
    core = {re.split(r"[<>=!~ ;\[]", r, maxsplit=1)[0].lower() for r in requires
            if "extra ==" not in r}
    assert core == {"attrs", "pyyaml"}
    extras = importlib.metadata.metadata("claim-engine").get_all("Provides-Extra") or []
    assert {"pettingzoo", "openspiel"} <= set(extras)


def test_terminal_rewards_share_a_teams_result() -> None:
    state = claim.new_game("knights-4p", seed=6)
    moves = 0
    while not state.is_over:
        state = state.apply(state.legal_moves()[moves % len(state.legal_moves())])
        moves += 1
    assert moves <= max_game_length(state.variant)
    rewards = terminal_rewards(state)
    assert rewards[0] == rewards[2] and rewards[1] == rewards[3]
    assert rewards[0] == -rewards[1]


def test_history_features_follow_the_viewers_history() -> None:
    state = claim.new_game("claim", seed=2)
    for _ in range(5):
        state = state.apply(state.legal_moves()[0])
    features = history_features(state.view(1))
    assert len(features) == 3 * max_game_length(state.variant)
    first = state.records[0]
    assert features[:3] == [(first.seat - 1) % 2 + 1.0,
                            claim.action_id(state.variant, first.move) + 1.0, 0.0]
    assert features[15:] == [0.0] * (len(features) - 15)


def test_history_features_show_a_private_draw_to_the_drawer_only() -> None:
    state = claim.new_game("claim", seed=4)
    while not any(isinstance(e, CardDrawn) for r in state.records for e in r.events):
        state = state.apply(state.legal_moves()[0])
    step, drawn = next((i, e) for i, r in enumerate(state.records) for e in r.events
                       if isinstance(e, CardDrawn))
    kinds = list(dict.fromkeys(state.variant.deck))
    mine = history_features(state.view(drawn.seat))
    theirs = history_features(state.view(1 - drawn.seat))
    assert mine[3 * step + 2] == kinds.index(drawn.card) + 1
    assert theirs[3 * step + 2] == 0.0
