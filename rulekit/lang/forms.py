"""The expression forms of the language, each with its meaning and its words.

The built-ins (:mod:`.functions`) and the effects (:mod:`.effects`) carry their own
English templates; this table gives one to everything else an expression can be: the
operators, ``a if c else b``, ``a ?? b``, a function ``x -> e``, indexing a per-seat
zone or variable, ``option.NAME``, seat arithmetic, literals, and the names every
ruleset has (``actor``, ``dealer``, ...). :mod:`rulekit.analysis.words` reads them to
write a ruleset in plain English, and the language reference shows them
(:mod:`rulekit.analysis.reference`). The template language (``{0}``, ``{0:not}``,
``[...]``, ``positive|negative``) is described in docs/language.md, "Words".
"""
from __future__ import annotations

from dataclasses import dataclass

from .registries import Registry


@dataclass(frozen=True)
class Form:
    """An expression form: its ``key`` (what the renderer looks up), how it is
    ``written``, its ``doc``, its ``words`` template and an ``example``."""
    key: str
    written: str
    doc: str
    words: str
    example: str


FORMS: dict[str, Form] = Registry("an expression form")


def _form(key: str, written: str, doc: str, words: str, example: str) -> None:
    FORMS[key] = Form(key, written, doc, words, example)


# ---- logic -------------------------------------------------------------------------------
_form("or", "a or b", "either holds (b is not evaluated when a holds); a chain of them "
      "reads as a list", "{0} or {1}|neither {0} nor {1}", "empty(trick) or beats(p, top)")
_form("and", "a and b", "both hold (b is not evaluated when a does not)",
      "{0} and {1}|not both {0} and {1}", "count(stock) > 1 and is_lead(s)")
_form("not", "not a", "a does not hold: the negative words of a", "{0:not}|{0}",
      "not empty(trick)")
_form("if", "a if c else b", "a when c holds, else b", "{0} if {1}, otherwise {2}",
      "3 if option.fast else 5")
_form("??", "a ?? b", "a, unless it is null: then b", "{0}, or {1} if there is none",
      "last_winner ?? leader")
# ---- comparisons -----------------------------------------------------------------------
_form("==", "a == b", "equal", "{0} is {1}|{0} is not {1}", "suit(c) == trump")
_form("!=", "a != b", "not equal", "{0} is not {1}|{0} is {1}", "s != actor")
_form("<", "a < b", "less (numbers, ranks, seats)", "{0} is less than {1}|{0} is not less "
      "than {1}", "rank(c) < top_rank")
_form(">", "a > b", "more", "{0} is more than {1}|{0} is not more than {1}",
      "count(stock) > 1")
_form("<=", "a <= b", "at most", "{0} is at most {1}|{0} is more than {1}",
      "count(table) <= limit")
_form(">=", "a >= b", "at least", "{0} is at least {1}|{0} is less than {1}",
      "plays >= size")
_form("<list", "l < m", "lists compared item by item: the first item that differs decides, "
      "and a list that is the start of the other is less (numbers or lists of numbers: a "
      "hand's rank as [category, kickers...])", "{0} ranks below {1}|{0} does not rank below "
      "{1}", "hand_rank(mine) < hand_rank(theirs)")
_form(">list", "l > m", "lists compared item by item (as l < m)", "{0} ranks above {1}|{0} "
      "does not rank above {1}", "best > [2, 12]")
_form("<=list", "l <= m", "lists compared item by item (as l < m), or equal",
      "{0} ranks at most {1}|{0} ranks above {1}", "[count(p), rank(first(p))] <= best")
_form(">=list", "l >= m", "lists compared item by item (as l < m), or equal",
      "{0} ranks at least {1}|{0} ranks below {1}", "score_list >= [1, 0]")
_form("in", "a in l", "a is an item of list l", "{0} is in {1}|{0} is not in {1}",
      "rank(c) in low_ranks")
_form("not in", "a not in l", "a is not an item of list l", "{0} is not in {1}|{0} is in {1}",
      "s not in done")
# ---- arithmetic --------------------------------------------------------------------------
_form("+", "a + b", "sum of two numbers", "{0} plus {1}", "round_no + 1")
_form("+list", "l + m", "two lists joined, l's items first", "{0} followed by {1}",
      "singles(cs) + runs(cs, 2)")
