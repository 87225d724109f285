"""The hot path: each decision step's legal actions as one generated function.

What a game does most is list the legal actions of the seat to act. For every step
with an ``actor``, :func:`build` writes one Python function ``_legal_N(G)`` that
returns them as a list of :class:`~rulekit.runtime.actions.Action` (built as tuples in
place, their key computed only when asked for). In it:

- each action's ``choose`` domain is a plain ``for`` loop with the chosen item a
  Python local, and its ``legal`` condition is the loop's ``if``;
- a definition of at most ``INLINE_NODES`` parse-tree nodes is written in place of its
  call, its parameters bound to the arguments' code (unless that would evaluate an
  argument that varies more than once);
- a call whose value cannot change during the listing (it uses neither the chosen item
  nor a lambda parameter) is computed at most once per listing, and only when first
  needed (``(_h0 if _h0 is not _u else (_h0 := ...))``): ``top_play`` is read once per
  decision, not once per card, and the same sub-expression written twice is one value;
- a domain that is a zone holds distinct cards, so it needs no check and no
  de-duplication.

The whole module is one source text compiled once with the file name
:data:`rulekit.errors.GENERATED`, in the ruleset's namespace (no Python builtins); its
code object is kept in memory, keyed by the sha256 of that text, never written to
disk. :func:`rulekit.runtime.rules.Rules.generated_source` prints it.

The listing is written as lines of code trees (:mod:`rulekit.lang.codetree`): the
domain's parts, the unswitched first operand, the memos computed before the loop are
found in the trees and the second form of the function is the same trees rendered
another way (:mod:`rulekit.compiler.codeshapes`); :mod:`rulekit.compiler.sight`
reads the same trees. Each ``legal`` condition is compiled once (again only when a
value varying with the chosen item is written twice in it, to compute that once per
item), once per form of a domain joining one-card plays of a zone to other lists.

Semantics are those of the plain compilation: the same expressions, evaluated in the
same order with the same short-circuits (a value computed once is computed where it
was first needed); an expression the hot-path compiler cannot write (it never should)
falls back to the plain compiler's code for it.
"""
from __future__ import annotations

import hashlib

from ..errors import GENERATED, RulesetFault
from ..lang.codetree import Code, call, code, has, local, render, state, unmemo, uses, walk
from ..lang.expressions import Scope, Typed, py_name
from ..lang.types import ExprError
from ..model import TYPED_CHOICES
from ..parts import bind_parts
from .stepcode import _act_source, _enter_source, _follow_source, _word
from .context import CompileContext, _DefAwareCompiler
from .codeshapes import _computed_before, _parts, _unswitch_tree
from .listing import _PerSeat, _choice_cards, _typed_text
from .sight import Listing, lists_from_sight
from .optimize import UNSET, HotCompiler

_CODE_CACHE: dict = {}     # sha256 of a module's source -> its code object


class HotPath:
    """What :func:`build` made: the module's ``source`` text; ``parts``: step key ->
    the step's ``enter``, ``follow`` and (a decision) ``legal`` functions and
    ``lists_from_sight`` (the :class:`~rulekit.model.Step` fields they fill); ``slots``:
    step key -> the global name (``_S3``) by which the module's code reads the step,
    bound to the finished step when the model is built (:mod:`.building`)."""
    __slots__ = ("source", "parts", "slots")

    def __init__(self, source: str, parts: dict, slots: dict):
        self.source, self.parts, self.slots = source, parts, slots


