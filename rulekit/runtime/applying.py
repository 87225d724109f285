"""Applying an action: the one copy, for a step with one seat to act
(:meth:`~rulekit.runtime.engine.GameState.apply`) and for one with several
(:mod:`rulekit.runtime.seats`)."""
from __future__ import annotations

from ..events import UNTIL
from .actions import Action

_raw = list.__getitem__          # an event as the log stores it (rulekit.events)


class Applying:
    """The part of :class:`~rulekit.runtime.engine.GameState` that applies an action
    (its callers count it and take the step's transitions afterwards)."""

    def _run(self, act: Action, count: int, shared: bool) -> None:
        """Apply ``act``, the ``count``-th action: record it (in ``history``, written
        with its seat when ``shared``: a step with several actors) and run its effects,
        its seat acting (an ``action`` event, whose ``until`` is the end of the events
        of its effects). The one copy of applying an action: ``_apply`` (one seat to
        act) and ``_apply_shared`` (rulekit.runtime.seats) call it, then take the
        step's transitions as their step says."""
        name, cards, seat, choice, defn, text = act
        self.actor = seat
        self.last_action = name
        if text is None:                        # (the generated code's shared actions
            text = " ".join((name,) + cards) if cards else name  # carry their string)
        if self._history_shared:                # shared with a copy since clone()
            self.history = self.history[:]
            self._history_shared = False
        self.history.append(f"{seat}: {text}" if shared else text)
        self._legal, self._index = [], None
        var = defn.var
        if var is None:
            L = {}
        else:                                   # a play: a fresh list
            L = {var: choice[:] if choice.__class__ is list else choice}
        events = self.events
        private = defn.private                  # what the other seats see of it
        if private is None:                     # (compact: see rulekit.events)
            event, until = ["action", seat, text, None, count, self.phase], UNTIL
        else:
            event, until = {"kind": "action", "seat": seat, "action": text, "until": None,
                            "actions": count, "phase": self.phase}, "until"
        at = len(events)
        events.append(event)
        if private is not None:
            event["public"] = private(self, L)
        defn.do.fn(self, L)
        event[until] = done = len(events)       # the events of the action's own effects
        if until is UNTIL and _raw(events, at) is not event:
            events[at]["until"] = done          # (read meanwhile: its dict is in the log)

    def _stop_at_max(self) -> None:
        """After the last action ``max_actions`` allows: a game still in progress ends
        as aborted."""
        if self.status == "in_progress":
            self._abort(f"stopped after {self.actions} actions (max_actions)")
