"""What the playout kernel leaves to the engine: tricks, the start of phase 2, the end.

The kernel (`claim.search._playout_kernel`) plays on plain ints the hooks it can
tabulate or that a declared mechanism covers. A power's other hooks (a ``capture``,
an ``after_place`` that asks, a ``rerank`` reading the state...) are run by the
engine itself, never restated: when a card of such a power takes part in a trick
(`claim.search._playout_tables.PhaseTables.engine_mask`), the kernel hands the
completed trick to the engine's board (`claim.rules.engine.quiet.QuietGame`) as the
state it stands in, lets the engine play the trick's last card, answers every
question the engine asks by the playout's draw rule (one draw per move, the moves
appended as the stepping loop would choose them), and reads the board back:
piles, zones, the draw pile, the leader and the power states, which the kernel
carries from then on. The engine may go on to phase 2 or end the game there; the
kernel then follows it. The start of phase 2 goes through the engine the same way
when a power has a ``phase_start`` hook (`engine_start`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from claim.core.moves import Move
from claim.core.records import RawEvent
from claim.core.zones import OVER, RECRUIT, SUPPORT, Phase
from claim.rules.engine.board import Board
from claim.rules.engine.phases import advance
from claim.rules.engine.quiet import QuietGame
from claim.rules.state import GameState, make_state
from claim.search._playout_tables import KernelTables

__all__ = ["ended_state", "engine_start", "engine_trick", "finish", "kernel_state",
           "play_on_board", "reveal"]

Kernel = list[Any]


def kernel_state(kt: KernelTables, k: Kernel, phase: Phase, trick: tuple[int, ...] = (),
                 hands: list[int] | None = None) -> GameState:
    """The `GameState` the kernel ``k`` stands for, in ``phase``, with ``trick`` on the
    table and ``hands`` (default: the kernel's), no question pending, no history."""
    zones = k[9]
    chance, deal = k[12]
    return make_state(
        kt.variant, phase, k[1], trick, tuple(k[3] if hands is None else hands),
        k[4][k[5]:], tuple(k[6]), tuple(k[7]), tuple(k[8]),
        tuple(tuple(zone) for zone in zones) if zones else (), k[10], k[11], chance, None,
        (), (), deal)


def engine_trick(kt: KernelTables, k: Kernel, random: Callable[[], float],
                 append: Callable[[Move], None]) -> bool:
    """Resolve the kernel's complete trick by the engine (its last card played there,
    the questions answered by ``random``'s draws, the moves passed to ``append``);
    ``k`` is read back. Returns whether the engine left the kernel's phase."""
    phase = RECRUIT if k[0] == 0 else SUPPORT
    trick = k[2]
    card = trick[-1]
    hands = list(k[3])
    hands[kt.seats[k[1]][len(trick) - 1]] |= 1 << card  # the last card is still held
    game = QuietGame(kernel_state(kt, k, phase, tuple(trick[:-1]), hands))
    game.play(kt.play[card])
    play_on_board(game, random, append)
    return _read_back(k, game.board, phase)


def engine_start(kt: KernelTables, k: Kernel, random: Callable[[], float],
                 append: Callable[[Move], None]) -> None:
    """Start phase 2 by the engine (its ``phase_start`` hooks), ``k`` read back."""
    game = QuietGame(kernel_state(kt, k, RECRUIT))
    events: list[RawEvent] = []
    advance(game.board, events)
    play_on_board(game, random, append)
    _read_back(k, game.board, RECRUIT)


def ended_state(kt: KernelTables, k: Kernel, ended: tuple[list[int], list[Any], int]
                ) -> GameState:
    """The final state of a kernel playout, given the end ``finish`` reached (score
    masks, zones, discard): for the engine's own scoring (RULES 5)."""
    done = list(k)
    done[8], done[9], done[10] = ended
    return kernel_state(kt, done, OVER)


def play_on_board(game: QuietGame, random: Callable[[], float],
                  append: Callable[[Move], None], whole: bool = False) -> None:
    """Play ``game`` on as the stepping loop would (`playouts.pick`), passing each move
    to ``append``: while a question is pending or queued, or (``whole``) to the end."""
    while not game.over and (whole or game.board.pending is not None or game.board.queue):
        legal = game.legal()
        move = legal[int(random() * len(legal))]
        append(move)
        game.play(move)


def _read_back(k: Kernel, board: Board, phase: Phase) -> bool:
    """Copy ``board`` into ``k`` (its lists changed in place); whether the board left
    ``phase`` (``k``'s phase then follows: 1, or 2 with the end in ``k[13]``)."""
    assert not board.trick, board.trick
    k[2].clear()
    k[3][:], k[6][:], k[7][:], k[8][:] = board.hands, board.face_up, board.followers, board.scores
    for zone, content in zip(k[9], board.zones):
        zone[:] = content
    k[1], k[4], k[5], k[10], k[11] = (board.leader, board.draw_pile, 0, board.discard,
                                      board.power_states)
    if k[14]:
        reveal(k, board.face_up)
    if board.phase is phase:
        return False
    if board.phase is OVER:
        k[0], k[13] = 2, (list(board.scores), board.writable_zones(), board.discard)
    else:
        k[0] = 1
    return True


def reveal(k: Kernel, face_up: list[int]) -> None:
    """Mark the masked cards among ``face_up`` (just turned face up) revealed in the
    kernel ``k`` (E28), by the kernel's recruiting or the engine's."""
    for card in face_up:
        k[14] &= ~(1 << card)


def finish(kt: KernelTables, k: Kernel) -> tuple[list[int], list[Any], int]:
    """Run the powers' ``finish`` hooks through the engine; the final score masks,
    zones and discard of ``k`` (those the engine reached, if it ended the game)."""
    scores, zones, discard = k[8], k[9], k[10]
    if k[13] is not None:
        ended: tuple[list[int], list[Any], int] = k[13]
        return ended
    if kt.finishers is not None:
        for fmask, zone, scored in kt.finishers:
            if scored:
                for seat, mask in enumerate(zones[zone]):
                    scores[seat] |= mask & fmask
                    zones[zone][seat] = mask & ~fmask
            else:
                line = zones[zone]
                discard |= sum(1 << card for card in line if (1 << card) & fmask)
                line[:] = [card for card in line if not (1 << card) & fmask]
        return scores, zones, discard
    board = Board(kernel_state(kt, k, SUPPORT))
    events: list[RawEvent] = []
    advance(board, events)
    assert board.phase is OVER
    return board.scores, board.writable_zones(), board.discard
