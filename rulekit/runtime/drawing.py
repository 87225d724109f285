"""Drawing a choice in parts at random (:class:`Drawing`, a part of
:class:`rulekit.runtime.choices.Chooser`), and the budget every question about a choice
in parts keeps to (:class:`Budget`).

Exactly uniform when the legal complete choices can be counted within the budget: the
r-th of them, r drawn once (a last part that no condition reads is unranked directly:
a set by the combinatorial number system). Otherwise part by part, uniformly among the
options, backtracking at dead ends, within :data:`rulekit.limits.PARTS_SEARCH_BUDGET`
evaluations: past it RulesetFault, never an unbounded loop.
"""
from __future__ import annotations

import math
from itertools import combinations
from random import Random

from ..errors import RulesetFault
from ..limits import PARTS_SEARCH_BUDGET


class OverBudget(Exception):
    """A search of a choice in parts took more than its budget of evaluations."""


class _Never(Exception):
    """Raised by ``Chooser._legal`` when ``legal``'s part-free beginning is false: no
    complete choice of this decision is legal (every search stops at once)."""


class Budget:
    """At most ``left`` evaluations of a ruleset's code (a domain, ``so_far`` or
    ``legal``) for one question; :meth:`spend` raises :class:`OverBudget` past it."""
    __slots__ = ("left",)

    def __init__(self, left: int = PARTS_SEARCH_BUDGET):
        self.left = left

    def spend(self, n: int = 1) -> None:
        self.left -= n
        if self.left < 0:
            raise OverBudget


class Drawing:
    """Random draws of a :class:`~rulekit.runtime.choices.Chooser` (it gives
    ``parts``, ``n``, ``spec``, ``domain``, ``_children``, ``_count``, ``_so_far``,
    ``_legal``, ``_set_value``)."""

    # ---- drawing at random --------------------------------------------------------------
    def random(self, rng, count=None):
        """A legal complete choice drawn with ``rng``: uniform over all of them when they
        can be counted (``count``, if known already), else part by part (see the module
        docstring). Returns ``(vals, method)``, method ``uniform`` or ``per-part``;
        ``(None, ...)`` when there is none. RulesetFault when the per-part draw runs
        out of budget."""
        if self._never():
            return None, "uniform"
        if count is None:
            count = self.count()
        if count is not None:
            if count == 0:
                return None, "uniform"
            return self._nth((), rng.randrange(count), Budget()), "uniform"
        budget = Budget()
        try:
            got = self._draw((), rng, budget)
        except OverBudget:
            got = None
        except _Never:                      # legal's part-free beginning is false
            return None, "uniform"
        if got is None:
            raise RulesetFault(f"action '{self.defn.name}': no legal choice found within "
                               f"{PARTS_SEARCH_BUDGET} evaluations (its parts drawn at "
                               "random, backtracking at dead ends)")
        return got, "per-part"

    def _nth(self, vals, r, budget):
        """The ``r``-th legal complete choice after ``vals`` (0-based, in order)."""
        i = len(vals)
        if i == self.n:
            return vals
        p = self.parts[i]
        if i == self.n - 1 and not self.spec.reads[i]:
            return vals + (self._unrank(i, vals, r),)
        for v in self._children(i, vals, budget):
            k = self._count(vals + (v,), budget)
            if r < k:
                return self._nth(vals + (v,), r, budget)
            r -= k
        raise AssertionError(f"{p.name}: rank past the count")      # pragma: no cover

    def _unrank(self, i, vals, r):
        p = self.parts[i]
        d = self.domain(i, vals)
        if p.form == "item":
            return d[r][0]
        if p.form == "amount":
            return d[0] + r
        cards, lo, hi = d
        for k in range(lo, hi + 1):
            size = math.comb(len(cards), k)
            if r < size:
                return self._set_value(_combination(cards, k, r))
            r -= size
        raise AssertionError("rank past the sets")                # pragma: no cover

    def _draw(self, vals, rng, budget):
        """Part by part, uniformly among the options with a completion (an amount:
        uniformly in its range, retried), backtracking on a dead end; None if none."""
        i = len(vals)
        if i == self.n:
            return vals if self._legal(vals, budget) else None
        p = self.parts[i]
        d = self.domain(i, vals)
        if p.form == "item":
            opts = [v for v, _ in d]
            while opts:
                v = opts.pop(rng.randrange(len(opts)))
                budget.spend()
                if self._so_far(vals + (v,), None, budget):
                    got = self._draw(vals + (v,), rng, budget)
                    if got is not None:
                        return got
            return None
        if p.form == "amount":
            lo, hi = d
            tried = set()
            while hi >= lo and len(tried) < hi - lo + 1:
                v = rng.randint(lo, hi)
                if v in tried:
                    budget.spend()
                    continue
                tried.add(v)
                budget.spend()
                if self._so_far(vals + (v,), None, budget):
                    got = self._draw(vals + (v,), rng, budget)
                    if got is not None:
                        return got
            return None
        cards, lo, hi = d
        return self._draw_set(vals, [], list(cards), lo, hi, rng, budget)

    def _draw_set(self, vals, cur, avail, lo, hi, rng, budget):
        stop = len(cur) >= lo
        opts = list(range(len(avail))) if len(cur) < hi else []
        while opts or stop:
            pick = rng.randrange(len(opts) + (1 if stop else 0))
            if pick == len(opts):           # close the set here
                stop = False
                got = self._draw(vals + (self._set_value(cur, len(vals), vals),), rng, budget)
                if got is not None:
                    return got
                continue
            j = opts.pop(pick)
            card = avail[j]
            budget.spend()
            cur.append(card)
            if self._so_far(vals, cur, budget):
                rest = [c for c in avail if c not in cur]
                got = self._draw_set(vals, cur, rest, lo, hi, rng, budget)
                if got is not None:
                    return got
            cur.pop()
        return None


