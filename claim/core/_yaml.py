"""YAML with line numbers, in bounded time and memory.

[`Doc`][claim.core._yaml.Doc] parses a variant document with PyYAML's safe loader and
remembers the line of every key path, so errors can cite ``file:line: key``. Hostile
documents are refused with a `VariantError` before they cost much: the limits below
bound the text, the nesting and the number of values after alias expansion (a
"billion laughs" document of a few hundred bytes would otherwise expand to millions
of values).
"""

from __future__ import annotations

import re
from typing import Any

import yaml

from claim.core.errors import VariantError, quote, shorten

__all__ = ["EMPTY", "MAX_DEPTH", "MAX_KEY_CHARS", "MAX_TEXT_CHARS", "MAX_VALUES", "Doc",
           "decode"]

EMPTY = "the document is empty: a variant needs at least 'name' and 'factions'"
"""The error of a document with nothing but blank lines and comments."""

MAX_TEXT_CHARS = 100_000
"""The longest variant document read, in characters (built-in files are under 2,000)."""
MAX_DEPTH = 32
"""The deepest nesting of lists and mappings in a variant document."""
MAX_VALUES = 10_000
"""The most values (scalars, lists, mappings) in a document, each alias counted as
the values it stands for."""
MAX_KEY_CHARS = 100
"""The longest mapping key."""

_PARENT = re.compile(r"(\.[^.\[]*|\[\d+\])$")
"""The last step of a key path (``.name`` or ``[3]``), to find its parent."""


class _LimitReached(Exception):
    """Raised inside the composer when a limit is passed (turned into VariantError)."""

    def __init__(self, reason: str, line: int) -> None:
        super().__init__(reason)
        self.reason = reason
        self.line = line


class _Loader(yaml.SafeLoader):
    """The safe loader, refusing nesting past `MAX_DEPTH` while it composes."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.depth = 0

    def fetch_flow_collection_start(self, token_class: type) -> None:
        # The scanner tracks every open ``[`` or ``{``: refuse deep ones as it reads.
        if self.flow_level >= MAX_DEPTH:
            raise _LimitReached(f"nested deeper than {MAX_DEPTH} levels", self.line + 1)
        super().fetch_flow_collection_start(token_class)

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
                raise _LimitReached(f"nested deeper than {MAX_DEPTH} levels", mark.line + 1)
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


def decode(data: bytes, source: str) -> str:
    """The text of a variant file: UTF-8 (a BOM is allowed), at most `MAX_TEXT_CHARS`.

    Raises:
        VariantError: The bytes are not UTF-8 text, or there are too many.
    """
    if len(data) > 4 * MAX_TEXT_CHARS:
        raise VariantError(f"longer than {MAX_TEXT_CHARS} characters", source=source)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise VariantError(
            f"not UTF-8 text: byte {data[exc.start]:#04x} at offset {exc.start} "
            "(save the file as UTF-8)",
            source=source,
        ) from None


class Doc:
    """A parsed YAML document and the line of every key path in it.

    Attributes:
        source: The file name cited in errors.
        lines: The 1-based line of each key path (``factions[2].values``).
        data: The document as plain Python values.
    """

    def __init__(self, text: str, source: str) -> None:
        self.source = source
        self.lines: dict[str, int] = {}
        self._budget = MAX_VALUES
        if len(text) > MAX_TEXT_CHARS:
            raise VariantError(f"longer than {MAX_TEXT_CHARS} characters", source=source)
        loader: _Loader | None = None
        try:
            loader = self._loader = _Loader(text)
            node = loader.get_single_node()
            if node is None:  # nothing but blank lines and comments
                raise VariantError(EMPTY, source=source)
            self.data = self._convert(node, "")
        except _LimitReached as exc:
            raise VariantError(exc.reason, source=source, line=exc.line) from None
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            line = mark.line + 1 if mark is not None else None
            problem = getattr(exc, "problem", None) or str(exc)
            raise VariantError(f"not valid YAML: {problem}", source=source, line=line) from None
        finally:
            if loader is not None:
                loader.dispose()

    def _convert(self, node: yaml.Node, path: str) -> Any:
        self._budget -= 1
        if self._budget < 0:
            raise _LimitReached(
                f"more than {MAX_VALUES} values (aliases count as what they stand for)",
                node.start_mark.line + 1,
            )
        self.lines.setdefault(path, node.start_mark.line + 1)
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, path)
        if isinstance(node, yaml.SequenceNode):
            return [self._convert(item, f"{path}[{i}]") for i, item in enumerate(node.value)]
        return self._scalar(node)

    def _mapping(self, node: yaml.MappingNode, path: str) -> dict[Any, Any]:
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            line = key_node.start_mark.line + 1
            if not isinstance(key_node, yaml.ScalarNode):
                raise VariantError(
                    "a key must be a plain name, not a list or mapping",
                    source=self.source, line=line, key=path or None,
                )
            key = self._scalar(key_node)
            if len(str(key)) > MAX_KEY_CHARS:
                raise VariantError(
                    f"a key must be a short name, not {quote(key)}",
                    source=self.source, line=line, key=path or None,
                )
            sub = f"{path}.{key}" if path else str(key)
            if key in result:
                raise VariantError(
                    f"key {quote(key)} is given twice", source=self.source, line=line, key=sub
                )
            result[key] = self._convert(value_node, sub)
        return result

    def _scalar(self, node: yaml.Node) -> Any:
        try:
            return self._loader.construct_object(node, deep=True)
        except (yaml.YAMLError, ValueError, OverflowError) as exc:
            # An unknown or unsafe tag (!!python/name), an integer of thousands of
            # digits, a date that does not exist, ...
            problem = getattr(exc, "problem", None) or str(exc)
            raise VariantError(
                f"cannot read this value: {shorten(problem, 120)}",
                source=self.source, line=node.start_mark.line + 1,
            ) from None

    def error(self, reason: str, key: str) -> VariantError:
        """An error at ``key`` (the nearest enclosing key that has a line)."""
        probe = key
        while probe and probe not in self.lines:
            parent = _PARENT.sub("", probe)
            # A top-level key that is absent has no parent key: cite the document.
            probe = parent if parent != probe else ""
        return VariantError(reason, source=self.source, line=self.lines.get(probe), key=key)
