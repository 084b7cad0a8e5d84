"""Information-set Monte Carlo tree search (single observer, SO-ISMCTS).

[`IsmctsBot`][claim.search.bots.ismcts.IsmctsBot] searches one tree whose nodes are
sequences of moves from the bot's view (every move is public, so a sequence of
moves names the same node whatever the hidden cards). Each iteration:

1. draws a determinization, a full state consistent with the view
   (`claim.info.sampling.Sampler`), so the bot never sees more than its view;
2. descends the tree on that state's legal moves: among moves tried before it
   takes the best by UCB1, counting each child's *availability* (how often it was
   legal when its parent was reached) instead of the parent's visits; at the first
   untried move it adds a node and stops;
3. plays the game out at random (`claim.search.playouts.playout`), or, in phase 2
   of a two-player game where `claim.search.solver` is exact and the hands are small,
   solves the rest exactly;
4. credits every node on the path with the result for the party that chose the
   move leading to it (1 a win, 1/2 a draw, 0 a loss).

It plays the root move visited most, and stops searching as soon as no other root
move can overtake it within the budget left. Once phase 2 of a two-player game
begins where `claim.search.solver` is exact (every card the bot has not seen is in the
other hand), it first solves the position itself (`solved_move`, at most
``solver_nodes`` positions, and half of ``seconds`` when a time budget is set) and
plays a best move; only if the solver gives up does it search as above. With an
iteration budget it is deterministic for a given ``rng``; a time budget
(``seconds``) depends on the machine's speed.
"""

from __future__ import annotations

import math
import random
import time

from claim.core.errors import ArgumentError
from claim.core.moves import Move
from claim.core.zones import Phase
from claim.info.sampling import Sampler
from claim.rules.state import GameState
from claim.rules.views import View
from claim.search.playouts import playout
from claim.search.solver import SearchLimitError, applies, solve

