"""A choice in parts at the web table (docs/web.md, "A choice in parts").

A choice in parts (docs/language.md) is never listed on a page: the page is told, for
each such action the seat may take, its parts and what the first part may be
(:func:`offers`); while the person makes it, part by part or card by card, the page
asks what may come next after what has been made so far (:func:`next_options`), and
finally sends the whole action's text, which the table checks as any action
(``GameState.parse_action``).

What a page sends of a choice made so far is text, never a value: ``made`` holds one
text per part made (an item as its text, an amount in digits, a set as its cards
separated by spaces) and ``cur`` the cards of a set part being chosen. Each is checked
against what the engine offers at that point (``GameState.part_options``), so only a
beginning of a choice the seat may really make reaches the ruleset's conditions.
"""
from __future__ import annotations

from ..errors import IllegalAction

MAX_MADE = 16           # parts a page may say it has made
MAX_SET = 200           # cards of one set a page may say it has chosen


class ChoiceError(ValueError):
    """A choice made so far that the seat cannot make now; the message says why."""


def part_shapes(defn) -> list:
    """``[{"name", "word", "form", "kind"}]``: each part of choice-in-parts ``defn`` as a
    page needs it to write the action's text and to offer the part (``form``: item,
    set or amount; ``kind``: card, play, seat, int, rank, suit or str)."""
    return [{"name": p.name, "word": p.word, "form": p.form, "kind": p.kind}
            for p in defn.parts.parts]


def options_data(opts, last: int) -> dict:
    """An :class:`~rulekit.runtime.choices.Options` as a page reads it: ``index`` (the
    part it is about; ``last + 1`` when every part is made), ``form`` (the part's, or
    None), ``items`` (the texts that may come next: an item part's items, the cards a
    set may take next), ``done`` (the set may stop here; with every part made: the
    choice is legal), ``low`` and ``high`` (an amount's range, a set's sizes),
    ``chosen`` (a set's cards so far)."""
    p = opts.part
    return {"index": opts.index, "form": None if p is None else p.form,
            "items": [t for _, t in opts.items], "done": bool(opts.done),
            "low": opts.low, "high": opts.high, "chosen": list(opts.chosen),
            "last": opts.index == last}


def offers(game, seat) -> list:
    """For each choice in parts ``seat`` may take now, in the step's order:
    ``{"action", "shape", "count", "parts", "next"}``: its name, its form in words
    (``give CARDS``), the number of its legal complete choices (None when counting is
    not cheap), its parts (:func:`part_shapes`) and what its first part may be (as
    :func:`next_options` says it, nothing made). [] when there are none.
    RulesetFailure when the ruleset's code fails."""
    from ..runtime.parts_text import shape
    out = []
    for defn in game.parted_actions(seat):
        first = [] if defn.parts.parts[0].form == "set" else None
        out.append({"action": defn.name, "shape": shape(defn),
                    "count": game.part_count(defn.name, seat), "parts": part_shapes(defn),
                    "next": _next(game, seat, defn, [], first)})
    return out


def next_options(game, seat, name: str, made: list, cur) -> dict:
    """What may come next in ``seat``'s choice in parts ``name`` after the parts
    ``made`` (texts, see the module docstring) and, while a set part is being chosen,
    its cards ``cur`` so far (a list of card names; None otherwise):
    :func:`options_data`, plus ``text``: the whole action's text when what is made
    (with ``cur`` as the last part) is a legal complete choice, else None. Raises
    ChoiceError naming the first part or card that cannot be chosen there;
    RulesetFailure when the ruleset's code fails."""
    defn = next((d for d in game.parted_actions(seat) if d.name == name), None)
    if defn is None:
        raise ChoiceError(f"'{name[:60]}' is not a choice seat {seat} may make now")
    return _next(game, seat, defn, made, cur)


def _next(game, seat, defn, made: list, cur) -> dict:
    name, parts = defn.name, defn.parts.parts
    if len(made) > len(parts) or (cur is not None and len(made) >= len(parts)):
        raise ChoiceError(f"'{name}' has {len(parts)} part{'s' * (len(parts) != 1)}, "
                          "not that many")
    vals: list = []
    for text, p in zip(made, parts):
        vals.append(_read_part(game, seat, name, tuple(vals), p, text))
    if cur is not None:
        if parts[len(vals)].form != "set":
            raise ChoiceError(f"the {parts[len(vals)].name} of '{name}' is not a set of cards")
        cur = _read_set(game, seat, name, tuple(vals), parts[len(vals)], cur)
    opts = game.part_options(name, tuple(vals), cur, seat)
    out = options_data(opts, len(parts) - 1)
    out["text"] = None
    complete = None                     # a whole choice: every part made, or the
    if opts.part is None and opts.done:     # last one a set that may stop here
        complete = tuple(vals)
    elif cur is not None and opts.done and len(vals) == len(parts) - 1:
        complete = tuple(vals) + (tuple(cur),)
    if complete is not None:
        try:
            out["text"] = str(game.action_of(name, complete, seat))
        except IllegalAction:
            out["done"] = False         # a search out of budget: a dead end after all
    return out


def _read_part(game, seat, name, vals, p, text):
    """The value of one part made (``text``), after ``vals``; ChoiceError when it is not
    one the engine offers there."""
    if p.form == "set":
        cards = _read_set(game, seat, name, vals, p, text.split())
        if not game.part_options(name, vals, cards, seat).done:
            raise ChoiceError(f"the {p.name} of '{name}' cannot be "
                              f"{' '.join(cards) or 'no cards'}")
        return tuple(cards)
    opts = game.part_options(name, vals, None, seat)
    if p.form == "amount":
        if not (text.isascii() and text.lstrip("-").isdigit() and len(text) <= 13):
            raise ChoiceError(f"the {p.name} of '{name}' is a whole number, not "
                              f"'{text[:30]}'")
        n = int(text)
        if not opts.low <= n <= opts.high:
            raise ChoiceError(f"the {p.name} of '{name}' is from {opts.low} to {opts.high}, "
                              f"not {n}")
        return n
    got = next((v for v, t in opts.items if t == text), None)
    if got is None:
        raise ChoiceError(f"'{text[:60]}' cannot be the {p.name} of '{name}' now")
    return got


def _read_set(game, seat, name, vals, p, cards) -> list:
    """A set part's cards chosen so far, each checked in turn against the cards the
    engine offers after the ones before it; ChoiceError at the first that is not."""
    if len(cards) > MAX_SET:
        raise ChoiceError(f"a set of at most {MAX_SET} cards")
    cur: list = []
    for c in cards:
        opts = game.part_options(name, vals, cur, seat)
        if not any(t == c for _, t in opts.items):
            raise ChoiceError(f"{c[:20]} cannot be added to the {p.name} of '{name}'"
                              + (f" after {' '.join(cur)}" if cur else ""))
        cur.append(c)
    return cur

