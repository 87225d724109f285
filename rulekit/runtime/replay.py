"""Replaying game records, with the record's ruleset confined.

A record is data from someone else. Its ``ruleset`` field is resolved only to a bundled
name, or to a regular file under the record's own folder or under a folder the user
named (``--rulesets DIR``, ``rulesets=``): never an absolute path, never outside those
folders, never a device or a pipe (docs/security.md). Usage::

    game = replay(read_record("game.json"), rulesets=["my_variants"])
    replay(record, upto=40)                    # the state after 40 actions
"""
from __future__ import annotations

from pathlib import Path

from ..errors import (CardError, Diagnostic, IllegalAction, RecordError, RulekitError,
                      RulesetError, suggest)
from ..limits import MAX_ACTIONS
from ..source.files import bundled_rulesets
from .seats import split_seat
from .records import _json


class ReplayError(RulekitError):
    """An action of a record is illegal when replayed: ``index`` (0-based), ``seat``
    (None when the game had already ended), ``action`` (text) and ``legal`` (the action
    strings that were legal); ``changed``: the ruleset's fingerprint differs from the
    record's, which is then the likely cause."""

    def __init__(self, index: int, seat, action: str, legal: list[str], reason: str = "",
                 changed: bool = False):
        self.index, self.seat, self.action, self.legal = index, seat, action, legal
        self.changed = changed
        why = f" ({reason})" if reason else ""
        lead = "the ruleset changed since this record was made: " if changed else ""
        if seat is None:   # the game had already ended before this action
            super().__init__(f"{lead}action {index}: '{action}' comes after the end of the "
                             f"game (the record has more actions than the game takes){why}")
        else:
            super().__init__(f"{lead}action {index} by seat {seat}: '{action}' is not "
                             f"legal{why}; legal: " + (", ".join(legal) if legal else "none"))


def confined_ruleset(name: str, roots, folder: str | None = None) -> str:
    """The ruleset a record names: a bundled name as is, else the resolved path of a
    regular file that lies under one of ``roots`` (folders). A relative path is read
    from the record's own ``folder`` (when it was read from a file), else from each
    root. Raises RecordError otherwise."""
    if name in bundled_rulesets() and "/" not in name:
        return name
    where = " or ".join(str(r) for r in roots) or "(no folder: give one with --rulesets DIR)"
    rule = (f"a record may name a bundled ruleset ({', '.join(bundled_rulesets())}) or a "
            f"file under {where}")
    if "\x00" in name or Path(name).is_absolute() or name.startswith("~"):
        raise RecordError(f"the record's ruleset {_json(name)} is refused: {rule}, by a "
                          "relative path")
    bases = [Path(r).resolve() for r in roots]
    starts = [Path(folder)] if folder else [Path(r) for r in roots]
    for start in starts:
        candidate = (start / name).resolve()
        inside = any(candidate == b or b in candidate.parents for b in bases)
        if inside and candidate.is_file():
            return str(candidate)
        if inside and candidate.exists() and not candidate.is_dir():
            raise RecordError(f"the record's ruleset {_json(name)} is refused: not a regular "
                              "file (a device, a pipe or a socket is not a ruleset)")
    if "/" not in name and not name.endswith((".yaml", ".yml")):   # a misspelt bundled name
        raise RulesetError([Diagnostic(None, "error", f"unknown ruleset '{name}'"
                                       f"{suggest(name, bundled_rulesets())}; bundled: "
                                       + ", ".join(bundled_rulesets()), "missing-file")])
    raise RecordError(f"the record's ruleset {_json(name)} is refused or not found: {rule} "
                      "(a relative path is read from the record's folder; name another "
                      "folder it may come from with --rulesets DIR)")


def record_roots(record: dict, rulesets=()) -> list:
    """The folders a record's ruleset may come from: its own folder (when read from a
    file) and ``rulesets``."""
    roots = [record["_folder"]] if record.get("_folder") else []
    return roots + [str(r) for r in rulesets]


