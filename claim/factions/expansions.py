"""The expansion factions of EXPANSIONS.md, written against the public power API only.

Each group lives in its own module: `claim.factions.exp_ranking` (values and
ranking: Basilisks, Unicorns, Mermaids, Druids, Werewolves, Satyrs),
`claim.factions.exp_choices` (choices: Elf-Orcs, Shapeshifters, Ghosts, Dark
Elves) and `claim.factions.exp_piles` (piles and scoring: Zombies, Frostbeasts,
Yetis, Awakeners, Cyclops, Ice Kings & Queens), and `claim.factions.exp_hidden`
(hidden chance fixed at the deal: Shadows, Tricksters). Elves and Orcs have no power.
"""

from claim.factions import exp_choices, exp_hidden, exp_masked, exp_piles, exp_ranking

__all__ = ["exp_choices", "exp_hidden", "exp_masked", "exp_piles", "exp_ranking"]
