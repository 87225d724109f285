"""Every limit rulekit enforces, in one place (docs/security.md lists them).

Play: ``MAX_ACTIONS`` is the default number of recorded actions after which a game ends
as ``aborted`` (``new_game(max_actions=...)``, ``--max-actions``); ``AUTO_STEP_LIMIT``
automatic steps in a row without a decision abort it; a ``repeat`` count above
``REPEAT_LIMIT`` aborts it; ``combinations``/``subsets`` of more than ``MAX_CHOICES``
plays abort it. A question about a choice in parts (its options, count, a random
choice) evaluates the ruleset's code at most ``PARTS_SEARCH_BUDGET`` times (a count at
most ``PARTS_COUNT_BUDGET`` times, as bots count at every decision): past it a count is
unknown (a random choice is then drawn part by part), an option is offered as possible,
and a random choice that finds none aborts the game. More than ``MAX_LOOP_ROUNDS`` rounds of ``repeat`` and ``for`` loops in one
action (or the deal) abort it.

Input (each refused with a message naming the limit): ruleset files of at most
``MAX_FILE_BYTES`` and record files of at most ``MAX_RECORD_BYTES``; YAML of at most ``MAX_YAML_NODES`` nodes after alias expansion
and ``MAX_NESTING`` levels deep; whole numbers of at most ``MAX_INT_DIGITS`` digits;
expressions of at most ``MAX_EXPRESSION_CHARS`` characters and ``MAX_EXPRESSION_DEPTH``
levels of operators and brackets;
records of at most ``MAX_RECORD_ACTIONS`` actions; at most ``MAX_PLAYERS`` seats; at most
``MAX_ROW_PILES`` piles in a row; an
``extends`` chain of at most ``MAX_EXTENDS`` files; a definition that expands into more
than ``MAX_DEFINITION_COST`` evaluations of definitions each time it is used; a pack
(ranks by suits by packs, plus the extra cards) of at most ``MAX_PACK_CARDS`` cards.
A rule book (its files together) has at most ``MAX_RULE_BOOK_BYTES``.
A name has at most ``MAX_NAME_CHARS`` characters (a key longer than YAML reads, too).
A player's name (``play --name``, a web seat, a record's ``names``) has at most
``MAX_PLAYER_NAME_CHARS`` characters and none that is a control character, a Unicode
direction mark or another invisible format character (:func:`player_name_problem`).

Simulation: at most ``MAX_SIMULATED_GAMES`` games at each player count, in at most
``MAX_JOBS`` worker processes.
"""
import unicodedata

MAX_ACTIONS = 10000
AUTO_STEP_LIMIT = 10000
REPEAT_LIMIT = 10000
MAX_LOOP_ROUNDS = 100_000
MAX_CHOICES = 2000
PARTS_SEARCH_BUDGET = 100_000
PARTS_COUNT_BUDGET = 5_000

MAX_FILE_BYTES = 1_000_000
MAX_RECORD_BYTES = 64_000_000
MAX_RULE_BOOK_BYTES = 1_000_000
MAX_YAML_NODES = 100_000
MAX_NESTING = 60
MAX_NAME_CHARS = 64
MAX_PLAYER_NAME_CHARS = 24
MAX_INT_DIGITS = 12
MAX_EXPRESSION_CHARS = 5000
MAX_EXPRESSION_DEPTH = 100
MAX_RECORD_ACTIONS = 1_000_000
MAX_PLAYERS = 64
MAX_ROW_PILES = 64     # the piles of one row (a zone's `row:`)
MAX_EXTENDS = 20
MAX_DEFINITION_COST = 100_000
MAX_PACK_CARDS = 2000

# a simulation (rulekit.simulate, rulekit simulate): games per player count, processes
MAX_SIMULATED_GAMES = 10 ** 7
MAX_JOBS = 1024


def player_name_problem(name) -> str | None:
    """Why ``name`` cannot be a player's name, in words (it is a stranger's text): not
    text, empty or only spaces, spaces around it, longer than ``MAX_PLAYER_NAME_CHARS``,
    or holding a control character, a line break, a Unicode direction mark or another
    invisible format character; None when it can."""
    if not isinstance(name, str):
        return "a name is text"
    if not name.strip():
        return "a name may not be empty"
    if name != name.strip():
        return "a name has no spaces at its start or end"
    if len(name) > MAX_PLAYER_NAME_CHARS:
        return (f"a name has at most {MAX_PLAYER_NAME_CHARS} characters (the limit), "
                f"not {len(name)}")
    for ch in name:
        cat = unicodedata.category(ch)
        if cat.startswith("C") or cat in ("Zl", "Zp"):
            kind = ("a direction mark" if ch in _DIRECTION_MARKS else
                    "a control character" if cat == "Cc" or cat in ("Zl", "Zp") else
                    "an invisible or unassigned character")
            return f"a name may not hold {kind} (U+{ord(ch):04X})"
    return None


_DIRECTION_MARKS = set("\u200e\u200f\u061c") | {chr(c) for c in range(0x202A, 0x202F)} \
    | {chr(c) for c in range(0x2066, 0x206A)}
