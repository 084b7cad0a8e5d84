"""Pictures of a game: a state or a view drawn as a self-contained SVG string.

[`render`][claim.io.svg.render] draws the table as one seat, a spectator or the
referee sees it: each seat's hand (face down where the perspective hides it), its
follower pile and score pile grouped by faction with counts, the cards in front of
it and any other zone a power declares; the draw pile, the face-up cards, the trick
in play order (the last completed trick, its winner marked, between tricks), the
shared zones (the Troll line), the power states, the current vote per faction, whose
turn it is and the last move. The SVG loads nothing (no fonts, images or scripts)
and holds no ``id``, so many pictures can share a page.

A seat's or a spectator's picture is drawn from its [`View`][claim.rules.views.View]
alone, so it shows what that seat may know (RULES 7) and nothing more: two states
that differ only in a card the seat cannot see draw byte for byte the same picture.

Each faction has a colour and a glyph: fixed ones for the factions of Claim and
Claim 2, and for any other (an expansion, a plugin) a colour and glyph derived from
a stable hash of its name, so a variant draws with no edit.

Examples:
    >>> import claim
    >>> from claim.io.svg import render
    >>> state = claim.new_game("claim", seed=7).apply("Gb0")
    >>> picture = render(state, perspective=1, size=480)
    >>> picture.startswith("<svg") and "seen by seat 1" in picture
    True
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Final

from claim.core.errors import ArgumentError
from claim.core.moves import Move
from claim.core.zones import Phase
from claim.io import _svg_style as sty
from claim.io._svg_html import page, trick_steps
from claim.io._svg_scene import Scene, SeatScene, scene_of_state, scene_of_view
from claim.io._svg_style import CARD_H, CARD_W, MUTED, WIN, FactionStyle, styles_of
from claim.io._svg_table import table as _table
from claim.rules.loading import load_variant
from claim.rules.state import GameState
from claim.rules.variant import Variant
from claim.rules.views import View, view_of

__all__ = ["AUTO", "REFEREE", "FactionStyle", "Perspective", "faction_styles", "render",
           "replay_page", "trick_steps"]

REFEREE: Final = "referee"
"""The perspective that sees every card (of a state only)."""
AUTO: Final = "auto"
"""The default perspective: the referee's for a state, its own seat's for a view."""

Perspective = int | str | None
"""A seat, ``None`` (a spectator), [`REFEREE`][claim.io.svg.REFEREE] or
[`AUTO`][claim.io.svg.AUTO]."""

WIDTH = 1000
"""The picture's width in its own units; ``size`` scales it."""
_LEFT, _PANEL_W, _RIGHT, _RIGHT_W = 16, 604, 636, 348
_ROW_X = 96
"""Where a seat panel's rows start (after their labels)."""
_TITLE_CHARS = 66
"""The most characters of the heading that fit beside "seen by ..."."""
_ZONE_SCALE = 0.62


def faction_styles(variant: Variant | str) -> dict[str, FactionStyle]:
    """The colour and glyph of each faction of ``variant``, by faction name.

    Examples:
        >>> faction_styles("claim")["knights"].glyph
        'shield'
    """
    return styles_of(load_variant(variant) if isinstance(variant, str) else variant)


def render(game: GameState | View, perspective: Perspective = AUTO, *, size: float = 960,
           last_move: bool = True) -> str:
    """Draw ``game`` as an SVG document (a string).

    Args:
        game: A state, or a view (``state.view(seat)``).
        perspective: Who looks: a seat, None for a spectator, ``"referee"`` (every
            card; a state only). The default, ``"auto"``, is the referee for a
            state and the view's own seat for a view. A seat's or a spectator's
            picture is drawn from ``state.view(perspective)`` only.
        size: The picture's width in pixels (its height follows).
        last_move: Whether to mark the last move (outlined in the trick, named
            in the heading).

    Returns:
        The SVG markup, starting with ``<svg``.

    Raises:
        SeatError: ``perspective`` is an int (or anything else) that is not a seat.
        ArgumentError: ``game`` is neither a state nor a view, ``size`` is not a
            positive number, or a view is asked for another perspective than its own.
    """
    if isinstance(size, bool) or not isinstance(size, (int, float)) or not size > 0:
        raise ArgumentError("size", size, "a positive number of pixels")
    return _draw(_scene(game, perspective), float(size), last_move)


