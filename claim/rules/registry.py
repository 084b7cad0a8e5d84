"""The one registry of power classes, by name, and plugins through entry points."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, TypeVar

from claim._compiled import COMPILED_MODULES
from claim.core.errors import ArgumentError, RegistryError, UnknownNameError
from claim.rules.protocol import FactionPower

if TYPE_CHECKING:
    from claim.core.cards import Faction

__all__ = ["ENTRY_POINT_GROUP", "PowerRegistry", "registry"]

ENTRY_POINT_GROUP = "claim.powers"
"""Entry-point group through which installed packages provide powers."""

P = TypeVar("P", bound=type[FactionPower])


_OLD_PROMISES = {
    "public_hooks": "public", "pure_hooks": "pure", "monotone_votes": "monotone_votes",
    "on_win": "on_win", "rank_leads": "rank_leads", "playout_rule": "playout_rule",
}
"""Class attributes that made promises before `claim.rules.capabilities`, and the
field of `Capabilities` that makes each now."""


def _refuse_compiled_bases(power: type[FactionPower]) -> None:
    """Refuse a subclass of a built-in power that the build compiles
    (`claim._compiled.COMPILED_MODULES`), from another module: a compiled method
    accepts only its own class, so the subclass would fail at its first hook. The
    same in every build (a Python-only install would let it play, a compiled one
    not)."""
    for base in power.__mro__[1:]:
        if base is FactionPower:
            return
        if base.__module__ in COMPILED_MODULES and base.__module__ != power.__module__:
            raise RegistryError(
                f"power {power.__name__} subclasses {base.__module__}.{base.__qualname__}, "
                "a built-in power compiled with mypyc (its methods accept only its own "
                "class): subclass claim.FactionPower (or claim.factions.exp_masked."
                "MaskedPower for masked cards) and call a built-in power's hooks from "
                "yours if you need them")


def _refuse_old_promises(power: type[FactionPower]) -> None:
    """A promise left as a class attribute would be ignored: say where it goes."""
    for cls in power.__mro__:
        if cls is FactionPower:
            break
        for old, new in _OLD_PROMISES.items():
            if old in vars(cls):
                raise RegistryError(
                    f"power {power.name!r} ({power.__qualname__}) sets {old}: promises are "
                    f"made by its capabilities() hook now, as Capabilities({new}=...) "
                    "(claim.rules.capabilities)")


class PowerRegistry:
    """The one registry of power classes, by name.

    Built-in powers register on import; installed packages add theirs through the
    ``claim.powers`` entry-point group (each entry point names a power class), which
    is read the first time a name is looked up that is not yet registered.
    """

    def __init__(self) -> None:
        self._powers: dict[str, type[FactionPower]] = {}
        self._entry_points_loaded = False

    def register(self, power: P) -> P:
        """Register a power class under its ``name``; usable as a class decorator.

        Raises:
            ArgumentError: ``power`` is not a subclass of `FactionPower`.
            RegistryError: Another class is registered under the same name, the
                name is not a str (a `ValueError` too), the class still makes a
                promise the way it was made before capabilities (``public_hooks``...),
                or it subclasses a built-in power compiled with mypyc (whose
                methods accept only their own class) from another module.
        """
        if not (isinstance(power, type) and issubclass(power, FactionPower)):
            raise ArgumentError("power", power, "a subclass of FactionPower")
        if not isinstance(power.name, str) or not power.name:
            raise RegistryError(f"power {power.__name__} needs a str name, not {power.name!r}")
        _refuse_old_promises(power)
        _refuse_compiled_bases(power)
        existing = self._powers.get(power.name)
        if existing is not None and existing is not power:
            raise RegistryError(f"power name {power.name!r} is already taken by {existing!r}")
        self._powers[power.name] = power
        return power

    def get(self, name: str) -> type[FactionPower]:
        """The power class registered as ``name``.

        Raises:
            UnknownNameError: No such power, even among installed plugins.
            ArgumentError: ``name`` is not a str.
        """
        if not isinstance(name, str):
            raise ArgumentError("power name", name, "a str")
        if name not in self._powers:
            self.load_entry_points()
        try:
            return self._powers[name]
        except KeyError:
            raise UnknownNameError("power", name, self._powers) from None

    def set_aside(self, faction: Faction) -> int:
        """How many cards of ``faction`` its power sets aside at the deal (E33), with
        the parameters the faction gives (0 when it sets none aside)."""
        cls = self.get(faction.power.name)
        if cls.set_aside is FactionPower.set_aside:
            return 0
        spec = cls(faction=faction.name, **faction.power.params_dict()).set_aside()
        return 0 if spec is None else spec.count

    def names(self) -> tuple[str, ...]:
        """Every registered power name, plugins included, sorted."""
        self.load_entry_points()
        return tuple(sorted(self._powers))

    def load_entry_points(self) -> None:
        """Register the powers that installed packages declare (once)."""
        if self._entry_points_loaded:
            return
        self._entry_points_loaded = True
        from importlib import metadata  # slow to import; needed only here

        for entry in metadata.entry_points(group=ENTRY_POINT_GROUP):
            self.register(entry.load())

    def __iter__(self) -> Iterator[str]:
        return iter(self.names())


registry = PowerRegistry()
"""The process-wide power registry."""

registry.register(FactionPower)

