"""The middle of the table in `claim.io.svg`: draw pile, face-up cards, the trick, the
shared zones, the votes and the power states (the picture's right-hand column)."""

from __future__ import annotations

from collections.abc import Hashable

from claim.core.moves import Move, PlayCard
from claim.core.zones import Phase
from claim.io import _svg_style as sty
from claim.io._svg_scene import Scene
from claim.io._svg_style import CARD_H, CARD_W, INK, LAST, MUTED, WIN, FactionStyle

__all__ = ["table"]

X, W = 636, 348
"""The column's left edge and width."""
_INNER = X + 14


def table(scene: Scene, styles: dict[str, FactionStyle],
          marked: tuple[int, Move] | None) -> tuple[str, float]:
    """The column, from the top of the picture's body; returns it and its bottom."""
    parts: list[str] = []
    y = 76.0
    for section in (_piles, _trick, _shared, _votes, _powers):
        drawn, height = section(scene, styles, marked, y)
        if drawn:
            parts.append(_frame(y, height) + drawn)
            y += height + 10
    return "".join(parts), y


def _frame(y: float, height: float) -> str:
    return (f'<rect x="{X}" y="{y:g}" width="{W}" height="{height:g}" rx="10" '
            f'fill="#f1eee6" stroke="#dcd6c8"/>')


def _heading(y: float, words: str) -> str:
    return sty.text(_INNER, y + 20, words, 13, weight="bold")


def _piles(scene: Scene, styles: dict[str, FactionStyle],
           marked: tuple[int, Move] | None, y: float) -> tuple[str, float]:
    """The draw pile (its top card too, for the referee), the face-up cards, the discard."""
    out = [_heading(y, "Draw pile")]
    if scene.phase is Phase.RECRUIT or scene.face_up:
        out.append(sty.text(_INNER + 110, y + 20, "Face up", 13, weight="bold"))
        if not scene.face_up:
            out.append(sty.text(_INNER + 110, y + 56, "\u2013", 12, fill=MUTED))
    if scene.draw_size:
        out.append(sty.back(_INNER, y + 30))
        out.append(sty.text(_INNER + CARD_W / 2, y + 30 + CARD_H / 2 + 5,
                            str(scene.draw_size), 14, fill="#ffffff", anchor="middle",
                            weight="bold"))
    else:
        out.append(sty.text(_INNER, y + 56, "empty", 12, fill=MUTED))
    top = scene.draw_top or scene.seen_top
    if top is not None:
        out.append(sty.card(_INNER + 44, y + 42, top, styles[top.faction], scale=0.75))
        out.append(sty.text(_INNER + 44 + CARD_W * 0.375, y + 36,
                            "top" if scene.draw_top else "you saw", 9, fill=MUTED,
                            anchor="middle"))
    for i, card in enumerate(scene.face_up):
        out.append(sty.card(_INNER + 110 + i * (CARD_W + 6), y + 30, card,
                            styles[card.faction]))
    out.append(sty.text(X + W - 14, y + 20, f"discard: {scene.discard}", 11, fill=MUTED,
                        anchor="end"))
    return "".join(out), CARD_H + 42


def _trick(scene: Scene, styles: dict[str, FactionStyle],
           marked: tuple[int, Move] | None, y: float) -> tuple[str, float]:
    """The trick in play order; between tricks, the last one with its winner marked."""
    if not scene.trick:
        return "", 0
    number = scene.trick_number + 1
    if scene.trick_done:
        title = f"Trick {number}: seat {scene.winner} wins"
    else:
        title = f"Trick {number}, under way"
    out = [_heading(y, title)]
    last_card = None
    if marked is not None and isinstance(marked[1], PlayCard):
        last_card = (marked[0], marked[1].card)
    step = min(CARD_W + 26.0, (W - 28 - CARD_W) / max(1, len(scene.trick) - 1))
    for i, (seat, card) in enumerate(scene.trick):
        x = _INNER + 4 + i * step
        won = scene.trick_done and seat == scene.winner
        if (seat, card) == last_card:
            out.append(f'<rect x="{x - 6:g}" y="{y + 28:g}" width="{CARD_W + 12}" '
                       f'height="{CARD_H + 12}" rx="7" fill="none" stroke="{LAST}" '
                       'stroke-width="2" stroke-dasharray="4 3"/>')
        out.append(sty.card(x, y + 34, card, styles[card.faction], mark=WIN if won else ""))
        label = f"\u2605 seat {seat}" if won else f"seat {seat}"
        out.append(sty.text(x + CARD_W / 2, y + CARD_H + 52, label, 10.5,
                            fill="#a06e00" if won else MUTED, anchor="middle",
                            weight="bold" if won else "normal"))
    return "".join(out), CARD_H + 62