def start_game(record: dict, max_actions: int = MAX_ACTIONS, rulesets=()):
    """Load the record's (confined) ruleset and start its game, no actions applied yet.

    Raises RulesetError, RecordError (a refused ruleset path, bad players/dealer/deck).
    """
    from .loader import load
    roots = record_roots(record, rulesets)
    name = confined_ruleset(record["ruleset"], roots, record.get("_folder"))
    rules = load(name, options=record.get("options") or {}, roots=roots)
    version = 1 if record.get("format") == "rulekit-record/1" else 2
    try:
        game = rules.new_game(players=record["players"], seed=record.get("seed", 0),
                              deck=record.get("deck"), dealer=record.get("dealer"),
                              max_actions=record.get("max_actions", max_actions),
                              random_version=version)
    except CardError as exc:
        raise RecordError(f"record deck: {exc}") from None
    except ValueError as exc:
        raise RecordError(f"record: {exc}") from None
    seats = record.get("seats")
    if seats is not None and len(seats) != game.n:
        raise RecordError(f"record: 'seats' names {len(seats)} seats, but the game has "
                          f"{game.n}")
    return game


def fingerprint_changed(record: dict, game) -> bool:
    """Whether the record pins a ruleset fingerprint that the loaded one does not have."""
    pinned = record.get("fingerprint")
    return pinned is not None and pinned != game.rules.fingerprint


def replay(record: dict, upto: int | None = None, max_actions: int = MAX_ACTIONS, apply=None,
           rulesets=()):
    """Replay ``record`` (its first ``upto`` actions, default all); return the game.

    ``apply(game, action)``, if given, is called instead of ``game.apply`` with each
    parsed Action (a transcript printer, say); ``rulesets``: more folders the record's
    ruleset may come from. Raises ReplayError for an illegal action (index, seat,
    action, legal ones; ``changed`` when the ruleset's fingerprint differs).
    """
    game = start_game(record, max_actions, rulesets)
    changed = fingerprint_changed(record, game)
    actions = record["actions"] if upto is None else record["actions"][:max(0, upto)]
    for i, text in enumerate(actions):
        try:
            said = split_seat(text)[0] if isinstance(text, str) else None
        except ValueError:
            said = None
        seat = game.to_act if said is None else said
        try:
            if apply is None:
                game.apply(text)
            else:
                apply(game, game.parse_action(text))
        except CardError as exc:
            raise ReplayError(i, seat, text, _legal(game, seat), str(exc), changed) from None
        except IllegalAction as exc:
            hint = ""
            if record.get("deck") is None and record.get("seed") is None:
                hint = "the record gives neither a deck nor a seed, so seed 0 shuffled the deck"
            elif "is not legal" not in str(exc):    # a seat that may not act, a bad prefix
                hint = str(exc)
            raise ReplayError(i, seat, text, _legal(game, seat), hint, changed) from None
    return game


def _legal(game, seat) -> list:
    """The legal action strings of ``seat`` for a replay's error (asked only then: a
    choice in parts is never listed in full; see GameState.shown_actions)."""
    if seat is None or not 0 <= seat < game.n or game.finished:
        return []
    return [str(a) for a in game.shown_actions(seat)]


def result_mismatch(record: dict, game) -> str | None:
    """None if the record's ``result`` (if any) equals the replayed one, else how it differs."""
    want = record.get("result")
    if want is None:
        return None
    got = game.result.as_dict()
    diffs = [f"{k}: record says {_json(want.get(k))}, replay gives {_json(got[k])}"
             for k in ("status", "loser", "out_order") if k in want and want.get(k) != got[k]]
    said = record.get("outcome")                # places, scores and returns, when the
    if said is not None:                        # record carries them
        o = game.outcome or {}
        diffs += [f"{k}: record says {_json(said.get(k))}, replay gives {_json(o.get(k))}"
                  for k in ("ranking", "scores", "returns", "teams") if said.get(k) != o.get(k)]
    return "; ".join(diffs) or None
