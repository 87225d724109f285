"""Generated Python code as a tree: what the expression compilers build and the hot-path
optimiser (:mod:`rulekit.compiler.optimize`, :mod:`rulekit.compiler.hotpath`) and the
sight analysis (:mod:`rulekit.compiler.sight`) read.

A :class:`Code` is the text of a piece of generated Python *and* the tree it was built
from: it is a ``str`` (so every consumer that writes code into a line or compiles it
sees plain text, spelt exactly as before), and it keeps ``kind`` (what construct it
is), ``parts`` (its text in order: plain ``str`` pieces written as they are and
``Code`` children) and, per kind, named facts: the value of a literal, the name of a
local, the function a call calls. Nothing ever reads generated text back: an optimiser
decides from ``kind`` and the facts, and writes a variant of a tree with
:func:`render` (a node written another way) or :func:`rebuild` (new children).

Example::

    >>> a = local("v_c", "var")
    >>> t = fmt("compare", "({} == {})", call("_RANK.get", [a]), lit("3", 3),
    ...         op="==", wrapped=True)
    >>> str(t), t.kind, [k.kind for k in t.kids]
    ('(_RANK.get(v_c) == 3)', 'compare', ['call', 'lit'])
    >>> uses(t, {"v_c"})
    True

Kinds and their facts (a node's text is always ``"".join(parts)``; its child nodes,
``kids``, in the order they are written, are its operands, arguments and so on):

- ``lit`` (``value``: the Python value of a literal: a number, a plain text, a bool,
  ``None``); ``const`` (a value read from the constants table, ``_K[i]``);
- ``local`` (``name``, ``role``: ``var`` a chosen item or parameter, ``param`` a
  lambda's, ``load`` a zone, variable or the actor read once at the top, ``temp`` an
  argument's temporary, ``one`` the card of a one-card play, ``card`` a zone's card in
  a loop, ``memo`` and ``cell`` values computed once, ``seat``, ``zone``, ``arg``...);
- ``state`` (``attr``: ``actor``, ``v``, ``z``, ``n``, ``dealer``, ...; ``key``: the
  variable's or zone's name): a read of the game state ``G``; ``lvar`` (``name``): a
  read of the locals ``L``;
- ``call`` (``fn``: what it calls; ``state``: whether ``G`` is passed first; the
  arguments are its kids);
- ``or`` / ``and`` (``inline``: a definition written in place, whose ``force``
  operands, ``X is _U``, evaluate its arguments first), ``not``, ``compare`` (``op``),
  ``ifexp``, ``concat`` (``list(A) + list(B)``), ``binop`` (``op``), ``neg``,
  ``index`` (base, index), ``slice``, ``lookup`` (a card table read), ``list``,
  ``lambda`` (parameter, body), ``thunk``, ``listcomp`` and ``gen`` (a built-in written
  as a loop), ``oneoff`` (``(lambda _xN: loop)(x)``; ``listed``: the loop builds a
  list), ``memo`` (``name``; its last kid is what it computes: ``(_h0 if _h0 is not
  _u else (_h0 := plain))``), ``cell``, ``cellscope``, ``walrus``, ``group`` (brackets
  around an operand); ``line`` (a line of a generated function; ``top``: one that
  reads a local at the top); ``raw`` (text of unknown shape: no optimiser looks
  inside).

``wrapped``: the text is bracketed as a whole, ``(...)``, the brackets grouping (what
Python's own parser would leave out of the node).
"""
from __future__ import annotations

from string import Formatter

__all__ = ["Code", "code", "fmt", "lit", "const", "local", "state", "lread", "call",
           "inline", "raw", "walk", "uses", "render", "rebuild", "unmemo", "has"]


class Code(str):
    """Generated code: its text (the ``str``), and its tree (see the module
    docstring)."""
    kind = "raw"
    parts: tuple = ()
    wrapped = False

    @property
    def kids(self) -> tuple:
        """The child nodes, in the order they are written."""
        return tuple(p for p in self.parts if isinstance(p, Code))

    def facts(self) -> dict:
        """The node's named facts (``name``, ``value``, ``fn``...)."""
        return {k: v for k, v in self.__dict__.items() if k not in ("kind", "parts")}


def code(kind: str, parts, wrapped: bool = False, **facts) -> Code:
    """A node of ``kind`` written as ``parts`` (``str`` pieces and ``Code`` children;
    a plain ``str`` child must be given as :func:`raw`), with named ``facts``."""
    parts = tuple(parts)
    out = str.__new__(Code, "".join(parts))
    out.kind = kind
    out.parts = parts
    if wrapped:
        out.wrapped = True
    if facts:
        out.__dict__.update(facts)
    return out


_TEMPLATES: dict = {}