def replay_page(states: Iterable[GameState], perspective: Perspective = REFEREE, *,
                title: str | None = None, size: float = 960) -> str:
    """One self-contained HTML page stepping through a game trick by trick.

    The page shows the deal, then the table after each trick (and the decisions
    that follow it), then the end; buttons and the arrow keys step through it, and
    it loads nothing. ``claim replay FILE --html OUT.html`` writes one.

    Args:
        states: The states of a game in order (``claim.replay(record)``); the
            steps are picked by [`trick_steps`][claim.io.svg.trick_steps].
        perspective: Who looks (as for [`render`][claim.io.svg.render]): the
            referee by default, or a seat, or None for a spectator.
        title: The page's title; by default the variant and the perspective.
        size: Each picture's width in pixels.

    Raises:
        ArgumentError: ``states`` is empty.
        SeatError: ``perspective`` is not a seat of the game.
    """
    steps = trick_steps(states)
    if not steps:
        raise ArgumentError("states", [], "the states of a game (at least one)")
    pictures = [render(state, perspective, size=size) for state in steps]
    if title is None:
        who = (REFEREE if perspective in (AUTO, REFEREE) and isinstance(perspective, str)
               else perspective)
        title = f"{steps[0].variant.title}, seen by {_who_is(who)}"
    return page(steps, pictures, title)


def _scene(game: GameState | View, perspective: Perspective) -> Scene:
    if isinstance(game, View):
        if perspective != AUTO and (perspective != game.seat or isinstance(perspective, bool)):
            raise ArgumentError("perspective", perspective,
                                f"{AUTO!r} or the view's own seat ({game.seat}): a view "
                                "shows only what its seat may see")
        return scene_of_view(game)
    if not isinstance(game, GameState):
        raise ArgumentError("game", game, "a GameState or a View")
    if perspective in (AUTO, REFEREE) and isinstance(perspective, str):
        return scene_of_state(game)
    return scene_of_view(view_of(game, perspective))  # SeatError if not a seat


def _draw(scene: Scene, size: float, last_move: bool) -> str:
    styles = styles_of(scene.variant)
    marked = scene.last if last_move else None
    parts: list[str] = []
    y = 76.0
    for seat in scene.seats:
        panel, height = _seat_panel(scene, seat, y, styles)
        parts.append(panel)
        y += height + 10
    table, right = _table(scene, styles, marked)
    height = max(y, right) + 6
    head = _header(scene, marked)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size:g}" '
        f'height="{size * height / WIDTH:.0f}" viewBox="0 0 {WIDTH} {height:g}" '
        f'font-family="DejaVu Sans, Helvetica, Arial, sans-serif" role="img">'
        f"<title>{escape(_title(scene))}</title>"
        f'<rect width="{WIDTH}" height="{height:g}" fill="#fbf9f4"/>'
        + head + "".join(parts) + table + "</svg>"
    )


def _who(scene: Scene) -> str:
    return _who_is(scene.viewer)


def _who_is(viewer: object) -> str:
    if viewer == REFEREE:
        return "the referee"
    return "a spectator" if viewer is None else f"seat {viewer}"


def _title(scene: Scene) -> str:
    return f"{scene.variant.title}, {scene.phase.value}, seen by {_who(scene)}"


