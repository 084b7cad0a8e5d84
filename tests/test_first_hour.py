"""Issue #26, "The first hour of a new user": every message, help text and screen a
new user meets at the command line, each test named after the item it checks."""

from __future__ import annotations

import argparse
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import claim
from claim.apps.cli import main, parser

ROOT = Path(__file__).resolve().parent.parent


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``claim ARGV`` through `main`: the exit status, stdout and stderr (argparse's
    own refusals exit through SystemExit, taken as their status)."""
    try:
        status = main(argv)
    except SystemExit as exc:
        status = int(exc.code or 0)
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return status, out, err


# -- item 5: one checker for simulate and tournament ------------------------------


@pytest.mark.parametrize("command", [["simulate", "claim"], ["tournament", "claim"]])
@pytest.mark.parametrize("workers", ["0", "-2", "x"])
def test_item5_workers_checked_alike(command: list[str], workers: str,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    """Item 5: ``--workers 0`` (and -2) is refused by simulate and tournament alike,
    before any game runs."""
    status, out, err = run([*command, "--games", "2", "--workers", workers, "--quiet"], capsys)
    assert status == 2 and out == ""
    assert "argument --workers: must be" in err and workers in err


# -- item 6: tournament progress, labels and help ---------------------------------


def test_item6_tournament_shows_progress(capsys: pytest.CaptureFixture[str]) -> None:
    """Item 6: a tournament shows its progress on stderr (as simulate does), and
    ``--quiet`` silences it."""
    argv = ["tournament", "claim", "--games", "3", "--workers", "1"]
    status, _, err = run(argv, capsys)
    assert status == 0 and "3/3" in err
    status, _, err = run([*argv, "--quiet"], capsys)
    assert status == 0 and err == ""


def test_item6_tournament_labels_bots_as_typed(capsys: pytest.CaptureFixture[str]) -> None:
    """Item 6: a bot with a budget is labelled as typed, not by its registry name."""
    status, out, _ = run(["tournament", "claim", "--bots", "ismcts:seconds=0.01,random",
                          "--games", "2", "--workers", "1", "--quiet"], capsys)
    assert status == 0
    assert "ismcts:seconds=0.01 " in out and "ismcts-seconds" not in out


def test_item6_tournament_help_shows_one_percent_sign(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Item 6: ``--help`` says ``95%``, not ``95%%``."""
    status, out, _ = run(["tournament", "--help"], capsys)
    assert status == 0 and "95% interval" in out and "%%" not in out


# -- item 7: a default for --bots -------------------------------------------------


@pytest.mark.parametrize("command", [["simulate", "claim"], ["tournament", "knights-3p"]])
def test_item7_bots_default_to_random(command: list[str],
                                      capsys: pytest.CaptureFixture[str]) -> None:
    """Item 7: without ``--bots`` every seat is a random bot, as in ``claim play``."""
    status, out, _ = run([*command, "--games", "2", "--workers", "1", "--quiet"], capsys)
    assert status == 0 and "random" in out


def test_item7_the_same_default_for_play_simulate_and_tournament() -> None:
    """Item 7: the three commands share one default."""
    choices = parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    assert isinstance(choices, dict)
    commands: dict[str, argparse.ArgumentParser] = choices
    defaults = {name: commands[name].get_default("bots")
                for name in ("play", "simulate", "tournament")}
    assert set(defaults.values()) == {"random"}


# -- item 8: messages -------------------------------------------------------------


