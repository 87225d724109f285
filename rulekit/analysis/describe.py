"""Rulesets described for people: ``explain`` (the rules in plain words, from
:mod:`.explain`; or, formal, as written), ``diff`` (what differs
between two resolved rulesets), ``new`` (a starter variant) and the machine as a diagram
(``graph``: Mermaid, DOT, JSON).

Everything here is generated from the loaded ruleset (its merged data, declarations and
networkx machine); no text about any particular game lives in this module.
"""
from __future__ import annotations

import json

from ..lang.effects import effects_text as _effects
from ..lang.steps import STEP_ATTRIBUTES

_SEE = {"all": "seen by everyone", "owner": "seen by its owner", "count": "face down (only the count shows)"}


def explain(rules, formal: bool = False) -> str:
    """The compiled ruleset ``rules`` for people: in plain words (:func:`.explain.plain`:
    each phase's steps in order, who acts and what they may do, when and to what
    effect, how the game ends), or with ``formal`` as its expressions are written
    (setup, phases, steps, actions, options: the author's view)."""
    if not formal:
        from .explain import plain
        return plain(rules)
    lo, hi, default = rules.players
    lines = [f"{rules.title} ({rules.name})"]
    if rules.summary:
        lines.append(rules.summary)
    lines.append(f"Players: {lo} to {hi} (default {default}). Cards: ranks "
                 f"{' '.join(rules.ranks)} (low to high), suits {' '.join(rules.suits)}"
                 + (f", {rules.cards.packs} packs" if rules.cards.packs > 1 else "")
                 + "".join(f", {n} x {e} (no rank, no suit)"
                           for e, n in rules.cards.extra.items())
                 + f"; {len(rules.pack)} cards.")
    if rules.option_decls:
        lines += ["", "Options (value in this game; default; allowed):"]
        for name, o in rules.option_decls.items():
            lines.append(f"  {name} = {_value(rules.options.get(name))}   "
                         f"(default {_value(o.default)}; {o.describe(rules.cards)})"
                         + (f"  {o.doc}" if o.doc else "") + _rule(o.rule))
    lines += ["", "Zones:"]
    for name, z in rules.zones.items():
        per = "one per seat" if z.per == "seat" else "one for the table"
        top = "; top is its first card" if z.top == "first" else ""
        tag = "; remembers who played each card" if z.tagged else ""
        lines.append(f"  {name}: {per}, {_SEE.get(z.see, z.see)}{top}{tag}"
                     + (f"  {z.doc}" if z.doc else "") + _rule(z.rule))
    if rules.vars:
        lines += ["", "Variables:"]
        for name, v in rules.vars.items():
            per = ", one per seat" if v.per == "seat" else ""
            init = f", starts as {_value(v.init)}" if v.init is not None else ""
            init += f", see {v.see}" if v.see != "all" else ""
            lines.append(f"  {name} ({v.type}{per}{init})" + (f"  {v.doc}" if v.doc else "")
                         + _rule(v.rule))
    if rules.definitions:
        lines += ["", "Definitions:"]
        for info in rules.definitions.values():
            lines.append(f"  {info.head} = {_definition_text(info.text)}" + _rule(info.rule))
    if rules.procedures:
        lines += ["", "Procedures:"]
        for info in rules.procedures.values():
            lines.append(f"  {info.head}: {_procedure_text(info)}" + _rule(info.rule))
    lines += ["", "Setup: " + _effects(rules.setup.items)]
    for pname, phase in rules.phases.items():
        lines += ["", f"Phase {pname} (starts at step {phase.start})"
                  + (f": {phase.doc}" if phase.doc else "") + _rule(phase.rule)]
        if phase.heuristic_text is not None:
            lines.append(f"  Agents score a position by: {phase.heuristic_text}")
        if phase.actions:
            lines.append("  Actions:")
            for aname, a in phase.actions.items():
                choice = "no choice" if a.choose_text == "nothing" \
                    else f"choose {a.choose_text}"
                legal = f"; legal when {' '.join(str(a.legal_text).split())}" \
                    if a.legal_text is not None else "; always legal"
                lines.append(f"    {aname}: {choice}{legal}; then {_effects(a.do.items)}"
                             + _rule(a.rule))
        lines.append("  Steps:")
        for sname, s in phase.steps.items():
            parts = []
            if s.do.nodes:
                parts.append(_effects(s.do.items))
            names = " or ".join(s.action_names)
            if s.actor_text is not None:
                parts.append(f"seat {s.actor_text} chooses: {names}")
            elif s.actors_text is not None and s.simultaneous:
                parts.append(f"each of the seats {s.actors_text} chooses at the same time, "
                             f"hidden until all have chosen: {names}")
            elif s.actors_text is not None:
                until = f" or {' '.join(str(s.until_text).split())} holds" \
                    if s.until_text is not None else ""
                parts.append(f"any of the seats {s.actors_text} may act, one at a time, in "
                             f"that order of precedence: {names}; it "
                             f"closes when none may act{until}")
            parts += [a.explain(s.attribute_texts[key]) for key, a in STEP_ATTRIBUTES.items()
                      if a.explain is not None and key in s.attribute_texts]
            if s.next_name:
                parts.append(f"go to {s.transitions[0].target_name}")
            else:
                for t in s.transitions:
                    cond = f"if {' '.join(str(t.cond).split())}: " if t.cond is not None \
                        else "otherwise: "
                    act = _effects(t.do.items) + ", " if t.do.nodes else ""
                    parts.append(f"{cond}{act}go to {t.target_name}")
            lines.append(f"    {sname}: " + "; ".join(parts) + _rule(s.rule))
    return "\n".join(lines)


