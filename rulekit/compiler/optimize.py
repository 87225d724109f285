"""The expression compiler of the hot path (see :mod:`rulekit.compiler.hotpath`).

:class:`HotCompiler` compiles an expression as the plain compiler does, and also:
writes a definition of at most ``INLINE_NODES`` parse-tree nodes in place of its call;
keeps a call whose value cannot change during one listing of legal actions in a local
computed when first needed (``memo``), and one that varies with the chosen item but is
written twice in a local computed once per item (``vmemo``); reads zones, variables and
the actor into locals at the top (``loads``); folds constants (options are constants);
and writes the ends of a list read twice in place.
"""
from __future__ import annotations

import re
from dataclasses import replace

from ..lang.expressions import _ALWAYS, _SPECIAL_TYPES, Scope, Typed, joined
from ..lang.grammar import parse
from ..lang.syntax import walk
from ..lang.types import ExprError
from .codetext import _LOOPS, _as_loop, _fold_logic, _literal, _single_domain
from .context import _DefAwareCompiler

INLINE_NODES = 60          # parse-tree nodes of a definition written in place
INLINE_DEPTH = 6           # definitions written in place inside each other
_CALL = re.compile(r"[A-Za-z_][\w.]*\(")
# an argument that cannot fail nor cost: a local, a literal, a read of a zone or variable
_SIMPLE = re.compile(r"[A-Za-z_]\w*|-?\d+|\(-\d+\)|'[\w .,:;!?-]*'|L\['\w+'\]|G\.actor"
                     r"|G\.[vz]\['\w+'\]")
_CHEAP = ("len(", "_SUIT.get(", "_RANK.get(")     # not worth a memo
_ACTOR_ZONE = re.compile(r"G\.z\['\w+'\]\[G\.actor\]")
_PLACED = re.compile(r"v_\w+|_[pgt]\d+|_one|L\['\w+'\]|\(_[hv]\d+ if _[hv]\d+ is not _u else \(_[hv]\d+ := .*\)\)", re.S)
# list ends written in place when their argument is a local or a memo (read twice)
_ENDS = {"first": "({x}[0] if {x} else None)", "last": "({x}[-1] if {x} else None)",
         "lowest": "(({x}[0] if len({x}) == 1 and {x}[0] in _RANKED else _B_lowest(G, {x}))"
                   " if {x} else None)",
         "highest": "(({x}[0] if len({x}) == 1 and {x}[0] in _RANKED else _B_highest(G, {x}))"
                    " if {x} else None)"}
_LOAD = re.compile(r"G\.actor|G\.[zv]\['\w+'\](\[(G\.actor|_g\d+)\])?")


UNSET = object()            # a value not computed yet (``_U``, ``_u`` in generated code)
# a list built by a loop (``filter``, ``map`` written as comprehensions: codetext._LOOPS)
_LISTED = re.compile(r"\[.* for _p\d+ in .*\]\Z|\(lambda _x\d+: \[", re.S)


def _computed(code: str) -> bool:
    """Whether ``code`` computes a value (a call, or a list built by a loop) rather
    than reading one: what may be computed once."""
    return bool(_CALL.match(code) or _LISTED.match(code))


def _set(cell: list, value):
    """Store ``value`` in a one-item list and return it (a cell of generated code)."""
    cell[0] = value
    return value


def _names(tree) -> set:
    """The names written in a syntax (sub)tree: names, functions called, lambda
    parameters, both words of ``option.NAME``."""
    out = set()
    for node in walk(tree):
        kind = node.kind
        if kind in ("name", "call"):
            out.add(node.name)
        elif kind == "lambda_":
            out.add(node.param)
        elif kind == "attr":
            out.update((node.base, node.attr))
    return out


def _size(tree) -> int:
    """The size of a syntax tree, counted as the grammar nests it: a node each, and a
    call's or list's argument list one more."""
    return sum(2 if n.kind in ("call", "list") and (n.args if n.kind == "call" else n.items)
               else 1 for n in walk(tree))


