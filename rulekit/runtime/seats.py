"""Steps where several seats may act: shared windows and simultaneous choices.

A step with ``actors`` (a list of seats) opens a decision for every listed seat that
has a legal action (:meth:`SharedSteps._open`):

- a **shared window**: any of those seats may act, one action at a time. When several
  want to act at once, the one listed first acts (the list's order is the precedence).
  After each action the window is looked at again (the list is evaluated afresh, the
  step's ``do`` is not run again) until no listed seat has a legal action, or ``until``
  holds after an action; then the step's transitions are taken.
- a **simultaneous** step: each listed seat makes one choice. The choices are kept
  hidden (a ``chosen`` event says only who has chosen) until every seat has chosen;
  then their effects run in seat order and the transitions are taken once.

``to_act`` stays one seat: the first in precedence (seat order for a simultaneous
step) of those that may act now; ``actors`` lists them all. An action of any of them
is accepted, in any order. The history (and so the record) writes each such action
with its seat, ``"2: take"``, so that a replay is exact; a simultaneous step's choices
are written in seat order once all have chosen (:meth:`SharedSteps.record_actions`
adds those still pending).
"""
from __future__ import annotations

import re

from ..errors import IllegalAction
from ..limits import AUTO_STEP_LIMIT
from .actions import Action, action_key
from .faults import RulesetFault

_PREFIX = re.compile(r"\s*([^\s:]*)\s*:(.*)\Z", re.S)


def split_seat(text: str):
    """``"2: play 7H"`` -> ``(2, "play 7H")``; text without a seat -> ``(None, text)``.
    Raises ValueError when the text starts with something and a colon that is not a
    seat number (``"-1: take"``, ``": take"``)."""
    m = _PREFIX.match(text)
    if m is None:                       # no colon, or one after a space: "call a:b"
        return None, text
    word = m.group(1)
    if not (word.isascii() and word.isdigit()) or len(word) > 4:
        shown = word if len(word) <= 12 else word[:9] + "..."
        raise ValueError(f"'{shown}:' is not a seat: an action string may start with the "
                         "number of the seat taking it and a colon, as in '2: take'")
    return int(word), m.group(2).strip()


