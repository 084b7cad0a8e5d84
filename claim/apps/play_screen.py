"""The screen of `claim play`: one seat's view as lines of plain text.

Presentation only, and built from a [`View`][claim.rules.views.View] alone (never from a
state), so the screen cannot show what the seat may not see. Every line fits in the
width asked (80 columns by default: `WIDTH`); nothing here prints (the printing is
in [`claim.apps.cli_play`][claim.apps.cli_play]).
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from claim.core.cards import Card
from claim.core.moves import Move
from claim.core.records import TrickCompleted
from claim.core.zones import Zone
from claim.rules.view_text import describe_event
from claim.rules.views import HiddenEvent, View, ViewEvent, ViewRecord

__all__ = ["WIDTH", "counted", "describe", "last_trick_lines", "menu_lines", "screen_lines",
           "standing_lines", "wrap"]

WIDTH = 80
"""The width every line of the screen fits in unless another is asked (plain text)."""


def describe(event: ViewEvent) -> str:
    """One event in words, as `claim.rules.view_text.describe_event` says it, a hidden
    draw or peek said as such (who, never the card)."""
    if isinstance(event, HiddenEvent):
        seat = "someone" if event.seat is None else f"seat {event.seat}"
        what = {"CardDrawn": "draws a card", "Peeked": "peeks at a card"}.get(
            event.kind, f"moves a card ({event.kind})")
        if event.kind == "PlacedUnseen" and event.zone is Zone.HAND:  # a Fire Phoenix (E41)
            what = f"draws a card from the {event.origin}"
        return f"{seat} {what} (hidden)"
    return describe_event(event)


def wrap(text: str, indent: str = "    ", width: int = WIDTH) -> list[str]:
    """``text`` as lines of at most ``width`` characters, later lines indented."""
    return textwrap.wrap(text, width, subsequent_indent=indent) or [text]


def counted(number: int, noun: str) -> str:
    """``1 card``, ``2 cards``: ``number`` and ``noun``, plural unless it is 1."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards)) or "-"


def _seat_name(view: View, seat: int) -> str:
    if seat == view.seat:
        return f"seat {seat} (you)"
    partner = any(seat in team and view.seat in team for team in view.variant.teams)
    return f"seat {seat} (partner)" if partner else f"seat {seat}"


def hand_lines(view: View, width: int = WIDTH) -> list[str]:
    """The viewer's hand, one line per faction, in the variant's faction order."""
    lines = [f"Your hand ({counted(len(view.hand), 'card')}):"]
    for faction in view.variant.factions:
        cards = [card for card in view.hand if card.faction == faction.name]
        if cards:
            lines += wrap(f"  {faction.title:14} {_cards(cards)}", width=width)
    return lines


def table_lines(view: View, width: int = WIDTH) -> list[str]:
    """Face-up card(s), the trick so far, every seat's public piles, zones, powers."""
    lines = []
    if view.face_up:
        lines.append(f"Face up: {_cards(view.face_up)}")
    trick = " ".join(f"{_seat_name(view, s)} {c}" for s, c in view.trick)
    lines.append(f"Trick so far: {trick or 'nothing played'}")
    for seat in range(view.variant.players):
        lines += wrap(f"{_seat_name(view, seat)}: {view.hand_sizes[seat]} in hand, "
                      f"{counted(view.follower_sizes[seat], 'follower')}, "
                      f"score pile [{_cards(view.score_piles[seat])}]", width=width)
    if view.follower_pile:
        lines += wrap(f"Your followers: {_cards(view.follower_pile)}", width=width)
    lines.append(f"Draw pile: {counted(view.draw_pile_size, 'card')}")
    if view.discard or view.unseen_discards:
        unseen = f" + {view.unseen_discards} unseen" if view.unseen_discards else ""
        lines += wrap(f"Discard: {_cards(view.discard)}{unseen}", width=width)
    for zone in view.zones:
        if zone.count == 0:
            continue
        owner = "" if zone.seat is None else f" of {_seat_name(view, zone.seat)}"
        shown = _cards(zone.cards) if zone.public else counted(zone.count, "hidden card")
        lines += wrap(f"{zone.name.capitalize()}{owner}: {shown}", width=width)
    states = [f"{name} {value}" for name, value in view.power_states if value is not None]
    if states:
        lines += wrap("Powers: " + ", ".join(states), width=width)
    return lines


def standing_lines(view: View) -> list[str]:
    """Per faction, how many of its cards each seat's score pile holds (public)."""
    lines = ["Standing (cards in score piles, per seat):"]
    for faction in view.variant.factions:
        counts = [sum(card.faction == faction.name for card in pile)
                  for pile in view.score_piles]
        if not any(counts):
            continue
        best = max(counts)
        leaders = [s for s, n in enumerate(counts) if n == best]
        lead = "tied" if len(leaders) > 1 else f"seat {leaders[0]} leads"
        shown = "  ".join(f"s{s}:{n}" for s, n in enumerate(counts))
        lines.append(f"  {faction.title:14} {shown}  ({lead})")
    if len(lines) == 1:
        lines.append("  nothing scored yet")
    return lines


def last_trick_lines(history: Sequence[ViewRecord], seat: int | None = None,
                     width: int = WIDTH) -> list[str]:
    """What the last completed trick did: who won and where every card went."""
    for index in range(len(history) - 1, -1, -1):
        events = history[index].events
        ends = [i for i, e in enumerate(events) if isinstance(e, TrickCompleted)]
        if not ends:
            continue
        end = events[ends[-1]]
        assert isinstance(end, TrickCompleted)
        plays = ", ".join(f"seat {s} {c}" for s, c in end.plays)
        said = [describe(e) for e in events[ends[-1] + 1:]]
        for later in history[index + 1:]:
            said += [describe(e) for e in later.events]
        text = f"Last trick: {plays}; seat {end.winner} won"
        text += "".join(f"; {s}" for s in said if s)
        if seat is not None:
            text = text.replace(f"seat {seat} ", f"seat {seat} (you) ")
        return wrap(text, width=width)
    return []


def menu_lines(moves: Sequence[Move], width: int = WIDTH) -> list[str]:
    """The numbered menu of moves, as many per line as fit in ``width``."""
    items = [f"{number:>2}) {move}" for number, move in enumerate(moves, 1)]
    column = max(map(len, items), default=0) + 3
    per_line = max(1, (width + 3) // column)  # the last column needs no gap after it
    return ["".join(item.ljust(column) for item in items[i:i + per_line]).rstrip()
            for i in range(0, len(items), per_line)]


def screen_lines(view: View, width: int = WIDTH) -> list[str]:
    """The whole screen for the viewer: table, standing, last trick, hand, question;
    every line at most ``width`` characters."""
    you = "" if view.seat is None else f", you are seat {view.seat}"
    lines = ["=" * width, f"{view.variant.title}: {view.phase.value}{you}", "-" * width]
    lines += table_lines(view, width)
    lines += standing_lines(view)
    lines += last_trick_lines(view.history, view.seat, width)
    lines.append("-" * width)
    lines += hand_lines(view, width)
    if view.pending is not None and view.pending.seat == view.seat:
        lines += wrap(f"Question ({view.pending.kind}): {view.pending.prompt}", width=width)
    if view.legal_moves:
        lines.append("Your moves:")
        lines += menu_lines(view.legal_moves, width)
    return lines
