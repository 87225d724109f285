"""Game records: their format, reading and checking them, writing them atomically.

A record is the whole game as JSON (INTERFACES.md section 2): ``format``
(``rulekit-record/2``; ``/1`` records are read and replayed as before), the ruleset (a
bundled name, or a path relative to the record's own folder), the options chosen,
players, dealer, deck and/or seed, ``max_actions`` when not the default, the action
strings in order (an action at a step where several seats may act starts with its
seat: ``"2: take"``), and the result once the game has ended. ``/2`` adds
``rulekit_version``, ``fingerprint`` (of the resolved ruleset, see
:func:`rulekit.runtime.loader.fingerprint`) and ``seats`` (who played each seat:
``human`` or an agent kind). Either may hold ``names`` (optional: the players' names,
one per seat, null where unnamed; each checked by
:func:`rulekit.limits.player_name_problem`; not part of the game: replay ignores them,
transcripts say them). Usage::

    record = read_record("game.json")          # raises RecordError
    game = replay(record)                      # rulekit.runtime.replay; ReplayError
"""
from __future__ import annotations

import json
from pathlib import Path

from ..errors import OutputError, RecordError, printable
from ..outcome import copy_outcome
from ..randomness import seed_problem
from ..limits import (MAX_ACTIONS, MAX_INT_DIGITS, MAX_NESTING, MAX_PLAYERS,
                      MAX_RECORD_ACTIONS, MAX_RECORD_BYTES, player_name_problem)
from ..outputs import write_atomic
from ..source.files import read_limited
from ..version import __version__

FORMAT = "rulekit-record/2"
FORMATS = ("rulekit-record/1", FORMAT)


def make_record(game, ruleset: str, options: dict, seed, deck=None, seats=None,
                names=None) -> dict:
    """The ``/2`` record of ``game`` as played so far (with ``result`` once it has
    ended). ``seats``: who played each seat (``["human", "random", ...]``), if known;
    ``names``: the players' names (one per seat, None where unnamed), kept when any
    seat has one."""
    rec = {"format": FORMAT, "rulekit_version": __version__, "ruleset": ruleset,
           "fingerprint": game.rules.fingerprint, "options": dict(options),
           "players": game.n, "dealer": game.first_dealer}
    if deck is not None:
        rec["deck"] = list(deck)
    rec["seed"] = seed
    if seats is not None:
        rec["seats"] = list(seats)
    if names and any(names):
        rec["names"] = list(names)
    if game.max_actions != MAX_ACTIONS:
        rec["max_actions"] = game.max_actions
    # the choices made at a simultaneous step still waiting for others are kept, but
    # while a person plays on, only theirs: the others' stay secret (bots choose again
    # on resume)
    people = [i for i, k in enumerate(seats or ()) if k == "human"]
    rec["actions"] = game.record_actions(people if people and not game.finished else None)
    if game.finished:
        rec["result"] = game.result.as_dict()
        o = copy_outcome(game.outcome)      # the places and returns, checked on replay
        if o is not None:
            rec["outcome"] = {k: o[k] for k in ("ranking", "scores", "returns", "teams")
                              if k in o}
    return rec


def write_record(path: str, record: dict) -> None:
    """Write ``record`` as JSON to ``path`` atomically (a temporary file in the same
    folder, then renamed over it: :func:`rulekit.outputs.write_atomic`): a reader never
    sees half a record. Whether ``path`` may be written is the caller's to check
    (:func:`rulekit.outputs.check_output`). Raises RecordError if it cannot be written."""
    try:
        write_atomic(path, json.dumps(record, indent=1) + "\n", what="the record")
    except OutputError as exc:
        raise RecordError(str(exc)) from None


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise ValueError(f"a number of {len(text.lstrip('-'))} digits: the limit is "
                         f"{MAX_INT_DIGITS}")
    return int(text)


def _no_constant(text: str):
    raise ValueError(f"{text} is not a number a record may hold")


