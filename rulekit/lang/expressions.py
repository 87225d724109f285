"""Stage 3: parse and compile expressions (grammar/expressions.lark) to Python code.

The LALR parser is built once per process and cached. An expression compiles to a
Python source fragment plus a static type; the ruleset compiler wraps fragments into
functions with ``compile()`` once, so play time runs plain Python bytecode, never a
tree walk. Names are resolved at compile time, in this order:

1. function parameters and ``x -> ...`` lambda parameters;
2. locals bound by ``let``, ``for``, an action's ``choose`` and the procedure's parameters;
3. the context names ``actor``, ``last_action``, ``seat`` (where they exist), ``dealer``,
   ``players``, ``phase``, ``step`` (the current step's name);
4. variables, zones, then zero-parameter definitions.

``option.NAME`` is replaced by the chosen value at compile time. Errors raise
:class:`ExprError` with the offset of the offending text inside the expression.

Generated code sees ``G`` (the :class:`~rulekit.state.GameState`) and ``L`` (the dict
of locals) and the namespace of :class:`Namespace`.
"""
from __future__ import annotations


from .codetree import Code, call, code, fmt, inline, lit, local, lread, state
from ..errors import suggest
from ..limits import MAX_EXPRESSION_CHARS, MAX_EXPRESSION_DEPTH, MAX_INT_DIGITS
from .builtins import REGISTRY
from .comparisons import Comparisons
from .grammar import parse
from .mapping import _NOT_LITERAL, MapsAndLocals, _mapget, _shown
from .options import OPTION_TYPES, OptionType
from .piles import _pile_cards, _pile_end, _row_of, _seat_slot, _slot, pile_end, row_index
from .types import NUMERIC, ExprError, Scope, Typed, compatible, joined, joined_type, listed, mismatch, mixed  # noqa: F401 (re-exported)

# --------------------------------------------------------------------------------------
# compiling

def py_name(name: str) -> str:
    return "v_" + name


_SPECIAL_TYPES = {"actor": ("G.actor", "seat"), "last_action": ("G.last_action", "str"),
                  "seat": ("L['seat']", "seat"), "dealer": ("G.dealer", "seat"),
                  "players": ("G.n", "int"), "phase": ("G.phase", "str"),
                  "step": ("G.step.name", "str"), "hand_no": ("G.hand_no", "int")}
# the code of each context name (the attribute of the game state it reads)
_SPECIAL_CODE = {name: lread("seat") if text.startswith("L[") else
                 state(text, text.split(".")[1]) for name, (text, _) in _SPECIAL_TYPES.items()}
_ALWAYS = {"dealer", "players", "phase", "step", "hand_no"}


