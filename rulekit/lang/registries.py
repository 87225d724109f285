"""What every registry of the language is: a mapping of declarations by name that
refuses a name twice.

The effects and their run-time primitives (:mod:`.effects`), the built-in functions
(:mod:`.functions`), the expression forms (:mod:`.forms`), the option types
(:mod:`.options`) and the step attributes (:mod:`.steps`) are each a :class:`Registry`.
A declaration registered under a name already taken raises :class:`DuplicateName` at
once, that is when its module is imported: a second declaration never silently
replaces the first.
"""
from __future__ import annotations


class DuplicateName(Exception):
    """A name registered twice in one registry (raised at import: a bug of rulekit, or
    of code that adds to the language)."""


class Registry(dict):
    """Declarations by name, in the order they were registered (the order of the
    schema and of the docs' tables). ``what`` names one entry in messages (``"an
    effect"``). Setting a name that is already there raises :class:`DuplicateName`;
    deleting one is allowed (a test that registers a toy takes it away again).
    :attr:`changes` counts the changes of every registry, so that what is built from
    them (the schema, :mod:`.schema`) is built again after one."""

    changes = 0                 # changes of all registries so far (class-wide)

    def __init__(self, what: str):
        super().__init__()
        self.what = what

    def __setitem__(self, name, value) -> None:
        if name in self:
            raise DuplicateName(f"{self.what} named '{name}' is registered twice: the second "
                                "declaration would replace the first")
        super().__setitem__(name, value)
        Registry.changes += 1

    def __delitem__(self, name) -> None:
        super().__delitem__(name)
        Registry.changes += 1

    def pop(self, name, *default):
        """Take ``name`` away (as ``del``), returning its declaration."""
        out = super().pop(name, *default)
        Registry.changes += 1
        return out

    def update(self, *args, **kwargs) -> None:
        """Register every pair of a mapping (or of pairs) and of ``kwargs``, one at a time;
        raises :class:`DuplicateName` as setting one does."""
        for name, value in dict(*args, **kwargs).items():
            self[name] = value

    def setdefault(self, name, value=None):
        """Not offered: a registry is added to only by setting a new name."""
        raise TypeError("a registry is added to by its declaration, not setdefault")

    def add(self, name, value):
        """Register ``value`` under ``name`` and return it; raises :class:`DuplicateName`
        when the name is taken."""
        self[name] = value
        return value
