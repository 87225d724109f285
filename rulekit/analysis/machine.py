"""The phase/step machine as a graph, and its static checks.

Nodes are ``"phase.step"`` plus two markers, ``"<setup>"`` (the game's start) and
``"<end>"`` (the game is over); an edge runs from each step to each transition target
(attribute ``cond``: the transition's condition text) and from every step whose
effects, transitions or actions can run ``end_game`` to ``"<end>"``.

Checks (errors): every step reachable from the start; every step can reach the end of
the game (no cycle without a way out).

The checks also run on the :class:`~rulekit.model.Draft` of a ruleset with errors,
without reporting what only follows from them: a step that is ``uncertain`` (an error
or a part left out in it), a transition whose target did not resolve, and a start that
did not compile may lead anywhere, the end included; an ``uncertain`` procedure may end
the game.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import DiagnosticSink
from ..frozen import ReadOnlyDict, freeze
from ..lang.effects import EFFECTS

START, END = "<setup>", "<end>"


def block_ends_game(block, ending: set) -> bool:
    """Whether a compiled effect block may run an effect that ends the game (the
    registry's ``ends_game``), directly, in a child list, or through a procedure in
    ``ending``."""
    for node in block.nodes:
        if EFFECTS[node.key].ends_game or node.calls in ending:
            return True
        if any(block_ends_game(child, ending) for child in node.children.values()):
            return True
    return False


def procedures_that_end(rules, may_end=()) -> set:
    """Names of the procedures that may end the game (a fixpoint over calls), counting
    those of ``may_end`` (names) as ending."""
    ending: set = set(may_end)
    changed = True
    while changed:
        changed = False
        for name, proc in rules.procedures.items():
            if name not in ending and block_ends_game(proc.block, ending):
                ending.add(name)
                changed = True
    return ending


@dataclass(frozen=True, eq=False)
class Machine:
    """The machine as plain, immutable data: the graph's nodes and edges, with their
    attributes, in the order they were added (``ops``: ``("node", key, attrs)`` or
    ``("edge", u, v, attrs)``), who follows whom (``succ``: node -> frozenset), and
    ``ending``: the keys of the steps whose effects (its own, its transitions' or its
    actions') may end the game. The checks need nothing more; :meth:`to_networkx`
    makes a networkx DiGraph (for ``rulekit graph``, the node-link dump and
    ``rules.graph``) only when asked. Made by :func:`build_machine`."""
    ops: tuple
    succ: ReadOnlyDict
    ending: frozenset = frozenset()

    def reach(self, start, forward: bool = True) -> set:
        """The nodes reachable from ``start`` (``forward=False``: those from which
        ``start`` is reachable), ``start`` itself left out unless on a cycle."""
        succ = self.succ
        if not forward:
            pred: dict = {}
            for u, vs in succ.items():
                for v in vs:
                    pred.setdefault(v, set()).add(u)
            succ = pred
        seen, todo = set(), [start]
        while todo:
            for v in succ.get(todo.pop(), ()):
                if v not in seen:
                    seen.add(v)
                    todo.append(v)
        seen.discard(start)
        return seen

    def to_networkx(self):
        """A new networkx DiGraph of the machine (nodes and edges in the order added)."""
        import networkx as nx
        g = nx.DiGraph()
        for op in self.ops:
            if op[0] == "node":
                g.add_node(op[1], **op[2])
            else:
                g.add_edge(op[1], op[2], **op[3])
        return g


class _Drawing:
    """A machine being drawn: nodes and edges added in order (see :class:`Machine`)."""

    def __init__(self):
        self.ops: list = []
        self.succ: dict = {}

    def node(self, key, **attrs) -> None:
        self.ops.append(("node", key, attrs))
        self.succ.setdefault(key, set())

    def edge(self, u, v, **attrs) -> None:
        self.ops.append(("edge", u, v, attrs))
        self.succ.setdefault(u, set()).add(v)
        self.succ.setdefault(v, set())

    def done(self, ending) -> Machine:
        return Machine(tuple(freeze(op) for op in self.ops), ReadOnlyDict({k: frozenset(v) for k, v in
                                                       self.succ.items()}), frozenset(ending))


def build_machine(rules, sink: DiagnosticSink) -> Machine:
    """The :class:`Machine` of compiled ``rules`` (anything with the ``phases``,
    ``procedures``, ``start`` and ``uncertain`` of a :class:`~rulekit.model.Draft`),
    reporting unreachable and trapped steps to ``sink``. Changes nothing: the model
    built afterwards holds the machine (:mod:`rulekit.compiler.building`)."""
    g = _Drawing()
    g.node(START)
    g.node(END)
    uncertain = getattr(rules, "uncertain", None) or set()
    ending = procedures_that_end(rules, {p for p in rules.procedures if p in uncertain})
    anywhere = [END] + [s.key for ph in rules.phases.values() for s in ph.steps.values()]
    ending_steps = set()
    for pname, phase in rules.phases.items():
        for sname, step in phase.steps.items():
            g.node(step.key, phase=pname, step=sname, decides=step.decides)
            blocks = [step.do] + [t.do for t in step.transitions] + [a.do for a in step.actions]
            ends = any(block_ends_game(b, ending) for b in blocks)
            if ends:
                ending_steps.add(step.key)
                g.edge(step.key, END)
            for tr in step.transitions:
                if tr.target_key is not None:
                    g.edge(step.key, tr.target_key, cond=tr.cond_text)
            if step.key in uncertain or any(tr.target_key is None for tr in step.transitions):
                for k in anywhere:
                    g.edge(step.key, k)
    first = rules.phases.get(rules.start)
    if first is not None and first.start in first.steps:
        g.edge(START, f"{rules.start}.{first.start}")
    else:                                 # a start that did not compile: reported already
        for k in anywhere:
            g.edge(START, k)
    machine = g.done(ending_steps)
    reachable = machine.reach(START)
    can_end = machine.reach(END, forward=False)
    for pname, phase in rules.phases.items():
        for sname, step in phase.steps.items():
            if step.key not in reachable:
                sink.error(step.pos, f"step '{sname}' of phase '{pname}' can never be reached "
                           "from the start of the game", "unreachable")
            elif step.key not in can_end:
                sink.error(step.pos, f"step '{sname}' of phase '{pname}' can never lead to the "
                           "end of the game (a cycle with no way out, or no end_game after it)",
                           "trap")
    return machine
