"""Bad inputs, one table: every way a user (or a stranger's file) can feed rulekit
something wrong, and what rulekit must answer.

The promise: every error a user can cause is one clear line on stderr and a non-zero
exit code, never a traceback; nothing is lost; a file you open cannot make rulekit read
or run what you did not ask for. Exit codes: 2 for a malformed command line (unknown
flag, missing value, a value not of its form), 1 for everything else (a well-formed
value out of range, a bad ruleset, a bad record, an illegal action), 130 after Ctrl-C,
70 only for a bug of rulekit (so a row that gets 70 is a finding). Limits:
rulekit/limits.py.

Each row of ``ROWS`` is ``R(id, kind, given, expect, fragment, **extra)``:

``kind`` / ``given``
    ``yaml``    text (or bytes) of a ruleset file ``r.yaml``; run ``validate r.yaml``
                (or ``argv``, where ``{file}`` is the file)
    ``record``  a game record ``rec.json``: a dict of changes to a good record of the
                tiny ruleset (``DROP`` deletes a key; a callable maps the old value), or
                the file's text/bytes, or a callable of the good record giving either;
                run ``replay rec.json`` (or ``argv``)
    ``cli``     a command line
    ``typed``   one line typed at a ``--human`` seat (then end of input): the tiny game
                with a fixed deck, seat 1 to act first (``argv`` may choose another game)
    ``card``    card text (or any value) given to ``Rules.parse_card`` of the tiny ruleset
    ``api``     a function of the fixtures ``A`` (``A.mattis``, ``A.tiny``, ``A.game``, ...)
    ``process`` bytes on the standard input of ``python -m rulekit`` (a real process)
``expect``
    the exit code; for ``card`` and ``api`` rows the exception class (or classes) that
    must be raised (or, for a ``card`` row, the card that must come out)
``fragment``
    text (or a tuple of texts) that must appear: all of them in one line of the output
    (``typed`` rows: anywhere in the conversation), or in the exception's message
``extra``
    ``argv`` (placeholders ``{w}`` the work folder, ``{tmp}`` its parent, ``{file}``,
    ``{rec}``, ``{tiny}``), ``files`` (more files in ``{w}``), ``absent`` (texts that
    must not appear), ``unchanged`` (files of ``{w}`` that must keep their content),
    ``seconds`` (wall-clock guard against a hang, default 10; never a speed assertion).

Every row also asserts that no "Traceback" shows, and, for a command other than
``validate`` that fails, that stderr holds at most one line (argparse's usage text
aside). The work folder ``{w}`` holds ``tiny.yaml``, a FIFO ``fifo.yaml``, a symlink
``zero.yaml`` to /dev/zero, a symlink ``link.yaml`` to ``{tmp}/outside.yaml`` (a
copy of the tiny ruleset outside ``{w}``) and a symlink ``link.md`` to
``{tmp}/secret.md`` (which says ``SECRET``). Before fragments are matched, the work
folder's path in the output is replaced by ``<tmp>`` (it holds the row's id).

Rows that fail show a bug: do not weaken them to make them pass.
"""
from __future__ import annotations

import copy
import io
import json
import os
import signal
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

import rulekit
from rulekit.cli import main

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(__file__).resolve().parent / "bad_inputs"
TINY = (DATA / "tiny.yaml").read_text(encoding="utf-8")
PACK = [r + s for s in "CDHS" for r in "23456789TJQKA"]      # the tiny game's pack order
FILE = "r.yaml"


class _Drop:
    def __repr__(self):
        return "DROP"


DROP = _Drop()          # in a record row's changes: delete the key


# ---- building inputs ------------------------------------------------------------------

def T(old: str, new: str, text: str = TINY) -> str:
    """The tiny ruleset with ``old`` replaced by ``new`` (once)."""
    assert old in text, old
    return text.replace(old, new, 1)


MATTIS_VARIANT = "rulekit: 1\nextends: mattis\nname: v\n"


def V(extra: str = "") -> str:
    """A variant of the bundled mattis with ``extra`` YAML lines."""
    return MATTIS_VARIANT + extra


def at(text: str, needle: str, shift: int = 0) -> str:
    """``r.yaml:LINE:COL:`` of the first ``needle`` in ``text`` (``shift`` characters on)."""
    i = text.index(needle) + shift
    line = text.count("\n", 0, i) + 1
    col = i - (text.rfind("\n", 0, i) + 1) + 1
    return f"{FILE}:{line}:{col}:"


def line_of(text: str, needle: str) -> str:
    """``r.yaml:LINE:`` of the first ``needle`` in ``text``."""
    return at(text, needle).rsplit(":", 2)[0] + ":"


def ext(target: str, name: str = "v") -> str:
    return f"rulekit: 1\nextends: {target}\nname: {name}\n"


def chain(n: int) -> dict:
    """Files c0.yaml .. c{n-1}.yaml, each extending the one before, c0 extending tiny."""
    return {f"c{i}.yaml": ext("tiny.yaml" if i == 0 else f"c{i - 1}.yaml", f"c{i}")
            for i in range(n)}


LAUGHS = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{n}: &{n} [{', '.join(['*' + p] * 10)}]\n" for p, n in zip("abcdefgh", "bcdefghi"))
WIDE_ALIASES = ("a: &a [" + ", ".join(["1"] * 1000) + "]\nb: [" + ", ".join(["*a"] * 1000)
                + "]\n")
INJECT = "x']; __import__('os')"
SETUP_END = "  - set: turn = left_of(dealer)\n"
HAND_SIZE = "hand_size: option.hand_cards"


def with_setup(effects: str) -> str:
    """The tiny ruleset with more setup effects (YAML lines, indented by 2)."""
    return T(SETUP_END, SETUP_END + effects)


def hand_size(expr: str) -> str:
    """The tiny ruleset whose ``hand_size`` definition is ``expr`` (a YAML scalar)."""
    return T(HAND_SIZE, "hand_size: " + expr)


def cond_legal(expr: str) -> str:
    """The tiny ruleset whose action's ``legal`` is ``expr`` (a YAML scalar)."""
    return T("legal: empty(table) or rank(c) >= 0", "legal: " + expr)


LEGAL_5 = cond_legal("5")
# a step several seats may act at (actors), closed by `until`
UNTIL_5 = T("    steps:\n", "    steps:\n      window:\n        actors: seats()\n"
            "        actions: [play]\n        until: 5\n        next: play_turn\n",
            T("start: play_turn", "start: window"))
IF_1 = T("if: empty(hand[actor]) and high(table) >= 0", "if: 1")
def next_turn_words(words: str) -> str:
    """The tiny ruleset whose definition ``next_turn(s)`` has the words template ``words``."""
    return T("next_turn(s): left_of(s) if option.pass_left else s",
             "next_turn(s): {value: \"left_of(s) if option.pass_left else s\", words: \""
             + words + "\"}")


WORDS_Q = next_turn_words("the seat after {q}")
PROC_WORDS = T("setup:", "procedures:\n  mix(s):\n    words: \"{who} shuffles\"\n    do:\n"
               "      - shuffle: deck\nsetup:", with_setup("  - call: mix(turn)\n"))
def pack(spec: str) -> str:
    """The tiny ruleset with ``cards: SPEC``."""
    return T("rulekit: 1\n", f"rulekit: 1\ncards: {spec}\n")


LONG_SUM = " + ".join(["1"] * 2000)                  # 7997 characters
PARENS_1000 = "'" + "(" * 1000 + "3" + ")" * 1000 + "'"
PARENS_101 = "'" + "(" * 101 + "3" + ")" * 101 + "'"   # one over the limit of 100
MINUS_3000 = "'" + "-" * 3000 + "3'"
CALLS_300 = "'" + "max(1, " * 300 + "3" + ")" * 300 + "'"
NOTS = T(HAND_SIZE, HAND_SIZE + "\n  flag: '" + "not " * 2000 + "true'").replace(
    "high(cs): max_of", "high(cs): 0 if flag else max_of", 1)
UNCLOSED_DQ = V('title: "Mattis\nsummary: x\n')
UNCLOSED_SQ = V("title: 'Mattis\nsummary: x\n")
UNCLOSED_IN_EXPR = T(HAND_SIZE, 'hand_size: "option.hand_cards\n  x: 1')
NUL_TEXT = V().encode() + b"title: a\x00b\n"
CHOOSE_BOOLS = T("do:\n          - move: c to table", "do:\n          - move: top(deck) to table",
                 T("legal: empty(table) or rank(c) >= 0", "legal: true",
                   T("choose: c in hand[actor]", "choose: c in [true, false]")))
PLAY = ("play", "{file}", "--seed", "1", "--quiet")
# a simulation that would run for minutes: a row that reaches it hangs (and fails)
SIM = ("simulate", "{tiny}", "--games", "2000000", "--jobs", "1", "--quiet")
ANA = ("analyze", "{tiny}", "--games", "2", "--budget", "1", "--jobs", "1", "--quiet")
REPORT = ("games per player count",)                # the report's first line
TITLE_ESCAPE = "rulekit: 1\nextends: tiny.yaml\nname: t\ntitle: \"\\e]0;owned\\a\\e[2J\"\n"


def nested_repeats(times: str) -> str:
    """Setup effects: three ``repeat``s, one inside the other, each of ``times``."""
    return (f"  - repeat: {times}\n    do:\n      - repeat: {times}\n        do:\n"
            f"          - repeat: {times}\n            do:\n              - shuffle: deck\n")


LONG_ZONE = T("hand:  {per: seat, see: owner}",
              "hand:  {per: seat, see: owner}\n  " + "z" * 10000 + ": {}")
LONG_QUOTED_VAR = T("turn: {type: seat}", "turn: {type: seat}\n  \"" + "v" * 10000 + "\": {}")
LONG_FLOW_KEY = T("table: {per: game, see: all, tagged: true}",
                  "table: {per: game, see: all, " + "t" * 5000 + ": true}")
LONG_PHASE = T("  main:\n", "  " + "p" * 1025 + ":\n")
TWICE_DEFINITION = T("next_turn(s): left_of(s)", "next_turn(s, s): left_of(s)")
TWICE_PROCEDURE = T("setup:\n", "procedures:\n  give(s, t, s):\n    - shuffle: deck\nsetup:\n"
                    "  - call: give(0, 1, 0)\n")
NULL_HEURISTIC = T("  main:\n", "  main:\n    heuristic: 'null if count(hand[seat]) > 1 else 1'\n")
RULE_BOOK = "rule_book: [{}]\n"


def good_text(record) -> str:
    return json.dumps(record)


def partial(**more):
    """Changes that make the good record an unfinished game (for play --resume)."""
    return {"actions": lambda a: a[:2], "result": DROP, **more}


def deep_list(n: int):
    return json.loads("[" * n + "]" * n)


# ---- the fixtures of API rows ---------------------------------------------------------

_CACHE: dict = {}


def _loaded(name):
    if name not in _CACHE:
        _CACHE[name] = rulekit.load(name)
    return _CACHE[name]


@dataclass
class Api:
    """What an API row's function gets: the loaded mattis and tiny rulesets, a fresh
    mattis game, the work folder, and a writer of files into it."""
    w: Path

    @property
    def mattis(self):
        return _loaded("mattis")

    @property
    def tiny(self):
        return _loaded(str(DATA / "tiny.yaml"))

    @property
    def game(self):
        return self.mattis.new_game(seed=1)

    @property
    def tiny_path(self) -> str:
        return str(DATA / "tiny.yaml")

    def write(self, name: str, text: str) -> str:
        path = self.w / name
        path.write_text(text, encoding="utf-8")
        return str(path)

    @property
    def bridge(self):
        """rulekit.openspiel (OpenSpiel is among the test extras)."""
        from rulekit import openspiel
        return openspiel

    @property
    def spiel(self):
        """The tiny ruleset as an OpenSpiel game of two seats (loaded once)."""
        if "spiel" not in _CACHE:
            _CACHE["spiel"] = self.bridge.load_game(str(DATA / "tiny.yaml"), players=2)
        return _CACHE["spiel"]

    @property
    def spiel_dealt(self):
        """A state of :attr:`spiel` after the deal (the first outcome each time)."""
        state = self.spiel.new_initial_state()
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        return state

    def finished(self):
        game = self.tiny.new_game(seed=1)
        while not game.finished:
            game.apply(game.legal_actions()[0])
        return game


# ---- the table ------------------------------------------------------------------------

@dataclass(frozen=True)
class Row:
    id: str
    kind: str
    given: object
    expect: object
    fragment: object
    argv: tuple = ()
    files: dict = field(default_factory=dict)
    absent: tuple = ()
    unchanged: tuple = ()
    seconds: float = 10.0


def R(id, kind, given, expect, fragment, **extra) -> Row:
    return Row(id, kind, given, expect, fragment, **extra)


E = (rulekit.RulesetError, ValueError)      # a bad argument to load / evaluate: either
RE, VE, IA, CE = rulekit.RulesetError, ValueError, rulekit.IllegalAction, rulekit.CardError
PE = rulekit.errors.ParameterError         # a RulesetError and a ValueError
TYPED = ("play", "{tiny}", "--agent", "all=random",
         "--seed", "1", "--human", "1", "--dealer", "0", "--deck", " ".join(PACK),
         "--ascii")
MATTIS_HUMAN = ("play", "mattis", "--agent", "all=random", "--seed", "3", "--human", "0", "--ascii")
WAITED = "abandoned after 0 actions"          # the typed line took no action
LONG_NAME = "x" * 300 + ".yaml"

