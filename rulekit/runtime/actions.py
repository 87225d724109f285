"""What a game hands out: :class:`Action` (one legal action, immutable) and
:class:`Result` (how a game ended)."""
from __future__ import annotations

from dataclasses import dataclass, field
from operator import itemgetter as _get

from ..model import TYPED_CHOICES
from ..outcome import describe
from ..parts import bind_parts  # noqa: F401 (the engine reads it here)


@dataclass(frozen=True)
class Result:
    """How a game ended: ``status`` (in_progress, finished, aborted), ``loser`` (the
    one seat in last place, or None), ``out_order`` (seats in the order they went out),
    ``message`` (why aborted), and once finished the full outcome (see
    :mod:`rulekit.outcome`): ``ranking`` (places best first, each a list of seats),
    ``winners`` and ``losers`` (first and last place; empty in a draw), ``draw``,
    ``scores`` (one number per seat, or None) and ``returns`` (one number per seat:
    +1 first, -1 last by default; None until finished); ``teams`` (lists of seats, or
    None when the game has no teams)."""
    status: str
    loser: int | None
    out_order: list = field(default_factory=list)
    message: str = ""
    ranking: list = field(default_factory=list)
    winners: list = field(default_factory=list)
    losers: list = field(default_factory=list)
    draw: bool = False
    scores: list | None = None
    returns: list | None = None
    teams: list | None = None

    def as_dict(self) -> dict:
        """The record form: ``{"status", "loser", "out_order"}``."""
        return {"status": self.status, "loser": self.loser, "out_order": list(self.out_order)}

    def words(self) -> str:
        """The outcome in words (``seat 2 wins with 23 points; seat 0 is last``), or the
        status while there is none."""
        if self.returns is None:
            return self.status.replace("_", " ") + (f": {self.message}" if self.message else "")
        return describe({"ranking": self.ranking, "draw": self.draw, "scores": self.scores,
                         "teams": self.teams, "winners": self.winners,
                         "losers": self.losers})


class Action(tuple):
    """One legal action: ``name``, ``cards`` (tuple, a run ascending by rank), ``seat``,
    ``choice`` (the chosen item: a card, or a play as a new list each time), ``defn``
    (its compiled :class:`~rulekit.model.ActionDef`), ``key`` (name, set of cards).

    ``str(action)`` is the action string (``play 7H``, ``play 5H 6H 7H``, ``stock``).
    Actions are immutable (a tuple underneath: name, cards, seat, choice, defn and the
    action string or None; the generated legal-action functions build an action that
    has no choice or one card once per ruleset, seat and card, and hand it out again):
    setting an attribute raises AttributeError, and ``choice`` hands out a copy.
    """
    __slots__ = ()

    def __new__(cls, defn, choice, cards: tuple, seat: int):
        return tuple.__new__(cls, (defn.name, cards, seat, choice, defn, None))

    name = property(_get(0), doc="the action's name (``play``)")
    cards = property(_get(1), doc="the chosen cards, a run ascending by rank")
    seat = property(_get(2), doc="the seat that takes it")
    defn = property(_get(4), doc="the compiled action it is an instance of")

    @property
    def key(self) -> tuple:
        """What identifies it among a seat's legal actions: (name, frozenset of cards),
        or for a typed choice (a seat, number, rank, suit or word) (name, the value)."""
        return action_key(self)

    @property
    def choice(self):
        """The chosen item: a card, or a play (a new list each time), or None."""
        c = self[3]
        return list(c) if c.__class__ is list else c

    def __setattr__(self, name, value):
        raise AttributeError(f"an Action cannot be changed (tried to set '{name}')")

    def __delattr__(self, name):
        raise AttributeError(f"an Action cannot be changed (tried to delete '{name}')")

    def __str__(self) -> str:
        if self[5] is not None:
            return self[5]
        return " ".join((self[0],) + self[1]) if self[1] else self[0]

    def __repr__(self) -> str:
        return f"Action({str(self)!r}, seat={self[2]})"

    def __eq__(self, other) -> bool:
        if isinstance(other, Action):
            return self[2] == other[2] and action_key(self) == action_key(other)
        return NotImplemented

    def __ne__(self, other) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self) -> int:
        return hash((action_key(self), self[2]))

    def __reduce__(self):
        return (_rebuild, (self[4], self.choice, self[1], self[2], self[5]))


def action_key(a) -> tuple:
    """The key of action tuple ``a`` (see :attr:`Action.key`)."""
    kind = a[4].kind
    if kind in TYPED_CHOICES:
        return (a[0], ("=", a[3]))
    if kind == "parts":                 # one value per part, a set's cards in any order
        return (a[0], ("parts",) + tuple(frozenset(v) if v.__class__ is tuple else v
                                         for v in a[3]))
    return (a[0], frozenset(a[1]))




def _rebuild(defn, choice, cards, seat, text=None):
    return tuple.__new__(Action, (defn.name, cards, seat, choice, defn, text))
