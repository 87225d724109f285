"""Why a typed action is not legal, in words a player understands.

:func:`why_not` tells an unknown word (with the nearest action), an action not offered
now, a card the seat does not hold, a choice outside the action's choices, and, for an
action the seat could name, which part of its ``legal`` condition fails for that
choice, in the words of the constructs (:mod:`rulekit.analysis.words`) with the values
that matter: ``7S does not beat the play to beat (4C): ...``. It runs only when a
person types an illegal move, so it evaluates the condition's parts one by one (each
compiled like ``game.evaluate`` does) instead of using the fast generated code.
"""
from __future__ import annotations

import difflib

from ..analysis.words import Words
from ..errors import CardError, RulesetError, RulesetFailure
from ..lang.grammar import parse
from ..lang.syntax import walk
from ..lang.types import ExprError
from .part_reasons import parted_offered, why_parts

_LISTS = ("cards", "play", "zone")


def why_not(game, seat: int, text: str, actions) -> str:
    """Why ``text``, typed by ``seat``, is not one of ``actions`` (that seat's legal
    actions now), in words: an unknown word (with the nearest action name), an action
    not offered now, a card the seat does not hold, a choice that is not among the
    action's choices, or the part of the action's ``legal`` condition that fails for
    that choice (``7S does not beat the play to beat (4C): ...``). Cards alone are read
    as the listed action that takes cards. Returns one line of text (no trailing
    period); never raises for what a person may type."""
    words = text.replace(",", " ").split()
    word = words[0].lower() if words else ""
    parted = game.parted_actions(seat)          # choices in parts, listed or not
    names = list(dict.fromkeys([a.name for a in actions] + [d.name for d in parted]))
    rules = game.rules
    known = {a.name.lower() for phase in rules.phases.values() for a in phase.actions.values()}
    shown = word if len(word) <= 20 else word[:17] + "..."
    if word not in known:               # cards alone: as the action that takes them
        try:
            cards = [rules.parse_card(w) for w in words]
        except CardError:
            cards = []
        takers = [n for n in names if any(a.name == n and a.cards for a in actions)]
        if cards and takers:
            return why_not(game, seat, f"{takers[0]} {text}", actions)
        near = difflib.get_close_matches(word, names, n=1)
        return (f"'{shown}' is not an action here" + (f"; did you mean '{near[0]}'?" if near
                else "") + f" (actions now: {', '.join(names) or 'none'})")
    if word not in {n.lower() for n in names}:
        return f"'{shown}' cannot be taken now (actions now: {', '.join(names) or 'none'})"
    defn = _action(game, word, actions, parted)
    hand = [c for zone, decl in rules.zones.items() if decl.per == "seat" and not decl.row
            for c in game.z[zone][seat]]
    try:
        named = [rules.parse_card(w) for w in words[1:]]
    except CardError:
        named = []
    shape = _shape(defn, words[1:], named, actions)
    if shape:
        return shape
    try:
        reasons = Reasons(game, seat, defn)
        offered = reasons.offered()             # cards the choice may take besides a hand's
        missing = [c for c in named if c not in hand and c not in offered]
        if missing and all(c in rules.pack for c in missing):
            return f"you do not hold {' '.join(missing)}"
        return reasons.why(words[1:], named, actions)
    except _FAILURES:
        missing = [c for c in named if c not in hand]
        if missing and all(c in rules.pack for c in missing):
            return f"you do not hold {' '.join(missing)}"
        return _fallback(game, defn)


def _shape(defn, said: list, named: list, actions) -> str:
    """What is wrong with the form of the choice, not its cards: words after an action
    that takes none, a card named twice, several cards for an action that takes one;
    '' when the form is right."""
    mine = [a for a in actions if a.defn is defn]
    if defn.kind == "parts":
        return ""
    if defn.var is None and said:
        return f"{defn.name} takes no choice: type '{defn.name}' alone"
    twice = next((c for c in named if named.count(c) > 1), None)
    if twice is not None:
        return f"{twice} is named twice (a card can be chosen once)"
    if len(named) > 1 and mine and all(len(a.cards) == 1 for a in mine):
        return f"{defn.name} takes one card, such as '{mine[0]}'"
    return ""


