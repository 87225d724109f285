"""The ruleset's JSON Schema (Draft 2020-12), built from rulekit's own declarations.

The parts that have a registry come from it: an option's mapping from the option types
(:func:`rulekit.lang.options.option_schema`), a step's from the step attributes
(:func:`rulekit.lang.steps.step_schema`), an effect's branches from the effect registry
(:func:`rulekit.lang.effects.schema_branches`); the rest (the top level, the cards,
zones, variables, phases, actions and transitions) is written here, with the limits of
:mod:`rulekit.limits`. :func:`ruleset_schema` is the whole; the file shipped for
editors (``rulesets/ruleset.schema.json``) is its text, written by ``python -m
rulekit.lang.schema --write`` and held to it by a test.
"""
from __future__ import annotations

from ..limits import MAX_PLAYERS, MAX_ROW_PILES
from .effects import schema_branches
from .options import option_schema
from .steps import step_schema
from .wording import NAME_WORDS

TEXT = {"type": "string"}
EXPR = {"$ref": "#/$defs/expr"}
COND = {"$ref": "#/$defs/cond"}
EFFECTS = {"$ref": "#/$defs/effects"}
WORDS = {"$ref": "#/$defs/words"}
NAME_CHARS = 64                         # the longest name (zone, option, step, ...)
MAX_PACKS = 8
MAX_EXTRA_COPIES = 52


def _named(ref: str, **more) -> dict:
    """A section of declarations by name: each name an identifier, each value ``ref``."""
    return {"type": "object", **more, "additionalProperties": {"$ref": f"#/$defs/{ref}"},
            "propertyNames": {"$ref": "#/$defs/identifier"}}


def _count(lo: int, hi: int) -> dict:
    return {"type": "integer", "minimum": lo, "maximum": hi}


def _with_words(key: str, value: dict, form: str, words: str) -> dict:
    """A definition or procedure: its ``value`` alone, or ``{KEY: value, rule, doc,
    words}``."""
    return {"anyOf": [value, {
        "type": "object", "additionalProperties": False, "required": [key], "title": form,
        "properties": {key: value, "rule": TEXT, "doc": TEXT,
                       "words": {"type": "string", "description": words}}}]}


def _top() -> dict:
    return {
        "rulekit": {"type": "integer", "const": 1, "description": "language version"},
        "name": {"type": "string", "pattern": "^(?![\\s\\S]*\\n)[A-Za-z_][A-Za-z0-9_-]*$"},
        "title": TEXT,
        "summary": TEXT,
        "score_unit": {"type": "string", "$comment": "unit",
                       "pattern": "^[A-Za-z][A-Za-z -]{0,23}(\\|[A-Za-z][A-Za-z -]{0,23})?$",
                       "description": "the word for one unit of the game's scores, said in "
                       "results ('you won, 3 chips ahead'): singular, or 'singular|plural' "
                       "(default: point, plural with an s)"},
        "rule_book": {"type": "array", "items": {
            "type": "string", "pattern": "^[A-Za-z0-9_][A-Za-z0-9_.-]*\\.md$",
            "$comment": "rule-book"},
            "description": "the rule book's files (Markdown), by file name: beside the "
            "ruleset, else among the bundled rule books; `rulekit rules NAME` prints them"},
        "extends": TEXT,
        "players": {"type": "object", "additionalProperties": False,
                    "required": ["min", "max"],
                    "properties": {k: _count(1, MAX_PLAYERS) for k in ("min", "max", "default")}},
        "cards": _cards(),
        "start": {"type": "string", "description": "the first phase (default: the first listed)"},
        "options": _named("option"),
        "zones": _named("zone"),
        "vars": _named("var"),
        "definitions": {"type": "object", "additionalProperties": _with_words(
            "value", EXPR, "{value: EXPR, rule: ID, doc: TEXT, words: TEXT}",
            "how a use of the definition reads in plain English: a words template with its "
            "parameters as {NAME} ('{p} beats {top}|{p} does not beat {top}'); without it, "
            "the doc (for a definition without parameters), else the name")},
        "procedures": {"type": "object", "additionalProperties": _with_words(
            "do", EFFECTS, "{do: EFFECTS, rule: ID, doc: TEXT, words: TEXT}",
            "how a call of the procedure reads in plain English: a words template with its "
            "parameters as {NAME} ('{s} draws a card')")},
        "setup": EFFECTS,
        "returns": {"$ref": "#/$defs/expr", "description": "each seat's return when the "
                    "game ends (seat bound): a number"},
        "phases": _named("phase", minProperties=1),
    }


def _cards() -> dict:
    texts = {"type": "object", "additionalProperties": TEXT}
    return {"type": "object", "additionalProperties": False, "properties": {
        "ranks": WORDS,
        "suits": WORDS,
        "symbols": {**texts, "description": "suit name -> symbol shown to people"},
        "red": {**WORDS, "description": "suits printed in red"},
        "aliases": {**texts, "description": "other rank texts people type -> rank name"},
        "values": {"type": "object", "additionalProperties": {"type": "integer"},
                   "description": "a card (QS), a rank (A), a suit (H) or an extra card's "
                   "name (JK) -> its value, read by value(c): the card's own, else its "
                   "rank's, else its suit's, else 0"},
        "packs": {**_count(1, MAX_PACKS), "description": "how many copies of the "
                  "rank-by-suit pack are shuffled together (two packs: QS and QS#2)"},
        "extra": {"type": "object", "additionalProperties": _count(1, MAX_EXTRA_COPIES),
                  "description": "more cards, a name (JK) -> how many; they have no rank "
                  "and no suit"},
    }}


