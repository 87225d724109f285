"""Declarations: players, cards and their notation, zones, variables, options, and the
heads of definitions and procedures.

:func:`declare` reads them from the merged data into the compile context, checking
what can be checked before any expression compiles (duplicate names, an ``init`` that
does not fit its type, option defaults and chosen values).
"""
from __future__ import annotations

import json
import re

from ..lang.grammar import parse
from ..source.extends import head_name
from ..frozen import evolve
from ..limits import MAX_PACK_CARDS, MAX_ROW_PILES
from ..lang.types import ExprError
from ..lang.wording import template_problem
from ..model import (STANDARD_ALIASES, STANDARD_RANKS, STANDARD_RED, STANDARD_SUITS,
                     STANDARD_SYMBOLS, Cards, OptionDecl, OptionRange, Procedure,
                     VarDecl, ZoneDecl)
from .context import CompileContext, DefDraft
from .notation import check_notation

_EXTRA_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*\Z")


def _words(value) -> list[str]:
    return [str(w) for w in (value.split() if isinstance(value, str) else value)]


def declare_cards(c: CompileContext) -> Cards:
    """The ``cards:`` section: ranks, suits and notation (standard pack by default)."""
    cards = c.data.get("cards") or {}
    ranks = _words(cards.get("ranks", STANDARD_RANKS))
    suits = _words(cards.get("suits", STANDARD_SUITS))
    for label, items in (("ranks", ranks), ("suits", suits)):
        if len(set(items)) != len(items):
            c.err(("cards", label), f"cards.{label} lists a name twice")
        if not items:
            c.err(("cards", label), f"cards.{label} is empty")
    made: dict = {}             # each card's text (in any case) is one rank and suit's
    for s in suits:
        for r in ranks:
            other = made.setdefault(f"{r}{s}".upper(), (r, s))
            if other != (r, s):
                c.err(("cards",), f"cards: rank '{other[0]}' and suit '{other[1]}', and rank "
                      f"'{r}' and suit '{s}', both make the card {r}{s} (in some case): "
                      "rename a rank or a suit", "type")
                break
        else:
            continue
        break
    # notation: the standard pack's symbols, colours and aliases unless the ruleset says
    symbols = {s: STANDARD_SYMBOLS[s] for s in suits if s in STANDARD_SYMBOLS}
    symbols = {str(k): str(v) for k, v in cards.get("symbols", symbols).items()}
    red = tuple(_words(cards.get("red", [s for s in STANDARD_RED if s in suits])))
    aliases = {k: v for k, v in STANDARD_ALIASES.items() if v in ranks and k not in ranks}
    aliases = {str(k): str(v) for k, v in cards.get("aliases", aliases).items()}
    for s in list(symbols) + list(red):
        if s not in suits:
            c.err(("cards",), f"cards: '{s}' is not one of the suits ({' '.join(suits)})")
    names = set(ranks) | set(suits)
    for s, symbol in symbols.items():
        if not symbol.strip() or symbol in names or list(symbols.values()).count(symbol) > 1:
            c.err(("cards", "symbols", s), f"cards.symbols: the symbol {symbol!r} of suit '{s}' "
                  "must be its own text: not empty, not a rank or suit name, not another "
                  "suit's symbol", "type")
    for alias, rank in aliases.items():
        if rank not in ranks:
            c.err(("cards", "aliases", alias), f"cards.aliases: '{rank}' is not one of the "
                  f"ranks ({' '.join(ranks)})")
    size = len(ranks) * len(suits) * cards.get("packs", 1) + sum(
        v for v in (cards.get("extra") or {}).values() if isinstance(v, int))
    if size > MAX_PACK_CARDS:
        c.err(("cards",), f"cards: a pack of {size} cards: the limit is {MAX_PACK_CARDS}",
              "type")
        return Cards(ranks[:1] or ["A"], suits[:1] or ["S"])    # a stand-in; compiling stops
    values = {str(k): v for k, v in (cards.get("values") or {}).items()}
    pack = {f"{r}{s}" for s in suits for r in ranks}
    extra = {str(k): v for k, v in (cards.get("extra") or {}).items()}
    plain = Cards(ranks, suits, symbols, red, aliases)       # what card text names without
    taken = {x.upper() for x in list(ranks) + list(suits) + list(symbols.values())}
    for name in extra:
        clash = name.upper() in taken or plain.lookup(name) is not None or any(
            other != name and other.upper() == name.upper() for other in extra)
        if not _EXTRA_NAME.match(name) or clash:
            c.err(("cards", "extra", name), f"cards.extra: '{name}' must be a name of its own "
                  "(letters, digits and _; not a card of the pack as people may type it, "
                  "a rank, a suit, a symbol or another extra card in any case)", "type")
    for key in values:
        if key not in pack and key not in ranks and key not in suits and key not in extra:
            kinds = "a rank, a suit or an extra card" if extra else "a rank or a suit"
            c.err(("cards", "values", key), f"cards.values: '{key}' is not a card, {kinds} of "
                  f"this pack (ranks {' '.join(ranks)}; suits {' '.join(suits)}"
                  f"{'; extra ' + ' '.join(extra) if extra else ''})")
    pack = Cards(ranks, suits, symbols, red, aliases, values, cards.get("packs", 1), extra)
    check_notation(c, cards, pack)
    return pack


