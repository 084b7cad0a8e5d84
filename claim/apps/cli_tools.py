"""The ``claim`` subcommands for people who write variants.

``claim validate FILE...`` checks variant and catalog files and reports every error
found, each as ``file:line: key: reason``; it exits 0 when every file is valid and 1
otherwise. ``claim show VARIANT`` prints a variant's factions, deck, rule options
and whether its mix is official. ``claim schema`` prints the JSON Schema of variant
files (or writes the shipped schema files).
"""

from __future__ import annotations

import argparse
from typing import Any

from claim.core.errors import VariantError
from claim.rules.loading import _check_official, load_variant
from claim.rules.schema import catalog_schema, dumps, schema_path, variant_schema, write_schemas
from claim.rules.validation import check_file
from claim.rules.variant import Variant

__all__ = ["official_status", "register", "show_lines"]


def _validate(args: argparse.Namespace) -> int:
    failed = 0
    for path in args.files:
        errors = check_file(path)
        for error in errors:
            print(error)
        if errors:
            failed += 1
        elif not args.quiet:
            print(f"{path}: ok")
    if failed and not args.quiet:
        print(f"{failed} of {len(args.files)} files have errors")
    return 1 if failed else 0


def official_status(variant: Variant) -> str:
    """``"official"``, or ``"house mix: "`` and the first official rule it breaks."""
    try:
        _check_official(variant.factions, variant.players)
    except VariantError as exc:
        return f"house mix: {exc.reason}"
    return "official"


def _power_text(variant: Variant, index: int) -> str:
    faction = variant.factions[index]
    params = ", ".join(f"{k}={v}" for k, v in faction.power.params)
    return faction.power.name + (f" ({params})" if params else "")


def show_lines(variant: Variant) -> list[str]:
    """The lines ``claim show`` prints for a variant."""
    lines = [
        f"{variant.name}: {variant.title}",
        f"players: {variant.players}" + (" (teams: seats 0+2 against 1+3)"
                                         if variant.players == 4 else ""),
        f"deck: {len(variant.deck)} cards"
        + (f" ({len(variant.deck) - variant.dealt_size} set aside before the deal)"
           if variant.dealt_size != len(variant.deck) else "")
        + f", {variant.hand_size} per hand, "
        f"{variant.face_up_count} face up per phase 1 trick",
        f"mix: {official_status(variant)}",
        "factions:",
    ]
    for i, faction in enumerate(variant.factions):
        values = " ".join(str(v) for v in faction.values)
        lines.append(f"  {faction.name:14} {faction.code:3} {len(faction.values):2} cards "
                     f"[{values}]  power: {_power_text(variant, i)}")
    chosen = dict(variant.options)
    options = variant.rule_options()
    lines.append("options:" if options else "options: none")
    for name, value in sorted(options.items()):
        lines.append(f"  {name} = {_yaml_value(value)}"
                     + ("" if name in chosen else " (default)"))
    return lines


def _yaml_value(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _show(args: argparse.Namespace) -> int:
    for line in show_lines(load_variant(args.variant)):
        print(line)
    return 0


def _schema(args: argparse.Namespace) -> int:
    if args.write:
        for path in write_schemas():
            print(path)
    elif args.path:
        print(schema_path("catalog.schema.json" if args.catalog else "variant.schema.json"))
    else:
        build = catalog_schema if args.catalog else variant_schema
        print(dumps(build(plugins=True)), end="")
    return 0


def register(commands: Any) -> None:
    """Add ``validate``, ``show`` and ``schema`` to the ``claim`` subcommands."""
    validate = commands.add_parser(
        "validate", help="check variant or catalog files and report every error",
        description="Check variant files (and faction catalogs like factions.yaml) and "
        "report every error, each as FILE:LINE: KEY: REASON. Exit status 0 when every "
        "file is valid, 1 otherwise.")
    validate.add_argument("files", nargs="+", metavar="FILE",
                          help="a variant or catalog YAML file (several: each checked)")
    validate.add_argument("-q", "--quiet", action="store_true", help="print errors only")
    validate.set_defaults(run=_validate)
    show = commands.add_parser(
        "show", help="print a variant's factions, deck, options and whether it is official",
        description="Print a variant's players, deck, factions with their values and "
        "powers, rule options (with their defaults) and whether its mix is official or, "
        "if not, the first official rule it breaks.")
    show.add_argument("variant", metavar="VARIANT",
                      help="a built-in variant name (claim variants lists them) or the "
                      "path of a YAML file")
    show.set_defaults(run=_show)
    schema = commands.add_parser(
        "schema", help="print the JSON Schema of variant files (with installed plugins)",
        description="Print the JSON Schema of variant files (or, with --catalog, of "
        "faction catalogs), including the powers of installed plugins; editors use it "
        "through a yaml-language-server modeline.")
    schema.add_argument("--catalog", action="store_true", help="the faction catalog's schema")
    schema.add_argument("--path", action="store_true", help="print the shipped file's path")
    schema.add_argument("--write", action="store_true",
                        help="regenerate the shipped schema files (claim's own powers)")
    schema.set_defaults(run=_schema)