def _no_duplicates(pairs):
    out = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"a duplicate key '{key}' (it appears twice)")
        out[key] = value
    return out


def _depth(value) -> int:
    """How deeply lists and objects nest in ``value`` (iteratively)."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        v, d = todo.pop()
        if isinstance(v, (list, dict)):
            deepest = max(deepest, d)
            todo.extend((x, d + 1) for x in (v.values() if isinstance(v, dict) else v))
    return deepest


KEYS = ("format", "rulekit_version", "ruleset", "fingerprint", "options", "players",
        "dealer", "deck", "seed", "seats", "names", "max_actions", "actions", "result", "outcome",
        "expect")


def read_record(path: str) -> dict:
    """Read and check a record file; raises RecordError naming what is wrong."""
    try:
        text = read_limited(Path(path), "record", MAX_RECORD_BYTES)
    except FileNotFoundError:
        raise RecordError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise RecordError(f"{path}: is a folder, not a record") from None
    except UnicodeDecodeError as exc:
        raise RecordError(f"{path}: not UTF-8 text ({exc.reason})") from None
    except ValueError as exc:          # a device, a pipe, a file over the size limit
        raise RecordError(str(exc)) from None
    except OSError as exc:
        raise RecordError(f"{path}: cannot read ({exc.strerror or exc})") from None
    try:
        record = json.loads(text, parse_int=_parse_int, parse_constant=_no_constant,
                            object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path}:{exc.lineno}:{exc.colno}: not valid JSON: {exc.msg}") from None
    except RecursionError:
        raise RecordError(f"{path}: not a record: nested too deeply") from None
    except ValueError as exc:
        raise RecordError(f"{path}: not a record: {exc}") from None
    if _depth(record) > MAX_NESTING:
        raise RecordError(f"{path}: not a record: nested more than {MAX_NESTING} levels deep "
                          "(the limit)")
    check_record(record, path)
    record["_folder"] = str(Path(path).resolve().parent)
    return record


def check_record(record, where: str = "record") -> None:
    """Raise RecordError unless ``record`` has the shape of a ``/1`` or ``/2`` record."""
    if not isinstance(record, dict):
        kind = ("a list" if isinstance(record, list) else "null" if record is None else
                "text" if isinstance(record, str) else "true/false" if isinstance(record, bool)
                else "a number")
        raise RecordError(f"{where}: a record is a JSON object {{...}}, not {kind}")
    unknown = [k for k in record if k not in KEYS]
    if unknown:
        raise RecordError(f"{where}: the unknown key '{printable(unknown[0], 40)}' is refused; "
                          "a record's keys: " + ", ".join(KEYS))
    if record.get("format") not in FORMATS:
        raise RecordError(f"{where}: 'format' must be \"{FORMAT}\" (or \"{FORMATS[0]}\"), "
                          f"not {_json(record.get('format'))}")
    if not isinstance(record.get("ruleset"), str) or not record["ruleset"].strip():
        raise RecordError(f"{where}: 'ruleset' must name a ruleset (text)")
    p = record.get("players")
    if isinstance(p, bool) or not isinstance(p, int):
        raise RecordError(f"{where}: 'players' must be a whole number, not {_json(p)}")
    if not 1 <= p <= MAX_PLAYERS:
        raise RecordError(f"{where}: 'players' must be from 1 to {MAX_PLAYERS}, not {p}")
    actions = record.get("actions")
    bad = _items(actions, _text) if "actions" in record else ""
    if bad is not None:
        raise RecordError(f"{where}: 'actions' must be a list of action strings"
                          + (f": {bad}" if bad else ""))
    if len(actions) > MAX_RECORD_ACTIONS:
        raise RecordError(f"{where}: {len(actions)} actions; a record may hold at most "
                          f"{MAX_RECORD_ACTIONS} (the limit)")
    if "options" in record and not isinstance(record["options"], dict):
        raise RecordError(f"{where}: 'options' must be an object of option values")
    for key in ("dealer", "seed", "max_actions"):
        v = record.get(key)
        if v is not None and (isinstance(v, bool) or not isinstance(v, int)):
            raise RecordError(f"{where}: '{key}' must be a whole number, not {_json(v)}")
    if record.get("seed") is not None and seed_problem(record["seed"]):
        raise RecordError(f"{where}: 'seed' {seed_problem(record['seed'])}")
    for key, what, problem in _PARTS:
        bad = problem(record[key]) if record.get(key) is not None else None
        if bad:
            raise RecordError(f"{where}: '{key}' must {what}: {bad}")
    _check_names(record, where)
    for key in ("fingerprint", "rulekit_version"):
        if key in record and not isinstance(record[key], str):
            raise RecordError(f"{where}: '{key}' must be text")


def _check_names(record: dict, where: str) -> None:
    """Raise RecordError unless the record's ``names`` (if any) is a list of one name or
    null per seat, each a name :func:`rulekit.limits.player_name_problem` accepts."""
    names = record.get("names")
    if names is None:
        return
    if not isinstance(names, list) or len(names) != record["players"]:
        raise RecordError(f"{where}: 'names' must be a list of one name (or null) per seat "
                          f"({record['players']}), not {_json(names)}")
    for i, name in enumerate(names):
        problem = name is not None and player_name_problem(name)
        if problem:
            raise RecordError(f"{where}: 'names' item {i} {printable(_json(name), 60, True)} "
                              f"is refused: {problem}")


def _items(value, ok) -> str | None:
    """None if ``value`` is a list whose items are all ``ok``; else which part is not,
    in words naming it (``it is "x"``, ``item 3 is null``)."""
    if not isinstance(value, list):
        return f"it is {_json(value)}"
    bad = next((i for i, x in enumerate(value) if not ok(x)), None)
    return None if bad is None else f"item {bad} is {_json(value[bad])}"


def _fields(value, fields: dict) -> str | None:
    """None if ``value`` is an object whose fields have their shapes (``fields``: name
    -> (required, problem(field's value) -> words or None)); else the first that has
    not, named (``its 'loser' is "x"``, ``it has no 'status'``)."""
    if not isinstance(value, dict):
        return f"it is {_json(value)}"
    for name, (required, problem) in fields.items():
        if name not in value:
            if required:
                return f"it has no '{name}'"
            continue
        bad = problem(value[name])
        if bad:
            return bad.replace("it ", f"its '{name}' ", 1) if bad.startswith("it ") else \
                f"its '{name}' {bad}"
    return None


def _number(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _one(ok):
    """A problem function: None if ``ok(value)``, else ``it is VALUE``."""
    return lambda v: None if ok(v) else f"it is {_json(v)}"


def _seat_lists(v):
    return _items(v, lambda g: _items(g, _whole) is None)


def _text(x) -> bool:
    return isinstance(x, str)


# the parts of a record with a shape of their own: key, what it must be, its problem
_PARTS = (
    ("deck", "be a list of card texts, top first", lambda v: _items(v, _text)),
    ("result", "be an object with a 'status' (text), a 'loser' (a seat or null) and an "
     "'out_order' (a list of seats)", lambda v: _fields(v, {
         "status": (True, _one(_text)),
         "out_order": (False, lambda o: _items(o, _whole)),
         "loser": (False, _one(lambda x: x is None or _whole(x)))})),
    ("outcome", "be an object with a 'ranking' (lists of seats), 'scores' (numbers or null), "
     "'returns' (numbers) and, in a game of teams, 'teams' (lists of seats)",
     lambda v: _fields(v, {
         "ranking": (True, _seat_lists),
         "scores": (False, lambda x: None if x is None else _items(x, _number)),
         "returns": (True, lambda x: _items(x, _number)),
         "teams": (False, lambda x: None if x is None else _seat_lists(x))})),
    ("seats", "list who played each seat (\"human\" or an agent kind)",
     lambda v: _items(v, _text)),
)


def _whole(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _json(value) -> str:
    """A value as JSON text for messages (null, true, "text"), shortened."""
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."
