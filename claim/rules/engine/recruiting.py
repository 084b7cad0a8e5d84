"""Phase 1 recruiting after a trick (RULES 3, R10, R15): the recruiting steps in rank
order, carried out at once while nobody has a choice (`claim.rules.engine.tricks`
calls `recruit` last when it resolves a trick)."""

from __future__ import annotations

from typing import Final

from claim.core._fast import slot_maker
from claim.core.records import CardDrawn, FaceUpTaken, RawEvent
from claim.core.zones import RECRUIT
from claim.rules.effects import Step
from claim.rules.engine.board import Board
from claim.rules.engine.choices import amenders, recruit_question
from claim.rules.rulebook import recruit_choices
from claim.rules.variant_tables import DeckTables

__all__ = ["after_recruiting", "recruit"]

make_step: Final = slot_maker(Step)


def recruit(
    board: Board, seats: tuple[int, ...], cards: tuple[int, ...], ranking: tuple[int, ...],
    present: int, won: int, queued: bool, events: list[RawEvent],
) -> list[Step]:
    """Phase 1: recruiting steps in rank order; those that need no question, at once.

    ``won`` is the bit of the card of rank 1.
    """
    start = 0
    tables = board.variant.tables
    hooks = tables.hooks[RECRUIT]
    amended = present & hooks.recruit_mask or won & hooks.recruit_win_mask
    asks = False
    if not queued and not amended:
        # Nothing asked before and no power amends recruiting: recruit directly while
        # no choice arises (recruit_directly, inlined).
        deck, face_up, followers = tables.deck, board.face_up, board.followers
        for start, seat in enumerate(ranking):  # noqa: B007 (read after the loop)
            if not face_up:
                card = board.draw_pile[0]
                board.draw_pile = board.draw_pile[1:]
                events.append((CardDrawn, seat, deck[card]))
            elif len(face_up) == 1 or len(recruit_choices(face_up, tables.card_kind)) == 1:
                card = face_up.pop(0)
                events.append((FaceUpTaken, seat, deck[card]))
            else:
                asks = True  # two kinds face up: this seat chooses (RULES 3, R15)
                break
            followers[seat] |= 1 << card
        else:
            return []  # everyone recruited
    plays = tuple(zip(seats, cards))
    # A hook gated by `on_win` serves only the winner's own step (the Seer's choice).
    found: tuple[int, ...] = ()
    others: tuple[int, ...] = ()
    if present & hooks.recruit_mask:
        found = amenders(hooks, present, won)
        win_mask = hooks.recruit_win_mask
        others = tuple([fi for fi in found if not tables.faction_masks[fi] & win_mask])
    elif amended:  # only the winning card's power amends, gated by `on_win` (`amenders`)
        found = (tables.card_faction[won.bit_length() - 1],)
    winner = ranking[0]
    mine, theirs = (plays, ranking, found), (plays, ranking, others)
    steps = [make_step(-1, seat, "recruit", mine if seat == winner else theirs)
             for seat in ranking[start:]]
    if asks:  # what `run_queue` would find for the first step: its question, asked
        board.pending = recruit_question(board, steps[0], ())
    return steps


def after_recruiting(tables: DeckTables, steps: list[Step]
                      ) -> tuple[list[Step], list[Step]]:
    """Phase 1's steps split: those asked before the followers are taken, and those
    asked after, of powers with `asks_after_recruiting` (the Poisoners' look, E32)."""
    if not steps:
        return steps, []
    powers = tables.powers
    late = [step for step in steps if step.owner >= 0
            and powers[step.owner].asks_after_recruiting]
    return ([step for step in steps if step not in late], late) if late else (steps, [])
