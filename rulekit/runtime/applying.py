"""Applying an action: the one copy, for a step with one seat to act
(:meth:`~rulekit.runtime.engine.GameState.apply`) and for one with several
(:mod:`rulekit.runtime.seats`)."""
from __future__ import annotations

from ..events import UNTIL
from .actions import Action, bind_parts

_raw = list.__getitem__          # an event as the log stores it (rulekit.events)


class Applying:
    """The part of :class:`~rulekit.runtime.engine.GameState` that applies an action."""

    def _apply(self, act: Action, count: int = 0) -> None:
        """Apply ``act`` (a legal action): count it, record it in ``history``, run its
        effects, its seat acting (an ``action`` event, whose ``until`` is the end of the
        events of its effects), take the step's transitions and run automatic steps up
        to the next decision; stop the game once it has had ``max_actions``. At a step
        with several actors, :meth:`~rulekit.runtime.seats.SharedSteps._apply_shared`
        takes it instead, and calls this with ``count`` (the action's number, counted
        there) for the part in between: record it (with its seat: ``"2: take"``) and
        run its effects; the transitions are then its to take. The one copy of
        applying an action (the one-seat path pays no call for sharing it). A game that
        keeps no event log (``events=False``) builds no event."""
        shared = count != 0
        if shared:                              # (from _apply_shared)
            self.actor = act[2]
        elif self._window is not None:          # several seats may act
            return self._apply_shared(act)
        else:
            self.actions = count = self.actions + 1
        name, cards, seat, choice, defn, text = act
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
            L = {} if defn.parts is None else bind_parts(defn, choice)
        else:                                   # a play: a fresh list
            L = {var: choice[:] if choice.__class__ is list else choice}
        log = self.log                          # (None: a quiet game, no events)
        private = defn.private                  # what the other seats see of it
        if log is None:
            pass
        elif private is None:                   # (compact: see rulekit.events)
            event, until = ["action", seat, text, None, count, self.phase], UNTIL
            at = len(log)
            log.append(event)
        else:
            event, until = {"kind": "action", "seat": seat, "action": text, "until": None,
                            "actions": count, "phase": self.phase}, "until"
            at = len(log)
            log.append(event)
        try:
            if private is not None:             # (a quiet game: only what may fail of it)
                public = private(self, L)
                if log is not None:
                    event["public"] = public
            defn.do.fn(self, L)
            if log is not None:
                event[until] = done = len(log)  # the events of the action's own effects
                if until is UNTIL and _raw(log, at) is not event:
                    log[at]["until"] = done     # (read meanwhile: its dict is in the log)
            if shared:
                return
            self.step.follow(self, self._L)
            self._advance()
        finally:
            if count >= self.max_actions and not shared:
                self._stop_at_max()

    def _stop_at_max(self) -> None:
        """After the last action ``max_actions`` allows: a game still in progress ends
        as aborted."""
        if self.status == "in_progress":
            self._abort(f"stopped after {self.actions} actions (max_actions)")
