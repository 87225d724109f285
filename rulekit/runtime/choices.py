"""The engine's questions about a choice in parts (docs/language.md, "Choices in
parts"; the reasons: docs/design/parts.md), for the seat to act, never listing unless
asked.

A :class:`Chooser` answers them for one action and one decision:

- :meth:`Chooser.options` — what the next part may be, given the parts so far: items
  (each with a completion), for a set part the cards that may be added and whether it
  may stop here, for an amount its range;
- :meth:`Chooser.is_legal` — a complete choice checked directly (each part in its
  domain, ``so_far`` after each part and after each card of a set, ``legal`` at the
  end): the cost of one path;
- :meth:`Chooser.count` — the number of legal complete choices, or None when counting
  would take more than ``PARTS_COUNT_BUDGET`` evaluations;
- :meth:`Chooser.random` — a legal complete choice: exactly uniform when it can be
  counted (the r-th of the count, r drawn once), else drawn part by part among the
  options that have a completion, backtracking on a dead end, within the budget
  (RulesetFault past it: never an unbounded loop);
- :meth:`Chooser.enumerate` — every legal complete choice, in order (``legal_actions``).

A choice's values are a tuple, one per part: an item as the domain gives it (a card, a
seat, a number, ...; a play as a tuple of its cards), a set as a tuple of cards (by
rank, or in domain order with ``keep_order``), an amount a whole number, a pile its
place (a :class:`rulekit.lang.state_api.PileRef`, which the code reads as the pile's cards).

Completions: a depth-first search over the remaining parts (a set's cards taken in
domain order, so each set is met once), pruned by ``so_far``, stopping at the first
legal complete choice. The last part, when neither condition reads it, is counted in
closed form (a set: a sum of binomials; an amount: its range's size).
"""
from __future__ import annotations

import math

from ..errors import RulesetFault
from ..limits import PARTS_COUNT_BUDGET
from .drawing import Budget, Drawing, OverBudget, _Never, _sized  # noqa: F401 (OverBudget: API)
from .enumerating import Enumerating
from .part_domains import Options, check_whole, items as _items, value_key as _key  # noqa: F401


