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

Semantics are those of the plain compilation: the same expressions, evaluated in the
same order with the same short-circuits (a value computed once is computed where it
was first needed); an expression the hot-path compiler cannot write (it never should)
falls back to the plain compiler's code for it.
"""
from __future__ import annotations

import ast
import hashlib
import re

from ..errors import GENERATED, RulesetFault
from ..lang.expressions import Scope, Typed, py_name
from ..lang.grammar import parse
from ..lang.types import ExprError
from ..model import TYPED_CHOICES
from .context import CompileContext, _DefAwareCompiler
from .codetext import _concat_parts, _single_domain
from .sight import lists_from_sight
from .optimize import UNSET, HotCompiler

_CODE_CACHE: dict = {}     # sha256 of a module's source -> its code object


def _choice_cards(order, defn, x) -> tuple:
    """The cards of item ``x`` of ``defn``'s choice domain (a card, or a list of cards:
    sorted by rank, or in its own order with ``keep_order``): the action's ``cards``.
    RulesetFault for anything else."""
    if x.__class__ is list:
        if len(x) == 1:
            if x[0].__class__ is not str or x[0] not in order:
                raise RulesetFault(_not_a_choice(defn, x))
            return (x[0],)
        try:
            if defn.keep_order:
                if not all(c.__class__ is str and c in order for c in x):
                    raise KeyError
                return tuple(x)
            return tuple(sorted(x, key=order.__getitem__))
        except (KeyError, TypeError):
            raise RulesetFault(_not_a_choice(defn, x)) from None
    if x.__class__ is str and x in order:
        return (x,)
    raise RulesetFault(_not_a_choice(defn, x))


class _PerSeat(dict):
    """The actions of one action definition that the generated code hands out again and
    again, by seat, each built once when first listed (actions are immutable, so a
    game, its copies and other games of the ruleset share them): ``_PerSeat(cls, defn,
    form)[seat]`` is, for ``form`` ``"none"``, the seat's action without a choice; for
    ``"card"`` and ``"play"``, a :class:`_PerCard` of its one-card actions (the choice
    the card itself, or a one-card play). Slot 5 of each is its action string."""
    __slots__ = ("cls", "defn", "form")

    def __init__(self, cls, defn, form: str):
        super().__init__()
        self.cls, self.defn, self.form = cls, defn, form

    def __missing__(self, seat: int):
        name = self.defn.name
        if self.form == "none":
            made = tuple.__new__(self.cls, (name, (), seat, None, self.defn, name))
        else:
            made = _PerCard(self.cls, self.defn, seat, self.form == "play")
        self[seat] = made
        return made


class _PerCard(dict):
    """By card (a card of the pack, as the generated code only asks for those), the
    one-card action of one definition and seat, built when first listed."""
    __slots__ = ("cls", "defn", "seat", "play")

    def __init__(self, cls, defn, seat: int, play: bool):
        super().__init__()
        self.cls, self.defn, self.seat, self.play = cls, defn, seat, play

    def __missing__(self, card: str):
        name = self.defn.name
        made = tuple.__new__(self.cls, (name, (card,), self.seat,
                                        [card] if self.play else card, self.defn,
                                        name + " " + card))
        self[card] = made
        return made


def _typed_text(G, defn, x) -> str:
    """The text of item ``x`` of a typed choice domain of ``defn`` (kind seat, int,
    rank, suit or str: see :data:`rulekit.model.TYPED_CHOICES`), as its action string
    shows it: a number, a rank's name, the suit or word itself. RulesetFault for an
    item that is not of the kind (a seat out of range, a word with a space, ...)."""
    kind = defn.kind
    if kind in ("seat", "int", "rank"):
        if x.__class__ is int:
            if kind == "int":
                return str(x)
            if kind == "seat" and 0 <= x < G.n:
                return str(x)
            ranks = G.rules.ranks
            if kind == "rank" and 0 <= x < len(ranks):
                return ranks[x]
    elif x.__class__ is str and x and x.isprintable() and "," not in x \
            and not any(ch.isspace() for ch in x) and (kind == "str" or x in G.rules.suits):
        return x
    shown = x if isinstance(x, (int, str)) else type(x).__name__
    what = {"seat": "a seat of this game", "int": "a whole number", "rank": "a rank",
            "suit": "a suit of the pack", "str": "a word (text without spaces or commas)"}[kind]
    raise RulesetFault(f"action '{defn.name}' offers {shown!r}, which is not {what} (its "
                       f"choices are {kind}s)")


def _not_a_choice(action, item) -> str:
    shown = item if isinstance(item, (int, str)) else type(item).__name__
    return (f"action '{action.name}' offers {shown!r}, which is not a card or a list of "
            "cards (a choice domain lists cards or plays)")


def build(c: CompileContext, phases: dict, action_cls) -> str:
    """Write, compile and attach (``step.legal``) the legal-action function of every
    decision step of ``phases``; ``action_cls`` is the class of the actions it builds.
    Returns the module's source text."""
    hc = HotCompiler(c)
    ns = c.ns
    ns.update(_U=UNSET, _new=tuple.__new__, _A=action_cls, _choice_cards=_choice_cards,
              _ORDER=c.cards.rank_of, _NOCARDS=(), set=set, frozenset=frozenset,
              _map=map)
    ns.update(_Fault=RulesetFault, Exception=Exception, str=str, _typed_text=_typed_text)
    parts, attach = [], []
    ids = {}
    for phase in phases.values():
        for step in phase.steps.values():
            ids[id(step)] = len(ids)
            ns[f"_S{ids[id(step)]}"] = step
    for phase in phases.values():
        for step in phase.steps.values():
            n = ids[id(step)]
            parts.append(_enter_source(c, n, step))
            attach.append((step, "enter", f"_enter_{n}"))
            parts.append(_follow_source(c, n, step, ids))
            attach.append((step, "follow", f"_follow_{n}"))
            if step.decides:
                parts.append(_legal_source(c, hc, f"_legal_{n}", step, phase, action_cls))
                attach.append((step, "legal", f"_legal_{n}"))
    source = (f"# generated by rulekit from ruleset {_word(c.data.get('name', ''))}: for "
              "each step, entering it, following its transitions and (a decision) its "
              "legal actions\n" + "\n\n".join(parts) + "\n")
    key = hashlib.sha256(source.encode("utf-8")).hexdigest()
    code = _CODE_CACHE.get(key)
    if code is None:
        code = _CODE_CACHE[key] = compile(source, GENERATED, "exec")
    exec(code, ns)
    for step, attr, fname in attach:
        setattr(step, attr, ns[fname])
        if attr == "legal":
            step.lists_from_sight = lists_from_sight(source, (fname, fname + "_lazy"),
                                                     c.zones)
    return source


