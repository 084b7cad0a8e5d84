"""`claim demo --record FILE` and `claim replay FILE` (issue 10: a game record printed
trick by trick, RULES 3 tricks and RULES 6 results)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import claim
from claim.apps.cli import main


def test_demo_record_replays_to_the_same_tricks(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """The record written by the demo replays to the same tricks and result."""
    path = tmp_path / "game.json"
    assert main(["demo", "--seed", "5", "--record", str(path)]) == 0
    shown = capsys.readouterr().out.splitlines()
    assert json.loads(path.read_text())["format"] == "claim-record"
    assert main(["replay", str(path)]) == 0
    replayed = capsys.readouterr().out.splitlines()
    assert replayed[1:] == shown[1:]
    assert "52 moves" in replayed[0]


def test_replay_of_saved_state_mid_game(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """A saved state replays up to its last move and says who is to move."""
    state = claim.new_game("claim2", seed=2)
    for _ in range(5):
        state = state.apply(state.legal_moves()[0])
    path = tmp_path / "state.json"
    path.write_text(claim.to_json(state))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "trick  2" in out and f"seat {state.current_player} to move" in out


def test_replay_of_bad_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A truncated record is refused with the JSON path, exit status 2."""
    path = tmp_path / "bad.json"
    path.write_text('{"format": "claim-record", "version": 1, "vari')
    assert main(["replay", str(path)]) == 2
    assert "not JSON" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
