"""The expression compiler of the hot path (see :mod:`rulekit.compiler.hotpath`).

:class:`HotCompiler` compiles an expression as the plain compiler does, and also:
writes a definition of at most ``INLINE_NODES`` parse-tree nodes in place of its call;
keeps a call whose value cannot change during one listing of legal actions in a local
computed when first needed (``memo``), and one that varies with the chosen item but is
written twice in a local computed once per item (``vmemo``); reads zones, variables and
the actor into locals at the top (``loads``); folds constants (options are constants);
and writes the ends of a list read twice in place.

It reads and writes code as trees (:mod:`rulekit.lang.codetree`), never as text: what
a fragment compiled to is known from its node's kind and facts.
"""
from __future__ import annotations

from dataclasses import replace

from ..lang.codetree import Code, call, code, fmt, lit, local, unmemo, uses
from ..lang.expressions import _ALWAYS, _SPECIAL_TYPES, Scope, Typed, joined
from ..lang.grammar import parse
from ..lang.syntax import walk
from ..lang.types import ExprError
from .codeshapes import _ENDS, _LOOPS, _as_loop, _cheap, _computed, _end, _fold_logic, \
    _loaded, _placed, _simple
from .context import _DefAwareCompiler

INLINE_NODES = 60          # parse-tree nodes of a definition written in place
INLINE_DEPTH = 6           # definitions written in place inside each other
UNSET = object()            # a value not computed yet (``_U``, ``_u`` in generated code)
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
        elif kind == "let_in":
            out.add(node.name)
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
        self.loads: dict = {}       # G.z['x'], G.v['x'], G.actor -> a local read first
        self.loaded: dict = {}      # that local's name -> what it reads
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
            parts = ["(lambda "]
            for i, name in enumerate(cells.values()):
                parts += ([", "] if i else []) + [local(name, "cell"), "=[_U]"]
            out = replace(out, code=code("cellscope", parts + [": ", out.code, ")()"]))
        return out

    def _node(self, t, scope):
        out = super().node(t, scope)
        c = out.code
        if self.lazy and not self.no_cells and out.type != "fn" and _computed(c) \
                and not _cheap(c) and not _names(t) & scope.varying:
            # inside a lambda, a call that uses none of the lambda's parameters (nor the
            # chosen item): computed once, into a cell (a lambda cannot assign a local)
            name = self.cells.get(c)
            if name is None:
                name = self.cells[c] = f"_m{len(self.cells)}"
            m = local(name, "cell")
            return replace(out, code=fmt("cell", "({}[0] if {}[0] is not _U else _set({}, {}))",
                                         m, m, m, c, wrapped=True, name=name))
        if not self.hoist:
            return out
        if _loaded(c):
            # a zone, a variable, the actor: read once into a local at the top (reading
            # them cannot fail, and lambdas may read a local of their function)
            name = self.loads.get(c)
            if name is None:
                name = self.loads[c] = f"_g{len(self.loads)}"
                self.loaded[name] = c
            return replace(out, code=local(name, "load"))
        if self.lazy or out.type == "fn" or not _computed(c):
            return out
        if _names(t) & scope.varying:
            if _cheap(c):
                return out
            # varies with the chosen item: computed once per item if written twice
            key = unmemo(c)
            if self.counting is not None:
                self.counting[key] = self.counting.get(key, 0) + 1
                return out
            if self.repeated.get(key, 0) < 2:
                return out
            table, prefix = self.vmemo, "_v"
        else:
            table, prefix = self.memo, "_h"
        name = table.get(c)
        if name is None:
            name = table[c] = f"{prefix}{len(table)}"
        m = local(name, "memo")
        return replace(out, code=fmt("memo", "({} if {} is not _u else ({} := {}))", m, m, m, c,
                                     wrapped=True, name=name))

    def n_call(self, t, scope):
        name, argtrees = t.name, t.args
        if name in ("rank", "suit", "value") and len(argtrees) == 1 and self.zone_cards \
                and name not in self.ctx.definitions:
            arg = self.node(argtrees[0], scope)
            if arg.code.kind == "local" and arg.code.name in self.zone_cards:
                # a card of a zone: a card of the pack (every one has a value)
                table = {"rank": "_RANK", "suit": "_SUIT", "value": "_VALUE"}[name]
                return Typed(fmt("lookup", table + "[{}]", arg.code, card_table=table),
                             "int" if name == "value" else name)
        if name == "rank_name" and len(argtrees) == 1 and name not in self.ctx.definitions:
            # the built-in's rank_of and ranks, read as one table made at compile time
            arg = self.node(argtrees[0], scope)
            return Typed(call("_RANKNAME.get", [arg.code]), "str")
        if name in _ENDS and len(argtrees) == 1 and name not in self.ctx.definitions:
            arg = self.node(argtrees[0], scope)
            if arg.code.kind == "local" and arg.code.name in self.single:
                # an end of a one-card play: that card (highest, lowest: if it has a rank)
                one = self.single[arg.code.name]
                one = local(one, "one" if one == "_one" else "card")
                if name in ("lowest", "highest") and len(self.ctx.cards.ranked) < len(
                        self.ctx.cards.rank_of):
                    return Typed(fmt("ifexp", "({} if {} in _RANKED else None)", one, one,
                                     wrapped=True), "card")
                return Typed(one, "card")
            if arg.perseat is None and arg.zone is None and _placed(arg.code):
                return Typed(_end(name, arg.code), "card" if name in ("lowest", "highest")
                             else "any")
        return self._n_call(t, scope, name, argtrees)

    # constant folding: options are constants, so `x if option.rule else y` is x or y
    def n_conditional(self, t, scope):
        a, c, b = (self.node(x, scope) for x in (t.then, t.test, t.orelse))
        typ = a.type if a.type == b.type or b.type == "null" else (b.type if a.type == "null" else "any")
        if c.code.kind == "lit" and c.code.value.__class__ is bool:
            chosen = a if c.code.value else b
            return Typed(chosen.code, typ, zone=chosen.zone, items=chosen.items)
        return Typed(fmt("ifexp", "({} if {} else {})", a.code, c.code, b.code, wrapped=True),
                     typ, items=joined(a.items, b.items))

    def n_or_(self, t, scope):
        return _fold_logic(super().n_or_(t, scope), "or")

    def n_and_(self, t, scope):
        return _fold_logic(super().n_and_(t, scope), "and")

    def n_not_(self, t, scope):
        out = super().n_not_(t, scope)
        a = out.code.kids[0]
        if a.kind == "lit" and a.value.__class__ is bool:
            return replace(out, code=lit(str(not a.value), not a.value))
        return out

    def n_compare(self, t, scope):
        out = super().n_compare(t, scope)
        a, b = out.code.kids
        if out.code.op in ("==", "!=") and a.kind == "lit" and b.kind == "lit":
            same = (a.value == b.value) == (out.code.op == "==")
            return replace(out, code=lit(str(same), same))
        return out

    def n_lambda_(self, t, scope):
        pyname, body = self._lambda_body(t, scope)
        return Typed(fmt("lambda", "(lambda {}: {})", local(pyname, "param"), body.code,
                         wrapped=True), "fn")

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
        cards = self.over_cards             # (read before lambda_param clears it)
        inner.bound = {**inner.bound, name: self.lambda_param(local(pyname, "param"))}
        saved = self.single, self.zone_cards
        if cards:                           # its items: cards of the pack, never null
            self.zone_cards = self.zone_cards | {pyname}
        if single:
            card = f"_c{self.lambdas}"
            self.single, self.zone_cards = {**self.single, pyname: card}, self.zone_cards | {card}
        self.lazy += 1
        try:
            return pyname, self.node(t.body, inner)
        finally:
            self.lazy -= 1
            self.single, self.zone_cards = saved

    def let_name(self, name: str) -> str:
        # a name of its own (as a lambda's parameter: _lambda_body)
        self.lambdas += 1
        return f"_p{self.lambdas}"

    def let_body(self, body, scope):
        # inside a lambda: what it computes is kept in cells, never in memos (a lambda
        # cannot assign a local of the function around it)
        self.lazy += 1
        try:
            return self.node(body, scope)
        finally:
            self.lazy -= 1

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
            return replace(b, code=unmemo(b.code))
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
            loop = _as_loop(name, out.code)
            if loop is not None:
                return replace(out, code=loop)
        return out

    def _over_singles(self, name: str, argtrees, scope) -> Typed | None:
        """``any(singles(Z), p -> body)`` (or ``all``) of a zone Z, as a loop over Z's
        cards in which ``p`` is known to be the one-card play of the card: ``first(p)``
        is the card, ``suit(first(p))`` a read of the card table, and no one-card list
        is made unless the body uses ``p`` itself. The same values, in the same order,
        as the builtin over ``singles(Z)``. None for any other list."""
        zone = self.single_domain(self.node(argtrees[0], scope).code)
        if zone is None:
            return None
        play, body = self._lambda_body(argtrees[1], scope, single=True)
        card = local("_c" + play[2:], "card")
        parts = ["(", body.code, ") for ", card, " in ", zone]
        if uses(body.code, {play}):
            parts += [" for ", local(play, "param"), " in ([", card, "],)"]
        return Typed(code("call", [f"_{name}(", code("gen", parts), ")"], fn=f"_{name}",
                          state=False), "bool")

    def reads(self, c: Code, attr: str) -> bool:
        """Whether ``c`` reads attribute ``attr`` of the game state (``z``: a zone,
        ``actor``), itself or through a local read at the top."""
        if c.kind == "local" and c.role == "load":
            c = self.loaded.get(c.name, c)
        return c.kind == "state" and c.attr == attr

    def single_domain(self, c: Code) -> Code | None:
        """For a domain ``singles(Z)`` of a zone Z (distinct cards): the code of Z (a
        local read at the top, or such a local of a seat's), else None."""
        c = unmemo(c)
        if c.kind != "call" or c.fn != "_B_singles" or c.state or len(c.kids) != 1:
            return None
        zone = base = c.kids[0]
        if zone.kind == "index":
            base, idx = zone.kids
            if idx.kind != "local" or idx.role != "load":
                return None
        if base.kind != "local" or base.role != "load":
            return None
        return zone if self.reads(base, "z") else None

    def _actors_zone(self, c: Code) -> bool:
        """Whether ``c`` reads a per-seat zone of the actor (``hand[actor]``): it cannot
        fail where ``actor`` exists, as it is a seat."""
        if c.kind != "index":
            return False
        base, idx = c.kids
        if base.kind == "state":
            return base.attr == "z" and idx.kind == "state" and idx.attr == "actor"
        return base.kind == "local" and idx.kind == "local" and self.reads(base, "z") \
            and self.reads(idx, "actor")

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
            c = arg.code
            if c.kind == "memo":
                first.append(c)             # a memo: computed here, as a call would
            elif not (_simple(c) or self._actors_zone(c)):
                temp = local(f"_t{self.temps}", "temp")
                self.temps += 1
                first.append(fmt("walrus", "({} := {})", temp, c, wrapped=True, name=temp.name))
                c = temp
            bound[param] = Typed(c, "any")
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
            parts = ["("]
            for a in first:
                parts += [code("force", [a, " is _U"]), " or "]
            return Typed(code("or", parts + [out.code, ")"], wrapped=True, inline=True),
                         info.type, items=info.items, keys=info.keys)
        return Typed(out.code, info.type, items=info.items, keys=info.keys)   # bracketed
