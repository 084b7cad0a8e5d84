"""Reading variants from YAML, the faction catalog, official mixes.

Serialization lives here, apart from the model classes. Every error names the file,
the line and the key path of the bad value. Built-in variants and the faction
catalog (``factions.yaml``) are the YAML files of the ``variants`` folder, shipped
inside the wheel.
"""

from __future__ import annotations

import difflib
import os
import re
import types
from collections.abc import Iterable, Mapping, Sequence
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import attrs

from claim.core._checks import MAX_DECK, MAX_NAME_CHARS, MAX_VALUE, expect_int, expect_type
from claim.core._yaml import MAX_TEXT_CHARS, Doc, decode
from claim.core.cards import Faction, PowerSpec
from claim.core.errors import ArgumentError, UnknownNameError, VariantError, quote
from claim.rules.protocol import power_parameters
from claim.rules.registry import registry
from claim.rules.variant import HAND_SIZES, Variant

__all__ = ["builtin_variants", "catalog", "load_variant", "mix", "variant_from_yaml"]

CATALOG_FILE = "factions.yaml"
_IDENTIFIER = re.compile(r"^[a-z][a-z0-9_]*$")
_CODE = re.compile(r"^[A-Za-z]{1,3}$")


def variants_dir() -> Path:
    """The folder of built-in variant files (inside the wheel, or the source tree)."""
    package = Path(__file__).resolve().parents[1]  # claim/
    packaged = package / "variants"
    if packaged.is_dir():
        return packaged
    return package.parent / "variants"


def _expect(doc: Doc, value: Any, kind: type | tuple[type, ...], key: str, what: str) -> Any:
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise doc.error(f"expected {what}, got {quote(value, 40)}", key)
    if not isinstance(value, kind):
        raise doc.error(f"expected {what}, got {quote(value, 40)}", key)
    return value


def _check_keys(doc: Doc, mapping: Mapping[str, Any], allowed: Iterable[str], key: str) -> None:
    allowed = tuple(allowed)
    for name in mapping:
        if name not in allowed:
            near = difflib.get_close_matches(str(name), allowed, n=1)
            hint = f"; did you mean {near[0]!r}?" if near else ""
            sub = f"{key}.{name}" if key else str(name)
            raise doc.error(
                f"unknown key {quote(name)}{hint} (allowed: {', '.join(allowed)})", sub
            )


# -- the faction catalog ------------------------------------------------------

_FACTION_KEYS = ("name", "title", "code", "values", "power", "box")


def _read_power(doc: Doc, value: Any, key: str) -> PowerSpec:
    if isinstance(value, str):
        value = {"name": value}
    _expect(doc, value, dict, key, "a power name or a mapping with 'name'")
    name = _expect(doc, value.get("name", "none"), str, f"{key}.name", "a power name")
    try:
        cls = registry.get(name)
    except UnknownNameError as exc:
        raise doc.error(str(exc), f"{key}.name") from None
    params = {k: v for k, v in value.items() if k != "name"}
    _check_keys(doc, params, power_parameters(cls), key)
    for param, given in params.items():
        _expect(doc, given, (str, int, float, bool), f"{key}.{param}",
                "a plain value (a name, a number, true or false)")
    return PowerSpec(name, tuple(sorted(params.items())))


def _read_faction(doc: Doc, data: Any, key: str, base: Faction | None) -> Faction:
    _expect(doc, data, dict, key, "a faction mapping")
    _check_keys(doc, data, _FACTION_KEYS, key)
    name = data.get("name", base.name if base else None)
    if not isinstance(name, str) or not _IDENTIFIER.match(name):
        raise doc.error(
            f"a faction name must be a lower-case identifier, got {quote(name)}", key
        )
    code = data.get("code", base.code if base else None)
    if not isinstance(code, str) or not _CODE.match(code):
        raise doc.error(f"a faction code must be 1-3 letters, got {quote(code)}", f"{key}.code")
    values = data.get("values", list(base.values) if base else None)
    _expect(doc, values, list, f"{key}.values", "a list of card values")
    if not values:
        raise doc.error("a faction needs at least one card", f"{key}.values")
    if len(values) > MAX_DECK:
        raise doc.error(f"{len(values)} cards; a deck holds at most {MAX_DECK}", f"{key}.values")
    for i, v in enumerate(values):
        _expect(doc, v, int, f"{key}.values[{i}]", "an integer card value")
        if not -MAX_VALUE <= v <= MAX_VALUE:
            raise doc.error(
                f"a card value must be from {-MAX_VALUE} to {MAX_VALUE}, got {quote(v)}",
                f"{key}.values[{i}]",
            )
    power = _read_power(doc, data["power"], f"{key}.power") if "power" in data else (
        base.power if base else PowerSpec()
    )
    title = data.get("title", base.title if base else name.replace("_", " ").title())
    box = data.get("box", base.box if base else "")
    return Faction(name, code, str(title), tuple(values), power, str(box))


