"""The hot path: each decision step's legal actions as one generated function.

What a game does most is list the legal actions of the seat to act. For every step
with an ``actor``, :func:`build` writes one Python function ``_legal_N(G)`` that
returns them as a list of :class:`~rulekit.runtime.actions.Action` (built as tuples in
place, their key computed only when asked for). In it:

- each action's ``choose`` domain is a plain ``for`` loop with the chosen item a
  Python local, and its ``legal`` condition is the loop's ``if``;
- a definition of at most ``INLINE_NODES`` parse-tree nodes is written in place of its
  call, its parameters bound to the arguments' code (unless that would evaluate an
  argument that varies more than once);
- a call whose value cannot change during the listing (it uses neither the chosen item
  nor a lambda parameter) is computed at most once per listing, and only when first
  needed (``(_h0 if _h0 is not _u else (_h0 := ...))``): ``top_play`` is read once per
  decision, not once per card, and the same sub-expression written twice is one value;
- a domain that is a zone holds distinct cards, so it needs no check and no
  de-duplication.

The whole module is one source text compiled once with the file name
:data:`rulekit.errors.GENERATED`, in the ruleset's namespace (no Python builtins); its
code object is kept in memory, keyed by the sha256 of that text, never written to
disk. :func:`rulekit.runtime.rules.Rules.generated_source` prints it.

Semantics are those of the plain compilation: the same expressions, evaluated in the
same order with the same short-circuits (a value computed once is computed where it
was first needed); an expression the hot-path compiler cannot write (it never should)
falls back to the plain compiler's code for it.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import replace

from ..errors import GENERATED, RulesetFault
from ..lang.expressions import Scope, Typed, py_name
from ..lang.grammar import parse
from ..lang.types import ExprError
from .context import CompileContext, _DefAwareCompiler

INLINE_NODES = 60          # parse-tree nodes of a definition written in place
INLINE_DEPTH = 6           # definitions written in place inside each other
_CALL = re.compile(r"[A-Za-z_][\w.]*\(")
_SIMPLE = re.compile(r"\(?-?[\w.]+\)?|'[\w ]*'")
_CHEAP = ("len(", "_SUIT.get(", "_RANK.get(")     # not worth a memo
_PLACED = re.compile(r"v_\w+|\(_[hv]\d+ if _[hv]\d+ is not _u else \(_[hv]\d+ := .*\)\)", re.S)
# list ends written in place when their argument is a local or a memo (read twice)
_ENDS = {"first": "({x}[0] if {x} else None)", "last": "({x}[-1] if {x} else None)",
         "lowest": "(({x}[0] if len({x}) == 1 else _B_lowest(G, {x})) if {x} else None)",
         "highest": "(({x}[0] if len({x}) == 1 else _B_highest(G, {x})) if {x} else None)"}
_LOAD = re.compile(r"G\.actor|G\.[zv]\['\w+'\](\[(G\.actor|_g\d+)\])?")
_CODE_CACHE: dict = {}     # sha256 of a module's source -> its code object
_UNSET = object()          # a value not computed yet (``_u`` in the generated code)


def _names(tree) -> set:
    """The NAME tokens of a parse (sub)tree."""
    from lark import Token, Tree
    if isinstance(tree, Token):
        return {str(tree)} if tree.type == "NAME" else set()
    return {str(v) for v in tree.scan_values(lambda v: isinstance(v, Token) and v.type == "NAME")} \
        if isinstance(tree, Tree) else set()


def _size(tree) -> int:
    from lark import Tree
    return sum(1 for _ in tree.iter_subtrees()) if isinstance(tree, Tree) else 1


class HotCompiler(_DefAwareCompiler):
    """The expression compiler of the hot path: writes small definitions in place and
    computes what does not vary once (see the module docstring)."""

    def __init__(self, owner: CompileContext):
        super().__init__(owner)
        self.memo: dict = {}        # code -> the local that holds its value
        self.plain: dict = {}       # a memo's code -> the code it computes
        self.loads: dict = {}       # G.z['x'], G.v['x'], G.actor -> a local read first
        self.vmemo: dict = {}       # the same, for what varies with the chosen item
        self.counting: dict | None = None   # first pass: how often each code is written
        self.repeated: dict = {}    # what the first pass counted
        self.lazy = 0               # inside a lambda or a lazy operand: no memo there
        self.inlining: list = []    # definitions being written in place
        self._trees: dict = {}      # definition name -> its parse tree

    def node(self, t, scope):
        out = super().node(t, scope)
        if _LOAD.fullmatch(out.code):
            # a zone, a variable, the actor: read once into a local at the top (reading
            # them cannot fail, and lambdas may read a local of their function)
            name = self.loads.get(out.code)
            if name is None:
                name = self.loads[out.code] = f"_g{len(self.loads)}"
            return replace(out, code=name)
        if self.lazy or out.type == "fn" or not _CALL.match(out.code) \
                or out.code.startswith(_CHEAP):
            return out
        if _names(t) & scope.varying:
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
        name = str(t.children[0])
        argtrees = t.children[1].children if len(t.children) > 1 and t.children[1] is not None else []
        if name in _ENDS and len(argtrees) == 1 and name not in self.ctx.definitions:
            arg = self.node(argtrees[0], scope)
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

    def n_lambda_(self, t, scope):
        self.lazy += 1
        try:
            return super().n_lambda_(t, scope)
        finally:
            self.lazy -= 1

    def n_coalesce(self, t, scope):
        self.lazy += 1
        try:
            return super().n_coalesce(t, scope)
        finally:
            self.lazy -= 1

    def n_name(self, t, scope):
        name = str(t.children[0])
        if name in scope.bound and self.lazy:
            b = scope.bound[name]
            return replace(b, code=self.unmemo(b.code))
        info = self.ctx.definitions.get(name)
        if (info is not None and not info.params and name not in scope.bound
                and name not in scope.pylocals and name not in scope.locals):
            out = self._inline(info, [], [], scope)
            if out is not None:
                return out
        return super().n_name(t, scope)

    def _n_call(self, t, scope, name, argtrees):
        info = self.ctx.definitions.get(name)
        if info is not None and len(argtrees) == len(info.params) and info.params:
            args = [self.node(a, scope) for a in argtrees]
            out = self._inline(info, args, argtrees, scope)
            if out is not None:
                return out
        return super().n_call(t, scope)

    def _inline(self, info, args, argtrees, scope):
        """``info``'s body written in place with its parameters bound to ``args``, or
        None when it is too large, nested too deep, or would evaluate an argument that
        varies more than once."""
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
        from lark import Token
        uses: dict = {}
        for tok in tree.scan_values(lambda v: isinstance(v, Token) and v.type == "NAME"):
            uses[str(tok)] = uses.get(str(tok), 0) + 1
        varying = set()
        for param, arg, at in zip(info.params, args, argtrees):
            if _names(at) & scope.varying:
                varying.add(param)
                if uses.get(param, 0) > 1 and not _SIMPLE.fullmatch(arg.code):
                    return None
        inner = Scope(bound=dict(zip(info.params, args)), varying=frozenset(varying))
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
        return Typed(f"({out.code})", info.type, items=out.items)


def _choice_cards(order, defn, x) -> tuple:
    """The cards of item ``x`` of ``defn``'s choice domain (a card, or a list of cards:
    sorted by rank): the action's ``cards``. RulesetFault for anything else."""
    if x.__class__ is list:
        if len(x) == 1:
            if x[0].__class__ is not str or x[0] not in order:
                raise RulesetFault(_not_a_choice(defn, x))
            return (x[0],)
        try:
            return tuple(sorted(x, key=order.__getitem__))
        except (KeyError, TypeError):
            raise RulesetFault(_not_a_choice(defn, x)) from None
    if x.__class__ is str and x in order:
        return (x,)
    raise RulesetFault(_not_a_choice(defn, x))


