"""`claim play` (issue 14), driven through a pseudo-terminal as a person would.

Each test runs the real program (``python -m claim play``) under pexpect: a scripted
game to the end, an illegal entry, undo, save and resume, Ctrl-C, and a proof that
no bot's hidden card reaches the screen before the end.
"""

from __future__ import annotations

import itertools
import random
import re
import signal
import sys
from pathlib import Path

import pytest

import claim
from claim.core.cards import MaskedCard
from claim.core.records import FaceUpTaken
from claim.rules.views import View
from claim.search import bots

pytest.importorskip("pexpect")
import pexpect  # after the skip, when it is not installed

PROMPT = "your move> "


def default_sigint() -> None:
    """In the child before it runs: Ctrl-C interrupts, as in a terminal. A child
    inherits an ignored SIGINT (a suite started with ``&`` from a non-interactive
    shell, as some CI runners do), and Python then never raises KeyboardInterrupt
    (issue #26 item 16)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def spawn(tmp_path: Path, *args: str) -> pexpect.spawn[str]:
    """``claim play ARGS`` in a 24x80 pseudo-terminal, run in ``tmp_path``, with the
    default SIGINT disposition whatever this process's (`default_sigint`)."""
    return pexpect.spawn(sys.executable, ["-m", "claim", "play", *args], cwd=str(tmp_path),
                         encoding="utf-8", timeout=60, dimensions=(24, 80),
                         preexec_fn=default_sigint)


def answer_first(child: pexpect.spawn[str], limit: int = 400) -> list[str]:
    """Answer every prompt with ``1`` to the end; the screens before each prompt."""
    screens = []
    for _ in range(limit):
        if child.expect([PROMPT, pexpect.EOF]) == 1:
            screens.append(before(child))
            child.close()
            return screens
        screens.append(before(child))
        child.sendline("1")
    raise AssertionError("the game did not end")


def before(child: pexpect.spawn[str]) -> str:
    """The output read before what the last ``expect`` found."""
    text = child.before
    assert isinstance(text, str)
    return text


def record_in(path: Path) -> claim.GameRecord:
    """The game record saved in ``path``."""
    record = claim.from_json(path.read_text())
    assert isinstance(record, claim.GameRecord)
    return record


def moves_in(path: Path) -> tuple[claim.Move, ...]:
    return record_in(path).moves


def test_scripted_game_to_the_end(tmp_path: Path) -> None:
    """Always the first menu item: the game ends with every hand, the votes, a record."""
    child = spawn(tmp_path, "--seed", "3", "--bots", "random", "--plain",
                  "--record", "game.json")
    screens = answer_first(child)
    assert child.exitstatus == 0
    end = screens[-1]
    assert "All hands, as played:" in end and "votes:" in end
    assert "winner:" in end or "draw" in end
    states = list(claim.replay(record_in(tmp_path / "game.json")))
    assert states[-1].is_over


def test_four_players_with_a_bot_partner(tmp_path: Path) -> None:
    child = spawn(tmp_path, "knights-4p", "--seat", "2", "--seed", "1", "--plain",
                  "--bots", "random,random,random")
    screens = answer_first(child)
    assert child.exitstatus == 0 and "votes:" in screens[-1]


def test_illegal_entries_are_explained_and_change_nothing(tmp_path: Path) -> None:
    child = spawn(tmp_path, "--seed", "3", "--plain")
    for entry, reason in [("Kn99", "no card of value 99"), ("take top", "Not played"),
                          ("99", "there is no move 99"), ("xyzzy", "Not played")]:
        child.expect(PROMPT)
        child.sendline(entry)
        child.expect(reason)
        child.expect("Legal moves:")
    child.expect(PROMPT)
    child.sendline("save start.json")
    child.expect("Saved the game")
    child.sendeof()
    child.expect(pexpect.EOF)
    child.close()
    assert moves_in(tmp_path / "start.json") == ()


def test_hint_names_a_legal_move(tmp_path: Path) -> None:
    child = spawn(tmp_path, "--seed", "3", "--plain")
    child.expect(PROMPT)
    child.sendline("hint")
    child.expect(r"Hint \((\w+)\): (\S+) \(number (\d+)\)")
    match = child.match
    assert isinstance(match, re.Match)
    assert match.group(1) in bots.names()
    child.sendintr()
    child.expect(pexpect.EOF)


def test_undo_goes_back_to_the_previous_decision(tmp_path: Path) -> None:
    child = spawn(tmp_path, "--seed", "3", "--plain")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendline("save before.json")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendline("undo")
    child.expect("Undone")
    child.expect(PROMPT)
    child.sendline("save after.json")
    child.expect("Saved")
    child.sendeof()
    child.expect(pexpect.EOF)
    assert moves_in(tmp_path / "after.json") == moves_in(tmp_path / "before.json")
    assert len(moves_in(tmp_path / "before.json")) >= 1


def test_save_and_resume_to_the_end(tmp_path: Path) -> None:
    child = spawn(tmp_path, "claim2", "--seed", "4", "--plain")
    for _ in range(3):
        child.expect(PROMPT)
        child.sendline("1")
    child.expect(PROMPT)
    child.sendline("save mid.json")
    child.expect("Saved")
    child.sendeof()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    saved = moves_in(tmp_path / "mid.json")
    child = spawn(tmp_path, "--resume", "mid.json", "--plain", "--record", "end.json")
    answer_first(child)
    assert child.exitstatus == 0
    final = moves_in(tmp_path / "end.json")
    assert final[:len(saved)] == saved and len(final) > len(saved)


def test_ctrl_c_saves_and_exits_with_130(tmp_path: Path) -> None:
    child = spawn(tmp_path, "--seed", "3", "--plain", "--record", "kept.json")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendintr()
    child.expect("Saved the game to kept.json")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert len(moves_in(tmp_path / "kept.json")) >= 1