def build(c: CompileContext, phases: dict, action_cls, name: str = "") -> HotPath:
    """Write and compile the legal-action function of every decision step of
    ``phases`` (read from the compiled model: each action's ``choose`` tree and
    ``legal_text``), and every step's enter and follow functions, in the ruleset's
    namespace; ``action_cls`` is the class of the actions it builds; ``name`` the
    ruleset's (for the module's first comment). Returns them as a :class:`HotPath`."""
    hc = HotCompiler(c)
    ns = c.ns
    ns.update(_U=UNSET, _new=tuple.__new__, _A=action_cls, _choice_cards=_choice_cards,
              _ORDER=c.cards.rank_of, _NOCARDS=(), set=set, frozenset=frozenset,
              _map=map)
    ns.update(_Fault=RulesetFault, Exception=Exception, str=str, int=int, _typed_text=_typed_text,
              _bind_parts=bind_parts, _raw=list.__getitem__)
    parts, attach, listings = [], [], {}
    ids, steps = {}, {}
    for phase in phases.values():
        for step in phase.steps.values():
            ids[step.key] = len(ids)
            steps[step.key] = step
    for phase in phases.values():
        for step in phase.steps.values():
            n = ids[step.key]
            parts.append(_enter_source(c, n, step))
            attach.append((step, "enter", f"_enter_{n}"))
            parts.append(_follow_source(c, n, step, ids, steps))
            attach.append((step, "follow", f"_follow_{n}"))
            if step.decides and step.actors is None:
                parts.append(_act_source(c, n, step, ids, steps))
                attach.append((step, "act", f"_act_{n}"))
            if step.decides:
                text, listings[n] = _legal_source(c, hc, f"_legal_{n}", step, phase,
                                                  action_cls)
                parts.append(text)
                attach.append((step, "legal", f"_legal_{n}"))
    source = (f"# generated by rulekit from ruleset {_word(name)}: for "
              "each step, entering it, following its transitions and (a decision) its "
              "legal actions\n" + "\n\n".join(parts) + "\n")
    key = hashlib.sha256(source.encode("utf-8")).hexdigest()
    code = _CODE_CACHE.get(key)
    if code is None:
        code = _CODE_CACHE[key] = compile(source, GENERATED, "exec")
    exec(code, ns)
    made: dict = {k: {} for k in ids}
    for step, attr, fname in attach:
        made[step.key][attr] = ns[fname]
        if attr == "legal":             # (from the listing's trees, as it was written)
            made[step.key]["lists_from_sight"] = lists_from_sight(listings[ids[step.key]],
                                                                  c.zones)
    return HotPath(source, made, {k: f"_S{n}" for k, n in ids.items()})


def _line(*parts) -> Code:
    """A line of a generated function: ``str`` pieces and code trees."""
    return code("line", [p for p in parts if isinstance(p, Code) or p != ""])


def _pad(pad: str, line) -> Code:
    """``line`` indented by ``pad`` more."""
    return code("line", [pad, line])


