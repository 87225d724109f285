"""Phases, their actions and steps, and the links between steps.

:func:`compile_phases` compiles each phase's actions (choice domain, ``legal``, ``do``),
its steps (each attribute by its hook: :mod:`rulekit.lang.steps`), its ``heuristic``
and its ``display`` lines;
:func:`link` resolves each transition's target: a step of the same phase, else a phase
(its start step). Both return new values (the model is immutable: :mod:`rulekit.model`).
"""
from __future__ import annotations

import json

from ..frozen import evolve
from ..lang.expressions import Scope
from ..lang.steps import STEP_ATTRIBUTES, StepBuild
from ..lang.syntax import walk
from ..model import TYPED_CHOICES, ActionDef, Phase, Step, Transition
from ..lang.effects.telling import template, unsafe_holes
from .context import CompileContext
from .parts import compile_parts, is_parted


def compile_phases(c: CompileContext, uncertain: set | None = None) -> dict:
    """Every phase of the data, compiled (errors go to the context's sink). The keys
    (``phase.step``) of the steps that had an error or a part left out, in themselves or
    in an action they offer, are added to ``uncertain``."""
    out = {}
    uncertain = set() if uncertain is None else uncertain
    for pname, pdata in c.data["phases"].items():
        base = ("phases", pname)
        actions, bad = {}, set()
        for aname, adata in (pdata.get("actions") or {}).items():
            mark = c.errors_so_far()
            actions[aname] = _action(c, base + ("actions", aname), pname, aname, adata)
            if c.errors_so_far() > mark or _has_left_out(c, base + ("actions", aname)):
                bad.add(aname)
        heuristic = None
        if "heuristic" in pdata:
            h = c.expr(base + ("heuristic",), Scope(specials=frozenset({"seat"})), "int")
            heuristic = c.fn(f"_heuristic_value({h.code}, L, {c.text(pname)})") if h else None
        display = []
        for label in (pdata.get("display") or {}):
            t = c.expr(base + ("display", label), Scope(specials=frozenset({"seat"})))
            if t is not None:
                display.append((label, c.fn(t.code), t.items or t.type))
        steps = {}
        for sname, sdata in pdata["steps"].items():
            mark = c.errors_so_far()
            steps[sname] = _step(c, base + ("steps", sname), pname, sname, sdata, actions)
            if c.errors_so_far() > mark or _has_left_out(c, base + ("steps", sname)) \
                    or bad & set(sdata.get("actions") or []):
                uncertain.add(f"{pname}.{sname}")
        start = pdata["start"]
        if start not in steps:
            c.err_or_blame(base + ("start",), base + ("steps", start),
                           f"step '{start}' (the start of phase '{pname}')",
                           f"phase '{pname}': start step '{start}' does not "
                           f"exist{c.suggest(start, steps)}", "unknown-target")
        out[pname] = Phase(pname, start, steps, actions, heuristic, pdata.get("doc", ""),
                           c.src.key_pos(base), pdata.get("rule", ""), tuple(display),
                           pdata.get("heuristic"), tuple((pdata.get("display") or {}).items()),
                           pdata.get("words", ""))
    return out


def _has_left_out(c: CompileContext, path: tuple) -> bool:
    """Whether a part of the data at ``path`` was left out as malformed."""
    return any(p[:len(path)] == path for p in c.left_out)


def _action(c: CompileContext, path, phase, name, adata) -> ActionDef:
    scope = Scope(specials=frozenset({"actor"}))
    var = kind = None
    failed = False                               # the choice domain had an error
    tree = c.stmt(path + ("choose",), "choose_stmt")
    if tree is None:
        c.bind_unparsed(path + ("choose",), scope)
        failed = True
    parts = None
    if is_parted(c, tree):
        kind = "parts"
        parts = compile_parts(c, path, tree, adata, scope,
                              lambda where, node, sc: _item_domain(c, where, node, sc))
        failed = parts is None
    elif tree is not None and tree.kind == "choose_in":
        var = tree.name
        got = _item_domain(c, path + ("choose",), tree.domain, scope)
        scope.locals[var] = "any"                # (no second error for each use of it)
        if got is not None and got[1] == "place":     # a pile: offered as a choice in parts
            var, kind = None, "parts"
            del scope.locals[tree.name]
            parts = compile_parts(c, path, tree, adata, scope,
                                  lambda where, node, sc: _item_domain(c, where, node, sc))
            failed = parts is None
            got = None
        if got is not None:
            d, kind = got
            scope.locals[var] = kind if kind != "play" or d.type == "list" else "any"
        failed = got is None
    if "so_far" in adata and parts is None and not failed:
        c.err(path + ("so_far",), f"action '{name}': so_far is for a choice in parts (several "
              "parts, or a set of cards or an amount): it prunes each beginning of a choice",
              "type")
    if "legal" in adata and parts is None and not c.checked:
        c.expr(path + ("legal",), scope, "bool")     # checked here, compiled by the hot path
    private = None
    if adata.get("private", False) is not False:   # what the other seats see instead
        said = adata["private"]
        if said is True:
            said = f"{name} (hidden)"
        holes: list = []
        code = template(c, path + ("private",), said, scope, "private", holes)
        if code is not None:            # (a quiet game: only the parts that may fail)
            quiet = ", ".join(unsafe_holes(holes))
            private = c.fn(f"({code}) if G.log is not None else ({quiet}{',' if quiet else ''})")
    do = c.effects(path + ("do",), scope)
    if adata.get("keep_order") and kind not in ("play", "parts") and not failed:
        c.err(path + ("keep_order",), f"action '{name}': keep_order is for a choice of "
              "plays (lists of cards): it orders the cards of the action's text", "type")
    return ActionDef(name, phase, var, do, c.src.key_pos(path),
                     adata.get("doc", ""), adata.get("rule", ""), kind, private,
                     bool(adata.get("keep_order")), tree, adata.get("legal"),
                     adata.get("choose"), _written(adata), parts, adata.get("so_far"),
                     adata.get("words", ""))


