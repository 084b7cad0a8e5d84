"""Checking variant and catalog files, reporting every error found (``claim validate``).

[`claim.load_variant`][claim.load_variant] stops at the first error. These checks go
on past it where they can: each top-level key, each faction entry and each rule
option is checked on its own, so one run reports several errors per file, each with
its file, line and key path. When those pass, the file is loaded for real, so the
rules that need the whole variant (an even deal, the official deck rules, options
declared by the variant's own factions) are checked too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from claim.core._yaml import MAX_TEXT_CHARS, decode
from claim.core._yaml import Doc as _Doc
from claim.core.errors import UnknownNameError, VariantError
from claim.rules.loading import (
    _VARIANT_KEYS,
    _check_keys,
    _expect,
    _read_faction,
    catalog,
    variant_from_yaml,
)
from claim.rules.protocol import option_fields
from claim.rules.registry import registry
from claim.rules.variant import HAND_SIZES

__all__ = ["check_file", "check_text"]

_TOP_LEVEL: dict[str, tuple[type | tuple[type, ...], str]] = {
    "name": (str, "a variant name"),
    "players": (int, "2, 3 or 4"),
    "house": (bool, "true or false"),
    "factions": (list, "a list of factions"),
}


def _collect(errors: list[VariantError], check: Callable[..., object], *args: Any) -> None:
    """Run ``check(*args)``, adding its error (if any) to ``errors``."""
    try:
        check(*args)
    except VariantError as exc:
        errors.append(exc)


def _is_catalog(data: Any) -> bool:
    return isinstance(data, dict) and isinstance(data.get("factions"), dict)


def check_text(text: str, source: str = "<yaml>") -> list[VariantError]:
    """Every error found in a variant or catalog YAML document (none: it is valid).

    A document whose ``factions`` is a mapping is read as a faction catalog
    (like ``factions.yaml``); any other as a variant.

    Args:
        text: The YAML document.
        source: The file name to cite in errors.
    """
    try:
        doc = _Doc(text, source)
    except VariantError as exc:
        return [exc]
    if _is_catalog(doc.data):
        return _check_catalog(doc)
    errors: list[VariantError] = []
    _collect(errors, _expect, doc, doc.data, dict, "", "a mapping of variant keys")
    if errors:
        return errors
    data: dict[str, Any] = doc.data or {}
    for key in data:
        _collect(errors, _check_keys, doc, {key: None}, _VARIANT_KEYS, "")
    for key, (kind, what) in _TOP_LEVEL.items():
        if key in data or key in ("name", "factions"):
            _collect(errors, _expect, doc, data.get(key), kind, key, what)
    if isinstance(data.get("players"), int) and data["players"] not in HAND_SIZES:
        errors.append(doc.error(f"players must be 2, 3 or 4, not {data['players']!r}",
                                "players"))
    if isinstance(data.get("factions"), list):
        errors += _check_factions(doc, data["factions"])
    errors += _check_options(doc, data.get("options"))
    if not errors:
        _collect(errors, variant_from_yaml, text, source)
    return sorted(errors, key=lambda error: error.line or 0)


def _check_factions(doc: _Doc, entries: list[Any]) -> list[VariantError]:
    known, _ = catalog()
    errors: list[VariantError] = []
    for i, entry in enumerate(entries):
        key = f"factions[{i}]"
        if isinstance(entry, str):
            if entry not in known:
                errors.append(doc.error(str(UnknownNameError("faction", entry, known)), key))
            continue
        base = known.get(str(entry.get("name"))) if isinstance(entry, dict) else None
        _collect(errors, _read_faction, doc, entry, key, base)
    return errors


def _check_options(doc: _Doc, options: Any) -> list[VariantError]:
    """Each option must be declared by some power, with one of its choices."""
    if options is None:
        return []
    errors: list[VariantError] = []
    _collect(errors, _expect, doc, options, dict, "options", "a mapping")
    if errors:
        return errors
    declared = {name: option for power in registry.names()
                for name, option in option_fields(registry.get(power)).items()}
    for name, value in options.items():
        key = f"options.{name}"
        if name not in declared:
            errors.append(doc.error(str(UnknownNameError("rule option", str(name), declared)),
                                    key))
            continue
        option = declared[name]
        if value not in option.choices or type(value) is not type(option.default):
            errors.append(doc.error(f"rule option {name!r} cannot be {value!r}; choose one "
                                    f"of {list(option.choices)}", key))
    return errors


def _check_catalog(doc: _Doc) -> list[VariantError]:
    table: Mapping[str, Any] = (doc.data or {})["factions"]
    errors: list[VariantError] = []
    for name, body in table.items():
        key = f"factions.{name}"
        if not isinstance(body, dict):
            errors.append(doc.error(f"expected a faction mapping, got {body!r}", key))
            continue
        _collect(errors, _read_faction, doc, {"name": name, **body}, key, None)
    return errors


def check_file(path: str | Path) -> list[VariantError]:
    """Every error in a variant or catalog file, as
    [`check_text`][claim.rules.validation.check_text].

    A file that cannot be read is one error naming it.
    """
    try:
        with Path(path).open("rb") as file:
            text = decode(file.read(4 * MAX_TEXT_CHARS + 1), str(path))
    except OSError as exc:
        return [VariantError(f"cannot read the file: {exc.strerror}", source=str(path))]
    except VariantError as exc:  # not UTF-8, or too long
        return [exc]
    return check_text(text, str(path))