def _legal_source(c: CompileContext, hc: HotCompiler, fname: str, step, phase,
                  action_cls) -> tuple:
    """(the source text of the listing function(s) ``fname`` of decision ``step``,
    its :class:`Listing`)."""
    body, looped, seatly = [], [], []
    hc.memo, hc.loads, hc.loaded, hc.cells = {}, {}, {}, {}
    for i, a in enumerate(step.actions):
        if a.parts is not None or a.kind == "parts":   # decided in parts, never listed
            continue                                   # (rulekit.runtime.choices)
        dname = f"_D_{fname}_{i}"
        c.ns[dname] = a
        name = c.text(a.name)
        legal = None
        if a.var is None:
            if a.legal_text is not None:
                legal = _expr(c, hc, a.legal_text, Scope(specials=frozenset({"actor"})))
            c.ns[f"_C{dname}"] = _PerSeat(action_cls, a, "none")
            line = f"out.append(_C{dname}[seat])"
            body += [_line("if ", legal, ":"), "    " + line] if legal else [line]
            continue
        dom = _typed(c, hc, a.choose.domain,
                     Scope(specials=frozenset({"actor"})))
        vtype = a.kind if a.kind in TYPED_CHOICES else "card" if dom.type in ("cards", "zone") \
            else "play" if dom.type == "list" else "any"
        var = py_name(a.var)
        v = local(var, "var")
        # the domain's parts (a concatenation `A + B` is looped part by part, every
        # part computed first, in order, as the whole list would be)
        parts = [(hc.single_domain(p), p) for p in _parts(unmemo(dom.code))]
        shared = len(parts) > 1
        kinds = {one is not None for one, _ in parts}
        conds = {}
        for single in sorted(kinds):
            hc.vmemo = {}
            if single:
                hc.single, hc.zone_cards = {var: "_one"}, {"_one"}
            elif dom.zone is not None and not shared:
                hc.zone_cards = {var}
            legal = None
            if a.legal_text is not None:
                scope = Scope(pylocals={a.var: vtype}, specials=frozenset({"actor"}),
                              varying=frozenset({a.var}))
                # compiled once, counting what varies with the item and is written
                # twice; again only if something is, to compute that once per item
                # (how its uses are written changes with it)
                hc.counting, temps = {}, hc.temps
                legal = _expr(c, hc, a.legal_text, scope)
                hc.repeated, hc.counting = hc.counting, None
                if any(n > 1 for n in hc.repeated.values()):
                    hc.temps = temps
                    legal = _expr(c, hc, a.legal_text, scope)
                looped.append(legal)
            conds[single] = (legal, list(hc.vmemo.values()))
            hc.single, hc.zone_cards = {}, set()
        one_ = local("_one", "one")
        if shared:
            body.append(f"seen_{i} = set()")
            for k, (one, part) in enumerate(parts):    # in order, as the whole list would be
                body.append(_line(f"_d{i}_{k} = ", one) if one is not None else
                            _line(f"_d{i}_{k} = list(", part, ")"))
        for k, (one, part) in enumerate(parts):
            legal, vmemo = conds[one is not None]
            inner = [_line("if ", legal, ":")] if legal else []
            if vmemo:
                inner.insert(0, " = ".join(vmemo) + " = _u")
            pad = "    " if legal else ""
            if not legal and not shared and (one is not None or dom.zone is not None):
                # every card of a zone, no condition: its actions listed in C
                kind = "play" if one is not None else "card"
                cache = _cache(c, action_cls, a, dname, kind, seatly)
                body.append(_line(f"out += _map({cache}.__getitem__, ", one or dom.code, ")"))
                continue
            split = _unswitch_tree(legal, {var, "_one"}) if legal and not shared and not vmemo \
                and (one is not None or dom.zone is not None) else None
            if split is not None and not isinstance(split, Code):   # (a split: not a loop)
                body += _unswitched(c, action_cls, a, dname, seatly, split, one, dom.code,
                                    v, i)
                continue
            if one is not None:
                body.append(_line("for _one in ", f"_d{i}_{k}" if shared else one, ":"))
                if legal and uses(legal, {var}):
                    inner.insert(0, _line(v, " = [", one_, "]"))
                cache = _cache(c, action_cls, a, dname, "play", seatly)
                line = f"out.append({cache}[_one])"
                if shared:
                    inner += [pad + f"if _one not in seen_{i}:", pad + f"    seen_{i}.add(_one)",
                              pad + "    " + line]
                else:
                    inner.append(pad + line)
            elif dom.zone is not None and not shared:   # a zone holds distinct cards
                body.append(_line("for ", v, " in ", dom.code, ":"))
                cache = _cache(c, action_cls, a, dname, "card", seatly)
                line = f"out.append({cache}[{var}])"
                inner.append(pad + line)
            elif a.kind in TYPED_CHOICES:      # a seat, number, rank, suit or word
                if not shared:
                    body.append(f"seen_{i} = set()")
                body.append(_line("for ", v, " in ", f"_d{i}_{k}" if shared else part, ":"))
                inner += [_line(pad + "t = ", call("_typed_text", [local(dname, "defn"), v],
                                                   state=True)),
                          pad + f"if {var} not in seen_{i}:",
                          pad + f"    seen_{i}.add({var})",
                          pad + f"    out.append(_new(_A, ({name}, (), seat, {var}, {dname}, "
                                f"{c.text(a.name + ' ')} + t)))"]
            else:
                if not shared:
                    body.append(f"seen_{i} = set()")
                body.append(_line("for ", v, " in ", f"_d{i}_{k}" if shared else part, ":"))
                cache = _cache(c, action_cls, a, dname, "play", seatly)
                inner += [pad + f"if {var}.__class__ is list and len({var}) == 1 "
                                f"and {var}[0].__class__ is str and {var}[0] in _ORDER:",
                          pad + f"    k = {var}[0]",
                          pad + f"    if k not in seen_{i}:",
                          pad + f"        seen_{i}.add(k)",
                          pad + f"        out.append({cache}[k])",
                          pad + "else:",
                          pad + f"    cards = _choice_cards(_ORDER, {dname}, {var})",
                          pad + "    k = frozenset(cards)",
                          pad + "    if len(k) == 1:",
                          pad + "        k = cards[0]",
                          pad + f"    if k not in seen_{i}:",
                          pad + f"        seen_{i}.add(k)",
                          pad + f"        out.append(_new(_A, ({name}, cards, seat, {var}, "
                                f"{dname}, None)))"]
            body += [_pad("    ", ln) for ln in inner]
    actor = state("G.actor", "actor")
    head = [code("line", ["    ", local("seat", "seat"), " = ", actor], top=True), "    _u = _U"] \
        + ["    " + ln for ln in seatly]
    head += [code("line", ["    ", local(name, "load"), " = ", read], top=True)
             for read, name in hc.loads.items()]
    head += [f"    {name} = [_U]" for name in hc.cells.values()]
    lines = head + ["    out = []"] + [_pad("    ", ln) for ln in body] + ["    return out"]
    listing = Listing(lines, {"seat": actor, **hc.loaded}, (fname, fname + "_lazy"))
    comment = (f"    # step {_word(step.key)}: actions "
               f"{_word(', '.join(a.name for a in step.actions)) or '-'}")
    memos = {n.name: n for legal in looped for n in walk(legal) if n.kind == "memo"}
    names = list(hc.memo.values())
    # before the loop: what the loop reads, unless it iterates itself (a lambda, or the
    # loop a lambda's built-in became): that
    # may cost more than the loop, and a short-circuit may never need it; or it uses a
    # temporary (that is the loop's)
    eager = [n for n in names if n in memos
             and not has(memos[n].kids[-1], lambda x: x.kind in ("lambda", "oneoff", "gen",
                                                                 "listcomp")
                         or (x.kind == "call" and x.fn == "_scan")
                         or (x.kind == "local" and x.role == "temp"))]
    lazy = [n for n in names if n not in eager]
    init = ["    " + " = ".join(lazy) + " = _u"] if lazy else []
    text = [str(ln) for ln in lines]
    if not eager:
        return "\n".join([f"def {fname}(G):", comment] + text[:2] + init + text[2:]), listing
    # the memos read inside the loop, computed once before it (so the loop reads plain
    # locals); if computing one fails, the lazy version runs instead and fails (or not)
    # exactly where the plain semantics would
    fast = [render(ln, _computed_before(set(eager), True)) for ln in lines]
    kept = _computed_before(set(eager), False)
    top = 2 + len(seatly) + len(hc.loads) + len(hc.cells)
    return "\n".join(
        [f"def {fname}_lazy(G):", comment + " (each value computed where first needed)"]
        + text[:top] + ["    " + " = ".join(names) + " = _u"] + text[top:] + ["", ""]
        + [f"def {fname}(G):", comment] + fast[:top] + init
        + ["    try:"] + [f"        {n} = {render(memos[n].kids[-1], kept)}" for n in eager]
        + ["    except Exception:", f"        return {fname}_lazy(G)"]
        + fast[top:]), listing


