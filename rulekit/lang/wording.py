"""The syntax of words templates (docs/language.md, "Words"): their holes, brackets and
negative form, and the check of a ruleset's own templates (the ``words:`` of a
definition or a procedure), so that a hole naming nothing is refused when the ruleset
is checked instead of reading as nothing in ``rulekit explain``. Filling a template is
:mod:`rulekit.analysis.templates`.
"""
from __future__ import annotations

import re

# a hole: {NAME}, {NAME.ATTR}, {NAME:CONVERSION}
SLOT = re.compile(r"\{([A-Za-z_0-9]+)(?:\.([a-z]+))?(?::([^}]+))?\}")
ATTRIBUTES = ("x", "body")                      # of a function argument x -> body
CONVERSIONS = ("not", "items", "'s", "bare")
# a declared name's ``words:`` (a zone, variable, option, phase, step or action): how it
# reads to a player; without one, :func:`derived_words` of the name
NAME_WORDS = {"$comment": "name words", "type": "string", "maxLength": 80,
              "pattern": "\\S",
              "description": "how the name reads to a player, in plain English (default: "
              "the name with each '_' a space)"}


def derived_words(name: str) -> str:
    """The words of a declared name that has no ``words:``: the name with each ``_`` a
    space (``on_table`` -> ``on table``, ``hand`` -> ``hand``)."""
    return " ".join(str(name).replace("_", " ").split()) or str(name)


def words_of(decl) -> str:
    """How a declared zone, variable, option, phase, step or action reads to a player:
    its ``words:``, else :func:`derived_words` of its name."""
    return getattr(decl, "words", "") or derived_words(decl.name)


def split_template(template: str) -> tuple[str, str | None]:
    """(positive, negative or None) of a template: split at its first ``|`` outside
    brackets and braces."""
    depth = 0
    for i, ch in enumerate(template):
        if ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == "|" and depth == 0:
            return template[:i], template[i + 1:]
    return template, None


def slots(template: str) -> set[str]:
    """The names of the parts a template uses (``{0}``, ``{1.x}`` -> {"0", "1"})."""
    return {m.group(1) for m in SLOT.finditer(template)}


def template_problem(template: str, names, owner: str) -> tuple[int, str] | None:
    """The first problem of ``template``, a ruleset's own words template whose holes may
    name only ``names`` (the parameters of ``owner``, a definition's or procedure's
    name), as (offset into the template, message); None when it has none. A problem: a
    ``{`` that is not a hole, a hole naming no parameter, an unknown ``.ATTR`` or
    ``:CONVERSION``, a ``[`` never closed, a ``]`` or ``}`` never opened."""
    names = list(names)
    opened: list[int] = []
    i = 0
    while i < len(template):
        ch = template[i]
        if ch == "{":
            m = SLOT.match(template, i)
            if m is None:
                return i, ("words: a '{' that names no parameter (a hole is {NAME}, "
                           "{NAME:not}, {NAME:items}, {NAME:'s} or {NAME:bare})")
            name, attr, conv = m.groups()
            if name not in names:
                known = (f"its parameters: {', '.join(names)}" if names
                         else "it has no parameters")
                return i, (f"words: {{{name}}} names no parameter of '{owner}' ({known}), "
                           "so it would read as nothing")
            if attr is not None and attr not in ATTRIBUTES:
                return i, (f"words: {m.group(0)}: .{attr} is not a part of a value "
                           f"(.x and .body are a function's parameter and body)")
            if conv is not None and conv not in CONVERSIONS:
                return i, (f"words: {m.group(0)}: ':{conv}' is not a form of words "
                           f"(one of: {', '.join(':' + c for c in CONVERSIONS)})")
            i = m.end()
            continue
        if ch == "}":
            return i, "words: a '}' without its '{'"
        if ch == "[":
            opened.append(i)
        elif ch == "]":
            if not opened:
                return i, "words: a ']' without its '['"
            opened.pop()
        i += 1
    if opened:
        return opened[-1], "words: a '[' that is never closed (an optional part is [...])"
    return None


def phase_words(rules, phase) -> str:
    """A phase of compiled ruleset ``rules`` (by name) as a player reads it: its words;
    ``-`` for none."""
    return words_of(rules.phases[phase]) if phase in rules.phases else str(phase or "-")


def said_names(rules) -> dict:
    """How a report names the actions and decision steps of a compiled ruleset:
    ``{"actions": {name: words}, "steps": {phase.step: words}}``, a step's words with its
    phase's in brackets when the ruleset has several phases (``play turn (shed)``)."""
    phases = rules.phases.values()
    several = len(rules.phases) > 1
    return {"actions": {n: words_of(a) for p in phases for n, a in p.actions.items()},
            "steps": {f"{p.name}.{n}": words_of(s) + (f" ({words_of(p)})" if several else "")
                      for p in phases for n, s in p.steps.items()}}


def players_text(n: int) -> str:
    """``n`` players in words, singular for one: ``"1 player"``, ``"4 players"``."""
    return f"{n} player" if n == 1 else f"{n} players"


def holes_as_dots(template: str) -> str:
    """An ``announce`` text as written with each hole (``{...}``, braces inside it
    included) shown as ``…``: how a count of announcements names one without
    ruleset syntax (``seat {w} takes the trick`` -> ``seat … takes the trick``)."""
    out, depth = [], 0
    for ch in str(template):
        if ch == "{":
            if depth == 0:
                out.append("…")
            depth += 1
        elif ch == "}" and depth:
            depth -= 1
        elif depth == 0:
            out.append(ch)
    return "".join(out)


def score_unit(text) -> tuple:
    """``(singular, plural)`` of a ruleset's ``score_unit`` (``"chip"`` or
    ``"man|men"``, already checked by the schema); ``("point", "points")`` for None."""
    if not text:
        return ("point", "points")
    one, _, more = text.partition("|")
    return (one, more or one + "s")