class Compiler(Comparisons, MapsAndLocals):
    """Compiles expressions against one ruleset's names (comparisons, and the literals
    they can never meet: :mod:`.comparisons`; maps and local names: :mod:`.mapping`).

    ``ctx`` must offer: ``zones`` (name -> ZoneDecl with ``per``, ``top``),
    ``vars`` (name -> VarDecl with ``per``, ``type``), ``options`` (name -> value),
    ``definitions`` (name -> DefInfo with ``params``, ``type``, ``fn``).
    """

    def __init__(self, ctx):
        self.ctx = ctx
        self.current: list = []     # the definitions being compiled, innermost last
        self.indexed = None         # the name being indexed (n_index), by identity
        self.over_piles = self.over_cards = False   # the next lambda runs over piles, cards

    def note_definition(self, info) -> None:
        """Record a use of definition ``info``: by the definition being compiled (its
        ``refs``), or by a step, action or procedure (then it is ``used``)."""
        if self.current:
            self.current[-1].refs.add(info.name)
            calls = self.current[-1].calls
            calls[info.name] = calls.get(info.name, 0) + 1
        else:
            info.used = True

    # public ---------------------------------------------------------------------------
    def expr(self, text, scope: Scope, want: str | None = None) -> Typed:
        """Compile an expression (text, or a YAML number/bool) to a :class:`Typed`."""
        if isinstance(text, bool) or isinstance(text, int):
            out = Typed(lit(str(text), text), "bool") if isinstance(text, bool) \
                else self._int(str(text), 0)
            if want and not compatible(out.type, want):
                raise ExprError(mismatch(out.type, want), 0, "type")
            return out
        if not isinstance(text, str):
            raise ExprError(f"expected an expression, not {type(text).__name__}", 0, "type")
        if len(text) > MAX_EXPRESSION_CHARS:
            raise ExprError(f"an expression of {len(text)} characters: the limit is "
                            f"{MAX_EXPRESSION_CHARS} characters (split it into definitions)",
                            0, "limit")
        brackets = _bracket_depth(text)
        if brackets > MAX_EXPRESSION_DEPTH:
            raise ExprError(f"an expression nested {brackets} levels deep in brackets: the "
                            f"limit is {MAX_EXPRESSION_DEPTH} levels", 0, "limit")
        tree = parse(text, "expr")
        depth = tree.depth
        if depth > MAX_EXPRESSION_DEPTH:
            raise ExprError(f"an expression nested {depth} levels deep (calls and chains of "
                            f"operators count): the limit is {MAX_EXPRESSION_DEPTH} levels "
                            "(split it into definitions)", 0, "limit")
        out = self.node(tree, scope)
        if want and not compatible(out.type, want):
            raise ExprError(mismatch(out.type, want), 0, "type")
        return out

    # nodes ----------------------------------------------------------------------------
    def node(self, t, scope: Scope) -> Typed:
        """Compile the syntax node ``t`` (:mod:`rulekit.lang.syntax`) in ``scope``."""
        method = getattr(self, "n_" + t.kind, None)
        if method is None:   # pragma: no cover - the grammar and this class agree
            raise ExprError(f"unsupported construct {t.kind}", t.start)
        return method(t, scope)

    @staticmethod
    def _int(digits: str, offset: int) -> Typed:
        if len(digits.lstrip("-")) > MAX_INT_DIGITS:
            raise ExprError(f"a number of {len(digits.lstrip('-'))} digits: the limit is "
                            f"{MAX_INT_DIGITS}", offset, "limit")
        return Typed(lit(str(int(digits)), int(digits)), "int")

    def n_int(self, t, scope):
        return self._int(t.digits, t.start)

    def n_string(self, t, scope):
        return Typed(self.ctx.const(t.value), "str")

    def n_null(self, t, scope):
        return Typed(lit("None", None), "null")

    def n_true(self, t, scope):
        return Typed(lit("True", True), "bool")

    def n_false(self, t, scope):
        return Typed(lit("False", False), "bool")

    def n_list(self, t, scope):
        items = [self.node(a, scope) for a in t.items]
        kinds = {i.type for i in items}
        typ = "cards" if kinds == {"card"} else ("list")
        one = next(iter(kinds)) if len(kinds) == 1 and typ == "list" else \
            mixed(kinds) if typ == "list" else None
        parts = ["["]
        for i, item in enumerate(items):
            parts += [", ", item.code] if i else [item.code]
        return Typed(code("list", parts + ["]"]), typ, items=one)

    def n_name(self, t, scope):
        name, at = t.name, t.start
        ctx = self.ctx
        if name in scope.bound:
            return scope.bound[name]
        if name in scope.pylocals:
            typ = scope.pylocals[name]
            if typ == "place":               # a pile's place: read as its own list
                return Typed(call("_pile_cards", [local(py_name(name), "var")], state=True),
                             "zone", pile=True)
            return Typed(local(py_name(name), "var"), typ)
        if name in scope.locals:
            typ = scope.locals[name]
            if typ == "place":
                return Typed(call("_pile_cards", [lread(name)], state=True), "zone",
                             pile=True)
            return Typed(lread(name), typ)
        if name in _SPECIAL_TYPES and (name in _ALWAYS or name in scope.specials):
            return Typed(_SPECIAL_CODE[name], _SPECIAL_TYPES[name][1])
        if name in ctx.vars:
            decl = ctx.vars[name]
            ctx.used_vars.add(name)
            read = state(f"G.v[{name!r}]", "v", name)
            if decl.per == "seat":
                return Typed(read, "list", perseat=decl)
            return Typed(read, decl.type)
        if name in ctx.zones:
            decl = ctx.zones[name]
            ctx.used_zones.add(name)
            if decl.row:
                if decl.per == "seat" and self.indexed is not t:
                    raise ExprError(f"'{name}' is a row of piles per seat: say whose and "
                                    f"which, as {name}[SEAT][i] (e.g. {name}[actor][0]), or "
                                    f"{name}[SEAT] for the seat's piles", at, "type")
                return Typed(state(f"G.z[{name!r}]", "z", name), "list", items="place",
                             row=decl)
            if decl.per == "seat":
                if self.indexed is not t:       # every seat's list, hidden ones too
                    raise ExprError(f"'{name}' is a zone per seat: say whose, as "
                                    f"{name}[SEAT] (e.g. {name}[actor])", at, "type")
                return Typed(state(f"G.z[{name!r}]", "z", name), "list", perseat=decl)
            return Typed(state(f"G.z[{name!r}]", "z", name), "zone", zone=(decl, None))
        if name in ctx.definitions:
            info = ctx.definitions[name]
            if info.params:
                raise ExprError(f"'{name}' takes {len(info.params)} argument(s): write "
                                f"{name}({', '.join(info.params)})", at, "arity", name)
            self.note_definition(info)
            return Typed(call(info.fn, (), state=True), info.type, items=info.items,
                         keys=info.keys)
        if name in REGISTRY:
            raise ExprError(f"'{name}' is a function: call it as {name}(...)", at, "arity")
        if name in _SPECIAL_TYPES:
            raise ExprError(f"'{name}' is not available here", at, "unknown-name")
        known = (set(scope.pylocals) | set(scope.locals) | set(ctx.vars) | set(ctx.zones)
                 | set(ctx.definitions) | _ALWAYS | set(scope.specials))
        raise ExprError(f"unknown name '{name}'{suggest(name, known)}", at,
                        "unknown-name", name)

    def n_attr(self, t, scope):
        base, attr = t.base, t.attr
        if base != "option":
            raise ExprError(f"'{base}.{attr}': only option.NAME uses a dot", t.start,
                            "unknown-name")
        opts = self.ctx.options
        if attr not in opts:
            raise ExprError(f"unknown option '{attr}'{suggest(attr, opts)}", t.attr_start,
                            "unknown-option", attr)
        self.ctx.used_options.add(attr)
        value = opts[attr]
        decl = (getattr(self.ctx, "option_decls", None) or {}).get(attr)
        kind = OPTION_TYPES.get(decl.type, OptionType()) if decl is not None else OptionType()
        return Typed(self.ctx.const(value), kind.expr_type(decl, value))

    def n_index(self, t, scope):
        self.indexed = t.base
        base = self.node(t.base, scope)
        idx = self.node(t.index, scope)
        if base.row is not None:
            return row_index(self.ctx, t, base, idx)
        if base.perseat is not None:
            if not compatible(idx.type, "seat"):
                raise ExprError(f"a per-seat name is indexed by a seat, not {idx.type}",
                                t.index.start, "type")
            read = fmt("index", "{}[{}]", base.code, idx.code)
            if base.perseat.kind == "zone":
                return Typed(read, "zone", zone=(base.perseat, idx.code))
            return Typed(read, base.perseat.type)
        if base.type == "map":
            key = self.literal_value(t.index)
            if base.keys is not None and key is not _NOT_LITERAL and key not in base.keys:
                has = ", ".join(_shown(k) for k in base.keys) or "no keys"
                raise ExprError(f"{t.index.text} is not a key of this map: it has {has}",
                                t.index.start, "literal")
            return Typed(call("_mapget", (base.code, idx.code)), base.items or "any")
        if not compatible(base.type, "list"):
            raise ExprError(f"only lists, maps, zones and per-seat names can be indexed, not "
                            f"{base.type}", t.start, "type")
        return Typed(call("_at", (base.code, idx.code)), "card" if base.type in ("cards", "zone", "play") else "any")

    def ctx_tops_first(self) -> bool:
        """Whether a zone of piles (per seat or a row) has its top at its first card:
        then a list met at run time may be such a pile, and its ends are looked up."""
        return any(d.slotted and d.top == "first" for d in self.ctx.zones.values())

    def n_lambda_(self, t, scope):
        name = t.param
        inner = scope.child(**{name: "any"})
        inner.bound = {**inner.bound, name: self.lambda_param(local(py_name(name), "param"))}
        body = self.node(t.body, inner)
        return Typed(fmt("lambda", "(lambda {}: {})", local(py_name(name), "param"), body.code,
                         wrapped=True), "fn")

    def lambda_param(self, code) -> Typed:
        """The next lambda's parameter ``code``: a pile over a row's piles, else any."""
        piles, self.over_piles, self.over_cards = self.over_piles, False, False
        return Typed(code, "zone", pile=True) if piles else Typed(code, "any")

    def _args(self, argnodes, scope) -> list:
        """A call's arguments; a lambda over a row's piles or a zone's cards knows it."""
        args = []
        for a in argnodes:
            lam = a.kind == "lambda_" and bool(args)
            self.over_piles = lam and args[0].items == "place"
            self.over_cards = lam and args[0].zone is not None    # a zone's: pack cards
            args.append(self.node(a, scope))
        return args

    def let_name(self, name: str) -> str:
        """The Python name of the local a ``let ... ;`` binds."""
        return py_name(name)

    def let_body(self, body, scope) -> Typed:
        """The body of a ``let ... ;`` compiled in ``scope`` (its local bound)."""
        return self.node(body, scope)

    def n_conditional(self, t, scope):
        a, c, b = (self.node(x, scope) for x in (t.then, t.test, t.orelse))
        typ = a.type if a.type == b.type or b.type == "null" else (b.type if a.type == "null" else "any")
        return Typed(fmt("ifexp", "({} if {} else {})", a.code, c.code, b.code, wrapped=True),
                     typ, items=joined(a.items, b.items))

    def n_or_(self, t, scope):
        a, b = self.node(t.left, scope), self.node(t.right, scope)
        return Typed(fmt("or", "({} or {})", a.code, b.code, wrapped=True), "bool" if a.type == b.type == "bool" else "any")

    def n_and_(self, t, scope):
        a, b = self.node(t.left, scope), self.node(t.right, scope)
        return Typed(fmt("and", "({} and {})", a.code, b.code, wrapped=True), "bool" if a.type == b.type == "bool" else "any")

    def n_not_(self, t, scope):
        a = self.node(t.operand, scope)
        return Typed(fmt("not", "(not {})", a.code, wrapped=True), "bool")

    def n_coalesce(self, t, scope):
        a, b = self.node(t.left, scope), self.node(t.right, scope)
        return Typed(call("_nn", (a.code, fmt("thunk", "lambda: {}", b.code))), a.type if a.type != "null" else b.type)

    def n_binop(self, t, scope):
        a, op, b = self.node(t.left, scope), t.op, self.node(t.right, scope)
        if op == "+" and compatible(a.type, "list") and compatible(b.type, "list") \
                and "any" not in (a.type,) and a.type not in NUMERIC:
            return Typed(fmt("concat", "(list({}) + list({}))", a.code, b.code, wrapped=True),
                         joined_type(a.type, b.type), items=joined(a.items, b.items))
        for side, x in ((t.left, a), (t.right, b)):
            if not compatible(x.type, "int"):
                raise ExprError(f"'{op}' works on numbers, not {x.type}", side.start, "type")
        if op == "*":              # the one way a number can grow without bound quickly
            return Typed(call("_mul", (a.code, b.code)), "int")
        pyop = "//" if op == "/" else op
        return Typed(fmt("binop", "({} " + pyop + " {})", a.code, b.code, wrapped=True, op=pyop),
                     "int")

    def n_neg(self, t, scope):
        a = self.node(t.operand, scope)
        if not compatible(a.type, "int"):
            raise ExprError(f"'-' works on numbers, not {a.type}", t.start, "type")
        if isinstance(a.code, Code) and a.code.kind == "lit" and a.code.value.__class__ is int and a.code.value >= 0:
            return Typed(lit(f"(-{a.code})", -a.code.value), "int")    # a literal still
        return Typed(fmt("neg", "(-{})", a.code, wrapped=True), "int")

    def n_call(self, t, scope):
        name, at, argnodes = t.name, t.start, t.args
        args = self._args(argnodes, scope)
        ctx = self.ctx
        if name in ctx.definitions:
            info = ctx.definitions[name]
            if len(args) != len(info.params):
                raise ExprError(f"'{name}' takes {len(info.params)} argument(s) "
                                f"({', '.join(info.params)}), not {len(args)}",
                                at, "arity", name)
            self.note_definition(info)
            return Typed(call(info.fn, [a.code for a in args], state=True), info.type,
                         items=info.items, keys=info.keys)
        if name in REGISTRY:
            b = REGISTRY[name]
            if len(args) != len(b.params):
                sig = f"{name}({', '.join(b.params)})"
                raise ExprError(f"'{name}' takes {len(b.params)} argument(s): {sig}, "
                                f"not {len(args)}", at, "arity")
            for i, (a, want) in enumerate(zip(args, b.params)):
                if a.perseat is not None:
                    raise ExprError(f"'{argnodes[i].text}' is per seat: index it with a seat, "
                                    f"e.g. [actor]", argnodes[i].start, "type")
                if not compatible(a.type, want):
                    raise ExprError(f"argument {i + 1} of '{name}' must be {want}, not {a.type}",
                                    argnodes[i].start, "type")
            if b.zone_aware:
                return self._pile_end(name, args)
            if name == "card" and argnodes[0].kind == "string":
                text = argnodes[0].value
                card = self.ctx.cards.lookup(text)
                if card is None:
                    raise ExprError(f"card('{text}'): no such card in this pack",
                                    argnodes[0].start, "type")
                return Typed(self.ctx.const(card), "card")
            if b.inline is not None:
                return Typed(inline(b.inline, [a.code for a in args]), b.result)
            result, items = listed(b.result, b.items, args[0] if args else None)
            return Typed(call(f"_B_{name}", [a.code for a in args], state=b.state, comma=True),
                         result, items=items, pile=b.result == "zone")
        if name in ctx.procedures:
            raise ExprError(f"'{name}' is a procedure: run it with the effect `call: {name}(...)`",
                            at, "unknown-name")
        known = set(ctx.definitions) | set(REGISTRY)
        raise ExprError(f"unknown function '{name}'{suggest(name, known)}", at,
                        "unknown-name", name)

    def _pile_end(self, name, args):
        return pile_end(name, args, self.ctx_tops_first, self.ctx.const)


