"""Fast random playouts: a game played to its end by uniformly random legal moves.

`playout` plays ``state`` to the end exactly as the stepping loop `step_out` would
with the same ``random.Random``, several times faster: both draw one number per move
with `pick`, among the moves in `GameState.legal_moves` order, so they choose the
same moves and reach the same final state. `playout` runs a kernel on plain ints
(`claim.search._playout_kernel`) for every variant whose powers do not shape the
plays. It derives what the powers do from the powers themselves (pure hooks
tabulated once per variant, declared mechanisms, see `claim.rules.playout_rules`);
a trick that a card of any other power takes part in (most expansion factions,
plugins) is handed to the engine's own transitions, its hooks run there
(`claim.search._playout_engine`). For powers that shape the plays (``must_follow``,
``lead_now``, ``play_options``: Elf-Orcs, Satyrs, Shapeshifters, Wizards) it plays
the engine's own transitions on one board with records off
(`claim.rules.engine.quiet.QuietGame`): the same result, about 1.4x faster than
stepping in instructions. With masked cards (E28, E29) the moves are named by class,
as `GameState.legal_moves` names them: the kernel keeps which masked cards are not
revealed yet and plays the card the rules choose (`claim.rules.mask_tables.class_card`);
on the engine's board (a power that shapes the plays, or a question pending at the
start) the reveals are folded from each move's events
(`claim.rules.masking.reveal_events`). A pending question is answered on the board
until none is left, then the kernel goes on.

Examples:
    >>> import random, claim
    >>> from claim.search.playouts import playout, step_out
    >>> state = claim.new_game(claim.load_variant("claim"), seed=3)
    >>> fast = playout(state, random.Random(7))
    >>> slow = step_out(state, random.Random(7))
    >>> fast.final_state() == slow
    True
    >>> fast.winner == slow.result().winner
    True
"""

from __future__ import annotations

import random as _random

import attrs

from claim.core.errors import ArgumentError
from claim.core.moves import Move, PlayCard
from claim.rules.engine.quiet import QuietGame
from claim.rules.masking import check, mask_table, reveal_events, revealed
from claim.rules.masking import legal_moves as masked_moves
from claim.rules.state import GameState
from claim.search._playout_engine import ended_state, finish, play_on_board
from claim.search._playout_kernel import load, run
from claim.search._playout_tables import kernel_tables
from claim.search._playout_winner import winner

__all__ = ["Playout", "kernel_unsupported", "pick", "playout", "rewards", "step_out"]


def pick(rng: _random.Random, n: int) -> int:
    """The draw rule of every random playout: ``int(rng.random() * n)``.

    One call of the generator per move, whatever ``n`` (also when ``n`` is 1), so the
    stepping loop and the kernel stay in step.
    """
    return int(rng.random() * n)


def step_out(state: GameState, rng: _random.Random) -> GameState:
    """The reference stepping loop: the final state of random moves drawn by `pick`.

    Each move is ``moves[pick(rng, len(moves))]`` of ``moves = state.legal_moves()``.

    Raises:
        ArgumentError: ``state`` is not a GameState or ``rng`` not a random.Random.
    """
    _check(state, rng)
    while not state.is_over:
        moves = state.legal_moves()
        state = state.apply(moves[int(rng.random() * len(moves))])
    return state


def rewards(winner: int | None, parties: int) -> tuple[float, ...]:
    """Per party: 1 for the winner, 0 for the others, 1/2 each for a draw."""
    if winner is None:
        return (0.5,) * parties
    return tuple(1.0 if party == winner else 0.0 for party in range(parties))