def _word(text) -> str:
    """``text`` for a comment of generated code: letters, digits and ``_ .,-`` only."""
    return re.sub(r"[^\w .,-]", "?", str(text), flags=re.ASCII)[:80]


def _body(block, pad: str = "") -> list:
    """The source lines of a compiled effect list (its function's body, one level
    deep), indented by ``pad`` more; [] for an empty one."""
    if not block.source:
        return []
    return [pad + ln for ln in block.source.split("\n")[1:] if ln != "    pass"]


def _enter_source(c, n: int, step) -> str:
    return "\n".join([f"def _enter_{n}(G):",
                      f"    # enter step {_word(step.key)}: run its do",
                      f"    G.step = _S{n}", f"    G.phase = {c.text(step.phase)}",
                      "    L = G._L = {}"] + _body(step.do) + [f"    return _S{n}"])


def _enter_inline(c, n: int, step) -> list:
    """Lines that enter ``step`` (number ``n``) and return it: its enter function's body
    written in place when its ``do`` is short, else a call of it."""
    body = _body(step.do)
    if len(body) > 3:
        return [f"return _enter_{n}(G)"]
    return [f"G.step = _S{n}", f"G.phase = {c.text(step.phase)}", "L = G._L = {}"] \
        + [ln[4:] for ln in body] + [f"return _S{n}"]


def _follow_source(c, n: int, step, ids) -> str:
    lines = [f"def _follow_{n}(G, L):", f"    # step {_word(step.key)}: take the first "
             "transition whose condition holds, enter its target"]
    for k, tr in enumerate(step.transitions):
        if tr.target is None:
            continue
        target = _enter_inline(c, ids[id(tr.target)], tr.target)
        if tr.cond_code == "True":
            lines += _body(tr.do) + ["    " + ln for ln in target]
            break
        lines += [f"    if {tr.cond_code}:"] + _body(tr.do, "    ") + ["        " + ln for ln in target]
    else:
        lines.append(f"    raise _Fault({c.text('a bad value (no transition of step ' + step.key + ' applies)')})")
    return "\n".join(lines)


