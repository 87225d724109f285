"""Stage 4: the phase/step machine as a networkx graph, and its static checks.

Nodes are ``"phase.step"`` plus two markers, ``"<setup>"`` (the game's start) and
``"<end>"`` (the game is over); an edge runs from each step to each transition target
(attribute ``cond``: the transition's condition text) and from every step whose
effects, transitions or actions can run ``end_game`` to ``"<end>"``.

Checks (errors): every step reachable from the start; every step can reach the end of
the game (no cycle without a way out).
"""
from __future__ import annotations

from .errors import DiagnosticSink
from .loading import Source

START, END = "<setup>", "<end>"


def _ends_game(items, procedures_end: set, data) -> bool:
    """Whether an effect list (plain data) may run end_game, directly or via a procedure."""
    for item in items or []:
        if not isinstance(item, dict):
            continue
        if "end_game" in item:
            return True
        if "call" in item and isinstance(item["call"], str):
            if item["call"].split("(", 1)[0].strip() in procedures_end:
                return True
        for key in ("then", "else", "do"):
            if key in item and _ends_game(item[key], procedures_end, data):
                return True
    return False


def _procedures_that_end(data) -> set:
    procs = data.get("procedures") or {}
    names = {h.split("(", 1)[0].strip(): body for h, body in procs.items()}
    ending: set = set()
    changed = True
    while changed:
        changed = False
        for name, body in names.items():
            if name not in ending and _ends_game(body, ending, data):
                ending.add(name)
                changed = True
    return ending


def build_machine(rules, sink: DiagnosticSink, src: Source):
    """Build the graph of ``rules`` and report unreachable and trapped steps to ``sink``."""
    import networkx as nx
    data = src.data
    g = nx.DiGraph()
    g.add_node(START)
    g.add_node(END)
    ending = _procedures_that_end(data)
    for pname, phase in rules.phases.items():
        pdata = data["phases"][pname]
        for sname, step in phase.steps.items():
            sdata = pdata["steps"][sname]
            g.add_node(step.key, phase=pname, step=sname, decides=step.actor is not None)
            ends = _ends_game(sdata.get("do"), ending, data)
            nxt = sdata.get("next")
            if isinstance(nxt, list):
                ends = ends or any(_ends_game(t.get("do"), ending, data) for t in nxt)
            for a in step.actions:
                if _ends_game(pdata["actions"][a.name].get("do"), ending, data):
                    ends = True
            step.ends_game = ends
            if ends:
                g.add_edge(step.key, END)
            for tr in step.transitions:
                if tr.target is not None:
                    g.add_edge(step.key, tr.target.key, cond=tr.cond_text)
    first = rules.phases[rules.start]
    g.add_edge(START, f"{rules.start}.{first.start}")
    reachable = nx.descendants(g, START)
    can_end = nx.ancestors(g, END)
    for pname, phase in rules.phases.items():
        for sname, step in phase.steps.items():
            if step.key not in reachable:
                sink.error(step.pos, f"step '{sname}' of phase '{pname}' can never be reached "
                           "from the start of the game", "unreachable")
            elif step.key not in can_end:
                sink.error(step.pos, f"step '{sname}' of phase '{pname}' can never lead to the "
                           "end of the game (a cycle with no way out, or no end_game after it)",
                           "trap")
    return g
