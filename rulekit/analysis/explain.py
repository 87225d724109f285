"""``rulekit explain``: a ruleset in plain words, for a player or an author.

Generated from the compiled ruleset alone (its merged data, declarations and the
constructs' words templates, :mod:`.words`): the players and cards, the options as
set, the table, then each phase with its steps in the order play reaches them (who
acts, every action they may take, when it is allowed and what it does, in words),
how the game ends and who wins or loses, and the definitions and procedures the
rules use. A step attribute with words of its own (:mod:`rulekit.lang.steps`) adds
its line to its step. Rule-book ids (``[rule ID]``) and the ruleset's ``doc`` texts are shown
beside what they belong to. No text about any particular game lives here.
"""
from __future__ import annotations

from ..lang.effects import EFFECTS, effect_key
from ..lang.steps import STEP_ATTRIBUTES
from .words import Phrase, Words

_SEE = {"all": "face up, seen by everyone", "owner": "seen by its owner only",
        "count": "face down (only the number of cards shows)"}


_VAR_SEE = {"owner": ", seen by its own seat only", "none": ", seen by no seat"}
def plain(rules) -> str:
    """The compiled ruleset ``rules`` in plain words (see the module docstring), as
    one text of lines."""
    w = Words(rules)
    out = [f"{rules.title} ({rules.name})"] + ([rules.summary] if rules.summary else [])
    out += ["", _players(rules)]
    if rules.option_decls:
        out += ["", "Options, as set for this game:"]
        for name, o in rules.option_decls.items():
            value = _value(rules.options.get(name))
            out.append(f"  {name}: {value}" + (f" - {o.doc}" if o.doc else "")
                       + f" (default {_value(o.default)}; {o.allowed(rules.cards)})"
                       + _rule(o.rule))
    out += ["", "On the table:"]
    for name, z in rules.zones.items():
        where = f"each seat's {name}" if z.per == "seat" else f"the {name}"
        bits = [_SEE.get(z.see, z.see)] + (["its top is its first card"] if z.top == "first"
                                          else []) \
            + (["remembers who played each card"] if z.tagged else [])
        out.append(f"  {where}: {', '.join(bits)}" + (f" - {z.doc}" if z.doc else "")
                   + _rule(z.rule))
    if rules.vars:
        out += ["", "What the game keeps track of:"]
        for name, v in rules.vars.items():
            per = ", one for each seat" if v.per == "seat" else ""
            init = f", at first {_value(v.init)}" if v.init is not None else ""
            init += _VAR_SEE.get(v.see, "")
            out.append(f"  {name} ({_a(v.type)}{per}{init})" + (f": {v.doc}" if v.doc else "")
                       + _rule(v.rule))
    if rules.setup.nodes:
        out += ["", "Before play (setup):"] + w.effect_lines(rules.setup.items, "  ")
    names = list(rules.phases)
    out += ["", f"The game is played in {_count(len(names), 'phase')}: "
            + _and(names) + (f", starting with {rules.start}" if rules.start != names[0] else "")
            + "."]
    seen: set = set()
    for i, (pname, phase) in enumerate(rules.phases.items(), 1):
        out += [""] + _phase(w, rules, pname, phase, i, len(names), seen)
    out += ["", "How the game ends:"] + _endings(w, rules)
    if rules.definitions:
        out += ["", "Terms the rules use (definitions):"]
        for info in rules.definitions.values():
            out.append("  " + _head(w, info.head, info) + ": " + w.text(info.text)
                       + (f" - {info.doc}" if info.doc else "") + _rule(info.rule))
    if rules.procedures:
        out += ["", "Procedures:"]
        for info in rules.procedures.values():
            out.append("  " + _head(w, info.head, info) + ":"
                       + (f" {info.doc}" if info.doc else "") + _rule(info.rule))
            out += w.effect_lines(info.block.items if info.block else [], "    ")
    return "\n".join(out)


