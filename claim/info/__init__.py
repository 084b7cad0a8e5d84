"""Layer 5, hidden information: what a player can infer, and states sampled from it.

`knowledge` (where the unseen cards can be, from a view alone), `sampling`
(determinization: full states consistent with a view), `observation` (a
fixed-length vector of a view) and the leak checks that `claim.testing` exports.

May import: `claim.factions`, `claim.powers`, `claim.rules`, `claim.core`.
"""
