"""Effects on values and the flow of effects: set, let, if, for, repeat, call."""
from __future__ import annotations

from ...limits import REPEAT_LIMIT
from ..state_api import PileRef
from ..types import compatible
from .registry import COND, EXPR, TEXT, effect, effects_text, indent, listy, primitive

# ---- values ----------------------------------------------------------------------------

@effect("set", "set: VAR = EXPR", TEXT, "set: V = E`, `set: V[s] = E",
        "assign a variable (per-seat with an index); `set: dealer = S` moves the deal",
        "set: turn = left_of(actor)",
        explain=lambda item, v: f"set {v}",
        words="set [{index:'s} {var}|{var} of {index}|{var}] to {value}", parts="assign_stmt")
def _c_set(c, path, item, scope):
    p = path + ("set",)
    tree = c.stmt(p, "assign_stmt")
    if tree is None:
        return None
    name = tree.var
    decl = c.vars.get(name)
    if decl is None and name == "dealer":        # the dealer moves (a match of hands)
        if tree.index is not None:
            c.err(p, "set: the dealer is one seat: write dealer = SEAT", "type")
            return None
        value = c.sub(p, tree.value, scope, "seat")
        return None if value is None else [f"_set_dealer(G, {value.code})"]
    if decl is None:
        c.err_or_blame(p, ("vars", name), f"variable '{name}'",
                       f"set: unknown variable '{name}'{c.suggest(name, c.vars)}"
                       + ("; use `let:` for a local name" if name in scope.locals else ""),
                       "unknown-name")
        c.sub(p, tree.value, scope)        # its own errors, if any, too
        return None
    c.use_var(name)
    index = tree.index
    value = c.sub(p, tree.value, scope)
    if value is None:
        return None
    if not compatible(value.type, decl.type):
        c.err(p, f"set: '{name}' is a {decl.type}, but the value is {value.type}", "type")
        return None
    target = f"G.v[{c.text(name)}]"
    if decl.per == "seat":
        if index is None:
            c.err(p, f"set: '{name}' is per seat: write {name}[SEAT] = ...")
            return None
        idx = c.sub(p, index, scope, "seat")
        if idx is None:
            return None
        return [f"{target}[{idx.code}] = {listy(value)}"]
    if index is not None:
        c.err(p, f"set: '{name}' is not per seat; drop the [ ]")
        return None
    return [f"{target} = {listy(value)}"]


@effect("let", "let: NAME = EXPR", TEXT, "let: N = E",
        "bind a local name to a value, frozen now", "let: w = trick_winner",
        explain=lambda item, v: f"let {v}",
        words="let {name} be {value}", parts="let_stmt")
def _c_let(c, path, item, scope):
    p = path + ("let",)
    tree = c.stmt(p, "let_stmt")
    if tree is None:
        c.bind_unparsed(p, scope)
        return None
    name = tree.name
    value = c.sub(p, tree.value, scope)
    if value is None:
        scope.locals[name] = "any"
        return None
    if value.pile or (value.zone is not None and value.zone[0].row):
        scope.locals[name] = "place"       # a pile is bound as itself: its place
        return [f"L[{c.text(name)}] = _pile_ref(G, {value.code})"]
    scope.locals[name] = value.type
    return [f"L[{c.text(name)}] = {listy(value)}"]


# ---- control -----------------------------------------------------------------------------

def _explain_if(item, v) -> str:
    out = f"if {v}: " + effects_text(item.get("then"))
    if item.get("else"):
        out += "; otherwise: " + effects_text(item["else"])
    return out


@effect("if", "if: COND, then: [...], else: [...]", COND, "if: C` + `then:` / `else:",
        "run one list of effects or the other", "if: empty(stock)",
        explain=_explain_if, children=("then", "else"),
        words="if {value}: {then}[; otherwise: {else}]")
def _c_if(c, path, item, scope):
    cond = c.expr(path + ("if",), scope, "bool")
    then = c.block(path + ("then",), scope) if "then" in item else []
    other = c.block(path + ("else",), scope) if "else" in item else []
    if cond is None:
        return None
    lines = [f"if {cond.code}:"] + indent(then)
    if other:
        lines += ["else:"] + indent(other)
    return lines


@effect("for", "for: NAME in LIST, do: [...]", TEXT, "for: N in L` + `do:",
        "run effects for each item of a snapshot of `L`", "for: s in seats()",
        explain=lambda item, v: f"for each {v}: " + effects_text(item.get("do")),
        children=("do",),
        words="for each {name} in {list}: {do}", parts="for_stmt")