def _rule(rule: str) -> str:
    """`` [rule ID]`` for an item that names its rule-book id, else ''."""
    return f"  [rule {rule}]" if rule else ""


def _definition_text(body) -> str:
    """A definition's expression on one line."""
    return " ".join(str(body).split())


def _procedure_text(proc) -> str:
    """A procedure's effects as phrases, then its doc and words when it has them."""
    extra = "".join(f"  ({k}: {v})" for k, v in (("doc", proc.doc), ("words", proc.words))
                    if v)
    return _effects(proc.block.items if proc.block else []) + extra


def _value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if v is None:
        return "null"
    if isinstance(v, list):
        return "[" + ", ".join(map(str, v)) + "]"
    return str(v)


# --------------------------------------------------------------------------------------
# diff

SECTIONS = ["about", "players", "cards", "options", "zones", "vars", "definitions", "procedures",
            "setup", "phases", "steps", "actions"]


def _flatten(rules) -> dict:
    """Section -> {item name -> normalized text} of a resolved ruleset."""
    out: dict = {s: {} for s in SECTIONS}
    out["about"] = {"name": rules.name, "title": rules.title, "summary": rules.summary}
    lo, hi, default = rules.players
    out["players"] = {"players": f"{lo} to {hi}, default {default}"}
    cards = rules.cards
    out["cards"] = {"ranks": " ".join(rules.ranks), "suits": " ".join(rules.suits),
                    "packs": str(cards.packs),
                    "symbols": " ".join(f"{k}={v}" for k, v in cards.symbols.items()),
                    "red": " ".join(cards.red),
                    "aliases": " ".join(f"{k}={v}" for k, v in cards.aliases.items())}
    out["cards"].update({f"extra {e}": f"x{n}" for e, n in cards.extra.items()})
    out["cards"].update({f"value {k}": str(v) for k, v in cards.values.items()})
    for name, o in rules.option_decls.items():
        short = o.describe(rules.cards)
        kind = o.type if short == o.type else f"{o.type} {short}"
        out["options"][name] = (f"{kind}, default {_value(o.default)}"
                                + (f", chosen {_value(rules.options[name])}"
                                   if rules.options.get(name) != o.default else ""))
    for name, z in rules.zones.items():
        out["zones"][name] = f"per {z.per}, see {z.see}, top {z.top}, tagged {z.tagged}"
    for name, v in rules.vars.items():
        out["vars"][name] = f"{v.type}, per {v.per}, init {_value(v.init)}" \
            + (f", see {v.see}" if v.see != "all" else "")
    for info in rules.definitions.values():
        out["definitions"][info.head.split("(")[0]] = \
            f"{info.head} = {_definition_text(info.text)}"
    for info in rules.procedures.values():
        out["procedures"][info.head.split("(")[0]] = f"{info.head}: {_procedure_text(info)}"
    out["setup"] = {"setup": _effects(rules.setup.items)}
    for pname, p in rules.phases.items():
        out["phases"][pname] = f"start {p.start}, heuristic {p.heuristic_text}"
        for sname, s in p.steps.items():
            out["steps"][f"{pname}.{sname}"] = s.written
        for aname, a in p.actions.items():
            out["actions"][f"{pname}.{aname}"] = a.written
    return out