def _shared(scene: Scene, styles: dict[str, FactionStyle],
            marked: tuple[int, Move] | None, y: float) -> tuple[str, float]:
    """The zones no seat owns (the Troll line, a second deck), first in line first."""
    if not scene.shared:
        return "", 0
    out = []
    row = y + 8
    for zone in scene.shared:
        out.append(sty.text(_INNER, row + 14, zone.name, 12, weight="bold"))
        out.append(sty.text(X + W - 14, row + 14, str(zone.count), 11, fill=MUTED,
                            anchor="end"))
        out.append(sty.small_cards(_INNER, row + 22, zone.cards, zone.count, styles,
                                   scale=0.62))
        row += 26 + CARD_H * 0.62 + 4
    return "".join(out), row - y + 4


def _votes(scene: Scene, styles: dict[str, FactionStyle],
           marked: tuple[int, Move] | None, y: float) -> tuple[str, float]:
    """Per faction, each party's scored cards; the current winner's count circled."""
    if not scene.votes:
        return "", 0
    parties = len(scene.votes[0].counts)
    column = min(48.0, (W - 160) / parties)
    left = X + W - 14 - column * parties
    out = [_heading(y, "Votes")]
    for p in range(parties):
        team = scene.variant.teams[p]
        label = f"seat {team[0]}" if len(team) == 1 else "+".join(map(str, team))
        out.append(sty.text(left + column * (p + 0.5), y + 20, label, 10, fill=MUTED,
                            anchor="middle"))
    row = y + 32
    tally = [0] * parties
    for vote in scene.votes:
        style = styles[vote.faction]
        out.append(sty.glyph(style.glyph, _INNER + 6, row + 9, 6, style.colour))
        out.append(sty.text(_INNER + 18, row + 13, style.title, 11.5))
        for p, count in enumerate(vote.counts):
            cx = left + column * (p + 0.5)
            if p == vote.winner:
                tally[p] += 1
                out.append(f'<circle cx="{cx:g}" cy="{row + 9:g}" r="9" fill="{style.colour}"/>')
            out.append(sty.text(cx, row + 13, str(count), 11, anchor="middle",
                                fill="#ffffff" if p == vote.winner else MUTED,
                                weight="bold" if p == vote.winner else "normal"))
        row += 20
    out.append(sty.text(_INNER, row + 14, "factions won", 11, weight="bold"))
    for p, won in enumerate(tally):
        out.append(sty.text(left + column * (p + 0.5), row + 14, str(won), 12, fill=INK,
                            anchor="middle", weight="bold"))
    return "".join(out), row + 24 - y


def _show(value: Hashable) -> str:
    words = repr(value)
    return words if len(words) <= 44 else words[:43] + "\u2026"


def _powers(scene: Scene, styles: dict[str, FactionStyle],
            marked: tuple[int, Move] | None, y: float) -> tuple[str, float]:
    """Each power that keeps a state, and the state (as its ``repr``)."""
    if not scene.powers:
        return "", 0
    out = [_heading(y, "Powers")]
    row = y + 30
    for name, value in scene.powers:
        style = styles[name]
        out.append(sty.glyph(style.glyph, _INNER + 6, row + 5, 6, style.colour))
        out.append(sty.text(_INNER + 18, row + 9, f"{style.title}: {_show(value)}", 11))
        row += 18
    return "".join(out), row - y + 6