ROWS = [
    # ---- rulesets: YAML syntax and shape ----------------------------------------------
    R("yaml-empty-file", "yaml", "", 1, "the file is empty"),
    R("yaml-only-a-comment", "yaml", "# nothing here\n", 1, "the file is empty"),
    R("yaml-only-blank-lines", "yaml", "   \n\n", 1, "the file is empty"),
    R("yaml-top-level-list", "yaml", "- a\n- b\n", 1, "must be a mapping"),
    R("yaml-top-level-scalar", "yaml", "hello\n", 1, "must be a mapping"),
    R("yaml-tab-indent", "yaml", V("players:\n\tmin: 3\n"), 1, (f"{FILE}:5:1:", "tab")),
    R("yaml-nul-byte", "yaml", NUL_TEXT, 1, (f"{FILE}:4:", "control character"),
      argv=PLAY),
    R("yaml-unclosed-double-quote-points-at-the-quote", "yaml", UNCLOSED_DQ, 1,
      at(UNCLOSED_DQ, '"Mattis')),
    R("yaml-unclosed-single-quote-points-at-the-quote", "yaml", UNCLOSED_SQ, 1,
      at(UNCLOSED_SQ, "'Mattis")),
    R("yaml-unclosed-quote-in-a-definition", "yaml", UNCLOSED_IN_EXPR, 1,
      at(UNCLOSED_IN_EXPR, '"option')),
    R("yaml-unclosed-flow-mapping", "yaml", V("players: {min: 3, max: 8\n"), 1, "'}'"),
    R("yaml-undefined-alias", "yaml", V("zones:\n  pile: *nope\n"), 1, "undefined alias"),
    R("yaml-alias-inside-itself", "yaml", "a: &a [*a]\n", 1, "alias"),
    R("yaml-billion-laughs-refused-fast", "yaml", LAUGHS, 1, "100000"),
    R("yaml-wide-alias-bomb-refused-fast", "yaml", WIDE_ALIASES, 1, "100000"),
    R("yaml-merge-key", "yaml", V("zones:\n  a: &a {per: game}\n  b:\n    <<: *a\n"), 1,
      "merge keys"),
    R("yaml-python-tag-is-not-run", "yaml",
      V("title: !!python/object/apply:os.system ['echo OWNED']\n"), 1, "title"),
    R("yaml-duplicate-key", "yaml", V("title: a\ntitle: b\n"), 1, "duplicate key 'title'"),
    R("yaml-two-documents", "yaml", V("---\nname: w\n"), 1, "single document"),
    R("yaml-list-as-key", "yaml", V("? [a, b]\n: 1\n"), 1, "mapping key"),
    R("yaml-latin-1", "yaml", V().encode() + "title: Mättis\n".encode("latin-1"), 1,
      "not UTF-8"),
    R("yaml-utf-16", "yaml", V().encode("utf-16"), 1, "not UTF-8"),
    R("yaml-2-mb-file", "yaml", V("summary: '" + "x" * 2_000_000 + "'\n"), 1, "1000000"),
    R("yaml-nested-100-flow", "yaml", V("x: " + "[" * 100 + "]" * 100 + "\n"), 1,
      "nested more than 60 levels"),
    R("yaml-nested-5000-flow", "yaml", V("x: " + "[" * 5000 + "]" * 5000 + "\n"), 1,
      "nested more than 60 levels"),
    R("yaml-nested-70-block", "yaml",
      V("".join("  " * i + f"k{i}:\n" for i in range(70)) + "  " * 70 + "v: 1\n"), 1,
      "nested more than 60 levels"),
    R("yaml-byte-order-mark-is-fine", "yaml", b"\xef\xbb\xbf" + TINY.encode(), 0, ": ok"),
    R("yaml-rulekit-2", "yaml", T("rulekit: 1", "rulekit: 2"), 1, "rulekit must be 1"),
    R("yaml-name-with-a-space", "yaml", T("name: tiny", "name: 'a b'"), 1,
      "is not a valid name"),
    R("yaml-name-a-number", "yaml", T("name: tiny", "name: 123"), 1, "name must be text"),
    R("yaml-title-escapes-are-not-sent-to-the-terminal", "cli", ("list", "{w}/sub"), 0,
      "t.yaml", files={"sub/t.yaml": TITLE_ESCAPE, "sub/tiny.yaml": TINY}, absent=("\x1b",)),
    R("yaml-validate-a-folder-with-a-fifo-and-a-device", "cli", ("validate", "{w}"), 1,
      ("fifo.yaml", "not a regular file")),

    # ---- rulesets: numbers ------------------------------------------------------------
    R("yaml-number-of-20-digits", "yaml", V("players: {min: 3, max: 99999999999999999999}\n"),
      1, "20 digits"),
    R("yaml-number-of-5000-digits", "yaml", hand_size("9" * 5000), 1, "5000 digits"),
    R("yaml-number-of-20-digits-in-an-expression", "yaml",
      hand_size("3 + 99999999999999999999"), 1, "20 digits"),
    R("yaml-number-of-4400-digits-in-an-expression", "yaml",
      hand_size("'" + "9" * 4400 + " + 1'"), 1, "4400 digits"),
    R("yaml-whole-float-players-max", "yaml", V("players: {min: 3, max: 8.0}\n"), 1,
      "players.max"),
    R("yaml-whole-float-players-default", "yaml", V("players: {min: 3, max: 8, default: 4.0}\n"),
      1, "players.default"),
    R("yaml-whole-float-each", "yaml", T("each: hand_size", "each: 2.0"), 1, "each"),
    R("yaml-whole-float-each-explain", "yaml", T("each: hand_size", "each: 2.0"), 1, "each",
      argv=("explain", "{file}")),
    R("yaml-whole-float-each-play", "yaml", T("each: hand_size", "each: 2.0"), 1, "each",
      argv=PLAY),
    R("yaml-whole-float-repeat", "yaml", with_setup("  - repeat: 2.0\n    do:\n"
                                                    "      - shuffle: deck\n"), 1, "repeat"),
    R("yaml-whole-float-rulekit", "yaml", T("rulekit: 1", "rulekit: 1.0"), 1,
      "rulekit must be a whole number"),
    R("yaml-whole-float-option-min", "yaml", T("    min: 1\n", "    min: 1.0\n"), 1, "min"),
    R("yaml-whole-float-option-default", "yaml", T("    default: 3\n", "    default: 3.0\n"),
      1, "must be a whole number"),
    R("yaml-whole-float-var-init", "yaml", T("turn: {type: seat}", "turn: {type: seat, init: 1.0}"),
      1, "is not a whole number"),
    R("yaml-each-negative", "yaml", T("each: hand_size", "each: -1"), 1, "each"),
    R("yaml-each-true", "yaml", T("each: hand_size", "each: true"), 1, "expected int"),
    R("yaml-repeat-negative", "yaml", with_setup("  - repeat: -3\n    do:\n"
                                                 "      - shuffle: deck\n"), 1, "repeat"),
    R("yaml-repeat-over-the-limit-aborts", "yaml",
      with_setup("  - repeat: 999999999999\n    do:\n      - shuffle: deck\n"), 1,
      "more than the limit of 10000", argv=PLAY),
    R("yaml-players-min-negative", "yaml", V("players: {min: -1, max: 8}\n"), 1,
      "players.min"),
    R("yaml-players-max-1e308", "yaml", V("players: {min: 3, max: 1e308}\n"), 1,
      "players.max"),
    R("yaml-players-max-100000", "yaml", V("players: {min: 3, max: 100000}\n"), 1, "64"),
    R("yaml-players-max-65", "yaml", T("players: {min: 2, max: 4, default: 2}",
                                       "players: {min: 2, max: 65}"), 1, "64"),
    R("yaml-players-min-above-max", "yaml", T("players: {min: 2, max: 4, default: 2}",
                                              "players: {min: 5, max: 4, default: 5}"), 1,
      "min 5 is more than max 4"),
    R("yaml-players-min-text", "yaml", T("players: {min: 2, max: 4, default: 2}",
                                         "players: {min: '2', max: 4}"), 1,
      "players.min must be a whole number"),
    R("yaml-players-a-list", "yaml", T("players: {min: 2, max: 4, default: 2}",
                                       "players: [2, 4]"), 1, "players must be a mapping"),
    R("yaml-option-default-1e999", "yaml", V("options:\n  min_run: {default: 1e999}\n"), 1,
      "must be a whole number"),
    R("yaml-option-default-1.0e999", "yaml",
      V("options:\n  big: {type: int, default: 1.0e999}\n"), 1, "must be a whole number"),
    R("yaml-option-max-1e308", "yaml", T("    max: 5\n", "    max: 1e308\n"), 1,
      "must be a whole number"),
    R("yaml-option-bool-default-yes", "yaml", T("    default: true\n", "    default: yes\n"),
      1, "must be true or false"),
    R("yaml-option-min-above-max", "yaml", T("    min: 1\n    max: 5", "    min: 5\n    max: 1"),
      1, "hand_cards"),

    # ---- rulesets: names, seats, choices --------------------------------------------
    R("yaml-zone-name-not-an-identifier", "yaml",
      T("hand:  {per: seat, see: owner}",
        f"hand:  {{per: seat, see: owner}}\n  \"{INJECT}\": {{}}"),
      1, ("error", INJECT)),
    R("yaml-variable-name-not-an-identifier", "yaml",
      T("turn: {type: seat}", f"turn: {{type: seat}}\n  \"{INJECT}\": {{type: int}}"),
      1, ("error", INJECT)),
    R("yaml-option-name-not-an-identifier", "yaml",
      V(f"options:\n  \"{INJECT}\": {{type: bool, default: false}}\n"), 1, ("error", INJECT)),
    R("yaml-option-type-unknown", "yaml", V("options:\n  colour: {type: colour, default: red}\n"),
      1, ("options.colour.type: the text 'colour' is not allowed; use one of: bool, int, "
          "choice, list")),
    R("yaml-option-choice-without-values", "yaml",
      V("options:\n  pace: {type: choice, default: slow}\n"), 1,
      "option 'pace': a choice needs `values`"),
    R("yaml-option-name-with-a-dash", "yaml",
      V("options:\n  no-sequences: {type: bool, default: false}\n"), 1,
      ("error", "no-sequences")),
    R("yaml-action-name-not-an-identifier", "yaml",
      V(f"phases:\n  shed:\n    actions:\n      \"{INJECT}\":\n        choose: nothing\n"
        "        do: []\n"), 1, ("error", INJECT)),
    R("yaml-definition-name-not-an-identifier", "yaml",
      T(HAND_SIZE, f"{HAND_SIZE}\n  \"{INJECT}\": 1"), 1, "bad name"),
    R("yaml-end-game-loser-null", "yaml", T("loser: actor", "loser: null"), 1, "loser"),
    # refused when the ruleset is checked, so the game never starts
    R("yaml-end-game-loser-99-is-refused", "yaml", T("loser: actor", "loser: 99"), 1,
      "the loser must be a seat", argv=PLAY, absent=("seat 99 loses",)),
    R("yaml-end-game-loser-negative-is-refused", "yaml", T("loser: actor", "loser: -1"), 1,
      "the loser must be a seat", argv=PLAY, absent=("seat -1 loses",)),
    R("yaml-end-game-loser-true", "yaml", T("loser: actor", "loser: true"), 1, "seat"),
    R("yaml-end-game-loser-text", "yaml", T("loser: actor", "loser: \"'x'\""), 1,
      "expected seat"),
    R("yaml-end-game-without-outcome", "yaml", T("end_game: {loser: actor}", "end_game: {}"), 1,
      "end_game must not be empty; the form is `end_game: {loser: S} / {winner: S}"),
    R("yaml-actor-negative-aborts", "yaml", T("actor: turn", "actor: -1"), 1, "aborted",
      argv=PLAY),
    R("yaml-actor-99-aborts", "yaml", T("actor: turn", "actor: 99"), 1, "aborted", argv=PLAY),
    R("yaml-choice-of-bools-is-a-validate-error", "yaml", CHOOSE_BOOLS, 1,
      "seats, whole numbers, ranks, suits, words or piles, not bools"),
    R("yaml-choice-of-bools-is-refused-before-play", "yaml", CHOOSE_BOOLS, 1,
      "not bools", argv=PLAY),
    R("yaml-card-literal-not-in-the-pack", "yaml",
      hand_size("\"3 if card('ZZ') in deck else 3\""), 1, "no such card"),
    R("yaml-symbol-that-is-a-suit-name", "yaml",
      T("rulekit: 1\n", "rulekit: 1\ncards: {symbols: {C: H, D: ♦, H: ♥, S: ♠}}\n"), 1,
      "symbol"),
    R("yaml-empty-symbol", "yaml",
      T("rulekit: 1\n", "rulekit: 1\ncards: {symbols: {C: '', D: ♦, H: ♥, S: ♠}}\n"), 1,
      "symbol"),
    R("yaml-no-ranks", "yaml", T("rulekit: 1\n", "rulekit: 1\ncards: {ranks: [], suits: C D}\n"),
      1, "cards.ranks is empty"),
    R("yaml-rank-twice", "yaml",
      T("rulekit: 1\n", "rulekit: 1\ncards: {ranks: 2 2 3, suits: C D}\n"), 1, "twice"),
    R("yaml-alias-to-no-rank", "yaml",
      T("rulekit: 1\n", "rulekit: 1\ncards: {aliases: {'1': Z}}\n"),
      1, "'Z' is not one of the ranks"),
    # names that would make two cards look alike, or card text read another way
    R("yaml-suit-cyrillic-en-beside-latin-h", "yaml", pack('{suits: "C D H Н"}'), 1,
      (at(pack('{suits: "C D H Н"}'), "Н"), "the suit 'H' (Latin letters) and the suit 'Н' "
       "(Cyrillic letters) look alike")),
    R("yaml-rank-greek-kappa-beside-latin-k", "yaml", pack("{ranks: [2, 3, K, Κ]}"), 1,
      "the rank 'K' (Latin letters) and the rank 'Κ' (Greek letters) look alike"),
    R("yaml-suit-with-a-right-to-left-mark", "yaml", pack('{suits: [C, D, H, "S\\u200f"]}'), 1,
      "holds an invisible or control character (U+200F RIGHT-TO-LEFT MARK)"),
    R("yaml-rank-with-a-zero-width-space", "yaml", pack('{ranks: ["2", "2\\u200b", "3"]}'), 1,
      "U+200B ZERO WIDTH SPACE"),
    R("yaml-rank-mixing-scripts", "yaml", pack('{ranks: "2 3 Kы"}'), 1,
      (at(pack('{ranks: "2 3 Kы"}'), "Kы"), "mixes Cyrillic and Latin letters")),
    R("yaml-rank-fullwidth", "yaml", pack('{ranks: "2 3 Ｑ"}'), 1,
      "holds a character with a plainer form ('Q')"),
    R("yaml-symbol-with-a-variation-selector", "yaml",
      pack('{symbols: {C: ♣, D: ♦, H: "♥\\ufe0f", S: ♠}}'), 1,
      "the symbol '♥\ufe0f' holds an invisible or control character"),
    R("yaml-extra-card-like-a-cyrillic-card", "yaml",
      pack('{ranks: [2, 3, "К", "Н"], extra: {KH: 1}}'), 1,
      "cards.extra: 'KH' looks like the card КH"),
    R("yaml-cyrillic-pack-is-fine", "yaml", pack('{ranks: "6 7 8 9 10 В Д К Т", aliases: {}}'),
      0, ": ok"),
    R("yaml-cyrillic-aliases-of-latin-ranks-are-fine", "yaml",
      pack('{aliases: {"10": T, "В": J, "Д": Q, "К": K}}'), 0, ": ok"),
    # an alias that can never be used, or that stands for another card than it says
    R("yaml-alias-that-is-a-rank-name", "yaml", pack("{aliases: {J: T}}"), 1,
      (at(pack("{aliases: {J: T}}"), "J: T"), "'J' is the name of rank 'J' already, so it "
       "can never be used")),
    R("yaml-alias-its-own-rank-in-lower-case", "yaml", pack("{aliases: {t: T}}"), 1,
      "'t' is the name of rank 'T' already"),
    R("yaml-alias-shadowed-by-another-in-other-case", "yaml", pack("{aliases: {x: A, X: K}}"),
      1, "'x' cannot stand for rank 'A': 'xC' reads as KC"),
    R("yaml-alias-like-a-rank-in-another-script", "yaml", pack('{aliases: {"Т": A}}'), 1,
      "the rank 'T' (Latin letters) and the alias 'Т' (Cyrillic letters) look alike"),
    R("yaml-alias-empty", "yaml", pack("{aliases: {'': T}}"), 1, "the alias '' is empty"),
    R("yaml-alias-with-a-space", "yaml", pack("{aliases: {'1 0': T}}"), 1,
      "the alias '1 0' holds a space"),
    # a name the language reads first can never be used by a zone, variable or definition
    R("yaml-definition-named-players-is-shadowed", "yaml",
      T(HAND_SIZE, HAND_SIZE + "\n  players: 3"), 0,
      ("warning: definition 'players' is never used", "is a name of the language")),
    R("yaml-variable-named-dealer-is-shadowed", "yaml",
      T("turn: {type: seat}", "turn: {type: seat}\n  dealer: {type: seat}"), 0,
      ("variable 'dealer' is never used", "is a name of the language (the dealer)")),
    R("yaml-symbol-that-breaks-an-alias", "yaml",
      pack("{symbols: {C: '1', D: ♦, H: ♥, S: ♠}}"), 1,
      "'10' cannot stand for rank 'T': '10C' reads as no card"),
    R("yaml-start-step-missing", "yaml", T("start: play_turn", "start: nope"), 1,
      "'nope' does not exist"),

    # ---- rulesets: expressions ---------------------------------------------------------
    R("yaml-expression-of-2000-terms", "yaml", hand_size(LONG_SUM), 1,
      (line_of(hand_size(LONG_SUM), "hand_size: 1"), "5000 characters")),
    R("yaml-expression-of-1000-parentheses", "yaml", hand_size(PARENS_1000), 1,
      (line_of(hand_size(PARENS_1000), "hand_size: '"), "levels deep")),
    R("yaml-expression-of-101-parentheses", "yaml", hand_size(PARENS_101), 1, "levels deep"),
    R("yaml-expression-of-3000-minus-signs", "yaml", hand_size(MINUS_3000), 1,
      (line_of(hand_size(MINUS_3000), "hand_size: '"), "levels deep")),
    R("yaml-expression-of-300-nested-calls", "yaml", hand_size(CALLS_300), 1,
      (line_of(hand_size(CALLS_300), "hand_size: '"), "levels deep")),
    R("yaml-expression-of-2000-nots", "yaml", NOTS, 1,
      (line_of(NOTS, "flag: '"), "5000 characters")),
    R("yaml-expression-with-a-nul", "yaml", hand_size('"3\\0"'), 1, "unexpected character"),
    R("yaml-expression-python-import", "yaml", hand_size("\"__import__('os').getpid()\""), 1,
      "syntax error"),
    R("yaml-expression-dunder-attribute", "yaml", hand_size("\"count.__class__\""), 1,
      "only option.NAME uses a dot"),
    R("yaml-expression-dunder-name", "yaml",
      hand_size("\"max_of(deck, c -> __import__)\""), 1, "unknown name '__import__'"),
    R("yaml-announce-python", "yaml", with_setup("  - announce: \"{__import__('os').getpid()}\"\n"),
      1, "syntax error"),
    R("yaml-announce-unclosed-brace", "yaml", with_setup("  - announce: \"{\"\n"), 1,
      "without a closing '}'"),
    R("yaml-definition-refers-to-itself", "yaml", hand_size("hand_size + 1"), 1,
      "refers to itself"),
    R("yaml-definition-repeats-a-parameter", "yaml", TWICE_DEFINITION, 1,
      (at(TWICE_DEFINITION, "next_turn(s, s)"), "names the parameter 's' twice"),
      absent=("internal error",)),
    R("yaml-procedure-repeats-a-parameter", "yaml", TWICE_PROCEDURE, 1,
      (at(TWICE_PROCEDURE, "give(s, t, s)"), "names the parameter 's' twice")),
    R("yaml-definition-repeats-a-parameter-play", "yaml", TWICE_DEFINITION, 1,
      "names the parameter 's' twice", argv=PLAY),

    # ---- rulesets: names longer than YAML reads (1024 characters) ----------------------
    R("yaml-zone-name-of-10000-characters", "yaml", LONG_ZONE, 1,
      (at(LONG_ZONE, "zzz"), "a name of 10000 characters; the limit is 64")),
    R("yaml-quoted-variable-name-of-10000-characters", "yaml", LONG_QUOTED_VAR, 1,
      (at(LONG_QUOTED_VAR, "vvv"), "a name of 10000 characters; the limit is 64")),
    R("yaml-flow-key-of-5000-characters", "yaml", LONG_FLOW_KEY, 1,
      (at(LONG_FLOW_KEY, "ttt"), "a name of 5000 characters; the limit is 64")),
    R("yaml-phase-name-of-1025-characters", "yaml", LONG_PHASE, 1,
      (at(LONG_PHASE, "ppp"), "a name of 1025 characters; the limit is 64")),
    R("yaml-long-text-with-a-colon-is-still-a-yaml-error", "yaml",
      T("title: Tiny", "title: a" + "b" * 2000 + ": c"), 1, "mapping values are not allowed",
      absent=("a name of",)),

    # ---- rulesets: costly or failing at play time -------------------------------------
    R("yaml-three-nested-repeats-of-10000-abort", "yaml", with_setup(nested_repeats("10000")),
      1, ("aborted", "more than 100000 rounds in one action"), argv=PLAY),
    R("yaml-three-nested-fors-of-100-abort", "yaml",
      with_setup("  - for: a in numbers(1, 100)\n    do:\n      - for: b in numbers(1, 100)\n"
                 "        do:\n          - for: c in numbers(1, 100)\n            do:\n"
                 "              - let: x = c\n"),
      1, ("aborted", "more than 100000 rounds in one action"), argv=PLAY),
    R("yaml-heuristic-sometimes-null", "yaml", NULL_HEURISTIC, 1,
      ("aborted", "the heuristic of phase main: for seat", "gives null, not a number"),
      argv=("play", "{file}", "--seed", "1", "--quiet", "--agent", "all=greedy")),

    # ---- rulesets: conditions (legal, until, the if of a transition or an effect) -------
    # a YAML number is refused by the schema, an expression of another type when compiled
    R("yaml-legal-a-number", "yaml", LEGAL_5, 1, (at(LEGAL_5, "legal: 5", 7),
                                                  "must be a condition")),
    R("yaml-legal-zero", "yaml", cond_legal("0"), 1,
      (at(cond_legal("0"), "legal: 0", 7), "must be a condition", "not the number 0")),
    R("yaml-until-a-number", "yaml", UNTIL_5, 1, (at(UNTIL_5, "until: 5", 7),
                                                   "must be a condition")),
    R("yaml-transition-if-a-number", "yaml", IF_1, 1, (at(IF_1, "if: 1", 4),
                                                        "must be a condition")),
    R("yaml-effect-if-a-number", "yaml", with_setup("  - if: 2\n    then:\n"
                                                    "      - shuffle: deck\n"), 1,
      "must be a condition"),
    R("yaml-legal-a-number-expression", "yaml", cond_legal("count(table)"), 1,
      (at(cond_legal("count(table)"), "legal: count", 7),
       "expected a condition (true or false), but this is int")),
    R("yaml-if-a-seat-expression", "yaml", T("if: empty(hand[actor]) and high(table) >= 0",
                                             "if: turn"), 1,
      "expected a condition (true or false), but this is seat"),
    R("yaml-until-a-text-expression", "yaml", T("until: 5", "until: \"'closed'\"", UNTIL_5), 1,
      "expected a condition (true or false), but this is str"),
    R("yaml-effect-if-a-list-expression", "yaml", with_setup("  - if: '[1]'\n    then:\n"
                                                             "      - shuffle: deck\n"), 1,
      "expected a condition (true or false), but this is list"),
    R("yaml-legal-true-is-fine", "yaml", cond_legal("true"), 0, ": ok"),
    R("yaml-until-false-is-fine", "yaml", T("until: 5", "until: false", UNTIL_5), 0, ": ok"),
    # a number where the language allows one stays allowed
    R("yaml-definition-a-number-is-fine", "yaml", hand_size("2"), 0, ": ok"),

    # ---- rulesets: words templates (a definition's or procedure's words:) ----------------
    R("yaml-words-unknown-placeholder", "yaml", WORDS_Q, 1,
      (at(WORDS_Q, "{q}"), "{q} names no parameter of 'next_turn' (its parameters: s)")),
    R("yaml-words-unknown-placeholder-in-the-negative", "yaml",
      next_turn_words("the turn passes from {s}|the turn stays with {t}"), 1,
      (at(next_turn_words("the turn passes from {s}|the turn stays with {t}"), "{t}"),
       "{t} names no parameter")),
    R("yaml-words-a-number-placeholder", "yaml",
      T("hand_size: option.hand_cards",
        "hand_size: {value: option.hand_cards, words: \"{0} cards\"}"), 1,
      "{0} names no parameter of 'hand_size' (it has no parameters)"),
    R("yaml-words-unknown-conversion", "yaml", next_turn_words("the seat after {s:plural}"), 1,
      "':plural' is not a form of words"),
    R("yaml-words-unclosed-bracket", "yaml", next_turn_words("the seat after {s}[, or {s}"), 1,
      (at(next_turn_words("the seat after {s}[, or {s}"), "[, or"), "never closed")),
    R("yaml-words-brace-naming-nothing", "yaml", next_turn_words("the seat after { s }"), 1,
      "a '{' that names no parameter"),
    R("yaml-words-of-a-procedure", "yaml", PROC_WORDS, 1,
      (at(PROC_WORDS, "{who}"), "{who} names no parameter of 'mix' (its parameters: s)")),
    R("yaml-words-that-fit-are-fine", "yaml",
      next_turn_words("the seat after {s}|not the seat after {s}[ ({s:'s} left)]"), 0,
      ": ok"),

    # ---- rulesets: extends -------------------------------------------------------------
    R("yaml-extends-itself", "yaml", ext(FILE), 1, "extends cycle"),
    R("yaml-extends-cycle-of-two", "yaml", ext("cyc.yaml"), 1, "extends cycle",
      files={"cyc.yaml": ext(FILE, "cyc")}),
    R("yaml-extends-chain-of-21-files", "yaml", ext("c18.yaml"), 1, "20", files=chain(19)),
    R("yaml-extends-chain-of-20-files-is-fine", "yaml", ext("c17.yaml"), 0, ": ok",
      files=chain(18)),
    R("yaml-extends-missing", "yaml", ext("nope.yaml"), 1, "no ruleset 'nope.yaml'"),
    R("yaml-extends-misspelt-bundled", "yaml", ext("matis"), 1, "did you mean 'mattis'"),
    R("yaml-extends-a-folder", "yaml", ext("sub"), 1, "is a folder", files={"sub/x": ""}),
    R("yaml-extends-empty-text", "yaml", ext("''"), 1, "must name a ruleset"),
    R("yaml-extends-a-list", "yaml", ext("[mattis]"), 1, "must name a ruleset"),
    R("yaml-extends-dev-zero", "yaml", ext("/dev/zero"), 1, "not a regular file"),
    R("yaml-extends-a-fifo", "yaml", ext("fifo.yaml"), 1, "not a regular file"),
    R("yaml-extends-a-symlink-to-dev-zero", "yaml", ext("zero.yaml"), 1,
      ("zero.yaml", "a symbolic link leading out of the folder <tmp>/w; refused")),
    R("yaml-extends-a-symlink-leading-out", "yaml", ext("link.yaml"), 1,
      ("link.yaml", "a symbolic link leading out of the folder <tmp>/w; refused")),
    R("yaml-extends-dotdot-without-a-link-is-fine", "yaml", ext("../outside.yaml"), 0, ": ok"),
    R("yaml-extends-a-2-mb-file", "yaml", ext("big.yaml"), 1, "1000000",
      files={"big.yaml": "x: '" + "y" * 2_000_000 + "'\n"}),
    R("yaml-extends-a-binary-file", "yaml", ext("img.png"), 1, "not UTF-8",
      files={"img.png": b"\x89PNG\r\n\x1a\n\x00\x00\xff"}),

    # ---- records: the file ------------------------------------------------------------
    R("record-not-json", "record", '{"format": ', 1, "not valid JSON"),
    R("record-empty-file", "record", "", 1, "not valid JSON"),
    R("record-a-list", "record", "[1, 2]", 1, "not a list"),
    R("record-null", "record", "null", 1, "not null"),
    R("record-text", "record", '"hello"', 1, "not text"),
    R("record-latin-1", "record", b'{"format": "\xe9"}', 1, "not UTF-8"),
    # 2 MB is under the record limit (64 MB: a record of 1,000,000 actions must fit)
    R("record-2-mb", "record", '{"x": "' + "a" * 2_000_000 + '"}', 1, "unknown key 'x'"),
    R("record-trailing-garbage", "record", lambda good: good_text(good) + " xx", 1,
      "not valid JSON"),
    R("record-nan", "record", lambda good: good_text(good).replace('"players": 2',
                                                                   '"players": NaN'), 1, "NaN"),
    R("record-infinity", "record", lambda good: good_text(good).replace('"seed": 1',
                                                                        '"seed": Infinity'),
      1, "Infinity"),
    R("record-13-digit-number", "record",
      lambda good: good_text(good).replace('"seed": 1', '"seed": 1234567890123'), 1,
      "13 digits"),
    R("record-5000-digit-number", "record",
      lambda good: good_text(good).replace('"seed": 1', '"seed": ' + "9" * 5000), 1,
      "5000 digits"),
    R("record-nested-100000-deep", "record", '{"a": ' + "[" * 100000 + "]" * 100000 + "}", 1,
      "nested"),
    R("record-nested-100-deep", "record",
      {"result": {"status": "finished", "loser": 1, "out_order": deep_list(100)}}, 1, "nested"),
    R("record-duplicate-key", "record",
      lambda good: good_text(good).replace('"players": 2', '"players": 2, "players": 3'), 1,
      "duplicate"),
    R("record-unknown-key", "record", {"extra": 1}, 1, "'extra'"),
    R("record-a-fifo", "cli", ("replay", "{w}/fifo.yaml"), 1, "not a regular file"),
    R("record-dev-urandom", "cli", ("replay", "/dev/urandom"), 1, "not a regular file"),
    R("record-a-folder", "cli", ("replay", "{w}"), 1, "is a folder"),
    R("record-missing", "cli", ("replay", "{w}/nope.json"), 1, "no such file"),

    # ---- records: format, ruleset ------------------------------------------------------
    R("record-format-missing", "record", {"format": DROP}, 1, "'format' must be"),
    R("record-format-a-number", "record", {"format": 2}, 1, "'format' must be"),
    R("record-format-3", "record", {"format": "rulekit-record/3"}, 1, "'format' must be"),
    R("record-format-other-case", "record", {"format": "Rulekit-Record/2"}, 1,
      "'format' must be"),
    R("record-format-1-is-fine", "record", {"format": "rulekit-record/1"}, 0,
      "status: finished"),
    R("record-ruleset-missing", "record", {"ruleset": DROP}, 1, "'ruleset' must name"),
    R("record-ruleset-a-number", "record", {"ruleset": 5}, 1, "'ruleset' must name"),
    R("record-ruleset-empty", "record", {"ruleset": ""}, 1, "'ruleset' must name"),
    R("record-ruleset-a-list", "record", {"ruleset": ["tiny.yaml"]}, 1, "'ruleset' must name"),
    R("record-ruleset-absolute-path", "record", {"ruleset": "{w}/tiny.yaml"}, 1, "refused"),
    R("record-ruleset-etc-passwd", "record", {"ruleset": "/etc/passwd"}, 1, "refused"),
    R("record-ruleset-dev-urandom", "record", {"ruleset": "/dev/urandom"}, 1, "refused"),
    R("record-ruleset-dev-zero-by-dotdot", "record",
      {"ruleset": "../../../../../../../../dev/zero"}, 1, "refused"),
    R("record-ruleset-dotdot-escape", "record", {"ruleset": "../outside.yaml"}, 1, "refused"),
    R("record-ruleset-dotdot-deep-escape", "record",
      {"ruleset": "../../../../../../../../etc/passwd"}, 1, "refused"),
    R("record-ruleset-dotdot-inside-and-out", "record",
      {"ruleset": "sub/../../outside.yaml"}, 1, "refused", files={"sub/x": ""}),
    R("record-ruleset-home", "record", {"ruleset": "~/x.yaml"}, 1, "refused"),
    R("record-ruleset-nul", "record", {"ruleset": "tiny.yaml\x00"}, 1, "refused"),
    R("record-ruleset-a-fifo", "record", {"ruleset": "fifo.yaml"}, 1, "refused"),
    R("record-ruleset-symlink-to-dev-zero", "record", {"ruleset": "zero.yaml"}, 1, "refused"),
    R("record-ruleset-symlink-outside", "record", {"ruleset": "link.yaml"}, 1, "refused"),
    R("record-ruleset-extends-outside", "record", {"ruleset": "esc.yaml"}, 1,
      "outside the folders", files={"esc.yaml": ext("../outside.yaml", "esc")}),
    R("record-ruleset-extends-absolute", "record", {"ruleset": "abs.yaml"}, 1,
      "outside the folders", files={"abs.yaml": ext("{tmp}/outside.yaml", "abs")}),
    R("record-ruleset-extends-dev-zero", "record", {"ruleset": "dev.yaml"}, 1,
      "outside the folders", files={"dev.yaml": ext("/dev/zero", "dev")}),
    R("record-ruleset-extends-cycle", "record", {"ruleset": "c1.yaml"}, 1, "extends cycle",
      files={"c1.yaml": ext("c2.yaml", "c1"), "c2.yaml": ext("c1.yaml", "c2")}),
    R("record-ruleset-misspelt-bundled", "record", {"ruleset": "matis"}, 1,
      "did you mean 'mattis'"),
    R("record-ruleset-a-folder", "record", {"ruleset": "."}, 1, "'.'"),
    R("record-ruleset-outside-with-rulesets-dir", "record", {"ruleset": "../outside.yaml"}, 0,
      "status: finished", argv=("replay", "{rec}", "--rulesets", "{tmp}")),
    R("record-folder-key-cannot-widen-the-folders", "record",
      {"_folder": "/", "ruleset": "etc/passwd"}, 1, "refused"),

    # ---- records: every field wrong -------------------------------------------------
    R("record-players-missing", "record", {"players": DROP}, 1, "'players' must be"),
    R("record-players-zero", "record", {"players": 0}, 1, "from 1 to 64"),
    R("record-players-negative", "record", {"players": -1}, 1, "from 1 to 64"),
    R("record-players-65", "record", {"players": 65}, 1, "from 1 to 64"),
    R("record-players-float", "record", {"players": 2.0}, 1, "must be a whole number"),
    R("record-players-true", "record", {"players": True}, 1, "must be a whole number"),
    R("record-players-text", "record", {"players": "2"}, 1, "must be a whole number"),
    R("record-players-1e999", "record",
      lambda good: good_text(good).replace('"players": 2', '"players": 1e999'), 1,
      "must be a whole number"),
    R("record-players-out-of-the-rulesets-range", "record", {"players": 5}, 1,
      "tiny is for 2 to 4 players, not 5"),
    R("record-dealer-negative", "record", {"dealer": -1}, 1, "dealer must be a seat"),
    R("record-dealer-too-big", "record", {"dealer": 2}, 1, "dealer must be a seat"),
    R("record-dealer-float", "record", {"dealer": 1.0}, 1, "'dealer' must be a whole number"),
    R("record-dealer-text", "record", {"dealer": "0"}, 1, "'dealer' must be a whole number"),
    R("record-seed-text", "record", {"seed": "x"}, 1, "'seed' must be a whole number"),
    R("record-seed-float", "record", {"seed": 1.5}, 1, "'seed' must be a whole number"),
    R("record-seed-true", "record", {"seed": True}, 1, "'seed' must be a whole number"),
    R("record-seed-a-list", "record", {"seed": [1]}, 1, "'seed' must be a whole number"),
    R("record-seed-another", "record", {"seed": 2}, 1, "is not legal"),
    # a negative seed would deal another seed's game (random.Random(-1) is Random(1))
    R("record-seed-negative", "record", {"seed": -1}, 1,
      "'seed' must be a whole number from 0 to 999999999999, not -1"),
    R("record-actions-missing", "record", {"actions": DROP}, 1, "'actions' must be a list"),
    R("record-actions-text", "record", {"actions": "play 4C"}, 1, "'actions' must be a list"),
    R("record-actions-numbers", "record", {"actions": [1, 2]}, 1, "'actions' must be a list"),
    R("record-actions-null-item", "record", {"actions": [None]}, 1, "'actions' must be a list"),
    R("record-actions-empty-text", "record", {"actions": [""]}, 1, "action 0"),
    R("record-actions-unknown", "record", {"actions": ["dance"]}, 1, "'dance' is not legal"),
    R("record-actions-bad-card", "record", {"actions": ["play 1Z"]}, 1, "bad card '1Z'"),
    R("record-actions-terminal-escape", "record", {"actions": ["\x1b[2J\x1b]0;owned\x07"]}, 1,
      "action 0", absent=("\x1b",)),
    R("record-actions-after-the-end", "record", {"actions": lambda a: a + a[-1:]}, 1,
      "after the end of the game"),
    R("record-options-a-list", "record", {"options": []}, 1, "'options' must be an object"),
    R("record-options-unknown", "record", {"options": {"nope": 1}}, 1, "unknown option 'nope'"),
    R("record-options-wrong-type", "record", {"options": {"hand_cards": "x"}}, 1,
      "must be a whole number"),
    R("record-options-float", "record", {"options": {"hand_cards": 3.0}}, 1,
      "must be a whole number"),
    R("record-options-out-of-range", "record", {"options": {"hand_cards": 99}}, 1,
      "must be between 1 and 5"),
    R("record-max-actions-zero", "record", {"max_actions": 0}, 1, "max_actions"),
    R("record-max-actions-negative", "record", {"max_actions": -1}, 1, "max_actions"),
    R("record-max-actions-text", "record", {"max_actions": "x"}, 1,
      "'max_actions' must be a whole number"),
    R("record-max-actions-true", "record", {"max_actions": True}, 1,
      "'max_actions' must be a whole number"),
    R("record-deck-text", "record", {"deck": "2C 3C"}, 1, "'deck' must be a list"),
    R("record-deck-numbers", "record", {"deck": [1, 2]}, 1, "'deck' must be a list"),
    R("record-deck-short", "record", {"deck": ["2C"]}, 1, "the pack has 52"),
    R("record-deck-a-card-twice", "record", {"deck": ["2C"] * 52}, 1, "2C appears twice"),
    R("record-result-a-list", "record", {"result": []}, 1, "'result' must be an object"),
    R("record-result-without-status", "record", {"result": {}}, 1,
      "'result' must be an object"),
    R("record-result-differs", "record", {"result": {"status": "finished", "loser": 0}}, 1,
      "differs"),
    R("record-result-loser-text", "record", {"result": {"status": "finished", "loser": "x"}},
      1, "'result' must be an object with a 'status' (text), a 'loser' (a seat or null) and "
      "an 'out_order' (a list of seats): its 'loser' is \"x\""),
    R("record-result-out-order-item", "record",
      {"result": {"status": "finished", "loser": 1, "out_order": [0, "x"]}}, 1,
      "its 'out_order' item 1 is \"x\""),
    R("record-result-status-a-number", "record", {"result": {"status": 5}}, 1,
      "its 'status' is 5"),
    R("record-outcome-without-returns", "record", {"outcome": {"ranking": [[0], [1]]}}, 1,
      "'outcome' must be an object with a 'ranking' (lists of seats), 'scores' (numbers or "
      "null), 'returns' (numbers) and, in a game of teams, 'teams' (lists of seats): it has "
      "no 'returns'"),
    R("record-outcome-returns-item", "record",
      {"outcome": {"ranking": [[0], [1]], "returns": [1, "x"]}}, 1,
      "its 'returns' item 1 is \"x\""),
    R("record-outcome-ranking-item", "record",
      {"outcome": {"ranking": [[0], [1, True]], "returns": [1, -1]}}, 1,
      "its 'ranking' item 1 is [1, true]"),
    R("record-actions-second-item-a-number", "record", {"actions": lambda a: a[:1] + [7]}, 1,
      "'actions' must be a list of action strings: item 1 is 7"),
    R("record-deck-item-a-number", "record", {"deck": ["2C", 5]}, 1,
      "'deck' must be a list of card texts, top first: item 1 is 5"),
    R("record-seats-item-a-number", "record", {"seats": ["random", 2]}, 1,
      "'seats' must list who played each seat (\"human\" or an agent kind): item 1 is 2"),
    R("record-seats-too-few", "record", {"seats": ["random"]}, 1, "names 1 seats"),
    R("record-seats-numbers", "record", {"seats": [1, 2]}, 1, "'seats' must list"),
    # ---- records: names (a stranger's text; issue 33) -----------------------------------
    R("record-names-text", "record", {"names": "Ann"}, 1,
      "'names' must be a list of one name (or null) per seat (2)"),
    R("record-names-too-few", "record", {"names": ["Ann"]}, 1, "one name (or null) per seat"),
    R("record-names-item-a-number", "record", {"names": [5, None]}, 1,
      ("'names' item 0", "a name is text")),
    R("record-names-direction-mark", "record", {"names": ["Ann\u202egnp.exe", None]}, 1,
      ("'names' item 0", "direction mark (U+202E)"), absent=("\u202e",)),
    R("record-names-escape-sequence", "record", {"names": [None, "\x1b[2JBob"]}, 1,
      ("'names' item 1", "control character (U+001B)"), absent=("\x1b",)),
    R("record-names-25-characters", "record", {"names": ["a" * 25, None]}, 1,
      "at most 24 characters"),
    R("record-names-empty", "record", {"names": ["", None]}, 1, "may not be empty"),
    R("record-names-fine", "record", {"names": ["Ann", None]}, 0, "status: finished"),
    R("cli-play-name-direction-mark", "cli",
      ("play", "{tiny}", "--human", "0", "--name", "Ann\u202egnp"), 2,
      ("--name", "direction mark (U+202E)"), absent=("\u202e",)),
    R("cli-play-name-bell", "cli", ("play", "{tiny}", "--human", "0", "--name", "A\x07"), 2,
      "control character (U+0007)", absent=("\x07",)),
    R("cli-play-name-25-characters", "cli",
      ("play", "{tiny}", "--human", "0", "--name", "a" * 25), 2, "at most 24 characters"),
    R("cli-play-name-without-a-person", "cli", ("play", "{tiny}", "--name", "Ann"), 2,
      "--name: names a person at a --human seat"),
    R("cli-play-name-of-two-people-without-a-seat", "cli",
      ("play", "{tiny}", "--human", "0", "--human", "1", "--name", "Ann"), 2, "SEAT=NAME"),
    R("cli-play-name-of-a-bot-seat", "cli",
      ("play", "{tiny}", "--human", "0", "--name", "1=Ann"), 2,
      "seat 1 is not a --human seat"),
    R("record-fingerprint-a-number", "record", {"fingerprint": 5}, 1,
      "'fingerprint' must be text"),
    R("record-rulekit-version-a-number", "record", {"rulekit_version": 1}, 1,
      "'rulekit_version' must be text"),
    R("resume-a-record-with-an-unknown-seat-kind", "record",
      partial(seats=["genius", "random"]), 1, "genius",
      argv=("play", "--resume", "{rec}", "--quiet")),
    R("resume-a-finished-game", "record", {}, 1, "the game is over",
      argv=("play", "--resume", "{rec}", "--quiet")),
    R("resume-with-players", "record", partial(), 2, "--players comes from the record",
      argv=("play", "--resume", "{rec}", "--players", "3")),
    R("resume-a-fifo", "cli", ("play", "--resume", "{w}/fifo.yaml"), 1, "not a regular file"),

    # ---- command lines -----------------------------------------------------------------
    R("cli-unknown-command", "cli", ("frobnicate",), 2, "invalid choice"),
    *[R(f"cli-{cmd}-unknown-flag", "cli", (cmd, *args, "--bogus"), 2,
        "unrecognized arguments: --bogus")
      for cmd, args in [("list", ()), ("validate", ("mattis",)), ("play", ("mattis",)),
                        ("replay", ("x.json",)), ("new", ("x", "--from", "mattis")),
                        ("explain", ("mattis",)), ("diff", ("mattis", "mattis")),
                        ("graph", ("mattis",))]],
    *[R(f"cli-serve-allowed-host-{name}", "cli", ("serve", "--allowed-host", value), 2,
        ("argument --allowed-host", "is not NAME or NAME:PORT"))
      for name, value in [("a-url", "http://games.example.org/"), ("a-star", "*"),
                          ("empty", ""), ("a-port-too-big", "games.example.org:99999")]],
    R("cli-play-seed-abc", "cli", ("play", "mattis", "--seed", "abc"), 2,
      "argument --seed: 'abc' is not a whole number"),
    R("cli-play-seed-empty", "cli", ("play", "mattis", "--seed", ""), 2, "argument --seed"),
    R("cli-play-seed-1.5", "cli", ("play", "mattis", "--seed", "1.5"), 2, "argument --seed"),
    R("cli-play-seed-without-value", "cli", ("play", "mattis", "--seed"), 2,
      "expected one argument"),
    R("cli-play-seed-of-30-digits", "cli", ("play", "mattis", "--quiet", "--seed", "9" * 30), 1,
      ("--seed", "limit is 12")),
    R("cli-play-players-many", "cli", ("play", "mattis", "--players", "many"), 2,
      "argument --players"),
    R("cli-play-players-zero", "cli", ("play", "mattis", "--players", "0"), 1,
      "--players: must be at least 1, not 0"),
    R("cli-play-players-2.0", "cli", ("play", "mattis", "--players", "2.0"), 2,
      "argument --players"),
    R("cli-play-players-99", "cli", ("play", "{tiny}", "--players", "99"), 1,
      "tiny is for 2 to 4 players, not 99"),
    R("cli-play-players-of-30-digits", "cli", ("play", "{tiny}", "--players", "9" * 30), 1,
      ("--players", "a number of 30 digits: the limit is 12")),
    R("cli-play-dealer-x", "cli", ("play", "mattis", "--dealer", "x"), 2, "argument --dealer"),
    R("cli-play-dealer-negative", "cli", ("play", "mattis", "--dealer", "-1"), 1,
      "--dealer: must be at least 0, not -1"),
    R("cli-play-dealer-9", "cli", ("play", "{tiny}", "--dealer", "9"), 1,
      "dealer must be a seat from 0 to 1, not 9"),
    R("cli-play-max-actions-zero", "cli", ("play", "mattis", "--max-actions", "0"), 1,
      "--max-actions: must be from 1 to 1000000, not 0"),
    R("cli-play-max-actions-x", "cli", ("play", "mattis", "--max-actions", "x"), 2,
      "argument --max-actions"),
    R("cli-play-max-actions-of-13-digits", "cli",
      ("play", "{tiny}", "--quiet", "--seed", "1", "--max-actions", "9" * 13), 1,
      ("--max-actions", "limit is 12")),
    R("cli-play-option-bool-maybe", "cli", ("play", "mattis", "--option", "sequences=maybe"), 2,
      "option sequences=maybe: must be true or false"),
    R("cli-play-option-int-abc", "cli", ("play", "mattis", "--option", "min_run=abc"), 2,
      "option min_run=abc: must be a whole number"),
    R("cli-play-option-int-empty", "cli", ("play", "mattis", "--option", "min_run="), 2,
      "must be a whole number"),
    R("cli-play-option-int-out-of-range", "cli", ("play", "mattis", "--option", "min_run=7"), 1,
      "option min_run=7: must be between 2 and 3"),
    R("cli-play-option-int-of-5000-digits", "cli",
      ("play", "mattis", "--option", "min_run=" + "9" * 5000), 1, "limit is 12"),
    R("cli-play-option-without-name", "cli", ("play", "mattis", "--option", "=3"), 2,
      "--option takes NAME=VALUE"),
    R("cli-play-option-without-equals", "cli", ("play", "mattis", "--option", "min_run"), 2,
      "--option takes NAME=VALUE"),
    R("cli-play-option-unknown", "cli", ("play", "mattis", "--option", "nope=1"), 1,
      "unknown option 'nope'"),
    R("cli-play-option-choice-unknown", "cli", ("play", "mattis", "--option", "draw_order=x"),
      1, "must be one of winner_first, leader_first"),
    R("cli-play-option-list-not-a-rank", "cli",
      ("play", "atlanta_mattis", "--option", "dreck_ranks=Z"), 1, "which is not a rank"),
    R("cli-play-human-9", "cli", ("play", "mattis", "--human", "9"), 1,
      "--human: seat 9 does not exist (seats 0 to 3)"),
    R("cli-play-human-negative", "cli", ("play", "mattis", "--human", "-1"), 1,
      "--human: must be at least 0, not -1"),
    R("cli-play-human-x", "cli", ("play", "mattis", "--human", "x"), 2, "argument --human"),
    R("cli-play-agent-seat-9", "cli", ("play", "mattis", "--agent", "9=random"), 1,
      "--agent: seat 9 does not exist (seats 0 to 3)"),
    R("cli-play-agent-unknown-kind", "cli", ("play", "mattis", "--agent", "0=genius"), 2,
      "unknown agent kind 'genius'"),
    R("cli-play-agent-human-kind", "cli", ("play", "mattis", "--agent", "0=human"), 2,
      "unknown agent kind 'human'"),
    R("cli-play-agent-without-equals", "cli", ("play", "mattis", "--agent", "random"), 2,
      "--agent takes SEAT=KIND"),
    R("cli-play-agent-seat-x", "cli", ("play", "mattis", "--agent", "x=random"), 2,
      "'x' is not a seat number"),
    R("cli-play-agent-same-seat-twice", "cli",
      ("play", "mattis", "--quiet", "--agent", "0=random", "--agent", "0=greedy"), 2,
      "--agent"),
    R("cli-play-agent-on-the-human-seat", "cli",
      ("play", "mattis", "--human", "0", "--agent", "0=random"), 2, "is the --human seat"),
    R("cli-play-deck-empty", "cli", ("play", "mattis", "--deck", ""), 1, "bad deck: 0 cards"),
    R("cli-play-deck-one-card", "cli", ("play", "mattis", "--deck", "AS"), 1,
      "bad deck: 1 card given"),
    R("cli-play-deck-bad-card", "cli", ("play", "mattis", "--deck", " ".join(PACK[:-1] + ["ZZ"])),
      1, "bad card 'ZZ'"),
    R("cli-play-deck-card-twice", "cli", ("play", "mattis", "--deck", " ".join(PACK[:-1] + ["2C"])),
      1, "2C appears twice"),
    R("cli-play-record-a-folder", "cli", ("play", "{tiny}", "--record", "{w}"), 1,
      "is a folder"),
    R("cli-play-record-dev-null", "cli", ("play", "{tiny}", "--record", "/dev/null"), 1,
      "not a regular file"),
    R("cli-play-record-a-fifo", "cli", ("play", "{tiny}", "--record", "{w}/fifo.yaml"), 1,
      "not a regular file"),
    R("cli-play-record-in-a-missing-folder", "cli",
      ("play", "{tiny}", "--record", "{w}/no/such/g.json"), 1, "cannot write the record"),
    R("cli-play-record-empty-name", "cli", ("play", "{tiny}", "--record", ""), 2,
      "--record needs a file name"),
    R("cli-play-record-the-ruleset", "cli", ("play", "{tiny}", "--record", "{tiny}"), 1,
      "is the ruleset being played"),
    R("cli-play-record-over-another-ruleset", "cli",
      ("play", "{tiny}", "--quiet", "--seed", "1", "--record", "{w}/other.yaml"), 1,
      "other.yaml", files={"other.yaml": T("name: tiny", "name: other")},
      unchanged=("other.yaml",)),
    R("cli-play-empty-name", "cli", ("play", ""), 2, "empty name"),
    R("cli-play-missing-file", "cli", ("play", "{w}/nope.yaml"), 1, "nope.yaml: no such file"),
    R("cli-play-a-folder", "cli", ("play", "{w}"), 1, "is a folder"),
    R("cli-play-dev-urandom", "cli", ("play", "/dev/urandom"), 1, "not a regular file"),
    R("cli-play-a-fifo", "cli", ("play", "{w}/fifo.yaml"), 1, "not a regular file"),
    R("cli-play-misspelt-bundled", "cli", ("play", "matis"), 1, "did you mean 'mattis'"),
    R("cli-play-name-too-long", "cli", ("play", LONG_NAME), 1, "too long",
      absent=("cannot write the output",)),
    R("cli-play-ruleset-and-resume", "cli", ("play", "mattis", "--resume", "x.json"), 2,
      "not both"),
    R("cli-play-nothing-to-play", "cli", ("play",), 2, "give a RULESET"),
    R("cli-play-extra-argument", "cli", ("play", "mattis", "extra"), 2,
      "unrecognized arguments: extra"),
    R("cli-play-quiet-with-a-value", "cli", ("play", "mattis", "--quiet=yes"), 2,
      "ignored explicit argument"),
    R("cli-replay-upto-abc", "cli", ("replay", "x.json", "--upto", "abc"), 2, "argument --upto"),
    R("cli-replay-upto-negative", "cli", ("replay", "x.json", "--upto", "-1"), 1,
      "--upto: must be at least 0, not -1"),
    R("cli-replay-json-and-transcript", "cli", ("replay", "x.json", "--json", "--transcript"),
      2, "cannot be combined"),
    R("cli-replay-empty-name", "cli", ("replay", ""), 2, "empty name"),
    R("cli-replay-without-record", "cli", ("replay",), 2, "required: RECORD"),
    R("cli-replay-rulesets-folder-missing", "record", {}, 1, "nope",
      argv=("replay", "{rec}", "--rulesets", "{w}/nope")),
    R("cli-replay-rulesets-a-file", "record", {}, 1, "tiny.yaml",
      argv=("replay", "{rec}", "--rulesets", "{tiny}")),
    R("cli-validate-empty-name", "cli", ("validate", ""), 2, "an empty name is not a ruleset"),
    R("cli-validate-simulate-zero", "cli", ("validate", "mattis", "--simulate", "0"), 1,
      "--simulate: must be from 1 to 100000, not 0"),
    R("cli-validate-simulate-x", "cli", ("validate", "mattis", "--simulate", "x"), 2,
      "argument --simulate"),
    R("cli-validate-simulate-of-20-digits", "cli",
      ("validate", "{tiny}", "--simulate", "9" * 20), 1, "--simulate", seconds=2.0),
    R("cli-validate-option-bool-maybe", "cli",
      ("validate", "mattis", "--option", "sequences=maybe"), 2, "must be true or false"),
    R("cli-validate-json-option-int-abc", "cli",
      ("validate", "--json", "mattis", "--option", "min_run=abc"), 2, "must be a whole number"),
    R("cli-validate-option-out-of-range", "cli",
      ("validate", "mattis", "--option", "min_run=7"), 1, "must be between 2 and 3"),
    R("cli-validate-option-without-equals", "cli", ("validate", "mattis", "--option", "x"), 2,
      "--option takes NAME=VALUE"),
    R("cli-validate-a-folder-without-yaml", "cli", ("validate", "{w}/sub"), 1,
      "a folder with no .yaml files", files={"sub/readme.txt": "x"}),
    R("cli-validate-missing", "cli", ("validate", "{w}/nope.yaml"), 1, "no such file"),
    R("cli-validate-name-too-long", "cli", ("validate", LONG_NAME), 1, "too long",
      absent=("cannot write the output",)),
    R("cli-new-name-with-a-space", "cli", ("new", "x y", "--from", "mattis", "-o", "-"), 2,
      "is not a valid name"),
    R("cli-new-empty-name", "cli", ("new", "", "--from", "mattis", "-o", "-"), 2,
      "is not a valid name"),
    R("cli-new-without-from", "cli", ("new", "x"), 2, "required: --from"),
    R("cli-new-from-unknown", "cli", ("new", "x", "--from", "nope", "-o", "-"), 1,
      "unknown ruleset 'nope'"),
    R("cli-new-from-dev-zero", "cli", ("new", "x", "--from", "/dev/zero", "-o", "-"), 1,
      "not a regular file"),
    R("cli-new-over-an-existing-file", "cli", ("new", "x", "--from", "mattis", "-o", "{tiny}"),
      1, "already exists", unchanged=("tiny.yaml",)),
    R("cli-new-into-a-folder", "cli", ("new", "x", "--from", "mattis", "-o", "{w}"), 1,
      "is a folder"),
    R("cli-new-into-a-missing-folder", "cli",
      ("new", "x", "--from", "mattis", "-o", "{w}/no/such/x.yaml"), 1, "cannot write"),
    R("cli-new-onto-a-fifo", "cli", ("new", "x", "--from", "mattis", "-o", "{w}/fifo.yaml"), 1,
      "fifo.yaml"),
    R("cli-new-name-too-long", "cli", ("new", "x", "--from", "mattis", "-o", "{w}/" + LONG_NAME),
      1, "too long", absent=("cannot write the output",)),
    R("cli-explain-without-ruleset", "cli", ("explain",), 2, "required: RULESET"),
    R("cli-explain-unknown", "cli", ("explain", "nope"), 1, "unknown ruleset 'nope'"),
    R("cli-explain-option-int-abc", "cli", ("explain", "mattis", "--option", "min_run=abc"), 2,
      "must be a whole number"),
    R("cli-explain-option-out-of-range", "cli", ("explain", "mattis", "--option", "min_run=7"),
      1, "must be between 2 and 3"),
    R("cli-diff-one-ruleset", "cli", ("diff", "mattis"), 2, "required: B"),
    R("cli-diff-unknown", "cli", ("diff", "mattis", "nope"), 1, "unknown ruleset 'nope'"),
    R("cli-diff-dev-zero", "cli", ("diff", "mattis", "/dev/zero"), 1, "not a regular file"),
    R("cli-graph-format-png", "cli", ("graph", "mattis", "--format", "png"), 2,
      "invalid choice: 'png'"),
    R("cli-graph-unknown", "cli", ("graph", "nope"), 1, "unknown ruleset 'nope'"),
    R("cli-list-missing-folder", "cli", ("list", "{w}/nope"), 1, "not a folder"),
    R("cli-list-a-file", "cli", ("list", "{tiny}"), 1, "not a folder"),
    R("cli-list-two-folders", "cli", ("list", "a", "b"), 2, "unrecognized arguments: b"),
    R("cli-list-a-folder-with-files-that-do-not-load", "cli", ("list", "{w}"), 1,
      ("files do not load", "fifo.yaml", "zero.yaml")),

    # ---- writing files: one rule for every writer (rulekit.outputs) ----------------------
    # refused before any work (a run that would take minutes stops at once, the report
    # unprinted), whatever is there kept; a file the command reads even with --force
    R("cli-simulate-csv-over-the-ruleset", "cli", SIM + ("--csv", "{tiny}"), 1,
      ("--csv", "tiny.yaml is a ruleset being simulated"), unchanged=("tiny.yaml",),
      absent=REPORT),
    R("cli-simulate-csv-over-the-ruleset-with-force", "cli", SIM + ("--csv", "{tiny}", "--force"),
      1, "is a ruleset being simulated", unchanged=("tiny.yaml",), absent=REPORT),
    R("cli-simulate-csv-over-a-file-the-ruleset-extends", "cli",
      ("simulate", "{w}/v.yaml") + SIM[2:] + ("--csv", "{tiny}", "--force"), 1,
      "tiny.yaml is a file v.yaml extends", files={"v.yaml": ext("tiny.yaml")},
      unchanged=("tiny.yaml",), absent=REPORT),
    R("cli-simulate-csv-over-an-existing-file", "cli", SIM + ("--csv", "{w}/mine.csv"), 1,
      ("--csv", "mine.csv already exists; give --force"), files={"mine.csv": "mine\n"},
      unchanged=("mine.csv",), absent=REPORT),
    R("cli-simulate-plot-over-an-existing-file", "cli", SIM + ("--plot", "{w}/mine.png"), 1,
      ("--plot", "mine.png already exists"), files={"mine.png": "mine\n"},
      unchanged=("mine.png",), absent=REPORT),
    R("cli-simulate-csv-and-plot-of-one-file", "cli",
      SIM + ("--csv", "{w}/a.svg", "--plot", "{w}/a.svg"), 1, "both name", absent=REPORT),
    R("cli-simulate-records-over-a-record", "cli", SIM + ("--records", "{w}/recs"), 1,
      ("--records", "already holds game-2p-000000.json"),
      files={"recs/game-2p-000000.json": "{}\n"}, unchanged=("recs/game-2p-000000.json",),
      absent=REPORT),
    R("cli-simulate-records-a-file", "cli", SIM + ("--records", "{tiny}"), 1,
      "exists and is not a folder", absent=REPORT),
    R("cli-simulate-csv-a-folder", "cli", SIM + ("--csv", "{w}"), 1, "is a folder"),
    R("cli-simulate-csv-dev-null", "cli", SIM + ("--csv", "/dev/null"), 1,
      "/dev/null is not a regular file"),
    R("cli-simulate-csv-a-fifo", "cli", SIM + ("--csv", "{w}/fifo.yaml", "--force"), 1,
      "fifo.yaml is not a regular file"),
    R("cli-simulate-csv-in-a-missing-folder", "cli", SIM + ("--csv", "{w}/no/x.csv"), 1,
      ("--csv: cannot write", "no/x.csv", "No such file or directory"), absent=REPORT),
    R("cli-simulate-csv-empty-name", "cli", SIM + ("--csv", ""), 2, "--csv needs a file name"),
    R("cli-compare-plot-over-a-variant", "cli",
      ("compare", "{w}/v.svg", "{tiny}", "--games", "2", "--jobs", "1", "--quiet", "--plot",
       "{w}/v.svg", "--force"), 1, "v.svg is a ruleset being simulated",
      files={"v.svg": ext("tiny.yaml")}, unchanged=("v.svg",)),
    R("cli-play-record-over-an-existing-record", "cli",
      ("play", "{tiny}", "--quiet", "--seed", "1", "--record", "{w}/old.json"), 1,
      ("--record", "old.json already exists; give --force"),
      files={"old.json": '{"format": "rulekit-record/2"}\n'}, unchanged=("old.json",),
      absent=("Result",)),
    R("cli-play-record-over-the-ruleset-with-force", "cli",
      ("play", "{tiny}", "--quiet", "--seed", "1", "--record", "{tiny}", "--force"), 1,
      "is the ruleset being played", unchanged=("tiny.yaml",)),
    R("cli-play-record-over-a-file-the-ruleset-extends-with-force", "cli",
      ("play", "{w}/v.yaml", "--quiet", "--record", "{tiny}", "--force"), 1,
      "tiny.yaml is a file v.yaml extends", files={"v.yaml": ext("tiny.yaml")},
      unchanged=("tiny.yaml",)),
    R("cli-new-over-its-base-with-force", "cli",
      ("new", "x", "--from", "{tiny}", "-o", "{tiny}", "--force"), 1,
      "is the ruleset x would extend", unchanged=("tiny.yaml",)),
    R("cli-new-over-an-existing-file-says-force", "cli",
      ("new", "x", "--from", "mattis", "-o", "{w}/mine.yaml"), 1, "give --force",
      files={"mine.yaml": "mine\n"}, unchanged=("mine.yaml",)),
    R("cli-schema-over-an-existing-file", "cli", ("schema", "-o", "{w}/mine.json"), 1,
      ("-o", "mine.json already exists"), files={"mine.json": "mine\n"},
      unchanged=("mine.json",)),
    R("cli-schema-into-a-missing-folder", "cli", ("schema", "-o", "{w}/no/s.json"), 1,
      ("cannot write", "no/s.json")),
    R("cli-serve-db-the-ruleset-served", "cli", ("serve", "{tiny}", "--db", "{tiny}"), 1,
      "is the ruleset being served", unchanged=("tiny.yaml",)),
    R("cli-serve-db-a-folder", "cli", ("serve", "--db", "{w}"), 1, "is a folder"),

    # ---- numbers: not of the form is 2, out of range is 1 (cli/arguments.py) -------------
    R("cli-play-seed-negative", "cli", ("play", "{tiny}", "--quiet", "--seed", "-1"), 1,
      "--seed: must be at least 0, not -1", absent=("Result",)),
    R("cli-play-seed-unicode-digits", "cli", ("play", "{tiny}", "--seed", "١٢"), 2,
      "argument --seed"),
    R("cli-play-seed-underscores", "cli", ("play", "{tiny}", "--seed", "1_000"), 2,
      "argument --seed"),
    R("cli-analyze-games-one", "cli", ANA + ("--games", "1"), 1,
      "--games: must be from 2 to 10000000, not 1"),
    R("cli-analyze-budget-zero", "cli", ANA + ("--budget", "0"), 1,
      "--budget: must be from 1 to 100000, not 0"),
    R("cli-analyze-budget-x", "cli", ANA + ("--budget", "x"), 2, "argument --budget"),
    R("cli-analyze-agents-unknown", "cli", ANA + ("--agents", "clever"), 1,
      "unknown agent kind 'clever'", absent=("rulekit analyze:",)),
    R("cli-analyze-leader-bad", "cli", ANA + ("--leader", "nope("), 1, "leader:",
      absent=("rulekit analyze:",)),
    R("cli-analyze-leader-a-condition", "cli", ANA + ("--leader", "true"), 1, "leader:"),
    R("cli-analyze-leader-fails-in-play", "cli", ANA + ("--leader", "1 / 0"), 1,
      "the leader expression failed", absent=("tension",)),
    R("cli-analyze-players-99", "cli", ANA + ("--players", "99"), 1,
      "tiny is for 2 to 4 players, not 99"),
    R("cli-analyze-variant-missing", "cli", ANA[:2] + ("{w}/none.yaml",) + ANA[2:], 1,
      "no such file"),
    R("cli-analyze-variant-bad-options", "cli", ANA[:2] + ("{tiny}:a=1,b",) + ANA[2:], 1,
      "options after ':' are K=V"),
    R("cli-analyze-plot-not-a-picture", "cli", ANA + ("--plot", "{w}/x.txt"), 1,
      "--plot: the file must end in .png or .svg", absent=("rulekit analyze:",)),
    R("cli-analyze-plot-over-the-ruleset", "cli",
      ("analyze", "{w}/x.svg") + ANA[2:] + ("--plot", "{w}/x.svg", "--force"), 1,
      "x.svg is a ruleset being simulated", files={"x.svg": TINY},
      unchanged=("x.svg",), absent=("rulekit analyze:",)),
    R("cli-analyze-address-without-ray", "cli", ANA + ("--address", "127.0.0.1:1"), 2,
      "--address is a Ray cluster's"),
    R("cli-simulate-games-zero", "cli", SIM[:2] + ("--games", "0"), 1,
      "--games: must be from 1 to 10000000, not 0"),
    R("cli-simulate-games-too-many", "cli", SIM[:2] + ("--games", "10000001"), 1,
      "--games: must be from 1 to 10000000"),
    R("cli-simulate-games-x", "cli", SIM[:2] + ("--games", "x"), 2, "argument --games"),
    R("cli-simulate-seed-negative", "cli", SIM + ("--seed", "-1"), 1,
      "--seed: must be at least 0, not -1"),
    R("cli-simulate-jobs-zero", "cli", SIM + ("--jobs", "0"), 1, "--jobs: must be from 1 to"),
    R("cli-simulate-players-many", "cli", SIM + ("--players", "many"), 2,
      "argument --players: 'many' is not a whole number or all"),
    R("cli-simulate-players-zero", "cli", SIM + ("--players", "0"), 1,
      "--players: must be at least 1"),
    R("cli-simulate-players-99", "cli", SIM + ("--players", "99"), 1,
      "tiny is for 2 to 4 players, not 99"),
    R("cli-simulate-max-actions-zero", "cli", SIM + ("--max-actions", "0"), 1,
      "--max-actions: must be from 1 to 1000000"),
    R("cli-simulate-when-without-equals", "cli", SIM + ("--when", "forced"), 2,
      "argument --when: takes NAME=EXPR"),
    R("cli-simulate-when-a-number-as-name", "cli", SIM + ("--when", "3=true"), 2,
      ("argument --when", "'3' is not a name")),
    R("cli-simulate-when-name-with-a-space", "cli", SIM + ("--when", "a b=true"), 2,
      ("argument --when", "'a b' is not a name")),
    R("cli-simulate-when-same-name-twice", "cli",
      SIM + ("--when", "a=true", "--when", "a=false"), 2, "--when: the name a is given twice",
      absent=REPORT),
    R("cli-simulate-when-a-number", "cli", SIM + ("--when", "x=3"), 1,
      ("when x", "expected a condition (true or false), but this is int"), absent=REPORT),
    R("cli-simulate-when-a-seat", "cli", SIM + ("--when", "x=actor"), 1,
      ("when x", "expected a condition (true or false), but this is seat"), absent=REPORT),
    R("cli-simulate-address-bad-scheme", "cli",
      SIM + ("--backend", "ray", "--address", "foo://x"), 2,
      "argument --address: 'foo://x' is not a Ray address"),
    R("cli-simulate-address-http", "cli",
      SIM + ("--backend", "ray", "--address", "http://127.0.0.1:6379"), 2,
      "is not a Ray address"),
    R("cli-simulate-address-without-ray", "cli", SIM + ("--address", "127.0.0.1:6379"), 2,
      "--address is a Ray cluster's: give it with --backend ray"),
    R("cli-simulate-address-port-70000", "cli",
      SIM + ("--backend", "ray", "--address", "127.0.0.1:70000"), 1,
      "the port must be from 1 to 65535, not 70000"),
    R("cli-simulate-address-where-nothing-listens", "cli",
      SIM + ("--backend", "ray", "--address", "127.0.0.1:1"), 1,
      ("address 127.0.0.1:1", "no Ray cluster answers"), absent=REPORT),
    R("cli-serve-port-70000", "cli", ("serve", "--port", "70000"), 1,
      "--port: must be from 1 to 65535, not 70000"),
    R("cli-serve-port-x", "cli", ("serve", "--port", "x"), 2, "argument --port"),
    R("cli-serve-bot-delay-99", "cli", ("serve", "--bot-delay", "99"), 1,
      "--bot-delay: must be from 0 to 60, not 99"),
    R("cli-serve-bot-delay-nan", "cli", ("serve", "--bot-delay", "nan"), 2,
      "argument --bot-delay: 'nan' is not a number"),
    R("cli-serve-bot-delay-1e999", "cli", ("serve", "--bot-delay", "1e999"), 1,
      "--bot-delay: must be a number from 0 to 60, not inf"),
    R("cli-serve-idle-zero", "cli", ("serve", "--idle", "0"), 1,
      "--idle: must be more than 0, not 0"),
    R("cli-serve-per-minute-negative", "cli", ("serve", "--per-minute", "-1"), 1,
      "--per-minute: must be from 0 to"),

    # ---- the rule book a ruleset names --------------------------------------------------
    R("rules-a-rule-book-linked-out-of-the-folder", "cli", ("rules", "{w}/rb.yaml"), 1,
      ("link.md", "a symbolic link leading out of the folder <tmp>/w; refused"),
      files={"rb.yaml": V(RULE_BOOK.format("link.md"))}, absent=("SECRET",)),
    R("rules-validate-warns-of-a-rule-book-linked-out", "cli", ("validate", "{w}/rb.yaml"), 0,
      ("warning", "link.md", "a symbolic link leading out"),
      files={"rb.yaml": V(RULE_BOOK.format("link.md"))}),
    R("rules-a-rule-book-of-2-mb", "cli", ("rules", "{w}/rb.yaml"), 1,
      ("big.md", "more than 1000000 bytes together (the limit)"),
      files={"big.md": "x" * 2_000_000, "rb.yaml": V(RULE_BOOK.format("big.md"))}),
    R("rules-a-rule-book-of-two-files-over-the-limit", "cli", ("rules", "{w}/rb.yaml"), 1,
      ("b.md", "more than 1000000 bytes together (the limit)"),
      files={"a.md": "x" * 600_000, "b.md": "y" * 600_000,
             "rb.yaml": V(RULE_BOOK.format("a.md, b.md"))}, absent=("xxxxxxxxxx",)),
    R("rules-a-rule-book-that-is-a-folder", "cli", ("rules", "{w}/rb.yaml"), 1,
      ("dir.md", "is a folder"),
      files={"dir.md/x": "", "rb.yaml": V(RULE_BOOK.format("dir.md"))}),
    R("rules-a-rule-book-not-utf-8", "cli", ("rules", "{w}/rb.yaml"), 1,
      ("bad.md", "not UTF-8"),
      files={"bad.md": b"\xff\xfe#", "rb.yaml": V(RULE_BOOK.format("bad.md"))}),
    R("rules-a-rule-book-beside-the-ruleset-is-fine", "cli", ("rules", "{w}/rb.yaml"), 0,
      "House", files={"h.md": "# House\n", "rb.yaml": V(RULE_BOOK.format("h.md"))}),
    R("typed-rules-with-a-rule-book-linked-out", "typed", "rules", 1,
      ("the rule book cannot be read", "link.md", "a symbolic link leading out"),
      argv=("play", "{w}/rb.yaml", "--agent", "all=random", "--seed", "3", "--human", "0",
            "--ascii"),
      files={"rb.yaml": V(RULE_BOOK.format("link.md"))}, absent=("SECRET",)),

    # ---- text typed at a --human seat ----------------------------------------------------
    R("typed-superscript-two", "typed", "²", 1, ("'²' is not legal", WAITED)),
    R("typed-circled-one", "typed", "①", 1, ("'①' is not legal", WAITED)),
    R("typed-arabic-indic-three", "typed", "٣", 1, ("'٣' is not legal", WAITED)),
    R("typed-20-digits", "typed", "99999999999999999999", 1, ("is not on the list", WAITED)),
    R("typed-zero", "typed", "0", 1, ("0 is not on the list: choose 1 to 3", WAITED)),
    R("typed-number-past-the-list", "typed", "4", 1, ("4 is not on the list", WAITED)),
    R("typed-negative-number", "typed", "-1", 1, ("'-1' is not legal", WAITED)),
    R("typed-decimal", "typed", "1.5", 1, ("'1.5' is not legal", WAITED)),
    R("typed-empty", "typed", "", 1, ("please type a number", WAITED)),
    R("typed-spaces", "typed", "   ", 1, ("please type a number", WAITED)),
    R("typed-help", "typed", "help", 1, ("type the number of an action", WAITED)),
    R("typed-the-action-name-alone", "typed", "play", 1, ("'play' is not legal", WAITED)),
    R("typed-card-not-held-twice", "typed", "play QS QS", 1, ("'play QS QS' is not legal", WAITED)),
    R("typed-held-card-twice", "typed", "play 2C 2C", 1, ("'play 2C 2C' is not legal", WAITED)),
    R("typed-two-cards-no-such-play", "typed", "2c 4c", 1, ("is not legal", WAITED)),
    R("typed-bad-card", "typed", "play ZZ", 1, ("bad card 'ZZ'", WAITED)),
    R("typed-unknown-action", "typed", "stock", 1, ("'stock' is not legal", WAITED)),
    R("typed-fullwidth-letters", "typed", "ＰＬＡＹ ２Ｃ", 1, ("２Ｃ", WAITED)),
    R("typed-nul", "typed", "\x00", 1, ("is not legal", WAITED), absent=("\x00",)),
    R("typed-terminal-escape", "typed", "\x1b[2J\x1b]0;owned\x07", 1, ("is not legal", WAITED),
      absent=("\x1b",)),
    R("typed-10000-characters", "typed", "x" * 10000, 1, ("is not legal", WAITED)),
    R("typed-a-comma-takes-no-action", "typed", ",", 1, "abandoned after",
      argv=MATTIS_HUMAN, absent=("seat 0: stock",)),
    R("typed-a-number-is-fine", "typed", "1", 1, ("seat 1: play 2C", "abandoned after 2 actions")),
    R("typed-a-cyrillic-look-alike-card", "typed", "play 2С", 1, ("bad card '2С'", WAITED)),
    R("typed-a-card-with-a-right-to-left-mark", "typed", "play 2C\u200f", 1,
      ("bad card", WAITED)),
    R("typed-invalid-utf-8-in-a-process", "process", b"\xff\xfe\n", 1, "abandoned after",
      argv=TYPED),

    # ---- card text ----------------------------------------------------------------------
    *[R(f"card-{label}", "card", text, CE, "bad card") for label, text in [
        ("7", "7"), ("QQ", "QQ"), ("10", "10"), ("heart-symbol", "♥"), ("empty", ""),
        ("space", " "), ("rank-alias-alone", "T"), ("1", "1"), ("QSS", "QSS"),
        ("two-cards", "QS QS"), ("fullwidth", "ＱＳ"), ("nul", "\x00"),
        ("int-7", 7), ("none", None), ("float-7", 7.0), ("true", True), ("bytes", b"QS"),
        ("list", ["QS"])]],
    R("card-long-text", "card", "AS" * 5000, CE, "bad card"),
    # text with a character no name of the pack holds names no card, not another one
    *[R(f"card-{label}", "card", text, CE, "bad card") for label, text in [
        ("long-s-upper-cases-to-s", "Qſ"), ("cyrillic-dze", "QЅ"), ("cyrillic-es", "2С"),
        ("right-to-left-mark", "QS\u200f"), ("zero-width-space", "Q\u200bS"),
        ("sharp-s", "Qß"), ("dotless-i", "ıS"), ("ligature-st", "ﬆ")]],
    R("card-10-hearts-is-fine", "card", "10♥", "TH", ""),
    R("card-hearts-10-is-fine", "card", "♥10", "TH", ""),
    R("card-lower-case-is-fine", "card", "qs", "QS", ""),

    # ---- API misuse -----------------------------------------------------------------------
    R("api-new-game-deck-123", "api", lambda A: A.mattis.new_game(deck=123), VE, "deck"),
    R("api-new-game-deck-numbers", "api", lambda A: A.mattis.new_game(deck=[1, 2]), CE,
      "bad card"),
    R("api-new-game-deck-a-dict", "api", lambda A: A.mattis.new_game(deck={}), VE, "deck"),
    R("api-new-game-deck-one-card", "api", lambda A: A.mattis.new_game(deck="AS"), CE,
      "bad deck"),
    R("api-new-game-seed-x", "api", lambda A: A.mattis.new_game(seed="x"), VE, "seed"),
    R("api-new-game-seed-1.5", "api", lambda A: A.mattis.new_game(seed=1.5), VE, "seed"),
    R("api-new-game-seed-of-31-digits", "api", lambda A: A.mattis.new_game(seed=10 ** 30), VE,
      "seed"),
    R("api-new-game-max-actions-true", "api", lambda A: A.mattis.new_game(max_actions=True), VE,
      "max_actions"),
    R("api-new-game-max-actions-zero", "api", lambda A: A.mattis.new_game(max_actions=0), VE,
      "max_actions"),
    R("api-new-game-max-actions-none", "api", lambda A: A.mattis.new_game(max_actions=None), VE,
      "max_actions"),
    R("api-new-game-players-text", "api", lambda A: A.mattis.new_game(players="4"), VE,
      "3 to 8 players"),
    R("api-new-game-players-float", "api", lambda A: A.mattis.new_game(players=4.0), VE,
      "3 to 8 players"),
    R("api-new-game-players-65", "api", lambda A: A.mattis.new_game(players=65), VE,
      "3 to 8 players"),
    R("api-new-game-dealer-text", "api", lambda A: A.mattis.new_game(dealer="0"), VE, "dealer"),
    R("api-new-game-dealer-negative", "api", lambda A: A.mattis.new_game(dealer=-1), VE,
      "dealer"),
    R("api-new-game-random-version-3", "api", lambda A: A.mattis.new_game(random_version=3), VE,
      "random_version"),
    R("api-load-options-text", "api", lambda A: rulekit.load("mattis", options="x"), E,
      "options"),
    R("api-load-options-a-list", "api", lambda A: rulekit.load("mattis", options=[1]), E,
      "options"),
    R("api-load-options-int-key", "api", lambda A: rulekit.load("mattis", options={1: True}),
      ValueError, "keys are option names"),
    R("api-load-options-bool-maybe", "api",
      lambda A: rulekit.load("mattis", options={"sequences": "maybe"}), RE,
      "must be true or false"),
    R("api-load-options-whole-float", "api",
      lambda A: rulekit.load("mattis", options={"min_run": 2.0}), RE, "must be a whole number"),
    R("api-load-options-5000-digits", "api",
      lambda A: rulekit.load("mattis", options={"min_run": "9" * 5000}), RE, "limit is 12"),
    R("api-load-none", "api", lambda A: rulekit.load(None), RE, "unknown ruleset"),
    R("api-load-empty-name", "api", lambda A: rulekit.load(""), RE, "empty"),
    R("api-load-dev-zero", "api", lambda A: rulekit.load("/dev/zero"), RE,
      "not a regular file"),
    R("api-load-name-too-long", "api", lambda A: rulekit.load(LONG_NAME), RE, "too long"),
    R("api-load-whole-float-each", "api",
      lambda A: rulekit.load(A.write("f.yaml", T("each: hand_size", "each: 2.0"))), RE, "each"),
    R("api-evaluate-10001-characters", "api", lambda A: A.game.evaluate("1+" * 5000 + "1"), RE,
      "5000 characters"),
    R("api-evaluate-1001-terms", "api", lambda A: A.game.evaluate("1+" * 1000 + "1"), RE, ""),
    R("api-evaluate-1000-parentheses", "api",
      lambda A: A.game.evaluate("(" * 1000 + "1" + ")" * 1000), RE, "levels deep"),
    R("api-evaluate-5000-digits", "api", lambda A: A.game.evaluate("9" * 5000), RE,
      "limit is 12"),
    R("api-evaluate-20-digits", "api", lambda A: A.game.evaluate("9" * 20), RE, "limit is 12"),
    R("api-new-game-seed-negative", "api", lambda A: A.mattis.new_game(seed=-1), VE,
      "seed must be a whole number from 0 to 999999999999, not -1"),
    R("api-simulate-seed-negative", "api",
      lambda A: rulekit.simulate("mattis", games=1, seed=-1), VE,
      "seed must be a whole number from 0 to 999999999999, not -1"),
    R("api-analyze-games-one", "api", lambda A: rulekit.analyze("mattis", games=1), VE,
      "games must be a whole number from 2 to"),
    R("api-analyze-budget-zero", "api", lambda A: rulekit.analyze("mattis", budget=0), VE,
      "budget must be a whole number from 1 to 100000, not 0"),
    R("api-analyze-agents-unknown", "api", lambda A: rulekit.analyze("mattis", games=2,
      agents="clever"), VE, "unknown agent kind 'clever'"),
    R("api-analyze-variants-a-number", "api", lambda A: rulekit.analyze("mattis", 3), VE,
      "variants: a list of rulesets"),
    R("api-analyze-variant-a-dict", "api", lambda A: rulekit.analyze("mattis", [{}]), VE,
      "a variant is 'name'"),
    R("api-analyze-players-shared-none", "api",
      lambda A: rulekit.analyze("mattis", ["atlanta_mattis"], games=2, players=4), VE,
      "the variants share the player counts 3 to 3, not 4"),
    R("api-analyze-leader-not-a-number", "api",
      lambda A: rulekit.analyze("mattis", games=2, leader="seat == 0"), RE, "leader:"),
    R("api-analyze-unknown-ruleset", "api", lambda A: rulekit.analyze("nope", games=2), RE,
      "unknown ruleset 'nope'"),
    R("api-evaluate-none", "api", lambda A: A.game.evaluate(None), E, "expression"),
    R("api-evaluate-empty", "api", lambda A: A.game.evaluate(""), RE, "syntax error"),
    R("api-evaluate-unknown-name", "api", lambda A: A.game.evaluate("nope"), RE,
      "unknown name 'nope'"),
    R("api-evaluate-division-by-zero", "api", lambda A: A.game.evaluate("1/0"), RE,
      "division by zero"),
    R("api-evaluate-seat-99", "api", lambda A: A.game.evaluate("count(hand[s])", s=99), RE,
      "no such item"),
    R("api-evaluate-card-not-in-the-pack", "api", lambda A: A.game.evaluate("card('ZZ')"), RE,
      "no such card"),
    R("api-apply-none", "api", lambda A: A.game.apply(None), IA, "not legal"),
    R("api-apply-a-number", "api", lambda A: A.game.apply(5), IA, "not legal"),
    R("api-apply-empty", "api", lambda A: A.game.apply(""), IA, "empty action"),
    R("api-apply-a-list", "api", lambda A: A.game.apply(["play", "QS"]), IA, "not legal"),
    R("api-apply-a-card-twice", "api", lambda A: A.game.apply("play QS QS"), IA, "not legal"),
    R("api-apply-bad-card", "api", lambda A: A.game.apply("play ZZ"), CE, "bad card 'ZZ'"),
    R("api-apply-after-the-end", "api", lambda A: A.finished().apply("play 2C"), IA,
      "the game is over"),
    R("api-parse-action-none", "api", lambda A: A.game.parse_action(None), IA, "not legal"),
    R("api-view-99", "api", lambda A: A.game.view(99), VE, "seat must be from 0 to 3"),
    R("api-view-negative", "api", lambda A: A.game.view(-1), VE, "seat must be from 0 to 3"),
    R("api-view-text", "api", lambda A: A.game.view("0"), VE, "'0'"),
    R("api-view-none", "api", lambda A: A.game.view(None), VE, "None"),
    R("api-parse-card-7", "api", lambda A: A.mattis.parse_card(7), CE, "bad card '7'"),

    # ---- the OpenSpiel bridge: rulekit's own exceptions, never OpenSpiel's C++ text ---------
    R("openspiel-players-9", "api", lambda A: A.bridge.load_game(A.tiny_path, players=9),
      PE, "tiny is for 2 to 4 players, not 9", absent=(".cc:",)),
    R("openspiel-players-text", "api", lambda A: A.bridge.load_game(A.tiny_path, players="2"),
      PE, "tiny is for 2 to 4 players, not '2'"),
    R("openspiel-players-true", "api", lambda A: A.bridge.load_game(A.tiny_path, players=True),
      PE, "not True"),
    R("openspiel-unknown-parameter", "api",
      lambda A: A.bridge.RulekitGame({"ruleset": A.tiny_path, "bogus": 1}), PE,
      "unknown parameter 'bogus'; the parameters are: ruleset, players, options, max_actions"),
    R("openspiel-parameters-not-a-dict", "api", lambda A: A.bridge.RulekitGame([1]), PE,
      "the game's parameters are a dict"),
    R("openspiel-no-ruleset", "api", lambda A: A.bridge.RulekitGame({}), PE, "give the ruleset"),
    R("openspiel-options-a-list", "api",
      lambda A: A.bridge.load_game(A.tiny_path, options=[1]), PE,
      "options must be name:value;name:value text or a dict"),
    R("openspiel-options-text-without-value", "api",
      lambda A: A.bridge.RulekitGame({"ruleset": A.tiny_path, "options": "pass_left"}), PE,
      "'pass_left' is not name:value"),
    R("openspiel-option-unknown", "api",
      lambda A: A.bridge.load_game(A.tiny_path, options={"nope": 1}), RE, "unknown option 'nope'"),
    R("openspiel-max-actions-zero", "api",
      lambda A: A.bridge.load_game(A.tiny_path, max_actions=0), PE,
      "max_actions must be a whole number from 1 to 1000000, not 0"),
    R("openspiel-unknown-ruleset", "api", lambda A: A.bridge.load_game("nope"), RE,
      "unknown ruleset 'nope'"),
    R("openspiel-observer-parameters", "api",
      lambda A: A.spiel.make_py_observer(None, {"x": 1}), PE, "observation parameters"),
    R("openspiel-deserialize-garbage", "api", lambda A: A.spiel.deserialize_state("garbage"),
      PE, "not a serialized state of a rulekit game", absent=(".cc:",)),
    *[R(f"openspiel-action-id-{label}", "api",
        (lambda A, v=value: A.spiel_dealt.apply_action(v)), IA, fragment, absent=(".cc:",))
      for label, value, fragment in [
          ("negative", -1, "action id -1: an action id is a whole number"),
          ("text", "x", "action id 'x'"), ("none", None, "action id None"),
          ("true", True, "action id True"), ("float", 1.5, "action id 1.5"),
          ("of-31-digits", 10 ** 30, "an action id is a whole number"),
          ("not-legal-now", 1000, "action id 1000 is not legal now; legal: [")]],
    R("openspiel-chance-outcome-negative", "api",
      lambda A: A.spiel.new_initial_state().apply_action(-1), IA, "action id -1",
      absent=(".cc:",)),
    R("openspiel-chance-outcome-not-possible", "api",
      lambda A: A.spiel.new_initial_state().apply_action(99), IA,
      "chance outcome 99 is not possible now"),
    R("openspiel-child-of-an-illegal-id", "api", lambda A: A.spiel_dealt.child(-5), IA,
      "action id -5"),
    R("openspiel-action-to-string-out-of-range", "api",
      lambda A: A.spiel_dealt.action_to_string(99999), IA, "the action ids of this game are 0 to"),
    R("openspiel-string-to-action-unknown", "api",
      lambda A: A.spiel_dealt.string_to_action("fly away"), IA,
      "'fly away' is not the text of an action legal now; legal: ['play"),
    R("openspiel-undo", "api", lambda A: A.spiel_dealt.undo_action(0, 0), IA, "cannot undo"),
    R("openspiel-joint-actions", "api", lambda A: A.spiel_dealt.apply_actions([0, 1]), IA,
      "sequential"),
    *[R(f"openspiel-{name}-seat-9", "api", (lambda A, n=name: getattr(A.spiel_dealt, n)(9)),
        PE, f"{name}: seat 9 does not exist (seats 0 to 1)", absent=(".cc:",))
      for name in ("observation_string", "information_state_string", "observation_tensor",
                   "legal_actions", "player_return")],
    R("openspiel-observation-at-a-chance-node", "api",
      lambda A: A.spiel.new_initial_state().observation_string(), PE,
      "observation_string: no seat is to act at a chance node: give the seat"),
]


