"""Check that a variant's fast forms play like its powers' hooks.

`claim.playout` runs a variant on the fastest path that applies: the kernel, which
executes the rulebook, the pure hooks it tabulated and the mechanisms powers
declare (`Capabilities.pure`, `Capabilities.playout_rule`), or the engine's own
board (`claim.rules.engine.quiet`). A power's fast form is its declaration, and a
declaration that does not say what the power's hooks do would make playouts,
bots and the solver wrong without a sound. [`check_fast_paths`][claim.testing.check_fast_paths]
plays random positions of a variant both ways (`claim.search.playouts.playout`
and the reference stepping loop `step_out`, which calls every hook) with equal
draws, and on the first difference raises `FastPathError` naming the powers whose
fast forms took part, the position (game seed and move number) and the two answers.
"""

from __future__ import annotations

import random

from claim.core.errors import ClaimError
from claim.core.moves import Move
from claim.core.records import TrickCompleted
from claim.core.zones import Phase
from claim.rules.dealing import new_game
from claim.rules.protocol import FactionPower
from claim.rules.state import GameState
from claim.rules.variant import Variant
from claim.search.playouts import kernel_unsupported, playout, step_out

__all__ = ["FastPathError", "check_fast_paths"]


class FastPathError(ClaimError, AssertionError):
    """A fast form (a power's declaration, the playout kernel) plays differently from
    the hooks it stands for."""


def check_fast_paths(variant: Variant, games: int = 8, seed: int = 0) -> int:
    """Play ``games`` random games of ``variant`` from several positions both ways.

    Each game is played from the deal, from a position a few moves in and from the
    start of phase 2, by `playout` and by `step_out` with equal draws; the moves,
    the final score piles and the winner must agree.

    Returns:
        How many moves were compared.

    Raises:
        FastPathError: The two ways differ (see the module).
    """
    compared = 0
    for game in range(seed, seed + games):
        rng = random.Random(game)
        state = new_game(variant, seed=game, first_leader=game % variant.players)
        for stop in (0, 3 + game % 11, -1):
            state = _walk(state, rng, stop)
            if state.is_over:
                break
            compared += _compare(state, game)
    return compared


def _walk(state: GameState, rng: random.Random, stop: int) -> GameState:
    """``state`` moved on at random: ``stop`` moves, or (-1) to phase 2's start."""
    moves = 0
    while not state.is_over and (moves < stop if stop >= 0 else (
            state.phase is Phase.RECRUIT or state.trick or state.pending is not None)):
        legal = state.legal_moves()
        state = state.apply(legal[int(rng.random() * len(legal))])
        moves += 1
    return state


def _compare(state: GameState, game: int) -> int:
    """Compare the two ways from ``state``; the number of moves compared."""
    fast = playout(state, random.Random(game))
    final = step_out(state, random.Random(game))
    stepped = tuple(record.move for record in final.records[len(state.records):])
    for index, (mine, theirs) in enumerate(zip(fast.moves, stepped)):
        if mine != theirs:
            _fail(state, stepped[:index], game, f"move {mine}", f"move {theirs}", True)
    if len(fast.moves) != len(stepped):
        _fail(state, stepped[:min(len(fast.moves), len(stepped))], game,
              f"{len(fast.moves)} moves", f"{len(stepped)} moves", True)
    if fast.score_masks != final.score_masks:
        _fail(state, stepped, game, f"score piles {_piles(final, fast.score_masks)}",
              f"score piles {_piles(final, final.score_masks)}", False)
    if fast.winner != final.result().winner:
        _fail(state, stepped, game, f"winner {fast.winner}",
              f"winner {final.result().winner}", False)
    return len(stepped)


def _fail(start: GameState, moves: tuple[Move, ...], game: int, fast: str,
          hooks: str, at_move: bool) -> None:
    """Raise the `FastPathError` for a difference after ``moves`` from ``start``: a
    move (``at_move``: the powers of the last trick are suspected) or the end (every
    power with a fast form is)."""
    state = start
    for move in moves:
        state = state.apply(move)
    suspects = _suspects(state, at_move) or ["the playout kernel's own rules"]
    path = "the playout kernel" if kernel_unsupported(start) is None else "the engine's board"
    raise FastPathError(
        f"{start.variant.name!r}, game {game}, after move {len(state.records)} "
        f"(phase {state.phase.value}): the fast path ({path}) gives {fast}, the hooks "
        f"give {hooks}; fast forms taking part: {', '.join(suspects)}")


def _suspects(state: GameState, last_trick: bool) -> list[str]:
    """The powers with a fast form (pure hooks, a playout rule), by name and
    declaration: those whose cards were in the last trick completed before
    ``state`` (``last_trick``), else all."""
    tables = state.variant.tables
    factions = _last_trick_factions(state) if last_trick else set(tables.faction_names)
    found = []
    for power, promised in zip(tables.powers, tables.capabilities):
        if power.faction not in factions or type(power) is FactionPower:
            continue
        forms = sorted(promised.pure)
        if promised.playout_rule is not None:
            forms.append(repr(promised.playout_rule))
        if forms:
            found.append(f"power {power.name!r} of {power.faction!r} ({', '.join(forms)})")
    return found


def _last_trick_factions(state: GameState) -> set[str]:
    """The factions of the cards of the last trick completed before ``state``."""
    for record in reversed(state.records):
        for event in reversed(record.events):
            if isinstance(event, TrickCompleted):
                return {card.faction for _, card in event.plays}
    return set()


def _piles(state: GameState, masks: tuple[int, ...]) -> str:
    variant = state.variant
    return "; ".join(" ".join(map(str, variant.cards_in(mask))) for mask in masks)