@pytest.mark.parametrize(("argv", "says"), [
    (["simulate", "claim", "--games", "-5"], "argument --games: must be 1 or more, not -5"),
    (["tournament", "claim", "--games", "0"], "argument --games: must be 1 or more, not 0"),
    (["simulate", "claim", "--games", "2", "--batch-size", "0"], "argument --batch-size"),
    (["play", "--bots", "ismcts", "--think", "-1"],
     "argument --think: must be a number of seconds above 0, not -1"),
    (["play", "--think", "nan"], "argument --think: must be a number of seconds above 0"),
])
def test_item8_numbers_refused_with_the_option_and_the_text_typed(
        argv: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Item 8: a bad number names its option and the text typed (not ``int -5`` or an
    ``ismcts:seconds=-1.0`` the user never typed)."""
    status, _, err = run(argv, capsys)
    assert status == 2 and says in err
    assert "not int" not in err and "seconds=-1.0" not in err


def test_item8_unknown_bot_option_lists_the_options(capsys: pytest.CaptureFixture[str]
                                                    ) -> None:
    """Item 8: ``ismcts:secs=1`` says which options exist (no Python signature)."""
    status, _, err = run(["tournament", "claim", "--bots", "ismcts:secs=1", "--games", "1"],
                         capsys)
    assert status == 2
    assert "ismcts has no option 'secs'; did you mean 'seconds'?" in err
    assert "iterations, seconds" in err and "__init__" not in err


def test_item8_demo_players_mismatch(capsys: pytest.CaptureFixture[str]) -> None:
    """Item 8: ``demo --variant claim2 --players 3`` names both options, no
    ``<variant>:`` prefix; a sibling, ``--first-leader 5``, names the option."""
    status, _, err = run(["demo", "--variant", "claim2", "--players", "3"], capsys)
    assert status == 2 and "<variant>" not in err
    assert "--players 3 does not match --variant claim2, which is for 2 players" in err
    status, _, err = run(["demo", "--first-leader", "5"], capsys)
    assert status == 2 and "--first-leader must be a seat from 0 to 1, not 5" in err


@pytest.mark.parametrize("text", ["", "# only a comment\n", "\n\n"])
def test_item8_empty_yaml(text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
                          ) -> None:
    """Item 8: an empty variant file says it is empty (show, validate, the API)."""
    path = tmp_path / "empty.yaml"
    path.write_text(text)
    status, _, err = run(["show", str(path)], capsys)
    assert status == 2 and "empty.yaml: the document is empty" in err and "None" not in err
    status, out, _ = run(["validate", str(path)], capsys)
    assert status == 1 and "the document is empty" in out
    with pytest.raises(claim.VariantError, match="the document is empty"):
        claim.variant_from_yaml(text)


def test_item8_missing_file_says_no_such_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Item 8: ``claim show nosuch.yaml`` says there is no such file; ``claim2.yaml``
    points at the built-in name; ``validate`` says it without Python's errno."""
    monkeypatch.chdir(tmp_path)
    status, _, err = run(["show", "nosuch.yaml"], capsys)
    assert status == 2 and "no such file: 'nosuch.yaml'" in err
    assert "unknown variant file" not in err
    status, _, err = run(["show", "claim2.yaml"], capsys)
    assert "the built-in variant is named 'claim2'" in err
    status, out, _ = run(["validate", "nosuch.yaml"], capsys)
    assert status == 1 and "nosuch.yaml: cannot read the file: No such file" in out
    assert "Errno" not in out


def _truncated_record(tmp_path: Path) -> Path:
    state = claim.new_game("claim", seed=1)
    text = claim.to_json(claim.record_of(state.apply(state.legal_moves()[0])), indent=1)
    path = tmp_path / "cut.json"
    path.write_text(text[: len(text) // 2])
    return path


@pytest.mark.parametrize("command", [["replay"], ["play", "--plain", "--resume"]])
def test_item8_bad_saves_name_the_file(command: list[str], tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Item 8: a truncated save says so in plain words ("at at" no more), and the
    errors of ``replay FILE`` and ``--resume FILE`` start with the file's name."""
    monkeypatch.chdir(tmp_path)
    cut = _truncated_record(tmp_path)
    status, _, err = run([*command, str(cut)], capsys)
    assert status == 2 and err.startswith(f"claim: {cut}: $: not JSON")
    assert "at at" not in err and "truncated" in err
    empty = tmp_path / "empty.json"
    empty.write_text("")
    status, _, err = run([*command, str(empty)], capsys)
    assert err.startswith(f"claim: {empty}: ") and "empty" in err
    move = tmp_path / "move.json"
    move.write_text(claim.to_json(claim.new_game("claim", seed=1).legal_moves()[0]))
    status, _, err = run([*command, str(move)], capsys)
    assert status == 2 and err.startswith(f"claim: {move}: holds a move, not a game")


# -- item 9: help texts -----------------------------------------------------------


@pytest.mark.parametrize(("command", "positional"), [
    ("validate", "FILE"), ("show", "VARIANT"), ("schema", None)])
def test_item9_tool_commands_have_descriptions(command: str, positional: str | None,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """Item 9: ``validate``, ``show`` and ``schema`` describe themselves in ``--help``
    and every positional argument has a help text."""
    status, out, _ = run([command, "--help"], capsys)
    assert status == 0
    body = out.split("\n\n")
    assert len(body) > 2 and not body[1].startswith("positional")  # a description
    if positional is not None:
        line = next(line for line in out.splitlines() if line.strip().startswith(positional))
        assert len(line.split()) > 1  # the argument's help follows its name


# -- item 10: demo --record keeps the seed ----------------------------------------


def test_item10_demo_record_keeps_the_seed(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """Item 10: ``claim demo --record`` writes the seed, and ``claim replay`` shows it
    and replays the same game."""
    path = tmp_path / "g.json"
    status, demo, _ = run(["demo", "--seed", "11", "--record", str(path)], capsys)
    assert status == 0
    assert json.loads(path.read_text())["deal"]["seed"] == 11
    status, out, _ = run(["replay", str(path)], capsys)
    assert status == 0 and "seed 11" in out.splitlines()[0]
    assert out.split("recruit:")[1] == demo.split("recruit:")[1]


# -- item 11: where play saves -----------------------------------------------------


def _play_args(*argv: str) -> argparse.Namespace:
    return parser().parse_args(["play", "--plain", *argv])


def test_item11_resumed_game_saves_back_to_its_file(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 11: after ``--resume saved.json`` the game saves to ``saved.json``; an
    earlier ``claim-game.json`` is never overwritten by a new game."""
    from claim.apps.cli_play import Console, start

    monkeypatch.chdir(tmp_path)
    state = claim.new_game("claim", seed=2)
    (tmp_path / "saved.json").write_text(claim.to_json(claim.record_of(state)))
    quiet = Console(write=lambda line: None)
    assert start(_play_args("--resume", "saved.json"), quiet).save_path == "saved.json"
    assert start(_play_args("--seed", "1"), quiet).save_path == "claim-game.json"
    (tmp_path / "claim-game.json").write_text("an earlier game")
    assert start(_play_args("--seed", "1"), quiet).save_path == "claim-game-2.json"
    assert start(_play_args("--record", "r.json"), quiet).save_path == "r.json"


# -- item 12: the rich screen fits the terminal ------------------------------------


@pytest.mark.parametrize("columns", [100, 64])
def test_item12_rich_screen_is_laid_out_for_the_terminal(columns: int) -> None:
    """Item 12: in a terminal of any width the rich panel spans it and every line of
    the screen fits inside, so rich wraps nothing again (no ``----`` spilled onto a
    line of its own, no menu item split)."""
    rich_console = pytest.importorskip("rich.console")
    from claim.apps.cli_play import Console, Session, _Quit
    from claim.apps.play_screen import screen_lines

    out = io.StringIO()
    console = Console(rich=rich_console.Console(file=out, width=columns, highlight=False),
                      read=lambda prompt: "quit", write=lambda line: None)
    session = Session(claim.new_game("claim", seed=3), 0, [None, "random"], 3, console)
    with pytest.raises(_Quit):
        session.human_turn()
    shown = out.getvalue().splitlines()
    assert all(len(line) == columns for line in shown)
    inside = [line[2:-2].rstrip() for line in shown[1:-1]]
    assert inside == screen_lines(session.state.view(0), columns - 4)[3:]
    assert "-" * (columns - 4) in inside


def test_item12_one_follower_is_singular() -> None:
    """Item 12: "1 follower", not "1 followers" (and "1 card")."""
    from claim.apps.play_screen import counted, table_lines

    assert counted(1, "follower") == "1 follower" and counted(2, "card") == "2 cards"
    state = claim.new_game("claim", seed=3)
    while sum(state.follower_masks) == 0 or bin(state.follower_masks[0]).count("1") != 1:
        state = state.apply(state.legal_moves()[0])
    lines = table_lines(state.view(0))
    assert any("1 follower," in line for line in lines)
    assert not any("1 followers" in line for line in lines)


# -- item 13: the simulate table ---------------------------------------------------


def test_item13_simulate_rows_line_up(capsys: pytest.CaptureFixture[str]) -> None:
    """Item 13: every row of the summary puts its figure in the same column."""
    status, out, _ = run(["simulate", "claim", "--games", "4", "--workers", "1", "--quiet"],
                         capsys)
    assert status == 0
    rows = [line for line in out.splitlines()
            if line.startswith("  ") and "%" in line and "votes" not in line
            and line.split()[0] not in {f.name for f in claim.load_variant("claim").factions}]
    assert {"seat 0 wins", "first leader wins", "draws"} <= {
        line[2:].split("  ")[0].strip() for line in rows}
    assert len({line.index("%") for line in rows}) == 1


# -- item 14: a folder named claim --------------------------------------------------


def test_item14_a_folder_named_claim_is_explained(tmp_path: Path) -> None:
    """Item 14: when a folder named ``claim`` (a clone) stands for the package,
    ``python -m claim`` says what is wrong instead of an ImportError."""
    (tmp_path / "claim").mkdir()
    # What Python does there: the folder, found first on sys.path, becomes a namespace
    # package named claim (whether the installed package is found after it depends on
    # how it was installed: an editable install's finder comes after the folder).
    code = ("import importlib.machinery as m, importlib.util as u, runpy, sys\n"
            "spec = m.ModuleSpec('claim', None, is_package=True)\n"
            f"spec.submodule_search_locations = [{str(tmp_path / 'claim')!r}]\n"
            "sys.modules['claim'] = u.module_from_spec(spec)\n"
            f"runpy.run_path({str(ROOT / 'claim' / '__main__.py')!r}, run_name='__main__')")
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr and "ImportError" not in done.stderr
    assert f"Python took the folder {tmp_path / 'claim'} for the claim package" in done.stderr


# -- item 15: examples name their extra ---------------------------------------------


@pytest.mark.parametrize(("example", "module", "extra"), [
    ("pettingzoo_random.py", "gymnasium", "pettingzoo"),
    ("openspiel_ismcts.py", "pyspiel", "openspiel"),
])
def test_item15_examples_name_the_extra(example: str, module: str, extra: str) -> None:
    """Item 15: without its extra an example says which one to install (no traceback),
    and so does the adapter it imports."""
    code = (f"import runpy, sys; sys.modules[{module!r}] = None; "
            f"runpy.run_path({str(ROOT / 'examples' / example)!r}, run_name='__main__')")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, check=False, env=env)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert f'{module} is not installed; this example needs pip install "claim-engine[{extra}]"' \
        in done.stderr
    adapter = (f"import sys; sys.modules[{module!r}] = None\n"
               f"try:\n    import claim.apps.adapters.{extra}\n"
               "except ModuleNotFoundError as exc:\n    print(exc, exc.name)")
    done = subprocess.run([sys.executable, "-c", adapter], capture_output=True, text=True,
                          timeout=60, check=True, env=env)
    assert f'pip install "claim-engine[{extra}]" {module}' in done.stdout


# -- item 3: the docs toolchain, decided ---------------------------------------------


def test_item3_docs_toolchain_pinned_and_banner_silenced_as_the_readme_says() -> None:
    """Item 3: the dev extra pins MkDocs and Material below their next majors, the
    README's Development section states the decision, and every ``mkdocs build`` or
    ``mkdocs serve`` a user is told to type silences the end-of-life banner."""
    project = (ROOT / "pyproject.toml").read_text()
    assert '"mkdocs-material>=9.5,<10"' in project and '"mkdocs>=1.6,<2"' in project
    readme = (ROOT / "README.md").read_text()
    development = readme.split("## Development", 1)[1]
    assert "### The docs toolchain" in development and "Zensical" in development
    texts = [readme, (ROOT / ".ci" / "run").read_text(),
             *(p.read_text() for p in (ROOT / "docs").rglob("*.md"))]
    commands = [line for text in texts for line in text.splitlines()
                if "mkdocs build" in line or "mkdocs serve" in line]
    assert commands
    assert all("NO_MKDOCS_2_WARNING=1 mkdocs" in line for line in commands)


# -- the Troubleshooting page --------------------------------------------------------

TROUBLESHOOTING = ROOT / "docs" / "troubleshooting.md"


def test_troubleshooting_page_is_in_the_nav() -> None:
    """Issue #26: a "Troubleshooting" page, reachable from the site's navigation."""
    assert "  - Troubleshooting: troubleshooting.md" in (ROOT / "mkdocs.yml").read_text()
    assert TROUBLESHOOTING.read_text().startswith("# Troubleshooting")


@pytest.mark.parametrize(("argv", "quoted"), [
    (["show", "nosuch.yaml"], "claim: no such file: 'nosuch.yaml' (built-in variants are "
     "named without a path: claim, claim2, "),
    (["show", "clam"], "claim: unknown variant 'clam'; did you mean 'claim'? (known: "),
    (["simulate", "claim", "--games", "-5"],
     "claim simulate: error: argument --games: must be 1 or more, not -5"),
    (["tournament", "claim", "--bots", "ismcts:secs=1", "--games", "1"],
     "claim: --bots ismcts:secs=1: ismcts has no option 'secs'; did you mean 'seconds'? "
     "(its options: "),
    (["simulate", "claim", "--bots", "random,random,random", "--games", "2"],
     "claim: --bots random,random,random: 3 bots do not fit: give one bot per seat of "
     "'claim' (2 players), "),
    (["play", "--plain", "--bots", "random,random"],
     "claim: --bots random,random: needs 1 name (one per other seat, or one for all), not 2"),
    (["demo", "--variant", "claim2", "--players", "3"],
     "claim: --players 3 does not match --variant claim2, which is for 2 players "
     "(give one of the two)"),
    (["play", "--plain", "--seat", "5"], "claim: --seat must be a seat from 0 to 1, not 5"),
])
def test_troubleshooting_quotes_the_messages_as_printed(
        argv: list[str], quoted: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue #26: the page quotes each message as the command prints it."""
    monkeypatch.chdir(tmp_path)
    status, _, err = run(argv, capsys)
    assert status == 2 and err.splitlines()[-1].startswith(quoted)
    page = TROUBLESHOOTING.read_text()
    shown = quoted.split(" (known: ")[0].split(" (its options: ")[0]
    assert shown.split(", claim2, ")[0] in " ".join(page.split())
