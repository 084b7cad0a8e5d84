"""JSON Schemas for variant and catalog files, generated from the loader's definitions.

The schemas are built from the same tables [`claim.rules.loading`][claim.rules.loading] reads
with: the allowed keys of a variant and of a faction, the name and code patterns,
the player counts, the faction catalog, and every registered power with its
parameters and rule options. Nothing here is kept by hand: the files shipped in
``claim/schemas/`` are this module's output, and a test checks they are current.
Regenerate them with ``claim schema --write``.

Editors with a YAML language server pick a schema up through a modeline on the
first line of a variant file::

    # yaml-language-server: $schema=path/to/variant.schema.json
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs

from claim.rules.loading import (
    _CODE,
    _FACTION_KEYS,
    _IDENTIFIER,
    _VARIANT_KEYS,
    catalog,
)
from claim.rules.protocol import FactionPower, option_fields, power_parameters
from claim.rules.registry import registry
from claim.rules.variant import HAND_SIZES

__all__ = [
    "SCHEMA_FILES",
    "catalog_schema",
    "dumps",
    "schema_path",
    "variant_schema",
    "write_schemas",
]

DRAFT = "https://json-schema.org/draft/2020-12/schema"
_JSON_TYPES = {"str": "string", "bool": "boolean", "int": "integer", "float": "number"}


def _powers(plugins: bool) -> list[type[FactionPower]]:
    """The registered power classes: those shipped with claim, or all of them."""
    powers = [registry.get(name) for name in registry.names()]
    return [cls for cls in powers if plugins or cls.__module__.split(".")[0] == "claim"]


def _parameter_schema(cls: type[FactionPower], name: str) -> dict[str, Any]:
    field = attrs.fields_dict(cls)[name]
    schema: dict[str, Any] = {}
    kind = field.type if isinstance(field.type, str) else getattr(field.type, "__name__", "")
    if kind in _JSON_TYPES:
        schema["type"] = _JSON_TYPES[kind]
    if name in cls.faction_params:
        schema["pattern"] = _IDENTIFIER.pattern
        schema["description"] = "The name of a faction of the variant."
    if field.default is not attrs.NOTHING:
        schema["default"] = field.default
    return schema


def _power_schema(powers: list[type[FactionPower]]) -> dict[str, Any]:
    """A power: its name, or a mapping of its name and parameters."""
    mappings = []
    for cls in powers:
        params = {p: _parameter_schema(cls, p) for p in power_parameters(cls)}
        mapping: dict[str, Any] = {
            "type": "object",
            "properties": {"name": {"const": cls.name}, **params},
            "additionalProperties": False,
        }
        if cls.name != "none":  # a mapping without a name is the power "none"
            mapping["required"] = ["name"]
        mappings.append(mapping)
    names = [cls.name for cls in powers]
    return {"anyOf": [{"type": "string", "enum": names}, *mappings]}


def _faction_schema(with_name: bool) -> dict[str, Any]:
    """A faction mapping: the loader's faction keys, name and code patterns."""
    properties: dict[str, Any] = {
        "name": {"type": "string", "pattern": _IDENTIFIER.pattern},
        "title": {"type": "string"},
        "code": {"type": "string", "pattern": _CODE.pattern},
        "values": {"type": "array", "minItems": 1, "items": {"type": "integer"}},
        "power": {"$ref": "#/$defs/power"},
        "box": {"type": "string"},
    }
    assert set(properties) == set(_FACTION_KEYS), "describe every faction key of the loader"
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {key: properties[key] for key in _FACTION_KEYS},
        "additionalProperties": False,
    }
    if with_name:  # a faction of a variant: a catalog name, or a new one in full
        known = sorted(catalog()[0])
        schema["required"] = ["name"]
        schema["if"] = {"properties": {"name": {"enum": known}}}
        schema["else"] = {"required": ["code", "values"]}
    else:
        schema["required"] = ["code", "values"]
    return schema