__all__ = ["IsmctsBot", "finish", "fixed_state", "party_rewards", "solvable", "solved_move"]


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

    Random moves (`claim.search.playouts.playout`: the fast kernel, or stepping for powers
    it does not know; each move drawn by `claim.search.playouts.pick`), unless
    ``solver_cards`` > 0,
    the position is a two-player phase 2 where `claim.search.solver.applies`, and no hand
    holds more than ``solver_cards`` cards: then the solver's value under best play
    (falling back to random moves past ``max_nodes`` positions).
    """
    if solver_cards > 0 and solvable(state, solver_cards):
        try:
            value = solve(state, all_best=False, max_nodes=max_nodes).value
        except SearchLimitError:
            pass
        else:
            return ((1 + value) / 2, (1 - value) / 2)
    return playout(state, rng).rewards


def solvable(state: GameState, cards: int) -> bool:
    """Whether `finish` solves ``state`` exactly: a two-player phase 2 where
    `claim.search.solver.applies`, no hand holding more than ``cards`` cards."""
    if state.variant.players != 2 or state.phase is not Phase.SUPPORT or state.is_over:
        return False
    if max(mask.bit_count() for mask in state.hand_masks) > cards:
        return False

    return applies(state)


def solved_move(view: View, max_nodes: int, max_seconds: float | None = None) -> Move | None:
    """A winning move by `claim.search.solver`, or None where it does not apply, gives up,
    or proves no win.

    It applies once phase 2 of a two-player game begins, when the variant hides
    nothing else (`claim.search.solver.applies`): every card the seat has not seen is
    then in the other hand, so the one state its view allows (up to identical
    cards) is solved, never more than the seat may know. The state is drawn with
    a fixed generator, so the bot's own ``rng`` is left as it was.

    Only a proven win is returned: in a position lost or drawn under best play
    every move is "best", and a bot does better to search for the moves that give
    a fallible opponent the most chances to go wrong.

    Args:
        view: The seat's view (its legal moves not empty).
        max_nodes: The solver's node cap (0: never solve).
        max_seconds: The solver's time cap (None: the node cap alone).
    """
    if max_nodes <= 0 or len(view.legal_moves) < 2:
        return None
    return _winning_move(view, fixed_state(Sampler(view)), max_nodes, max_seconds)


def fixed_state(sampler: Sampler) -> GameState | None:
    """The one state (up to identical cards) the sampler's view allows, or None.

    Once phase 2 of a two-player game begins where `claim.search.solver.applies`, every
    card the seat has not seen is in the other hand: the view fixes the state. It
    is drawn with a fixed generator, so no caller's ``rng`` is touched.
    """
    view = sampler.view
    if view.variant.players != 2 or view.phase is not Phase.SUPPORT or view.seat is None:
        return None

    state = sampler.sample(random.Random(0))
    return state if applies(state) else None


def _winning_move(view: View, state: GameState | None, max_nodes: int,
                  max_seconds: float | None) -> Move | None:
    """`solved_move` for the state the view fixes (None: the solver does not apply)."""
    if state is None or max_nodes <= 0 or len(view.legal_moves) < 2 or view.seat is None:
        return None

    try:
        solution = solve(state, all_best=False, max_nodes=max_nodes, max_seconds=max_seconds)
    except SearchLimitError:
        return None
    return solution.best_moves[0] if solution.value_for(view.seat) == 1 else None


class IsmctsBot:
    """SO-ISMCTS with an iteration budget, a time budget, or both.

    The search stops early once no other root move can catch up with the most
    visited one within the budget left (with a time budget, the iterations left
    are estimated from the rate so far): the move played is the one the full
    budget would play (exactly so with an iteration budget), sooner.

    Args:
        iterations: Determinizations searched per move (None: 50 without a time
            budget, unlimited with one).
        seconds: Stop after this many seconds (None: iterations only; a time
            budget makes the bot depend on the machine's speed).
        exploration: The UCB1 constant.
        solver_cards: In playouts, solve two-player phase 2 exactly once no hand
            holds more than this many cards (0: never; random playouts only).
        solver_nodes: Once two-player phase 2 begins, first solve the position
            itself with at most this many positions (and half of ``seconds``) and
            play a best move (`solved_move`); 0: never.
        stop_early: Stop once the leading root move cannot be overtaken (False:
            always spend the whole budget).
        determinizations: At most this many distinct determinizations per move:
            iteration ``i`` searches determinization ``i % determinizations``,
            drawn the first time it is needed (None: a fresh one every
            iteration; the first ``determinizations`` iterations are the same
            either way). Drawing one costs as much as several iterations when
            the sampler must replay the game (`claim.info.sampling.Sampler.direct`
            false), so a pool buys more iterations within a time budget. Once
            the view fixes the state (two-player phase 2 where the solver is
            exact) one determinization serves every iteration.

    Raises:
        ArgumentError: ``iterations``, ``seconds`` or ``determinizations`` is not
            a positive number.
    """

    def __init__(self, iterations: int | None = None, seconds: float | None = None,
                 exploration: float = 0.7, solver_cards: int = 0,
                 solver_nodes: int = 10_000, stop_early: bool = True,
                 determinizations: int | None = 64) -> None:
        if iterations is not None and not _positive(iterations, int):
            raise ArgumentError("iterations", iterations, "a positive int or None")
        if determinizations is not None and not _positive(determinizations, int):
            raise ArgumentError("determinizations", determinizations,
                                "a positive int or None")
        if seconds is not None and not _positive(seconds, (int, float)):
            raise ArgumentError("seconds", seconds, "a positive number of seconds or None")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.solver_cards = solver_cards
        self.solver_nodes = solver_nodes
        self.stop_early = stop_early
        self.determinizations = determinizations

    def choose(self, view: View, rng: random.Random) -> Move:
        """A best move by the solver in a two-player phase 2 (see `solved_move`),
        else the root move visited most after the search (first in
        ``legal_moves`` order among equals)."""
        moves = view.legal_moves
        if len(moves) == 1:
            return moves[0]
        stop = None if self.seconds is None else time.perf_counter() + self.seconds
        sampler = Sampler(view)
        fixed = fixed_state(sampler)
        exact = _winning_move(view, fixed, self.solver_nodes,
                              None if self.seconds is None else self.seconds / 2)
        if exact is not None:
            return exact
        root = _Node()
        draw = _Draws(sampler, self.determinizations, fixed)
        budget = _Budget(self.iterations, None if stop is None
                         else max(stop - time.perf_counter(), 1e-6))
        while True:
            self._iterate(root, draw(rng), rng)
            if budget.spent(_lead(root) if self.stop_early else 0):
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
                f"solver_cards={self.solver_cards}, solver_nodes={self.solver_nodes}, "
                f"determinizations={self.determinizations})")


class _Draws:
    """The determinizations of one search: drawn fresh, or cycled through a pool."""

    def __init__(self, sampler: Sampler, pool: int | None, fixed: GameState | None) -> None:
        self.sampler = sampler
        # Once the view fixes the state (`fixed_state`), one serves every iteration.
        self.pool = pool if fixed is None else 1
        self.drawn: list[GameState] = [] if fixed is None else [fixed]
        self.count = 0

    def __call__(self, rng: random.Random) -> GameState:
        """The next determinization (drawn with ``rng`` when a new one is needed)."""
        pool, drawn = self.pool, self.drawn
        if pool is None:
            return self.sampler.sample(rng)
        index = self.count % pool
        self.count += 1
        if index == len(drawn):
            drawn.append(self.sampler.sample(rng))
        return drawn[index]


def _positive(value: object, kinds: type | tuple[type, ...]) -> bool:
    """Whether ``value`` is a positive number of ``kinds`` (bools refused)."""
    return isinstance(value, kinds) and not isinstance(value, bool) and value > 0  # type: ignore[operator]


def _lead(root: _Node) -> int:
    """How many visits the most visited root move has over the next one."""
    first = second = 0
    for child in root.children.values():
        if child.visits > first:
            first, second = child.visits, first
        elif child.visits > second:
            second = child.visits
    return first - second


class _Budget:
    """Counts a search's iterations against its iteration and time budgets."""

    def __init__(self, iterations: int | None, seconds: float | None) -> None:
        if iterations is None:
            iterations = 50 if seconds is None else -1
        self.left = iterations
        self.start = time.perf_counter()
        self.stop = None if seconds is None else self.start + seconds
        self.done = 0

    def spent(self, lead: int) -> bool:
        """Count one iteration; whether to stop, given the root leader's ``lead``.

        Stops when the budget is used up, or when ``lead`` exceeds the iterations
        the budget still allows (estimated from the rate so far for time), since
        no other root move could then overtake the leader.
        """
        self.done += 1
        if self.left > 0:
            self.left -= 1
            if self.left == 0 or lead > self.left:
                return True
        if self.stop is None:
            return False
        now = time.perf_counter()
        if now >= self.stop:
            return True
        rate = self.done / max(now - self.start, 1e-9)
        return lead > rate * (self.stop - now) + 1


def _party_table(state: GameState) -> tuple[int, ...]:
    """Per seat, the index of its scoring party."""
    out = [0] * state.variant.players
    for index, seats in enumerate(state.variant.teams):
        for seat in seats:
            out[seat] = index
    return tuple(out)