def _players(rules) -> str:
    lo, hi, default = rules.players
    count = f"{lo}" if lo == hi else f"{lo} to {hi} (usually {default})"
    cards = rules.cards
    extra = "".join(f", and {n} x {e} (no rank, no suit)" for e, n in cards.extra.items())
    packs = f"{cards.packs} packs of " if cards.packs > 1 else ""
    return (f"For {count} players, with {len(rules.pack)} cards ({packs}ranks "
            f"{' '.join(rules.ranks)}, low to high; suits {' '.join(rules.suits)}{extra}).")


def _phase(w: Words, rules, pname: str, phase, number: int, total: int, seen: set) -> list:
    title = f"Phase {number} of {total}: {pname}" if total > 1 else f"Phase {pname}"
    out = [title + (f" - {phase.doc}" if phase.doc else "") + _rule(phase.rule)]
    for sname in _order(phase):
        step = phase.steps[sname]
        out.append(f"  Step {sname}" + (f" - {step.doc}" if step.doc else "")
                   + _rule(step.rule))
        out += w.effect_lines(step.do.items, "    ")
        if step.decides:
            out += _decision(w, phase, step, seen)
        out += [f"    {w.template(a.words, (), **w.parts(a, step.attribute_texts[key])).text}"
                for key, a in STEP_ATTRIBUTES.items() if a.words and key in step.attribute_texts]
        out += _next(w, rules, phase, step)
    if phase.heuristic_text is not None:
        out.append("  (Bots judge a position for a seat by: " + w.text(phase.heuristic_text)
                   + ".)")
    for label, expr in phase.display_text:
        out.append(f"  (At the table, a person sees \"{label}\": {w.text(expr)}.)")
    return out


def _order(phase) -> list:
    """The steps of a phase in the order play reaches them from its start (following
    transitions in order), then any others in the order written."""
    order, todo = [], [phase.start]
    while todo:
        name = todo.pop(0)
        if name in order or name not in phase.steps:
            continue
        order.append(name)
        todo += [t.target_name for t in phase.steps[name].transitions]
    return order + [s for s in phase.steps if s not in order]


def _decision(w: Words, phase, step, seen: set) -> list:
    names = list(step.action_names)
    which = _or(names)
    if step.actor_text is not None:
        out = [f"    {w.text(step.actor_text)} decides: {which}"]
    elif step.simultaneous:
        out = [f"    each of {w.text(step.actors_text)} chooses at the same time, hidden "
               f"until all have chosen: {which}"]
    else:
        until = f", or when {w.text(step.until_text)}" if step.until_text is not None \
            else ""
        out = [f"    any of {w.text(step.actors_text)} may act, one action at a time (when "
               f"several want to, the first listed goes first): {which}; this closes when "
               f"none of them may act{until}"]
    pname = phase.name
    for aname in names:
        if aname not in phase.actions:
            continue
        if (pname, aname) in seen:
            out.append(f"      {aname}: as above")
            continue
        seen.add((pname, aname))
        out += _action(w, phase.actions[aname], aname)
    return out


def _action(w: Words, defn, name: str) -> list:
    doc = f" - {defn.doc}" if defn.doc else ""
    out = [f"      {name}{doc}" + _rule(defn.rule)]
    tree = defn.choose
    if tree is not None and tree.kind == "choose_in":
        kind = getattr(defn, "kind", None)
        what = {"card": "a card", "play": "a play", "seat": "a seat", "int": "a number",
                "rank": "a rank", "suit": "a suit", "str": "a word"}.get(kind, "one")
        out.append(f"        choosing {what} {tree.name} from {w.node(tree.domain).text}")
    legal = defn.legal_text
    out.append("        allowed: " + ("always" if legal is None else "when " + w.text(legal)))
    effects = defn.do.items
    if not effects:
        out.append("        does nothing else")
    elif len(effects) == 1 and len(w.effect_lines(effects)) == 1:
        out.append("        does: " + w.effect_lines(effects)[0].strip())
    else:
        out += ["        does:"] + w.effect_lines(effects, "          ")
    return out


