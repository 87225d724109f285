"""The mutable state of one game (the effects of rulekit.lang.effects change it through
the operations of rulekit.lang.state_api.GameStateAPI, in :mod:`.changes`).

State (DESIGN.md, stage 5): zones (ordered card lists; per-seat zones are lists
indexed by seat), variables, per-card tags on tagged zones (seat, play number, kind),
per-card face marks (``up``: seen by all; ``down``: seen by none), seat status
(in/out, ``out_order``), the current phase and step, the seeded random source, the
action count and the announcements made so far.

Cards are their text (``'7H'``); seats are ints ``0..n-1``.
"""
from __future__ import annotations

import random

from ..cards import COPY_MARK
from ..errors import CardError
from ..events import EventLog
from ..outcome import copy_outcome
from .changes import Changes


NO_EVENTS = ("this game keeps no event log: it was made with events=False (new_game or "
             "clone), for bots and playouts that never read it; make it with events=True "
             "to read its events")


class State(Changes):
    """The data of a game in progress and its changes (:class:`~.changes.Changes`, the
    language's API). :class:`~rulekit.runtime.engine.GameState` adds the game's API."""

    def _init_state(self, rules, n: int, seed, dealer: int, deck: list[str], rng: random.Random,
                    events: bool = True):
        self.rules = rules
        self.n = n
        self.dealer = dealer
        self.first_dealer = dealer  # the dealer of the first hand (records keep it)
        self.seed = seed
        self._rng = rng
        self._rng_shared = False  # True: shared with a copy (see rng), copied before use
        self.z: dict = {}
        self.where: dict = {}     # card -> (zone name, seat or None)
        self._where_shared = False  # True: shared with a copy, copied before it changes
        for name, decl in rules.zones.items():
            self.z[name] = [[] for _ in range(decl.slots(n))] if decl.slotted else []
        self.z["deck"] = list(deck)
        for c in deck:
            self.where[c] = ("deck", None)
        self.v: dict = {}
        for name, decl in rules.vars.items():
            init = decl.init
            if decl.per == "seat":
                self.v[name] = [list(init) if isinstance(init, list) else init for _ in range(n)]
            else:
                self.v[name] = list(init) if isinstance(init, list) else init
        self.tags: dict = {}      # card -> (seat, play number, kind) on tagged zones
        self.playno: dict = {}    # (zone, seat) -> last play number given
        self.marks: dict = {}     # card -> 'up' | 'down'
        self.inplay = [True] * n
        self.out_order: list[int] = []
        self.hand_no = 1          # the hand (deal) of a match: new_hand counts them
        self.loser = None
        self.outcome = None       # set by end_game (rulekit.outcome.make); never changed
        self.status = "in_progress"
        self.message = ""
        self.phase = None
        self.step = None
        self.actor = None
        self._window = None       # several actors: seat -> legal actions (runtime.seats)
        self._pending = None      # a simultaneous step: seat -> its hidden choice
        self.last_action = None
        self.actions = 0
        self.rounds = 0           # rounds of loops in this action (rulekit.lang.effects)
        self.rounds_at = 0        # ... counted since this action count
        self.history: list[str] = []
        self._history_shared = False  # True: shared with a copy, copied before it grows
        self.log = EventLog() if events else None   # what happened, in order (see emit),
        #                               read as dicts; None: a quiet game keeps none (events)
        self.public: set = set()      # cards face up to every seat in this hand
        self._public_shared = False   # True: shared with a copy, copied before it grows
        self.surfaced: list = []      # put face up since the last decision (for `public`)

    @property
    def events(self) -> EventLog:
        """What happened, in order: the event log (see :meth:`emit` for the kinds),
        every event read as a dict. A game made with ``events=False`` (``new_game``,
        ``clone``) keeps none: reading its events raises ValueError."""
        log = self.log
        if log is None:
            raise ValueError(NO_EVENTS)
        return log

    @property
    def rng(self) -> random.Random:
        """The game's seeded random source. A copy of the game (``clone``) shares it
        frozen with the original: whichever of them first draws from it takes its own
        copy first (about 10 us, and nothing for the many copies that never draw)."""
        if self._rng_shared:
            old = self._rng
            if old.__class__ is random.Random:
                self._rng = random.Random.__new__(random.Random)   # no seeding from the OS
                self._rng.setstate(old.getstate())
            else:                           # another source (randomness.Chance)
                self._rng = old.fork()
            self._rng_shared = False
        return self._rng

    def use_random(self, source: random.Random) -> None:
        """Draw from ``source`` from now on (a ``random.Random``, or a
        :class:`rulekit.randomness.Chance` whose draws an outside chooser answers; a
        subclass must have ``fork()``, the copy a copy of the game draws from)."""
        if not isinstance(source, random.Random):
            raise ValueError(f"a random source is a random.Random, not "
                             f"{type(source).__name__}")
        self._rng = source
        self._rng_shared = False

    def settle_knowledge(self) -> None:
        """At a decision (or the end): cards put face up since the last one (moved into a
        zone every seat sees, or revealed: ``surfaced``) become known to every seat,
        unless they were turned face down again meanwhile. (Shown cards are known at
        once.)"""
        surfaced = self.surfaced
        if surfaced:
            if self._public_shared:
                self.public, self._public_shared = set(self.public), False
            marks = self.marks
            if marks:
                self.public.update([c for c in surfaced if marks.get(c) != "down"])
            else:
                self.public.update(surfaced)
            surfaced.clear()

    def dump(self) -> dict:
        """The full (omniscient) state dump of INTERFACES.md section 4, as a dict, plus
        ``outcome``: None until the game has finished, then its places, winners,
        losers, draw, scores and returns (rulekit.outcome; public, in views too)."""
        return self._dump(None)

    def view(self, seat: int) -> dict:
        """What ``seat`` may see: the dump's shape, hidden cards replaced by None,
        ``legal`` only when that seat is to act. Raises ValueError for a bad seat."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n:
            raise ValueError(f"seat must be from 0 to {self.n - 1}, not {seat!r}")
        return self._dump(seat)

    def spectator_view(self) -> dict:
        """What a spectator may see: the dump's shape, every card no seat shows to all
        replaced by None, no legal actions, no pending choice."""
        return self._dump(-1)

    @staticmethod
    def _check_deck(rules, deck) -> list:
        if isinstance(deck, str):
            deck = deck.replace(",", " ").split()
        cards = [rules.parse_card(str(c)) for c in deck]
        if rules.cards.copies:          # a face said again is its next copy: QS QS
            named = {c for t, c in zip(deck, cards) if COPY_MARK in str(t)}
            for i, (t, c) in enumerate(zip(deck, cards)):
                if COPY_MARK not in str(t):
                    free = [x for x in rules.cards.copies_of(c) if x not in named]
                    if free:
                        cards[i] = free[0]
                        named.add(free[0])
        seen = set()
        for c in cards:
            if c in seen:
                copies = len(rules.cards.copies_of(c)) if rules.cards.copies else 1
                raise CardError(f"bad deck: {c} appears twice" if copies == 1 else
                                f"bad deck: {rules.cards.face_of[c]} is given more often "
                                f"than the pack has copies of it ({copies}), or {c} twice")
            seen.add(c)
        missing = [c for c in rules.pack if c not in seen]
        if missing:
            raise CardError(f"bad deck: {len(cards)} card{'s' if len(cards) != 1 else ''} given, "
                            f"the pack has {len(rules.pack)}; "
                            f"missing {' '.join(missing[:8])}{' ...' if len(missing) > 8 else ''}")
        return cards

    def _dump(self, viewer) -> dict:
        """The state dump (``viewer`` None) or what seat ``viewer`` may see, hidden cards
        as None (GameState.dump and view)."""
        zones = {}
        marks = self.marks
        for name, decl in self.rules.zones.items():
            content = self.z[name]
            if name == "deck" and not content:
                continue
            if decl.slotted:
                piles = [self._visible(lst, decl, s, viewer, marks)
                         for s, lst in enumerate(content)]
                if decl.row and decl.per == "seat":     # each seat's row of piles
                    k = decl.row
                    piles = [piles[i:i + k] for i in range(0, len(piles), k)]
                zones[name] = piles
            else:
                zones[name] = self._visible(content, decl, None, viewer, marks)
        vars_ = {k: (list(v) if isinstance(v, list) else v) for k, v in self.v.items()}
        if viewer is not None:
            self._hide_vars(vars_, viewer, zones)
        to_act = self.to_act
        legal = self._strings() if (viewer is None or viewer == to_act) else []
        out = {"ruleset": self.rules.name, "players": self.n, "dealer": self.dealer,
               "status": self.status, "phase": self.phase, "to_act": to_act,
               "legal": legal, "zones": zones, "vars": vars_,
               "out_order": list(self.out_order), "loser": self.loser,
               "actions": self.actions, "outcome": copy_outcome(self.outcome)}
        if self.rules.faces:                # cards turned by reveal/conceal, as seen
            out["faces"] = self._faces(zones)
        if self._offers_parts():            # choices in parts: their forms, never listed
            seat = to_act if viewer is None else viewer
            if seat == to_act or (self._window is not None and seat in self._window):
                parts = self._parts_dump(seat)
                if parts:
                    out["parts"] = parts
        window = self._window
        if window is not None and self.status == "in_progress":   # several seats may act
            out["actors"] = list(window)
            if viewer is not None and viewer != to_act and viewer in window:
                out["legal"] = [str(a) for a in window[viewer]]
            if self._pending is not None:    # a simultaneous step: who has chosen what
                out["chosen"] = [[s, str(a) if viewer is None or viewer == s else None]
                                 for s, a in sorted(self._pending.items())]
        return out

    def _hide_vars(self, vars_: dict, viewer: int, zones: dict) -> None:
        """Hide in ``vars_`` (copies of the variables, by name) what seat ``viewer`` (-1:
        a spectator) may not see: a ``see: none`` value, another seat's value of a
        ``see: owner`` one (both None), and every card it does not know (None): a card
        is known when the view shows it in its zone (``zones``: the view's), or when it
        has been face up to every seat in this hand (``public``)."""
        rules = self.rules
        for name, see, per_seat, _init in rules.secret_vars:
            if see == "none":
                vars_[name] = [None] * self.n if per_seat else None
            else:               # owner: a per-seat variable (checked when compiled)
                vars_[name] = [v if s == viewer else None for s, v in enumerate(vars_[name])]
        if not rules.card_vars:
            return
        known = set(self.public)
        for content in zones.values():
            for lst in content:
                if lst.__class__ is list:           # a seat's list of a per-seat zone
                    known.update(lst)
                else:
                    known.add(lst)
        where = self.where
        for name, per_seat in rules.card_vars:
            value = vars_[name]
            if per_seat:
                vars_[name] = [_unknown_hidden(v, known, where) for v in value]
            else:
                vars_[name] = _unknown_hidden(value, known, where)

    def _faces(self, zones: dict) -> dict:
        """A dump's ``faces``: each card turned face up (``up``) or down (``down``) by
        its own mark (``reveal``, ``conceal``) that the dump's ``zones`` show, by card
        text, in card order."""
        marks = self.marks
        if not marks:
            return {}
        shown = set()
        for content in zones.values():
            stack = [content]
            while stack:
                x = stack.pop()
                if x.__class__ is list:
                    stack.extend(x)
                elif x is not None:
                    shown.add(x)
        order = self.rules.card_order
        return {c: marks[c] for c in sorted(marks, key=order.__getitem__) if c in shown}

    @staticmethod
    def _visible(cards, decl, slot, viewer, marks) -> list:
        if viewer is None:
            return list(cards)
        see = decl.see
        if see == "top" or (see == "owner" and decl.row):
            size = len(cards)
            out = []
            for i, c in enumerate(cards):
                m = marks.get(c)
                seen = True if m == "up" else False if m == "down" else \
                    decl.seen(slot, viewer, i, size)
                out.append(c if seen else None)
            return out
        default = see == "all" or (see == "owner" and slot == viewer)
        out = []
        for c in cards:
            m = marks.get(c)
            seen = True if m == "up" else False if m == "down" else default
            out.append(c if seen else None)
        return out


def _unknown_hidden(value, known: set, where: dict):
    """``value`` (a variable's) with every card of the game (a key of ``where``) that is
    not in ``known`` replaced by None, inside lists too (copies; the value is kept)."""
    if value.__class__ is str:
        return None if value in where and value not in known else value
    if value.__class__ is list:
        return [_unknown_hidden(v, known, where) for v in value]
    return value
