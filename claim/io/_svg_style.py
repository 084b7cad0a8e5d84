"""Colours, glyphs and the drawing primitives of `claim.io.svg` (cards, backs, chips).

Every function returns SVG markup as a string; coordinates are in the picture's
own units (`claim.io.svg` scales the whole picture with its ``viewBox``). Nothing here
draws with an ``id``, so that several pictures can sit in one page.
"""

from __future__ import annotations

import math
import zlib
from html import escape
from pathlib import Path

import attrs
import yaml

from claim.core.cards import Card
from claim.rules.variant import Variant

__all__ = [
    "CARD_H",
    "CARD_W",
    "GLYPHS",
    "PALETTE",
    "FactionStyle",
    "back",
    "backs",
    "card",
    "chip",
    "chips",
    "glyph",
    "small_cards",
    "styles_of",
    "text",
]

CARD_W = 34
"""A card's width, in picture units."""
CARD_H = 48
"""A card's height, in picture units."""

INK = "#22262e"
MUTED = "#69707d"
BACK = "#2d3e63"
WIN = "#e0a100"
LAST = "#ff5a36"


@attrs.frozen
class FactionStyle:
    """How a faction is drawn.

    Attributes:
        colour: Its colour, as ``#rrggbb``.
        glyph: The name of its glyph (``"shield"``, ``"star"``, ``"drop"``, ...).
        code: The short code printed on its cards.
        title: Its display name.
    """

    colour: str
    glyph: str
    code: str
    title: str


def _polygon(sides: int, turn: float = -math.pi / 2, inner: float = 0.0) -> tuple[
        tuple[float, float], ...]:
    """Unit polygon (a star when ``inner`` is set), pointing up."""
    points = []
    steps = sides * (2 if inner else 1)
    for i in range(steps):
        radius = inner if inner and i % 2 else 1.0
        angle = turn + 2 * math.pi * i / steps
        points.append((round(radius * math.cos(angle), 3), round(radius * math.sin(angle), 3)))
    return tuple(points)


GLYPHS: dict[str, tuple[tuple[float, float], ...]] = {
    "triangle": _polygon(3),
    "diamond": _polygon(4),
    "square": _polygon(4, -math.pi / 4),
    "pentagon": _polygon(5),
    "hexagon": _polygon(6),
    "star": _polygon(5, inner=0.45),
    "spark": _polygon(4, inner=0.35),
    "cross": ((-0.3, -1), (0.3, -1), (0.3, -0.3), (1, -0.3), (1, 0.3), (0.3, 0.3), (0.3, 1),
              (-0.3, 1), (-0.3, 0.3), (-1, 0.3), (-1, -0.3), (-0.3, -0.3)),
    "shield": ((-0.85, -0.9), (0.85, -0.9), (0.85, 0.1), (0, 1), (-0.85, 0.1)),
    "drop": ((0, -1), (0.7, 0.15), (0.55, 0.7), (0, 0.95), (-0.55, 0.7), (-0.7, 0.15)),
    "octagon": _polygon(8, -math.pi / 8),
    "hourglass": ((-0.8, -0.9), (0.8, -0.9), (0.1, 0), (0.8, 0.9), (-0.8, 0.9), (-0.1, 0)),
}
"""Glyph name -> the outline of a unit glyph (centre 0, radius 1)."""

PALETTE = ("#2e7d32", "#1565c0", "#6a1b9a", "#a1551b", "#546e7a", "#c62828", "#37474f",
           "#ef6c00", "#00897b", "#8e24aa", "#ad1457", "#0277bd", "#558b2f", "#795548",
           "#283593", "#00838f", "#9e9d24", "#d84315", "#4e342e", "#5d4037")
"""The colours a faction is drawn in, the known factions' first."""

_KNOWN: dict[str, tuple[int, str]] = {
    name: (int(style["colour"]), str(style["glyph"]))
    for name, style in yaml.safe_load(
        Path(__file__).with_name("faction_styles.yaml").read_text(encoding="utf-8")).items()
}
"""Factions with a style of their own (``faction_styles.yaml``, data beside this module):
a colour index into `PALETTE` and a glyph each; any other faction gets one from its
name."""


def styles_of(variant: Variant) -> dict[str, FactionStyle]:
    """Each faction of ``variant`` with its colour and glyph, by name.

    The factions of Claim and Claim 2 have fixed ones; any other faction (an
    expansion, a plugin) gets a colour and glyph from a stable hash of its name,
    moved on to the next free colour when an earlier faction of the variant has it.
    """
    names = list(GLYPHS)
    used = {_KNOWN[f.name][0] for f in variant.factions if f.name in _KNOWN}
    out = {}
    for faction in variant.factions:
        known = _KNOWN.get(faction.name)
        if known is not None:
            colour, shape = known
        else:
            digest = zlib.crc32(faction.name.encode("utf-8"))
            colour = digest % len(PALETTE)
            while colour in used and len(used) < len(PALETTE):
                colour = (colour + 1) % len(PALETTE)
            used.add(colour)
            shape = names[(digest >> 8) % len(names)]
        out[faction.name] = FactionStyle(PALETTE[colour], shape, faction.code, faction.title)
    return out


def text(x: float, y: float, words: str, size: float = 12, *, fill: str = INK,
         anchor: str = "start", weight: str = "normal") -> str:
    """A line of text (escaped)."""
    bold = ' font-weight="bold"' if weight != "normal" else ""
    middle = f' text-anchor="{anchor}"' if anchor != "start" else ""
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{fill}"{middle}{bold}>'
            f"{escape(words, quote=False)}</text>")


