"""The compile context: one ruleset's names, its diagnostics, and code generation.

:class:`CompileContext` is what the expression compiler
(:class:`rulekit.lang.expressions.Compiler`) reads names from, and what the effect
registry's compile functions (:mod:`rulekit.lang.effects`) call: ``expr``, ``stmt``,
``sub`` and ``inner_expr`` compile expressions and report their errors at the right
``file:line:col``; ``block`` compiles a child effect list; ``err`` and ``err_or_blame``
report problems (blaming a variant's deletion or override when that is the cause).

Generated code is compiled with the file name :data:`rulekit.errors.GENERATED`, so
that the runtime can tell an error raised by a ruleset's code from a bug of rulekit.
"""
from __future__ import annotations

from ..errors import GENERATED, DiagnosticSink, suggest
from ..lang.codetree import Code
from ..lang.effects import EFFECTS, PRIMITIVES, effect_key
from ..lang.expressions import Compiler, Scope, Typed, compatible, namespace
from ..lang.grammar import caret_line, parse
from ..lang.types import ExprError, mismatch
from ..lang.wellformed import bound_name, lost_names
from ..model import Block, EffectNode
from ..source.extends import head_name
from ..source.yaml_source import Source
from .constants import const_code
from .drafts import DefDraft, NodeDraft


def _noop(G, L):
    return None


def _get(data, path):
    for p in path:
        data = data[p]
    return data


