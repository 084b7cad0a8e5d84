"""Layer 7, search: fast playouts, the exact phase-2 solver, and the bots.

May import: `claim.io`, `claim.info`, `claim.factions`, `claim.powers`,
`claim.rules`, `claim.core`.
"""
