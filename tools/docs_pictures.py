"""The pictures of the documentation, drawn from real positions at build time.

An mkdocs hook (``hooks:`` in ``mkdocs.yml``): each build plays the positions below
with the engine, draws them with `claim.io.svg`, and adds the SVG files to the site as
``pictures/NAME.svg``, so the pictures in the pages never drift from the rules.
Pages show them as ``![...](pictures/NAME.svg)``. ``tests/test_svg.py`` draws them
too. Run ``python tools/docs_pictures.py DIR`` to write them into DIR and look.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import claim
from claim.io.svg import render
from claim.testing import stacked_game, support_position


def _words(text: str) -> list[str]:
    return text.split()


def seer_state() -> claim.GameState:
    """The quickstart's Seer: seat 0 won with the Seer 9, saw the Troll 2 on top."""
    hand_0 = _words("Se9 Se8 Se7 Se6 Se5 Gn1 Gn1 Gn1 Gn3 Gn3 Gn3 Gn5 Gn5")
    hand_1 = _words("Gi1 Gi1 Gi3 Gi3 Gi5 Gi5 Gi7 Gi7 Gi9 Dr0 Dr1 Dr2 Dr3")
    pile = _words("Dr9 Tr2 Gn5 Gn7 Gn7 Gn7 Gn9 Dr4 Dr5 Dr6 Dr7 Dr8 Tr0 "
                  "Tr1 Tr3 Tr4 Tr5 Tr6 Tr7 Tr8 Tr9 Se0 Se1 Se2 Se3 Se4")
    state = claim.new_game("claim2", hands=[hand_0, hand_1], draw_pile=pile)
    return state.apply("Se9").apply("Gi1")


def seer() -> str:
    """The Seer's choice, as seat 0 sees it."""
    return render(seer_state(), perspective=0, size=820)


def smash() -> str:
    """A Giant's smash: seat 0 captures the Giant 5 while seat 1 has a Gnome 5 in front."""
    variant = claim.load_variant("claim2")
    state = support_position(variant, [["Gn3", "Gi7", "Tr6", "Dr4", "Se2"],
                                       ["Gn5", "Gi5", "Tr3", "Dr8", "Se7"]])
    for move in ("Gn3", "Gn5", "Tr3", "Tr6", "Gi7", "Gi5"):
        state = state.apply(move)
    assert state.pending_kind == "smash", state.pending_kind
    return render(state, perspective=0, size=820)


def recruit_3p() -> str:
    """The rules page's 3-player recruit: seat 1 won and chooses a face-up card."""
    variant = claim.load_variant("knights-3p")
    state = stacked_game(variant, [["Un3"], ["Un9"], ["Un1"]], ["Dr4", "Dw6", "Se0"])
    state = state.apply("Un3").apply("Un9").apply("Un1")
    assert state.pending_kind == "recruit", state.pending_kind
    return render(state, perspective=1, size=820)


def awakeners() -> str:
    """Phase 2 begins with the Awakeners' hidden second deck and the Werewolves' moon."""
    variant = claim.mix(["werewolves", "awakeners", "knights", "goblins", "undead"],
                        house=True)
    state = claim.new_game(variant, seed=11)
    rng = random.Random(11)
    while state.phase is claim.Phase.RECRUIT or len(state.records) < 30:
        state = state.apply(rng.choice(state.legal_moves()))
    return render(state, perspective=None, size=820)


def troll_line() -> str:
    """The first seeded Claim 2 game with two Trolls waiting in line between tricks,
    seen by the referee."""
    for seed in range(100):
        state = claim.new_game("claim2", seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            if len(state.zone("waiting line")) > 1 and not state.trick and state.pending is None:
                return render(state, size=820)
            state = state.apply(rng.choice(state.legal_moves()))
    raise AssertionError("no seed of 100 has two Trolls waiting")


PICTURES: dict[str, Callable[[], str]] = {
    "seer": seer, "smash": smash, "recruit-3p": recruit_3p, "awakeners": awakeners,
    "troll-line": troll_line,
}
"""File name (without ``.svg``) -> the function drawing it."""


def on_files(files: Any, config: Any) -> Any:
    """mkdocs hook: add every picture to the site's files as ``pictures/NAME.svg``."""
    from mkdocs.structure.files import File

    for name, draw in PICTURES.items():
        files.append(File.generated(config, f"pictures/{name}.svg", content=draw()))
    return files


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    out.mkdir(parents=True, exist_ok=True)
    for name, draw in PICTURES.items():
        (out / f"{name}.svg").write_text(draw(), encoding="utf-8")
        print(out / f"{name}.svg")