class CompileContext:
    """Names, diagnostics and generated code of one ruleset being compiled."""

    def __init__(self, src: Source, sink: DiagnosticSink, chosen: dict | None, display: str):
        self.src = src
        self.data = src.data
        self.sink = sink
        self.chosen = chosen or {}
        self.display = display
        # the names the expression compiler resolves
        self.zones: dict = {}
        self.vars: dict = {}
        self.options: dict = {}        # option name -> chosen value (as expressions see it)
        self.definitions: dict = {}    # name -> DefDraft
        self.procedures: dict = {}     # name -> model.Procedure (its block: None)
        self.cards = None              # model.Cards
        # what is used (for the "never used" warnings)
        self.used_options: set = set()
        self.used_zones: set = set()
        self.used_vars: set = set()
        self.used_actions: set = set()
        self.ns = namespace()
        self.ns.update(PRIMITIVES)
        self.constants: list = []      # values the generated code reads as _K[i]
        self._const_index: dict = {}
        self.ns["_K"] = self.constants
        # the game state's class (rulekit.lang.state_api.GameStateAPI): its zone_mover
        # makes the fast path of move (None: the API's plain calls)
        self.state_api = None
        self.compiler = _DefAwareCompiler(self)
        self._nodes: list = []         # the effect nodes being compiled, innermost last
        # the parts left out as malformed (their shape errors are reported already):
        # nothing that only follows from their absence is reported (see ``broken``)
        self.left_out = dict(src.pruned)       # data path -> the value left out
        self.pruned = {(p[0], head_name(p[1])) + p[2:]
                       if p[0] in ("definitions", "procedures") and len(p) > 1 else p
                       for p in src.pruned}
        self.lost_locals = lost_names(src.pruned)
        self.faults = 0                # consequences of errors, not reported
        self.step_actions = None       # the actions of the step being compiled (last_action)
        self.checked = False           # the ruleset is known right: the optimising pass

    # ---- what was left out ------------------------------------------------------------
    def broken(self, key: tuple) -> bool:
        """Whether the part at data path ``key`` (``("vars", "trump")``, ``("phases", P,
        "steps", S)``; a definition or procedure by name) or a part around it was left
        out as malformed: an error about its absence is a consequence, not reported."""
        key = tuple(key)
        if any(key[:n] in self.pruned for n in range(1, len(key) + 1)):
            self.faults += 1
            return True
        return False

    def lost_name(self, exc: ExprError) -> bool:
        """Whether ``exc`` is only a name unknown because its declaration (or the
        ``let`` that binds it) was left out or did not parse."""
        if exc.code == "unknown-option":
            return self.broken(("options", exc.name))
        if exc.code != "unknown-name" or not exc.name:
            return False
        if exc.name in self.lost_locals:
            self.faults += 1
            return True
        return any(self.broken((section, exc.name)) for section in ("definitions", "vars",
                                                                        "zones"))

    def errors_so_far(self) -> int:
        """How many errors were found so far, reported or not (a step with any is not
        trusted by the machine checks)."""
        return self.faults + sum(1 for d in self.sink.items if d.severity == "error")

    # ---- errors ---------------------------------------------------------------------
    def err(self, path, message, code="error", offset=None):
        """Report an error at the node at ``path`` (a character ``offset`` into it)."""
        self.sink.error(self.src.pos(path, offset), message, code)

    def expr_err(self, path, text, exc: ExprError, offset: int = 0, caret: bool = True):
        """Report an expression error ``exc`` of ``text`` at ``path`` (``offset``: where
        ``text`` starts inside the node's string; ``caret``: show the line and a caret)."""
        msg = exc.message
        if caret and isinstance(text, str) and exc.code == "expr-syntax":
            msg += "\n  " + caret_line(text, min(exc.offset, len(text))).replace("\n", "\n  ")
        where = self.src.pos(path, offset + exc.offset if isinstance(text, str) else None)
        if self.lost_name(exc):
            return
        blame = self._blame(exc, where)
        if blame is not None:       # the cause is in a variant file: point there
            self.sink.error(blame[0], f"{blame[1]}, but {where} still uses it: {msg}", exc.code)
            return
        self.sink.error(where, msg, exc.code)

    def _blame(self, exc: ExprError, where):
        """(Pos, text) of a variant's deletion or override that caused ``exc``, if any."""
        if not exc.name or where is None:
            return None
        deleted = self.src.deleted
        if exc.code == "unknown-name":
            for section, label in (("definitions", "definition"), ("vars", "variable"),
                                   ("zones", "zone"), ("procedures", "procedure")):
                pos = deleted.get((section, exc.name))
                if pos is not None and self._later(pos, where):
                    return pos, f"{label} '{exc.name}' is deleted here"
        if exc.code == "unknown-option":
            pos = deleted.get(("options", exc.name))
            if pos is not None and self._later(pos, where):
                return pos, f"option '{exc.name}' is deleted here"
        if exc.code == "arity" and exc.name in self.definitions:
            pos = self.src.key_pos(self.definitions[exc.name].path)
            if pos is not None and self._later(pos, where):
                return pos, f"definition '{exc.name}' is overridden here with other parameters"
        return None

    def err_or_blame(self, path, key: tuple, label: str, message: str, code: str,
                     verb: str = "uses") -> None:
        """Report ``message`` at ``path``, unless a variant deleted ``key`` (a data path
        such as ("vars", "trump")): then report at the deletion, naming the use."""
        if self.broken(key):
            return
        here = self.src.pos(path)
        gone = self.src.deleted.get(key)
        if gone is not None and here is not None and self._later(gone, here):
            self.sink.error(gone, f"{label} is deleted here, but {here} still {verb} it", code)
        else:
            self.sink.error(here, message, code)

    def _later(self, a, b) -> bool:
        """Whether Pos ``a`` is in a file merged after (extending) the file of ``b``."""
        order = {f: i for i, f in enumerate(self.src.files)}
        return order.get(a.file, -1) > order.get(b.file, -1)

    @staticmethod
    def suggest(name, known) -> str:
        return suggest(name, known)

    # ---- expressions ------------------------------------------------------------------
    def expr(self, path, scope: Scope, want: str | None = None) -> Typed | None:
        """Compile the expression at ``path``; None after reporting an error."""
        text = _get(self.data, path)
        try:
            return self.compiler.expr(text, scope, want)
        except ExprError as exc:
            self.expr_err(path, text, exc)
            return None

    def inner_expr(self, path, text: str, offset: int, scope: Scope) -> Typed | None:
        """Compile ``text``, found at ``offset`` inside the string at ``path``."""
        try:
            return self.compiler.expr(text, scope)
        except ExprError as exc:
            self.expr_err(path, text, exc, offset, caret=False)
            return None

    def stmt(self, path, start: str):
        """Parse the statement at ``path`` from grammar entry ``start``; None on error."""
        text = _get(self.data, path)
        if not isinstance(text, str):
            self.err(path, f"expected text here, not {text!r}")
            return None
        try:
            return parse(text, start)
        except ExprError as exc:
            self.expr_err(path, text, exc)
            return None

    def bind_unparsed(self, path, scope: Scope) -> None:
        """After a ``NAME = ...`` or ``NAME in ...`` statement at ``path`` failed to
        parse: bind its NAME (of any type) in ``scope`` all the same, so that its uses
        raise no second error."""
        name = bound_name(_get(self.data, path))
        if name:
            scope.locals[name] = "any"

    def sub(self, path, tree, scope: Scope, want: str | None = None) -> Typed | None:
        """Compile a subtree of the statement at ``path``."""
        try:
            out = self.compiler.node(tree, scope)
        except ExprError as exc:
            self.expr_err(path, _get(self.data, path), exc)
            return None
        if want and not compatible(out.type, want):
            self.err(path, mismatch(out.type, want), "type",
                     offset=tree.start)
            return None
        return out

    # ---- generated code ---------------------------------------------------------------
    def fn(self, code: str):
        """A function ``f(G, L)`` returning the value of expression ``code``."""
        return eval(compile(f"lambda G, L: {code}", GENERATED, "eval"), self.ns)

    def define(self, source: str) -> None:
        """Run ``source`` (generated ``def`` statements) in the ruleset's namespace."""
        exec(compile(source, GENERATED, "exec"), self.ns)

    def const(self, value) -> Code:
        """Code for ``value`` (a text, number, list... of the ruleset): see
        :func:`const_code`."""
        return const_code(value, self.constants, self._const_index)

    def text(self, value: str) -> Code:
        """Code for a text of the ruleset (a name, a kind, part of an announcement)."""
        return self.const(str(value))

    # ---- effects (the API of lang.effects' compile functions) --------------------------
    def use_zone(self, name: str) -> None:
        self.used_zones.add(name)

    def use_var(self, name: str) -> None:
        self.used_vars.add(name)

    def note_call(self, name: str) -> None:
        """The effect being compiled calls procedure ``name``."""
        if self._nodes:
            self._nodes[-1].calls = name

    _NO_LITERAL = object()

    def literal(self, path):
        """The value at ``path`` when it is written as a literal (a number, ``null``, a
        ``-3`` text), else a marker that is neither None nor a number."""
        import re
        v = _get_or_none(self.data, path)
        if isinstance(v, bool):
            return self._NO_LITERAL
        if isinstance(v, int):
            return v
        if v is None or (isinstance(v, str) and v.strip() == "null"):
            return None
        if isinstance(v, str) and re.fullmatch(r"\s*-?\s*[0-9]{1,12}\s*", v):
            return int(v.replace(" ", ""))
        return self._NO_LITERAL

    def not_negative(self, path, what: str) -> bool:
        """False (after reporting it) when the count at ``path`` is a negative literal."""
        v = self.literal(path)
        if isinstance(v, int) and v < 0:
            self.err(path, f"{what}: {v}: a count may not be negative", "type")
            return False
        return True

    @staticmethod
    def child_scope(scope: Scope) -> Scope:
        """A scope whose ``let`` names stay inside it."""
        return Scope(scope.pylocals, dict(scope.locals), scope.specials)

    def lines(self, path, scope: Scope, share: bool = False) -> tuple[list, list]:
        """Compile the effect list at ``path`` to (source lines, effect nodes)."""
        items = _get(self.data, path) or []
        if not share:
            scope = self.child_scope(scope)
        out, nodes = [], []
        for i, item in enumerate(items):
            if path + (i,) in self.left_out:      # malformed: reported, left out
                self.faults += 1
                continue
            key = effect_key(item)
            node = NodeDraft()
            self._nodes.append(node)
            try:
                code = EFFECTS[key].compile(self, path + (i,), item, scope)
            finally:
                self._nodes.pop()
            nodes.append(EffectNode(key, path + (i,), item, node.children, node.calls))
            if code:
                out += code
        return out, nodes

    def block(self, path, scope: Scope) -> list[str]:
        """A child effect list of the effect being compiled, as source lines."""
        lines, nodes = self.lines(path, scope)
        if self._nodes:
            kids = self._nodes[-1].children      # the effect's child lists, by key
            kids[path[-1]] = Block(path, tuple(nodes), _noop, "\n".join(lines))
        return lines

    @staticmethod
    def empty(path) -> Block:
        """A block with no effects."""
        return Block(path, (), _noop)

    def effects(self, path, scope: Scope, share: bool = False, name: str = "") -> Block:
        """Compile the effect list at ``path`` into a :class:`Block`.

        A ``let`` binds a name for the effects after it in the same list; with
        ``share`` it stays bound in ``scope`` afterwards (a step's ``do`` shares its
        locals with the step's transitions). ``name``: the generated function's name
        (a procedure's), else an anonymous one.
        """
        if _get_or_none(self.data, path) is None:
            return Block(path, (), _noop)
        lines, nodes = self.lines(path, scope, share)
        nodes = tuple(nodes)
        if not lines and not name:
            return Block(path, nodes, _noop)
        fname = name or "_effects"
        source = f"def {fname}(G, L):\n" + "\n".join("    " + ln for ln in lines or ["pass"])
        local: dict = {}
        exec(compile(source, GENERATED, "exec"), self.ns, local)
        if name:
            self.ns[name] = local[name]
        return Block(path, nodes, local[fname], source)