@cache
def catalog() -> tuple[Mapping[str, Faction], tuple[frozenset[str], ...]]:
    """The official factions by name (a read-only mapping), and the official pairs (RULES 1)."""
    path = variants_dir() / CATALOG_FILE
    doc = Doc(decode(path.read_bytes(), str(path)), str(path))
    data = _expect(doc, doc.data, dict, "", "a mapping")
    table = _expect(doc, data.get("factions"), dict, "factions", "a mapping of factions")
    found = {}
    for name, body in table.items():
        found[name] = _read_faction(doc, {"name": name, **body}, f"factions.{name}", None)
    pairs = tuple(frozenset(pair) for pair in data.get("pairs", ()))
    return types.MappingProxyType(found), pairs


@cache
def couples() -> tuple[frozenset[str], ...]:
    """The catalog's couples: factions used whole or not at all (Ice Kings & Queens)."""
    path = variants_dir() / CATALOG_FILE
    doc = Doc(decode(path.read_bytes(), str(path)), str(path))
    data = _expect(doc, doc.data, dict, "", "a mapping")
    return tuple(frozenset(couple) for couple in data.get("couples", ()))


# -- variants -----------------------------------------------------------------

_VARIANT_KEYS = ("name", "title", "description", "players", "house", "factions", "options")


def variant_from_yaml(text: str | bytes, source: str = "<yaml>") -> Variant:
    """Build a variant from YAML text.

    Args:
        text: The YAML document (``bytes`` are read as UTF-8).
        source: The file name to cite in errors.

    Raises:
        VariantError: The YAML is malformed, passes a loader limit (see the docs'
            "Limits" section), or breaks a variant rule; the message names the
            file, line and key.
        ArgumentError: ``text`` is not a string (or bytes).
    """
    source = str(expect_type("source", source, str, "a file name (str)"))
    if isinstance(text, (bytes, bytearray)):
        text = decode(bytes(text), source)
    doc = Doc(expect_type("text", text, str, "YAML text (str or bytes)"), source)
    data = _expect(doc, doc.data, dict, "", "a mapping of variant keys")
    _check_keys(doc, data, _VARIANT_KEYS, "")
    name = _expect(doc, data.get("name"), str, "name", "a variant name")
    players = _expect(doc, data.get("players", 2), int, "players", "2, 3 or 4")
    house = _expect(doc, data.get("house", False), bool, "house", "true or false")
    entries = _expect(doc, data.get("factions"), list, "factions", "a list of factions")
    known, _ = catalog()
    chosen = []
    for i, entry in enumerate(entries):
        key = f"factions[{i}]"
        if isinstance(entry, str):
            if entry not in known:
                raise doc.error(str(UnknownNameError("faction", entry, known)), key)
            chosen.append(known[entry])
        else:
            base = known.get(str(entry.get("name"))) if isinstance(entry, dict) else None
            chosen.append(_read_faction(doc, entry, key, base))
    options = _expect(doc, data.get("options", {}) or {}, dict, "options", "a mapping")
    try:
        return _assemble(name, str(data.get("title", name)), players, chosen, options,
                         house, str(data.get("description", "")))
    except VariantError as exc:
        raise doc.error(exc.reason, exc.key or "") from None


