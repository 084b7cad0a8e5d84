"""Fast construction and pickling of frozen slotted ``attrs`` classes.

An ``attrs`` frozen class sets each field through ``object.__setattr__`` bound to
the new instance, which dominates the cost of building a 17-field state. The
engine's builders ([`slot_maker`][]) instead create the instance as a *writable
twin* of the class (a subclass adding no slot, with plain attribute stores, which
CPython specializes into direct slot writes), store the fields, and then assign
the instance's ``__class__`` to the frozen class itself: Python allows that between
classes of the same layout. A 17-field `GameState` is built in about a quarter of
the time it takes through the slots' member descriptors, and a fifth of
``__init__``'s. The result is the same instance the class's ``__init__`` would
build; the classes used here have no converters, validators, defaults to compute
or cached hash, which [`slot_maker`][] checks.

The small values that powers build themselves (effects, options) keep a generated
``__init__`` setting each slot through its member descriptor ([`fast_init`][]).
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

T = TypeVar("T")
C = TypeVar("C", bound=type)

__all__ = ["fast_init", "pickle_by_fields", "slot_maker", "writable_twin"]


def slot_maker(cls: type[T]) -> Callable[..., T]:
    """A function building ``cls`` from all its fields, positionally, in order.

    The instance is born as a [`writable_twin`][] of ``cls`` (the same slots, plain
    attribute stores, which the interpreter specializes), filled in, then turned into
    a ``cls`` by assigning its ``__class__``: about a quarter of the cost of setting
    each slot through its descriptor, for the same instance.

    Raises:
        TypeError: ``cls`` has converters, validators or a cached hash, which the
            fast path would skip, or is not slotted.
    """
    fields = attrs.fields(cls)  # type: ignore[arg-type]
    for field in fields:
        if field.converter is not None or field.validator is not None:
            raise TypeError(f"{cls.__name__}.{field.name} needs its converter or validator")
    if "__attrs_cached_hash" in getattr(cls, "__slots__", ()):
        raise TypeError(f"{cls.__name__} caches its hash; build it with __init__")
    names = [field.name for field in fields]
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_twin": writable_twin(cls)}
    lines = [f"def make({', '.join(names)}):", "    self = _new(_twin)"]
    lines += [f"    self.{name} = {name}" for name in names]
    lines += ["    self.__class__ = _cls", "    return self"]
    exec("\n".join(lines), namespace)
    maker: Callable[..., T] = namespace["make"]
    maker.__doc__ = f"Build a {cls.__name__} from its fields, skipping __init__'s overhead."
    return maker


_TWINS: dict[type, type] = {}


def writable_twin(cls: type[T]) -> type[T]:
    """The writable twin of the slotted class ``cls`` (one per class).

    A subclass of ``cls`` that adds nothing to its layout (``__slots__ = ()``) and
    stores attributes plainly (``object.__setattr__`` and ``__delattr__``, not a
    frozen class's), so that an instance built as the twin becomes a ``cls`` by
    assigning its ``__class__``. Only [`slot_maker`][]'s builders make twins, and
    never let one escape.

    Raises:
        TypeError: ``cls`` is not slotted itself, or a twin could not become a ``cls``.
    """
    twin = _TWINS.get(cls)
    if twin is None:
        if "__slots__" not in cls.__dict__:
            raise TypeError(f"{cls.__name__} is not slotted; build it with __init__")
        twin = type(f"_Writable{cls.__name__}", (cls,), {
            "__slots__": (), "__module__": cls.__module__, "__doc__": f"Writable {cls.__name__}.",
            "__setattr__": object.__setattr__, "__delattr__": object.__delattr__,
        })
        probe: object = object.__new__(twin)
        probe.__class__ = cls  # the layout check, once: TypeError if it differs
        _TWINS[cls] = twin
    return twin


def fast_init(cls: C) -> C:
    """Class decorator: replace an ``attrs`` frozen slotted class's ``__init__`` by one
    that sets each slot through its member descriptor, bound once per class.

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
