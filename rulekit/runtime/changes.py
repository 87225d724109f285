"""The changes of a game's state: the operations of :class:`rulekit.lang.state_api.
GameStateAPI`, the only way the language's effects change a game.

:class:`Changes` is a part of :class:`~rulekit.runtime.engine.GameState` (through
:class:`~rulekit.runtime.state.State`): each operation changes the data of
:mod:`rulekit.runtime.state` and keeps its bookkeeping right (``where`` each card is,
tags and play numbers, face marks, ``surfaced`` and ``public``: what every seat
knows, the event log). See the API for each operation's shapes and errors.
"""
from __future__ import annotations

from collections import deque
from itertools import repeat

from ..errors import RulesetFault
from ..lang.state_api import AT_BOTTOM, AT_RANDOM
from ..limits import MAX_LOOP_ROUNDS
from ..outcome import copy_outcome
from ..randomness import shuffle
from . import movers
from .movers import _not_a_card

_TOO_MANY_ROUNDS = (f"loops (repeat, for) ran more than {MAX_LOOP_ROUNDS} rounds in one "
                    "action (the limit; nested loops multiply)")


class Changes:
    """The operations of :class:`rulekit.lang.state_api.GameStateAPI` on the data of
    :class:`~rulekit.runtime.state.State` (a part of it)."""

    def move(self, what, zone: str, seat=None, by=None, kind="play", at=None) -> None:
        """See :meth:`rulekit.lang.state_api.GameStateAPI.move`."""
        if what is None:
            return
        if what.__class__ is str:
            cards = [what]
        else:
            cards = list(what)
            if not cards:
                return
        rules = self.rules
        decl = rules.zones[zone]
        z = self.z
        dest = z[zone][seat] if seat is not None else z[zone]
        if self._where_shared:              # shared with a copy (clone): copied first
            self.where, self._where_shared = self.where.copy(), False
        where, marks, tags = self.where, self.marks, self.tags
        first = cards[0]
        loc = where.get(first) if first.__class__ is str else None
        whole = loc is not None and what is (z[loc[0]] if loc[1] is None else z[loc[0]][loc[1]])
        if not whole:   # (a zone's own list holds cards, each once: nothing to check)
            try:
                known = set(cards)
            except TypeError:               # (not cards: said below)
                known = None
            if known is None or len(known) != len(cards) or not known <= where.keys() \
                    or set(map(type, cards)) != _STR:
                _check_cards(cards, where)
        here = (zone, seat)
        left = None if whole or not rules.top_zones else \
            {where[c] for c in cards if where[c][0] in rules.top_zones}  # (_uncovered)
        if at is not None:
            at = self._place(at, dest, cards)
        log = self.log
        if log is not None:                 # (compact: rulekit.events)
            log.append(("moved", cards, here, self.actions, self.phase))
        if whole and what is not dest:
            # a whole zone: off it at once (its cards, their tags and marks with them)
            what.clear()
            if loc[0] in rules.tagged_zones:
                _drain(map(tags.pop, cards, _NONES))
            if marks:
                for c in cards:
                    if c in marks:
                        del marks[c]
        else:
            tagged = rules.tagged_zones
            for c in cards:     # off the zone it is in, its tag and face mark with it
                zn, s = where[c]
                (z[zn][s] if s is not None else z[zn]).remove(c)
                if zn in tagged:
                    tags.pop(c, None)
            if marks:
                for c in cards:
                    if c in marks:
                        del marks[c]
        where.update(dict.fromkeys(cards, here))
        if at is not None:                  # below the top: ``at`` cards stay above them
            i = at if decl.top == "first" else len(dest) - at
            dest[i:i] = cards
        elif decl.top == "first":
            dest[:0] = cards
        else:
            dest.extend(cards)
        if decl.see == "all":
            self.surfaced.extend(cards)
        elif decl.see == "top":             # the new top card is seen by all
            self.surfaced.append(dest[0] if decl.top == "first" else dest[-1])
        if left:                            # a pile that shows its top: uncovered ones
            self._uncovered(left, cards)
        if decl.tagged:
            num = self.playno.get(here, 0) + 1
            self.playno[here] = num
            tag = (by if by is not None else self.actor, num, kind)
            for c in cards:
                tags[c] = tag

    def place_of(self, card) -> tuple | None:
        """See :meth:`rulekit.lang.state_api.GameStateAPI.place_of`."""
        return self.where.get(card) if card.__class__ is str else None

    def pile_place(self, pile) -> tuple | None:
        """See :meth:`rulekit.lang.state_api.GameStateAPI.pile_place`."""
        z = self.z
        for name, decl in self.rules.zones.items():
            content = z[name]
            if not decl.slotted:
                if content is pile:
                    return (name, None)
                continue
            for s, lst in enumerate(content):
                if lst is pile:
                    return (name, s)
        return None

    def _place(self, at, dest: list, cards: list) -> int:
        """How many cards of ``dest`` stay above the moved ``cards`` (those of ``cards``
        already in ``dest`` not counted): ``at`` is AT_BOTTOM, AT_RANDOM or a whole
        number from 0 to that count; ValueError for any other."""
        moving = set(cards)
        count = sum(1 for c in dest if c not in moving) if moving & set(dest) else len(dest)
        if at is AT_BOTTOM:
            return count
        if at is AT_RANDOM:
            return self.rng.randrange(count + 1)
        if at.__class__ is not int or not 0 <= at <= count:
            other = " other" if moving & set(dest) else ""
            raise ValueError(f"move: at {shown_value(at)}: the zone holds {count}{other} card"
                             f"{'' if count == 1 else 's'} (at takes 0 to {count}, bottom or "
                             "random)")
        return at

    def _uncovered(self, left: set, cards) -> None:
        """After a move of ``cards`` off the places ``left`` of zones that show only
        their top card: each such pile's new top card is seen by all (``surfaced``)."""
        zones, z, moved = self.rules.zones, self.z, set(cards)
        for zn, s in left:
            pile = z[zn] if s is None else z[zn][s]
            if pile:
                c = pile[0] if zones[zn].top == "first" else pile[-1]
                if c not in moved:
                    self.surfaced.append(c)

    zone_mover = staticmethod(movers.zone_mover)
    zone_dealer = staticmethod(movers.zone_dealer)

    def shuffle(self, cards: list) -> None:
        """See :meth:`rulekit.lang.state_api.GameStateAPI.shuffle`."""
        shuffle(self.rng, cards)

    def mark(self, what, mark) -> None:
        """See :meth:`rulekit.lang.state_api.GameStateAPI.mark`."""
        if what is None:
            return
        cards = [what] if what.__class__ is str else list(what)
        marks = self.marks
        for c in cards:
            if mark is None:
                marks.pop(c, None)
            else:
                marks[c] = mark
        if mark == "up" and cards:
            self.surfaced.extend(cards)
            if self.log is not None:
                self.emit({"kind": "revealed", "cards": cards})

    def show(self, what, owner=None) -> None:
        """See :meth:`rulekit.lang.state_api.GameStateAPI.show`."""
        if what is None:
            return
        cards = [what] if what.__class__ is str else list(what)
        if not cards:
            return
        if self._public_shared:             # shared with a copy (clone): copied first
            self.public, self._public_shared = set(self.public), False
        self.public.update(cards)
        if self.log is not None:
            who = f"seat {owner} shows" if owner is not None else "shown to all:"
            self.emit({"kind": "shown", "cards": cards, "seat": owner,
                       "text": f"{who} {' '.join(cards)}"})

    def set_var(self, name: str, value, seat=None) -> None:
        """See :meth:`rulekit.lang.state_api.GameStateAPI.set_var`."""
        if seat is None:
            self.v[name] = value
        else:
            self.v[name][seat] = value

    def set_dealer(self, seat: int) -> None:
        """See :meth:`rulekit.lang.state_api.GameStateAPI.set_dealer`."""
        if seat.__class__ is not int or not 0 <= seat < self.n:
            raise ValueError(f"the dealer {shown_value(seat)} is not a seat of this game "
                             f"(0 to {self.n - 1})")
        self.dealer = seat

    def put_out(self, seat: int) -> None:
        """See :meth:`rulekit.lang.state_api.GameStateAPI.put_out`."""
        if self.inplay[seat]:
            self.inplay[seat] = False
            self.out_order.append(seat)
            if self.log is not None:
                self.emit({"kind": "out", "seat": seat})

    def new_hand(self) -> None:
        """See :meth:`rulekit.lang.state_api.GameStateAPI.new_hand`."""
        self.hand_no += 1
        self.inplay = [True] * self.n
        self.out_order = []
        self.surfaced.clear()               # face up to everyone now: what lies face up
        marks, public = self.marks, set()
        for name, decl in self.rules.zones.items():
            if decl.see == "all":
                for pile in (self.z[name] if decl.slotted else [self.z[name]]):
                    public.update(c for c in pile if marks.get(c) != "down")
            elif decl.see == "top":
                for pile in (self.z[name] if decl.slotted else [self.z[name]]):
                    if pile:
                        c = pile[0] if decl.top == "first" else pile[-1]
                        if marks.get(c) != "down":
                            public.add(c)
        public.update(c for c, m in marks.items() if m == "up")
        self.public, self._public_shared = public, False
        if self.log is not None:
            self.emit({"kind": "new_hand", "number": self.hand_no, "dealer": self.dealer})

    def finish(self, outcome: dict) -> None:
        """See :meth:`rulekit.lang.state_api.GameStateAPI.finish`."""
        self.outcome = outcome
        last = outcome["losers"]
        self.loser = last[0] if len(last) == 1 else None
        self.status = "finished"
        if self.log is not None:
            self.emit({"kind": "ended", "loser": self.loser, "outcome": copy_outcome(outcome)})

    def emit(self, event: dict) -> None:
        """See :meth:`rulekit.lang.state_api.GameStateAPI.emit`: ``event`` is appended
        to ``events`` (kinds: moved, revealed, shown, announced, out, new_hand, ended,
        action, chosen), stamped with the action count and the phase; nothing in a game
        that keeps no event log (``events=False``)."""
        log = self.log
        if log is not None:
            event["actions"] = self.actions
            event["phase"] = self.phase
            log.append(event)

    def count_rounds(self, rounds: int) -> None:
        """See :meth:`rulekit.lang.state_api.GameStateAPI.count_rounds`."""
        if self.rounds_at == self.actions:
            self.rounds += rounds
        else:                               # the first loop of this action
            self.rounds_at, self.rounds = self.actions, rounds
        if self.rounds > MAX_LOOP_ROUNDS:
            raise RulesetFault(_TOO_MANY_ROUNDS)


_STR = {str}
_NONES = repeat(None)
_drain = deque(maxlen=0).extend    # (runs an iterator to its end)


def _check_cards(cards: list, where: dict) -> None:
    """ValueError unless each of ``cards`` is a card of the pack (a key of ``where``)
    and none is listed twice: the first bad one in list order is named."""
    for c in cards:
        if c.__class__ is not str or c not in where:
            raise ValueError(_not_a_card(c))
    if len(cards) > 1 and len(set(cards)) != len(cards):
        twice = next(c for c in cards if cards.count(c) > 1)
        raise ValueError(f"move: {twice} is listed twice (a card is in one place)")


def shown_value(x) -> str:
    """A value in a message: null, a number or text as Python writes it, else its type."""
    return "null" if x is None else repr(x) if isinstance(x, (int, str)) and \
        not isinstance(x, bool) else type(x).__name__