def _defs() -> dict:
    return {
        "words": {"oneOf": [TEXT, {"type": "array", "items": {"type": ["string", "integer"]}}]},
        "expr": {"type": ["string", "integer", "boolean"], "description": "an expression"},
        "cond": {"$comment": "condition", "type": ["string", "boolean"],
                 "description": "a condition: an expression that is true or false (or "
                 "true, false)"},
        "option": option_schema(),
        "zone": {"type": "object", "additionalProperties": False, "properties": {
            "per": {"enum": ["game", "seat"]},
            "see": {"enum": ["all", "owner", "count", "top"],
                    "description": "who sees its cards: all, owner (the seat it belongs "
                    "to), count (nobody; only the number shows), top (only the top card, "
                    "by all)"},
            "top": {"enum": ["first", "last"]},
            "row": {"oneOf": [{"type": "integer", "minimum": 1, "maximum": MAX_ROW_PILES},
                              {"type": "string", "pattern": "^option\\.[A-Za-z_][A-Za-z0-9_]*$"}],
                    "description": "a row of this many piles (a whole number, or "
                    "option.NAME), written zone[i] (per seat: zone[s][i]), from 0"},
            "tagged": {"type": "boolean"},
            "doc": TEXT,
            "words": NAME_WORDS,
            "show_empty": {"type": "boolean"},
            "pairs_with": {"type": "string", "pattern": "^[A-Za-z_][A-Za-z0-9_]*$",
                           "description": "another zone of the same per: the table shows "
                           "card i of this zone with card i of that one as a pair (an "
                           "attack and the card that beat it), that zone not on its own"},
            "rule": TEXT}},
        "var": {"type": "object", "additionalProperties": False, "required": ["type"],
                "properties": {
            "type": {"enum": ["int", "bool", "suit", "seat", "card", "cards", "list", "str",
                              "rank"]},
            "per": {"enum": ["game", "seat"]},
            "see": {"enum": ["all", "owner", "none"], "description": "which seats' views "
                    "show the value: all (cards in it only as far as each seat knows them), "
                    "owner (a per-seat variable: each seat its own), none"},
            "init": {},
            "doc": TEXT,
            "words": NAME_WORDS,
            "show": {"type": "boolean", "description": "shown to a person at the table"},
            "score": {"type": "boolean", "description": "a per-seat number kept as a score: "
                      "a column of the score panel at the table, and the margin the result "
                      "is told in"},
            "rule": TEXT}},
        "phase": {"type": "object", "additionalProperties": False,
                  "required": ["start", "steps"], "properties": {
            "start": TEXT,
            "doc": TEXT,
            "words": NAME_WORDS,
            "heuristic": EXPR,
            "display": {"type": "object", "description": "lines shown to a person at the "
                        "table in this phase: a label, then an expression of seat (the "
                        "viewer) whose value is shown; a list of cards equal to a play on "
                        "the table marks that play with the label",
                        "additionalProperties": EXPR,
                        "propertyNames": {"type": "string", "minLength": 1, "maxLength": 40}},
            "actions": _named("action"),
            "steps": _named("step", minProperties=1),
            "rule": TEXT}},
        "action": {"type": "object", "additionalProperties": False, "required": ["choose"],
                   "properties": {
            "choose": TEXT,
            "legal": COND,
            "so_far": COND,
            "private": {"type": ["boolean", "string"], "description": "the action's text is "
                        "shown to its actor only; the others see this text ({expr} filled "
                        "in) or, for true, the action's name"},
            "keep_order": {"type": "boolean", "description": "the action's text lists a "
                           "play's cards in the order its choice domain gives them "
                           "(default: by rank)"},
            "do": EFFECTS,
            "doc": TEXT,
            "words": NAME_WORDS,
            "rule": TEXT}},
        "step": step_schema(),
        "transition": {"type": "object", "additionalProperties": False, "required": ["goto"],
                       "properties": {"if": COND, "do": EFFECTS, "goto": TEXT}},
        "effects": {"type": "array", "items": {"$ref": "#/$defs/effect"}},
        "effect": {"anyOf": schema_branches()},      # disjoint: one key each
        "identifier": {"$comment": "identifier", "type": "string",
                       "pattern": "^(?![\\s\\S]*\\n)[A-Za-z_][A-Za-z0-9_]*$",
                       "maxLength": NAME_CHARS},
    }


def ruleset_schema() -> dict:
    """The whole JSON Schema of a ruleset (a new dict each time)."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://rulekit.example/ruleset.schema.json",
        "title": "rulekit ruleset",
        "description": "A card game variant for rulekit. Strings under legal/if/set/... are "
                       "expressions (grammar/expressions.lark).",
        "$comment": "generated from rulekit's declarations (the option types, the step "
                    "attributes, the effects) by python -m rulekit.lang.schema --write; "
                    "do not edit",
        "type": "object",
        "required": ["rulekit", "name"],
        "additionalProperties": False,
        "properties": _top(),
        "$defs": _defs(),
        "if": {"not": {"required": ["extends"]}},
        "then": {"required": ["players", "phases"]},
    }
