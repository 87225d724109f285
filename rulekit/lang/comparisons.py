"""Comparisons of the expression language (``==``, ``!=``, ``<``, ..., ``in``, ``not
in``), and the literals they can never meet.

A comparison of a value whose possible values the ruleset fixes with a literal that is
not one of them is an error when the ruleset is checked, wherever it is written:
``rank_name(c) == '10'`` in a pack whose ranks are ``2 .. 9 T J Q K A`` (the rank is
written ``T``), ``suit(c) != 'X'``, ``face(c) in ['JK', 'ZZ']``, ``rank(c) == 13`` in a
pack of 13 ranks (0 to 12), ``option.NAME == 'sometimes'`` for a choice option without
that value (or a number outside an int option's ``min``..``max``), ``last_action ==
'tkae'`` in the transitions of a step that offers no such action. The values come from
the ruleset (its ``cards:``, its options, the step's ``actions``), so this works for any
pack. The error is at the literal and says what there is. Which built-ins the pack
fixes is declared on each (``pack=``, :mod:`.functions`; their values:
:data:`rulekit.lang.literals.PACK_DOMAINS`), and what an option allows on its type
(:meth:`rulekit.lang.options.OptionType.literal`).

:class:`Comparisons` is a part of :class:`rulekit.lang.expressions.Compiler`; its
``ctx`` offers ``cards`` (:class:`rulekit.cards.Cards`), ``definitions`` and, when it
has them, ``option_decls`` (name -> :class:`rulekit.model.OptionDecl`) and
``step_actions`` (the action names of the step being compiled, or None).
"""
from __future__ import annotations

import difflib

from .codetree import fmt
from .functions import REGISTRY
from .literals import PACK_DOMAINS, among, pack_text
from .options import OPTION_TYPES
from .syntax import literal
from .types import ExprError, Typed, compatible


