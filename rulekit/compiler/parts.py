"""Choices in parts: an action's ``choose`` of several named parts, or of one set part
or amount (docs/language.md, "Choices in parts"; docs/design/parts.md).

:func:`is_parted` tells a choice in parts from a listed one; :func:`compile_parts`
compiles its parts (each part's domain in a scope holding the parts before it), its
``so_far`` and ``legal`` conditions into a :class:`rulekit.model.Parts`. The engine's
questions about it (options for the next part, a complete choice checked, counted,
drawn at random) are :mod:`rulekit.runtime.choices`.
"""
from __future__ import annotations

from ..lang.expressions import Scope
from ..lang.syntax import walk
from ..model import PartDef, Parts

# a part whose domain is one of these built-ins, written as the whole domain, is a set
# part (combinations, subsets) or an amount (numbers): never listed
SET_BUILTINS = {"combinations": 2, "subsets": 3}
AMOUNT_BUILTIN = "numbers"


def _form(c, domain) -> str:
    """``set``, ``amount`` or ``item``: what a part with syntax tree ``domain`` is."""
    if domain.kind != "call" or domain.name in c.definitions:
        return "item"
    if domain.name in SET_BUILTINS and len(domain.args) == SET_BUILTINS[domain.name]:
        return "set"
    if domain.name == AMOUNT_BUILTIN and len(domain.args) == 2:
        return "amount"
    return "item"


def is_parted(c, tree) -> bool:
    """Whether the ``choose`` syntax tree ``tree`` is a choice in parts: several parts, a
    part with a word, or one set part or amount."""
    if tree is None:
        return False
    if tree.kind == "choose_parts":
        return True
    return tree.kind == "choose_in" and _form(c, tree.domain) != "item"


def compile_parts(c, path: tuple, tree, adata: dict, scope: Scope, item_domain):
    """The :class:`Parts` of the action at ``path`` (its data ``adata``), whose choose
    tree ``tree`` is a choice in parts; each part's name is bound in ``scope`` for its
    ``do``. ``item_domain(path, node, scope)`` compiles an item part's domain (the
    checks of a listed choice: one kind of item, bounded) and returns ``(typed, kind)``
    or None. Errors go to the context's sink; None if any part failed."""
    members = tree.members if tree.kind == "choose_parts" else (tree,)
    where = path + ("choose",)
    parts, failed, seen = [], False, set()
    for i, m in enumerate(members):
        if m.name in seen:
            c.err(where, f"choose: two parts are named '{m.name}'", "type", offset=m.start)
            failed = True
            continue
        seen.add(m.name)
        if m.word is not None and (not m.word or any(ch.isspace() for ch in m.word)
                                   or not m.word.isprintable() or m.word[0].isdigit()):
            c.err(where, f"choose: a part's word is one word, not starting with a digit "
                  f"(not {m.word!r})", "type", offset=m.start)
            failed = True
        form = _form(c, m.domain)
        part = None
        if form == "item":
            got = item_domain(where, m.domain, scope)
            if got is not None:
                typed, kind = got
                part = PartDef(m.name, m.word, "item", kind, c.fn(typed.code),
                               domain_text=m.domain.text)
                scope.locals[m.name] = "place" if kind == "place" else \
                    kind if kind != "play" or typed.type == "list" else "any"
        elif form == "set":
            args = m.domain.args
            z = c.sub(where, args[0], scope, "cards")
            counts = [c.sub(where, a, scope, "int") for a in args[1:]]
            if z is not None and all(x is not None for x in counts):
                low, high = c.fn(counts[0].code), c.fn(counts[-1].code)
                part = PartDef(m.name, m.word, "set", "card", c.fn(f"list({z.code})"), low,
                               high, m.domain.text)
            scope.locals[m.name] = "play"
        else:
            bounds = [c.sub(where, a, scope, "int") for a in m.domain.args]
            if all(x is not None for x in bounds):
                part = PartDef(m.name, m.word, "amount", "int", None, c.fn(bounds[0].code),
                               c.fn(bounds[1].code), m.domain.text)
            scope.locals[m.name] = "int"
        if part is None:
            scope.locals.setdefault(m.name, "any")
            failed = True
        parts.append(part)
    _check_separated(c, where, members, parts)
    so_far = legal = pre = post = None
    if "so_far" in adata:
        t = c.expr(path + ("so_far",), scope, "bool")
        so_far = c.fn(t.code) if t is not None else None
        failed = failed or t is None
    if "legal" in adata:
        t = c.expr(path + ("legal",), scope, "bool")
        legal = c.fn(t.code) if t is not None else None
        failed = failed or t is None
        if t is not None:
            pre, post = _split_legal(c, path + ("legal",), adata["legal"], scope,
                                     set(seen))
    if failed:
        return None
    reads = tuple(_reads(m.name, adata) for m in members)
    return Parts(tuple(parts), so_far, legal, bool(adata.get("keep_order")), reads, pre,
                 post)


def _split_legal(c, where, text, scope: Scope, names: set) -> tuple:
    """``(pre, post)``: ``legal`` (as written, ``text``) split after its leading
    ``and``-ed conditions that name no part (``actor == defender and not taking and
    ...``): ``pre`` the functions of those (the same for every choice of a decision, so
    a chooser evaluates them once), ``post`` the rest (None: nothing left, the choice is
    legal when ``pre`` holds). ``(None, None)`` when the first condition names a part."""
    from ..lang.grammar import parse
    if isinstance(text, (bool, int)):
        return None, None
    conds, tree = [], parse(str(text))
    while tree.kind == "and_":              # a and b and c: And(And(a, b), c)
        conds.append(tree.right)
        tree = tree.left
    conds.append(tree)
    conds.reverse()
    k = 0
    while k < len(conds) and not any(n.kind == "name" and n.name in names
                                     for n in walk(conds[k])):
        k += 1
    if k == 0:
        return None, None
    codes = [c.sub(where, t, scope) for t in conds]
    if any(x is None for x in codes):       # (compiled whole already: cannot happen)
        return None, None
    pre = c.fn(" and ".join(f"({x.code})" for x in codes[:k]))
    post = c.fn(" and ".join(f"({x.code})" for x in codes[k:])) if k < len(conds) else None
    return pre, post


def _reads(name: str, adata: dict) -> bool:
    """Whether ``so_far`` or ``legal`` (as written) names ``name`` anywhere (a lambda's
    parameter of the same name counts too: erring on the side of reading)."""
    from ..lang.grammar import parse
    for key in ("so_far", "legal"):
        text = adata.get(key)
        if text is None or isinstance(text, bool):
            continue
        try:
            tree = parse(str(text))
        except Exception:       # (compiled already: cannot happen)
            return True
        if any(n.kind == "name" and n.name == name for n in walk(tree)):
            return True
    return False


def _check_separated(c, where, members, parts) -> None:
    """A part of several cards (a set, or a play) must be followed by a word or by a
    part that cannot be read as a card (a number, seat, rank, suit, word), so that the
    action's text says where it ends."""
    for i in range(len(parts) - 1):
        a, b = parts[i], parts[i + 1]
        if a is None or b is None:
            continue
        many = a.form == "set" or a.kind == "play"
        if many and b.word is None and (b.form == "set" or b.kind in ("card", "play")):
            c.err(where, f"choose: part '{b.name}' follows the cards of part '{a.name}' "
                  f"with no word between them, so an action's text could not say where "
                  f"'{a.name}' ends: write a word before it ('to' {b.name} in ...)",
                  "type", offset=members[i + 1].start)

