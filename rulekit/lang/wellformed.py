"""The well-formed part of a ruleset with shape errors, so that the later stages can
still check it.

:func:`well_formed` reports every shape error (:mod:`.schema`), then leaves out the
smallest piece around each one that the compiler reads as a whole: an effect, a
transition, an action, a step, a phase, one option, zone, variable, definition or
procedure, or an optional key whose value is wrong (a ``doc``, a ``legal``). What is
left out is recorded in the returned source's ``pruned`` (data path -> the value left
out), so that the compiler reports nothing that is only a consequence of it: no
"unknown name" for a definition left out, no "no such step" for a step left out. An
item of a list (an effect, a transition) is replaced by a placeholder that keeps the
other items' indexes, and so their positions; the compiler skips it.

A shape error in ``players`` or ``cards`` (the pack every card text is checked
against), or one that leaves no phase, stops there: nothing more can be checked.
"""
from __future__ import annotations

import copy
import re
from dataclasses import replace

from ..errors import DiagnosticSink
from ..source.yaml_source import Source
from .schema import effect_form_errors, report_shape_error, shape_errors
from .steps import STEP_ATTRIBUTES

# what a malformed item of a list is replaced with (schema-valid, never compiled)
EFFECT_PLACEHOLDER = {"announce": ""}
TRANSITION_PLACEHOLDER = {"goto": ""}

_SECTIONS = ("options", "zones", "vars", "definitions", "procedures")
_TOP_LEAVES = {"title", "summary", "rule_book", "start", "returns", "extends", "setup"}
_STAND_INS = {"rulekit": 1, "name": "ruleset"}
_ACTION_LEAVES = {"legal", "so_far", "private", "keep_order", "doc", "rule"}
_HARMLESS = {"doc", "rule"}                 # a misspelt one of these: just left out
_CHILD_LISTS = ("then", "else", "do")
_ROUNDS = 6


class _Fatal(Exception):
    """A shape error after which nothing can be compiled."""


def well_formed(src: Source, sink: DiagnosticSink) -> Source | None:
    """Report every shape error of ``src`` to ``sink``; return ``src`` itself when there
    is none, else a copy whose data is the well-formed part (``pruned`` says what was
    left out), or None when too little is left to compile (an error in ``players`` or
    ``cards``, no phase left). Raises nothing."""
    errors = shape_errors(src.data)
    if not errors:
        return src
    for err in errors:
        before = len(sink.items)
        report_shape_error(err, src, sink)
        if len(sink.items) == before:              # never leave a part out in silence
            sink.error(src.pos(tuple(err.absolute_path)), err.message, "schema")
    data = copy.deepcopy(src.data)
    pruned: dict = {}
    try:
        for _ in range(_ROUNDS):     # leaving a part out may leave its container empty
            for err in errors:
                for path in _culprits(err):
                    _leave_out(data, path, pruned)
            errors = shape_errors(data)
            if not errors:
                return replace(src, data=data, pruned={**src.pruned, **pruned})
    except _Fatal:
        pass
    return None


def _culprits(err) -> list:
    """The data paths of the parts to leave out for one schema error."""
    path = tuple(err.absolute_path)
    inst = err.instance
    if err.validator == "required" and not path:          # rulekit, name, players, phases
        missing = err.message.split("'")[1] if "'" in err.message else ""
        if missing not in _STAND_INS:
            raise _Fatal
        return [(missing,)]
    if err.validator == "additionalProperties" and isinstance(inst, dict):
        allowed = list(err.schema.get("properties", {}))
        missing = [a for a in allowed if a not in inst]
        out = []
        for key in (k for k in inst if k not in allowed):
            meant = _meant(key, missing)
            if not path:                # a section's names may be in a base as well
                out.append(_top_unknown(key, _meant(key, allowed)))
            elif meant and meant not in _HARMLESS:   # misspelt: what it meant is missing
                out.append(_unit(path + ("?",)))
            else:                                    # a key nothing reads
                out.append(path + (key,))
        return out
    if err.validator in ("pattern", "maxLength") and \
            err.schema.get("$comment") == "identifier" and isinstance(inst, str):
        return [_unit(path + (inst,))]       # a name that is not an identifier
    subs = effect_form_errors(err)
    if subs is None and err.validator in ("oneOf", "anyOf") and path[-1:] == ("next",) \
            and isinstance(inst, list) and inst:
        subs = [e for e in err.context if e.relative_schema_path and
                e.relative_schema_path[0] == 1]
    if subs:                                 # the part of an effect or transition meant
        return [p for sub in subs for p in _culprits(sub)]
    return [_unit(path)]