def _item_domain(c: CompileContext, where, node, scope):
    """An item choice's domain ``node`` compiled at ``where`` (a ``choose``): ``(typed,
    kind)``, or None after reporting why it cannot be a choice (mixed kinds, items that
    are not choices, an unbounded listing)."""
    d = c.sub(where, node, scope, "list")
    if d is not None and d.items == "mixed":
        c.err(where, "choose: the choices mix kinds of items (seats, "
              "numbers, ranks, suits, words): an action's choices are of one kind; "
              "use one action per kind", "type")
        return None
    if d is not None and d.items not in (None, "card", "cards", "play", "place") + TYPED_CHOICES:
        c.err(where, "choose: the choices of an action are cards, plays "
              "(lists of cards), seats, whole numbers, ranks, suits, words or piles, not "
              f"{d.items}s", "type")
        return None
    if d is None or not _bounded(c, where, node):
        return None
    return d, choice_kind(d)


_SIZED = {"combinations": (1,), "subsets": (1, 2)}    # built-in -> its count arguments


def _bounded(c, path, tree) -> bool:
    """Whether a choice domain's combinations/subsets take fixed counts (a number or an
    option), so that the listing has a bound known when the ruleset is checked; reports
    the error and returns False otherwise."""
    for node in walk(tree):
        if node.kind != "call" or node.name not in _SIZED or node.name in c.definitions:
            continue
        name, args = node.name, node.args
        for i in _SIZED[name]:
            a = args[i] if i < len(args) else None
            fixed = a is not None and (a.kind == "int" or (
                a.kind == "attr" and a.base == "option"))
            if a is not None and not fixed:
                c.err(path, f"choose: {name} needs fixed counts (a number or an option) so "
                      "that its choices are bounded; to choose any number of cards, offer "
                      "one card per decision and a 'done' action", "type",
                      offset=a.start)
                return False
    return True


def choice_kind(domain) -> str:
    """What an action whose choice domain is the compiled ``domain`` offers: ``card``
    (a zone or a list of cards), a typed choice (the domain's item type: seat, int,
    rank, suit, str), ``pile`` (a row's piles: always a choice in parts), else ``play`` (lists of cards, checked as they are listed)."""
    if domain.type in ("cards", "zone"):
        return "card"
    if domain.items in TYPED_CHOICES or domain.items == "place":
        return domain.items
    return "play"


def _step(c: CompileContext, path, phase, name, sdata, actions) -> Step:
    """A step, compiled by its attributes' hooks in registry order
    (:mod:`rulekit.lang.steps`)."""
    s = StepBuild(path, phase, name, sdata, actions)
    for attribute in STEP_ATTRIBUTES.values():
        attribute.compile(c, s)
    transitions = tuple(Transition(t.pop("do"), None, **t) for t in s.transitions)
    said = {k: sdata[k] for k, a in STEP_ATTRIBUTES.items()
            if (a.words or a.explain is not None) and k in sdata}
    return Step(name, phase, s.do, s.actor, tuple(s.actions), transitions, c.src.key_pos(path),
                s.doc, rule=s.rule, actors=s.actors, simultaneous=s.simultaneous,
                until=s.until, decides=s.has_actor or s.shared, actor_text=s.actor_text,
                actors_text=s.actors_text, until_text=s.until_text,
                action_names=s.action_names, next_name=s.next_name, written=_written(sdata),
                extra=s.extra, attribute_texts=said, words=s.words,
                parted=tuple(a for a in s.actions if a.kind == "parts"))


def _written(data) -> str:
    """A step or action as written, one JSON text with sorted keys (what diff compares)."""
    return json.dumps(data, sort_keys=True)


def link(c: CompileContext, phases: dict) -> dict:
    """The phases with each transition's ``target_key`` resolved: a step of the same
    phase, else a phase (its start step). Reports a target that names neither."""
    out = {}
    for phase in phases.values():
        steps = {}
        for sname, step in phase.steps.items():
            transitions = []
            for tr in step.transitions:
                target, key = tr.target_name, None
                if target in phase.steps:
                    key = f"{phase.name}.{target}"
                elif target in phases and phases[target].start in phases[target].steps:
                    key = f"{target}.{phases[target].start}"
                elif target not in phases:   # (a phase's own bad `start`: reported already)
                    _unknown_target(c, phase, step, tr, list(phase.steps) + list(phases))
                transitions.append(tr if key is None else evolve(tr, target_key=key))
            steps[sname] = evolve(step, transitions=tuple(transitions))
        out[phase.name] = evolve(phase, steps=steps)
    return out


def _unknown_target(c: CompileContext, phase, step, tr, known) -> None:
    target = tr.target_name
    if c.broken(("phases", phase.name, "steps", target)) or c.broken(("phases", target)):
        return                            # left out as malformed: reported already
    gone = c.src.deleted.get(("phases", phase.name, "steps", target)) \
        or c.src.deleted.get(("phases", target))
    if gone is not None and tr.pos is not None and c._later(gone, tr.pos):
        c.sink.error(gone, f"'{target}' is deleted here, but step '{step.name}' of phase "
                     f"'{phase.name}' still goes to it ({tr.pos})", "unknown-target")
        return
    c.sink.error(tr.pos, f"step '{step.name}': no step or phase "
                 f"'{target}'{c.suggest(target, known)}", "unknown-target")
