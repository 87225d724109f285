"""What a decision step's legal listing reads: only what its actor sees, or more.

A determinized copy (:func:`rulekit.play.search.determinize`) redeals the cards a seat
cannot see. When that seat is the one to act, and the step's listing of legal actions
reads nothing but what the actor sees, the redeal cannot change the listing, and the
copy may keep the game's. :func:`lists_from_sight` decides this from the listing as
the hot-path builder wrote it (a :class:`Listing`: its lines as code trees, see
:mod:`rulekit.lang.codetree` and :mod:`rulekit.compiler.hotpath`), conservatively:
any read it cannot account for means "more". Nothing is parsed: the trees say what
each piece of code reads.

A listing reads only what its actor sees when every read of the game state ``G`` in it
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
another seat's, code of unknown shape) makes the answer False. (A built-in reading
tags may be given any card, a hidden one too, from a variable or a literal;
``determinize`` keeps the listing only when no hidden card carried a tag, so that every
card's tag is what it was.)
"""
from __future__ import annotations

from ..lang.builtins import REGISTRY
from ..lang.codetree import Code


class Listing:
    """A decision step's listing as written: ``lines`` (code trees or plain ``str``
    lines without code, of the function that computes each value where first needed),
    ``loaded`` (each local read at the top of it -> the code it holds: the actor, a
    zone, a variable) and ``names`` (the listing's functions: it may call them)."""

    def __init__(self, lines: list, loaded: dict, names: tuple = ()):
        self.lines, self.loaded, self.names = lines, loaded, names


def sighted_builtins() -> frozenset:
    """The built-ins given the game state that read nothing of it but the card tables,
    the seats in play, the player count and the tags of the cards passed to them: those
    that declare it (``sighted=True``, :mod:`rulekit.lang.functions`), read from the
    registry each time (tests/test_sight.py checks their source)."""
    return frozenset(name for name, b in REGISTRY.items() if b.sighted)


def lists_from_sight(listing: Listing, zones: dict) -> bool:
    """Whether ``listing`` (a decision step's, see :class:`Listing`) reads only what
    the actor sees (see the module docstring); ``zones``: zone name -> its declaration
    (``per``, ``see``). False when in doubt."""
    return _Reads(listing, zones).sighted()


class _Reads:
    def __init__(self, listing: Listing, zones: dict):
        self.listing, self.zones = listing, zones
        self.calls = {f"_B_{name}" for name in sighted_builtins()} | {"_typed_text"} \
            | set(listing.names)
        loaded = listing.loaded
        # the locals set at the top: a whole zone, or the actor
        self.held = {name: c.key for name, c in loaded.items()
                     if c.kind == "state" and c.attr == "z"}
        self.actor = {name for name, c in loaded.items()
                      if c.kind == "state" and c.attr == "actor"}

    def sighted(self) -> bool:
        return all(self._ok(line, None, 0, None) for line in self.listing.lines
                   if isinstance(line, Code))

    def _ok(self, node: Code, up, at: int, upup) -> bool:
        """Whether ``node`` (child number ``at`` of ``up``, itself a child of ``upup``)
        and all inside it read only what the actor sees."""
        kind = node.kind
        if kind == "state":
            if node.attr in ("v", "actor", "n"):
                return True
            if node.attr != "z" or node.key is None:
                return False
            if up is not None and up.kind == "line" and getattr(up, "top", False):
                return True         # a local holding the zone: its uses are checked
            return self._zone_use(node.key, up, at, upup)
        if kind == "local" and up is not None and up.kind == "line" and at == 0 \
                and getattr(up, "top", False):
            return True             # the local a line at the top assigns
        if kind == "local" and node.name in self.held:
            return self._zone_use(self.held[node.name], up, at, upup)
        if kind == "raw":
            return False
        if kind == "call" and node.state and node.fn not in self.calls:
            return False
        if kind == "group":         # brackets: what is inside is read where they are
            return self._ok(node.kids[0], up, at, upup)
        return all(self._ok(kid, node, i, up) for i, kid in enumerate(node.kids))

    def _zone_use(self, zone: str, up, at: int, upup) -> bool:
        """Whether a read of zone ``zone`` (the whole zone; child number ``at`` of
        ``up``) is one the actor sees."""
        decl = self.zones.get(zone)
        if decl is None:
            return False
        if decl.see == "all":
            return True
        if _counted(up):
            return True
        if decl.per == "seat" and up is not None and up.kind == "index" and at == 0:
            if self._is_actor(up.kids[1]) and decl.see == "owner":
                return True
            return _counted(upup)
        return False

    def _is_actor(self, node: Code) -> bool:
        if node.kind == "local":
            return node.name in self.actor
        return node.kind == "state" and node.attr == "actor"


def _counted(up) -> bool:
    """Whether ``up`` is ``len(x)`` or ``not x`` (it reads the count of x alone)."""
    return up is not None and (up.kind == "not" or (
        up.kind == "call" and up.fn == "len" and not up.state and len(up.kids) == 1))