def _get_or_none(data, path):
    try:
        return _get(data, path)
    except (KeyError, IndexError, TypeError):
        return None


class _DefAwareCompiler(Compiler):
    """A Compiler that compiles a definition the first time it is referenced."""

    def __init__(self, owner: CompileContext):
        super().__init__(owner)
        self.owner = owner

    def n_name(self, t, scope):
        name = t.name
        info = self.ctx.definitions.get(name)
        if info is not None and name not in scope.pylocals and name not in scope.locals:
            self._ensure(info, t.start)
        return super().n_name(t, scope)

    def n_call(self, t, scope):
        info = self.ctx.definitions.get(t.name)
        if info is not None:
            self._ensure(info, t.start)
        return super().n_call(t, scope)

    def _ensure(self, info: DefDraft, offset):
        if info.type is None:
            try:
                compile_definition(self.owner, info)
            except ExprError as exc:
                raise ExprError(exc.message, offset, exc.code) from None


def compile_definition(c: CompileContext, info: DefDraft) -> None:
    """Compile definition ``info`` (once) into the function ``info.fn(G, params...)``.

    A definition that refers to itself raises ExprError (code ``cycle``)."""
    from ..lang.expressions import py_name
    if info.type is not None:
        return
    if info.compiling:
        raise ExprError(f"definition '{info.name}' refers to itself (directly or through "
                        "another definition)", 0, "cycle")
    info.compiling = True
    params = "".join(", " + py_name(p) for p in info.params)
    c.compiler.current.append(info)
    try:
        out = c.compiler.expr(info.text, Scope(pylocals={p: "any" for p in info.params}))
    except ExprError as exc:
        info.type = "any"
        c.expr_err(info.expr_path or info.path, info.text, exc)
        c.define(f"def {info.fn}(G{params}):\n    raise RuntimeError("
                 f"{c.text('definition ' + info.name + ' did not compile')})")
        return
    finally:
        c.compiler.current.pop()
        info.compiling = False
    info.source = f"def {info.fn}(G{params}):\n    L = None\n    return {out.code}"
    c.define(info.source)
    info.type, info.items, info.keys = out.type, out.items, out.keys
