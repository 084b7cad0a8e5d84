"""The modules the build compiles with mypyc (`claim._compiled`) behave the same as
Python, and ``CLAIM_PURE_PYTHON`` runs them as Python.

The engine (`claim.rules.engine`), the views and determinization, the solver's fast path
and the playout kernel (issues 10, 11) are compiled when the package is built with
a C compiler at hand. The rules do not change with it: the main run tests the
compiled form, and `test_their_tests_pass_as_python` runs the tests of these
modules a second time on the ``.py`` files (`PURE_RUN`: the rules of both boxes,
the engine's fast paths against its general path, every power's bad answers, views
and the leak test, determinization built against replayed, saving, the solver's
exact values, playouts against ``apply``), so both forms are held to the rules in
every run.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

import pytest

from claim import _compiled

ROOT = Path(__file__).resolve().parent.parent

PURE_RUN = (
    "tests/test_claim_rules.py", "tests/test_claim2_rules.py",
    "tests/test_engine_fast_paths.py", "tests/test_power_protocol.py",
    "tests/test_hostile_input.py::test_is_legal_lets_an_engine_bug_surface",
    "tests/test_views.py", "tests/test_sampling_direct.py", "tests/test_saving.py",
    "tests/test_collector.py", "tests/test_shuffle.py", "tests/test_solver_fast.py",
    "tests/test_playout.py", "tests/test_expansions_choices.py",
    "tests/test_expansions_piles.py", "tests/test_expansions_ranking.py",
)
"""The tests run again as Python when the modules run compiled here (about 40 s)."""


def run_python(code: str, pure: bool) -> str:
    """Run ``code`` in a fresh interpreter, with ``CLAIM_PURE_PYTHON`` set or unset."""
    env = {k: v for k, v in os.environ.items() if k != _compiled.PURE_PYTHON_VARIABLE}
    if pure:
        env[_compiled.PURE_PYTHON_VARIABLE] = "1"
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT,
                          capture_output=True, text=True, check=True)
    return done.stdout.strip()


def test_setup_compiles_exactly_the_listed_modules() -> None:
    tree = ast.parse((ROOT / "setup.py").read_text())
    files = next(node.value for node in ast.walk(tree) if isinstance(node, ast.Assign)
                 and getattr(node.targets[0], "id", "") == "COMPILED_FILES")
    listed = [element.value for element in files.elts]  # type: ignore[attr-defined]
    assert listed == [name.replace(".", "/") + ".py" for name in _compiled.COMPILED_MODULES]


def test_doctests_skip_exactly_the_compiled_modules() -> None:
    """pytest's ``--ignore`` options (pyproject.toml) name the compiled modules'
    files, which hold no doctests."""
    options = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"][
        "ini_options"]["addopts"].split()
    ignored = [o.removeprefix("--ignore=") for o in options if o.startswith("--ignore=")]
    files = [name.replace(".", "/") + ".py" for name in _compiled.COMPILED_MODULES]
    assert sorted(ignored) == sorted(files)
    assert not any(">>>" in (ROOT / f).read_text() for f in files)


@pytest.mark.parametrize(("value", "asked"), [
    (None, False), ("", False), ("0", False), ("1", True), ("yes", True)])
def test_the_switch_reads_the_environment(value: str | None, asked: bool) -> None:
    environ = {} if value is None else {_compiled.PURE_PYTHON_VARIABLE: value}
    assert _compiled.pure_python_asked(environ) is asked


def test_pure_python_loads_the_py_files() -> None:
    code = ("import claim, claim._compiled as c, claim.search._solver_fast as f;"
            "print(c.compiled_modules(), f.__file__.endswith('_solver_fast.py'))")
    assert run_python(code, pure=True) == "() True"


def test_both_forms_solve_alike() -> None:
    """The same position, solved compiled (where built) and as Python: the same
    value, best moves and node count."""
    code = ("import claim\nfrom benchmarks.solver import position\n"
            "from claim.search.solver import solve\n"
            "s = solve(position(claim.load_variant('claim'), 3, 8))\n"
            "print(s.value, [str(m) for m in s.best_moves], s.nodes)")
    assert run_python(code, pure=True) == run_python(code, pure=False)


def test_both_forms_play_and_sample_alike() -> None:
    """Determinism across builds (a machine without a C compiler runs the .py files):
    the same seeds give the same games, records and determinizations, compiled and
    as Python, on both boxes, a 4-player team game and the expansion mixes (a dynamic
    follow rule, play choices, the expansion powers compiled; the Fire Phoenix deck,
    E41; the hidden-information mixes: masked cards, potions, crypts, fake marks)."""
    code = ("import hashlib, random, claim\nfrom claim.info.sampling import sample\n"
            "out = []\n"
            "for name in ('claim', 'claim2', 'knights-4p', 'mercenary-moon', 'magic-maps',\n"
            "             'frost-court-3p', 'phoenix-fire-3p', 'fear-night', 'shadow-tricks',\n"
            "             'fire-magic', 'fire-masks'):\n"
            "    for seed in range(3):\n"
            "        rng = random.Random(seed)\n"
            "        state = claim.new_game(name, seed=seed)\n"
            "        while not state.is_over:\n"
            "            if len(state.records) == 20:\n"
            "                drawn = sample(state.view(state.current_player), rng)\n"
            "                out.append(claim.to_json(drawn))\n"
            "            state = state.apply(rng.choice(state.legal_moves()))\n"
            "        out.append(claim.to_json(state) + repr(state.result()))\n"
            "print(hashlib.sha256(''.join(out).encode()).hexdigest())")
    assert run_python(code, pure=True) == run_python(code, pure=False)


@pytest.mark.skipif(not _compiled.compiled_modules(),
                    reason="not compiled here: the main run already tests the .py files")
def test_their_tests_pass_as_python() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *PURE_RUN],
        env={**os.environ, _compiled.PURE_PYTHON_VARIABLE: "1"}, cwd=ROOT,
        capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
