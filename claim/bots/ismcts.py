"""Information-set Monte Carlo tree search (single observer, SO-ISMCTS).

[`IsmctsBot`][claim.bots.ismcts.IsmctsBot] searches one tree whose nodes are
sequences of moves from the bot's view (every move is public, so a sequence of
moves names the same node whatever the hidden cards). Each iteration:

1. draws a determinization, a full state consistent with the view
   (`claim.sampling.Sampler`), so the bot never sees more than its view;
2. descends the tree on that state's legal moves: among moves tried before it
   takes the best by UCB1, counting each child's *availability* (how often it was
   legal when its parent was reached) instead of the parent's visits; at the first
   untried move it adds a node and stops;
3. plays the game out at random (``legal_moves`` and ``apply``), or, in phase 2
   of a two-player game where `claim.solver` is exact and the hands are small,
   solves the rest exactly;
4. credits every node on the path with the result for the party that chose the
   move leading to it (1 a win, 1/2 a draw, 0 a loss).

It plays the root move visited most. Once phase 2 of a two-player game begins where
`claim.solver` is exact (every card the bot has not seen is in the other hand), it
first solves the position itself (`solved_move`, at most ``solver_nodes``
positions, and half of ``seconds`` when a time budget is set) and plays a best
move; only if the solver gives up does it search as above. With an iteration budget
it is deterministic for a given ``rng``; a time budget (``seconds``) stops early and
so depends on the machine's speed.
"""

from __future__ import annotations

import math
import random
import time

from claim.moves import Move
from claim.sampling import Sampler
from claim.state import GameState
from claim.views import View
from claim.zones import Phase

__all__ = ["IsmctsBot", "finish", "party_rewards", "solvable", "solved_move"]