def diff(a, b) -> list[str]:
    """Lines saying what differs between rulesets ``a`` and ``b`` after resolution,
    grouped by section (``+`` only in B, ``-`` only in A, ``~`` changed); [] if none."""
    fa, fb = _flatten(a), _flatten(b)
    lines = []
    for section in SECTIONS:
        xa, xb = fa[section], fb[section]
        group = []
        for name in list(xa) + [n for n in xb if n not in xa]:
            if name not in xb:
                group.append(f"  - {name}: {_short(xa[name])}")
            elif name not in xa:
                group.append(f"  + {name}: {_short(xb[name])}")
            elif xa[name] != xb[name]:
                if section in ("steps", "actions"):
                    group.append(f"  ~ {name}: {_step_change(xa[name], xb[name])}")
                else:
                    group.append(f"  ~ {name}: {_short(xa[name])}  ->  {_short(xb[name])}")
        if group:
            lines.append(f"{section}:")
            lines += group
    return lines


def _short(text: str, width: int = 100) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= width else text[:width - 3] + "..."


def _step_change(ja: str, jb: str) -> str:
    """What changed in a step or action: ``changed KEYS``, then a line per changed value,
    old and new side by side (``next[0].if: count(x) > 1  ->  count(x) > 2``)."""
    a, b = json.loads(ja), json.loads(jb)
    keys = [k for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]
    lines = ["changed " + ", ".join(keys)]
    for path, old, new in _leaf_changes(a, b, ""):
        lines.append(f"      {path}: {_shown(old)}  ->  {_shown(new)}")
    return "\n".join(lines)


_GONE = object()


def _leaf_changes(a, b, path: str) -> list:
    """(path, old, new) for every value that differs between ``a`` and ``b`` (mappings
    by key, lists by index; ``_GONE`` for a side that lacks it)."""
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for k in list(a) + [k for k in b if k not in a]:
            sub = f"{path}.{k}" if path else str(k)
            out += _leaf_changes(a.get(k, _GONE), b.get(k, _GONE), sub)
        return out
    if isinstance(a, list) and isinstance(b, list):
        out = []
        for i in range(max(len(a), len(b))):
            out += _leaf_changes(a[i] if i < len(a) else _GONE, b[i] if i < len(b) else _GONE,
                                 f"{path}[{i}]")
        return out
    return [] if a == b else [(path, a, b)]


def _shown(value) -> str:
    if value is _GONE:
        return "(none)"
    text = value if isinstance(value, str) else json.dumps(value, sort_keys=True)
    return _short(text, 70)


# --------------------------------------------------------------------------------------
# new

