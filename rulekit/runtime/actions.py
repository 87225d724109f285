"""What a game hands out: :class:`Action` (one legal action, immutable) and
:class:`Result` (how a game ended)."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Result:
    """How a game ended: ``status`` (in_progress, finished, aborted), ``loser`` (seat or
    None), ``out_order`` (seats in the order they went out), ``message`` (why aborted)."""
    status: str
    loser: int | None
    out_order: list = field(default_factory=list)
    message: str = ""

    def as_dict(self) -> dict:
        """The record form: ``{"status", "loser", "out_order"}``."""
        return {"status": self.status, "loser": self.loser, "out_order": list(self.out_order)}


_set = object.__setattr__


class Action:
    """One legal action: ``name``, ``cards`` (tuple, a run ascending by rank), ``seat``,
    ``choice`` (the chosen item: a card, or a play as a new list each time).

    ``str(action)`` is the action string (``play 7H``, ``play 5H 6H 7H``, ``stock``).
    Actions are immutable: setting an attribute raises AttributeError.
    """
    __slots__ = ("name", "cards", "seat", "_choice", "defn", "key")

    def __init__(self, defn, choice, cards: tuple, seat: int):
        _set(self, "defn", defn)
        _set(self, "name", defn.name)
        _set(self, "_choice", tuple(choice) if choice.__class__ is list else choice)
        _set(self, "cards", cards)
        _set(self, "seat", seat)
        _set(self, "key", (defn.name, frozenset(cards)))

    def __setattr__(self, name, value):
        raise AttributeError(f"an Action cannot be changed (tried to set '{name}')")

    def __delattr__(self, name):
        raise AttributeError(f"an Action cannot be changed (tried to delete '{name}')")

    @property
    def choice(self):
        c = self._choice
        return list(c) if c.__class__ is tuple else c

    def __str__(self) -> str:
        return " ".join((self.name,) + self.cards) if self.cards else self.name

    def __repr__(self) -> str:
        return f"Action({str(self)!r}, seat={self.seat})"

    def __eq__(self, other) -> bool:
        if isinstance(other, Action):
            return self.key == other.key and self.seat == other.seat
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.key, self.seat))
