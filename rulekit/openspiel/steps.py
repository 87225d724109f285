"""One step of a bridged game (the deal, or an engine action) and what each seat saw in it.

A state's history is a chain of :class:`Step` (shared by copies of the state, never
changed but for caches), each remembering per seat the lines it adds to the seat's
information state (:mod:`.observe`); ``full`` when it and every step before it have
their game (those lines need them all: :func:`.running.recorded`).
"""
from __future__ import annotations


_NONE: dict = {}         # an empty cache, shared until a step keeps something


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
        self._flat = self._lines = self._text = _NONE     # (each made when first set)

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
        out = "\n".join(parts)
        self.remember("_text", s, out)
        return out

    def remember(self, cache: str, s: int, value) -> None:
        """Keep ``value`` for seat ``s`` in cache ``cache`` (``_flat``, ``_lines`` or
        ``_text``)."""
        got = getattr(self, cache)
        if got is _NONE:
            got = {}
            setattr(self, cache, got)
        got[s] = value

    def flat(self, s: int) -> dict:
        """``view(s)`` after this step as ``{key: text}`` (see :func:`flatten`)."""
        out = self._flat.get(s)
        if out is None:
            out = flatten(self.game, s)
            self.remember("_flat", s, out)
        return out

    def lines(self, s: int, layout) -> str:
        """What seat ``s`` saw in this step, as text lines."""
        out = self._lines.get(s)
        if out is None:
            out = "\n".join(self._said(s, layout) + self._changed(s))
            self.remember("_lines", s, out)
        return out

    def _said(self, s: int, layout) -> list:
        out = [self.action or "deal"] if self.seat is None else []   # (or "resampled")
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


