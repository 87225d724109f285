"""The compiler: a loaded, shape-checked ruleset into the compiled model.

:func:`compile_ruleset` declares the ruleset's names (:mod:`.declarations`), compiles
every definition, procedure, the setup and the phases (:mod:`.phases`) to generated
Python once (expressions through :mod:`rulekit.lang.expressions`, effects through the
registry :mod:`rulekit.lang.effects`, via the context of :mod:`.context`), links the
steps, and warns about what is never used; :mod:`.building` assembles the immutable
model from what these passes return. Evaluation order (documented for rules
authors in the language reference): effects run one at a time, in list order; an
expression reads the state as it is when that effect runs.
"""
from __future__ import annotations

from dataclasses import replace

from ..errors import DiagnosticSink
from ..frozen import freeze
from ..limits import MAX_DEFINITION_COST
from ..lang.expressions import _SPECIAL_TYPES, Scope
from ..model import Draft, Ruleset
from ..source.yaml_source import Source
from .building import Compiled, build_model
from .codeshapes import SCAN_NAMESPACE as _SCAN_NS
from .context import CompileContext, compile_definition
from .declarations import declare
from .hotpath import build as build_hotpath
from .optimize import UNSET, HotCompiler, _set
from .phases import compile_phases, link


def compile_ruleset(src: Source, sink: DiagnosticSink, options: dict | None = None,
                    display: str = "", cls=Ruleset) -> Ruleset | None:
    """Compile a shape-checked ruleset with the chosen ``options`` (name -> value, or
    command-line text); diagnostics go to ``sink``. Returns the model, an instance of
    ``cls`` (a :class:`~rulekit.model.Ruleset`) without the machine checks
    (:func:`rulekit.check` runs them), or None when there are errors."""
    compiled = compile_draft(src, sink, options, display, cls)[0]
    return build_model(compiled) if compiled is not None else None


def compile_draft(src: Source, sink: DiagnosticSink, options: dict | None = None,
                  display: str = "", cls=Ruleset) -> tuple:
    """Run the compiler's passes, reporting every error they can find (``src`` may be
    the well-formed part of a ruleset with shape errors: :func:`rulekit.lang.wellformed.
    well_formed`). Returns ``(compiled, None)``: a :class:`.building.Compiled`, from
    which :func:`.building.build_model` makes the model of class ``cls``; or with errors
    ``(None, draft)``: a :class:`~rulekit.model.Draft` of what compiled, for the machine
    checks. Each pass returns its results; none changes what an earlier one made."""
    src = replace(src, data=freeze(src.data))    # read-only from here: the model keeps it
    c = CompileContext(src, sink, options, display)
    c.state_api = getattr(cls, "state_api", None)   # (the runtime's GameStateAPI)
    declare(c)
    c.ns.update(_RANK=c.cards.rank_of, _SUIT=c.cards.suit_of, _RANKED=c.cards.ranked,
                _VALUE=c.cards.value_of,
                _RANKNAME={k: c.cards.ranks[r] for k, r in c.cards.rank_of.items()
                           if r is not None})
    c.ns.update(_SCAN_NS)
    for info in c.definitions.values():
        compile_definition(c, info)
    check_costs(c)
    uncertain: set = set()
    blocks = {}
    for name, proc in c.procedures.items():
        mark = c.errors_so_far()
        blocks[name] = c.effects(proc.path, Scope(locals={p: "any" for p in proc.params}),
                                 name=proc.fn)
        if c.errors_so_far() > mark or any(p[:2] == proc.path for p in c.left_out):
            uncertain.add(name)
    setup = c.effects(("setup",), Scope())
    returns = None
    if "returns" in src.data:       # each seat's return at the end (seat bound)
        r = c.expr(("returns",), Scope(specials=frozenset({"seat"})), "int")
        returns = c.fn(r.code) if r is not None else None
    phases = link(c, compile_phases(c, uncertain))
    data = src.data
    start = data.get("start") or next(iter(data["phases"]))
    if start not in phases and not c.broken(("phases", start)):
        c.err(("start",), f"start: no phase '{start}'{c.suggest(start, phases)}",
              "unknown-target")
    if sink.has_errors:
        return None, Draft(phases, _with_blocks(c, blocks), start, frozenset(uncertain))
    warn_unused(c)
    phases, setup, blocks = _optimized(c, phases, setup, blocks)
    hot = build_hotpath(c, phases, getattr(cls, "action_class", tuple), data.get("name", ""))
    return Compiled(c, phases, _with_blocks(c, blocks), setup, start, returns, hot, cls), None


def _with_blocks(c: CompileContext, blocks: dict) -> dict:
    """The procedures, each with its compiled block."""
    return {name: replace(proc, block=blocks[name]) for name, proc in c.procedures.items()}