def _next(w: Words, rules, phase, step) -> list:
    def goto(target: str) -> str:
        if target in phase.steps:
            return f"go to {target}"
        return f"go to phase {target}" if target in rules.phases else f"go to {target}"
    items = step.transitions
    if step.next_name:
        return [f"    then {goto(items[0].target_name)}"]
    if len(items) == 1 and items[0].cond is None:
        t = items[0]
        body = w.effect_lines(t.do.items, "      ")
        if not body:
            return [f"    then {goto(t.target_name)}"]
        return ["    then:"] + body + [f"      {goto(t.target_name)}"]
    out = ["    then, the first of these that applies:"]
    for t in items:
        cond = f"if {w.text(t.cond)}" if t.cond is not None else "otherwise"
        body = w.effect_lines(t.do.items, "        ")
        if not body:
            out.append(f"      {cond}: {goto(t.target_name)}")
        else:
            out += [f"      {cond}:"] + body + [f"        {goto(t.target_name)}"]
    return out


def _endings(w: Words, rules) -> list:
    """Where the game ends and where a seat leaves it, with the conditions around."""
    found: list = []
    where_called: dict = {}

    def walk(items, where: str, conds: list):
        for item in items or []:
            key = effect_key(item)
            if key == "if":
                c = w.expr(item["if"])
                walk(item.get("then"), where, conds + [c.text])
                walk(item.get("else"), where, conds + [c.negative()])
            elif key in ("for", "repeat"):
                walk(item.get("do"), where, conds)
            elif key == "call":
                name = str(item["call"]).split("(")[0].strip()
                where_called.setdefault(name, []).append(where)
            elif key is not None and (EFFECTS[key].ends_game or key == "out"):
                found.append((key, where, conds, w.effect(item)[0].strip()))

    walk(rules.setup.items, "setup", [])
    for proc in rules.procedures.values():
        walk(proc.block.items if proc.block else [], f"procedure {proc.head}", [])
    for pname, p in rules.phases.items():
        for aname, a in p.actions.items():
            walk(a.do.items, f"action {aname} (phase {pname})", [])
        for sname, s in p.steps.items():
            walk(s.do.items, f"step {sname} (phase {pname})", [])
            for t in s.transitions if not s.next_name else []:
                cond = [w.text(t.cond)] if t.cond is not None else []
                walk(t.do.items, f"step {sname} (phase {pname})", cond)
    out = []
    for key, where, conds, text in sorted(found, key=lambda f: f[0] == "out"):
        when = f" when {' and '.join(conds)}" if conds else ""
        by = ""
        if where.startswith("procedure "):
            name = where.split()[1].split("(")[0]
            callers = list(dict.fromkeys(where_called.get(name, [])))
            by = f" (done by {_and(callers)})" if callers else ""
        out.append(f"  {'- ' if key != 'out' else '- a seat goes out: '}{text}: "
                   f"in {where}{when}{by}")
    return out or ["  (nothing in the ruleset ends the game)"]


def _head(w: Words, head: str, info) -> str:
    """A definition's or procedure's head, with how a use of it reads when it says."""
    name = " ".join(head.split())
    if info is None or not info.words:
        return name
    params = {p: Phrase(p) for p in info.params}
    try:
        return f"{name}, \"{w.template(info.words, (), **params).text}\""
    except ValueError:
        return name


def _rule(rule: str) -> str:
    return f"  [rule {rule}]" if rule else ""


def _value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if v is None:
        return "none"
    if isinstance(v, list):
        return "[" + ", ".join(map(str, v)) + "]"
    return str(v)


def _a(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("s" if n != 1 else "")


def _and(words: list) -> str:
    words = [str(x) for x in words]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _or(words: list) -> str:
    words = [str(x) for x in words]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