class SharedSteps:
    """The part of :class:`~rulekit.runtime.engine.GameState` for steps with ``actors``.

    State: ``_window`` (seat -> its legal actions, in precedence order, while such a
    step waits; None otherwise) and ``_pending`` (seat -> the Action it chose, while a
    simultaneous step waits; None otherwise). Both are replaced, never changed in
    place, so a copy (``clone``) shares them safely."""

    @property
    def actors(self) -> list[int]:
        """Every seat that may act now, in order of precedence (``to_act`` first); [] once
        the game has ended."""
        if self.status != "in_progress":
            return []
        window = self._window
        return list(window) if window is not None else [self.actor]

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The legal actions of ``seat`` (default: the seat to act); [] for a seat that
        may not act now or once the game has ended. Raises ValueError for a bad seat."""
        if seat is None or (seat == self.actor and seat.__class__ is int):
            if self.step is not None and self.step.parted:
                return self._all_legal(seat)
            return list(self._legal)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n:
            raise ValueError(f"seat must be from 0 to {self.n - 1}, not {seat!r}")
        window = self._window
        if window is None or seat not in window:
            return []
        if self.step.parted:
            return self._all_legal(seat)
        return list(window[seat])

    def record_actions(self, pending_of=None) -> list[str]:
        """The action strings a record keeps: the history, then the choices of a
        simultaneous step not yet taken into effect (still waiting for others, or cut
        short by the end of the game), in seat order: every seat's, or only those of the
        seats in ``pending_of``."""
        pending = self._pending
        if not pending:
            return list(self.history)
        return list(self.history) + [f"{s}: {_text(a)}" for s, a in sorted(pending.items())
                                     if pending_of is None or s in pending_of]

    def _open(self, step) -> bool:
        """Open the decision of ``step`` (one with ``actors``): True if some listed seat
        may act (or the game aborted), False if none may (the step's transitions are
        then taken). A listed value that is not a seat is the ruleset's error."""
        seats = step.actors(self, self._L)
        if seats.__class__ is not list:
            raise RulesetFault(f"actors of step {step.key} gave {seats!r}, not a list of seats")
        listed = []
        for s in seats:
            if s.__class__ is not int or not 0 <= s < self.n:
                raise RulesetFault(f"the actor {s!r} is not a seat of this game")
            if s not in listed:
                listed.append(s)
        if step.simultaneous:
            listed.sort()
        window = {}
        for s in listed:
            self.actor = s
            legal = step.legal(self)
            if legal or (step.parted and self._may_choose_parts(step)):
                window[s] = legal
            elif step.simultaneous:
                self._abort(f"seat {s} has no legal action at step {step.key}")
                return True
        if not window:
            self.actor = None
            return False
        if step.simultaneous:
            self._pending = {}
        self._window = window
        self._first()
        return True

    def _advance_shared(self, step, auto: int) -> None:
        """Open the decision of ``step`` (one with ``actors``); while no listed seat may
        act, take its transitions and go on as ``_advance`` does (``auto``: automatic
        steps so far, counted against the same guard)."""
        while not self._open(step):         # none may act: the window closes
            while True:                     # its transitions, then automatic steps
                auto += 1
                if auto > AUTO_STEP_LIMIT:
                    self._abort(f"automatic steps ran {AUTO_STEP_LIMIT} times without a "
                                f"decision (last at step {step.key})")
                    return None
                step = step.follow(self, self._L)
                if step.decides:
                    break
            if step.actors is None:         # a one-seat decision: as usual
                return self._advance()
        return None

    def _first(self) -> None:
        """Make the first seat of the window the seat to act."""
        window = self._window
        first = next(iter(window))
        self.actor = first
        self._legal = window[first]
        self._index = None

    def _find(self, action: Action):
        """The legal action equal to ``action`` (one of ours, or one with its name,
        cards and seat), or None."""
        seat = action[2]
        if action[4].kind == "parts":       # a choice in parts: checked directly
            if action[4] not in self.parted_actions(seat):
                return None
            try:
                return self.action_of(action[0], action[3], seat)
            except IllegalAction:
                return None
        if seat == self.actor:
            legal = self._legal
        elif self._window is not None:
            legal = self._window.get(seat, ())
        else:
            return None
        for act in legal:
            if act is action:
                return act
        if legal is self._legal:
            return self._indexed().get(action_key(action))
        key = action_key(action)
        return next((a for a in legal if action_key(a) == key), None)

    def _as_seat(self, seat, fn, *args):
        """``fn(*args)`` with ``seat`` (one that may act now) as the seat to act, put back
        afterwards. Raises IllegalAction for a seat that may not act now."""
        if seat == self.actor or self.status != "in_progress":
            return fn(*args)
        window = self._window
        if window is None or seat not in window:
            may = ", ".join(map(str, self.actors))
            raise IllegalAction(f"seat {seat} may not act now (seat{'s' if ',' in may else ''} "
                                f"{may} may)", str(args[0]) if args else "", self.actor,
                                self._strings())
        saved = self.actor, self._legal, self._index
        self.actor, self._legal, self._index = seat, window[seat], None
        try:
            return fn(*args)
        finally:
            self.actor, self._legal, self._index = saved

    def _apply_shared(self, act: Action) -> None:
        """Take ``act`` at a step with ``actors`` (see the module docstring)."""
        step = self.step
        seat = act[2]
        self.actions = count = self.actions + 1
        try:
            if step.simultaneous:
                pending = dict(self._pending)
                pending[seat] = act
                self._pending = pending
                self._legal, self._index = [], None
                if self.log is not None:
                    self.log.append({"kind": "chosen", "seat": seat, "actions": count,
                                     "phase": self.phase})
                window = {s: v for s, v in self._window.items() if s != seat}
                if window:
                    self._window = window
                    self._first()
                    return
                self._window = None
                for s in sorted(pending):   # each leaves the pending ones as it runs,
                    self._pending = {k: a for k, a in pending.items() if k > s}  # so an
                    self._apply(pending[s], count)  # end or error keeps the rest
                self._pending = None
                step.follow(self, self._L)
            else:
                self._window = None
                self._apply(act, count)
                if step.until is not None and step.until(self, self._L):
                    step.follow(self, self._L)
            self._advance()
        finally:
            if count >= self.max_actions:
                self._stop_at_max()

    def _hide_choices(self, seat: int) -> None:
        """Forget the pending simultaneous choices of every seat but ``seat`` (what that
        seat cannot know): those seats are waiting to choose again."""
        pending = self._pending
        others = [s for s in pending if s != seat] if pending else []
        if not others:
            return
        self._pending = {s: a for s, a in pending.items() if s == seat}
        self.actions -= len(others)
        window = dict(self._window)
        window.update(dict.fromkeys(others, []))
        self._window = dict(sorted(window.items()))

    def _relist(self) -> None:
        """List the legal actions again after the state changed under the decision (a
        determinization): every waiting seat's."""
        if self._window is None:
            self._compute_legal()
            return
        step = self.step
        window = {}
        for s in self._window:
            self.actor = s
            legal = step.legal(self)
            if legal or (step.parted and self._may_choose_parts(step)):
                window[s] = legal
        if not window:
            self._abort(f"no seat has a legal action at step {step.key}")
            return
        self._window = window
        self._first()


def _text(act) -> str:
    text = act[5]
    return text if text is not None else " ".join((act[0],) + act[1]) if act[1] else act[0]
