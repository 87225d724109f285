"""Game records (INTERFACES.md section 2, ``"format": "rulekit-record/1"``): read, write,
replay.

A record is the whole game: ruleset, options, players, dealer, deck and/or seed, and
the action strings in order (the acting seat is implied by the state). Usage::

    record = read_record("game.json")          # raises RecordError
    game = replay(record)                      # raises ReplayError on an illegal action
"""
from __future__ import annotations

import json
from pathlib import Path

from ..errors import CardError, IllegalAction, RecordError, RulekitError
from ..limits import MAX_ACTIONS

FORMAT = "rulekit-record/1"


class ReplayError(RulekitError):
    """An action of a record is illegal when replayed: ``index`` (0-based), ``seat``
    (None when the game had already ended), ``action`` (text) and ``legal`` (the action
    strings that were legal)."""

    def __init__(self, index: int, seat, action: str, legal: list[str], reason: str = ""):
        self.index, self.seat, self.action, self.legal = index, seat, action, legal
        why = f" ({reason})" if reason else ""
        if seat is None:   # the game had already ended before this action
            super().__init__(f"action {index}: '{action}' comes after the end of the game "
                             f"(the record has more actions than the game takes){why}")
        else:
            super().__init__(f"action {index} by seat {seat}: '{action}' is not legal{why}; "
                             "legal: " + (", ".join(legal) if legal else "none"))


def make_record(game, ruleset: str, options: dict, seed, deck=None) -> dict:
    """The record of ``game`` as played so far (with ``result`` once it has ended)."""
    rec = {"format": FORMAT, "ruleset": ruleset, "options": dict(options),
           "players": game.n, "dealer": game.dealer}
    if deck is not None:
        rec["deck"] = list(deck)
    rec["seed"] = seed
    rec["actions"] = list(game.history)
    if game.finished:
        rec["result"] = game.result.as_dict()
    return rec


def write_record(path: str, record: dict) -> None:
    """Write ``record`` as JSON to ``path``; raises RecordError if it cannot be written."""
    try:
        Path(path).write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot write the record to {path}: {exc.strerror}") from None


def read_record(path: str) -> dict:
    """Read and check a record file; raises RecordError naming what is wrong."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise RecordError(f"{path}: is a folder, not a record") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"{path}: cannot read ({exc})") from None
    try:
        record = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path}:{exc.lineno}:{exc.colno}: not valid JSON: {exc.msg}") from None
    except RecursionError:
        raise RecordError(f"{path}: not a record: nested too deeply") from None
    check_record(record, path)
    record.setdefault("_folder", str(Path(path).resolve().parent))
    return record


def check_record(record, where: str = "record") -> None:
    """Raise RecordError unless ``record`` has the rulekit-record/1 shape."""
    if not isinstance(record, dict):
        kind = ("a list" if isinstance(record, list) else "null" if record is None else
                "text" if isinstance(record, str) else "true/false" if isinstance(record, bool)
                else "a number")
        raise RecordError(f"{where}: a record is a JSON object {{...}}, not {kind}")
    if record.get("format") != FORMAT:
        raise RecordError(f"{where}: 'format' must be \"{FORMAT}\", not {_json(record.get('format'))}")
    if not isinstance(record.get("ruleset"), str):
        raise RecordError(f"{where}: 'ruleset' must name a ruleset (text)")
    p = record.get("players")
    if isinstance(p, bool) or not isinstance(p, int):
        raise RecordError(f"{where}: 'players' must be a whole number, not {_json(p)}")
    actions = record.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError(f"{where}: 'actions' must be a list of action strings")
    if "options" in record and not isinstance(record["options"], dict):
        raise RecordError(f"{where}: 'options' must be an object of option values")
    for key in ("dealer", "seed", "max_actions"):
        v = record.get(key)
        if v is not None and (isinstance(v, bool) or not isinstance(v, int)):
            raise RecordError(f"{where}: '{key}' must be a whole number, not {_json(v)}")
    deck = record.get("deck")
    if deck is not None and (not isinstance(deck, list) or not all(isinstance(c, str) for c in deck)):
        raise RecordError(f"{where}: 'deck' must be a list of card texts, top first")
    res = record.get("result")
    if res is not None and (not isinstance(res, dict) or "status" not in res):
        raise RecordError(f"{where}: 'result' must be an object with a 'status'")


def _json(value) -> str:
    """A value as JSON text for messages (null, true, "text"), shortened."""
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def start_game(record: dict, max_actions: int = MAX_ACTIONS):
    """Load the record's ruleset and start its game (no actions applied yet).

    Raises RulesetError, RecordError (bad players/dealer/deck).
    """
    from .loader import load
    name = record["ruleset"]
    folder = record.get("_folder")
    if folder and (name.endswith((".yaml", ".yml")) or "/" in name) and not Path(name).is_absolute():
        candidate = Path(folder) / name
        if candidate.exists():
            name = str(candidate)
    rules = load(name, options=record.get("options") or {})
    try:
        return rules.new_game(players=record["players"], seed=record.get("seed", 0),
                              deck=record.get("deck"), dealer=record.get("dealer"),
                              max_actions=record.get("max_actions", max_actions))
    except CardError as exc:
        raise RecordError(f"record deck: {exc}") from None
    except ValueError as exc:
        raise RecordError(f"record: {exc}") from None


def replay(record: dict, upto: int | None = None, max_actions: int = MAX_ACTIONS, apply=None):
    """Replay ``record`` (its first ``upto`` actions, default all); return the game.

    ``apply(game, action)``, if given, is called instead of ``game.apply`` with each
    parsed Action (a transcript printer, say). Raises ReplayError for an illegal action
    (index, seat, action, legal ones).
    """
    game = start_game(record, max_actions)
    actions = record["actions"] if upto is None else record["actions"][:max(0, upto)]
    for i, text in enumerate(actions):
        legal = [str(a) for a in game.legal_actions()]
        seat = game.to_act
        try:
            if apply is None:
                game.apply(text)
            else:
                apply(game, game.parse_action(text))
        except CardError as exc:
            raise ReplayError(i, seat, text, legal, str(exc)) from None
        except IllegalAction:
            hint = ""
            if record.get("deck") is None and record.get("seed") is None:
                hint = "the record gives neither a deck nor a seed, so seed 0 shuffled the deck"
            raise ReplayError(i, seat, text, legal, hint) from None
    return game


def result_mismatch(record: dict, game) -> str | None:
    """None if the record's ``result`` (if any) equals the replayed one, else how it differs."""
    want = record.get("result")
    if want is None:
        return None
    got = game.result.as_dict()
    diffs = [f"{k}: record says {_json(want.get(k))}, replay gives {_json(got[k])}"
             for k in ("status", "loser", "out_order") if k in want and want.get(k) != got[k]]
    return "; ".join(diffs) or None