def declare(c: CompileContext) -> None:
    """Fill the context's declarations from the data (errors go to its sink)."""
    d = c.data
    c.cards = declare_cards(c)
    p = d["players"]
    c.players = (p["min"], p["max"], p.get("default", p["min"]))
    if p["min"] > p["max"]:
        c.err(("players",), f"players: min {p['min']} is more than max {p['max']}")
    if not p["min"] <= c.players[2] <= p["max"]:
        c.err(("players", "default"), f"players: default {c.players[2]} is not between "
              f"min {p['min']} and max {p['max']}")
    for name, z in (d.get("zones") or {}).items():
        c.zones[name] = ZoneDecl(name, z.get("per", "game"), z.get("see", "all"),
                                 z.get("top", "last"), bool(z.get("tagged", False)),
                                 z.get("doc", ""), bool(z.get("show_empty", False)),
                                 z.get("rule", ""), pairs_with=z.get("pairs_with", ""),
                                 words=z.get("words", ""))
    if "deck" not in c.zones:
        c.zones["deck"] = ZoneDecl("deck", "game", "count", "first", False,
                                   "the pack in game order (filled by the engine)")
    c.used_zones.add("deck")
    for name, v in (d.get("vars") or {}).items():
        decl = VarDecl(name, v["type"], v.get("per", "game"), v.get("init"), v.get("doc", ""),
                       bool(v.get("show", False)), v.get("rule", ""), v.get("see", "all"),
                       bool(v.get("score", False)), v.get("words", ""))
        if decl.score and (decl.per != "seat" or decl.type != "int"):
            c.err(("vars", name, "score"), f"variable '{name}': `score: true` needs a number "
                  f"of each seat (`type: int`, `per: seat`); this one is {decl.type} of the "
                  f"{decl.per}")
        if decl.see == "owner" and decl.per != "seat":
            c.err(("vars", name, "see"), f"variable '{name}': `see: owner` needs `per: seat` "
                  "(a variable of the game has no owner; `see: none` hides it from every seat)")
        elif decl.see != "all" and decl.init is None:
            c.sink.warning(c.src.pos(("vars", name, "see")), f"variable '{name}' is hidden "
                           f"(see: {decl.see}) but has no init: a bot's copy of the game, "
                           "which cannot know its value, starts it as null; give an init "
                           "the rules can work with")
        problem = _init_problem(decl, c.cards)
        if problem:
            c.err(("vars", name, "init"), f"variable '{name}' is {decl.type}: its init "
                  f"{decl.init!r} {problem}", "type")
        c.vars[name] = decl
        if name in c.zones:
            c.err(("vars", name), f"'{name}' is both a zone and a variable: rename one")
    _declare_options(c)
    _declare_rows(c)
    _check_pairs(c)
    for head, body in (d.get("definitions") or {}).items():
        parsed = _head(c, ("definitions", head), head)
        if parsed is None:
            continue
        name, params = parsed
        if name in c.definitions:
            c.err(("definitions", head), f"definition '{name}' is defined twice")
            continue
        for clash, label in ((c.zones, "zone"), (c.vars, "variable")):
            if name in clash:
                c.err(("definitions", head), f"'{name}' is both a {label} and a definition")
        path = ("definitions", head)
        rule = doc = words = ""
        if isinstance(body, dict):      # {value: EXPR, rule: ID, doc: TEXT, words: TEXT}
            rule, doc, words = body.get("rule", ""), body.get("doc", ""), body.get("words", "")
            body, expr_path = body["value"], path + ("value",)
        else:
            expr_path = path
        _check_words(c, path, name, params, words)
        c.definitions[name] = DefDraft(name, params, body, path, fn=f"D_{name}", rule=rule,
                                       expr_path=expr_path, doc=doc, words=words, head=head)
    for head, body in (d.get("procedures") or {}).items():
        parsed = _head(c, ("procedures", head), head)
        if parsed is not None:
            name, params = parsed
            path, doc, words, rule = ("procedures", head), "", "", ""
            if isinstance(body, dict):   # {do: EFFECTS, rule: ID, doc: TEXT, words: TEXT}
                path += ("do",)
                doc, words, rule = body.get("doc", ""), body.get("words", ""), body.get("rule", "")
                _check_words(c, ("procedures", head), name, params, words)
            c.procedures[name] = Procedure(name, params, path, f"P_{name}", doc=doc,
                                           words=words, rule=rule, head=head)


