"""`claim replay FILE --html OUT.html` and `claim.io.svg.replay_page` (issue 27): one
self-contained page stepping through a game trick by trick, checked in a real
headless browser when ``/usr/bin/chromium`` is installed (CI installs it)."""

from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import claim
from claim.apps.cli import main
from claim.io.svg import render, replay_page, trick_steps

CHROMIUM = "/usr/bin/chromium"
FIGURE = re.compile(r'<figure class="step" data-step="(\d+)"[^>]*>(<svg.*?</svg>)</figure>',
                    re.DOTALL)


def _record(tmp_path: Path, *args: str) -> Path:
    path = tmp_path / "game.json"
    assert main(["demo", *args, "--record", str(path)]) == 0
    return path


def test_steps_are_the_deal_each_trick_and_the_end() -> None:
    state = claim.new_game("claim", seed=2)
    states = [state]
    while not state.is_over:
        state = state.apply(state.legal_moves()[0])
        states.append(state)
    steps = trick_steps(states)
    assert len(steps) == 1 + 2 * 13 and steps[0] is states[0] and steps[-1] is states[-1]
    assert all(not s.trick and s.pending is None for s in steps)


def test_replay_page_holds_one_picture_per_step(tmp_path: Path) -> None:
    record = claim.from_json(_record(tmp_path, "--players", "3", "--seed", "4").read_text())
    assert isinstance(record, claim.GameRecord)
    states = list(claim.replay(record))
    page = replay_page(states, 2)
    figures = FIGURE.findall(page)
    steps = trick_steps(states)
    assert [int(i) for i, _ in figures] == list(range(len(steps))) == list(range(25))
    for (_, svg), state in zip(figures, steps):
        ET.fromstring(svg)
        assert svg == render(state, 2, size=960)
    assert "seen by seat 2" in page
    for needle in ("http://", "https://", "<link", "src="):
        assert needle not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")


def test_cli_writes_the_page_from_a_seat_or_the_referee(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _record(tmp_path, "--seed", "5")
    capsys.readouterr()
    out = tmp_path / "game.html"
    assert main(["replay", str(path), "--html", str(out), "--seat", "1"]) == 0
    assert f"wrote {out}" in capsys.readouterr().out
    assert "seen by seat 1" in out.read_text(encoding="utf-8")
    assert main(["replay", str(path), "--html", str(out)]) == 0
    assert "seen by the referee" in out.read_text(encoding="utf-8")


def test_cli_refuses_a_seat_that_does_not_exist(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _record(tmp_path, "--seed", "5")
    capsys.readouterr()
    out = tmp_path / "game.html"
    assert main(["replay", str(path), "--html", str(out), "--seat", "2"]) == 2
    assert "seat must be" in capsys.readouterr().err and not out.exists()
    assert main(["replay", str(path), "--html", str(tmp_path / "no" / "x.html")]) == 2


def test_the_page_steps_to_the_end_in_a_headless_browser(tmp_path: Path) -> None:
    """Opened with ``#play``, the page's script steps through every picture; the
    DOM the browser ends with shows the last step."""
    if not Path(CHROMIUM).exists() and shutil.which("chromium") is None:
        pytest.skip(f"no headless browser: {CHROMIUM} is not installed "
                    "(CI installs it with apt-get install chromium)")
    out = tmp_path / "game.html"
    assert main(["replay", str(_record(tmp_path, "--seed", "8")), "--html", str(out),
                 "--seat", "0"]) == 0
    browser = CHROMIUM if Path(CHROMIUM).exists() else str(shutil.which("chromium"))
    dom = subprocess.run(
        [browser, "--headless", "--no-sandbox", "--disable-gpu",
         "--disable-background-networking", "--virtual-time-budget=60000",
         f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom", f"{out.as_uri()}#play"],
        capture_output=True, text=True, timeout=120, check=True,
    ).stdout
    body = re.search(r'<body data-step="(\d+)" data-steps="(\d+)"', dom)
    assert body is not None, dom[:500]
    assert body.group(2) == "27" and body.group(1) == "26"
    assert '<span id="step">27</span>' in dom
    shown = re.findall(r'<figure class="step" data-step="(\d+)"(?![^>]*hidden)', dom)
    assert shown == ["26"]
