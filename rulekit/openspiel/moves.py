"""Bounded action ids for a ruleset's actions: one card, one part, one digit per decision.

A rulekit decision lists :class:`~rulekit.runtime.actions.Action` objects (a name, and
a card, a play of several cards, a typed value or nothing) and offers its choices in
parts part by part (never listed; :mod:`.parts`). OpenSpiel wants a fixed range of
whole numbers. :class:`Layout` numbers, for one ruleset:

- ``0 .. P - 1``: the cards of the pack (``P`` cards, in the pack's order): *pick* that
  card (a card choice, one more card of a play, a card of a set part, a card part);
- ``P``: ``done``: take the action whose cards are exactly those picked so far (or an
  action with no cards); close a set part with the cards picked;
- ``P+1 .. P+K``: the ruleset's ``K`` action names, sorted: the action's name, asked
  first when the seat's legal actions have several names;
- ``P+K+1 ..``: a typed choice's value, or a typed part's (a seat: its number; a rank
  or suit: its number, low to high as the ruleset lists them; a number or word: its
  place, sorted, among the values legal now; a part of plays: its place among the
  plays offered; at most ``MAX_CHOICES``);
- when some action has an amount: ten ids for the digits 0 to 9, then one for a minus
  sign (an amount is chosen digit by digit: :mod:`.parts`).

A selection (the name, the cards picked) narrows the listed actions; as soon as one is
left it is taken. So a play of k cards takes at most k + 2 decisions.
"""
from __future__ import annotations

from ..errors import IllegalAction
from ..limits import MAX_CHOICES, MAX_INT_DIGITS
from ..model import TYPED_CHOICES
from ..runtime.actions import action_key

PICK, NAME, ACT = "pick", "name", "act"
_KEYED = TYPED_CHOICES + ("parts",)         # kinds whose key is not their cards


class Layout:
    """The action ids of one ruleset (see the module docstring). ``size`` is the number
    of distinct ids; ``card_id`` maps a card to its id; ``max_cards`` bounds the picks
    of one action (the pack's size)."""

    def __init__(self, rules, max_players: int):
        self.rules = rules
        self.pack = list(rules.pack)
        self.card_id = {c: i for i, c in enumerate(self.pack)}
        p = len(self.pack)
        self.done = p
        defs = [a for ph in rules.phases.values() for a in ph.actions.values()]
        self.names = sorted({a.name for a in defs})
        self.name_id = {nm: p + 1 + i for i, nm in enumerate(self.names)}
        self.value_base = p + 1 + len(self.names)
        kinds = {a.kind for a in defs}
        parted = [a for a in defs if a.kind == "parts"]
        forms = {q.form for a in parted for q in a.parts.parts}
        kinds |= {q.kind for a in parted for q in a.parts.parts if q.form == "item"}
        width = 0
        if "seat" in kinds:
            width = max(width, max_players)
        if "rank" in kinds:
            width = max(width, len(rules.ranks))
        if "suit" in kinds:
            width = max(width, len(rules.suits))
        if kinds & {"int", "str"} or any(q.form == "item" and q.kind == "play"
                                          for a in parted for q in a.parts.parts):
            width = max(width, MAX_CHOICES)
        self.pile_base = {}             # a chosen pile: its zone's first id, then its slot
        if "place" in kinds:
            total = 0
            for zname, d in rules.zones.items():
                self.pile_base[zname] = total
                total += d.slots(max_players)
            width = max(width, total)
        self.size = self.value_base + width
        self.digit_base = self.minus = None
        if "amount" in forms:
            self.digit_base, self.minus = self.size, self.size + 10
            self.size += 11
        self.max_cards = p
        # the most decisions one action takes: its name, then a card per pick and done,
        # or each part (an item: one; a set: a card each and done; an amount: a minus
        # sign and at most MAX_INT_DIGITS digits)
        self.max_decisions = max([p + 2] + [1 + sum(
            1 if q.form == "item" else p + 1 if q.form == "set" else MAX_INT_DIGITS + 1
            for q in a.parts.parts) for a in parted])

    def describe(self, action_id: int) -> str:
        """What ``action_id`` means in any state (``pick 7H``, ``done``, ``name take``,
        ``value 3``); IllegalAction for an id out of range."""
        if action_id.__class__ is not int or not 0 <= action_id < self.size:
            raise IllegalAction(f"action id {action_id!r}: the action ids of this game are "
                                f"0 to {self.size - 1}", str(action_id))
        if action_id < self.done:
            return f"pick {self.pack[action_id]}"
        if action_id == self.done:
            return "done"
        if action_id < self.value_base:
            return f"name {self.names[action_id - self.done - 1]}"
        if self.digit_base is not None and action_id >= self.digit_base:
            return "minus" if action_id == self.minus else \
                f"digit {action_id - self.digit_base}"
        return f"value {action_id - self.value_base}"

    def value_id(self, act, values: list) -> int:
        """The id of typed choice ``act``; ``values`` the legal values of its name now
        (for numbers and words, numbered in sorted order). Raises IllegalAction for a
        value the layout cannot number (more than MAX_CHOICES numbers or words)."""
        return self.typed_id(act[4].kind, act[3], values, act)

    def typed_id(self, kind: str, value, values: list, what) -> int:
        """The id of typed value ``value`` of ``kind`` (seat, rank, suit: its number; a
        pile (``place``): its zone's first id plus its slot;
        int, str: its place among ``values`` sorted by their repr; see
        :meth:`value_id`); ``what`` (an action, or its text) for the error."""
        rules = self.rules
        if kind == "place":             # a pile: by its zone and slot, in every state
            k = self.pile_base[value.zone] + (value.slot or 0)
        elif kind == "seat" or (kind in ("rank", "suit") and value.__class__ is int):
            k = value                   # a seat, a rank's (or suit's) number
        elif kind == "rank":
            k = rules.ranks.index(value)
        elif kind == "suit":
            k = rules.suits.index(value)
        else:
            k = sorted(values, key=repr).index(value)
            if k >= MAX_CHOICES:
                raise IllegalAction(f"action {what[0] if isinstance(what, tuple) else what}: "
                                    f"more than {MAX_CHOICES} values to choose from, which "
                                    "the action ids cannot number", str(what),
                                    what[2] if isinstance(what, tuple) else None, [])
        return self.value_base + k