def _header(scene: Scene, marked: tuple[int, Move] | None) -> str:
    phase = {Phase.RECRUIT: "phase 1: recruit followers",
             Phase.SUPPORT: "phase 2: gather supporters"}.get(scene.phase, "game over")
    if scene.pending is not None:
        status = f"waiting for {scene.pending}"
        if scene.choices:
            status += ":  " + "  \u00b7  ".join(scene.choices)
    elif scene.current is not None:
        status = f"seat {scene.current} to move"
    else:
        status = "the game is over"
    title = f"{scene.variant.title} \u00b7 {phase}"
    if len(title) > _TITLE_CHARS:
        title = title[:_TITLE_CHARS - 1] + "\u2026"
    out = [
        f'<rect width="{WIDTH}" height="62" fill="#2b2f38"/>',
        sty.text(16, 26, title, 18, fill="#ffffff", weight="bold"),
        sty.text(984, 26, f"seen by {_who(scene)}", 13, fill="#c8ccd6", anchor="end"),
        sty.text(16, 50, status, 14, fill="#ffd479"),
    ]
    if marked is not None:
        out.append(sty.text(984, 50, f"last move: seat {marked[0]} {marked[1]}", 13,
                            fill="#ff9a80", anchor="end"))
    return "".join(out)


def _seat_panel(scene: Scene, seat: SeatScene, y: float,
                styles: dict[str, FactionStyle]) -> tuple[str, float]:
    """One seat's panel at height ``y``; returns it and its height."""
    body: list[str] = [_seat_heading(scene, seat, y)]
    row = y + 30
    body.append(_label(row + 28, "hand"))
    body.append(_hand(seat, row, styles))
    row += CARD_H + 10
    body.append(_label(row + 14, "followers"))
    if seat.followers is None:
        body.append(sty.backs(_ROW_X, row, seat.follower_size, 0.42))
        row += 26
    else:
        chips, height = sty.chips(_ROW_X, row, seat.followers, styles, 480)
        body.append(chips)
        row += height + 4
    for zone in seat.zones:
        body.append(_label(row + 19, zone.name))
        body.append(sty.small_cards(_ROW_X, row, zone.cards, zone.count, styles,
                                    _ZONE_SCALE))
        row += CARD_H * _ZONE_SCALE + 6
    body.append(_label(row + 14, "score pile"))
    chips, height = sty.chips(_ROW_X, row, seat.score, styles, 500)
    body.append(chips)
    height = row + height + 8 - y
    turn = seat.seat == scene.current
    frame = (f'<rect x="{_LEFT}" y="{y:g}" width="{_PANEL_W}" height="{height:g}" rx="10" '
             f'fill="{"#fff7e0" if turn else "#f1eee6"}" '
             f'stroke="{WIN if turn else "#dcd6c8"}" stroke-width="{2.5 if turn else 1}"/>')
    return frame + "".join(body), height


def _seat_heading(scene: Scene, seat: SeatScene, y: float) -> str:
    marks = []
    if seat.seat == scene.viewer:
        marks.append("you")
    if seat.seat == scene.current:
        marks.append("to move")
    if seat.seat == scene.leader and scene.current is not None:
        marks.append("leads")
    teams = scene.variant.teams
    if any(len(team) > 1 for team in teams):
        team = next(t for t in teams if seat.seat in t)
        marks.append("team " + "+".join(map(str, team)))
    counts = f"{seat.hand_size} in hand \u00b7 {seat.follower_size} followers"
    return (sty.text(_LEFT + 12, y + 21, f"Seat {seat.seat}", 15, weight="bold")
            + sty.text(_LEFT + 70, y + 21, "  \u00b7  ".join(marks), 12,
                       fill="#b07800" if seat.seat == scene.current else MUTED)
            + sty.text(_LEFT + _PANEL_W - 12, y + 21, counts, 11, fill=MUTED, anchor="end"))


def _label(y: float, words: str) -> str:
    return sty.text(_LEFT + 12, y, words, 10.5, fill=MUTED)


def _hand(seat: SeatScene, y: float, styles: dict[str, FactionStyle]) -> str:
    if seat.hand is None:
        return sty.backs(_ROW_X, y, seat.hand_size, 1.0)
    step = CARD_W + 3.0
    if len(seat.hand) > 1:
        step = min(step, (_PANEL_W - _ROW_X - CARD_W) / (len(seat.hand) - 1))
    return "".join(sty.card(_ROW_X + i * step, y, card, styles[card.faction])
                   for i, card in enumerate(seat.hand))