class HotCompiler(_DefAwareCompiler):
    """The expression compiler of the hot path: writes small definitions in place and
    computes what does not vary once (see the module docstring)."""

    def __init__(self, owner, hoist: bool = True):
        super().__init__(owner)
        self.hoist = hoist          # False for effects: the state changes between them
        self.memo: dict = {}        # code -> the local that holds its value
        self.plain: dict = {}       # a memo's code -> the code it computes
        self.loads: dict = {}       # G.z['x'], G.v['x'], G.actor -> a local read first
        self.vmemo: dict = {}       # the same, for what varies with the chosen item
        self.counting: dict | None = None   # first pass: how often each code is written
        self.repeated: dict = {}    # what the first pass counted
        self.single: dict = {}      # a one-card play's local -> the local of its card
        self.zone_cards: set = set()  # locals that hold a card of a zone (never null)
        self.lazy = 0               # inside a lambda or a lazy operand: no memo there
        self.inlining: list = []    # definitions being written in place
        self._trees: dict = {}      # definition name -> its parse tree
        self.cells: dict = {}       # code -> a one-item list holding its value (lambdas)
        self.no_cells = False
        self.depth = 0              # nesting of node() calls: 0 is an expression's root
        self.temps = 0              # temporaries of arguments written in place (_tN),
        #                             numbered once per compiler: memos are keyed by code
        self.lambdas = 0            # lambda parameters renamed (_pN)

    def node(self, t, scope):
        self.depth += 1
        try:
            out = self._node(t, scope)
        finally:
            self.depth -= 1
        if self.depth == 0 and not self.hoist and self.cells:
            # an effect's expression: its cells are made afresh each time it runs
            cells, self.cells = self.cells, {}
            if out.zone is not None or out.perseat is not None:
                self.no_cells = True           # a zone's seat is read apart: no cells
                try:
                    return self.node(t, scope)
                finally:
                    self.no_cells = False
            made = ", ".join(f"{name}=[_U]" for name in cells.values())
            out = replace(out, code=f"(lambda {made}: {out.code})()")
        return out

    def _node(self, t, scope):
        out = super().node(t, scope)
        if self.lazy and not self.no_cells and out.type != "fn" and _computed(out.code) \
                and not out.code.startswith(_CHEAP) and not _names(t) & scope.varying:
            # inside a lambda, a call that uses none of the lambda's parameters (nor the
            # chosen item): computed once, into a cell (a lambda cannot assign a local)
            name = self.cells.get(out.code)
            if name is None:
                name = self.cells[out.code] = f"_m{len(self.cells)}"
            return replace(out, code=f"({name}[0] if {name}[0] is not _U else "
                                     f"_set({name}, {out.code}))")
        if not self.hoist:
            return out
        if _LOAD.fullmatch(out.code):
            # a zone, a variable, the actor: read once into a local at the top (reading
            # them cannot fail, and lambdas may read a local of their function)
            name = self.loads.get(out.code)
            if name is None:
                name = self.loads[out.code] = f"_g{len(self.loads)}"
            return replace(out, code=name)
        if self.lazy or out.type == "fn" or not _computed(out.code):
            return out
        if _names(t) & scope.varying:
            if out.code.startswith(_CHEAP):
                return out
            # varies with the chosen item: computed once per item if written twice
            key = self.unmemo(out.code)
            if self.counting is not None:
                self.counting[key] = self.counting.get(key, 0) + 1
                return out
            if self.repeated.get(key, 0) < 2:
                return out
            table, prefix = self.vmemo, "_v"
        else:
            table, prefix = self.memo, "_h"
        name = table.get(out.code)
        if name is None:
            name = table[out.code] = f"{prefix}{len(table)}"
        form = f"({name} if {name} is not _u else ({name} := {out.code}))"
        self.plain[form] = out.code
        return replace(out, code=form)

    def n_call(self, t, scope):
        name, argtrees = t.name, t.args
        if name in ("rank", "suit") and len(argtrees) == 1 and self.zone_cards \
                and name not in self.ctx.definitions:
            arg = self.node(argtrees[0], scope)
            if arg.code in self.zone_cards:   # a card of a zone: a card of the pack
                table = "_RANK" if name == "rank" else "_SUIT"
                return Typed(f"{table}[{arg.code}]", name)
        if name in _ENDS and len(argtrees) == 1 and name not in self.ctx.definitions:
            arg = self.node(argtrees[0], scope)
            if arg.code in self.single:       # an end of a one-card play: that card
                one = self.single[arg.code]   # (highest, lowest: if it has a rank)
                if name in ("lowest", "highest") and len(self.ctx.cards.ranked) < len(
                        self.ctx.cards.rank_of):
                    return Typed(f"({one} if {one} in _RANKED else None)", "card")
                return Typed(one, "card")
            if arg.perseat is None and arg.zone is None and _PLACED.fullmatch(arg.code):
                x = arg.code
                return Typed(_ENDS[name].format(x=x), "card" if name in ("lowest", "highest")
                             else "any")
        return self._n_call(t, scope, name, argtrees)

    def unmemo(self, code: str) -> str:
        """``code`` with every memo written out as what it computes (for a lambda's
        body: an assignment there would bind the lambda's own local)."""
        for form, plain in reversed(self.plain.items()):
            if form in code:
                code = code.replace(form, plain)
        return code

    # constant folding: options are constants, so `x if option.rule else y` is x or y
    def n_conditional(self, t, scope):
        a, c, b = (self.node(x, scope) for x in (t.then, t.test, t.orelse))
        typ = a.type if a.type == b.type or b.type == "null" else (b.type if a.type == "null" else "any")
        if c.code in ("True", "False"):
            chosen = a if c.code == "True" else b
            return Typed(chosen.code, typ, zone=chosen.zone, items=chosen.items)
        return Typed(f"({a.code} if {c.code} else {b.code})", typ,
                     items=joined(a.items, b.items))

    def n_or_(self, t, scope):
        return _fold_logic(super().n_or_(t, scope), "or")

    def n_and_(self, t, scope):
        return _fold_logic(super().n_and_(t, scope), "and")

    def n_not_(self, t, scope):
        out = super().n_not_(t, scope)
        if out.code in ("(not True)", "(not False)"):
            return replace(out, code="False" if out.code == "(not True)" else "True")
        return out

    def n_compare(self, t, scope):
        out = super().n_compare(t, scope)
        m = _CONST_COMPARE.fullmatch(out.code)
        if m and m.group(2) in ("==", "!="):
            same = _literal(m.group(1)) == _literal(m.group(3))
            return replace(out, code=str(same if m.group(2) == "==" else not same))
        return out

    def n_lambda_(self, t, scope):
        pyname, body = self._lambda_body(t, scope)
        return Typed(f"(lambda {pyname}: {body.code})", "fn")

    def _lambda_body(self, t, scope, single: bool = False):
        """(the parameter's Python name, the body compiled) of lambda tree ``t``. The
        parameter gets a name of its own (``_pN``), so that it can never capture a
        name of an argument written in place, nor one the hot path gave a meaning to.
        ``single``: the parameter is the one-card play of the card ``_cN`` (a card of
        a zone)."""
        name = t.param
        self.lambdas += 1
        pyname = f"_p{self.lambdas}"
        inner = scope.child(**{name: "any"})
        inner.bound = {**inner.bound, name: Typed(pyname, "any")}
        saved = self.single, self.zone_cards
        if single:
            card = f"_c{self.lambdas}"
            self.single, self.zone_cards = {**self.single, pyname: card}, self.zone_cards | {card}
        self.lazy += 1
        try:
            return pyname, self.node(t.body, inner)
        finally:
            self.lazy -= 1
            self.single, self.zone_cards = saved

    def n_coalesce(self, t, scope):
        self.lazy += 1
        try:
            return super().n_coalesce(t, scope)
        finally:
            self.lazy -= 1

    def n_name(self, t, scope):
        name = t.name
        if name in scope.bound and self.lazy:
            b = scope.bound[name]
            return replace(b, code=self.unmemo(b.code))
        info = self.ctx.definitions.get(name)
        if (info is not None and not info.params and name not in scope.bound
                and name not in scope.pylocals and name not in scope.locals
                and not (name in _SPECIAL_TYPES and (name in _ALWAYS or name in scope.specials))
                and name not in self.ctx.vars and name not in self.ctx.zones):
            # a definition, as the plain compiler resolves the name (context names,
            # variables and zones first)
            out = self._inline(info, [], [], scope)
            if out is not None:
                return out
        return super().n_name(t, scope)

    def _n_call(self, t, scope, name, argtrees):
        if name in ("any", "all") and len(argtrees) == 2 and self.hoist \
                and name not in self.ctx.definitions \
                and argtrees[1].kind == "lambda_":
            out = self._over_singles(name, argtrees, scope)
            if out is not None:
                return out
        info = self.ctx.definitions.get(name)
        if info is not None and len(argtrees) == len(info.params) and info.params:
            args = [self.node(a, scope) for a in argtrees]
            out = self._inline(info, args, argtrees, scope)
            if out is not None:
                return out
        out = super().n_call(t, scope)
        if name in _LOOPS and name not in self.ctx.definitions:
            code = _as_loop(name, out.code)
            if code is not None:
                return replace(out, code=code)
        return out

    def _over_singles(self, name: str, argtrees, scope) -> Typed | None:
        """``any(singles(Z), p -> body)`` (or ``all``) of a zone Z, as a loop over Z's
        cards in which ``p`` is known to be the one-card play of the card: ``first(p)``
        is the card, ``suit(first(p))`` a read of the card table, and no one-card list
        is made unless the body uses ``p`` itself. The same values, in the same order,
        as the builtin over ``singles(Z)``. None for any other list."""
        zone = _single_domain(self, self.node(argtrees[0], scope).code)
        if zone is None:
            return None
        play, body = self._lambda_body(argtrees[1], scope, single=True)
        card = "_c" + play[2:]
        loop = f"for {card} in {zone}"
        if re.search(rf"\b{play}\b", body.code):
            loop += f" for {play} in ([{card}],)"
        return Typed(f"_{name}(({body.code}) {loop})", "bool")

    def _actors_zone(self, code: str) -> bool:
        """Whether ``code`` reads a per-seat zone of the actor (``hand[actor]``): it
        cannot fail where ``actor`` exists, as it is a seat."""
        if _ACTOR_ZONE.fullmatch(code):
            return True
        m = re.fullmatch(r"(_g\d+)\[(_g\d+)\]", code)
        if m is None:
            return False
        names = {v: k for k, v in self.loads.items()}
        return names.get(m.group(1), "").startswith("G.z[") and names.get(m.group(2)) == "G.actor"

    def _inline(self, info, args, argtrees, scope):
        """``info``'s body written in place with its parameters bound to ``args``, or
        None when it is too large or nested too deep.

        As a call would, it evaluates every argument once, in order, before the body:
        an argument that is not a plain name or literal goes into a temporary first
        (``((_t0 := arg) is _U or body)``: no value of a ruleset is ``_U``), a memo is
        computed there; the body sees each parameter as the plain compiler does, of
        type ``any``."""
        if info.type is None or len(self.inlining) >= INLINE_DEPTH or info in self.inlining:
            return None
        tree = self._trees.get(info.name)
        if tree is None:
            try:
                tree = parse(info.text, "expr") if isinstance(info.text, str) else None
            except ExprError:
                tree = None
            self._trees[info.name] = tree if tree is not None else False
        if not tree or _size(tree) > INLINE_NODES:
            return None
        varying, bound, first = set(), {}, []
        for param, arg, at in zip(info.params, args, argtrees):
            if _names(at) & scope.varying:
                varying.add(param)
            code = arg.code
            if code in self.plain:
                first.append(code)          # a memo: computed here, as a call would
            elif not (_SIMPLE.fullmatch(code) or self._actors_zone(code)):
                temp = f"_t{self.temps}"
                self.temps += 1
                first.append(f"({temp} := {code})")
                code = temp
            bound[param] = Typed(code, "any")
        inner = Scope(bound=bound, varying=frozenset(varying))
        self.inlining.append(info)
        saved = dict(self.memo)
        try:
            out = self.node(tree, inner)
        except ExprError:
            self.memo = saved
            return None
        finally:
            self.inlining.pop()
        self.note_definition(info)
        if first:       # each argument first (its value is never _U), then the body
            return Typed("(" + "".join(f"{a} is _U or " for a in first) + out.code + ")",
                         info.type, items=info.items)
        return Typed(out.code, info.type, items=info.items)   # already bracketed


_LIT = r"('[\w .,:;!?-]*'|-?\d+|\(-\d+\)|True|False|None)"
_CONST_COMPARE = re.compile(rf"\({_LIT} (==|!=|<|>|<=|>=) {_LIT}\)")
