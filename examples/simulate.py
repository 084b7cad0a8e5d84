"""Compare two mixes with random bots: a small simulation, its table and its files.

Run: ``python examples/simulate.py`` (writes ``games.csv`` and ``summary.json`` in
the current directory). The same from the command line::

    claim simulate claim claim2 --bots random,random --games 20 --seed 1 \\
        --csv games.csv --json summary.json
"""

from __future__ import annotations

from claim.apps.simulate import simulate
from claim.apps.simulate.output import CsvRows, summary_lines, write_json

with open("games.csv", "w", encoding="utf-8", newline="") as rows_file:
    summary = simulate(["claim", "claim2"], ["random", "random"], games=20, seed=1,
                       workers=1, on_row=CsvRows(rows_file))

for line in summary_lines(summary):
    print(line)
with open("summary.json", "w", encoding="utf-8") as json_file:
    write_json(summary, json_file)

claim1, claim2 = summary.variants
print(f"first leader wins {claim1.first_leader.rate:.0%} of claim games, "
      f"{claim2.first_leader.rate:.0%} of claim2 games")
