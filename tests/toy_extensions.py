"""A toy option type and a toy step attribute, each declared in one place, as a module
of rulekit would declare them: importing this module registers both (tests/
test_toy_extensions.py imports it inside a fixture and takes them away again).

* option type ``suit``: a suit of the ruleset's pack (``{type: suit, default: H}``);
  its text is one word, matched in any case (``--option trump=h``); the lobby asks for
  it with a select of the pack's suits, shown by their symbols.
* step attribute ``tempo``: a whole-number expression, the seconds a person has to
  decide at the step (``tempo: 20 + count(pile)``); compiled into ``Step.extra``.
"""
from __future__ import annotations

import re

from rulekit.lang.expressions import Scope
from rulekit.lang.literals import among
from rulekit.lang.options import OptionType, option_type
from rulekit.lang.steps import step_attribute


@option_type
class SuitOption(OptionType):
    name = "suit"
    doc = "a suit of the ruleset's pack"
    example = "{type: suit, default: H}"

    def parse(self, o, text, cards):
        if not re.fullmatch(r"\S+", text.strip()):
            raise ValueError("must be a suit (one word)")
        return next((s for s in cards.suits if s.upper() == text.strip().upper()), text)

    def check(self, o, value, cards):
        return None if value in cards.suits else \
            "must be a suit of this pack: " + " ".join(cards.suits)

    def expr_type(self, o, value):
        return "suit"

    def allowed(self, o, cards):
        return "a suit: " + ", ".join(cards.suits)

    def describe(self, o, cards):
        return " | ".join(cards.suits)

    def literal(self, o, cards):
        return among(cards.suits, f"a value of option '{o.name}'", "the pack has")

    def widget(self, o, cards):
        return {"input": "select", "values": list(cards.suits),
                "labels": [cards.symbols.get(s, s) for s in cards.suits], "value": o.default}

    def stand_in(self, o, cards):
        return cards.suits[0]


@step_attribute("tempo", {"$ref": "#/$defs/expr"}, "the seconds a person has to decide "
                "here (a whole number)", "tempo: 20 + count(pile)", needs=("actions",),
                leaf=True, words="a person has {value} seconds to decide",
                explain=lambda value: f"{value} seconds to decide")
def _tempo(c, s) -> None:
    if "tempo" in s.data:
        t = c.expr(s.path + ("tempo",), Scope(locals=s.after.locals), "int")
        s.extra["tempo"] = c.fn(t.code) if t else None