class Comparisons:
    """The compile methods of comparisons (a mixin of the expression compiler)."""

    def n_compare(self, t, scope):
        a, op, b = self.node(t.left, scope), t.op, self.node(t.right, scope)
        if op in ("<", ">", "<=", ">=") and _ranked_lists(a, b):
            pass                        # lists item by item (Python's order of lists)
        elif op in ("<", ">", "<=", ">="):
            for side, x in ((t.left, a), (t.right, b)):
                if not compatible(x.type, "int"):
                    raise ExprError(f"'{op}' compares numbers (int, rank, seat) or lists of "
                                    f"them item by item, not {x.type}", side.start, "type")
        elif not (compatible(a.type, b.type) or compatible(b.type, a.type)):
            for x, other in ((a, t.right), (b, t.left)):
                if x.type == "card" and isinstance(literal(other), str):
                    self.check_literal(None, x, other)      # a text that is no card
                    hint = f" (write card('{literal(other)}'))"
                    break
            else:
                hint = ""
            raise ExprError(f"'{op}' compares {article(a.type)} with {article(b.type)}: they "
                            f"can never be equal{hint}", t.start, "type")
        else:
            self.check_literal(t.left, a, t.right)
            self.check_literal(t.right, b, t.left)
        if op in ("==", "!=") and _piles(a, b):     # the same pile, not equal cards
            same = "is" if op == "==" else "is not"
            return Typed(fmt("compare", "({} " + same + " {})", a.code, b.code,
                             wrapped=True, op=same), "bool")
        return Typed(fmt("compare", "({} " + op + " {})", a.code, b.code, wrapped=True, op=op),
                     "bool")

    def n_in_(self, t, scope):
        return self._membership(t, scope, "in")

    def n_not_in(self, t, scope):
        return self._membership(t, scope, "not in")

    def _membership(self, t, scope, op: str) -> Typed:
        a, b = self.node(t.left, scope), self.node(t.right, scope)
        if b.type == "map":                 # one of the map's keys
            if a.type in ("cards", "list", "play", "zone", "fn", "map"):
                raise ExprError(f"a map's keys are numbers, texts, cards, true, false or "
                                f"null: {a.type} is never one", t.left.start, "type")
        elif not compatible(b.type, "list"):
            raise ExprError(f"'{op}' needs a list or a map on its right, not {b.type}",
                            t.right.start, "type")
        if t.right.kind == "list":
            for item in t.right.items:
                self.check_literal(t.left, a, item)
        return Typed(fmt("compare", "({} " + op + " {})", a.code, b.code, wrapped=True, op=op),
                     "bool")

    def check_literal(self, node, typed: Typed, other) -> None:
        """Raise ExprError (code ``literal``, at ``other``) when ``other`` is a literal
        that the value of ``node`` (compiled as ``typed``) can never be."""
        value = literal(other)
        if value is None:
            return
        known = self._values(node, typed)
        if known is None:
            return
        ok, what, has, choices = known
        if ok(value):
            return
        shown = f"'{value}'" if isinstance(value, str) else str(value)
        raise ExprError(f"{shown} is not {what}: {has}{self._hint(node, value, choices)}",
                        other.start, "literal")

    def _values(self, node, typed: Typed):
        """(test, what, what there is, the values) for the value of ``node``, or None
        when the ruleset does not fix its values."""
        ctx = self.ctx
        kind = node.kind if node is not None else None
        if typed.type == "card":                       # a card is its text: QS, QS#2
            cards = ctx.cards
            return (lambda v: v in cards.rank_of, "a card of this pack", pack_text(cards),
                    list(cards.face_of.values()))
        domain = _pack_domain(ctx, node)
        if domain is not None:
            return PACK_DOMAINS[domain](ctx.cards)
        if kind == "attr" and node.base == "option":
            decl = (getattr(ctx, "option_decls", None) or {}).get(node.attr)
            if decl is None:
                return None
            return OPTION_TYPES[decl.type].literal(decl, ctx.cards)
        actions = getattr(ctx, "step_actions", None)
        if kind == "name" and node.name == "last_action" \
                and typed.code == "G.last_action" and actions:
            return among(actions, "an action of this step", "it offers", sep=", ")
        return None

    def _hint(self, node, value, choices) -> str:
        """`` (write 'T')`` when ``value`` names one of ``choices`` another way (another
        case, a rank alias, a card written as people type it), or a close spelling."""
        if not isinstance(value, str):
            return ""
        domain = _pack_domain(self.ctx, node)
        cards = self.ctx.cards
        if domain == "rank_name" and value in cards.aliases:
            return f" ('{value}' is written '{cards.aliases[value]}' here)"
        if (domain == "face" or node is None) and cards.lookup(value) is not None:
            return f" (this pack writes it '{cards.face_of[cards.lookup(value)]}')"
        texts = [str(c) for c in choices]
        same = [c for c in texts if c.upper() == value.upper()]
        if same:
            return f" (write '{same[0]}')"
        close = difflib.get_close_matches(value, texts, n=1, cutoff=0.6) if len(value) > 2 \
            else []
        return f" (did you mean '{close[0]}'?)" if close else ""


def _piles(a: Typed, b: Typed) -> bool:
    """Whether ``a == b`` compares two piles (zones, one of them a pile of a row or one
    known at run time): then it asks whether they are the same pile (two empty piles
    hold equal cards)."""
    def pile(x):
        return x.pile or (x.zone is not None and x.zone[0].row > 0)
    return a.type == b.type == "zone" and (pile(a) or pile(b))


def _ranked_lists(a: Typed, b: Typed) -> bool:
    """Whether ``a < b`` compares two lists item by item (lexicographically: the first
    item that differs decides, and a list that is the start of the other is less): both
    are lists, not of cards (``cards``, ``play``, a zone: cards have no order of their
    own), and the item type, when known, is a number, a list or a mix of scalars (a
    number beside a text fails when the game is played)."""
    ok = (None, "int", "rank", "seat", "list", "mixed")
    return all(x.type in ("list", "any") and x.items in ok for x in (a, b)) \
        and "list" in (a.type, b.type)


def _pack_domain(ctx, node) -> str | None:
    """The pack domain of ``node``'s value: a call of a built-in that declares one (a
    definition of the same name hides the built-in), else None."""
    if node is None or node.kind != "call" or node.name in ctx.definitions:
        return None
    b = REGISTRY.get(node.name)
    return b.pack if b is not None else None


def article(word: str) -> str:
    """'a card', 'an int'."""
    return ("an " if word[:1] in "aeiou" else "a ") + word

