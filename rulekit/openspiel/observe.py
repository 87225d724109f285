"""What a seat knows, as OpenSpiel's strings and tensor, built from ``view(seat)`` only.

- The **observation** of seat ``s`` is ``view(s)`` now, one ``key=value`` line per
  part: each zone (a seat's zone as ``zone[seat]``; a hidden card as ``?``), each
  variable (``vars.name``), the phase, the seat to act, its legal actions (only when
  ``s`` may act), ...; then, while ``s`` is choosing card by card or part by part,
  its selection (``choosing: put 9H on``, ``choosing: bet 1__``).
- The **information state** of ``s`` is its history of what it saw: for each step of
  the game (the deal, then each action taken), the action as ``s`` saw it (a private
  action's public text, a simultaneous choice as ``seat 2 chose``), the announcements,
  and the lines of ``view(s)`` that changed; then the current selection. Everything
  comes from views and from what the engine says other seats see, so a card hidden
  from ``s`` never shows in it.
- The **observation tensor** (flat, float32): for each zone (each seat's, for a zone
  per seat) one value per card of the pack (1: the card is there and ``s`` sees it)
  and the number of cards there ``s`` does not see, divided by the pack's size; then
  one-hots of the observing seat and of the seat to act; then one value per card of
  the pack: 1 for a card of the selection ``s`` is making (picked so far).

A :class:`Step` is one entry of a state's history (shared by copies of the state, never
changed), remembering per seat the lines it adds.
"""
from __future__ import annotations

import numpy as np

from ..runtime.parts_text import cards_of
from .parts import defn_of, selection_text


class Step:
    """One step of a bridged game (the deal, or an engine action), shared by copies of
    the state and never changed but for the caches below: ``seat`` and ``action`` (who
    acted and the Action taken, None for the deal), ``ids`` (the ids the seat used),
    ``draws`` (the answers of its draws), ``prev``, and ``game``: the GameState after
    it, when kept (a snapshot, never changed; None else: see :mod:`.running`). Its
    events are those its run wrote to ``log`` from ``start`` on. Strings need ``game``
    here and in the step before."""
    __slots__ = ("seat", "action", "ids", "draws", "prev", "game", "full", "_log",
                 "_start", "_end", "_flat", "_lines", "_text")

    def __init__(self, seat, action, ids, draws, prev, log, start: int):
        self.seat, self.action, self.ids, self.draws, self.prev = seat, action, ids, draws, prev
        self.game = None
        self.full = False           # this step and every one before it have their game
        self._log, self._start, self._end = log, start, len(log)
        self._flat: dict = {}
        self._lines: dict = {}
        self._text: dict = {}

    def keep(self, game) -> None:
        """Keep ``game`` (the game after this step, never to change again) as its
        snapshot."""
        self.game = game
        self.full = self.prev is None or self.prev.full

    def onto(self, prev, game) -> "Step":
        """This step after ``prev`` instead, with ``game`` (the game after it) kept."""
        new = Step(self.seat, self.action, self.ids, self.draws, prev, self._log, self._start)
        new._end = self._end
        new.keep(game)
        return new

    @property
    def events(self) -> list:
        """The events of this step, as dicts."""
        return self._log[self._start:self._end]

    def text(self, s: int, layout) -> str:
        """What seat ``s`` saw from the deal to this step (kept once asked)."""
        out = self._text.get(s)
        if out is not None:
            return out
        parts, step = [], self
        while step is not None and s not in step._text:
            parts.append(step.lines(s, layout))
            step = step.prev
        if step is not None:
            parts.append(step._text[s])
        parts.reverse()
        out = self._text[s] = "\n".join(parts)
        return out

    def flat(self, s: int) -> dict:
        """``view(s)`` after this step as ``{key: text}`` (see :func:`flatten`)."""
        out = self._flat.get(s)
        if out is None:
            out = self._flat[s] = flatten(self.game, s)
        return out

    def lines(self, s: int, layout) -> str:
        """What seat ``s`` saw in this step, as text lines."""
        out = self._lines.get(s)
        if out is None:
            out = self._lines[s] = "\n".join(self._said(s, layout) + self._changed(s))
        return out

    def _said(self, s: int, layout) -> list:
        out = ["deal"] if self.seat is None else []
        for ev in self.events:
            kind = ev["kind"]
            if kind == "action":
                a = ev["seat"]
                text = ev["action"] if a == s or "public" not in ev else ev["public"]
                out.append(f"seat {a}: {text}")
            elif kind == "chosen":
                a = ev["seat"]
                out.append(f"seat {a} chose" + (f" {self.action}" if a == s else ""))
            elif kind in ("announced", "shown"):
                out.append(f"{kind}: {ev['text']}")
            elif kind == "out":
                out.append(f"seat {ev['seat']} is out")
        if self.seat == s and self.ids:
            out.append("  picked " + " ".join(layout.describe(i) for i in self.ids))
        return out

    def _changed(self, s: int) -> list:
        now = self.flat(s)
        before = self.prev.flat(s) if self.prev is not None else {}
        out = [f"  {k}={v}" for k, v in now.items() if before.get(k) != v]
        out += [f"  {k}=" for k in before if k not in now]
        return out


def head(game) -> str:
    """The game as text: its dump but the legal actions, and its history."""
    dump = game.dump()
    dump.pop("legal", None)
    return repr(dump) + f"\nhistory: {game.history}"


