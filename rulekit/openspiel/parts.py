"""Choices in parts through the bridge: one part per OpenSpiel decision, never listed.

An action decided in parts (docs/language.md, "Choices in parts") is made as a
:class:`Selection`: its name, the parts made so far, a set part's cards picked so far,
an amount's digits so far. Each decision offers the ids of the next step only (the
engine's ``part_options``; :mod:`.moves` numbers them):

- an **item part**: one id per item offered (each has a completion): a card by its
  card's id, a seat, rank, suit, number or word as a typed choice's value, a play by
  its place among the plays offered;
- a **set part**: one id per card that may be added (each has a completion), and
  ``done`` when the set may stop here;
- an **amount**: its value's digits, most significant first, in a fixed width (the
  digits of the range's largest value: ``7`` of ``1 .. 250`` is ``0 0 7``), each
  digit offered only when the values it leads to (the interval its prefix stands for,
  cut to the range) hold one that can be finished into a legal choice
  (``amount_has_value``); a negative value starts with the minus id (then the digits
  of its magnitude, in the width of the range's lowest value). So an amount of any
  range takes at most 13 decisions among 11 ids.

After each id the seat gives, a step with only one id is made by the bridge itself
(forced: the ``done`` of a set that cannot grow, a digit only one value leads to),
and once the last part is made, the complete choice is checked and taken
(``action_of``). The first decision of a turn is always the seat's, even when it has
one id. A dead end (an option the engine offered as possible when its search ran out
of budget, then found to have no completion) offers one id, ``done``: start the
decision over.
"""
from __future__ import annotations

from ..errors import IllegalAction
from ..runtime.parts_text import _text_cards, value_text

ITEM, ADD, CLOSE, DIGIT, MINUS, RESTART = "item", "add", "close", "digit", "minus", "restart"
STEPS = (ITEM, ADD, CLOSE, DIGIT, MINUS, RESTART)


class Selection:
    """A choice in parts being made through the bridge (never changed: each step makes
    a new one): ``name`` (the action), ``vals`` (the parts made, as the engine's values;
    a set in its canonical order), ``cur`` (a set part's cards picked so far, in the
    order picked), ``digits`` (an amount's text so far: ``-`` and digits) and ``left``
    (how many digits are still to come, once the first is made)."""
    __slots__ = ("name", "vals", "cur", "digits", "left")

    def __init__(self, name: str, vals: tuple = (), cur: tuple = (), digits: str = "",
                 left: int = 0):
        self.name, self.vals, self.cur, self.digits, self.left = name, vals, cur, digits, left

    def __repr__(self):
        return (f"Selection({self.name!r}, {self.vals!r}, cur={self.cur!r}, "
                f"digits={self.digits!r})")


def defn_of(game, name: str):
    """The ActionDef of choice-in-parts action ``name`` at ``game``'s step."""
    return next(a for a in game.step.parted if a.name == name)


def complete(game, sel: Selection) -> bool:
    """Whether every part of ``sel`` is made."""
    return len(sel.vals) == len(defn_of(game, sel.name).parts.parts)


def digit_steps(lo: int, hi: int, digits: str) -> list:
    """The next steps of an amount from ``lo`` to ``hi`` whose text so far is
    ``digits``: ``[(symbol, a, b, value, left)]``, ``symbol`` a digit or ``-``, ``a`` to
    ``b`` the values the text with it leads to (cut to the range; never empty),
    ``value`` the amount when the symbol is its last digit (else None), ``left`` the
    digits still to come after it. The width is that of ``hi`` (of ``-lo`` after a
    minus sign); leading zeros fill it."""
    out = []
    if digits == "" and lo < 0:
        out.append(("-", lo, min(hi, -1), None, len(str(-lo))))
    neg = digits.startswith("-")
    if neg:
        width, t, low, high = len(str(-lo)), digits[1:], max(1, -hi), -lo   # magnitudes
    elif hi < 0:
        return out
    else:
        width, t, low, high = len(str(hi)), digits, max(lo, 0), hi
    r = width - len(t) - 1
    if r < 0:
        return out
    unit = 10 ** r
    for d in range(10):
        m0 = int(t + str(d)) * unit
        a, b = max(m0, low), min(m0 + unit - 1, high)
        if a > b:
            continue
        value = (-m0 if neg else m0) if r == 0 else None
        out.append((str(d), -b, -a, value, r) if neg else (str(d), a, b, value, r))
    return out