def _check_words(c: CompileContext, path, name: str, params, words: str) -> None:
    """Report the first problem of the ``words`` template of the definition or procedure
    at ``path`` (a hole naming no parameter, an unclosed bracket), at its character."""
    problem = template_problem(words, params, name) if words else None
    if problem is not None:
        c.err(path + ("words",), problem[1], "words", offset=problem[0])


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


def _shown(value) -> str:
    """A value as a rules author writes it (true, null, 'text', [1, 2])."""
    return value if isinstance(value, str) else json.dumps(value)


_OPTION_FIELDS = ("type", "default", "values", "min", "max", "doc", "of", "rule", "words")


def _declare_rows(c: CompileContext) -> None:
    """Each zone's ``row``: a count of piles, written as a whole number or as
    ``option.NAME`` (a whole-number option, read as chosen). An option that is not a
    whole number, or a count below 1 or above MAX_ROW_PILES, is an error at the key."""
    for name, z in (c.data.get("zones") or {}).items():
        row = z.get("row")
        if row is None or name not in c.zones:
            continue
        path = ("zones", name, "row")
        if isinstance(row, str):
            opt = row[len("option."):]
            decl = c.option_decls.get(opt)
            value = c.options.get(opt)
            if decl is None:
                c.err(path, f"zone '{name}': row: unknown option '{opt}'"
                      f"{c.suggest(opt, c.option_decls)}", "unknown-option")
                continue
            c.used_options.add(opt)
            if isinstance(value, bool) or not isinstance(value, int):
                c.err(path, f"zone '{name}': row: option '{opt}' is not a whole number "
                      f"(it is {decl.type})", "type")
                continue
            row = value
        if not 1 <= row <= MAX_ROW_PILES:
            c.err(path, f"zone '{name}': row: {row} piles; a row has 1 to {MAX_ROW_PILES}",
                  "option" if isinstance(z.get("row"), str) else "type")
            continue
        c.zones[name] = evolve(c.zones[name], row=row)


def _check_pairs(c: CompileContext) -> None:
    """Each zone's ``pairs_with``: another declared zone, of the same ``per``, neither
    a row, that no other zone pairs with and that pairs with none itself (the table
    draws card i of the one with card i of the other)."""
    partners: dict = {}
    for name, decl in c.zones.items():
        other = decl.pairs_with
        if not other:
            continue
        path = ("zones", name, "pairs_with")
        target = c.zones.get(other)
        if target is None or other == name:
            c.err(path, f"zone '{name}': pairs_with: '{other}' is "
                  + ("the zone itself" if other == name else "no zone of this ruleset"
                     + c.suggest(other, c.zones)))
        elif target.per != decl.per:
            c.err(path, f"zone '{name}' is per {decl.per} but '{other}' is per "
                  f"{target.per}: pairs_with pairs zones of the same per")
        elif decl.row or target.row:
            c.err(path, f"zone '{name}': pairs_with pairs zones of one pile, not a row "
                  f"('{name if decl.row else other}' is a row)")
        elif target.pairs_with:
            c.err(path, f"zone '{name}': pairs_with: '{other}' pairs with "
                  f"'{target.pairs_with}' itself; a zone is shown in one pair")
        elif other in partners:
            c.err(path, f"zones '{partners[other]}' and '{name}' both pair with '{other}'; "
                  "a zone is shown in one pair")
        else:
            partners[other] = name


