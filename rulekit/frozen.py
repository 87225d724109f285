"""Read-only containers for the compiled model (:mod:`rulekit.model`), which nothing
changes once it is built.

:class:`ReadOnlyDict` and :class:`ReadOnlyList` are a dict and a list that refuse every
change (``TypeError``): reading them is reading a dict or a list (equal to one, printed
and written to JSON as one, ``isinstance`` of one, as fast to index), so a value of the
ruleset as written (a YAML mapping or list) keeps its meaning once frozen; a copy
(``dict(x)``, ``list(x)``, :func:`copy.deepcopy`) is an ordinary, changeable one.
:func:`freeze` makes a value read-only all the way down; :class:`Sealed` is the base of
the model's frozen dataclasses, which freezes their fields. Imports nothing of rulekit.
"""
from __future__ import annotations


def _refuse(self, *args, **kwargs):
    raise TypeError(f"a {type(self).__name__} of the compiled model cannot be changed "
                    "(copy it: dict(x), list(x))")


class ReadOnlyDict(dict):
    """A dict that cannot be changed: every mutating method raises TypeError."""
    __slots__ = ()
    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __new__(cls, *args, **kwargs):
        self = dict.__new__(cls)
        dict.__init__(self, *args, **kwargs)
        return self

    def __init__(self, *args, **kwargs):     # filled once, by __new__
        pass

    def __reduce__(self):
        return (ReadOnlyDict, (dict(self),))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        import copy
        return {copy.deepcopy(k, memo): copy.deepcopy(v, memo) for k, v in self.items()}


class ReadOnlyList(list):
    """A list that cannot be changed: every mutating method raises TypeError."""
    __slots__ = ()
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = clear = extend = insert = pop = remove = reverse = sort = _refuse

    def __new__(cls, *args):
        self = list.__new__(cls)
        list.__init__(self, *args)
        return self

    def __init__(self, *args):                # filled once, by __new__
        pass

    def __reduce__(self):
        return (ReadOnlyList, (list(self),))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        import copy
        return [copy.deepcopy(x, memo) for x in self]


def refuse_change(self, name, *value):
    """``__setattr__`` and ``__delattr__`` of an immutable class: raises
    :class:`dataclasses.FrozenInstanceError` (an AttributeError), whatever the name."""
    from dataclasses import FrozenInstanceError
    raise FrozenInstanceError(f"cannot change attribute {name!r} of an immutable "
                              f"{type(self).__name__}")


def seal(obj) -> None:
    """Make the containers among the fields of dataclass ``obj`` read-only all the way
    down (a frozen dataclass's ``__post_init__``: part of building it). It goes by
    ``getattr`` and ``object.__setattr__``, never through the instance's ``__dict__``
    (asking for that costs every later attribute read a little)."""
    for k in obj.__dataclass_fields__:
        v = getattr(obj, k)
        c = v.__class__
        if c is dict or c is list or c is set or c is tuple:
            object.__setattr__(obj, k, freeze(v))


def settle(obj, **values) -> None:
    """Set attributes ``values`` of an immutable ``obj`` while it is being built (its
    derived attributes, in its ``__post_init__``)."""
    for k, v in values.items():
        object.__setattr__(obj, k, v)


class Sealed:
    """Base of the model's frozen dataclasses: their containers made read-only when
    they are made (:func:`seal`)."""
    __post_init__ = seal


def freeze(value):
    """``value`` read-only all the way down: a dict becomes a :class:`ReadOnlyDict`, a
    list a :class:`ReadOnlyList`, a set a frozenset, a tuple a tuple of frozen values;
    anything else (text, numbers, functions, frozen dataclasses, read-only containers
    already) is returned as it is."""
    cls = value.__class__
    if cls is dict:
        return ReadOnlyDict({k: v if v.__class__ in _PLAIN else freeze(v)
                             for k, v in value.items()})
    if cls is list:
        return ReadOnlyList([v if v.__class__ in _PLAIN else freeze(v) for v in value])
    if cls is tuple:
        for v in value:
            if v.__class__ not in _PLAIN:
                items = [freeze(v) for v in value]
                return value if all(a is b for a, b in zip(items, value)) else tuple(items)
        return value
    if cls is set:
        return frozenset(value)
    return value


_PLAIN = frozenset({str, int, bool, float, type(None)})    # (nothing in them to freeze)


def evolve(obj, **changes):
    """A copy of the frozen dataclass ``obj`` (of the model) with ``changes`` (field ->
    value, made read-only here): what :func:`dataclasses.replace` makes, without
    running its ``__init__`` again (its other fields are sealed already)."""
    new = object.__new__(obj.__class__)
    for k in obj.__dataclass_fields__:
        object.__setattr__(new, k, freeze(changes.pop(k)) if k in changes else getattr(obj, k))
    if changes:
        raise TypeError(f"{obj.__class__.__name__} has no field {next(iter(changes))!r}")
    return new
