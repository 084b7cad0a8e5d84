"""Plain-text renderings of a game's records and result, for logs and terminals.

Presentation only: nothing here changes or derives rules; it reads the public
records ([`claim.core.records`][]) and [`GameResult`][claim.rules.engine.scoring.GameResult].
"""

from __future__ import annotations

from collections.abc import Sequence

from claim.core.moves import Choose
from claim.core.records import (
    CardDrawn,
    FaceUpTaken,
    FaceUpTurned,
    LeaderChosen,
    MoveRecord,
    PhaseStarted,
    TrickCompleted,
)
from claim.core.zones import Phase
from claim.rules.engine.scoring import GameResult

__all__ = ["format_result", "party_name", "result_lines", "trick_lines"]


def trick_lines(records: Sequence[MoveRecord], first_face_up: Sequence[object] = ()) -> list[str]:
    """One line per trick, and one per phase change, from a game's records.

    Args:
        records: The records of a game, from its first move.
        first_face_up: The face-up cards of the first trick (turned when dealing).
    """
    lines: list[str] = []
    face_up = tuple(map(str, first_face_up))
    number = 0
    current: list[str] = []
    for record in records:
        if isinstance(record.move, Choose):
            current.append(f"seat {record.seat}: {record.move}")
        for event in record.events:
            if isinstance(event, TrickCompleted):
                lines.append("; ".join(current))
                number += 1
                plays = " ".join(f"{seat}:{card}" for seat, card in event.plays)
                shown = f" for {' '.join(face_up)}" if face_up else ""
                current = [f"  trick {number:2}{shown}: {plays} -> seat {event.winner} wins"]
            elif isinstance(event, FaceUpTaken):
                current.append(f"seat {event.seat} takes {event.card}")
            elif isinstance(event, CardDrawn):
                current.append(f"seat {event.seat} draws")
            elif isinstance(event, LeaderChosen) and event.by_faction:
                current.append(f"{event.by_faction} give the lead to seat {event.seat}")
            elif isinstance(event, FaceUpTurned):
                face_up = tuple(map(str, event.cards))
            elif isinstance(event, PhaseStarted):
                face_up = ()
                number = 0
                lines.append("; ".join(current))
                current = []
                if event.phase is not Phase.OVER:
                    lines.append(f"{event.phase.value}:")
    lines.append("; ".join(current))
    return [line for line in lines if line]


def party_name(result: GameResult, party: int) -> str:
    """``"seat 1"``, or ``"seats 0+2"`` for a team."""
    seats = result.parties[party]
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + "+".join(map(str, seats))


def result_lines(result: GameResult) -> list[str]:
    """The votes per faction and the winner, as text."""
    lines = ["votes:"]
    for vote in result.factions:
        counts = " ".join(
            f"{count}({card or '-'})" for count, card in zip(vote.counts, vote.highest)
        )
        winner = "nobody" if vote.winner is None else party_name(result, vote.winner)
        lines.append(f"  {vote.faction:14} {counts:24} -> {winner}")
    if result.winner is None:
        lines.append(f"draw ({result.decided_by.value}); votes {result.votes}")
    else:
        lines.append(
            f"winner: {party_name(result, result.winner)} by {result.decided_by.value}; "
            f"votes {result.votes}"
        )
    return lines


def format_result(result: GameResult) -> str:
    """The votes per faction and the winner, as lines of text.

    Examples:
        >>> import random, claim
        >>> rng = random.Random(3)
        >>> state = claim.new_game("claim", rng=rng)
        >>> while not state.is_over:
        ...     state = state.apply(rng.choice(state.legal_moves()))
        >>> print(claim.format_result(state.result()).splitlines()[0])
        votes:
    """
    return "\n".join(result_lines(result))