def _legal_source(c: CompileContext, hc: HotCompiler, fname: str, step, phase,
                  action_cls) -> str:
    body, looped, seatly = [], [], []
    hc.memo, hc.plain, hc.loads, hc.cells = {}, {}, {}, {}
    for i, a in enumerate(step.actions):
        dname = f"_D_{fname}_{i}"
        c.ns[dname] = a
        path = ("phases", phase.name, "actions", a.name)
        name = c.text(a.name)
        legal = None
        if a.var is None:
            if "legal" in c.data["phases"][phase.name]["actions"][a.name]:
                legal = _expr(c, hc, path + ("legal",), Scope(specials=frozenset({"actor"})))
            c.ns[f"_C{dname}"] = _PerSeat(action_cls, a, "none")
            line = f"out.append(_C{dname}[seat])"
            body += [f"if {legal}:", "    " + line] if legal else [line]
            continue
        tree = parse(c.data["phases"][phase.name]["actions"][a.name]["choose"], "choose_stmt")
        dom = _typed(c, hc, path + ("choose",), tree.children[1],
                     Scope(specials=frozenset({"actor"})))
        vtype = a.kind if a.kind in TYPED_CHOICES else "card" if dom.type in ("cards", "zone") \
            else "play" if dom.type == "list" else "any"
        var = py_name(a.var)
        # the domain's parts (a concatenation `A + B` is looped part by part, every
        # part computed first, in order, as the whole list would be)
        parts = [(_single_domain(hc, p), p) for p in _concat_parts(dom.code)]
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
            if "legal" in c.data["phases"][phase.name]["actions"][a.name]:
                scope = Scope(pylocals={a.var: vtype}, specials=frozenset({"actor"}),
                              varying=frozenset({a.var}))
                hc.counting, temps = {}, hc.temps
                _expr(c, hc, path + ("legal",), scope)
                hc.repeated, hc.counting, hc.temps = hc.counting, None, temps
                legal = _expr(c, hc, path + ("legal",), scope)
                looped.append(legal)
            conds[single] = (legal, list(hc.vmemo.values()))
            hc.single, hc.zone_cards = {}, set()
        if shared:
            body.append(f"seen_{i} = set()")
            for k, (one, code) in enumerate(parts):    # in order, as the whole list would be
                body.append(f"_d{i}_{k} = {one}" if one is not None else
                            f"_d{i}_{k} = list({code})")
        for k, (one, code) in enumerate(parts):
            legal, vmemo = conds[one is not None]
            inner = [f"if {legal}:"] if legal else []
            if vmemo:
                inner.insert(0, " = ".join(vmemo) + " = _u")
            pad = "    " if legal else ""
            if not legal and not shared and (one is not None or dom.zone is not None):
                # every card of a zone, no condition: its actions listed in C
                kind = "play" if one is not None else "card"
                cache = _cache(c, action_cls, a, dname, kind, seatly)
                body.append(f"out += _map({cache}.__getitem__, {one or dom.code})")
                continue
            split = _unswitch(legal, {var, "_one"}) if legal and not shared and not vmemo \
                and (one is not None or dom.zone is not None) else None
            if split is not None:
                body += _unswitched(c, action_cls, a, dname, seatly, split, one, dom.code,
                                    var, i)
                continue
            if one is not None:
                body.append(f"for _one in {f'_d{i}_{k}' if shared else one}:")
                if legal and re.search(rf"\b{var}\b", legal):
                    inner.insert(0, f"{var} = [_one]")
                cache = _cache(c, action_cls, a, dname, "play", seatly)
                line = f"out.append({cache}[_one])"
                if shared:
                    inner += [pad + f"if _one not in seen_{i}:", pad + f"    seen_{i}.add(_one)",
                              pad + "    " + line]
                else:
                    inner.append(pad + line)
            elif dom.zone is not None and not shared:   # a zone holds distinct cards
                body.append(f"for {var} in {dom.code}:")
                cache = _cache(c, action_cls, a, dname, "card", seatly)
                line = f"out.append({cache}[{var}])"
                inner.append(pad + line)
            elif a.kind in TYPED_CHOICES:      # a seat, number, rank, suit or word
                if not shared:
                    body.append(f"seen_{i} = set()")
                body.append(f"for {var} in {f'_d{i}_{k}' if shared else code}:")
                inner += [pad + f"t = _typed_text(G, {dname}, {var})",
                          pad + f"if {var} not in seen_{i}:",
                          pad + f"    seen_{i}.add({var})",
                          pad + f"    out.append(_new(_A, ({name}, (), seat, {var}, {dname}, "
                                f"{c.text(a.name + ' ')} + t)))"]
            else:
                if not shared:
                    body.append(f"seen_{i} = set()")
                body.append(f"for {var} in {f'_d{i}_{k}' if shared else code}:")
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
            body += ["    " + ln for ln in inner]
    head = ["    seat = G.actor", "    _u = _U"] + ["    " + ln for ln in seatly]
    head += [f"    {name} = {code}" for code, name in hc.loads.items()]
    head += [f"    {name} = [_U]" for name in hc.cells.values()]
    text = "\n".join(head + ["    out = []"] + ["    " + ln for ln in body] + ["    return out"])
    comment = (f"    # step {_word(step.key)}: actions "
               f"{_word(', '.join(a.name for a in step.actions)) or '-'}")
    forms = {name: f"({name} if {name} is not _u else ({name} := {code}))"
             for code, name in hc.memo.items()}
    inloop = "\n".join(looped)
    # before the loop: what the loop reads, unless it iterates itself (a lambda): that
    # may cost more than the loop, and a short-circuit may never need it
    eager = [n for n in forms if re.search(rf"\b{n}\b", inloop)
             and "(lambda" not in hc.plain[forms[n]]
             and not re.search(r"\b_t\d+\b", hc.plain[forms[n]])]   # temps are the loop's
    lazy = [n for n in forms if n not in eager]
    init = ["    " + " = ".join(lazy) + " = _u"] if lazy else []
    if not eager:
        return "\n".join([f"def {fname}(G):", comment] + text.split("\n", 2)[:2]
                         + init + text.split("\n", 2)[2:])
    # the memos read inside the loop, computed once before it (so the loop reads plain
    # locals); if computing one fails, the lazy version runs instead and fails (or not)
    # exactly where the plain semantics would
    fast = text
    assign = {n: hc.plain[forms[n]] for n in eager}
    for n in reversed(eager):
        fast = fast.replace(forms[n], n)
        fast = re.sub(rf"\b{n} is _U or ", "", fast)   # computed already: nothing to force
        assign = {k: v.replace(forms[n], n) for k, v in assign.items()}
    lazy_all = ["    " + " = ".join(forms) + " = _u"]
    lines = text.split("\n")
    top = 2 + len(seatly) + len(hc.loads) + len(hc.cells)
    return "\n".join(
        [f"def {fname}_lazy(G):", comment + " (each value computed where first needed)"]
        + lines[:top] + lazy_all + lines[top:] + ["", ""]
        + [f"def {fname}(G):", comment] + fast.split("\n")[:top] + init
        + ["    try:"] + [f"        {n} = {assign[n]}" for n in eager]
        + ["    except Exception:", f"        return {fname}_lazy(G)"]
        + fast.split("\n")[top:])