@attrs.frozen
class Playout:
    """The end of a random playout.

    Attributes:
        start: The state the playout started from.
        moves: The moves chosen, in order (those `step_out` chooses).
        score_masks: Per seat, the final score pile as a card mask.
        winner: The winning party (as `GameResult.winner`), or None for a draw.
        rewards: Per party: 1 a win, 1/2 a draw, 0 a loss (as
            `claim.search.bots.ismcts.party_rewards`).
        fast: Whether the kernel played it (False: the engine's own transitions did).
    """

    start: GameState
    moves: tuple[Move, ...]
    score_masks: tuple[int, ...]
    winner: int | None
    rewards: tuple[float, ...]
    fast: bool

    def final_state(self) -> GameState:
        """The final `GameState`, built by replaying `moves` through ``apply``."""
        state = self.start
        for move in self.moves:
            state = state.apply(move)
        return state


def playout(state: GameState, rng: _random.Random) -> Playout:
    """Play ``state`` to the end by random moves drawn with `pick` from ``rng``.

    The moves, final scores and winner are those of `step_out` with an equal
    ``rng``, which is left in the same state too.

    Raises:
        ArgumentError: ``state`` is not a GameState or ``rng`` not a random.Random.
    """
    _check(state, rng)
    kt = kernel_tables(state.variant)
    moves: list[Move] = []
    parties = len(state.variant.teams)
    table = mask_table(state.variant) if state.variant.tables.masks_cards else None
    if table is not None and (isinstance(kt, str) or state.pending is not None or state.queue):
        return _masked(state, rng, parties)  # masked cards by class on the board (E29)
    if isinstance(kt, str) or state.pending is not None or state.queue:
        game = QuietGame(state)
        # The engine's own transitions on one board (every power), until the kernel
        # may take over: at once for its variants, after the pending questions.
        play_on_board(game, rng.random, moves.append, whole=isinstance(kt, str))
        current = game.state()
    else:
        current = state
    if current.is_over:
        return _ended(state, moves, current, parties)
    assert not isinstance(kt, str)
    k = load(current, 0 if table is None else table.mask & ~revealed(current))
    run(kt, k, rng.random, moves)
    ended = finish(kt, k)
    scores = ended[0]
    # A power that votes or counts its cards its own way: the engine scores (RULES 5).
    result = (ended_state(kt, k, ended).result().winner if kt.engine_scoring
              else winner(kt, scores))
    return Playout(state, tuple(moves), tuple(scores), result, rewards(result, parties), True)


def _masked(state: GameState, rng: _random.Random, parties: int) -> Playout:
    """`playout` with masked cards (E28, E29): the engine's board (`QuietGame`), each
    move named as the stepping loop names it (a masked card by its class: the
    kernel plays card ids), the card a class move plays chosen by the rules
    (`claim.rules.masking.check`), the reveals folded from each move's events, as
    ``apply`` would read them from its records."""
    game, variant, moves = QuietGame(state), state.variant, []
    folded = revealed(state)
    draw = rng.random
    while not game.over:
        shown = game.state()
        legal = masked_moves(shown, game.legal(), folded)
        move = legal[int(draw() * len(legal))]
        moves.append(move)
        played = check(shown, move, folded)
        if played is not None:
            assert isinstance(move, PlayCard)
            move = PlayCard(variant.deck[played], move.option)
        folded = reveal_events(variant, folded, game.play(move))
    return _ended(state, moves, game.state(), parties)


def _ended(start: GameState, moves: list[Move], final: GameState, parties: int) -> Playout:
    """The `Playout` of ``moves`` from ``start``, ended in ``final``, off the kernel."""
    result = final.result().winner
    return Playout(start, tuple(moves), final.score_masks, result, rewards(result, parties),
                   False)


def kernel_unsupported(state: GameState) -> str | None:
    """Why `playout` steps through the engine for ``state``'s variant; None if it
    does not (the kernel plays it)."""
    found = kernel_tables(state.variant)
    return found if isinstance(found, str) else None


def _check(state: object, rng: object) -> None:
    if not isinstance(state, GameState):
        raise ArgumentError("state", state, "a GameState")
    if not isinstance(rng, _random.Random):
        raise ArgumentError("rng", rng, "a random.Random")
