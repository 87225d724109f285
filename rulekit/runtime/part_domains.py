"""The domain of a part of a choice in parts, checked and named
(:class:`rulekit.runtime.choices.Chooser` reads it): an item part's items as
``(value, text)`` pairs (:func:`items`), the bounds of a set's sizes or an amount
(:func:`check_whole`), the key that tells two values apart (:func:`value_key`), and
what the next part of a choice may be (:class:`Options`)."""
from __future__ import annotations

from ..compiler.listing import _choice_cards, _typed_text
from ..errors import RulesetFault
from ..lang.state_api import PileRef


class Options:
    """What the next part of a choice may be: ``part`` (its :class:`PartDef`, None when
    the choice is complete), ``index`` (which part), ``items`` (``[(value, text)]``: an
    item part's items or a set part's cards that may be added, each with a
    completion; a possible one when the search ran out of budget), ``done`` (a set
    part may stop here / the choice is complete and legal), ``low`` and ``high`` (an
    amount's range; a set's sizes), ``chosen`` (a set part's cards so far)."""
    __slots__ = ("part", "index", "items", "done", "low", "high", "chosen")

    def __init__(self, part, index, items=(), done=False, low=None, high=None, chosen=()):
        self.part, self.index, self.items, self.done = part, index, list(items), done
        self.low, self.high, self.chosen = low, high, tuple(chosen)

    def __repr__(self):
        name = self.part.name if self.part is not None else None
        return (f"Options({name!r}, items={[t for _, t in self.items]}, done={self.done}, "
                f"range={self.low}..{self.high})")


def value_key(v):
    """``v`` as a key: a set or play as a frozenset of its cards, else itself."""
    return frozenset(v) if v.__class__ in (tuple, list) else v


def check_whole(defn, p, lo, hi) -> None:
    """RulesetFault unless bounds ``lo`` and ``hi`` of part ``p`` of action ``defn`` are
    whole numbers."""
    for b in (lo, hi):
        if b.__class__ is not int:
            raise RulesetFault(f"action '{defn.name}': part '{p.name}' ({p.domain_text}) has "
                               f"a bound that is not a whole number: {b!r}")


def items(G, defn, p, items) -> tuple:
    """An item part's domain as ``((value, text), ...)``, each once, in order."""
    out, seen = [], set()
    order = G.rules.cards.rank_of
    kind = p.kind
    for x in items:
        if kind == "card":
            if x.__class__ is not str or x not in order:
                raise RulesetFault(f"action '{defn.name}': part '{p.name}' offers {x!r}, "
                                   "which is not a card")
            v, t = x, x
        elif kind == "play":                # (checked; the value keeps the domain's order)
            t = " ".join(_choice_cards(order, defn.parts, x))
            v = tuple(x) if x.__class__ is list else (x,)
        elif kind == "place":                # a zone's pile: its place, named by it
            place = G.pile_place(x) if x.__class__ is list else None
            if place is None:
                raise RulesetFault(f"action '{defn.name}': part '{p.name}' offers "
                                   f"{_shown(x)}, which is not a pile of a zone (a row's "
                                   "piles, pile_of(c), zone[s])")
            v = PileRef(*place)
            t = G.rules.zones[place[0]].pile_words(place[1])
        else:
            v, t = x, _typed_text(G, _Typed(defn, kind), x)
        k = value_key(v)
        if k not in seen:
            seen.add(k)
            out.append((v, t))
    return tuple(out)


def _shown(x) -> str:
    return "a list of cards" if x.__class__ is list else repr(x)


class _Typed:
    """An action definition as :func:`_typed_text` reads it, with a part's kind."""
    __slots__ = ("name", "kind")

    def __init__(self, defn, kind):
        self.name, self.kind = defn.name, kind