def _not_a_choice(action, item) -> str:
    shown = item if isinstance(item, (int, str)) else type(item).__name__
    return (f"action '{action.name}' offers {shown!r}, which is not a card or a list of "
            "cards (a choice domain lists cards or plays)")


def build(c: CompileContext, phases: dict, action_cls) -> str:
    """Write, compile and attach (``step.legal``) the legal-action function of every
    decision step of ``phases``; ``action_cls`` is the class of the actions it builds.
    Returns the module's source text."""
    hc = HotCompiler(c)
    ns = c.ns
    ns.update(_U=_UNSET, _new=tuple.__new__, _A=action_cls, _choice_cards=_choice_cards,
              _ORDER=c.cards.rank_of, _NOCARDS=(), set=set, frozenset=frozenset)
    ns.update(_Fault=RulesetFault)
    parts, attach = [], []
    ids = {}
    for phase in phases.values():
        for step in phase.steps.values():
            ids[id(step)] = len(ids)
            ns[f"_S{ids[id(step)]}"] = step
    for phase in phases.values():
        for step in phase.steps.values():
            n = ids[id(step)]
            parts.append(_enter_source(c, n, step))
            attach.append((step, "enter", f"_enter_{n}"))
            parts.append(_follow_source(c, n, step, ids))
            attach.append((step, "follow", f"_follow_{n}"))
            if step.actor is not None:
                parts.append(_legal_source(c, hc, f"_legal_{n}", step, phase))
                attach.append((step, "legal", f"_legal_{n}"))
    source = (f"# generated by rulekit from ruleset {c.data.get('name', '')!s:.60}: for "
              "each step, entering it, following its transitions and (a decision) its "
              "legal actions\n" + "\n\n".join(parts) + "\n")
    key = hashlib.sha256(source.encode("utf-8")).hexdigest()
    code = _CODE_CACHE.get(key)
    if code is None:
        code = _CODE_CACHE[key] = compile(source, GENERATED, "exec")
    exec(code, ns)
    for step, attr, fname in attach:
        setattr(step, attr, ns[fname])
    return source


