"""Stage 5: the generic interpreter that runs a compiled ruleset's machine.

Usage (INTERFACES.md section 5)::

    rules = rulekit.load(path_or_name)
    game = rules.new_game(players=4, seed=1)
    while not game.finished:
        game.apply(game.legal_actions()[0])
    game.result.loser

How a game moves: the engine enters a step and runs its ``do`` effects. A step with an
``actor`` waits for a decision: :meth:`GameState.legal_actions` lists the actions of
the step whose ``choose`` domain and ``legal`` condition allow them, and
:meth:`GameState.apply` runs the chosen action's effects, counts it  and follows the
step's first transition whose ``if`` holds. A step without an actor follows its
transitions at once (automatic steps). ``end_game`` stops everything.

Guards: ``max_actions`` recorded actions and ``AUTO_STEP_LIMIT`` automatic steps in a
row end the game as ``aborted`` with a message instead of running forever; an error
raised by the ruleset's generated code at play time also aborts, naming the step. Any
other exception is a bug of rulekit and propagates.

Events: every change a seat could notice is emitted into ``events`` (see
:meth:`State.emit`); transcripts and tables read them instead of the engine's insides.
A game made with ``events=False`` keeps no event log (bots' copies and playouts, which
never read it, build no event); reading its ``events`` raises ValueError.
"""
from __future__ import annotations

import random
from itertools import repeat as _repeat
from operator import is_ as _is

from ..errors import CardError, IllegalAction, RulesetFailure  # noqa: F401
from ..lang.effects import GameOver
from ..randomness import seed_problem, shuffle
from ..events import EventLog
from ..outcome import copy_outcome
from ..limits import AUTO_STEP_LIMIT, MAX_ACTIONS, MAX_INT_DIGITS, MAX_RECORD_ACTIONS
from .actions import Action, Result, action_key, bind_parts  # noqa: F401 (engine's API)
from .faults import _RUNTIME_WORDS, RulesetFault, raised_by_ruleset  # noqa: F401
from .deciding import Deciding
from .parsing import ActionParsing
from .applying import Applying
from .seats import SharedSteps, split_seat
from .state import State

_copy = list.copy



