"""Pictures of a game (`claim.io.svg`, issue 27): well-formed, self-contained SVG that
shows a seat no more than its view (RULES 7), goldens of the documentation's
positions, plugin factions, bad perspectives, and the notebook hooks.

The goldens in ``tests/golden/svg/`` are the pictures of ``tools/docs_pictures.py``;
after a deliberate change of the drawing, regenerate them with
``python tests/golden/make_svg_golden.py`` and look at them before committing.
"""

from __future__ import annotations

import importlib.util
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType
from typing import Protocol, runtime_checkable

import attrs
import pytest

import claim
from claim.io.svg import AUTO, REFEREE, faction_styles, render
from claim.rules.views import View

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).with_name("golden") / "svg"
SVG_NS = "{http://www.w3.org/2000/svg}"


def docs_pictures() -> ModuleType:
    """``tools/docs_pictures.py``, the positions of the docs' pictures."""
    spec = importlib.util.spec_from_file_location("docs_pictures",
                                                  ROOT / "tools" / "docs_pictures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def played(variant: claim.Variant | str, seed: int, moves: int) -> claim.GameState:
    """A seeded game after ``moves`` random moves (or at its end)."""
    rng = random.Random(seed)
    state = claim.new_game(variant, seed=seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG_NS}svg"
    return root


def assert_self_contained(svg: str) -> None:
    """Nothing is loaded: no scripts, links, images, fonts or CSS urls; no ids."""
    for needle in ("<script", "href", "<image", "@import", "url(", "@font-face", " id="):
        assert needle not in svg, needle


VARIANTS = ["claim", "claim2", "knights-3p", "giants-4p", "mercenary-moon", "magic-maps",
            "dragon-court", "frost-court-3p"]


@pytest.mark.parametrize("name", VARIANTS)
def test_every_perspective_draws_well_formed_svg(name: str) -> None:
    for moves in (0, 7, 30, 200):
        state = played(name, seed=moves + 1, moves=moves)
        for perspective in [REFEREE, None, *range(state.variant.players)]:
            svg = render(state, perspective)
            root = parse(svg)
            assert_self_contained(svg)
            assert root.get("viewBox", "").startswith("0 0 1000 ")
            assert len(root.findall(f".//{SVG_NS}text")) > 10


def test_a_seat_sees_its_hand_and_only_the_backs_of_others() -> None:
    state = played("claim", seed=3, moves=5)
    svg = render(state, 0)
    own = {f"{card.faction.title()} {card.value}" for card in state.hand(0)}
    others = {f"{card.faction.title()} {card.value}" for card in state.hand(1)} - own
    titles = set(re.findall(r"<title>([A-Za-z]+ \d+)</title>", svg))
    assert own <= titles
    assert not (others & titles - {f"{c.faction.title()} {c.value}" for _, c in
                                   state.trick_cards}
                - {f"{c.faction.title()} {c.value}" for c in state.face_up_cards})
    assert f"\u00d7{state.hand_size(1)}" in svg  # the other hand: backs and a count
    referee = render(state)
    assert own | others <= set(re.findall(r"<title>([A-Za-z]+ \d+)</title>", referee))


def _swapped_pairs(state: claim.GameState, seat: int | None) -> list[claim.GameState]:
    """States that differ from ``state`` only in cards ``seat`` cannot see (the view
    leak check's pairs, claim.testing._views): a hidden hand card swapped with the top
    of the draw pile, or with a card of another hidden hand."""
    deck, hands = state.variant.deck, list(state.hand_masks)
    others = [s for s in range(state.variant.players) if s != seat and hands[s]]
    out = []
    if others and state.draw_pile:
        top = state.draw_pile[0]
        card = next((c for c in state.variant.ids_in(hands[others[0]]) if deck[c] != deck[top]),
                    None)
        if card is not None:
            masks = list(hands)
            masks[others[0]] ^= (1 << card) | (1 << top)
            pile = (card,) + state.draw_pile[1:]
            out.append(attrs.evolve(state, hand_masks=tuple(masks), draw_pile=pile))
    if len(others) > 1:
        a, b = others[0], others[1]
        pair = next(((x, y) for x in state.variant.ids_in(hands[a])
                     for y in state.variant.ids_in(hands[b]) if deck[x] != deck[y]), None)
        if pair is not None:
            masks = list(hands)
            for s in (a, b):
                masks[s] ^= (1 << pair[0]) | (1 << pair[1])
            out.append(attrs.evolve(state, hand_masks=tuple(masks)))
    return out


@pytest.mark.parametrize("name", ["claim", "claim2", "knights-3p", "giants-4p"])
def test_no_leak_a_hidden_card_swapped_draws_the_same_picture(name: str) -> None:
    """RULES 7: for the seat (or spectator) who cannot see the difference, the two
    states' pictures are byte for byte the same; the referee's differ."""
    tried = 0
    for moves in (3, 12, 27, 40):
        state = played(name, seed=moves, moves=moves)
        for seat in [None, *range(state.variant.players)]:
            for other in _swapped_pairs(state, seat):
                assert render(other, seat) == render(state, seat), (moves, seat)
                assert render(other) != render(state)
                tried += 1
    assert tried >= 8


def test_a_visible_change_changes_the_seats_picture() -> None:
    state = played("claim", seed=2, moves=4)
    deck, hands = state.variant.deck, state.hand_masks
    mine = next(iter(state.variant.ids_in(hands[0])))
    theirs = next(c for c in state.variant.ids_in(hands[1]) if deck[c] != deck[mine])
    masks = (hands[0] ^ (1 << mine | 1 << theirs), hands[1] ^ (1 << mine | 1 << theirs))
    other = attrs.evolve(state, hand_masks=masks)
    assert render(other, 0) != render(state, 0)
    assert render(other, None) == render(state, None)


def test_a_seats_picture_is_its_views_picture() -> None:
    state = played("knights-3p", seed=5, moves=20)
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        assert render(state, seat) == render(view) == render(view, AUTO) == render(view, seat)
    assert render(state) == render(state, REFEREE)


@pytest.mark.parametrize("name", ["seer", "smash", "recruit-3p", "awakeners", "troll-line"])
def test_golden_pictures(name: str) -> None:
    """The docs' pictures, text for text (regenerate: tests/golden/make_svg_golden.py)."""
    svg = docs_pictures().PICTURES[name]()
    parse(svg)
    assert svg == (GOLDEN / f"{name}.svg").read_text(encoding="utf-8")


def test_the_seer_picture_shows_the_peek_to_the_winner_only() -> None:
    pictures = docs_pictures()
    svg = pictures.seer()
    assert "you saw" in svg and "take Dr9" in svg and "take top" in svg
    assert "\u2605 seat 0" in svg  # the winner of the trick, marked
    state = pictures.seer_state()
    for other in (1, None):
        hidden = render(state, other)
        assert "you saw" not in hidden and "take top" not in hidden
        assert "Trolls 2" not in hidden
    assert "Trolls 2" in render(state)  # the referee sees the top card


def test_a_plugin_faction_gets_a_colour_and_a_glyph() -> None:
    variant = claim.variant_from_yaml("""
name: jesters-house
house: true
factions:
  - goblins
  - knights
  - undead
  - {name: jesters, code: Je, values: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], power: none}
  - {name: wyverns, code: Wy, values: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], power: none}
""")
    styles = faction_styles(variant)
    assert len({style.colour for style in styles.values()}) == len(styles)
    assert faction_styles(variant) == styles  # stable
    for moves in (0, 20, 40):
        state = played(variant, seed=1, moves=moves)
        for perspective in (REFEREE, 0):
            svg = render(state, perspective)
            parse(svg)
            assert "Jesters" in svg and styles["jesters"].colour in svg


def test_faction_styles_of_the_base_factions_are_fixed() -> None:
    claim1, claim2 = faction_styles("claim"), faction_styles("claim2")
    assert claim1["knights"].glyph == "shield" and claim2["seers"].glyph == "spark"
    assert len({s.colour for s in [*claim1.values(), *claim2.values()]}) == 10


@pytest.mark.parametrize("seat", [2, -1, 7, "1", 1.0, True])
def test_a_seat_that_does_not_exist_raises(seat: object) -> None:
    state = claim.new_game("claim", seed=1)
    with pytest.raises(claim.SeatError):
        render(state, seat)  # type: ignore[arg-type]


def test_bad_arguments_raise_claim_errors() -> None:
    state = claim.new_game("claim", seed=1)
    view = state.view(0)
    for perspective in (1, None, REFEREE):
        with pytest.raises(claim.ArgumentError, match="perspective"):
            render(view, perspective)
    for size in (0, -5, "big", True):
        with pytest.raises(claim.ArgumentError, match="size"):
            render(state, size=size)  # type: ignore[arg-type]
    with pytest.raises(claim.ArgumentError, match="game"):
        render("claim")  # type: ignore[arg-type]


def test_size_and_last_move_options() -> None:
    state = played("claim2", seed=4, moves=9)
    small = parse(render(state, size=400))
    assert small.get("width") == "400"
    assert "last move: seat" in render(state)
    assert "last move" not in render(state, last_move=False)
    assert "last move" not in render(claim.new_game("claim2", seed=4))


@runtime_checkable
class ShownInNotebooks(Protocol):
    """What Jupyter calls to show a value as a picture."""

    def _repr_svg_(self) -> str: ...


def test_notebooks_show_the_picture_and_text_is_unchanged() -> None:
    state = played("claim", seed=6, moves=11)
    view: View = state.view(1)
    # `claim` lends the method to both classes when it is imported.
    assert isinstance(state, ShownInNotebooks) and isinstance(view, ShownInNotebooks)
    assert state._repr_svg_() == render(state)
    assert view._repr_svg_() == render(view)
    assert str(view) == view.render() and "<svg" not in repr(state) + str(state)
    assert "<svg" not in repr(view)


@pytest.mark.parametrize("name", ["claim2", "giants-4p", "mercenary-moon", "magic-maps"])
def test_a_views_votes_are_the_referees(name: str) -> None:
    """A seat's votes are computed from its view alone (score piles, public zones,
    power states) and agree with `claim.faction_votes` of the state."""
    votes = re.compile(r">Votes<.*?factions won.*?</svg>", re.DOTALL)
    for moves in (10, 40, 60, 200):
        state = played(name, seed=moves, moves=moves)
        referee = votes.search(render(state))
        assert referee is not None
        for seat in (None, 0, 1):
            seen = votes.search(render(state, seat))
            assert seen is not None and seen.group() == referee.group(), (moves, seat)
