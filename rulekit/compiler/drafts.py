"""The compiler's working records: a definition and an effect while they compile,
filled in as compiling goes (the model's classes are immutable: :mod:`rulekit.model`;
:mod:`.building` makes the model's of these once the ruleset compiled)."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class DefDraft:
    """A definition while it compiles (the model's :class:`rulekit.model.DefInfo` is
    made of it once the ruleset compiled: :mod:`.building`): the same fields, filled as
    compiling goes (``type``, ``items``, ``keys``, ``source`` when it compiles; ``refs``, ``calls``
    as its body names others; ``used`` when a step, action or procedure uses it), and
    ``compiling`` while its body compiles (a use then is a cycle)."""
    name: str
    params: list
    text: object
    path: tuple
    fn: str = ""
    type: str | None = None
    items: str | None = None
    keys: tuple | None = None
    compiling: bool = False
    used: bool = False
    refs: set = field(default_factory=set)
    calls: dict = field(default_factory=dict)
    rule: str = ""
    expr_path: tuple = ()
    source: str = ""
    doc: str = ""
    words: str = ""
    head: str = ""


class NodeDraft:
    """An effect while it compiles: its child lists (key -> Block) and the procedure it
    calls, filled by :meth:`CompileContext.block` and :meth:`CompileContext.note_call`."""
    __slots__ = ("children", "calls")

    def __init__(self):
        self.children: dict = {}
        self.calls = None