def fmt(kind: str, template: str, *children, wrapped: bool = False, **facts) -> Code:
    """A node of ``kind`` written as ``template`` with each ``{}`` one of ``children``
    in turn (a child that is a plain ``str`` is of unknown shape: :func:`raw`)."""
    pieces = _TEMPLATES.get(template)
    if pieces is None:
        pieces = _TEMPLATES[template] = template.split("{}")
    parts = [pieces[0]]
    for child, piece in zip(children, pieces[1:]):
        parts += [child if isinstance(child, Code) else raw(child), piece]
    return code(kind, [p for p in parts if isinstance(p, Code) or p != ""], wrapped, **facts)


def raw(text: str) -> Code:
    """``text`` as code of unknown shape (nothing looks inside it)."""
    return text if isinstance(text, Code) else code("raw", (str(text),))


def lit(text: str, value) -> Code:
    """A literal written ``text`` whose value is ``value``."""
    return code("lit", (text,), value=value, wrapped=text.startswith("("))


def const(text: str) -> Code:
    """A value of the constants table (``_K[i]``)."""
    return code("const", (text,))


def local(name: str, role: str) -> Code:
    """A Python local ``name`` of ``role`` (see the module docstring)."""
    return code("local", (name,), name=name, role=role)


def state(text: str, attr: str, key: str | None = None) -> Code:
    """A read of the game state, written ``text``: attribute ``attr`` (``key``: a
    variable's or zone's name)."""
    return code("state", (text,), attr=attr, key=key)


def lread(name: str) -> Code:
    """A read of the locals ``L['name']``."""
    return code("lvar", (f"L[{name!r}]",), name=name)


def call(fn: str, args, state: bool = False, comma: bool = False) -> Code:
    """``fn(args...)``, with ``G`` first when ``state`` (its arguments: ``kids``);
    ``comma``: a comma after ``G`` even without arguments (as built-ins are written)."""
    args = tuple(a if isinstance(a, Code) else raw(a) for a in args)
    parts = [fn + "("]
    if state:
        parts.append("G, " if args or comma else "G")
    for i, a in enumerate(args):
        parts += [", ", a] if i else [a]
    parts.append(")")
    return code("call", parts, fn=fn, state=state)


_INLINE: dict = {}


def inline(template: str, args) -> Code:
    """A built-in written in place by its ``inline`` template (``len({0})``, ``(not
    {0})``), as the node it is: a call of the name before the bracket, or a ``not``."""
    shape = _INLINE.get(template)
    if shape is None:
        shape = _INLINE[template] = [(text, None if field is None else int(field))
                                     for text, field, _, _ in Formatter().parse(template)]
    parts = []
    for text, field in shape:
        if text:
            parts.append(text)
        if field is not None:
            parts.append(args[field] if isinstance(args[field], Code) else raw(args[field]))
    head = parts[0] if parts and not isinstance(parts[0], Code) else ""
    if head == "(not " and parts[-1] == ")" and len(parts) == 3:
        return code("not", parts, wrapped=True)
    name = head[:-1]
    if head.endswith("(") and parts[-1] == ")" and name.replace(".", "_").isidentifier():
        if len(parts) == 3 or all(p == ", " for p in parts[2:-1:2]):
            return code("call", parts, fn=name, state=False)
    return code("raw", parts)


def walk(node: Code):
    """``node`` and every node inside it, parents first."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(reversed([p for p in n.parts if isinstance(p, Code)]))


def uses(node: Code, names) -> bool:
    """Whether ``node`` reads (or binds) a local of one of ``names``; text of unknown
    shape counts as reading every name."""
    for n in walk(node):
        if n.kind == "local" and n.name in names:
            return True
        if n.kind == "raw" and not n.kids:
            return True
    return False


def has(node: Code, test) -> bool:
    """Whether ``test`` holds for ``node`` or a node inside it."""
    return any(test(n) for n in walk(node))


def render(node, swap) -> str:
    """The text of ``node`` with every node for which ``swap(node)`` gives a text
    written as that text (``swap`` gives None to leave a node as it is). A line of
    plain ``str`` is its own text."""
    if not isinstance(node, Code):
        return node
    out = swap(node)
    if out is not None:
        return out
    if not node.parts or not any(isinstance(p, Code) for p in node.parts):
        return str(node)
    return "".join(render(p, swap) if isinstance(p, Code) else p for p in node.parts)


def rebuild(node: Code, parts) -> Code:
    """``node`` written with ``parts`` instead (its kind and facts kept)."""
    return code(node.kind, parts, **node.facts())


def unmemo(node: Code) -> Code:
    """``node`` with every value computed once (``memo``) written out as what it
    computes (for a lambda's body: an assignment there would bind the lambda's own
    local)."""
    if node.kind == "memo":
        return unmemo(node.kids[-1])
    if not any(n.kind == "memo" for n in walk(node)):
        return node
    return rebuild(node, [unmemo(p) if isinstance(p, Code) else p for p in node.parts])