def _unswitch(code: str, items: set) -> tuple | None:
    """(first, "or"/"and", rest) when legal condition ``code`` is ``A or B ...`` (or
    ``A and B ...``) whose first operand ``A`` reads none of ``items`` (the chosen
    item's names), as texts cut from ``code`` (so memos keep their exact text); else
    None."""
    try:
        tree = ast.parse(code, mode="eval").body
    except SyntaxError:
        return None
    if not isinstance(tree, ast.BoolOp):
        return None
    values = _operands(tree)        # ((A and B) and C) is A and B and C
    if any(v.lineno != 1 or v.end_lineno != 1 for v in values):
        return None
    first = values[0]
    if any(isinstance(n, ast.Name) and n.id in items for n in ast.walk(first)):
        return None
    raw = code.encode("utf-8")
    cut = [f"({raw[v.col_offset:v.end_col_offset].decode('utf-8')})" for v in values]
    op = "or" if isinstance(tree.op, ast.Or) else "and"
    return cut[0], op, f" {op} ".join(cut[1:])


def _operands(node) -> list:
    """The operands of a chain of one boolean operator, nested ones flattened."""
    out = []
    for v in node.values:
        out += _operands(v) if isinstance(v, ast.BoolOp) and type(v.op) is type(node.op) \
            else [v]
    return out


def _unswitched(c, action_cls, a, dname: str, seatly: list, split: tuple, one, zone: str,
                var: str, i: int) -> list:
    """The lines listing a zone's cards (``one``: as one-card plays) whose legal
    condition's first operand does not vary with the card (see :func:`_unswitch`): it
    is evaluated once, when the zone has a card (as the loop would, at its first card),
    and decides for every card (``A or ...``: all of them; ``A and ...``: none) or
    leaves the rest of the condition to the loop."""
    first, op, rest = split
    cache = _cache(c, action_cls, a, dname, "play" if one is not None else "card", seatly)
    item = "_one" if one is not None else var
    z = f"_z{i}"
    loop = [f"for {item} in {z}:"]
    if one is not None and re.search(rf"\b{var}\b", rest):
        loop.append(f"    {var} = [_one]")
    loop += [f"    if {rest}:", f"        out.append({cache}[{item}])"]
    if op == "and":
        return [f"{z} = {one or zone}", f"if {z} and {first}:"] + ["    " + ln for ln in loop]
    return [f"{z} = {one or zone}", f"if {z}:", f"    if {first}:",
            f"        out += _map({cache}.__getitem__, {z})", "    else:"] \
        + ["        " + ln for ln in loop]


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


def _typed(c, hc, path, tree, scope) -> Typed:
    try:
        return hc.node(tree, scope)
    except ExprError:        # cannot happen for a ruleset that compiled; be safe
        return _DefAwareCompiler(c).node(tree, scope)


def _expr(c, hc, path, scope) -> str:
    from .context import _get
    text = _get(c.data, path)
    try:
        return hc.expr(text, scope).code
    except ExprError:
        return _DefAwareCompiler(c).expr(text, scope).code
