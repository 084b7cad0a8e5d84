"""``claim tournament``: a thin front to claim.apps.simulate with bot budgets."""

from __future__ import annotations

import pytest

from claim.apps.cli import main
from claim.apps.cli_tournament import bot_spec
from claim.search import bots


def test_tournament_prints_win_rates(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["tournament", "claim", "--bots", "heuristic,ismcts:iterations=2",
            "--games", "4", "--seed", "3", "--workers", "1"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "claim: 4 games, seed 3" in out
    assert "heuristic" in out and "ismcts:iterations=2" in out and "draws" in out
    assert main(argv) == 0
    assert capsys.readouterr().out == out  # the seed decides everything


def test_bot_options_are_checked(capsys: pytest.CaptureFixture[str]) -> None:
    assert bot_spec("random") == "random"
    assert bot_spec("pimc:samples=1+rollouts=1") == "pimc-samples1-rollouts1"
    assert "pimc-samples1-rollouts1" in bots.names()
    for bad in ("random:x=1", "ismcts:foo=1", "ismcts:iterations=many"):
        assert main(["tournament", "claim", "--bots", f"{bad},random", "--games", "1"]) == 2
        assert f"claim: --bots {bad}: " in capsys.readouterr().err
