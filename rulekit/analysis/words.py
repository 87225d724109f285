"""A ruleset's expressions and effects in plain English, from the constructs' own words.

Every construct of the language carries a *words template* beside its ``doc``: each
built-in (:mod:`rulekit.lang.functions`), each effect (:mod:`rulekit.lang.effects`),
each expression form (:mod:`rulekit.lang.forms`); a ruleset's definitions and
procedures may carry one too (``words:``), else their ``doc``, else their name. This
module fills them in (the template language is :mod:`.templates`): :class:`Words`
turns an expression (text or parsed tree) into a :class:`Phrase` and an effect list
into lines.
"""
from __future__ import annotations

from ..lang.builtins import REGISTRY
from ..lang.effects import EFFECTS, effect_key
from ..lang.forms import FORMS
from ..lang.grammar import parse
from ..lang.syntax import STATEMENT_PARTS, walk
from ..lang.types import ExprError
from ..lang.wording import derived_words, words_of
from .templates import Block, Phrase, fill, joined, lay_out, split_template

__all__ = ["Words", "Phrase", "Block", "fill", "joined", "split_template"]

_LISTY = ("cards", "list", "play", "zone")
# the kinds of phrase put in brackets inside each kind of parent, so as to read one way
_WRAP = {"and": ("or", "cond"), "or": ("and", "cond"), "cmp": ("and", "or", "cond", "cmp"),
         "arith*": ("and", "or", "cond", "cmp", "arith"),
         "call": ("and", "or", "cond", "arith", "cmp"),
         "call1": ("and", "or", "cond"), "cond": ("arith",)}


