"""A game's event log: what happened, in order, as dicts (see ``State.emit`` for the
kinds), written cheaply.

The hot path (a card moved, an action taken) appends an event as a tuple or a list
whose first item says its fields (:data:`FIELDS`), instead of building a dict no one
may read: most games played by bots and simulations never read their events. Reading
the log (an index, a slice, a loop) turns such an event into its dict, once, in place;
so a reader sees dicts only, and a dict read twice is the same object.

    log = EventLog()
    log.append(("moved", ["7H"], ("trick", None), 3, "shed"))
    log[0]      # {'kind': 'moved', 'cards': ['7H'], 'to': ('trick', None), ...}

A one-card move is written with the card itself (kind ``moved1``) and read as a
``moved`` event whose ``cards`` is a one-card list.
"""
from __future__ import annotations

# the fields of each compact form, in order (its first item names the form; a
# ``moved1`` event has the fields of ``moved``, its card alone in place of the list)
FIELDS = {
    "moved": ("kind", "cards", "to", "actions", "phase"),
    "action": ("kind", "seat", "action", "until", "actions", "phase"),
}
UNTIL = 3       # where an action event keeps ``until`` (its effects' last event + 1)

_get = list.__getitem__
_set = list.__setitem__


def _as_dict(ev) -> dict:
    if ev[0] == "moved1":                   # (see FIELDS)
        return {"kind": "moved", "cards": [ev[1]], "to": ev[2], "actions": ev[3],
                "phase": ev[4]}
    return dict(zip(FIELDS[ev[0]], ev))


class EventLog(list):
    """A list of events that hands out every event as a dict (see the module's text).
    Appending is a list's; reading (an index, a slice, iteration, ``in``, ``index``,
    ``count``, ``pop``, ``+``, ``==``) gives dicts. (A list's other methods, such as
    ``sort``, see the events as stored.)"""
    __slots__ = ()

    def _at(self, i: int) -> dict:
        ev = _get(self, i)
        if ev.__class__ is not dict:
            ev = _as_dict(ev)
            _set(self, i, ev)
        return ev

    def __getitem__(self, i):
        if i.__class__ is slice:
            return [self._at(k) for k in range(*i.indices(len(self)))]
        return self._at(i)

    def __iter__(self):
        for i in range(len(self)):
            yield self._at(i)

    def __reversed__(self):
        for i in range(len(self) - 1, -1, -1):
            yield self._at(i)

    def __contains__(self, ev) -> bool:
        return any(x == ev for x in self)

    def index(self, ev, *args) -> int:
        return self[:].index(ev, *args)

    def count(self, ev) -> int:
        return self[:].count(ev)

    def pop(self, i: int = -1) -> dict:
        ev = self._at(i)
        list.pop(self, i)
        return ev

    def __add__(self, other) -> list:
        return self[:] + list(other)

    def copy(self) -> list:
        """The events as a plain list of dicts."""
        return self[:]

    def __reduce__(self):           # (pickled as dicts)
        return (EventLog, (self[:],))

    def __repr__(self) -> str:
        return repr(self[:])

    def __eq__(self, other) -> bool:
        return self[:] == (other[:] if isinstance(other, list) else other)

    def __ne__(self, other) -> bool:
        return not self == other

    __hash__ = None