def _options_schema(powers: list[type[FactionPower]]) -> dict[str, Any]:
    properties = {}
    for cls in powers:
        for name, option in option_fields(cls).items():
            properties[name] = {
                "enum": list(option.choices),
                "default": option.default,
                "description": f"{option.doc} Declared by the {cls.name!r} power.",
            }
    return {
        "type": ["object", "null"],
        "properties": dict(sorted(properties.items())),
        "additionalProperties": False,
    }


def variant_schema(*, plugins: bool = False) -> dict[str, Any]:
    """The JSON Schema of a variant file (``variants/*.yaml``).

    Args:
        plugins: Include the powers and rule options of installed plugins, not only
            those shipped with claim (the shipped file has only claim's own).
    """
    powers = _powers(plugins)
    return {
        "$schema": DRAFT,
        "$id": "https://claim-engine.invalid/schemas/variant.schema.json",
        "title": "claim variant",
        "description": "A variant of Claim / Claim 2 for the claim rules engine.",
        "type": "object",
        "properties": _variant_properties(),
        "required": ["name", "factions"],
        "additionalProperties": False,
        "$defs": {
            "faction": _faction_schema(with_name=True),
            "power": _power_schema(powers),
            "options": _options_schema(powers),
        },
    }


def _variant_properties() -> dict[str, Any]:
    """The top-level keys of a variant file, in the loader's order."""
    known = sorted(catalog()[0])
    properties: dict[str, Any] = {
        "name": {"type": "string", "description": "The variant's identifier."},
        "title": {"type": "string", "description": "Display name."},
        "description": {"type": "string"},
        "players": {"enum": sorted(HAND_SIZES), "default": 2,
                    "description": "2, 3 or 4 (4 plays in teams)."},
        "house": {"type": "boolean", "default": False,
                  "description": "A house mix, exempt from the official deck rules."},
        "factions": {
            "type": "array",
            "items": {"anyOf": [{"type": "string", "enum": known},
                                {"$ref": "#/$defs/faction"}]},
            "description": "Catalog faction names, or faction mappings.",
        },
        "options": {"$ref": "#/$defs/options"},
    }
    assert set(properties) == set(_VARIANT_KEYS), "describe every variant key of the loader"
    return {key: properties[key] for key in _VARIANT_KEYS}


def catalog_schema(*, plugins: bool = False) -> dict[str, Any]:
    """The JSON Schema of a faction catalog file (``variants/factions.yaml``).

    Args:
        plugins: Include the powers of installed plugins.
    """
    return {
        "$schema": DRAFT,
        "$id": "https://claim-engine.invalid/schemas/catalog.schema.json",
        "title": "claim faction catalog",
        "type": "object",
        "properties": {
            "factions": {
                "type": "object",
                "propertyNames": {"pattern": _IDENTIFIER.pattern},
                "additionalProperties": {"$ref": "#/$defs/faction"},
            },
            "pairs": {
                "type": "array",
                "items": {"type": "array", "items": {"type": "string"}},
            },
        },
        "required": ["factions"],
        "$defs": {
            "faction": _faction_schema(with_name=False),
            "power": _power_schema(_powers(plugins)),
        },
    }


SCHEMA_FILES = {"variant.schema.json": variant_schema, "catalog.schema.json": catalog_schema}
"""The shipped schema files and the functions that generate them."""


def schema_path(name: str = "variant.schema.json") -> Path:
    """The path of a shipped schema file (``variant.schema.json`` or ``catalog.schema.json``)."""
    return Path(__file__).resolve().parents[1] / "schemas" / name


def dumps(schema: dict[str, Any]) -> str:
    """A schema as the shipped files hold it: indented JSON and a newline."""
    return json.dumps(schema, indent=2) + "\n"


def write_schemas(folder: Path | None = None) -> list[Path]:
    """Write the shipped schema files (claim's own powers only); returns their paths."""
    written = []
    for name, build in SCHEMA_FILES.items():
        path = (folder / name) if folder else schema_path(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(dumps(build()), encoding="utf-8")
        written.append(path)
    return written