class Words:
    """Writes one ruleset's expressions and effects in plain English.

    ``rules``: the compiled ruleset (:class:`rulekit.model.Ruleset`; None: names are
    only names); ``names``: words for names, in place of the usual (a local's value,
    ``{"actor": "you"}``); ``note``: a function of a parsed node giving a value to
    show after its words, ``the play to beat (4C)``, or None (words of more than twelve
    words, or of a function ``x -> ...``, give way to the value alone)."""

    def __init__(self, rules=None, names: dict | None = None, note=None):
        self.rules = rules
        self.names = dict(names or {})
        self.note = note
        self._bound: list = []          # the parameters of the functions being written

    # ---- expressions -----------------------------------------------------------------
    def expr(self, expr) -> Phrase:
        """An expression (text, a YAML number or bool, or a parsed tree) in words. Text
        that does not parse is given back as it is."""
        if isinstance(expr, bool):
            return Phrase("true" if expr else "false")
        if isinstance(expr, (int, float)):
            return Phrase(str(expr))
        if isinstance(expr, str):
            try:
                expr = parse(" ".join(expr.split()), "expr")
            except ExprError:
                return Phrase(" ".join(expr.split()))
        return self.node(expr)

    def text(self, expr) -> str:
        """:meth:`expr`'s positive words."""
        return self.expr(expr).text

    def node(self, t) -> Phrase:
        """A syntax node (:mod:`rulekit.lang.syntax`) in words, with its note if any."""
        out = getattr(self, "_" + t.kind, self._unknown)(t)
        shown = self.note(t) if self.note is not None else None
        if shown is not None and (len(out.text.split()) > 12 or any(
                n.kind == "lambda_" for n in walk(t))):      # long words: the value alone
            out = Phrase(shown, items=shown)
        elif shown is not None and shown != out.text:
            out = Phrase(f"{out.text} ({shown})", out.neg and f"{out.neg} ({shown})",
                         out.kind, out.items, out.x, out.body)
        return out

    def _unknown(self, t) -> Phrase:          # pragma: no cover - the grammar's forms
        return Phrase(t.text)

    def form(self, key: str, args=(), kind: str = "atom", **parts) -> Phrase:
        """The expression form ``key`` of :data:`FORMS` filled with ``args``."""
        return self.template(FORMS[key].words, args, kind, **parts)

    def template(self, template: str, args=(), kind: str = "atom", **parts) -> Phrase:
        """A words template filled with phrases ``args`` and ``parts``."""
        pos = joined(fill(template, args, parts))
        neg = joined(fill(template, args, parts, negative=True)) \
            if split_template(template)[1] is not None else None
        return Phrase(pos, neg, kind)

    @staticmethod
    def wrap(p: Phrase, parent: str) -> Phrase:
        """``p`` in brackets when its kind would read ambiguously inside ``parent``."""
        if p.kind not in _WRAP.get(parent, ()):
            return p
        return Phrase(f"({p.text})", p.neg and f"({p.neg})", "atom", p.items, p.x, p.body)

    def _name(self, t) -> Phrase:
        name = t.name
        if any(name in bound for bound in self._bound):     # a function's own parameter
            return Phrase(name)
        if name in self.names:
            return Phrase(str(self.names[name]))
        rules = self.rules
        if rules is not None:
            zone = rules.zones.get(name)
            if zone is not None:
                said = words_of(zone)
                out = self.form("zone", (said,)) if zone.per != "seat" else Phrase(said)
                out.items = f"cards in {out.text}"
                return out
            if name in rules.vars:
                return Phrase(words_of(rules.vars[name]))
            info = rules.definitions.get(name)
            if info is not None:
                return self.defined(info, [])
        if name in FORMS and FORMS[name].written == name:
            return Phrase(FORMS[name].words)
        return Phrase(name)

    def defined(self, info, args: list) -> Phrase:
        """A use of definition ``info`` with argument phrases ``args``: its ``words``,
        else its ``doc`` when that names it (no parameters, a doc starting with "the":
        "the play to beat"), else its name's words (each ``_`` a space)."""
        if info.words:
            try:
                return self.template(info.words, (), "atom", **dict(zip(info.params, args)))
            except ValueError:
                pass
        said = derived_words(info.name)
        if not info.params:
            return Phrase(info.doc if info.doc.startswith("the ") else said)
        return Phrase(joined(fill(FORMS["call"].words, (
            said, ", ".join(self.wrap(a, "call").text for a in args)))))

    def _int(self, t):
        return Phrase(t.digits)

    def _string(self, t):
        return Phrase(t.value)

    def _null(self, t):
        return self.form("null")

    def _true(self, t):
        return self.form("true")

    def _false(self, t):
        return self.form("false")

    def _list(self, t):
        return self.form("list", (", ".join(self.node(i).text for i in t.items),))

    def _map(self, t):
        return self.form("map", (", ".join(self.node(p).text for p in t.pairs),))

    def _pair(self, t):
        return self.form("pair", (self.node(t.key), self.node(t.value)))

    def _attr(self, t):
        name = t.attr
        value = self.rules.options.get(name) if self.rules is not None else None
        decl = self.rules.option_decls.get(name) if self.rules is not None else None
        said = words_of(decl) if decl is not None else derived_words(name)
        return self.form("option on" if isinstance(value, bool) else "option", (said,))

    def _index(self, t):
        base, idx = t.base, t.index
        name = base.name if base.kind == "name" else None
        rules = self.rules
        seat = self.node(idx)
        if rules is not None and name is not None and name not in self.names:
            zone = rules.zones.get(name)
            if zone is not None and zone.per == "seat":
                out = self.form("zone[seat]", (Phrase(words_of(zone)), seat))
                out.items = f"cards in {out.text}"
                return out
            var = rules.vars.get(name)
            if var is not None and var.per == "seat":
                return self.form("var[seat]", (Phrase(words_of(var)), seat))
        if self.mapped(base):
            return self.form("map[k]", (self.wrap(self.node(base), "call"),
                                        self.wrap(seat, "call")))
        return self.form("list[i]", (self.wrap(self.node(base), "call"), self.wrap(seat, "call")))

    def mapped(self, t) -> bool:
        """Whether node ``t`` is known to be a map (a map literal, or a definition whose
        value is one)."""
        if t.kind == "map":
            return True
        if t.kind in ("name", "call") and self.rules is not None:
            info = self.rules.definitions.get(t.name)
            return info is not None and info.type == "map"
        return False

    def _call(self, t):
        name, argnodes = t.name, t.args
        rules = self.rules
        info = rules.definitions.get(name) if rules is not None else None
        if info is not None:
            return self.defined(info, [self.node(a) for a in argnodes])
        b = REGISTRY.get(name)
        if b is None:
            args = ", ".join(self.node(a).text for a in argnodes)
            return Phrase(joined(fill(FORMS["call"].words, (name, args))))
        parent = "call" if len(argnodes) > 1 else "call1"
        args = [self.wrap(self.node(a), parent) for a in argnodes]
        return self.template(b.words, args)

    def _lambda_(self, t):
        x = t.param
        self._bound.append({x})
        try:
            body = self.node(t.body)
        finally:
            self._bound.pop()
        out = self.form("->", x=x, body=body)
        out.x, out.body = x, body
        return out

    def _let_in(self, t):
        value = self.node(t.value)
        self._bound.append({t.name})
        try:
            body = self.node(t.body)
        finally:
            self._bound.pop()
        out = self.form("let", (Phrase(t.name), value, body))
        out.kind = "cond"
        return out

    def _conditional(self, t):
        a, c, b = (self.wrap(self.node(x), "cond") for x in (t.then, t.test, t.orelse))
        return self.form("if", (a, c, b), "cond")

    def _chain(self, t, kind: str) -> Phrase:
        items, todo = [], [t]
        while todo:                     # a or b or c: one list, left to right
            node = todo.pop(0)
            if node.kind == t.kind:
                todo = [node.left, node.right] + todo
            else:
                items.append(self.wrap(self.node(node), kind))
        out = items[0]
        for nxt in items[1:]:
            out = self.form(kind, (out, nxt), kind)
        if len(items) > 2:
            lead = "none of these holds: " if kind == "or" else "not all of these hold: "
            out.neg = lead + "; ".join(p.text for p in items)
        return out

    def _or_(self, t):
        return self._chain(t, "or")

    def _and_(self, t):
        return self._chain(t, "and")

    def _not_(self, t):
        return self.form("not", (self.node(t.operand),))

    def _compare(self, t):
        a, op, b = t.left, t.op, t.right
        if op in ("<", ">", "<=", ">=") and (self.listy(a) or self.listy(b)):
            op += "list"                # lists ranked item by item
        return self.form(op, (self.wrap(self.node(a), "cmp"),
                                   self.wrap(self.node(b), "cmp")), "cmp")

    def _in_(self, t):
        return self.form("in", [self.wrap(self.node(x), "cmp") for x in (t.left, t.right)],
                         "cmp")

    def _not_in(self, t):
        return self.form("not in", [self.wrap(self.node(x), "cmp") for x in (t.left, t.right)],
                         "cmp")

    def _coalesce(self, t):
        return self.form("??", [self.wrap(self.node(x), "call") for x in (t.left, t.right)])

    def _binop(self, t):
        a, op, b = t.left, t.op, t.right
        if op == "%" and _seat_step(t):
            return self.form("seat+", (self.node(a.left), self.node(a.right)))
        if op == "+" and (self.listy(a) or self.listy(b)):
            op = "+list"
        left = "arith*" if op in ("*", "/", "%") else "cmp"    # (a - b) * c, a - (b - c)
        return self.form(op, (self.wrap(self.node(a), left), self.wrap(self.node(b), "arith*")),
                         "arith")

    def _neg(self, t):
        return self.form("neg", (self.wrap(self.node(t.operand), "arith*"),), "arith")

    def listy(self, t) -> bool:
        """Whether node ``t`` is known to be a list (for ``+``: joined, not added)."""
        data = t.kind
        rules = self.rules
        if data == "list":
            return True
        if data == "binop" and t.op == "+":
            return self.listy(t.left) or self.listy(t.right)
        if data in ("name", "call") and rules is not None:
            name = t.name
            if data == "name" and (name in rules.zones or getattr(
                    rules.vars.get(name), "type", None) in _LISTY):
                return True
            info = rules.definitions.get(name)
            if info is not None:
                return info.type in _LISTY
            b = REGISTRY.get(name) if data == "call" else None
            return b is not None and b.result in _LISTY
        return False

    # ---- effects ---------------------------------------------------------------------
    def effect_lines(self, items, indent: str = "") -> list[str]:
        """An effect list in words: a line per effect (``indent`` before each), the
        effects of an ``if``, ``for`` or ``repeat`` nested below it (or on its line
        when they are one short line)."""
        out: list[str] = []
        for item in items or []:
            out += self.effect(item, indent)
        return out

    def effects_text(self, items) -> str:
        """An effect list in words on one line ('nothing' if empty)."""
        return "; ".join(line.strip() for line in self.effect_lines(items)) or "nothing"

    def effect(self, item, indent: str = "") -> list[str]:
        """One effect (its YAML mapping) in words, as lines."""
        key = effect_key(item)
        if key is None:
            return [indent + str(item)]
        e = EFFECTS[key]
        parts = self.parts(e, item[key])
        template = e.words
        if key == "call":
            template, parts = self._call_words(item[key], template, parts)
        for child in e.children:
            lines = self.effect_lines(item.get(child), indent + "  ")
            parts[child] = Block(lines) if child in item else None
        return lay_out(fill(template, (), parts), indent)

    def parts(self, e, value) -> dict:
        """The named parts of effect ``e``'s value, in words (see ``Effect.parts``)."""
        kind = e.parts
        if kind == "none":
            return {}
        if kind == "text":
            return {"value": str(value)}
        if kind == "mapping":
            return {k: (v if isinstance(v, bool) else self.expr(v))
                    for k, v in (value or {}).items()} if isinstance(value, dict) else {}
        if kind == "expr":
            return {"value": self.expr(value)}
        try:
            tree = parse(str(value), kind)
        except ExprError:
            return {"value": str(value)}
        out = {}
        for name, attr in STATEMENT_PARTS[kind]:
            out[name] = self._part(getattr(tree, attr), name)
        return out

    def _part(self, child, name: str):
        if child is None or child == ():
            return None
        if isinstance(child, str):                  # a name the statement binds or uses
            return child
        if isinstance(child, tuple):                # arguments
            return Phrase(", ".join(self.node(a).text for a in child))
        if name == "as":                            # a move's kind: its text
            return child.value
        return self.node(child)

    def _call_words(self, value, template, parts):
        """A procedure call: the procedure's ``words`` (its parameters as names), else
        the call effect's own template."""
        proc = self.rules.procedures.get(str(parts.get("name"))) if self.rules else None
        if proc is None or not proc.words:
            return template, parts
        try:
            tree = parse(str(value), "call_stmt")
        except ExprError:
            return template, parts
        return proc.words, {p: self.node(a) for p, a in zip(proc.params, tree.args)}


def _seat_step(t) -> bool:
    """Whether ``t`` (a ``%``) is seat arithmetic: ``(s + n) % players``, n a number."""
    a, b = t.left, t.right
    return (b.kind == "name" and b.name == "players" and a.kind == "binop" and a.op == "+"
            and a.right.kind == "int")
