"""The step attributes: the keys a step of a phase may have (``do``, ``actor``,
``actions``, ``next``, ...), each declared once.

A :class:`StepAttribute` declares, in one place:

* ``key`` and ``value``: the key and the JSON Schema of its value; ``needs``: the keys
  it needs beside it, ``required``: whether every step has it (together they generate
  the schema's ``step`` definition, :func:`step_schema`); ``leaf``: a malformed value
  leaves out only this key, not the whole step (:mod:`.wellformed`);
* ``compile``: a function ``(c, s)`` of the compile context ``c`` and the
  :class:`StepBuild` ``s`` of the step being compiled, which compiles the attribute's
  value and sets its part of ``s`` (an attribute the engine does not know sets
  ``s.extra[key]``, which becomes ``Step.extra``). Every step runs every attribute's
  hook, in registry order (the order below: ``do`` before what reads its names,
  ``next`` after the actions; a new attribute comes last), whether its key is written
  or not; a hook reports its errors with ``c.err``;
* ``doc`` and ``example``: its row of the language reference;
* ``words`` (and ``parts``: ``expr`` or ``text``, what ``{value}`` is): its line in
  ``rulekit explain``, and ``explain``: a function of its value giving its phrase for
  ``rulekit explain --formal``. The attributes the engine knows have none: the step's
  decision, its effects and its transitions are explained together
  (:mod:`rulekit.analysis.explain`).

Adding a step attribute is one :func:`step_attribute` declaration on its compile hook
(and its test); the schema, the docs table and ``explain`` follow from it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from .expressions import Scope
from .registries import Registry
from .wording import NAME_WORDS

EXPR = {"$ref": "#/$defs/expr"}
COND = {"$ref": "#/$defs/cond"}        # an expression that is true or false


@dataclass(frozen=True)
class StepAttribute:
    """One key of a step (see the module docstring for each field)."""
    key: str
    value: dict
    compile: Callable
    doc: str
    example: str
    needs: tuple = ()
    required: bool = False
    leaf: bool = False
    words: str = ""
    parts: str = "expr"
    explain: Callable | None = None


STEP_ATTRIBUTES: dict[str, StepAttribute] = Registry("a step attribute")


def step_attribute(key: str, value: dict, doc: str, example: str, *, needs: tuple = (),
                   required: bool = False, leaf: bool = False, words: str = "",
                   parts: str = "expr", explain: Callable | None = None):
    """Register the decorated compile hook ``(c, s)`` as step attribute ``key``; raises
    DuplicateName when ``key`` is taken, ValueError for ``parts`` not expr or text."""
    if parts not in ("expr", "text"):
        raise ValueError(f"step attribute '{key}': parts is expr or text, not {parts!r}")

    def wrap(fn):
        STEP_ATTRIBUTES[key] = StepAttribute(key, value, fn, doc, example, tuple(needs),
                                             required, leaf, words, parts, explain)
        return fn
    return wrap


def step_schema() -> dict:
    """The JSON Schema of a step: every attribute's key and value, in registry order."""
    out = {"type": "object", "additionalProperties": False,
           "properties": {k: a.value for k, a in STEP_ATTRIBUTES.items()}}
    needs = {k: list(a.needs) for k, a in STEP_ATTRIBUTES.items() if a.needs}
    if needs:
        out["dependentRequired"] = needs
    out["required"] = [k for k, a in STEP_ATTRIBUTES.items() if a.required]
    return out


