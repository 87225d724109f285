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


def seal(obj) -> None:
    """Make the containers among ``obj``'s attributes read-only all the way down (a
    frozen dataclass's ``__post_init__``: part of building it)."""
    d = obj.__dict__
    for k, v in d.items():
        c = v.__class__
        if c is dict or c is list or c is set or c is tuple:
            d[k] = freeze(v)


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
        return ReadOnlyDict({k: freeze(v) for k, v in value.items()})
    if cls is list:
        return ReadOnlyList([freeze(v) for v in value])
    if cls is tuple:
        items = [freeze(v) for v in value]
        return value if all(a is b for a, b in zip(items, value)) else tuple(items)
    if cls is set:
        return frozenset(value)
    return value