def _optimized(c: CompileContext, phases: dict, setup, blocks: dict) -> tuple:
    """The phases, setup and procedures' blocks compiled again, now that they are known
    to be right, with the hot-path compiler (:mod:`.optimize`: small definitions
    written in place, constants folded); the plain ones if that pass finds anything to
    say (it never should). Returns ``(phases, setup, blocks)``."""
    plain, sink, quiet = c.compiler, c.sink, DiagnosticSink()
    c.ns.update(_U=UNSET, _set=_set, _ORDER=c.cards.rank_of)
    c.compiler, c.sink, c.checked = HotCompiler(c, hoist=False), quiet, True
    try:
        new_blocks = {name: c.effects(proc.path, Scope(locals={p: "any" for p in proc.params}),
                                      name=proc.fn)
                      for name, proc in c.procedures.items()}
        new_setup = c.effects(("setup",), Scope())
        new_phases = link(c, compile_phases(c))
    finally:
        c.compiler, c.sink, c.checked = plain, sink, False
    if quiet.has_errors:
        for name, proc in c.procedures.items():   # the plain procedures, back in place
            c.ns[proc.fn] = blocks[name].fn
        return phases, setup, blocks
    return new_phases, new_setup, new_blocks


def check_costs(c: CompileContext) -> None:
    """A definition whose uses of other definitions multiply (``d2: d1 + d1 + d1``, ...)
    can take longer than a game to evaluate: refuse one that expands into more than
    MAX_DEFINITION_COST evaluations of definitions each time it is used."""
    cost: dict = {}

    def of(name: str) -> int:
        if name not in cost:
            cost[name] = 1                      # cycles are reported elsewhere
            info = c.definitions[name]
            total = 1 + sum(n * of(callee) for callee, n in info.calls.items()
                            if callee in c.definitions)
            cost[name] = min(total, MAX_DEFINITION_COST * 10)
        return cost[name]
    for name, info in c.definitions.items():
        over = [k for k in info.calls if k in c.definitions and of(k) > MAX_DEFINITION_COST]
        if of(name) > MAX_DEFINITION_COST and not over:     # the first one over: the cause
            uses = ", ".join(f"'{k}' {n} times" for k, n in info.calls.items() if n > 1)
            c.sink.error(c.src.key_pos(info.path), f"definition '{name}' expands into more "
                         f"than {MAX_DEFINITION_COST} evaluations each time it is used (the "
                         f"limit){'; it uses ' + uses if uses else ''}: compute a part once "
                         "(a variable set by `set:`, or `let:` in an effect list)", "limit")


# the language's own names, which an expression reads before a zone, variable or
# definition of the same name (lang.expressions, name resolution)
_CONTEXT_WORDS = {"actor": "the seat acting", "last_action": "the name of the action taken",
                  "seat": "the seat an expression per seat is about", "dealer": "the dealer",
                  "players": "the number of players", "phase": "the phase's name",
                  "step": "the step's name", "hand_no": "the number of the hand"}


def _why(name: str) -> str:
    """Why a zone, variable or definition ``name`` may be unused: it is shadowed by a
    name of the language (it can then never be used by its name), else ''."""
    if name not in _SPECIAL_TYPES:
        return ""
    return (f": '{name}' is a name of the language ({_CONTEXT_WORDS.get(name, name)}), "
            "which an expression reads first where it exists; rename it")


def warn_unused(c: CompileContext) -> None:
    """Warnings for zones, variables, definitions, options and actions never used."""
    used = [d for d in c.definitions.values() if d.used]
    while used:                       # what a used definition refers to is used too
        info = used.pop()
        for name in info.refs:
            other = c.definitions.get(name)
            if other is not None and not other.used:
                other.used = True
                used.append(other)
    w = c.sink.warning
    for name in c.zones:
        if name not in c.used_zones:
            w(c.src.key_pos(("zones", name)), f"zone '{name}' is never used{_why(name)}",
              "unused")
    for name in c.vars:
        if name not in c.used_vars:
            w(c.src.key_pos(("vars", name)), f"variable '{name}' is never used{_why(name)}",
              "unused")
    for name, info in c.definitions.items():
        if not info.used:
            w(c.src.key_pos(info.path), f"definition '{name}' is never used{_why(name)}",
              "unused")
    for name in c.option_decls:
        if name not in c.used_options:
            w(c.src.key_pos(("options", name)), f"option '{name}' is never used", "unused")
    for pname, pdata in c.data["phases"].items():
        for aname in pdata.get("actions") or {}:
            if (pname, aname) not in c.used_actions:
                w(c.src.key_pos(("phases", pname, "actions", aname)),
                  f"action '{aname}' is not offered by any step of phase '{pname}'", "unused")