class _Node:
    """Statistics of one move sequence: visits, summed reward, availability."""

    __slots__ = ("avail", "children", "reward", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.reward = 0.0
        self.avail = 1
        self.children: dict[Move, _Node] = {}


def party_rewards(state: GameState) -> tuple[float, ...]:
    """Per party, the reward of a finished game: 1 a win, 1/2 a draw, 0 a loss."""
    parties = state.variant.teams
    winner = state.result().winner
    if winner is None:
        return tuple(0.5 for _ in parties)
    return tuple(1.0 if p == winner else 0.0 for p in range(len(parties)))


def finish(state: GameState, rng: random.Random, solver_cards: int = 0,
           max_nodes: int = 20_000) -> tuple[float, ...]:
    """Play ``state`` to the end and return `party_rewards`.

    Random moves (``rng.choice`` of ``legal_moves``), unless ``solver_cards`` > 0,
    the position is a two-player phase 2 where `claim.solver.applies`, and no hand
    holds more than ``solver_cards`` cards: then the solver's value under best play
    (falling back to random moves past ``max_nodes`` positions).
    """
    if solver_cards > 0 and solvable(state, solver_cards):
        from claim.solver import SearchLimitError, solve

        try:
            value = solve(state, all_best=False, max_nodes=max_nodes).value
        except SearchLimitError:
            pass
        else:
            return ((1 + value) / 2, (1 - value) / 2)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
    return party_rewards(state)


def solvable(state: GameState, cards: int) -> bool:
    """Whether `finish` solves ``state`` exactly: a two-player phase 2 where
    `claim.solver.applies`, no hand holding more than ``cards`` cards."""
    if state.variant.players != 2 or state.phase is not Phase.SUPPORT or state.is_over:
        return False
    if max(mask.bit_count() for mask in state.hand_masks) > cards:
        return False
    from claim.solver import applies

    return applies(state)


def solved_move(view: View, max_nodes: int, max_seconds: float | None = None) -> Move | None:
    """A best move by `claim.solver`, or None where it does not apply or gives up.

    It applies once phase 2 of a two-player game begins, when the variant hides
    nothing else (`claim.solver.applies`): every card the seat has not seen is
    then in the other hand, so the one state its view allows (up to identical
    cards) is solved, never more than the seat may know. The state is drawn with
    a fixed generator, so the bot's own ``rng`` is left as it was.

    Args:
        view: The seat's view (its legal moves not empty).
        max_nodes: The solver's node cap (0: never solve).
        max_seconds: The solver's time cap (None: the node cap alone).
    """
    if (max_nodes <= 0 or view.variant.players != 2 or view.phase is not Phase.SUPPORT
            or len(view.legal_moves) < 2):
        return None
    from claim.solver import SearchLimitError, applies, solve

    state = Sampler(view).sample(random.Random(0))
    if not applies(state):
        return None
    try:
        solution = solve(state, all_best=False, max_nodes=max_nodes, max_seconds=max_seconds)
    except SearchLimitError:
        return None
    return solution.best_moves[0]


class IsmctsBot:
    """SO-ISMCTS with an iteration budget and an optional time budget.

    Args:
        iterations: Determinizations searched per move.
        seconds: Also stop after this many seconds (None: iterations only; a time
            budget makes the bot depend on the machine's speed).
        exploration: The UCB1 constant.
        solver_cards: In playouts, solve two-player phase 2 exactly once no hand
            holds more than this many cards (0: never; random playouts only).
        solver_nodes: Once two-player phase 2 begins, first solve the position
            itself with at most this many positions (and half of ``seconds``) and
            play a best move (`solved_move`); 0: never.
    """

    def __init__(self, iterations: int = 50, seconds: float | None = None,
                 exploration: float = 0.7, solver_cards: int = 0,
                 solver_nodes: int = 10_000) -> None:
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.solver_cards = solver_cards
        self.solver_nodes = solver_nodes

    def choose(self, view: View, rng: random.Random) -> Move:
        """A best move by the solver in a two-player phase 2 (see `solved_move`),
        else the root move visited most after the search (first in
        ``legal_moves`` order among equals)."""
        moves = view.legal_moves
        if len(moves) == 1:
            return moves[0]
        stop = None if self.seconds is None else time.perf_counter() + self.seconds
        exact = solved_move(view, self.solver_nodes,
                            None if self.seconds is None else self.seconds / 2)
        if exact is not None:
            return exact
        root = _Node()
        sampler = Sampler(view)
        for _ in range(max(1, self.iterations)):
            self._iterate(root, sampler.sample(rng), rng)
            if stop is not None and time.perf_counter() >= stop:
                break
        return max(moves, key=lambda m: root.children[m].visits if m in root.children
                   else -1)

    def _iterate(self, root: _Node, state: GameState, rng: random.Random) -> None:
        """One selection, expansion, playout and backup on one determinization."""
        party = _party_table(state)
        path: list[tuple[_Node, int]] = []
        node = root
        while not state.is_over:
            legal = state.legal_moves()
            actor = party[state.current_player or 0]
            untried = [m for m in legal if m not in node.children]
            for move in legal:
                if move in node.children:
                    node.children[move].avail += 1
            if untried:
                move = rng.choice(untried)
                node.children[move] = node = _Node()
                state = state.apply(move)
                path.append((node, actor))
                break
            move = max(legal, key=lambda m: self._ucb(node.children[m]))
            node = node.children[move]
            state = state.apply(move)
            path.append((node, actor))
        rewards = finish(state, rng, self.solver_cards)
        for visited, who in path:
            visited.visits += 1
            visited.reward += rewards[who]

    def _ucb(self, child: _Node) -> float:
        mean = child.reward / child.visits
        return mean + self.exploration * math.sqrt(math.log(child.avail) / child.visits)

    def __repr__(self) -> str:
        return (f"IsmctsBot(iterations={self.iterations}, seconds={self.seconds}, "
                f"solver_cards={self.solver_cards}, solver_nodes={self.solver_nodes})")


def _party_table(state: GameState) -> tuple[int, ...]:
    """Per seat, the index of its scoring party."""
    out = [0] * state.variant.players
    for index, seats in enumerate(state.variant.teams):
        for seat in seats:
            out[seat] = index
    return tuple(out)
