"""Layer 6, saving and text: JSON documents, game records, replays, plain text.

`serialize` (versioned JSON of states, records and moves; loading replays and
checks them), `gamerecord` (a game as a variant, a deal and moves), `record_json`
and `snapshot_json` (the parts of a saved document), `text` (results as text).

May import: `claim.factions`, `claim.powers`, `claim.rules`, `claim.core`; it and
`claim.info` know nothing of each other (an independence contract).
"""
