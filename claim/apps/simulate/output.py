"""A simulation's outputs: the CSV of games (streamed), the JSON summary, a text
table, and a PNG chart (with the ``plot`` extra: matplotlib).
"""

from __future__ import annotations

import csv
import json
from typing import IO, TYPE_CHECKING

from claim.apps.simulate.games import GameRow

if TYPE_CHECKING:
    from claim.apps.simulate import Summary
    from claim.apps.simulate.stats import VariantSummary

__all__ = ["CSV_FIELDS", "CsvRows", "csv_record", "summary_lines", "write_json", "write_png"]

CSV_FIELDS = ("variant", "game", "seed", "bots", "first_leader", "winner", "winning_seats",
              "votes", "party_votes", "decided_by", "moves")
"""The CSV's columns. Lists are space-separated: ``bots`` by seat, ``votes`` as
``faction=party`` per faction (``-``: unclaimed), ``winner`` the party or ``draw``."""


def csv_record(row: GameRow) -> dict[str, object]:
    """A row as the CSV writes it.

    Examples:
        >>> from claim.apps.simulate import simulate
        >>> summary = simulate("claim", ["random"] * 2, 1, seed=1, workers=1, keep_rows=True)
        >>> row = summary.rows[0]
        >>> sorted(csv_record(row)) == sorted(CSV_FIELDS)
        True
    """
    votes = " ".join(f"{f}={'-' if p is None else p}" for f, p in row.votes)
    return {
        "variant": row.variant, "game": row.index, "seed": row.seed,
        "bots": " ".join(row.bots), "first_leader": row.first_leader,
        "winner": "draw" if row.winner is None else row.winner,
        "winning_seats": " ".join(map(str, row.winning_seats)), "votes": votes,
        "party_votes": " ".join(map(str, row.party_votes)), "decided_by": row.decided_by,
        "moves": row.moves,
    }


class CsvRows:
    """Writes rows to an open text file as they come (``on_row``), one per game."""

    def __init__(self, file: IO[str]) -> None:
        self.writer = csv.DictWriter(file, fieldnames=CSV_FIELDS, lineterminator="\n")
        self.writer.writeheader()

    def __call__(self, row: GameRow) -> None:
        self.writer.writerow(csv_record(row))


def write_json(summary: Summary, file: IO[str]) -> None:
    """The summary as JSON (no rows), with a stable key order."""
    json.dump(summary.to_dict(), file, indent=1)
    file.write("\n")


LABEL_WIDTH = 18
"""The width of the label column of `variant_lines` (wider for a long bot name)."""


def _party(summary: VariantSummary, party: int) -> str:
    return "+".join(map(str, summary.parties[party])) if summary.parties else str(party)


def variant_lines(v: VariantSummary) -> list[str]:
    """One variant's statistics as text."""
    rows = [(f"seat {seat} wins", str(rate)) for seat, rate in enumerate(v.seats)]
    rows += [(f"bot {label}", str(rate)) for label, rate in v.bots]
    rows += [("first leader wins", str(v.first_leader)), ("draws", str(v.draws)),
             ("game length", f"mean {v.length_mean:.1f} moves, min {v.length_min}, "
                             f"max {v.length_max}"),
             ("decided by", ", ".join(f"{step} {n}" for step, n in v.decided_by))]
    width = max(LABEL_WIDTH, *(len(label) for label, _ in rows))
    lines = [f"{v.variant}: {v.games} games"]
    lines += [f"  {label:{width}} {text}" for label, text in rows]
    parties = "  ".join(f"{'p' + _party(v, p):>5}" for p in range(len(v.parties)))
    lines.append(f"  {'faction':14} votes to {parties}  unclaimed  {'with the winner':22}"
                 "  decisive")
    for f in v.factions:
        counts = "  ".join(f"{n:5}" for n in f.votes)
        lines.append(f"  {f.faction:14}          {counts}  {f.unclaimed:9}  "
                     f"{f.with_winner!s:22}  {f.decisive}")
    return lines


def summary_lines(summary: Summary) -> list[str]:
    """The whole summary as a text table, variant after variant."""
    lines = [f"seed {summary.seed}, bots {','.join(summary.bots)} (rotated one seat a game), "
             "95% Wilson intervals"]
    for variant in summary.variants:
        lines += variant_lines(variant)
    return lines


def write_png(summary: Summary, path: str) -> None:
    """A chart of win rates with 95% intervals: per seat and per bot, variants side by
    side, plus the first leader's. Needs matplotlib (the ``plot`` extra)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    groups = ["seats", "bots", "first leader"]
    fig, axes = plt.subplots(1, 3, figsize=(13, 4), squeeze=False)
    width = 0.8 / len(summary.variants)
    for k, v in enumerate(summary.variants):
        series = [
            ([f"seat {s}" for s in range(len(v.seats))], list(v.seats)),
            ([label for label, _ in v.bots], [rate for _, rate in v.bots]),
            (["first leader"], [v.first_leader]),
        ]
        for ax, (names, rates) in zip(axes[0], series):
            xs = [i + k * width for i in range(len(names))]
            ax.bar(xs, [r.rate for r in rates], width, label=v.variant,
                   yerr=[[r.rate - r.low for r in rates], [r.high - r.rate for r in rates]],
                   capsize=3)
            ax.set_xticks([i + width * (len(summary.variants) - 1) / 2
                           for i in range(len(names))], names)
    for ax, title in zip(axes[0], groups):
        ax.set_title(f"win rate: {title}")
        ax.set_ylim(0, 1)
        ax.axhline(0.5, color="grey", linewidth=0.5)
    axes[0][0].legend()
    fig.suptitle(f"{summary.games} games per variant, seed {summary.seed}")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