class GameState(Deciding, SharedSteps, ActionParsing, Applying, State):
    """A game in progress. Made by :meth:`rulekit.runtime.rules.Rules.new_game` (see it
    for the arguments; ``random_version=1`` uses the random source as records of format
    ``/1`` did: a given dealer took no value from it; ``source``: draw from it instead
    of ``random.Random(seed)``; ``events=False``: a quiet game that keeps no event
    log)."""

    def __init__(self, rules, players=None, seed=0, deck=None, dealer=None,
                 max_actions=MAX_ACTIONS, random_version=2, source=None, events=True):
        n = rules.players[2] if players is None else players
        lo, hi, _ = rules.players
        if isinstance(n, bool) or not isinstance(n, int) or not lo <= n <= hi:
            count = f"{lo}" if lo == hi else f"{lo} to {hi}"
            raise ValueError(f"{rules.name} is for {count} players, not {players!r}")
        seed = 0 if seed is None else seed
        if seed_problem(seed):
            raise ValueError(f"seed {seed_problem(seed)}")
        if isinstance(max_actions, int) and abs(max_actions) >= 10 ** MAX_INT_DIGITS:
            raise ValueError(f"max_actions: a number of {len(str(abs(max_actions)))} digits: "
                             f"the limit is {MAX_INT_DIGITS}")
        if deck is not None and not isinstance(deck, (str, list, tuple)):
            raise ValueError(f"deck must be card texts (a list, or one text separated by "
                             f"spaces), not {type(deck).__name__}")
        if isinstance(max_actions, bool) or not isinstance(max_actions, int) or max_actions < 1:
            raise ValueError(f"max_actions must be a positive whole number, not {max_actions!r}")
        if max_actions > MAX_RECORD_ACTIONS:      # a record must be able to hold the game
            raise ValueError(f"max_actions: at most {MAX_RECORD_ACTIONS} (a record holds at "
                             f"most that many actions), not {str(max_actions)[:20]}")
        if random_version not in (1, 2):
            raise ValueError(f"random_version must be 1 or 2, not {random_version!r}")
        if events is not True and events is not False:
            raise ValueError(f"events must be true or false, not {events!r}")
        if source is not None and not isinstance(source, random.Random):
            raise ValueError(f"source must be a random.Random, not {type(source).__name__}")
        rng = random.Random(seed) if source is None else source
        if deck is None:
            order = list(rules.pack)
            shuffle(rng, order)
        else:
            order = self._check_deck(rules, deck)
        if dealer is not None and (isinstance(dealer, bool) or not isinstance(dealer, int)
                                   or not 0 <= dealer < n):
            raise ValueError(f"dealer must be a seat from 0 to {n - 1}, not {dealer!r}")
        # the dealer draw always takes its value from the random source (since records
        # /2), so that play-time shuffles are the same whether the dealer was drawn or
        # given: a record (which stores the dealer) replays exactly
        if dealer is None or random_version >= 2:
            drawn = rng.randrange(n)
            dealer = drawn if dealer is None else dealer
        self._init_state(rules, n, seed, dealer, order, rng, events)
        self.max_actions = max_actions
        self._started = (n, seed, None if deck is None else order, dealer, random_version)
        self._L: dict = {}
        self._legal: list = []
        self._index: dict = {}
        self._guarded(self._start)

    # ---- running the machine ----------------------------------------------------------
    def _guarded(self, fn, *args):
        try:
            fn(*args)
        except Exception as exc:
            self._stopped(exc)
        if self.surfaced:
            self.settle_knowledge()

    def _stopped(self, exc: Exception) -> None:
        """What an exception out of the machine means: ``end_game`` (GameOver), the
        ruleset's failure (the game aborts with a message), or a bug of rulekit (raised
        again)."""
        if isinstance(exc, GameOver):
            self.actor = None
            self._legal, self._index = [], {}
            self._window = None             # (_pending stays: the record keeps it)
        elif isinstance(exc, RecursionError):
            self._abort(f"a procedure calls itself without end (in step {self._where()})")
        elif isinstance(exc, RulesetFault):
            self._abort(f"the ruleset failed at step {self._where()}: {exc}")
        elif raised_by_ruleset(exc):
            self._abort(self._failed(exc))
        else:
            raise exc                       # a bug of rulekit, not of the ruleset

    def call_ruleset(self, fn, L: dict):
        """``fn(self, L)`` for a function compiled from the ruleset (a heuristic, an
        expression): its value, or RulesetFailure with the words an aborted game would
        have. A bug of rulekit propagates as itself."""
        try:
            return fn(self, L)
        except RecursionError:
            raise RulesetFailure(f"a definition calls itself without end (in step "
                                 f"{self._where()})") from None
        except RulesetFault as exc:
            raise RulesetFailure(f"the ruleset failed at step {self._where()}: {exc}") from None
        except Exception as exc:
            if not raised_by_ruleset(exc):
                raise
            raise RulesetFailure(self._failed(exc)) from None

    def _failed(self, exc: Exception) -> str:
        """The message of a game stopped by ``exc``, raised in the ruleset's code."""
        what = _RUNTIME_WORDS.get(type(exc).__name__, "error")
        detail = "" if isinstance(exc, ZeroDivisionError) else f" ({exc})"
        return f"the ruleset failed at step {self._where()}: {what}{detail}"

    def stop(self, message: str) -> None:
        """End the game as aborted with ``message`` (the ruleset failed outside a move,
        say in an agent's heuristic)."""
        if not self.finished:
            self._abort(message)

    def _where(self) -> str:
        return self.step.key if self.step is not None else "setup"

    def _abort(self, message: str):
        self.status = "aborted"
        self.message = message
        self.actor = None
        self._legal, self._index = [], {}
        self._window = None                 # (_pending stays: the record keeps it)

    def _start(self):
        self.rules.setup.fn(self, {})
        start_phase = self.rules.phases[self.rules.start]
        start_phase.steps[start_phase.start].enter(self)
        self._advance()

    def _advance(self):
        """Run automatic steps until a decision (legal actions computed) or the end.
        Entering a step and following its transitions are the step's generated
        functions (``enter``, ``follow``; see rulekit.compiler.hotpath)."""
        auto = 0
        step = self.step
        while step.decides is False:
            auto += 1
            if auto > AUTO_STEP_LIMIT:
                self._abort(f"automatic steps ran {AUTO_STEP_LIMIT} times without a decision "
                            f"(last at step {step.key})")
                return
            step = step.follow(self, self._L)
        if step.actors is not None:         # several seats (rulekit.runtime.seats)
            return self._advance_shared(step, auto)
        actor = step.actor(self, self._L)
        if actor.__class__ is not int or not 0 <= actor < self.n:
            raise RulesetFault(f"the actor {actor!r} is not a seat of this game")
        self.actor = actor
        self._legal = legal = step.legal(self)      # (_compute_legal, written in place)
        self._index = None
        if not legal and not (step.parted and self._may_choose_parts(step)):
            self._abort(f"seat {actor} has no legal action at step {step.key}")

    def _compute_legal(self):
        """The legal actions of the seat to act, from the step's generated function (see
        :mod:`rulekit.compiler.hotpath`): each item of each action's choice domain (a
        card or a play) for which ``legal`` holds, once each (a domain that lists the
        same play twice offers it once). An item that is not a card or a list of cards
        is the ruleset's error (RulesetFault)."""
        self._legal = self.step.legal(self)
        self._index = None

    def _indexed(self) -> dict:
        """The legal actions by key (name, frozenset of cards), built when first asked."""
        index = self._index
        if index is None:
            index = self._index = {}
            for a in self._legal:
                index.setdefault(action_key(a), a)
        return index

    # ---- the API (INTERFACES.md section 5) --------------------------------------------
    @property
    def finished(self) -> bool:
        """True once the game has ended, finished or aborted (see ``result.status``)."""
        return self.status != "in_progress"

    @property
    def result(self) -> Result:
        """The :class:`Result` so far (status ``in_progress`` while playing)."""
        o = copy_outcome(self.outcome)
        if o is None:
            return Result(self.status, self.loser, list(self.out_order), self.message)
        return Result(self.status, self.loser, list(self.out_order), self.message,
                      o["ranking"], o["winners"], o["losers"], o["draw"], o["scores"],
                      o["returns"], o.get("teams"))

    @property
    def to_act(self) -> int | None:
        """The seat to act, or None once the game has ended."""
        return None if self.finished else self.actor

    def _strings(self) -> list[str]:
        """The legal action strings of the seat to act: the listed ones and, where the
        decision has choices in parts, those with few complete choices (see
        rulekit.runtime.deciding.SHOWN_CHOICES)."""
        if self.step is not None and self.step.parted and self.status == "in_progress":
            return self._shown_strings(self.actor)
        return [str(a) for a in self._legal]

    def _illegal_message(self, action) -> str:
        if self.finished:
            return f"'{action}' is not legal: the game is over ({self.status})"
        if self._offers_parts():
            return f"'{action}' is not legal for seat {self.actor}; {self._shapes_said()}"

        return (f"'{action}' is not legal for seat {self.actor}; legal: "
                + ", ".join(self._strings()))

    def apply(self, action) -> None:
        """Take ``action`` (an Action from :meth:`legal_actions` or an action string) for
        the seat to act (or, at a step with several ``actors``, for its own seat: an
        action string then starts with the seat, ``"2: take"``), then run automatic steps
        up to the next decision.

        Raises rulekit.IllegalAction if it is not legal now (the message names the legal
        ones), rulekit.CardError for bad card text.
        """
        if self.status != "in_progress":
            raise IllegalAction(self._illegal_message(action), action, None, [])
        if action.__class__ is Action or isinstance(action, Action):
            if True in map(_is, self._legal, _repeat(action)):
                act = action                  # one of ours (the usual case; in C)
            else:
                act = self._find(action)
            if act is None:
                raise IllegalAction(self._illegal_message(action), str(action), self.actor,
                                    self._strings())
        else:
            act = self.parse_action(action)
        try:
            fused = self.step.act if self._window is None else None
            if fused is not None:       # the step's own function (rulekit.compiler.hotpath)
                fused(self, act)
            else:
                self._apply(act)
        except Exception as exc:
            self._stopped(exc)
        if self.surfaced:
            self._settle_surfaced()

    def _settle_surfaced(self) -> None:
        """After an action that showed cards to everyone (``surfaced``): they are face
        up to all (:meth:`settle_knowledge`, its usual case written here)."""
        if self.marks or self._public_shared:
            self.settle_knowledge()
        else:
            surfaced = self.surfaced
            self.public.update(surfaced)
            surfaced.clear()

    # ---- looking at the state -----------------------------------------------------------
    def evaluate(self, text: str, **names):
        """The value of expression ``text`` (the ruleset's language) in this state, e.g.
        ``game.evaluate("count(hand[s])", s=2)``. Keyword arguments bind extra names
        (``seat`` included). Raises RulesetError for an expression that does not compile, and
        its RulesetFailure when the ruleset's code fails (a division by zero, say)."""
        fn = self.rules.expression(text, tuple(sorted(names)))
        return self.call_ruleset(fn, dict(names))

    def restart(self) -> "GameState":
        """A new game as this one was before its first action: the same ruleset,
        players, seed, deck, dealer and limits (so applying this game's ``history``
        to it gives this game again). It keeps an event log when this game does."""
        n, seed, deck, dealer, version = self._started
        return GameState(self.rules, n, seed, deck, dealer, self.max_actions, version,
                         events=self.log is not None)

    def clone(self, events: bool | None = None) -> "GameState":
        """An independent copy (its random source in the same state: shared until one
        of the two draws from it, see ``rng``). Its ``events`` start empty: what
        happened before the copy is in the original's. ``events``: whether the copy
        keeps an event log (default: as this game does); ``clone(events=False)`` makes
        a quiet copy, which builds no event (a bot's trial copy: cheaper), whose
        ``events`` raise ValueError. Raises ValueError for a value that is not a bool
        or None."""
        if events is None:
            events = self.log is not None
        elif events is not True and events is not False:
            raise ValueError(f"events must be true, false or None, not {events!r}")
        new = object.__new__(GameState)
        new.__dict__ = d = self.__dict__.copy()
        rules = self.rules
        d["z"] = z = self.z.copy()
        for k in rules.seat_zones:
            z[k] = list(map(_copy, z[k]))
        for k in rules.game_zones:
            z[k] = z[k][:]
        d["v"] = v = self.v.copy()
        for k in rules.seat_vars:
            v[k] = [y[:] if y.__class__ is list else y for y in v[k]]
        for k in rules.list_vars:
            if v[k].__class__ is list:
                v[k] = v[k][:]
        self._where_shared = d["_where_shared"] = True       # copied before it changes
        d["tags"] = self.tags.copy()
        d["playno"] = self.playno.copy()
        d["marks"] = self.marks.copy() if self.marks else {}     # (mostly empty: made)
        d["inplay"] = self.inplay[:]
        d["out_order"] = self.out_order[:]
        self._history_shared = d["_history_shared"] = True   # copied at the next action
        d["log"] = EventLog() if events else None   # a copy starts its own event log
        self._public_shared = d["_public_shared"] = True     # copied before it grows
        d["surfaced"] = self.surfaced[:] if self.surfaced else []
        d["_L"] = self._L.copy() if self._L else {}
        # _legal is shared: it is replaced, never changed in place
        d["_index"] = None
        d["_choosers"] = None
        self._rng_shared = d["_rng_shared"] = True
        return new

