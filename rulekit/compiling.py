"""Stage 3 and 4 glue: turn a loaded, shape-checked ruleset into runnable objects.

:func:`compile_ruleset` takes the merged YAML data (with positions) and the chosen
options, compiles every expression and effect once, builds the phase/step machine
(:mod:`rulekit.machine`) and returns :class:`Rules`, whose :meth:`Rules.new_game`
starts a :class:`~rulekit.engine.GameState`.

Evaluation order (documented for rules authors in the language reference): effects run
one at a time, in list order; an expression reads the state as it is when that effect
runs. ``let`` freezes a value before later effects change the state.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from .errors import DiagnosticSink, Pos
from .expressions import Compiler, ExprError, Scope, Typed, caret_line, compatible, namespace, parse, py_name, suggest
from .loading import Source

DEFAULT_RANKS = "2 3 4 5 6 7 8 9 T J Q K A".split()
DEFAULT_SUITS = "C D H S".split()
VAR_TYPES = {"int", "bool", "suit", "seat", "card", "cards", "list", "str", "rank"}
REPEAT_LIMIT = 10000   # a `repeat` count above this aborts the game instead of hanging
EFFECT_KEYS = {"move", "deal", "shuffle", "set", "let", "if", "for", "repeat", "call", "reveal",
               "conceal", "hide", "show", "out", "announce", "end_game"}


@dataclass
class ZoneDecl:
    """A zone: ``per`` game or seat; ``see`` all, owner or count; ``top`` first or last;
    ``tagged``: cards moved in get (seat, play number, kind) tags."""
    name: str
    per: str = "game"
    see: str = "all"
    top: str = "last"
    tagged: bool = False
    doc: str = ""


@dataclass
class VarDecl:
    """A variable: ``type`` (int, bool, suit, seat, card, cards, list, str, rank),
    ``per`` game or seat, ``init`` value (null when absent; 0/false/[] not implied),
    ``show``: displayed to a person at the table."""
    name: str
    type: str
    per: str = "game"
    init: object = None
    doc: str = ""
    show: bool = False


@dataclass
class OptionDecl:
    """A house-rule knob: ``type`` bool, int, choice or list; ``values`` allowed
    (choice, and list items); ``min``/``max`` (int); ``default``; ``doc``."""
    name: str
    type: str
    default: object
    values: list | None = None
    min: int | None = None
    max: int | None = None
    doc: str = ""
    of: str | None = None

    def items_to_values(self, value, ranks: list, suits: list):
        """For a list option ``of: rank`` (or ``suit``): the items as rank indexes (or suit
        letters), so that ``rank(c) in option.NAME`` works. Raises ValueError."""
        if self.type != "list" or self.of not in ("rank", "suit") or not isinstance(value, list):
            return value
        names = ranks if self.of == "rank" else suits
        out = []
        for v in value:
            text = "T" if str(v) == "10" and self.of == "rank" else str(v).upper()
            if text not in names:
                raise ValueError(f"has {v!r}, which is not a {self.of} ({' '.join(names)})")
            out.append(names.index(text) if self.of == "rank" else text)
        return out

    def check(self, value) -> str | None:
        """None if ``value`` is allowed, else a message saying what is."""
        t = self.type
        if t == "bool":
            return None if isinstance(value, bool) else "must be true or false"
        if t == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                return "must be a whole number"
            lo = self.min if self.min is not None else None
            hi = self.max if self.max is not None else None
            if (lo is not None and value < lo) or (hi is not None and value > hi):
                return f"must be between {lo} and {hi}"
            if self.values and value not in self.values:
                return "must be one of " + ", ".join(map(str, self.values))
            return None
        if t == "choice":
            if value not in (self.values or []):
                return "must be one of " + ", ".join(map(str, self.values or []))
            return None
        if t == "list":
            if not isinstance(value, list):
                return "must be a list"
            bad = [v for v in value if self.values and v not in self.values]
            if bad:
                return f"has {bad[0]!r}, not one of " + ", ".join(map(str, self.values))
            return None
        return f"has an unknown type '{t}'"

    def parse(self, text: str):
        """Convert command-line text (``--option NAME=TEXT``) to a value of this type.

        Raises ValueError with a message when the text does not fit.
        """
        t = self.type
        if t == "bool":
            low = text.strip().lower()
            if low == "true":
                return True
            if low == "false":
                return False
            raise ValueError("must be true or false")
        if t == "int":
            if not re.fullmatch(r"[-+]?[0-9]+", text.strip()):
                raise ValueError("must be a whole number")
            return int(text)
        if t == "list":
            items = [x for x in text.replace(",", " ").split() if x]
            return [int(x) if x.lstrip("-").isdigit() and self.values and
                    all(isinstance(v, int) for v in self.values) else x for x in items]
        return text

    def describe(self) -> str:
        if self.type == "choice":
            return " | ".join(map(str, self.values or []))
        if self.type == "int":
            return f"{self.min}..{self.max}" if self.min is not None else "int"
        return self.type


@dataclass
class DefInfo:
    """A definition: ``params``, compiled function name ``fn``, result ``type``."""
    name: str
    params: list
    text: object
    path: tuple
    fn: str = ""
    type: str | None = None
    compiling: bool = False
    used: bool = False


@dataclass
class ActionDef:
    """A named action of a phase: choice ``var`` over ``domain`` (None: no choice),
    ``legal`` condition, ``effects``; ``pos`` where it is written."""
    name: str
    phase: str
    var: str | None
    domain: Callable | None
    legal: Callable | None
    effects: Callable
    pos: Pos | None
    choose_text: str = ""
    legal_text: str = ""
    doc: str = ""
    ends_game: bool = False


@dataclass
class Transition:
    cond: Callable | None
    effects: Callable
    target: "Step | None"
    target_name: str
    pos: Pos | None
    cond_text: str = ""
    ends_game: bool = False


@dataclass
class Step:
    """A step: runs ``effects`` on entry; asks ``actor`` (if any) to pick one of
    ``actions``; then takes the first transition whose condition holds."""
    name: str
    phase: str
    effects: Callable
    actor: Callable | None
    actions: list
    transitions: list
    pos: Pos | None
    doc: str = ""
    ends_game: bool = False
    actor_text: str = ""

    @property
    def key(self) -> str:
        return f"{self.phase}.{self.name}"


@dataclass
class Phase:
    name: str
    start: str
    steps: dict
    actions: dict
    heuristic: Callable | None
    doc: str = ""
    pos: Pos | None = None


_STAND_IN = {"bool": False, "int": 0, "list": []}


class GameOver(Exception):
    """Raised by ``end_game`` to stop the effects that follow."""


# --------------------------------------------------------------------------------------

@dataclass
class Rules:
    """A compiled ruleset, ready to play. Made by :func:`rulekit.load`.

    Attributes: ``name``, ``title``, ``summary``, ``players`` (min, max, default),
    ``ranks``, ``suits``, ``pack`` (card strings, C-1 order), ``zones``, ``vars``,
    ``option_decls``, ``options`` (chosen values), ``phases``, ``start``, ``graph``
    (the networkx machine), ``warnings`` (diagnostics), ``source`` (merged data).
    """
    name: str
    title: str
    summary: str
    players: tuple
    ranks: list
    suits: list
    zones: dict
    vars: dict
    option_decls: dict
    options: dict
    definitions: dict
    procedures: dict
    setup: Callable
    phases: dict
    start: str
    source: Source
    warnings: list = field(default_factory=list)
    graph: object = None
    path: str = ""
    pack: list = field(default_factory=list)
    rank_of: dict = field(default_factory=dict)
    suit_of: dict = field(default_factory=dict)
    card_order: dict = field(default_factory=dict)

    def new_game(self, players: int | None = None, seed: int | None = 0, deck=None,
                 dealer: int | None = None, max_actions: int = 10000):
        """Start a game (C-3): ``players`` (default: the ruleset's default, else its
        minimum), ``seed`` (int; shuffles the deck when ``deck`` is None, then draws the
        dealer when ``dealer`` is None), ``deck`` (all cards, top first, as card text),
        ``dealer`` (seat), ``max_actions`` (C-8 guard). Raises ValueError with a message
        for a bad player count, dealer or deck (rulekit.CardError for bad card text).
        """
        from .engine import GameState
        return GameState(self, players=players, seed=seed, deck=deck, dealer=dealer,
                         max_actions=max_actions)

    def expression(self, text: str, names: tuple = ()):
        """Compile ``text`` against this ruleset, once (cached): a function ``f(game, L)``
        where ``L`` maps each of ``names`` (extra local names) to a value. ``actor``,
        ``last_action`` and ``seat`` (from ``L``) are available. For analysis tools and
        tests; raises RulesetError with the problem."""
        from .errors import Diagnostic, RulesetError
        key = (text, tuple(names))
        cache = self.__dict__.setdefault("_expressions", {})
        if key not in cache:
            scope = Scope(locals={n: "any" for n in names},
                          specials=frozenset({"actor", "last_action", "seat"}))
            try:
                out = self._compiler.compiler.expr(text, scope)
            except ExprError as exc:
                raise RulesetError([Diagnostic(None, "error", f"{text!r}: {exc.message}",
                                               exc.code)]) from None
            cache[key] = self._compiler.fn(out.code)
        return cache[key]

    def parse_card(self, text: str) -> str:
        """Card text to the canonical card: case-insensitive, ``10`` for ``T``, suit symbols
        and suit-first accepted (``'10h'``, ``'♥10'`` -> ``'TH'``); raises CardError."""
        from .errors import CardError
        t = text.strip().upper()
        for letter, symbol in (("C", "♣"), ("D", "♦"), ("H", "♥"), ("S", "♠")):
            if letter in self.suits:
                t = t.replace(symbol, letter)
        if t[:1] in self.suits and t[1:2] and t[1:2] not in self.suits:
            t = t[1:] + t[:1]          # ♥2 or H2: suit first is accepted too
        if t.startswith("10"):
            t = "T" + t[2:]
        if t in self.rank_of:
            return t
        raise CardError(f"bad card '{text}': a card is a rank ({' '.join(self.ranks)}) "
                        f"followed by a suit ({' '.join(self.suits)}), e.g. "
                        f"{self.ranks[-1]}{self.suits[-1]}")


# --------------------------------------------------------------------------------------

class _Ctx:
    """Names of one ruleset, as the expression compiler sees them."""

    def __init__(self):
        self.zones: dict = {}
        self.vars: dict = {}
        self.options: dict = {}
        self.definitions: dict = {}
        self.procedures: dict = {}
        self.used_options: set = set()
        self.card_names: set | None = None


class _RulesetCompiler:
    def __init__(self, src: Source, sink: DiagnosticSink, chosen: dict | None, display: str):
        self.src = src
        self.data = src.data
        self.sink = sink
        self.chosen = chosen or {}
        self.display = display
        self.ctx = _Ctx()
        self.ns = namespace()
        self.compiler = _DefAwareCompiler(self.ctx, self)
        self.proc_runners: dict = {}
        self.used_zones: set = set()
        self.used_vars: set = set()
        self.used_actions: set = set()

    # errors ----------------------------------------------------------------------------
    def err(self, path, message, code="error", offset=None):
        self.sink.error(self.src.pos(path, offset), message, code)

    def expr_err(self, path, text, exc: ExprError):
        msg = exc.message
        if isinstance(text, str) and exc.code == "expr-syntax":
            msg += "\n  " + caret_line(text, min(exc.offset, len(text))).replace("\n", "\n  ")
        where = self.src.pos(path, exc.offset if isinstance(text, str) else None)
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
        if exc.code == "arity" and exc.name in self.ctx.definitions:
            pos = self.src.key_pos(self.ctx.definitions[exc.name].path)
            if pos is not None and self._later(pos, where):
                return pos, f"definition '{exc.name}' is overridden here with other parameters"
        return None

    def _err_or_blame(self, path, key: tuple, label: str, message: str, code: str) -> None:
        """Report ``message`` at ``path``, unless a variant deleted ``key`` (a data path
        such as ("vars", "trump")): then report at the deletion, naming the use."""
        here = self.src.pos(path)
        gone = self.src.deleted.get(key)
        if gone is not None and here is not None and self._later(gone, here):
            self.sink.error(gone, f"{label} is deleted here, but {here} still uses it", code)
        else:
            self.sink.error(here, message, code)

    def _later(self, a, b) -> bool:
        """Whether Pos ``a`` is in a file merged after (extending) the file of ``b``."""
        order = {f: i for i, f in enumerate(self.src.files)}
        return order.get(a.file, -1) > order.get(b.file, -1)

    # python -----------------------------------------------------------------------------
    def fn(self, code: str, args: str = "G, L"):
        return eval(f"lambda {args}: {code}", self.ns)

    # expressions ------------------------------------------------------------------------
    def expr(self, path, scope: Scope, want: str | None = None) -> Typed | None:
        text = _get(self.data, path)
        try:
            out = self.compiler.expr(text, scope, want)
            self._note_uses(out.code)
            return out
        except ExprError as exc:
            self.expr_err(path, text, exc)
            return None

    def stmt(self, path, start: str):
        text = _get(self.data, path)
        if not isinstance(text, str):
            self.err(path, f"expected text here, not {text!r}")
            return None
        try:
            return parse(text, start)
        except ExprError as exc:
            self.expr_err(path, text, exc)
            return None

    def sub(self, path, tree, scope: Scope, want: str | None = None) -> Typed | None:
        """Compile a subtree of the statement at ``path``."""
        try:
            out = self.compiler.node(tree, scope)
        except ExprError as exc:
            self.expr_err(path, _get(self.data, path), exc)
            return None
        if want and not compatible(out.type, want):
            self.err(path, f"expected {want}, but this is {out.type}", "type",
                     offset=getattr(tree.meta, "start_pos", None) if hasattr(tree, "meta") else None)
            return None
        self._note_uses(out.code)
        return out

    def _note_uses(self, code: str):
        for name in self.ctx.zones:
            if f"G.z[{name!r}]" in code:
                self.used_zones.add(name)
        for name in self.ctx.vars:
            if f"G.v[{name!r}]" in code:
                self.used_vars.add(name)

    # declarations -----------------------------------------------------------------------
    def declare(self):
        d = self.data
        cards = d.get("cards") or {}
        ranks = cards.get("ranks", DEFAULT_RANKS)
        suits = cards.get("suits", DEFAULT_SUITS)
        self.ranks = [str(r) for r in (ranks.split() if isinstance(ranks, str) else ranks)]
        self.suits = [str(s) for s in (suits.split() if isinstance(suits, str) else suits)]
        self.ctx.card_names = {r + s for s in self.suits for r in self.ranks}
        for label, items in (("ranks", self.ranks), ("suits", self.suits)):
            if len(set(items)) != len(items):
                self.err(("cards", label), f"cards.{label} lists a name twice")
            if not items:
                self.err(("cards", label), f"cards.{label} is empty")
        p = d["players"]
        self.players = (p["min"], p["max"], p.get("default", p["min"]))
        if p["min"] > p["max"]:
            self.err(("players",), f"players: min {p['min']} is more than max {p['max']}")
        if not p["min"] <= self.players[2] <= p["max"]:
            self.err(("players", "default"), f"players: default {self.players[2]} is not between "
                     f"min {p['min']} and max {p['max']}")
        for name, z in (d.get("zones") or {}).items():
            self.ctx.zones[name] = ZoneDecl(name, z.get("per", "game"), z.get("see", "all"),
                                            z.get("top", "last"), bool(z.get("tagged", False)),
                                            z.get("doc", ""))
        if "deck" not in self.ctx.zones:
            self.ctx.zones["deck"] = ZoneDecl("deck", "game", "count", "first", False,
                                              "the pack in game order (filled by the engine, C-3)")
        self.used_zones.add("deck")
        for name, v in (d.get("vars") or {}).items():
            decl = VarDecl(name, v["type"], v.get("per", "game"), v.get("init"), v.get("doc", ""),
                           bool(v.get("show", False)))
            problem = self._init_problem(decl)
            if problem:
                self.err(("vars", name, "init"), f"variable '{name}' is {decl.type}: its init "
                         f"{decl.init!r} {problem}", "type")
            self.ctx.vars[name] = decl
            if name in self.ctx.zones:
                self.err(("vars", name), f"'{name}' is both a zone and a variable: rename one")
        self.option_decls = {}
        self.user_options = {}
        for name, o in (d.get("options") or {}).items():
            decl = OptionDecl(name, o["type"], o["default"], o.get("values"), o.get("min"),
                              o.get("max"), o.get("doc", ""), o.get("of"))
            self.option_decls[name] = decl
            if decl.type in ("choice",) and not decl.values:
                self.err(("options", name), f"option '{name}': a choice needs `values`")
                continue
            problem = decl.check(decl.default)
            if problem:
                self.err(("options", name, "default"),
                         f"option '{name}': default {decl.default!r} {problem}", "option")
                # keep the option known (a typed stand-in) so its uses raise nothing more
                self.ctx.options[name] = _STAND_IN.get(decl.type, None) if decl.type != \
                    "choice" else (decl.values or [""])[0]
                self.user_options[name] = decl.default
                continue
            self.user_options[name] = decl.default
            try:
                self.ctx.options[name] = decl.items_to_values(decl.default, self.ranks,
                                                              self.suits)
            except ValueError as exc:
                self.err(("options", name, "default"), f"option '{name}': default {exc}", "option")
        for name, value in self.chosen.items():
            if name not in self.option_decls:
                self.sink.error(None, f"unknown option '{name}'{suggest(name, self.option_decls)}; "
                                "options of this ruleset: " + (", ".join(self.option_decls) or "none"),
                                "option")
                continue
            decl = self.option_decls[name]
            if isinstance(value, str) and decl.type != "choice":
                try:
                    value = decl.parse(value)
                except ValueError as exc:
                    self.sink.error(None, f"option {name}={value}: {exc}", "option")
                    continue
            problem = decl.check(value)
            if problem:
                self.sink.error(None, f"option {name}={_shown(value)}: {problem}", "option")
                continue
            self.user_options[name] = value
            try:
                self.ctx.options[name] = decl.items_to_values(value, self.ranks, self.suits)
            except ValueError as exc:
                self.sink.error(None, f"option {name}={_shown(value)}: {exc}", "option")
        for head, body in (d.get("definitions") or {}).items():
            parsed = self._head(("definitions", head), head)
            if parsed is None:
                continue
            name, params = parsed
            if name in self.ctx.definitions:
                self.err(("definitions", head), f"definition '{name}' is defined twice")
                continue
            for clash, label in ((self.ctx.zones, "zone"), (self.ctx.vars, "variable")):
                if name in clash:
                    self.err(("definitions", head), f"'{name}' is both a {label} and a definition")
            self.ctx.definitions[name] = DefInfo(name, params, body, ("definitions", head),
                                                 fn=f"D_{name}")
        for head in (d.get("procedures") or {}):
            parsed = self._head(("procedures", head), head)
            if parsed is None:
                continue
            name, params = parsed
            self.ctx.procedures[name] = (params, ("procedures", head))

    def _init_problem(self, decl: VarDecl) -> str | None:
        """None if ``decl.init`` fits ``decl.type``, else what is wrong."""
        v, t = decl.init, decl.type
        if v is None:
            return None
        if t in ("int", "seat", "rank"):
            ok = isinstance(v, int) and not isinstance(v, bool)
            return None if ok else "is not a whole number"
        if t == "bool":
            return None if isinstance(v, bool) else "is not true or false"
        if t == "suit":
            return None if v in self.suits else f"is not a suit ({' '.join(self.suits)})"
        if t == "card":
            ok = isinstance(v, str) and v[:-1] in self.ranks and v[-1:] in self.suits
            return None if ok else "is not a card"
        if t in ("cards", "list"):
            return None if isinstance(v, list) else "is not a list"
        if t == "str":
            return None if isinstance(v, str) else "is not text"
        return None

    def _head(self, path, head):
        try:
            tree = parse(head, "head_stmt")
        except ExprError:
            self.sink.error(self.src.key_pos(path), f"bad name '{head}': write NAME or "
                            f"NAME(param, ...)", "expr-syntax")
            return None
        name = str(tree.children[0])
        params = [str(p) for p in tree.children[1].children] if len(tree.children) > 1 and \
            tree.children[1] is not None else []
        if len(set(params)) != len(params):
            self.sink.error(self.src.key_pos(path), f"'{head}' repeats a parameter name")
        return name, params

    # definitions ------------------------------------------------------------------------
    def compile_definition(self, info: DefInfo):
        if info.type is not None:
            return
        if info.compiling:
            raise ExprError(f"definition '{info.name}' refers to itself (directly or through "
                            "another definition)", 0, "cycle")
        info.compiling = True
        scope = Scope(pylocals={p: "any" for p in info.params})
        text = info.text
        try:
            out = self.compiler.expr(text, scope)
        except ExprError as exc:
            info.compiling = False
            info.type = "any"
            self.expr_err(info.path, text, exc)
            exec(f"def {info.fn}(G{''.join(', ' + py_name(p) for p in info.params)}): "
                 f"raise RuntimeError('definition {info.name} did not compile')", self.ns)
            return
        self._note_uses(out.code)
        params = "".join(", " + py_name(p) for p in info.params)
        exec(f"def {info.fn}(G{params}):\n    L = None\n    return {out.code}", self.ns)
        info.type = out.type
        info.compiling = False

    # effects ----------------------------------------------------------------------------
    def effects(self, path, scope: Scope, share: bool = False) -> Callable:
        """Compile the effect list at ``path`` into one function ``run(G, L)``.

        A ``let`` binds a name for the effects after it in the same list; with
        ``share`` it stays bound in ``scope`` afterwards (a step's ``do`` shares its
        locals with the step's transitions).
        """
        items = _get(self.data, path) or []
        if not share:
            scope = Scope(scope.pylocals, dict(scope.locals), scope.specials)
        fns = []
        for i, item in enumerate(items):
            f = self.effect(path + (i,), item, scope)
            if f is not None:
                fns.append(f)
        if not fns:
            return _noop
        if len(fns) == 1:
            return fns[0]
        fns = tuple(fns)

        def run(G, L):
            for f in fns:
                f(G, L)
        return run

    def effect(self, path, item: dict, scope: Scope):
        key = next((k for k in item if k in EFFECT_KEYS), None)
        handler = getattr(self, "e_" + key)
        return handler(path, item, scope)

    def e_move(self, path, item, scope):
        tree = self.stmt(path + ("move",), "move_stmt")
        if tree is None:
            return None
        p = path + ("move",)
        what = self.sub(p, tree.children[0], scope)
        dest = self.sub(p, tree.children[1], scope)
        by = self.sub(p, tree.children[2].children[0], scope, "seat") if tree.children[2] is not None else None
        kind = str(tree.children[3].children[0])[1:-1] if tree.children[3] is not None else "play"
        if what is None or dest is None:
            return None
        if dest.zone is None:
            self.err(p, f"move: the destination must be a zone (like hand[actor]), not {dest.type}",
                     "type")
            return None
        if not (compatible(what.type, "cards") or compatible(what.type, "card")):
            self.err(p, f"move: can only move a card, cards or a zone, not {what.type}", "type")
            return None
        decl, seat_code = dest.zone
        self.used_zones.add(decl.name)
        code = (f"_move(G, {what.code}, {decl.name!r}, {seat_code or 'None'}, "
                f"{by.code if by else 'None'}, {kind!r})")
        return self.fn(code)

    def e_deal(self, path, item, scope):
        spec = item["deal"]
        p = path + ("deal",)
        src = self.expr(p + ("from",), scope)
        each = self.expr(p + ("each",), scope, "int") if "each" in spec else None
        first = self.expr(p + ("first",), scope, "seat") if "first" in spec else None
        order = self.expr(p + ("seats",), scope, "list") if "seats" in spec else None
        to = spec["to"]
        decl = self.ctx.zones.get(to)
        if decl is None or decl.per != "seat":
            self.err(p + ("to",), f"deal: 'to' must name a per-seat zone, not '{to}'"
                     + suggest(str(to), [z for z, d in self.ctx.zones.items() if d.per == "seat"]))
            return None
        if "first" in spec and "seats" in spec:
            self.err(p + ("seats",), "deal: give `first` (clockwise over the seats still in) or "
                     "`seats` (this order), not both")
            return None
        if src is None or any(spec_key in spec and val is None for spec_key, val in
                              (("each", each), ("first", first), ("seats", order))):
            return None
        if src.zone is None:
            self.err(p + ("from",), "deal: 'from' must be a zone")
            return None
        self.used_zones.add(to)
        if order is not None:
            seats_code = order.code
        else:
            first_code = first.code if first else "_B_left_of(G, G.dealer)"
            seats_code = f"_B_seats_from(G, {first_code})"
        each_code = each.code if each is not None else "None"
        return self.fn(f"_deal(G, {src.code}, {src.zone[0].name!r}, {to!r}, {each_code}, "
                       f"{seats_code})")

    def e_shuffle(self, path, item, scope):
        z = self.expr(path + ("shuffle",), scope)
        if z is None:
            return None
        if z.zone is None:
            self.err(path + ("shuffle",), "shuffle: give a zone")
            return None
        return self.fn(f"G.rng.shuffle({z.code})")

    def e_set(self, path, item, scope):
        p = path + ("set",)
        tree = self.stmt(p, "assign_stmt")
        if tree is None:
            return None
        name = str(tree.children[0])
        decl = self.ctx.vars.get(name)
        if decl is None:
            self._err_or_blame(p, ("vars", name), f"variable '{name}'",
                               f"set: unknown variable '{name}'{suggest(name, self.ctx.vars)}"
                               + ("; use `let:` for a local name" if name in scope.locals
                                  else ""), "unknown-name")
            return None
        self.used_vars.add(name)
        index = tree.children[1]
        value = self.sub(p, tree.children[2], scope)
        if value is None:
            return None
        if not compatible(value.type, decl.type):
            self.err(p, f"set: '{name}' is a {decl.type}, but the value is {value.type}", "type")
            return None
        copy = value.code if value.type not in ("cards", "list", "zone", "play") else f"list({value.code})"
        if decl.per == "seat":
            if index is None:
                self.err(p, f"set: '{name}' is per seat: write {name}[SEAT] = ...")
                return None
            idx = self.sub(p, index, scope, "seat")
            if idx is None:
                return None
            return _exec_fn(self.ns, f"G.v[{name!r}][{idx.code}] = {copy}")
        if index is not None:
            self.err(p, f"set: '{name}' is not per seat; drop the [ ]")
            return None
        return _exec_fn(self.ns, f"G.v[{name!r}] = {copy}")

    def e_let(self, path, item, scope):
        p = path + ("let",)
        tree = self.stmt(p, "let_stmt")
        if tree is None:
            return None
        name = str(tree.children[0])
        value = self.sub(p, tree.children[1], scope)
        if value is None:
            scope.locals[name] = "any"
            return None
        scope.locals[name] = value.type
        copy = value.code if value.type not in ("cards", "list", "zone", "play") else f"list({value.code})"
        return _exec_fn(self.ns, f"L[{name!r}] = {copy}")

    def e_if(self, path, item, scope):
        cond = self.expr(path + ("if",), scope)
        then = self.effects(path + ("then",), scope) if "then" in item else _noop
        other = self.effects(path + ("else",), scope) if "else" in item else _noop
        if cond is None:
            return None
        test = self.fn(cond.code)

        def run(G, L):
            if test(G, L):
                then(G, L)
            else:
                other(G, L)
        return run

    def e_for(self, path, item, scope):
        p = path + ("for",)
        tree = self.stmt(p, "for_stmt")
        if tree is None:
            return None
        name = str(tree.children[0])
        seq = self.sub(p, tree.children[1], scope, "list")
        inner = Scope(scope.pylocals, dict(scope.locals), scope.specials)
        inner.locals[name] = ("card" if seq is not None and seq.type in ("cards", "zone", "play")
                              else "any")
        body = self.effects(path + ("do",), inner) if "do" in item else _noop
        if seq is None:
            return None
        items = self.fn(seq.code)

        def run(G, L):
            for x in list(items(G, L)):
                L[name] = x
                body(G, L)
        return run

    def e_repeat(self, path, item, scope):
        n = self.expr(path + ("repeat",), scope, "int")
        body = self.effects(path + ("do",), scope) if "do" in item else _noop
        if n is None:
            return None
        times = self.fn(n.code)

        def run(G, L):
            count = times(G, L)
            if count > REPEAT_LIMIT:
                raise ValueError(f"repeat: {count} times is more than the limit of {REPEAT_LIMIT}")
            for _ in range(count):
                body(G, L)
        return run

    def e_call(self, path, item, scope):
        p = path + ("call",)
        tree = self.stmt(p, "call_stmt")
        if tree is None:
            return None
        name = str(tree.children[0])
        argnodes = tree.children[1].children if tree.children[1] is not None else []
        if name not in self.ctx.procedures:
            gone = self.src.deleted.get(("procedures", name))
            here = self.src.pos(p)
            if gone is not None and here is not None and self._later(gone, here):
                self.sink.error(gone, f"procedure '{name}' is deleted here, but {here} still "
                                "calls it", "unknown-name")
                return None
            self.err(p, f"call: unknown procedure '{name}'{suggest(name, self.ctx.procedures)}",
                     "unknown-name")
            return None
        params, ppath = self.ctx.procedures[name]
        if len(argnodes) != len(params):
            self.err(p, f"call: '{name}' takes {len(params)} argument(s) ({', '.join(params)}), "
                     f"not {len(argnodes)}", "arity")
            return None
        args = [self.sub(p, a, scope) for a in argnodes]
        if any(a is None for a in args):
            return None
        argfn = self.fn("(" + "".join(a.code + ", " for a in args) + ")")
        runners = self.proc_runners
        pnames = tuple(params)

        def run(G, L):
            runners[name](G, dict(zip(pnames, argfn(G, L))))
        return run

    def _marks(self, path, item, scope, key, mark):
        v = self.expr(path + (key,), scope)
        if v is None:
            return None
        if not (compatible(v.type, "cards") or compatible(v.type, "card")):
            self.err(path + (key,), f"{key}: give a card, cards or a zone, not {v.type}", "type")
            return None
        return self.fn(f"_mark(G, {v.code}, {mark!r})")

    def e_reveal(self, path, item, scope):
        return self._marks(path, item, scope, "reveal", "up")

    def e_conceal(self, path, item, scope):
        return self._marks(path, item, scope, "conceal", "down")

    def e_hide(self, path, item, scope):
        return self._marks(path, item, scope, "hide", None)

    def e_show(self, path, item, scope):
        v = self.expr(path + ("show",), scope)
        if v is None:
            return None
        owner = v.zone[1] if v.zone is not None and v.zone[1] is not None else "None"
        return self.fn(f"_show(G, {v.code}, {owner})")

    def e_out(self, path, item, scope):
        v = self.expr(path + ("out",), scope, "seat")
        if v is None:
            return None
        return self.fn(f"_out(G, {v.code})")

    def e_announce(self, path, item, scope):
        p = path + ("announce",)
        text = item["announce"]
        parts = []
        i = 0
        ok = True
        while i < len(text):
            j = text.find("{", i)
            if j < 0:
                parts.append(repr(text[i:]))
                break
            if j > i:
                parts.append(repr(text[i:j]))
            k = text.find("}", j)
            if k < 0:
                self.err(p, "announce: '{' without a closing '}'", "expr-syntax", offset=j)
                return None
            inner = text[j + 1:k]
            try:
                out = self.compiler.expr(inner, scope)
                parts.append(f"_fmt({out.code})")
                self._note_uses(out.code)
            except ExprError as exc:
                where = self.src.pos(p, j + 1 + exc.offset)
                blame = self._blame(exc, where)
                if blame is not None:
                    self.sink.error(blame[0], f"{blame[1]}, but {where} still uses it: "
                                    f"{exc.message}", exc.code)
                else:
                    self.sink.error(where, exc.message, exc.code)
                ok = False
            i = k + 1
        if not ok:
            return None
        code = "_announce(G, " + (" + ".join(parts) or "''") + ")"
        return self.fn(code)

    def e_end_game(self, path, item, scope):
        loser = self.expr(path + ("end_game", "loser"), scope, "seat")
        if loser is None:
            return None
        return self.fn(f"_end_game(G, {loser.code})")

    # procedures, actions, steps ---------------------------------------------------------
    def procedures(self):
        for name, (params, path) in self.ctx.procedures.items():
            scope = Scope(locals={p: "any" for p in params})
            self.proc_runners[name] = self.effects(path, scope)

    def phases(self):
        out = {}
        for pname, pdata in self.data["phases"].items():
            base = ("phases", pname)
            actions = {}
            for aname, adata in (pdata.get("actions") or {}).items():
                actions[aname] = self.action(base + ("actions", aname), pname, aname, adata)
            heuristic = None
            if "heuristic" in pdata:
                h = self.expr(base + ("heuristic",), Scope(specials=frozenset({"seat"})), "int")
                heuristic = self.fn(h.code) if h else None
            steps = {}
            for sname, sdata in pdata["steps"].items():
                steps[sname] = self.step(base + ("steps", sname), pname, sname, sdata, actions)
            start = pdata["start"]
            if start not in steps:
                self._err_or_blame(base + ("start",), base + ("steps", start),
                                   f"step '{start}' (the start of phase '{pname}')",
                                   f"phase '{pname}': start step '{start}' does not "
                                   f"exist{suggest(start, steps)}", "unknown-target")
            out[pname] = Phase(pname, start, steps, actions, heuristic, pdata.get("doc", ""),
                               self.src.key_pos(base))
        return out

    def action(self, path, phase, name, adata) -> ActionDef:
        scope = Scope(specials=frozenset({"actor"}))
        var = None
        domain = None
        choose_text = adata["choose"]
        tree = self.stmt(path + ("choose",), "choose_stmt")
        if tree is not None and tree.data == "choose_in":
            var = str(tree.children[0])
            d = self.sub(path + ("choose",), tree.children[1], scope, "list")
            if d is not None:
                domain = self.fn(d.code)
                scope.locals[var] = "card" if d.type in ("cards", "zone") else "play" \
                    if d.type == "list" else "any"
        legal = None
        if "legal" in adata:
            lg = self.expr(path + ("legal",), scope)
            if lg is not None:
                legal = self.fn(lg.code)
        eff = self.effects(path + ("do",), scope) if "do" in adata else _noop
        return ActionDef(name, phase, var, domain, legal, eff, self.src.key_pos(path),
                         choose_text, str(adata.get("legal", "")), adata.get("doc", ""))

    def step(self, path, phase, name, sdata, actions) -> Step:
        has_actor = "actor" in sdata
        entry_scope = Scope()
        effects = self.effects(path + ("do",), entry_scope, share=True) if "do" in sdata else _noop
        # locals bound by `let` in do stay visible to the actor and the transitions
        after = Scope(locals=entry_scope.locals,
                      specials=frozenset({"actor", "last_action"}) if has_actor else frozenset())
        actor = None
        step_actions = []
        if has_actor:
            a = self.expr(path + ("actor",), Scope(locals=after.locals), "seat")
            actor = self.fn(a.code) if a else None
            for i, aname in enumerate(sdata.get("actions") or []):
                if aname not in actions:
                    self._err_or_blame(path + ("actions", i),
                                       ("phases", phase, "actions", aname), f"action '{aname}'",
                                       f"step '{name}': phase '{phase}' has no action "
                                       f"'{aname}'{suggest(aname, actions)}", "unknown-name")
                else:
                    step_actions.append(actions[aname])
                    self.used_actions.add((phase, aname))
        transitions = []
        nxt = sdata.get("next")
        if isinstance(nxt, str):
            transitions.append(Transition(None, _noop, None, nxt, self.src.pos(path + ("next",))))
        else:
            for i, tdata in enumerate(nxt or []):
                tp = path + ("next", i)
                cond = None
                ctext = ""
                if "if" in tdata:
                    c = self.expr(tp + ("if",), after)
                    cond = self.fn(c.code) if c else None
                    ctext = str(tdata["if"])
                eff = self.effects(tp + ("do",), after) if "do" in tdata else _noop
                transitions.append(Transition(cond, eff, None, tdata["goto"],
                                              self.src.pos(tp + ("goto",)), ctext))
        return Step(name, phase, effects, actor, step_actions, transitions,
                    self.src.key_pos(path), sdata.get("doc", ""),
                    actor_text=str(sdata.get("actor", "")))

    def link(self, phases):
        """Resolve transition targets: a step of the same phase, else a phase (its start)."""
        for phase in phases.values():
            for step in phase.steps.values():
                for tr in step.transitions:
                    target = tr.target_name
                    if target in phase.steps:
                        tr.target = phase.steps[target]
                    elif target in phases and phases[target].start in phases[target].steps:
                        tr.target = phases[target].steps[phases[target].start]
                    elif target in phases:
                        continue      # that phase's own bad `start` is reported already
                    else:
                        known = list(phase.steps) + list(phases)
                        gone = self.src.deleted.get(("phases", phase.name, "steps", target)) \
                            or self.src.deleted.get(("phases", target))
                        if gone is not None and tr.pos is not None and self._later(gone, tr.pos):
                            self.sink.error(gone, f"'{target}' is deleted here, but step "
                                            f"'{step.name}' of phase '{phase.name}' still goes "
                                            f"to it ({tr.pos})", "unknown-target")
                            continue
                        self.sink.error(tr.pos, f"step '{step.name}': no step or phase "
                                        f"'{target}'{suggest(target, known)}", "unknown-target")

    def warn_unused(self):
        d = self.data
        for name in self.ctx.zones:
            if name not in self.used_zones:
                self.sink.warning(self.src.key_pos(("zones", name)), f"zone '{name}' is never used",
                                  "unused")
        for name in self.ctx.vars:
            if name not in self.used_vars:
                self.sink.warning(self.src.key_pos(("vars", name)), f"variable '{name}' is never "
                                  "used", "unused")
        for name, info in self.ctx.definitions.items():
            if not info.used:
                self.sink.warning(self.src.key_pos(info.path), f"definition '{name}' is never used",
                                  "unused")
        for name in self.option_decls:
            if name not in self.ctx.used_options:
                self.sink.warning(self.src.key_pos(("options", name)), f"option '{name}' is never "
                                  "used", "unused")
        for pname, pdata in d["phases"].items():
            for aname in pdata.get("actions") or {}:
                if (pname, aname) not in self.used_actions:
                    self.sink.warning(self.src.key_pos(("phases", pname, "actions", aname)),
                                      f"action '{aname}' is not offered by any step of phase "
                                      f"'{pname}'", "unused")


class _DefAwareCompiler(Compiler):
    """A Compiler that compiles a definition the first time it is referenced."""

    def __init__(self, ctx, owner: _RulesetCompiler):
        super().__init__(ctx)
        self.owner = owner

    def n_name(self, t, scope):
        name = str(t.children[0])
        info = self.ctx.definitions.get(name)
        if info is not None and name not in scope.pylocals and name not in scope.locals:
            self._ensure(info, t.children[0].start_pos)
        return super().n_name(t, scope)

    def n_call(self, t, scope):
        info = self.ctx.definitions.get(str(t.children[0]))
        if info is not None:
            self._ensure(info, t.children[0].start_pos)
        return super().n_call(t, scope)

    def _ensure(self, info: DefInfo, offset):
        if info.type is None:
            try:
                self.owner.compile_definition(info)
            except ExprError as exc:
                raise ExprError(exc.message, offset, exc.code) from None


def _shown(value) -> str:
    """A value as a rules author writes it (true, null, 'text', [1, 2])."""
    import json
    return value if isinstance(value, str) else json.dumps(value)


def _get(data, path):
    for p in path:
        data = data[p]
    return data


def _noop(G, L):
    return None


def _exec_fn(ns: dict, statement: str):
    code = f"def _f(G, L):\n    {statement}\n"
    local: dict = {}
    exec(code, ns, local)
    return local["_f"]


# --------------------------------------------------------------------------------------

def compile_ruleset(src: Source, sink: DiagnosticSink, options: dict | None = None,
                    display: str = "") -> Rules | None:
    """Compile a shape-checked ruleset; diagnostics go to ``sink``; None on errors."""
    from . import state as state_mod
    from .machine import build_machine
    c = _RulesetCompiler(src, sink, options, display)
    c.declare()
    rank_of, suit_of, order, pack = {}, {}, {}, []
    for si, s in enumerate(c.suits):
        for ri, r in enumerate(c.ranks):
            card = f"{r}{s}"
            pack.append(card)
            rank_of[card] = ri
            suit_of[card] = s
            order[card] = ri * len(c.suits) + si
    c.ns.update(_RANK=rank_of, _SUIT=suit_of)
    c.ns.update(state_mod.effect_helpers())
    # definitions first (each also compiles on first use), then procedures and phases
    for info in c.ctx.definitions.values():
        c.compile_definition(info)
    for info in c.ctx.definitions.values():
        info.used = False
    c.procedures()
    setup = c.effects(("setup",), Scope()) if "setup" in src.data else _noop
    phases = c.phases()
    c.link(phases)
    start = src.data.get("start") or next(iter(src.data["phases"]))
    if start not in phases:
        c.err(("start",), f"start: no phase '{start}'{suggest(start, phases)}", "unknown-target")
    rules = Rules(src.data.get("name", ""), src.data.get("title", src.data.get("name", "")),
                  src.data.get("summary", ""), c.players, c.ranks, c.suits, c.ctx.zones,
                  c.ctx.vars, c.option_decls, dict(c.user_options), c.ctx.definitions,
                  c.proc_runners, setup, phases, start, src, path=display, pack=pack,
                  rank_of=rank_of, suit_of=suit_of, card_order=order)
    if sink.has_errors:
        return None
    _mark_definition_uses(c)
    c.warn_unused()
    rules._compiler = c
    rules.graph = build_machine(rules, sink, src)
    if sink.has_errors:
        return None
    rules.warnings = [d for d in sink.sorted() if d.severity == "warning"]
    return rules


def _mark_definition_uses(c: _RulesetCompiler):
    """A definition is used if some step, action, procedure or used definition calls it."""
    # Recompute: compile-time `used` flags were reset before phases compiled, so they mark
    # references from effects and steps; follow definition bodies transitively.
    changed = True
    while changed:
        changed = False
        for info in c.ctx.definitions.values():
            if not info.used:
                continue
            text = str(info.text)
            for other in c.ctx.definitions.values():
                if not other.used and _mentions(text, other.name):
                    other.used = True
                    changed = True


def _mentions(text: str, name: str) -> bool:
    import re
    return re.search(rf"(?<![A-Za-z0-9_.]){re.escape(name)}(?![A-Za-z0-9_])", text) is not None