_form("-", "a - b", "difference", "{0} minus {1}", "hand_size - count(hand[s])")
_form("*", "a * b", "product", "{0} times {1}", "100 * count(hand[seat])")
_form("/", "a / b", "whole-number division", "{0} divided by {1}, rounded down",
      "count(pack) / players")
_form("%", "a % b", "the remainder of a whole-number division",
      "the remainder of {0} divided by {1}", "(hand_no - 1) % 4")
_form("neg", "-a", "the negative of a number", "minus {0}", "-count(won[seat])")
_form("seat+", "(s + n) % players", "seat arithmetic: the seat n places clockwise from s "
      "(n a number), in or out", "the seat {1} places clockwise from {0}",
      "(s + 2) % players")
# ---- functions, indexing, options --------------------------------------------------------
_form("->", "x -> e", "a function of x (for any, all, filter, map, max_by, ...); the "
      "built-in's words place its parameter {1.x} and its body {1.body}",
      "for {x}: {body}", "c -> suit(c) == trump")
_form("let", "let x = a; e", "e with the local name x standing for the value of a, "
      "evaluated once (a definition's own local; `let x = a; let y = b; e` for two, each "
      "seeing the ones before); x hides a name of the ruleset of the same name within e",
      "{2}, where {0} is {1}|{2:not}, where {0} is {1}",
      "let t = top(pile); t == null or suit(c) == suit(t)")
_form("zone[seat]", "z[s]", "the zone z of seat s", "[{1:'s} {0}|the {0} of {1}]", "hand[s]")
_form("var[seat]", "v[s]", "the per-seat variable v of seat s", "[{1:'s} {0}|the {0} of {1}]",
      "done[actor]")
_form("list[i]", "l[i]", "item i of a list (0-based), null if none", "item {1} of {0}",
      "['left', 'right'][hand_no % 2]")
_form("map[k]", "m[k]", "the value of key k in map m; null when m has no such key (when "
      "every key of m is a literal, a literal k it does not have is an error when the "
      "ruleset is checked)", "the value of {1} in {0}", "swap[suit(c)]")
_form("option", "option.NAME", "the chosen value of an option (fixed when the ruleset "
      "is loaded)", "the option {0}", "option.speed == 'fast'")
_form("option on", "option.NAME", "a true-or-false option, alone", "the option {0} is "
      "on|the option {0} is off", "option.fast or empty(stock)")
_form("zone", "z", "a zone for the table (a per-seat zone is `z[s]`)", "the {0}", "empty(pile)")
_form("call", "d(a, b)", "a definition with parameters, called: its own `words`, else its "
      "name with the arguments in words", "{0}({1})", "beats(p, top)")
# ---- literals ----------------------------------------------------------------------------
_form("list", "[a, b]", "a list", "({0})", "[leader, left_of(leader)]")
_form("map", "{k: v, ...}", "a map: each key (a number, a text, a card, true, false or "
      "null) to its value; keys and values are any expressions of those kinds, a literal "
      "key at most once; `k in m` holds when k is one of its keys (an expression starting "
      "with `{` is quoted in YAML)", "({0})", "{'C': 'S', 'S': 'C', 'D': 'H', 'H': 'D'}")
_form("pair", "k: v", "one key of a map and its value", "{0} to {1}", "'C': 'S'")
_form("null", "null", "no value", "none", "last_winner ?? null")
_form("true", "true", "true", "true", "set: done[s] = true")
_form("false", "false", "false", "false", "set: done[s] = false")
# ---- names every ruleset has -------------------------------------------------------------
_form("actor", "actor", "the seat deciding (in actions and a decision step's transitions)",
      "the player", "left_of(actor)")
_form("dealer", "dealer", "the dealer's seat", "the dealer", "left_of(dealer)")
_form("players", "players", "the number of seats", "the number of players", "players == 2")
_form("seat", "seat", "the seat a heuristic scores for", "the seat", "-count(hand[seat])")
_form("last_action", "last_action", "the name of the action just taken", "the last action",
      "last_action == 'take'")
_form("phase", "phase", "the current phase's name", "the phase", "phase == 'shed'")
_form("step", "step", "the current step's name", "the step", "step == 'turn'")
_form("hand_no", "hand_no", "the hand (deal) of a match, from 1", "the hand number",
      "hand_no > 1")
