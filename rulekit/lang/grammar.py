"""Parsing the expression language (grammar/expressions.lark) with lark, with errors in
words: :func:`parse` returns the typed syntax tree (:mod:`rulekit.lang.syntax`) or
raises ExprError at the offending offset."""
from __future__ import annotations

from functools import lru_cache

from . import syntax
from .fromlark import build
from .types import ExprError

START_RULES = ["expr", "move_stmt", "assign_stmt", "let_stmt", "for_stmt", "choose_stmt",
               "call_stmt", "head_stmt"]

# the names of each statement's parts, in order (the named parts of an effect's words
# template, rulekit.lang.effects)
STATEMENT_PARTS = {kind: tuple(name for name, _ in parts)
                   for kind, parts in syntax.STATEMENT_PARTS.items()}

@lru_cache(maxsize=1)
def parser():
    """The LALR parser for every entry point (built once, cached)."""
    from lark import Lark
    from ..source.files import grammar_path
    return Lark(grammar_path().read_text(encoding="utf-8"), parser="lalr",
                start=START_RULES, propagate_positions=True, maybe_placeholders=True,
                cache=True)


_TOKEN_WORDS = {
    "NAME": "a name", "INT": "a number", "STRING": "a quoted text", "LPAR": "'('",
    "RPAR": "')'", "LSQB": "'['", "RSQB": "']'", "COMMA": "','", "DOT": "'.'",
    "LBRACE": "'{'", "RBRACE": "'}'", "COLON": "':'", "SEMICOLON": "';'",
    "COMP_OP": "a comparison (== != < > <= >=)", "ADD_OP": "'+' or '-'",
    "MUL_OP": "'*', '/' or '%'", "MINUS": "'-'", "EQUAL": "'='", "$END": "the end",
    "__ANON_0": "'->'", "__ANON_1": "'??'",
}


def _token_word(name: str) -> str:
    if name in _TOKEN_WORDS:
        return _TOKEN_WORDS[name]
    if name.isupper() and name.isalpha():
        return f"'{name.lower()}'"
    return name


@lru_cache(maxsize=4096)
def parse(text: str, start: str = "expr") -> syntax.Node:
    """Parse ``text`` from entry ``start`` (one of :data:`START_RULES`) into its typed
    syntax tree (:mod:`rulekit.lang.syntax`; cached, and immutable); raise
    :class:`ExprError` with words on failure."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken
    try:
        return build(parser().parse(text, start=start), text)
    except UnexpectedToken as exc:
        expected = sorted({_token_word(t) for t in exc.expected})
        if exc.token.type == "$END":
            raise ExprError("syntax error: the expression ends too early"
                            + _expected(expected), len(text), "expr-syntax") from None
        offset = exc.token.start_pos if exc.token.start_pos is not None else len(text)
        raise ExprError(f"syntax error: unexpected '{exc.token}'" + _expected(expected),
                        offset, "expr-syntax") from None
    except UnexpectedCharacters as exc:
        char = text[exc.pos_in_stream]
        if char in "'\"" and char not in text[exc.pos_in_stream + 1:]:
            raise ExprError(f"syntax error: a quoted text that is never closed (the {char} "
                            "opens here)", exc.pos_in_stream, "expr-syntax") from None
        shown = char if char.isprintable() else f"\\x{ord(char):02x}"
        raise ExprError(f"syntax error: unexpected character '{shown}'",
                        exc.pos_in_stream, "expr-syntax") from None
    except UnexpectedEOF as exc:
        expected = sorted({_token_word(t) for t in exc.expected})
        raise ExprError("syntax error: the expression ends too early" + _expected(expected),
                        len(text), "expr-syntax") from None


def _expected(words: list[str]) -> str:
    """'; expected X or Y', or '' when nothing could follow."""
    return "; expected " + _or_list(words) if words else ""


def _or_list(words: list[str]) -> str:
    if len(words) > 8:
        words = words[:8] + ["..."]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " or " + words[-1]


def caret_line(text: str, offset: int) -> str:
    """The line of ``text`` holding ``offset`` with a ``^`` under it (for messages)."""
    start = text.rfind("\n", 0, offset) + 1
    end = text.find("\n", offset)
    end = len(text) if end < 0 else end
    return text[start:end] + "\n" + " " * (offset - start) + "^"
