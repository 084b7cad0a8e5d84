"""Perfect-information Monte Carlo: sample determinizations, evaluate, vote.

[`PimcBot`][claim.search.bots.pimc.PimcBot] draws ``samples`` full states consistent with
its view (`claim.info.sampling.Sampler`). On each it scores every legal move: the mean
reward for the bot's party over ``rollouts`` random playouts after the move, or,
in a two-player phase 2 where `claim.search.solver` is exact and no hand holds more than
``solver_cards`` cards, the exact value under best play. Each determinization gives
one vote to its best moves (shared among equals); the move with the most votes is
played, the summed scores breaking ties, then ``legal_moves`` order.

Once phase 2 of a two-player game begins where the solver is exact, it first solves
the position itself (`claim.search.bots.ismcts.solved_move`, at most ``solver_nodes``
positions) and plays a best move; it samples only if the solver gives up.

Known weakness (strategy fusion): each determinization is played as if the hidden
cards were known, so the bot undervalues moves that keep options open.
Deterministic for a given ``rng``.
"""

from __future__ import annotations

import random

from claim.core.moves import Move
from claim.info.sampling import Sampler
from claim.rules.state import GameState
from claim.rules.views import View
from claim.search.bots.ismcts import finish, solvable, solved_move

__all__ = ["PimcBot"]


class PimcBot:
    """Determinize, evaluate each move by playouts (or the solver), vote.

    Args:
        samples: Determinizations drawn per move.
        rollouts: Random playouts per move and determinization.
        solver_cards: In the evaluations, solve two-player phase 2 exactly once no
            hand holds more cards than this (0: never).
        solver_nodes: Once two-player phase 2 begins, first solve the position
            itself with at most this many positions and play a best move
            (`claim.search.bots.ismcts.solved_move`); 0: never.
    """

    def __init__(self, samples: int = 8, rollouts: int = 2, solver_cards: int = 0,
                 solver_nodes: int = 10_000) -> None:
        self.samples = samples
        self.rollouts = rollouts
        self.solver_cards = solver_cards
        self.solver_nodes = solver_nodes

    def choose(self, view: View, rng: random.Random) -> Move:
        """A best move by the solver in a two-player phase 2, else the move most
        determinizations prefer (see the module's docstring)."""
        moves = view.legal_moves
        if len(moves) == 1 or view.seat is None:
            return moves[0]
        exact = solved_move(view, self.solver_nodes)
        if exact is not None:
            return exact
        party = _party(view)
        votes = [0.0] * len(moves)
        totals = [0.0] * len(moves)
        sampler = Sampler(view)
        for _ in range(max(1, self.samples)):
            scores = self._scores(sampler.sample(rng), moves, party, rng)
            best = max(scores)
            winners = [i for i, s in enumerate(scores) if s == best]
            for i in winners:
                votes[i] += 1 / len(winners)
            totals = [t + s for t, s in zip(totals, scores)]
        pick = max(range(len(moves)), key=lambda i: (votes[i], totals[i], -i))
        return moves[pick]

    def _scores(self, state: GameState, moves: tuple[Move, ...], party: int,
                rng: random.Random) -> list[float]:
        """Per move, its mean reward for ``party`` on this determinization."""
        out = []
        for move in moves:
            after = state.apply(move)
            exact = after.is_over or (self.solver_cards > 0
                                      and solvable(after, self.solver_cards))
            runs = 1 if exact else max(1, self.rollouts)
            total = sum(finish(after, rng, self.solver_cards)[party] for _ in range(runs))
            out.append(total / runs)
        return out

    def __repr__(self) -> str:
        return (f"PimcBot(samples={self.samples}, rollouts={self.rollouts}, "
                f"solver_cards={self.solver_cards}, solver_nodes={self.solver_nodes})")


def _party(view: View) -> int:
    """The index of the viewer's scoring party."""
    for index, seats in enumerate(view.variant.teams):
        if view.seat in seats:
            return index
    raise AssertionError("a seat belongs to a party")
