"""Layer 2, the rulebook: variants, the power protocol, the engine and the state.

Reading variants (`loading`, `variant`, `validation`, `schema`), the hook
protocol every power is written against (`protocol`, `effects`, `registry`,
`playout_rules`), the per-variant tables the engine reads (`variant_tables`,
`hook_tables`), the engine (`engine`), the immutable `GameState` (`state`), what a
seat may see of it (RULES 7: `views`, with its text and JSON forms), move notation
(`notation`), position keys and action ids (`keys`, `actions`).

No faction is named here: the built-in powers are plugins (`claim.factions`),
registered by the package's composition root (``claim/__init__.py``).

May import: `claim.core`.
"""
