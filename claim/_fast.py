"""Fast construction and pickling of frozen slotted ``attrs`` classes.

An ``attrs`` frozen class sets each field through ``object.__setattr__`` bound to
the new instance, which dominates the cost of building a 14-field state. Calling
each slot's member descriptor instead, bound once per class, is about a third
faster. The result is the same instance the class's ``__init__`` would build; the
classes used here have no converters, validators, defaults to compute or cached
hash, which [`slot_maker`][] checks.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

T = TypeVar("T")
C = TypeVar("C", bound=type)

__all__ = ["fast_init", "pickle_by_fields", "slot_maker"]


def slot_maker(cls: type[T]) -> Callable[..., T]:
    """A function building ``cls`` from all its fields, positionally, in order.

    Raises:
        TypeError: ``cls`` has converters, validators or a cached hash, which the
            fast path would skip.
    """
    fields = attrs.fields(cls)  # type: ignore[arg-type]
    for field in fields:
        if field.converter is not None or field.validator is not None:
            raise TypeError(f"{cls.__name__}.{field.name} needs its converter or validator")
    if "__attrs_cached_hash" in getattr(cls, "__slots__", ()):
        raise TypeError(f"{cls.__name__} caches its hash; build it with __init__")
    names = [field.name for field in fields]
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    for name in names:
        namespace[f"_set_{name}"] = _descriptor(cls, name).__set__
    lines = [f"def make({', '.join(names)}):", "    self = _new(_cls)"]
    lines += [f"    _set_{name}(self, {name})" for name in names]
    lines.append("    return self")
    exec("\n".join(lines), namespace)
    maker: Callable[..., T] = namespace["make"]
    maker.__doc__ = f"Build a {cls.__name__} from its fields, skipping __init__'s overhead."
    return maker


def fast_init(cls: C) -> C:
    """Class decorator: replace an ``attrs`` frozen slotted class's ``__init__`` by one
    that sets each slot through its member descriptor (as [`slot_maker`][] does).

    The new ``__init__`` takes the same parameters, positional or by keyword, with
    the same defaults, and builds the same instance; it is about twice as fast, which
    matters for the small values powers return on every trick (effects, options).

    Raises:
        TypeError: ``cls`` has converters, validators, factories, keyword-only
            fields, ``__attrs_post_init__`` or a cached hash, which it would skip.
    """
    fields = attrs.fields(cls)
    if hasattr(cls, "__attrs_post_init__") or "__attrs_cached_hash" in getattr(
            cls, "__slots__", ()):
        raise TypeError(f"{cls.__name__} needs attrs' own __init__")
    namespace: dict[str, Any] = {}
    params = []
    for field in fields:
        if (field.converter is not None or field.validator is not None or field.kw_only
                or isinstance(field.default, attrs.Factory)  # type: ignore[arg-type]
                or not field.init):
            raise TypeError(f"{cls.__name__}.{field.name} needs attrs' own __init__")
        namespace[f"_set_{field.name}"] = _descriptor(cls, field.name).__set__
        if field.default is attrs.NOTHING:
            params.append(field.name)
        else:
            namespace[f"_default_{field.name}"] = field.default
            params.append(f"{field.name}=_default_{field.name}")
    lines = [f"def __init__(self, {', '.join(params)}):"]
    lines += [f"    _set_{field.name}(self, {field.name})" for field in fields]
    exec("\n".join(lines), namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = f"Build a {cls.__name__} (fields set through their slots)."
    init.__annotations__ = dict(getattr(cls, "__init__").__annotations__)  # noqa: B009
    setattr(cls, "__init__", init)  # noqa: B010  (a class attribute, set once)
    return cls


def _descriptor(cls: type, name: str) -> Any:
    for klass in cls.__mro__:
        if name in klass.__dict__:
            return klass.__dict__[name]
    raise TypeError(f"{cls.__name__} has no slot {name!r}")


def pickle_by_fields(cls: C) -> C:
    """Class decorator: pickle instances as a call of the class with their fields.

    ``attrs`` pickles slotted classes through Python-level ``__getstate__`` and
    ``__setstate__``; reducing to ``(cls, fields)`` read by one C-level
    ``attrgetter`` halves the time to pickle a state and shrinks the pickle. The
    class is rebuilt through its ``__init__``, so converters and cached hashes are
    fresh.
    """
    names = [field.name for field in attrs.fields(cls)]
    if not names:
        def __reduce__(self: Any) -> tuple[Any, tuple[Any, ...]]:
            return (cls, ())
    elif len(names) == 1:
        getter = operator.attrgetter(names[0])

        def __reduce__(self: Any) -> tuple[Any, tuple[Any, ...]]:
            return (cls, (getter(self),))
    else:
        getter = operator.attrgetter(*names)

        def __reduce__(self: Any) -> tuple[Any, tuple[Any, ...]]:
            return (cls, getter(self))

    setattr(cls, "__reduce__", __reduce__)  # noqa: B010  (a class attribute, set once)
    return cls