def _declare_options(c: CompileContext) -> None:
    """The options: each checked by its type (:mod:`rulekit.lang.options`), then the
    values chosen (text is read by the type: a text not of its form is an
    ``option-form`` error, a malformed command line)."""
    c.option_decls = {}
    c.user_options = {}
    for name, o in (c.data.get("options") or {}).items():
        decl = OptionDecl(name, o["type"], o["default"], o.get("values"), o.get("min"),
                          o.get("max"), o.get("doc", ""), o.get("of"), o.get("rule", ""),
                          {k: v for k, v in o.items() if k not in _OPTION_FIELDS},
                          o.get("words", ""))
        c.option_decls[name] = decl
        kind = decl.option_type
        lacking = next((k for k in kind.needs if not o.get(k)), None)
        if lacking is not None:
            c.err(("options", name), f"option '{name}': a {decl.type} needs `{lacking}`")
            continue
        c.user_options[name] = decl.default
        problem = decl.check(decl.default, c.cards)
        if problem:
            c.err(("options", name, "default"),
                  f"option '{name}': default {decl.default!r} {problem}", "option")
            # keep the option known (a typed stand-in) so its uses raise nothing more
            c.options[name] = kind.stand_in(decl, c.cards)
            continue
        try:
            c.options[name] = decl.in_play(decl.default, c.cards)
        except ValueError as exc:
            c.err(("options", name, "default"), f"option '{name}': default {exc}", "option")
    for name, value in c.chosen.items():
        if name not in c.option_decls:
            c.sink.error(None, f"unknown option '{name}'{c.suggest(name, c.option_decls)}; "
                         "options of this ruleset: " + (", ".join(c.option_decls) or "none"),
                         "option")
            continue
        decl = c.option_decls[name]
        if isinstance(value, str):
            try:
                value = decl.parse(value, c.cards)
            except OptionRange as exc:
                c.sink.error(None, f"option {name}={_short(value)}: {exc}", "option")
                continue
            except ValueError as exc:        # not of the option's form: a usage error
                c.sink.error(None, f"option {name}={_short(value)}: {exc}", "option-form")
                continue
        problem = decl.check(value, c.cards)
        if problem:
            c.sink.error(None, f"option {name}={_shown(value)}: {problem}", "option")
            continue
        c.user_options[name] = value
        try:
            c.options[name] = decl.in_play(value, c.cards)
        except ValueError as exc:
            c.sink.error(None, f"option {name}={_shown(value)}: {exc}", "option")


def _init_problem(decl: VarDecl, cards: Cards) -> str | None:
    """None if ``decl.init`` fits ``decl.type``, else what is wrong."""
    v, t = decl.init, decl.type
    if v is None:
        return None
    if t in ("int", "seat", "rank"):
        ok = isinstance(v, int) and not isinstance(v, bool)
        return None if ok else "is not a whole number"
    if t == "bool":
        return None if isinstance(v, bool) else "is not true or false"
    if t == "suit":
        return None if v in cards.suits else f"is not a suit ({' '.join(cards.suits)})"
    if t == "card":
        return None if isinstance(v, str) and v in cards.rank_of else "is not a card"
    if t in ("cards", "list"):
        return None if isinstance(v, list) else "is not a list"
    if t == "str":
        return None if isinstance(v, str) else "is not text"
    return None


def _head(c: CompileContext, path, head):
    """``NAME`` or ``NAME(param, ...)`` of a definition or procedure key."""
    try:
        tree = parse(head, "head_stmt")
    except ExprError:
        c.sink.error(c.src.key_pos(path), f"bad name '{head}': write NAME or "
                     f"NAME(param, ...)", "expr-syntax")
        c.pruned.add((path[0], head_name(head)))   # its uses: no second error
        return None
    name, params = tree.name, list(tree.params)
    twice = next((p for i, p in enumerate(params) if p in params[:i]), None)
    if twice is not None:
        c.sink.error(c.src.key_pos(path), f"'{head}' names the parameter '{twice}' twice; "
                     "give each parameter its own name", "expr-syntax")
        c.pruned.add((path[0], name))               # its uses: no second error
        return None
    return name, params