def _c_for(c, path, item, scope):
    p = path + ("for",)
    tree = c.stmt(p, "for_stmt")
    if tree is None:                  # the body's own errors all the same
        inner = c.child_scope(scope)
        c.bind_unparsed(p, inner)
        if "do" in item:
            c.block(path + ("do",), inner)
        return None
    name = tree.name
    seq = c.sub(p, tree.items, scope, "list")
    inner = c.child_scope(scope)
    inner.locals[name] = ("card" if seq is not None and seq.type in ("cards", "zone", "play")
                          else "place" if seq is not None and seq.items == "place" else "any")
    body = c.block(path + ("do",), inner) if "do" in item else []
    if seq is None:
        return None
    if inner.locals[name] == "place":      # each pile as its place (read as its cards)
        return [f"for L[{c.text(name)}] in _pile_refs(G, {seq.code}):"] + indent(body)
    return [f"for L[{c.text(name)}] in _each(G, {seq.code}):"] + indent(body)


@effect("repeat", "repeat: N, do: [...]", EXPR, "repeat: N` + `do:",
        "run effects `N` times (`N` evaluated once)", "repeat: 3",
        explain=lambda item, v: f"{v} time(s): " + effects_text(item.get("do")),
        children=("do",),
        words="repeat, as many times as {value}: {do}")
def _c_repeat(c, path, item, scope):
    counts = c.not_negative(path + ("repeat",), "repeat")
    n = c.expr(path + ("repeat",), scope, "int") if counts else None
    body = c.block(path + ("do",), scope) if "do" in item else []
    if n is None:
        return None
    return [f"for _ in range(_times(G, {n.code})):"] + indent(body)


@effect("call", "call: PROCEDURE(ARGS)", TEXT, "call: P(args)",
        "run procedure `P` with its parameters bound", "call: draw(turn)",
        explain=lambda item, v: f"do {v}",
        words="do {name}[ for {args}]", parts="call_stmt")
def _c_call(c, path, item, scope):
    p = path + ("call",)
    tree = c.stmt(p, "call_stmt")
    if tree is None:
        return None
    name, argnodes = tree.name, tree.args
    if name not in c.procedures:
        c.err_or_blame(p, ("procedures", name), f"procedure '{name}'",
                       f"call: unknown procedure '{name}'{c.suggest(name, c.procedures)}",
                       "unknown-name", verb="calls")
        for a in argnodes:                       # their own errors, if any, too
            c.sub(p, a, scope)
        return None
    params = c.procedures[name].params
    if len(argnodes) != len(params):
        c.err(p, f"call: '{name}' takes {len(params)} argument(s) ({', '.join(params)}), "
              f"not {len(argnodes)}", "arity")
        return None
    args = [c.sub(p, a, scope) for a in argnodes]
    if any(a is None for a in args):
        return None
    c.note_call(name)
    bound = ", ".join(f"{c.text(pn)}: {a.code}" for pn, a in zip(params, args))
    return [f"{c.procedures[name].fn}(G, {{{bound}}})"]


# ---- runtime primitives ----------------------------------------------------------------

@primitive
def _times(G, n):
    """A ``repeat`` count, refused below 0 or above :data:`rulekit.limits.REPEAT_LIMIT`;
    its rounds counted against :data:`rulekit.limits.MAX_LOOP_ROUNDS` (``G.count_rounds``,
    see :func:`_each`)."""
    if n < 0:
        raise ValueError(f"repeat: {n} times: a count may not be negative")
    if n > REPEAT_LIMIT:
        raise ValueError(f"repeat: {n} times is more than the limit of {REPEAT_LIMIT}")
    G.count_rounds(n)
    return n


@primitive
def _each(G, items) -> list:
    """The items a ``for`` runs over (a snapshot), their rounds counted: the rounds of
    every ``repeat`` and ``for`` in one action (the deal and setup count as one, so do
    an action and the automatic steps after it; the rounds of nested loops add up, so
    they multiply) may be at most :data:`rulekit.limits.MAX_LOOP_ROUNDS`. Raises
    RulesetFault past it, which ends the game as aborted."""
    items = list(items)
    G.count_rounds(len(items))
    return items


@primitive
def _pile_ref(G, pile):
    """``let: p = PILE``: the pile's place (a :class:`~rulekit.lang.state_api.PileRef`,
    read later as the pile's cards then); a pile already held as its place stays so.
    ValueError when the list is no zone's pile."""
    if pile is None or pile.__class__ is PileRef:
        return pile
    place = G.pile_place(pile)
    if place is None:
        raise ValueError("let: the list is not a pile of a zone")
    return PileRef(*place)


@primitive
def _pile_refs(G, piles) -> list:
    """The piles a ``for`` over a row runs over, as their places (a snapshot; rounds
    counted as :func:`_each` does). ValueError for a list that is no zone's pile."""
    out = [_pile_ref(G, p) for p in piles]
    G.count_rounds(len(out))
    return out
