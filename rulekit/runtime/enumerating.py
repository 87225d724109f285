"""Listing every legal complete choice of a choice in parts, in order (a part of
:class:`~rulekit.runtime.choices.Chooser`, which gives ``n``, ``parts``, ``spec``,
``domain``, ``_children``, ``_legal``)."""
from __future__ import annotations

import math
from itertools import combinations, islice

from .drawing import Budget, _Never, sized_cost


class Enumerating:
    """The listing of a :class:`~rulekit.runtime.choices.Chooser`'s complete choices."""

    def enumerate(self, limit: int, budget: Budget | None = None):
        """Every legal complete choice (tuples of values), in order; OverBudget past the
        budget, and at most ``limit + 1`` of them (the caller tells "more than")."""
        budget = Budget() if budget is None else budget
        out = []
        if self._never():
            return out
        try:
            if self.n == 1 and self.spec.legal is None:     # (one part, no condition)
                whole = self._whole_sets(limit + 1, budget)
                if whole is not None:
                    return whole
                out = [(v,) for v in islice(self._ordered(0, (), budget), limit + 1)]
            elif self.n == 1:               # (one part: its values, no recursion)
                cap, legal = limit + 1, self._legal
                for v in self._ordered(0, (), budget):
                    if legal((v,), budget):
                        out.append((v,))
                        if len(out) >= cap:
                            break
            else:
                self._walk((), budget, out, limit + 1)
        except _Never:
            return []
        return out

    def _walk(self, vals, budget, out, cap) -> None:
        i = len(vals)
        if i == self.n:
            if self._legal(vals, budget):
                out.append(vals)
            return
        for v in self._ordered(i, vals, budget):
            self._walk(vals + (v,), budget, out, cap)
            if len(out) >= cap:
                return

    def _whole_sets(self, cap: int, budget):
        """Every choice of a lone set part of one size, no ``so_far``, when there are at
        most ``cap`` of them: made at once, the budget spent as the walk would
        (:func:`sized_cost`); None otherwise."""
        p = self.parts[0]
        if p.form != "set" or self.spec.so_far is not None:
            return None
        cards, lo, hi = self.domain(0, ())
        if lo != hi or lo == 0 or math.comb(len(cards), lo) > cap:
            return None
        budget.spend(sized_cost(len(cards), lo))
        return [(v,) for v in combinations(cards, lo)]

    def _ordered(self, i, vals, budget):
        """The values of part ``i`` after ``vals`` (:meth:`_children`), a set part's
        fewest cards first, each size in domain order."""
        children = self._children(i, vals, budget)
        if self.parts[i].form == "set":
            dom, lo, hi = self.domain(i, vals)
            if lo != hi or self.spec.so_far is not None:    # (else made in that order)
                at = {c: k for k, c in enumerate(dom)}
                children = sorted(children, key=lambda s: (len(s), [at[c] for c in s]))
        return children
