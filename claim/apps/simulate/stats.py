"""Running statistics of a simulation: counts kept per variant, never the rows.

A [`Tally`][claim.apps.simulate.stats.Tally] takes rows one at a time and keeps only
counters, so memory stays flat in the number of games;
[`Tally.summary`][claim.apps.simulate.stats.Tally.summary] turns them into a frozen
[`VariantSummary`][claim.apps.simulate.stats.VariantSummary] with 95% Wilson intervals.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import attrs

from claim.apps.simulate.games import GameRow, lineup

__all__ = ["FactionStats", "Rate", "Tally", "VariantSummary", "wilson"]

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    Examples:
        >>> low, high = wilson(50, 100)
        >>> round(low, 3), round(high, 3)
        (0.404, 0.596)
        >>> wilson(0, 0)
        (0.0, 1.0)
    """
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


@attrs.frozen
class Rate:
    """A proportion with its 95% Wilson interval.

    Attributes:
        hits: How many games counted (wins, say).
        games: Out of how many games.
        rate: ``hits / games`` (0 when no game).
        low: The interval's lower end.
        high: The interval's upper end.
    """

    hits: int
    games: int
    rate: float
    low: float
    high: float

    @classmethod
    def of(cls, hits: int, games: int) -> Rate:
        """The rate of ``hits`` in ``games``, with its interval."""
        low, high = wilson(hits, games)
        return cls(hits, games, hits / games if games else 0.0, low, high)

    def __str__(self) -> str:
        return f"{self.rate:6.1%} [{self.low:.1%}, {self.high:.1%}]"


@attrs.frozen
class FactionStats:
    """Where one faction's vote went.

    Attributes:
        faction: The faction's name.
        votes: Per party, how many games its vote went to that party.
        unclaimed: Games in which nobody won its vote (R12).
        with_winner: Games whose winner won this faction's vote: how often the
            faction was on the winning side.
        decisive: Games this faction's vote decided: the winner won it and, without
            it, would not have had more votes than every other party (the winner
            won on votes by one, or tied on votes and won down the cascade).
    """

    faction: str
    votes: tuple[int, ...]
    unclaimed: int
    with_winner: Rate
    decisive: Rate


@attrs.frozen
class VariantSummary:
    """The statistics of one variant's games.

    Attributes:
        variant: The variant's name.
        games: Games played.
        parties: The seats of each party.
        seats: Per seat, its win rate (a seat wins when its party wins).
        bots: Per bot of the lineup (by label: its name, with ``#2``... when the
            same bot appears twice), its win rate over the games it played.
        factions: Per faction, where its vote went.
        first_leader: The first leader's win rate (its party won).
        draws: The draw rate.
        decided_by: Per step of RULES 5 (its text value), the games it decided.
        length_mean: The mean number of moves a game took.
        length_min: The fewest moves.
        length_max: The most moves.
    """

    variant: str
    games: int
    parties: tuple[tuple[int, ...], ...]
    seats: tuple[Rate, ...]
    bots: tuple[tuple[str, Rate], ...]
    factions: tuple[FactionStats, ...]
    first_leader: Rate
    draws: Rate
    decided_by: tuple[tuple[str, int], ...]
    length_mean: float
    length_min: int
    length_max: int

    def to_dict(self) -> dict[str, Any]:
        """The summary as plain JSON-ready data."""
        data: dict[str, Any] = attrs.asdict(self, recurse=True)
        data["bots"] = {label: attrs.asdict(rate) for label, rate in self.bots}
        data["decided_by"] = dict(self.decided_by)
        return data


def _margin(votes: tuple[int, ...], winner: int) -> int:
    """How many more votes the winner won than the best other party."""
    return votes[winner] - max(v for p, v in enumerate(votes) if p != winner)


def labels(bots: tuple[str, ...]) -> tuple[str, ...]:
    """A label per lineup entry: its name, numbered when a name repeats.

    Examples:
        >>> labels(("random", "random", "x"))
        ('random', 'random#2', 'x')
    """
    seen: Counter[str] = Counter()
    out = []
    for name in bots:
        seen[name] += 1
        out.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
    return tuple(out)


class Tally:
    """Counters for one variant's games, updated one row at a time.

    Args:
        variant: The variant's name.
        players: Its number of seats.
        bots: The run's lineup (before rotation), one name per entry.
    """

    def __init__(self, variant: str, players: int, bots: tuple[str, ...]) -> None:
        self.variant = variant
        self.players = players
        self.entries = labels(bots)
        self.games = 0
        self.parties: tuple[tuple[int, ...], ...] = ()
        self.seat_wins = [0] * players
        self.entry_wins: Counter[str] = Counter()
        self.entry_games: Counter[str] = Counter()
        self.votes: dict[str, Counter[int | None]] = {}
        self.with_winner: Counter[str] = Counter()
        self.decisive: Counter[str] = Counter()
        self.leader_wins = 0
        self.draws = 0
        self.decided: Counter[str] = Counter()
        self.length_sum = 0
        self.length_min = 0
        self.length_max = 0

    def add(self, row: GameRow) -> None:
        """Count one game."""
        self.games += 1
        self.parties = row.parties
        won = set(row.winning_seats)
        for seat in won:
            self.seat_wins[seat] += 1
        at = lineup(self.entries, self.players, row.index)
        for entry in set(at):
            seats = [s for s, e in enumerate(at) if e == entry]
            self.entry_games[entry] += 1
            self.entry_wins[entry] += bool(won.intersection(seats))
        close = row.winner is not None and _margin(row.party_votes, row.winner) <= 1
        for faction, party in row.votes:
            self.votes.setdefault(faction, Counter())[party] += 1
            sided = party is not None and party == row.winner
            self.with_winner[faction] += sided
            self.decisive[faction] += sided and close
        self.leader_wins += row.first_leader in won
        self.draws += row.winner is None
        self.decided[row.decided_by] += 1
        self.length_sum += row.moves
        self.length_min = row.moves if self.games == 1 else min(self.length_min, row.moves)
        self.length_max = max(self.length_max, row.moves)

    def summary(self) -> VariantSummary:
        """The statistics so far."""
        n = self.games
        factions = tuple(
            FactionStats(
                faction,
                tuple(counter[p] for p in range(len(self.parties))),
                counter[None],
                Rate.of(self.with_winner[faction], n),
                Rate.of(self.decisive[faction], n),
            )
            for faction, counter in self.votes.items()
        )
        return VariantSummary(
            variant=self.variant, games=n, parties=self.parties,
            seats=tuple(Rate.of(w, n) for w in self.seat_wins),
            bots=tuple((e, Rate.of(self.entry_wins[e], self.entry_games[e]))
                       for e in dict.fromkeys(self.entries)),
            factions=factions,
            first_leader=Rate.of(self.leader_wins, n), draws=Rate.of(self.draws, n),
            decided_by=tuple(sorted(self.decided.items())),
            length_mean=self.length_sum / n if n else 0.0,
            length_min=self.length_min, length_max=self.length_max,
        )
