"""``claim simulate``: outputs, and bad input ending with a message, not a traceback."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

import pytest

from claim.apps import cli_simulate
from claim.apps.cli import main
from claim.apps.simulate import simulate


def test_outputs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = {k: tmp_path / f"run.{k}" for k in ("json", "csv", "png")}
    argv = ["simulate", "claim", "claim2", "--bots", "random,random", "--games", "6",
            "--seed", "5", "--workers", "1", "--json", str(out["json"]),
            "--csv", str(out["csv"])]
    try:  # the chart needs the plot extra
        import matplotlib  # noqa: F401
    except ImportError:
        out.pop("png")
    else:
        argv += ["--png", str(out["png"])]
    assert main(argv) == 0
    text = capsys.readouterr()
    assert "claim: 6 games" in text.out and "claim2: 6 games" in text.out
    assert "first leader wins" in text.out and "three votes" in text.out
    assert "12/12" in text.err or "12/12 games" in text.err  # the progress
    rows = list(csv.DictReader(out["csv"].open()))
    expected = simulate(["claim", "claim2"], ["random", "random"], 6, seed=5, workers=1,
                        keep_rows=True)
    assert [(r["variant"], int(r["game"]), int(r["seed"])) for r in rows] == [
        (r.variant, r.index, r.seed) for r in expected.rows]
    assert rows[0]["bots"] == "random random" and "goblins=" in rows[0]["votes"]
    data = json.loads(out["json"].read_text())
    assert data == json.loads(json.dumps(expected.to_dict()))
    if "png" in out:
        assert out["png"].read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["nowhere", "--bots", "random,random", "--games", "2"], "unknown variant 'nowhere'"),
        (["claim", "--bots", "random,robot", "--games", "2"], "unknown bot 'robot'"),
        (["claim", "--bots", "random,random", "--games", "0"],
         "argument --games: must be 1 or more, not 0"),
        (["claim", "--bots", "random,random", "--games", "-4"],
         "argument --games: must be 1 or more, not -4"),
        (["claim", "--bots", "random,random,random", "--games", "2"], "one bot per seat"),
        (["claim", "--bots", "random,random", "--games", "2", "--workers", "0"],
         "argument --workers: must be 1 or more, not 0"),
        (["claim", "--bots", "random,random", "--games", "2", "--batch-size", "0"],
         "argument --batch-size: must be 1 or more, not 0"),
        (["claim", "--bots", "random,random", "--games", "2", "--csv", "/no/such/dir/x.csv"],
         "cannot write /no/such/dir/x.csv"),
    ],
)
def test_bad_input(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    try:
        status = main(["simulate", *argv, "--quiet"])
    except SystemExit as exc:  # refused by the option's checker (claim.apps.cli_common)
        status = int(exc.code or 0)
    assert status == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_unreachable_scheduler(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("distributed")
    argv = ["simulate", "claim", "--bots", "random,random", "--games", "2", "--quiet",
            "--scheduler", "tcp://127.0.0.1:1", "--connect-timeout", "1"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:1" in err
    assert "Traceback" not in err


def test_the_real_command_exits_with_a_message() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "claim", "simulate", "claim", "--bots", "nobot,random",
         "--games", "3"], capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert done.stderr.startswith("claim: unknown bot 'nobot'")
    assert "Traceback" not in done.stderr
    assert "known: heuristic, ismcts, pimc, random" in done.stderr


def test_plain_progress_line(capsys: pytest.CaptureFixture[str]) -> None:
    tick = next(cli_simulate._plain_progress(5))
    tick(2)
    tick(3)
    assert capsys.readouterr().err.endswith("5/5 games\n")