def _assemble(
    name: str,
    title: str,
    players: int,
    factions: Sequence[Faction],
    options: Mapping[str, Any],
    house: bool,
    description: str,
) -> Variant:
    if players not in HAND_SIZES:
        raise VariantError(f"players must be 2, 3 or 4, not {quote(players)}", key="players")
    if not house:
        _check_official(factions, players)
    return Variant(name, title, players, tuple(factions), options, house, description)


def _check_official(factions: Sequence[Faction], players: int) -> None:
    known, pairs = catalog()
    names = [f.name for f in factions]
    for faction in factions:
        if _normalized(known.get(faction.name)) != _normalized(faction):
            raise VariantError(
                f"faction {faction.name!r} is not the official one; "
                "set 'house: true' for a house mix",
                key="factions",
            )
    complete = [pair for pair in pairs if pair <= set(names)]
    partial = [pair for pair in pairs if pair & set(names) and not pair <= set(names)]
    rule = "an official deck holds exactly one pair: " + " or ".join(
        " & ".join(known[name].title for name in sorted(pair)) for pair in pairs)
    if not complete:
        lone = sorted(set(names) & set().union(*partial)) if partial else []
        part = f" ({', '.join(lone)} without the rest of their pair)" if lone else ""
        raise VariantError(f"no pair{part}: {rule} (RULES 1)", key="factions")
    if len(complete) > 1:
        count = "both" if len(complete) == 2 else "three"
        raise VariantError(f"{count} pairs: {rule} (RULES 1)", key="factions")
    if partial:
        lone = sorted(set(names) & set().union(*partial))
        raise VariantError(
            f"{', '.join(lone)} without its partner: {rule}, and the other pairs' "
            "factions stay out (RULES 1)",
            key="factions",
        )
    for couple in couples():
        if couple & set(names) and not couple <= set(names):
            raise VariantError(
                f"{', '.join(sorted(couple & set(names)))} without "
                f"{', '.join(sorted(couple - set(names)))}: a couple is used whole "
                "(EXPANSIONS Mixing)",
                key="factions",
            )
    _check_deck_size(factions, players)


def _check_deck_size(factions: Sequence[Faction], players: int) -> None:
    """An official deck holds 52 cards for 2 players, 72 for 3-4 (RULES 2), not
    counting the cards set aside at the deal (E45: ten Shadows count)."""
    size = sum(len(f.values) - registry.set_aside(f) for f in factions)
    wanted = 52 if players == 2 else 72
    count = 5 if players == 2 else 7
    if size != wanted:
        raise VariantError(
            f"an official {players}-player deck has {wanted} cards ({count} factions of the "
            f"base games), not {size} cards of {len(factions)} factions (RULES 2); set "
            "'house: true' for a house mix",
            key="factions",
        )


def _normalized(faction: Faction | None) -> tuple[object, ...] | None:
    """A faction's rule-relevant content, with its power's defaults filled in."""
    if faction is None:
        return None
    cls = registry.get(faction.power.name)
    defaults = {
        a.name: a.default for a in attrs.fields(cls) if a.name in power_parameters(cls)
    }
    params = {**defaults, **faction.power.params_dict()}
    return (faction.name, faction.code, sorted(faction.values), cls.name, sorted(params.items()))


def mix(
    factions: Sequence[str],
    players: int = 2,
    *,
    options: Mapping[str, Any] | None = None,
    house: bool = False,
    name: str | None = None,
) -> Variant:
    """Build a variant from official factions by name.

    Args:
        factions: Faction names from the catalog, e.g.
            ``["gnomes", "giants", "undead", "dragons", "seers"]`` (a list or tuple).
        players: 2, 3 or 4.
        options: Rule options, e.g. ``{"dragon_lead": "last_dragon"}``.
        house: Skip the official deck rules (one pair plus others; RULES 1-2).
        name: The variant's name; by default made from the faction names.

    Raises:
        ArgumentError: An argument of the wrong type (``house`` must be a bool,
            ``name`` a str, ``factions`` a list or tuple of names, ...).
        UnknownNameError: A faction name is not in the catalog.
        VariantError: The mix breaks an official rule (unless ``house``), or a rule
            option is unknown or has a value it does not accept.
    """
    _check_mix_arguments(factions, players, options, house, name)
    known, _ = catalog()
    chosen = []
    for faction in factions:
        if faction not in known:
            raise UnknownNameError("faction", faction, known)
        chosen.append(known[faction])
    label = name or "mix-" + "-".join(factions)
    title = "Mix: " + ", ".join(known[f].title for f in factions)
    try:
        return _assemble(label, title, players, chosen, dict(options or {}), house, "")
    except VariantError as exc:
        raise VariantError(exc.reason, source="mix()", key=exc.key) from None


