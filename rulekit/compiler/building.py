"""Building the model: the one place where the compiled model
(:class:`rulekit.model.Ruleset`) is assembled, from what the compiler's passes made.

The passes each return their results and change nothing already made: the
declarations and the plain compilation (:mod:`.declarations`, :mod:`.phases`), the
links between steps (:func:`.phases.link`), the second, optimising compilation
(``_optimized`` in :mod:`rulekit.compiler`), the hot-path module
(:func:`.hotpath.build`: each step's enter, follow and legal functions) and the machine
checks (:func:`rulekit.analysis.machine.build_machine`: the machine, and which steps
may end the game). :func:`build_model` then makes each finished step of its compiled
parts, each definition of its working record, the expression service of the model's
names (:mod:`.service`), and the model of all of them; it binds the steps to the
names by which the generated code reads them, and freezes the code's constants (the
code keeps its own copies of the card tables, as exact dicts: Python reads those
fastest, and the model's ``Cards`` keeps the read-only ones). The
model is immutable from then on (:mod:`rulekit.model`), and no part of it, nor the
generated code, holds the compile context.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from types import MappingProxyType

from ..frozen import ReadOnlyDict, evolve, freeze
from ..model import Block, DefInfo, Ruleset, Written
from ..lang.wording import score_unit
from .context import CompileContext
from .hotpath import HotPath
from .service import Expressions


@dataclass
class Compiled:
    """What the compiler's passes made of a ruleset without errors, before the model is
    built: the ``context`` (names, generated code's globals), the linked ``phases``
    (steps not yet holding their hot-path functions), ``procedures`` (with their
    blocks), ``setup``, ``start`` phase, ``returns`` (compiled, or None), the ``hot``
    path, and ``cls`` (the class of the model to build). ``uncertain`` is empty (the
    machine checks read a :class:`rulekit.model.Draft` the same way)."""
    context: CompileContext
    phases: dict
    procedures: dict
    setup: Block
    start: str
    returns: object
    hot: HotPath
    cls: type = Ruleset
    uncertain: frozenset = frozenset()

    @property
    def rule_book(self) -> tuple:
        """The rule book's file names, as the ruleset gives them."""
        return tuple(str(x) for x in self.context.data.get("rule_book") or [])


def build_model(compiled: Compiled, machine=None, warnings=(), fingerprint: str = "",
                files: tuple | None = None) -> Ruleset:
    """The finished, immutable model (an instance of ``compiled.cls``) of ``compiled``
    with its ``machine`` (:class:`rulekit.analysis.machine.Machine`, or None: no step
    is then known to end the game), the ``warnings`` of checking it, the
    ``fingerprint`` of its resolved data and the ``files`` merged (default: the
    source's)."""
    c = compiled.context
    ns, hot = c.ns, compiled.hot
    ending = machine.ending if machine is not None else frozenset()
    phases = {}
    for pname, phase in compiled.phases.items():
        steps = {}
        for sname, step in phase.steps.items():
            steps[sname] = done = evolve(step, ends_game=step.key in ending,
                                          **hot.parts[step.key])
            ns[hot.slots[step.key]] = done          # as the generated code reads it
        phases[pname] = evolve(phase, steps=steps)
    ns["_K"] = tuple(freeze(v) for v in c.constants)   # (read at call time: _K[i])
    for k, v in ns.items():     # the code's own copies of the card tables (_RANK, ...):
        if v.__class__ is ReadOnlyDict:     # exact dicts, which Python reads fastest
            ns[k] = dict(v)
    names = {"zones": ReadOnlyDict(c.zones), "vars": ReadOnlyDict(c.vars),
             "option_decls": ReadOnlyDict(c.option_decls),
             "definitions": ReadOnlyDict({k: _definition(d)
                                          for k, d in c.definitions.items()}),
             "procedures": ReadOnlyDict(compiled.procedures), "cards": c.cards}
    data = c.data
    return compiled.cls(
        data.get("name", ""), data.get("title", data.get("name", "")),
        data.get("summary", ""), c.players, c.cards, names["zones"], names["vars"],
        names["option_decls"], dict(c.user_options), names["definitions"],
        names["procedures"], compiled.setup, phases, compiled.start,
        Written(data, tuple(c.src.files if files is None else files)), path=c.display,
        warnings=list(warnings), machine=machine,
        expressions=Expressions(names, freeze(c.options), ns),
        namespace=MappingProxyType(ns), fingerprint=fingerprint, hot_source=hot.source,
        returns_fn=compiled.returns, rule_book=list(compiled.rule_book),
        score_unit=score_unit(data.get("score_unit")))



_DEF_FIELDS = tuple(f.name for f in fields(DefInfo))


def _definition(d) -> DefInfo:
    """The model's definition of the working record ``d`` (compiler.context.DefDraft)."""
    return DefInfo(**{k: getattr(d, k) for k in _DEF_FIELDS})
