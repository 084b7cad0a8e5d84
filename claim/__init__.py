"""`claim`: a rules engine for the card games Claim and Claim 2.

Examples:
    >>> import claim
    >>> state = claim.new_game(claim.load_variant("claim"), seed=7)
    >>> state.phase
    <Phase.RECRUIT: 'recruit'>
    >>> state = state.apply(state.legal_moves()[0])
    >>> state.current_player
    1
"""

# First: with CLAIM_PURE_PYTHON set, the compiled modules must load as Python.
from claim import (
    _compiled,  # noqa: F401
    _moved,
)

# The composition root: the built-in powers are plugins of `claim.rules`, registered
# here (before any variant is read), as installed plugins are through entry points.
from claim import factions as _factions  # noqa: F401
from claim.core.cards import Card, Faction
from claim.core.deals import Deal
from claim.core.errors import (
    ActionError,
    ArgumentError,
    ClaimError,
    DealError,
    GameNotOverError,
    IllegalMoveError,
    NotationError,
    PowerError,
    RegistryError,
    SaveError,
    SeatError,
    UnknownNameError,
    VariantError,
)
from claim.core.moves import Choose, Move, PlayCard, TakeFaceUp
from claim.core.records import MoveRecord
from claim.core.zones import Phase, Zone
from claim.factions.claim2 import DeclineSmash, Smash, TakeTopCard
from claim.io import view_json as _view_json
from claim.io.gamerecord import GameRecord, ReplayError, record_of, replay
from claim.io.serialize import from_json, to_json
from claim.io.text import format_result
from claim.rules.actions import action_count, action_id, action_move
from claim.rules.dealing import new_game
from claim.rules.engine.scoring import DecidedBy, FactionVote, GameResult, faction_votes
from claim.rules.loading import builtin_variants, load_variant, mix, variant_from_yaml
from claim.rules.notation import parse_card, parse_move
from claim.rules.protocol import FactionPower, RuleOption
from claim.rules.registry import registry
from claim.rules.state import GameState
from claim.rules.variant import Variant
from claim.rules.views import View
from claim.search.playouts import Playout, playout

__version__ = "0.1.0"

# Notebook display: Jupyter shows a value through its ``_repr_svg_``. Pictures are
# drawn by `claim.io.svg`, a layer above the rules, so this composition root lends the
# method to the value classes: the rules never import their pictures.


def _repr_svg_(self: GameState | View) -> str:
    """The value as a picture (`claim.io.svg.render`), for notebooks."""
    from claim.io.svg import render  # on first display: `import claim` stays light

    return render(self)


GameState._repr_svg_ = _repr_svg_  # type: ignore[attr-defined]
View._repr_svg_ = _repr_svg_  # type: ignore[attr-defined]

# What moved with the layers keeps working for one release, with a warning
# (claim._moved): the old module paths, and the value classes' saving methods.
_moved.install()
_moved.lend_saving_methods(GameState, View, to_json, _view_json.view_from_json)

__all__ = [
    "ActionError",
    "ArgumentError",
    "Card",
    "Choose",
    "ClaimError",
    "Deal",
    "DealError",
    "DecidedBy",
    "DeclineSmash",
    "Faction",
    "FactionPower",
    "FactionVote",
    "GameNotOverError",
    "GameRecord",
    "GameResult",
    "GameState",
    "IllegalMoveError",
    "Move",
    "MoveRecord",
    "NotationError",
    "Phase",
    "PlayCard",
    "Playout",
    "PowerError",
    "RegistryError",
    "ReplayError",
    "RuleOption",
    "SaveError",
    "SeatError",
    "Smash",
    "TakeFaceUp",
    "TakeTopCard",
    "UnknownNameError",
    "Variant",
    "VariantError",
    "Zone",
    "action_count",
    "action_id",
    "action_move",
    "builtin_variants",
    "faction_votes",
    "format_result",
    "from_json",
    "load_variant",
    "mix",
    "new_game",
    "parse_card",
    "parse_move",
    "playout",
    "record_of",
    "registry",
    "replay",
    "to_json",
    "variant_from_yaml",
]


def __getattr__(name: str) -> object:
    """``claim.rules.views`` and the other moved public modules, as attributes (deprecated)."""
    if _moved.new_name(f"claim.{name}") is not None:
        import importlib

        return importlib.import_module(f"claim.{name}")
    raise AttributeError(f"module 'claim' has no attribute {name!r}")
