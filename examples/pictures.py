"""Pictures of a game: a seeded game's mid-game table as SVG (`claim.io.svg`).

Run it with ``python examples/pictures.py``. It plays a seeded game of Claim 2 at
random into phase 2 and writes three pictures into the current folder: the table as
seat 0 sees it (the other hand face down), as a spectator sees it, and as the
referee sees it (every card). Open them in a browser; in Jupyter a state or a view
shows as its picture by itself (``state`` or ``state.view(0)`` as a cell's value).
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from pathlib import Path

import claim
from claim.io.svg import REFEREE, render


def main() -> None:
    """Play 34 random moves of a seeded game, then draw it from three perspectives."""
    rng = random.Random(12)
    state = claim.new_game("claim2", seed=12)
    for _ in range(34):
        state = state.apply(rng.choice(state.legal_moves()))

    for name, perspective in (("seat0", 0), ("spectator", None), ("referee", REFEREE)):
        svg = render(state, perspective, size=800)
        ET.fromstring(svg)  # well-formed XML
        path = Path(f"claim2-{name}.svg")
        path.write_text(svg, encoding="utf-8")
        print(f"wrote {path} ({len(svg)} characters)")

    # A seat's picture is drawn from its view alone: the view draws the same picture.
    assert render(state.view(0), size=800) == render(state, 0, size=800)


if __name__ == "__main__":
    main()