def test_end_of_input_saves_to_the_default_file(tmp_path: Path) -> None:
    child = spawn(tmp_path, "--seed", "3", "--plain")
    child.expect(PROMPT)
    child.sendeof()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert (tmp_path / "claim-game.json").exists()


def _seen_by(view: View) -> set[str]:
    """Every card the view shows openly."""
    cards = [*view.hand, *view.follower_pile, *view.face_up, *view.discard,
             *(card for _, card in view.trick)]
    cards += [card for pile in view.score_piles for card in pile]
    cards += [card for zone in view.zones for card in zone.cards]
    return set(map(str, cards))


@pytest.mark.parametrize(("variant", "seed"), [("claim", 3), ("claim", 8), ("claim2", 2)])
def test_no_hidden_bot_card_reaches_the_screen(tmp_path: Path, variant: str,
                                               seed: int) -> None:
    """At every prompt, the bot's cards still in hand (and not known to the person
    by a public event) are nowhere in the output since the previous prompt."""
    child = spawn(tmp_path, variant, "--seed", str(seed), "--plain", "--record", "g.json")
    screens = answer_first(child)[:-1]  # the last one is the end, when hands are shown
    record = record_in(tmp_path / "g.json")
    asked = [s for s in claim.replay(record) if s.current_player == 0]
    assert len(asked) == len(screens)
    checked = 0
    for state, screen in zip(asked, screens):
        public = _seen_by(state.view(0))
        public |= {str(e.card) for r in state.records for e in r.events
                   if isinstance(e, FaceUpTaken)}
        hidden = {str(card) for card in state.hand(1)} - public
        for card in hidden:
            assert not re.search(rf"\b{re.escape(card)}\b", screen), (card, screen)
        checked += len(hidden)
    assert checked > 100


def test_rich_screen_game_to_the_end(tmp_path: Path) -> None:
    """Without --plain, in a terminal, with rich installed: panels and a spinner."""
    pytest.importorskip("rich")
    child = spawn(tmp_path, "--seed", "5", "--record", "rich.json")
    screens = answer_first(child)
    assert child.exitstatus == 0 and "votes:" in screens[-1]
    assert any("╭" in screen or "+" in screen for screen in screens)


def test_injected_console_plays_without_a_terminal(tmp_path: Path) -> None:
    """The loop reads and writes only through its Console (no terminal needed)."""
    from claim.apps.cli import parser
    from claim.apps.cli_play import Console, run

    out: list[str] = []
    answers = itertools.cycle(["hint", "1", "1", "undo"])

    def read(prompt: str) -> str:
        return next(answers)

    args = parser().parse_args(["play", "--seed", "2", "--record",
                                str(tmp_path / "x.json")])
    assert run(args, Console(read=read, write=out.append)) == 0
    assert "votes:" in out and (tmp_path / "x.json").exists()
    assert all(len(line) <= 80 for line in out)


@pytest.mark.parametrize(("argv", "message"), [
    (["--seat", "2"], "--seat must be a seat from 0 to 1"),
    (["--bots", "nobody"], "nobody"),
    (["knights-3p", "--bots", "random,random,random"], "needs 1 or 2 names"),
    (["--resume", "missing.json"], "cannot read the file"),
])
def test_bad_arguments_are_refused(argv: list[str], message: str, tmp_path: Path,
                                   monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    from claim.apps.cli import main

    monkeypatch.chdir(tmp_path)
    assert main(["play", "--plain", *argv]) == 2
    assert message in capsys.readouterr().err


def test_think_gives_search_bots_a_time_budget() -> None:
    """Issue #14: bots think within a time budget: `--think` (or `ismcts:seconds=`)
    registers an ismcts bot with that budget for the game; other bots are unchanged."""
    from claim.apps.cli_play import _bot_names
    from claim.search import bots

    names = _bot_names("ismcts,random", 3, 0, think=0.25)
    assert names[0] is None and names[2] == "random"
    assert names[1] is not None and names[1] != "ismcts"
    assert getattr(bots.get(names[1]), "seconds", None) == 0.25


def test_ctrl_c_works_when_this_suite_ignores_sigint(tmp_path: Path) -> None:
    """Issue #26 item 16: with SIGINT ignored in the test process (a suite started with
    ``&`` from a non-interactive shell), the child still takes Ctrl-C: `spawn` sets
    its SIGINT disposition itself."""
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        child = spawn(tmp_path, "--seed", "3", "--plain", "--record", "kept.json")
    finally:
        signal.signal(signal.SIGINT, before)
    child.timeout = 20
    child.expect(PROMPT)
    child.sendintr()
    child.expect("Saved the game to kept.json")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130


def test_e28_the_end_shows_each_masked_card_played_by_the_value_its_trick_revealed() -> None:
    """E28: a masked card is played by its class (``Fe:low``) and revealed when its
    trick is complete; the end screen's "All hands, as played" lists the values, as
    ``claim replay`` does, not the classes."""
    from claim.apps.cli_play import played_lines
    from claim.core.records import TrickCompleted

    variant = claim.load_variant("fire-masks")
    state = claim.new_game(variant, seed=3)
    rng = random.Random(3)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
    assert any(isinstance(r.move, claim.PlayCard) and isinstance(r.move.card, MaskedCard)
               for r in state.records)  # classes were played
    lines = played_lines(state)
    assert not any(":" in card for line in lines for card in line.split(": ", 1)[1].split())
    first_trick = next(e for r in state.records for e in r.events
                       if isinstance(e, TrickCompleted))
    assert lines[0].split(": ", 1)[1].split()[0] == str(dict(first_trick.plays)[0])