# ---- the driver -----------------------------------------------------------------------

class RowTimeout(BaseException):
    """A row ran longer than its guard (rulekit hangs on this input)."""


@pytest.fixture(scope="session")
def good_record(tmp_path_factory):
    """A finished record of the tiny game (seed 1), its ruleset named ``tiny.yaml``."""
    folder = tmp_path_factory.mktemp("good")
    (folder / "tiny.yaml").write_text(TINY, encoding="utf-8")
    path = folder / "rec.json"
    assert main(["play", str(folder / "tiny.yaml"), "--seed", "1", "--quiet",
                 "--record", str(path)]) == 0
    record = json.loads(path.read_text())
    assert record["ruleset"] == "tiny.yaml" and record["result"]["status"] == "finished"
    assert len(record["actions"]) >= 3
    return record


def _expand(value, env: dict):
    if isinstance(value, str):
        for key, real in env.items():
            value = value.replace("{" + key + "}", real)
    return value


def _workspace(tmp: Path, files: dict) -> dict:
    w = tmp / "w"
    w.mkdir()
    (w / "tiny.yaml").write_text(TINY, encoding="utf-8")
    (tmp / "outside.yaml").write_text(TINY, encoding="utf-8")
    os.mkfifo(w / "fifo.yaml")
    os.symlink("/dev/zero", w / "zero.yaml")
    os.symlink(tmp / "outside.yaml", w / "link.yaml")
    (tmp / "secret.md").write_text("SECRET\n", encoding="utf-8")
    os.symlink(tmp / "secret.md", w / "link.md")
    env = {"w": str(w), "tmp": str(tmp), "file": str(w / FILE), "rec": str(w / "rec.json"),
           "tiny": str(w / "tiny.yaml")}
    for name, content in files.items():
        path = w / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(_expand(content, env), encoding="utf-8")
    return env