@dataclass
class StepBuild:
    """A step being compiled. The hooks read ``path`` (the step's data path), ``phase``
    and ``name``, ``data`` (its mapping), ``offered`` (the phase's compiled actions by
    name), ``has_actor`` and ``shared`` (whether ``actor``, ``actors`` is written); and
    fill the rest: the parts of :class:`rulekit.model.Step` (``*_text``, ``action_names``
    and ``next_name``: as written; ``entry``: the scope its
    ``do`` binds ``let`` names in; ``after``: the scope of what follows the ``do``;
    ``actions``: the actions offered; ``transitions``: per transition a dict of
    ``do``, ``target_name``, ``pos``, ``cond_text``, ``cond_code`` and ``cond``; ``extra``:
    attribute key -> its compiled value, for the attributes the engine does not know)."""
    path: tuple
    phase: str
    name: str
    data: dict
    offered: dict
    doc: str = ""
    words: str = ""
    rule: str = ""
    do: object = None
    entry: Scope = field(default_factory=Scope)
    after: Scope = field(default_factory=Scope)
    actor: Callable | None = None
    actors: Callable | None = None
    until: Callable | None = None
    simultaneous: bool = False
    actions: list = field(default_factory=list)
    transitions: list = field(default_factory=list)
    extra: dict = field(default_factory=dict)
    actor_text: object = None           # as written (None when absent)
    actors_text: object = None
    until_text: object = None
    action_names: tuple = ()
    next_name: bool = False             # ``next:`` is a name, not a list of transitions

    @property
    def has_actor(self) -> bool:
        return "actor" in self.data

    @property
    def shared(self) -> bool:
        return "actors" in self.data


# ---- the attributes the engine knows, in the order they compile (a valid step has
# `actor`, or `actors` and maybe `until`: never both kinds) ------------------------------

@step_attribute("doc", {"type": "string"}, "what the step is, for people",
                "doc: the leader plays", leaf=True)
def _doc(c, s: StepBuild) -> None:
    s.doc = s.data.get("doc", "")


@step_attribute("words", NAME_WORDS, "how the step's name reads to a player (default: the "
                "name with each '_' a space)", "words: the lead", leaf=True)
def _words(c, s: StepBuild) -> None:
    s.words = s.data.get("words", "")


@step_attribute("do", {"$ref": "#/$defs/effects"}, "effects run when the step is entered; "
                "the names they bind with `let` stay visible to the rest of the step",
                "do: [{set: turn = leader}]")
def _do(c, s: StepBuild) -> None:
    s.do = c.effects(s.path + ("do",), s.entry, share=True)
    # locals bound by `let` in do stay visible to the actor and the transitions (a
    # shared window's transitions are taken when it closes: no one seat acted last)
    s.after = Scope(locals=s.entry.locals, specials=frozenset({"actor", "last_action"})
                    if s.has_actor else frozenset())


@step_attribute("actor", EXPR, "the seat that decides: the step waits for its action",
                "actor: turn", needs=("actions",))
def _actor(c, s: StepBuild) -> None:
    s.actor_text = s.data.get("actor")
    if s.has_actor:
        a = c.expr(s.path + ("actor",), Scope(locals=s.after.locals), "seat")
        s.actor = c.fn(a.code) if a else None


@step_attribute("actors", EXPR, "several seats may act: a list of seats (a shared window, "
                "the first listed goes first; or, with `simultaneous`, each chooses once)",
                "actors: seats_in()", needs=("actions",))
def _actors(c, s: StepBuild) -> None:
    path, name = s.path, s.name
    s.actors_text = s.data.get("actors")
    if s.has_actor and s.shared:
        c.err(path + ("actors",), f"step '{name}': has both 'actor' (one seat decides) and "
              "'actors' (several seats may act); keep one", "schema")
    if not s.shared:
        return
    a = c.expr(path + ("actors",), Scope(locals=s.after.locals), "list")
    s.actors = c.fn(a.code) if a else None
    unsure = a is not None and a.type == "any" and c.errors_so_far()  # after an error
    if a is not None and not unsure and (a.type != "list" or
                                         a.items not in (None, "seat", "int", "any")):
        c.err(path + ("actors",), f"step '{name}': actors must be a list of seats (such "
              "as seats() or filter(seats_from(leader), s -> ...))", "type")


@step_attribute("simultaneous", {"type": "boolean"}, "with `actors`: each listed seat makes "
                "one hidden choice; the choices run in seat order once all have chosen",
                "simultaneous: true", needs=("actors",), leaf=True)