_FAILURES = (RulesetFailure, RulesetError, ExprError, ValueError, TypeError, KeyError)


def _action(game, word: str, actions, parted=()):
    """The ActionDef named ``word`` among the seat's legal ``actions`` and choices in
    parts ``parted``."""
    return next(iter([a.defn for a in actions if a.name.lower() == word]
                     + [d for d in parted if d.name.lower() == word]))


def _fallback(game, defn) -> str:
    """The action's condition in words, when no finer reason can be given."""
    legal = defn.legal_text
    doc = f" ({defn.doc})" if defn.doc else ""
    if legal is None:
        return "that choice is not offered now" + doc
    w = Words(game.rules, {"actor": "you"})
    return f"{defn.name} is allowed when {w.text(legal)}" + doc


class Reasons:
    """The failing part of one action's ``legal`` condition, for one seat and choice."""

    def __init__(self, game, seat: int, defn):
        self.game = game.clone()
        self.game.actor = seat              # the condition reads actor: this seat
        self.rules = game.rules
        self.defn = defn
        self.seat = seat
        self._known = None

    def why(self, said: list, named: list, actions) -> str:
        """Why the choice ``said`` (its words; ``named``: the cards they name) of this
        action is not legal now."""
        defn = self.defn
        names = Bound()
        if defn.kind == "parts":
            return why_parts(self, said, names)
        if defn.var is not None:
            if not said:
                examples = [str(a) for a in actions if a.defn is defn][:3]
                return (f"{defn.name} needs its choice, such as "
                        + " or ".join(f"'{e}'" for e in examples))
            choice = self._choice(said, named)
            if choice is None:
                return f"'{' '.join(said)}' is not a choice of {defn.name}"
            names[defn.var] = choice
            outside = self._outside(choice)
            if outside:
                return outside
        legal = defn.legal_text
        if legal is None or self.value(str(legal), names):
            return "that choice is not offered now"
        return self.reason(" ".join(str(legal).split()), names, depth=2)

    def offered(self) -> set:
        """Every card in the action's choices now (a card, or the cards of a play):
        the seat's hand, or the table's cards too (a choice of a table card and a card
        of the hand); empty for an action without a choice."""
        if self.defn.kind == "parts":
            return parted_offered(self)
        domain = self._domain()
        if domain is None:
            return set()
        _, items = domain
        out = set()
        for x in items:
            out.update(x if isinstance(x, list) else [x])
        return out

    def _domain(self):
        """(the domain's parsed node, its items now) of the action's choice, or None."""
        tree = self.defn.choose
        if tree is None or tree.kind != "choose_in":
            return None
        return tree.domain, self.value(tree.domain.text, {})

    # ---- the choice ------------------------------------------------------------------
    def _choice(self, said: list, named: list):
        """The value the words ``said`` choose: a card, a play (its cards in the order
        the domain lists them: by rank, or as typed with keep_order), or a typed value;
        None if they name none."""
        kind = self.defn.kind
        rules = self.rules
        if kind == "card":
            return named[0] if len(named) == 1 else None
        if kind == "play":
            if not named:
                return None
            return list(named) if self.defn.keep_order else \
                sorted(named, key=rules.card_order.__getitem__)
        text = " ".join(said)
        if kind in ("seat", "int"):
            return int(text) if text.lstrip("-").isdigit() and len(text) < 10 else None
        if kind == "rank":
            low = str(rules.cards.aliases.get(text, text)).upper()
            return next((i for i, r in enumerate(rules.ranks) if r.upper() == low), None)
        if kind == "suit":
            return next((s for s in rules.suits if s.upper() == text.upper()), None)
        return text

    def _outside(self, choice) -> str | None:
        """Words saying the choice is not among the action's choices now, or None."""
        domain = self._domain()
        if domain is None:
            return None
        node, items = domain
        if isinstance(choice, list):
            inside = any(isinstance(x, list) and sorted(x) == sorted(choice) for x in items)
        else:
            inside = choice in items
        if inside:
            return None
        shown = self.show(choice, "play" if isinstance(choice, list) else None)
        return f"{shown} is not one of {self.words(Bound()).node(node).text}"

    # ---- evaluating ----------------------------------------------------------------------
    def typed(self, text: str, names: dict):
        """(value, static type) of expression ``text`` now, ``names`` bound."""
        fn, typ = self.rules.expressions.compile(text, tuple(names))
        return self.game.call_ruleset(fn, dict(names)), typ

    def value(self, text: str, names: dict):
        return self.typed(text, names)[0]

    def show(self, value, typ: str | None) -> str:
        """A value as a player reads it: a card ``4C``, cards ``5H 6H``, ``seat 2``, a
        rank's name, a suit, a number; ``none`` for null."""
        rules = self.rules
        if value is None:
            return "none"
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, str):
            return value
        if isinstance(value, list):
            if all(isinstance(x, str) and x in rules.cards.order for x in value):
                return " ".join(value) if value else "no cards"
            return "[" + ", ".join(self.show(x, None) for x in value) + "]"
        if typ == "seat":
            return f"seat {value}"
        if typ == "rank" and isinstance(value, int) and 0 <= value < len(rules.ranks):
            return rules.ranks[value]
        return str(value)

    def words(self, names: dict, src: str = "", notes: dict | None = None) -> Words:
        """The words writer: ``actor`` is "you", bound names read as their values (or as
        ``names.display`` says), and the nodes in ``notes`` show their value after their
        words (a list as the items of the type of the node ``notes`` pairs it with:
        ``rank(c) in low`` shows ranks); not a list of more than four cards."""
        shown = {k: self.show(v, None) for k, v in names.items()}
        shown.update(getattr(names, "display", {}))
        notes = notes or {}

        def note(node):
            if id(node) not in notes or (node.kind == "name"
                                         and node.name in ("actor", *shown)):
                return None
            if self._reads_secret(node, set()):
                return None                     # a value this seat may not see
            try:
                value, typ = self.typed(node.text, names)
                if self._unknown(value):
                    return None                 # a card this seat does not know
                partner = notes[id(node)]
                if partner is not None and isinstance(value, list):
                    typ = self.typed(partner.text, names)[1]
                    return "[" + ", ".join(self.show(x, typ) for x in value) + "]"
            except (RulesetFailure, ExprError):
                return None
            if isinstance(value, list) and len(value) > 4 and all(
                    isinstance(x, str) for x in value):
                return None                     # a whole hand: the player sees it
            return self.show(value, typ)
        return Words(self.rules, {"actor": "you", **shown}, note)

    def _reads_secret(self, node, seen: set) -> bool:
        """Whether ``node`` reads a variable seats may not see whole (``see: owner`` or
        ``none``), itself or through a definition it uses."""
        secret = {name for name, *_ in self.rules.secret_vars}
        if not secret:
            return False
        for n in walk(node):
            if n.kind not in ("name", "call"):
                continue
            if n.name in secret:
                return True
            info = self.rules.definitions.get(n.name)
            if info is not None and n.name not in seen and isinstance(info.text, str):
                seen.add(n.name)
                if self._reads_secret(parse(" ".join(info.text.split()), "expr"), seen):
                    return True
        return False

    def _unknown(self, value) -> bool:
        """Whether ``value`` holds a card (at any depth) this seat does not know: one its
        view does not show, and not face up to everyone this hand."""
        if self._known is None:
            known = set(self.game.public)
            todo = list(self.game.view(self.seat)["zones"].values())
            while todo:                     # (a row per seat nests its piles by seat)
                item = todo.pop()
                if isinstance(item, list):
                    todo.extend(item)
                else:
                    known.add(item)
            self._known = known
        pack = self.rules.card_order
        todo = [value]
        while todo:
            v = todo.pop()
            if isinstance(v, list):
                todo.extend(v)
            elif isinstance(v, str) and v in pack and v not in self._known:
                return True
        return False

    # ---- the reason ----------------------------------------------------------------------
    def reason(self, src: str, names: dict, depth: int) -> str:
        """Why the condition ``src`` (known to be false, ``names`` bound) is false."""
        return self._why(parse(src, "expr"), src, names, depth)

    def _why(self, t, src: str, names: dict, depth: int, facts: bool = False) -> str:
        """Why node ``t`` of ``src`` is false: the conjunct of an ``and`` that fails;
        for an ``or``, none of its alternatives holds (listed; with ``facts``, as what
        is so instead); the branch an ``if`` took; a definition, one level down."""
        data = t.kind
        if data == "and_":
            for part in _chain(t, "and_"):
                if not self.value(part.text, names):
                    return self._why(part, src, names, depth, facts)
        if data == "or_":
            parts = [self._failing(p, src, names) for p in _chain(t, "or_")]
            if facts:
                return "; ".join(self._why(p, src, names, 0) for p in parts)
            return "none of these holds: " + "; ".join(
                self._said(p, src, names, depth) for p in parts)
        if data == "conditional":
            a, c, b = t.then, t.test, t.orelse
            held = self.value(c.text, names)
            cond = self.words(names, src, _operands(c)).node(c)
            return (f"as {cond.text if held else cond.negative()}, "
                    + self._why(a if held else b, src, names, depth, facts))
        if data == "let_in":             # the body, its local name bound to its value
            bound = Bound({**names, t.name: self.value(t.value.text, names)})
            bound.display = dict(getattr(names, "display", {}))
            return self._why(t.body, src, bound, depth, facts)
        if data == "call" and depth > 0:
            return self._definition(t, src, names, depth)
        return self.words(names, src, _operands(t)).node(t).negative()

    def _failing(self, t, src: str, names: dict):
        """The first conjunct of ``t`` that is false, when ``t`` is an ``and``; else ``t``."""
        if t.kind != "and_":
            return t
        return next((p for p in _chain(t, "and_") if not self.value(p.text, names)), t)

    def _said(self, t, src: str, names: dict, depth: int) -> str:
        """An alternative of an ``or`` in words (it does not hold), with what a
        definition it names means."""
        if t.kind == "call" and depth > 0:
            return self._definition(t, src, names, depth, positive=True)
        return self.words(names, src, _operands(t)).node(t).text

    def _definition(self, t, src: str, names: dict, depth: int, positive: bool = False):
        """A definition's call that does not hold: its words (or name), then its doc, or
        the part of its body that fails, one level down."""
        phrase = self.words(names, src, _operands(t)).node(t)
        head = phrase.text if positive else phrase.negative()
        info = self.rules.definitions.get(t.name)
        if info is None or not isinstance(info.text, str):
            return head
        inner = Bound()
        outer = self.words(names)
        for p, a in zip(info.params, t.args):
            inner[p], typ = self.typed(a.text, names)
            said = outer.node(a).text
            inner.display[p] = said if said in ("you", *outer.names.values()) \
                else self.show(inner[p], typ)
        body = " ".join(info.text.split())
        if self.value(body, inner):         # (it holds after all: nothing to add)
            return head
        detail = self._why(parse(body, "expr"), body, inner, depth - 1, facts=True)
        return f"{head}: {info.doc}" + (f" ({detail})" if depth > 1 else "") if info.doc \
            else f"{head}: {detail}"


def _chain(t, data: str) -> list:
    """The items of a chain of ``and`` (or ``or``), left to right."""
    out, todo = [], [t]
    while todo:
        node = todo.pop(0)
        if node.kind == data:
            todo = [node.left, node.right] + todo
        else:
            out.append(node)
    return out


class Bound(dict):
    """Names bound to values (a choice, a definition's parameters), with ``display``:
    how some of them read (a parameter given ``actor`` reads "you")."""

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.display: dict = {}


def _operands(t) -> dict:
    """The nodes whose values a reason shows, by id: the operands of a comparison, the
    arguments of a call, the item of ``not``; names, calls and indexing only. The value
    is the node a list's items take their type from (``in``), else None."""
    data = t.kind
    if data == "not_":
        return _operands(t.operand)
    pairs: dict = {}
    if data == "call":
        kids = t.args
    elif data in ("compare", "in_", "not_in"):
        kids = [t.left, t.right]
        if data != "compare":
            pairs[id(t.right)] = t.left
    else:
        kids = []
    return {id(k): pairs.get(id(k)) for k in kids if k.kind in ("name", "call", "index")}
