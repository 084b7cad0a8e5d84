"""The expansion factions of EXPANSIONS.md, written against the public power API only.

Each group lives in its own module: `claim.factions.exp_ranking` (values and
ranking: Basilisks, Unicorns, Mermaids, Druids, Werewolves, Satyrs),
`claim.factions.exp_choices` (choices: Elf-Orcs, Shapeshifters, Ghosts, Dark
Elves) and `claim.factions.exp_piles` (piles and scoring: Zombies, Frostbeasts,
Yetis, Awakeners, Cyclops, Ice Kings & Queens). Elves and Orcs have no power.
Of the factions with hidden information: `claim.factions.exp_hidden` (hidden
chance fixed at the deal: Shadows, Tricksters), `claim.factions.exp_poison` (toxic
cards dealt aside and looked at: Poisoners), `claim.factions.exp_potions` (potions
drawn unseen and drunk: Wizards), `claim.factions.exp_phoenixes` (the Fire
Phoenix deck drawn into hands: Phoenixes and Fire Phoenixes, E41),
`claim.factions.exp_vampires` (the Vampires' crypt, E37-E40) and
`claim.factions.exp_minotaurs` (the Minotaurs' take-back, E42, E43).
"""

from claim.factions import (
    exp_choices,
    exp_hidden,
    exp_masked,
    exp_minotaurs,
    exp_phoenixes,
    exp_piles,
    exp_poison,
    exp_potions,
    exp_ranking,
    exp_vampires,
)

__all__ = ["exp_choices", "exp_hidden", "exp_masked", "exp_minotaurs", "exp_phoenixes",
           "exp_piles", "exp_poison", "exp_potions", "exp_ranking", "exp_vampires"]
