"""The mutable state of one game and the primitive effects that change it.

State (DESIGN.md, stage 5): zones (ordered card lists; per-seat zones are lists
indexed by seat), variables, per-card tags on tagged zones (seat, play number, kind),
per-card face marks (``up``: seen by all; ``down``: seen by none), seat status
(in/out, ``out_order``), the current phase and step, the seeded random source, the
action count and the announcements made so far.

Cards are their text (``'7H'``); seats are ints ``0..n-1``.
"""
from __future__ import annotations

import random

from .compiling import GameOver


class State:
    """The data of a game in progress. :class:`~rulekit.engine.GameState` adds the API."""

    def _init_state(self, rules, n: int, seed, dealer: int, deck: list[str], rng: random.Random):
        self.rules = rules
        self.n = n
        self.dealer = dealer
        self.seed = seed
        self.rng = rng
        self.z: dict = {}
        self.where: dict = {}     # card -> (zone name, seat or None)
        for name, decl in rules.zones.items():
            self.z[name] = [[] for _ in range(n)] if decl.per == "seat" else []
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
        self.loser = None
        self.status = "in_progress"
        self.message = ""
        self.phase = None
        self.step = None
        self.actor = None
        self.last_action = None
        self.actions = 0
        self.history: list[str] = []
        self.events: list[dict] = []
        self.public: set = set()    # cards that have been face up to every seat
        self._surfaced: list = []   # put face up since the last decision (see engine)
        self._moved: list = []      # cards moved since the current action began


# --------------------------------------------------------------------------------------
# primitive effects (called from generated code; G is the State)

def _remove(G, c):
    loc = G.where.get(c)
    if loc is not None:
        zname, seat = loc
        lst = G.z[zname][seat] if seat is not None else G.z[zname]
        lst.remove(c)
        if G.rules.zones[zname].tagged:
            G.tags.pop(c, None)
    G.marks.pop(c, None)


def _move(G, what, zname, seat, by, kind):
    """move: WHAT to ZONE [by SEAT] [as KIND]. ``what`` is a card, a list of cards, or a
    whole zone (every card, in zone order); null moves nothing. Moved cards keep their
    order and go on the destination's top end; on a tagged zone they all get one new
    play number, the seat ``by`` (default: the actor) and the kind. Face marks clear."""
    if what is None:
        return
    cards = [what] if what.__class__ is str else list(what)
    if not cards:
        return
    decl = G.rules.zones[zname]
    dest = G.z[zname][seat] if seat is not None else G.z[zname]
    G._moved.extend(cards)
    for c in cards:
        _remove(G, c)
        G.where[c] = (zname, seat)
    if decl.top == "first":
        dest[:0] = cards
    else:
        dest.extend(cards)
    if decl.see == "all":
        G._surfaced.extend(cards)
    if decl.tagged:
        key = (zname, seat)
        num = G.playno.get(key, 0) + 1
        G.playno[key] = num
        who = by if by is not None else G.actor
        for c in cards:
            G.tags[c] = (who, num, kind)


def _deal(G, src, src_name, to, each, seats):
    """deal: one card at a time from the top of ``src`` to each seat of ``seats`` in
    turn, round after round, until each has received ``each`` (None: until ``src`` is
    empty) or ``src`` runs out."""
    decl = G.rules.zones[src_name]
    seats = list(seats)
    if not seats:
        return
    rounds = each if each is not None else (len(src) + len(seats) - 1) // len(seats)
    for _ in range(rounds):
        for s in seats:
            if not src:
                return
            c = src[0] if decl.top == "first" else src[-1]
            _move(G, c, to, s, None, "play")


def _mark(G, what, mark):
    """reveal (``up``), conceal (``down``) or hide (clear the mark) a card or cards."""
    if what is None:
        return
    for c in ([what] if what.__class__ is str else list(what)):
        if mark is None:
            G.marks.pop(c, None)
        else:
            G.marks[c] = mark
            if mark == "up":
                G._surfaced.append(c)


def _show(G, what, owner=None):
    """show: the cards are shown once to every seat (an event; no lasting mark).
    ``owner``: the seat whose zone they are in, named in the event's text."""
    if what is None:
        return
    cards = [what] if what.__class__ is str else list(what)
    if not cards:
        return
    G.public.update(cards)
    who = f"seat {owner} shows" if owner is not None else "shown to all:"
    G.events.append({"actions": G.actions, "phase": G.phase, "kind": "show", "cards": cards,
                     "seat": owner, "text": f"{who} {' '.join(cards)}"})


def _out(G, s):
    """out: the seat leaves the game and is appended to ``out_order``."""
    if G.inplay[s]:
        G.inplay[s] = False
        G.out_order.append(s)


def _announce(G, text):
    G.events.append({"actions": G.actions, "phase": G.phase, "kind": "announce", "text": text})


def _end_game(G, loser):
    """end_game: status finished, ``loser`` recorded; the effects that follow are skipped."""
    G.loser = loser
    G.status = "finished"
    raise GameOver()


def _fmt(value) -> str:
    """How an announcement shows a value: cards as text, lists space-separated, null '-'."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return " ".join(_fmt(v) for v in value)
    return str(value)


def effect_helpers() -> dict:
    """The helpers generated effect code calls, by the names it uses."""
    return {"_move": _move, "_deal": _deal, "_mark": _mark, "_show": _show, "_out": _out,
            "_announce": _announce, "_end_game": _end_game, "_fmt": _fmt}