def _write(path: str, content) -> None:
    if isinstance(content, bytes):
        Path(path).write_bytes(content)
    else:
        Path(path).write_text(content, encoding="utf-8")


def _record_text(given, good: dict, env: dict):
    if callable(given) and not isinstance(given, dict):
        given = given(copy.deepcopy(good))
    if isinstance(given, (str, bytes)):
        return given
    record = copy.deepcopy(good)
    for key, value in given.items():
        if value is DROP:
            record.pop(key, None)
        elif callable(value):
            record[key] = value(record.get(key))
        else:
            record[key] = _expand(value, env)
    return json.dumps(record)


def _guarded(seconds: float, fn):
    def on_alarm(signum, frame):
        raise RowTimeout()
    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return fn()
    except RowTimeout:
        pytest.fail(f"still running after {seconds} s: rulekit hangs on this input")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _run_cli(argv, stdin, seconds, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))

    def call():
        try:
            return main(list(argv))
        except SystemExit as exc:          # argparse usage errors
            return exc.code
    code = _guarded(seconds, call)
    out, err = capsys.readouterr()
    return code, out, err


def _run_process(argv, stdin: bytes, seconds):
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    proc = subprocess.run([sys.executable, "-m", "rulekit", *argv], input=stdin,
                          capture_output=True, env=env, timeout=seconds + 20)
    return (proc.returncode, proc.stdout.decode("utf-8", "replace"),
            proc.stderr.decode("utf-8", "replace"))