def lone_set_draw(G, rng):
    """What ``G.random_legal(rng)`` draws for the seat to act when its decision is one
    action of one set of cards with no condition and nothing is listed (a pass of three
    cards): the same draw from ``rng`` (one ``randrange`` over every set of every
    allowed size, the set unranked), without the general counting; None when the
    decision is not of that form or has no such set (the general way decides then)."""
    step = G.step
    if G._legal or G._window is not None or len(step.parted) != 1:
        return None
    defn = step.parted[0]
    spec = defn.parts
    if len(spec.parts) != 1 or spec.parts[0].form != "set" or spec.so_far is not None \
            or spec.legal is not None:
        return None
    ch = G.chooser(defn.name)
    cards, lo, hi = G._ruleset(ch.domain, 0, ())
    count = sum(math.comb(len(cards), k) for k in range(lo, hi + 1))
    if not count:
        return None
    vals = (G._ruleset(ch._unrank, 0, (), rng.randrange(count)),)
    return G._parted_action(ch, vals, G.actor)


def refuse_draw(G, rng, seat) -> None:
    """Why ``G.random_legal(rng, seat)`` could not draw, as a ValueError in words: an
    ``rng`` that is not a ``random.Random``, a ``seat`` that is not a seat of the game,
    or a seat with no legal action now (the game over included). Returns when none of
    these holds (the caller then raises what it caught)."""
    if not isinstance(rng, Random):
        raise ValueError(f"rng must be a random.Random, not {type(rng).__name__}")
    if seat is not None and (seat.__class__ is not int or not 0 <= seat < G.n):
        raise ValueError(f"seat must be from 0 to {G.n - 1}, not {seat!r:.30}")
    if G.status != "in_progress":
        raise ValueError(f"the game is over ({G.status}): no legal action to draw")
    if seat is not None and seat not in G.actors:
        raise ValueError(f"seat {seat} has no legal action now (to act: "
                         f"{', '.join(map(str, G.actors))})")

def _combination(cards, k, r) -> list:
    """The ``r``-th (0-based, lexicographic by position) choice of ``k`` of ``cards``."""
    out, start, n = [], 0, len(cards)
    for left in range(k, 0, -1):
        for j in range(start, n):
            size = math.comb(n - j - 1, left - 1)
            if r < size:
                out.append(cards[j])
                start = j + 1
                break
            r -= size
    return out


def _sized(cur, avail, start, need, budget):
    """The sets ``cur`` + ``need`` cards of ``avail[start:]``, as :meth:`Chooser._sets`
    yields them when no ``so_far`` prunes and every set has one size (lexicographic, by
    position), spending the budget as its search would: one per card added on the way
    to each set (the cards it shares with the set before are not added again)."""
    base, prev = tuple(cur), None
    for cards in combinations(avail[start:], need):    # (a pile's cards: each once)
        if prev is None:
            budget.left -= need
        else:
            m = 0
            while cards[m] is prev[m]:
                m += 1
            budget.left -= need - m
        if budget.left < 0:                 # (Budget.spend, written in place)
            raise OverBudget
        prev = cards
        yield base + cards if base else cards


def sized_cost(n: int, k: int) -> int:
    """The budget :func:`_sized` spends on every set of ``k`` of ``n`` cards: one per
    card added on the way, so one per beginning of a set (``j`` cards that ``k - j``
    later cards can complete), summed over ``j`` from 1 to ``k``."""
    return sum(math.comb(n - k + j, j) for j in range(1, k + 1))