class Chooser(Enumerating, Drawing):
    """The questions about choice-in-parts action ``defn`` of game ``G``'s seat to act
    (the state is read, never changed). Every question takes a fresh :class:`Budget`
    unless given one."""

    def __init__(self, G, defn):
        self.G, self.defn, self.spec = G, defn, defn.parts
        self.parts = self.spec.parts
        self.n = len(self.parts)
        self._dom: dict = {}        # (part index, the values before it) -> its domain
        self._begins = None         # has_completion(()) once known
        self._pre_ok = None         # spec.pre's value, once evaluated

    # ---- evaluating the ruleset's code ------------------------------------------------
    def locals(self, vals, cur=None) -> dict:
        """The locals of the conditions for parts ``vals`` made (a set part's cards
        ``cur`` so far after them): later parts null, a set not begun ``[]``."""
        spec = self.spec
        if spec.plain:                      # (no set, no play: made in C)
            L = dict.fromkeys(spec.names)
            L.update(zip(spec.names, vals))
            return L
        L = {}
        k = len(vals)
        for j, p in enumerate(self.parts):
            if j < k:
                v = vals[j]
                L[p.name] = list(v) if v.__class__ is tuple else v
            elif j == k and cur is not None:
                L[p.name] = list(cur)
            else:
                L[p.name] = [] if p.form == "set" else None
        return L

    def _so_far(self, vals, cur=None, budget=None) -> bool:
        fn = self.spec.so_far
        if fn is None:
            return True
        if budget is not None:
            budget.spend()
        return bool(fn(self.G, self.locals(vals, cur)))

    def _legal(self, vals, budget=None) -> bool:
        spec = self.spec
        fn = spec.legal
        if fn is None:
            return True
        if budget is not None:
            budget.spend()
        if spec.pre is not None:            # its part-free beginning, once a decision
            ok = self._pre_ok
            if ok is None:
                ok = self._pre_ok = bool(spec.pre(self.G, self.locals(vals)))
            if not ok:
                raise _Never
            fn = spec.post
            if fn is None:
                return True
        return bool(fn(self.G, self.locals(vals)))

    def _never(self) -> bool:
        """Whether ``legal``'s part-free beginning (``spec.pre``) is false, so that no
        complete choice is legal: evaluated once, before any domain is read. A failure
        here leaves it unknown: it is raised where a complete choice is checked, as
        without this shortcut."""
        ok = self._pre_ok
        if ok is None:
            pre = self.spec.pre
            if pre is None:
                return False
            try:
                ok = self._pre_ok = bool(pre(self.G, self.locals(())))
            except Exception:               # (RulesetFault, a ruleset's error: later)
                return False
        return not ok

    def domain(self, i: int, vals) -> tuple:
        """Part ``i``'s domain after ``vals``: an item part's ``[(value, text)]`` (once
        each, in domain order); a set part's ``(cards, low, high)`` (its cards once each,
        sizes clamped to 0..len); an amount's ``(low, high)``. RulesetFault for an item
        that is not of the part's kind."""
        key = (i, vals)
        got = self._dom.get(key)
        if got is not None:
            return got
        p, G = self.parts[i], self.G
        L = self.locals(vals)
        if p.form == "item":
            got = _items(G, self.defn, p, p.domain(G, L))
        elif p.form == "set":
            cards = offered = p.domain(G, L)
            try:
                distinct = set(offered)
            except TypeError:               # (an item that is no card: said below)
                distinct = None
            if distinct is None or len(distinct) != len(offered) \
                    or not G.rules.cards.rank_of.keys() >= distinct:
                cards = []                  # (the usual case, cards once each, above)
                for c in offered:
                    if c.__class__ is not str or c not in G.rules.cards.rank_of:
                        raise RulesetFault(f"action '{self.defn.name}': part '{p.name}' "
                                           f"offers {c!r}, which is not a card")
                    if c not in cards:
                        cards.append(c)
            lo, hi = p.low(G, L), p.high(G, L)
            check_whole(self.defn, p, lo, hi)
            got = (tuple(cards), max(lo, 0), min(hi, len(cards)))
        else:
            lo, hi = p.low(G, L), p.high(G, L)
            check_whole(self.defn, p, lo, hi)
            got = (lo, hi)
        self._dom[key] = got
        return got

    def _set_value(self, cards, i=None, vals=None) -> tuple:
        """A set's cards as its value: in the order its domain lists them (part ``i``
        after ``vals``: cards chosen in another order are put in it; without ``i``,
        cards already in that order)."""
        if i is None:
            return tuple(cards)
        dom = self.domain(i, vals)[0]
        return tuple(sorted(cards, key=lambda c: dom.index(c) if c in dom else len(dom)))

    # ---- counting and enumerating -----------------------------------------------------
    def count(self, budget: Budget | None = None):
        """The number of legal complete choices, or None when counting takes more than
        the budget (default PARTS_COUNT_BUDGET evaluations)."""
        budget = self.count_budget() if budget is None else budget
        if self._never():
            return 0
        try:
            return self._count((), budget)
        except OverBudget:
            return None
        except _Never:
            return 0

    @staticmethod
    def count_budget() -> Budget:
        """A fresh budget of a count: PARTS_COUNT_BUDGET evaluations."""
        return Budget(PARTS_COUNT_BUDGET)

    def _count(self, vals, budget) -> int:
        i = len(vals)
        if i == self.n:
            return 1 if self._legal(vals, budget) else 0
        p = self.parts[i]
        if i == self.n - 1 and not self.spec.reads[i]:      # closed form
            size = self._size(i, vals)
            done = vals + (_unset(p),)
            return size if size and self._so_far(done, None, budget) \
                and self._legal(done, budget) else 0
        if p.form == "amount":              # a range wider than the budget: not cheap
            lo, hi = self.domain(i, vals)
            if hi - lo + 1 > budget.left:
                raise OverBudget
        total = 0
        for v in self._children(i, vals, budget):
            total += self._count(vals + (v,), budget)
        return total

    def _size(self, i, vals) -> int:
        """How many values part ``i`` may take after ``vals`` (no condition read)."""
        p = self.parts[i]
        d = self.domain(i, vals)
        if p.form == "item":
            return len(d)
        if p.form == "set":
            cards, lo, hi = d
            return sum(math.comb(len(cards), k) for k in range(lo, hi + 1))
        return max(0, d[1] - d[0] + 1)

    def _children(self, i, vals, budget):
        """Every value of part ``i`` after ``vals`` for which ``so_far`` holds, in order
        (a set's in domain order of its first differing card, the set before its
        supersets)."""
        p = self.parts[i]
        d = self.domain(i, vals)
        if p.form == "item":
            for v, _ in d:
                nxt = vals + (v,)
                budget.spend()              # (a step of the search, condition or not)
                if self._so_far(nxt, None, budget):
                    yield v
        elif p.form == "amount":
            lo, hi = d
            for v in range(lo, hi + 1):
                budget.spend()
                if self._so_far(vals + (v,), None, budget):
                    yield v
        else:
            cards, lo, hi = d
            yield from self._sets(vals, [], cards, 0, lo, hi, budget)

    def _sets(self, vals, cur, avail, start, lo, hi, budget):
        if lo == hi > len(cur) and self.spec.so_far is None:
            yield from _sized(cur, avail, start, lo - len(cur), budget)
            return
        if len(cur) >= lo:
            yield self._set_value(cur)
        if len(cur) >= hi:
            return
        for j in range(start, len(avail)):
            if len(cur) + len(avail) - j < lo:
                break
            cur.append(avail[j])
            budget.spend()
            if self._so_far(vals, cur, budget):
                yield from self._sets(vals, cur, avail, j + 1, lo, hi, budget)
            cur.pop()

    def has_completion(self, vals, cur=None, budget=None) -> bool:
        """Whether parts ``vals`` (a set part's cards ``cur`` begun after them, in any
        order) can be finished into a legal choice; True when the search runs out of
        budget (possible: a chooser backtracks on a dead end). The answer for no parts
        yet is kept: a Chooser serves one decision, whose state does not change."""
        whole = not vals and cur is None and budget is None
        if whole and self._begins is not None:
            return self._begins
        budget = Budget() if budget is None else budget
        try:
            got = not self._never() and self._exists(vals, cur, budget)
        except OverBudget:
            got = True
        except _Never:
            got = False
        if whole:
            self._begins = got
        return got

    def _exists(self, vals, cur, budget) -> bool:
        if cur is not None:                 # a set part in progress
            i = len(vals)
            cards, lo, hi = self.domain(i, vals)
            avail = [c for c in cards if c not in cur]
            for s in self._sets(vals, list(cur), avail, 0, lo, hi, budget):
                if self._exists(vals + (s,), None, budget):
                    return True
            return False
        i = len(vals)
        if i == self.n:
            return self._legal(vals, budget)
        if i == self.n - 1 and not self.spec.reads[i]:
            done = vals + (_unset(self.parts[i]),)
            return self._size(i, vals) > 0 and self._so_far(done, None, budget) \
                and self._legal(done, budget)
        for v in self._children(i, vals, budget):
            if self._exists(vals + (v,), None, budget):
                return True
        return False

    def amount_has_value(self, vals, low: int, high: int) -> bool:
        """Whether the amount that follows parts ``vals`` may take a value from ``low`` to
        ``high`` (within its range) that can be finished into a legal choice: the
        values in order, each checked with ``so_far`` and a completion search, within one
        budget; True when the search runs out of it (possible). When no condition reads
        the amount and it is the last part, every value in range is alike: only whether
        the range is not empty and the choice so far holds."""
        i = len(vals)
        if low > high or self._never():
            return False
        if i == self.n - 1 and not self.spec.reads[i]:
            return self.has_completion(vals)
        budget = Budget()
        try:
            for v in range(low, high + 1):
                nxt = vals + (v,)
                budget.spend()              # (a step of the search, condition or not)
                if self._so_far(nxt, None, budget) and self._exists(nxt, None, budget):
                    return True
        except OverBudget:
            return True
        except _Never:
            return False
        return False

    # ---- one part at a time -----------------------------------------------------------
    def options(self, vals, cur=None) -> Options:
        """What may come next after parts ``vals`` (tuple) and, while a set part is being
        chosen, its cards ``cur`` so far (any order). ``done``: the set may stop here
        (or, with every part made, the choice is legal)."""
        i = len(vals)
        if i == self.n:
            return Options(None, i, done=self.is_legal(vals))
        p = self.parts[i]
        d = self.domain(i, vals)
        budget = Budget()
        if p.form == "item":
            items = [(v, t) for v, t in d if self._so_far(vals + (v,), None, budget)
                     and self.has_completion(vals + (v,))]
            return Options(p, i, items)
        if p.form == "amount":
            return Options(p, i, low=d[0], high=d[1])
        cards, lo, hi = d
        cur = list(cur or ())
        items = []
        if len(cur) < hi:
            for c in cards:
                if c not in cur and self._so_far(vals, cur + [c], budget) \
                        and self.has_completion(vals, cur + [c]):
                    items.append((c, c))
        done = lo <= len(cur) <= hi and \
            self.has_completion(vals + (self._set_value(cur, i, vals),))
        return Options(p, i, items, done, lo, hi, cur)

    def is_legal(self, vals) -> bool:
        """Whether ``vals`` (one value per part; a set as cards in any order, distinct)
        is a legal complete choice, checked directly."""
        try:
            return self._is_legal(vals)
        except _Never:
            return False

    def _is_legal(self, vals) -> bool:
        if len(vals) != self.n:
            return False
        made = ()
        for i, v in enumerate(vals):
            p = self.parts[i]
            d = self.domain(i, made)
            if p.form == "item":
                key = _key(v)
                if not any(_key(x) == key for x, _ in d):
                    return False
            elif p.form == "amount":
                if v.__class__ is not int or not d[0] <= v <= d[1]:
                    return False
            else:
                cards, lo, hi = d
                if len(set(v)) != len(v) or not lo <= len(v) <= hi \
                        or any(c not in cards for c in v):
                    return False
                v = self._set_value(v, i, made)         # checked in domain order
                for k in range(1, len(v) + 1):
                    if not self._so_far(made, v[:k]):
                        return False
            made = made + (v,)
            if p.form != "set" and not self._so_far(made):
                return False
        return self._legal(made)


def _unset(p):
    return () if p.form == "set" else None

