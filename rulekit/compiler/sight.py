"""What a decision step's legal listing reads: only what its actor sees, or more.

A determinized copy (:func:`rulekit.play.search.determinize`) redeals the cards a seat
cannot see. When that seat is the one to act, and the step's listing of legal actions
reads nothing but what the actor sees, the redeal cannot change the listing, and the
copy may keep the game's. :func:`lists_from_sight` decides this from the generated
listing functions (``_legal_N`` and ``_legal_N_lazy``, see
:mod:`rulekit.compiler.hotpath`), conservatively: any read it cannot account for
means "more".

A listing reads only what its actor sees when every use of the game state ``G`` in it
is one of:

- a variable (``G.v[...]``), the actor (``G.actor``) or the player count (``G.n``): a
  redeal changes none of them (``determinize`` lists again when it changed a variable:
  a value the seat may not see, or a hidden card a variable held);
- a zone every seat sees (``see: all``), in any way;
- the actor's own list of a zone per seat that its owner sees (``see: owner``),
  indexed by the actor (``G.z['hand'][G.actor]``, or through locals holding them);
- the number of cards of any zone, or of any seat's list (``len(...)``, ``not ...``):
  a redeal keeps every count;
- ``G`` passed to a built-in of :func:`sighted_builtins` (each declared ``sighted``),
  which read only their arguments (themselves held to these rules), the card tables,
  the seats in play and the tags of the cards they are given; or to the step's own
  lazy listing.

Anything else (a definition too large to write in place, ``G.where``, a zone of
another seat's) makes the answer False. (A built-in reading tags may be given any card,
a hidden one too, from a variable or a literal; ``determinize`` keeps the listing only
when no hidden card carried a tag, so that every card's tag is what it was.)
"""
from __future__ import annotations

import ast

from ..lang.builtins import REGISTRY


def sighted_builtins() -> frozenset:
    """The built-ins given the game state that read nothing of it but the card tables,
    the seats in play, the player count and the tags of the cards passed to them: those
    that declare it (``sighted=True``, :mod:`rulekit.lang.functions`), read from the
    registry each time (tests/test_sight.py checks their source)."""
    return frozenset(name for name, b in REGISTRY.items() if b.sighted)


def lists_from_sight(source, names: tuple, zones: dict) -> bool:
    """Whether the functions ``names`` of ``source`` (the generated module's text, or
    its ``ast.Module``, parsed once for all its steps; they are a decision step's
    listing and its lazy twin) read only what the actor sees (see the module
    docstring); ``zones``: zone name -> its declaration (``per``, ``see``). False when
    in doubt."""
    tree = ast.parse(source) if isinstance(source, str) else source
    found = 0
    for fn in tree.body:
        if isinstance(fn, ast.FunctionDef) and fn.name in names:
            found += 1
            if not _Reads(fn, zones, names).sighted():
                return False
    return found > 0


class _Reads:
    def __init__(self, fn: ast.FunctionDef, zones: dict, names: tuple):
        self.fn, self.zones, self.names = fn, zones, names
        self.calls = {f"_B_{name}" for name in sighted_builtins()} | {"_typed_text"}
        self.parent: dict = {}
        for node in ast.walk(fn):
            for child in ast.iter_child_nodes(node):
                self.parent[child] = node
        # the function's locals set at its top: a whole zone, or the actor
        self.held: dict = {}            # local -> zone name
        self.actor: set = set()         # locals holding the actor
        for st in fn.body:
            if isinstance(st, ast.Assign) and len(st.targets) == 1 \
                    and isinstance(st.targets[0], ast.Name):
                name, zone = st.targets[0].id, _zone_name(st.value)
                if zone is not None:
                    self.held[name] = zone
                elif ast.unparse(st.value) == "G.actor":
                    self.actor.add(name)
        counts: dict = {}               # (each must be assigned there only, once)
        for node in ast.walk(fn):
            for t in _targets(node):
                counts[t.id] = counts.get(t.id, 0) + 1
        for name in list(self.held) + list(self.actor):
            if counts.get(name) != 1:
                self.held.pop(name, None)
                self.actor.discard(name)

    def sighted(self) -> bool:
        for node in ast.walk(self.fn):
            if not isinstance(node, ast.Name) or not isinstance(node.ctx, ast.Load):
                continue
            if node.id == "G" and not self._state_use(node):
                return False
            if node.id in self.held and not self._zone_use(node, self.held[node.id]):
                return False
        return True

    def _state_use(self, node) -> bool:
        up = self.parent.get(node)
        if isinstance(up, ast.Attribute) and up.value is node:
            if up.attr in ("v", "actor", "n"):
                return True
            if up.attr == "z":
                zone = _zone_name(self.parent.get(up))
                if zone is None:
                    return False
                if self._is_top_assignment(self.parent.get(up)):
                    return True         # a local holding the zone: its uses are checked
                return self._zone_use(self.parent.get(up), zone)
            return False
        if isinstance(up, ast.Call) and up.args and up.args[0] is node \
                and isinstance(up.func, ast.Name) and (up.func.id in self.calls
                                                      or up.func.id in self.names):
            return True
        return False

    def _is_top_assignment(self, node) -> bool:
        st = self.parent.get(node)
        return isinstance(st, ast.Assign) and st in self.fn.body and st.value is node \
            and isinstance(st.targets[0], ast.Name) and st.targets[0].id in self.held

    def _zone_use(self, node, zone: str) -> bool:
        """Whether this read of zone ``zone`` (the whole zone) is one the actor sees."""
        decl = self.zones.get(zone)
        if decl is None:
            return False
        if decl.see == "all":
            return True
        up = self.parent.get(node)
        if _counted(up, node):
            return True
        if decl.per == "seat" and isinstance(up, ast.Subscript) and up.value is node:
            if self._is_actor(up.slice) and decl.see == "owner":
                return True
            return _counted(self.parent.get(up), up)
        return False

    def _is_actor(self, node) -> bool:
        if isinstance(node, ast.Name):
            return node.id in self.actor
        return ast.unparse(node) == "G.actor"


def _counted(up, node) -> bool:
    """Whether ``up`` is ``len(node)`` or ``not node`` (it reads the count alone)."""
    if isinstance(up, ast.UnaryOp) and isinstance(up.op, ast.Not):
        return True
    return (isinstance(up, ast.Call) and isinstance(up.func, ast.Name) and up.func.id == "len"
            and len(up.args) == 1 and up.args[0] is node and not up.keywords)


def _targets(node):
    """The plain names ``node`` assigns (assignment, ``:=``, loop variable)."""
    if isinstance(node, ast.Assign):
        items = node.targets
    elif isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.NamedExpr, ast.For,
                           ast.comprehension)):
        items = [node.target]
    else:
        return []
    out = []
    for t in items:
        out += [n for n in ast.walk(t) if isinstance(n, ast.Name)]
    return out


def _zone_name(node) -> str | None:
    """``x`` of ``G.z['x']``, else None."""
    if (isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant)
            and isinstance(node.slice.value, str) and isinstance(node.value, ast.Attribute)
            and node.value.attr == "z" and isinstance(node.value.value, ast.Name)
            and node.value.value.id == "G"):
        return node.slice.value
    return None