def glyph(shape: str, cx: float, cy: float, radius: float, fill: str,
          stroke: str = "none") -> str:
    """A faction glyph centred on ``(cx, cy)``."""
    points = " ".join(f"{cx + x * radius:.1f},{cy + y * radius:.1f}" for x, y in GLYPHS[shape])
    return f'<polygon points="{points}" fill="{fill}" stroke="{stroke}"/>'


def card(x: float, y: float, shown: Card, style: FactionStyle, *, scale: float = 1.0,
         mark: str = "") -> str:
    """A face-up card: its faction's colour and glyph, the value, the code.

    Args:
        x: Left edge.
        y: Top edge.
        shown: The card.
        style: Its faction's style.
        scale: 1 for a full card; smaller for piles.
        mark: An outline colour (the trick's winner, the last move), or "".
    """
    w, h = CARD_W * scale, CARD_H * scale
    outline = (f'<rect x="{x - 2.5:g}" y="{y - 2.5:g}" width="{w + 5:g}" height="{h + 5:g}" '
               f'rx="5" fill="none" stroke="{mark}" stroke-width="3"/>') if mark else ""
    return (
        f'<g><title>{escape(style.title)} {shown.value}</title>{outline}'
        f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{3.5 * scale:g}" '
        f'fill="#fdfbf6" stroke="{style.colour}" stroke-width="{1.6 * scale:g}"/>'
        f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{14 * scale:g}" rx="{3.5 * scale:g}" '
        f'fill="{style.colour}"/>'
        + glyph(style.glyph, x + w / 2, y + 7 * scale, 5.2 * scale, "#ffffff")
        + text(x + w / 2, y + 35 * scale, str(shown.value), 19 * scale, fill=style.colour,
               anchor="middle", weight="bold")
        + text(x + w / 2, y + 45 * scale, style.code, 8 * scale, fill=MUTED, anchor="middle")
        + "</g>"
    )


def back(x: float, y: float, *, scale: float = 1.0) -> str:
    """A face-down card."""
    w, h = CARD_W * scale, CARD_H * scale
    return (
        f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{3.5 * scale:g}" '
        f'fill="{BACK}" stroke="#ffffff" stroke-width="{scale:g}"/>'
        f'<rect x="{x + 4 * scale:g}" y="{y + 4 * scale:g}" width="{w - 8 * scale:g}" '
        f'height="{h - 8 * scale:g}" rx="{2 * scale:g}" fill="none" stroke="#8da2cf" '
        f'stroke-width="{scale:g}" stroke-dasharray="{2 * scale:g} {2 * scale:g}"/>'
    )


def chip(x: float, y: float, style: FactionStyle, cards: tuple[Card, ...]) -> tuple[str, float]:
    """Cards of one faction as a chip: glyph, count, values. Returns it and its width."""
    values = " ".join(str(c.value) for c in sorted(cards, key=lambda c: c.value))
    count = str(len(cards))
    start = 24 + 7.5 * len(count)
    width = start + 5.4 * len(values) + 8
    return (
        f'<g><title>{escape(style.title)}: {len(cards)}</title>'
        f'<rect x="{x:g}" y="{y:g}" width="{width:g}" height="20" rx="10" '
        f'fill="{style.colour}"/>'
        + glyph(style.glyph, x + 10, y + 10, 5.5, "#ffffff")
        + text(x + 19, y + 14.5, count, 12, fill="#ffffff", weight="bold")
        + text(x + start, y + 14, values, 9.5, fill="#eef0f4")
        + "</g>",
        width,
    )


def backs(x: float, y: float, count: int, scale: float) -> str:
    """``count`` cards face down, fanned, with their number."""
    if not count:
        return text(x, y + 14, "\u2013", 12, fill=MUTED)
    step = 6 * scale
    shown = min(count, 16)
    out = [back(x + i * step, y, scale=scale) for i in range(shown)]
    right = x + (shown - 1) * step + CARD_W * scale + 8
    out.append(text(right, y + CARD_H * scale / 2 + 5, f"\u00d7{count}", 12, fill=MUTED))
    return "".join(out)


def chips(x: float, y: float, cards: tuple[Card, ...], styles: dict[str, FactionStyle],
           width: float) -> tuple[str, float]:
    """``cards`` grouped by faction (in the variant's order), wrapping at ``width``;
    returns them and the height they take."""
    if not cards:
        return text(x, y + 14, "\u2013", 12, fill=MUTED), 22
    by_faction: dict[str, list[Card]] = {}
    for card in cards:
        by_faction.setdefault(card.faction, []).append(card)
    out, left, top = [], x, y
    for name in (n for n in styles if n in by_faction):
        piece, piece_w = chip(left, top, styles[name], tuple(by_faction[name]))
        if left > x and left + piece_w > x + width:
            left, top = x, top + 24
            piece, piece_w = chip(left, top, styles[name], tuple(by_faction[name]))
        out.append(piece)
        left += piece_w + 6
    return "".join(out), top - y + 22


def small_cards(x: float, y: float, cards: tuple[Card, ...] | None, count: int,
                styles: dict[str, FactionStyle], scale: float = 0.5) -> str:
    """A zone's cards in a row, small; face down (with their number) when ``cards``
    is None."""
    if cards is None:
        return backs(x, y, count, scale)
    if not cards:
        return text(x, y + CARD_H * scale / 2 + 4, "\u2013", 12, fill=MUTED)
    step = CARD_W * scale + 3
    return "".join(card(x + i * step, y, shown, styles[shown.faction], scale=scale)
                   for i, shown in enumerate(cards))
