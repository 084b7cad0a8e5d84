"""One simulated game, and a batch of them: what a worker process runs.

Everything a game depends on comes from the run's seed and the game's index:
[`game_seed`][claim.apps.simulate.games.game_seed] hashes them with SHA-256 (never
Python's ``hash()``, which is salted per process), the seats' bots rotate with the
index ([`lineup`][claim.apps.simulate.games.lineup]) and so does the first leader
([`first_leader`][claim.apps.simulate.games.first_leader]). A game played on any worker,
local or remote, gives the same row.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from functools import lru_cache

import attrs

from claim.rules.dealing import new_game
from claim.rules.loading import load_variant
from claim.rules.variant import Variant
from claim.search import bots as _bots

__all__ = ["Batch", "GameRow", "first_leader", "game_seed", "lineup", "play_batch", "play_game"]

VariantSource = str | Variant
"""A variant as a worker receives it: a built-in name, a file path, or a variant."""


@attrs.frozen
class GameRow:
    """What one simulated game reports.

    Attributes:
        variant: The variant's name.
        index: The game's number in the run (0-based, per variant).
        seed: The game's own seed (from the run's seed and ``index``).
        bots: The bot's name at each seat.
        first_leader: The seat that led the first trick.
        winner: The winning party, or None for a draw.
        winning_seats: The seats that won (both partners in a team game).
        votes: Per faction (deck order), its name and the party its vote went to
            (None: unclaimed).
        party_votes: Per party, the votes it won.
        parties: The seats of each party.
        decided_by: The step of RULES 5 that decided the game (its text value).
        moves: How many moves the game took.
    """

    variant: str
    index: int
    seed: int
    bots: tuple[str, ...]
    first_leader: int
    winner: int | None
    winning_seats: tuple[int, ...]
    votes: tuple[tuple[str, int | None], ...]
    party_votes: tuple[int, ...]
    parties: tuple[tuple[int, ...], ...]
    decided_by: str
    moves: int


@attrs.frozen
class Batch:
    """A run of consecutive games of one variant: the unit of work sent to a worker.

    Attributes:
        variant: The variant (name, path or object).
        bots: The run's lineup, one bot name per seat before rotation.
        seed: The run's seed.
        start: The first game's index.
        stop: One past the last game's index.
        order: The batch's place in the run (results are written in this order).
    """

    variant: VariantSource
    bots: tuple[str, ...]
    seed: int
    start: int
    stop: int
    order: int = 0


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded ``seed``: 64 bits of SHA-256.

    Examples:
        >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
        True
    """
    digest = hashlib.sha256(f"claim-simulate:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def lineup(bots: Sequence[str], players: int, index: int) -> tuple[str, ...]:
    """The bot at each seat in game ``index``: the lineup rotated by one seat a game.

    ``bots`` holds one name per seat, or fewer repeated in turn (``a,b`` at four
    seats is ``a,b,a,b``: two teams). Over ``players`` consecutive games every bot
    plays every seat.

    Examples:
        >>> lineup(("a", "b"), 2, 0), lineup(("a", "b"), 2, 1)
        (('a', 'b'), ('b', 'a'))
    """
    full = [bots[seat % len(bots)] for seat in range(players)]
    shift = index % players
    return tuple(full[(seat + shift) % players] for seat in range(players))


def first_leader(players: int, index: int) -> int:
    """The first leader of game ``index``: changes every ``players`` games.

    Together with [`lineup`][claim.apps.simulate.games.lineup], every ``players**2``
    consecutive games pair each bot with each seat and each first leader once.
    """
    return (index // players) % players


@lru_cache(maxsize=32)
def _load(source: str) -> Variant:
    return load_variant(source)


def resolve(source: VariantSource) -> Variant:
    """The variant a source names (built-in names and files loaded once per process)."""
    return source if isinstance(source, Variant) else _load(source)


def play_game(variant: Variant, bots: Sequence[str], seed: int, index: int) -> GameRow:
    """Play game ``index`` of a run seeded ``seed``, each seat by its bot, from its view.

    Each seat's bot draws from its own generator, seeded from the game's seed, so a
    bot's choices do not depend on how much randomness the other bots use.
    """
    players = variant.players
    seats = lineup(bots, players, index)
    own = game_seed(seed, index)
    deal_rng = random.Random(own)
    rngs = [random.Random(f"{own}:{seat}") for seat in range(players)]
    players_bots = [_bots.get(name) for name in seats]
    leader = first_leader(players, index)
    state = new_game(variant, rng=deal_rng, first_leader=leader)
    moves = 0
    while not state.is_over:
        seat = state.current_player
        assert seat is not None  # the game is not over
        move = _bots.play(players_bots[seat], state.view(seat), rngs[seat], seats[seat])
        state = state.apply(move)
        moves += 1
    result = state.result()
    return GameRow(
        variant=variant.name, index=index, seed=own, bots=seats, first_leader=leader,
        winner=result.winner, winning_seats=result.winning_seats,
        votes=tuple((v.faction, v.winner) for v in result.factions),
        party_votes=result.votes, parties=result.parties,
        decided_by=result.decided_by.value, moves=moves,
    )


def play_batch(batch: Batch) -> list[GameRow]:
    """Play the games of a batch, in index order (what a worker runs)."""
    variant = resolve(batch.variant)
    return [play_game(variant, batch.bots, batch.seed, index)
            for index in range(batch.start, batch.stop)]