def _body(block, pad: str = "") -> list:
    """The source lines of a compiled effect list (its function's body, one level
    deep), indented by ``pad`` more; [] for an empty one."""
    if not block.source:
        return []
    return [pad + ln for ln in block.source.split("\n")[1:] if ln.strip() != "pass"]


def _enter_source(c, n: int, step) -> str:
    return "\n".join([f"def _enter_{n}(G):",
                      f"    # enter step {step.key}: run its do",
                      f"    G.step = _S{n}", f"    G.phase = {c.text(step.phase)}",
                      "    L = G._L = {}"] + _body(step.do) + [f"    return _S{n}"])


def _follow_source(c, n: int, step, ids) -> str:
    lines = [f"def _follow_{n}(G, L):", f"    # step {step.key}: take the first "
             "transition whose condition holds, enter its target"]
    for k, tr in enumerate(step.transitions):
        if tr.target is None:
            continue
        target = f"return _enter_{ids[id(tr.target)]}(G)"
        if tr.cond is None:
            lines += _body(tr.do) + ["    " + target]
            break
        c.ns[f"_C{n}_{k}"] = tr.cond
        lines += [f"    if {tr.cond_code}:"] + _body(tr.do, "    ") + ["        " + target]
    else:
        lines.append(f"    raise _Fault({c.text('a bad value (no transition of step ' + step.key + ' applies)')})")
    return "\n".join(lines)


def _legal_source(c: CompileContext, hc: HotCompiler, fname: str, step, phase) -> str:
    body = []
    hc.memo, hc.plain, hc.loads = {}, {}, {}
    for i, a in enumerate(step.actions):
        dname = f"_D_{fname}_{i}"
        c.ns[dname] = a
        path = ("phases", phase.name, "actions", a.name)
        name = c.text(a.name)
        legal = None
        if a.var is None:
            if "legal" in c.data["phases"][phase.name]["actions"][a.name]:
                legal = _expr(c, hc, path + ("legal",), Scope(specials=frozenset({"actor"})))
            line = f"out.append(_new(_A, ({name}, _NOCARDS, seat, None, {dname}, None)))"
            body += [f"if {legal}:", "    " + line] if legal else [line]
            continue
        tree = parse(c.data["phases"][phase.name]["actions"][a.name]["choose"], "choose_stmt")
        dom = _typed(c, hc, path + ("choose",), tree.children[1],
                     Scope(specials=frozenset({"actor"})))
        vtype = "card" if dom.type in ("cards", "zone") else "play" if dom.type == "list" else "any"
        var = py_name(a.var)
        hc.vmemo = {}
        if "legal" in c.data["phases"][phase.name]["actions"][a.name]:
            scope = Scope(pylocals={a.var: vtype}, specials=frozenset({"actor"}),
                          varying=frozenset({a.var}))
            hc.counting = {}
            _expr(c, hc, path + ("legal",), scope)
            hc.repeated, hc.counting = hc.counting, None
            legal = _expr(c, hc, path + ("legal",), scope)
        body.append(f"for {var} in {dom.code}:")
        inner = [f"if {legal}:"] if legal else []
        if hc.vmemo:
            inner.insert(0, " = ".join(hc.vmemo.values()) + " = _u")
        pad = "    " if legal else ""
        if dom.zone is not None:          # a zone holds distinct cards
            line = f"out.append(_new(_A, ({name}, ({var},), seat, {var}, {dname}, None)))"
            inner.append(pad + line)
        else:
            body.insert(len(body) - 1, f"seen_{i} = set()")
            inner += [pad + f"if {var}.__class__ is list and len({var}) == 1 and {var}[0] in _ORDER:",
                      pad + f"    k = {var}[0]",
                      pad + "    cards = (k,)",
                      pad + "else:",
                      pad + f"    cards = _choice_cards(_ORDER, {dname}, {var})",
                      pad + "    k = frozenset(cards)",
                      pad + f"if k not in seen_{i}:",
                      pad + f"    seen_{i}.add(k)",
                      pad + f"    out.append(_new(_A, ({name}, cards, seat, {var}, {dname}, None)))"]
        body += ["    " + ln for ln in inner]
    head = [f"def {fname}(G):",
            f"    # step {step.key}: actions {', '.join(a.name for a in step.actions) or '-'}",
            "    seat = G.actor", "    _u = _U"]
    head += [f"    {name} = {code}" for code, name in hc.loads.items()]
    if hc.memo:
        head.append("    " + " = ".join(hc.memo.values()) + " = _u")
    head.append("    out = []")
    return "\n".join(head + ["    " + ln for ln in body] + ["    return out"])


def _typed(c, hc, path, tree, scope) -> Typed:
    try:
        return hc.node(tree, scope)
    except ExprError:        # cannot happen for a ruleset that compiled; be safe
        return _DefAwareCompiler(c).node(tree, scope)


def _expr(c, hc, path, scope) -> str:
    from .context import _get
    text = _get(c.data, path)
    try:
        return hc.expr(text, scope).code
    except ExprError:
        return _DefAwareCompiler(c).expr(text, scope).code