def _meant(key, candidates) -> str | None:
    import difflib
    close = difflib.get_close_matches(str(key), [str(c) for c in candidates], n=1,
                                      cutoff=0.6)
    return close[0] if close else None


def _top_unknown(key, meant) -> tuple:
    """An unknown key at the top level: left out; if it is a misspelt section, every
    name that section declares is unknown (a wildcard in ``pruned``)."""
    if meant in ("cards", "players", "phases"):
        raise _Fatal
    if meant in _SECTIONS:
        return ("?", key, meant)
    return (key,)


def _unit(p: tuple) -> tuple:
    """The smallest part around the data path ``p`` that can be left out on its own."""
    if not p or p[0] in ("players", "cards") or p == ("phases",):
        raise _Fatal
    top = p[0]
    if top in _STAND_INS or top in _TOP_LEAVES and (top != "setup" or len(p) < 2):
        return p[:1]
    if top == "setup":
        return _effect(p, 1)
    if top in _SECTIONS:
        if len(p) < 2:
            return ("?", top, top)
        if len(p) == 3 and p[2] in _HARMLESS:  # an optional text of the declaration
            return p
        return p[:2] if top != "procedures" or len(p) < 3 else _effect(p, 2)
    if top != "phases":
        return p[:1]
    if len(p) == 3 and p[2] in ("heuristic", "doc", "rule"):
        return p                             # an optional key of the phase
    if len(p) < 4 or p[2] not in ("actions", "steps"):
        return p[:2]                         # the phase
    item = p[:4]
    if len(p) == 4:
        return item
    key = p[4]
    if key == "do" and len(p) >= 6:
        return _effect(p, 5)
    if p[2] == "actions":
        return p if len(p) == 5 and key in _ACTION_LEAVES else item
    if len(p) == 5 and key in STEP_ATTRIBUTES and STEP_ATTRIBUTES[key].leaf:
        return p
    if key == "next" and len(p) >= 6 and isinstance(p[5], int):
        if len(p) >= 8 and p[6] == "do":
            return _effect(p, 7)
        return p if len(p) == 7 and p[6] == "if" else p[:6]
    return item


def _effect(p: tuple, k: int) -> tuple:
    """The innermost effect around ``p``, whose index in its list is ``p[k]``."""
    if len(p) <= k or not isinstance(p[k], int):
        return p[:k]
    if len(p) >= k + 3 and p[k + 1] in _CHILD_LISTS and isinstance(p[k + 2], int):
        return _effect(p, k + 2)
    return p[:k + 1]


def _leave_out(data, path: tuple, pruned: dict) -> None:
    """Leave the part at ``path`` out of ``data`` and record it in ``pruned``."""
    if path[:1] == ("?",):                   # a whole section: every name in it unknown
        _, key, section = path
        value = data.pop(key, None)
        if isinstance(value, dict) and key != section:     # a misspelt section
            pruned.update({(section, name): v for name, v in value.items()})
        else:
            pruned[(section,)] = value
        return
    if path[0] in _STAND_INS and len(path) == 1:
        data[path[0]] = _STAND_INS[path[0]]
        return
    node = data
    for step in path[:-1]:
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            return                           # already left out with its container
    last = path[-1]
    if isinstance(node, dict) and last in node:
        pruned[path] = node.pop(last)
    elif isinstance(node, list) and isinstance(last, int) and last < len(node):
        placeholder = TRANSITION_PLACEHOLDER if path[-2:-1] == ("next",) \
            else EFFECT_PLACEHOLDER
        if node[last] != placeholder:
            pruned[path] = node[last]
            node[last] = dict(placeholder)


_BINDS = re.compile(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*(?:=(?!=)|\bin\b)")


def bound_name(text) -> str | None:
    """The name a statement ``NAME = ...`` or ``NAME in ...`` binds (``let``, ``for``,
    ``choose``), read even when the rest does not parse; else None."""
    m = _BINDS.match(text) if isinstance(text, str) else None
    return m.group(1) if m else None


def lost_names(pruned: dict) -> set:
    """The local names the effects left out of ``pruned`` may have bound (a malformed
    ``let: w = ...``, or ``let: {w: 3}``), so that their uses raise no second error."""
    out = set()
    for path, value in pruned.items():
        if path and isinstance(path[-1], int) and isinstance(value, dict) and len(value) == 1:
            inner = next(iter(value.values()))
            if isinstance(inner, dict) and len(inner) == 1:
                inner = f"{next(iter(inner))} ="
            out.add(bound_name(inner))
    return out - {None}
