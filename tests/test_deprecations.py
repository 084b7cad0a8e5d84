"""What issue #22 moved keeps working for one release, with a DeprecationWarning:
saving methods on the value classes (saving lives in `claim.io`), the accessors named
after two factions' zones, and the module paths of before the layers."""

from __future__ import annotations

import importlib
import json
import random
import sys

import pytest

import claim
from claim import _moved


def played(name: str, moves: int, seed: int = 3) -> claim.GameState:
    state = claim.new_game(name, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def test_saving_methods_warn_and_give_what_claim_to_json_gives() -> None:
    state = played("claim2", 30)
    view = state.view(1)
    with pytest.warns(DeprecationWarning, match=r"claim\.to_json\(state\)"):
        assert state.to_json() == claim.to_json(state)  # type: ignore[attr-defined]
    with pytest.warns(DeprecationWarning, match=r"claim\.to_json\(view\)"):
        text = view.to_json()  # type: ignore[attr-defined]
    assert text == claim.to_json(view)
    with pytest.warns(DeprecationWarning, match=r"claim\.from_json"):
        assert type(view).from_json(text) == view == claim.from_json(text)  # type: ignore[attr-defined]


def test_zone_accessors_warn_and_read_the_declared_zones() -> None:
    """RULES 4 Gnomes and Trolls: their zones are read by name now."""
    state = played("claim2", 40)
    with pytest.warns(DeprecationWarning, match=r'zone\("in front", seat\)'):
        assert state.in_front(0) == state.zone("in front", 0)
    with pytest.warns(DeprecationWarning, match=r'zone\("waiting line"\)'):
        assert state.waiting_line == state.zone("waiting line")
    with pytest.warns(DeprecationWarning):
        assert state.waiting == state.zone_ids("waiting line")
    with pytest.warns(DeprecationWarning):
        assert state.in_front_masks == state.zone_masks("in front")
    with pytest.warns(DeprecationWarning):
        assert claim.new_game("claim", seed=1).in_front(1) == ()  # no power declares it


def test_a_move_record_saved_with_a_zone_member_still_loads() -> None:
    """Documents of this version written before #22 tagged the two declared zones as
    `Zone` members (``{"zone": "in front"}``); they load as the declared names."""
    record = next(r for seed in range(20) for r in played("claim2", 52, seed).records
                  if any(getattr(e, "zone", None) == "in front" for e in r.events))
    doc = json.loads(claim.to_json(record))
    text = json.dumps(doc).replace('"in front"', '{"zone": "in front"}')
    assert claim.from_json(text) == record


@pytest.mark.parametrize(("old", "new"), [
    ("claim.views", "claim.rules.views"),
    ("claim.sampling", "claim.info.sampling"),
    ("claim.solver", "claim.search.solver"),
    ("claim.bots", "claim.search.bots"),
    ("claim.serialize", "claim.io.serialize"),
    ("claim.adapters.pettingzoo", "claim.apps.adapters.pettingzoo"),
    ("claim.engine.scoring", "claim.rules.engine.scoring"),
    ("claim.factions.protocol", "claim.rules.protocol"),
])
def test_old_public_module_paths_warn_and_give_the_new_modules(
        old: str, new: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if "adapters" in old:
        pytest.importorskip("pettingzoo", reason="needs the pettingzoo extra")
    for name in list(sys.modules):  # imported by an earlier test: import them afresh
        if name == old or (old.startswith(name + ".") and _moved.new_name(name)):
            monkeypatch.delitem(sys.modules, name)
    with pytest.warns(DeprecationWarning, match="is deprecated: it moved to claim"):
        module = importlib.import_module(old)
    assert module is importlib.import_module(new)
