"""The screen of `claim play`: one seat's view as lines of plain text.

Presentation only, and built from a [`View`][claim.rules.views.View] alone (never from a
state), so the screen cannot show what the seat may not see. Every line fits in 80
columns; nothing here prints (the printing is in [`claim.apps.cli_play`][claim.apps.cli_play]).
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from claim.core.cards import Card
from claim.core.moves import Move
from claim.core.records import TrickCompleted
from claim.rules.view_text import describe_event
from claim.rules.views import HiddenEvent, View, ViewEvent, ViewRecord

__all__ = ["WIDTH", "describe", "last_trick_lines", "menu_lines", "screen_lines", "standing_lines",
           "wrap"]

WIDTH = 80
"""The width every line of the screen fits in."""


def describe(event: ViewEvent) -> str:
    """One event in words, as `claim.rules.view_text.describe_event` says it, a hidden
    draw or peek said as such (who, never the card)."""
    if isinstance(event, HiddenEvent):
        seat = "someone" if event.seat is None else f"seat {event.seat}"
        what = {"CardDrawn": "draws a card", "Peeked": "peeks at a card"}.get(
            event.kind, f"moves a card ({event.kind})")
        return f"{seat} {what} (hidden)"
    return describe_event(event)


def wrap(text: str, indent: str = "    ") -> list[str]:
    """``text`` as lines of at most `WIDTH` characters, later lines indented."""
    return textwrap.wrap(text, WIDTH, subsequent_indent=indent) or [text]


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards)) or "-"


def _seat_name(view: View, seat: int) -> str:
    if seat == view.seat:
        return f"seat {seat} (you)"
    partner = any(seat in team and view.seat in team for team in view.variant.teams)
    return f"seat {seat} (partner)" if partner else f"seat {seat}"


def hand_lines(view: View) -> list[str]:
    """The viewer's hand, one line per faction, in the variant's faction order."""
    count = len(view.hand)
    lines = [f"Your hand ({count} card{'' if count == 1 else 's'}):"]
    for faction in view.variant.factions:
        cards = [card for card in view.hand if card.faction == faction.name]
        if cards:
            lines += wrap(f"  {faction.title:14} {_cards(cards)}")
    return lines


def table_lines(view: View) -> list[str]:
    """Face-up card(s), the trick so far, every seat's public piles, zones, powers."""
    lines = []
    if view.face_up:
        lines.append(f"Face up: {_cards(view.face_up)}")
    trick = " ".join(f"{_seat_name(view, s)} {c}" for s, c in view.trick)
    lines.append(f"Trick so far: {trick or 'nothing played'}")
    for seat in range(view.variant.players):
        lines += wrap(f"{_seat_name(view, seat)}: {view.hand_sizes[seat]} in hand, "
                       f"{view.follower_sizes[seat]} followers, "
                       f"score pile [{_cards(view.score_piles[seat])}]")
    if view.follower_pile:
        lines += wrap(f"Your followers: {_cards(view.follower_pile)}")
    lines.append(f"Draw pile: {view.draw_pile_size} cards")
    if view.discard or view.unseen_discards:
        unseen = f" + {view.unseen_discards} unseen" if view.unseen_discards else ""
        lines += wrap(f"Discard: {_cards(view.discard)}{unseen}")
    for zone in view.zones:
        if zone.count == 0:
            continue
        owner = "" if zone.seat is None else f" of {_seat_name(view, zone.seat)}"
        shown = _cards(zone.cards) if zone.public else f"{zone.count} hidden cards"
        lines += wrap(f"{zone.name.capitalize()}{owner}: {shown}")
    states = [f"{name} {value}" for name, value in view.power_states if value is not None]
    if states:
        lines += wrap("Powers: " + ", ".join(states))
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


def last_trick_lines(history: Sequence[ViewRecord], seat: int | None = None) -> list[str]:
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
        return wrap(text)
    return []


def menu_lines(moves: Sequence[Move]) -> list[str]:
    """The numbered menu of moves, several per line."""
    items = [f"{number:>2}) {move}" for number, move in enumerate(moves, 1)]
    width = max(map(len, items), default=0) + 3
    per_line = max(1, WIDTH // width)
    return ["".join(item.ljust(width) for item in items[i:i + per_line]).rstrip()
            for i in range(0, len(items), per_line)]


def screen_lines(view: View) -> list[str]:
    """The whole screen for the viewer: table, standing, last trick, hand, question."""
    you = "" if view.seat is None else f", you are seat {view.seat}"
    lines = ["=" * WIDTH, f"{view.variant.title}: {view.phase.value}{you}", "-" * WIDTH]
    lines += table_lines(view)
    lines += standing_lines(view)
    lines += last_trick_lines(view.history, view.seat)
    lines.append("-" * WIDTH)
    lines += hand_lines(view)
    if view.pending is not None and view.pending.seat == view.seat:
        lines += wrap(f"Question ({view.pending.kind}): {view.pending.prompt}")
    if view.legal_moves:
        lines.append("Your moves:")
        lines += menu_lines(view.legal_moves)
    return lines