def part_ids(layout, game, sel: Selection) -> dict:
    """The ids of the next step of ``sel`` at ``game`` (the seat to act's):
    ``{id: (step, what, sel)}``, ``step`` one of :data:`STEPS`; {} at a dead end or
    when every part is made. IllegalAction for a typed value the ids cannot number;
    RulesetFailure if the ruleset's code fails."""
    defn = defn_of(game, sel.name)
    parts = defn.parts.parts
    i = len(sel.vals)
    if i == len(parts):
        return {}
    p = parts[i]
    out = {}
    if p.form == "amount":
        opts = game.part_options(sel.name, sel.vals)
        for sym, a, b, value, left in digit_steps(opts.low, opts.high, sel.digits):
            if game.amount_has_value(sel.name, sel.vals, a, b):
                if sym == "-":
                    out[layout.minus] = (MINUS, (sym, value, left), sel)
                else:
                    out[layout.digit_base + int(sym)] = (DIGIT, (sym, value, left), sel)
        return out
    if p.form == "set":
        opts = game.part_options(sel.name, sel.vals, sel.cur)
        for c, _ in opts.items:
            out[layout.card_id[c]] = (ADD, c, sel)
        if opts.done:
            out[layout.done] = (CLOSE, None, sel)
        return out
    opts = game.part_options(sel.name, sel.vals)
    if p.kind == "card":
        for v, _ in opts.items:
            out[layout.card_id[v]] = (ITEM, v, sel)
    elif p.kind == "play":
        for k, (v, _) in enumerate(opts.items):
            if k >= layout.size - layout.value_base:
                raise IllegalAction(f"action {sel.name}: more plays to choose from than "
                                    "the action ids can number", sel.name)
            out[layout.value_base + k] = (ITEM, v, sel)
    else:
        values = [v for v, _ in opts.items]
        for v in values:
            out[layout.typed_id(p.kind, v, values, sel.name)] = (ITEM, v, sel)
    return out


def advance(game, sel: Selection, step: str, what) -> Selection | None:
    """``sel`` after ``step`` (with its ``what``, from :func:`part_ids`); None for
    RESTART (the decision starts over)."""
    name, vals = sel.name, sel.vals
    if step == ITEM:
        return Selection(name, vals + (what,))
    if step == ADD:
        return Selection(name, vals, sel.cur + (what,))
    if step == CLOSE:
        made = game.chooser(name).canonical(vals + (sel.cur,))
        return Selection(name, made)
    if step in (DIGIT, MINUS):
        sym, value, left = what
        if value is not None:
            return Selection(name, vals + (value,))
        return Selection(name, vals, (), sel.digits + sym, left)
    return None


def settle(layout, game, sel: Selection) -> tuple:
    """Make the forced steps of ``sel`` (those with one id): ``(sel, forced ids, ids,
    action)``: the selection reached, the ids made on the way, the ids of its next step
    (a dead end: only ``done``, RESTART), and the Action to take once every part is made
    and the choice is legal (else None)."""
    forced = []
    while True:
        if complete(game, sel):
            try:
                return sel, forced, {}, game.action_of(sel.name, sel.vals)
            except IllegalAction:
                return sel, forced, {layout.done: (RESTART, None, sel)}, None
        ids = next_ids(layout, game, sel)
        if len(ids) != 1:
            return sel, forced, ids, None
        (k, (step, what, _)), = ids.items()
        if step == RESTART:
            return sel, forced, ids, None
        forced.append(k)
        sel = advance(game, sel, step, what)


def next_ids(layout, game, sel: Selection) -> dict:
    """:func:`part_ids`, or at a dead end (none) ``done`` to start over."""
    return part_ids(layout, game, sel) or {layout.done: (RESTART, None, sel)}


def selection_text(game, sel: Selection) -> str:
    """``sel`` as words: the action's text of the parts made (``put 9H``), then the part
    in progress (its word; a set's cards picked, in the order the action's text will
    name them; an amount's digits with ``_`` for each one to come: ``bet 0_``)."""
    defn = defn_of(game, sel.name)
    text = value_text(game, defn, sel.vals)
    parts = defn.parts.parts
    i = len(sel.vals)
    if i < len(parts) and (sel.cur or sel.digits):
        p = parts[i]
        words = [p.word] if p.word is not None else []
        if sel.cur:                     # as the action's text will name them
            cur = game.chooser(sel.name).canonical(sel.vals + (sel.cur,))[-1]
            words += _text_cards(game, defn, cur)
        if sel.digits:
            words.append(sel.digits + "_" * sel.left)
        text += " " + " ".join(words)
    return text