def _bracket_depth(text: str) -> int:
    """The deepest nesting of (, [ and { in ``text`` (quoted texts aside)."""
    depth = deepest = 0
    quote = None
    for ch in text:
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in ")]}":
            depth -= 1
    return deepest


def _mul(a, b):
    """``a * b`` of the language, refused beyond 300 bits (about 90 digits)."""
    out = a * b
    if out.__class__ is int and out.bit_length() > 300:
        raise ValueError("a product of more than 90 digits: a number grows without bound")
    return out


def namespace() -> dict:
    """The globals generated code runs in: built-in implementations and helpers, and
    no Python builtins but the few the generated code uses (``__builtins__`` is empty)."""
    ns = {"__builtins__": {}, "list": list, "range": range, "len": len,
          "RuntimeError": RuntimeError, "_any": any, "_all": all, "_sum": sum,
          "_max": max, "_min": min}
    ns.update({"_B_" + name: b.impl for name, b in REGISTRY.items() if b.impl is not None})
    ns["_mul"] = _mul
    ns["_at"] = REGISTRY["at"].impl
    ns["_mapget"] = _mapget
    ns["_slot"], ns["_seat_slot"], ns["_row_of"] = _slot, _seat_slot, _row_of
    ns["_pile_end"], ns["_pile_cards"] = _pile_end, _pile_cards

    def _nn(a, b):
        return b() if a is None else a
    ns["_nn"] = _nn
    return ns