def _cards(cards) -> str:
    return " ".join("?" if c is None else c for c in cards)


def flatten(game, s: int) -> dict:
    """``game.view(s)`` as ``{key: text}``: ``zone`` or ``zone[seat]`` -> its cards
    (``?`` hidden), ``vars.name`` -> its value as JSON, every other part -> JSON."""
    view = game.view(s)
    zones = game.rules.zones
    out = {}
    for key, value in view.items():
        if key == "zones":
            for name, content in value.items():
                decl = zones[name]
                if decl.slotted:
                    for slot, cards in enumerate(decl.flat(content)):
                        out[decl.label(slot)] = _cards(cards)
                else:
                    out[name] = _cards(content)
        elif key == "vars":
            for name, v in value.items():
                out[f"vars.{name}"] = repr(v)
        else:
            out[key] = repr(value)
    return out


def _making(core, s: int) -> bool:
    """Whether seat ``s`` is making a selection now."""
    if core.name is None and not core.picks and core.sel is None:
        return False
    return core.game is not None and core.pending is None and core.game.to_act == s


def selection_line(core, s: int) -> list:
    """The selection in progress, for the seat making it: a listed action's name and
    cards picked, or a choice in parts' parts so far (:func:`.parts.selection_text`)."""
    if not _making(core, s):
        return []
    if core.sel is not None:
        return [f"choosing: {selection_text(core.game, core.sel)}"]
    return [f"choosing: {core.name or ''} {' '.join(core.picks)}".rstrip()]


def selection_cards(core, s: int) -> list:
    """The cards of the selection seat ``s`` is making (picked so far; the cards of the
    parts made), [] when it makes none."""
    if not _making(core, s):
        return []
    sel = core.sel
    if sel is None:
        return list(core.picks)
    defn = defn_of(core.game, sel.name)
    return list(cards_of(core.game, defn, sel.vals)) + list(sel.cur)


def observation_string(core, s: int) -> str:
    """Seat ``s``'s observation (see the module docstring)."""
    game = core.now
    if game is None:
        return "dealing"
    seen = core.seen
    if seen is None:
        seen = core.seen = {}
    flat = seen.get(s)
    if flat is None:
        flat = seen[s] = flatten(game, s)
    lines = [f"{k}={v}" for k, v in flat.items()]
    return "\n".join(lines + selection_line(core, s))


def information_string(core, s: int) -> str:
    """Seat ``s``'s information state (see the module docstring)."""
    if core.trail is not None and (not core.rec or core.trail.game is None):
        from .running import recorded
        recorded(core)                 # (every step's game, from now on too)
    parts = [] if core.trail is None else [core.trail.text(s, core.spec.layout)]
    pending = core.pending
    if pending is not None:            # an action whose draws are being made
        a = pending[2]
        hidden = pending[4].private is not None or core.pre.step.simultaneous
        parts.append(f"seat {a}: {pending}" if a == s or not hidden else f"seat {a} acted")
    parts += selection_line(core, s)
    return "\n".join(parts) if parts else "dealing"


class Observer:
    """OpenSpiel's observer of a bridged game (``make_py_observer``): strings for both
    kinds, a tensor for observations (perfect recall: no tensor)."""

    def __init__(self, spec, perfect_recall: bool):
        self.spec = spec
        self.recall = perfect_recall
        if perfect_recall:
            self.tensor = np.zeros(0, np.float32)
            self.dict = {}
            return
        self.slots = [(name, seat) for name, z in spec.rules.zones.items()
                      for seat in (range(z.slots(spec.n)) if z.slotted else [None])]
        p = len(spec.layout.pack)
        size = len(self.slots) * (p + 1) + 2 * spec.n + p
        self.tensor = np.zeros(size, np.float32)
        cut = len(self.slots) * (p + 1)
        self.dict = {"zones": self.tensor[:cut].reshape(len(self.slots), p + 1),
                     "seat": self.tensor[cut:cut + spec.n],
                     "to_act": self.tensor[cut + spec.n:cut + 2 * spec.n],
                     "choosing": self.tensor[cut + 2 * spec.n:]}

    def set_from(self, state, player: int) -> None:
        """Fill ``tensor`` with ``player``'s observation of ``state``."""
        self.tensor.fill(0)
        if self.recall:
            return
        core = state._c
        self.dict["seat"][player] = 1
        game = core.now
        if game is None:
            return
        view = game.view(player)
        card_id = self.spec.layout.card_id
        p = len(card_id)
        rows = self.dict["zones"]
        zones = game.rules.zones
        for i, (name, seat) in enumerate(self.slots):
            content = view["zones"].get(name, [])
            cards = zones[name].flat(content)[seat] if seat is not None else content
            hidden = 0
            for c in cards:
                if c is None:
                    hidden += 1
                else:
                    rows[i, card_id[c]] = 1
            rows[i, p] = hidden / p
        if view["to_act"] is not None:
            self.dict["to_act"][view["to_act"]] = 1
        for c in selection_cards(core, player):
            self.dict["choosing"][card_id[c]] = 1

    def string_from(self, state, player: int) -> str:
        """``player``'s information state (perfect recall) or observation of ``state``."""
        core = state._c
        return information_string(core, player) if self.recall else \
            observation_string(core, player)