def _error_lines(err: str) -> list[str]:
    """stderr's lines without argparse's usage text (``usage:`` and its continuations)."""
    lines, in_usage = [], False
    for line in err.splitlines():
        if line.startswith("usage:"):
            in_usage = True
        elif in_usage and line.startswith(" "):
            pass
        elif line.strip():
            in_usage = False
            lines.append(line)
    return lines


def _fragments(row) -> tuple:
    return row.fragment if isinstance(row.fragment, tuple) else (row.fragment,)


def _check_call(row, tmp_path, capsys):
    api = Api(tmp_path)
    if row.kind == "card":
        call = (lambda: api.tiny.parse_card(row.given))
    else:
        call = (lambda: row.given(api))
    if isinstance(row.expect, str):                   # a card row that must parse
        assert call() == row.expect
        return
    try:
        _guarded(row.seconds, call)
    except row.expect as exc:
        message = str(exc)
    except Exception as exc:                          # noqa: BLE001 - the point of the row
        pytest.fail(f"raised {type(exc).__name__}: {str(exc)[:300]} (expected "
                    f"{getattr(row.expect, '__name__', row.expect)})")
    else:
        pytest.fail(f"raised nothing (expected {getattr(row.expect, '__name__', row.expect)})")
    out, err = capsys.readouterr()
    assert "Traceback" not in message + out + err
    message = message.replace(str(tmp_path), "<tmp>")
    for frag in _fragments(row):
        assert frag in message, f"{frag!r} not in the message: {message[:500]!r}"
    for text in row.absent:
        assert text not in message, f"{text[:40]!r} is in the message: {message[:300]!r}"