def unique(legal: list) -> list:
    """The legal actions once each, as the engine indexes them (the first of those with
    the same key)."""
    seen, out = set(), []
    for a in legal:
        cards = a[1]
        # (the usual action of one card or none: its name and cards, the same key)
        key = (a[0], cards) if len(cards) < 2 and a[4].kind not in _KEYED else action_key(a)
        if key not in seen:
            seen.add(key)
            out.append(a)
    return out


def candidates(legal: list, name, picks: tuple) -> list:
    """The actions of ``legal`` (from :func:`unique`) that the selection so far allows:
    named ``name`` (None: any) and holding every card of ``picks``."""
    if name is None and not picks:
        return legal
    need = set(picks)
    return [a for a in legal if (name is None or a[0] == name) and
            (not need or need.issubset(a[1]))]


def options(layout: Layout, cands: list, name, picks: tuple) -> dict:
    """The ids legal at a selection: id -> (NAME, name) | (PICK, card) | (ACT, Action).
    ``cands`` from :func:`candidates` (not empty). A card that only one action of one
    card holds, none picked yet, is that action (ACT): picking it would leave that
    action alone, which the bridge then takes."""
    if name is None:
        names = sorted({a[0] for a in cands})
        if len(names) > 1:
            return {layout.name_id[nm]: (NAME, nm) for nm in names}
    out = {}
    typed = [a for a in cands if a[4].kind in TYPED_CHOICES]
    if typed:
        values = [a[3] for a in typed]
        for a in typed:
            out[layout.value_id(a, values)] = (ACT, a)
        cands = [a for a in cands if a[4].kind not in TYPED_CHOICES]
    n = len(picks)
    card_id = layout.card_id
    done = layout.done
    for a in cands:
        cards = a[1]
        if n == 0 and len(cards) == 1:  # (the usual case: one card, none picked)
            c = cards[0]
            k = card_id[c]
            # the action itself while it is the only one with the card
            out[k] = (PICK, c) if k in out else (ACT, a)
        elif len(set(cards)) == n:       # exactly the cards picked
            out[done] = (ACT, a)
        else:
            for c in cards:
                if c not in picks:
                    out[card_id[c]] = (PICK, c)
    return out