def starter(name: str, base_ref: str, rules) -> str:
    """A starter variant of ``rules`` (referenced as ``base_ref`` in ``extends``): every
    option with its default and description as comments, ready to uncomment."""
    lines = [f"# {name}: a house-rule variant of {rules.title} ({rules.name}).",
             "# State only what your table plays differently; everything else comes from",
             "# the base ruleset. Check it: rulekit validate FILE   Play it: rulekit play FILE",
             "# See what changed: rulekit diff BASE FILE   Read it: rulekit explain FILE",
             "", "rulekit: 1", f"extends: {base_ref}", f"name: {name}", f"title: {name}",
             f"summary: {rules.title} with house rules.", ""]
    if rules.option_decls:
        lines.append("# Options of the base ruleset: uncomment `options:` and the lines of")
        lines.append("# each option whose default you change.")
        lines.append("# options:")
        for oname, o in rules.option_decls.items():
            doc = (f"  {o.doc}" if o.doc else "") + (f" [rule {o.rule}]" if o.rule else "")
            lines.append(f"#   {oname}:")
            lines.append(f"#     default: {_value(o.default)}    # {o.describe(rules.cards)}{doc}")
    lines += ["",
              "# Definitions, steps, actions, zones and variables can be overridden by name",
              "# the same way (a mapping with the same keys); `null` deletes one. For example:",
              "# definitions:",
              "#   some_definition: its new expression", ""]
    return "\n".join(lines)


# --------------------------------------------------------------------------------------
# graph

def _node_id(key: str) -> str:
    return "".join(ch if ch.isalnum() else "_" for ch in key)


def _label(text: str, width: int = 60) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= width else text[:width - 3] + "..."


def to_mermaid(rules) -> str:
    """The phase/step machine as a Mermaid state diagram (phases are composite states)."""
    g = rules.graph
    lines = ["stateDiagram-v2"]
    first = f"{rules.start}.{rules.phases[rules.start].start}"
    for pname, phase in rules.phases.items():
        lines.append(f"  state {_node_id(pname)} {{")
        for sname, step in phase.steps.items():
            kind = " (decision)" if step.decides else ""
            lines.append(f'    state "{sname}{kind}" as {_node_id(step.key)}')
        lines.append("  }")
    lines.append(f"  [*] --> {_node_id(first)}")
    for a, b, data in g.edges(data=True):
        if a == "<setup>":
            continue
        target = "[*]" if b == "<end>" else _node_id(b)
        cond = data.get("cond") or ""
        label = f" : {_label(cond).replace(':', ' ').replace(';', ',')}" if cond else \
            (" : end_game" if b == "<end>" else "")
        lines.append(f"  {_node_id(a)} --> {target}{label}")
    return "\n".join(lines)


def _dot_quote(text: str) -> str:
    return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"') + '"'


def to_dot(rules) -> str:
    """The machine in Graphviz DOT: one cluster per phase, decisions as boxes."""
    g = rules.graph
    lines = [f"digraph {_dot_quote(rules.name)} {{", "  rankdir=TB;",
             '  "<setup>" [shape=point]; "<end>" [shape=doublecircle, label="end"];']
    for pname, phase in rules.phases.items():
        lines.append(f"  subgraph {_dot_quote('cluster_' + pname)} {{")
        lines.append(f"    label={_dot_quote('phase ' + pname)};")
        for sname, step in phase.steps.items():
            shape = "box" if step.decides else "ellipse"
            lines.append(f"    {_dot_quote(step.key)} [label={_dot_quote(sname)}, shape={shape}];")
        lines.append("  }")
    for a, b, data in g.edges(data=True):
        cond = data.get("cond") or ""
        attr = f" [label={_dot_quote(_label(cond))}]" if cond else ""
        lines.append(f"  {_dot_quote(a)} -> {_dot_quote(b)}{attr};")
    lines.append("}")
    return "\n".join(lines)


def to_json(rules) -> str:
    """The machine as networkx node-link JSON."""
    import networkx as nx
    return json.dumps(nx.node_link_data(rules.graph, edges="edges"), indent=1)