def _simultaneous(c, s: StepBuild) -> None:
    if s.data.get("simultaneous") and "until" in s.data:
        c.err(s.path + ("until",), f"step '{s.name}': a simultaneous step has no 'until': "
              "it closes once every listed seat has chosen", "schema")
    s.simultaneous = bool(s.data.get("simultaneous")) and s.shared


@step_attribute("until", COND, "with `actors`: a shared window also closes when this holds "
                "after an action (`last_action` is the action taken)",
                "until: last_action == 'take'", needs=("actors",), leaf=True)
def _until(c, s: StepBuild) -> None:
    s.until_text = s.data.get("until")
    if not s.shared or "until" not in s.data:
        return
    c.step_actions = [str(a) for a in s.data.get("actions") or []]
    try:
        u = c.expr(s.path + ("until",), Scope(locals=s.after.locals,
                                               specials=frozenset({"actor", "last_action"})),
                   "bool")
    finally:
        c.step_actions = None
    s.until = c.fn(u.code) if u else None


@step_attribute("actions", {"type": "array", "items": {"type": "string"}, "minItems": 1},
                "the phase's actions the deciding seat (or seats) may take here",
                "actions: [play, take]")
def _actions(c, s: StepBuild) -> None:
    s.action_names = tuple(s.data.get("actions") or ())
    if "actions" in s.data and not (s.has_actor or s.shared):
        c.err(s.path + ("actions",), f"step '{s.name}': has actions but no 'actor' (or "
              "'actors') to choose them", "schema")
    if not (s.has_actor or s.shared):
        return
    for i, aname in enumerate(s.data.get("actions") or []):
        if aname not in s.offered:
            c.err_or_blame(s.path + ("actions", i), ("phases", s.phase, "actions", aname),
                           f"action '{aname}'", f"step '{s.name}': phase '{s.phase}' has no "
                           f"action '{aname}'{c.suggest(aname, s.offered)}", "unknown-name")
        else:
            s.actions.append(s.offered[aname])
            c.used_actions.add((s.phase, aname))


@step_attribute("next", {"oneOf": [{"type": "string"}, {
                    "type": "array", "minItems": 1, "items": {"$ref": "#/$defs/transition"}}]},
                "where play goes after the step: a step or phase name, or a list of "
                "transitions (`if`, `do`, `goto`), the first that holds taken",
                "next: [{if: empty(stock), goto: scoring}, {goto: play_turn}]",
                required=True)
def _next(c, s: StepBuild) -> None:
    s.next_name = isinstance(s.data.get("next"), str)
    c.step_actions = [str(a) for a in s.data.get("actions") or []] if s.has_actor else None
    try:
        _transitions(c, s)
    finally:
        c.step_actions = None


def _transitions(c, s: StepBuild) -> None:
    """A step's ``next``, as transitions (dicts) in ``s.transitions``."""
    path, nxt = s.path, s.data.get("next")
    if isinstance(nxt, str):
        s.transitions.append({"do": c.empty(path + ("next",)), "target_name": nxt,
                              "pos": c.src.pos(path + ("next",))})
        return
    for i, tdata in enumerate(nxt or []):
        tp = path + ("next", i)
        if tp in c.left_out:                  # malformed: reported, left out
            continue
        code = "True"
        if "if" in tdata:
            cnd = c.expr(tp + ("if",), s.after, "bool")
            code = str(cnd.code) if cnd else "True"     # the text (not its tree)
        do_t = c.effects(tp + ("do",), s.after)
        s.transitions.append({"do": do_t, "target_name": tdata["goto"],
                              "pos": c.src.pos(tp + ("goto",)),
                              "cond_text": str(tdata.get("if", "")), "cond_code": code,
                              "cond": tdata.get("if")})


@step_attribute("rule", {"type": "string"}, "the rule-book id of the rule the step plays",
                "rule: ID", leaf=True)
def _rule(c, s: StepBuild) -> None:
    s.rule = s.data.get("rule", "")
