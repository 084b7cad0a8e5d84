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
3. plays the game out at random (`claim.playouts.playout`), or, in phase 2
   of a two-player game where `claim.solver` is exact and the hands are small,
   solves the rest exactly;
4. credits every node on the path with the result for the party that chose the
   move leading to it (1 a win, 1/2 a draw, 0 a loss).

It plays the root move visited most. With an iteration budget it is deterministic
for a given ``rng``; a time budget (``seconds``) stops early and so depends on the
machine's speed.
"""

from __future__ import annotations

import math
import random
import time

from claim.moves import Move
from claim.playouts import playout
from claim.sampling import Sampler
from claim.state import GameState
from claim.views import View
from claim.zones import Phase

__all__ = ["IsmctsBot", "finish", "party_rewards", "solvable"]


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

    Random moves (`claim.playouts.playout`: the fast kernel, or stepping for powers
    it does not know; each move drawn by `claim.playouts.pick`), unless
    ``solver_cards`` > 0,
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
    return playout(state, rng).rewards


def solvable(state: GameState, cards: int) -> bool:
    """Whether `finish` solves ``state`` exactly: a two-player phase 2 where
    `claim.solver.applies`, no hand holding more than ``cards`` cards."""
    if state.variant.players != 2 or state.phase is not Phase.SUPPORT or state.is_over:
        return False
    if max(mask.bit_count() for mask in state.hand_masks) > cards:
        return False
    from claim.solver import applies

    return applies(state)


class IsmctsBot:
    """SO-ISMCTS with an iteration budget and an optional time budget.

    Args:
        iterations: Determinizations searched per move.
        seconds: Also stop after this many seconds (None: iterations only; a time
            budget makes the bot depend on the machine's speed).
        exploration: The UCB1 constant.
        solver_cards: Solve two-player phase 2 exactly once no hand holds more
            cards than this (0: never; random playouts only).
    """

    def __init__(self, iterations: int = 50, seconds: float | None = None,
                 exploration: float = 0.7, solver_cards: int = 0) -> None:
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.solver_cards = solver_cards

    def choose(self, view: View, rng: random.Random) -> Move:
        """The root move visited most after the search (first in ``legal_moves``
        order among equals)."""
        moves = view.legal_moves
        if len(moves) == 1:
            return moves[0]
        root = _Node()
        sampler = Sampler(view)
        stop = None if self.seconds is None else time.perf_counter() + self.seconds
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
                f"solver_cards={self.solver_cards})")


def _party_table(state: GameState) -> tuple[int, ...]:
    """Per seat, the index of its scoring party."""
    out = [0] * state.variant.players
    for index, seats in enumerate(state.variant.teams):
        for seat in seats:
            out[seat] = index
    return tuple(out)