def _unswitched(c, action_cls, a, dname: str, seatly: list, split, one, zone,
                v: Code, i: int) -> list:
    """The lines listing a zone's cards (``one``: as one-card plays) whose legal
    condition is split on what does not vary with the card (``split``, see
    :func:`_unswitch_tree`): each such test is evaluated once, when the zone has a card
    (as the loop would, at its first card), and picks the loop that tests the rest
    (``A or ...``: all the cards when A holds; ``A and ...``: none unless A holds)."""
    cache = _cache(c, action_cls, a, dname, "play" if one is not None else "card", seatly)
    item = local("_one", "one") if one is not None else v
    z = local(f"_z{i}", "zone")

    def lines(tree) -> list:
        if isinstance(tree, Code):          # a loop testing the condition
            out = [_line("for ", item, " in ", z, ":")]
            if one is not None and uses(tree, {v.name}):
                out.append(_line("    ", v, " = [", item, "]"))
            return out + [_line("    if ", tree, ":"),
                          _line(f"        out.append({cache}[", item, "])")]
        if len(tree) == 4:                  # ("if", test, then, else)
            _, test, then, other = tree
            return [_line("if ", test, ":")] + [_pad("    ", ln) for ln in lines(then)] \
                + ["else:"] + [_pad("    ", ln) for ln in lines(other)]
        first, op, rest = tree              # (first, "or"/"and", rest): _unswitch's
        inner = [_pad("    ", ln) for ln in lines(rest)]
        if op == "and":
            return [_line("if ", first, ":")] + inner
        return [_line("if ", first, ":"), _line(f"    out += _map({cache}.__getitem__, ", z,
                                                 ")"), "else:"] + inner
    return [_line(z, " = ", one or zone), _line("if ", z, ":")] \
        + [_pad("    ", ln) for ln in lines(split)]


def _cache(c, action_cls, a, dname: str, form: str, seatly: list) -> str:
    """The local name of the seat's one-card actions of ``a`` (``form`` "card" or
    "play", see :class:`_PerSeat`), read once at the top of the function (``seatly``
    gets the line)."""
    local = f"_c{dname[3:]}_{form}"
    if f"_C{dname}{form}" not in c.ns:
        c.ns[f"_C{dname}{form}"] = _PerSeat(action_cls, a, form)
    line = f"{local} = _C{dname}{form}[seat]"
    if line not in seatly:
        seatly.append(line)
    return local


def _typed(c, hc, tree, scope) -> Typed:
    try:
        return hc.node(tree, scope)
    except ExprError:        # cannot happen for a ruleset that compiled; be safe
        return _DefAwareCompiler(c).node(tree, scope)


def _expr(c, hc, text, scope) -> str:
    """The code of expression ``text`` (a condition as written) in ``scope``."""
    try:
        return hc.expr(text, scope).code
    except ExprError:
        return _DefAwareCompiler(c).expr(text, scope).code