@pytest.mark.parametrize("row", ROWS, ids=[r.id for r in ROWS])
def test_bad_input(row, tmp_path, monkeypatch, capsys, good_record):
    if row.kind in ("card", "api"):
        _check_call(row, tmp_path, capsys)
        return
    env = _workspace(tmp_path, row.files)
    before = {name: (Path(env["w"]) / name).read_bytes() for name in row.unchanged}
    stdin = ""
    if row.kind == "yaml":
        _write(env["file"], row.given)
        argv = row.argv or ("validate", "{file}")
    elif row.kind == "record":
        _write(env["rec"], _record_text(row.given, good_record, env))
        argv = row.argv or ("replay", "{rec}")
    elif row.kind == "cli":
        argv = row.given
    elif row.kind in ("typed", "process"):
        argv = row.argv or TYPED
        stdin = row.given
    else:
        raise AssertionError(f"unknown kind {row.kind}")
    argv = [_expand(a, env) for a in argv]
    if row.kind == "process":
        code, out, err = _run_process(argv, stdin, row.seconds)
    else:
        stdin = stdin + "\n" if row.kind == "typed" else stdin
        code, out, err = _run_cli(argv, stdin, row.seconds, monkeypatch, capsys)
    # the work folder's name holds the row's id: keep it from matching a fragment
    out, err = out.replace(env["tmp"], "<tmp>"), err.replace(env["tmp"], "<tmp>")
    both = out + err
    shown = f"exit {code}\n--- stdout\n{out[-1500:]}\n--- stderr\n{err[-1500:]}"
    assert "Traceback" not in both, shown
    assert code == row.expect, f"expected exit {row.expect}; got {shown}"
    frags = _fragments(row)
    if row.kind in ("typed", "process"):
        for frag in frags:
            assert frag in both, f"{frag!r} not in the output; {shown}"
    else:
        assert any(all(f in line for f in frags) for line in both.splitlines()), \
            f"no line holds {frags!r}; {shown}"
    for text in row.absent:
        assert text not in both, f"{text[:40]!r} is in the output; {shown}"
    if code != 0 and argv[0] != "validate":
        lines = _error_lines(err)
        assert len(lines) <= 1, f"{len(lines)} lines on stderr, not one; {shown}"
    for name, content in before.items():
        assert (Path(env["w"]) / name).read_bytes() == content, f"{name} was overwritten"


def test_the_table_is_big_and_its_ids_are_unique():
    ids = [r.id for r in ROWS]
    assert len(ids) == len(set(ids)), [i for i in ids if ids.count(i) > 1]
    assert len(ROWS) >= 150