def _check_mix_arguments(
    factions: object, players: object, options: object, house: object, name: object
) -> None:
    """Refuse arguments of `mix` of the wrong type, naming the parameter."""
    names = "a list or tuple of faction names"
    expect_type("factions", factions, (list, tuple), names)
    assert isinstance(factions, (list, tuple))
    for i, faction in enumerate(factions):
        expect_type(f"factions[{i}]", faction, str, "a faction name (str)")
    expect_int("players", players, "2, 3 or 4")
    if options is not None:
        expect_type("options", options, Mapping, "a mapping of rule options, or None")
        assert isinstance(options, Mapping)
        for key in options:
            expect_type("an option name", key, str, "a str")
    expect_type("house", house, bool, "True or False")
    if name is not None:
        expect_type("name", name, str, "a str, or None")


def builtin_variants() -> tuple[str, ...]:
    """The names of the built-in variants, sorted."""
    return tuple(
        sorted(p.stem for p in variants_dir().glob("*.yaml") if p.name != CATALOG_FILE)
    )


def _missing_file(text: str, path: Path) -> UnknownNameError:
    """The error of a variant path that names no file: says so, and how a built-in
    variant is named (``claim2``, not ``claim2.yaml``)."""
    builtin = builtin_variants()
    hint = (f"; the built-in variant is named {path.stem!r}, without a path"
            if path.stem in builtin else f" (built-in variants are named without a path: "
            f"{', '.join(builtin)})")
    return UnknownNameError("variant file", text, builtin,
                            message=f"no such file: {quote(text)}{hint}")


@lru_cache(maxsize=128)
def _load_file(path: str) -> Variant:
    return _read_file(Path(path), path)


def _read_file(path: Path, source: str) -> Variant:
    """The variant of a YAML file, read in bounded memory."""
    try:
        with path.open("rb") as file:
            data = file.read(4 * MAX_TEXT_CHARS + 1)
    except OSError as exc:
        raise VariantError(f"cannot read the file: {exc.strerror}", source=source) from None
    return variant_from_yaml(decode(data, source), source)


def load_variant(name_or_path: str | os.PathLike[str] | Variant) -> Variant:
    """Load a built-in variant by name, or a variant YAML file by path.

    Args:
        name_or_path: ``"claim"``, ``"claim2"``, another built-in name, a path to
            a ``.yaml`` file (a ``str`` with a ``/`` or a YAML suffix, or a
            `pathlib.Path`), or a `Variant` (returned as it is).

    Raises:
        ArgumentError: Not a str, a path or a variant.
        UnknownNameError: Not a built-in name, and no such file.
        VariantError: The file is not UTF-8 YAML within the loader's limits, or
            breaks a variant rule.
    """
    if isinstance(name_or_path, Variant):
        return name_or_path
    expect_type("variant", name_or_path, (str, os.PathLike),
                "a variant, a built-in variant name or a path to a YAML file")
    text = os.fspath(name_or_path)
    if not isinstance(text, str):
        raise ArgumentError("variant", name_or_path, "a path given as text, not bytes")
    if isinstance(name_or_path, os.PathLike) or text.endswith((".yaml", ".yml")) or "/" in text:
        path = Path(text)
        try:
            found = path.is_file()
        except (OSError, ValueError):  # a name too long, a NUL byte, ...
            found = False
        if not found:
            raise _missing_file(text, path)
        return _read_file(path, text)
    if len(text) > MAX_NAME_CHARS or text not in builtin_variants():
        raise UnknownNameError("variant", text, builtin_variants())
    return _load_file(str(variants_dir() / f"{text}.yaml"))
