"""Layer 9, the top: programs and integrations built on the library.

The `claim` command (`cli` and its subcommands, terminal play), simulations at
scale (`simulate`) and the adapters to PettingZoo and OpenSpiel (`adapters`).
Nothing below imports them.

May import: every other layer, and `claim.testing`.
"""
