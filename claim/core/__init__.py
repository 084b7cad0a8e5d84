"""Layer 1, the ground: values every other layer speaks in, and no rules.

Cards and factions as data (`cards`), zones and phases (`zones`), moves
(`moves`), the deal (`deals`), the records of what a move caused (`records`),
errors (`errors`), and the small tools beneath them (argument checks, fast
construction of frozen values, bounded YAML, the shuffle, caches).

May import: the standard library, `attrs` and `yaml` only; nothing else of `claim`.
The layers are written down in ``pyproject.toml`` (``[tool.importlinter]``) and
drawn on the docs' "Architecture" page.
"""
