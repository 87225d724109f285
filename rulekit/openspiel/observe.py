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
from .running import recorded
from .steps import flatten


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
